"""A person's own rating: a local profile (a name) with a Glicko-2 rating per rated mode (:mod:`.glicko2`), updated
after each finished rated game — each game its own rating period, as lichess does. The opponents' ratings are
held fixed: an engine seat's is the ladder's rating of its level, with the deviation read off its 95% interval
(``RD = (high - low) / 2 / 1.96``); another person's is their current rating with its deviation.

This module decides whether a game counts and what it does to the rating; where it is kept is the caller's (the
web app's SQLite store, :mod:`solver.web.store`, shared by ``kofun play --player`` and ``kofun serve``).

A game is **unrated**, and says why, when the rules are not a rated mode (or its ladder is not shipped), when a
move was taken back, when an opponent is not rated (full strength by the clock, another algorithm, a person
without a name), when it was left before its end (a resignation is not: it is a loss), when it started from a
given position or went on from a saved record.
"""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..games import GameInfo, get_game
from .glicko2 import Game, Glicko, update
from .ladders import shipped_ladder
from .pools import mode_of

NAME_MAX = 40
#: A new profile's deviation in a mode: the usual Glicko start (an unknown player is anywhere in a wide range).
INITIAL_RD = 350.0
#: A new profile's volatility (the paper's example and lichess's start).
INITIAL_VOLATILITY = 0.06
#: 95% of a normal distribution lies within this many deviations: an interval's half-width over it is the RD.
Z95 = 1.96


class ProfileError(ValueError):
    """A profile name that cannot be used."""


def check_name(name: str) -> str:
    """A profile name as kept: blanks around it removed, 1 to 40 characters, no control characters. ProfileError
    says what is wrong."""
    if not isinstance(name, str):
        raise ProfileError(f"player name: a text of 1 to {NAME_MAX} characters, got {type(name).__name__}")
    kept = name.strip()
    if not kept:
        raise ProfileError(f"player name: 1 to {NAME_MAX} characters, got an empty name")
    if len(kept) > NAME_MAX:
        raise ProfileError(f"player name: 1 to {NAME_MAX} characters, got {len(kept)}")
    for ch in kept:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            raise ProfileError(f"player name: no control or invisible characters, got {ch!a} in {kept!a}")
    return kept


@dataclass(frozen=True)
class Standing:
    """A person's rating in one mode: rating (kofun's scale: random = 0, 400 points = 10:1 odds), deviation,
    volatility, rated games played, when it last changed (seconds since the epoch; 0: never)."""

    rating: float
    rd: float
    volatility: float
    games: int = 0
    updated: float = 0.0

    def glicko(self) -> Glicko:
        return Glicko(self.rating, self.rd, self.volatility)

    def text(self) -> str:
        """E.g. '1034 ± 350'."""
        return f"{self.rating:.0f} ± {self.rd:.0f}"


@dataclass(frozen=True)
class RatedMode:
    """The rated mode a game's rules select and where a new profile starts in it."""

    game: str
    mode: str
    initial: float

    def start(self) -> Standing:
        """A new profile's standing in this mode."""
        return Standing(self.initial, INITIAL_RD, INITIAL_VOLATILITY)


def initial_rating(game: str | GameInfo, rules: Mapping[str, Any] | None = None) -> float:
    """Where a new profile starts in the mode of these rules: half-way between the lowest and the highest measured
    rating of the ladder's default search, rounded to a whole point — the rating of the mode's middle level. A
    newcomer is assumed to be as strong as the middle of what the engine offers; with RD 350 the first few games
    move the rating fast toward where the person really is (random = 0 would take many games from far below)."""
    ladder = shipped_ladder(game, rules)
    ratings = [lv.rating for lv in ladder.main_levels() if lv.measured]
    if not ratings:
        raise ValueError(f"{ladder.game} ({ladder.mode}): the ladder has no measured search level")
    return float(round((min(ratings) + max(ratings)) / 2))


def rated_mode(game: str | GameInfo, rules: Mapping[str, Any] | None = None) -> RatedMode:
    """The rated mode of `game` under `rules` with its start; ValueError (the reason) when the rules are not a
    rated mode or its ladder is not shipped."""
    mode, info = mode_of(game, rules)
    return RatedMode(info.name, mode, initial_rating(info, rules))


def rd_of_interval(low: float, high: float) -> float:
    """The deviation of a rating given with its 95% interval: half its width over 1.96."""
    return (high - low) / 2 / Z95


@dataclass(frozen=True)
class Opponent:
    """A seat the person played against: its name, its rating and deviation (held fixed), the profile name when
    it is a person."""

    seat: int
    name: str
    rating: float
    rd: float
    player: str | None = None


@dataclass(frozen=True)
class Faced:
    """One opponent of a rated game and the person's score against it (1 win, 0.5 draw, 0 loss)."""

    opponent: Opponent
    score: float


@dataclass
class RatedGame:
    """What a finished game did to a person's profile: rated (before / after, the opponents faced) or not (the
    reason). `table` / `record` say which game it was (a web table's id; a terminal game's record as JSON)."""

    name: str
    game: str
    mode: str | None
    seat: int
    before: Standing | None = None
    after: Standing | None = None
    faced: list[Faced] = field(default_factory=list)
    unrated: str | None = None
    table: str | None = None
    record: str | None = None
    played: float = field(default_factory=time.time)

    @property
    def change(self) -> float:
        """The rating's change (0 when unrated)."""
        return self.after.rating - self.before.rating if self.after and self.before else 0.0

    def text(self) -> str:
        """The end-of-game line: the new rating and the change, or 'unrated: why'."""
        if self.unrated is not None or self.after is None or self.before is None:
            return f"unrated: {self.unrated}"
        return (
            f"{self.name}'s rating in {self.game} ({self.mode}): {self.after.text()} "
            f"({self.change:+.0f}, was {self.before.text()}; {self.after.games} rated game"
            f"{'s' if self.after.games != 1 else ''})"
        )


def scores_against(
    seat: int, teams: Sequence[int], winners: Sequence[int], resigned: int | None = None
) -> dict[int, float]:
    """The person's score against every seat of another team: 1 a win, 0 a loss, 0.5 a draw (the game's winners,
    teams counted: a side wins or loses together). After a resignation the resigner's side loses to every other
    side, and two sides that both stayed in have no result between them (left out)."""
    out: dict[int, float] = {}
    mine = teams[seat]
    for other, team in enumerate(teams):
        if team == mine:
            continue
        if resigned is not None:
            lost = teams[resigned]
            if lost not in (mine, team):
                continue
            out[other] = 0.0 if lost == mine else 1.0
            continue
        won, they_won = seat in winners, other in winners
        out[other] = 1.0 if won and not they_won else 0.0 if they_won and not won else 0.5
    return out


def rate(standing: Standing, faced: Sequence[Faced], now: float | None = None) -> Standing:
    """The standing after one game (one rating period) against `faced`: Glicko-2 with the opponents held fixed,
    the deviation never above a new profile's."""
    games = [Game(f.opponent.rating, f.opponent.rd, f.score) for f in faced]
    after = update(standing.glicko(), games, max_rd=INITIAL_RD)
    return Standing(after.rating, after.rd, after.volatility, standing.games + 1, time.time() if now is None else now)


def rate_seat(
    name: str,
    mode: RatedMode,
    standing: Standing | None,
    seat: int,
    teams: Sequence[int],
    winners: Sequence[int],
    opponents: Mapping[int, Opponent],
    resigned: int | None = None,
) -> RatedGame:
    """Rates the finished game of the person `name` in `seat` (standing None: a new profile in this mode) against
    the `opponents` (every seat of another team, rated), from the game's winners (or who resigned)."""
    before = standing or mode.start()
    scores = scores_against(seat, teams, winners, resigned)
    missing = [s for s in scores if s not in opponents]
    if missing:
        raise ValueError(f"rate: seat {missing[0]} has no rating")
    faced = [Faced(opponents[s], score) for s, score in sorted(scores.items())]
    if not faced:
        return RatedGame(name, mode.game, mode.mode, seat, unrated="no opponent to be rated against")
    now = time.time()
    return RatedGame(name, mode.game, mode.mode, seat, before, rate(before, faced, now), faced, played=now)


def unrated_reason(
    game: str | GameInfo,
    rules: Mapping[str, Any] | None,
    opponents: Mapping[int, Opponent | str],
    finished: bool,
    resigned: bool = False,
    marked: str | None = None,
) -> str | None:
    """Why a game does not count for a rating, None when it does: `opponents` maps each opponent seat to its
    rating or to the sentence that says why it has none; `finished` False with no resignation is a game left
    before its end; `marked` is a reason found while it was played (a take-back)."""
    info = get_game(game)
    try:
        rated_mode(info, rules)
    except ValueError as e:
        return str(e)
    if marked:
        return marked
    if not finished and not resigned:
        return "the game was left before its end"
    if not opponents:
        return "no opponent to be rated against"
    for _, opponent in sorted(opponents.items()):
        if isinstance(opponent, str):
            return opponent
    return None


__all__ = [
    "INITIAL_RD",
    "INITIAL_VOLATILITY",
    "NAME_MAX",
    "Faced",
    "Opponent",
    "ProfileError",
    "RatedGame",
    "RatedMode",
    "Standing",
    "check_name",
    "initial_rating",
    "rate",
    "rate_seat",
    "rated_mode",
    "rd_of_interval",
    "scores_against",
    "unrated_reason",
]
