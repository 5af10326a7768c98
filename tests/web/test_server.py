"""The real transports: `kofun serve` (uvicorn, WebSocket, HTTP records) and `kofun engine` (JSON lines) in
subprocesses on loopback. The same game through both gives the same record; a server killed with SIGKILL and
started again loses nothing."""

from __future__ import annotations

import json
import random
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from .driver import Engine, Server, Socket, my_turn_or_over, play_out

SEATS = [{"kind": "human"}, {"kind": "ai", "level": 3}]


def play_through(client: Any, game: str, seed: int, seats: list[dict[str, Any]] = SEATS) -> dict[str, Any]:
    created = client.ask(type="create", game=game, seats=seats, seed=seed)
    table, token = created["table"], created["tokens"]["0"]
    client.ask(type="join", table=table, token=token)
    first = client.wait(my_turn_or_over)
    last = play_out(client.ask, client.wait, table, token, first, seed=seed)
    assert last["status"] == "finished" and last["result"]["text"]
    return dict(client.ask(type="record", table=table)["record"])


@pytest.mark.parametrize("game", ["connect4", "koikoi"])
def test_the_same_game_through_the_websocket_and_the_engine_gives_the_same_record(tmp_path: Path, game: str) -> None:
    server = Server(tmp_path / "s.sqlite3")
    try:
        ws = Socket(server)
        by_socket = play_through(ws, game, seed=21)
        ws.close()
    finally:
        server.stop()
    engine = Engine()
    by_engine = play_through(engine, game, seed=21)
    assert engine.close() == 0
    assert by_socket == by_engine
    assert by_socket["finished"] and len(by_socket["deals"][0]["moves"]) >= 7


def test_records_are_files_of_finished_games_only(tmp_path: Path) -> None:
    server = Server(tmp_path / "s.sqlite3")
    try:
        ws = Socket(server)
        running = ws.ask(type="create", game="koikoi", seats=[{"kind": "human"}, {"kind": "human"}], seed=2)
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(f"{server.url}/record/{running['table']}.json")
        assert e.value.code == 403
        record = play_through(ws, "connect4", seed=4)
        tables = ws.ask(type="list")["tables"]
        done = next(t for t in tables if t["status"] == "finished")
        with urllib.request.urlopen(f"{server.url}/record/{done['table']}.json") as r:
            assert "attachment" in r.headers["Content-Disposition"]
            assert json.loads(r.read()) == record
        with urllib.request.urlopen(f"{server.url}/") as r:
            page = r.read().decode()
        assert '<script type="module" src="/static/app.js">' in page and "http" not in page.split("<body>")[1]
        ws.close()
    finally:
        server.stop()


def test_a_server_killed_mid_game_resumes_every_game_exactly(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    server = Server(db)
    games = ["connect4", "koikoi", "haniwa", "sensei"]
    seen: dict[str, tuple[str, dict[str, Any]]] = {}
    try:
        ws = Socket(server)
        rng = random.Random(5)
        for n, game in enumerate(games):
            created = ws.ask(type="create", game=game, seats=SEATS, seed=100 + n)
            table, token = created["table"], created["tokens"]["0"]
            ws.ask(type="join", table=table, token=token)
            state = ws.wait(lambda m, t=table: my_turn_or_over(m) and m["table"] == t)
            for _ in range(3):
                if state["status"] != "playing":
                    break
                ws.ask(type="move", table=table, token=token, move=rng.choice(state["legal"])["move"])
                state = ws.wait(lambda m, t=table: my_turn_or_over(m) and m["table"] == t)
            seen[table] = (token, state)
        server.kill()  # SIGKILL: no shutdown code runs
        server.start()
        ws2 = Socket(server)
        for table, (token, before) in seen.items():
            ws2.ask(type="join", table=table, token=token)
            after = ws2.wait(lambda m, t=table: my_turn_or_over(m) and m["table"] == t)
            for key in ("board", "legal", "last", "scores", "status", "to_move"):
                assert after[key] == before[key], (table, key)
        ws2.close()
    finally:
        server.stop()
