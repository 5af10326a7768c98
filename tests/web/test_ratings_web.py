"""The players' own ratings through the protocol's handler (the Hub in process): a named seat's finished game
updates its profile by exactly what Glicko-2 computes, two people are rated against each other, and unrated games
(custom rules, a take-back, an engine by the clock) say why and change nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from solver.rating.glicko2 import Game, Glicko, update
from solver.rating.profiles import INITIAL_RD, initial_rating, rd_of_interval

from .driver import HubDriver, my_turn_or_over, play_out

START = initial_rating("connect4", {})


@pytest.fixture
def hub(tmp_path: Path) -> Any:
    d = HubDriver(tmp_path / "games.sqlite3")
    yield d
    d.close()


def create(hub: HubDriver, seats: list[dict[str, Any]], game: str = "connect4", **rules: Any) -> tuple[Any, str, dict]:
    c = hub.client()
    created = hub.ask(c, type="create", game=game, rules=rules, seats=seats, seed=3)
    assert created["type"] == "created", created
    return c, created["table"], created["tokens"]


def against_level_one(hub: HubDriver, player: str = "Ann") -> tuple[Any, str, str, dict[str, Any]]:
    c, table, tokens = create(hub, [{"kind": "human", "player": player}, {"kind": "ai", "level": 1}])
    hub.ask(c, type="join", table=table, token=tokens["0"])
    first = hub.wait(c, my_turn_or_over)
    return c, table, tokens["0"], first


def test_the_lobby_is_told_a_players_rating_in_the_mode(hub: HubDriver) -> None:
    c = hub.client()
    new = hub.ask(c, type="profile", name="Ann", game="connect4")
    assert new == {"type": "profile", "id": new["id"], "name": "Ann", "game": "connect4", "rules": {}, "known": False,
                   "mode": "standard", "rating": None, "initial": {"rating": START, "rd": INITIAL_RD},
                   "unrated_reason": None}  # fmt: skip
    custom = hub.ask(c, type="profile", name="Ann", game="sensei", rules={"max_turns": 12})
    assert custom["mode"] is None and custom["rating"] is None
    assert custom["unrated_reason"].startswith("sensei: these rules are not a rated mode")
    bad = hub.ask(c, type="profile", name=" " * 3, game="connect4")
    assert bad == {"type": "error", "id": bad["id"], "message": "player name: 1 to 40 characters, got an empty name"}
    long = hub.ask(c, type="create", game="connect4", seats=[{"kind": "human", "player": "y" * 41}, {"kind": "human"}])
    assert long["message"] == "player name: 1 to 40 characters, got 41"


def test_a_finished_game_against_a_level_updates_the_rating_by_glicko2(hub: HubDriver) -> None:
    c, table, token, first = against_level_one(hub)
    assert first["seats"][0] == {"seat": 0, "kind": "human", "name": "Ann", "player": "Ann", "label": "you",
                                 "title": "Ann (you), playing X"}  # fmt: skip
    assert first["rating"] is None  # nothing to say while the game goes on
    ai = first["seats"][1]
    last = play_out(lambda **r: hub.ask(c, **r), lambda done: hub.wait(c, done), table, token, first, seed=1)
    assert last["status"] == "finished"
    score = 1.0 if last["result"]["winners"] == [0] else 0.0 if last["result"]["winners"] == [1] else 0.5
    rd = rd_of_interval(ai["low"], ai["high"])
    want = update(Glicko(START, INITIAL_RD, 0.06), [Game(ai["rating"], rd, score)], max_rd=INITIAL_RD)
    now = hub.store.standing("Ann", "connect4", "standard")
    assert now is not None and now.games == 1
    assert (now.rating, now.rd, now.volatility) == (want.rating, want.rd, want.volatility)
    shown = last["rating"]
    assert shown["rated"] and shown["player"] == "Ann" and shown["mode"] == "standard" and shown["games"] == 1
    assert shown["rating"] == round(want.rating, 2) and shown["rd"] == round(want.rd, 2)
    assert shown["change"] == round(want.rating - START, 2) and shown["before"] == START
    assert shown["opponents"] == [{"seat": 1, "name": ai["name"], "rating": ai["rating"], "rd": round(rd, 2),
                                   "score": score}]  # fmt: skip
    assert hub.ask(c, type="profile", name="Ann", game="connect4")["rating"]["rating"] == round(want.rating, 2)
    # the game is rated once: a server started again on the same file finds it rated and leaves it
    again = HubDriver(hub.store.path)
    try:
        c2 = again.client()
        again.ask(c2, type="join", table=table, token=token)
        assert again.last_state(c2)["rating"] == shown
        assert len(again.store.profile_games("name=?", ("Ann",))) == 1
    finally:
        again.close()


def test_two_people_are_rated_against_each_other(hub: HubDriver) -> None:
    c0, table, tokens = create(hub, [{"kind": "human", "player": "Ann"}, {"kind": "human"}])
    c1 = hub.client()
    refused = hub.ask(c1, type="join", table=table, token=tokens["1"], player="Ann")
    assert refused["message"] == "player: Ann cannot sit at two seats of one table"
    assert hub.ask(c1, type="join", table=table, token=tokens["1"], player="Bob")["type"] == "joined"
    assert hub.ask(c1, type="join", table=table, token=tokens["1"], player="Bob")["type"] == "joined"  # again: fine
    taken = hub.ask(c1, type="join", table=table, token=tokens["1"], player="Cy")
    assert taken["message"] == "join: this seat is played by Bob"
    hub.ask(c0, type="join", table=table, token=tokens["0"])
    assert [s["name"] for s in hub.last_state(c0)["seats"]] == ["Ann", "Bob"]
    assert [s["title"] for s in hub.last_state(c0)["seats"]] == ["Ann (you), playing X", "Bob, playing O"]
    for ply, move in enumerate("1212121"):
        who, token = (c0, tokens["0"]) if ply % 2 == 0 else (c1, tokens["1"])
        assert hub.ask(who, type="move", table=table, token=token, move=move)["type"] == "moved"
    ann, bob = hub.last_state(c0)["rating"], hub.last_state(c1)["rating"]
    start = Glicko(START, INITIAL_RD, 0.06)
    want_ann = update(start, [Game(START, INITIAL_RD, 1.0)], max_rd=INITIAL_RD)
    want_bob = update(start, [Game(START, INITIAL_RD, 0.0)], max_rd=INITIAL_RD)
    for name, shown, want in (("Ann", ann, want_ann), ("Bob", bob, want_bob)):
        now = hub.store.standing(name, "connect4", "standard")
        assert now is not None and (now.rating, now.rd, now.volatility) == (want.rating, want.rd, want.volatility)
        assert shown["rating"] == round(want.rating, 2) and shown["rated"]
    assert ann["opponents"][0]["name"] == "Bob" and ann["change"] == -bob["change"]  # equal starts: symmetric


def test_resigning_is_a_loss(hub: HubDriver) -> None:
    c, table, token, first = against_level_one(hub)
    hub.ask(c, type="move", table=table, token=token, move="4")
    hub.wait(c, my_turn_or_over)
    assert hub.ask(c, type="resign", table=table, token=token)["type"] == "resigned"
    shown = hub.last_state(c)["rating"]
    ai = first["seats"][1]
    want = update(Glicko(START, INITIAL_RD, 0.06), [Game(ai["rating"], rd_of_interval(ai["low"], ai["high"]), 0.0)],
                  max_rd=INITIAL_RD)  # fmt: skip
    assert shown["rated"] and shown["rating"] == round(want.rating, 2) and shown["opponents"][0]["score"] == 0.0


@pytest.mark.parametrize(
    ("seats", "rules", "why"),
    [
        ([{"kind": "human", "player": "Ann"}, {"kind": "ai", "time": 0.05}], {"game": "sensei", "max_turns": 4},
         "sensei: these rules are not a rated mode"),
        ([{"kind": "human", "player": "Ann"}, {"kind": "ai", "time": 0.05}], {},
         "the opponent full strength by the clock (0.05 s a move) is not rated (full strength by the clock: not "
         "rated)"),
        ([{"kind": "human", "player": "Ann"}, {"kind": "human"}], {},
         "the opponent O is a person without a player name"),
    ],
)  # fmt: skip
def test_an_unrated_game_says_why_and_changes_nothing(hub: HubDriver, seats: list[dict[str, Any]],
                                                      rules: dict[str, Any], why: str) -> None:  # fmt: skip
    c, table, tokens = create(hub, seats, **rules)
    for token in tokens.values():
        hub.ask(c, type="join", table=table, token=token)
    state = hub.wait(c, my_turn_or_over)
    while state["status"] == "playing":  # the person drops in column 1, the other seat (if a person) in 2
        seat = state["to_move"]
        move = "1" if seat == 0 and "1" in {m["move"] for m in state["legal"]} else state["legal"][0]["move"]
        hub.ask(c, type="move", table=table, token=tokens[str(seat)], move=move)
        state = hub.wait(c, my_turn_or_over)
    shown = hub.last_state(c, 0)["rating"]
    assert not shown["rated"] and shown["reason"].startswith(why) and shown["text"] == f"unrated: {shown['reason']}"
    assert hub.store.standings("Ann") == {}


def test_a_take_back_makes_the_game_unrated(hub: HubDriver) -> None:
    c, table, token, _ = against_level_one(hub)
    hub.ask(c, type="move", table=table, token=token, move="4")
    hub.wait(c, my_turn_or_over)
    assert hub.ask(c, type="takeback", table=table, token=token)["type"] == "taken_back"
    state = hub.wait(c, my_turn_or_over)
    last = play_out(lambda **r: hub.ask(c, **r), lambda done: hub.wait(c, done), table, token, state, seed=2)
    assert last["rating"] == {"player": "Ann", "game": "connect4", "mode": "standard", "rated": False,
                              "reason": "a move was taken back", "text": "unrated: a move was taken back"}  # fmt: skip
    assert hub.store.standings("Ann") == {}
    [logged] = hub.store.profile_games("name=?", ("Ann",))
    assert logged.table == table and logged.unrated == "a move was taken back" and logged.after is None


def test_a_game_continued_from_an_uploaded_record_is_unrated(hub: HubDriver) -> None:
    c, table, tokens = create(hub, [{"kind": "human"}, {"kind": "ai", "level": 1}])
    hub.ask(c, type="join", table=table, token=tokens["0"])
    hub.ask(c, type="move", table=table, token=tokens["0"], move="4")
    hub.wait(c, my_turn_or_over)
    record = hub.ask(c, type="record", table=table)["record"]
    seats = [{"kind": "human", "player": "Ann"}, {"kind": "ai", "level": 1}]
    created = hub.ask(c, type="upload", record=record, seats=seats)
    new, token = created["table"], created["tokens"]["0"]
    c2 = hub.client()  # watches the new table only
    hub.ask(c2, type="join", table=new, token=token)
    first = hub.wait(c2, my_turn_or_over)
    assert first["seats"][0]["player"] == "Ann" and first["table"] == new
    last = play_out(lambda **r: hub.ask(c2, **r), lambda done: hub.wait(c2, done), new, token, first, seed=3)
    assert last["rating"]["reason"] == "the game went on from an uploaded record"
    assert hub.store.standings("Ann") == {}
