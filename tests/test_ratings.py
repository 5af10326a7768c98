"""Rating fits (solver.rating): Bradley-Terry with choix, Plackett-Luce with openskill, draws, the Elo scale and
anchor, bootstrap intervals, ladder files and picking an agent by rating."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

import solver
from solver.rating import ladders
from solver.rating.choose import choose
from solver.rating.fit import Unit, fit, point_estimate, unmeasured
from solver.rating.ladders import Ladder, Level


def simulated(strengths: list[float], pairs: list[tuple[int, int]], units: int, seed: int = 1) -> list[Unit]:
    """Units of two games between the agents of each pair, won with Elo probabilities of `strengths`."""
    rng = random.Random(seed)
    out = []
    for a, b in pairs:
        p = 1 / (1 + 10 ** ((strengths[b] - strengths[a]) / 400))
        for _ in range(units):
            games = []
            for _ in range(2):
                win = rng.random() < p
                games.append([1.0, -1.0] if win else [-1.0, 1.0])
            out.append(Unit((a, b), games))
    return out


def test_bradley_terry_recovers_elo_differences_anchored_at_zero() -> None:
    truth = [0.0, 150.0, 300.0, 450.0]
    units = simulated(truth, [(0, 1), (1, 2), (2, 3), (0, 2), (1, 3)], 400)
    result = fit(units, 4, anchor=0, samples=60, seed=2)
    assert result.ratings[0] == 0.0 and result.low[0] == result.high[0] == 0.0
    for i, r in enumerate(truth):
        assert abs(result.ratings[i] - r) < 40
        assert result.low[i] - 15 <= r <= result.high[i] + 15
    assert 0 < result.half_width(3) < 80 and "choix" in result.method


def test_ten_to_one_odds_are_400_points_and_draws_are_half_wins() -> None:
    games = [[1.0, 0.0]] * 1000 + [[0.0, 1.0]] * 100
    r = point_estimate([Unit((1, 0), games)], 2, anchor=0)
    assert abs(r[1] - 400) < 5  # one virtual draw barely moves it
    drawn = point_estimate([Unit((0, 1), [[0.0, 0.0]] * 50)], 2)
    assert abs(drawn[1]) < 1e-6
    half = point_estimate([Unit((0, 1), [[1.0, 0.0]] * 10 + [[0.5, 0.5]] * 20 + [[0.0, 1.0]] * 10)], 2)
    assert abs(half[1]) < 1e-6


def test_a_level_that_never_loses_still_gets_a_finite_rating() -> None:
    r = point_estimate([Unit((0, 1), [[0.0, 1.0]] * 40)], 2)
    assert math.isfinite(r[1]) and r[1] > 300


def test_levels_cut_off_from_the_anchor_by_one_sided_games_are_not_measured() -> None:
    won, lost, drawn = [1.0, 0.0], [0.0, 1.0], [0.5, 0.5]
    # 0 - 1 both ways; 2 won every game against 1: its gap is unbounded, and so is 3's, which only met 2
    units = [Unit((0, 1), [won, lost] * 5), Unit((1, 2), [lost] * 30), Unit((2, 3), [won, lost] * 5)]
    assert unmeasured(units, 4, anchor=0) == [2, 3]
    assert unmeasured([*units, Unit((2, 1), [lost])], 4, anchor=0) == []  # one loss of 2 joins them
    assert unmeasured([*units, Unit((1, 2), [drawn])], 4, anchor=0) == []  # and so does a draw
    assert unmeasured([Unit((0, 1), [won] * 9)], 3, anchor=0) == [1, 2]  # never played: not measured either
    # the bootstrap of the one-sided table alone looks certain; the fit's interval is no guide
    alone = fit([Unit((0, 1), [lost] * 10) for _ in range(20)], 2, samples=40, seed=1)
    assert alone.half_width(1) < 1


def test_plackett_luce_with_openskill_orders_three_sided_tables() -> None:
    rng = random.Random(4)
    units = []
    for _ in range(150):  # agent 2 beats 1 beats 0, with noise
        points = [rng.random(), rng.random() + 0.4, rng.random() + 0.8]
        units.append(Unit((0, 1, 2), [points]))
    result = fit(units, 3, anchor=0, samples=10)
    assert result.ratings[0] == 0 and 0 < result.ratings[1] < result.ratings[2]
    assert "openskill" in result.method


def ladder_of(levels: list[tuple[str, str, int | None, float]]) -> Ladder:
    return Ladder(
        "connect4",
        "standard",
        {},
        [
            Level(
                name,
                kind,
                "alphabeta" if kind == "search" else None,
                budget,
                {"algo": "alphabeta", "nodes": budget, "hash_mb": 1} if budget else {},
                kind == "search",
                rating,
                rating - 20,
                rating + 20,
                10,
                0.001,
            )
            for name, kind, budget, rating in levels
        ],
        seed=1,
        command="kofun ladder c4",
        games=100,
        units=50,
        target=30.0,
        method="test",
        bootstrap=10,
    )


LADDER = [
    ("random", "random", None, 0.0),
    ("alphabeta-16", "search", 16, 300.0),
    ("alphabeta-64", "search", 64, 500.0),
    ("alphabeta-256", "search", 256, 700.0),
]


def test_choose_interpolates_the_budget_on_the_fitted_curve() -> None:
    ladder = ladder_of(LADDER)
    mid = choose(ladder, 600.0)
    assert mid.kind == "search" and mid.budget == 128 and mid.rating == pytest.approx(600.0)
    assert mid.settings["nodes"] == 128
    assert choose(ladder, 100.0).name == "random" and choose(ladder, 250.0).name == "alphabeta-16"
    assert choose(ladder, 5000.0).name == "alphabeta-256"
    assert choose(ladder, 500.0).budget == 64
    with pytest.raises(ValueError, match="finite"):
        choose(ladder, math.nan)


def test_ladder_files_round_trip_and_agent_for_rating(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ladder = ladder_of(LADDER)
    path = tmp_path / "connect4-standard.json"
    ladder.save(path)
    back = Ladder.load(path)
    assert back == ladder
    assert back.to_dict()["converged"] is True  # every half-width 20 <= 30
    monkeypatch.setattr(ladders, "shipped_path", lambda game, mode: tmp_path / f"{game}-{mode}.json")
    agent = solver.agent_for_rating("c4", 600)
    assert isinstance(agent, solver.SearchAgent) and agent.search_settings.nodes == 128
    assert agent.rating == pytest.approx(600.0)
    assert isinstance(solver.agent_for_rating("c4", -50), solver.RandomAgent)
    with pytest.raises(ValueError, match="no rating ladder is shipped yet"):
        solver.agent_for_rating("sensei", 100, version="shizukana")
    with pytest.raises(ValueError, match="not a rated mode"):
        solver.agent_for_rating("koikoi", 100, rounds=3)
    path.write_text("{}")
    with pytest.raises(ValueError, match="malformed"):
        Ladder.load(path)


@pytest.mark.parametrize("path", sorted((Path(solver.__file__).parent / "data" / "ratings").glob("*.json")))
def test_every_shipped_ladder_is_a_whole_pool_anchored_at_random(path: Path) -> None:
    """Each shipped ladder file: its game and mode are a rated mode, its levels are exactly the pool of that mode up
    to the file's largest budget, its anchor (random; Honshu: ISMCTS with one iteration) is 0 and every rating lies
    in its interval."""
    from solver.rating.pools import MODES, pool

    ladder = Ladder.load(path)
    assert path.stem == f"{ladder.game}-{ladder.mode}"
    cap = max(lv.budget for lv in ladder.levels if lv.budget)
    assert sorted(lv.name for lv in ladder.levels) == sorted(e.name for e in pool(ladder.game, ladder.mode, cap))
    levels = {lv.name: lv for lv in ladder.levels}
    anchor = MODES[ladder.game][ladder.mode].anchor
    assert ladder.anchor == anchor and ladder.scale.endswith(f"; {anchor} = 0")
    assert levels[anchor].rating == 0.0 and (levels[anchor].low, levels[anchor].high) == (0.0, 0.0)
    for lv in ladder.levels:
        assert lv.low <= lv.rating <= lv.high and lv.games > 0 and lv.measured, lv.name
    assert ladder.games == sum(lv.games for lv in ladder.levels) // 2
