"""Ohanami's decision model for inferred beliefs (solver/games/ohanami/inference.py): the pair sum checked by hand
and against every pair, the hands rebuilt along the chain of passed hands equal to the hands the seats really
picked from, the vectorised weights equal to the model computed pick by pick (from the recorded full states for the
true world, from each world's full state for the others), which picks are weighed, clear errors, an inferred agent
at the table."""

from __future__ import annotations

import itertools
import math
import random
import re
from typing import Any

import numpy as np
import pytest

from solver._core import WorldError
from solver.determinize.inference import Seen, infer
from solver.games import get_game
from solver.games.ohanami.inference import (
    PolicyParams,
    decision_features,
    decision_log_likelihood,
    decisions_of,
    log_likelihoods,
    log_pair_sums,
    weighed_decisions,
)
from solver.play.agents import Agent, GreedyAgent
from solver.play.match import Match
from solver.play.seen import SeenMoves
from solver.search.settings import SearchSettings

GAME = get_game("ohanami")


def observed(
    players: int, seed: int, plies: int, observer: int, phase: str = "pick"
) -> tuple[Any, list[tuple[Any, str]], list[Seen]]:
    """A game of at least `plies` moves (greedy, a random move one time in four), stopped at a move of the
    observer in `phase`; the full states before each move and what the observer saw."""
    s = GAME.new({"players": players}, seed)
    rng = random.Random(seed)
    history, seen = [], []
    while len(history) < plies or s.to_move() != observer or s.phase != phase:
        move = s.greedy_move() if rng.random() < 0.75 else rng.choice(sorted(s.legal_moves()))
        text = str(s.move_to_string(move))
        history.append((s.clone(), text))
        seen.append(Seen(str(s.information_state(observer)), GAME.public_move(s, text)))
        s.apply(move)
    assert not s.is_terminal()
    return s, history, seen


def test_the_pair_sum_by_hand_and_against_every_pair() -> None:
    # x = 1, 2, 3: the pairs give 2 + 3 + 6 = 11
    assert log_pair_sums(np.array([[1.0, 2.0, 3.0]])).tolist() == pytest.approx([math.log(11.0)], rel=1e-12)
    rng = np.random.default_rng(1)
    x = np.exp(rng.normal(0.0, 30.0, size=(5, 10)))  # terms 1e-40 .. 1e40 apart: no cancellation
    brute = [math.log(sum(a * b for a, b in itertools.combinations(row, 2))) for row in x]
    assert log_pair_sums(x).tolist() == pytest.approx(brute, rel=1e-12)


def test_one_pick_by_hand() -> None:
    """A pick of 2 of 3 cards with values 10, 20 and 0 tenths at T = 10: P({a, b}) = e^3 / (e^3 + e^1 + e^2)."""
    features = ([30.0, 10.0, 20.0], 0)  # pairs {a, b}, {a, c}, {b, c}
    expected = 3.0 - math.log(math.exp(3.0) + math.exp(1.0) + math.exp(2.0))
    assert decision_log_likelihood(features, PolicyParams(10.0)) == pytest.approx(expected, rel=1e-12)


def hand_before(history: list[tuple[Any, str]], seat: int, rnd: int, turn: int) -> tuple[Any, str]:
    """The full state before `seat`'s pick of turn `turn` of round `rnd`, and the pick."""
    return next(
        (b, m) for b, m in history if b.round == rnd and b.turn == turn and b.phase == "pick" and b.to_move() == seat
    )


def pre_pick_hand(state: Any, seat: int) -> list[int]:
    """A seat's hand before its pick of the current turn (its hand now plus a pick made this turn)."""
    return sorted([*state.hand(seat), *(state.picked(seat) if state.phase == "pick" else [])])


CASES = [(4, 1, 60, 2), (4, 2, 130, 1), (4, 3, 80, 0), (3, 4, 50, 2), (3, 5, 95, 1), (2, 6, 40, 1)]
#: placements (the hands already passed: the chains end at the next turn's hands), 4 players turn 2, 3 players turn 1
PLACING = [(4, 7, 18, 1), (4, 8, 76, 3), (3, 9, 3, 2)]


@pytest.mark.parametrize(
    ("players", "seed", "plies", "observer", "phase"),
    [(*c, "pick") for c in CASES] + [(*c, "place") for c in PLACING],
)
@pytest.mark.parametrize("temperature", [12.0, 0.5])  # 0.5: the sharpest the model allows
def test_weights_equal_the_model_computed_pick_by_pick(
    players: int, seed: int, plies: int, observer: int, phase: str, temperature: float
) -> None:
    s, history, seen = observed(players, seed, plies, observer, phase)
    view = str(s.information_state(observer))
    decisions = decisions_of(view, seen)
    assert decisions and weighed_decisions(view, seen) == len(decisions)
    params = PolicyParams(temperature)
    # the true world: the chain rebuilds the hand each seat really picked from, and the weights are the sum of the
    # model's log-probabilities of those picks from their recorded full states
    true = 0.0
    for d in decisions:
        before, move = hand_before(history, d.seat, int(s.round), d.turn)
        real = sorted(before.hand(d.seat))
        if d.pick is not None:
            assert sorted([c + 1 for c in d.known] + pre_pick_hand(s, d.end)) == real
            assert sorted(c + 1 for c in d.pick) == sorted(int(n) for n in move[5:].split(","))
        else:
            assert pre_pick_hand(s, d.seat) == real and d.turn == int(s.turn)
        assert d.values.tolist() == list(before.greedy_values(d.seat))
        true += decision_log_likelihood(decision_features(before, move), params)
    worlds = np.vstack([np.array([s.hidden_world(observer)]), GAME.view(view).belief.sample(4, seed=seed)])
    got = log_likelihoods(view, seen, worlds.astype(np.int32), params)
    assert got[0] == pytest.approx(true, rel=1e-9, abs=1e-12)
    # every world: the same model over the pairs of the hand rebuilt from the world's full state
    for row, value in zip(worlds[1:], got[1:], strict=True):
        w = GAME.State.from_world(view, row.astype(np.int32))
        total = 0.0
        for d in decisions:
            hand = sorted([c + 1 for c in d.known] + pre_pick_hand(w, d.end))
            pick = sorted(c + 1 for c in d.pick) if d.pick is not None else sorted(w.picked(d.seat))
            pairs = list(itertools.combinations(hand, 2))
            logits = [(d.values[a - 1] + d.values[b - 1]) / temperature for a, b in pairs]
            total += logits[pairs.index(tuple(pick))] - float(np.logaddexp.reduce(logits))
        assert value == pytest.approx(total, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize(("players", "seed", "plies", "observer"), CASES)
def test_hands_are_read_from_a_world_as_the_state_reads_it(players: int, seed: int, plies: int, observer: int) -> None:
    """Each other seat's pre-pick hand as State.from_world reads a world: the cards of a known hand whose pick is
    hidden wherever they stand in the row (its first two: the pick), the others filling the unseen hands in order."""
    from solver.games.ohanami.inference import hidden_hands, known_hand_cards, world_hands

    s, _, _ = observed(players, seed, plies, observer)
    view = str(s.information_state(observer))
    rows = GAME.view(view).belief.sample(20, seed=seed).astype(np.int32)
    hands, unseen = world_hands(view, rows), hidden_hands(view, rows)
    assert set(unseen) == {q for q in range(players) if q != observer and not s.knows_hand(observer, q)}
    pooled = sum(hands[q].shape[1] for q in hands if q not in unseen)
    assert known_hand_cards(view) == pooled
    for k, row in enumerate(rows):
        w = GAME.State.from_world(view, row)
        for q, cards in hands.items():
            assert sorted(int(c) + 1 for c in cards[k]) == pre_pick_hand(w, q)
            if view.split(f"pick{q}=")[1].startswith("?"):
                assert sorted(int(c) + 1 for c in cards[k][:2]) == sorted(w.picked(q))
        assert all(unseen[q][k].tolist() == hands[q][k].tolist() for q in unseen)


def test_which_picks_are_weighed() -> None:
    """Four players, round 1, at the third pick of turn 3: the revealed picks of turns 1 and 2 whose hand reaches a
    hand the observer has not seen, and the two secret picks of this turn (seats 0 and 1 picked before seat 2)."""
    s, _, seen = observed(4, 1, 0, 2)
    while not (s.turn == 3 and s.phase == "pick" and s.to_move() == 2):
        move = s.greedy_move()
        text = str(s.move_to_string(move))
        seen.append(Seen(str(s.information_state(2)), GAME.public_move(s, text)))
        s.apply(move)
    view = str(s.information_state(2))
    got = sorted((d.seat, d.turn, d.end, d.pick is None) for d in decisions_of(view, seen))
    # left passing: H(q, t) ends at seat q + (3 - t); seat 2 knows the hands of seats 2, 3 and 0 at turn 3
    ends = {(q, t): (q + 3 - t) % 4 for q in (0, 1, 3) for t in (1, 2)}
    expected = [(q, t, end, False) for (q, t), end in ends.items() if not s.knows_hand(2, end)]
    expected += [(0, 3, 0, True), (1, 3, 1, True)]
    assert got == sorted(expected)
    assert [e[2] for e in expected if not e[3]] == [1, 1]  # both chains end in the one hand seat 2 has not seen


def test_two_players_weigh_only_the_secret_pick() -> None:
    """With 2 players every hand is known after the first pass: seat 1 weighs only seat 0's secret pick of the
    turn, seat 0 (who picks first) nothing."""
    s, _, seen1 = observed(2, 7, 30, 1)
    assert [(d.seat, d.pick) for d in decisions_of(str(s.information_state(1)), seen1)] == [(0, None)]
    s0, _, seen0 = observed(2, 7, 30, 0)
    assert decisions_of(str(s0.information_state(0)), seen0) == []


def test_bad_input_is_refused_by_name() -> None:
    s, _, seen = observed(4, 1, 60, 2)
    view = str(s.information_state(2))
    with pytest.raises(WorldError, match="the information state of player 1, not of the observer 2"):
        decisions_of(view, [Seen(str(s.information_state(1)), "picks 2 cards")])
    with pytest.raises(WorldError, match="reads an information state"):
        decisions_of(str(s), [])
    slots = len(s.hidden_world(2))
    with pytest.raises(WorldError, match=f"rows of {slots} hidden cards"):
        log_likelihoods(view, seen, np.zeros((2, 5), dtype=np.int32))
    with pytest.raises(WorldError, match=r"the temperature must be >= 0\.5"):
        PolicyParams(0.4)
    with pytest.raises(WorldError, match="not a pick of this hand"):
        decision_features(s, "pick 200,201")
    assert decision_features(s, "place 3 new") is None


def test_an_inferred_agent_plays_a_whole_game() -> None:
    from solver.play.inferred import CountingAgent

    rules = {"players": 3}
    agent = CountingAgent("ohanami", SearchSettings(nodes=60, seed=1), rules, belief="inferred")
    agents: list[Agent] = [GreedyAgent("ohanami"), agent, GreedyAgent("ohanami")]
    record = Match("ohanami", agents, rules, 3).play(SeenMoves("ohanami", agents))
    # seat 1 of 3 weighs, each round: seat 0's secret pick of turn 1; its two placements of turn 1 (seat 2's
    # revealed pick came from the hand seat 0 now holds, unseen); turn 2's pick (seat 0's secret pick and that
    # chain); the secret picks of turns 3 and 4 from a known hand (turn 5's picks are forced: no search). After the
    # second pass every hand is known: nothing to weigh at the other placements.
    assert record.finished and len(agent.ess) == 3 * 6 and all(1.0 <= e <= 2048.0 for e in agent.ess)
    assert min(agent.ess) < 2048.0  # the greedy players' picks moved the weights
    first = infer(GAME.view(str(GAME.new(rules, 3).information_state(0))), [], seed=1, candidates=16, worlds=4)
    assert first.decisions == 0 and first.ess == pytest.approx(16.0)


def test_the_sides_of_a_table_of_several() -> None:
    """Head-to-head runs with more than two players: the seats alternate between the two sides, a side's result is
    its seats' mean score."""
    from types import SimpleNamespace

    from solver.play.inferred import _outcome, table_teams

    assert table_teams(GAME, {"players": 2}) == [0, 1]
    assert table_teams(GAME, {"players": 3}) == [0, 1, 0]
    assert table_teams(GAME, {"players": 4}) == [0, 1, 0, 1]
    assert table_teams(get_game("haniwa"), {"players": 4}) == [0, 1, 0, 1]  # the rules' own teams
    record = SimpleNamespace(teams=[0, 1, 0, 1], scores=[10.0, 20.0, 30.0, 0.0], winners=[0, 2])
    assert _outcome(record, 0) == (1.0, 10.0)  # side 0 at seats 0 and 2: mean 20 against 10
    assert _outcome(record, 1) == (0.0, -10.0)  # side 0 at seats 1 and 3
    tie = SimpleNamespace(teams=[0, 1, 0], scores=[10.0, 15.0, 20.0], winners=[])
    assert _outcome(tie, 0) == (0.5, 0.0)


def test_paired_strength_run_with_four_players_is_reproducible() -> None:
    from solver.play.inferred import run_pairs

    first = run_pairs(1, seed=1, rules={"players": 4}, nodes=20, game="ohanami")
    assert first["pairs"] == 1 and first["game"] == "ohanami" and first["wins"] + first["losses"] + first["drawn"] == 2
    assert first["iterations"] == {"inferred": 20.0, "uniform": 20.0} and 1.0 <= first["ess"] <= 2048.0
    assert run_pairs(1, seed=1, rules={"players": 4}, nodes=20, game="ohanami") == first


def test_kofun_play_with_belief_inferred() -> None:
    """Three players, the person at seat 0: seat 1 weighs the person's secret pick, seat 2 both earlier picks."""
    from click.testing import CliRunner

    from solver.cli import main
    from solver.play.match import first_deal

    first = first_deal(GAME, GAME.check_options({"players": 3}), 3)
    move = str(first.move_to_string(first.greedy_move()))
    args = ["play", "ohanami", "--players", "3", "--seed", "3", "--time", "0.05", "--belief", "inferred"]
    out = CliRunner().invoke(main, args, input=f"{move}\nquit\nquit\nquit\n")
    assert out.exit_code == 0, out.output
    for seat, seen in ((1, "1 decision"), (2, "2 decisions")):
        line = rf"AI \(player {seat}\) plays picks 2 cards \([-+]\d+\.\d+ points; belief: inferred from {seen}, ESS "
        assert re.search(line + r"\d+\.\d of 2048 worlds\)", out.output), out.output
