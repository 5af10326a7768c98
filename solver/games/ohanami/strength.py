"""Strength at a table of more than two: one ISMCTS seat against greedy (or random) seats, on paired deals.

``kofun experiment`` compares two sides. With 3 or 4 players and one AI against the rest, each seat is its own side:
every deal is played once per rotation of the agents around the table (the ISMCTS player sits at every seat once),
so the luck of the deal cancels out. Unit *k* of a run seeded *s* is dealt from ``derive_seed(s, "unit", k)``, as in
:mod:`solver.experiments`.

Reported: the share of games ISMCTS wins (alone, and alone or shared — ties share the victory) with 95% Wilson
intervals, its mean score, the mean score of the other seats, and the mean margin (ISMCTS score minus the mean of the
others) with a 95% interval over the units.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ...agents import Agent
from ...experiments import make_side
from ...match import rotations, side_of
from ...report.stats import Interval, mean_interval, wilson
from ...seeds import check_seed, derive_seed


@dataclass
class TableResult:
    """One ISMCTS seat against `opponent` seats: per game, the ISMCTS score and the others' scores."""

    players: int
    opponent: str
    units: int
    iterations: int
    seed: int
    peek: str = "none"
    mine: list[float] = field(default_factory=list)
    others: list[list[float]] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def games(self) -> int:
        """Games played (units x rotations)."""
        return len(self.mine)

    def wins(self, shared: bool) -> Interval:
        """Games ISMCTS won alone (or alone or shared), with the 95% Wilson interval."""
        won = sum(m > max(o) or (shared and m == max(o)) for m, o in zip(self.mine, self.others, strict=True))
        return wilson(won, self.games)

    @property
    def margin(self) -> Interval:
        """ISMCTS score minus the mean of the other seats, per unit (mean over its rotations), 95% interval."""
        per_game = [m - sum(o) / len(o) for m, o in zip(self.mine, self.others, strict=True)]
        r = self.players
        return mean_interval([sum(per_game[i : i + r]) / r for i in range(0, len(per_game), r)])

    @property
    def mean_score(self) -> float:
        """Mean game score of the ISMCTS seat."""
        return sum(self.mine) / max(1, self.games)

    @property
    def others_mean_score(self) -> float:
        """Mean game score of the other seats."""
        return sum(sum(o) / len(o) for o in self.others) / max(1, self.games)

    @property
    def best_other_mean(self) -> float:
        """Mean over games of the best score among the other seats."""
        return sum(max(o) for o in self.others) / max(1, self.games)

    def summary(self) -> str:
        """A few lines for the terminal."""
        peek = "" if self.peek == "none" else f" PEEKING ({self.peek})"
        return "\n".join(
            [
                f"ohanami, {self.players} players: ismcts ({self.iterations} iterations){peek} vs"
                f" {self.players - 1} x {self.opponent}: {self.units} deals x {self.players} seatings ="
                f" {self.games} games, seed {self.seed}",
                f"ismcts wins alone: {self.wins(False).text()}; alone or shared: {self.wins(True).text()}",
                f"mean score: ismcts {self.mean_score:.1f}, others {self.others_mean_score:.1f}"
                f" (best other {self.best_other_mean:.1f}); margin {self.margin.text(2)}",
                f"time: {self.seconds:.1f} s",
            ]
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        d = asdict(self)
        d["wins_alone"] = asdict(self.wins(False))
        d["wins_or_shared"] = asdict(self.wins(True))
        d["margin"] = asdict(self.margin)
        return d


def run_table(
    players: int,
    opponent: str,
    units: int,
    iterations: int,
    seed: int = 0,
    search_options: dict[str, Any] | None = None,
    peek: str = "none",
    on_unit: Callable[[int], None] | None = None,
) -> TableResult:
    """One ISMCTS seat (`iterations` per decision) against `players` - 1 `opponent` seats ('greedy', 'random' or
    'pimc'), `units` deals each played once per seat of the ISMCTS player."""
    from . import GAME

    check_seed(seed)
    rules = GAME.check_options({"players": players})
    me = make_side(GAME, "ismcts", iterations, rules, search_options, peek)
    other = make_side(GAME, opponent, iterations, rules)
    sides: list[Agent] = [me] + [other] * (players - 1)
    res = TableResult(players, opponent, units, iterations, seed, peek)
    start = time.perf_counter()
    for k in range(units):
        for rotation, record in rotations(GAME, sides, rules, derive_seed(seed, "unit", k)):
            (seat,) = side_of(record, rotation, 0)
            res.mine.append(record.scores[seat])
            res.others.append([s for q, s in enumerate(record.scores) if q != seat])
        if on_unit is not None:
            on_unit(k)
    res.seconds = time.perf_counter() - start
    return res
