"""The exact solver (csrc/search/solve.hpp) and the Connect Four tactical hooks it uses.

Every value is checked against the brute-force minimax to the end of the game (State.minimax), every move's
bound against the brute-force value of that move, and every PV by replaying it.
"""

from __future__ import annotations

from typing import Any

import pytest
from search_helpers import C4, MATE, limits, random_positions

from solver import _core

WIN, LOSS, DRAW, NONE = _core.Proof.WIN, _core.Proof.LOSS, _core.Proof.DRAW, _core.Proof.NONE

# Positions with 8-11 empty cells: small enough for the brute force to the end.
SMALL = random_positions(40, range(31, 35), seed=15)


def brute(state: Any) -> int:
    return int(state.minimax(42 - state.moves_played()))


def child(state: Any, move: int) -> Any:
    c = state.clone()
    c.apply(move)
    return c


def move_value(state: Any, move: int) -> int:
    """Brute-force value of `move` for the player to move in `state` (distances from `state`)."""
    c = child(state, move)
    if c.is_terminal():
        r = c.returns(state.to_move())
        return MATE - 1 if r > 0 else -(MATE - 1) if r < 0 else 0
    v = -brute(c)  # the child's value for its mover, one ply further from `state`
    return v - 1 if v > _core.EVAL_BOUND else v + 1 if v < -_core.EVAL_BOUND else 0


@pytest.mark.parametrize("state", SMALL, ids=lambda s: s.to_string())
def test_value_moves_and_pv_equal_brute_force(state: Any) -> None:
    r = state.solve(limits())
    exact = brute(state)
    assert r.value == exact
    assert r.value_low == r.value_high == exact
    assert r.proof == (WIN if exact > 0 else LOSS if exact < 0 else DRAW)
    assert r.plies_to_end == (-1 if exact == 0 else MATE - abs(exact))
    assert sorted(m.move for m in r.moves) == sorted(state.legal_moves())
    for m in r.moves:
        truth = move_value(state, m.move)
        if m.bound == 0:
            assert m.value == exact == truth  # a best move
        else:
            assert m.bound == -1 and truth <= m.value < exact  # an upper bound below the value
    assert r.moves[0].move == r.best_move and move_value(state, r.best_move) == exact
    # The PV is played out to the proven end.
    s = state.clone()
    for mv in r.pv:
        s.apply(mv)
    assert s.is_terminal()
    if exact != 0:
        assert len(r.pv) == r.plies_to_end
        assert s.returns(state.to_move()) == (1 if exact > 0 else -1)
    else:
        assert s.returns(0) == 0


MIDGAMES = (  # exact values, also in bench/test_connect4.py
    ("572753752667561251657371", 0),
    ("5624531471331144743734623", MATE - 13),
    ("5151673177241635356313", -(MATE - 18)),
    ("23457161266224172132", MATE - 19),
    ("27214264654471714433", -(MATE - 20)),
    ("6361241355657237734", 0),
)


@pytest.mark.parametrize(("notation", "value"), MIDGAMES)
def test_midgames(notation: str, value: int) -> None:
    state = C4.parse(notation)
    r = state.solve(limits(), hash_mb=16)
    assert r.value == value
    fast = state.solve(limits(), hash_mb=16, value_only=True)
    assert fast.value == value and fast.nodes < r.nodes
    assert move_value_proven(state, fast.best_move, value)


def move_value_proven(state: Any, move: int, value: int) -> bool:
    """The solver itself, on the child: the move reaches `value`."""
    c = child(state, move)
    if c.is_terminal():
        return value == MATE - 1
    v = -c.solve(limits(), hash_mb=16).value
    return (v - 1 if v > 0 else v + 1 if v < 0 else 0) == value


def test_winning_move_and_non_losing_moves_follow_their_definitions() -> None:
    for state in random_positions(300, range(4, 38), seed=3):
        wins = [m for m in state.legal_moves() if child(state, m).winner() == state.to_move()]
        w = state.winning_move()
        assert (w in wins) if wins else w == _core.NO_MOVE
        if wins:
            with pytest.raises(ValueError, match="wins at once"):
                state.non_losing_moves()
            continue
        safe = [
            m
            for m in state.legal_moves()
            if child(state, m).is_terminal() or child(state, m).winning_move() == _core.NO_MOVE
        ]
        assert sorted(state.non_losing_moves()) == sorted(safe)


def test_budget_gives_bounds_that_hold() -> None:
    state = C4()  # the first player wins with the last stone of the board's 41st ply
    r = state.solve(limits(nodes=20_000), hash_mb=16)
    assert r.proof == NONE
    assert r.value_low <= MATE - 41 <= r.value_high
    assert r.value_low < r.value_high
    assert r.best_move in state.legal_moves()
    assert r.nodes == 20_000


def test_reproducible_node_count() -> None:
    state = C4.parse("4453")
    a = state.solve(limits(nodes=50_000), hash_mb=16)
    b = state.solve(limits(nodes=50_000), hash_mb=16)
    assert (a.best_move, a.value_low, a.value_high, a.nodes) == (b.best_move, b.value_low, b.value_high, b.nodes)


def test_bad_input_raises() -> None:
    with pytest.raises(ValueError, match="one thread"):
        C4.parse("44").solve(limits(threads=2))
    with pytest.raises(ValueError, match="terminal"):
        C4.parse("1212121").solve(limits())
    with pytest.raises(ValueError, match="time_s"):
        C4().solve(limits(time_s=-1))
    with pytest.raises(ValueError, match="hash_mb"):
        C4().solve(limits(), hash_mb=0)


def test_stop_request_returns_bounds() -> None:
    control = _core.SearchControl()
    control.request_stop()
    r = C4().solve(limits(), control)
    assert r.stopped and r.proof == NONE and r.best_move in C4().legal_moves()
