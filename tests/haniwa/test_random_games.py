"""Random-simulation invariants over hundreds of games per mode."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from haniwa_helpers import TILES, field

from solver.games.haniwa import GAME

MODES = [
    {"players": 2},
    {"players": 2, "comparison": "colour_first", "start_dice": "rolled"},
    {"players": 1},
    {"players": 1, "solo_fill": "row"},
    {"players": 4},
    {"players": 2, "rounds": 2},
    {"players": 4, "rounds": 2, "start_dice": "rolled"},
]


def tile_census(state) -> Counter[str]:
    """Every tile in zones (including under Kofun), hands, discards and the stock, from the notation."""
    players = int(field(state, "players"))
    c: Counter[str] = Counter()
    for z in range(1 if players == 1 else 2):
        c.update(t[:2] for t in field(state, f"zone{z}").split(",") if t != ".")
    for p in range(players):
        c.update(t for t in field(state, f"hand{p}").split(",") if t != "-")
    c.update(d[1:] for d in field(state, "discards").split(",") if d != "-")
    c.update(t for t in field(state, "stock").split(",") if t != "-")
    return c


def check_state(s) -> None:
    assert s.hash() == s.recompute_hash()
    c = s.clone()
    assert c == s and c.hash() == s.hash()
    p = GAME.State.parse(s.to_string())
    assert p == s and p.hash() == s.hash() and p.to_string() == s.to_string()
    assert tile_census(s) == Counter({t: 3 for t in TILES})
    assert bool(s.legal_moves()) != s.is_terminal()


@pytest.mark.parametrize("options", MODES, ids=lambda o: "-".join(f"{v}" for v in o.values()))
def test_random_games_keep_invariants(options):
    rng = random.Random(7)
    solo = options["players"] == 1
    rounds = options.get("rounds", 1)
    for game in range(150):
        s = GAME.new(options, seed=game)
        check_state(s)
        placements = [0, 0, 0, 0]
        draws_in_solo = 0
        stock_before = s.stock_left()
        while not s.is_terminal():
            moves = s.legal_moves()
            if game < 10:  # every move's notation round-trips
                assert all(s.parse_move(s.move_to_string(m)) == m for m in moves)
            m = rng.choice(moves)
            text = s.move_to_string(m)
            mover = s.to_move()
            s.apply(m)
            if text[0] not in "+-":
                placements[mover] += 1
            if solo and s.stock_left() < stock_before:
                draws_in_solo += 1
            stock_before = s.stock_left()
            check_state(s)
        assert s.placed() == 24 and s.remaining_plies_bound() == 0
        if solo:
            assert placements == [24, 0, 0, 0] and draws_in_solo == 5 and s.stock_left() == 12
            assert s.returns(0) == s.score(0) >= 0  # the dice alone score nothing in solo
        elif options["players"] == 4:
            assert placements == [6 * rounds] * 4 and s.stock_left() == 0
            assert s.returns(0) == s.returns(2) == s.score(0) - s.score(1) == -s.returns(1) == -s.returns(3)
            assert s.discards_used(0) == 0 and "*" not in s.to_string()
        else:
            assert placements == [12 * rounds, 12 * rounds, 0, 0] and s.round() == rounds
            assert s.returns(0) == s.score(0) - s.score(1) == -s.returns(1)
            assert s.discards_used(0) <= 2 and s.discards_used(1) <= 2
            assert "*" not in s.to_string()  # the face-down tile, if any, was revealed


def test_dealing_is_reproducible_from_the_seed():
    assert GAME.new({"players": 2}, seed=3) == GAME.new({"players": 2}, seed=3)
    assert GAME.new({"players": 2}, seed=3) != GAME.new({"players": 2}, seed=4)
    solo = GAME.new({"players": 1}, seed=3)
    assert solo.random_playouts(5, 1) == solo.clone().random_playouts(5, 1)
