"""Random games with 2-5 players and every rule option: hash, notation and world round trips, card conservation,
legality of the rollout and greedy moves, the plies bound, final map sizes."""

from __future__ import annotations

import numpy as np
import pytest
from hs_helpers import card_locations, random_game

from solver._core import honshu as hs


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize(("passing", "lost"), [("none", False), ("official", True)])
def test_random_game_invariants(players: int, passing: str, lost: bool) -> None:
    total = 40 if players <= 3 else 60
    for seed in range(2):
        plies = 0
        bound = None
        for s, move in random_game(players, seed, passing, lost):
            assert s.hash() == s.recompute_hash()
            assert hs.State.parse(s.to_string()) == s
            locs = card_locations(s)
            assert len(locs) == len(set(locs)) and max(locs) <= total
            # Every card is somewhere or never dealt: 12 per player are dealt.
            assert len(locs) == 12 * players
            if bound is None:
                bound = s.remaining_plies_bound()
            assert s.remaining_plies_bound() <= bound - plies
            if move >= 0:
                legal = s.legal_moves()
                assert move in legal and len(set(legal)) == len(legal) <= hs.MAX_MOVES
                assert s.parse_move(s.move_to_string(move)) == move
                if plies % 17 == 0:
                    assert s.greedy_move() in legal
                for o in range(players):
                    world = np.array(s.hidden_world(o), dtype=np.int32)
                    assert hs.State.from_world(s.information_state(o), world) == s
            plies += 1
        assert s.is_terminal() and s.remaining_plies_bound() == 0
        assert plies - 1 == players + 12 * 3 * players
        assert all(len(s.map_cards(p)) == 12 for p in range(players))
        assert sum(1 for p in range(players) if s.returns(p) >= 0) >= 1


def test_random_games_counts_plies() -> None:
    assert hs.random_games(5, 1, 4) == 5 * (4 + 12 * 3 * 4)
    assert hs.random_games(3, 2, 5, "official", True) == 3 * (5 + 12 * 3 * 5)


def test_rollout_placements_are_uniform_over_legal_moves() -> None:
    # The rejection sampler of random_move draws every legal placement about equally often.
    s = next(st for st, _ in random_game(2, 4) if st.phase == "place" and st.round == 3)
    legal = s.legal_moves()
    counts = dict.fromkeys(legal, 0)
    n = 60 * len(legal)
    for seed in range(n):
        counts[int(s.random_move(seed))] += 1
    expected = n / len(legal)
    assert min(counts.values()) > 0.4 * expected and max(counts.values()) < 1.8 * expected


def test_state_size() -> None:
    assert hs.STATE_BYTES == 432


def test_rollout_policy_prefers_valuable_placements() -> None:
    """rollout_move: uniform outside placements; a placement is the best static value of 8 uniform draws."""
    s = next(st for st, _ in random_game(2, 6) if st.phase == "place" and st.round == 5)
    legal = set(s.legal_moves())
    rollout = [int(s.rollout_move(seed)) for seed in range(300)]
    uniform = [int(s.random_move(seed)) for seed in range(300)]
    assert set(rollout) <= legal
    mean = lambda ms: sum(s.placement_value(m) for m in ms) / len(ms)  # noqa: E731
    assert mean(rollout) > mean(uniform) + 2
    t = next(st for st, _ in random_game(3, 6) if st.phase == "play")
    assert {int(t.rollout_move(seed)) for seed in range(200)} == set(t.legal_moves())
