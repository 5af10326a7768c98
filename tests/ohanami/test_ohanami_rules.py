"""Every rule line of docs/ohanami.md (the rules file), position in, exact moves / scores / winners out."""

from __future__ import annotations

import pytest
from oh_helpers import moves_text, position

from solver._core import RuleOptionError
from solver._core import ohanami as oh
from solver.play.match import winners_of

H6A, H6B = [61, 62, 63, 64, 65, 66], [71, 72, 73, 74, 75, 76]


def test_card_colours_match_the_rules_file() -> None:
    colours = oh.CARD_COLOURS
    assert [colours[n - 1] for n in (7, 14, 21, 3, 6, 9, 2, 4, 8, 1, 5, 11, 13, 25, 35)] == [
        "grey", "grey", "grey", "green", "green", "green", "blue", "blue", "blue",
        "pink", "pink", "pink", "pink", "pink", "grey",
    ]  # fmt: skip
    assert {c: colours.count(c) for c in ("grey", "green", "blue", "pink")} == {
        "grey": 17,
        "green": 35,
        "blue": 34,
        "pink": 34,
    }


def test_deal_gives_ten_cards_each_and_keeps_the_later_rounds_deck() -> None:
    for players in (2, 3, 4):
        s = oh.State.deal(players, 7)
        assert s.num_players == players
        assert [len(s.hand(p)) for p in range(players)] == [10] * players
        assert len(s.deck) == 20 * players
        assert (s.round, s.turn, s.phase, s.to_move()) == (1, 1, "pick", 0)
        assert len(s.legal_moves()) == 45


def test_players_out_of_range_are_refused() -> None:
    for players in (1, 5):
        with pytest.raises(RuleOptionError, match="players must be 2, 3 or 4"):
            oh.State.deal(players, 0)


def placing(gardens: list[list[int]], pick: list[int], turn: int = 2) -> object:
    placed = sum(len(c) for c in gardens)
    assert placed <= 2 * (turn - 1)
    return position(
        2, 1, turn, "place", 0, {0: H6A[: 10 - 2 * turn], 1: H6B[: 10 - 2 * turn]}, {0: pick, 1: [90, 91]}, {0: gardens}
    )


def test_placement_top_bottom_new_column_discard_never_in_between() -> None:
    s = placing([[10, 20]], [5, 15])
    assert moves_text(s) == {
        "place 5 bottom1",  # below the bottom
        "place 5 new",
        "place 5 discard",
        "place 15 new",  # 15 lies between 10 and 20: never in between
        "place 15 discard",
    }
    s = placing([[10, 20]], [25, 15])
    assert "place 25 top1" in moves_text(s) and "place 25 bottom1" not in moves_text(s)


def test_values_strictly_increase_in_a_column() -> None:
    s = placing([[10, 20]], [20 + 1, 9])
    s.play("place 21 top1")
    assert s.columns(0) == [[10, 20, 21]]
    s.play("place 9 bottom1")
    assert s.columns(0) == [[9, 10, 20, 21]]


def test_three_column_limit() -> None:
    s = placing([[10], [20], [30, 40]], [25, 50], turn=3)
    assert moves_text(s) == {
        "place 25 top1",
        "place 25 top2",
        "place 25 bottom3",
        "place 25 discard",
        "place 50 top1",
        "place 50 top2",
        "place 50 top3",
        "place 50 discard",
    }


def test_a_new_column_may_start_with_any_card_while_fewer_than_three() -> None:
    s = placing([[10], [100]], [50, 60], turn=3)
    assert "place 50 new" in moves_text(s)
    s.play("place 50 new")
    assert s.columns(0) == [[10], [100], [50]]
    assert "place 60 new" not in moves_text(s)


def test_each_player_picks_two_then_places_both() -> None:
    s = oh.State.deal(3, 1)
    hands = [s.hand(p) for p in range(3)]
    for p in range(3):
        assert s.to_move() == p and s.phase == "pick"
        s.play(f"pick {hands[p][0]},{hands[p][1]}")
    assert s.phase == "place"
    assert [s.picked(p) for p in range(3)] == [h[:2] for h in hands]
    for p in range(3):
        for _ in range(2):
            assert s.to_move() == p
            s.apply(s.legal_moves()[0])
    assert (s.phase, s.turn, s.to_move()) == ("pick", 2, 0)


def pick_all(s: object) -> None:
    while s.phase == "pick":  # type: ignore[attr-defined]
        s.apply(s.legal_moves()[0])  # type: ignore[attr-defined]


@pytest.mark.parametrize(("round", "step"), [(1, 1), (2, -1), (3, 1)])
def test_pass_left_in_rounds_1_and_3_right_in_round_2(round: int, step: int) -> None:
    hands = {p: list(range(10 * p + 1, 10 * p + 11)) for p in range(3)}
    s = position(3, round, 1, "pick", 0, hands)
    assert s.direction == step
    pick_all(s)
    for p in range(3):
        rest = [c for c in hands[p] if c not in s.picked(p)]
        assert s.hand((p + step) % 3) == rest


def test_round_one_scores_blue_only() -> None:
    # the last placement of round 1: garden blue 2, 4 (3 each), green 3, grey 7, pink 1
    s = position(2, 1, 5, "place", 0, {}, {0: [10], 1: [89, 90]}, {0: [[1, 2, 3, 4, 7]], 1: []}, scores=[0, 0])
    s.play("place 10 top1")  # blue
    s.play("place 89 discard")
    s.play("place 90 discard")
    assert s.round == 2 and s.score(0) == 3 * 3 and s.score(1) == 0
    assert [len(s.hand(p)) for p in (0, 1)] == [10, 10]  # round 2 dealt from the deck


def test_round_two_scores_blue_and_green() -> None:
    s = position(2, 2, 5, "place", 1, {}, {1: [110, 111]}, {0: [[2, 3, 9, 14]], 1: []}, scores=[5, 6])
    s.play("place 110 new")  # 110 blue
    s.play("place 111 top1")  # 111 green
    assert s.round == 3
    assert s.score(0) == 5 + 3 * 1 + 4 * 2  # blue 2; green 3, 9; grey 14 not yet
    assert s.score(1) == 6 + 3 + 4


def garden_of(n_pink: int, extra: list[int]) -> list[int]:
    pinks = [c for c in range(1, 121) if oh.CARD_COLOURS[c - 1] == "pink"][:n_pink]
    return sorted(pinks + extra)


@pytest.mark.parametrize(("pinks", "points"), [(1, 1), (2, 3), (3, 6), (13, 91), (14, 105), (15, 120), (16, 120)])
def test_round_three_pink_table(pinks: int, points: int) -> None:
    assert oh.pink_points(pinks) == points
    g = garden_of(pinks - 1, [7, 2, 3])  # grey 7, blue 2, green 3
    last_pink = next(c for c in range(1, 121) if oh.CARD_COLOURS[c - 1] == "pink" and c > max(g))
    s = position(2, 3, 5, "place", 0, {}, {0: [last_pink], 1: [118, 119]}, {0: [g], 1: []}, scores=[40, 0])
    s.play(f"place {last_pink} top1")
    s.play("place 118 discard")
    s.play("place 119 discard")
    assert s.is_terminal()
    assert s.score(0) == 40 + 3 + 4 + 7 + points


def test_round_points_function() -> None:
    assert oh.round_points([2, 3, 7, 1], 1) == 3
    assert oh.round_points([2, 3, 7, 1], 2) == 7
    assert oh.round_points([2, 3, 7, 1], 3) == 3 + 4 + 7 + 1


def test_ties_share_the_victory() -> None:
    s = position(3, 3, 5, "end", 0, {}, scores=[50, 50, 40])
    assert [s.returns(p) for p in range(3)] == [0.0, 0.0, -10.0]
    assert winners_of(s) == [0, 1]
    s = position(2, 3, 5, "end", 0, {}, scores=[61, 60])
    assert [s.returns(p) for p in range(2)] == [1.0, -1.0]
    assert winners_of(s) == [0]


def test_game_lasts_three_rounds_of_five_turns() -> None:
    for players in (2, 3, 4):
        s = oh.State.deal(players, 3)
        plies = 0
        while not s.is_terminal():
            s.apply(s.legal_moves()[-1])
            plies += 1
        assert plies == 3 * 5 * 3 * players
        assert all(len(s.garden(p)) + len(s.discards(p)) == 30 for p in range(players))
