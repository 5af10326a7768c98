"""The tables of ``kofun serve`` kept in SQLite (stdlib ``sqlite3``): every move is written when it is played, in
one transaction, so a server killed at any moment and started again finds every game where it was.

Schema (version :data:`SCHEMA_VERSION`, in ``meta``; :data:`MIGRATIONS` brings an older file up to date when it
is opened):

- ``tables``: one row per table — game, rule options (JSON), seed, seats (JSON: kind, name, the agent's settings),
  status (``playing`` / ``finished`` / ``abandoned``), times; since version 2 the finished game's record (JSON).
- ``tokens``: the SHA-256 of each human seat's token (the token itself is never stored) → (table, seat).
- ``deals``: each deal's start position and seed; once it ends its final position, returns and scores.
- ``moves``: (table, deal, ply) → the move in notation; since version 2 the time it was played.
- since version 3, the players' own ratings (:mod:`solver.rating.profiles`), shared by ``kofun play --player``:
  ``profiles`` (a name, when it was made); ``ratings``: per (name, game, mode) the Glicko-2 rating, deviation,
  volatility, rated games and when it changed; ``profile_games``: the log of every finished game of a profile —
  which table (web) or record (terminal), the mode, the rating before and after, or why it was not rated;
  ``profile_opponents``: each opponent of a rated game with its rating and deviation (held fixed) and the score;
  and ``tables.unrated``: why a table no longer counts for a rating (a take-back, an uploaded record).
- since version 4, ``puzzles``: each mistake or blunder of a profile's seat that a review found
  (:mod:`solver.review.puzzles`: the position as the seat saw it, the moves the review accepts), one per (name,
  table, decision), with its answers (how many, the last one, whether one was right); :class:`PuzzleBook`.

One program keeps a database's tables at a time: ``kofun serve`` and ``kofun engine`` hold :class:`DatabaseLock`
(an exclusive ``flock`` on ``<db>.lock`` beside the file) for their whole life, so a second one on the same file is
refused at its start instead of writing the same games from two copies of them. The operating system releases the
lock when the process ends, however it ends (SIGKILL too). ``kofun play --player`` writes only ratings, each in
one transaction, and takes no lock.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..play.record import DealRecord, GameRecord
from ..rating.profiles import Faced, Opponent, RatedGame, Standing, check_name
from .db_lock import DatabaseLock, StoreError, check_folder
from .puzzle_store import PuzzleBook

SCHEMA_VERSION = 4

#: The statements that bring the schema from version n - 1 to n (index n - 1).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: the first schema
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        """CREATE TABLE tables (
            id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL, seed INTEGER NOT NULL,
            seats TEXT NOT NULL, status TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL)""",
        "CREATE TABLE tokens (hash TEXT PRIMARY KEY, table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER)",
        """CREATE TABLE deals (
            table_id TEXT NOT NULL REFERENCES tables(id), deal INTEGER NOT NULL, start TEXT NOT NULL,
            seed INTEGER NOT NULL, final TEXT, returns TEXT, scores TEXT, finished INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (table_id, deal))""",
        """CREATE TABLE moves (
            table_id TEXT NOT NULL REFERENCES tables(id), deal INTEGER NOT NULL, ply INTEGER NOT NULL,
            move TEXT NOT NULL, PRIMARY KEY (table_id, deal, ply))""",
    ),
    (  # 2: the finished game's record on its table (listing finished games without rebuilding them); move times
        "ALTER TABLE tables ADD COLUMN record TEXT",
        "ALTER TABLE moves ADD COLUMN played_at REAL",
        "CREATE INDEX tables_status ON tables (status, updated)",
    ),
    (  # 3: the players' profiles and their ratings per mode, the log of their games; why a table is unrated
        "CREATE TABLE profiles (name TEXT PRIMARY KEY, created REAL NOT NULL)",
        """CREATE TABLE ratings (
            name TEXT NOT NULL REFERENCES profiles(name), game TEXT NOT NULL, mode TEXT NOT NULL,
            rating REAL NOT NULL, rd REAL NOT NULL, volatility REAL NOT NULL, games INTEGER NOT NULL,
            updated REAL NOT NULL, PRIMARY KEY (name, game, mode))""",
        """CREATE TABLE profile_games (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL REFERENCES profiles(name), game TEXT NOT NULL, mode TEXT,
            table_id TEXT REFERENCES tables(id), seat INTEGER NOT NULL, record TEXT, unrated TEXT,
            rating_before REAL, rd_before REAL, volatility_before REAL, rating_after REAL, rd_after REAL,
            volatility_after REAL, games INTEGER, played REAL NOT NULL)""",
        "CREATE UNIQUE INDEX profile_games_table ON profile_games (table_id, seat) WHERE table_id IS NOT NULL",
        "CREATE INDEX profile_games_name ON profile_games (name, game, mode, played)",
        """CREATE TABLE profile_opponents (
            game_id INTEGER NOT NULL REFERENCES profile_games(id), seat INTEGER NOT NULL, opponent TEXT NOT NULL,
            player TEXT, rating REAL NOT NULL, rd REAL NOT NULL, score REAL NOT NULL, PRIMARY KEY (game_id, seat))""",
        "ALTER TABLE tables ADD COLUMN unrated TEXT",
    ),
    (  # 4: the puzzles of a person's mistakes (made by a review of their game) and how each was answered
        """CREATE TABLE puzzles (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL REFERENCES profiles(name), game TEXT NOT NULL,
            table_id TEXT REFERENCES tables(id), decision INTEGER NOT NULL, seat INTEGER NOT NULL,
            class TEXT NOT NULL, puzzle TEXT NOT NULL, created REAL NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
            solved INTEGER NOT NULL DEFAULT 0, last_answer TEXT, answered REAL)""",
        "CREATE UNIQUE INDEX puzzles_decision ON puzzles (name, table_id, decision)",
        "CREATE INDEX puzzles_name ON puzzles (name, game, id)",
    ),
)


def token_hash(token: str) -> str:
    """What the store keeps of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class TableRow:
    """A table as stored: what it takes to seat it again."""

    id: str
    game: str
    rules: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    status: str
    created: float
    updated: float


class Store:
    """The database of a server (``:memory:`` for one that keeps nothing). The file is made when missing, its folder
    must exist (StoreError otherwise)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        check_folder(self.path)
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.DatabaseError as e:
            raise StoreError(f"database {self.path}: {e}") from None

    # --- schema -------------------------------------------------------------------------------------------

    @property
    def version(self) -> int:
        """The schema version of the file (0 for an empty file)."""
        has_meta = self.db.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'").fetchone()
        if not has_meta:
            if self.db.execute("SELECT 1 FROM sqlite_master").fetchone():
                raise StoreError(f"database {self.path}: not a kofun database (it has tables but no 'meta')")
            return 0
        row = self.db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        return int(row[0]) if row else 0

    def _migrate(self, target: int = SCHEMA_VERSION) -> None:
        version = self.version
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"database {self.path}: schema version {version} is newer than this kofun's ({SCHEMA_VERSION})"
            )
        for n in range(version + 1, target + 1):
            with self._transaction():
                for statement in MIGRATIONS[n - 1]:
                    self.db.execute(statement)
                self.db.execute("INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", (str(n),))

    def _transaction(self) -> Any:
        return _Transaction(self.db)

    # --- writing ------------------------------------------------------------------------------------------

    def create_table(self, row: TableRow, tokens: dict[int, str]) -> None:
        """A new table with the tokens of its human seats."""
        with self._transaction():
            self.db.execute(
                "INSERT INTO tables (id, game, rules, seed, seats, status, created, updated) VALUES (?,?,?,?,?,?,?,?)",
                (row.id, row.game, json.dumps(row.rules), row.seed, json.dumps(row.seats), row.status, row.created,
                 row.updated),
            )  # fmt: skip
            self.db.executemany(
                "INSERT INTO tokens VALUES (?,?,?)", [(token_hash(t), row.id, s) for s, t in tokens.items()]
            )

    def start_deal(self, table: str, deal: int, start: str, seed: int) -> None:
        """Deal `deal` of `table` starts from `start` (nothing happens when it was already written)."""
        with self._transaction():
            self.db.execute("INSERT OR IGNORE INTO deals (table_id, deal, start, seed) VALUES (?,?,?,?)",
                            (table, deal, start, seed))  # fmt: skip

    def add_move(self, table: str, deal: int, ply: int, move: str) -> None:
        """The move played at `ply` of `deal` (one transaction)."""
        now = time.time()
        with self._transaction():
            self.db.execute("INSERT INTO moves VALUES (?,?,?,?,?)", (table, deal, ply, move, now))
            self.db.execute("UPDATE tables SET updated=? WHERE id=?", (now, table))

    def take_back(self, table: str, deal: int, ply: int) -> None:
        """Removes the moves of `deal` from `ply` on."""
        with self._transaction():
            self.db.execute("DELETE FROM moves WHERE table_id=? AND deal=? AND ply>=?", (table, deal, ply))

    def end_deal(self, table: str, deal: DealRecord, index: int) -> None:
        """Deal `index` ended (finished or left) as `deal` says."""
        with self._transaction():
            self.db.execute(
                "UPDATE deals SET final=?, returns=?, scores=?, finished=? WHERE table_id=? AND deal=?",
                (deal.final, json.dumps(deal.returns), json.dumps(deal.scores), int(deal.finished), table, index),
            )

    def finish(self, table: str, status: str, record: GameRecord) -> None:
        """The table's game is over (`status` finished or abandoned) with this record."""
        with self._transaction():
            self.db.execute("UPDATE tables SET status=?, record=?, updated=? WHERE id=?",
                            (status, json.dumps(record.to_dict()), time.time(), table))  # fmt: skip

    # --- reading ------------------------------------------------------------------------------------------

    def seat_of(self, token: str) -> tuple[str, int] | None:
        """The (table, seat) a token opens, or None."""
        row = self.db.execute("SELECT table_id, seat FROM tokens WHERE hash=?", (token_hash(token),)).fetchone()
        return (str(row[0]), int(row[1])) if row else None

    def table(self, table: str) -> TableRow | None:
        """The stored table `table`, or None."""
        rows = self._tables("WHERE id=?", (table,))
        return rows[0] if rows else None

    def tables(self, status: str | None = None, ids: Iterable[str] | None = None) -> list[TableRow]:
        """Stored tables, newest first: all, those of one status, or those of the given ids."""
        if ids is not None:
            wanted = sorted(set(ids))
            marks = ",".join("?" * len(wanted))
            return self._tables(f"WHERE id IN ({marks}) ORDER BY updated DESC", wanted) if wanted else []
        if status is not None:
            return self._tables("WHERE status=? ORDER BY updated DESC", (status,))
        return self._tables("ORDER BY updated DESC", ())

    def tables_of_tokens(self, tokens: Iterable[str]) -> list[TableRow]:
        """The tables the given seat tokens open."""
        hashes = [token_hash(t) for t in tokens]
        if not hashes:
            return []
        marks = ",".join("?" * len(hashes))
        ids = [r[0] for r in self.db.execute(f"SELECT DISTINCT table_id FROM tokens WHERE hash IN ({marks})", hashes)]
        return self.tables(ids=ids)

    def _tables(self, where: str, args: Sequence[Any]) -> list[TableRow]:
        query = f"SELECT id, game, rules, seed, seats, status, created, updated FROM tables {where}"
        return [
            TableRow(r[0], r[1], json.loads(r[2]), int(r[3]), json.loads(r[4]), r[5], float(r[6]), float(r[7]))
            for r in self.db.execute(query, tuple(args))
        ]

    def record(self, row: TableRow, planned_deals: int, teams: list[int]) -> GameRecord:
        """The game record as stored: every deal written so far with its moves (the last one unfinished while the
        game goes on). A finished game's saved record is returned as it was saved."""
        saved = self.db.execute("SELECT record FROM tables WHERE id=?", (row.id,)).fetchone()
        if saved and saved[0]:
            return GameRecord.from_dict(json.loads(saved[0]))
        deals = []
        for d, start, seed, final, returns, scores, finished in self.db.execute(
            "SELECT deal, start, seed, final, returns, scores, finished FROM deals WHERE table_id=? ORDER BY deal",
            (row.id,),
        ):
            moves = [m for (m,) in self.db.execute(
                "SELECT move FROM moves WHERE table_id=? AND deal=? ORDER BY ply", (row.id, d))]  # fmt: skip
            deals.append(DealRecord(start, moves, final or "", json.loads(returns or "[]"),
                                    json.loads(scores or "[]"), int(seed), bool(finished)))  # fmt: skip
        totals = [0.0] * len(row.seats)
        for deal in deals:
            if deal.finished:
                totals = [a + b for a, b in zip(totals, deal.scores, strict=True)]
        return GameRecord(
            game=row.game, rules=dict(row.rules), seed=row.seed, agents=[s["agent"] for s in row.seats], teams=teams,
            deals=deals, scores=totals, finished=False, planned_deals=planned_deals,
        )  # fmt: skip

    # --- the players' profiles and ratings -------------------------------------------------------------------

    def add_profile(self, name: str) -> str:
        """The profile `name` (made when it is new); ProfileError when the name cannot be one. Returns the name
        as kept."""
        name = check_name(name)
        with self._transaction():
            self.db.execute("INSERT OR IGNORE INTO profiles VALUES (?,?)", (name, time.time()))
        return name

    def has_profile(self, name: str) -> bool:
        """True when the profile `name` exists."""
        return self.db.execute("SELECT 1 FROM profiles WHERE name=?", (name,)).fetchone() is not None

    def standing(self, name: str, game: str, mode: str) -> Standing | None:
        """The rating of `name` in (game, mode), None before its first rated game there."""
        row = self.db.execute(
            "SELECT rating, rd, volatility, games, updated FROM ratings WHERE name=? AND game=? AND mode=?",
            (name, game, mode),
        ).fetchone()
        return Standing(float(row[0]), float(row[1]), float(row[2]), int(row[3]), float(row[4])) if row else None

    def standings(self, name: str) -> dict[tuple[str, str], Standing]:
        """Every rating of `name`, by (game, mode)."""
        rows = self.db.execute(
            "SELECT game, mode, rating, rd, volatility, games, updated FROM ratings WHERE name=? ORDER BY game, mode",
            (name,),
        )
        return {(g, m): Standing(float(r), float(d), float(v), int(n), float(u)) for g, m, r, d, v, n, u in rows}

    def rate(self, build: Callable[[], list[RatedGame]]) -> list[RatedGame]:
        """Runs `build` (which reads the standings it needs and rates the game) and writes the games it returns
        — each profile's new rating and its log entry — in one transaction, so that two writers never rate from
        the same old rating and a game is logged whole or not at all. A table's seat is logged once: a game
        already logged is left as it is."""
        with self._transaction():
            games = build()
            for g in games:
                self._log_game(g)
        return games

    def _log_game(self, g: RatedGame) -> None:
        if g.table is not None and self.rated_game(g.table, g.seat) is not None:
            return
        self.db.execute("INSERT OR IGNORE INTO profiles VALUES (?,?)", (g.name, g.played))
        b, a = g.before, g.after
        cursor = self.db.execute(
            "INSERT INTO profile_games (name, game, mode, table_id, seat, record, unrated, rating_before, rd_before,"
            " volatility_before, rating_after, rd_after, volatility_after, games, played)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (g.name, g.game, g.mode, g.table, g.seat, g.record, g.unrated, b and b.rating, b and b.rd,
             b and b.volatility, a and a.rating, a and a.rd, a and a.volatility, a and a.games, g.played),
        )  # fmt: skip
        self.db.executemany(
            "INSERT INTO profile_opponents VALUES (?,?,?,?,?,?,?)",
            [(cursor.lastrowid, f.opponent.seat, f.opponent.name, f.opponent.player, f.opponent.rating,
              f.opponent.rd, f.score) for f in g.faced],
        )  # fmt: skip
        if a is not None and g.mode is not None:
            self.db.execute(
                "INSERT OR REPLACE INTO ratings VALUES (?,?,?,?,?,?,?,?)",
                (g.name, g.game, g.mode, a.rating, a.rd, a.volatility, a.games, a.updated),
            )

    def rated_game(self, table: str, seat: int) -> RatedGame | None:
        """What the game of `table` did to the profile at `seat`, None when nothing was logged."""
        found = self.profile_games("table_id=? AND seat=?", (table, seat))
        return found[0] if found else None

    def profile_games(self, where: str = "1", args: Sequence[Any] = ()) -> list[RatedGame]:
        """The logged games (the oldest first) where `where` holds, e.g. ``profile_games("name=?", ("Ann",))``."""
        out = []
        query = (
            "SELECT id, name, game, mode, seat, rating_before, rd_before, volatility_before, rating_after, rd_after,"
            " volatility_after,"
            f" games, unrated, table_id, record, played FROM profile_games WHERE {where} ORDER BY played, id"
        )
        for i, name, game, mode, seat, rb, db, vb, ra, da, va, n, why, table, record, played in self.db.execute(
            query, tuple(args)
        ).fetchall():
            after = Standing(ra, da, va, n, played) if ra is not None else None
            before = Standing(rb, db, vb, (n or 1) - 1) if rb is not None else None
            faced = [
                Faced(Opponent(s, o, r, d, p), score)
                for s, o, p, r, d, score in self.db.execute(
                    "SELECT seat, opponent, player, rating, rd, score FROM profile_opponents WHERE game_id=?"
                    " ORDER BY seat",
                    (i,),
                )
            ]
            out.append(RatedGame(name, game, mode, seat, before, after, faced, why, table, record, played))
        return out

    def mark_unrated(self, table: str, reason: str) -> None:
        """The table no longer counts for a rating, for `reason` (the first reason given is kept)."""
        with self._transaction():
            self.db.execute("UPDATE tables SET unrated=? WHERE id=? AND unrated IS NULL", (reason, table))

    def unrated(self, table: str) -> str | None:
        """Why the table no longer counts for a rating (None: nothing against it)."""
        row = self.db.execute("SELECT unrated FROM tables WHERE id=?", (table,)).fetchone()
        return str(row[0]) if row and row[0] is not None else None

    def set_seats(self, table: str, seats: list[dict[str, Any]]) -> None:
        """The table's seats as they now are (a person gave their name when joining)."""
        with self._transaction():
            self.db.execute("UPDATE tables SET seats=? WHERE id=?", (json.dumps(seats), table))

    @property
    def puzzles(self) -> PuzzleBook:
        """The profiles' puzzles (schema version 4)."""
        return PuzzleBook(self.db, self._transaction)

    def close(self) -> None:
        """Closes the file."""
        self.db.close()


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on an error): one write is all or nothing."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: Any, value: Any, tb: Any) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")


__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "DatabaseLock",
    "Store",
    "StoreError",
    "TableRow",
    "check_folder",
    "token_hash",
]
