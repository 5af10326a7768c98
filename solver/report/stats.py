"""Statistics of series of games: scores, win rates and means, each with its 95% confidence interval.

Intervals are printed as ``0.712 (95% CI [0.668, 0.752])`` — brackets and a comma, so that negative bounds read
unambiguously."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class MatchScore:
    """Wins, draws and losses of one side, its score (win 1, draw 1/2) and the score's 95% interval."""

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        """Games played."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Mean points per game (win 1, draw 0.5, loss 0); 0.5 before any game."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.5

    @property
    def ci95(self) -> tuple[float, float]:
        """Normal-approximation 95% interval of the score from the per-game variance, clipped to [0, 1].

        With fewer than two games nothing is known: (0, 1).
        """
        n = self.games
        if n < 2:
            return (0.0, 1.0)
        mean = self.score
        sq = self.wins * (1 - mean) ** 2 + self.draws * (0.5 - mean) ** 2 + self.losses * mean**2
        half = 1.96 * math.sqrt(sq / (n - 1) / n)
        return (max(0.0, mean - half), min(1.0, mean + half))

    def summary(self, name: str = "A") -> str:
        """E.g. '10 games: A won 6, drew 2, lost 2; score 0.700 (95% CI [0.430, 0.970])'."""
        lo, hi = self.ci95
        return (
            f"{self.games} games: {name} won {self.wins}, drew {self.draws}, lost {self.losses}; "
            f"score {Interval(self.score, lo, hi).text()}"
        )


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def text(self, digits: int = 3) -> str:
        """E.g. '0.712 (95% CI [0.668, 0.752])'."""
        return f"{self.value:.{digits}f} (95% CI [{self.low:.{digits}f}, {self.high:.{digits}f}])"


def wilson(successes: int, n: int) -> Interval:
    """Win rate with the 95% Wilson score interval ((0.5, 0, 1) when n = 0)."""
    if n == 0:
        return Interval(0.5, 0.0, 1.0)
    z = 1.96
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float]) -> Interval:
    """Mean with a 95% normal interval (infinite width for fewer than two values)."""
    n = len(values)
    if n == 0:
        return Interval(0.0, -math.inf, math.inf)
    mean = sum(values) / n
    if n < 2:
        return Interval(mean, -math.inf, math.inf)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half)
