"""Haniwa's decision model for inferred beliefs (solver/games/haniwa/inference.py): the vectorised weights equal to
the model computed hand by hand (the mixture over the tile just drawn, and without a draw), hidden placements not
weighed, clear errors, an inferred agent at the table."""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import numpy as np
import pytest

from solver._core import WorldError
from solver._core import haniwa as hw
from solver.determinize.inference import Seen, infer
from solver.games import get_game
from solver.games.haniwa.inference import (
    TILE_NAMES,
    PolicyParams,
    decision_features,
    decision_log_likelihood,
    face_up_kind,
    is_placement,
    last_placements,
    log_likelihoods,
    weighed_decisions,
)
from solver.play.agents import Agent, GreedyAgent
from solver.play.match import Match
from solver.play.seen import SeenMoves
from solver.search.settings import SearchSettings

GAME = get_game("haniwa")


def observed(rules: dict[str, Any], seed: int, plies: int, observer: int = 0) -> tuple[Any, list[Any], list[Seen]]:
    """A game of `plies` moves (greedy, a random move one time in four), stopped at the observer's turn; the full
    states before each move and what the observer saw."""
    s = GAME.new(rules, seed)
    rng = random.Random(seed)
    history, seen = [], []
    while len(history) < plies or s.to_move() != observer:
        move = s.greedy_move(seed) if rng.random() < 0.75 else rng.choice(sorted(s.legal_moves()))
        text = str(s.move_to_string(move))
        history.append((s.clone(), text))
        seen.append(Seen(str(s.information_state(observer)), GAME.public_move(s, text)))
        s.apply(move)
    assert not s.is_terminal()
    return s, history, seen


def holding(before_text: str, seat: int, hand: list[int]) -> Any:
    """A full state of the information state `before_text` in which `seat` holds exactly `hand`."""
    info = hw.InformationState.parse(before_text)
    rest = list(info.unseen)
    for t in hand:
        rest.remove(t)
    offset = 0
    for name, size in info.groups:
        if name == f"hand{seat}":
            break
        offset += size
    world = rest[:offset] + hand + rest[offset:]
    return info.world(np.asarray(world, dtype=np.int32))


def by_hand(view: str, seen: list[Seen], world: list[int], params: PolicyParams) -> float:
    """The model's log-likelihood of `world`, one hand at a time: for each other seat, the mean over the tiles x of
    its current hand of P(last placement | hand - x + placed tile), each from every legal move of that hand."""
    info = hw.InformationState.parse(view)
    offsets, start = {}, 0
    for name, size in info.groups:
        offsets[name] = (start, start + size)
        start += size
    total = 0.0
    for d in last_placements(view, seen):
        k = max(i for i, s in enumerate(seen) if f"to_move={d.seat} " in s.before and is_placement(s.move))
        lo, hi = offsets[f"hand{d.seat}"]
        now = world[lo:hi]
        hands = [now[:i] + now[i + 1 :] + [d.kind] for i in range(len(now))] if d.drew else [[*now, d.kind]]
        probs = []
        for hand in hands:
            state = holding(seen[k].before, d.seat, hand)
            probs.append(math.exp(decision_log_likelihood(decision_features(state, seen[k].move), params)))
        total += math.log(sum(probs) / len(probs))
    return total


@pytest.mark.parametrize(
    ("rules", "seed", "plies"),
    [({"players": 2}, 1, 6), ({"players": 2}, 2, 21), ({"players": 2}, 3, 18), ({"players": 4}, 4, 13)],
)
@pytest.mark.parametrize("temperature", [1.5, 0.01])  # 0.01: terms far apart
def test_weights_equal_the_model_computed_hand_by_hand(
    rules: dict[str, Any], seed: int, plies: int, temperature: float
) -> None:
    s, history, seen = observed(rules, seed, plies)
    view = str(s.information_state(0))
    decisions = last_placements(view, seen)
    assert decisions and weighed_decisions(view, seen) == len(decisions)
    for d in decisions:  # the hand the seat placed from is one of the hands the mixture sums over
        k = max(i for i, (b, m) in enumerate(history) if b.to_move() == d.seat and is_placement(m))
        true_before = sorted(history[k][0].hand(d.seat))
        now = list(s.hand(d.seat))
        assert any(sorted(now[:i] + now[i + 1 :] + [d.kind]) == true_before for i in range(len(now))) or (
            not d.drew and sorted([*now, d.kind]) == true_before
        )
    params = PolicyParams(temperature)
    worlds = np.vstack([np.array([s.hidden_world(0)]), GAME.view(view).belief.sample(3, seed=seed)]).astype(np.int32)
    got = log_likelihoods(view, seen, worlds, params)
    assert got.tolist() == pytest.approx([by_hand(view, seen, row.tolist(), params) for row in worlds], rel=1e-9)


def test_a_placement_without_a_draw() -> None:
    """With the stock empty the seat draws nothing (rare: a game ends when the zones are full, before the stock
    runs out, unless many tiles were discarded): the hand it placed from is its hand now plus the tile placed. The
    weights of such a decision, against the formula computed one world at a time from the decision's values."""
    s, _, seen = observed({"players": 2}, 2, 21)
    view = str(s.information_state(0))
    [d] = last_placements(view, seen)
    undrawn = dataclasses.replace(d, drew=False)
    params = PolicyParams(2.0)
    worlds = GAME.view(view).belief.sample(4, seed=1)
    got = log_likelihoods(view, seen, worlds, params, decisions=[undrawn])
    z = {t: sum(math.exp(v / 2.0) for v in vals) for t, vals in d.values.items()}
    hand = slice(0, len(s.hand(1)))
    expected = [d.chosen / 2.0 - math.log(sum(z[t] for t in {*row[hand].tolist(), d.kind})) for row in worlds]
    assert got.tolist() == pytest.approx(expected, rel=1e-9)


def test_a_hidden_last_placement_weighs_nothing() -> None:
    """The first player's face-down tile: the other seat sees ``?a1*`` and the weights leave that seat out."""
    s = GAME.new({"players": 2}, 2)
    first = s.to_move()
    observer = 1 - first
    seen = []
    move = next(m for m in s.legal_moves() if str(s.move_to_string(m)).endswith("*"))
    text = str(s.move_to_string(move))
    seen.append(Seen(str(s.information_state(observer)), GAME.public_move(s, text)))
    s.apply(move)
    assert seen[0].move == "?" + text[2:] and face_up_kind(seen[0].move) is None and is_placement(seen[0].move)
    view = str(s.information_state(observer))
    assert weighed_decisions(view, seen) == 0
    worlds = GAME.view(view).belief.sample(8, seed=1)
    assert log_likelihoods(view, seen, worlds).tolist() == [0.0] * 8


def test_moves_are_read_by_kind() -> None:
    assert [face_up_kind(t) for t in ("R1a1", "Y3d6", "?a1*", "R2a1*", "R2a1+Y", "-?", "+Y")] == [
        0, 11, None, None, None, None, None
    ]  # fmt: skip
    assert TILE_NAMES.index("B2") == 4
    assert [is_placement(t) for t in ("R1a1", "?b2*", "?c3+N", "-?", "+Y")] == [True, True, True, False, False]


def test_inconsistent_seen_moves_are_refused_by_name() -> None:
    s, _, seen = observed({"players": 2}, 1, 6)
    view = str(s.information_state(0))
    k = max(i for i, x in enumerate(seen) if "to_move=1" in x.before and face_up_kind(x.move) is not None)
    with pytest.raises(WorldError, match="the information state of player 1, not of the observer 0"):
        last_placements(view, [Seen(str(s.information_state(1)), "R1a1")])
    off_board = Seen(seen[k].before, seen[k].move[:3] + "9")
    with pytest.raises(WorldError, match=f"{off_board.move} is not a legal placement of player 1"):
        last_placements(view, [*seen[:k], off_board])
    slots = len(s.hidden_world(0))
    with pytest.raises(WorldError, match=f"rows of {slots} tile slots"):
        log_likelihoods(view, seen, np.zeros((2, 5), dtype=np.int32))
    with pytest.raises(WorldError, match="the temperature must be > 0"):
        PolicyParams(0.0)


def test_an_inferred_agent_plays_a_whole_game() -> None:
    from solver.play.inferred import CountingAgent

    agent = CountingAgent("haniwa", SearchSettings(nodes=100, seed=1), {"players": 2}, belief="inferred")
    agents: list[Agent] = [agent, GreedyAgent("haniwa")]
    record = Match("haniwa", agents, {"players": 2}, 3).play(SeenMoves("haniwa", agents))
    assert record.finished and len(agent.ess) >= 8 and all(1.0 <= e <= 2048.0 for e in agent.ess)
    assert min(agent.ess) < 2048.0  # the greedy player's placements moved the weights
    again = infer(GAME.view(str(GAME.new({"players": 2}, 3).information_state(0))), [], seed=1, candidates=16, worlds=4)
    assert again.decisions == 0 and again.ess == pytest.approx(16.0)
