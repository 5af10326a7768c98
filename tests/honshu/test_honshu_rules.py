"""Honshu rules, one test per rule of docs/honshu.md: placements, rotations, lakes, exact cover, cube income,
scoring with hand-computed maps, the factory assignment, the trick with cube bids, hand passing."""

from __future__ import annotations

import itertools
import random

import pytest
from hs_helpers import placement_position

from solver._core import IllegalMoveError
from solver._core import honshu as hs

# Cards used below (3 rows x 2 columns, top row first; docs/honshu.md):
#   start A side A  . .  | pbl pbr | T T        start A side B  T GR3 | T pbl | ~ .
#   25  . . | ~ T | . .     49  F F | . T | . T     50  . F | . F | T T     7  T ~ | pye T | . .
#   8   T ~ | . . | T pbl


def check(s, x: int, y: int, rot: int, under: bool, card: int | None = None) -> str:
    return str(s.placement_check(0, card or s.took(0), x, y, rot, under))


def test_card_table_is_the_package_data() -> None:
    assert hs.card_squares(25) == ["wasteland", "wasteland", "lake", "town", "wasteland", "wasteland"]
    assert hs.start_squares("A", "B") == ["town", "factory:grey:3", "town", "production:blue", "lake", "wasteland"]


def test_overlap_required() -> None:
    s = placement_position({}, (49, 50))
    assert check(s, 2, 0, 0, False) == "the card must cover or slide under at least one square of the map"
    assert check(s, 5, 5, 0, True) == "the card must cover or slide under at least one square of the map"
    assert check(s, 30, 30, 0, False) == "the card must overlap the map (it is too far away)"
    assert check(s, 1, 2, 0, False) == ""  # one square covered: (1, 2)
    with pytest.raises(IllegalMoveError, match="at least one square"):
        s.play("place 49 r0 over 2,0")


def test_lake_of_the_map_never_covered() -> None:
    s = placement_position({0: "B"}, (49, 50))  # lake at (0, 2)
    assert check(s, 0, 1, 0, False) == "a lake square may never be covered"
    assert check(s, -1, 2, 1, False) == "a lake square may never be covered"
    assert check(s, 0, -2, 0, False) == ""  # covers (0, 0) and (1, 0) only
    # Slid under, the map's lake stays on top: allowed.
    assert check(s, 0, 1, 0, True) == ""
    with pytest.raises(IllegalMoveError, match="a lake square may never be covered"):
        s.play("place 49 r0 over 0,1")


def test_lake_of_the_new_card_when_slid_under() -> None:
    s = placement_position({}, (25, 50))
    assert check(s, 0, -1, 0, True) == "slid under, a lake square of the new card would be covered"
    assert check(s, 0, -2, 0, True) == ""  # the lake lands on the empty (0, -1)
    assert check(s, 0, -1, 0, False) == ""  # on top, the new lake is visible
    with pytest.raises(IllegalMoveError, match="lake square of the new card"):
        s.play("place 25 r0 under 0,-1")


def test_slid_under_keeps_a_square_visible() -> None:
    s = placement_position({}, (50, 49))
    assert check(s, 0, 0, 0, True) == "slid under, at least one square of the new card must stay visible"
    assert check(s, 0, 0, 2, True) == "slid under, at least one square of the new card must stay visible"
    assert check(s, 0, 1, 0, True) == ""


def test_exact_cover_of_an_earlier_card() -> None:
    s = placement_position({}, (50, 49))
    for rot in (0, 2):
        assert check(s, 0, 0, rot, False) == "a new card may never exactly cover the whole of one earlier card"
    assert check(s, 0, 0, 1, False) == ""  # 2 x 3 over the 3 x 2 start card: 4 squares covered
    s = placement_position({0: "A/49@0,-2r0"}, (50, 1), round=2)
    assert check(s, 0, -2, 2, False) == "a new card may never exactly cover the whole of one earlier card"
    assert check(s, 0, -3, 0, False) == ""
    with pytest.raises(IllegalMoveError, match="exactly cover"):
        s.play("place 50 r2 over 0,-2")


@pytest.mark.parametrize(
    ("rot", "expected"),
    [
        (0, {(0, 0): "T", (1, 0): "~", (0, 1): "y", (1, 1): "T", (0, 2): ".", (1, 2): "."}),
        (1, {(0, 0): ".", (1, 0): "y", (2, 0): "T", (0, 1): ".", (1, 1): "T", (2, 1): "~"}),
        (2, {(0, 0): ".", (1, 0): ".", (0, 1): "T", (1, 1): "y", (0, 2): "~", (1, 2): "T"}),
        (3, {(0, 0): "~", (1, 0): "T", (2, 0): ".", (0, 1): "T", (1, 1): "y", (2, 1): "."}),
    ],
)
def test_rotations_turn_the_card_clockwise(rot: int, expected: dict[tuple[int, int], str]) -> None:
    code = {"town": "T", "lake": "~", "wasteland": ".", "production:yellow": "y"}
    s = placement_position({}, (7, 50))
    # Anchor to the left of the start card, overlapping its column 0 by the card's rightmost column.
    w = 2 if rot % 2 == 0 else 3
    x0, y0 = -(w - 1), 0
    assert check(s, x0, y0, rot, False) == ""
    s.play(f"place 7 r{rot} over {x0},{y0}")
    seen = {(x - x0, y - y0): code.get(n, n) for x, y, n in s.visible(0) if x < x0 + w and y < y0 + 3 - rot % 2}
    assert {k: v for k, v in seen.items() if k in expected} == expected


def test_cube_income_for_visible_production_squares() -> None:
    s = placement_position({}, (8, 50), cubes={0: "1,1,0,0"})
    t = s.clone()
    t.play("place 8 r0 over 0,-2")  # its pbl lands on (1, 0): visible
    assert t.cubes(0) == [2, 1, 0, 0]
    t = s.clone()
    t.play("place 8 r0 under 0,-2")  # its bottom row (T, pbl) slides under the start card
    assert t.cubes(0) == [1, 1, 0, 0]


@pytest.mark.parametrize(("lost", "after"), [(False, [1, 1, 0, 0]), (True, [0, 0, 0, 0])])
def test_covered_cubes(lost: bool, after: list[int]) -> None:
    # Card 49 over (0, 1) covers both production squares of start A side A (pbl, pbr).
    s = placement_position({}, (49, 50), cubes={0: "1,1,0,0"}, lost=lost)
    s.play("place 49 r0 over 0,1")
    assert s.cubes(0) == after


def test_covered_cubes_lost_keeps_cubes_of_visible_squares() -> None:
    s = placement_position({}, (49, 50), cubes={0: "1,1,0,0"}, lost=True)
    s.play("place 49 r0 over -1,1")  # covers (0, 1) pbl only; pbr at (1, 1) stays visible
    assert s.cubes(0) == [0, 1, 0, 0]


def test_start_side_cubes() -> None:
    s = hs.State.from_order(2, [0, 1], list(range(40)))  # start cards A and B
    s.play("start A")  # A side A: pbl, pbr
    s.play("start B")  # B side B: T F | pbr F | YE3 .
    assert s.cubes(0) == [1, 1, 0, 0]
    assert s.cubes(1) == [0, 1, 0, 0]


# --- scoring -------------------------------------------------------------------------------------------------


def score(s, p: int = 0) -> dict[str, int]:
    return dict(s.score(p))


def test_score_start_card_only() -> None:
    s = placement_position({0: "B"}, (49, 50))
    # T GR3 | T pbl | ~ . : towns (0,0)-(0,1) one group of 2; one lake alone: 0; no grey cube: no factory.
    assert score(s) == {"forest": 0, "towns": 2, "lakes": 0, "factories": 0, "total": 2, "visible_towns": 2}
    s = placement_position({0: "B"}, (49, 50), cubes={0: "0,0,1,0"})
    assert score(s)["factories"] == 3 and score(s)["total"] == 5


def test_score_lake_group_of_two() -> None:
    # Card 25 slid under at (-1, 1): its lake lands on (-1, 2), next to the start card's lake (0, 2).
    s = placement_position({0: "B/25@-1,1r0u"}, (49, 50), round=2)
    assert score(s) == {"forest": 0, "towns": 2, "lakes": 3, "factories": 0, "total": 5, "visible_towns": 2}


def test_score_two_single_lakes_score_nothing() -> None:
    # Card 25 over (1, -1): its lake on (1, 0) (covering GR3), not adjacent to the lake (0, 2); its town (2, 0)
    # is a group of 1 beside the start card's group of 2.
    s = placement_position({0: "B/25@1,-1r0"}, (49, 50), round=2, cubes={0: "0,0,1,0"})
    assert score(s) == {"forest": 0, "towns": 2, "lakes": 0, "factories": 0, "total": 2, "visible_towns": 3}


def test_score_forest_and_covered_factory() -> None:
    # Card 49 over (0, -2) covers T and GR3 of start A side B with its bottom row (. T).
    s = placement_position({0: "B/49@0,-2r0"}, (50, 1), round=2, cubes={0: "0,0,1,0"})
    # forests (0,-2), (1,-2): 4; towns {(1,-1), (1,0)} and {(0,1)}: the largest 2; GR3 covered: 0.
    assert score(s) == {"forest": 4, "towns": 2, "lakes": 0, "factories": 0, "total": 6, "visible_towns": 3}


def test_score_only_largest_town_group() -> None:
    s = placement_position({0: "A/49@0,-2r0"}, (50, 1), round=2)
    # Groups {(1,-1), (1,0)} and {(0,2), (1,2)}: 2 (not 4); forests 4.
    assert score(s) == {"forest": 4, "towns": 2, "lakes": 0, "factories": 0, "total": 6, "visible_towns": 4}


def test_score_factories_fed_by_colour() -> None:
    # Start F side B: BL3 BR3 | . . | GR3 YE3.
    s = placement_position({0: "B"}, (49, 50), starts="F,A,B,C", cubes={0: "1,0,2,0"})
    assert score(s)["factories"] == 6  # blue 3 + grey 3 (one grey factory; the second grey cube is unused)
    s = placement_position({0: "B"}, (49, 50), starts="F,A,B,C", cubes={0: "1,1,1,1"})
    assert score(s)["factories"] == 12


def brute_force(cubes: int, values: list[int]) -> int:
    best = 0
    for k in range(min(cubes, len(values)) + 1):
        for chosen in itertools.combinations(range(len(values)), k):
            best = max(best, sum(values[i] for i in chosen))
    return best


def test_factory_assignment_against_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(300):
        values = [rng.choice((2, 3, 4)) for _ in range(rng.randrange(0, 8))]
        cubes = rng.randrange(0, 9)
        assert hs.factory_points(cubes, values) == brute_force(cubes, values)


def test_returns_point_difference_with_town_tiebreak() -> None:
    # Seat 1 has start card B, side A (T T | . pgr | . pbl); card 52 (T . | T F | . F) over (0, -2) covers its
    # towns with (. F): towns {(0,-2), (0,-1)}: 2, forests 4: total 6 with 2 visible towns.
    s = placement_position({0: "B/49@0,-2r0", 1: "A/52@0,-2r0"}, (50, 1), round=2, cubes={0: "0,0,1,0"})
    assert score(s, 1) == {"forest": 4, "towns": 2, "lakes": 0, "factories": 0, "total": 6, "visible_towns": 2}
    # Both score 6; seat 0 has 3 visible towns, seat 1 has 2: seat 0 is ahead of seat 1 by the tie-break.
    k = [score(s, p)["total"] + score(s, p)["visible_towns"] / 128 for p in range(4)]
    assert k[0] - k[1] == pytest.approx(1 / 128)
    for p in range(4):
        assert s.returns(p) == pytest.approx(k[p] - max(k[q] for q in range(4) if q != p))


# --- the trick ------------------------------------------------------------------------------------------------


def three_player_game() -> object:
    order = list(range(40))  # seat 0: cards 1-6, seat 1: 7-12, seat 2: 13-18
    s = hs.State.from_order(3, [0, 1, 2], order)
    for _ in range(3):
        s.play("start A")  # A: blue+brown, B: grey+blue, C: yellow+brown
    return s


def test_trick_order_with_cube_bid() -> None:
    s = three_player_game()
    assert (s.phase, s.to_move(), s.cubes(1)) == ("play", 0, [1, 0, 1, 0])
    s.play("play 6")
    s.play("play 7+grey")  # 7 + 60 = 67
    s.play("play 18")
    assert s.phase == "take"
    assert s.take_order() == [1, 2, 0]
    assert s.cubes(1) == [1, 0, 0, 0]  # the spent cube went back to the reserve
    assert s.to_move() == 1
    with pytest.raises(IllegalMoveError, match="not on the table"):
        s.play("take 5")
    s.play("take 18")
    assert s.to_move() == 2
    s.play("take 6")
    s.play("take 7")
    assert (s.phase, s.to_move()) == ("place", 0)
    assert [s.took(p) for p in range(3)] == [7, 18, 6]
    for _ in range(3):
        s.apply(s.legal_moves()[0])
    assert (s.phase, s.round, s.leader, s.to_move()) == ("play", 2, 1, 1)
    s.play("play 8")
    assert s.to_move() == 2
    s.play("play 13")
    assert s.to_move() == 0


def test_highest_card_without_cubes_leads() -> None:
    s = three_player_game()
    s.play("play 1")
    s.play("play 12")
    s.play("play 13")
    assert s.take_order() == [2, 1, 0]


def test_cube_moves_need_the_cube() -> None:
    s = three_player_game()
    with pytest.raises(IllegalMoveError, match="has no grey cube"):
        s.play("play 6+grey")
    moves = {s.move_to_string(m) for m in s.legal_moves()}
    assert moves == {f"play {c}{b}" for c in range(1, 7) for b in ("", "+blue", "+brown")}


def test_hand_passing_official() -> None:
    order = list(range(40))
    s = hs.State.from_order(3, [0, 1, 2], order, "official")
    rng = random.Random(3)
    while s.round < 4 or s.phase != "play" or s.to_move() != s.leader:
        if s.round == 3 and s.phase == "place" and s.to_move() == 2:
            before = [list(s.hand(p)) for p in range(3)]
        s.apply(s.random_move(rng.randrange(1 << 30)))
    assert [list(s.hand(p)) for p in range(3)] == [before[2], before[0], before[1]]  # to the left: p -> p + 1
    assert s.knows_hand(0, 1) and not s.knows_hand(0, 2)
    info = s.information_state(0)
    assert f"hand1={','.join(map(str, before[0]))}" in info and "hand2=?3" in info
    while s.round < 10:
        if s.round == 9 and s.phase == "place" and s.to_move() == 2:
            before = [list(s.hand(p)) for p in range(3)]
        s.apply(s.random_move(rng.randrange(1 << 30)))
    assert [list(s.hand(p)) for p in range(3)] == [before[1], before[2], before[0]]  # to the right: p -> p - 1
    assert s.knows_hand(0, 2) and not s.knows_hand(0, 1)


def test_no_hand_passing_by_default() -> None:
    s = hs.State.from_order(2, [0, 1], list(range(40)))
    rng = random.Random(1)
    hands = None
    while s.round < 4:
        if s.round == 3 and s.phase == "place" and s.to_move() == 1:
            hands = [list(s.hand(p)) for p in range(2)]
        s.apply(s.random_move(rng.randrange(1 << 30)))
    assert [list(s.hand(p)) for p in range(2)] == hands
    assert not s.knows_hand(0, 1)


def test_second_half_deal_and_card_counts() -> None:
    for players, total in ((2, 40), (3, 40), (4, 60), (5, 60)):
        s = hs.State.deal(players, 11)
        all_cards = {c for p in range(players) for c in s.hand(p)} | set(s.deck)
        assert len(all_cards) == 12 * players and max(all_cards) <= total
        deck = list(s.deck)
        rng = random.Random(players)
        while s.round < 7:
            s.apply(s.random_move(rng.randrange(1 << 30)))
        assert [list(s.hand(p)) for p in range(players)] == [sorted(deck[6 * p : 6 * p + 6]) for p in range(players)]
        assert list(s.deck) == []


# --- the search's static placement evaluation ---------------------------------------------------------------


def test_placement_value_by_hand() -> None:
    s = placement_position({}, (49, 50))  # start A side A: . . | pbl pbr | T T; card 49: F F | . T | . T
    # Over (0, -2): forests 4 + 4, towns 2 + 2 (one over a wasteland), wastelands 0: 12 half points.
    assert s.placement_value(s.parse_move("place 49 r0 over 0,-2")) == 12
    # Under: only the top two rows show: 4 + 4 + 0 + 2.
    assert s.placement_value(s.parse_move("place 49 r0 under 0,-2")) == 10
    # Over (0, 1): row y=1 F F over pbl pbr: (4 - 2) x 2; row y=2 . T over T T: -2 + 0, and its T is next to the
    # visible town (0, 2): +1; row y=3 . T on empty squares: +2, its T next to the town (1, 2): +1. Total 6.
    assert s.placement_value(s.parse_move("place 49 r0 over 0,1")) == 4 - 2 + 1 + 2 + 1


def test_ordered_moves_sort_the_placements_by_value() -> None:
    s = placement_position({0: "B/25@-1,1r0u"}, (49, 50), round=2)
    ordered = list(s.ordered_moves())
    assert sorted(ordered) == sorted(s.legal_moves())
    values = [s.placement_value(m) for m in ordered]
    assert values == sorted(values, reverse=True)
    t = hs.State.from_order(2, [0, 1], list(range(40)))
    assert list(t.ordered_moves()) == list(t.legal_moves())  # other phases keep their order
