"""End-of-game scoring of the 2-player game, from positions whose totals are worked out from the rules."""

from __future__ import annotations

import pytest
from haniwa_helpers import columns, position

# Columns a (red), b (blue), c (green), d (yellow), bottom row first.
#   a: p0 R3 R3 R3 = 9 (all red, smile)   p1 R2 R2 B3 = 7            -> p0 on total power
#   b: p0 B1 B1 G1 = 3 (blue 2 tiles)     p1 B2 G2 R1 = 5 (blue 1)   -> p1 on total (colour-first: p0)
#   c: p0 G2 G2 R1 = 5 (green power 4)    p1 G3 B1 Y1 = 5 (green 3)  -> p0 on colour power
#   d: p0 Y2 R1 G1 = 4 (yellow 2, 1 tile) p1 Y1 Y1 B2 = 4 (yellow 2, 2 tiles) -> p1 on colour count
ZONE0 = [["R3", "R3", "R3"], ["B1", "B1", "G1"], ["G2", "G2", "R1"], ["Y2", "R1", "G1"]]
ZONE1 = [["R2", "R2", "B3"], ["B2", "G2", "R1"], ["G3", "B1", "Y1"], ["Y1", "Y1", "B2"]]
HANDS = (["Y2", "B3", "G3", "Y3"], ["R2", "B3", "G3", "Y3"])


def final(zone0=ZONE0, zone1=ZONE1, **kw):
    kw.setdefault("dice", "3524")
    kw.setdefault("hands", HANDS)
    return position(zones=(columns(zone0), columns(zone1)), phase="over", first=0, to_move=1, **kw)


def test_columns_compared_by_total_then_colour_power_then_colour_count():
    s = final()
    b0, b1 = s.breakdown(0), s.breakdown(1)
    assert b0.won == [True, False, True, False]
    assert b1.won == [False, True, False, True]
    assert b0.column_points == [3, 0, 2, 0]
    assert b1.column_points == [0, 5, 0, 4]
    assert b0.smile_points == [2, 0, 0, 0]
    assert (b0.total, b1.total) == (7, 9)
    assert s.returns(0) == -2.0 and s.returns(1) == 2.0


def test_colour_first_comparison():
    s = final(comparison="colour_first")
    assert s.breakdown(0).won == [True, True, True, False]
    assert s.breakdown(1).won == [False, False, False, True]
    assert (s.score(0), s.score(1)) == (3 + 2 + 5 + 2, 4)


def test_full_tie_scores_nobody():
    same = [["R1", "R2", "R3"], ["B1", "B2", "B3"], ["G1", "G2", "G3"], ["Y1", "Y2", "Y3"]]
    s = final(same, same, hands=(["R1", "B1", "G1", "Y1"], ["R2", "B2", "G2", "Y2"]))
    assert s.breakdown(0).won == [False] * 4 and s.breakdown(1).won == [False] * 4
    assert s.score(0) == s.score(1) == 0 and s.returns(0) == 0.0


@pytest.mark.parametrize(
    ("dogu", "awake", "points"), [("ssssss", 0, 0), ("sasaaa", 1, 2), ("aassss", 2, 4), ("aaasss", 3, 8)]
)
def test_dogu_points_2_4_8(dogu, awake, points):
    b = final(dogu=dogu).breakdown(0)
    assert (b.awake_dogu, b.dogu_points) == (awake, points)
    assert b.total == 7 + points


def test_curse_cancels_the_won_column_with_highest_raw_die():
    s = final(dogu="aacsss", kofun_state="0,1,1,r,r,r")
    b = s.breakdown(0)
    # p0 won a (die 3, smile 2) and c (die 2): the curse cancels a, its die points and its smile.
    assert b.cancelled == [True, False, False, False]
    assert b.column_points == [0, 0, 2, 0] and b.smile_points == [0, 0, 0, 0]
    assert (b.dogu_points, b.cursed_dogu, b.kofun_points) == (4, 1, 1)
    assert b.total == 2 + 4 + 1
    assert s.score(1) == 5 + 4 + 2
    assert s.returns(0) == -4.0


def test_curse_ignores_the_smile_when_choosing_the_column():
    s = final(dice="2534", dogu="csssss")  # c (die 3) beats a (die 2 + smile 2)
    assert s.breakdown(0).cancelled == [False, False, True, False]
    assert s.score(0) == 2 + 2


def test_curse_tie_cancels_leftmost_then_next():
    s = final(dice="4444", dogu="csssss")
    assert s.breakdown(0).cancelled == [True, False, False, False]
    s = final(dice="4444", dogu="ccssss")
    assert s.breakdown(0).cancelled == [True, False, True, False]
    assert s.score(0) == 0
    s = final(dice="4444", dogu="cccsss")  # more curses than won columns: nothing more to cancel
    assert s.score(0) == 0


def test_kofun_stack_scores_as_power_2_of_its_colour_and_counts_for_smile():
    # a: p0 R3 R3 and B3 under the red Kofun -> red 2: total 8, all red (smile); the B3 counts nowhere.
    zone0 = [["R3", "R3", "B3+0"], *ZONE0[1:]]
    s = final(zone0, kofun_state="0u,r,r,r,r,r", hands=(["Y2", "R3", "G3", "Y3"], HANDS[1]))
    b = s.breakdown(0)
    assert b.won[0] and b.smile_points[0] == 2 and b.kofun_points == 1


def test_brown_kofun_stack_has_power_2_and_no_colour():
    zone0 = [["R3", "R3", "B3+4"], *ZONE0[1:]]
    s = final(zone0, kofun_state="r,r,r,r,0u,r", hands=(["Y2", "R3", "G3", "Y3"], HANDS[1]))
    b = s.breakdown(0)
    assert b.won[0] and b.smile_points[0] == 0  # 8 > 7 but only two red tiles
    assert b.total == 3 + 2 + 1


def test_kofun_held_score_one_each_used_or_not():
    s = final(kofun_state="0,0,1,1,1,r")
    assert s.breakdown(0).kofun_points == 2 and s.breakdown(1).kofun_points == 3
