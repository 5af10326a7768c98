"""Non-peeking solo policy: it never reads the stock order, plays legal full turns, and stays below the optimum."""

from __future__ import annotations

import random

import pytest
from solo_estimate_helpers import SOLO, late_position, replay

from solver._core import RuleOptionError, haniwa


def permuted_stock(s, seed: int):
    """`s` with its remaining stock in another order (same tiles): rebuilt through the position notation."""
    fields = dict(item.split("=", 1) for item in str(s).split())
    stock = fields["stock"].split(",")
    random.Random(seed).shuffle(stock)
    fields["stock"] = ",".join(stock)
    return haniwa.State.parse(" ".join(f"{k}={v}" for k, v in fields.items()))


def plan_summary(plans):
    return [(list(p.moves), p.mean, p.stddev, p.samples) for p in plans]


@pytest.mark.parametrize(("seed", "placed"), [(1, 0), (2, 4), (3, 9), (4, 14)])
def test_permuting_the_stock_does_not_change_the_decision(seed, placed):
    s = late_position(seed, placed)
    policy = haniwa.SoloPolicy(samples=6, candidates=6)
    reference = plan_summary(policy.plan_turn(s, seed=5))
    changed = 0
    for k in range(3):
        other = permuted_stock(s, 100 + k)
        changed += str(other) != str(s)
        assert plan_summary(policy.plan_turn(other, seed=5)) == reference
    assert changed == 3  # the stock order really differed


def test_the_seed_drives_the_sampled_futures():
    s = late_position(9, 4)
    policy = haniwa.SoloPolicy(samples=4, candidates=6)
    a = plan_summary(policy.plan_turn(s, seed=1))
    b = plan_summary(policy.plan_turn(s, seed=2))
    assert a == plan_summary(policy.plan_turn(s, seed=1))
    assert [p[1] for p in a] != [p[1] for p in b]


def test_a_plan_plays_the_rest_of_the_turn():
    s = late_position(12, 6)  # two placements already made in turn 2
    plans = haniwa.SoloPolicy(samples=4, candidates=4).plan_turn(s, seed=0)
    assert len(plans) == 4
    for p in plans:
        after = replay(s, list(p.moves))
        assert after.placed() == 8 and after.phase() == "place"
        names = [s.move_to_string(m) for m in p.moves]
        assert len([n for n in names if not n.startswith("+")]) == 2  # the two tiles left; "+Y" takes a Kofun
        assert p.samples == 4 and p.stddev >= 0
    means = [p.mean for p in plans]
    assert means == sorted(means, reverse=True)


def test_last_turn_plans_are_exact_and_the_best_is_the_optimum():
    s = late_position(13, 20)
    plans = haniwa.SoloPolicy(samples=4, candidates=4).plan_turn(s, seed=0)
    for p in plans[:20]:
        assert p.samples == 0 and p.stddev == 0
        assert replay(s, list(p.moves)).score(0) == p.mean
    assert plans[0].mean == haniwa.SoloSolver(14).solve(s).best_score


@pytest.mark.parametrize("seed", [101, 102, 103])
def test_policy_never_beats_the_clairvoyant_optimum(seed):
    world = haniwa.State.deal(SOLO, seed)
    final = haniwa.SoloPolicy(samples=4, candidates=4).play(world, seed)
    assert final.is_terminal() and final.placed() == 24
    r = haniwa.SoloSolver().solve(world, nodes=200_000)
    assert final.score(0) <= r.upper_bound
    if r.exact:
        assert final.score(0) <= r.best_score


def test_policy_counts_its_decisions():
    policy = haniwa.SoloPolicy(samples=2, candidates=2)
    policy.play(haniwa.State.deal(SOLO, 5), 0)
    assert policy.decisions == 6  # one per turn


def test_bad_options_and_positions_are_rejected():
    with pytest.raises(RuleOptionError, match="samples must be >= 1"):
        haniwa.SoloPolicy(samples=0)
    with pytest.raises(RuleOptionError, match="candidates must be >= 1"):
        haniwa.SoloPolicy(candidates=0)
    with pytest.raises(RuleOptionError, match="time per turn must be >= 0"):
        haniwa.SoloPolicy(time_per_turn=-1)
    policy = haniwa.SoloPolicy(samples=2, candidates=2)
    with pytest.raises(RuleOptionError, match="not a solo game"):
        policy.plan_turn(haniwa.State.deal(haniwa.Rules(players=2), 1))
    with pytest.raises(RuleOptionError, match="the game is over"):
        policy.plan_turn(late_position(3, 24))


@pytest.mark.parametrize("seed", [51, 52])
def test_exact_last_turn_rollouts_value_every_plan_at_least_as_high(seed):
    # Same seed: the same candidate plans and the same sampled futures. On each future the exhaustive last turn
    # scores at least what the greedy last turn scores, so every plan's mean can only rise.
    s = late_position(seed, 16)
    greedy = haniwa.SoloPolicy(samples=6, candidates=5).plan_turn(s, seed=3)
    exact = haniwa.SoloPolicy(samples=6, candidates=5, exact_last_turn=True).plan_turn(s, seed=3)
    by_moves = {tuple(p.moves): p.mean for p in greedy}
    assert set(by_moves) == {tuple(p.moves) for p in exact}
    assert all(p.mean >= by_moves[tuple(p.moves)] for p in exact)
    assert any(p.mean > by_moves[tuple(p.moves)] for p in exact)


def test_exact_last_turn_policy_does_not_peek():
    s = late_position(53, 8)
    policy = haniwa.SoloPolicy(samples=4, candidates=4, exact_last_turn=True)
    reference = plan_summary(policy.plan_turn(s, seed=2))
    assert plan_summary(policy.plan_turn(permuted_stock(s, 7), seed=2)) == reference
