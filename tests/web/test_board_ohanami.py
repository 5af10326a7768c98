"""The Ohanami page board: exact fields of known views (the deal of ``kofun new ohanami --seed 3``), the clicks and
labels of picks and placements, and random games of 2-4 players where no seat's board shows a card it cannot know."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from solver.games import get_game
from solver.play.agents import RandomAgent, observation
from solver.web.boards import board_of, legal_of
from solver.web.boards import ohanami as ob

GAME = get_game("ohanami")
SEED3_HAND0 = [4, 10, 21, 33, 35, 52, 64, 97, 101, 108]  # docs: kofun new ohanami --seed 3
SEED3_HAND1 = [27, 28, 34, 39, 53, 68, 89, 103, 112, 120]


def _played(*moves: str, players: int = 2) -> Any:
    s = GAME.new({"players": players}, 3)
    for text in moves:
        s.play(text)
    return s


def _cards(b: Any) -> list[int]:
    """Every card number anywhere in a board."""
    if isinstance(b, dict):
        return ([b["n"]] if "n" in b and "colour" in b else []) + [n for v in b.values() for n in _cards(v)]
    if isinstance(b, list):
        return [n for v in b for n in _cards(v)]
    return []


def test_start_of_the_seed_3_deal() -> None:
    b = board_of("ohanami", GAME.view(GAME.new(None, 3), 0))
    assert (b["game"], b["players"], b["viewer"], b["to_move"], b["phase"]) == (
        "ohanami",
        ["player 0", "player 1"],
        0,
        0,
        "pick",
    )
    assert b["status"] == "Round 1 of 3, turn 1 of 5, hands pass left: player 0 (you) picks 2 cards of your hand."
    assert (b["round"], b["rounds"], b["turn"], b["turns"], b["direction"]) == (1, 3, 1, 5, "left")
    assert (b["deck"], b["undealt"], b["destinations"], b["winners"]) == (40, 60, [], [])
    me, other = b["seats"]
    assert [c["n"] for c in me["hand"]["cards"]] == SEED3_HAND0
    assert [c["colour"] for c in me["hand"]["cards"]] == (  # 4b 10b 21s 33g 35s 52b 64b 97p 101p 108g
        ["blue", "blue", "grey", "green", "grey", "blue", "blue", "pink", "pink", "green"]
    )
    assert me["hand"]["cards"][2] == {"n": 21, "colour": "grey", "id": "hand:21"}
    assert b["targets"] == [f"hand:{n}" for n in SEED3_HAND0]
    assert other["hand"] == {"known": False, "count": 10, "cards": [], "before_pick": False}
    assert other["pick"] == {"hidden": False, "count": 0, "cards": []}
    assert (me["score"], me["round_points"], me["columns"], me["discards"]) == (0, 0, [], [])
    assert me["colours"]["blue"] == {"cards": 0, "points": 0}
    assert [mark for mark, _ in b["legend"]] == ["#3d7fd0", "#3f9a4b", "#8b8f96", "#e57fb0", "▒", "●", "⇡"]


def test_a_secret_pick_from_a_known_hand() -> None:
    """Turn 2: player 0 has picked from the hand player 1 passed on (so player 1 knows its cards, not the pick)."""
    s = _played("pick 21,35", "pick 27,120", "place 35 new", "place 21 bottom1", "place 120 new", "place 27 bottom1")
    s.play("pick 53,89")
    b = board_of("ohanami", GAME.view(s, 1))
    assert b["status"] == "Round 1 of 3, turn 2 of 5, hands pass left: player 1 (you) picks 2 cards of your hand."
    first = b["seats"][0]
    assert first["hand"]["known"] and first["hand"]["before_pick"] and first["hand"]["count"] == 6
    assert [c["n"] for c in first["hand"]["cards"]] == [28, 34, 39, 53, 68, 89, 103, 112]
    assert first["pick"] == {"hidden": True, "count": 2, "cards": []}
    assert first["columns"] == [[{"n": 21, "colour": "grey"}, {"n": 35, "colour": "grey"}]]
    assert b["seats"][1]["columns"] == [[{"n": 27, "colour": "green"}, {"n": 120, "colour": "green"}]]
    # player 0 sees its own pick and its hand after it
    b0 = board_of("ohanami", GAME.view(s, 0))
    assert b0["status"] == "Round 1 of 3, turn 2 of 5, hands pass left: player 1 picks 2 cards in secret."
    assert b0["seats"][0]["pick"]["cards"] == [
        {"n": 53, "colour": "pink", "id": "pick:53"},
        {"n": 89, "colour": "pink", "id": "pick:89"},
    ]
    assert b0["seats"][0]["hand"]["count"] == 6 and not b0["seats"][0]["hand"]["before_pick"]


def test_an_unseen_hand_with_a_secret_pick_is_a_count() -> None:
    b = board_of("ohanami", GAME.view(_played("pick 21,35", players=3), 1))
    assert b["seats"][0]["hand"] == {"known": False, "count": 8, "cards": [], "before_pick": True}
    assert b["seats"][0]["pick"] == {"hidden": True, "count": 2, "cards": []}
    assert b["seats"][2]["hand"] == {"known": False, "count": 10, "cards": [], "before_pick": False}
    assert (b["deck"], b["undealt"]) == (60, 30)


def test_placement_targets_and_labels() -> None:
    s = _played("pick 21,35", "pick 27,120", "place 35 new")
    v = GAME.view(s, 0)
    b = board_of("ohanami", v)
    assert (
        b["status"] == "Round 1 of 3, turn 1 of 5, hands pass left: player 0 (you) places a picked card (1 to place)."
    )
    assert b["seats"][1]["pick"]["cards"] == [{"n": 27, "colour": "green"}, {"n": 120, "colour": "green"}]
    assert [d["id"] for d in b["destinations"]] == ["dest:top1", "dest:bottom1", "dest:new", "dest:discard"]
    assert b["destinations"][2] == {"id": "dest:new", "spot": "new", "column": "2"}
    assert legal_of("ohanami", v) == [
        {
            "move": "place 21 bottom1",
            "label": "21 (grey) at the bottom of column 1",
            "targets": ["pick:21", "dest:bottom1"],
        },
        {"move": "place 21 discard", "label": "discard 21 (grey)", "targets": ["pick:21", "dest:discard"]},
        {"move": "place 21 new", "label": "21 (grey) as a new column", "targets": ["pick:21", "dest:new"]},
    ]
    assert ob.move_label(v, 0, "place 40 top3") == "40 (blue) on top of column 3"


def test_pick_targets_and_labels() -> None:
    v = GAME.view(GAME.new(None, 3), 0)
    entries = {e["move"]: e for e in legal_of("ohanami", v)}
    assert len(entries) == 45
    assert entries["pick 21,108"] == {
        "move": "pick 21,108",
        "label": "pick 21 (grey) and 108 (green)",
        "targets": ["hand:21", "hand:108"],
        "unordered": True,  # the page takes the two cards in either order
    }


def test_scores_and_the_end_of_the_game() -> None:
    rng = random.Random(4)
    s = GAME.new({"players": 3}, 3)
    while not s.is_terminal():
        s.apply(s.greedy_move() if rng.random() < 0.9 else rng.choice(s.legal_moves()))
    b = board_of("ohanami", GAME.view(s, 2))
    scores = [s.score(p) for p in range(3)]
    best = max(scores)
    assert [seat["score"] for seat in b["seats"]] == scores
    assert (b["phase"], b["to_move"], b["destinations"]) == ("over", None, [])
    assert b["winners"] == [p for p in range(3) if scores[p] == best]
    for p, seat in enumerate(b["seats"]):
        assert seat["round_points"] == s.round_points_now(p)
        assert sum(c["points"] for c in seat["colours"].values()) == seat["round_points"]
        assert [[c["n"] for c in col] for col in seat["columns"]] == s.columns(p)
    assert b["status"].startswith("Game over: ")
    assert b["scoring"]["scored"] == "the round just scored"


FINAL_VIEW = (  # the end of a 3-player game (seeded random play), seen by player 0
    "view=0 players=3 round=3 turn=5 phase=end move=0 scores={} hand0=- hand1=- hand2=- pick0=- pick1=- pick2=-"
    " garden0=11.13.20.22.44.84.90.96.99.103.105/4.9.95.118.119/23.31.46.54.56.79.109"
    " garden1=1.2.18.24.30.42.66.67.68.81/14.21.29.63.70.74.78.82.104.108.120/3.25.36.61.65"
    " garden2=5.7.8.19.33.76.89.93.102/32.47.49.52.86.106.114.117/10.15.37.98.107.111.112.115"
    " discard0=27,38,53,57,64,100,101 discard1=16,26,40,62 discard2=48,55,69,88,94 deck=?0"
)


@pytest.mark.parametrize(
    ("scores", "winners", "status"),
    [
        ("146,156,155", [1], "Game over: player 1 wins with 156 points to 155, 146."),
        ("61,61,44", [0, 1], "Game over: player 0 and player 1 share the victory with 61 points to 44."),
        ("70,70,70", [0, 1, 2], "Game over: player 0, player 1 and player 2 share the victory with 70 points."),
    ],
)
def test_a_win_and_a_shared_victory(scores: str, winners: list[int], status: str) -> None:
    b = board_of("ohanami", GAME.view(FINAL_VIEW.format(scores)))
    assert (b["winners"], b["status"], b["phase"], b["to_move"]) == (winners, status, "over", None)
    assert b["targets"] == []
    pinks = b["seats"][0]["colours"]["pink"]
    assert pinks == {"cards": 8, "points": 36}  # 8 pink cards in round 3: the 8th step of the table


def test_bad_input_is_a_value_error() -> None:
    v = GAME.view(GAME.new(None, 3), 0)
    with pytest.raises(ob.OhanamiBoardError, match="expected 'pick A,B' or 'place N top1\\|bottom1\\|new\\|discard'"):
        ob.move_targets(v, 0, "place 4 middle")
    with pytest.raises(ValueError, match="expected an Ohanami information state"):
        ob.board(GAME.new(None, 3))  # a full state would show every hand


def _allowed(state: Any, seat: int) -> set[int]:
    """The cards `seat` may see in the full state: its hand and pick, every garden and discard pile, the picks once
    revealed, and the hands (with a secret pick: the hand before it) that passed through its hands this round."""
    cards = set(state.hand(seat)) | set(state.picked(seat))
    for q in range(state.num_players):
        cards |= set(state.garden(q)) | set(state.discards(q))
        if state.phase == "place":
            cards |= set(state.picked(q))
        if q != seat and state.knows_hand(seat, q):
            cards |= set(state.hand(q)) | set(state.picked(q))
    return cards


def test_random_games_show_nothing_hidden() -> None:
    agent = RandomAgent()
    boards = 0
    for game in range(30):
        players = 2 + game % 3
        rng = random.Random(game)
        state = GAME.new({"players": players}, game)
        while True:
            for seat in range(players):
                view = observation(GAME, state, seat, agent)
                b = board_of("ohanami", view)
                boards += 1
                json.dumps(b)
                shown = _cards(b)
                assert set(shown) <= _allowed(state, seat)
                assert not set(shown) & set(state.deck)
                assert b["deck"] == len(state.deck)
                for q, s in enumerate(b["seats"]):
                    assert s["hand"]["count"] == len(state.hand(q))
                    assert [[c["n"] for c in col] for col in s["columns"]] == state.columns(q)
                    if q != seat and state.phase == "pick":
                        assert s["pick"]["cards"] == [] and s["pick"]["hidden"] == bool(state.picked(q))
                if state.is_terminal() or seat != state.to_move():
                    continue
                entries = legal_of("ohanami", view)
                assert len(entries) == len(state.legal_moves())
                assert len({(tuple(e["targets"]), e["label"]) for e in entries}) == len(entries)
                for e in entries:
                    assert set(e["targets"]) <= set(b["targets"])
                    assert len(e["targets"]) == 2
            if state.is_terminal():
                assert b["phase"] == "over"
                break
            state.apply(agent.choose(observation(GAME, state, state.to_move(), agent), rng))
    assert boards > 10_000
