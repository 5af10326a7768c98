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
    ll = log_likelihoods(view, seen, worlds, PolicyParams(slopes=(0.1,)))
    # Laid 34 from 12 13 22 26 34 36 (true) or from 1 2 7 11 18 34 (a hand where 34 is the highest card).
    true = 3.4 - math.log(sum(math.exp(0.1 * n) for n in (12, 13, 22, 26, 34, 36)))
    other = 3.4 - math.log(sum(math.exp(0.1 * n) for n in (1, 2, 7, 11, 18, 34)))
    assert ll.tolist() == pytest.approx([true, other])
    assert ll[1] > ll[0]
    # A zero slope: every hand of six lays a given card with probability 1/6.
    flat = log_likelihoods(view, seen, worlds, PolicyParams(slopes=(0.0,)))
    assert flat.tolist() == pytest.approx([-math.log(6), -math.log(6)])
    assert weighed_decisions(view, seen) == 1
    # Two types, a quarter of the seats lay their cards at slope 0.1, the rest at random.
    mixed = log_likelihoods(view, seen, worlds, PolicyParams(slopes=(0.1, 0.0), prior=(0.25, 0.75)))
    assert mixed.tolist() == pytest.approx([math.log(0.25 * math.exp(x) + 0.75 / 6) for x in (true, other)])


def test_a_seat_keeps_its_type_across_its_decisions() -> None:
    """Two trick cards of the same seat: the mixture is over the product of its decisions' likelihoods, not a
    product of mixtures."""
    s = hs.State.parse(START)
    seen = [Seen(str(s.information_state(0)), "play 34")]
    for move in ("play 34", "play 9", "take 9", "take 34"):
        s.apply(s.parse_move(move))
    while s.phase != "play":
        s.apply(s.greedy_move())
    assert s.to_move() == 1
    seen.append(Seen(str(s.information_state(0)), "play 13"))
    s.apply(s.parse_move("play 13"))
    view = str(s.information_state(0))
    worlds = np.array([world(view, [12, 22, 26, 36])], dtype=np.int32)
    params = PolicyParams(slopes=(0.5, -0.2), prior=(0.4, 0.6))

    def lay(slope: float, card: int, hand: list[int]) -> float:
        return slope * card - math.log(sum(math.exp(slope * n) for n in hand))

    per_type = [lay(k, 34, [12, 13, 22, 26, 34, 36]) + lay(k, 13, [12, 13, 22, 26, 36]) for k in params.slopes]
    expected = math.log(0.4 * math.exp(per_type[0]) + 0.6 * math.exp(per_type[1]))
    assert float(log_likelihoods(view, seen, worlds, params)[0]) == pytest.approx(expected)
    assert weighed_decisions(view, seen) == 2


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
        (8, {"players": 2}, 8),
        (2, {"players": 2}, 11),
        (3, {"players": 3}, 5),
        (4, {"players": 4, "hand_passing": "official"}, 6),
        (5, {"players": 4, "hand_passing": "official"}, 12),
        (6, {"players": 5}, 9),
    ],
)
@pytest.mark.parametrize(
    "params",
    [
        PolicyParams(slopes=(0.15,)),
        PolicyParams(slopes=(-0.4, 0.05), prior=(0.3, 0.7)),
        PolicyParams(slopes=(30.0, 0.0), prior=(0.5, 0.5)),  # 30: terms too far apart for one matrix product
    ],
    ids=["one", "two", "sharp"],
)
def test_weights_equal_the_likelihoods_of_the_true_hands(
    seed: int, rules: dict[str, Any], stop_round: int, params: PolicyParams
) -> None:
    """Each seat's likelihood, summed over its type, of its trick cards in the true world: those since its hand
    last changed, and without passing also those of rounds 1-6 (a hand now seen)."""
    s, history, seen = observed_game(seed, rules, stop_round)
    period = hand_period(stop_round, str(s.hand_passing))
    per_seat: dict[int, list[float]] = {}
    weighed = 0
    for before, move in history:
        mover = int(before.to_move())
        if mover == 0 or before.phase != "play" or s.knows_hand(0, mover):
            continue
        then = hand_period(int(before.round), str(before.hand_passing))
        if then == period or (then < period and s.hand_passing == "none"):
            f = decision_features(before, move)
            terms = per_seat.setdefault(mover, [0.0] * len(params.slopes))
            for k, slope in enumerate(params.slopes):
                terms[k] += decision_log_likelihood(f, slope)
            weighed += 1
    expected = sum(
        math.log(sum(q * math.exp(t) for q, t in zip(params.prior, terms, strict=True))) for terms in per_seat.values()
    )
    view = str(s.information_state(0))
    true = np.array([s.hidden_world(0)], dtype=np.int32)
    assert weighed > 0 and weighed_decisions(view, seen) == weighed
    assert float(log_likelihoods(view, seen, true, params)[0]) == pytest.approx(expected)


def test_decisions_of_an_earlier_hand_weigh_every_world_alike() -> None:
    """Rounds 1-6 seen from round 7 on: the first hand was laid out entirely, the same in every world."""
    s, history, seen = observed_game(7, {"players": 2}, 7)
    view = str(s.information_state(0))
    first_half = [x for (before, _), x in zip(history, seen, strict=True) if before.round <= 6]
    assert len(first_half) > 20 and weighed_decisions(view, first_half) == 6 and weighed_decisions(view, seen) == 7
    worlds = get_game("honshu").view(view).belief.sample(16, seed=1)
    ll = log_likelihoods(view, first_half, worlds, PolicyParams(slopes=(0.3, 0.0), prior=(0.5, 0.5)))
    assert len(set(ll.tolist())) == 1 and ll[0] < 0
    # ... and with hand passing, decisions before the last pass are not weighed at all.
    s, history, seen = observed_game(7, {"players": 2, "hand_passing": "official"}, 7)
    view = str(s.information_state(0))
    earlier = [x for (before, _), x in zip(history, seen, strict=True) if before.round <= 6]
    assert len(earlier) > 20 and weighed_decisions(view, earlier) == 0


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
    with pytest.raises(WorldError, match="the slopes must be finite"):
        PolicyParams(slopes=(float("nan"),))
    with pytest.raises(WorldError, match="one prior per slope needed, got 2 and 1"):
        PolicyParams(slopes=(0.1, 0.2), prior=(1.0,))
    with pytest.raises(WorldError, match="the prior must be positive and sum to 1"):
        PolicyParams(slopes=(0.1, 0.2), prior=(0.5, 0.6))


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
