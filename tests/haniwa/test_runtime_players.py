"""Players counted at run time: alpha-beta and minimax search two-player Haniwa and refuse four-player positions
with the count in the message; PIMC solves the worlds of a late two-player information state exactly."""

from __future__ import annotations

import random

import numpy as np
import pytest

from solver._core import Proof, SearchLimits, haniwa


def _limits(**kw: int) -> SearchLimits:
    lim = SearchLimits()
    for k, v in kw.items():
        setattr(lim, k, v)
    return lim


def _late(players: int, seed: int, plies_left: int) -> haniwa.State:
    """A random game of the mode played until at most `plies_left` plies can remain."""
    rng = random.Random(seed)
    s = haniwa.State.deal(haniwa.Rules(players=players), seed)
    while not s.is_terminal() and s.remaining_plies_bound() > plies_left:
        s.apply(rng.choice(s.legal_moves()))
    assert not s.is_terminal()
    return s


def test_alphabeta_searches_two_player_haniwa() -> None:
    s = haniwa.State.deal(haniwa.Rules(players=2), 5)
    assert s.num_players == 2
    r = s.alphabeta(_limits(depth=2), hash_mb=4)
    assert r.best_move in s.legal_moves() and r.depth == 2 and r.nodes > 0
    late = _late(2, 11, 5)  # the last placement
    solved = late.alphabeta(_limits(depth=8), hash_mb=4)
    assert solved.best_move in late.legal_moves() and solved.proof != Proof.NONE
    assert solved.value == late.minimax(8)  # the brute force agrees


def test_alphabeta_refuses_four_players() -> None:
    s = haniwa.State.deal(haniwa.Rules(players=4), 3)
    assert s.num_players == 4
    with pytest.raises(ValueError, match="alphabeta: needs a one- or two-player position, this one has 4 players"):
        s.alphabeta(_limits(depth=2))
    with pytest.raises(ValueError, match=r"minimax: .* has 4 players"):
        s.minimax(1)


def _exact(g: haniwa.State) -> float:
    """Negamax over the returns of the player to move (the reference for PIMC's exact solver)."""
    if g.is_terminal():
        return g.returns(g.to_move())
    best = -1e300
    for m in g.legal_moves():
        c = g.clone()
        c.apply(m)
        best = max(best, _exact(c) if c.to_move() == g.to_move() else -_exact(c))
    return best


def test_pimc_solves_late_two_player_worlds_exactly() -> None:
    """One MCTS iteration per world could not value every move; the exact solver gives each move's mean over the
    worlds of its exact value, which the brute force below reproduces."""
    s = _late(2, 7, 8)  # the last two placements
    me = s.to_move()
    info = s.information_state(me)
    unseen = haniwa.InformationState.parse(info).unseen
    worlds = haniwa.State.sample_worlds(unseen, 3, 5)
    r = haniwa.State.pimc(info, _limits(nodes=3, seed=1), worlds=worlds, num_worlds=3)
    expected: dict[int, float] = {}
    for row in worlds:
        w = haniwa.State.from_world(info, np.asarray(row, dtype=np.int32))
        for m in w.legal_moves():
            c = w.clone()
            c.apply(m)
            v = c.returns(me) if c.is_terminal() else (_exact(c) if c.to_move() == me else -_exact(c))
            expected[m] = expected.get(m, 0.0) + v / len(worlds)
    assert len(expected) > 1
    assert {m.move: m.value for m in r.moves} == pytest.approx(expected)
    assert r.value == pytest.approx(max(expected.values()))
