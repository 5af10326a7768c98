"""Alpha-beta with its transposition table = without it (hash_mb=0) = brute-force minimax, on values, over random
positions of every perfect-information game at several depths. A table that stored a fail-low as exact (or any
wrong bound flag) changes a value somewhere here, whatever the node counts."""

from __future__ import annotations

import random
from typing import Any

import pytest
from search_helpers import limits

import solver
from solver import _core

GAMES = {"connect4": _core.connect4.State, "sensei": _core.sensei.State}
DEPTHS = {"connect4": (1, 2, 3, 4, 5, 6), "sensei": (1, 2, 3, 4)}


def positions(game: str, count: int, seed: int) -> list[Any]:
    """`count` non-terminal positions reached by random play (fixed seed), from the start to the middle game."""
    rng = random.Random(seed)
    start = solver.new(game)
    out: list[Any] = []
    while len(out) < count:
        s = start.clone()
        for _ in range(rng.randrange(0, 30)):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_moves()))
        if not s.is_terminal():
            out.append(s)
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_table_no_table_and_brute_force_agree(game: str) -> None:
    for depth in DEPTHS[game]:
        for state in positions(game, 12 if game == "connect4" else 6, seed=depth):
            with_table = state.alphabeta(limits(depth=depth), hash_mb=1)
            without = state.alphabeta(limits(depth=depth), hash_mb=0)
            exact = state.minimax(depth)
            assert with_table.value == without.value == exact, (game, depth, state.to_string())
            assert with_table.best_move in state.legal_moves() and without.best_move in state.legal_moves()


def test_a_small_table_shared_by_many_positions_still_agrees() -> None:
    """One megabyte for a search that visits far more positions: replaced entries must never give a wrong value."""
    for state in positions("connect4", 6, seed=11):
        assert state.alphabeta(limits(depth=8), hash_mb=1).value == state.alphabeta(limits(depth=8), hash_mb=0).value


def test_no_table_is_zero_and_a_negative_size_is_refused() -> None:
    with pytest.raises(ValueError, match="hash_mb"):
        _core.connect4.State().alphabeta(limits(depth=2), hash_mb=-1)
