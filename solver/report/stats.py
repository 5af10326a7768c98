"""Statistics of series of games: scores, win rates and means, each with its 95% confidence interval.

- A **proportion** (a win rate, a score where a draw is half a win) has the Wilson score interval, z = 1.96: it
  is defined from one game on and never has zero width (3 wins of 3 games: [0.438, 1]).
- A **mean** (a point difference per unit, a solo score per deal) has the Student-t interval with n - 1 degrees of
  freedom, ``mean ± t(0.975, n - 1) · s / √n``: with two units t = 12.71, not the normal 1.96.
- With too few observations (no game; one unit for a mean) the interval is **undefined**: its bounds are None
  (``null`` in JSON) and ``reason`` says why — never ``-inf`` / ``inf``, which JSON cannot carry.

Intervals are printed as ``0.712 (95% CI [0.668, 0.752])`` — brackets and a comma, so that negative bounds read
unambiguously."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054


def t95(df: int) -> float:
    """The 97.5% quantile of Student's t with `df` >= 1 degrees of freedom (12.706 for 1, 1.96 as df grows)."""
    if df < 1:
        raise ValueError(f"degrees of freedom: must be >= 1, got {df}")
    from scipy.stats import t

    return float(t.ppf(0.975, df))


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% confidence interval; `low` / `high` None when it is undefined (`reason` says why);
    `value` None when there is nothing to estimate."""

    value: float | None
    low: float | None
    high: float | None
    reason: str = ""

    @property
    def defined(self) -> bool:
        """True when both bounds are known."""
        return self.low is not None and self.high is not None

    def text(self, digits: int = 3) -> str:
        """E.g. '0.712 (95% CI [0.668, 0.752])', or '-10.00 (95% CI undefined: one unit)'."""
        value = "none" if self.value is None else f"{self.value:.{digits}f}"
        if self.low is None or self.high is None:
            return f"{value} (95% CI undefined: {self.reason})"
        return f"{value} (95% CI [{self.low:.{digits}f}, {self.high:.{digits}f}])"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: value, low, high (None: null) and, when undefined, the reason."""
        d: dict[str, Any] = {"value": self.value, "low": self.low, "high": self.high}
        if not self.defined:
            d["reason"] = self.reason
        return d

    @property
    def bounds(self) -> list[float] | None:
        """[low, high], or None when undefined (JSON: null)."""
        return [self.low, self.high] if self.low is not None and self.high is not None else None


def wilson(successes: float, n: float) -> Interval:
    """A proportion of `successes` (a draw may count a half) in `n` trials with its 95% Wilson score interval;
    undefined for n = 0."""
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"wilson: need 0 <= successes <= trials, got {successes} of {n}")
    if n == 0:
        return Interval(None, None, None, "no games")
    z = Z95
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float], unit: str = "unit") -> Interval:
    """Mean with its 95% Student-t interval over `values` (one per independent `unit`); undefined below two."""
    n = len(values)
    if n == 0:
        return Interval(None, None, None, f"no {unit}s")
    mean = sum(values) / n
    if n < 2:
        return Interval(mean, None, None, f"one {unit}: its spread is unknown")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = t95(n - 1) * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half)


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
    def interval(self) -> Interval:
        """The score with its 95% Wilson interval (a draw half a win); undefined before any game."""
        return wilson(self.wins + 0.5 * self.draws, self.games)

    @property
    def ci95(self) -> tuple[float, float] | None:
        """The score's 95% interval, None before any game."""
        i = self.interval
        return (i.low, i.high) if i.low is not None and i.high is not None else None

    def summary(self, name: str = "A") -> str:
        """E.g. '10 games: A won 6, drew 2, lost 2; score 0.700 (95% CI [0.397, 0.892])'."""
        return (
            f"{self.games} games: {name} won {self.wins}, drew {self.draws}, lost {self.losses}; "
            f"score {self.interval.text()}"
        )
