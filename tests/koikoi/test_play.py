"""Captures, the turned-over stock card, the koi-koi decision, scoring and the end of the deal."""

from __future__ import annotations

import pytest
from kk_helpers import cards, moves, position

from solver._core import IllegalMoveError
from solver._core import koikoi as kk

# A fresh-deal position (hands 8/8, 8 on the table, stock 24); each test sets the stock top it needs.
HAND0 = "1b 8b 9a 12b 5a 6a 7a 10a"
HAND1 = "2a 2r 3r 4a 4r 5r 6r 7r"
TABLE = "1c1 8c1 8c2 9r 9c1 9c2 11r 3c1"


def fresh(stock_top: str) -> kk.State:
    return position(HAND0, HAND1, TABLE, stock_top=stock_top)


def test_played_card_without_match_stays_on_the_table() -> None:
    s = fresh("10c2")  # the stock card matches nothing either
    s.play("play 12b")
    assert s.pile(0) == []
    assert sorted(s.table) == sorted(cards(TABLE + " 12b 10c2"))
    assert s.hand(0) == sorted(cards("1b 8b 9a 5a 6a 7a 10a"))
    assert (s.phase, s.to_move(), len(s.stock)) == ("play", 1, 23)


def test_one_match_captures_the_pair() -> None:
    s = fresh("10c2")
    s.play("play 1b")
    assert s.pile(0) == cards("1b 1c1")
    assert kk.CARD_NAMES[0] not in [kk.CARD_NAMES[c] for c in s.table]


def test_two_matches_the_player_chooses() -> None:
    s = fresh("10c2")
    assert moves(s) == sorted(
        [
            "play 1b",
            "play 8b x 8c1",
            "play 8b x 8c2",
            "play 9a",
            "play 12b",
            "play 5a",
            "play 6a",
            "play 7a",
            "play 10a",
        ]
    )
    with pytest.raises(IllegalMoveError, match="two table cards match"):
        s.parse_move("play 8b")
    with pytest.raises(IllegalMoveError):
        s.parse_move("play 1b x 8c1")
    s.play("play 8b x 8c2")
    assert s.pile(0) == cards("8b 8c2")
    assert kk.card_from_name("8c1") in s.table


def test_three_matches_capture_the_whole_month() -> None:
    s = fresh("10c2")
    s.play("play 9a")
    assert s.pile(0) == cards("9a 9r 9c1 9c2")
    assert not any(c // 4 == 8 for c in s.table)


def test_stock_card_no_match_one_match_three_matches() -> None:
    s = fresh("12c1")
    s.play("play 5a")  # no May on the table; the stock card 12c1 has no match either
    assert s.pile(0) == [] and set(cards("5a 12c1")) <= set(s.table)
    s = fresh("1c2")
    s.play("play 5a")
    assert s.pile(0) == cards("1c1 1c2")
    s = position("1b 8b 12b 5a 6a 7a 10a 4c1", HAND1, TABLE, stock_top="9a")
    s.play("play 5a")  # the turned-over Sake cup takes the three chrysanthemums
    assert s.pile(0) == cards("9a 9r 9c1 9c2")


def test_stock_card_matches_the_card_just_played() -> None:
    s = fresh("12c1")
    s.play("play 12b")
    assert s.pile(0) == cards("12b 12c1")


def test_stock_card_with_two_matches_is_a_separate_choice() -> None:
    s = fresh("8a")
    s.play("play 5a")
    assert (s.phase, s.to_move(), s.drawn) == ("take", 0, kk.card_from_name("8a"))
    assert moves(s) == ["take 8c1", "take 8c2"]
    assert "drawn=8a" in s.to_string() and "drawn=8a" in s.information_state(1)
    with pytest.raises(IllegalMoveError, match="must take a table card"):
        s.parse_move("play 1b")
    s.play("take 8c1")
    assert s.pile(0) == cards("8a 8c1")
    assert (s.phase, s.to_move(), s.drawn) == ("play", 1, -1)
    assert kk.card_from_name("8c2") in s.table


def test_yaku_is_checked_only_after_the_stock_card() -> None:
    s = position(
        "1r 2c1 3c1 5c1 6c1 7c1 9c1 12c1",
        "10a 2c2 3c2 5c2 6c2 7c2 9c2 12c2",
        "1c1 8c1 8c2",
        pile0="4r 5r 7r 11r",
        stock_top="8a",
        dump=1,
    )
    s.play("play 1r")  # five ribbons already, but the turned-over 8a still has to be resolved
    assert (s.phase, s.total(0), moves(s)) == ("take", 0, ["take 8c1", "take 8c2"])
    s.play("take 8c2")
    assert (s.phase, s.to_move(), s.total(0), moves(s)) == ("decide", 0, 1, ["koikoi", "stop"])
    assert s.pile(0) == cards("1r 1c1 4r 5r 7r 8a 8c2 11r")


# Koi-koi flow: player 0 holds four plain ribbons; player 1 holds Boar and Butterflies.
FLOW = dict(
    hand0="1r 2r 3c1 5c1 6c1 7c1 9c1 12c1",
    hand1="10a 2c2 3c2 5c2 6c2 7c2 9c2 12c2",
    table="1c1 10c1",
    pile0="4r 5r 7r 11r",
    pile1="6a 7a",
    stock_top="4c1 8c1 4c2 2a 3r",
)


def test_new_yaku_offers_stop_or_koikoi_and_stop_scores() -> None:
    s = position(**FLOW)
    assert (s.total(0), s.total(1)) == (0, 0)
    s.play("play 1r")  # captures 1c1: five ribbons, 1 point
    assert (s.phase, s.to_move(), s.total(0)) == ("decide", 0, 1)
    assert moves(s) == ["koikoi", "stop"]
    s.play("stop")
    assert s.is_terminal() and (s.winner, s.points) == (0, 1)
    assert (s.returns(0), s.returns(1)) == (1.0, -1.0)
    assert s.to_string().endswith("result=0:1")


def test_koikoi_reoffered_only_when_the_total_rises_and_opponent_stop_zeroes() -> None:
    s = position(**FLOW)
    s.play("play 1r")
    s.play("koikoi")
    assert (s.phase, s.to_move(), s.koikoi_calls(0)) == ("play", 1, 1)
    # the opponent completes Boar-Deer-Butterflies and stops: the koi-koi caller scores nothing
    t = s.clone()
    t.play("play 10a")
    assert (t.phase, t.total(1)) == ("decide", 5)
    t.play("stop")
    assert (t.winner, t.points, t.returns(0), t.returns(1)) == (1, 5, -5.0, 5.0)
    # otherwise: player 1 koi-koi too; player 0 captures chaff (no rise: no decision), later a ribbon (rise)
    s.play("play 10a")
    s.play("koikoi")
    s.play("play 3c1")  # draws 4c2, capturing 4c1: chaff only
    assert (s.phase, s.to_move(), s.total(0)) == ("play", 1, 1)
    s.play("play 2c2")  # draws 2a, capturing 2c2: four animals, no new yaku
    assert (s.phase, s.to_move(), s.total(1)) == ("play", 0, 5)
    s.play("play 12c1")  # draws 3r, capturing 3c1: six ribbons, 2 points
    assert (s.phase, s.to_move(), s.total(0)) == ("decide", 0, 2)
    assert moves(s) == ["koikoi", "stop"]
    s.play("stop")
    assert (s.winner, s.points, s.returns(1)) == (0, 2, -2.0)


def test_koikoi_double_and_per_player_single_koikoi() -> None:
    def play_to_second_rise(rules: str) -> kk.State:
        s = position(**FLOW, rules=rules)
        for mv in ["play 1r", "koikoi", "play 10a", "koikoi", "play 3c1", "play 2c2", "play 12c1"]:
            s.play(mv)
        return s

    s = play_to_second_rise("b15-10-8-6,dk")
    s.play("stop")
    assert (s.winner, s.points) == (0, 4)  # 2 points, doubled: the opponent called koi-koi
    # at most one koi-koi per player (the nintendo preset before the revision): the second rise of a player who
    # already called ends the deal at once, as a stop
    s = play_to_second_rise("b10-8-7-5,v5,d7,dk,k1,r3")
    assert s.is_terminal() and (s.winner, s.points) == (0, 4)
    assert s.to_string().endswith("koikoi=1,1 total=2,5 result=0:4")


# Koi-koi at most once per deal for both players together (nintendo preset).
def test_nintendo_koikoi_once_per_deal_opponent_yaku_ends_the_deal() -> None:
    s = position(**FLOW, rules="nintendo")
    s.play("play 1r")  # five ribbons: 1 point
    assert (s.phase, moves(s)) == ("decide", ["koikoi", "stop"])
    s.play("koikoi")
    s.play("play 10a")  # player 1 completes Boar-Deer-Butterflies: no counter koi-koi, the deal ends
    assert s.is_terminal() and (s.winner, s.points, s.total(1)) == (1, 10, 5)  # 5, doubled after the koi-koi
    assert (s.returns(0), s.returns(1)) == (-10.0, 10.0)
    assert s.to_string().endswith("koikoi=1,0 total=1,5 result=1:10")
    # counted per player instead, player 1 could still call
    t = position(**FLOW, rules="b10-8-7-5,p5,v5,sx,d7,dk,k1,ne,r3")
    for mv in ["play 1r", "koikoi", "play 10a"]:
        t.play(mv)
    assert (t.phase, t.to_move(), moves(t)) == ("decide", 1, ["koikoi", "stop"])


def test_nintendo_koikoi_once_per_deal_callers_own_rise_ends_the_deal() -> None:
    s = position(**FLOW, rules="nintendo")
    s.play("play 1r")
    s.play("koikoi")
    for mv in ["play 5c2", "play 3c1", "play 2c2"]:  # no rise on these turns
        s.play(mv)
        assert s.phase == "play"
    s.play("play 12c1")  # draws 3r, capturing 3c1: six ribbons, 2 points
    assert s.is_terminal() and (s.winner, s.points, s.total(0)) == (0, 2, 2)


def test_per_deal_calls_are_checked_in_the_notation() -> None:
    s = position(**FLOW, rules="nintendo", koikoi=(1, 0))
    assert s.koikoi_calls(0) == 1
    with pytest.raises(ValueError, match="more calls than the rules allow"):
        position(**FLOW, rules="nintendo", koikoi=(1, 1))
    assert position(**FLOW, rules="b10-8-7-5,v5,d7,dk,k1,r3", koikoi=(1, 1)).koikoi_calls(1) == 1


def dealer_last_card(rules: str) -> kk.State:
    # Player 0 (dealer) plays their last card for five ribbons; player 1 still holds one card.
    s = position("1r", "12c1", "1c1", pile0="4r 5r 7r 11r", stock_top="12c3", rules=rules, dump=1)
    assert (s.to_move(), len(s.hand(1))) == (0, 1)
    s.play("play 1r")
    return s


@pytest.mark.parametrize("rules", ["nintendo", "b15-10-8-6,ne"])
def test_no_koikoi_with_an_empty_hand(rules: str) -> None:
    s = dealer_last_card(rules)
    assert s.is_terminal() and (s.winner, s.points) == (0, 1)  # no decision: the rise is cashed


def test_koikoi_with_an_empty_hand_in_seed_rules() -> None:
    s = dealer_last_card("seed")
    assert (s.phase, s.to_move(), moves(s)) == ("decide", 0, ["koikoi", "stop"])
    s.play("koikoi")  # the opponent plays the last card
    assert (s.phase, s.to_move(), moves(s)) == ("play", 1, ["play 12c1"])


def test_nintendo_last_turn_rise_is_cashed() -> None:
    s = position("", "1r", "1c1", pile1="4r 5r 7r 11r", stock_top="12c3", rules="nintendo", dump=0)
    s.play("play 1r")
    assert s.is_terminal() and (s.winner, s.points) == (1, 1)


@pytest.mark.parametrize(
    ("pile0", "rules", "points"),
    [
        ("1r 2r", "seed", 6),
        ("1r 2r 4r 5r", "seed", 7),
        ("1r 2r", "b15-10-8-6,d7", 6),
        ("1r 2r 4r 5r", "b15-10-8-6,d7", 14),
    ],
)
def test_seven_point_double(pile0: str, rules: str, points: int) -> None:
    s = position("3r 12b", "12c1 12c2", "3c1", pile0=pile0, stock_top="11c", rules=rules, dump=1)
    s.play("play 3r")
    s.play("stop")
    assert (s.winner, s.points) == (0, points)


def last_turn(hand1: str, stock_top: str = "12c3") -> kk.State:
    # Player 0 (dealer) has played all cards; player 1 plays the last card of the deal.
    return position("", hand1, "1c1", pile1="4r 5r 7r 11r", stock_top=stock_top, dump=0)


def test_last_turn_stop_is_allowed() -> None:
    s = last_turn("1r")
    assert (s.to_move(), len(s.stock)) == (1, 9)
    s.play("play 1r")
    assert (s.phase, moves(s)) == ("decide", ["koikoi", "stop"])
    t = s.clone()
    t.play("stop")
    assert (t.winner, t.points, t.returns(1)) == (1, 1, 1.0)
    s.play("koikoi")  # nothing left to play: the points are lost
    assert s.is_terminal() and s.winner == -1 and s.returns(0) == s.returns(1) == 0.0


def test_draw_when_both_hands_run_out() -> None:
    s = last_turn("2c1")
    s.play("play 2c1")
    assert s.is_terminal() and s.winner == -1
    assert (s.returns(0), s.returns(1)) == (0.0, 0.0)
    assert s.to_string().endswith("result=draw")
    assert s.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        s.play("stop")


def test_misdeals() -> None:
    others = cards("5a 6a 7a 8b")
    four = cards("1b 1r 1c1 1c2")
    assert kk.misdeal_reason([], [], four + others) == "four cards of one month on the table"
    assert kk.misdeal_reason([], [], cards("1b 1r 2a 2r 3b 3r 4a 4r")) == "four pairs on the table"
    three = cards("1b 1r 1c1 5a 6a 7a 8b 9a")
    assert kk.misdeal_reason([], [], three) is None
    assert kk.misdeal_reason([], [], three, kk.Rules.preset("nintendo")) == "three cards of one month on the table"
    hand_four = cards("10a 10r 10c1 10c2 11b 12b 2a 3b")
    hand_pairs = cards("11a 11r 12c1 12c2 2r 2c1 3r 3c1")
    assert kk.misdeal_reason(hand_four, hand_pairs, three) == "both players hold a hand yaku"
    assert kk.has_hand_yaku(hand_four) and kk.has_hand_yaku(hand_pairs)
    assert not kk.has_hand_yaku(cards("11a 11r 12c1 12c2 2r 2c1 3r 4c1"))


def deal_order(hand0: list[int], hand1: list[int], table: list[int]) -> list[int]:
    used = set(hand0 + hand1 + table)
    return hand0 + hand1 + table + [c for c in range(48) if c not in used]


def test_hand_yaku_ends_the_deal_with_six_points() -> None:
    table = cards("1b 1r 5a 6a 7a 8b 9a 4r")
    hand_four = cards("10a 10r 10c1 10c2 11b 12b 2a 3b")
    plain = cards("11a 11r 12c1 12c2 2r 2c1 3r 4c1")
    s = kk.State.from_deal(deal_order(hand_four, plain, table), first=1)
    assert s.is_terminal() and (s.winner, s.points, s.returns(0), s.returns(1)) == (0, 6, 6.0, -6.0)
    pairs = cards("11a 11r 12c1 12c2 2r 2c1 3r 3c1")
    other = cards("10a 10r 10c1 11b 12b 2a 3b 4c1")
    s = kk.State.from_deal(deal_order(other, pairs, table), first=0)
    assert (s.winner, s.points, s.returns(1)) == (1, 6, 6.0)
    with pytest.raises(ValueError, match="misdeal"):
        kk.State.from_deal(deal_order(hand_four, pairs, table))


def test_deals_from_seeds_are_never_misdeals() -> None:
    dealers = set()
    for rules in (kk.Rules(), kk.Rules.preset("nintendo")):
        for seed in range(300):
            s = kk.State.deal(seed, rules)
            assert kk.misdeal_reason(s.hand(0), s.hand(1), s.table, rules) is None
            assert len(s.hand(0)) == len(s.hand(1)) == len(s.table) == 8 and len(s.stock) == 24
            dealers.add(s.first)
            if s.is_terminal():  # a hand yaku
                assert [kk.has_hand_yaku(s.hand(p)) for p in (0, 1)].count(True) == 1
                assert s.points == 6 and kk.has_hand_yaku(s.hand(s.winner))
            else:
                assert s.to_move() == s.first
    assert dealers == {0, 1}
    assert kk.State.deal(7) == kk.State.deal(7) and kk.State.deal(7) != kk.State.deal(8)
    assert kk.State.deal(7, first=1).first == 1
