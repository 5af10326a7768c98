"""Honshu's decision model for inferred beliefs (solver/games/honshu/inference.py): hand-checked weights, the
vectorised weights equal to the decision-by-decision likelihoods of the true hands (hand passing included), clear
errors, an inferred agent at the table."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest

from solver._core import WorldError
from solver._core import honshu as hs
from solver.determinize.inference import Seen, infer
from solver.games import get_game
from solver.games.honshu.inference import (
    PolicyParams,
    decision_features,
    decision_log_likelihood,
    hand_period,
    log_likelihoods,
    weighed_decisions,
)
from solver.play.agents import Agent, GreedyAgent, SearchAgent
from solver.play.match import Match
from solver.play.seen import SeenMoves
from solver.search.settings import SearchSettings

# Player 1 (the opponent) leads the first trick; the observer is player 0.
START = (
    "players=2 passing=none lost=no round=1 phase=play move=1 leader=1 start=A,F hand0=9,10,21,28,30,40 "
    "hand1=12,13,22,26,34,36 trick=-,- took=-,- cubes0=1,1,0,0 cubes1=0,1,1,0 map0=A map1=A "
    "deck=18,37,2,32,20,11,1,39,23,7,24,16"
)
TRUE_HAND = [12, 13, 22, 26, 36]
OTHER_HAND = [1, 2, 7, 11, 18]


def after_one_trick_card() -> tuple[str, list[Seen]]:
    """The observer's view after the opponent laid 34, and what it saw."""
    s = hs.State.parse(START)
    seen = [Seen(str(s.information_state(0)), "play 34")]
    s.apply(s.parse_move("play 34"))
    return str(s.information_state(0)), seen


def world(view: str, hand: list[int]) -> list[int]:
    """The world with `hand` as the opponent's hidden hand (card numbers), the other hidden cards after it."""
    ids = [c - 1 for c in hand]
    hidden, _, _ = hs.hidden(view)
    return ids + sorted(set(hidden) - set(ids))


def test_two_worlds_one_trick_card_hand_checked() -> None:
    view, seen = after_one_trick_card()
    worlds = np.array([world(view, TRUE_HAND), world(view, OTHER_HAND)], dtype=np.int32)
    ll = log_likelihoods(view, seen, worlds, PolicyParams(slope=0.1))
    # Laid 34 from 12 13 22 26 34 36 (true) or from 1 2 7 11 18 34 (a hand where 34 is the highest card).
    true = 3.4 - math.log(sum(math.exp(0.1 * n) for n in (12, 13, 22, 26, 34, 36)))
    other = 3.4 - math.log(sum(math.exp(0.1 * n) for n in (1, 2, 7, 11, 18, 34)))
    assert ll.tolist() == pytest.approx([true, other])
    assert ll[1] > ll[0]
    # A zero slope: every hand of six lays a given card with probability 1/6.
    flat = log_likelihoods(view, seen, worlds, PolicyParams(slope=0.0))
    assert flat.tolist() == pytest.approx([-math.log(6), -math.log(6)])
    assert weighed_decisions(view, seen) == 1


def test_hand_periods() -> None:
    assert [hand_period(r, "none") for r in range(1, 13)] == [0] * 6 + [1] * 6
    assert [hand_period(r, "official") for r in range(1, 13)] == [0] * 3 + [1] * 3 + [2] * 3 + [3] * 3


def observed_game(seed: int, rules: dict[str, Any], stop_round: int) -> tuple[Any, list[tuple[Any, str]], list[Seen]]:
    """A game played to the observer's (0) trick decision of `stop_round`; the others lay a random card half the
    time, else the greedy one. The full states and moves, and what the observer saw."""
    s = get_game("honshu").new(rules, seed)
    rng = random.Random(seed)
    history, seen = [], []
    while not (s.round == stop_round and s.phase == "play" and s.to_move() == 0):
        move = s.greedy_move()
        if s.phase == "play" and s.to_move() != 0 and rng.random() < 0.5:
            move = rng.choice(sorted(s.legal_moves()))
        text = str(s.move_to_string(move))
        history.append((s.clone(), text))
        seen.append(Seen(str(s.information_state(0)), text))
        s.apply(move)
    return s, history, seen


@pytest.mark.parametrize(
    ("seed", "rules", "stop_round"),
    [
        (1, {"players": 2}, 4),
        (2, {"players": 2}, 11),
        (3, {"players": 3}, 5),
        (4, {"players": 4, "hand_passing": "official"}, 6),
        (5, {"players": 4, "hand_passing": "official"}, 12),
        (6, {"players": 5}, 9),
    ],
)
@pytest.mark.parametrize("slope", [0.15, -0.4, 30.0])  # 30: terms too far apart for one matrix product
def test_weights_equal_the_likelihoods_of_the_true_hands(
    seed: int, rules: dict[str, Any], stop_round: int, slope: float
) -> None:
    s, history, seen = observed_game(seed, rules, stop_round)
    params = PolicyParams(slope=slope)
    period = hand_period(stop_round, str(s.hand_passing))
    expected, weighed = 0.0, 0
    for before, move in history:
        mover = int(before.to_move())
        if mover == 0 or before.phase != "play" or s.knows_hand(0, mover):
            continue
        if hand_period(int(before.round), str(before.hand_passing)) == period:
            expected += decision_log_likelihood(decision_features(before, move), params)
            weighed += 1
    view = str(s.information_state(0))
    true = np.array([s.hidden_world(0)], dtype=np.int32)
    assert weighed > 0 and weighed_decisions(view, seen) == weighed
    assert float(log_likelihoods(view, seen, true, params)[0]) == pytest.approx(expected)


def test_decisions_of_an_earlier_hand_weigh_nothing() -> None:
    """Rounds 1-6 seen from round 7 on: the first hand was laid out entirely, nothing of it is weighed."""
    s, history, seen = observed_game(7, {"players": 2}, 7)
    view = str(s.information_state(0))
    first_half = [x for (before, _), x in zip(history, seen, strict=True) if before.round <= 6]
    assert len(first_half) > 20 and weighed_decisions(view, first_half) == 0 and weighed_decisions(view, seen) == 1
    seen = first_half
    worlds = get_game("honshu").view(view).belief.sample(16, seed=1)
    assert log_likelihoods(view, seen, worlds, PolicyParams(slope=0.3)).tolist() == [0.0] * 16


def test_inconsistent_seen_moves_are_refused_by_name() -> None:
    view, seen = after_one_trick_card()
    worlds = np.array([world(view, TRUE_HAND)], dtype=np.int32)
    with pytest.raises(WorldError, match="not of the observer 0"):
        log_likelihoods(view, [Seen(str(hs.State.parse(START).information_state(1)), "play 34")], worlds)
    with pytest.raises(WorldError, match="cannot read the trick move 'take 34'"):
        log_likelihoods(view, [Seen(seen[0].before, "take 34")], worlds)
    with pytest.raises(WorldError, match="laid card 9, a card the observer had seen"):
        log_likelihoods(view, [Seen(seen[0].before, "play 9")], worlds)
    with pytest.raises(WorldError, match="card 12 was laid face up but the view still has it hidden"):
        log_likelihoods(view, [Seen(seen[0].before, "play 12+grey")], worlds)
    with pytest.raises(WorldError, match="do not lead to this view"):
        log_likelihoods(view, seen + seen, worlds)
    with pytest.raises(WorldError, match="rows of 33 cards"):
        log_likelihoods(view, seen, worlds[:, :5])
    with pytest.raises(WorldError, match="the slope must be finite"):
        PolicyParams(slope=float("nan"))


def test_the_weighted_belief_is_reproducible_and_reports_its_ess() -> None:
    game = get_game("honshu")
    view, seen = after_one_trick_card()
    a, b = infer(game.view(view), seen, seed=3, candidates=256, worlds=64), infer(game.view(view), seen, 3, 256, 64)
    assert a.worlds.tolist() == b.worlds.tolist() and a.ess == b.ess and a.decisions == 1
    assert a.worlds.shape == (64, 33) and 1.0 <= a.ess <= 256.0


def test_an_inferred_agent_plays_a_whole_game() -> None:
    agent = SearchAgent("honshu", SearchSettings(nodes=60, seed=1), {"players": 2}, belief="inferred")
    agents: list[Agent] = [agent, GreedyAgent("honshu")]
    record = Match("honshu", agents, {"players": 2}, 5).play(SeenMoves("honshu", agents))
    assert record.finished and agent.settings()["belief"] == "inferred"
    assert agent.last_inference is not None and agent.last_inference.decisions > 0


def test_paired_strength_run_on_honshu_is_reproducible() -> None:
    from solver.play.inferred import run_pairs

    first = run_pairs(1, seed=1, rules={"players": 2}, nodes=40, game="honshu")
    assert first["pairs"] == 1 and first["game"] == "honshu" and first["wins"] + first["losses"] + first["drawn"] == 2
    assert first["iterations"] == {"inferred": 40.0, "uniform": 40.0} and 1.0 <= first["ess"] <= 2048.0
    assert run_pairs(1, seed=1, rules={"players": 2}, nodes=40, game="honshu") == first
