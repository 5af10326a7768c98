"""The analysis board's requests of the table protocol (``analyse``, ``board``, ``review``, ``stop``): searches of
a position or an information state and reviews of a table's record, run in the hub's search pool and streamed to
the connection that asked (one analysis and one review at a time per connection)."""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
from collections.abc import Callable
from typing import Any

from ..games import GameInfo, get_game
from ..search.runner import Progress, search
from ..search.settings import SearchSettings
from . import protocol as p
from .client import Client
from .pool import SearchPool
from .puzzles import keep_puzzles
from .review import ReviewJob, analysis_state, board_reply, check_board_request, every_move, multipv, review_settings
from .sides import side_names
from .store import Store
from .tables import Table, TableError
from .thinking import thinking_message

log = logging.getLogger("kofun.web")


class AnalysisRequests:
    """The hub's handlers of the analysis board and the review (the hub gives the pool, the tables and the error
    count)."""

    pool: SearchPool
    errors: int
    store: Store

    def table(self, table_id: str) -> Table:  # pragma: no cover - the hub's
        raise NotImplementedError

    async def _on_analyse(self, client: Client, r: p.Analyse) -> None:
        if client.analysis is not None and not client.analysis.done():
            raise TableError("analyse: this connection's analysis is still running (send stop first)")
        info = get_game(r.game)
        count, runs = check_board_request(info, r.lines, r.runs)
        state = analysis_state(info, r.position, r.rules)
        if state.is_terminal():
            raise TableError("analyse: the game is over in this position")
        budget: dict[str, Any] = {"nodes": r.nodes} if r.nodes is not None else {"time": r.time or 2.0}
        control = _core_control()
        client.analysis_stop = control
        if runs is not None:
            work = self._analyse_values(client, r.id, info, state, r.rules, runs, budget, r.seed)
        elif count is not None:
            work = self._analyse_lines(client, r.id, info, state, r.rules, count, budget, r.seed)
        else:
            work = self._analyse(client, r.id, info, state, r.rules, budget, r.seed)
        client.analysis = asyncio.create_task(work)

    async def _analyse(
        self, client: Client, request_id: Any, info: GameInfo, state: Any, rules: Any, budget: Any, seed: int
    ) -> None:
        loop = asyncio.get_running_loop()
        control = client.analysis_stop
        unit = info.return_unit if info.has_hidden_information else info.eval_unit

        def progress(pr: Progress) -> None:
            loop.call_soon_threadsafe(client.send, thinking_message(None, None, pr, unit, request_id))

        def job() -> Any:
            settings = SearchSettings(threads=1, seed=seed, **budget)
            report = search(state, settings, rules=rules or None, on_progress=progress, control=control)
            return {"report": report.to_dict()}

        await self._board_search(client, request_id, info, job)

    async def _analyse_lines(
        self, client: Client, request_id: Any, info: GameInfo, state: Any, rules: Any, count: int, budget: Any,
        seed: int,
    ) -> None:  # fmt: skip
        """The best `count` moves with their lines, each pass told as a ``thinking`` message."""
        loop = asyncio.get_running_loop()
        control = client.analysis_stop

        def tell(fields: dict[str, Any]) -> None:
            best = fields["lines"][0] if fields["lines"] else None
            line = f"depth {fields['depth']}: {best['value_text']}, line {' '.join(best['pv'])}" if best else ""
            message = p.reply("thinking", request_id, unit=info.eval_unit, line=line, **fields)
            loop.call_soon_threadsafe(client.send, message)

        def job() -> Any:
            return multipv(state, rules or None, count, budget, seed, lambda: bool(control.stop_requested), tell)

        await self._board_search(client, request_id, info, job)

    async def _analyse_values(
        self, client: Client, request_id: Any, info: GameInfo, state: Any, rules: Any, runs: int, budget: Any,
        seed: int,
    ) -> None:  # fmt: skip
        """Every move's value over `runs` searches, each search's progress and each run's pool told as
        ``thinking`` messages."""
        loop = asyncio.get_running_loop()
        control = client.analysis_stop
        unit = info.return_unit

        def progress(run: int, pr: Progress, pooled: list[Any]) -> None:
            message = thinking_message(None, None, pr, unit, request_id)
            message.update(run=run, runs=runs, values=[v.to_dict() for v in pooled])
            loop.call_soon_threadsafe(client.send, message)

        def tell(run: int, pooled: list[Any]) -> None:
            line = f"search {run} of {runs} done: {len(pooled)} moves valued"
            message = p.reply("thinking", request_id, unit=unit, run=run, runs=runs, line=line,
                              values=[v.to_dict() for v in pooled])  # fmt: skip
            loop.call_soon_threadsafe(client.send, message)

        def job() -> Any:
            return every_move(state, rules or None, runs, budget, seed, control, progress, tell)

        await self._board_search(client, request_id, info, job)

    async def _board_search(self, client: Client, request_id: Any, info: GameInfo, job: Callable[[], Any]) -> None:
        """Runs an analysis `job` in the pool; its result's fields are the ``analysis`` reply."""
        try:
            found = await self.pool.run(job, lambda place: client.send(p.reply("queued", request_id, place=place)))
            client.send(p.reply("analysis", request_id, game=info.name, **found))
        except ValueError as e:
            client.send(p.error(str(e), request_id))
        except Exception as e:
            self.errors += 1
            log.exception("analysis failed")
            client.send(p.error(f"internal error: {type(e).__name__}: {e}", request_id))

    async def _on_board(self, client: Client, r: p.Board) -> None:
        info = get_game(r.game)
        client.send(named_sides(info, board_reply(info, r.position, r.rules, list(r.play), r.id)))

    async def _on_review(self, client: Client, r: p.Review) -> None:
        if client.review is not None and not client.review.done():
            raise TableError("review: this connection's review is still running (send stop first)")
        table = self.table(r.table)
        # a running hidden-information game's record is refused by table.record(); a finished table's record is
        # the one it keeps (a finished table loaded from the store has no match under way to build it from)
        record = table.record() if table.playing else table.match.record
        if r.seat is not None and r.seat >= len(table.seats):
            raise TableError(f"seat: the table has seats 0..{len(table.seats) - 1}, got {r.seat}")
        names = [table.seat_name(i) for i in range(len(table.seats))]
        job = ReviewJob(table.id, record, names, review_settings(r.nodes, r.time, r.seat, r.seed))
        client.review_stop = stop = threading.Event()
        client.send(job.started(r.id))
        client.review = asyncio.create_task(self._review(client, r.id, job, stop, table))

    async def _review(
        self, client: Client, request_id: Any, job: ReviewJob, stop: threading.Event, table: Table
    ) -> None:
        """Reviews the decisions one by one in the pool (off the event loop), each told as it is done; a whole
        review of a finished game keeps the puzzles of its people's mistakes (said in ``review_done``)."""
        try:
            for index in job.reviewer.indices:
                if stop.is_set():
                    break
                decision = await self.pool.run(
                    functools.partial(job.review, index),
                    lambda place: client.send(p.reply("queued", request_id, place=place)),
                )
                client.send(job.reviewed(request_id, decision))
            done = job.finished(request_id, stop.is_set())
            done["puzzles"] = [] if stop.is_set() else keep_puzzles(self.store, table, job.done)
            client.send(done)
        except ValueError as e:
            client.send(p.error(str(e), request_id))
        except Exception as e:
            self.errors += 1
            log.exception("review failed")
            client.send(p.error(f"internal error: {type(e).__name__}: {e}", request_id))

    async def _on_stop(self, client: Client, r: p.Stop) -> None:
        analysing = client.analysis is not None and not client.analysis.done()
        reviewing = client.review is not None and not client.review.done()
        if not (analysing or reviewing):
            raise TableError("stop: no analysis or review is running")
        if analysing:
            client.analysis_stop.request_stop()
        if reviewing:
            client.review_stop.set()
        client.send(p.reply("stopping", r.id))


def named_sides(info: GameInfo, reply: dict[str, Any]) -> dict[str, Any]:
    """A ``board`` reply with its seats named in the game's own words (X and O, South and North, else first seat,
    second seat, ...: :mod:`solver.web.sides`), never by an index; the seat whose information state it is, 'you'."""
    names = side_names(info, len(reply["names"]))
    if reply["hidden_information"]:
        fields = dict(f.split("=", 1) for f in str(reply["position"]).split() if "=" in f)
        viewer = fields.get("view", "")
        if viewer.isdigit() and int(viewer) < len(names):
            names[int(viewer)] = "you"
    to_move = reply["to_move"]
    return {**reply, "names": names, "player": None if to_move is None else names[to_move]}


def _core_control() -> Any:
    from .. import _core

    return _core.SearchControl()


__all__ = ["AnalysisRequests", "named_sides"]
