"""Alpha-beta on Connect Four: brute-force reference, proofs, PV, budgets, threads, stop flag."""

from __future__ import annotations

import threading
import time

import pytest
from search_helpers import C4, MATE, limits, play_line, random_positions

from solver import _core

WIN = _core.Proof.WIN
LOSS = _core.Proof.LOSS
DRAW = _core.Proof.DRAW
NONE = _core.Proof.NONE


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_value_equals_brute_force_minimax(depth: int) -> None:
    for state in random_positions(40, range(0, 30), seed=depth):
        r = state.alphabeta(limits(depth=depth), hash_mb=1)
        assert r.value == state.minimax(depth), state.to_string()


def test_same_value_as_minimax_for_every_depth_on_one_position() -> None:
    state = C4.parse("4453")
    for depth in range(1, 7):
        assert state.alphabeta(limits(depth=depth), hash_mb=1).value == state.minimax(depth)


def test_immediate_win_scores_mate_in_one() -> None:
    state = C4.parse("121212")  # the first player has three stones in column 1 and moves
    r = state.alphabeta(limits(depth=6), hash_mb=1)
    assert r.best_move == 0
    assert r.value == MATE - 1
    assert (r.proof, r.plies_to_end) == (WIN, 1)
    assert r.pv == [0]


def test_forced_win_in_three() -> None:
    # First-player stones in columns 4 and 5 of the open bottom row: columns 3 or 6 make two threats.
    state = C4.parse("4455")
    assert state.minimax(3) == MATE - 3
    r = state.alphabeta(limits(depth=9), hash_mb=1)
    assert r.value == MATE - 3
    assert (r.proof, r.plies_to_end) == (WIN, 3)
    assert r.best_move in (2, 5)
    end = play_line(state, r.pv)
    assert len(r.pv) == 3 and end.is_terminal() and end.winner() == state.to_move()


def test_forced_loss_in_two() -> None:
    state = C4.parse("44553")  # the second player cannot stop both threats in the bottom row
    r = state.alphabeta(limits(depth=8), hash_mb=1)
    assert state.minimax(2) == -(MATE - 2)
    assert r.value == -(MATE - 2)
    assert (r.proof, r.plies_to_end) == (LOSS, 2)
    end = play_line(state, r.pv)
    assert len(r.pv) == 2 and end.winner() == 1 - state.to_move()


# Quiet endgames (no immediate win) whose brute-force solution takes well under a second: three won, three
# lost and three drawn for the side to move, as the brute force below establishes; plus random late positions.
ENDGAMES = (
    "56277177275263124216642644761",
    "6756234615164453714512576171",
    "57572352355212415623247613733",
    "21666217533477667552523723536",
    "335552652271653121571126142",
    "6356571645616216731417257731",
    "37317761715367643733441615",
    "5544171612632444516645122721",
    "655675762577617216115657411",
)


def _endgames() -> list:
    return [C4.parse(p) for p in ENDGAMES] + random_positions(8, range(30, 34), seed=7)


def test_endgame_set_covers_every_outcome() -> None:
    outcomes = [C4.parse(p).minimax(42 - len(p)) for p in ENDGAMES]
    assert sum(v > 0 for v in outcomes) == 3 and sum(v < 0 for v in outcomes) == 3 and outcomes.count(0) == 3


@pytest.mark.parametrize("state", _endgames(), ids=lambda s: s.to_string())
def test_endgame_solved_exactly(state) -> None:
    empty = 42 - state.moves_played()
    exact = state.minimax(empty)  # brute force to the end of the game
    r = state.alphabeta(limits(depth=empty), hash_mb=1)
    assert r.value == exact
    if exact == 0:
        assert r.proof == DRAW
    else:
        assert r.proof == (WIN if exact > 0 else LOSS)
        assert r.plies_to_end == MATE - abs(exact)
    # The PV is legal and ends the game with the announced outcome.
    end = play_line(state, r.pv)
    assert end.is_terminal()
    mover = state.to_move()
    expected_winner = -1 if exact == 0 else (mover if exact > 0 else 1 - mover)
    assert end.winner() == expected_winner
    assert r.moves[0].move == r.best_move and r.pv[0] == r.best_move
    assert r.moves[0].proof == r.proof


def test_time_only_search_solves_endgame_and_stops_by_itself() -> None:
    state = random_positions(1, range(32, 33), seed=11)[0]
    exact = state.minimax(42 - state.moves_played())
    r = state.alphabeta(limits(time_s=20.0), hash_mb=1)
    assert r.value == exact and r.proof != NONE and not r.stopped


def test_depth_limited_pv_is_legal_and_bounded() -> None:
    state = C4.parse("4453")
    r = state.alphabeta(limits(depth=10), hash_mb=4)
    assert r.depth == 10 and r.proof == NONE
    assert 1 <= len(r.pv) <= 10 and r.pv[0] == r.best_move
    play_line(state, r.pv)  # raises IllegalMoveError if the PV is not legal
    assert sorted(m.move for m in r.moves) == sorted(state.legal_moves())


def test_reproducible_with_node_budget() -> None:
    state = C4.parse("444444")
    a = state.alphabeta(limits(nodes=200_000), hash_mb=8)
    b = state.alphabeta(limits(nodes=200_000), hash_mb=8)
    assert (a.best_move, a.value, a.nodes, a.depth, a.pv) == (b.best_move, b.value, b.nodes, b.depth, b.pv)


def test_node_limit_is_exact_with_one_thread() -> None:
    r = C4().alphabeta(limits(nodes=50_000), hash_mb=8)
    assert r.nodes == 50_000
    assert r.best_move in C4().legal_moves() and not r.stopped


def test_threads_prove_the_same_value() -> None:
    for state in random_positions(4, range(28, 31), seed=3):
        empty = 42 - state.moves_played()
        exact = state.alphabeta(limits(depth=empty), hash_mb=4)
        r = state.alphabeta(limits(depth=empty, threads=2), hash_mb=4)
        assert r.value == exact.value and r.proof == exact.proof
        assert r.best_move in state.legal_moves()
        child = play_line(state, [r.best_move])
        # The chosen move keeps the proven value: the child, searched to the end, is worth the opposite.
        if not child.is_terminal():
            cv = child.alphabeta(limits(depth=empty - 1), hash_mb=4).value
            assert -cv == (exact.value + (1 if exact.value > 0 else -1) if exact.value else 0)


def test_stop_flag_ends_a_long_search() -> None:
    """A search with a minute's budget and no other limit ends when asked to stop: it is asked once it has
    published its first iteration, and it returns, stopped, with a legal move (no wall-clock bound asserted)."""
    control = _core.SearchControl()
    out: list = []
    worker = threading.Thread(target=lambda: out.append(C4().alphabeta(limits(time_s=60.0), control, hash_mb=8)))
    worker.start()
    while control.snapshot()[1] == 0 and worker.is_alive():
        time.sleep(0.001)
    control.request_stop()
    worker.join(timeout=50)  # well before its own 60 s: only the stop flag ends it
    assert not worker.is_alive()
    r = out[0]
    assert r.stopped and r.best_move in C4().legal_moves() and r.depth >= 1
    progress, version = control.snapshot()
    assert version >= r.depth and progress.depth == r.depth


@pytest.mark.parametrize(
    "kwargs",
    [dict(), dict(threads=0, depth=3), dict(depth=-1), dict(time_s=-1.0)],
)
def test_bad_limits_raise_value_error(kwargs) -> None:
    with pytest.raises(ValueError):
        C4().alphabeta(limits(**kwargs))


def test_bad_table_size_and_terminal_position_raise() -> None:
    with pytest.raises(ValueError, match="hash_mb"):
        C4().alphabeta(limits(depth=2), hash_mb=-1)
    with pytest.raises(ValueError, match="terminal"):
        C4.parse("1212121").alphabeta(limits(depth=2))
    with pytest.raises(ValueError):
        C4().minimax(-1)


def test_constants() -> None:
    assert _core.TT_ENTRY_BYTES == 16
    assert (_core.MATE_SCORE, _core.EVAL_BOUND) == (30000, 20000)


def test_time_limit_ends_the_search() -> None:
    """A time budget alone: the search ends by itself (not stopped), after its time and not before (the start
    position is not solved in 0.2 s), with a finished iteration."""
    r = C4().alphabeta(limits(time_s=0.2), hash_mb=8)
    assert r.time_s >= 0.2 and not r.stopped and r.depth >= 1 and r.nodes > 0
    assert r.pv[0] == r.best_move and r.best_move in C4().legal_moves()


def test_stop_requested_before_the_start_still_returns_a_legal_move() -> None:
    control = _core.SearchControl()
    control.request_stop()
    r = C4().alphabeta(limits(time_s=10.0), control, hash_mb=1)
    assert r.stopped and r.depth == 0 and r.best_move == 3 and r.pv == [3]
    assert sorted(m.move for m in r.moves) == list(range(7))
