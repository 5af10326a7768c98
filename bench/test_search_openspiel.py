"""Searches per CPU second against OpenSpiel's, same clock, one run: Connect Four and Sensei alpha-beta, Sensei MCTS.

Baselines, each measured in the same run, alternated with kofun's side (a round is the baseline then kofun;
KOFUN_BENCH_ROUNDS rounds, 3 by default; the figure is the median of the rounds' ratios, with their range); the clock
is `time.thread_time` around each search (everything runs in this thread):

- **Alpha-beta, nodes per CPU second.** OpenSpiel's only alpha-beta is Python (`open_spiel.python.algorithms.
  minimax.alpha_beta_search`: no table, no move ordering, no evaluation of its own, so its frontier is scored 0
  here), on OpenSpiel's own C++ `connect_four`, and on Sensei through kofun's adapter (`kofun_sensei`: the same rules
  engine reached through OpenSpiel's Python game API). Its depth is what it finishes in a fraction of a second
  (Connect Four 10 plies, Sensei 3 actions), its nodes counted in a separate pass that wraps its recursive function.
  kofun's side is the documented search: Connect Four 14 plies from the start, Sensei 1 M nodes from the start, both
  with a 64 MB table cleared before each search (`_core.clear_tables()`, outside the clock). **Different work per
  node** (C++ with a table, move order and an evaluation against Python with none): the ratio is of nodes per CPU
  second only. For Connect Four the same 14-ply search without a table (`hash_mb=0`) is a second baseline of the
  same engine: time to the same depth.
- **Sensei MCTS, iterations per CPU second at an equal budget.** OpenSpiel's Python `mcts.MCTSBot` on `kofun_sensei`
  through the adapter (UCT c=1.4, one random rollout to the end per simulation, its solver on), against kofun's
  `mcts` from the same start with the same budget (ITERATIONS a search; c=1.4, solver on; kofun's side repeats the
  search KOFUN_REPEATS times with other seeds, to be long enough to time): random rollouts (the same algorithm),
  policy rollouts, and the game's defaults (policy playouts cut after 4 actions, implicit minimax backups, c=0.3:
  **not** the baseline's algorithm). OpenSpiel's C++ `pyspiel.MCTSBot` ends the interpreter with a segmentation
  fault on a game registered from Python (pyspiel 1.6), so the Python bot is the baseline. No table (a tree).

    python -m pytest -q -s bench/test_search_openspiel.py -p no:cacheprovider    # needs OpenSpiel (the bench extra)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from openspiel_nodes import alpha_beta_nodes
from paired import paired, rounds, thread_rate

from solver import _core
from solver.games.sensei import GAME as SENSEI
from solver.games.sensei import MCTS_DEFAULTS

VERSIONS = ("arashi", "shizukana")
HASH_MB = 64
C4_DEPTH, C4_BASELINE_DEPTH = 14, 10
SENSEI_NODES, SENSEI_BASELINE_DEPTH = 1_000_000, 3
ITERATIONS = 100  # an MCTS search's budget on both sides
KOFUN_REPEATS = 20
UCT_C = 1.4


def _limits(*, nodes: int = 0, depth: int = 0, seed: int = 1) -> Any:
    lim = _core.SearchLimits()
    lim.nodes, lim.depth, lim.threads, lim.seed = nodes, depth, 1, seed
    return lim


def _openspiel_alphabeta(game: Any, depth: int) -> tuple[Callable[[], float], int]:
    """OpenSpiel's Python alpha-beta from the start to `depth`, frontier scored 0: the timed work (nodes a CPU
    second) and its nodes, counted once in a separate pass."""
    from open_spiel.python.algorithms import minimax

    def run() -> None:
        minimax.alpha_beta_search(
            game, game.new_initial_state(), value_function=lambda s: 0.0, maximum_depth=depth, maximizing_player_id=0
        )

    nodes = alpha_beta_nodes(run)

    def timed() -> int:
        run()
        return nodes

    return (lambda: thread_rate(timed)), nodes


def _kofun_alphabeta(state: Any, lim: Any, hash_mb: int, out: list[Any]) -> Callable[[], float]:
    """kofun's alpha-beta from `state` with a table of `hash_mb` cleared before the clock: nodes a CPU second (each
    result appended to `out`)."""

    def rate() -> float:
        _core.clear_tables()
        start = time.thread_time()
        r = state.alphabeta(lim, hash_mb=hash_mb)
        seconds = time.thread_time() - start
        out.append((r, seconds))
        return int(r.nodes) / seconds

    return rate


def _report(benchmark: Any, info: dict[str, Any]) -> None:
    benchmark.pedantic(lambda: None, rounds=1)
    benchmark.extra_info.update(info)
    print(" ".join(f"{key}={v}" for key, v in info.items()))


def test_connect4_alphabeta_vs_openspiel(benchmark: Any, pyspiel: Any) -> None:
    """Connect Four alpha-beta, 14 plies from the start: nodes per CPU second over OpenSpiel's Python alpha-beta, and
    CPU time to depth 14 against kofun's own search without a table."""
    start = _core.connect4.State()
    lim = _limits(depth=C4_DEPTH)
    start.alphabeta(lim, hash_mb=HASH_MB)  # the table mapped and faulted in before any clock
    baseline, os_nodes = _openspiel_alphabeta(pyspiel.load_game("connect_four"), C4_BASELINE_DEPTH)
    table: list[Any] = []
    n = rounds()
    result = paired(_kofun_alphabeta(start, lim, HASH_MB, table), baseline, n)
    bare: list[Any] = []
    same_engine = paired(_kofun_alphabeta(start, lim, HASH_MB, table), _kofun_alphabeta(start, lim, 0, bare), n)
    times = sorted(b[1] / t[1] for t, b in zip(table[n:], bare, strict=True))
    info: dict[str, Any] = {"rounds": n, "depth": C4_DEPTH, "hash_mb": HASH_MB, "kofun_nodes": int(table[0][0].nodes)}
    info |= {"openspiel_depth": C4_BASELINE_DEPTH, "openspiel_nodes": os_nodes}
    info |= result.info("nodes", digits=0)
    info |= {"no_table_nodes": int(bare[0][0].nodes), "no_table_nodes_per_s_ratio": round(same_engine.ratio, 2)}
    info |= {"no_table_over_table_cpu": round(times[len(times) // 2], 2), "no_table_cpu_range": f"{times[0]:.2f}-"}
    info["no_table_cpu_range"] += f"{times[-1]:.2f}"
    assert all(int(r.depth) == C4_DEPTH for r, _ in table + bare)
    _report(benchmark, info)


@pytest.mark.parametrize("version", VERSIONS)
def test_sensei_alphabeta_vs_openspiel(benchmark: Any, pyspiel: Any, version: str) -> None:
    """Sensei alpha-beta, 1 M nodes from the start: nodes per CPU second over OpenSpiel's Python alpha-beta on the
    same game through the adapter."""
    import solver.interop.openspiel  # noqa: F401  (registers kofun_sensei)

    game = pyspiel.load_game(f"kofun_sensei(version={version})")
    start = SENSEI.new({"version": version})
    assert SENSEI.notation(start) == str(game.new_initial_state())
    lim = _limits(nodes=SENSEI_NODES)
    start.alphabeta(_limits(nodes=10_000), hash_mb=HASH_MB)  # the table mapped before any clock
    baseline, os_nodes = _openspiel_alphabeta(game, SENSEI_BASELINE_DEPTH)
    runs: list[Any] = []
    n = rounds()
    result = paired(_kofun_alphabeta(start, lim, HASH_MB, runs), baseline, n)
    info: dict[str, Any] = {"version": version, "rounds": n, "nodes_budget": SENSEI_NODES, "hash_mb": HASH_MB}
    info |= {
        "kofun_depth": int(runs[0][0].depth),
        "openspiel_depth": SENSEI_BASELINE_DEPTH,
        "openspiel_nodes": os_nodes,
    }
    info |= result.info("nodes", digits=0)
    _report(benchmark, info)


@pytest.mark.parametrize("version", VERSIONS)
def test_sensei_mcts_vs_openspiel(benchmark: Any, pyspiel: Any, version: str) -> None:
    """Sensei MCTS from the start, equal budget: iterations per CPU second over OpenSpiel's Python MCTSBot (random
    rollouts) on the same game through the adapter, for kofun's random and policy rollouts and its defaults."""
    from open_spiel.python.algorithms import mcts

    import solver.interop.openspiel  # noqa: F401  (registers kofun_sensei)

    game = pyspiel.load_game(f"kofun_sensei(version={version})")
    start = SENSEI.new({"version": version})
    assert SENSEI.notation(start) == str(game.new_initial_state())

    def baseline() -> float:
        rs = np.random.RandomState(7)
        bot = mcts.MCTSBot(game, UCT_C, ITERATIONS, mcts.RandomRolloutEvaluator(1, rs), solve=True, random_state=rs)
        state = game.new_initial_state()
        return thread_rate(lambda: (bot.step(state), ITERATIONS)[1])

    def kofun(options: dict[str, Any]) -> Callable[[], float]:
        def work() -> int:
            return sum(
                int(
                    start.mcts(
                        _limits(nodes=ITERATIONS, seed=s), memory_mb=16, **({"exploration": UCT_C} | options)
                    ).nodes
                )
                for s in range(1, KOFUN_REPEATS + 1)
            )

        return lambda: thread_rate(work)

    configs = {
        "random": {"rollout": "random"},
        "policy": {"rollout": "policy"},
        "default": dict(MCTS_DEFAULTS),  # its own exploration constant (0.3)
    }
    n = rounds()
    info: dict[str, Any] = {"version": version, "rounds": n, "iterations": ITERATIONS, "kofun_repeats": KOFUN_REPEATS}
    for name, options in configs.items():
        info |= paired(kofun(options), baseline, n).info(name, digits=0)
    _report(benchmark, info)


def test_connect4_midgame_solves(benchmark: Any) -> None:
    """Connect Four mid-game positions (test_connect4.MIDGAMES, 17-23 empty cells) proven by alpha-beta to the end
    (64 MB table cleared before each position, outside the clock): CPU seconds per position, against kofun's exact
    solver (`solve`, the same table size and policy) on the same positions. OpenSpiel's only alpha-beta (Python, no
    table) takes some 4 s a position at 15 empty cells, far longer here: no OpenSpiel baseline."""
    from test_connect4 import MIDGAMES

    states = [(_core.connect4.State.parse(p), value) for p, value in MIDGAMES]
    lim = _limits(depth=64)
    states[0][0].alphabeta(lim, hash_mb=HASH_MB)  # the table mapped before any clock
    seconds: dict[str, list[float]] = {"alphabeta": [], "solve": []}

    def one_pass(kind: str) -> float:
        total = 0.0
        for state, value in states:
            _core.clear_tables()
            start = time.thread_time()
            search = state.alphabeta if kind == "alphabeta" else state.solve
            r = search(lim, hash_mb=HASH_MB)
            spent = time.thread_time() - start
            seconds[kind].append(spent)
            total += spent
            assert (r.value > 0) - (r.value < 0) == (value > 0) - (value < 0)
        return 1.0 / total  # sets per CPU second

    n = rounds()
    result = paired(lambda: one_pass("alphabeta"), lambda: one_pass("solve"), n)
    per = sorted(seconds["alphabeta"])
    info: dict[str, Any] = {"positions": len(states), "rounds": n, "hash_mb": HASH_MB}
    info |= {"alphabeta_cpu_s_min": round(per[0], 4), "alphabeta_cpu_s_max": round(per[-1], 3)}
    info |= {"alphabeta_set_cpu_s": round(1.0 / result.kofun, 3), "solve_set_cpu_s": round(1.0 / result.baseline, 3)}
    info |= {"alphabeta_over_solve_cpu": round(1.0 / result.ratio, 2)}  # alpha-beta's CPU time / the solver's
    info["alphabeta_over_solve_range"] = f"{1.0 / result.high:.2f}-{1.0 / result.low:.2f}"
    _report(benchmark, info)
