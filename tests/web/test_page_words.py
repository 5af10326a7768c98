"""What the game page and the lobby say in words: the rules (the mode and what differs from its standard), the
seats' names (never an index, never twice), the lobby's data."""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.requests import Request
from starlette.routing import Route

from solver.games import GAMES, get_game
from solver.rating.pools import MODES
from solver.web.lobby import LOBBY_LEVEL, LOBBY_ROUTES, catalog, lobby_data, mode_levels, players_text
from solver.web.rule_words import rules_in_words
from solver.web.seat_names import engine_detail, result_words, seat_names


def test_a_rated_mode_is_said_by_its_name_with_nothing_changed() -> None:
    assert rules_in_words("sensei", {"version": "arashi"}) == {
        "mode": "Arashi", "rated_mode": "arashi", "changes": [],
        "all": ["Arashi: stones slide any distance", "no pits", "only the opponent's stones block the character",
                "a draw after 200 completed turns", "a draw when a position comes back for the third time"],
    }  # fmt: skip
    assert rules_in_words("connect4", {}) == {"mode": "standard rules", "rated_mode": "standard", "changes": [],
                                              "all": []}  # fmt: skip


def test_changed_rules_are_said_against_the_nearest_mode() -> None:
    words = rules_in_words("sensei", {"version": "shizukana", "max_turns": 12, "pits": "c3 e3"})
    assert words["mode"] == "Shizukana" and words["rated_mode"] is None
    assert words["changes"] == ["pits on c3 e3", "a draw after 12 completed turns"]
    assert rules_in_words("sensei", {"pits": "default"})["changes"] == ["the expert board: pits on c3 e3 c5 e5"]
    koikoi = rules_in_words("koikoi", {"preset": "nintendo", "rounds": 2, "sake_viewing": True})
    assert (koikoi["mode"], koikoi["changes"]) == (
        "Nintendo's rules",
        ["flower- and moon-viewing with the Sake cup, 5 points each", "a match of 2 deals"],
    )
    honshu = rules_in_words("honshu", {"players": 3, "hand_passing": "official"})
    assert (honshu["mode"], honshu["rated_mode"], honshu["changes"]) == (
        "3 players",
        None,
        ["hands passed left after round 3 and right after round 9"],
    )
    assert rules_in_words("haniwa", {"players": 1})["mode"] == "solo"
    assert rules_in_words("haniwa", {"players": 4, "rounds": 2})["changes"] == [
        "two games, scores added, the VIP Gozoku doubled in the second"
    ]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_rule_is_said_as_key_and_value(game: str) -> None:
    info = get_game(game)
    for rules in [{}, *(m.rules for m in MODES.get(game, {}).values())]:
        words = rules_in_words(info, rules)
        for text in [words["mode"], *words["all"]]:
            assert "=" not in text and "_" not in text, text
        assert len(words["all"]) == len(info.options)


def engine(level: int, rating: int, low: int, high: int, model: str = "ismcts-16") -> dict[str, Any]:
    return {"kind": "ai", "name": f"level {level} ({model})", "rated": True, "rating": rating, "low": low,
            "high": high}  # fmt: skip


def human(name: str, player: str | None = None) -> dict[str, Any]:
    return {"kind": "human", "name": name, **({"player": player} if player else {})}


def test_seats_are_named_never_by_index_and_never_twice() -> None:
    koikoi = get_game("koikoi")
    names = seat_names(koikoi, [human("player 0"), engine(3, 228, 206, 250)], 0)
    assert names == [{"label": "you", "title": "you"},
                     {"label": "the engine", "title": "the engine, level 3 (rating 228, 95%: 206 to 250)"}]  # fmt: skip
    assert seat_names(koikoi, [human("Ann", "Ann"), human("player 1")], 0) == [
        {"label": "you", "title": "Ann (you)"},
        {"label": "the other person", "title": "the other person"},
    ]
    assert seat_names(koikoi, [human("Ann", "Ann"), human("player 1")], 1) == [
        {"label": "Ann", "title": "Ann"},
        {"label": "you", "title": "you"},
    ]
    honshu = get_game("honshu")
    seats = [human("player 0"), engine(1, 0, 0, 0, "ismcts-1"), engine(1, 0, 0, 0, "ismcts-1"), human("player 3")]
    labels = [n["label"] for n in seat_names(honshu, seats, 0)]
    assert labels == ["you", "engine A", "engine B", "the other person"]
    connect4 = get_game("connect4")
    assert [n["title"] for n in seat_names(connect4, [human("X"), human("O")], 1)] == [
        "the other person, playing X",
        "you, playing O",
    ]
    for viewer in (None, 0, 1, 2, 3):
        labels = [n["label"] for n in seat_names(honshu, seats, viewer)]
        assert len(set(labels)) == len(labels) and not any("player" in x for x in labels)


def test_the_anchor_level_is_said_to_be_the_anchor() -> None:
    assert engine_detail(engine(1, 0, 0, 0)) == "level 1 (rating 0: the rating scale's anchor, rated 0 by definition)"
    full = {"kind": "ai", "name": "level 8 (ismcts-1048576, full strength)", "rated": False,
            "note": "full strength: not rated yet"}  # fmt: skip
    assert engine_detail(full) == "level 8, full strength (not rated yet)"
    clock = {"kind": "ai", "name": "full strength by the clock (1 s a move)", "rated": False,
             "note": "full strength by the clock: not rated"}  # fmt: skip
    assert engine_detail(clock) == "full strength by the clock (1 s a move), not rated"


def test_the_result_is_said_in_the_viewers_names() -> None:
    rec = SimpleNamespace(scores=[1.0, -1.0], winners=[0])
    assert result_words(rec, ["you", "the engine"], None, False) == "you won (you 1, the engine -1)"
    assert result_words(rec, ["the engine", "you"], 1, True) == "you resigned: the game ended unfinished"


def test_the_lobby_data_holds_every_game_its_modes_and_levels() -> None:
    data = lobby_data()
    assert data["default_level"] == LOBBY_LEVEL == 3
    games = {g["name"]: g for g in data["games"]}
    assert sorted(games) == sorted(GAMES) and [g["name"] for g in catalog()] == [g["name"] for g in data["games"]]
    assert {n: g["players_text"] for n, g in games.items()} == {
        "connect4": "2 players", "haniwa": "1, 2 or 4 players", "honshu": "2 to 5 players", "koikoi": "2 players",
        "ohanami": "2 to 4 players", "sensei": "2 players",
    }  # fmt: skip
    for g in games.values():
        assert g["description"].endswith(".") and len(g["description"]) < 200
        for m in g["modes"]:
            assert m["title"] and [lv["level"] for lv in m["levels"]] == (list(range(1, 9)) if m["rated"] else [])
            assert (m["unrated_reason"] is None) == m["rated"]
    assert all(m["rated"] for g in games.values() for m in g["modes"])  # every rated mode has its ladder
    four = games["ohanami"]["modes"][1]
    assert four["title"] == "4 players" and [lv["rating"] for lv in four["levels"]][-2:] == [2549, None]
    assert players_text([3]) == "3 players" and players_text([1]) == "1 player"
    assert games["connect4"]["sides"] == ["X", "O"] and games["sensei"]["sides"] == ["South", "North"]
    assert len(games["honshu"]["sides"]) == 5


def test_a_mode_without_its_ladder_says_why(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.setattr("solver.rating.ladders.shipped_path", lambda game, mode: tmp_path / f"{game}-{mode}.json")
    assert mode_levels("ohanami", "4p") == {
        "levels": [],
        "unrated_reason": "ohanami (4p): no rating ladder is shipped yet (make one with: kofun ladder ohanami --rule "
        "players=4)",
    }


def test_the_lobby_routes_give_the_same_data_as_json_and_as_a_script() -> None:
    routes = {r.path: r.endpoint for r in LOBBY_ROUTES if isinstance(r, Route)}
    assert sorted(routes) == ["/api/lobby", "/api/lobby.js"]
    expected = json.loads(json.dumps(lobby_data()))
    request = Request({"type": "http", "method": "GET", "path": "/api/lobby", "headers": []})
    answer = asyncio.run(routes["/api/lobby"](request))
    assert answer.status_code == 200 and json.loads(bytes(answer.body)) == expected
    script = asyncio.run(routes["/api/lobby.js"](request))
    text = bytes(script.body).decode()
    assert script.status_code == 200 and script.media_type == "text/javascript"
    assert text.startswith("window.KOFUN_LOBBY = ") and text.endswith(";\n")
    assert json.loads(text.removeprefix("window.KOFUN_LOBBY = ").removesuffix(";\n")) == expected
