"""Hidden information: what each player sees, card counting, sampled worlds, and that no decision peeks."""

from __future__ import annotations

import random

import numpy as np
import pytest
from oh_helpers import random_states

from solver._core import WorldError
from solver._core import ohanami as oh
from solver.games import get_game

GAME = get_game("ohanami")


def fields(text: str) -> dict[str, str]:
    return dict(t.split("=", 1) for t in text.split())


def test_round_start_view_shows_own_hand_only() -> None:
    s = oh.State.deal(3, 5)
    f = fields(s.information_state(1))
    assert f["view"] == "1"
    assert f["hand1"] == ",".join(map(str, s.hand(1)))
    assert f["hand0"] == "?10" and f["hand2"] == "?10"
    assert f["deck"] == "?60"
    assert len(s.hidden_cards(1)) == 120 - 10


def test_a_later_picker_does_not_see_the_earlier_picks() -> None:
    a = oh.State.deal(2, 9)
    b = a.clone()
    h = a.hand(0)
    a.play(f"pick {h[0]},{h[1]}")
    b.play(f"pick {h[2]},{h[3]}")
    assert a.information_state(1) == b.information_state(1)
    assert a.observation_key(1) == b.observation_key(1)
    assert fields(a.information_state(1))["pick0"] == "?"
    assert fields(a.information_state(1))["hand0"] == "?10"
    assert a.information_state(0) != b.information_state(0)  # the picker sees its own pick
    assert a.observation_key(0) != b.observation_key(0)


def play_turn(s: oh.State, rng: random.Random) -> None:
    turn = s.turn
    while s.turn == turn and not s.is_terminal():
        s.apply(rng.choice(s.legal_moves()))


def test_card_counting_two_players_knows_every_hand_after_the_first_pass() -> None:
    rng = random.Random(1)
    s = oh.State.deal(2, 4)
    passed = None
    while s.phase == "pick":
        if s.to_move() == 0:
            before = set(s.hand(0))
            s.apply(rng.choice(s.legal_moves()))
            passed = sorted(before - set(s.picked(0)))
        else:
            s.apply(rng.choice(s.legal_moves()))
    assert s.hand(1) == passed
    f = fields(s.information_state(0))
    assert f["hand1"] == ",".join(map(str, passed))  # the cards player 0 passed on
    assert f["pick1"] == ",".join(map(str, s.picked(1)))  # revealed
    play_turn(s, rng)
    # turn 2: player 1 picks after player 0 from a hand player 1 knows (it passed it on): shown whole, pick hidden
    s.apply(rng.choice(s.legal_moves()))
    f = fields(s.information_state(1))
    assert f["pick0"] == "?" and f["hand0"] == ",".join(map(str, sorted(s.hand(0) + s.picked(0))))
    assert len(s.hidden_cards(1)) == 60 + 40 + 8  # never dealt, deck, the known 8 (which 2 are picked)


def test_card_counting_four_players_follows_the_passed_hands() -> None:
    rng = random.Random(3)
    s = oh.State.deal(4, 8)
    for turn in range(1, 6):
        assert s.turn == turn and s.phase == "pick"
        known = [q for q in range(4) if s.knows_hand(0, q)]
        assert known == sorted({0, *[(0 + k) % 4 for k in range(1, turn)]})
        f = fields(s.information_state(0))
        for q in range(1, 4):
            assert f[f"hand{q}"].startswith("?") == (q not in known)
        play_turn(s, rng)
    assert s.round == 2 and s.direction == -1
    assert [q for q in range(4) if s.knows_hand(0, q)] == [0]
    play_turn(s, rng)
    assert [q for q in range(4) if s.knows_hand(0, q)] == [0, 3]  # passed to the right


def sample_states(s: oh.State, observer: int, n: int, seed: int) -> list[oh.State]:
    view = GAME.view(s, observer)
    worlds = view.belief.sample(n, seed)
    return [oh.State.from_world(view.text, w) for w in worlds]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_sampled_world_rebuilds_the_view(players: int) -> None:
    for s in random_states(players, 21, every=7):
        if s.is_terminal():
            continue
        p = s.to_move()
        info = s.information_state(p)
        for t in sample_states(s, p, 20, 1):
            assert t.information_state(p) == info
            assert t.observation_key(p) == s.observation_key(p)
        view = GAME.view(s, p)
        for t in oh.State.sample_states(info, view.unseen, view.groups, 20, 2):  # the searches' own fast path
            assert t.information_state(p) == info and t.hash() == t.recompute_hash()


def chi_square(counts: list[int], expected: list[float]) -> float:
    return sum((c - e) ** 2 / e for c, e in zip(counts, expected, strict=True))


def test_marginals_of_unconstrained_cards() -> None:
    # 3 players, round 1, player 1 to pick after player 0: every card player 1 has not seen is equally likely to be
    # in hand 0 (10 of them, 2 picked), hand 2 (10), the deck (60) or never dealt (30).
    s = oh.State.deal(3, 12)
    s.apply(s.legal_moves()[0])
    n = 3000
    tracked = s.hidden_cards(1)[:12]
    where = {c: [0, 0, 0, 0] for c in tracked}  # hand 0 (or its pick), hand 2, deck, never dealt
    for t in sample_states(s, 1, n, 5):
        h0, h2, deck = set(t.hand(0) + t.picked(0)), set(t.hand(2)), set(t.deck)
        for c in tracked:
            number = c + 1
            k = 0 if number in h0 else 1 if number in h2 else 2 if number in deck else 3
            where[c][k] += 1
    total = 110
    expected = [n * 10 / total, n * 10 / total, n * 60 / total, n * 30 / total]
    stat = sum(chi_square(v, expected) for v in where.values())
    # 12 cards x 3 degrees of freedom = 36: the 99.9% quantile of chi-square(36) is 67.99
    assert stat < 67.99


def test_marginals_of_a_hidden_pick_from_a_known_hand() -> None:
    # 2 players, turn 2: player 1 knows hand 0 (it passed it) but not which 2 of its 8 cards player 0 picked.
    rng = random.Random(2)
    s = oh.State.deal(2, 13)
    play_turn(s, rng)
    s.apply(s.legal_moves()[0])
    pre = sorted(s.hand(0) + s.picked(0))
    n = 4000
    counts = dict.fromkeys(pre, 0)
    for t in sample_states(s, 1, n, 9):
        assert sorted(t.hand(0) + t.picked(0)) == pre
        for c in t.picked(0):
            counts[c] += 1
    stat = chi_square(list(counts.values()), [n * 2 / 8] * 8)
    assert stat < 24.32  # chi-square(7), 99.9%


def test_inconsistent_worlds_are_refused() -> None:
    s = oh.State.deal(2, 1)
    info = s.information_state(0)
    world = s.hidden_world(0)
    with pytest.raises(WorldError, match="expected 110 hidden cards"):
        oh.State.from_world(info, world[:-1])
    bad = list(world)
    bad[0] = s.hand(0)[0] - 1  # a card of the observer's own hand
    with pytest.raises(WorldError, match="not a card id hidden"):
        oh.State.from_world(info, np.array(bad, dtype=np.int32))
    bad = list(world)
    bad[1] = bad[0]
    with pytest.raises(WorldError):
        oh.State.from_world(info, np.array(bad, dtype=np.int32))


def test_decisions_never_peek() -> None:
    # two full states with the same information state for the player to move: every AI gives the same move
    a = oh.State.deal(3, 30)
    a.apply(a.legal_moves()[3])
    b = oh.State.from_world(a.information_state(1), list(reversed(a.hidden_world(1))))
    assert a != b and a.information_state(1) == b.information_state(1)
    assert a.hand(2) != b.hand(2)
    for agent in ("greedy", "ismcts", "pimc"):
        from solver.play.agents import make_agent
        from solver.search.settings import SearchSettings

        settings = SearchSettings(algo=agent, nodes=300, seed=4) if agent != "greedy" else None
        ag = make_agent("ohanami", "greedy" if agent == "greedy" else agent, settings)
        moves = {int(ag.choose(GAME.observe(x, 1), random.Random(6))) for x in (a, b)}
        assert len(moves) == 1, agent
    assert GAME.greedy_move(GAME.view(a, 1), 0) == GAME.greedy_move(GAME.view(b, 1), 0)
