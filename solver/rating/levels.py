"""The levels of ``kofun play --level 1..N``: points on the measured ladder of the game and mode.

Level 1 is the default search's lowest rated budget, level N its top, the levels between are spread evenly over
that rating range (each the budget interpolated on the ladder's fitted curve, :func:`solver.rating.choose.choose`), so
every level is a measured rating with its 95% interval. Where the rules select no rated mode the levels fall back
to fixed node budgets, which are not rated (and said so). Full strength — a time per move, stronger than every
rated level — is ``--time S``, never rated.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .choose import Choice, choose
from .ladders import Ladder

LEVEL_COUNT = 5
DEFAULT_LEVEL = 3
#: Node budgets of the levels of a mode without a ladder (not rated).
UNRATED_NODES: dict[int, int] = {1: 1_000, 2: 10_000, 3: 100_000, 4: 1_000_000, 5: 4_000_000}


@dataclass(frozen=True)
class RatedLevel:
    """Level `number` of a ladder: the agent it plays (a ladder choice: name, settings, rating, interval)."""

    number: int
    choice: Choice

    def text(self) -> str:
        """E.g. 'level 3: ismcts-1024, rated 329 [304, 355]'."""
        c = self.choice
        return f"level {self.number}: {c.name}, rated {c.rating:.0f} [{c.low:.0f}, {c.high:.0f}]"


def ladder_levels(ladder: Ladder, count: int = LEVEL_COUNT) -> list[RatedLevel]:
    """The `count` levels of `ladder`: its default search from the lowest rated budget to the top, spread evenly
    over the rating range between them."""
    main = ladder.main_levels()
    if not main:
        raise ValueError(f"{ladder.game} ({ladder.mode}): the ladder has no search levels")
    if count < 2:
        raise ValueError(f"levels: need at least 2, got {count}")
    low, high = main[0].rating, max(lv.rating for lv in main)
    first = Choice(main[0].name, main[0].kind, dict(main[0].settings), main[0].rating, main[0].budget,
                   main[0].low, main[0].high)  # fmt: skip
    out = [RatedLevel(1, first)]
    for k in range(1, count):
        out.append(RatedLevel(k + 1, choose(ladder, low + (high - low) * k / (count - 1))))
    return out


def level_of(ladder: Ladder, number: int) -> RatedLevel:
    """Level `number` (1..LEVEL_COUNT) of `ladder`."""
    if not 1 <= number <= LEVEL_COUNT:
        raise ValueError(f"level: must be 1 to {LEVEL_COUNT}, got {number}")
    return ladder_levels(ladder)[number - 1]


def unrated_budget(number: int) -> dict[str, Any]:
    """The search budget of level `number` where no ladder rates the mode."""
    if number not in UNRATED_NODES:
        raise ValueError(f"level: must be 1 to {LEVEL_COUNT}, got {number}")
    return {"nodes": UNRATED_NODES[number]}


def levels_line(ladder: Ladder) -> str:
    """The line of `kofun levels`: every --level with its agent, rating and interval."""
    parts = [lv.text().removeprefix("level ") for lv in ladder_levels(ladder)]
    return (
        f"kofun play --level (default {DEFAULT_LEVEL}): "
        + "; ".join(parts)
        + ". --time S: full strength, a time per move, not rated"
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
    "UNRATED_NODES",
    "RatedLevel",
    "describe",
    "ladder_levels",
    "level_of",
    "levels_line",
    "unrated_budget",
]
