"""The one handler of the table protocol: the WebSocket of ``kofun serve`` and the JSON lines of ``kofun engine``
both hand every request they read to :meth:`Hub.handle` and send what it queues on the :class:`Client`.

The hub owns the tables (loaded from the store when it starts: every unfinished game resumes where it was), the
clients that joined their seats, and the engine's searches (in a :class:`~solver.web.pool.SearchPool`). It runs
on one event loop; only the searches run elsewhere. A search is stopped when its table moves on (take-back,
resignation) or when the last client watching the table leaves; it starts again, with the same seed and so the
same move, when a client joins again.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import threading
from collections.abc import Callable
from typing import Any

from .. import __version__
from ..games import GAMES, GameInfo, get_game
from ..ladder_pools import MODES
from ..ratings import shipped_path
from ..record import GameRecord
from ..report.search import progress_line
from ..search import Progress, search
from ..settings import SearchSettings
from . import protocol as p
from .pool import SearchCancelled, SearchPool
from .review import (
    ReviewJob,
    analysis_state,
    board_reply,
    check_board_request,
    every_move,
    multipv,
    review_settings,
)
from .solo import best_turn_plans, check_solo_turn
from .store import Store, TableRow
from .tables import PLAYING, Table, TableError, check_move_text, level_entry, rated_levels

log = logging.getLogger("kofun.web")
#: Messages kept for a slow client before its thinking updates are dropped (moves and states never are).
MAX_QUEUED = 2000
#: Tables listed at most in one answer (the most recently played first).
LIST_LIMIT = 200


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


def catalog() -> list[dict[str, Any]]:
    """Every game: its rule options, its rated modes (with the rules that select them) and seat counts."""
    out = []
    for info in sorted(GAMES.values(), key=lambda g: g.name):
        modes = [
            {"name": name, "rules": info.check_options(mode.rules), "rated": shipped_path(info.name, name).exists()}
            for name, mode in MODES.get(info.name, {}).items()
        ]
        options = [
            {"name": o.name, "default": o.default, "help": o.help, "choices": list(o.choices) if o.choices else None,
             "min": o.min_value, "max": o.max_value}
            for o in info.options
        ]  # fmt: skip
        out.append({
            "name": info.name, "title": info.title, "hidden_information": info.has_hidden_information,
            "options": options, "modes": modes, "players": info.num_players(),
        })  # fmt: skip
    return out


class Hub:
    """The tables of a server and the clients at them."""

    def __init__(self, store: Store, workers: int = 1) -> None:
        self.store = store
        self.pool = SearchPool(workers)
        self.tables: dict[str, Table] = {}
        self.watchers: dict[str, set[tuple[Client, int]]] = {}
        self.thinking: dict[str, tuple[asyncio.Task[None], threading.Event]] = {}
        self.errors = 0  # unexpected exceptions caught while handling requests (a healthy server has none)
        for row in store.tables(status=PLAYING):
            try:
                self._load(row)
            except Exception:  # a table that cannot be rebuilt is left in the store, said in the log
                log.exception("table %s could not be resumed", row.id)
                self.errors += 1

    def _load(self, row: TableRow) -> Table:
        info = get_game(row.game)
        opts = info.check_options(row.rules)
        teams = info.teams(opts) or list(range(len(row.seats)))
        deals = info.match_deals(opts)
        record = self.store.record(row, deals, teams)
        table = Table(row, self.store, record if record.deals else None)
        self.tables[row.id] = table
        return table

    def table(self, table_id: str) -> Table:
        """The table `table_id` (loaded from the store if it is not in memory); TableError if there is none."""
        table = self.tables.get(table_id)
        if table is None:
            row = self.store.table(table_id)
            if row is None:
                raise TableError(f"table {table_id!r}: no such table")
            table = self._load(row)
        return table

    # --- requests -----------------------------------------------------------------------------------------

    async def handle(self, client: Client, raw: str | bytes) -> None:
        """Reads one request and does it; every problem is an ``error`` message to `client`, never an exception."""
        request_id = None
        try:
            request = p.parse_request(raw)
            request_id = request.id
            handler: Callable[[Client, Any], Any] = getattr(self, f"_on_{request.type}")
            await handler(client, request)
        except p.ProtocolError as e:
            client.send(p.error(str(e), e.request_id))
        except (TableError, ValueError) as e:  # the project's errors: bad notation, illegal move, rules, ...
            client.send(p.error(str(e), request_id))
        except Exception as e:  # a bug: said to the client and counted, the server goes on
            self.errors += 1
            log.exception("request failed")
            client.send(p.error(f"internal error: {type(e).__name__}: {e}", request_id))

    async def _on_hello(self, client: Client, r: p.Hello) -> None:
        client.send(p.reply("welcome", r.id, version=__version__, protocol=p.PROTOCOL_VERSION))

    async def _on_catalog(self, client: Client, r: p.Catalog) -> None:
        client.send(p.reply("catalog", r.id, games=catalog()))

    async def _on_levels(self, client: Client, r: p.Levels) -> None:
        info = get_game(r.game)
        opts = info.check_options(r.rules)
        try:
            levels = [level_entry(i, lv) for i, lv in enumerate(rated_levels(info, opts), 1)]
            missing = None
        except ValueError as e:
            levels, missing = [], str(e)
        client.send(p.reply("levels", r.id, game=info.name, rules=opts, levels=levels, unrated_reason=missing))

    async def _on_create(self, client: Client, r: p.Create) -> None:
        table, tokens = Table.create(self.store, r.game, dict(r.rules), list(r.seats), r.seed)
        self.tables[table.id] = table
        client.send(p.reply("created", r.id, table=table.id, tokens={str(s): t for s, t in tokens.items()}))

    async def _on_join(self, client: Client, r: p.Join) -> None:
        table, seat = self._seat(r.table, r.token)
        self.watchers.setdefault(table.id, set()).add((client, seat))
        client.seats.add((table.id, seat))
        client.send(p.reply("joined", r.id, table=table.id, seat=seat))
        client.send(p.reply("state", **table.state_for(seat)))
        self._kick(table)

    async def _on_move(self, client: Client, r: p.Move) -> None:
        table, seat = self._seat(r.table, r.token)
        played = table.play(seat, check_move_text(r.move))
        client.send(p.reply("moved", r.id, table=table.id, move=played))
        self._changed(table)

    async def _on_takeback(self, client: Client, r: p.TakeBack) -> None:
        self._undo(client, r, "taken_back", Table.take_back)

    async def _on_resign(self, client: Client, r: p.Resign) -> None:
        self._undo(client, r, "resigned", Table.resign)

    def _undo(self, client: Client, r: p.TakeBack | p.Resign, answer: str, act: Callable[[Table, int], None]) -> None:
        """A seat takes back or resigns: the engine's search for the old position is stopped first."""
        table, seat = self._seat(r.table, r.token)
        self._stop_thinking(table.id)
        act(table, seat)
        client.send(p.reply(answer, r.id, table=table.id))
        self._changed(table)

    async def _on_list(self, client: Client, r: p.ListTables) -> None:
        rows = self.store.tables_of_tokens(r.tokens) if r.tokens is not None else self.store.tables()
        shown = [self.table(row.id).summary() for row in rows[:LIST_LIMIT]]
        client.send(p.reply("tables", r.id, tables=shown, more=max(0, len(rows) - LIST_LIMIT)))

    async def _on_record(self, client: Client, r: p.GetRecord) -> None:
        table = self.table(r.table)
        client.send(p.reply("record", r.id, table=table.id, record=table.record().to_dict()))

    async def _on_upload(self, client: Client, r: p.Upload) -> None:
        record = GameRecord.from_dict(r.record)
        table, tokens = Table.upload(self.store, record, list(r.seats) if r.seats is not None else None)
        self.tables[table.id] = table
        client.send(p.reply("created", r.id, table=table.id, tokens={str(s): t for s, t in tokens.items()}))

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
            loop.call_soon_threadsafe(client.send, _thinking(None, None, pr, unit, request_id))

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
            message = _thinking(None, None, pr, unit, request_id)
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

    async def _on_best_turn(self, client: Client, r: p.BestTurn) -> None:
        table, seat = self._seat(r.table, r.token)
        view = check_solo_turn(table, seat)
        place = lambda n: client.send(p.reply("queued", r.id, place=n))  # noqa: E731
        plans = await self.pool.run(lambda: best_turn_plans(table, view, r.samples, r.candidates, r.top), place)
        client.send(p.reply("best_turn", r.id, table=table.id, **plans))

    async def _on_board(self, client: Client, r: p.Board) -> None:
        client.send(board_reply(get_game(r.game), r.position, r.rules, list(r.play), r.id))

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
        client.review = asyncio.create_task(self._review(client, r.id, job, stop))

    async def _review(self, client: Client, request_id: Any, job: ReviewJob, stop: threading.Event) -> None:
        """Reviews the decisions one by one in the pool (off the event loop), each told as it is done."""
        try:
            for index in job.reviewer.indices:
                if stop.is_set():
                    break
                decision = await self.pool.run(
                    functools.partial(job.review, index),
                    lambda place: client.send(p.reply("queued", request_id, place=place)),
                )
                client.send(job.reviewed(request_id, decision))
            client.send(job.finished(request_id, stop.is_set()))
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

    # --- tables moving on ---------------------------------------------------------------------------------

    def _seat(self, table_id: str, token: str) -> tuple[Table, int]:
        found = self.store.seat_of(token)
        if found is None or found[0] != table_id:
            raise TableError("token: not a seat of this table")
        return self.table(table_id), found[1]

    def _changed(self, table: Table) -> None:
        """A table moved on: every watching client gets its seat's new state; the engine moves if it is its turn."""
        for client, seat in list(self.watchers.get(table.id, ())):
            client.send(p.reply("state", **table.state_for(seat)))
        self._kick(table)

    def _kick(self, table: Table) -> None:
        seat = table.ai_to_move()
        if seat is None or table.id in self.thinking or not self.watchers.get(table.id):
            return
        stop = threading.Event()
        task = asyncio.get_running_loop().create_task(self._think(table, seat, stop))
        self.thinking[table.id] = (task, stop)

    def _stop_thinking(self, table_id: str) -> None:
        running = self.thinking.pop(table_id, None)
        if running is not None:
            task, stop = running
            stop.set()
            task.cancel()

    async def _think(self, table: Table, seat: int, stop: threading.Event) -> None:
        loop = asyncio.get_running_loop()
        version = table.version
        agent = table.match.agents[seat]
        view, rng = table.match.observation(seat), table.match.decision_rng()
        unit = table.game.return_unit if table.game.has_hidden_information else table.game.eval_unit

        def progress(pr: Progress) -> None:
            if stop.is_set():
                raise SearchCancelled
            message = _thinking(table.id, seat, pr, unit, hide=table.game.has_hidden_information)
            loop.call_soon_threadsafe(self._tell, table.id, message)

        def job() -> int:
            if stop.is_set():
                raise SearchCancelled
            if hasattr(agent, "on_progress"):
                agent.on_progress = progress
            return int(agent.choose(view, rng))

        def place(n: int) -> None:
            self._tell(table.id, p.reply("queued", table=table.id, seat=seat, place=n))

        try:
            move = await self.pool.run(job, place)
        except (SearchCancelled, asyncio.CancelledError):
            return
        except Exception:
            self.errors += 1
            log.exception("table %s: the engine's search failed", table.id)
            return
        finally:
            if self.thinking.get(table.id, (None, None))[1] is stop:
                del self.thinking[table.id]
        if table.version == version and table.playing and not stop.is_set():
            table.push(move)
            self._changed(table)

    def _tell(self, table_id: str, message: dict[str, Any]) -> None:
        for client, _ in list(self.watchers.get(table_id, ())):
            client.send(message)

    def leave(self, client: Client) -> None:
        """A client is gone: its seats are left and the searches no one watches any more are stopped."""
        for table_id, seat in client.seats:
            watching = self.watchers.get(table_id, set())
            watching.discard((client, seat))
            if not watching:
                self.watchers.pop(table_id, None)
                self._stop_thinking(table_id)
        client.seats.clear()
        if client.analysis is not None and not client.analysis.done():
            client.analysis_stop.request_stop()
        client.review_stop.set()

    def close(self) -> None:
        """Stops every search and the pool."""
        for table_id in list(self.thinking):
            self._stop_thinking(table_id)
        self.pool.close()

    async def aclose(self) -> None:
        """:meth:`close`, then waits for the stopped searches' tasks to end."""
        tasks = [task for task, _ in self.thinking.values()]
        self.close()
        await asyncio.gather(*tasks, return_exceptions=True)


def _core_control() -> Any:
    from .. import _core

    return _core.SearchControl()


def _thinking(
    table: str | None, seat: int | None, pr: Progress, unit: str, request_id: Any = None, hide: bool = False
) -> dict[str, Any]:
    """A ``thinking`` message: what a running search has found so far, in the game's terms. With `hide` (an
    engine seat of a hidden-information game, watched by the other seats) only its effort is told: its value and
    line would show what it holds."""
    fields: dict[str, Any] = {
        "depth": pr.depth, "value": None if hide else pr.value, "unit": unit, "proven": pr.proven,
        "pv": [] if hide else list(pr.pv), "nodes": pr.nodes, "nps": round(pr.nps), "time_s": round(pr.time_s, 3),
        "line": _effort_line(pr) if hide else progress_line(pr),
    }  # fmt: skip
    if table is not None:
        fields.update(table=table, seat=seat)
    return p.reply("thinking", request_id, **fields)


def _effort_line(pr: Progress) -> str:
    return f"{pr.nodes:,} iterations, {round(pr.nps):,}/s, {pr.time_s:.1f} s (its value and line stay hidden)"


__all__ = ["Client", "Hub", "catalog"]
