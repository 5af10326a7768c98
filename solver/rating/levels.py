"""The levels of ``kofun play --level 1..8`` and of the web lobby: points on the measured ladder of the game's mode,
level 8 being full strength.

- **Level 8** is full strength: the default search at the mode's full-strength budget
  (:data:`~solver.rating.pools.FULL_STRENGTH`, about 2 s a decision on one core), the ladder's top rung. Until the
  ladder has measured that rung it is shown as not rated yet.
- **Levels 1 to 7** are spread evenly in rating from the weakest useful agent (the default search at the ladder's
  lowest budget) to the top of what the ladder rates: level 1 is that lowest level, level 7 the ladder's best rated
  level, the levels between are the default search at the budget interpolated on the fitted curve
  (:func:`~solver.rating.choose.choose`), each with its rating and 95% interval. Once the ladder rates full strength,
  levels 1 to 8 are spread evenly from the weakest useful agent to full strength's own rating (where the curve
  saturates a smaller budget may rate higher by chance: it is not a level then, so that level 8 stays the top).
- Where the rules select no rated mode, the levels are fixed budgets spread evenly in log budget from 16 to the
  game's full strength, not rated (and said so).

A record names its agents by their settings, so a record made when the levels were other points still replays.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..games import GameInfo, get_game
from .choose import Choice, choice_of, choose
from .ladders import Ladder
from .pools import MODES, mode_of, search_entry

LEVEL_COUNT = 8
#: The level `kofun play` plays without --level / --elo / --time.
DEFAULT_LEVEL = 4
#: The smallest budget of the fixed levels of a mode without a ladder.
UNRATED_BOTTOM = 16


@dataclass(frozen=True)
class RatedLevel:
    """Level `number` of a ladder: the agent it plays (a ladder choice: name, settings, rating, interval; the
    rating is NaN for full strength not yet measured) and whether it is full strength."""

    number: int
    choice: Choice
    full: bool = False

    @property
    def rated(self) -> bool:
        """False for full strength before the ladder has measured it."""
        return math.isfinite(self.choice.rating)

    def text(self) -> str:
        """E.g. 'level 3: ismcts-1024, rated 329 [304, 355]' / 'level 8: ismcts-1048576 (full strength), not
        rated yet'."""
        c = self.choice
        name = f"{c.name} (full strength)" if self.full else c.name
        if not self.rated:
            return f"level {self.number}: {name}, not rated yet"
        return f"level {self.number}: {name}, rated {c.rating:.0f} [{c.low:.0f}, {c.high:.0f}]"


def full_settings(game: str | GameInfo, mode: str) -> tuple[str, dict[str, Any], int]:
    """The name, search settings (one thread, the ladder's) and budget of full strength in `mode` of `game`."""
    m = MODES[get_game(game).name][mode]
    entry = search_entry(m.algo, m.budgets[-1], True)  # the ladder's own entry of that rung
    return entry.name, dict(entry.settings), m.budgets[-1]


def ladder_levels(ladder: Ladder, count: int = LEVEL_COUNT) -> list[RatedLevel]:
    """The `count` levels of `ladder`, weakest first, the last one full strength (see the module docstring)."""
    main = ladder.main_levels()
    if not main:
        raise ValueError(f"{ladder.game} ({ladder.mode}): the ladder has no search levels")
    if count < 3:
        raise ValueError(f"levels: need at least 3, got {count}")
    name, settings, budget = full_settings(ladder.game, ladder.mode)
    rated_full = next((lv for lv in main if lv.budget == budget and lv.measured), None)
    low = main[0].rating
    out = [RatedLevel(1, choice_of(main[0]))]
    if rated_full is not None:
        for k in range(1, count - 1):
            out.append(RatedLevel(k + 1, choose(ladder, low + (rated_full.rating - low) * k / (count - 1))))
        out.append(RatedLevel(count, choice_of(rated_full), full=True))
        return out
    best = max(main, key=lambda lv: lv.rating)  # where the curve saturates, not always the largest budget
    for k in range(1, count - 2):
        out.append(RatedLevel(k + 1, choose(ladder, low + (best.rating - low) * k / (count - 2))))
    nan = math.nan
    out.append(RatedLevel(count - 1, choice_of(best)))
    out.append(RatedLevel(count, Choice(name, "search", settings, nan, budget, nan, nan), full=True))
    return out


def level_of(ladder: Ladder, number: int) -> RatedLevel:
    """Level `number` (1..LEVEL_COUNT) of `ladder`."""
    if not 1 <= number <= LEVEL_COUNT:
        raise ValueError(f"level: must be 1 to {LEVEL_COUNT}, got {number}")
    return ladder_levels(ladder)[number - 1]


def _nearest_mode(info: GameInfo, rules: Mapping[str, Any] | None) -> str:
    """The rated mode of `rules`, else the mode with the same number of players, else the game's first mode."""
    try:
        return mode_of(info, rules)[0]
    except ValueError:
        pass
    modes = MODES.get(info.name)
    if not modes:
        raise ValueError(f"{info.name}: no rated modes")
    players = info.check_options(rules).get("players")
    for name, m in modes.items():
        if m.rules.get("players") == players:
            return name
    return next(iter(modes))


def unrated_budget(game: str | GameInfo, rules: Mapping[str, Any] | None, number: int) -> dict[str, Any]:
    """The search budget of level `number` where no ladder rates the rules: spread evenly in log budget from
    :data:`UNRATED_BOTTOM` (level 1) to the game's full strength (level 8, of its nearest rated mode)."""
    if not 1 <= number <= LEVEL_COUNT:
        raise ValueError(f"level: must be 1 to {LEVEL_COUNT}, got {number}")
    info = get_game(game)
    full = MODES[info.name][_nearest_mode(info, rules)].budgets[-1]
    t = (number - 1) / (LEVEL_COUNT - 1)
    return {"nodes": round(math.exp(math.log(UNRATED_BOTTOM) + t * (math.log(full) - math.log(UNRATED_BOTTOM))))}


def levels_line(ladder: Ladder) -> str:
    """The line of `kofun levels`: every --level with its agent, rating and interval."""
    parts = [lv.text().removeprefix("level ") for lv in ladder_levels(ladder)]
    return (
        f"kofun play --level (default {DEFAULT_LEVEL}): "
        + "; ".join(parts)
        + ". --time S: full strength by the clock, a time per move, not rated"
    )


def describe(choice: Choice, settings: Mapping[str, Any] | None = None) -> str:
    """An agent of a ladder in words: 'ismcts-1024 (ismcts, 1024 iterations)' / 'random' / 'greedy'."""
    if choice.kind != "search":
        return choice.name
    opts = settings or choice.settings
    unit = "iterations" if opts.get("algo") in ("mcts", "ismcts", "pimc") else "nodes"
    return f"{choice.name} ({opts.get('algo')}, {int(opts.get('nodes') or 0):,} {unit})"


__all__ = [
    "DEFAULT_LEVEL",
    "LEVEL_COUNT",
    "UNRATED_BOTTOM",
    "RatedLevel",
    "describe",
    "full_settings",
    "ladder_levels",
    "level_of",
    "levels_line",
    "unrated_budget",
]
