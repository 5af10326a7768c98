"""Random games of 2, 3 and 4 players: cards conserved, hash, notation and information-state round trips."""

from __future__ import annotations

import pytest
from oh_helpers import random_states

from solver._core import ohanami as oh


def all_cards(s: oh.State) -> list[int]:
    n = s.num_players
    out = list(s.deck)
    for p in range(n):
        out += s.hand(p) + s.picked(p) + s.garden(p) + s.discards(p)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_game_invariants(players: int) -> None:
    for seed in range(6):
        last_scores = [0] * players
        count = 0
        for s in random_states(players, seed):
            cs = all_cards(s)
            assert len(cs) == len(set(cs)) == 30 * players  # every card once; 120 - 30n never dealt
            assert s.hash() == s.recompute_hash()
            t = s.to_string()
            assert oh.State.parse(t) == s and oh.State.parse(t).to_string() == t
            assert oh.State.parse(t).hash() == s.hash()
            scores = [s.score(p) for p in range(players)]
            assert all(a >= b for a, b in zip(scores, last_scores, strict=True))
            last_scores = scores
            for p in range(players):
                assert len(s.columns(p)) <= 3
                for col in s.columns(p):
                    assert col == sorted(col) and len(set(col)) == len(col)
            count += 1
        assert count == 1 + 3 * 5 * 3 * players
        assert s.is_terminal()
        best = max(last_scores)
        assert [s.returns(p) for p in range(players)] == [
            float(last_scores[p] - max(v for q, v in enumerate(last_scores) if q != p)) for p in range(players)
        ]
        assert best >= 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_information_state_round_trip(players: int) -> None:
    for s in random_states(players, 11, every=3):
        for p in range(players):
            info = s.information_state(p)
            world = s.hidden_world(p)
            assert sorted(world) == s.hidden_cards(p)
            assert sum(s.hidden_groups(p)) == len(world)
            rebuilt = oh.State.from_world(info, world)
            assert rebuilt == s and rebuilt.hash() == s.hash()
            assert rebuilt.information_state(p) == info
            assert rebuilt.observation_key(p) == s.observation_key(p)


def test_random_games_function() -> None:
    assert oh.random_games(3, 0, 2) == 3 * 90
    assert oh.random_games(2, 0, 4) == 2 * 180
