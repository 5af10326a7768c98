"""Every 95% interval the commands print, checked against a hand computation on small samples.

- proportions: Wilson score intervals, z = 1.96 (7 of 10: [0.397, 0.892]);
- means over units: Student's t with n - 1 degrees of freedom (2 units: t = 12.706), undefined for 1 unit;
- ladder ratings: a percentile bootstrap over units, whose extremes a 2-unit table reaches (computed below);
- JSON: an undefined interval is ``null`` with a reason, never ``-Infinity``.
"""

from __future__ import annotations

import json
import math

import pytest

from solver.play.experiments import ExperimentResult
from solver.rating.fit import Unit, fit
from solver.rating.ladders import Ladder, Level
from solver.report.stats import Interval, MatchScore, mean_interval, t95, wilson


def test_wilson_of_7_in_10() -> None:
    i = wilson(7, 10)
    assert i.value == 0.7
    assert (round(i.low or 0, 3), round(i.high or 0, 3)) == (0.397, 0.892)
    # by hand: centre (0.7 + 1.96^2 / 20) / (1 + 1.96^2 / 10) = 0.644492, half 0.247716
    assert i.low == pytest.approx(0.644492 - 0.247716, abs=1e-5)
    assert i.high == pytest.approx(0.644492 + 0.247716, abs=1e-5)


def test_wilson_edges() -> None:
    assert wilson(1, 1).low == pytest.approx(1 / (1 + 1.96**2), abs=1e-4)  # 0.2065: one win says little
    assert wilson(1, 1).high == 1.0
    assert wilson(0, 2).low == 0.0 and wilson(0, 2).high == pytest.approx(0.6576, abs=1e-4)
    none = wilson(0, 0)
    assert not none.defined and none.to_dict() == {"value": None, "low": None, "high": None, "reason": "no games"}
    with pytest.raises(ValueError, match="successes"):
        wilson(3, 2)


def test_student_t_quantiles() -> None:
    assert round(t95(1), 3) == 12.706
    assert round(t95(2), 3) == 4.303
    assert round(t95(10), 3) == 2.228
    assert round(t95(10_000), 2) == 1.96


def test_mean_interval_of_one_two_and_three_units() -> None:
    one = mean_interval([-11.0], "deal")
    assert one.value == -11.0 and not one.defined and one.reason == "one deal: its spread is unknown"
    assert one.text(2) == "-11.00 (95% CI undefined: one deal: its spread is unknown)"
    two = mean_interval([-11.0, -10.5])  # s = 0.353553, se = 0.25, half = 12.7062 * 0.25 = 3.17655
    assert two.value == -10.75
    assert (round(two.low or 0, 2), round(two.high or 0, 2)) == (-13.93, -7.57)
    three = mean_interval([1.0, 2.0, 6.0])  # mean 3, s = sqrt(7), half = 4.302653 * sqrt(7 / 3) = 6.572411
    assert three.low == pytest.approx(3 - 6.572411, abs=1e-5) and three.high == pytest.approx(3 + 6.572411, abs=1e-5)
    assert mean_interval([]).value is None and not mean_interval([]).defined


def test_match_score_interval_is_the_wilson_interval_of_its_points() -> None:
    assert MatchScore(6, 2, 2).interval == wilson(7, 10)
    assert MatchScore(1, 0, 0).summary("A") == "1 games: A won 1, drew 0, lost 0; score 1.000 (95% CI [0.207, 1.000])"
    assert MatchScore(0, 0, 0).interval.reason == "no games"


def experiment(diffs: list[float], units: int) -> ExperimentResult:
    res = ExperimentResult("ohanami", "greedy", units, 10, 0, {"players": 2}, 1)
    for d in diffs:
        res.add(d)
    return res


def test_experiment_of_two_paired_deals() -> None:
    res = experiment([0, -22, -22, 1], 2)  # unit means -11 and -10.5
    assert res.mean_diff.value == -10.75
    assert (round(res.mean_diff.low or 0, 2), round(res.mean_diff.high or 0, 2)) == (-13.93, -7.57)
    assert (res.wins, res.losses, res.draws) == (1, 2, 1)
    win = res.win_rate  # 1 of 3 non-drawn games
    assert (round(win.low or 0, 4), round(win.high or 0, 4)) == (0.0615, 0.7923)
    assert "mean point difference per deal: -10.75 (95% CI [-13.93, -7.57])" in res.summary()


def test_experiment_of_one_deal_is_valid_json_with_a_reason() -> None:
    res = experiment([3, -1], 1)
    text = json.dumps(res.to_dict(), allow_nan=False)  # no Infinity / NaN anywhere
    d = json.loads(text)
    assert d["mean_diff"] == {"value": 1.0, "low": None, "high": None, "reason": "one deal: its spread is unknown"}
    assert "mean point difference per deal: 1.00 (95% CI undefined: one deal: its spread is unknown)" in res.summary()
    drawn = experiment([0, 0], 1)
    assert drawn.to_dict()["win_rate"] == {"value": None, "low": None, "high": None, "reason": "no games"}


def test_ladder_bootstrap_of_two_units() -> None:
    # random (0) against X (1): unit 1 X wins both games, unit 2 one each. Point: X 3 - 1 plus the virtual draw
    # (0.5 each): 400 log10(3.5 / 1.5) = 147.19. Resamples: (u2, u2) -> 2.5 : 2.5 = 0, (u1, u1) -> 4.5 : 0.5 =
    # 400 log10 9 = 381.70, each a quarter of the 200 draws: the 2.5% and 97.5% percentiles are those extremes.
    units = [Unit((0, 1), [[0, 1], [0, 1]]), Unit((0, 1), [[0, 1], [1, 0]])]
    f = fit(units, 2, samples=200)
    assert f.ratings[1] == pytest.approx(400 * math.log10(3.5 / 1.5))
    assert f.low[1] == pytest.approx(0.0, abs=1e-6)
    assert f.high[1] == pytest.approx(400 * math.log10(9))
    assert (f.low[0], f.high[0]) == (0.0, 0.0)


def test_ladder_of_one_unit_has_no_interval() -> None:
    f = fit([Unit((0, 1), [[0, 1], [0, 1]])], 2, samples=200)
    assert f.ratings[1] == pytest.approx(400 * math.log10(2.5 / 0.5))
    assert (f.low[1], f.high[1]) == (-math.inf, math.inf)  # not the zero-width [r, r] a bootstrap of one gives
    level = Level("x", "search", "mcts", 16, {}, True, f.ratings[1], f.low[1], f.high[1], 2)
    ladder = Ladder("connect4", "standard", {}, [level], 0, "", 2, 1, 30.0, "", 200)
    text = json.dumps(ladder.to_dict(), allow_nan=False)
    assert json.loads(text)["levels"][0]["low"] is None
    back = Ladder.from_dict(json.loads(text))
    assert back.levels[0].low == -math.inf and back.levels[0].high == math.inf and not back.converged


def test_interval_text() -> None:
    assert Interval(0.5, -0.25, 1.25).text(2) == "0.50 (95% CI [-0.25, 1.25])"


def strict_json(text: str) -> dict:
    def refuse(name: str) -> None:
        raise AssertionError(f"not JSON: {name}")

    return dict(json.loads(text, parse_constant=refuse))


def test_commands_emit_valid_json_for_one_unit() -> None:
    from click.testing import CliRunner

    from solver.cli import main

    def run(*args: str) -> dict:
        out = CliRunner().invoke(main, list(args))
        assert out.exit_code == 0, out.output
        return strict_json(out.stdout.splitlines()[-1])

    exp = run("experiment", "koikoi", "--games", "1", "--iterations", "5", "--opponent", "random", "--json")
    assert exp["mean_diff"]["low"] is None and exp["mean_diff"]["reason"] == "one deal: its spread is unknown"
    solo = run(
        "haniwa", "solo", "estimate", "--deals", "1", "--samples", "2", "--candidates", "2",
        "--solver-nodes", "2000", "--dual-nodes", "2000", "--json",
    )  # fmt: skip
    assert (
        solo["lower_bound"]["ci95"] is None and solo["lower_bound"]["ci95_reason"] == "one deal: its spread is unknown"
    )
    duel = run("selfplay", "c4", "--games", "1", "--nodes", "50", "--json")
    one = {1: (0.2065, 1.0), 0: (0.0, 0.7935)}  # one game: Wilson, defined and wide (a win / a loss)
    points = duel["wins"] + duel["draws"] / 2
    expected = one.get(points, (0.0546, 0.9454))  # a draw: half a success in one trial
    assert tuple(round(x, 4) for x in duel["ci95"]) == expected
