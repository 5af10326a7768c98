"""Connect Four benchmarks: MCTS against OpenSpiel's MCTSBot, alpha-beta speed and mid-game solving times.

Every figure goes to pytest-benchmark's extra_info (``--benchmark-json`` keeps them) and is printed (``-s``).
"""

from __future__ import annotations

from typing import Any

import pytest

from solver import _core

C4 = _core.connect4.State
MCTS_ITERATIONS = 200_000
OPENSPIEL_SIMULATIONS = 20_000
MIN_RATIO = 10.0

# Mid-game positions (16-24 empty cells) and their exact values: 0 draw, else +/-(30000 - plies to the end)
# for the side to move. Wins and losses were confirmed by MCTS-Solver (an independent search; it proves the
# outcome, not the distance), the 17- and 18-empty positions by the brute-force minimax to the end of the
# game; the draw of the 23-empty position rests on alpha-beta alone (too deep for the brute force, and
# MCTS-Solver does not prove it in seconds).
MIDGAMES: tuple[tuple[str, int], ...] = (
    ("572753752667561251657371", 0),
    ("5624531471331144743734623", 29987),
    ("5151673177241635356313", -29982),
    ("23457161266224172132", 29981),
    ("27214264654471714433", -29980),
    ("2544447244255221571", 29987),
    ("3435226646672766241", -29982),
    ("6361241355657237734", 0),
)


def _report(benchmark: Any, **info: Any) -> None:
    benchmark.extra_info.update(info)
    print(" ".join(f"{k}={v}" for k, v in info.items()))


def test_mcts_iterations_vs_openspiel(benchmark: Any, pyspiel: Any, search_limits: Any, best_rate: Any) -> None:
    """Our UCT (c 1.4, one uniform random rollout per iteration, one thread) vs OpenSpiel's MCTSBot."""
    game = pyspiel.load_game("connect_four")

    def openspiel_run() -> int:
        evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
        bot = pyspiel.MCTSBot(game, evaluator, 1.4, OPENSPIEL_SIMULATIONS, 1000, False, 7, False)
        bot.step(game.new_initial_state())
        return OPENSPIEL_SIMULATIONS

    def ours_run() -> int:
        return C4().mcts(search_limits(nodes=MCTS_ITERATIONS, seed=7), solver=False, memory_mb=256).nodes

    theirs = best_rate(openspiel_run)
    ours = best_rate(ours_run)
    ours_solver = best_rate(lambda: C4().mcts(search_limits(nodes=MCTS_ITERATIONS, seed=7)).nodes)
    benchmark.pedantic(ours_run, rounds=3, iterations=1)
    ratio = ours / theirs
    _report(
        benchmark,
        openspiel_iter_per_s=round(theirs),
        kofun_iter_per_s=round(ours),
        kofun_solver_iter_per_s=round(ours_solver),
        ratio=round(ratio, 1),
        mcts_node_bytes=_core.MCTS_NODE_BYTES,
    )
    assert ratio >= MIN_RATIO, f"MCTS only {ratio:.1f}x OpenSpiel's MCTSBot (need {MIN_RATIO}x)"


def test_alphabeta_nodes_per_second(benchmark: Any, search_limits: Any) -> None:
    """Alpha-beta from the start position, 14 plies deep, one thread."""
    state = C4()
    result = benchmark.pedantic(lambda: state.alphabeta(search_limits(depth=14), hash_mb=64), rounds=3)
    _report(
        benchmark,
        nodes=result.nodes,
        nodes_per_s=round(result.nodes / result.time_s),
        tt_entry_bytes=_core.TT_ENTRY_BYTES,
    )
    assert result.depth == 14


@pytest.mark.parametrize(("notation", "value"), MIDGAMES, ids=[p for p, _ in MIDGAMES])
def test_alphabeta_solves_midgame(benchmark: Any, search_limits: Any, notation: str, value: int) -> None:
    """Time to solve a mid-game position exactly (value and proof)."""
    state = C4.parse(notation)
    result = benchmark.pedantic(lambda: state.alphabeta(search_limits(time_s=30.0), hash_mb=64), rounds=3)
    _report(
        benchmark,
        position=notation,
        empty=42 - state.moves_played(),
        value=int(result.value),
        nodes=result.nodes,
        seconds=round(result.time_s, 3),
    )
    assert result.value == value and result.proof != _core.Proof.NONE


def test_random_playouts_per_second(benchmark: Any, best_rate: Any) -> None:
    """Raw game speed for reference: uniformly random games from the start position."""
    state = C4()
    benchmark.pedantic(lambda: state.random_playouts(100_000, 1), rounds=3)
    _report(benchmark, playouts_per_s=round(best_rate(lambda: (state.random_playouts(100_000, 1), 100_000)[1])))
