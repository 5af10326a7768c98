"""Solo Haniwa benchmarks: deals per CPU-second for each of the estimate's three figures (policy, clairvoyant,
penalised dual), the projected time of a 1,000-deal estimate on two cores, policy decisions per second, random
games per second.

Figures go to pytest-benchmark's extra_info and are printed (``-s``). One thread throughout; CPU seconds are
``time.process_time`` (the machine is shared, so wall time overstates the cost).
"""

from __future__ import annotations

import time
from typing import Any

from solver._core import haniwa
from solver.games.haniwa.solo import (
    DEFAULT_CANDIDATES,
    DEFAULT_DUAL_NODES,
    DEFAULT_SAMPLES,
    DEFAULT_SOLVER_NODES,
    deal_seed,
)

SOLO = haniwa.Rules(players=1)
DEALS = [haniwa.State.deal(SOLO, deal_seed(0, i)) for i in range(20)]


def _report(benchmark: Any, **info: Any) -> None:
    benchmark.extra_info.update(info)
    print(" ".join(f"{k}={v}" for k, v in info.items()))


def test_clairvoyant_solves_per_second(benchmark: Any) -> None:
    """Whole deals solved with the estimate's default node budget (the first 20 deals of seed 0)."""
    solver = haniwa.SoloSolver()
    results: list[Any] = []

    def work() -> None:
        results.clear()
        results.extend(solver.solve(s, nodes=DEFAULT_SOLVER_NODES) for s in DEALS)

    start = time.perf_counter()
    benchmark.pedantic(work, rounds=1)
    seconds = time.perf_counter() - start
    nodes = sum(r.nodes for r in results)
    _report(
        benchmark,
        deals=len(DEALS),
        solves_per_s=round(len(DEALS) / seconds, 2),
        nodes_per_s=round(nodes / seconds),
        exact=sum(r.exact for r in results),
        mean_optimum_bound=sum(r.upper_bound for r in results) / len(DEALS),
    )


def test_policy_decisions_per_second(benchmark: Any) -> None:
    """The estimate's default policy playing 5 deals (6 turn decisions each)."""
    policy = haniwa.SoloPolicy(DEFAULT_SAMPLES, DEFAULT_CANDIDATES)
    scores: list[int] = []

    def work() -> None:
        scores.clear()
        scores.extend(policy.play(s, 0).score(0) for s in DEALS[:5])

    start = time.perf_counter()
    before = policy.decisions
    benchmark.pedantic(work, rounds=1)
    seconds = time.perf_counter() - start
    decisions = policy.decisions - before
    _report(
        benchmark,
        decisions=decisions,
        decisions_per_s=round(decisions / seconds, 1),
        mean_score=sum(scores) / len(scores),
    )


def test_random_solo_games_per_second(benchmark: Any) -> None:
    """Uniformly random solo games from a fresh deal."""
    state = DEALS[0]
    start = time.perf_counter()
    benchmark.pedantic(lambda: state.random_playouts(5000, 1), rounds=3)
    seconds = (time.perf_counter() - start) / 3
    _report(benchmark, games_per_s=round(5000 / seconds))


def test_three_figures_deals_per_cpu_second(benchmark: Any) -> None:
    """Deals per CPU-second of each figure with the estimate's defaults (the first 10 deals of seed 1, as the
    documented estimate), and the projected wall time of 1,000 deals on two cores (CPU time / 2)."""
    deals = [haniwa.State.deal(SOLO, deal_seed(1, i)) for i in range(10)]
    policy = haniwa.SoloPolicy(DEFAULT_SAMPLES, DEFAULT_CANDIDATES)
    solver = haniwa.SoloSolver()
    dual = haniwa.SoloDualSolver()
    cpu = {"policy": 0.0, "clairvoyant": 0.0, "dual": 0.0}

    def work() -> None:
        for key in cpu:
            cpu[key] = 0.0
        for i, s in enumerate(deals):
            t0 = time.process_time()
            policy.play(s, deal_seed(1, i))
            t1 = time.process_time()
            solver.solve(s, nodes=DEFAULT_SOLVER_NODES)
            t2 = time.process_time()
            dual.solve(s, nodes=DEFAULT_DUAL_NODES)
            t3 = time.process_time()
            cpu["policy"] += t1 - t0
            cpu["clairvoyant"] += t2 - t1
            cpu["dual"] += t3 - t2

    benchmark.pedantic(work, rounds=1)
    total = sum(cpu.values())
    _report(
        benchmark,
        deals=len(deals),
        **{f"{k}_deals_per_cpu_s": round(len(deals) / v, 2) for k, v in cpu.items()},
        all_three_deals_per_cpu_s=round(len(deals) / total, 2),
        projected_1000_deals_2_cores_min=round(1000 * total / len(deals) / 2 / 60, 1),
    )
