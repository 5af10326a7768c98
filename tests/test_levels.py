"""``kofun play --level 1..8``: points on the measured ladder, each with its rating and interval; 8 is full strength."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from solver.cli import main
from solver.cli.common import json_rule_value
from solver.rating.ladders import Ladder, Level, shipped_path
from solver.rating.levels import (
    DEFAULT_LEVEL,
    LEVEL_COUNT,
    describe,
    ladder_levels,
    level_of,
    levels_line,
    unrated_budget,
)

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


FULL = 1 << 24  # Connect Four's full strength (solver.rating.pools.FULL_STRENGTH)


def test_levels_spread_evenly_over_the_rated_range_and_8_is_full_strength() -> None:
    got = [
        (lv.number, lv.choice.name, lv.choice.rating, lv.choice.low, lv.choice.high) for lv in ladder_levels(ladder())
    ]
    third = 1 / 3
    expected = [
        (1, "alphabeta-16", 100, 90, 110),
        (2, "alphabeta-25", 100 + 200 * third, 90 + 190 * third, 110 + 210 * third),  # 16 * 4^(1/3) = 25.4
        (3, "alphabeta-40", 100 + 400 * third, 90 + 380 * third, 110 + 420 * third),
        (4, "alphabeta-64", 300, 280, 320),
        (5, "alphabeta-102", 300 + 200 * third, 280 + 190 * third, 320 + 210 * third),  # 64 * 4^(1/3) = 101.6
        (6, "alphabeta-161", 300 + 400 * third, 280 + 380 * third, 320 + 420 * third),
        (7, "alphabeta-256", 500, 470, 530),
    ]
    assert got[:7] == [
        (n, name, pytest.approx(r), pytest.approx(lo), pytest.approx(hi)) for n, name, r, lo, hi in expected
    ]
    full = ladder_levels(ladder())[7]
    assert (full.number, full.choice.name, full.full, full.rated) == (8, f"alphabeta-{FULL}", True, False)
    assert full.choice.settings == {"algo": "alphabeta", "nodes": FULL, "threads": 1, "seed": 0, "hash_mb": 64}
    assert full.text() == f"level 8: alphabeta-{FULL} (full strength), not rated yet"
    assert level_of(ladder(), 2).choice.settings["nodes"] == 25
    with pytest.raises(ValueError, match="level: must be 1 to 8, got 9"):
        level_of(ladder(), 9)
    assert describe(level_of(ladder(), 4).choice) == "alphabeta-64 (alphabeta, 64 nodes)"


def test_a_ladder_that_rates_full_strength_spreads_all_eight_levels_up_to_it() -> None:
    lad = ladder()
    lad.levels.append(search(FULL, 1500, 1460, 1540))
    levels = ladder_levels(lad)
    assert [round(lv.choice.rating, 6) for lv in levels] == [round(100 + 200 * k, 6) for k in range(8)]
    assert levels[-1].full and levels[-1].rated and levels[-1].choice.name == f"alphabeta-{FULL}"
    assert levels[-1].text() == f"level 8: alphabeta-{FULL} (full strength), rated 1500 [1460, 1540]"
    assert not any(lv.full for lv in levels[:-1])


def test_full_strength_rated_below_a_smaller_budget_is_still_the_top_of_an_even_spread() -> None:
    # where the curve saturates, full strength may rate below a smaller budget by chance: the eight levels then
    # rise evenly from the lowest level to full strength's own rating, and that budget is no level
    lad = ladder()
    lad.levels.append(search(FULL, 440, 400, 480))
    levels = ladder_levels(lad)
    step = (440 - 100) / 7
    assert [lv.choice.rating for lv in levels] == pytest.approx([100 + step * k for k in range(8)])
    # level 7 aims at 391.4: between alphabeta-64 (300) and alphabeta-256 (500) at t = 0.457, 64 * 4^0.457 = 120.6
    assert [lv.choice.name for lv in levels[:7]] == [f"alphabeta-{n}" for n in (16, 22, 31, 44, 62, 86, 121)]
    assert levels[-1].full and levels[-1].choice.name == f"alphabeta-{FULL}" and levels[-1].choice.rating == 440
    assert "alphabeta-256" not in {lv.choice.name for lv in levels}


def test_levels_line() -> None:
    line = levels_line(ladder())
    assert line.startswith("kofun play --level (default 4): 1: alphabeta-16, rated 100 [90, 110]; 2: alphabeta-25")
    assert line.endswith(
        f"8: alphabeta-{FULL} (full strength), not rated yet. --time S: full strength by the clock, a time per move, "
        "not rated"
    )


def test_unrated_levels_rise_in_log_budget_to_full_strength() -> None:
    # custom Connect Four rules? Connect Four has one mode; a Koi-Koi preset that is not rated falls back to the
    # game's first mode: 16 .. 2^20 iterations
    assert unrated_budget("connect4", {}, 1) == {"nodes": 16}
    assert unrated_budget("connect4", {}, 8) == {"nodes": FULL}
    budgets = [unrated_budget("koikoi", {"preset": "seed", "sake_viewing": True}, n)["nodes"] for n in range(1, 9)]
    assert budgets[0] == 16 and budgets[-1] == 1 << 20 and budgets == sorted(budgets)
    assert budgets[3] == round(16 * (2**16) ** (3 / 7))
    with pytest.raises(ValueError, match="level: must be 1 to 8, got 0"):
        unrated_budget("connect4", {}, 0)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_ladder_rates_every_level(path: Path) -> None:
    lad = Ladder.load(path)
    levels = ladder_levels(lad)
    assert [lv.number for lv in levels] == list(range(1, LEVEL_COUNT + 1)) and 1 <= DEFAULT_LEVEL <= LEVEL_COUNT
    main = lad.main_levels()
    assert levels[0].choice.name == main[0].name
    rated = [lv for lv in levels if lv.rated]
    # the top rated level: full strength once the ladder rates it, else the best rated level
    top = levels[-1].choice.rating if levels[-1].rated else max(lv.rating for lv in main)
    assert rated[-1].choice.rating == top and levels[-1].full and LEVEL_COUNT == 8
    ratings = [lv.choice.rating for lv in rated]
    assert ratings == sorted(ratings)
    for lv in rated:
        c = lv.choice
        assert c.kind == "search" and c.low <= c.rating <= c.high and c.settings["nodes"] == c.budget


def _catalog_modes() -> list[tuple[str, str, dict[str, Any], bool]]:
    from solver.web.hub import catalog

    return [(g["name"], m["name"], m["rules"], m["rated"]) for g in catalog() for m in g["modes"]]


def _as_flags(rules: dict[str, Any], strings_as_json: bool) -> list[str]:
    """--rule KEY=VALUE flags of rules as JSON holds them: every value as JSON, or the strings as plain text."""
    out = []
    for key, value in rules.items():
        text = value if isinstance(value, str) and not strings_as_json else json.dumps(value)
        out += ["--rule", f"{key}={text}"]
    return out


@pytest.mark.parametrize(("game", "mode", "rules", "rated"), _catalog_modes(), ids=lambda v: str(v))
def test_kofun_levels_takes_every_modes_own_rules_as_the_catalog_and_its_ladder_file_write_them(
    game: str, mode: str, rules: dict[str, Any], rated: bool
) -> None:
    if not rated:  # a mode without a ladder yet: its rules are taken, and the missing ladder is said
        for strings_as_json in (False, True):
            out = CliRunner().invoke(main, ["levels", game, *_as_flags(rules, strings_as_json)])
            assert out.exit_code == 2
            assert out.output.startswith(f"error: {game} ({mode}): no rating ladder is shipped yet"), out.output
        return
    file_rules = json.loads(shipped_path(game, mode).read_text())["rules"]
    assert json.loads(json.dumps(rules)) == file_rules  # the catalog and the file say the same rules
    for strings_as_json in (False, True):
        out = CliRunner().invoke(main, ["levels", game, *_as_flags(file_rules, strings_as_json)])
        assert out.exit_code == 0, out.output
        assert out.output.startswith(f"{game} ({mode}): ")
        again = CliRunner().invoke(main, ["levels", game, "--json", *_as_flags(file_rules, strings_as_json)])
        assert json.loads(again.output)["rules"] == file_rules and json.loads(again.output)["mode"] == mode


def test_a_rule_flag_reads_a_json_list_or_string_and_leaves_other_text_to_the_option() -> None:
    assert json_rule_value("[]") == [] and json_rule_value('["c3", "e3"]') == ["c3", "e3"]
    assert json_rule_value('""') == "" and json_rule_value('"arashi"') == "arashi"
    assert json_rule_value("200") == "200" and json_rule_value("false") == "false" and json_rule_value("") == ""
    assert json_rule_value("[c3") == "[c3"  # not JSON: the option says what is wrong
    bad = CliRunner().invoke(main, ["levels", "sensei", "--rule", "pits=[c3"])
    assert bad.exit_code == 2 and bad.output.startswith("error: sensei option 'pits': '[c3' is not a square a1..g7")
    pits = CliRunner().invoke(main, ["new", "sensei", "--rule", 'pits=["c3", "e5"]'])
    assert pits.exit_code == 0 and "pits=c3,e5" in pits.output.splitlines()[0], pits.output
