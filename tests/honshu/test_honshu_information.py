"""Hidden information: what each seat sees, worlds, beliefs, and that no agent's view holds a hidden card."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hs_helpers import fields, random_game

from solver._core import WorldError
from solver._core import honshu as hs
from solver.games import get_game

GAME = get_game("honshu")


def states(players: int, seed: int, passing: str = "none") -> list:
    return [s for s, _ in random_game(players, seed, passing)][::7]


@pytest.mark.parametrize(("players", "passing"), [(2, "none"), (3, "official"), (5, "official")])
def test_information_state_shows_exactly_what_is_known(players: int, passing: str) -> None:
    for s in states(players, 3, passing):
        for o in range(players):
            f = fields(s.information_state(o))
            assert f["view"] == str(o) and f["deck"] == f"?{len(s.deck)}"
            for q in range(players):
                hand = list(s.hand(q))
                if s.knows_hand(o, q):
                    assert f[f"hand{q}"] == (",".join(map(str, hand)) or "-")
                else:
                    assert f[f"hand{q}"] == f"?{len(hand)}"
            # Public: the trick, the maps, the cubes.
            full = fields(s.to_string())
            for key in (
                "trick",
                "took",
                "start",
                *(f"map{q}" for q in range(players)),
                *(f"cubes{q}" for q in range(players)),
            ):
                assert f[key] == full[key]


def test_hidden_cards_are_the_unknown_hands_the_deck_and_the_undealt() -> None:
    s = hs.State.deal(2, 5)
    hidden = set(s.hidden_cards(0))
    assert hidden == (
        {c - 1 for c in s.hand(1)}
        | {c - 1 for c in s.deck}
        | (set(range(40)) - {c - 1 for p in range(2) for c in s.hand(p)} - {c - 1 for c in s.deck})
    )
    assert len(hidden) == 40 - 6
    assert s.hidden_groups(0) == [6, 12, 16]
    s5 = hs.State.deal(5, 5)
    assert s5.hidden_groups(0) == [6, 6, 6, 6, 30, 0]


def test_worlds_rebuild_a_consistent_state() -> None:
    rng = random.Random(2)
    for s in states(4, 8, "official"):
        o = s.to_move()
        info = s.information_state(o)
        world = list(s.hidden_world(o))
        rng.shuffle(world)
        t = hs.State.from_world(info, np.array(world, dtype=np.int32))
        assert t.information_state(o) == info
        assert t.observation_key(o) == s.observation_key(o)
        assert t.legal_moves() == s.legal_moves() or o != s.to_move()
        assert t.hash() == t.recompute_hash()


def test_world_errors() -> None:
    s = hs.State.deal(2, 1)
    info = s.information_state(0)
    world = s.hidden_world(0)
    with pytest.raises(WorldError, match="expected 34 hidden cards"):
        hs.State.from_world(info, np.array(world[:-1], dtype=np.int32))
    own = next(iter(s.hand(0))) - 1
    with pytest.raises(WorldError, match="not a card id hidden"):
        hs.State.from_world(info, np.array([own, *world[1:]], dtype=np.int32))


def test_observation_key_changes_with_public_moves_only() -> None:
    s = hs.State.deal(3, 2)
    for _ in range(3):
        s.apply(s.greedy_move())
    k0 = s.observation_key(0)
    t = s.clone()
    t.apply(t.legal_moves()[0])  # seat 0 plays a card face up: public
    assert t.observation_key(0) != k0 and t.observation_key(1) != s.observation_key(1)


def test_belief_matches_the_hidden_cards() -> None:
    s = hs.State.deal(4, 6)
    for _ in range(7):
        s.apply(s.greedy_move())
    view = GAME.view(s, 2)
    assert sorted(view.unseen) == sorted(s.hidden_cards(2))
    assert view.groups == list(s.hidden_groups(2))
    worlds = view.belief.sample(5, seed=1)
    for w in worlds:
        t = hs.State.from_world(view.text, w)
        assert list(t.hand(2)) == list(s.hand(2))


def test_an_agent_view_holds_no_hidden_card() -> None:
    """Never peeks: what a seat is handed is its information state; its proxy's hidden cards are placeholders."""
    for players in (2, 4):
        s = hs.State.deal(players, 12)
        for _ in range(players + 2):
            s.apply(s.greedy_move())
        for seat in range(players):
            view = GAME.observe(s, seat)
            assert view.text == s.information_state(seat)
            f = fields(view.text)
            for q in range(players):
                if q != seat:
                    assert f[f"hand{q}"].startswith("?")
            # Every other field is public: the same as in the full notation; the secret ones are counts only.
            full = fields(s.to_string())
            for key, value in f.items():
                if key == "view":
                    continue
                if key == "deck" or (key.startswith("hand") and key != f"hand{seat}"):
                    assert value == f"?{len(s.deck) if key == 'deck' else len(s.hand(int(key[4:])))}"
                else:
                    assert value == full[key]
