"""One connection to the hub (a WebSocket or ``kofun engine``'s stdio): what it joined and what it is sent."""

from __future__ import annotations

import asyncio
import itertools
import threading
from typing import Any

#: Messages kept for a slow client before its thinking updates are dropped (moves and states never are).
MAX_QUEUED = 2000


class Client:
    """One connection: what the transport reads goes to the hub, what the hub queues here the transport sends."""

    _ids = itertools.count(1)

    def __init__(self, name: str = "") -> None:
        self.id = next(self._ids)
        self.name = name or f"client-{self.id}"
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.seats: set[tuple[str, int]] = set()  # (table, seat) joined
        self.analysis: asyncio.Task[None] | None = None
        self.analysis_stop: Any = None
        self.review: asyncio.Task[None] | None = None
        self.review_stop = threading.Event()

    def send(self, message: dict[str, Any]) -> None:
        """Queues a message for the transport."""
        if message.get("type") == "thinking" and self.outbox.qsize() > MAX_QUEUED:
            return
        self.outbox.put_nowait(message)

    def close(self) -> None:
        """Tells the transport's writer to stop."""
        self.outbox.put_nowait(None)


__all__ = ["MAX_QUEUED", "Client"]
