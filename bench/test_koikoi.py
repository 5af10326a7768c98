"""Koi-Koi benchmarks: random deals/s, ISMCTS iterations/s (one core), worlds/s (Cython sampler, C++ path).

Figures go to pytest-benchmark's extra_info and are printed (``-s``). One thread throughout.
"""

from __future__ import annotations

import time
from typing import Any

from solver._core import koikoi as kk
from solver.games.koikoi.belief import KoikoiBelief


def _report(benchmark: Any, **info: Any) -> None:
    benchmark.extra_info.update(info)
    print(" ".join(f"{k}={v}" for k, v in info.items()))


def _view(seed: int = 3) -> tuple[str, list[int], list[int]]:
    state = kk.State.deal(seed)
    info = state.information_state(state.to_move())
    unseen, _view, opp, stock = kk.hidden(info)
    return info, unseen, [opp, stock]


def test_random_deals_per_second(benchmark: Any) -> None:
    """Deal and play out n deals with uniformly random moves."""
    n = 100_000
    start = time.perf_counter()
    benchmark.pedantic(lambda: kk.random_deals(n, 1), rounds=3)
    seconds = (time.perf_counter() - start) / 3
    _report(benchmark, deals=n, deals_per_s=round(n / seconds))


def test_ismcts_iterations_per_second(benchmark: Any, search_limits: Any, best_rate: Any) -> None:
    """ISMCTS from the dealer's view of a fresh deal: a new world per iteration, policy and random playouts."""
    info, unseen, groups = _view()
    lim = search_limits(nodes=300_000, seed=1)
    for rollout in ("random", "policy"):
        rate = best_rate(lambda r=rollout: kk.State.ismcts(info, lim, unseen=unseen, groups=groups, rollout=r).nodes)
        _report(benchmark, rollout=rollout, ismcts_iterations_per_s=round(rate))
    benchmark.pedantic(lambda: kk.State.ismcts(info, lim, unseen=unseen, groups=groups), rounds=1)


def test_worlds_per_second(benchmark: Any, best_rate: Any) -> None:
    """Worlds sampled by the Cython sampler (arrays only), by the C++ world stream (arrays), and states built from
    worlds in C++ (the searches' fast path) versus from_world per world from Python."""
    info, unseen, groups = _view()
    belief = KoikoiBelief(info)
    n = 200_000
    cython = best_rate(lambda: belief.sample(n, seed=1).shape[0])
    cpp = best_rate(lambda: kk.State.sample_worlds(unseen, n, seed=1).shape[0])
    states = best_rate(lambda: len(kk.State.sample_states(info, unseen, groups, 50_000, seed=1)))
    worlds = belief.sample(5_000, seed=2)
    checked = best_rate(lambda: sum(1 for w in worlds if kk.State.from_world(info, w) is not None))
    _report(
        benchmark,
        cython_worlds_per_s=round(cython),
        cpp_worlds_per_s=round(cpp),
        cpp_states_per_s=round(states),
        from_world_python_loop_per_s=round(checked),
    )
    benchmark.pedantic(lambda: belief.sample(n, seed=1), rounds=1)


def test_pimc_worlds_per_second(benchmark: Any, search_limits: Any) -> None:
    """PIMC late in a deal (every world solved exactly) and at the deal (MCTS per world)."""
    state = kk.State.deal(5)
    while state.remaining_plies_bound() > 24 and not state.is_terminal():
        state.apply(state.legal_moves()[0])
    info = state.information_state(state.to_move())
    unseen, _view, opp, stock = kk.hidden(info)
    start = time.perf_counter()
    r = benchmark.pedantic(
        lambda: kk.State.pimc(info, search_limits(nodes=1, seed=1), unseen=unseen, groups=[opp, stock], num_worlds=64),
        rounds=1,
    )
    seconds = time.perf_counter() - start
    _report(benchmark, exact_worlds_per_s=round(64 / seconds), exact_nodes=r.nodes)
