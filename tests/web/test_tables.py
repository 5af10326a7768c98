"""Tables through the protocol's one handler (the Hub, in process): seats and tokens, moves, the engine's replies,
take-backs, resignations, records, and a restart that finds every game where it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import solver
from solver import GameRecord, Match, RandomAgent
from solver.games import get_game
from solver.web.boards import board_of
from solver.web.tables import agent_from_record

from .driver import HubDriver, my_turn_or_over


@pytest.fixture
def hub() -> Any:
    d = HubDriver()
    yield d
    d.close()


def start(hub: HubDriver, game: str, seats: list[dict[str, Any]], seed: int = 7, **rules: Any) -> tuple[Any, str, dict]:
    c = hub.client()
    created = hub.ask(c, type="create", game=game, rules=rules, seats=seats, seed=seed)
    assert created["type"] == "created", created
    return c, created["table"], created["tokens"]


def test_a_game_against_the_engine_is_played_written_and_given_back_as_its_record(hub: HubDriver) -> None:
    c, table, tokens = start(hub, "connect4", [{"kind": "human"}, {"kind": "ai", "level": 2}])
    assert list(tokens) == ["0"] and len(tokens["0"]) >= 20
    joined = hub.ask(c, type="join", table=table, token=tokens["0"])
    assert joined == {"type": "joined", "id": joined["id"], "table": table, "seat": 0}
    state = hub.wait(c, my_turn_or_over)
    assert state["your_turn"] and state["to_move"] == 0 and state["status"] == "playing"
    assert sorted(m["move"] for m in state["legal"]) == [str(c) for c in range(1, 8)]
    assert state["seats"][1] == {"seat": 1, "kind": "ai", "name": "level 2 (alphabeta-29)", "rated": True,
                                 "rating": 795, "low": 775, "high": 817, "label": "the engine",
                                 "title": "the engine, level 2 (rating 795, 95%: 775 to 817), playing O"}  # fmt: skip
    assert state["seats"][0]["label"] == "you" and state["seats"][0]["title"] == "you, playing X"
    assert state["rules_words"] == {"mode": "standard rules", "rated_mode": "standard", "changes": [], "all": []}
    mine = ["4", "4", "4", "3", "5", "6", "2", "1", "7", "1", "2", "3", "5", "6", "7", "1", "2", "3"]
    while state["status"] == "playing":
        legal = {m["move"] for m in state["legal"]}
        move = next(m for m in mine if m in legal)
        assert hub.ask(c, type="move", table=table, token=tokens["0"], move=move)["type"] == "moved"
        state = hub.wait(c, my_turn_or_over)
    record = GameRecord.from_dict(hub.ask(c, type="record", table=table)["record"])
    assert record.finished and record.game == "connect4" and record.seed == 7
    assert state["result"]["scores"] == record.scores and state["result"]["winners"] == record.winners
    scores = f"you {record.scores[0]:g}, the engine {record.scores[1]:g}"
    said = {(): f"draw ({scores})", (0,): f"you won ({scores})", (1,): f"the engine won ({scores})"}
    assert state["result"]["words"] == said[tuple(record.winners)]
    level = "level 2 (alphabeta-29)"
    text = {(): "draw", (0,): "X won", (1,): f"{level} won"}[tuple(record.winners)]
    assert state["result"]["text"] == f"{text} (X {record.scores[0]:g}, {level} {record.scores[1]:g})"
    assert state["revealed"] == []  # nothing was hidden
    # the record replays: the same engine agent, the same seed, the person's moves → the same game
    agents = [agent_from_record(get_game("connect4"), {}, a) for a in record.agents]
    human = [m for i, m in enumerate(record.moves) if i % 2 == 0]
    again = Match("connect4", [_Replay(human), agents[1]], seed=7).play()
    assert again.moves == record.moves and again.scores == record.scores


class _Replay:
    name = "replay"
    sees_everything = False

    def __init__(self, moves: list[str]) -> None:
        self.moves = list(moves)

    def choose(self, view: Any, rng: Any) -> int:
        return int(view.parse_move(self.moves.pop(0)))

    def settings(self) -> dict[str, Any]:
        return {"kind": "human"}


def test_seats_answer_only_to_their_own_token(hub: HubDriver) -> None:
    c, table, tokens = start(hub, "connect4", [{"kind": "human"}, {"kind": "human"}])
    _, _, other_tokens = start(hub, "connect4", [{"kind": "human"}, {"kind": "human"}])
    hub.ask(c, type="join", table=table, token=tokens["0"])
    wrong = hub.ask(c, type="move", table=table, token="x" * 24, move="4")
    assert wrong["type"] == "error" and wrong["message"] == "token: not a seat of this table"
    foreign = hub.ask(c, type="move", table=table, token=other_tokens["0"], move="4")
    assert foreign["message"] == "token: not a seat of this table"
    not_yours = hub.ask(c, type="move", table=table, token=tokens["1"], move="4")
    assert not_yours["message"] == "move: it is not your turn (X to move)"
    illegal = hub.ask(c, type="move", table=table, token=tokens["0"], move="9")
    assert illegal["message"] == "connect4 move: expected one column digit 1-7, got '9'"
    assert hub.ask(c, type="move", table=table, token=tokens["0"], move="4")["type"] == "moved"
    no_undo = hub.ask(c, type="takeback", table=table, token=tokens["1"])
    assert no_undo["message"] == "takeback: only against the engine (another person sits at this table)"
    assert hub.hub.errors == 0


def test_take_back_returns_to_the_persons_last_decision_and_the_engine_replies_the_same(hub: HubDriver) -> None:
    c, table, tokens = start(hub, "connect4", [{"kind": "human"}, {"kind": "ai", "level": 3}], seed=11)
    hub.ask(c, type="join", table=table, token=tokens["0"])
    hub.wait(c, my_turn_or_over)
    hub.ask(c, type="move", table=table, token=tokens["0"], move="4")
    first = hub.wait(c, my_turn_or_over)
    assert first["last"][0] == "4" and len(first["last"]) == 2
    assert hub.ask(c, type="takeback", table=table, token=tokens["0"])["type"] == "taken_back"
    back = hub.wait(c, lambda m: m["type"] == "state" and m["last"] == [])
    assert back["your_turn"]
    hub.ask(c, type="move", table=table, token=tokens["0"], move="4")
    again = hub.wait(c, my_turn_or_over)
    assert again["last"] == first["last"]  # the same decision seed: the same reply
    nothing = hub.ask(c, type="resign", table=table, token=tokens["0"])
    assert nothing["type"] == "resigned"
    over = hub.wait(c, lambda m: m["type"] == "state" and m["status"] != "playing")
    assert over["status"] == "abandoned" and over["result"]["text"] == "X resigned: the game ended unfinished"
    assert over["result"]["words"] == "you resigned: the game ended unfinished"
    assert hub.ask(c, type="move", table=table, token=tokens["0"], move="3")["message"] == "move: the game is over"


def test_a_running_hidden_information_game_keeps_its_record_until_the_end(hub: HubDriver) -> None:
    c, table, _ = start(hub, "koikoi", [{"kind": "human"}, {"kind": "human"}])
    refused = hub.ask(c, type="record", table=table)
    assert refused["message"] == "record: a running game's record shows every hidden card; it is given at the end"


def test_a_server_started_again_finds_every_game_where_it_was(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = HubDriver(db)
    c = first.client()
    created = first.ask(c, type="create", game="connect4", seats=[{"kind": "human"}, {"kind": "ai", "level": 4}],
                        seed=3)  # fmt: skip
    table, token = created["table"], created["tokens"]["0"]
    first.ask(c, type="join", table=table, token=token)
    first.wait(c, my_turn_or_over)
    for move in ("4", "3"):
        first.ask(c, type="move", table=table, token=token, move=move)
        state = first.wait(c, my_turn_or_over)
    first.close()
    second = HubDriver(db)
    c2 = second.client()
    second.ask(c2, type="join", table=table, token=token)
    resumed = second.wait(c2, my_turn_or_over)
    assert resumed["last"] == state["last"] and resumed["legal"] == state["legal"]
    listed = second.ask(c2, type="list", tokens=[token])
    assert [t["table"] for t in listed["tables"]] == [table] and listed["tables"][0]["status"] == "playing"
    second.close()


def test_a_record_uploaded_goes_on_where_it_stopped(hub: HubDriver) -> None:
    c, table, tokens = start(hub, "connect4", [{"kind": "human"}, {"kind": "ai", "level": 2}], seed=5)
    hub.ask(c, type="join", table=table, token=tokens["0"])
    hub.wait(c, my_turn_or_over)
    hub.ask(c, type="move", table=table, token=tokens["0"], move="4")
    state = hub.wait(c, my_turn_or_over)
    record = hub.ask(c, type="record", table=table)["record"]
    assert record["finished"] is False and record["deals"][0]["moves"] == state["last"]
    up = hub.ask(c, type="upload", record=json.loads(json.dumps(record)))
    assert up["type"] == "created" and list(up["tokens"]) == ["0"]
    hub.ask(c, type="join", table=up["table"], token=up["tokens"]["0"])
    again = hub.wait(c, lambda m: my_turn_or_over(m) and m["table"] == up["table"])
    assert again["last"] == state["last"] and again["your_turn"]
    bad = hub.ask(c, type="upload", record={"game": "connect4"})
    assert bad["type"] == "error" and bad["message"].startswith("game record: malformed")


def test_a_solo_game_ends_with_its_score(hub: HubDriver) -> None:
    c, table, tokens = start(hub, "haniwa", [{"kind": "human"}], seed=4, players=1)
    hub.ask(c, type="join", table=table, token=tokens["0"])
    state = hub.wait(c, my_turn_or_over)
    while state["status"] == "playing":
        hub.ask(c, type="move", table=table, token=tokens["0"], move=state["legal"][0]["move"])
        state = hub.wait(c, my_turn_or_over)
    record = GameRecord.from_dict(hub.ask(c, type="record", table=table)["record"])
    assert state["result"] == {"winners": [], "scores": record.scores, "text": f"player 0 scored {record.scores[0]:g}",
                               "words": f"you scored {record.scores[0]:g}"}  # fmt: skip
    replay = get_game("haniwa").parse(record.start)
    for move in record.moves:
        replay.play(move)
    assert replay.is_terminal() and replay.to_string() == record.final and [replay.returns(0)] == record.scores


def test_a_finished_game_is_shown_and_given_back_after_a_restart_and_an_upload(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = HubDriver(db)
    c = first.client()
    created = first.ask(c, type="create", game="connect4", seats=[{"kind": "human"}, {"kind": "ai", "level": 2}],
                        seed=9)  # fmt: skip
    table, token = created["table"], created["tokens"]["0"]
    first.ask(c, type="join", table=table, token=token)
    state = first.wait(c, my_turn_or_over)
    while state["status"] == "playing":
        first.ask(c, type="move", table=table, token=token, move=state["legal"][0]["move"])
        state = first.wait(c, my_turn_or_over)
    record = first.ask(c, type="record", table=table)["record"]
    first.close()
    second = HubDriver(db)
    c2 = second.client()
    second.ask(c2, type="join", table=table, token=token)
    shown = second.wait(c2, lambda m: m["type"] == "state")
    assert shown["status"] == "finished" and shown["result"] == state["result"] and shown["board"] == state["board"]
    assert shown["legal"] == [] and second.ask(c2, type="record", table=table)["record"] == record
    up = second.ask(c2, type="upload", record=record)
    second.ask(c2, type="join", table=up["table"], token=up["tokens"]["0"])
    again = second.wait(c2, lambda m: m["type"] == "state" and m["table"] == up["table"])
    assert again["status"] == "finished" and again["board"] == state["board"]
    assert second.ask(c2, type="record", table=up["table"])["record"] == record
    second.close()


def test_a_finished_game_between_engines_is_uploaded_to_be_looked_at(hub: HubDriver) -> None:
    record = solver.play_match("connect4", [RandomAgent(), RandomAgent()], seed=2)
    c = hub.client()
    up = hub.ask(c, type="upload", record=record.to_dict())
    assert list(up["tokens"]) == ["0"]
    hub.ask(c, type="join", table=up["table"], token=up["tokens"]["0"])
    shown = hub.wait(c, lambda m: m["type"] == "state")
    assert shown["status"] == "finished" and shown["legal"] == [] and shown["last"] == record.moves
    assert hub.ask(c, type="move", table=up["table"], token=up["tokens"]["0"], move="1")["message"] == (
        "move: the game is over"
    )


def test_the_lobby_offers_eight_levels_the_last_one_full_strength(hub: HubDriver) -> None:
    c = hub.client()
    levels = hub.ask(c, type="levels", game="connect4")["levels"]
    assert [lv["level"] for lv in levels] == list(range(1, 9))
    assert levels[0] == {"level": 1, "name": "alphabeta-16", "budget": 16, "full": False, "rated": True,
                         "rating": 649, "low": 630, "high": 671}  # fmt: skip
    assert levels[6]["name"] == "alphabeta-1794550" and levels[6]["rating"] == 1525  # evenly spaced in rating
    assert levels[7] == {"level": 8, "name": "alphabeta-16777216", "budget": 16777216, "full": True, "rated": True,
                         "rating": 1671, "low": 1624, "high": 1722}  # fmt: skip
    ratings = [lv["rating"] for lv in levels]
    assert ratings == sorted(ratings)
    _, table, _ = start(hub, "connect4", [{"kind": "human"}, {"kind": "ai", "level": 8}])
    shown = hub.ask(c, type="list", tokens=None)
    entry = next(t for t in shown["tables"] if t["table"] == table)
    assert entry["seats"][1]["name"] == "level 8 (alphabeta-16777216, full strength)"
    assert entry["seats"][1]["rated"] is True and entry["seats"][1]["rating"] == 1671
    sensei = hub.ask(c, type="levels", game="sensei")["levels"]  # a mode whose full strength is not rated yet
    assert sensei[7]["full"] is True and sensei[7]["rated"] is False and sensei[7]["rating"] is None
    _, table, _ = start(hub, "sensei", [{"kind": "human"}, {"kind": "ai", "level": 8}])
    entry = next(t for t in hub.ask(c, type="list", tokens=None)["tables"] if t["table"] == table)
    assert entry["seats"][1]["rated"] is False and entry["seats"][1]["note"] == "full strength: not rated yet"


def test_a_record_naming_a_level_of_the_old_scale_replays_with_its_own_agent() -> None:
    # before levels 1-8, the web's level 3 of Connect Four was alphabeta-64; a record names its agent by settings
    old = {"name": "level 3 (alphabeta-64)", "kind": "search", "algo": "alphabeta", "nodes": 64, "threads": 1,
           "seed": 7, "hash_mb": 1}  # fmt: skip
    agent = agent_from_record(get_game("connect4"), {}, old)
    assert agent.name == "level 3 (alphabeta-64)" and agent.settings()["nodes"] == 64
    again = Match("connect4", [agent, agent_from_record(get_game("connect4"), {}, old)], seed=7).play()
    assert again.moves == Match("connect4", [agent, agent], seed=7).play().moves


def test_a_resigned_hidden_information_game_shows_what_the_engine_held(hub: HubDriver) -> None:
    c, table, tokens = start(hub, "koikoi", [{"kind": "human"}, {"kind": "ai", "level": 1}], seed=4)
    hub.ask(c, type="join", table=table, token=tokens["0"])
    playing = hub.wait(c, my_turn_or_over)
    assert playing["status"] == "playing" and playing["revealed"] == []  # the engine's hand stays its own
    hub.ask(c, type="resign", table=table, token=tokens["0"])
    over = hub.wait(c, lambda m: m["type"] == "state" and m["status"] != "playing")
    info, final = get_game("koikoi"), hub.hub.tables[table].state
    assert over["status"] == "abandoned" and over["result"]["words"] == "you resigned: the game ended unfinished"
    assert over["revealed"] == [{"seat": 1, "board": json.loads(json.dumps(board_of(info, info.observe(final, 1))))}]
    hand = {card["card"] for card in over["revealed"][0]["board"]["hand"]}
    assert hand and hand == set(final.to_string().split("hand1=")[1].split()[0].split(","))  # its whole hand
