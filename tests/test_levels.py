"""``kofun play --level 1..5``: points on the measured ladder, each with its rating and interval."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.rating.ladders import Ladder, Level
from solver.rating.levels import DEFAULT_LEVEL, LEVEL_COUNT, describe, ladder_levels, level_of, levels_line

SHIPPED = sorted((Path(__file__).parent.parent / "solver" / "data" / "ratings").glob("*.json"))


def search(budget: int, rating: float, low: float, high: float) -> Level:
    settings = {"algo": "alphabeta", "nodes": budget, "threads": 1, "seed": 0}
    return Level(f"alphabeta-{budget}", "search", "alphabeta", budget, settings, True, rating, low, high, 100)


def ladder() -> Ladder:
    levels = [
        Level("random", "random", None, None, {}, False, 0.0, 0.0, 0.0, 100),
        search(16, 100, 90, 110),
        search(64, 300, 280, 320),
        search(256, 500, 470, 530),
    ]
    return Ladder("connect4", "standard", {}, levels, 0, "", 200, 100, 30.0, "", 200)


def test_levels_spread_evenly_over_the_rated_range() -> None:
    got = [
        (lv.number, lv.choice.name, lv.choice.rating, lv.choice.low, lv.choice.high) for lv in ladder_levels(ladder())
    ]
    assert got == [
        (1, "alphabeta-16", 100, 90, 110),
        (2, "alphabeta-32", 200, 185, 215),  # halfway in log budget between 16 and 64
        (3, "alphabeta-64", 300, 280, 320),
        (4, "alphabeta-128", 400, 375, 425),
        (5, "alphabeta-256", 500, 470, 530),
    ]
    assert level_of(ladder(), 2).choice.settings["nodes"] == 32
    with pytest.raises(ValueError, match="level: must be 1 to 5, got 6"):
        level_of(ladder(), 6)
    assert describe(level_of(ladder(), 4).choice) == "alphabeta-128 (alphabeta, 128 nodes)"


def test_levels_line() -> None:
    line = levels_line(ladder())
    assert line.startswith("kofun play --level (default 3): 1: alphabeta-16, rated 100 [90, 110]; 2: alphabeta-32")
    assert line.endswith("5: alphabeta-256, rated 500 [470, 530]. --time S: full strength, a time per move, not rated")


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_ladder_rates_every_level(path: Path) -> None:
    lad = Ladder.load(path)
    levels = ladder_levels(lad)
    assert [lv.number for lv in levels] == list(range(1, LEVEL_COUNT + 1)) and 1 <= DEFAULT_LEVEL <= LEVEL_COUNT
    main = lad.main_levels()
    assert levels[0].choice.name == main[0].name
    assert levels[-1].choice.rating == max(lv.rating for lv in main)
    ratings = [lv.choice.rating for lv in levels]
    assert ratings == sorted(ratings)
    for lv in levels:
        c = lv.choice
        assert c.kind == "search" and c.low <= c.rating <= c.high and c.settings["nodes"] == c.budget
