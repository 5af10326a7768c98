"""Determinisation: every sampled world rebuilds a state with exactly the observer's information state."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from solver._core import WorldError
from solver._core import koikoi as kk
from solver.games.koikoi.belief import KoikoiBelief, belief_of


def random_midgame_states(n: int, seed: int) -> list[kk.State]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = kk.State.deal(rng.randrange(10**6), kk.Rules.preset(rng.choice(["seed", "nintendo"])))
        stop_after = rng.randrange(0, 40)
        for _ in range(stop_after):
            if s.is_terminal():
                break
            legal = s.legal_moves()
            names = [s.move_to_string(m) for m in legal]
            s.apply(legal[names.index("koikoi")] if "koikoi" in names else rng.choice(legal))
        out.append(s)
    return out


def test_every_sampled_world_reproduces_the_information_state() -> None:
    for i, s in enumerate(random_midgame_states(120, 1)):
        for p in (0, 1):
            info = s.information_state(p)
            belief = KoikoiBelief(info)
            opp, stock = len(s.hand(1 - p)), len(s.stock)
            assert belief.view == p
            assert sorted(belief.unseen) == sorted(s.hand(1 - p) + s.stock)
            worlds = belief.sample(25, seed=i)
            assert worlds.shape == (25, opp + stock)
            for w in worlds:
                t = belief.state(w)
                assert t.information_state(p) == info
                assert sorted(t.hand(1 - p)) == sorted(w[:opp].tolist()) and t.stock == w[opp:].tolist()
                assert t.hash() == t.recompute_hash()
            belief.belief.check_world(np.array(s.hand(1 - p) + s.stock))  # the true world is a possible one


def test_worlds_are_uniform_over_opponent_hand_and_stock() -> None:
    s = kk.State.deal(3)
    belief = belief_of(s, 0)  # 8 opponent cards, 24 stock cards, 32 unseen
    worlds = belief.sample(8000, seed=2)
    in_hand = Counter(worlds[:, :8].ravel().tolist())
    for card in belief.unseen:
        assert abs(in_hand[card] / 8000 - 8 / 32) < 0.03
    assert np.array_equal(worlds, belief.sample(8000, seed=2))


def test_inconsistent_worlds_raise_world_error() -> None:
    s = kk.State.deal(5)
    s.apply(s.legal_moves()[0])
    info = s.information_state(0)
    true = s.hand(1) + s.stock
    kk.State.from_world(info, true)
    with pytest.raises(WorldError, match="expected 8 opponent cards"):
        kk.State.from_world(info, true[:-1])
    seen = s.hand(0)[0]
    with pytest.raises(WorldError, match="already seen"):
        kk.State.from_world(info, [seen, *true[1:]])
    with pytest.raises(WorldError, match="appears twice"):
        kk.State.from_world(info, [true[1], *true[1:]])
    with pytest.raises(WorldError, match="out of range"):
        kk.State.from_world(info, [48, *true[1:]])
    with pytest.raises(WorldError, match="1-D"):
        kk.State.from_world(info, np.array([true]))
