"""The Connect Four test-set score convention and the deterministic benchmark signature."""

from __future__ import annotations

import pytest
from search_helpers import C4, limits, play_line

from solver import _core
from solver.games.connect4.score import connect4_score
from solver.search.bench import SUITE, run_signature


def _solve(notation: str):
    state = C4.parse(notation)
    return state, state.alphabeta(limits(depth=42 - state.moves_played()), hash_mb=4)


@pytest.mark.parametrize(
    ("notation", "score"),
    [
        ("121212", 18),  # the first player wins now with its 4th stone
        ("2121316", 18),  # the second player wins now with its 4th stone
        ("4455", 18),  # win in three plies: the 4th stone of the side to move
        ("44553", -18),  # lost in two plies: the opponent's 4th stone
    ],
)
def test_known_scores(notation: str, score: int) -> None:
    state, r = _solve(notation)
    assert connect4_score(state, r) == score


@pytest.mark.parametrize(
    "notation",
    ["56277177275263124216642644761", "21666217533477667552523723536", "37317761715367643733441615"],
)
def test_score_matches_the_stones_on_the_final_board(notation: str) -> None:
    state, r = _solve(notation)
    end = play_line(state, r.pv)
    if end.winner() < 0:
        assert connect4_score(state, r) == 0
        return
    stones = sum(end.cell(c, row) == end.winner() for c in range(7) for row in range(6))
    sign = 1 if end.winner() == state.to_move() else -1
    assert connect4_score(state, r) == sign * (22 - stones)


def test_unproven_result_is_rejected() -> None:
    state = C4()
    r = state.alphabeta(limits(depth=2), hash_mb=1)
    assert r.proof == _core.Proof.NONE
    with pytest.raises(ValueError, match="not a proven"):
        connect4_score(state, r)


def test_signature_is_deterministic_and_sums_rows() -> None:
    total, rows = run_signature()
    assert [r.label for r in rows] == [case.label for case in SUITE]
    assert total == sum(r.count for r in rows)
    again_total, again_rows = run_signature()
    assert again_total == total
    assert [(r.label, r.nodes, r.count) for r in again_rows] == [(r.label, r.nodes, r.count) for r in rows]
    for case, row in zip(SUITE, rows, strict=True):
        if case.nodes:  # budgeted (a proof may end it early): the count is the chosen move's share
            assert 0 < row.count <= row.nodes <= case.nodes
        else:  # depth-limited: the count is the node count
            assert row.count == row.nodes > 0
