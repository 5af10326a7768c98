"""Every value the exact solver reports is one Connect Four can produce.

A proven win or loss of the player to move ends with the winner's own move: a win an odd number of plies ahead,
a loss an even number; the winner has at least four stones by then, and no game lasts longer than the empty
cells. A solver that reported "loss in 3 plies" (a loss at the mover's own move) breaks the rule; so does a win
shorter than the four stones it needs. The positions range from the first moves (121212: X wins at once) to
the end game, with and without the brute-force reference.
"""

from __future__ import annotations

from typing import Any

import pytest
from search_helpers import C4, MATE, limits, random_positions

import solver
from solver import _core

WIN, LOSS, DRAW = _core.Proof.WIN, _core.Proof.LOSS, _core.Proof.DRAW


def possible(state: Any, value: int) -> bool:
    """True when `value` (for the player to move in `state`, distances from it) can be the end of a game."""
    if -_core.EVAL_BOUND <= value <= _core.EVAL_BOUND:
        return value == 0  # a draw
    plies = MATE - abs(value)
    played = state.moves_played()
    if plies < 1 or plies > 42 - played:
        return False
    if (plies % 2 == 1) != (value > 0):  # the mover's own moves are the odd plies
        return False
    mover_stones = played // 2  # X moves first: the player to move has played half the moves, rounded down
    winner_now = mover_stones if value > 0 else played - mover_stones
    winner_moves = (plies + 1) // 2 if value > 0 else plies // 2
    return winner_now + winner_moves >= 4


def test_the_rule_itself() -> None:
    start = C4()
    assert possible(start, 0)
    assert possible(start, MATE - 7) and not possible(start, MATE - 5)  # X needs 4 stones: 7 plies at least
    assert possible(start, -(MATE - 8)) and not possible(start, -(MATE - 6))
    assert not possible(start, -(MATE - 3)) and not possible(start, MATE - 8)  # a loss at the mover's move
    assert not possible(start, MATE - 43)


def test_121212_is_a_win_in_one_ply() -> None:
    state = C4.parse("121212")
    r = state.solve(limits())
    assert r.proof == WIN and r.value == MATE - 1 and r.plies_to_end == 1
    assert state.move_to_string(r.best_move) == "1"
    exact = [m for m in r.moves if m.bound == 0]
    assert [state.move_to_string(m.move) for m in exact] == ["1"]
    for m in r.moves:
        assert m.value < MATE - 1 or m.bound == 0
    report = solver.solve("c4", "121212")
    assert str(report.score) == "win in 1 ply"


POSITIONS = ["121212", "4444", "4453", "3344", *(p.to_string() for p in random_positions(24, range(20, 36), seed=3))]


UNSOLVED = {"4444", "4453", "3344"}  # too early for the budget: their moves carry no value


@pytest.mark.parametrize("notation", POSITIONS)
def test_every_reported_value_can_happen(notation: str) -> None:
    state = C4.parse(notation)
    r = state.solve(limits(nodes=400_000))
    assert r.proof != _core.Proof.NONE or notation in UNSOLVED
    if r.proof != _core.Proof.NONE:
        assert possible(state, int(r.value)), f"root value {r.value}"
        assert r.plies_to_end == (-1 if r.value == 0 else MATE - abs(int(r.value)))
    for m in r.moves:
        if m.proof in (WIN, LOSS, DRAW) and m.bound == 0:  # an exact value of a move: the game's end after it
            assert possible(state, int(m.value)), f"move {state.move_to_string(m.move)} value {m.value}"
        if m.proof == LOSS:  # a proven loss, its distance an upper bound or exact
            assert m.value < -_core.EVAL_BOUND
