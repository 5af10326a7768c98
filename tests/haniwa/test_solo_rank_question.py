"""The rank question of the solo estimate: does the interval [policy, dual] lie above 60, below it, or straddle it,
judged on the 95% intervals of both ends (never a "probability")."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from solver.cli import main
from solver.games.haniwa.solo_stats import VERDICTS, MeanCI, RankQuestion, rank_question

T95_2 = 4.302652729911275  # 97.5% quantile of Student's t with 2 degrees of freedom


def _q(lower: list[float], upper: list[float]) -> RankQuestion:
    return rank_question(MeanCI.of(lower), MeanCI.of(upper))


def test_lower_interval_at_or_above_60_answers_above():
    q = _q([60, 60, 60], [64, 65, 66])  # no spread: the lower end's interval is [60, 60], at the threshold
    assert (q.threshold, q.rank, q.verdict) == (60, "perfect", "above")
    assert q.detail == "the lower end's 95% interval lies at or above 60: perfect play expects the perfect rank"


def test_upper_interval_below_60_answers_below():
    q = _q([55, 56, 57], [59.5, 59.5, 59.5])
    assert q.verdict == "below"
    assert q.detail == "the upper end's 95% interval lies below 60: perfect play does not expect the perfect rank"
    d = q.to_dict()
    half = T95_2 * 1.0 / math.sqrt(3)  # sample deviation 1
    assert d["lower"]["mean"] == 56
    assert d["lower"]["ci95"] == pytest.approx([56 - half, 56 + half])
    assert d["lower"]["ci95"][0] == pytest.approx(53.51586228824967)
    assert d["upper"] == {"mean": 59.5, "ci95": [59.5, 59.5]}


def test_upper_interval_reaching_60_is_not_below():
    q = _q([55, 56, 57], [60, 60, 60])  # the dual's interval ends exactly at 60: the optimum may reach it
    assert q.verdict == "straddles"
    assert q.detail == "60 lies between the two ends"


@pytest.mark.parametrize(
    ("lower", "upper", "detail"),
    [
        ([57, 58, 59], [63, 64, 65], "60 lies between the two ends"),
        ([59, 61, 62], [63, 64, 65], "both ends are at or above 60, but the lower end's 95% interval reaches below it"),
        ([50, 51, 52], [58, 59, 61], "both ends are below 60, but the upper end's 95% interval reaches it"),
    ],
)
def test_straddling_says_which_way_the_means_lie(lower, upper, detail):
    q = _q(lower, upper)
    assert (q.verdict, q.detail) == ("straddles", detail)


def test_one_deal_is_undetermined_and_contradictory_bounds_are_flagged():
    q = _q([61], [64])
    assert (q.verdict, q.detail) == ("undetermined", "one deal: the 95% intervals of the ends are undefined")
    assert q.to_dict()["lower"] == {"mean": 61, "ci95": None}
    bad = _q([62, 62], [59, 59])
    assert bad.verdict == "inconsistent"
    assert (
        bad.detail == "the lower end's 95% interval lies at or above 60 and the upper end's below it: a bound is wrong"
    )
    assert set(VERDICTS) == {"above", "below", "straddles", "undetermined", "inconsistent"}


def test_other_ranks_and_unknown_rank():
    q = rank_question(MeanCI.of([57, 58, 59]), MeanCI.of([63, 64, 65]), rank="master")
    assert (q.threshold, q.verdict) == (50, "above")
    with pytest.raises(ValueError, match="unknown rank 'grandmaster'"):
        rank_question(MeanCI.of([57, 58]), MeanCI.of([63, 64]), rank="grandmaster")


SMALL = ("--solver-nodes", "20000", "--dual-nodes", "20000")


def _estimate(deals: int, *extra: str) -> str:
    result = CliRunner().invoke(
        main,
        ["haniwa", "solo", "estimate", "--deals", str(deals), "--seed", "1", *SMALL, *extra],
    )
    assert result.exit_code == 0, result.output
    return result.stdout


def test_small_run_json_straddles():
    # seed 1, default policy: deals 0-2 score 60, 60, 61 (the first deals of the documented 200-deal run)
    d = json.loads(_estimate(3, "--json"))
    assert [x["policy_score"] for x in d["per_deal"]] == [60, 60, 61]
    q = d["rank_question"]
    assert (q["threshold"], q["rank"], q["verdict"]) == (60, "perfect", "straddles")
    assert q["detail"] == "both ends are at or above 60, but the lower end's 95% interval reaches below it"
    half = T95_2 * math.sqrt(1 / 3) / math.sqrt(3)  # scores 60, 60, 61: sample deviation sqrt(1/3)
    assert q["lower"]["mean"] == pytest.approx(181 / 3)
    assert q["lower"]["ci95"] == pytest.approx([181 / 3 - half, 181 / 3 + half])
    assert q["lower"]["ci95"] == d["lower_bound"]["ci95"]
    duals = [x["dual_bound"] for x in d["per_deal"]]
    assert q["upper"]["mean"] == pytest.approx(sum(duals) / 3) == d["dual_bound"]["mean"]
    assert q["upper"]["ci95"] == d["dual_bound"]["ci95"]
    assert d["interval"] == [q["lower"]["mean"], q["upper"]["mean"]]


def test_small_run_text_above_and_straddles():
    out = _estimate(2).splitlines()  # deals 0-1: both 60, no spread, so the lower interval is [60, 60]
    i = next(n for n, line in enumerate(out) if line.startswith("rank question"))
    dual = json.loads(_estimate(2, "--json"))["dual_bound"]
    lo, hi = dual["ci95"]
    assert out[i : i + 3] == [
        f"rank question (perfect: expected score 60+): the interval [60.00, {dual['mean']:.2f}] lies above 60 "
        "(the lower end's 95% interval lies at or above 60: perfect play expects the perfect rank)",
        "  lower end (policy): 60.00 (95% CI 60.00 to 60.00)",
        f"  upper end (dual):   {dual['mean']:.2f} (95% CI {lo:.2f} to {hi:.2f})",
    ]
    three = _estimate(3)
    assert (
        "the interval [60.33, 64.68] straddles 60 (both ends are at or above 60, but the lower end's 95% interval "
        "reaches below it)" in three
    )
    assert "  lower end (policy): 60.33 (95% CI 58.90 to 61.77)\n" in three
    assert "  upper end (dual):   64.68 (95% CI 63.33 to 66.03)\n" in three
