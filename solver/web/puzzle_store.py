"""The profiles' puzzles in the server's SQLite file (the ``puzzles`` table of schema version 4,
:mod:`solver.web.store`): each mistake of a person's seat a review found, kept once per (name, table, decision),
with how it was answered. A puzzle is **new** before its first answer, **solved** once an answer was among the
moves the review accepts, **missed** while every answer so far was not."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..review.puzzles import Puzzle

NEW, SOLVED, MISSED = "new", "solved", "missed"


@dataclass(frozen=True)
class PuzzleRow:
    """A kept puzzle: its number, whose it is, the table and decision it comes from, the puzzle, and its answers
    (how many, the last move given, when, and whether one was right)."""

    id: int
    name: str
    table: str | None
    puzzle: Puzzle
    created: float
    attempts: int
    solved: bool
    last_answer: str | None
    answered: float | None

    @property
    def status(self) -> str:
        """'new', 'solved' or 'missed'."""
        return SOLVED if self.solved else MISSED if self.attempts else NEW


_COLUMNS = "id, name, table_id, puzzle, created, attempts, solved, last_answer, answered"


class PuzzleBook:
    """The puzzles of every profile of one database (the store's connection and its transactions)."""

    def __init__(self, db: sqlite3.Connection, transaction: Callable[[], Any]) -> None:
        self.db = db
        self._transaction = transaction

    def add(self, name: str, table: str | None, puzzles: Iterable[Puzzle]) -> int:
        """Keeps `puzzles` for the profile `name` (made when new), from `table`; a decision already kept for it is
        left as it is (its answers too). Returns how many were new."""
        now = time.time()
        added = 0
        with self._transaction():
            self.db.execute("INSERT OR IGNORE INTO profiles VALUES (?,?)", (name, now))
            for p in puzzles:
                cursor = self.db.execute(
                    "INSERT OR IGNORE INTO puzzles (name, game, table_id, decision, seat, class, puzzle, created)"
                    " VALUES (?,?,?,?,?,?,?,?)",
                    (name, p.game, table, p.index, p.seat, p.cls, json.dumps(p.to_dict()), now),
                )
                added += cursor.rowcount
        return added

    def of(self, name: str, game: str | None = None, table: str | None = None) -> list[PuzzleRow]:
        """The puzzles of `name` (of one game, of one table), oldest first."""
        where, args = ["name=?"], [name]
        if game is not None:
            where.append("game=?")
            args.append(game)
        if table is not None:
            where.append("table_id=?")
            args.append(table)
        query = f"SELECT {_COLUMNS} FROM puzzles WHERE {' AND '.join(where)} ORDER BY id"
        return [_row(r) for r in self.db.execute(query, args)]

    def get(self, puzzle_id: int) -> PuzzleRow | None:
        """Puzzle `puzzle_id`, None when there is none."""
        found = self.db.execute(f"SELECT {_COLUMNS} FROM puzzles WHERE id=?", (puzzle_id,)).fetchone()
        return _row(found) if found else None

    def answer(self, puzzle_id: int, move: str, correct: bool) -> PuzzleRow:
        """An answer given to puzzle `puzzle_id` (one transaction): counted, kept as the last, solved if right."""
        with self._transaction():
            self.db.execute(
                "UPDATE puzzles SET attempts=attempts+1, solved=MAX(solved, ?), last_answer=?, answered=? WHERE id=?",
                (int(correct), move, time.time(), puzzle_id),
            )
        row = self.get(puzzle_id)
        assert row is not None
        return row

    def counts(self, name: str, game: str | None = None, table: str | None = None) -> dict[str, int]:
        """How many puzzles `name` has (of one game, of one table): in all, solved, missed and not answered yet."""
        rows = self.of(name, game, table)
        statuses = [r.status for r in rows]
        return {"puzzles": len(rows), SOLVED: statuses.count(SOLVED), MISSED: statuses.count(MISSED),
                NEW: statuses.count(NEW)}  # fmt: skip


def _row(r: Any) -> PuzzleRow:
    i, name, table, puzzle, created, attempts, solved, last, answered = r
    return PuzzleRow(int(i), str(name), table, Puzzle.from_dict(json.loads(puzzle)), float(created), int(attempts),
                     bool(solved), last, answered)  # fmt: skip


__all__ = ["MISSED", "NEW", "SOLVED", "PuzzleBook", "PuzzleRow"]
