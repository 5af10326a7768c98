"""Random mid-game Haniwa worlds of every mode, for the information-state and determinisation tests."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from solver._core import haniwa
from solver.games.haniwa import GAME

MODES: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 2, "comparison": "colour_first", "start_dice": "rolled"},
    {"players": 4},
    {"players": 1},
    {"players": 1, "solo_fill": "row"},
    {"players": 2, "rounds": 2},
    {"players": 4, "rounds": 2},
]


def random_states(per_mode: int, seed: int) -> Iterator[haniwa.State]:
    """`per_mode` worlds of each mode, dealt at random and played at random for 0 to a game's length of plies."""
    rng = random.Random(seed)
    for options in MODES:
        longest = 70 if options.get("rounds") == 2 else 36
        for _ in range(per_mode):
            s = GAME.new(options, seed=rng.randrange(2**32))
            for _ in range(rng.randrange(longest)):
                if s.is_terminal():
                    break
                s.apply(rng.choice(s.legal_moves()))
            yield s


def fields(text: str) -> dict[str, str]:
    """key -> value of a position or information-state notation."""
    return dict(item.split("=", 1) for item in text.split())


def tiles_of(state: haniwa.State) -> Counter[str]:
    """Every Haniwa tile of a full world (zones, hands, stock, discards), by name."""
    f = fields(str(state))
    out: Counter[str] = Counter()
    for z in ("zone0", "zone1"):
        out.update(c[:2] for c in f.get(z, ".").split(",") if c != ".")
    for p in range(4):
        h = f.get(f"hand{p}", "-")
        out.update(t for t in h.split(",") if h != "-")
    if f["stock"] != "-":
        out.update(f["stock"].split(","))
    if f["discards"] != "-":
        out.update(d[1:] for d in f["discards"].split(","))
    return out


def tile_set(state: haniwa.State) -> Counter[str]:
    """The tile set of the rules, by name (from the `tiles` field)."""
    return Counter({t[:2]: int(t[3:]) for t in fields(str(state))["tiles"].split(",")})
