"""Shared fixtures of the benchmarks (`python3 -m pytest bench`; OpenSpiel comes with the bench extra)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from solver import _core


def _search_limits(*, nodes: int = 0, depth: int = 0, time_s: float = 0.0, seed: int = 0) -> Any:
    """One-thread SearchLimits with the given budgets."""
    lim = _core.SearchLimits()
    lim.nodes, lim.depth, lim.time_s, lim.threads, lim.seed = nodes, depth, time_s, 1, seed
    return lim


def _best_rate(work: Callable[[], int], repeats: int = 3) -> float:
    """Highest units/second over `repeats` runs of `work` (returning the units done): least disturbed run."""
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        units = work()
        best = max(best, units / (time.perf_counter() - start))
    return best


@pytest.fixture(scope="session")
def pyspiel() -> Any:
    """The OpenSpiel module (the comparison needs the bench extra: pip install open_spiel)."""
    return pytest.importorskip("pyspiel")


@pytest.fixture(scope="session")
def search_limits() -> Callable[..., Any]:
    """Factory of one-thread SearchLimits: search_limits(nodes=..., depth=..., time_s=..., seed=...)."""
    return _search_limits


@pytest.fixture(scope="session")
def best_rate() -> Callable[..., float]:
    """best_rate(work, repeats=3): highest units/second over several runs of `work`."""
    return _best_rate
