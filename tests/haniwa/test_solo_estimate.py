"""Solo estimate driver and the `kofun haniwa solo` commands: statistics, reproducibility, JSON, errors."""

from __future__ import annotations

import json
import math
import sys

import pytest
from click.testing import CliRunner, Result
from solo_estimate_helpers import late_position

from solver._core import RuleOptionError, haniwa
from solver.cli import main
from solver.games.haniwa import solo as haniwa_solo
from solver.games.haniwa.solo import PolicySettings, estimate
from solver.games.haniwa.solo_report import format_estimate
from solver.games.haniwa.solo_stats import MeanCI, rank_counts, rank_of

FAST = PolicySettings(samples=3, candidates=3)
NODES = 20_000
DUAL_NODES = 20_000

ESTIMATE_KEYS = {
    "deals",
    "rank_question",
    "seed",
    "jobs",
    "options",
    "policy",
    "solver_nodes",
    "lower_bound",
    "upper_bound",
    "dual_bound",
    "gap",
    "interval",
    "interval_width",
    "ranks",
    "wall_time_s",
    "per_deal",
}
DEAL_KEYS = {
    "index",
    "seed",
    "policy_score",
    "best_found",
    "upper_bound",
    "exact",
    "solver_nodes",
    "policy_seconds",
    "solver_seconds",
    "dual_bound",
    "dual_found",
    "dual_exact",
    "dual_nodes",
    "dual_seconds",
}
STAT_KEYS = {"mean", "stddev", "ci95", "n"}
RANK_NAMES = ["perfect", "master", "veteran", "junior", "beginner"]


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["haniwa", "solo", *args])


def fails(*args: str, message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output


def deterministic(d: dict) -> dict:
    """An estimate's JSON without its timings."""
    d = {k: v for k, v in d.items() if k not in ("wall_time_s", "jobs")}
    d["per_deal"] = [{k: v for k, v in x.items() if not k.endswith("_seconds")} for x in d["per_deal"]]
    return d


@pytest.mark.parametrize(
    ("score", "rank"),
    [
        (90, "perfect"),
        (60, "perfect"),
        (59, "master"),
        (50, "master"),
        (49, "veteran"),
        (40, "veteran"),
        (39, "junior"),
        (30, "junior"),
        (29, "beginner"),
        (0, "beginner"),
    ],
)
def test_rank_thresholds(score, rank):
    assert rank_of(score) == rank == haniwa.solo_rank(score)


def test_rank_counts_cover_every_rank_in_order():
    assert rank_counts([61, 60, 55, 12, 30, 39]) == {
        "perfect": 2,
        "master": 1,
        "veteran": 0,
        "junior": 2,
        "beginner": 1,
    }
    assert list(rank_counts([])) == RANK_NAMES


def test_mean_ci_uses_the_sample_deviation():
    s = MeanCI.of([1, 2, 3, 4])
    assert s.mean == 2.5
    assert s.stddev == pytest.approx(math.sqrt(5 / 3))
    half = 3.182446 * math.sqrt(5 / 3) / 2  # Student's t, 3 degrees of freedom
    assert s.ci95 == pytest.approx((2.5 - half, 2.5 + half))
    assert (round(s.ci95[0], 4), round(s.ci95[1], 4)) == (0.4457, 4.5543)
    one = MeanCI.of([7])  # one deal: no interval (null in JSON, with the reason), never a zero-width one
    assert one.ci95 is None and one.to_dict() == {
        "mean": 7,
        "stddev": 0.0,
        "ci95": None,
        "n": 1,
        "ci95_reason": "one deal: its spread is unknown",
    }
    two = MeanCI.of([60, 64])
    assert two.ci95 == pytest.approx((62 - 12.706205 * 2, 62 + 12.706205 * 2))


def test_deal_seeds_are_fixed_and_distinct():
    seeds = [haniwa_solo.deal_seed(0, i) for i in range(100)]
    assert len(set(seeds)) == 100
    assert haniwa_solo.deal_seed(3, 5) == haniwa_solo.deal_seed(3, 5) != haniwa_solo.deal_seed(5, 3)
    assert all(0 <= s < 2**64 for s in seeds)


@pytest.fixture(scope="module")
def three_deals():
    return estimate(3, seed=4, jobs=1, policy=FAST, solver_nodes=NODES, dual_nodes=DUAL_NODES)


def test_estimate_statistics_are_consistent(three_deals):
    est = three_deals
    deals = est.deals
    assert [d.index for d in deals] == [0, 1, 2]
    assert est.dual.mean == pytest.approx(sum(d.dual_bound for d in deals) / 3)
    assert est.interval == (est.lower.mean, est.dual.mean)
    assert est.dual_gap.mean == pytest.approx(est.dual.mean - est.lower.mean)
    for d in deals:
        world = haniwa.State.deal(haniwa.Rules(players=1), d.seed)
        assert d.dual_found <= d.dual_bound + 1e-9
        if d.dual_exact:
            assert d.dual_found == pytest.approx(d.dual_bound)
        assert d.best_found <= d.upper_bound <= haniwa.solo_upper_bound(world)
        assert d.policy_score <= d.upper_bound
        if d.exact:
            assert d.best_found == d.upper_bound
        assert d.gap == d.upper_bound - d.policy_score >= 0
    assert est.lower.mean == pytest.approx(sum(d.policy_score for d in deals) / 3)
    assert est.upper.mean == pytest.approx(sum(d.upper_bound for d in deals) / 3)
    assert est.gap.mean == pytest.approx(est.upper.mean - est.lower.mean)
    assert est.budget_hits == sum(not d.exact for d in deals)
    ranks = est.ranks()
    assert ranks["policy"] == rank_counts([d.policy_score for d in deals])
    assert ranks["clairvoyant"] == rank_counts([d.upper_bound for d in deals])


def test_same_seed_same_estimate_and_jobs_do_not_matter(three_deals):
    again = estimate(3, seed=4, jobs=2, policy=FAST, solver_nodes=NODES, dual_nodes=DUAL_NODES)
    assert deterministic(again.to_dict()) == deterministic(three_deals.to_dict())
    other = estimate(3, seed=5, jobs=1, policy=FAST, solver_nodes=NODES, dual_nodes=DUAL_NODES)
    assert [d.seed for d in other.deals] != [d.seed for d in three_deals.deals]


def test_estimate_rejects_bad_arguments():
    with pytest.raises(RuleOptionError, match="deals must be >= 1"):
        estimate(0, policy=FAST)
    with pytest.raises(RuleOptionError, match="jobs must be >= 1"):
        estimate(1, jobs=0, policy=FAST)
    with pytest.raises(RuleOptionError, match="samples must be >= 1"):
        estimate(1, policy=PolicySettings(samples=0))
    with pytest.raises(RuleOptionError, match="'players' must be 1"):
        estimate(1, policy=FAST, options={"players": 2})


def test_cli_estimate_json_keys_and_numbers():
    result = run(
        "estimate",
        "--deals",
        "3",
        "--seed",
        "4",
        "--samples",
        "3",
        "--candidates",
        "3",
        "--solver-nodes",
        str(NODES),
        "--dual-nodes",
        str(DUAL_NODES),
        "--json",
    )
    assert result.exit_code == 0, result.output
    d = json.loads(result.stdout)
    assert set(d) == ESTIMATE_KEYS
    assert set(d["lower_bound"]) == STAT_KEYS
    assert set(d["upper_bound"]) == STAT_KEYS | {"budget_hits", "best_found_mean"}
    assert set(d["gap"]) == STAT_KEYS
    assert d["policy"] == {
        "samples": 3,
        "candidates": 3,
        "time_per_turn": 0.0,
        "exact_last_turn": False,
        "rollout_candidates": 0,  # the rollout policy is off
        "rollout_samples": 16,
        "rollout_from_turn": 3,
    }
    assert set(d["dual_bound"]) == STAT_KEYS | {"budget_hits", "nodes", "penalised_draws"}
    assert d["dual_bound"]["nodes"] == DUAL_NODES
    assert d["dual_bound"]["penalised_draws"] == 1
    assert list(d["ranks"]) == ["policy", "clairvoyant", "dual"]
    assert all(list(r) == RANK_NAMES and sum(r.values()) == 3 for r in d["ranks"].values())
    assert len(d["per_deal"]) == 3 and all(set(x) == DEAL_KEYS for x in d["per_deal"])
    scores = [x["policy_score"] for x in d["per_deal"]]
    uppers = [x["upper_bound"] for x in d["per_deal"]]
    assert d["lower_bound"]["mean"] == pytest.approx(sum(scores) / 3)
    assert d["upper_bound"]["mean"] == pytest.approx(sum(uppers) / 3)
    assert d["gap"]["mean"] == pytest.approx(d["upper_bound"]["mean"] - d["lower_bound"]["mean"])
    assert d["upper_bound"]["budget_hits"] == sum(not x["exact"] for x in d["per_deal"])
    duals = [x["dual_bound"] for x in d["per_deal"]]
    assert d["dual_bound"]["mean"] == pytest.approx(sum(duals) / 3)
    assert d["interval"] == [d["lower_bound"]["mean"], d["dual_bound"]["mean"]]
    assert d["interval_width"]["mean"] == pytest.approx(d["dual_bound"]["mean"] - d["lower_bound"]["mean"])
    assert d["dual_bound"]["budget_hits"] == sum(not x["dual_exact"] for x in d["per_deal"])
    lo, hi = d["lower_bound"]["ci95"]
    assert lo <= d["lower_bound"]["mean"] <= hi
    assert result.stderr == ""  # no bare progress label when stderr is not a terminal
    # the same numbers as the driver
    assert scores == [
        r.policy_score for r in estimate(3, seed=4, policy=FAST, solver_nodes=NODES, dual_nodes=DUAL_NODES).deals
    ]


def test_cli_estimate_text():
    result = run(
        "estimate",
        "--deals",
        "2",
        "--samples",
        "2",
        "--candidates",
        "2",
        "--solver-nodes",
        "500",
        "--dual-nodes",
        "500",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "lower bound (mean policy score):" in out
    assert "upper bound (mean clairvoyant optimum):" in out
    assert "upper bound (mean penalised dual):" in out
    assert "interval width (mean dual - policy):" in out
    assert "optimal expected score: between" in out
    assert "2 of 2 deals hit the solver budget: their proven upper bounds were used" in out
    assert "2 of 2 dual searches hit their budget" in out
    for name in RANK_NAMES:
        assert name in out


def test_cli_best_turn_json_and_text():
    s = late_position(8, 4)
    result = run("best-turn", str(s), "--samples", "4", "--candidates", "5", "--top", "3", "--json")
    assert result.exit_code == 0, result.output
    d = json.loads(result.stdout)
    assert set(d) == {"position", "samples", "candidates", "seed", "best", "plans"}
    assert len(d["plans"]) == 3 and d["best"] == d["plans"][0]["moves"]
    assert set(d["plans"][0]) == {"moves", "mean", "stddev", "samples", "ci95", "heuristic", "ranks"}
    for p in d["plans"]:
        assert list(p["ranks"]) == RANK_NAMES and sum(p["ranks"].values()) == pytest.approx(1.0)
    means = [p["mean"] for p in d["plans"]]
    assert means == sorted(means, reverse=True)
    c = s.clone()
    for m in d["best"]:
        c.play(m)
    assert c.placed() == 8
    text = run("best-turn", str(s), "--samples", "4", "--candidates", "5").stdout
    assert "best: " + " ".join(d["best"]) in text
    negative = run("best-turn", str(s), "--samples", "2", "--candidates", "2", "--seed", "-3", "--json")
    assert negative.exit_code == 2 and "'--seed'" in negative.stderr  # seeds are 0..2**63-1 on every command


def test_cli_best_turn_takes_the_information_state_the_player_sees():
    s = late_position(8, 4)
    info = s.information_state(0)
    assert "view=0" in info and f"stock={s.stock_left()}" in info
    args = ("--samples", "4", "--candidates", "5", "--top", "3", "--json")
    from_view = json.loads(run("best-turn", info, *args).stdout)
    from_world = json.loads(run("best-turn", str(s), *args).stdout)
    assert from_view["plans"] == from_world["plans"]
    two = haniwa.State.deal(haniwa.Rules(players=2), 1)
    fails("best-turn", two.information_state(0), message="error: haniwa solo: the position is not a solo game")


def test_cli_bad_input_gives_clear_errors(monkeypatch):
    fails("best-turn", "players=1 nonsense", message="error: ")
    two = haniwa.State.deal(haniwa.Rules(players=2), 1)
    fails("best-turn", str(two), message="error: haniwa solo: the position is not a solo game (players=1)")
    fails("best-turn", str(late_position(2, 24)), message="the game is over")
    fails("best-turn", str(late_position(2, 4)), "--samples", "0", message="samples must be >= 1")
    fails("estimate", "--deals", "0", message="deals must be >= 1")
    fails("estimate", "--deals", "1", "--jobs", "0", message="1<=x<=64")
    fails("estimate", "--deals", "1", "--jobs", "1000", message="1<=x<=64")
    fails("estimate", "--deals", "1", "--seed", str(2**63), message="'--seed'")
    fails("estimate", "--deals", "1", "--rule", "players=2", message="'players' must be 1")
    fails("estimate", "--deals", "1", "--rule", "solo_fill=diagonal", message="solo_fill")
    fails(
        "estimate",
        "--deals",
        "1",
        "--samples",
        "2",
        "--time-per-turn",
        "1",
        message="give either --samples or --time-per-turn",
    )
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if the plot extra were not installed
    fails("estimate", "--deals", "1", "--plot", "out.png", message="--plot needs matplotlib")


def test_a_killed_estimate_resumes_with_nothing_lost_or_recomputed(tmp_path):
    """A run killed while writing its third deal: resuming reads the finished deals back, recomputes only the
    torn one and the rest, and the result equals an uninterrupted run."""
    out = tmp_path / "solo.jsonl"
    args = {"seed": 6, "policy": FAST, "solver_nodes": NODES, "dual_nodes": DUAL_NODES}
    whole = estimate(4, **args)
    estimate(3, out=str(out), **args)
    raw = out.read_bytes()
    out.write_bytes(raw[: raw.rstrip(b"\n").rfind(b"\n") + 20])  # the third deal's line cut short
    computed: list[int] = []
    resumed = estimate(4, out=str(out), resume=True, on_deal=lambda d: computed.append(d.index), **args)
    assert sorted(computed) == [2, 3]
    strip = deterministic
    assert strip(resumed.to_dict())["per_deal"] == strip(whole.to_dict())["per_deal"]
    assert resumed.dual.mean == whole.dual.mean and resumed.lower.mean == whole.lower.mean
    again: list[int] = []
    estimate(4, out=str(out), resume=True, on_deal=lambda d: again.append(d.index), **args)
    assert again == []  # everything is in the file now


def test_cli_estimate_plot_draws_the_three_figures(tmp_path, three_deals):
    pytest.importorskip("matplotlib")
    from solver.games.haniwa.solo_report import plot_histogram

    png = tmp_path / "solo.png"
    plot_histogram(three_deals, png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    out = tmp_path / "cli.png"
    args = ("--samples", "2", "--candidates", "2", "--solver-nodes", "500", "--dual-nodes", "500")
    result = run("estimate", "--deals", "2", *args, "--plot", str(out))
    assert result.exit_code == 0, result.output
    assert f"histogram: {out}" in result.stdout and out.stat().st_size > 1000


def test_cli_estimate_with_the_rollout_policy_plays_its_games():
    args = ["--samples", "2", "--candidates", "2", "--rollout", "2", "--rollout-samples", "2", "--rollout-from", "5"]
    budgets = ["--solver-nodes", "500", "--dual-nodes", "500"]
    result = run("estimate", "--deals", "2", "--seed", "3", *args, *budgets)
    assert result.exit_code == 0, result.output
    text = "rollout policy from turn 5: its best 2 plans valued by games of the policy itself over 2 common futures"
    assert text in result.stdout
    as_json = json.loads(run("estimate", "--deals", "2", "--seed", "3", *args, *budgets, "--json").stdout)
    assert as_json["policy"]["rollout_candidates"] == 2 and as_json["policy"]["rollout_from_turn"] == 5
    settings = PolicySettings(samples=2, candidates=2, rollout_candidates=2, rollout_samples=2, rollout_from_turn=5)
    est = estimate(2, seed=3, policy=settings, solver_nodes=500, dual_nodes=500)
    assert as_json["lower_bound"]["mean"] == est.lower.mean
    policy = haniwa.SoloRolloutPolicy(2, 2, False, 2, 2, 5)
    for deal in est.deals:
        world = haniwa.State.deal(haniwa_solo.solo_rules(), deal.seed)
        assert deal.policy_score == policy.play(world, deal.seed).score(0)
    fails("estimate", "--deals", "2", "--rollout", "2", "--rollout-from", "0", message="--rollout-from")
    fails("estimate", "--deals", "2", "--rollout", "2", "--time-per-turn", "1", message="not a time per turn")


def test_estimate_with_two_penalised_draws_uses_the_second_penalty():
    one = estimate(2, seed=4, policy=PolicySettings(samples=2, candidates=2), solver_nodes=500, dual_nodes=3000)
    two = estimate(
        2, seed=4, policy=PolicySettings(samples=2, candidates=2), solver_nodes=500, dual_nodes=3000, dual_draws=2
    )
    assert [d.policy_score for d in one.deals] == [d.policy_score for d in two.deals]
    d2 = haniwa.SoloDualSolver(penalised_draws=2)
    for deal in two.deals:
        world = haniwa.State.deal(haniwa_solo.solo_rules(), deal.seed)
        assert deal.dual_bound == d2.solve(world, nodes=3000).upper_bound
    assert "penalty on the last two draws" in format_estimate(two)
    with pytest.raises(RuleOptionError, match="dual draws must be 1 or 2"):
        estimate(1, dual_draws=3)
