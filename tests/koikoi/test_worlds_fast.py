"""Worlds made in C++ (the searches' fast path, ``assign_hidden``) against the checked path ``from_world``."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from solver._core import WorldError
from solver._core import koikoi as kk


def _positions() -> list[Any]:
    """Twelve positions part-way through random deals, four in each of the phases play, take and decide (the
    observer is the player to move)."""
    out: list[Any] = []
    rng = random.Random(11)
    targets = ["play", "take", "decide"]
    seed = 0
    while len(out) < 12:
        target = targets[len(out) % 3]
        s = kk.State.deal(seed)
        seed += 1
        plies = rng.randrange(0, 12)
        while not s.is_terminal() and (plies > 0 or s.phase != target):
            s.apply(rng.choice(s.legal_moves()))
            plies -= 1
        if not s.is_terminal():
            out.append(s)
    return out


def _belief(state: Any) -> tuple[str, list[int], list[int]]:
    info = state.information_state(state.to_move())
    unseen, _view, opp, stock = kk.hidden(info)
    return info, unseen, [opp, stock]


def test_positions_cover_every_phase() -> None:
    assert [s.phase for s in _positions()] == ["play", "take", "decide"] * 4


@pytest.mark.parametrize("index", range(12))
def test_fast_worlds_equal_checked_worlds_and_keep_the_view(index: int) -> None:
    state = _positions()[index]
    info, unseen, groups = _belief(state)
    n = 150
    states = kk.State.sample_states(info, unseen, groups, n, seed=index)
    worlds = kk.State.sample_worlds(unseen, n, seed=index)
    assert worlds.shape == (n, len(unseen)) and worlds.dtype == np.int32
    view = state.to_move()
    distinct = set()
    for k in range(n):
        row = worlds[k]
        assert sorted(row.tolist()) == sorted(unseen)
        assert states[k] == kk.State.from_world(info, row)
        assert states[k].information_state(view) == info
        assert states[k].hash() == states[k].recompute_hash()
        distinct.add(tuple(row.tolist()))
    assert len(distinct) == n  # 20+ hidden cards: repeated orders are (astronomically) unlikely


def test_the_true_world_is_among_the_consistent_ones() -> None:
    state = kk.State.deal(4)
    info, unseen, groups = _belief(state)
    opp = 1 - state.to_move()
    true_world = np.array(state.hand(opp) + state.stock, dtype=np.int32)
    assert kk.State.from_world(info, true_world) == state
    assert sorted(true_world.tolist()) == unseen and groups == [8, 24]


def test_sampled_worlds_are_uniform_over_the_opponent_hand() -> None:
    # 23 or 24 hidden cards, 8 of them in the opponent's hand: each card is there with probability 8 / unseen.
    state = kk.State.deal(2)
    _info, unseen, groups = _belief(state)
    worlds = kk.State.sample_worlds(unseen, 6000, seed=3)
    counts = np.array([(worlds[:, : groups[0]] == c).sum() for c in unseen]) / 6000
    expected = groups[0] / len(unseen)
    assert np.all(np.abs(counts - expected) < 0.03)


def test_sample_states_rejects_an_inconsistent_belief() -> None:
    state = kk.State.deal(2)
    info, unseen, groups = _belief(state)
    with pytest.raises(WorldError, match="slot groups hold 31 items but 32 items are unseen"):
        kk.State.sample_states(info, unseen, [groups[0] - 1, groups[1]], 1)
    with pytest.raises(WorldError, match="is already seen"):
        kk.State.sample_states(info, [*unseen[:-1], state.hand(state.to_move())[0]], groups, 1)


@pytest.mark.parametrize("index", range(0, 12, 3))
def test_observation_key_follows_the_information_state(index: int) -> None:
    state = _positions()[index]
    view = state.to_move()
    info, unseen, groups = _belief(state)
    states = kk.State.sample_states(info, unseen, groups, 40, seed=index)
    assert {s.observation_key(view) for s in states} == {state.observation_key(view)}
    assert state.observation_key(1 - view) != state.observation_key(view)
    # After a play the turned-over stock card differs between worlds, and so does what the player sees.
    after: dict[str, set[int]] = {}
    move = state.legal_moves()[0]
    for s in states:
        s.apply(move)
        after.setdefault(s.information_state(view), set()).add(s.observation_key(view))
    assert all(len(keys) == 1 for keys in after.values())
    assert len({next(iter(k)) for k in after.values()}) == len(after)
    with pytest.raises(ValueError, match=r"player must be in 0\.\.1"):
        state.observation_key(2)
