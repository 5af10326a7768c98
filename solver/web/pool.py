"""The searches of a server run here, off its event loop: at most `workers` at once (the compiled searches release
the GIL, so threads run them in parallel), the rest queued in order, each told its place in the queue as it
changes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


class SearchCancelled(Exception):  # noqa: N818 - a request to stop, not a failure
    """Raised inside a search's progress callback to stop it (its table moved on or its client left)."""


class SearchPool:
    """Runs blocking searches in `workers` threads; the others wait in line."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError(f"workers: at least 1, got {workers}")
        self.workers = workers
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="kofun-table")
        self._slots = asyncio.Semaphore(workers)
        self._line: list[Callable[[int], None]] = []  # the waiting jobs' position callbacks, first in line first
        self.running = 0

    @property
    def waiting(self) -> int:
        """Jobs waiting for a thread."""
        return len(self._line)

    def _tell(self) -> None:
        for place, told in enumerate(self._line, 1):
            told(place)

    async def run(self, job: Callable[[], T], on_place: Callable[[int], None] | None = None) -> T:
        """Runs `job` in a thread when one is free; `on_place(n)` is called with the job's place in the queue
        (1 = next) whenever it changes while it waits. Cancelling the awaiting task while it waits takes it out of
        the line (a running job is stopped through its own progress callback)."""
        told = on_place or (lambda place: None)
        self._line.append(told)
        if self._slots.locked():
            self._tell()
        try:
            await self._slots.acquire()
        finally:
            self._line.remove(told)
            self._tell()
        self.running += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, job)
        finally:
            self.running -= 1
            self._slots.release()

    def close(self) -> None:
        """Stops taking jobs (running ones finish)."""
        self._executor.shutdown(wait=False, cancel_futures=True)
