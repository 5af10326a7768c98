"""``kofun engine``: the table protocol as JSON lines on stdin / stdout, for programs (a GUI, a bot, a script).
The same messages and the same handler (:class:`~solver.web.hub.Hub`) as the web page's WebSocket: one request a
line in, one message a line out (replies, table states, the engine's thinking). End of input ends the program
once the running searches are done or stopped."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import IO

from .hub import Client, Hub
from .protocol import MAX_MESSAGE_BYTES, encode
from .store import Store


async def run_engine(db: str | Path, workers: int, source: IO[bytes], sink: IO[str]) -> int:
    """Serves the protocol on `source` / `sink` until `source` ends; returns the exit status (0)."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=MAX_MESSAGE_BYTES + 1024)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), source)
    store = Store(db)
    hub = Hub(store, workers)
    client = Client("stdio")

    async def write() -> None:
        while True:
            message = await client.outbox.get()
            if message is None:
                return
            sink.write(encode(message) + "\n")
            sink.flush()

    writer = asyncio.create_task(write())
    try:
        while True:
            try:
                line = await reader.readline()
            except ValueError:  # a line longer than the limit: say so, skip to the next line
                client.send({"type": "error", "message": f"message too long (at most {MAX_MESSAGE_BYTES} bytes)"})
                await _skip_line(reader)
                continue
            if not line:
                break
            if line.strip():
                await hub.handle(client, line)
        while hub.thinking:  # the engine's moves already asked for are played and sent
            await asyncio.sleep(0.02)
    finally:
        hub.leave(client)
        hub.close()
        client.close()
        await writer
        store.close()
    return 0


async def _skip_line(reader: asyncio.StreamReader) -> None:
    while True:
        try:
            await reader.readuntil(b"\n")
            return
        except asyncio.LimitOverrunError as e:
            await reader.readexactly(e.consumed)
        except asyncio.IncompleteReadError:
            return


def main(db: str | Path, workers: int) -> int:
    """``kofun engine`` on this process's standard input and output."""
    return asyncio.run(run_engine(db, workers, sys.stdin.buffer, sys.stdout))
