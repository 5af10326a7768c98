"""The Koi-Koi board of the web page: board data of known views, click targets and labels of known moves, and over
random deals the contract (JSON data, targets drawn, distinct moves, nothing hidden on the board)."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace
from typing import Any

import pytest

from solver import _core
from solver.games.koikoi import GAME, with_match
from solver.web.boards import board_of, legal_of
from solver.web.boards import koikoi as kb

kk = _core.koikoi

# kofun new koikoi --seed 3: the view of player 0 (player 1 deals and plays first)
START_VIEW0 = (
    "rules=seed first=1 view=0 turn=1 phase=play hand=2a,2r,3b,3c2,5c1,8a,10r,10c2 opp=8 "
    "table=1b,4a,4r,4c2,8c2,9c1,11r,12b pile0=- pile1=- stock=24 koikoi=0,0 total=0,0"
)
# a turned-over 4r with two wisteria cards on the field (4a, 4c1): player 0 chooses the capture
TAKE_VIEW0 = (
    "rules=seed first=1 view=0 turn=0 phase=take hand=1b,7c1,8a,9r,10c2,12c1 opp=6 "
    "table=2r,2c2,4a,4c1,5a,6a,6r,7a,12b pile0=8b,8c1 pile1=3b,3c2,10r,10c1 stock=20 koikoi=0,0 total=0,0 drawn=4r"
)
# player 0's pile holds six ribbons with the three poetry ribbons: poetry ribbons 6 + ribbons (5 = 1, +1) 2
DECIDE_VIEW0 = (
    "rules=seed first=1 view=0 turn=0 phase=decide hand=7c1,12c1 opp=2 table=2c2,6a,10c2,12b "
    "pile0=1b,1r,2r,2c1,3r,3c1,4r,4c1,6r,6c2,8b,8a,8c1,8c2,9r,9c1 pile1=3b,3c2,4a,4c2,5a,5r,7a,7r,10r,10c1,11b,11a "
    "stock=12 koikoi=0,0 total=8,0"
)


def cards(items: list[dict[str, Any]]) -> list[str]:
    return [c["card"] for c in items]


def drawn_ids(board: dict[str, Any]) -> set[str]:
    """Every click id the drawing module puts on an element: hand, field and turned-over cards, the empty place."""
    ids = {c["id"] for c in board["hand"] + board["table"]} | {board["table_slot"]}
    if board["drawn"]:
        ids.add(board["drawn"]["id"])
    return ids


def all_cards(value: Any) -> set[str]:
    """Every card named anywhere in the board data."""
    found: set[str] = set()
    if isinstance(value, dict):
        if "card" in value:
            found.add(value["card"])
        for v in value.values():
            found |= all_cards(v)
    elif isinstance(value, list):
        for v in value:
            found |= all_cards(v)
    return found


def test_start_board_of_player_0() -> None:
    b = board_of("koikoi", GAME.view(START_VIEW0))
    assert b["game"] == "koikoi"
    assert (b["you"], b["to_move"], b["phase"], b["dealer"], b["rules"]) == (0, 1, "play", 1, "seed")
    assert b["status"] == "Player 1 to play a card from the hand"
    assert cards(b["hand"]) == ["2a", "2r", "3b", "3c2", "5c1", "8a", "10r", "10c2"]
    assert [c["id"] for c in b["table"]] == [
        "table:1b", "table:4a", "table:4r", "table:4c2", "table:8c2", "table:9c1", "table:11r", "table:12b",
    ]  # fmt: skip
    assert b["hand"][0] == {
        "card": "2a", "month": 2, "month_name": "plum", "kind": "animal", "title": "Bush warbler", "id": "hand:2a",
    }  # fmt: skip
    assert b["hand"][1]["ribbon"] == "poetry" and b["hand"][6]["ribbon"] == "blue" and b["table"][6]["ribbon"] == "red"
    assert b["stock"] == 24 and b["drawn"] is None and b["decision"] is None and b["result"] is None
    assert b["match"] is None
    opp, me = b["players"][1], b["players"][0]
    assert (opp["hand"], opp["dealer"], opp["you"], opp["pile_count"], opp["yaku"], opp["koikoi"]) == (
        8, True, False, 0, [], 0,
    )  # fmt: skip
    assert (me["hand"], me["dealer"], me["you"]) == (8, False, True)
    assert me["pile"] == {"bright": [], "animal": [], "ribbon": [], "chaff": []}
    assert ["#2e7d32", "1 pine"] in b["legend"] and len(b["legend"]) == 12 + 7


def test_start_moves_of_player_1() -> None:
    state = GAME.new({}, 3)
    legal = legal_of("koikoi", GAME.observe(state, 1))
    got = {e["move"]: (e["targets"], e["label"]) for e in legal}
    assert got == {
        "play 12c1": (["hand:12c1", "table:12b"], "play 12c1 Paulownia chaff, capture 12b Phoenix"),
        "play 12c2": (["hand:12c2", "table:12b"], "play 12c2 Paulownia chaff, capture 12b Phoenix"),
        "play 1c1": (["hand:1c1", "table:1b"], "play 1c1 Pine chaff, capture 1b Crane"),
        "play 2c1": (["hand:2c1", "table:new"], "play 2c1 Plum chaff to the field (no match)"),
        "play 5a": (["hand:5a", "table:new"], "play 5a Bridge to the field (no match)"),
        "play 6a": (["hand:6a", "table:new"], "play 6a Butterflies to the field (no match)"),
        "play 7c1": (["hand:7c1", "table:new"], "play 7c1 Bush clover chaff to the field (no match)"),
        "play 8b": (["hand:8b", "table:8c2"], "play 8b Moon, capture 8c2 Susuki chaff"),
    }


def test_two_matches_and_three_matches() -> None:
    # player 1 holds 4c2, the field 4a and 4c1: the capture is chosen by the second click
    two = GAME.view(
        "rules=seed first=1 view=1 turn=1 phase=play hand=3c2,4c2,7r,7c2,8c2,10c1,11a,11r opp=8 "
        "table=2r,2c2,4a,4c1,6a,6r,8c1,10r pile0=- pile1=- stock=24 koikoi=0,0 total=0,0"
    )
    got = {e["move"]: (e["targets"], e["label"]) for e in legal_of("koikoi", two)}
    assert got["play 4c2 x 4a"] == (["hand:4c2", "table:4a"], "play 4c2 Wisteria chaff, capture 4a Cuckoo")
    assert got["play 4c2 x 4c1"] == (["hand:4c2", "table:4c1"], "play 4c2 Wisteria chaff, capture 4c1 Wisteria chaff")
    assert got["play 7r"] == (["hand:7r", "table:new"], "play 7r Bush clover red ribbon to the field (no match)")
    # three iris cards on the field: 5a captures all three, the lowest (5r) is the one clicked
    three = GAME.view(
        "rules=seed first=0 view=0 turn=0 phase=play hand=3b,5a,7c1,9c1,10c2,11r,12c1,12c2 opp=8 "
        "table=1r,4c1,5r,5c1,5c2,8c1,9r,10r pile0=- pile1=- stock=24 koikoi=0,0 total=0,0"
    )
    got = {e["move"]: (e["targets"], e["label"]) for e in legal_of("koikoi", three)}
    assert got["play 5a"] == (["hand:5a", "table:5r"], "play 5a Bridge, capture all three: 5r, 5c1, 5c2")
    assert got["play 9c1"] == (
        ["hand:9c1", "table:9r"],
        "play 9c1 Chrysanthemum chaff, capture 9r Chrysanthemum blue ribbon",
    )


def test_take_phase() -> None:
    view = GAME.view(TAKE_VIEW0)
    b = board_of("koikoi", view)
    assert b["phase"] == "capture" and b["to_move"] == 0
    assert b["drawn"] == {
        "card": "4r", "month": 4, "month_name": "wisteria", "kind": "ribbon", "title": "Wisteria red ribbon",
        "ribbon": "red", "id": "drawn:4r",
    }  # fmt: skip
    assert b["status"] == (
        "You (player 0) turned over 4r Wisteria red ribbon from the stock: choose the field card it captures"
    )
    assert [c["card"] for c in b["players"][0]["pile"]["bright"]] == ["8b"]
    assert [c["card"] for c in b["players"][1]["pile"]["ribbon"]] == ["10r"]
    assert b["players"][1]["hand"] == 6 and b["stock"] == 20
    assert legal_of("koikoi", view) == [
        {
            "move": "take 4a",
            "label": "capture 4a Cuckoo with the turned-over 4r Wisteria red ribbon",
            "targets": ["drawn:4r", "table:4a"],
        },
        {
            "move": "take 4c1",
            "label": "capture 4c1 Wisteria chaff with the turned-over 4r Wisteria red ribbon",
            "targets": ["drawn:4r", "table:4c1"],
        },
    ]


def test_decide_phase() -> None:
    view = GAME.view(DECIDE_VIEW0)
    b = board_of("koikoi", view)
    assert b["phase"] == "decide"
    assert b["decision"] == {
        "player": 0, "yaku": [["poetry ribbons", 6], ["ribbons", 2]], "total": 8, "stop_points": 8,
    }  # fmt: skip
    assert b["players"][0]["yaku_points"] == 8 and b["players"][1]["yaku"] == []
    assert b["status"] == "You (player 0) made yaku (poetry ribbons 6, ribbons 2): stop for 8 points or call koi-koi"
    assert legal_of("koikoi", view) == [
        {"move": "koikoi", "label": "koi-koi: go on for more (the yaku stand at 8 points)", "targets": []},
        {"move": "stop", "label": "stop: score 8 points now", "targets": []},
    ]


def test_stop_points_doublings() -> None:
    nintendo = kk.Rules.parse("nintendo")
    assert (kb.stop_points(6, nintendo, 0), kb.stop_points(7, nintendo, 0), kb.stop_points(7, nintendo, 1)) == (
        6, 14, 28,
    )  # fmt: skip
    assert kb.stop_points(7, kk.Rules.parse("seed"), 1) == 7


def test_end_of_a_deal_and_the_match() -> None:
    # the same decision under nintendo in deal 12 of 12: stop doubles 8 (7 or more) to 16; the match ends
    text = DECIDE_VIEW0.replace("rules=seed", "rules=nintendo") + " deal=12/12 match=20,30"
    view = GAME.view(text)
    b = board_of("koikoi", view)
    assert [e["label"] for e in legal_of("koikoi", view)] == [
        "koi-koi: go on for more (the yaku stand at 8 points)",
        "stop: score 16 points now",
    ]
    assert b["decision"]["yaku"] == [["poetry ribbons", 8]]  # nintendo: 5 + 3 further ribbons, replaces ribbons
    # player 0 is 10 behind and does not deal the last deal: 1 - 0.898 (docs/koikoi.md: 1 deal left, 10 ahead)
    assert b["match"] == {"deal": 12, "deals": 12, "totals": [20, 30], "equity_before": pytest.approx(0.102, abs=5e-4)}
    assert b["status"].startswith("Deal 12 of 12: you (player 0) made yaku (poetry ribbons 8)")
    stop = view.parse_move("stop")
    state = view.proxy.clone()  # the test may rebuild a world; the board never reads one
    state.apply(stop)
    after = board_of("koikoi", GAME.view(state.information_state(0)))
    assert after["phase"] == "over" and after["to_move"] is None
    assert after["result"] == {"winner": 0, "points": 16}
    assert after["match"]["totals_after"] == [36, 30] and after["match"]["equity_after"] == 1.0
    assert after["match"]["over"] is True
    assert (
        after["status"] == "Deal 12 of 12: deal over: you (player 0) score 16; match over, 36-30 (player 0 - player 1)"
    )
    assert legal_of("koikoi", GAME.view(state.information_state(0))) == []


def test_hand_yaku_deal() -> None:
    # seed 232 deals player 0 four bush clover cards (7a, 7r, 7c1, 7c2): 6 points, the deal is over at once
    state = GAME.new({}, 232)
    b = board_of("koikoi", GAME.observe(state, 1))
    assert b["phase"] == "over" and b["result"] == {"winner": 0, "points": 6} and b["stock"] == 24
    assert b["status"] == "Deal over: player 0 scores 6 for a hand yaku (four cards of a month or four pairs dealt)"
    assert legal_of("koikoi", GAME.observe(state, 0)) == []


def test_match_equity_from_the_docs_table() -> None:
    # docs/koikoi.md: level with 11 deals left, the dealer of the next deal wins the match 0.507 of the time
    state = with_match(GAME.new({"preset": "nintendo"}, 5), 2, 12, 5, 5)
    dealer = int(state.first)
    b = board_of("koikoi", GAME.observe(state, dealer))
    assert b["match"] == {"deal": 2, "deals": 12, "totals": [5, 5], "equity_before": pytest.approx(0.507, abs=5e-4)}
    other = board_of("koikoi", GAME.observe(state, 1 - dealer))
    assert other["match"]["equity_before"] == pytest.approx(0.493, abs=5e-4)


def test_bad_views_are_value_errors() -> None:
    with pytest.raises(ValueError, match="expected a seat's information state"):
        kb.board(GAME.new({}, 3))
    with pytest.raises(ValueError, match="no field 'view'"):
        kb.board(SimpleNamespace(text=GAME.new({}, 3).to_string()))
    with pytest.raises(ValueError, match="not a Koi-Koi move"):
        kb.move_targets(GAME.view(START_VIEW0), 0, "pass")


def random_views(games: int, options: dict[str, Any], seed: int) -> list[tuple[Any, int, Any]]:
    """(full state, seat, that seat's view as the match gives it) at every ply of random deals, both seats."""
    out = []
    rng = random.Random(seed)
    for g in range(games):
        state = GAME.new(options, seed * 1000 + g)
        if g % 3 == 1:
            state = with_match(state, 1 + g % 12, 12, rng.randrange(40), rng.randrange(40))
        while True:
            for seat in (0, 1):
                out.append((state.clone(), seat, GAME.observe(state, seat)))
            if state.is_terminal():
                break
            state.apply(rng.choice(list(state.legal_moves())))
    return out


@pytest.mark.parametrize("options", [{}, {"preset": "nintendo"}], ids=["seed", "nintendo"])
def test_random_deals_keep_the_contract(options: dict[str, Any]) -> None:
    for state, seat, view in random_views(30, options, 7 if options else 3):
        b = board_of("koikoi", view)
        assert json.loads(json.dumps(b)) == b
        for key in ("game", "players", "to_move", "phase", "status", "legend"):
            assert key in b
        # built from the notation alone: an object holding only the text gives the same board
        assert kb.board(SimpleNamespace(text=view.text)) == b
        # nothing hidden from the seat: neither the opponent's hand nor the stock
        hidden = {kk.CARD_NAMES[c] for c in list(state.hand(1 - seat)) + list(state.stock)}
        assert not all_cards(b) & hidden
        assert cards(b["hand"]) == [kk.CARD_NAMES[c] for c in state.hand(seat)]
        assert b["players"][1 - seat]["hand"] == len(state.hand(1 - seat)) and b["stock"] == len(state.stock)
        for p in (0, 1):
            assert b["players"][p]["yaku_points"] == kk.yaku_total(list(state.pile(p)), state.rules)
        if state.is_terminal():
            assert legal_of("koikoi", view) == []
            continue
        if state.to_move() != seat:
            continue  # the page asks for the moves of the seat to move only
        legal = legal_of("koikoi", view)
        ids = drawn_ids(b)
        pairs = set()
        for entry in legal:
            assert set(entry["targets"]) <= ids, (view.text, entry)
            assert (entry["targets"] == []) == (entry["move"] in ("stop", "koikoi"))
            pairs.add((tuple(entry["targets"]), entry["label"]))
        assert len(pairs) == len(legal)
        # the targets tell the moves apart, except the stop / koi-koi buttons (told apart by their labels)
        assert len({tuple(e["targets"]) for e in legal if e["targets"]}) == len([e for e in legal if e["targets"]])
        if b["decision"] is not None:
            stopped = state.clone()
            stopped.apply(stopped.parse_move("stop"))
            assert b["decision"]["stop_points"] == stopped.points


def test_a_draw_after_koi_koi_says_why_nobody_scores() -> None:
    # seeded random play (seed 2): player 0 called koi-koi with 4 points of yaku, nobody stopped: a draw
    state = GAME.new({}, 2)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply(rng.choice(list(state.legal_moves())))
    for seat, who in ((0, "you (player 0)"), (1, "player 0")):
        b = board_of("koikoi", GAME.observe(state, seat))
        assert b["result"] == {"winner": None, "points": 0} and b["players"][0]["koikoi"] == 1
        assert b["status"] == (
            f"Deal over: a draw, nobody scores ({who} called koi-koi and nobody stopped before the cards ran out: "
            "only a stop scores yaku)"
        )
