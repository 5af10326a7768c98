"""Statistics of the solo estimates: the solo ranks, means with their Student-t intervals, and the rank question
(does the interval [policy mean, dual mean] lie above a rank's threshold, below it, or straddle it)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..._core import RuleOptionError
from ...report.stats import t95

RANKS: tuple[tuple[str, int], ...] = (
    ("perfect", 60),
    ("master", 50),
    ("veteran", 40),
    ("junior", 30),
    ("beginner", 0),
)


def rank_of(score: float) -> str:
    """The solo rank of a score: perfect (60+), master (50-59), veteran (40-49), junior (30-39), beginner."""
    for name, threshold in RANKS:
        if score >= threshold:
            return name
    return "beginner"


def rank_counts(scores: Sequence[float]) -> dict[str, int]:
    """Number of scores in each rank, best rank first (every rank present, possibly 0)."""
    counts = {name: 0 for name, _ in RANKS}
    for s in scores:
        counts[rank_of(s)] += 1
    return counts


@dataclass(frozen=True)
class MeanCI:
    """Sample mean, standard deviation and Student-t 95% interval of the mean (None for one value: undefined)."""

    mean: float
    stddev: float
    ci95: tuple[float, float] | None
    n: int

    @staticmethod
    def of(values: Sequence[float]) -> MeanCI:
        """Statistics of `values` (one value: no interval; none: a ValueError)."""
        n = len(values)
        if n == 0:
            raise ValueError("no values")
        mean = sum(values) / n
        if n == 1:
            return MeanCI(mean, 0.0, None, 1)
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
        half = t95(n - 1) * sd / math.sqrt(n)
        return MeanCI(mean, sd, (mean - half, mean + half), n)

    @property
    def half_width(self) -> float:
        """Half the width of the 95% interval (infinite when it is undefined)."""
        return math.inf if self.ci95 is None else (self.ci95[1] - self.ci95[0]) / 2

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ci95 null (with the reason) for one deal."""
        d: dict[str, Any] = {
            "mean": self.mean,
            "stddev": self.stddev,
            "ci95": None if self.ci95 is None else list(self.ci95),
            "n": self.n,
        }
        if self.ci95 is None:
            d["ci95_reason"] = "one deal: its spread is unknown"
        return d


VERDICTS = ("above", "below", "straddles", "undetermined", "inconsistent")


@dataclass(frozen=True)
class RankQuestion:
    """Can perfect play expect the rank starting at `threshold`? The optimal expected score lies in [lower, upper]
    (the means of a lower and an upper bound); the answer compares `threshold` with their 95% intervals, never a
    "probability": the optimum is a fixed number, not a random one.

    `verdict` is one of :data:`VERDICTS`: "above" when the lower end's 95% interval lies at or above the
    threshold (perfect play expects the rank), "below" when the upper end's 95% interval lies below it (it does
    not), "straddles" otherwise (open), "undetermined" when an interval is undefined (one deal), "inconsistent"
    when both hold at once (the lower bound's interval above the upper bound's: a broken bound)."""

    threshold: int
    rank: str
    lower: MeanCI
    upper: MeanCI

    @property
    def verdict(self) -> str:
        """above, below, straddles, undetermined or inconsistent (see the class)."""
        if self.lower.ci95 is None or self.upper.ci95 is None:
            return "undetermined"
        above = self.lower.ci95[0] >= self.threshold
        below = self.upper.ci95[1] < self.threshold
        if above and below:
            return "inconsistent"
        return "above" if above else "below" if below else "straddles"

    @property
    def detail(self) -> str:
        """Why the verdict holds, in words."""
        t = self.threshold
        verdict = self.verdict
        if verdict == "undetermined":
            return "one deal: the 95% intervals of the ends are undefined"
        if verdict == "inconsistent":
            return f"the lower end's 95% interval lies at or above {t} and the upper end's below it: a bound is wrong"
        if verdict == "above":
            return f"the lower end's 95% interval lies at or above {t}: perfect play expects the {self.rank} rank"
        if verdict == "below":
            return f"the upper end's 95% interval lies below {t}: perfect play does not expect the {self.rank} rank"
        if self.lower.mean >= t:
            return f"both ends are at or above {t}, but the lower end's 95% interval reaches below it"
        if self.upper.mean < t:
            return f"both ends are below {t}, but the upper end's 95% interval reaches it"
        return f"{t} lies between the two ends"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: threshold, rank, verdict, detail and both ends with their 95% intervals."""
        return {
            "threshold": self.threshold,
            "rank": self.rank,
            "verdict": self.verdict,
            "detail": self.detail,
            "lower": {"mean": self.lower.mean, "ci95": None if self.lower.ci95 is None else list(self.lower.ci95)},
            "upper": {"mean": self.upper.mean, "ci95": None if self.upper.ci95 is None else list(self.upper.ci95)},
        }


def rank_question(lower: MeanCI, upper: MeanCI, rank: str = "perfect") -> RankQuestion:
    """The rank question for the interval [lower, upper] and the rank `rank` (default "perfect", 60+); a
    ValueError (RuleOptionError) names an unknown rank."""
    thresholds = dict(RANKS)
    if rank not in thresholds:
        raise RuleOptionError(f"haniwa solo: unknown rank {rank!r} (ranks: {', '.join(thresholds)})")
    return RankQuestion(thresholds[rank], rank, lower, upper)


__all__ = ["RANKS", "VERDICTS", "MeanCI", "RankQuestion", "rank_counts", "rank_of", "rank_question"]
