"""Solo game: 4x6 zone, four placements per turn, fill order, Kofun limit, scoring and ranks."""

from __future__ import annotations

import random

import pytest
from haniwa_helpers import columns, field, play, position

from solver._core import RuleOptionError, haniwa


def solo(**kw):
    kw.setdefault("hands", (["R1", "B2", "G3", "Y1"],))
    return position(players=1, **kw)


def cells_of(state) -> set[str]:
    return {state.move_to_string(m)[2:4] for m in state.legal_moves()}


def test_column_fill_offers_the_lowest_empty_cell_of_each_column():
    s = solo(zones=({"a1": "R2", "a2": "R3", "b1": "B1", "c1": "G1"},), hands=(["R1", "B2", "G3", "Y1"],))
    assert cells_of(s) == {"a3", "b2", "c2", "d1"}
    assert not any(s.move_to_string(m).startswith("-") for m in s.legal_moves())  # no discard in solo
    assert not any(s.move_to_string(m).endswith("*") for m in s.legal_moves())  # no face-down tile in solo


def test_column_fill_allows_several_tiles_in_one_column_per_turn():
    s = play(solo(), "R1a1", "B2a2")
    assert cells_of(s) == {"a3", "b1", "c1", "d1"}


def test_row_fill_places_turn_k_in_row_k():
    row1 = {"a1": "R2", "b1": "B1", "c1": "G1", "d1": "Y2"}
    s = solo(zones=(row1,), solo_fill="row")
    assert cells_of(s) == {"a2", "b2", "c2", "d2"}
    play(s, "G3b2")
    assert cells_of(s) == {"a2", "c2", "d2"}


def test_turn_is_four_placements_then_draw_four():
    s = solo(stock=["Y3", "Y2", "G2", "B3", "R3"])
    play(s, "R1a1", "B2b1", "G3c1")
    assert field(s, "hand0") == "Y1" and field(s, "turn_placed") == "3"
    play(s, "Y1d1")
    assert field(s, "hand0") == "B3,G2,Y2,Y3"
    assert s.stock_left() == 36 - 8 and field(s, "turn_placed") == "0"


def test_checks_after_each_placement_and_wrap_gives_kofun():
    s = solo(dice="1116")
    play(s, "G3c1")
    assert s.dice() == [1, 1, 4, 6]
    play(s, "Y1d1")
    assert s.dice() == [1, 1, 4, 1] and s.phase() == "choose"
    play(s, "+R")
    assert s.kofun_owner(0) == 0 and field(s, "turn_placed") == "2"


def test_row_exact_8_activates_more_stays_asleep():
    s = solo(zones=({"a1": "R2", "b1": "B1", "c1": "G3"},), hands=(["Y2"],), turn_placed=3)
    play(s, "Y2d1")
    assert s.dogu(0, 0) == 1
    s = solo(zones=({"a1": "R3", "b1": "B1", "c1": "G3"},), hands=(["Y2"],), turn_placed=3)
    play(s, "Y2d1")
    assert s.dogu(0, 0) == 0  # 9: no curse in solo


def test_one_kofun_play_per_turn():
    s = solo(kofun_state="0,0,r,r,r,r")
    play(s, "B2a1+R")
    assert field(s, "turn") == "k"
    assert not any("+" in s.move_to_string(m) for m in s.legal_moves())
    play(s, "R1b1", "G3c1", "Y1d1")  # end of turn: the blue Kofun may be played in the next one
    assert any(s.move_to_string(m).endswith("+B") for m in s.legal_moves())
    assert not any(s.move_to_string(m).endswith("+R") for m in s.legal_moves())  # red one is used


# Final zone (columns bottom first):
#   a: R1 R2 R3 B1 G1 Y1          red at rows 1-3: adjacent           -> smile 2 x 2
#   b: B1 R1 B2 G2 B3 Y2          blue at rows 1, 3, 5: scattered     -> none
#   c: R1 G1 G2 R2+2 Y3 Y3        green rows 2-3 + green Kofun stack  -> smile 2 x 4
#   d: B2 G3 R3 Y1 Y2 Y3          yellow at rows 4-6                  -> smile 2 x 5
FINAL = [
    ["R1", "R2", "R3", "B1", "G1", "Y1"],
    ["B1", "R1", "B2", "G2", "B3", "Y2"],
    ["R1", "G1", "G2", "R2+2", "Y3", "Y3"],
    ["B2", "G3", "R3", "Y1", "Y2", "Y3"],
]


def test_solo_scoring_vertical_adjacency_dogu_and_kofun():
    s = solo(zones=(columns(FINAL),), hands=([],), phase="over", dice="2345", dogu="aassss", kofun_state="r,r,0u,r,0,r")
    b = s.breakdown(0)
    assert b.column_points == [0, 0, 0, 0]  # the dice are not scored on their own
    assert b.smile_points == [4, 0, 8, 10]
    assert (b.dogu_points, b.kofun_points) == (4, 2)
    assert s.score(0) == 22 + 4 + 2 == 28 == s.returns(0)
    assert haniwa.solo_rank(s.score(0)) == "beginner"


def test_solo_dice_score_option_adds_every_final_die():
    s = solo(
        zones=(columns(FINAL),),
        hands=([],),
        phase="over",
        dice="2345",
        dogu="aassss",
        kofun_state="r,r,0u,r,0,r",
        solo_dice_score=True,
    )
    b = s.breakdown(0)
    assert b.column_points == [2, 3, 4, 5]
    assert b.smile_points == [4, 0, 8, 10]
    assert s.score(0) == 14 + 22 + 4 + 2 == 42
    assert haniwa.solo_rank(s.score(0)) == "veteran"
    assert " solo_dice_score=true " in f" {s} "
    assert str(haniwa.State.parse(str(s))) == str(s)  # the option round-trips through the notation


# No column holds three adjacent tiles of its colour; each case sets one scoring source apart.
#   a: R1 B1 R2 B2 R3 B3   b: B1 R1 B2 R2 B3 R3   c: G1 Y1 G2 Y2 G3 Y3   d: Y1 G1 Y2 G2 Y3 G3
NO_SMILE = [
    ["R1", "B1", "R2", "B2", "R3", "B3"],
    ["B1", "R1", "B2", "R2", "B3", "R3"],
    ["G1", "Y1", "G2", "Y2", "G3", "Y3"],
    ["Y1", "G1", "Y2", "G2", "Y3", "G3"],
]


def final_solo(cols, **kw):
    kw.setdefault("dice", "6666")
    return solo(zones=(columns(cols),), hands=([],), phase="over", **kw)


def test_solo_score_kofun_only():
    s = final_solo(NO_SMILE, kofun_state="0,0,r,0,r,r")
    b = s.breakdown(0)
    assert (b.column_points, b.smile_points, b.dogu_points, b.kofun_points) == ([0] * 4, [0] * 4, 0, 3)
    assert s.score(0) == 3


def test_solo_score_dogu_only():
    s = final_solo(NO_SMILE, dogu="asasas")
    b = s.breakdown(0)
    assert (b.awake_dogu, b.dogu_points, b.kofun_points) == (3, 6, 0)
    assert s.score(0) == 6


def test_solo_score_one_smiling_column():
    cols = [list(c) for c in NO_SMILE]
    cols[2] = ["G1", "G2", "G3", "Y1", "Y2", "Y3"]  # green at rows 1-3: adjacent
    s = final_solo(cols, dice="5432")
    b = s.breakdown(0)
    assert b.smile_points == [0, 0, 2 * 3, 0] and b.column_points == [0] * 4
    assert s.score(0) == 6


def test_solo_score_three_scattered_tiles_do_not_smile():
    cols = [list(c) for c in NO_SMILE]
    cols[0] = ["R1", "B1", "R2", "B2", "R3", "R1"]  # four red tiles, never three in a row (rows 1, 3, 5, 6)
    cols[1] = ["R2", "R1", "B2", "B1", "G1", "B3"]  # blue at rows 3, 4, 6: two adjacent, then a gap
    s = final_solo(cols)
    assert s.breakdown(0).smile_points == [0, 0, 0, 0]
    assert s.score(0) == 0
    assert haniwa.solo_rank(s.score(0)) == "beginner"


def test_solo_dice_score_is_rejected_outside_solo():
    with pytest.raises(RuleOptionError, match="solo_dice_score"):
        haniwa.Rules(players=2, solo_dice_score=True)
    assert haniwa.Rules(players=1, solo_dice_score=True).solo_dice_score


@pytest.mark.parametrize(
    ("score", "rank"),
    [
        (75, "perfect"),
        (60, "perfect"),
        (59, "master"),
        (50, "master"),
        (49, "veteran"),
        (40, "veteran"),
        (39, "junior"),
        (30, "junior"),
        (29, "beginner"),
        (0, "beginner"),
    ],
)
def test_solo_ranks(score, rank):
    assert haniwa.solo_rank(score) == rank


def test_solo_always_rolls_the_dice():
    rules = haniwa.Rules(players=1, start_dice="ones")
    dice = [tuple(haniwa.State.deal(rules, seed).dice()) for seed in range(10)]
    assert any(d != (1, 1, 1, 1) for d in dice)
    assert all(1 <= v <= 6 for d in dice for v in d)


def test_solo_ranks_now_spread():
    # Under the rules' scoring (max 6 + 12 + 48 = 66) the rank table separates players: the plain estimate policy
    # lands in more than one rank, random play far below it (beginner), and nothing exceeds 66.
    rules = haniwa.Rules(players=1)
    policy = haniwa.SoloPolicy(1, 1)
    played = [policy.play(haniwa.State.deal(rules, 900 + i), i).score(0) for i in range(20)]
    rng = random.Random(5)
    randoms = []
    for i in range(40):
        s = haniwa.State.deal(rules, 950 + i)
        while not s.is_terminal():
            moves = sorted(s.legal_moves())
            s.apply(moves[rng.randrange(len(moves))])
        randoms.append(s.score(0))
    assert max(played + randoms) <= 66
    assert len({haniwa.solo_rank(x) for x in played}) >= 2
    assert len({haniwa.solo_rank(x) for x in played + randoms}) >= 3
    assert sum(randoms) / len(randoms) < sum(played) / len(played) - 15
