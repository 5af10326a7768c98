"""``kofun play --player NAME``: the person's own rating in the game's mode (:mod:`solver.rating.profiles`), kept in
the same SQLite file as ``kofun serve``'s games (``--db``, default the data folder's ``games.sqlite3``). Before the
first move the rating is said (or where a new profile starts); at the end the new rating and the change, or
``unrated: why``. Without ``--player`` nothing is stored."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import click

from ..play.match import ForwardingObserver, MatchObserver
from ..play.record import GameRecord
from ..rating.profiles import (
    Opponent,
    RatedGame,
    RatedMode,
    check_name,
    rate_seat,
    rated_mode,
    rd_of_interval,
    unrated_reason,
)
from ..web.store import Store
from .common import Setup

TOOK_BACK = "a move was taken back"


class Opposition(Protocol):
    """What is read of the AI seat of ``kofun play`` (its :class:`~solver.cli.play.RatedAI`)."""

    rating: float | None
    interval: tuple[float, float] | None
    what: str
    notes: list[str]


def _not_rated(ai: Opposition) -> str:
    """Why an unrated AI is not rated, as its note before the game said it ('opponent: WHAT (WHY)')."""
    note = next((n for n in ai.notes if n.startswith(f"opponent: {ai.what} (")), "")
    why = note.removeprefix(f"opponent: {ai.what} (").removesuffix(")") if note else "not a rated level"
    return f"the opponent {ai.what} is not rated ({why})"


class PlayerRating:
    """The rating of the person `name` for one game at the terminal. `marked` is a reason known before the game
    that it does not count (it starts from a given position, it goes on from a saved record)."""

    def __init__(self, store: Store, name: str, s: Setup, ai: Opposition, marked: str | None = None) -> None:
        self.store, self.s, self.ai, self.marked = store, s, ai, marked
        self.name = store.add_profile(name)
        self.took_back = False
        try:
            self.mode: RatedMode | None = rated_mode(s.game, s.options)
            self.reason: str | None = None
        except ValueError as e:
            self.mode, self.reason = None, str(e)

    def opponent(self, seat: int) -> Opponent | str:
        """The AI in `seat` as the rating sees it: its ladder rating and the deviation of its interval."""
        ai = self.ai
        if ai.rating is None or ai.interval is None:
            return _not_rated(ai)
        return Opponent(seat, ai.what, float(ai.rating), rd_of_interval(*ai.interval))

    def before_line(self) -> str:
        """The line said before the first move."""
        why = self.reason or self.marked or (None if self.ai.rating is not None else _not_rated(self.ai))
        if why is not None or self.mode is None:
            return f"{self.name}: this game will not be rated: {why}"
        where = f"{self.name}'s rating in {self.mode.game} ({self.mode.mode})"
        now = self.store.standing(self.name, self.mode.game, self.mode.mode)
        if now is None:
            return f"{where}: no rating yet, starts at {self.mode.start().text()}"
        return f"{where}: {now.text()} ({now.games} rated game{'s' if now.games != 1 else ''})"

    def watch(self, inner: MatchObserver) -> MatchObserver:
        """An observer that tells `inner` everything and notes a take-back."""
        return _Watch(inner, self)

    def finish(self, record: GameRecord, human: int, teams: Sequence[int]) -> RatedGame:
        """Rates the game just played (or logs why it is not rated) and says so."""
        others = {o: self.opponent(o) for o in range(len(teams)) if teams[o] != teams[human]}
        marked = self.marked or (TOOK_BACK if self.took_back else None)
        why = unrated_reason(self.s.game, self.s.options, others, record.finished, marked=marked)
        mode = self.mode

        def build() -> list[RatedGame]:
            if why is not None or mode is None:
                game = RatedGame(self.name, self.s.game.name, mode.mode if mode else None, human, unrated=why)
            else:
                standing = self.store.standing(self.name, mode.game, mode.mode)
                rated = {o: v for o, v in others.items() if isinstance(v, Opponent)}
                game = rate_seat(self.name, mode, standing, human, teams, record.winners, rated)
            game.record = json.dumps(record.to_dict())
            return [game]

        [game] = self.store.rate(build)
        click.echo(game.text())
        return game


class _Watch(ForwardingObserver):
    def __init__(self, inner: MatchObserver, rating: PlayerRating) -> None:
        super().__init__(inner)
        self.rating = rating

    def taken_back(self, state: Any) -> None:
        self.rating.took_back = self.rating.took_back or state is not None
        super().taken_back(state)


def open_rating(
    player: str | None, db: str | None, s: Setup, ai: Opposition, marked: str | None = None
) -> PlayerRating | None:
    """The person's rating for this game (None without --player), its line said before the first move. The
    database is --db, else the one ``kofun serve`` uses."""
    if player is None:
        return None
    from ..web.server import default_db

    check_name(player)  # a bad name is said before the database is opened
    rating = PlayerRating(Store(Path(db) if db is not None else default_db()), player, s, ai, marked)
    click.echo(rating.before_line())
    return rating


__all__ = ["PlayerRating", "open_rating"]
