"""Test drivers of the table protocol: in-process (a Hub on its own event loop) and over a real server (a
`kofun serve` / `kofun engine` subprocess on loopback)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solver.web.client import Client
from solver.web.hub import Hub
from solver.web.store import Store

Message = dict[str, Any]


class HubDriver:
    """A Hub and one client on a private event loop; requests are sent and their replies read synchronously."""

    def __init__(self, db: str | Path = ":memory:", workers: int = 1) -> None:
        self.loop = asyncio.new_event_loop()
        self.store = Store(db)
        self.hub = self.loop.run_until_complete(self._make(workers))
        self.clients: list[Client] = []
        self.seen: dict[int, list[Message]] = {}
        self.unread: dict[int, list[Message]] = {}
        self.next_id = 1

    async def _make(self, workers: int) -> Hub:
        return Hub(self.store, workers)

    def client(self) -> Client:
        c = Client()
        self.clients.append(c)
        self.seen[c.id] = []
        self.unread[c.id] = []
        return c

    def _drain(self, c: Client) -> list[Message]:
        out = []
        while not c.outbox.empty():
            m = c.outbox.get_nowait()
            if m is not None:
                out.append(m)
        self.seen[c.id].extend(out)
        self.unread[c.id].extend(out)
        return out

    def send_raw(self, c: Client, raw: str | bytes) -> list[Message]:
        """Hands `raw` to the hub; returns the messages queued for `c` meanwhile."""
        self.loop.run_until_complete(self.hub.handle(c, raw))
        return self._drain(c)

    def ask(self, c: Client, **request: Any) -> Message:
        """Sends a request (an id is added) and returns its reply (the error message raises AssertionError unless
        `expect_error`)."""
        request_id = self.next_id
        self.next_id += 1
        got = self.send_raw(c, json.dumps({**request, "id": request_id}))
        replies = [m for m in got if m.get("id") == request_id and m["type"] not in ("thinking", "queued")]
        assert replies, f"no reply to {request}: {got}"
        self.unread[c.id] = [m for m in self.unread[c.id] if m not in replies]
        return replies[-1]

    def wait(self, c: Client, done: Callable[[Message], bool], timeout: float = 60.0) -> Message:
        """Runs the loop until a message to `c` satisfies `done`; returns it."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self._drain(c)
            while self.unread[c.id]:
                m = self.unread[c.id].pop(0)
                if done(m):
                    return m
            self.loop.run_until_complete(asyncio.sleep(0.01))
        raise AssertionError(f"timed out waiting; last messages: {self.seen[c.id][-3:]}")

    def last_state(self, c: Client, seat: int | None = None) -> Message:
        self._drain(c)
        states = [m for m in self.seen[c.id] if m["type"] == "state" and (seat is None or m["seat"] == seat)]
        return states[-1]

    def close(self) -> None:
        self.hub.close()
        self.loop.run_until_complete(asyncio.sleep(0))
        self.loop.close()
        self.store.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def kofun_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "solver", *args]


class Server:
    """`kofun serve` in a subprocess on a free loopback port (stopped by `stop`, or killed with SIGKILL)."""

    def __init__(self, db: Path, workers: int = 2) -> None:
        self.db, self.workers = db, workers
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.start()

    def start(self) -> None:
        args = ["serve", "--port", str(self.port), "--db", str(self.db), "--workers", str(self.workers), "--quiet"]
        self.proc = subprocess.Popen(kofun_command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        end = time.monotonic() + 30
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise AssertionError(f"server exited: {self.proc.stderr.read() if self.proc.stderr else ''}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("server did not start in 30 s")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> str:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        return self.proc.stderr.read() if self.proc.stderr else ""


class Conversation(ABC):
    """Requests with ids and their replies over one transport (`send` / `recv` of the subclass); the messages
    read while waiting for a reply are kept for `wait`."""

    def __init__(self) -> None:
        self.next_id = 1
        self.unread: list[Message] = []

    @abstractmethod
    def send(self, message: Message) -> None:
        """Sends one message."""

    @abstractmethod
    def recv(self, timeout: float = 30.0) -> Message:
        """The next message."""

    def ask(self, **request: Any) -> Message:
        request_id = self.next_id
        self.next_id += 1
        self.send({**request, "id": request_id})
        while True:
            m = self.recv()
            if m.get("id") == request_id and m["type"] not in ("thinking", "queued"):
                return m
            self.unread.append(m)

    def wait(self, done: Callable[[Message], bool], timeout: float = 60.0) -> Message:
        end = time.monotonic() + timeout
        while True:
            m = self.unread.pop(0) if self.unread else self.recv(max(0.01, end - time.monotonic()))
            if done(m):
                return m


class Socket(Conversation):
    """A WebSocket client of a Server (sync)."""

    def __init__(self, server: Server) -> None:
        from websockets.sync.client import connect

        super().__init__()
        self.ws = connect(f"ws://127.0.0.1:{server.port}/ws", max_size=None).__enter__()  # closed by close()

    def send(self, message: Message) -> None:
        self.ws.send(json.dumps(message))

    def recv(self, timeout: float = 30.0) -> Message:
        return dict(json.loads(self.ws.recv(timeout=timeout)))

    def close(self) -> None:
        self.ws.close()


class Engine(Conversation):
    """`kofun engine` in a subprocess: one JSON line in, JSON lines out."""

    def __init__(self, db: str = ":memory:") -> None:
        super().__init__()
        self.proc = subprocess.Popen(
            kofun_command("engine", "--db", db), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, bufsize=1,
        )  # fmt: skip

    def send(self, message: Message) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()

    def recv(self, timeout: float = 30.0) -> Message:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # the engine answers or ends: the subprocess's own timeout bounds it
        assert line, f"engine ended: {self.proc.stderr.read() if self.proc.stderr else ''}"
        return dict(json.loads(line))

    def close(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        return self.proc.wait(30)


def my_turn_or_over(m: Message) -> bool:
    return m["type"] == "state" and (m["your_turn"] or m["status"] != "playing")


def play_out(ask: Callable[..., Message], wait: Callable[[Callable[[Message], bool]], Message], table: str,
             token: str, first: Message, seed: int = 0) -> Message:  # fmt: skip
    """Plays the human seat of `token` with seeded random legal moves until the game ends; returns the last state."""
    rng = random.Random(seed)
    state = first
    while state["status"] == "playing":
        if not state["your_turn"]:
            state = wait(my_turn_or_over)
            continue
        move = rng.choice(state["legal"])["move"]
        reply = ask(type="move", table=table, token=token, move=move)
        assert reply["type"] == "moved", reply
        state = wait(my_turn_or_over)
    return state


os.environ.setdefault("KOFUN_TEST", "1")
