"""Two-player turns: placement, dice check and wrap, Kofun reward, Dogu check, discards, face-down tile."""

from __future__ import annotations

import pytest
from haniwa_helpers import columns, field, play, position

from solver._core import IllegalMoveError, haniwa

HANDS = (["R3", "B1", "G2", "Y2"], ["R1", "B2", "G3", "Y1"])


def start(**kw):
    kw.setdefault("hands", HANDS)
    return position(**kw)


def test_placement_on_any_empty_cell_of_own_zone():
    # Player 0 is second (player 1 has placed one tile): no face-down placement, no Kofun held.
    s = start(first=1, to_move=0, zones=({}, {"b2": "R2"}))
    moves = {s.move_to_string(m) for m in s.legal_moves()}
    places = {m for m in moves if not m.startswith("-")}
    assert places == {f"{t}{c}{r}" for t in HANDS[0] for c in "abcd" for r in "123"}
    assert {m for m in moves if m.startswith("-")} == {"-R3", "-B1", "-G2", "-Y2"}


def test_tile_of_column_colour_raises_die_by_its_power():
    s = play(start(dice="2222"), "G2c1")
    assert s.dice() == [2, 2, 4, 2]
    s = play(start(dice="2222"), "G2a1")  # green tile in the red column: no change
    assert s.dice() == [2, 2, 2, 2]


def test_die_wrap_5_plus_3_gives_2_and_one_kofun_choice():
    s = play(start(dice="5111"), "R3a1")
    assert s.dice() == [2, 1, 1, 1]
    assert s.phase() == "choose" and s.to_move() == 0
    assert sorted(s.move_to_string(m) for m in s.legal_moves()) == ["+B", "+G", "+N", "+R", "+Y"]
    play(s, "+N")
    assert [s.kofun_owner(k) for k in range(6)] == [-1, -1, -1, -1, 0, -1]  # the first brown one
    assert s.phase() == "place" and s.to_move() == 1


def test_die_6_plus_1_gives_1_and_one_kofun():
    s = play(start(dice="1116", hands=(["Y1", "B1", "G2", "R3"], HANDS[1])), "Y1d2")
    assert s.dice() == [1, 1, 1, 1]
    assert s.phase() == "choose"
    play(s, "+Y")
    assert s.kofun_owner(3) == 0


def test_die_reaching_exactly_6_gives_no_kofun():
    s = play(start(dice="4111", hands=(["R2", "B1", "G2", "Y2"], HANDS[1])), "R2a1")
    assert s.dice() == [6, 1, 1, 1]
    assert s.phase() == "place" and s.to_move() == 1


def test_no_kofun_when_the_reserve_is_empty():
    s = play(start(dice="5111", kofun_state="1,1,1,1,1,1"), "R3a1")
    assert s.dice() == [2, 1, 1, 1]
    assert s.phase() == "place" and s.to_move() == 1


def test_only_kofun_colours_in_the_reserve_are_offered():
    s = play(start(dice="5111", kofun_state="1,1,r,1,r,r"), "R3a1")
    assert sorted(s.move_to_string(m) for m in s.legal_moves()) == ["+G", "+N"]
    play(s, "+N")
    assert s.kofun_owner(4) == 0 and s.kofun_owner(5) == -1


def test_draw_back_to_four_after_placing():
    s = start(stock=["Y3"])
    play(s, "R3a1")
    assert field(s, "hand0") == "B1,G2,Y2,Y3"
    assert s.stock_left() == 27


@pytest.mark.parametrize(
    ("row", "last", "expected"),
    [(["R1", "B2", "G3"], "Y2", 1), (["R3", "B2", "G3"], "Y2", 2), (["R1", "B2", "G1"], "Y2", 0)],
)
def test_dogu_check_exact_8_wakes_more_curses_less_nothing(row, last, expected):
    zone0 = {"a1": row[0], "b1": row[1], "c1": row[2]}
    zone1 = {"a1": "R2", "b1": "B3", "c1": "G2"}
    s = start(zones=(zone0, zone1), hands=([last, "B1", "G2", "R1"], HANDS[1]))
    play(s, f"{last}d1")
    assert s.dogu(0, 0) == expected
    assert [s.dogu(0, 1), s.dogu(0, 2), s.dogu(1, 0)] == [0, 0, 0]


def test_dogu_check_only_when_the_row_is_full():
    zones = ({"a1": "R3", "b1": "B3"}, {"a1": "R2", "b1": "B2"})
    s = start(zones=zones, hands=(["G3", "B1", "G2", "R1"], HANDS[1]))
    play(s, "G3c1")  # three tiles, total 9: not a full row
    assert s.dogu(0, 0) == 0


def test_kofun_stack_counts_as_power_2_of_kofun_colour():
    # Player 0 holds the yellow Kofun (index 3): R3 under it in the yellow column moves the yellow die by 2.
    s = start(dice="1115", kofun_state="r,r,r,0,r,r")
    assert "R3d1+Y" in {s.move_to_string(m) for m in s.legal_moves()}
    play(s, "R3d1+Y")
    assert s.dice() == [1, 1, 1, 1]  # 5 + 2 passes 6: a Kofun is earned
    assert s.kofun_used(3) and s.kofun_owner(3) == 0
    assert s.phase() == "choose"
    assert field(s, "zone0").split(",")[3] == "R3+3"


def test_kofun_stack_in_dogu_check_counts_2_not_the_hidden_tile():
    zone0 = {"a1": "R1", "b1": "B2", "c1": "G3"}
    s = start(zones=(zone0, {"a1": "R2", "b1": "B3", "c1": "G2"}), kofun_state="r,r,r,r,0,r")
    play(s, "R3d1+N")  # brown stack: 1 + 2 + 3 + 2 = 8 (the R3 underneath is not counted)
    assert s.dogu(0, 0) == 1


def test_brown_kofun_never_moves_a_die():
    s = start(dice="3333", kofun_state="r,r,r,r,0,r")
    for cell in ("a1", "b1", "c1", "d1"):
        t = s.clone()
        play(t, f"G2{cell}+N")
        assert t.dice() == [3, 3, 3, 3]


def test_used_kofun_cannot_be_played_again_but_still_scores():
    zone0 = {"d1": "R3+3"}
    s = start(
        zones=(zone0, {"a1": "R2", "b1": "B2"}),
        first=1,
        to_move=0,
        kofun_state="r,r,r,0u,r,r",
        hands=(["R1", "B1", "G2", "Y2"], HANDS[1]),
    )
    assert not any("+" in s.move_to_string(m) for m in s.legal_moves())
    assert s.breakdown(0).kofun_points == 1


def test_discard_draws_the_next_stock_tile_once_per_turn():
    s = start(stock=["Y3", "G1"])
    play(s, "-B1")
    assert field(s, "hand0") == "R3,G2,Y2,Y3"
    assert field(s, "discards") == "0B1"
    assert s.discards_used(0) == 1 and s.to_move() == 0
    assert not any(s.move_to_string(m).startswith("-") for m in s.legal_moves())
    with pytest.raises(IllegalMoveError):
        s.play("-R3")
    play(s, "R3a1")
    assert field(s, "hand0") == "G1,G2,Y2,Y3"


def test_at_most_two_discards_per_player_per_game():
    s = start(discards=["0R2", "0B3"], first=0, to_move=0)
    assert not any(s.move_to_string(m).startswith("-") for m in s.legal_moves())
    play(s, "R3a1")
    assert any(s.move_to_string(m).startswith("-") for m in s.legal_moves())  # player 1 still may


def test_face_down_tile_only_for_first_player_once():
    s = start(first=0, dice="5111")
    play(s, "R3a1*")
    assert s.dice() == [5, 1, 1, 1]  # checks wait for the end
    assert s.phase() == "place" and s.to_move() == 1
    assert not any(s.move_to_string(m).endswith("*") for m in s.legal_moves())  # player 1 is not first
    play(s, "R1a1")
    assert not any(s.move_to_string(m).endswith("*") for m in s.legal_moves())  # already used
    assert field(s, "game") == "f"


def _near_end_with_face_down(hidden: str, dice: str, kofun_state: str = "r,r,r,r,r,r"):
    # Zone 0 (first player) full with a face-down tile at a1; zone 1 misses d3; player 1 places the last tile.
    zone0 = {
        "a1": hidden + "*",
        "b1": "B1",
        "c1": "G2",
        "d1": "Y2",
        "a2": "R1",
        "b2": "B1",
        "c2": "G1",
        "d2": "Y1",
        "a3": "R1",
        "b3": "B2",
        "c3": "G1",
        "d3": "Y1",
    }
    zone1 = {
        "a1": "R2",
        "b1": "B3",
        "c1": "G3",
        "d1": "Y3",
        "a2": "R2",
        "b2": "B3",
        "c2": "G3",
        "d2": "Y3",
        "a3": "R2",
        "b3": "B3",
        "c3": "G3",
    }
    return position(
        zones=(zone0, zone1),
        hands=(["R1", "B2", "G2", "Y1"], ["Y2", "B2", "G1", "B1"]),
        first=0,
        to_move=1,
        dice=dice,
        game="f",
        kofun_state=kofun_state,
    )


def test_face_down_tile_resolved_at_the_end_with_kofun_for_first_player():
    s = _near_end_with_face_down("R3", "5111")
    play(s, "Y2d3")  # yellow 1 + 2 = 3
    assert s.dice() == [2, 1, 1, 3]  # reveal: red 5 + 3 wraps to 2
    assert s.phase() == "choose" and s.to_move() == 0 and not s.is_terminal()
    assert s.dogu(0, 0) == 1  # row 1 of zone 0: R3 B1 G2 Y2 = 8, checked at the reveal
    assert field(s, "zone0").split(",")[0] == "R3"
    play(s, "+Y")
    assert s.is_terminal() and s.kofun_owner(3) == 0
    assert s.breakdown(0).kofun_points == 1


def test_face_down_tile_reveal_without_wrap_ends_the_game():
    s = _near_end_with_face_down("R3", "2111")
    play(s, "Y2d3")
    assert s.is_terminal() and s.dice() == [5, 1, 1, 3]


def test_row_with_hidden_tile_is_not_checked_before_the_reveal():
    zone0 = {"a1": "R3*", "b1": "B1", "c1": "G2"}
    zone1 = {"a1": "R2", "b1": "B3", "c1": "G3"}
    s = start(zones=(zone0, zone1), game="f", hands=(["Y2", "B1", "G2", "R1"], HANDS[1]))
    play(s, "Y2d1")
    assert s.dogu(0, 0) == 0


def test_game_ends_after_both_zones_are_full_without_face_down():
    zone0 = columns([[c + "2", c + "1", c + "1"] for c in "RBGY"])
    zone1 = columns([[c + "3"] * 3 for c in "RBGY"])
    del zone1["d3"]
    hands = (["R2", "B2", "G2", "Y2"], ["R2", "B2", "G2", "Y2"])
    s = position(zones=(zone0, zone1), hands=hands, first=0, to_move=1)
    play(s, "Y2d3")
    assert s.is_terminal() and s.legal_moves() == []


def test_rule_state_is_built_from_setup_with_exact_deal():
    rules = haniwa.Rules()
    stock = [k for k in range(12) for _ in range(3)]
    s = haniwa.State.setup(rules, stock, [1, 2, 3, 4], 1)
    assert s.hand(0) == [0, 0, 0, 1] and s.hand(1) == [1, 1, 2, 2]
    assert s.to_move() == 1 and s.dice() == [1, 2, 3, 4] and s.stock_left() == 28
