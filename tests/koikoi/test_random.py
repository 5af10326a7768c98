"""Random-simulation invariants over hundreds of random deals (seed and nintendo rules)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from solver._core import koikoi as kk


def random_move(s: kk.State, rng: random.Random) -> int:
    """Uniform, except that koi-koi is preferred so that the deals run long."""
    legal = s.legal_moves()
    koikoi = [m for m in legal if s.move_to_string(m) == "koikoi"]
    if koikoi and rng.random() < 0.6:
        return koikoi[0]
    return rng.choice(legal)


def hidden_world(s: kk.State, player: int) -> list[int]:
    return s.hand(1 - player) + s.stock


def check_invariants(s: kk.State) -> None:
    parts = [s.hand(0), s.hand(1), s.table, s.pile(0), s.pile(1), s.stock, [s.drawn] if s.drawn >= 0 else []]
    every = [c for part in parts for c in part]
    assert sorted(every) == list(range(48))  # 48 cards, each exactly once
    assert len(s.stock) == 8 + len(s.hand(0)) + len(s.hand(1))
    assert s.hash() == s.recompute_hash()
    assert s.clone() == s and s.clone().hash() == s.hash()
    text = s.to_string()
    back = kk.State.parse(text)
    assert back == s and back.to_string() == text and back.hash() == s.hash()
    for p in (0, 1):
        info = s.information_state(p)
        rebuilt = kk.State.from_world(info, np.array(hidden_world(s, p), dtype=np.int32))
        assert rebuilt == s  # the true world rebuilds the very state
        assert rebuilt.information_state(p) == info
    legal = s.legal_moves()
    assert (len(legal) == 0) == s.is_terminal()
    for m in legal:
        assert s.parse_move(s.move_to_string(m)) == m
    assert s.total(0) <= kk.yaku_total(s.pile(0), s.rules) and s.total(1) <= kk.yaku_total(s.pile(1), s.rules)


@pytest.mark.parametrize("rules", ["seed", "nintendo"])
def test_random_deals_keep_every_invariant(rules: str) -> None:
    r = kk.Rules.preset(rules)
    rng = random.Random(rules)
    outcomes = {"draw": 0, "stop": 0, "hand": 0}
    for seed in range(150):
        s = kk.State.deal(seed, r)
        check_invariants(s)
        plies = 0
        while not s.is_terminal():
            bound = s.remaining_plies_bound()
            mover, phase = s.to_move(), s.phase
            s.apply(random_move(s, rng))
            plies += 1
            assert s.remaining_plies_bound() < bound
            if phase == "play" and s.phase == "play":
                assert s.to_move() == 1 - mover
            check_invariants(s)
        assert plies <= 3 * 16
        assert s.returns(0) == -s.returns(1)
        if s.winner < 0:
            outcomes["draw"] += 1
            assert s.returns(0) == 0.0
        else:
            assert s.returns(s.winner) == s.points > 0
            outcomes["hand" if plies == 0 else "stop"] += 1
            if plies:
                base = s.total(s.winner)
                assert s.points in (base, 2 * base, 4 * base)
                if rules == "seed":
                    assert s.points == kk.yaku_total(s.pile(s.winner), r)
    # both endings are exercised (nintendo: after the one koi-koi of a deal any rise ends it, so draws are rare)
    assert outcomes["stop"] > 30 and outcomes["draw"] > (20 if rules == "seed" else 3)


def test_compiled_random_deals_reproduce() -> None:
    assert kk.random_deals(200, 5) == kk.random_deals(200, 5)
    assert kk.random_deals(200, 5) > 200
