"""Two-round match: scores added, hands kept, everything else reset, VIP Gozoku doubled in the second game."""

from __future__ import annotations

import pytest
from haniwa_helpers import columns, field, position

from solver._core import NotationError

# Zone 0 (first player) full, zone 1 misses d3: player 1's Y2d3 ends the first game (yellow die + 2).
ZONE0 = columns([["R3", "R1", "R1"], ["B1", "B1", "B2"], ["G2", "G1", "G1"], ["Y2", "Y1", "Y1"]])
ZONE1 = columns([["R2", "R2", "R2"], ["B3", "B3", "B3"], ["G3", "G3", "G3"], ["Y3", "Y3"]])
HANDS = (["R1", "B2", "G2", "Y1"], ["Y2", "B2", "G1", "B1"])


def near_end(rounds: int, dice: str, reshuffle: int = 5):
    return position(
        zones=(ZONE0, ZONE1),
        hands=HANDS,
        first=0,
        to_move=1,
        dice=dice,
        rounds=rounds,
        match=f"round=1 vip=- earlier=0,0 reshuffle={reshuffle}",
        stock=["R3"],
    )


def test_end_of_first_game_starts_the_second():
    single = near_end(1, "6341")
    single.play("Y2d3")
    assert single.is_terminal()
    first_scores = (single.score(0), single.score(1))

    s = near_end(2, "6341")
    s.play("Y2d3")
    assert not s.is_terminal() and s.round() == 2
    assert s.vip() == [0]  # final dice 6, 3, 4, 3: red is highest
    assert (s.breakdown(0).earlier_rounds, s.breakdown(1).earlier_rounds) == first_scores
    assert field(s, "earlier") == f"{first_scores[0]},{first_scores[1]}"
    # Hands kept (player 1 drew R3 after the last placement); all else reset; the other player starts.
    assert field(s, "hand0") == "R1,B2,G2,Y1" and field(s, "hand1") == "R3,B1,B2,G1"
    assert field(s, "zone0") == field(s, "zone1") == ",".join(["."] * 12)
    assert s.dice() == [1, 1, 1, 1] and field(s, "dogu") == "ssssss" and field(s, "discards") == "-"
    assert field(s, "kofun_state") == "r,r,r,r,r,r" and field(s, "game") == "-"
    assert s.first_player() == 1 and s.to_move() == 1 and s.stock_left() == 28
    assert s.hash() == s.recompute_hash()


def test_first_game_cannot_be_over_in_a_match():
    with pytest.raises(NotationError, match="'phase'"):
        zones = (columns(FINAL0), columns(FINAL1))
        position(zones=zones, hands=FINAL_HANDS, phase="over", first=0, to_move=1, rounds=2)


def test_second_game_stock_follows_the_reshuffle_seed():
    a, b, c = near_end(2, "6341", 5), near_end(2, "6341", 5), near_end(2, "6341", 6)
    for s in (a, b, c):
        s.play("Y2d3")
    assert field(a, "stock") == field(b, "stock")
    assert field(a, "stock") != field(c, "stock")
    assert sorted(field(a, "stock").split(",")) == sorted(field(c, "stock").split(","))


def test_tied_highest_dice_are_all_vip():
    s = near_end(2, "6361")  # final dice 6, 3, 6, 3
    s.play("Y2d3")
    assert s.vip() == [0, 2]


# Second-game final position (the scoring scenario of the 2-player tests): player 0 wins red (smile) and
# green, player 1 blue and yellow.
FINAL0 = [["R3", "R3", "R3"], ["B1", "B1", "G1"], ["G2", "G2", "R1"], ["Y2", "R1", "G1"]]
FINAL1 = [["R2", "R2", "B3"], ["B2", "G2", "R1"], ["G3", "B1", "Y1"], ["Y1", "Y1", "B2"]]
FINAL_HANDS = (["Y2", "B3", "G3", "Y3"], ["R2", "B3", "G3", "Y3"])


def final(vip: str, dice: str = "3524", dogu: str = "ssssss"):
    match = f"round=2 vip={vip} earlier=10,12 reshuffle=0"
    return position(
        zones=(columns(FINAL0), columns(FINAL1)),
        hands=FINAL_HANDS,
        phase="over",
        first=0,
        to_move=1,
        dice=dice,
        dogu=dogu,
        rounds=2,
        match=match,
    )


def test_vip_column_points_are_doubled_smile_stays_2():
    s = final("R")
    b = s.breakdown(0)
    assert b.column_points == [6, 0, 2, 0] and b.smile_points == [2, 0, 0, 0]
    assert (s.score(0), s.score(1)) == (6 + 2 + 2 + 10, 5 + 4 + 12)
    s = final("RB")
    assert s.score(1) == 10 + 4 + 12
    assert s.returns(0) == (6 + 2 + 2 + 10) - (10 + 4 + 12)


def test_curse_uses_the_raw_die_not_the_doubled_points():
    s = final("R", dice="2534", dogu="csssss")  # red: die 2 (4 points as VIP), green: die 3
    b = s.breakdown(0)
    assert b.cancelled == [False, False, True, False]
    assert s.score(0) == 4 + 2 + 10
