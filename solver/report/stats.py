"""Match statistics: score of a series of games with a 95% confidence interval."""

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
        """E.g. '10 games: A won 6, drew 2, lost 2; score 0.700 (95% CI 0.43-0.97)'."""
        lo, hi = self.ci95
        return (
            f"{self.games} games: {name} won {self.wins}, drew {self.draws}, lost {self.losses}; "
            f"score {self.score:.3f} (95% CI {lo:.3f}-{hi:.3f})"
        )
