"""Ratings of agents from the games they played, with bootstrap intervals.

- **Two sides** (every game and mode so far; Haniwa with 4 players is two teams): Bradley-Terry by maximum
  likelihood with ``choix`` (``ilsr_pairwise_dense``, the iterative Luce spectral ranking, whose fixed point is the
  maximum-likelihood estimate). Draws are handled explicitly as half a win for each side (the Elo convention: the
  comparison matrix takes 0.5 in both directions). One virtual draw between each pair of neighbours of the pool's
  order keeps the estimate finite when a level wins every game against the one below it (negligible once a pair
  has played a few dozen games).
- **More than two sides**: Plackett-Luce rankings with ``openskill`` (``PlackettLuce``), the games taken in their
  canonical order, its means converted to the same scale.
- **Scale**: Elo-like, 400 points = 10:1 odds (a logit times 400 / ln 10), anchored at ``random`` = 0.
- **Intervals**: 95% percentile intervals of a bootstrap over units (a unit is one deal played with every seating,
  the unit of independence), resampled within each table so that every pairing keeps its number of units.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

ELO_PER_LOGIT = 400 / math.log(10)
ANCHOR = "random"
BOOTSTRAP = 200
PRIOR_DRAWS = 1.0

#: One game at a table: the points of each side (higher is better; equal points: a draw).
Game = Sequence[float]


@dataclass
class Unit:
    """One deal (or match) played with every seating by the agents of `table` (pool indices, side order)."""

    table: tuple[int, ...]
    games: list[list[float]]  # per game, the points of each side of `table`


@dataclass
class Fit:
    """Ratings (Elo scale, anchor = 0) and their 95% intervals, one per pool entry."""

    ratings: list[float]
    low: list[float]
    high: list[float]
    method: str
    bootstrap: int

    def half_width(self, i: int) -> float:
        """Half the width of entry i's interval."""
        return (self.high[i] - self.low[i]) / 2


def _pair_counts(units: Sequence[Unit], n: int) -> np.ndarray:
    wins = np.zeros((n, n))
    for u in units:
        a, b = u.table
        wa, wb = _unit_wins(u)  # multiples of 0.5: summed exactly, in any order
        wins[a, b] += wa
        wins[b, a] += wb
    return wins


def _unit_wins(u: Unit) -> tuple[float, float]:
    """The wins of a two-sided unit's first and second side (a draw: half to each)."""
    wa = wb = 0.0
    for pa, pb in u.games:
        if pa > pb:
            wa += 1
        elif pb > pa:
            wb += 1
        else:
            wa += 0.5
            wb += 0.5
    return wa, wb


def unmeasured(units: Sequence[Unit], n: int, anchor: int = 0) -> list[int]:
    """The entries whose distance from `anchor` the games do not measure (two sides): those outside the anchor's
    strongly connected part of the graph with an edge a -> b when a won or drew a game against b. Between the two
    parts one side won every game, so the maximum-likelihood gap is infinite and what the fit shows is the virtual
    draws' doing; a bootstrap of such games looks certain when it is not."""
    beat = _pair_counts(units, n) > 0

    def reach(edges: np.ndarray) -> set[int]:
        seen, todo = {anchor}, [anchor]
        while todo:
            a = todo.pop()
            for b in np.flatnonzero(edges[a]):
                if int(b) not in seen:
                    seen.add(int(b))
                    todo.append(int(b))
        return seen

    both = reach(beat) & reach(beat.T)
    return [i for i in range(n) if i not in both]


def _bt(wins: np.ndarray, order: Sequence[int]) -> np.ndarray:
    import choix

    w = wins.copy()
    for a, b in itertools.pairwise(order):  # virtual draws between neighbours
        w[a, b] += PRIOR_DRAWS / 2
        w[b, a] += PRIOR_DRAWS / 2
    return np.asarray(choix.ilsr_pairwise_dense(w, max_iter=1000, tol=1e-10)) * ELO_PER_LOGIT


def _pl(units: Sequence[Unit], n: int) -> np.ndarray:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating() for _ in range(n)]
    for u in units:
        for points in u.games:
            best = sorted(set(points), reverse=True)
            ranks = [float(best.index(p)) for p in points]
            new = model.rate([[ratings[i]] for i in u.table], ranks=ranks)
            for i, team in zip(u.table, new, strict=True):
                ratings[i] = team[0]
    return np.array([r.mu for r in ratings]) * ELO_PER_LOGIT / (math.sqrt(2) * model.beta)


def point_estimate(units: Sequence[Unit], n: int, anchor: int = 0, order: Sequence[int] | None = None) -> np.ndarray:
    """Ratings of `n` entries from `units`, entry `anchor` at 0 (two sides: Bradley-Terry, else Plackett-Luce).
    `order` is the pool order whose neighbours get the virtual draw (default: index order)."""
    sides = {len(u.table) for u in units} or {2}
    if sides == {2}:
        r = _bt(_pair_counts(units, n), list(order) if order is not None else list(range(n)))
    else:
        r = _pl(units, n)
    return np.asarray(r - r[anchor])


def fit(
    units: Sequence[Unit],
    n: int,
    anchor: int = 0,
    samples: int = BOOTSTRAP,
    seed: int = 0,
    order: Sequence[int] | None = None,
) -> Fit:
    """Ratings with 95% bootstrap intervals (`samples` resamples of the units within each table)."""
    ratings = point_estimate(units, n, anchor, order)
    by_table: dict[tuple[int, ...], list[Unit]] = {}
    for u in units:
        by_table.setdefault(u.table, []).append(u)
    rng = np.random.default_rng(seed)
    draws = np.empty((samples, n))
    two = {len(u.table) for u in units} <= {2}
    if two:  # each unit's wins (a over b, b over a) once; a resample adds up the units drawn
        tables = [(t, np.array([_unit_wins(u) for u in g])) for t, g in by_table.items()]
        path = list(order) if order is not None else list(range(n))
        for s in range(samples):
            wins = np.zeros((n, n))
            for (a, b), per_unit in tables:
                wa, wb = per_unit[rng.integers(0, len(per_unit), len(per_unit))].sum(axis=0)
                wins[a, b] += wa
                wins[b, a] += wb
            r = _bt(wins, path)
            draws[s] = r - r[anchor]
    else:
        for s in range(samples):
            sample = [g[k] for g in by_table.values() for k in rng.integers(0, len(g), len(g))]
            draws[s] = point_estimate(sample, n, anchor, order)
    low = np.percentile(draws, 2.5, axis=0) if samples else ratings
    high = np.percentile(draws, 97.5, axis=0) if samples else ratings
    # A bootstrap cannot see the spread of a table of one unit (every resample is that unit): an entry with no
    # table of two units or more has no interval (-inf, inf; null in a ladder file), never a zero-width one.
    spread = {i for t, g in by_table.items() if len(g) >= 2 for i in t} | {anchor}
    blind = [i for i in range(n) if i not in spread]
    method = (
        "Bradley-Terry maximum likelihood (choix.ilsr_pairwise_dense); a draw is half a win for each side; "
        f"{PRIOR_DRAWS:g} virtual draw between neighbours of the pool"
        if two
        else "Plackett-Luce (openskill.models.PlackettLuce), games in canonical order"
    )
    lows = [float(min(x, r)) for x, r in zip(low, ratings, strict=True)]
    highs = [float(max(x, r)) for x, r in zip(high, ratings, strict=True)]
    for i in blind:
        lows[i], highs[i] = -math.inf, math.inf
    return Fit([float(x) for x in ratings], lows, highs, method, samples)


__all__ = [
    "ANCHOR",
    "ELO_PER_LOGIT",
    "Fit",
    "Unit",
    "fit",
    "point_estimate",
    "unmeasured",
]
