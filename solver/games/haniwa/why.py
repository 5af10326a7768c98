"""Why a well-formed Haniwa move typed at the board is not legal: the reason, worked out from the legal moves
(the compiled reader only says "is not legal in this position")."""

from __future__ import annotations

import re
from typing import Any

PLACE = re.compile(r"^([A-Z][0-9])([a-d][1-6])(.*)$")


def _listed(items: list[str], limit: int = 12) -> str:
    items = sorted(dict.fromkeys(items))
    return ", ".join(items[:limit]) + (", ..." if len(items) > limit else "")


def illegal_reason(state: Any, text: str) -> str:
    """The reason the move `text` (well-formed notation) is not legal in `state` (a full Haniwa state)."""
    legal = [str(state.move_to_string(m)) for m in state.legal_moves()]
    takes = [m for m in legal if m.startswith("+")]
    discards = [m for m in legal if m.startswith("-")]
    places = [m for m in legal if PLACE.match(m)]
    doing = []
    if places:
        doing.append("place a tile")
    if discards:
        doing.append(f"discard ({_listed(discards)})")
    if takes:
        doing.append(f"take a Kofun tile ({_listed(takes)})")
    now = "now you may " + " or ".join(doing) if doing else "no move is possible"
    if text.startswith("+"):
        return (
            f"no Kofun tile {text[1:]} can be taken now; {now}"
            if takes
            else f"taking a Kofun tile is not possible now; {now}"
        )
    if text.startswith("-"):
        if not discards:
            return f"discarding is not possible now; {now}"
        return f"{text[1:]} is not a tile you may discard; {now}"
    typed = PLACE.match(text)
    if typed is None:
        return now
    tile, cell, suffix = typed.groups()
    if not places:
        return f"placing a tile is not possible now; {now}"
    same_tile = [m for m in places if m.startswith(tile)]
    if not same_tile:
        tiles = _listed([PLACE.match(m).group(1) for m in places])  # type: ignore[union-attr]
        return f"{tile} is not in your hand (tiles you may place: {tiles})"
    here = [m for m in same_tile if m[2:4] == cell]
    if not here:
        cells = _listed([m[2:4] for m in same_tile], limit=24)
        return f"{tile} cannot go on {cell} (cells open to it: {cells})"
    ways = _listed(here)
    if suffix == "*":
        return f"{tile} cannot be placed face down on {cell} (possible: {ways})"
    if suffix.startswith("+"):
        return f"no Kofun play {suffix} with {tile} on {cell} (possible: {ways})"
    return f"{tile} on {cell} must be played as one of {ways}"
