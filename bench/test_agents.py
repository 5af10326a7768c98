"""What a decision costs an agent beyond its search: a low ladder level (Connect Four alpha-beta, 16 nodes), the
compiled search alone as the baseline of the same run, then ``SearchAgent.choose`` in the main thread (the search
runs in a kept search thread, Ctrl-C watched) and off it (a Dask worker's task: the search runs in the calling
thread). Figures in pytest-benchmark's extra_info and printed (``-s``)."""

from __future__ import annotations

import random
import threading
from typing import Any

import solver
from solver import _core
from solver.play.agents import SearchAgent
from solver.search.settings import SearchSettings

DECISIONS = 2000


def test_agent_decision_overhead(benchmark: Any, best_rate: Any) -> None:
    state = solver.parse("c4", "4453")
    settings = SearchSettings(algo="alphabeta", nodes=16, hash_mb=1, seed=1).for_game(solver.get_game("c4"))
    limits, options, control = settings.limits(), settings.options(), _core.SearchControl()
    agent = SearchAgent("c4", settings)

    def compiled() -> int:
        for _ in range(DECISIONS):
            state.clone().alphabeta(limits, control, **options)
        return DECISIONS

    def decisions() -> int:
        rng = random.Random(1)
        for _ in range(DECISIONS):
            agent.choose(state, rng)
        return DECISIONS

    def off_main() -> int:
        box: list[int] = []
        worker = threading.Thread(target=lambda: box.append(decisions()))
        worker.start()
        worker.join()
        return box[0]

    base = best_rate(compiled)
    main = best_rate(decisions)
    other = benchmark.pedantic(lambda: best_rate(off_main), rounds=1, iterations=1)
    info = {
        "compiled_per_s": round(base),
        "agent_main_thread_per_s": round(main),
        "agent_off_main_thread_per_s": round(other),
        "main_thread_vs_compiled": round(main / base, 3),
        "off_main_thread_vs_compiled": round(other / base, 3),
    }
    benchmark.extra_info.update(info)
    print(" ".join(f"{k}={v}" for k, v in info.items()))
    assert main > 0 and other > 0
