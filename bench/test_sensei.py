"""Sensei benchmarks: perft actions/s, alpha-beta nodes/s and MCTS iterations/s from both start positions.

Figures go to pytest-benchmark's extra_info and are printed (``-s``). One thread throughout.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from solver import _core
from solver.games.sensei import GAME, MCTS_DEFAULTS

VERSIONS = ("arashi", "shizukana")


def _start(version: str) -> Any:
    return GAME.new({"version": version})


def _report(benchmark: Any, **info: Any) -> None:
    benchmark.extra_info.update(info)
    print(" ".join(f"{k}={v}" for k, v in info.items()))


@pytest.mark.parametrize("version", VERSIONS)
def test_perft_actions_per_second(benchmark: Any, version: str) -> None:
    """Action-level perft (4 plies for Arashi, 6 for Shizukana) from the start position."""
    state = _start(version)
    depth = 4 if version == "arashi" else 6
    start = time.perf_counter()
    leaves = benchmark.pedantic(lambda: state.perft(depth), rounds=3)
    seconds = (time.perf_counter() - start) / 3
    _report(benchmark, version=version, depth=depth, leaves=leaves, leaves_per_s=round(leaves / seconds))


@pytest.mark.parametrize("version", VERSIONS)
def test_alphabeta_nodes_per_second(benchmark: Any, search_limits: Any, version: str) -> None:
    """Alpha-beta with a 1M-node budget from the start position."""
    state = _start(version)
    result = benchmark.pedantic(lambda: state.alphabeta(search_limits(nodes=1_000_000), hash_mb=64), rounds=3)
    _report(
        benchmark,
        version=version,
        nodes=result.nodes,
        depth=result.depth,
        nodes_per_s=round(result.nodes / result.time_s),
        tt_entry_bytes=_core.TT_ENTRY_BYTES,
    )


@pytest.mark.parametrize("rollout", ["random", "policy"])
@pytest.mark.parametrize("version", VERSIONS)
def test_mcts_iterations_per_second(benchmark: Any, search_limits: Any, version: str, rollout: str) -> None:
    """UCT (c 1.4) with 20k iterations from the start position, random or heuristic rollouts."""
    state = _start(version)
    result = benchmark.pedantic(
        lambda: state.mcts(search_limits(nodes=20_000, seed=1), rollout=rollout, memory_mb=128), rounds=3
    )
    _report(
        benchmark,
        version=version,
        rollout=rollout,
        iterations=result.nodes,
        iterations_per_s=round(result.nodes / result.time_s),
        mcts_node_bytes=_core.MCTS_NODE_BYTES,
    )


@pytest.mark.parametrize("version", VERSIONS)
def test_mcts_default_iterations_per_second(benchmark: Any, search_limits: Any, version: str) -> None:
    """The default Sensei MCTS (policy playouts cut after 4 actions, implicit minimax backups) with 20k iterations
    from the start position; the plain policy rollouts of the test above are the baseline of the same run."""
    state = _start(version)
    result = benchmark.pedantic(
        lambda: state.mcts(search_limits(nodes=20_000, seed=1), memory_mb=128, **MCTS_DEFAULTS), rounds=3
    )
    _report(benchmark, version=version, iterations=result.nodes, iterations_per_s=round(result.nodes / result.time_s))


@pytest.mark.parametrize("version", VERSIONS)
def test_random_playouts_per_second(benchmark: Any, version: str) -> None:
    """Uniformly random whole games from the start position."""
    state = _start(version)
    start = time.perf_counter()
    benchmark.pedantic(lambda: state.random_playouts(2000, 1), rounds=3)
    seconds = (time.perf_counter() - start) / 3
    _report(benchmark, version=version, games_per_s=round(2000 / seconds))
