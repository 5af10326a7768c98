"""Rollout improvement of the solo policy: candidates valued by games of the policy itself, never peeking."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from solo_estimate_helpers import SOLO, late_position, replay
from test_solo_policy import permuted_stock, plan_summary

from solver._core import RuleOptionError, haniwa
from solver.games.haniwa.solo import PolicySettings


def rollout_policy(**kw):
    opts = {"samples": 4, "candidates": 4, "rollout_candidates": 3, "rollout_samples": 3, "from_turn": 1}
    return haniwa.SoloRolloutPolicy(**{**opts, **kw})


@pytest.mark.parametrize(("seed", "placed"), [(1, 4), (3, 9), (4, 12)])
def test_permuting_the_stock_does_not_change_the_decision(seed, placed):
    s = late_position(seed, placed)
    policy = rollout_policy()
    reference = plan_summary(policy.plan_turn(s, seed=5))
    assert all(p[3] == 3 for p in reference)  # valued over the rollout's 3 futures
    for k in range(2):
        other = permuted_stock(s, 200 + k)
        assert str(other) != str(s)
        assert plan_summary(policy.plan_turn(other, seed=5)) == reference


def test_one_candidate_plays_exactly_as_the_base_policy():
    # The base's own choice is the only candidate: nothing to revalue, the game is the base's game.
    for seed in (21, 22):
        world = haniwa.State.deal(SOLO, seed)
        base = haniwa.SoloPolicy(samples=4, candidates=4).play(world, seed)
        mine = rollout_policy(rollout_candidates=1).play(world, seed)
        assert mine == base


def test_before_from_turn_the_base_decides():
    s = late_position(7, 4)  # the start of turn 2
    base = plan_summary(haniwa.SoloPolicy(samples=4, candidates=4).plan_turn(s, seed=9))
    assert plan_summary(rollout_policy(from_turn=3).plan_turn(s, seed=9)) == base
    assert plan_summary(rollout_policy(from_turn=2).plan_turn(s, seed=9)) != base


def determined_turn_five(seed: int):
    """The start of turn 5 of a deal, with a tile set of exactly the 24 tiles the game will use: the stock holds
    the last hand and nothing else, so the future is known whatever the stock's order."""
    s = late_position(seed, 16)
    fields = dict(item.split("=", 1) for item in str(s).split())
    fields["stock"] = ",".join(fields["stock"].split(",")[:4])
    used = Counter(re.findall(r"[RBGY][123]", " ".join(fields[k] for k in ("zone0", "hand0", "stock"))))
    fields["tiles"] = ",".join(f"{kind}x{n}" for kind, n in sorted(used.items()))
    t = haniwa.State.parse(" ".join(f"{k}={v}" for k, v in fields.items()))
    assert t.stock_left() == 4 and t.placed() == 16
    return t


@pytest.mark.parametrize("seed", [31, 32])
def test_at_turn_five_with_a_known_future_the_rollout_values_are_exact(seed):
    # Every sampled future is the same last hand and the base plays the last turn exhaustively: each candidate's
    # mean is the best score after its plan, with no spread, and with every plan a candidate the choice is the
    # clairvoyant optimum of the position.
    s = determined_turn_five(seed)
    policy = haniwa.SoloRolloutPolicy(
        samples=1, candidates=100_000, rollout_candidates=100_000, rollout_samples=2, from_turn=5
    )
    plans = policy.plan_turn(s, seed=4)
    solver = haniwa.SoloSolver(14)
    assert len(plans) > 20
    for p in plans[:5] + plans[-3:]:
        assert p.samples == 2 and p.stddev == 0
        assert p.mean == solver.solve(replay(s, list(p.moves))).best_score
    assert plans[0].mean == solver.solve(s).best_score
    assert [p.mean for p in plans] == sorted((p.mean for p in plans), reverse=True)


def test_the_last_turn_is_the_base_policy_exact_choice():
    s = late_position(13, 20)
    plans = rollout_policy().plan_turn(s, seed=0)
    assert plans[0].samples == 0
    assert plans[0].mean == haniwa.SoloSolver(14).solve(s).best_score


def test_a_rollout_game_is_a_full_legal_game_below_the_optimum():
    world = haniwa.State.deal(SOLO, 41)
    final = rollout_policy(from_turn=4).play(world, 41)
    assert final.is_terminal() and final.placed() == 24
    r = haniwa.SoloSolver().solve(world, nodes=200_000)
    assert final.score(0) <= r.upper_bound


def test_rollout_decisions_count_the_base_games():
    policy = rollout_policy(rollout_candidates=2, rollout_samples=2, from_turn=5)
    policy.play(haniwa.State.deal(SOLO, 5), 0)
    # 6 turn decisions of its own (each one base decision), and at turn 5: 2 candidates x 2 futures x one base
    # decision (the last turn) each.
    assert policy.base_decisions == 6 + 2 * 2 * 1


def test_bad_options_are_rejected():
    with pytest.raises(RuleOptionError, match="candidates must be >= 1"):
        rollout_policy(rollout_candidates=0)
    with pytest.raises(RuleOptionError, match="samples must be >= 1"):
        rollout_policy(rollout_samples=0)
    with pytest.raises(RuleOptionError, match="from_turn must be 1 to 6"):
        rollout_policy(from_turn=7)
    with pytest.raises(RuleOptionError, match="not a solo game"):
        rollout_policy().plan_turn(haniwa.State.deal(haniwa.Rules(players=2), 1))
    with pytest.raises(RuleOptionError, match="the game is over"):
        rollout_policy().plan_turn(late_position(3, 24))
    with pytest.raises(RuleOptionError, match="rollout from turn must be 1 to 6"):
        PolicySettings(rollout_candidates=2, rollout_from_turn=0).check()
    with pytest.raises(RuleOptionError, match="not a time per turn"):
        PolicySettings(rollout_candidates=2, time_per_turn=1.0).check()
    with pytest.raises(RuleOptionError, match="rollout candidates must be >= 0"):
        PolicySettings(rollout_candidates=-1).check()


def test_settings_make_the_policy_and_name_it_in_the_header():
    plain = PolicySettings(samples=2, candidates=2)
    assert isinstance(plain.make(), haniwa.SoloPolicy)
    assert "rollout_candidates" not in plain.header()  # results files of earlier runs still resume
    rolled = PolicySettings(samples=2, candidates=2, rollout_candidates=2, rollout_samples=3, rollout_from_turn=4)
    assert isinstance(rolled.make(), haniwa.SoloRolloutPolicy)
    assert rolled.header()["rollout_candidates"] == 2 and rolled.header()["rollout_from_turn"] == 4
