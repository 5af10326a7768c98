"""MCTS on Connect Four: tactics, MCTS-Solver proofs, bookkeeping, budgets, transpositions, threads."""

from __future__ import annotations

import math
import threading
import time

import pytest
from search_helpers import C4, limits, play_line, random_positions

from solver import _core

WIN = _core.Proof.WIN
LOSS = _core.Proof.LOSS
SENSEI = _core.sensei.State


def test_node_size() -> None:
    assert _core.MCTS_NODE_BYTES == 24
    assert _core.ISMCTS_NODE_BYTES == 48


def test_finds_and_proves_win_in_one_for_first_player() -> None:
    r = C4.parse("121212").mcts(limits(nodes=2000, seed=1), memory_mb=8)
    assert r.best_move == 0
    assert (r.proof, r.plies_to_end) == (WIN, 1)
    assert r.moves[0].move == 0 and r.moves[0].proof == WIN and r.moves[0].value == 1.0
    assert r.pv == [0]


def test_winning_move_mean_is_exactly_one_for_second_player_without_solver() -> None:
    # The second player (index 1) has three stones in column 1: every visit of that child ends the game with
    # return +1 for the player who moved into it, so its mean is exactly 1 from the root player's view.
    state = C4.parse("2121316")
    assert state.to_move() == 1
    r = state.mcts(limits(nodes=5000, seed=2), solver=False, memory_mb=8)
    assert r.best_move == 0 and r.proof == _core.Proof.NONE
    best = next(m for m in r.moves if m.move == 0)
    assert best.value == 1.0 and best.visits > 2500


def test_blocks_the_only_threat() -> None:
    state = C4.parse("12131")  # the first player threatens column 1; the second player must block it
    r = state.mcts(limits(nodes=20000, seed=3), memory_mb=16)
    assert r.best_move == 0
    # Every other move loses in two plies, which the solver proves.
    others = [m for m in r.moves if m.move != 0]
    assert all(m.proof == LOSS and m.plies_to_end == 2 for m in others)


def test_solver_proves_win_in_three() -> None:
    state = C4.parse("4455")
    r = state.mcts(limits(nodes=50000, seed=4), memory_mb=16)
    assert (r.proof, r.plies_to_end) == (WIN, 3)
    assert r.best_move in (2, 5)
    assert r.nodes < 50000  # the search ends once the root is proven
    # The PV follows the proof: the quickest win, the opponent's slowest defence, ending the game.
    end = play_line(state, r.pv)
    assert len(r.pv) == 3 and end.is_terminal() and end.winner() == state.to_move()


def test_solver_proves_loss_in_two() -> None:
    state = C4.parse("44553")
    r = state.mcts(limits(nodes=50000, seed=5), memory_mb=16)
    assert (r.proof, r.plies_to_end) == (LOSS, 2)
    assert all(m.proof == LOSS for m in r.moves)
    end = play_line(state, r.pv)
    assert len(r.pv) == 2 and end.winner() == 1 - state.to_move()


def test_iteration_budget_and_visit_bookkeeping() -> None:
    r = C4().mcts(limits(nodes=30000, seed=6), memory_mb=16)
    assert r.nodes == 30000
    assert sum(m.visits for m in r.moves) == 30000  # every iteration passes through exactly one root child
    assert sorted(m.move for m in r.moves) == sorted(C4().legal_moves())
    assert r.moves[0].visits == max(m.visits for m in r.moves) and r.moves[0].move == r.best_move
    assert r.depth >= 3
    play_line(C4(), r.pv)


def test_full_pool_keeps_iterating() -> None:
    # 1 MB holds about 43 000 nodes: the tree stops growing and the remaining iterations reuse it.
    r = C4().mcts(limits(nodes=150_000, seed=7), memory_mb=1)
    assert r.nodes == 150_000 and sum(m.visits for m in r.moves) == 150_000


def test_reproducible_with_seed() -> None:
    state = C4.parse("4453")
    a = state.mcts(limits(nodes=20000, seed=9), memory_mb=16)
    b = state.mcts(limits(nodes=20000, seed=9), memory_mb=16)

    def key(r):
        return (
            r.best_move,
            r.value,
            r.nodes,
            r.depth,
            r.pv,
            [(m.move, m.visits, m.value) for m in r.moves],
        )

    assert key(a) == key(b)


@pytest.mark.parametrize("rollout", ["random", "policy"])
def test_transpositions_give_legal_results_and_proofs(rollout: str) -> None:
    r = C4.parse("4455").mcts(limits(nodes=50000, seed=10), transpositions=True, rollout=rollout, memory_mb=16)
    assert (r.proof, r.plies_to_end) == (WIN, 3) and r.best_move in (2, 5)
    r = C4().mcts(limits(nodes=20000, seed=11), transpositions=True, memory_mb=16)
    assert r.nodes == 20000 and sum(m.visits for m in r.moves) == 20000
    play_line(C4(), r.pv)


def test_root_parallel_threads_sum_root_statistics() -> None:
    r = C4().mcts(limits(nodes=20000, threads=2, seed=12), memory_mb=16)
    assert r.nodes == 20000 and sum(m.visits for m in r.moves) == 20000
    r = C4.parse("121212").mcts(limits(nodes=4000, threads=2, seed=12), memory_mb=16)
    assert r.best_move == 0 and r.proof == WIN


def test_stop_flag_and_progress() -> None:
    control = _core.SearchControl()
    out: list = []
    worker = threading.Thread(target=lambda: out.append(C4().mcts(limits(time_s=60.0), control, memory_mb=16)))
    worker.start()
    while control.snapshot()[1] == 0 and worker.is_alive():  # asked to stop once it has published progress
        time.sleep(0.001)
    control.request_stop()
    worker.join(timeout=50)  # well before its own 60 s: only the stop flag ends it
    assert not worker.is_alive()
    r = out[0]
    assert r.stopped and r.best_move in C4().legal_moves()
    progress, version = control.snapshot()
    assert version >= 1 and progress.nodes <= r.nodes and progress.nodes % 16384 == 0


def test_time_limit_ends_the_search() -> None:
    """A time budget alone: MCTS ends by itself (not stopped), not before its time (the start is not solved)."""
    r = C4().mcts(limits(time_s=0.2), memory_mb=16)
    assert r.time_s >= 0.2 and not r.stopped and r.nodes > 0 and r.proof == _core.Proof.NONE


@pytest.mark.parametrize(
    ("kwargs", "lim"),
    [
        ({"rollout": "greedy"}, limits(nodes=10)),
        ({"exploration": -1.0}, limits(nodes=10)),
        ({"memory_mb": 0}, limits(nodes=10)),
        ({}, limits()),
        ({}, limits(depth=5)),  # depth does not bound MCTS
        ({}, limits(nodes=10, threads=0)),
    ],
)
def test_bad_options_raise_value_error(kwargs: dict, lim) -> None:
    with pytest.raises(ValueError):
        C4().mcts(lim, **kwargs)


def test_terminal_position_raises() -> None:
    with pytest.raises(ValueError, match="terminal"):
        C4.parse("1212121").mcts(limits(nodes=10))


def test_more_threads_than_iterations() -> None:
    r = C4().mcts(limits(nodes=3, threads=4, seed=1), memory_mb=4)
    assert r.nodes == 3 and sum(m.visits for m in r.moves) == 3
    assert r.best_move in C4().legal_moves()


@pytest.mark.parametrize("notation", ["5624531471331144743734623", "2544447244255221571"])
def test_transpositions_prove_midgame_wins(notation: str) -> None:
    # Won for the side to move (alpha-beta proves it); merged nodes must pass their proofs to every parent.
    state = C4.parse(notation)
    exact = state.alphabeta(limits(depth=42), hash_mb=8)
    assert exact.proof == WIN
    r = state.mcts(limits(nodes=100_000, seed=5), transpositions=True, memory_mb=32)
    assert r.proof == WIN and r.nodes < 100_000
    end = play_line(state, r.pv)
    assert len(r.pv) == r.plies_to_end and end.winner() == state.to_move()
    child = play_line(state, [r.best_move])
    assert child.alphabeta(limits(depth=42), hash_mb=8).proof == LOSS


def test_decisive_and_anti_decisive_moves_at_small_budgets() -> None:
    """With the tactical hooks, a win in one is played and an immediate threat is answered on every random
    position that has one, at a budget of a few dozen iterations (each root move visited about twice)."""
    checked = 0
    for i, state in enumerate(random_positions(200, range(6, 30), seed=21)):
        r = state.mcts(limits(nodes=64, seed=i), memory_mb=1)
        w = state.winning_move()
        if w != _core.NO_MOVE:
            c = state.clone()
            c.apply(r.best_move)
            assert c.winner() == state.to_move(), state.to_string()
            checked += 1
        elif state.non_losing_moves():
            assert r.best_move in state.non_losing_moves(), state.to_string()
            checked += 1
    assert checked >= 150


def test_cut_playouts_score_the_evaluation_after_the_cut() -> None:
    # One iteration: the root's first child is entered and played out by exactly one random action, then the
    # position reached is scored tanh(evaluate / eval_scale) for its player to move (the opposite for the other
    # player). The reported value is that child's mean for the root player (South, still to move after one stone
    # move at Sensei's start): tanh(e / 10) for one of the grandchildren's evaluations e, of either sign.
    start = "arashi pits=- S=a1,b1,c1,d1,e1,f1,g1 N=a7,b7,c7,d7,e7,f7,g7 chars=d1,d7 turn=S actions=- turns=0"
    state = SENSEI.parse(start)
    expected = set()
    for m in state.legal_moves():
        child = SENSEI.parse(start)
        child.apply(m)
        for m2 in child.legal_moves():
            grandchild = SENSEI.parse(start)
            grandchild.apply(m)
            grandchild.apply(m2)
            sign = 1.0 if grandchild.to_move() == state.to_move() else -1.0
            expected.add(round(sign * math.tanh(grandchild.evaluate() / 10.0), 12))
    seen = set()
    for seed in range(40):
        r = state.mcts(limits(nodes=1, seed=seed), playout_plies=1, eval_scale=10.0, memory_mb=8)
        assert r.nodes == 1
        assert round(r.value, 12) in expected
        seen.add(round(r.value, 12))
    assert len(seen) > 3  # the ply is drawn at random


def test_cut_playouts_longer_than_the_game_change_nothing() -> None:
    # A cut after more plies than the game can last is never reached: the same tree, move, value and node count.
    state = C4.parse("44536")
    a = state.mcts(limits(nodes=3000, seed=7), memory_mb=8)
    b = state.mcts(limits(nodes=3000, seed=7), playout_plies=100, memory_mb=8)
    assert (a.best_move, a.value, a.nodes, [m.visits for m in a.moves]) == (
        b.best_move,
        b.value,
        b.nodes,
        [m.visits for m in b.moves],
    )


def test_minimax_backups_choose_by_the_evaluation_when_weighted_fully() -> None:
    # Weight 1 and no exploration: once every root child has had its one playout, the next iteration enters the
    # child with the best heuristic value (its evaluation for South, tanh(e / 10)); it is the only child with two
    # visits. Sensei's start: South moves a stone and is still to move.
    start = "arashi pits=- S=a1,b1,c1,d1,e1,f1,g1 N=a7,b7,c7,d7,e7,f7,g7 chars=d1,d7 turn=S actions=- turns=0"
    state = SENSEI.parse(start)
    values = {}
    for m in state.legal_moves():
        child = SENSEI.parse(start)
        child.apply(m)
        assert child.to_move() == 0
        values[m] = child.evaluate()
    best = {m for m, v in values.items() if v == max(values.values())}
    n = len(values) + 1
    r = state.mcts(limits(nodes=n, seed=3), exploration=0.0, minimax_weight=1.0, eval_scale=10.0, memory_mb=8)
    visits = {m.move: m.visits for m in r.moves}
    assert len(visits) == len(values) and sum(visits.values()) == n
    assert r.best_move in best and visits[r.best_move] == 2
    assert all(v == 1 for m, v in visits.items() if m != r.best_move)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"playout_plies": -1}, "playout_plies must be >= 0"),
        ({"playout_plies": 4, "eval_scale": 0.0}, "eval_scale"),
        ({"minimax_weight": 1.5}, "minimax_weight must be in 0..1"),
        ({"minimax_weight": -0.1}, "minimax_weight must be in 0..1"),
    ],
)
def test_bad_cut_options_raise_value_error(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        C4().mcts(limits(nodes=10), **kwargs)
