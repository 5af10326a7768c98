"""Honshu's moves on the board: a move's text read, its clicks, its words and the preview of a placement."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..fields import BoardError
from .maps import (
    COLOURS,
    Table,
    card_squares,
    cubes_of,
    engine_of,
    int_field,
    items,
    notation_of,
    orientation_words,
    paint,
    read,
    xy,
)


@dataclass(frozen=True)
class Move:
    """A move's text, read: its kind and parts."""

    kind: str
    card: int | None = None
    bid: str | None = None
    side: str | None = None
    x: int | None = None
    y: int | None = None
    rotation: int | None = None
    under: bool | None = None


def _orientation(rot: str, side: str, move: str) -> tuple[int, bool]:
    if rot not in ("r0", "r1", "r2", "r3") or side not in ("over", "under"):
        raise BoardError(f"honshu board: move '{move}': orientation is r0..r3 then over or under")
    return int(rot[1]), side == "under"


def parse_move(text: str) -> Move:
    """A Honshu move's notation, read (BoardError for a text that is not a Honshu move)."""
    w = text.split()
    if len(w) == 2 and w[0] == "start" and w[1] in ("A", "B"):
        return Move("start", side=w[1])
    if len(w) == 2 and w[0] in ("play", "take"):
        card, _, bid = w[1].partition("+")
        if card.isdigit() and (not bid or (w[0] == "play" and bid in COLOURS)):
            return Move(w[0], card=int(card), bid=bid or None)
    if len(w) == 5 and w[0] == "place" and w[1].isdigit():
        rot, under = _orientation(w[2], w[3], text)
        x, y = xy(w[4], f"move '{text}'")
        return Move("place", card=int(w[1]), x=x, y=y, rotation=rot, under=under)
    if len(w) == 2 and w[0] == "anchor":
        x, y = xy(w[1], f"move '{text}'")
        return Move("anchor", x=x, y=y)
    if len(w) == 3 and w[0] == "orient":
        rot, under = _orientation(w[1], w[2], text)
        return Move("orient", rotation=rot, under=under)
    raise BoardError(f"honshu board: '{text}' is not a Honshu move")


def _mover_card(table: Table) -> int:
    mover = int_field(table.fields, "move")
    took = items(table.fields.get("took", ""))
    if len(took) != table.players or took[mover] == "-":
        raise BoardError(f"honshu board: player {mover} has no card to place (field 'took')")
    return int(took[mover])


def move_targets(view: Any, move: int, text: str) -> list[str]:
    """The clicks of a Honshu move (see the module docstring)."""
    m = parse_move(text)
    table = read(notation_of(view))
    if m.kind == "start":
        return [f"start:{m.side}"]
    if m.kind == "play":
        mover = int_field(table.fields, "move")
        if sum(cubes_of(table.fields, mover)) == 0:
            return [f"card:{m.card}"]
        return [f"card:{m.card}", f"cube:{m.bid or 'none'}"]
    if m.kind == "take":
        return [f"trick:{m.card}"]
    if m.kind == "place":
        return [f"card:{m.card}", f"cell:{m.x},{m.y}"]
    if m.kind == "anchor":
        return [f"card:{_mover_card(table)}", f"cell:{m.x},{m.y}"]
    return [f"orient:r{m.rotation}:{'under' if m.under else 'over'}"]


def move_label(view: Any, move: int, text: str) -> str:
    """The words of a Honshu move on a button or in the list of moves."""
    m = parse_move(text)
    table = read(notation_of(view))
    if m.kind == "start":
        mover = int_field(table.fields, "move")
        return f"start card {table.maps[mover][0]}, side {m.side}"
    if m.kind == "play":
        assert m.card is not None
        if m.bid:
            return f"play {m.card} with a {m.bid} cube (value {m.card + 60})"
        return f"play {m.card} (value {m.card})"
    if m.kind == "take":
        return f"take {m.card}"
    if m.kind == "place":
        assert m.rotation is not None and m.under is not None
        return f"{orientation_words(m.rotation, m.under)} at {m.x},{m.y}"
    if m.kind == "anchor":
        return f"card {_mover_card(table)} with its top-left square at {m.x},{m.y}"
    assert m.rotation is not None and m.under is not None
    return orientation_words(m.rotation, m.under)


def move_preview(view: Any, move: int, text: str) -> dict[str, Any] | None:
    """What a placement would do, drawn on the map before it is confirmed: the squares the card covers (``shown``:
    visible after the placement; slid under, a square on the map stays on top), the cubes it gives and the mover's
    score before and after. None for the other moves."""
    m = parse_move(text)
    if m.kind not in ("place", "orient"):
        return None
    notation = notation_of(view)
    table = read(notation)
    f = table.fields
    mover = int_field(f, "move")
    card = _mover_card(table)
    if m.kind == "orient":
        if "anchor" not in f:
            raise BoardError("honshu board: an orientation needs the field 'anchor'")
        x, y = xy(f["anchor"], "field 'anchor'")
    else:
        assert m.x is not None and m.y is not None
        x, y = m.x, m.y
    assert m.rotation is not None and m.under is not None
    before = paint(*table.maps[mover])
    cells = []
    gained = dict.fromkeys(COLOURS, 0)
    for dx, dy, name in card_squares(card, m.rotation):
        at = (x + dx, y + dy)
        shown = not m.under or at not in before
        cells.append({"x": at[0], "y": at[1], "square": name, "shown": shown})
        if shown and name.startswith("production:"):
            gained[name.split(":")[1]] += 1
    engine = engine_of(view)
    after = engine.clone()
    after.apply(move)  # the engine's own placement: its cubes (the covered-cubes rule too) and its score
    old, new = int(engine.score(mover)["total"]), int(after.score(mover)["total"])
    new_cubes = [int(c) for c in after.cubes(mover)]
    covered = sum(1 for c in cells if (c["x"], c["y"]) in before)
    shown_count = sum(1 for c in cells if c["shown"])
    words = [f"card {card} {orientation_words(m.rotation, m.under)} at {x},{y}"]
    if m.under:
        words.append(f"{shown_count} square{'s' if shown_count != 1 else ''} visible")
    else:
        words.append(f"covers {covered} square{'s' if covered != 1 else ''}")
    words += [f"+{k} {c} cube{'s' if k > 1 else ''}" for c, k in gained.items() if k]
    words.append(f"score {old} → {new}")
    return {
        "seat": mover,
        "card": card,
        "anchor": [x, y],
        "rotation": m.rotation,
        "under": m.under,
        "cells": cells,
        "cubes_gained": gained,
        "cubes_after": dict(zip(COLOURS, new_cubes, strict=True)),
        "score_before": old,
        "score_after": new,
        "text": ", ".join(words),
    }
