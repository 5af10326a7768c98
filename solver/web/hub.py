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
import logging
import threading
from collections.abc import Callable
from typing import Any

from .._version import __version__
from ..games import get_game
from ..play.record import GameRecord
from ..search.runner import Progress
from . import protocol as p
from .analysis_board import AnalysisRequests
from .client import Client
from .lobby import catalog
from .pool import SearchCancelled, SearchPool
from .puzzles import PuzzleRequests
from .ratings import claim_seat, profile_message
from .solo import best_turn_plans, check_solo_turn
from .store import Store, TableRow
from .tables import PLAYING, Table, TableError, check_move_text, level_entry, rated_levels
from .thinking import thinking_message

log = logging.getLogger("kofun.web")
#: Tables listed at most in one answer (the most recently played first).
LIST_LIMIT = 200


class Hub(AnalysisRequests, PuzzleRequests):
    """The tables of a server and the clients at them (the analysis board's and the puzzles' requests in their
    own modules)."""

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
        named = r.player is not None and claim_seat(table, seat, r.player)
        self.watchers.setdefault(table.id, set()).add((client, seat))
        client.seats.add((table.id, seat))
        client.send(p.reply("joined", r.id, table=table.id, seat=seat))
        if named:  # every seat is told the seat's new name
            self._changed(table)
        else:
            client.send(p.reply("state", **table.state_for(seat)))
            self._kick(table)

    async def _on_profile(self, client: Client, r: p.Profile) -> None:
        client.send(p.reply("profile", r.id, **profile_message(self.store, r.name, r.game, dict(r.rules))))

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
        self._stopthinking_message(table.id)
        act(table, seat)
        client.send(p.reply(answer, r.id, table=table.id))
        self._changed(table)

    async def _on_list(self, client: Client, r: p.ListTables) -> None:
        rows = self.store.tables_of_tokens(r.tokens) if r.tokens is not None else self.store.tables()
        held = {found[0]: found[1] for found in map(self.store.seat_of, r.tokens or []) if found is not None}
        shown = [self.table(row.id).summary(held.get(row.id)) for row in rows[:LIST_LIMIT]]
        client.send(p.reply("tables", r.id, tables=shown, more=max(0, len(rows) - LIST_LIMIT)))

    async def _on_record(self, client: Client, r: p.GetRecord) -> None:
        table = self.table(r.table)
        client.send(p.reply("record", r.id, table=table.id, record=table.record().to_dict()))

    async def _on_upload(self, client: Client, r: p.Upload) -> None:
        record = GameRecord.from_dict(r.record).for_game()  # a clear error for any malformed record
        table, tokens = Table.upload(self.store, record, list(r.seats) if r.seats is not None else None)
        self.tables[table.id] = table
        client.send(p.reply("created", r.id, table=table.id, tokens={str(s): t for s, t in tokens.items()}))

    async def _on_best_turn(self, client: Client, r: p.BestTurn) -> None:
        table, seat = self._seat(r.table, r.token)
        view = check_solo_turn(table, seat)
        place = lambda n: client.send(p.reply("queued", r.id, place=n))  # noqa: E731
        plans = await self.pool.run(lambda: best_turn_plans(table, view, r.samples, r.candidates, r.top), place)
        client.send(p.reply("best_turn", r.id, table=table.id, **plans))

    # --- tables moving on ---------------------------------------------------------------------------------

    def _seat(self, table_id: str, token: str) -> tuple[Table, int]:
        found = self.store.seat_of(token)
        if found is None or found[0] != table_id:
            raise TableError("token: not a seat of this table")
        return self.table(table_id), found[1]

    def _changed(self, table: Table) -> None:
        """A table moved on: every watching client gets its seat's new state; the engine moves if it is its turn."""
        for client, seat in sorted(self.watchers.get(table.id, ()), key=lambda w: (w[1], id(w[0]))):
            client.send(p.reply("state", **table.state_for(seat)))  # in seat order, whatever the set's order
        self._kick(table)

    def _kick(self, table: Table) -> None:
        seat = table.ai_to_move()
        if seat is None or table.id in self.thinking or not self.watchers.get(table.id):
            return
        stop = threading.Event()
        task = asyncio.get_running_loop().create_task(self._think(table, seat, stop))
        self.thinking[table.id] = (task, stop)

    def _stopthinking_message(self, table_id: str) -> None:
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
            message = thinking_message(table.id, seat, pr, unit, hide=table.game.has_hidden_information)
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
                self._stopthinking_message(table_id)
        client.seats.clear()
        if client.analysis is not None and not client.analysis.done():
            client.analysis_stop.request_stop()
        client.review_stop.set()

    def close(self) -> None:
        """Stops every search and the pool."""
        for table_id in list(self.thinking):
            self._stopthinking_message(table_id)
        self.pool.close()

    async def aclose(self) -> None:
        """:meth:`close`, then waits for the stopped searches' tasks to end."""
        tasks = [task for task, _ in self.thinking.values()]
        self.close()
        await asyncio.gather(*tasks, return_exceptions=True)


__all__ = ["Hub", "catalog"]
