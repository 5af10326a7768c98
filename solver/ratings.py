"""Ratings of agents from the games they played, with bootstrap intervals, and the shipped rating ladders.

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

:func:`agent_for_rating` picks the agent of a shipped ladder nearest a rating, interpolating the budget of the
default search on its fitted curve (rating against log budget).
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

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


# --- the shipped ladders --------------------------------------------------------------------------------------


@dataclass
class Level:
    """One agent of a ladder: what it is (kind, algorithm, budget, full settings), its rating and interval, the
    games it played and its mean time per decision (seconds, on the machine that ran the tournament)."""

    name: str
    kind: str
    algo: str | None
    budget: int | None
    settings: dict[str, Any]
    main: bool
    rating: float = 0.0
    low: float = 0.0
    high: float = 0.0
    games: int = 0
    seconds_per_decision: float = 0.0
    #: False when the games do not measure this level's distance from random (see :func:`unmeasured`).
    measured: bool = True

    @property
    def half_width(self) -> float:
        """Half the width of the 95% interval."""
        return (self.high - self.low) / 2


@dataclass
class Ladder:
    """A rated pool of agents for one game and mode, as shipped in ``solver/data/ratings/<game>-<mode>.json``."""

    game: str
    mode: str
    rules: dict[str, Any]
    levels: list[Level]
    seed: int
    command: str
    games: int
    units: int
    target: float
    method: str
    bootstrap: int
    scale: str = "Elo: 400 points = 10:1 odds; random = 0"
    runs: list[dict[str, Any]] = field(default_factory=list)
    #: The level rated 0 (random, or where random never wins a game the lowest search level).
    anchor: str = ANCHOR

    @property
    def converged(self) -> bool:
        """True when every level is measured and its 95% interval half-width is at most the target."""
        return all(lv.measured and lv.half_width <= self.target for lv in self.levels)

    def main_levels(self) -> list[Level]:
        """The default search at its budgets, smallest budget first."""
        return sorted((lv for lv in self.levels if lv.main), key=lambda lv: lv.budget or 0)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (an undefined interval bound: null)."""
        d = asdict(self)
        for lv in d["levels"]:
            for key in ("low", "high"):
                lv[key] = lv[key] if math.isfinite(lv[key]) else None
        d["converged"] = self.converged
        d["wall_time_s"] = sum(float(r.get("wall_time_s", 0.0)) for r in self.runs)
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ladder:
        """A ladder read back from :meth:`to_dict` data."""
        try:
            rest = {k: v for k, v in data.items() if k not in ("levels", "converged", "wall_time_s")}
            levels = []
            for lv in data["levels"]:  # a null bound: an undefined interval
                low = -math.inf if lv.get("low", 0.0) is None else lv.get("low", 0.0)
                high = math.inf if lv.get("high", 0.0) is None else lv.get("high", 0.0)
                levels.append(Level(**{**lv, "low": low, "high": high}))
            return cls(levels=levels, **rest)
        except (KeyError, TypeError) as e:
            raise ValueError(f"rating ladder: malformed ({e})") from None

    def save(self, path: str | Path) -> None:
        """Writes the ladder as JSON."""
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Ladder:
        """Reads a ladder file; ValueError names the file on any problem."""
        try:
            return cls.from_dict(json.loads(Path(path).read_text()))
        except OSError as e:
            raise ValueError(f"rating ladder {path}: {e.strerror}") from None
        except (json.JSONDecodeError, ValueError) as e:
            raise ValueError(f"rating ladder {path}: {e}") from None


def shipped_path(game: str, mode: str) -> Path:
    """Where the ladder of `game` in `mode` ships (it may not exist)."""
    return Path(str(resources.files("solver") / "data" / "ratings" / f"{game}-{mode}.json"))


def shipped_ladder(game: Any, rules: Mapping[str, Any] | None = None) -> Ladder:
    """The shipped ladder of `game` under `rules`; ValueError when the mode has none yet."""
    from .ladder_pools import mode_of

    mode, info = mode_of(game, rules)
    path = shipped_path(info.name, mode)
    if not path.exists():
        raise ValueError(
            f"{info.name} ({mode}): no rating ladder is shipped yet (make one with: kofun ladder {info.name}"
            + "".join(f" --rule {k}={v}" for k, v in mode_rules(info.name, mode).items())
            + ")"
        )
    return Ladder.load(path)


def mode_rules(game: str, mode: str) -> dict[str, Any]:
    """The rule options that select `mode` of `game`."""
    from .ladder_pools import MODES

    return dict(MODES[game][mode].rules)


@dataclass(frozen=True)
class Choice:
    """The agent a rating asks for: a ladder level, or the default search at an interpolated budget."""

    name: str
    kind: str
    settings: dict[str, Any]
    rating: float
    budget: int | None
    #: The 95% interval of the rating (a level's own; interpolated like the rating between two levels).
    low: float = 0.0
    high: float = 0.0


def choose(ladder: Ladder, rating: float) -> Choice:
    """The agent of `ladder` nearest `rating`: below the default search's lowest level the nearest of the levels
    under it (random, greedy) or that level; above its top level the top level; in between the default search at
    the budget interpolated on the fitted curve (rating against log budget, made non-decreasing)."""
    if not math.isfinite(rating):
        raise ValueError(f"elo: must be a finite number, got {rating}")
    main = ladder.main_levels()
    if not main:
        raise ValueError(f"{ladder.game} ({ladder.mode}): the ladder has no search levels")
    curve: list[tuple[float, Level]] = []
    best = -math.inf
    for lv in main:
        best = max(best, lv.rating)
        curve.append((best, lv))
    if rating <= curve[0][0]:
        low = [lv for lv in ladder.levels if not lv.main and lv.kind != "search" and lv.rating <= curve[0][0]]
        pick = min([*low, curve[0][1]], key=lambda lv: abs(lv.rating - rating))
        return _of(pick)
    if rating >= curve[-1][0]:
        return _of(curve[-1][1])
    for (r0, a), (r1, b) in itertools.pairwise(curve):
        if r0 <= rating <= r1 and a.budget and b.budget:
            t = 0.0 if r1 == r0 else (rating - r0) / (r1 - r0)
            budget = round(math.exp(math.log(a.budget) + t * (math.log(b.budget) - math.log(a.budget))))
            settings = {**a.settings, "nodes": budget}
            if "hash_mb" in settings:
                settings["hash_mb"] = hash_for(budget)
            name = f"{a.algo}-{budget}"
            return Choice(
                name, "search", settings, r0 + t * (r1 - r0), budget, _lerp(a.low, b.low, t), _lerp(a.high, b.high, t)
            )
    return _of(curve[-1][1])  # pragma: no cover - the loop covers every rating between the ends


def rate_budget(ladder: Ladder, algo: str, nodes: int) -> tuple[float, float, float] | None:
    """The rating (and 95% interval) of the search `algo` at `nodes` on `ladder`: a level's own when it is one,
    else interpolated in log budget between the two levels of that algorithm around it; None outside them."""
    levels = sorted((lv for lv in ladder.levels if lv.algo == algo and lv.budget), key=lambda lv: lv.budget or 0)
    for a, b in itertools.pairwise(levels):
        if a.budget and b.budget and a.budget <= nodes <= b.budget:
            t = (math.log(nodes) - math.log(a.budget)) / (math.log(b.budget) - math.log(a.budget))
            return _lerp(a.rating, b.rating, t), _lerp(a.low, b.low, t), _lerp(a.high, b.high, t)
    if len(levels) == 1 and levels[0].budget == nodes:
        return levels[0].rating, levels[0].low, levels[0].high
    return None


def _lerp(x: float, y: float, t: float) -> float:
    return x + t * (y - x)


def _of(lv: Level) -> Choice:
    return Choice(lv.name, lv.kind, dict(lv.settings), lv.rating, lv.budget, lv.low, lv.high)


def rated_range(ladder: Ladder) -> tuple[float, float]:
    """The ratings `choose` can reach: from the lowest level it picks (random, greedy below the default search, or
    the search's lowest level) to the default search's top (its curve made non-decreasing)."""
    main = ladder.main_levels()
    if not main:
        raise ValueError(f"{ladder.game} ({ladder.mode}): the ladder has no search levels")
    top = max(lv.rating for lv in main)
    low = [lv.rating for lv in ladder.levels if not lv.main and lv.kind != "search" and lv.rating <= main[0].rating]
    return min([*low, main[0].rating]), top


def hash_for(nodes: int) -> int:
    """The alpha-beta table of a ladder level: 16 bytes per entry, about one entry per node, 1..64 MB."""
    mb = max(1, (nodes * 16) >> 20)
    return int(min(64, 1 << (mb - 1).bit_length()))


def agent_for_rating(game: Any, rating: float, **rules: Any) -> Any:
    """The agent of the shipped ladder of `game` (under the rule options `rules`) whose rating is nearest `rating`
    (the default search's budget interpolated between levels). Its ``rating`` attribute is the ladder's rating."""
    from .agents import GreedyAgent, RandomAgent, SearchAgent
    from .games import get_game
    from .settings import SearchSettings

    info = get_game(game)
    choice = choose(shipped_ladder(info, rules), float(rating))
    agent: Any
    if choice.kind == "random":
        agent = RandomAgent()
    elif choice.kind == "greedy":
        agent = GreedyAgent(info)
    else:
        agent = SearchAgent(info, SearchSettings.from_mapping(choice.settings), rules, name=choice.name)
    agent.rating = choice.rating
    return agent


__all__ = [
    "ANCHOR",
    "ELO_PER_LOGIT",
    "Choice",
    "Fit",
    "Ladder",
    "Level",
    "Unit",
    "agent_for_rating",
    "choose",
    "fit",
    "hash_for",
    "point_estimate",
    "rate_budget",
    "rated_range",
    "shipped_ladder",
    "shipped_path",
]
