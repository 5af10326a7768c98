"""Haniwa benchmarks: random 2-player and solo games/s, ISMCTS iterations/s on a 2-player information state, PIMC
worlds/s, and the memory of the ISMCTS tree per node (one core throughout).

Rates are given both per wall-clock second and per CPU second of the process (``*_cpu``): on a shared machine the
CPU-time figure is the one-core speed. Figures go to pytest-benchmark's extra_info and are printed (``-s``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from solver import _core
from solver._core import haniwa as hw
from solver.games.haniwa.belief import HaniwaBelief

ISMCTS_NODE_BYTES = _core.ISMCTS_NODE_BYTES  # sizeof(IsmctsNode), asserted in csrc/search/ismcts.hpp


def _report(benchmark: Any, **info: Any) -> None:
    benchmark.extra_info.update(info)
    print(" ".join(f"{k}={v}" for k, v in info.items()))


def _rates(work: Callable[[], int], repeats: int = 3) -> tuple[float, float]:
    """Best units per wall second and per CPU second over `repeats` runs."""
    wall = cpu = 0.0
    for _ in range(repeats):
        w, c = time.perf_counter(), time.process_time()
        units = work()
        wall = max(wall, units / (time.perf_counter() - w))
        cpu = max(cpu, units / max(time.process_time() - c, 1e-9))
    return wall, cpu


def _view(plies: int = 0, seed: int = 3) -> tuple[str, list[int], list[int]]:
    """The view of the player to move after `plies` plies (always the middle legal move)."""
    state = hw.State.deal(hw.Rules(), seed)
    for _ in range(plies):
        state.apply(state.legal_moves()[len(state.legal_moves()) // 2])
    info = state.information_state(state.to_move())
    b = HaniwaBelief.from_information_state(info)
    return info, b.unseen, [g.size for g in b.belief.groups]


def test_random_games_per_second(benchmark: Any) -> None:
    """Uniformly random games to the end from a fresh deal: 2 players and solo."""
    n = 100_000
    for players in (2, 1):
        s = hw.State.deal(hw.Rules(players=players), 1)

        def playouts(s: Any = s) -> int:
            return n if s.random_playouts(n, 1) else 0

        wall, cpu = _rates(playouts)
        _report(benchmark, players=players, games_per_s=round(wall), games_per_s_cpu=round(cpu))
    s = hw.State.deal(hw.Rules(), 1)
    benchmark.pedantic(lambda: s.random_playouts(n, 1), rounds=1)


def test_ismcts_iterations_per_second(benchmark: Any, search_limits: Any) -> None:
    """ISMCTS from the 2-player view of the player to move, at the deal and after 10 plies (a new world per
    iteration, random playouts)."""
    for plies in (0, 10):
        info, unseen, groups = _view(plies)
        lim = search_limits(nodes=200_000, seed=1)

        def iterations(v: tuple[Any, ...] = (info, lim, unseen, groups)) -> int:
            return int(hw.State.ismcts(v[0], v[1], unseen=v[2], groups=v[3]).nodes)

        wall, cpu = _rates(iterations)
        _report(benchmark, plies=plies, ismcts_iterations_per_s=round(wall), ismcts_iterations_per_s_cpu=round(cpu))
    info, unseen, groups = _view()
    benchmark.pedantic(
        lambda: hw.State.ismcts(info, search_limits(nodes=100_000, seed=1), unseen=unseen, groups=groups), rounds=1
    )
    # The tree adds at most one edge and one information-set node (48 bytes each) per iteration.
    _report(benchmark, ismcts_node_bytes=ISMCTS_NODE_BYTES, max_tree_bytes_per_iteration=2 * ISMCTS_NODE_BYTES)


def test_pimc_worlds_per_second(benchmark: Any, search_limits: Any) -> None:
    """PIMC with 64 worlds after 10 plies, MCTS of 500 iterations per world (Haniwa worlds are never solved
    exactly: PIMC's exact solver is for state types of exactly two players)."""
    info, unseen, groups = _view(10)
    lim = search_limits(nodes=64 * 500, seed=1)
    wall, cpu = _rates(lambda: 64 if hw.State.pimc(info, lim, unseen=unseen, groups=groups, num_worlds=64) else 0)
    _report(benchmark, pimc_worlds_per_s=round(wall), pimc_worlds_per_s_cpu=round(cpu), iterations_per_world=500)
    benchmark.pedantic(lambda: hw.State.pimc(info, lim, unseen=unseen, groups=groups, num_worlds=64), rounds=1)
