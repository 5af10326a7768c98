"""A table of ``kofun serve``: its seats (a person holding a token, or an engine agent), the :class:`Match` that
plays it step by step, and what each seat is shown.

Data flows one way: a move comes in → :meth:`Table.play` checks it and hands it to the match → the match applies
it and (through this table, its observer) the store writes it → each seat's view goes out. An engine seat's move
comes in the same way, from the search pool (:mod:`solver.web.hub`).

A seat is only ever shown its own view (:meth:`Table.state_for`): the board drawn from its information state,
its own legal moves, the public form of everybody's moves (:meth:`GameInfo.public_move`), scores. The game
record, which holds every hidden card, is given only once the game is over (or at once for a game without hidden
information).
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from ..games import GameInfo, get_game
from ..play.agents import Agent, GreedyAgent, RandomAgent, SearchAgent
from ..play.match import Match, MatchObserver
from ..play.record import GameRecord
from ..rating.choose import agent_of, choose
from ..rating.ladders import shipped_ladder
from ..rating.levels import RatedLevel, ladder_levels
from ..search.settings import SearchSettings
from .boards import board_of, legal_of
from .protocol import AISeat, HumanSeat
from .ratings import TOOK_BACK, UPLOADED, human_entry, rate_table, rating_message, register_players
from .rule_words import rules_in_words
from .seat_names import result_words, seat_names
from .store import Store, TableRow

PLAYING, FINISHED, ABANDONED = "playing", "finished", "abandoned"


class TableError(ValueError):
    """A request a table refuses: not this seat's turn, an illegal move, a finished game, ..."""


class RemoteHuman:
    """The agent of a person's seat: the person's moves come in through the protocol, never from ``choose``."""

    name = "human"
    sees_everything = False

    def choose(self, view: Any, rng: Any) -> int:
        raise TableError("a person's seat moves through the protocol")

    def settings(self) -> dict[str, Any]:
        return {"kind": "human"}


def rated_levels(game: str | GameInfo, rules: dict[str, Any]) -> list[RatedLevel]:
    """The levels 1..8 a person can choose on the game's ladder for these rules, weakest first, 8 being full
    strength (:func:`solver.rating.levels.ladder_levels`). ValueError when the mode has no ladder yet."""
    return ladder_levels(shipped_ladder(get_game(game), rules))


def level_entry(number: int, lv: RatedLevel) -> dict[str, Any]:
    """A level as the lobby shows it: number, name, rating with its 95% interval (None: full strength not rated
    yet), budget, and whether it is full strength."""
    c = lv.choice
    rated = lv.rated
    return {
        "level": number, "name": c.name, "budget": c.budget, "full": lv.full, "rated": rated,
        "rating": round(c.rating) if rated else None, "low": round(c.low) if rated else None,
        "high": round(c.high) if rated else None,
    }  # fmt: skip


def ai_agent(info: GameInfo, rules: dict[str, Any], seat: AISeat) -> tuple[Agent, dict[str, Any]]:
    """The engine agent a seat asks for and what the page says of it (name, rating and interval, or unrated)."""
    given = [x for x in (seat.level, seat.rating, seat.time) if x is not None]
    if len(given) != 1:
        raise TableError("an AI seat needs exactly one of level, rating or time")
    if seat.time is not None:
        settings = SearchSettings(time=seat.time, threads=1)
        agent: Agent = SearchAgent(info, settings, rules, name=f"full strength by the clock ({seat.time:g} s a move)")
        return agent, {"name": agent.name, "rated": False, "note": "full strength by the clock: not rated"}
    ladder = shipped_ladder(info, rules)
    if seat.level is not None:
        levels = ladder_levels(ladder)
        if seat.level > len(levels):
            raise TableError(f"level: {info.name} has levels 1 to {len(levels)} under these rules")
        lv = levels[seat.level - 1]
        agent = agent_of(info, lv.choice, rules)
        name = f"level {seat.level} ({lv.choice.name}{', full strength' if lv.full else ''})"
        if not lv.rated:
            return agent, {"name": name, "rated": False, "note": "full strength: not rated yet"}
        c = lv.choice
        return agent, {"name": name, "rated": True, "rating": round(c.rating), "low": round(c.low),
                       "high": round(c.high)}  # fmt: skip
    assert seat.rating is not None
    pick = choose(ladder, seat.rating)
    agent = agent_of(info, pick, rules)
    shown = {"name": f"{agent.name} (rated {pick.rating:.0f})", "rated": True, "rating": round(pick.rating),
             "low": round(pick.low), "high": round(pick.high)}  # fmt: skip
    return agent, shown


def agent_from_record(info: GameInfo, rules: dict[str, Any], entry: dict[str, Any]) -> Agent:
    """The agent a record's seat entry (``{"name", "kind", ...settings}``) describes, rebuilt to make the same
    decisions again."""
    kind = entry.get("kind")
    if kind == "human":
        return RemoteHuman()
    if kind == "random":
        return RandomAgent()
    if kind == "greedy":
        return GreedyAgent(info)
    if kind == "search":
        settings = {k: v for k, v in entry.items() if k not in ("name", "kind")}
        return SearchAgent(info, SearchSettings.from_mapping(settings), rules, name=str(entry.get("name", "")))
    raise TableError(f"seat: an agent of kind {kind!r} cannot sit at a table")


def new_token() -> str:
    """An unguessable seat token."""
    return secrets.token_urlsafe(18)


class Table(MatchObserver):
    """One game being played (or kept after its end). Not thread-safe: the hub calls it from its event loop."""

    def __init__(self, row: TableRow, store: Store, record: GameRecord | None = None) -> None:
        self.id = row.id
        self.row = row
        self.store = store
        self.game = get_game(row.game)
        self.rules = self.game.check_options(row.rules)
        self.seats = row.seats
        self.status = row.status
        self.version = 0  # counts changes: a search started before a change does not move after it
        self.updated = row.updated  # when the table last changed (seconds since the epoch)
        agents = [agent_from_record(self.game, self.rules, s["agent"]) for s in self.seats]
        self.match = Match(self.game, agents, self.rules, row.seed, resume=record)
        self._final: Any = None
        self._replayed: list[tuple[int, str, str]] | None = None
        if self.status == PLAYING:
            self.match.begin(self)
            self._check_over()
        else:
            saved = record or store.record(row, self.match.deals, self.match.teams)
            self.match.record, self.match.done = saved, True  # kept to be viewed: nothing more is played
            self._final = self.game.parse(saved.final, self.rules)

    @classmethod
    def create(
        cls, store: Store, game: str, rules: dict[str, Any], seats: list[HumanSeat | AISeat], seed: int | None = None
    ) -> tuple[Table, dict[int, str]]:
        """A new table; returns it and the token of each human seat."""
        info = get_game(game)
        opts = info.check_options(rules)
        count = info.num_players(opts)
        if len(seats) != count:
            raise TableError(f"seats: {info.name} under these rules has {count} seats, got {len(seats)}")
        entries, tokens = [], {}
        for i, seat in enumerate(seats):
            if isinstance(seat, HumanSeat):
                tokens[i] = new_token()
                entries.append(human_entry(info, i, seat))
            else:
                agent, shown = ai_agent(info, opts, seat)
                entries.append({"kind": "ai", **shown, "agent": {"name": agent.name, **agent.settings()}})
        register_players(store, entries)
        now = time.time()
        table_seed = seed if seed is not None else secrets.randbelow(2**63)
        row = TableRow(secrets.token_hex(8), info.name, opts, table_seed, entries, PLAYING, now, now)
        store.create_table(row, tokens)
        return cls(row, store), tokens

    @classmethod
    def upload(
        cls, store: Store, record: GameRecord, seats: list[HumanSeat | AISeat] | None = None
    ) -> tuple[Table, dict[int, str]]:
        """A new table from a game record: an unfinished game goes on where it stopped (`seats` as given, default:
        a person where the record had one, the same engine agent elsewhere); a finished one is kept to be viewed."""
        info = get_game(record.game)
        opts = info.check_options(record.rules)
        if not record.deals:
            raise TableError("upload: the record has no deal")
        if seats is not None and len(seats) != len(record.agents):
            raise TableError(f"seats: the record has {len(record.agents)} seats, got {len(seats)}")
        entries, tokens = [], {}
        for i, entry in enumerate(record.agents):
            seat = seats[i] if seats is not None else None
            human = isinstance(seat, HumanSeat) or (seat is None and entry.get("kind") == "human")
            if human:
                tokens[i] = new_token()
                entries.append(human_entry(info, i, seat if isinstance(seat, HumanSeat) else None))
            elif isinstance(seat, AISeat):
                agent, shown = ai_agent(info, opts, seat)
                entries.append({"kind": "ai", **shown, "agent": {"name": agent.name, **agent.settings()}})
            else:
                agent = agent_from_record(info, opts, entry)
                shown = {"name": str(entry.get("name", agent.name)), "rated": False, "note": "from the record"}
                entries.append({"kind": "ai", **shown, "agent": {"name": agent.name, **agent.settings()}})
        if record.finished and not tokens:  # engines only: a token to look at the finished game from seat 0
            tokens[0] = new_token()
        register_players(store, entries)
        now = time.time()
        status = PLAYING if not record.finished else FINISHED
        row = TableRow(secrets.token_hex(8), info.name, opts, record.seed, entries, status, now, now)
        store.create_table(row, tokens)
        if status == PLAYING:
            store.mark_unrated(row.id, UPLOADED)
        for k, deal in enumerate(record.deals):
            store.start_deal(row.id, k, deal.start, deal.seed)
            for ply, move in enumerate(deal.moves):
                store.add_move(row.id, k, ply, move)
            if deal.finished:
                store.end_deal(row.id, deal, k)
        if record.finished:
            store.finish(row.id, FINISHED, record)
        try:
            return cls(row, store, record), tokens
        except ValueError as e:
            raise TableError(f"upload: {e}") from None

    # --- the match's observer: every change is written as it happens ---------------------------------------

    def deal_started(self, index: int, state: Any) -> None:
        self.store.start_deal(self.id, index, self.game.notation(state), self.match.deal_seed)

    def moved(self, before: Any, move: str, seat: int, agent: Any, after: Any) -> None:
        self.store.add_move(self.id, self.match.deal_index, len(self.match.moves) - 1, move)

    def taken_back(self, state: Any) -> None:
        if state is not None:
            self.store.take_back(self.id, self.match.deal_index, len(self.match.moves))

    def deal_ended(self, index: int, final: Any, totals: list[float]) -> None:
        self.store.end_deal(self.id, self.match.record.deals[index], index)

    def abandoned(self, state: Any) -> None:
        pass  # the deal's end is written by _check_over

    # --- requests -----------------------------------------------------------------------------------------

    @property
    def playing(self) -> bool:
        """True while the game goes on."""
        return self.status == PLAYING

    @property
    def state(self) -> Any:
        """The full state now (the final one once the game is over)."""
        return self.match.state if self._final is None else self._final

    def seat_to_move(self) -> int | None:
        """The seat whose decision it is, None once the game is over."""
        return self.match.to_move if self.playing else None

    def ai_to_move(self) -> int | None:
        """The engine seat whose decision it is, else None."""
        seat = self.seat_to_move()
        return seat if seat is not None and self.seats[seat]["kind"] == "ai" else None

    def play(self, seat: int, text: str) -> str:
        """`seat` plays the move `text` (notation); TableError / NotationError / IllegalMoveError say why not."""
        self._check_turn(seat)
        view = self.match.observation(seat)
        move = int(view.parse_move(text))
        return self.push(move)

    def push(self, move: int) -> str:
        """Plays `move` for the seat to move (an engine's move comes in here)."""
        name = self.match.push(move)
        self._changed()
        self._check_over()
        return name

    def take_back(self, seat: int) -> None:
        """Takes back `seat`'s last decision and the replies to it: only at a table where every other seat is the
        engine's (a person cannot undo another person's move)."""
        if not self.playing:
            raise TableError("takeback: the game is over")
        if any(s["kind"] == "human" for i, s in enumerate(self.seats) if i != seat):
            raise TableError("takeback: only against the engine (another person sits at this table)")
        if not self.match.take_back(seat):
            raise TableError("takeback: nothing to take back in this deal")
        self.store.mark_unrated(self.id, TOOK_BACK)
        self._changed()

    def resign(self, seat: int) -> None:
        """`seat` leaves: the game ends unfinished and its record is kept."""
        if not self.playing:
            raise TableError("resign: the game is over")
        self.match.abandon()
        self._changed()
        self._check_over(resigned=seat)

    def _changed(self) -> None:
        self.version += 1
        self.updated = time.time()

    def _check_turn(self, seat: int) -> None:
        if not self.playing:
            raise TableError("move: the game is over")
        to_move = self.match.to_move
        if to_move != seat:
            raise TableError(f"move: it is not your turn ({self.seat_name(to_move or 0)} to move)")

    def _check_over(self, resigned: int | None = None) -> None:
        if not self.match.done:
            return
        record = self.match.record
        self.status = FINISHED if record.finished else ABANDONED
        if resigned is not None:
            self.resigned = resigned
        self._final = self.match.state
        if not record.finished:
            self.store.end_deal(self.id, record.deals[-1], len(record.deals) - 1)
        rate_table(self)  # before the table is marked over: a server stopped between the two rates it on restart
        self.store.finish(self.id, self.status, record)

    # --- what each seat is shown --------------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        """How the page names a seat."""
        return str(self.seats[seat].get("name") or self.game.player_name(seat))

    def public_moves(self, seat: int) -> list[str]:
        """The moves of the current deal (the last one once the game is over) as `seat` saw them: its own in full,
        the others' public form."""
        return [text if mover == seat else public for mover, text, public in self._deal_moves()]

    def _deal_moves(self) -> list[tuple[int, str, str]]:
        """(mover, move, public form) of each move of the current deal."""
        m = self.match
        if m.moves or self._final is None:
            return [(int(b.to_move()), t, self.game.public_move(b, t)) for b, t in zip(m.history, m.moves, strict=True)]
        if self._replayed is None:  # a finished table read back: its last deal replayed once
            deal = m.record.deals[-1]
            state, self._replayed = self.game.parse(deal.start, self.rules), []
            for text in deal.moves:
                before = state.clone()
                state.play(text)
                self._replayed.append((int(before.to_move()), text, self.game.public_move(before, text)))
        return self._replayed

    def view_of(self, seat: int) -> Any:
        """What `seat` sees now (its information state, or the position in a perfect-information game)."""
        return self.game.observe(self.state, seat)

    def state_for(self, seat: int) -> dict[str, Any]:
        """The ``state`` message of `seat`: its view only."""
        view = self.view_of(seat)
        to_move = self.seat_to_move()
        mine = to_move == seat and self.seats[seat]["kind"] == "human"
        record = self.match.record
        deal = self.match.deal_index if self.playing else len(record.deals) - 1
        names = seat_names(self.game, self.seats, seat)
        return {
            "table": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "rules": dict(self.rules),
            "seat": seat,
            "seats": [{**self.seat_entry(i), **n} for i, n in enumerate(names)],
            "rules_words": rules_in_words(self.game, self.rules),
            "teams": list(self.match.teams),
            "status": self.status,
            "deal": deal + 1,
            "deals": self.match.deals,
            "to_move": to_move,
            "your_turn": mine,
            "board": board_of(self.game, view),
            "legal": legal_of(self.game, view) if mine else [],
            "last": self.public_moves(seat),
            "scores": list(record.scores),
            "result": self.result([n["label"] for n in names]) if not self.playing else None,
            "can_take_back": self.playing and all(s["kind"] == "ai" for i, s in enumerate(self.seats) if i != seat),
            "record_available": self.record_available,
            "version": self.version,
            "rating": rating_message(self, seat),
            "revealed": self.revealed(seat),
        }

    def revealed(self, seat: int) -> list[dict[str, Any]]:
        """Once the game is over nothing is secret: the board of every other seat's view (its hand, its face-down
        tiles). Empty while the game runs, and in a game without hidden information."""
        if self.playing or not self.game.has_hidden_information:
            return []
        return [{"seat": s, "board": board_of(self.game, self.view_of(s))} for s in range(len(self.seats)) if s != seat]

    def seat_entry(self, seat: int) -> dict[str, Any]:
        """What every seat is told of a seat: kind, name, the engine's rating (never its token)."""
        s = self.seats[seat]
        keep = ("kind", "name", "player", "rated", "rating", "low", "high", "note")
        return {"seat": seat, **{k: s[k] for k in keep if k in s}}

    def result(self, labels: list[str] | None = None) -> dict[str, Any]:
        """Who won and by how much, in numbers and words: `text` names the seats by their names at the table (the
        protocol's), `words` as a viewer sees them (`labels`: "you", "the engine", ...)."""
        rec = self.match.record
        shown = labels or [n["label"] for n in seat_names(self.game, self.seats, None)]
        resigned, over = getattr(self, "resigned", None), self.status == ABANDONED
        text = result_words(rec, [self.seat_name(i) for i in range(len(self.seats))], resigned, over)
        winners = [] if over or len(self.seats) == 1 else list(rec.winners)
        return {"winners": winners, "scores": list(rec.scores), "text": text,
                "words": result_words(rec, shown, resigned, over)}  # fmt: skip

    @property
    def record_available(self) -> bool:
        """True when the record may be given out: the game is over, or it hides nothing."""
        return not self.playing or not self.game.has_hidden_information

    def record(self) -> GameRecord:
        """The game record (the same JSON as ``kofun play --record``)."""
        if not self.record_available:
            raise TableError("record: a running game's record shows every hidden card; it is given at the end")
        return self.match.current_record()

    def summary(self, viewer: int | None = None) -> dict[str, Any]:
        """One line of the list of tables: public facts only (the seats named as `viewer` sees them)."""
        names = seat_names(self.game, self.seats, viewer)
        return {
            "table": self.id, "game": self.game.name, "title": self.game.title, "rules": dict(self.rules),
            "status": self.status, "seats": [{**self.seat_entry(i), **n} for i, n in enumerate(names)],
            "to_move": self.seat_to_move(), "scores": list(self.match.record.scores),
            "result": self.result()["text"] if not self.playing else None,
            "result_words": self.result([n["label"] for n in names])["words"] if not self.playing else None,
            "created": self.row.created, "updated": self.updated,
        }  # fmt: skip


def check_move_text(text: str) -> str:
    """A move as typed: ASCII notation only (NotationError otherwise)."""
    from ..games.base import check_notation_text

    return check_notation_text(text, "move")


__all__ = ["ABANDONED", "FINISHED", "PLAYING", "Table", "TableError", "check_move_text", "rated_levels"]
