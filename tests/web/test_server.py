"""The real transports: `kofun serve` (uvicorn, WebSocket, HTTP records) and `kofun engine` (JSON lines) in
subprocesses on loopback. The same game through both gives the same record; a server killed with SIGKILL and
started again loses nothing; a second server (or engine) on a database in use is refused at its start; a --db in a
folder that does not exist is one error line."""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from solver.cli import main
from solver.web.protocol import MAX_MESSAGE_BYTES

from .driver import Engine, Server, Socket, free_port, kofun_command, my_turn_or_over, play_out

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


def in_use(db: Path, pid: int) -> str:
    return (
        f"error: database {db} is in use by another kofun serve or kofun engine (process {pid}, lock file "
        f"{db}.lock): stop it or give another --db\n"
    )


def refused(*args: str) -> subprocess.CompletedProcess[str]:
    """A `kofun` subprocess expected to end by itself at once (bounded: 60 s)."""
    return subprocess.run(kofun_command(*args), capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


def test_a_second_server_on_a_database_in_use_is_refused_until_the_first_one_ends(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    first = Server(db)
    try:
        ws = Socket(first)
        created = ws.ask(type="create", game="connect4", seats=[{"kind": "human"}, {"kind": "human"}], seed=3)
        table, token = created["table"], created["tokens"]["0"]
        assert ws.ask(type="move", table=table, token=token, move="4")["type"] == "moved"
        second = refused("serve", "--port", str(free_port()), "--db", str(db), "--quiet")
        assert (second.returncode, second.stdout, second.stderr) == (2, "", in_use(db, first.proc.pid))
        engine = refused("engine", "--db", str(db))  # kofun engine keeps tables too: the same lock
        assert (engine.returncode, engine.stdout, engine.stderr) == (2, "", in_use(db, first.proc.pid))
        other = created["tokens"]["1"]
        assert ws.ask(type="move", table=table, token=other, move="3")["type"] == "moved"  # the first one goes on
        ws.close()
        first.kill()  # SIGKILL: the lock dies with the process
        first.start()  # the same database again: it starts, and has the game as it was
        ws = Socket(first)
        ws.ask(type="join", table=table, token=token)
        state = ws.wait(lambda m: m["type"] == "state")
        assert state["last"] == ["4", "3"] and state["your_turn"]  # both servers' moves, one history
        ws.close()
        again = refused("serve", "--port", str(free_port()), "--db", str(db), "--quiet")
        assert again.stderr == in_use(db, first.proc.pid)  # the restarted server holds it in turn
    finally:
        stopped = first.stop()
    assert "kofun serve: stopped" in stopped and "Traceback" not in stopped
    later = Server(db)  # a server stopped normally lets the database go
    later.stop()


@pytest.mark.parametrize("command", ["serve", "engine"])
def test_a_database_in_a_folder_that_does_not_exist_is_one_error_line(tmp_path: Path, command: str) -> None:
    (tmp_path / "a-file").write_text("")
    for db, what in [(tmp_path / "does" / "not" / "exist" / "x.sqlite", "does not exist"),
                     (tmp_path / "a-file" / "x.sqlite", "is not a folder")]:  # fmt: skip
        args = [command, "--db", str(db)] + (["--port", str(free_port())] if command == "serve" else [])
        result = CliRunner().invoke(main, args, input="")
        assert result.exit_code == 2
        assert result.output == f"error: database {db}: the folder {db.parent} {what}\n"
        assert not (tmp_path / "does").exists()  # nothing made on the way
    folder = tmp_path / "a-folder"
    folder.mkdir()
    result = CliRunner().invoke(main, ["engine", "--db", str(folder)], input="")
    assert (result.exit_code, result.output) == (2, f"error: database {folder}: a folder, not a file\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "a-folder"]  # no lock file beside it


@pytest.mark.parametrize("size", [MAX_MESSAGE_BYTES + 1, 3 * MAX_MESSAGE_BYTES])
def test_a_websocket_message_over_the_limit_is_answered_with_the_error_then_closed(tmp_path: Path, size: int) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    server = Server(tmp_path / "s.sqlite3")
    try:
        with connect(f"ws://127.0.0.1:{server.port}/ws", max_size=None) as ws:
            ws.send(json.dumps({"type": "hello", "id": 1}))
            assert json.loads(ws.recv(timeout=30))["type"] == "welcome"
            padding = size - len(json.dumps({"type": "hello", "id": 2, "pad": ""}))
            with contextlib.suppress(ConnectionClosed):  # the server may close before the client has sent it all
                ws.send(json.dumps({"type": "hello", "id": 2, "pad": "x" * padding}))
            assert json.loads(ws.recv(timeout=30)) == {
                "type": "error", "message": f"message too long (at most {MAX_MESSAGE_BYTES} bytes)"
            }  # fmt: skip
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        just_under = Socket(server)  # the limit itself is accepted (and the server goes on)
        pad = MAX_MESSAGE_BYTES - len(json.dumps({"type": "hello", "id": 1, "x": ""}))
        assert just_under.ask(type="hello", x="y" * pad)["message"] == "hello: x: Extra inputs are not permitted"
        just_under.close()
    finally:
        server.stop()


def test_kofun_engine_answers_a_line_over_the_limit_with_the_same_error_and_goes_on() -> None:
    engine = Engine()
    engine.send({"type": "hello", "id": 1, "pad": "x" * MAX_MESSAGE_BYTES})  # one line over the limit
    assert engine.recv() == {"type": "error", "message": f"message too long (at most {MAX_MESSAGE_BYTES} bytes)"}
    assert engine.ask(type="hello")["type"] == "welcome"  # the rest of the line was skipped
    assert engine.close() == 0
