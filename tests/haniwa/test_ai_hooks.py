"""The fast hidden-information hooks of Haniwa: `assign_hidden` (through ``with_hidden`` and the searches' world
stream) equals the checked ``from_world`` path, and observation keys are equal exactly when the information states
are, in every mode (2 players, colour first, 4 players, solo, two-round matches)."""

from __future__ import annotations

import numpy as np
import pytest
from hidden_helpers import random_states

from solver._core import WorldError, haniwa
from solver.games.haniwa.belief import HaniwaBelief

STATES = [s for s in random_states(6, seed=11) if not s.is_terminal()]


def views(state: haniwa.State) -> list[int]:
    return list(range(state.num_players))


def test_fast_worlds_equal_from_world_in_every_mode() -> None:
    checked = 0
    for k, s in enumerate(STATES):
        for p in views(s):
            belief = HaniwaBelief.of(s, p)
            info = s.information_state(p)
            for world in belief.sample(4, seed=k * 7 + p):
                fast = s.with_hidden(p, world)
                slow = haniwa.State.from_world(info, world)
                assert fast == slow
                assert fast.hash() == slow.hash() == fast.recompute_hash()
                assert fast.information_state(p) == info
                checked += 1
    assert checked == sum(4 * len(views(s)) for s in STATES)


def test_search_world_stream_equals_from_world() -> None:
    """``sample_states`` runs the searches' own path (Belief + WorldSource + assign_hidden); every state it makes
    is the from_world state of the corresponding sampled row."""
    for s in STATES[::3]:
        p = s.to_move()
        info = s.information_state(p)
        belief = HaniwaBelief.of(s, p)
        unseen, groups = belief.unseen, [g.size for g in belief.belief.groups]
        states = haniwa.State.sample_states(info, unseen, groups, 5, seed=3)
        rows = haniwa.State.sample_worlds(unseen, 5, seed=3)
        for st, row in zip(states, rows, strict=True):
            assert st == haniwa.State.from_world(info, row)
            assert st.information_state(p) == info


def test_two_round_worlds_without_the_seed_slot_derive_the_seed() -> None:
    s = next(x for x in STATES if x.num_players == 2 and "rounds=2" in str(x))
    world = s.hidden_world(0)
    info = s.information_state(0)
    a = haniwa.State.from_world(info, world[:-1])
    assert a == s.with_hidden(0, np.asarray(world[:-1], dtype=np.int32))
    assert a == haniwa.State.from_world(info, world[:-1])  # the same tiles give the same seed
    assert a.information_state(0) == info
    assert haniwa.State.from_world(info, world) == s
    with pytest.raises(WorldError, match="expected"):
        haniwa.State.from_world(info, world[:-2])


def test_with_hidden_rejects_worlds_that_do_not_fit() -> None:
    s = haniwa.State.deal(haniwa.Rules(), 4)
    world = np.asarray(s.hidden_world(0), dtype=np.int32)
    assert s.with_hidden(0, world) == s
    with pytest.raises(WorldError, match="expected 32 values, got 31"):
        s.with_hidden(0, world[:-1])
    bad = world.copy()
    bad[0] = (bad[0] + 1) % 12
    with pytest.raises(WorldError, match="not an arrangement"):
        s.with_hidden(0, bad)
    with pytest.raises(ValueError, match=r"observer must be in 0\.\.1"):
        s.with_hidden(2, world)


def test_observation_keys_equal_iff_information_states_equal() -> None:
    pairs = 0
    for k, s in enumerate(STATES):
        for p in views(s):
            worlds = HaniwaBelief.of(s, p).worlds(3, seed=k)
            for w in worlds:  # same information state, different hidden items: same key
                assert w.observation_key(p) == s.observation_key(p)
            pairs += 1
    assert pairs > 0
    keys: dict[int, str] = {}
    for s in STATES:
        for p in views(s):
            info = s.information_state(p)
            key = s.observation_key(p)
            assert keys.setdefault(key, info) == info  # no two different information states share a key
    assert len({i for i in keys.values()}) == len(keys)


def test_observation_key_sees_the_drawn_tile_but_not_the_opponents_draw() -> None:
    s = haniwa.State.deal(haniwa.Rules(), 9)
    p = s.to_move()
    before_other = s.observation_key(1 - p)
    mine = s.clone()
    mine.apply(mine.legal_moves()[0])
    # The mover drew a tile: their own key changes; a world differing only in the opponent's hand does not change
    # the mover's key.
    w = HaniwaBelief.of(mine, p).worlds(1, seed=1)[0]
    assert w.observation_key(p) == mine.observation_key(p)
    assert mine.observation_key(1 - p) != before_other
