"""The Honshu board of the web page: board data of known views (the start of ``kofun new honshu --seed 3``, the
placement example of docs/honshu.md), the click targets, labels and previews of known moves, two-stage
placements, the end of a game; and over random games the contract: JSON data, every target drawn, distinct moves,
the maps, scores and previews equal to the engine's, nothing hidden on a seat's board."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

from solver._core import honshu as hs
from solver.games.honshu import GAME
from solver.play.agents import RandomAgent, observation
from solver.web.boards import board_of, legal_of
from solver.web.boards import honshu as hb

# kofun new honshu --seed 3 (2 players): seat 0 holds start card C, seat 1 start card F
SEED3 = (
    "players=2 passing=none lost=no round=1 phase=start move=0 leader=0 start=C,F hand0=6,7,14,15,18,27 "
    "hand1=3,5,11,31,34,39 trick=-,- took=-,- cubes0=0,0,0,0 cubes1=0,0,0,0 map0=- map1=- "
    "deck=10,26,1,36,38,17,23,21,20,2,12,13"
)
# docs/honshu.md, Notation: seat 1 bid a grey cube with card 7, took first and chose 6; seat 0 has placed card 7
DOC = (
    "players=2 passing=none lost=no round=1 phase=place move=1 leader=0 start=A,F hand0=1,2,3,4,5 "
    "hand1=8,9,10,11,12 trick=6,7+grey took=-,6 cubes0=1,1,0,1 cubes1=0,1,0,0 map0=A/7@-1,-1r1 map1=A "
    "deck=13,14,15,16,17,18,19,20,21,22,23,24"
)
# the docs' drawing of map0: "-1 . py T / 0 . T ~~ / 1 pb pr / 2 T T" (x -1..1)
DOC_MAP0 = [
    (0, -1, "production:yellow", "7"), (-1, -1, "wasteland", "7"), (1, -1, "town", "7"),
    (-1, 0, "wasteland", "7"), (0, 0, "town", "7"), (1, 0, "lake", "7"),
    (0, 1, "production:blue", "A"), (1, 1, "production:brown", "A"),
    (0, 2, "town", "A"), (1, 2, "town", "A"),
]  # fmt: skip


def view(text: str, seat: int) -> Any:
    return GAME.view(hs.State.parse(text), seat)


def cells(m: dict[str, Any]) -> set[tuple[int, int, str, str]]:
    return {(c["x"], c["y"], c["square"], c["card"]) for c in m["cells"]}


def drawn_ids(value: Any) -> set[str]:
    """Every click id in the board data (the drawing module puts each ``id`` on its element as data-target)."""
    found: set[str] = set()
    if isinstance(value, dict):
        if isinstance(value.get("id"), str):
            found.add(value["id"])
        for v in value.values():
            found |= drawn_ids(v)
    elif isinstance(value, list):
        for v in value:
            found |= drawn_ids(v)
    return found


def named_cards(value: Any) -> set[int]:
    """Every card number named anywhere in the board data (``card`` fields and the numbers in click ids)."""
    found: set[int] = set()
    if isinstance(value, dict):
        card = value.get("card")
        if isinstance(card, int) or (isinstance(card, str) and card.isdigit()):
            found.add(int(card))
        ident = value.get("id")
        if isinstance(ident, str) and ident.split(":")[0] in ("card", "trick"):
            found.add(int(ident.split(":")[1]))
        for key, v in value.items():
            if key not in ("slots", "squares"):  # map positions and card faces: no card numbers
                found |= named_cards(v)
    elif isinstance(value, list):
        for v in value:
            found |= named_cards(v)
    return found


def start_face(squares: list[str]) -> list[dict[str, Any]]:
    return [{"x": i % 2, "y": i // 2, "square": n} for i, n in enumerate(squares)]


def face(card: int, rotation: int = 0) -> list[dict[str, Any]]:
    return [{"x": x, "y": y, "square": n} for x, y, n in hb.rotated(list(hs.card_squares(card)), rotation)]


# --- known positions -------------------------------------------------------------------------------------------


def test_start_board_of_seed_3() -> None:
    b = board_of("honshu", view(SEED3, 0))
    assert (b["game"], b["players"], b["you"], b["to_move"], b["phase"], b["round"]) == (
        "honshu", ["player 0", "player 1"], 0, 0, "start", 1,
    )  # fmt: skip
    assert b["status"] == "Player 0 (you) to choose the side of start card C, round 1 of 12"
    assert b["rules"] == {"hand_passing": "none", "covered_cubes_lost": False, "placement": "single"}
    assert (b["deck_size"], b["leader"], b["take_order"]) == (12, 0, [])
    me, opp = b["seats"]
    assert [c["card"] for c in me["hand"]] == [6, 7, 14, 15, 18, 27]
    assert me["hand"][0] == {"card": 6, "squares": face(6)}  # no click: it is time to choose the start side
    assert (opp["hand"], opp["hand_size"], opp["hand_hidden"]) == ([], 6, True)
    assert me["start"] == {"letter": "C", "side": None} and opp["start"] == {"letter": "F", "side": None}
    assert me["map"] == {"cells": [], "cards": [], "box": [-2, -2, 3, 4]}  # the start card's place, margin 2
    assert opp["map"] == {"cells": [], "cards": [], "box": [0, 0, 1, 2]}
    assert me["cubes"] == {"blue": 0, "brown": 0, "grey": 0, "yellow": 0}
    assert me["score"] == {"forest": 0, "towns": 0, "lakes": 0, "factories": 0, "total": 0, "visible_towns": 0}
    assert [t["card"] for t in b["trick"]] == [None, None]
    side_a = ["production:yellow", "wasteland", "production:brown", "wasteland", "town", "town"]
    side_b = ["lake", "forest", "production:grey", "wasteland", "wasteland", "lake"]
    assert b["start_choice"] == {
        "seat": 0,
        "letter": "C",
        "sides": [
            {"side": "A", "id": "start:A", "squares": start_face(side_a)},
            {"side": "B", "id": "start:B", "squares": start_face(side_b)},
        ],
    }  # fmt: skip
    assert legal_of("honshu", view(SEED3, 0)) == [
        {"move": "start A", "label": "start card C, side A", "targets": ["start:A"]},
        {"move": "start B", "label": "start card C, side B", "targets": ["start:B"]},
    ]
    assert [c for c, _ in b["legend"][:4]] == ["#d0644f", "#3f8a4a", "#7cc3e8", "#cbbd9b"]
    json.dumps(b)


def test_the_docs_placement_example() -> None:
    v = view(DOC, 1)
    b = board_of("honshu", v)
    assert b["status"] == "Player 1 (you) to place card 6 on the map, round 1 of 12"
    assert (b["phase"], b["to_move"], b["you"], b["deck_size"]) == ("place", 1, 1, 12)
    other, me = b["seats"]
    assert cells(other["map"]) == set(DOC_MAP0) and other["map"]["box"] == [-1, -1, 1, 2]
    assert other["map"]["cards"] == [{"card": 7, "x": -1, "y": -1, "rotation": 1, "under": False}]
    assert other["score"] == {"forest": 0, "towns": 2, "lakes": 0, "factories": 0, "total": 2, "visible_towns": 4}
    assert other["cubes"] == {"blue": 1, "brown": 1, "grey": 0, "yellow": 1}
    assert (other["hand_size"], other["hand_hidden"], other["to_place"]) == (5, True, None)
    assert cells(me["map"]) == {  # start card F, side A
        (0, 0, "wasteland", "F"), (1, 0, "town", "F"), (0, 1, "wasteland", "F"),
        (1, 1, "town", "F"), (0, 2, "production:brown", "F"), (1, 2, "production:grey", "F"),
    }  # fmt: skip
    assert me["score"] == {"forest": 0, "towns": 2, "lakes": 0, "factories": 0, "total": 2, "visible_towns": 2}
    assert me["map"]["box"] == [-2, -2, 3, 4]
    assert len(me["map"]["slots"]) == 6 * 7 and me["map"]["slots"][0] == {"x": -2, "y": -2, "id": "cell:-2,-2"}
    assert me["to_place"] == {"card": 6, "squares": face(6), "id": "card:6"}
    assert [c["card"] for c in me["hand"]] == [8, 9, 10, 11, 12] and "id" not in me["hand"][0]
    assert b["trick"] == [
        {"seat": 0, "card": 6, "bid": None, "value": 6, "taken_by": 1, "squares": face(6)},
        {"seat": 1, "card": 7, "bid": "grey", "value": 67, "taken_by": 0, "squares": face(7)},
    ]
    assert b["take_order"] == [1, 0]
    moves = {e["move"]: e for e in legal_of("honshu", v)}
    # card 6 is lake, yellow production / wasteland, wasteland / town, wasteland; slid under at 1,1 turned twice,
    # its squares land on (2,3) lake, (1,3) yellow production, (2,2) wasteland, (2,1) town, and under the map's
    # squares (1,2) and (1,1); its town joins the towns (1,0) and (1,1): 3 points
    under = moves["place 6 r2 under 1,1"]
    assert under["targets"] == ["card:6", "cell:1,1"]
    assert under["label"] == "rotated 180°, slid under at 1,1"
    assert under["preview"] == {
        "seat": 1, "card": 6, "anchor": [1, 1], "rotation": 2, "under": True,
        "cells": [
            {"x": 2, "y": 3, "square": "lake", "shown": True},
            {"x": 1, "y": 3, "square": "production:yellow", "shown": True},
            {"x": 2, "y": 2, "square": "wasteland", "shown": True},
            {"x": 1, "y": 2, "square": "wasteland", "shown": False},
            {"x": 2, "y": 1, "square": "town", "shown": True},
            {"x": 1, "y": 1, "square": "wasteland", "shown": False},
        ],
        "cubes_gained": {"blue": 0, "brown": 0, "grey": 0, "yellow": 1},
        "cubes_after": {"blue": 0, "brown": 1, "grey": 0, "yellow": 1},
        "score_before": 2,
        "score_after": 3,
        "text": "card 6 rotated 180°, slid under at 1,1, 4 squares visible, +1 yellow cube, score 2 → 3",
    }  # fmt: skip
    over = moves["place 6 r0 over 0,-2"]
    assert over["targets"] == ["card:6", "cell:0,-2"] and over["label"] == "upright, over at 0,-2"
    assert over["preview"]["text"] == "card 6 upright, over at 0,-2, covers 2 squares, +1 yellow cube, score 2 → 1"
    # every orientation legal at 1,1 starts with the same clicks: the page shows them as buttons with these labels
    at_11 = sorted(e["label"] for e in moves.values() if e["targets"] == ["card:6", "cell:1,1"])
    assert at_11 == [
        "rotated 180°, over at 1,1", "rotated 180°, slid under at 1,1", "rotated 270°, over at 1,1",
        "rotated 90°, over at 1,1", "rotated 90°, slid under at 1,1", "upright, over at 1,1",
    ]  # fmt: skip


def test_the_engine_agrees_with_the_docs_preview() -> None:
    s = hs.State.parse(DOC)
    s.apply(s.parse_move("place 6 r2 under 1,1"))
    assert s.score(1)["total"] == 3 and list(s.cubes(1)) == [0, 1, 0, 1]


def test_play_with_and_without_cubes() -> None:
    s = hs.State.parse(SEED3)
    s.apply(s.parse_move("start A"))  # C side A: yellow and brown production, a cube of each
    s.apply(s.parse_move("start B"))  # F side B: four factories, no cube
    v0 = GAME.view(s, 0)
    b = board_of("honshu", v0)
    assert b["status"] == "Player 0 (you) to play a card to the trick (with a cube: +60), round 1 of 12"
    assert b["seats"][0]["cubes"] == {"blue": 0, "brown": 1, "grey": 0, "yellow": 1}
    assert b["seats"][1]["score"]["factories"] == 0 and b["seats"][1]["start"] == {"letter": "F", "side": "B"}
    assert [c.get("id") for c in b["seats"][0]["hand"]] == [
        "card:6",
        "card:7",
        "card:14",
        "card:15",
        "card:18",
        "card:27",
    ]
    assert b["bid_options"] == [
        {"id": "cube:none", "colour": None, "count": None},
        {"id": "cube:brown", "colour": "brown", "count": 1},
        {"id": "cube:yellow", "colour": "yellow", "count": 1},
    ]
    moves = {e["move"]: e for e in legal_of("honshu", v0)}
    assert len(moves) == 18
    assert moves["play 6"] == {"move": "play 6", "label": "play 6 (value 6)", "targets": ["card:6", "cube:none"]}
    assert moves["play 27+brown"] == {
        "move": "play 27+brown", "label": "play 27 with a brown cube (value 87)", "targets": ["card:27", "cube:brown"],
    }  # fmt: skip
    s.apply(s.parse_move("play 6+brown"))
    v1 = GAME.view(s, 1)
    b1 = board_of("honshu", v1)
    assert "bid_options" not in b1  # no cube: one click, the card
    assert b1["trick"][0] == {"seat": 0, "card": 6, "bid": "brown", "value": 66, "taken_by": None, "squares": face(6)}
    assert b1["seats"][0]["cubes"]["brown"] == 0  # the bid cube went back to the reserve
    assert [e["targets"] for e in legal_of("honshu", v1)] == [[f"card:{c}"] for c in (11, 3, 31, 34, 39, 5)]
    s.apply(s.parse_move("play 39"))  # 66 beats 39: seat 0 takes first
    b = board_of("honshu", GAME.view(s, 0))
    assert b["take_order"] == [0, 1] and b["phase"] == "take" and b["to_move"] == 0
    assert b["status"] == "Player 0 (you) to take a card from the trick, round 1 of 12"
    assert [t.get("id") for t in b["trick"]] == ["trick:6", "trick:39"]
    assert legal_of("honshu", GAME.view(s, 0)) == [
        {"move": "take 39", "label": "take 39", "targets": ["trick:39"]},
        {"move": "take 6", "label": "take 6", "targets": ["trick:6"]},
    ]
    s.apply(s.parse_move("take 39"))
    b = board_of("honshu", GAME.view(s, 1))
    assert [(t["card"], t["taken_by"], t.get("id")) for t in b["trick"]] == [(6, None, "trick:6"), (39, 0, None)]
    assert b["seats"][0]["to_place"] == {"card": 39, "squares": face(39)}  # seat 1's view: no click on it


def test_two_stage_placements() -> None:
    text = DOC.replace(" round=", " placement=two_stage round=", 1)
    v = view(text, 1)
    b = board_of("honshu", v)
    assert b["rules"]["placement"] == "two_stage"
    assert b["status"] == "Player 1 (you) to choose where card 6 goes (its top-left square), round 1 of 12"
    moves = {e["move"]: e for e in legal_of("honshu", v)}
    assert moves["anchor 1,1"] == {
        "move": "anchor 1,1", "label": "card 6 with its top-left square at 1,1", "targets": ["card:6", "cell:1,1"],
    }  # fmt: skip
    single = {e["targets"][1] for e in legal_of("honshu", view(DOC, 1))}
    assert {e["targets"][1] for e in moves.values()} == single  # the same anchors as the single placements
    s = hs.State.parse(text)
    s.apply(s.parse_move("anchor 1,1"))
    v = GAME.view(s, 1)
    b = board_of("honshu", v)
    assert b["status"] == "Player 1 (you) to choose the rotation and side of card 6 at 1,1, round 1 of 12"
    assert b["seats"][1]["map"]["anchor"] == [1, 1] and "id" not in b["seats"][1]["to_place"]
    assert [o["id"] for o in b["orientations"]] == [
        "orient:r0:over", "orient:r1:over", "orient:r1:under", "orient:r2:over", "orient:r2:under", "orient:r3:over",
    ]  # fmt: skip
    assert b["orientations"][4] == {
        "id": "orient:r2:under", "rotation": 2, "under": True, "label": "rotated 180°, slid under",
        "squares": face(6, 2),
    }  # fmt: skip
    moves = {e["move"]: e for e in legal_of("honshu", v)}
    orient = moves["orient r2 under"]
    assert (orient["targets"], orient["label"]) == (["orient:r2:under"], "rotated 180°, slid under")
    single_preview = {e["move"]: e for e in legal_of("honshu", view(DOC, 1))}["place 6 r2 under 1,1"]["preview"]
    assert orient["preview"] == single_preview


def finished(seed: int, players: int) -> Any:
    rng = random.Random(seed)
    s = GAME.new({"players": players}, seed=seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_moves()))
    return s


def test_end_of_a_game() -> None:
    s = finished(11, 3)
    totals = [s.score(p)["total"] for p in range(3)]
    b = board_of("honshu", GAME.view(s, 0))
    assert (b["phase"], b["to_move"]) == ("end", None)
    assert [seat["score"] for seat in b["seats"]] == [dict(s.score(p)) for p in range(3)]
    assert b["winners"] == [p for p in range(3) if s.returns(p) >= 0]
    assert len(b["winners"]) == 1
    w = b["winners"][0]
    assert b["status"] == f"Game over: player {w} wins with {totals[w]} points"
    assert legal_of("honshu", GAME.view(s, 0)) == []


def test_the_winners_are_the_engines() -> None:
    for seed in range(6):  # finished games: the board names the seats with the best returns
        s = GAME.new({"players": 3}, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_moves()))
        returns = [s.returns(p) for p in range(3)]
        b = board_of("honshu", GAME.view(s, 0))
        assert b["winners"] == [p for p in range(3) if returns[p] == max(returns)]


def test_a_full_state_shows_every_hand_but_not_the_deck_order() -> None:
    b = hb.board(hs.State.parse(SEED3))
    assert (b["you"], b["own"], b["to_move"]) == (None, 0, 0)
    assert b["status"] == "Player 0 to choose the side of start card C, round 1 of 12"
    assert [[c["card"] for c in seat["hand"]] for seat in b["seats"]] == [
        [6, 7, 14, 15, 18, 27],
        [3, 5, 11, 31, 34, 39],
    ]
    assert b["deck_size"] == 12 and not named_cards(b) & {10, 26, 1, 36, 38, 17, 23, 21, 20, 2, 12, 13}


def test_bad_input_names_what_is_wrong() -> None:
    bad = type("FullView", (), {"text": SEED3.replace("players=2", "players=7")})()
    with pytest.raises(ValueError, match="players is 2 to 5"):
        hb.board(bad)
    bad = type("FullView", (), {"text": SEED3.replace("map1=-", "map1=A/9@x")})()
    with pytest.raises(hb.BoardError, match="map1 card '9@x'"):
        hb.board(bad)
    v = view(DOC, 1)
    with pytest.raises(hb.BoardError, match="'jump 3' is not a Honshu move"):
        hb.move_targets(v, 0, "jump 3")
    with pytest.raises(hb.BoardError, match=r"orientation is r0\.\.r3"):
        hb.move_label(v, 0, "place 6 r5 over 1,1")


# --- random games ------------------------------------------------------------------------------------------------


GAMES = [
    {"players": 2 + g % 4, "hand_passing": ("none", "official")[g % 2], "covered_cubes_lost": g % 3 == 1,
     "placement": "two_stage" if g % 5 == 4 else "single"}
    for g in range(30)
]  # fmt: skip


def check_seat_board(s: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    v = observation(GAME, s, seat, RandomAgent())
    b = board_of("honshu", v)
    json.dumps(b)
    n = s.num_players
    for p in range(n):
        assert {(c["x"], c["y"], c["square"]) for c in b["seats"][p]["map"]["cells"]} == set(s.visible(p))
        assert b["seats"][p]["score"] == dict(s.score(p))
        assert list(b["seats"][p]["cubes"].values()) == list(s.cubes(p))
    hidden = {c + 1 for c in s.hidden_cards(seat)}  # card ids 0..59
    assert not hidden & set(s.hand(seat))
    assert not named_cards(b) & hidden
    # the same board in another world consistent with the seat's view
    other = np.array(rng.sample(v.unseen, len(v.unseen)), dtype=np.int32)
    assert board_of("honshu", GAME.view(hs.State.from_world(v.text, other), seat)) == b
    return b


def check_moves(s: Any, b: dict[str, Any], v: Any) -> None:
    entries = legal_of("honshu", v)
    assert len(entries) == len(s.legal_moves())
    ids = drawn_ids(b)
    pairs = set()
    for e in entries:
        assert e["targets"] and set(e["targets"]) <= ids, e
        pairs.add((tuple(e["targets"]), e["label"]))
    assert len(pairs) == len(entries)
    # the clicks of one move never begin those of another: a move is complete exactly when its clicks are
    lengths = {len(e["targets"]) for e in entries}
    assert len(lengths) == 1, lengths
    placements = [e for e in entries if e["move"].startswith(("place", "orient"))]
    for e in placements[:: max(1, len(placements) // 12)]:
        after = s.clone()
        after.apply(s.parse_move(e["move"]))
        p, pv = s.to_move(), e["preview"]
        assert pv["score_after"] == after.score(p)["total"]
        assert list(pv["cubes_after"].values()) == list(after.cubes(p))
        painted = {(x, y): n for x, y, n in s.visible(p)}
        painted.update({(c["x"], c["y"]): c["square"] for c in pv["cells"] if c["shown"]})
        assert set(painted.items()) == {((x, y), n) for x, y, n in after.visible(p)}


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_random_games_keep_the_contract(game: int) -> None:
    rng = random.Random(1000 + game)
    s = GAME.new(GAMES[game], seed=game)
    ply = 0
    while True:
        mover = None if s.is_terminal() else s.to_move()
        seats = range(s.num_players) if ply % 7 == 0 or mover is None else [mover]
        for seat in seats:
            b = check_seat_board(s, seat, rng)
            if seat == mover:
                check_moves(s, b, observation(GAME, s, seat, RandomAgent()))
        if mover is None:
            break
        s.apply(rng.choice(s.legal_moves()))
        ply += 1
