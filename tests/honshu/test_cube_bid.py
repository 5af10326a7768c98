"""Honshu's cube bid (rules: a card played with one of its player's cubes is worth its number + 60; values never
tie): the take order follows the values, the spent cube goes back to the reserve. At 4 players card 5 with a cube
(65) must take before card 58 — a bid of +50 (55) would not."""

from __future__ import annotations

from solver.games import get_game

GAME = get_game("honshu")

# Round 1 of a 4-player deal (seed 3), the trick about to be played: seat 2 holds card 5 and one brown cube.
TRICK = (
    "players=4 passing=none lost=no round=1 phase=play move=0 leader=0 start=C,F,B,A hand0=2,16,19,21,48,58 "
    "hand1=4,15,18,26,32,56 hand2=5,20,29,41,45,47 hand3=9,12,22,39,46,59 trick=-,-,-,- took=-,-,-,- "
    "cubes0=0,1,0,1 cubes1=0,1,1,0 cubes2=0,1,0,0 cubes3=1,1,0,0 map0=A map1=A map2=B map3=A "
    "deck=31,10,8,36,14,27,34,57,25,30,1,17,7,55,60,52,38,3,44,23,28,33,43,49"
)


def take_order(plays: list[str]) -> list[int]:
    state = GAME.parse(TRICK)
    for move in plays:
        state.play(move)
    order = []
    while len(order) < 4:
        order.append(int(state.to_move()))
        state.apply(sorted(state.legal_moves())[0])
    return order


def test_a_cube_adds_sixty() -> None:
    # values 58, 4, 5 + 60 = 65, 9: seat 2 takes first, then 0, 3, 1
    assert take_order(["play 58", "play 4", "play 5+brown", "play 9"]) == [2, 0, 3, 1]


def test_without_the_cube_the_card_is_its_number() -> None:
    # values 58, 4, 5, 9: 0, 3, 2, 1
    assert take_order(["play 58", "play 4", "play 5", "play 9"]) == [0, 3, 2, 1]


def test_the_spent_cube_returns_to_the_reserve_and_the_trick_shows_the_bid() -> None:
    state = GAME.parse(TRICK)
    for move in ["play 58", "play 4", "play 5+brown", "play 9"]:
        state.play(move)
    fields = dict(token.split("=", 1) for token in GAME.notation(state).split())
    assert fields["trick"] == "58,4,5+brown,9"
    assert fields["cubes2"] == "0,0,0,0" and fields["cubes0"] == "0,1,0,1"
    assert fields["phase"] == "take" and int(state.to_move()) == 2
