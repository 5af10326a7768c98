"""The agent a rating asks for: :func:`choose` picks the level of a ladder nearest a rating, interpolating the
budget of the default search on its fitted curve (rating against log budget); :func:`agent_for_rating` builds it."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

from ..games import get_game
from ..play.agents import GreedyAgent, RandomAgent, SearchAgent
from ..search.settings import SearchSettings
from .ladders import Ladder, Level, shipped_ladder
from .pools import hash_for


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
        return choice_of(pick)
    if rating >= curve[-1][0]:
        return choice_of(curve[-1][1])
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
    return choice_of(curve[-1][1])  # pragma: no cover - the loop covers every rating between the ends


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


def choice_of(lv: Level) -> Choice:
    """The choice of ladder level `lv` itself."""
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


def agent_of(game: Any, choice: Choice, rules: Any = None, seed: int | None = None) -> Any:
    """The agent of a ladder choice (random, greedy or the search with the choice's settings, seeded by `seed`
    when given); its ``rating`` attribute is the choice's rating."""
    info = get_game(game)
    agent: Any
    if choice.kind == "random":
        agent = RandomAgent()
    elif choice.kind == "greedy":
        agent = GreedyAgent(info)
    else:
        settings = {**choice.settings, **({"seed": seed} if seed is not None else {})}
        agent = SearchAgent(info, SearchSettings.from_mapping(settings), rules, name=choice.name)
    agent.rating = choice.rating
    return agent


def agent_for_rating(game: Any, rating: float, **rules: Any) -> Any:
    """The agent of the shipped ladder of `game` (under the rule options `rules`) whose rating is nearest `rating`
    (the default search's budget interpolated between levels). Its ``rating`` attribute is the ladder's rating."""
    info = get_game(game)
    return agent_of(info, choose(shipped_ladder(info, rules), float(rating)), rules)


__all__ = ["Choice", "agent_for_rating", "agent_of", "choice_of", "choose", "rate_budget", "rated_range"]
