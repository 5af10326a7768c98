"""Connect Four MCTS against OpenSpiel's MCTSBot on four positions, both timed with the same CPU clock in one run.

Equal iterations (kofun) and simulations (OpenSpiel), equal UCT constant (sqrt 2), one uniformly random rollout per
iteration, no solver on either side, one thread. `time.thread_time` around each search (both run in this
thread: OpenSpiel's C++ bot through pyspiel; the process clock would also count idle library threads, e.g. a
BLAS pool spinning after an import). The sides alternate ROUNDS times; a round (OpenSpiel, then kofun right
after it) is the unit, and the figure is the median of the rounds' ratios, with their range: this machine's
speed drifts by up to 2x between seconds for both programs alike, which pairing cancels and medians of each side
over a few rounds did not. Not
equal work per iteration: below the root kofun keeps only the decisive / non-losing moves (its game hooks), even
with solver=False, while OpenSpiel expands every legal move.

    python -m pytest bench/test_connect4_mcts_cpu.py -s        # needs OpenSpiel (the bench extra)
"""

from __future__ import annotations

import math
import statistics
import time
from typing import Any

import pytest

from solver import _core

C4 = _core.connect4.State
POSITIONS = ("", "3677226114", "2276222477752733", "37226356573622367472")
ITERATIONS = 100_000
OPENSPIEL_SIMULATIONS = ITERATIONS  # equal iterations
ROUNDS = 9
UCT_C = math.sqrt(2.0)
MIN_RATIO = 20.0  # the target of the engine (docs/benchmarks.md)


def _openspiel_rate(pyspiel: Any, position: str) -> float:
    game = pyspiel.load_game("connect_four")
    state = game.new_initial_state()
    for c in position:
        state.apply_action(int(c) - 1)
    evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
    bot = pyspiel.MCTSBot(game, evaluator, UCT_C, OPENSPIEL_SIMULATIONS, 1000, False, 7, False)
    start = time.thread_time()
    bot.step(state)
    return OPENSPIEL_SIMULATIONS / (time.thread_time() - start)


def _kofun_rate(position: str) -> float:
    lim = _core.SearchLimits()
    lim.nodes, lim.threads, lim.seed = ITERATIONS, 1, 7
    state = C4.parse(position) if position else C4()
    start = time.thread_time()
    r = state.mcts(lim, exploration=UCT_C, solver=False)
    return r.nodes / (time.thread_time() - start)


@pytest.mark.parametrize("position", POSITIONS, ids=[p or "start" for p in POSITIONS])
def test_mcts_cpu_vs_openspiel(benchmark: Any, pyspiel: Any, position: str) -> None:
    """Iterations per CPU second, kofun over OpenSpiel: the median of ROUNDS paired rounds' ratios."""
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(ROUNDS):
        theirs.append(_openspiel_rate(pyspiel, position))
        ours.append(_kofun_rate(position))
    benchmark.pedantic(lambda: None, rounds=1)
    ratios = sorted(k / o for k, o in zip(ours, theirs, strict=True))
    ratio = statistics.median(ratios)
    info = {
        "position": position or "start",
        "kofun_per_cpu_s": round(statistics.median(ours)),
        "openspiel_per_cpu_s": round(statistics.median(theirs)),
        "ratio": round(ratio, 1),
        "ratio_range": f"{ratios[0]:.1f}-{ratios[-1]:.1f}",
    }
    benchmark.extra_info.update(info)
    print(" ".join(f"{key}={v}" for key, v in info.items()))
    assert ratio >= MIN_RATIO, f"MCTS only {ratio:.1f}x OpenSpiel per CPU second (need {MIN_RATIO}x)"
