"""The players' own ratings at the tables of ``kofun serve``: a person's seat named by their profile, the game rated
when it ends (:mod:`solver.rating.profiles`, kept in the store), what the table page and the lobby are told.

A seat with a ``player`` is that profile's: the seat is named by it, and when the game is over the profile's
rating in the mode is updated — against every engine seat of the other side(s) at the rating of its level (its 95%
interval gives its deviation), and against another person by their current rating and deviation (both people are
rated from their ratings before the game). A table marked unrated (a take-back, an uploaded record) and a game
against an unrated seat are logged with the reason.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..games import GameInfo, get_game
from ..rating.profiles import (
    Opponent,
    ProfileError,
    RatedGame,
    RatedMode,
    Standing,
    check_name,
    rate_seat,
    rated_mode,
    rd_of_interval,
    unrated_reason,
)
from .protocol import HumanSeat
from .store import Store


class Table(Protocol):
    """What this module reads of a :class:`solver.web.tables.Table` (which calls it: no import back)."""

    id: str
    seats: list[dict[str, Any]]
    store: Store
    game: GameInfo
    rules: dict[str, Any]
    match: Any

    @property
    def playing(self) -> bool: ...

    def seat_name(self, seat: int) -> str: ...


TOOK_BACK = "a move was taken back"
UPLOADED = "the game went on from an uploaded record"


def human_entry(info: GameInfo, seat: int, asked: HumanSeat | None) -> dict[str, Any]:
    """A person's seat as stored: named by the profile when it has one (`player`), else by the name given, else the
    game's name for the seat."""
    player = check_name(asked.player) if asked is not None and asked.player is not None else None
    name = player or (asked.name if asked is not None and asked.name else info.player_name(seat))
    entry: dict[str, Any] = {"kind": "human", "name": name, "agent": {"kind": "human"}}
    if player is not None:
        entry["player"] = player
    return entry


def register_players(store: Store, seats: list[dict[str, Any]]) -> None:
    """Checks that no profile sits at two seats of one table and makes the profiles that are new."""
    players = [s["player"] for s in seats if s.get("player")]
    for name in players:
        if players.count(name) > 1:
            raise ProfileError(f"player: {name} cannot sit at two seats of one table")
    for name in players:
        store.add_profile(name)


def claim_seat(table: Table, seat: int, player: str) -> bool:
    """The person joining `seat` gives their profile name (an invited person): the seat is named by it from now
    on. True when the seat changed."""
    name = check_name(player)
    entry = table.seats[seat]
    if entry.get("player") == name:
        return False
    if entry["kind"] != "human":
        raise ProfileError("join: an engine's seat has no player")
    if entry.get("player"):
        raise ProfileError(f"join: this seat is played by {entry['player']}")
    if not table.playing:
        raise ProfileError("join: the game is over: its seats keep their names")
    register_players(table.store, [*(s for i, s in enumerate(table.seats) if i != seat), {"player": name}])
    entry["player"], entry["name"] = name, name
    table.store.set_seats(table.id, table.seats)
    return True


def _opponent(table: Table, seat: int, standings: dict[str, Standing], mode: RatedMode | None) -> Opponent | str:
    """The rating an opponent seat is held at, or why it has none."""
    entry = table.seats[seat]
    name = table.seat_name(seat)
    if entry["kind"] == "ai":
        if entry.get("rated") and entry.get("low") is not None and entry.get("high") is not None:
            return Opponent(seat, name, float(entry["rating"]), rd_of_interval(entry["low"], entry["high"]))
        return f"the opponent {name} is not rated ({entry.get('note') or 'not a rated level'})"
    player = entry.get("player")
    if not player:
        return f"the opponent {name} is a person without a player name"
    if mode is None:
        return "no rated mode"
    now = standings.get(player) or mode.start()
    return Opponent(seat, name, now.rating, now.rd, player)


def rate_table(table: Table) -> list[RatedGame]:
    """Rates the game of a table that has just ended for each person with a profile at it (once: a table already
    rated is left as it is); returns what was logged."""
    people = [i for i, s in enumerate(table.seats) if s.get("player")]
    if not people or table.playing:
        return []
    store, info = table.store, table.game
    record = table.match.record
    resigned: int | None = getattr(table, "resigned", None)

    def build() -> list[RatedGame]:
        if all(store.rated_game(table.id, i) is not None for i in people):
            return []
        try:
            mode: RatedMode | None = rated_mode(info, table.rules)
        except ValueError:
            mode = None
        standings: dict[str, Standing] = {}
        for i in people:
            known = store.standing(table.seats[i]["player"], info.name, mode.mode) if mode is not None else None
            if known is not None:
                standings[table.seats[i]["player"]] = known
        games = []
        for i in people:
            name = table.seats[i]["player"]
            teams = table.match.teams
            others = {o: _opponent(table, o, standings, mode) for o in range(len(teams)) if teams[o] != teams[i]}
            why = unrated_reason(info, table.rules, others, record.finished, resigned is not None,
                                 store.unrated(table.id))  # fmt: skip
            if why is not None or mode is None:
                game = RatedGame(name, info.name, mode.mode if mode else None, i, unrated=why or "no rated mode")
            else:
                rated = {o: v for o, v in others.items() if isinstance(v, Opponent)}
                game = rate_seat(name, mode, standings.get(name), i, teams, record.winners, rated, resigned)
            game.table = table.id
            games.append(game)
        return games

    return store.rate(build)


def rating_message(table: Table, seat: int) -> dict[str, Any] | None:
    """What the ``state`` of `seat` says of its person's rating once the game is over: the new rating, its
    deviation and the change, or why the game was not rated (None: no profile at this seat, or still playing)."""
    player = table.seats[seat].get("player")
    if table.playing or not player:
        return None
    game = table.store.rated_game(table.id, seat)
    if game is None:
        return None
    return game_message(game)


def game_message(game: RatedGame) -> dict[str, Any]:
    """A logged game as the protocol gives it."""
    out: dict[str, Any] = {"player": game.name, "game": game.game, "mode": game.mode, "rated": game.after is not None}
    if game.after is None or game.before is None:
        return {**out, "reason": game.unrated, "text": game.text()}
    return {
        **out, "rating": round(game.after.rating, 2), "rd": round(game.after.rd, 2),
        "before": round(game.before.rating, 2), "rd_before": round(game.before.rd, 2),
        "change": round(game.change, 2), "games": game.after.games, "text": game.text(),
        "opponents": [{"seat": f.opponent.seat, "name": f.opponent.name, "rating": round(f.opponent.rating, 2),
                       "rd": round(f.opponent.rd, 2), "score": f.score} for f in game.faced],
    }  # fmt: skip


def profile_message(store: Store, name: str, game: str, rules: dict[str, Any]) -> dict[str, Any]:
    """The ``profile`` reply: the person's rating in the mode of these rules (None before their first rated game
    there: then `initial`, where they start), or why these rules are not rated."""
    name = check_name(name)
    info = get_game(game)
    opts = info.check_options(rules)
    out: dict[str, Any] = {"name": name, "game": info.name, "rules": opts, "known": store.has_profile(name)}
    try:
        mode = rated_mode(info, opts)
    except ValueError as e:
        return {**out, "mode": None, "rating": None, "initial": None, "unrated_reason": str(e)}
    now = store.standing(name, info.name, mode.mode)
    shown = None
    if now is not None:
        shown = {"rating": round(now.rating, 2), "rd": round(now.rd, 2), "volatility": round(now.volatility, 6),
                 "games": now.games, "updated": now.updated}  # fmt: skip
    start = mode.start()
    initial = {"rating": start.rating, "rd": start.rd}
    return {**out, "mode": mode.mode, "rating": shown, "initial": initial, "unrated_reason": None}


__all__ = [
    "TOOK_BACK",
    "UPLOADED",
    "claim_seat",
    "game_message",
    "human_entry",
    "profile_message",
    "rate_table",
    "rating_message",
    "register_players",
]
