"""``kofun engine``: the table protocol as JSON lines on stdin / stdout, for programs (a GUI, a bot, a script).
The same messages and the same handler (:class:`~solver.web.hub.Hub`) as the web page's WebSocket: one request a
line in, one message a line out (replies, table states, the engine's thinking). End of input ends the program
once the running searches are done or stopped."""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO

from .client import Client
from .hub import Hub
from .protocol import MAX_MESSAGE_BYTES, encode, error
from .store import Store


async def run_engine(db: str | Path, workers: int, source: IO[bytes], sink: IO[str]) -> int:
    """Serves the protocol on `source` / `sink` until `source` ends; returns the exit status (0)."""
    loop = asyncio.get_running_loop()
    store = Store(db)
    hub = Hub(store, workers)
    client = Client("stdio")
    reading = ThreadPoolExecutor(1, thread_name_prefix="kofun-stdin")  # a pipe, a file or a terminal alike

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
            line = await loop.run_in_executor(reading, source.readline, MAX_MESSAGE_BYTES + 1)
            if not line:
                break
            if len(line) > MAX_MESSAGE_BYTES and not line.endswith(b"\n"):  # too long: said, the rest skipped
                client.send(error(f"message too long (at most {MAX_MESSAGE_BYTES} bytes)"))
                while line and not line.endswith(b"\n"):
                    line = await loop.run_in_executor(reading, source.readline, MAX_MESSAGE_BYTES)
                continue
            if line.strip():
                await hub.handle(client, line)
        while hub.thinking:  # the engine's moves already asked for are played and sent
            await asyncio.sleep(0.02)
    finally:
        hub.leave(client)
        await hub.aclose()
        client.close()
        await writer
        store.close()
        reading.shutdown(wait=False)
    return 0


def main(db: str | Path, workers: int) -> int:
    """``kofun engine`` on this process's standard input and output."""
    return asyncio.run(run_engine(db, workers, sys.stdin.buffer, sys.stdout))
