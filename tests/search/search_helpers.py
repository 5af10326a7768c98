"""Shared helpers of the search tests (imported as a module: tests/search is on sys.path under pytest)."""

from __future__ import annotations

import random
from typing import Any

from solver import _core

C4 = _core.connect4.State
MATE = _core.MATE_SCORE  # a win p plies ahead scores MATE - p


def limits(*, depth: int = 0, nodes: int = 0, time_s: float = 0.0, threads: int = 1, seed: int = 0) -> Any:
    """A SearchLimits with the given budgets."""
    lim = _core.SearchLimits()
    lim.depth, lim.nodes, lim.time_s, lim.threads, lim.seed = depth, nodes, time_s, threads, seed
    return lim


def random_positions(count: int, plies: range, seed: int) -> list[Any]:
    """`count` distinct non-terminal Connect Four positions reached by uniformly random play (fixed seed)."""
    rng = random.Random(seed)
    found: dict[str, Any] = {}
    while len(found) < count:
        state = C4()
        target = rng.choice(plies)
        while state.moves_played() < target and not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
        if not state.is_terminal():
            found.setdefault(state.to_string(), state)
    return list(found.values())


def play_line(state: Any, moves: list[int]) -> Any:
    """A copy of `state` after the moves (each checked for legality)."""
    s = state.clone()
    for m in moves:
        s.apply(m)
    return s
