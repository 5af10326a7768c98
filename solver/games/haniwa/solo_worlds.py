"""Enumerations of a solo position's futures: every distinct start of a later turn reachable from it, and one
world per possible next hand (for exact expectations over a draw)."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from solver import _core


def turn_starts(y: Any, placed: int) -> dict[str, list[int]]:
    """Every distinct position at the start of the turn after `placed` placements reachable from `y` (keyed by its
    notation), with one move line reaching it."""
    out: dict[str, list[int]] = {}

    def walk(c: Any, line: list[int]) -> None:
        if c.placed() == placed and c.phase() == "place":
            out.setdefault(str(c), line)
            return
        for m in c.legal_moves():
            n = c.clone()
            n.apply(m)
            walk(n, [*line, m])

    walk(y, [])
    return out


def next_hand_worlds(y: Any, by_kind: bool = False) -> list[tuple[Any, int]]:
    """`y` with its stock arranged so that each 4-subset of it, in turn, is the next hand drawn (every subset equally
    likely), each with the number of subsets it stands for: one world per subset, or with `by_kind` one per
    distinct multiset of tile kinds (enough when nothing after that hand is drawn)."""
    stock = list(y.hidden_world(0))  # the solo world: the stock in draw order
    info = y.information_state(0)
    weight: Counter[tuple[int, ...]] = Counter()
    first: dict[tuple[int, ...], tuple[int, ...]] = {}
    for combo in itertools.combinations(range(len(stock)), 4):
        key: tuple[int, ...] = tuple(sorted(stock[j] for j in combo)) if by_kind else combo
        weight[key] += 1
        first.setdefault(key, combo)
    out = []
    for key, chosen in first.items():
        order = [stock[j] for j in chosen] + [stock[j] for j in range(len(stock)) if j not in chosen]
        out.append((_core.haniwa.State.from_world(info, order), weight[key]))
    return out
