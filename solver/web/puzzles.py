"""Learning from one's mistakes on the table protocol: when a review of a finished game is done, each mistake or
blunder of a seat that a person with a name (a profile) played becomes one of their puzzles, kept in the store
(:func:`keep_puzzles`); ``puzzles`` lists a person's puzzles with their counts, ``puzzle`` gives one — the
position as their seat saw it (its information state in a hidden-information game, read from its notation
alone), the board of it and its legal moves, never the answer — and ``answer`` judges a move
(:func:`solver.review.puzzles.answer`) and keeps it: the ``verdict`` says whether the review accepts it, and shows
the review's moves and line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..games import get_game
from ..rating.profiles import check_name
from ..review import DecisionReview, settle
from ..review.puzzles import answer, puzzle_state, puzzles_from
from . import protocol as p
from .boards import board_of, legal_of
from .client import Client
from .puzzle_store import PuzzleRow
from .sides import side_name, side_names
from .store import Store
from .tables import Table, TableError


def keep_puzzles(store: Store, table: Table, decisions: Sequence[DecisionReview]) -> list[dict[str, Any]]:
    """Keeps the puzzles of a finished table's reviewed `decisions` for each person's seat with a player (a
    profile name); what was kept per seat: its player, its puzzles and how many of them are new. Nothing while
    the game runs."""
    if table.playing:
        return []
    final = sorted(decisions, key=lambda d: d.index)
    if not table.game.has_hidden_information:
        final = settle(final, table.game.name)
    reviewed = {d.seat for d in final}
    out = []
    for seat, entry in enumerate(table.seats):
        name = entry.get("player")
        if entry.get("kind") == "ai" or not name or seat not in reviewed:
            continue
        found = puzzles_from(table.game.name, table.rules, final, [seat])
        added = store.puzzles.add(str(name), table.id, found)
        out.append({"seat": seat, "player": str(name), "puzzles": len(found), "new": added})
    return out


def listed(row: PuzzleRow) -> dict[str, Any]:
    """A puzzle in the list: where it comes from (its seat's name in the game's words: X, South, first seat) and
    how it was answered, not its answer."""
    z = row.puzzle
    info = get_game(z.game)
    return {
        "puzzle": row.id, "game": z.game, "title": info.title, "table": row.table, "decision": z.index,
        "deal": z.deal, "ply": z.ply, "seat": z.seat, "player": side_name(info, z.seat), "class": z.cls,
        "played": z.played,
        "status": row.status, "attempts": row.attempts, "created": row.created,
    }  # fmt: skip


def shown(row: PuzzleRow) -> dict[str, Any]:
    """The fields of the ``puzzle`` reply: the position as the seat saw it, its board and legal moves."""
    z = row.puzzle
    info = get_game(z.game)
    state = puzzle_state(z)
    count = int(getattr(state, "proxy", state).num_players)
    names = ["you" if seat == z.seat else name for seat, name in enumerate(side_names(info, count))]
    return {
        **listed(row), "rules": dict(z.rules), "hidden_information": info.has_hidden_information, "view": z.view,
        "position": z.position, "loss": z.loss, "unit": z.unit, "names": names, "board": board_of(info, state),
        "legal": legal_of(info, state), "last_answer": row.last_answer,
    }  # fmt: skip


class PuzzleRequests:
    """The hub's handlers of the puzzle requests (the hub gives the store)."""

    store: Store

    def _puzzle_row(self, name: str, puzzle: int) -> PuzzleRow:
        row = self.store.puzzles.get(puzzle)
        if row is None:
            raise TableError(f"puzzle {puzzle}: no such puzzle")
        if row.name != name:
            raise TableError(f"puzzle {puzzle}: not a puzzle of {name}")
        return row

    async def _on_puzzles(self, client: Client, r: p.Puzzles) -> None:
        name = check_name(r.name)
        game = get_game(r.game).name if r.game is not None else None
        book = self.store.puzzles
        rows = book.of(name, game, r.table)
        counts = book.counts(name, game, r.table)
        message = p.reply("puzzles", r.id, name=name, game=game, table=r.table, counts=counts,
                          puzzles=[listed(row) for row in rows])  # fmt: skip
        client.send(message)

    async def _on_puzzle(self, client: Client, r: p.GetPuzzle) -> None:
        name = check_name(r.name)
        client.send(p.reply("puzzle", r.id, name=name, **shown(self._puzzle_row(name, r.puzzle))))

    async def _on_answer(self, client: Client, r: p.Answer) -> None:
        name = check_name(r.name)
        row = self._puzzle_row(name, r.puzzle)
        verdict = answer(row.puzzle, r.move)
        after = self.store.puzzles.answer(row.id, verdict["move"], verdict["correct"])
        counts = self.store.puzzles.counts(name)
        client.send(p.reply("verdict", r.id, puzzle=row.id, name=name, **verdict, status=after.status,
                            attempts=after.attempts, counts=counts))  # fmt: skip


__all__ = ["PuzzleRequests", "keep_puzzles", "listed", "shown"]
