"""Paired measurements for the benchmarks: a round runs the baseline, then kofun right after it, on the same clock
(`time.thread_time`, the CPU time of the calling thread: both sides run in it); the figure is the median of the
rounds' ratios, with their range. Pairing cancels the drift of a shared machine, which hits both sides of a round
alike. The number of rounds comes from KOFUN_BENCH_ROUNDS (3 by default).
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


def rounds(default: int = 3) -> int:
    """The number of alternated rounds: KOFUN_BENCH_ROUNDS, else `default`."""
    value = os.environ.get("KOFUN_BENCH_ROUNDS", str(default))
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"KOFUN_BENCH_ROUNDS={value}: give a whole number >= 1")
    return int(value)


def thread_rate(work: Callable[[], float]) -> float:
    """Units per thread CPU second of one call of `work` (which returns the units it did)."""
    start = time.thread_time()
    units = work()
    return units / max(time.thread_time() - start, 1e-9)


@dataclass(frozen=True)
class Paired:
    """The medians of each side's rates over the rounds, and the median and range of the rounds' ratios."""

    kofun: float
    baseline: float
    ratio: float
    low: float
    high: float

    def info(self, tag: str, digits: int = 1) -> dict[str, float | str]:
        """The figures as extra_info entries prefixed by `tag`."""
        return {
            f"{tag}_kofun_per_cpu_s": round(self.kofun),
            f"{tag}_baseline_per_cpu_s": round(self.baseline, 1),
            f"{tag}_ratio": round(self.ratio, digits),
            f"{tag}_ratio_range": f"{self.low:.{digits}f}-{self.high:.{digits}f}",
        }


def paired(kofun: Callable[[], float], baseline: Callable[[], float], n: int) -> Paired:
    """`n` rounds of baseline then kofun, each a rate (units per CPU second); kofun's rate over the baseline's."""
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(n):
        theirs.append(baseline())
        ours.append(kofun())
    ratios = sorted(k / b for k, b in zip(ours, theirs, strict=True))
    return Paired(statistics.median(ours), statistics.median(theirs), statistics.median(ratios), ratios[0], ratios[-1])
