"""A load generator for `kofun serve`: many WebSocket clients on loopback, each playing random legal moves
against the engine in every game, table after table, for a fixed time; optionally the server is killed with
SIGKILL in the middle and started again, and every client goes on with its game where it was.

Used by the load test (tests/web/test_load.py, small) and the load benchmark (bench/test_web_load.py: 50 clients,
60 s). Everything is bounded: the number of clients, the time, and each wait (a stuck reply fails the run)."""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from solver import GameRecord, Match
from solver.games import get_game

from .driver import Server

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("connect4", {}),
    ("sensei", {"version": "arashi"}),
    ("koikoi", {}),
    ("haniwa", {"players": 2}),
    ("ohanami", {"players": 2}),
    ("honshu", {"players": 2}),
]
WAIT_S = 60.0  # the longest any one reply may take


@dataclass
class LoadResult:
    """What a load run saw."""

    clients: int
    seconds: float
    moves: int = 0
    errors: list[str] = field(default_factory=list)
    view_latency: list[float] = field(default_factory=list)  # join round trips: a seat's view and legal moves
    move_latency: list[float] = field(default_factory=list)  # a move's round trip (reply received)
    records: list[dict[str, Any]] = field(default_factory=list)  # finished games' records
    unfinished: int = 0
    resumed: int = 0  # games found where they were after a restart
    started: Counter[str] = field(default_factory=Counter)  # tables created, per game
    started_seeds: set[int] = field(default_factory=set)  # the seeds of the tables created (one per table)
    lost_creates: set[int] = field(default_factory=set)  # seeds of creates sent when the server was killed

    def unfinished_seeds(self) -> set[int]:
        """The seeds of the tables this run created and did not finish."""
        return self.started_seeds - {int(r["seed"]) for r in self.records}

    def check_stored(self, stored: set[int]) -> None:
        """The unfinished tables found in the database (`stored`, by seed) are exactly this run's unfinished ones,
        plus any whose create was sent as the server was killed (stored or not: its answer was lost)."""
        assert len({int(r["seed"]) for r in self.records}) == len(self.records), "a finished game recorded twice"
        assert self.unfinished_seeds() <= stored, "an unfinished table was lost"
        assert stored <= self.unfinished_seeds() | self.lost_creates, "a table nobody created"

    def p95(self, values: list[float]) -> float:
        """The 95th percentile (seconds)."""
        return statistics.quantiles(values, n=20)[-1] if len(values) >= 20 else max(values, default=0.0)


class _Client:
    def __init__(self, port: int, result: LoadResult) -> None:
        self.port, self.result = port, result
        self.next_id = 0
        self.unread: list[dict[str, Any]] = []
        self.ws: Any = None

    async def connect(self) -> None:
        from websockets.asyncio.client import connect

        end = time.monotonic() + WAIT_S
        while True:
            try:
                self.ws = await connect(f"ws://127.0.0.1:{self.port}/ws", max_size=None)
                self.unread = []
                return
            except OSError:
                if time.monotonic() > end:
                    raise
                await asyncio.sleep(0.1)

    async def recv(self) -> dict[str, Any]:
        message = dict(json.loads(await asyncio.wait_for(self.ws.recv(), WAIT_S)))
        if message["type"] == "error" and "id" not in message:
            self.result.errors.append(message["message"])
        return message

    async def ask(self, **request: Any) -> dict[str, Any]:
        self.next_id += 1
        await self.ws.send(json.dumps({**request, "id": self.next_id}))
        while True:
            m = await self.recv()
            if m.get("id") == self.next_id and m["type"] not in ("thinking", "queued"):
                if m["type"] == "error":
                    self.result.errors.append(f"{request['type']}: {m['message']}")
                return m
            self.unread.append(m)

    async def turn(self, table: str) -> dict[str, Any]:
        while True:
            m = self.unread.pop(0) if self.unread else await self.recv()
            if m["type"] == "state" and m["table"] == table and (m["your_turn"] or m["status"] != "playing"):
                return m


async def _play(client: _Client, rng: random.Random, game: str, rules: dict[str, Any], seat: dict[str, Any],
                deadline: float, restarted: asyncio.Event, mine: dict[str, Any]) -> None:  # fmt: skip
    seed = rng.randrange(2**31)
    mine.clear()
    mine["creating"] = seed  # until the answer comes: the server may be killed with the table stored
    created = await client.ask(type="create", game=game, rules=rules, seats=[{"kind": "human"}, seat], seed=seed)
    table, token = created["table"], created["tokens"]["0"]
    mine.update(table=table, token=token, last=[])
    del mine["creating"]
    client.result.started[game] += 1
    client.result.started_seeds.add(seed)
    await client.ask(type="join", table=table, token=token)
    state = await client.turn(table)
    while state["status"] == "playing" and time.monotonic() < deadline:
        if rng.random() < 0.2:  # now and then the view alone, as a page asks for it after a reload
            start = time.monotonic()
            await client.ask(type="join", table=table, token=token)
            client.result.view_latency.append(time.monotonic() - start)
            state = await client.turn(table)
            continue
        move = rng.choice(state["legal"])["move"]
        start = time.monotonic()
        reply = await client.ask(type="move", table=table, token=token, move=move)
        client.result.move_latency.append(time.monotonic() - start)
        if reply["type"] != "moved":
            return
        client.result.moves += 1
        mine["last"] = None  # not known until the reply's state comes
        state = await client.turn(table)
        mine["last"] = state["last"]
    if state["status"] == "finished":
        record = await client.ask(type="record", table=table)
        client.result.records.append(record["record"])
    else:
        client.result.unfinished += 1
    mine.clear()


async def _client_loop(port: int, index: int, result: LoadResult, deadline: float, seed: int,
                       strong_every: int, server_down: asyncio.Event, back: asyncio.Event) -> None:  # fmt: skip
    rng = random.Random(seed * 1000 + index)
    client = _Client(port, result)
    await client.connect()
    seat = {"kind": "ai", "time": 0.3} if strong_every and index % strong_every == 0 else {"kind": "ai", "level": 1}
    n = index
    mine: dict[str, Any] = {}
    while time.monotonic() < deadline:
        game, rules = GAMES[n % len(GAMES)]
        n += 1
        try:
            await _play(client, rng, game, rules, seat, deadline, back, mine)
        except Exception:  # the server went away (the kill): come back, check the game, go on with it
            if not server_down.is_set():
                raise
            await back.wait()
            await client.connect()
            if "creating" in mine:
                result.lost_creates.add(mine.pop("creating"))
            if mine.get("table"):
                await client.ask(type="join", table=mine["table"], token=mine["token"])
                state = await client.turn(mine["table"])
                if mine.get("last") is not None and state["last"][: len(mine["last"])] != mine["last"]:
                    result.errors.append(f"table {mine['table']}: moves lost in the restart")
                result.resumed += 1
                n -= 1  # the same game again: finish the table first
                await _finish(client, rng, mine, deadline, result)
    await client.ws.close()


async def _finish(client: _Client, rng: random.Random, mine: dict[str, Any], deadline: float,
                  result: LoadResult) -> None:  # fmt: skip
    table, token = mine["table"], mine["token"]
    await client.ask(type="join", table=table, token=token)
    state = await client.turn(table)
    while state["status"] == "playing" and time.monotonic() < deadline:
        await client.ask(type="move", table=table, token=token, move=rng.choice(state["legal"])["move"])
        result.moves += 1
        state = await client.turn(table)
    if state["status"] == "finished":
        result.records.append((await client.ask(type="record", table=table))["record"])
    mine.clear()


async def run_load(server: Server, clients: int, seconds: float, seed: int = 1, kill_at: float | None = None,
                   strong_every: int = 5) -> LoadResult:  # fmt: skip
    """`clients` clients play for `seconds`; with `kill_at`, the server is killed (SIGKILL) that many seconds in
    and started again at once. One client in `strong_every` plays the engine at full strength (0.3 s a move), so
    that searches run while the others' views are timed."""
    result = LoadResult(clients, seconds)
    deadline = time.monotonic() + seconds
    down, back = asyncio.Event(), asyncio.Event()
    tasks = [asyncio.create_task(_client_loop(server.port, i, result, deadline, seed, strong_every, down, back))
             for i in range(clients)]  # fmt: skip
    if kill_at is not None:
        await asyncio.sleep(kill_at)
        down.set()
        server.kill()
        server.start()
        back.set()
    done = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), seconds + 4 * WAIT_S)
    result.errors.extend(f"client: {type(e).__name__}: {e}" for e in done if isinstance(e, BaseException))
    return result


class _Replay:
    """Plays a record's moves in order, whoever's they are."""

    name = "replay"
    sees_everything = True

    def __init__(self, moves: list[str]) -> None:
        self.moves = moves

    def choose(self, view: Any, rng: Any) -> int:
        return int(view.parse_move(self.moves.pop(0)))

    def settings(self) -> dict[str, Any]:
        return {"kind": "replay"}


def stored_games_resume(db: Any) -> set[int]:
    """Every unfinished table of the database `db` seated again as a restarted server seats it; returns their
    seeds (AssertionError when one cannot be)."""
    from solver.web.hub import Hub
    from solver.web.store import Store

    store = Store(db)
    try:
        hub = Hub(store, 1)
        assert hub.errors == 0, "a stored game could not be resumed"
        for table in hub.tables.values():
            stored = store.record(table.row, table.match.deals, table.match.teams)
            assert [d.moves for d in stored.deals] == [d.moves for d in table.match.current_record().deals]
        hub.close()
        return {int(table.match.seed) for table in hub.tables.values()}
    finally:
        store.close()


def replays(record_data: dict[str, Any]) -> bool:
    """True when `Match` plays the record's moves again from its seed to the same deals, final positions and
    scores."""
    record = GameRecord.from_dict(record_data)
    info = get_game(record.game)
    moves = list(record.moves)
    replay = _Replay(moves)
    again = Match(info, [replay] * len(record.agents), record.rules, record.seed).play()
    return (
        not moves and again.finished and [d.start for d in again.deals] == [d.start for d in record.deals]
        and [d.final for d in again.deals] == [d.final for d in record.deals] and again.scores == record.scores
    )  # fmt: skip
