"""Haniwa determinisation: every sampled world is a legal world with exactly the observer's information state."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from haniwa_helpers import position
from hidden_helpers import random_states, tile_set, tiles_of

from solver._core import NotationError, WorldError, haniwa
from solver.games.haniwa.belief import HaniwaBelief, belief_of


def test_every_sampled_world_reproduces_the_information_state() -> None:
    for i, s in enumerate(random_states(6, seed=21)):
        for p in range(s.num_players):
            info = s.information_state(p)
            belief = HaniwaBelief.from_information_state(info)
            assert belief.view == p and belief.info_state == info
            true_world = s.hidden_world(p)
            tiles = true_world[:-1] if belief.has_seed else true_world
            assert sorted(tiles) == belief.unseen
            belief.belief.check_world(np.array(tiles, dtype=np.int32))  # the true world is a possible one
            worlds = belief.sample(8, seed=i)
            assert worlds.shape == (8, belief.num_slots) and worlds.dtype == np.int32
            for row, t in zip(worlds, belief.worlds(8, seed=i), strict=True):
                assert t.information_state(p) == info
                rebuilt = t.hidden_world(p)
                for name, sl in belief.offsets().items():  # hands are kept sorted, everything else in order
                    same = sorted if name.startswith("hand") else list
                    assert same(rebuilt[sl]) == same(row[sl].tolist())
                assert t.hash() == t.recompute_hash()
                assert haniwa.State.parse(str(t)) == t  # every consistency check of the position notation
                assert tiles_of(t) == tile_set(t)  # the whole tile set is accounted for


def test_sampled_worlds_play_to_the_end() -> None:
    rng = random.Random(2)
    for s in random_states(1, seed=4):
        for p in range(s.num_players):
            for t in HaniwaBelief.of(s, p).worlds(2, seed=p):
                bound, plies = t.remaining_plies_bound(), 0
                while not t.is_terminal():
                    t.apply(rng.choice(t.legal_moves()))
                    plies += 1
                    for q in range(t.num_players):
                        assert haniwa.State.from_world(t.information_state(q), t.hidden_world(q)) == t
                assert plies <= bound and tiles_of(t) == tile_set(t)


def test_opponent_hand_marginals_match_the_unseen_multiset() -> None:
    # Player 1's view at the deal: 4 tiles of player 0 hidden among 32 unseen tiles (3 of each kind minus player
    # 1's own hand). Each slot of the opponent's hand holds kind k with probability unseen[k] / 32.
    s = haniwa.State.deal(haniwa.Rules(), 17)
    belief = belief_of(s, 1)
    assert belief.groups[0].name == "hand0" and belief.groups[0].size == 4
    n = 6000
    hand = belief.sample(n, seed=3)[:, :4]
    unseen = Counter(belief.unseen)
    assert sum(unseen.values()) == 32
    observed = Counter(hand.ravel().tolist())
    chi2 = sum((observed[k] - 4 * n * c / 32) ** 2 / (4 * n * c / 32) for k, c in unseen.items())
    assert set(observed) <= set(unseen)
    assert chi2 < 31.3  # chi-square, 11 degrees of freedom, p = 0.001
    # The stock's next tile has the same distribution.
    first = Counter(belief.sample(n, seed=4)[:, 4].tolist())
    chi2 = sum((first[k] - n * c / 32) ** 2 / (n * c / 32) for k, c in unseen.items())
    assert chi2 < 31.3
    assert np.array_equal(belief.sample(50, seed=3), belief.sample(50, seed=3))


def test_hidden_face_down_and_kofun_tiles_are_sampled_from_the_unseen_tiles() -> None:
    s = position(
        zones=({"a1": "R2*", "b1": "B1"}, {"a1": "G3+1", "b1": "Y1"}),
        hands=(["G1", "R1", "R3", "B2"], ["Y2", "Y3", "B3", "G2"]),
        discards=["0Y3", "1G1"],
        kofun_state="r,1u,r,r,r,r",
        game="f",
    )
    b0 = belief_of(s, 0)
    assert [(g.name, g.size) for g in b0.groups] == [
        ("hand1", 4),
        ("stock", 22),
        ("face_down", 0),
        ("under_kofun", 1),
        ("discards", 1),
    ]
    worlds = b0.sample(3000, seed=1)
    under = Counter(worlds[:, b0.offsets()["under_kofun"]].ravel().tolist())
    # Player 0 saw R1 R2 R3 B1 B2 G1 Y1 Y3 once each: those kinds have 2 unseen copies, the others 3 (28 in all).
    assert sorted(under) == list(range(12))
    for t in b0.worlds(20, seed=2):
        assert str(t).count("+1") == 1 and t.information_state(0) == s.information_state(0)
    b1 = belief_of(s, 1)
    fd = b1.sample(200, seed=5)[:, b1.offsets()["face_down"]]
    assert len(set(fd.ravel().tolist())) > 5


def test_two_round_worlds_carry_a_sampled_reshuffle_seed() -> None:
    s = haniwa.State.deal(haniwa.Rules(rounds=2), 3)
    b = belief_of(s, 0)
    assert b.has_seed and b.groups[-1].name == "reshuffle"
    worlds = b.sample(100, seed=7)
    assert len(set(worlds[:, -1].tolist())) == 100
    seeds = [int(str(t).split("reshuffle=")[1]) for t in b.worlds(5, seed=7)]
    assert seeds == worlds[:5, -1].view(np.uint32).tolist()


def test_bad_beliefs_and_worlds() -> None:
    s = haniwa.State.deal(haniwa.Rules(), 1)
    b = belief_of(s, 0)
    with pytest.raises(NotationError, match="field 'view'"):
        HaniwaBelief.from_information_state(str(s))
    with pytest.raises(WorldError, match="expected 32 values"):
        b.state([0] * 31)
    with pytest.raises(WorldError, match="are unseen by player 0"):
        b.state([0] * 32)
    with pytest.raises(WorldError, match=">= 0"):
        b.sample(-1)
    with pytest.raises(WorldError, match="2-D"):
        b.info.worlds(np.zeros(32, dtype=np.int32))
