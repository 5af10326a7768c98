"""A kofun game as other frameworks model one: a sequence of chance events and decisions, and what each seat knows.

A :class:`Table` is one game of a kofun game under its rules — every deal of a match (Koi-Koi's ``rounds``) — as
OpenSpiel and PettingZoo see it:

- **Chance.** A game dealt at random (``GameInfo.random_setup``) starts each deal with :data:`SEED_BYTES` chance
  events of 256 equally likely outcomes: the bytes of the deal's 32-bit seed (little-endian), dealt by
  ``GameInfo.deal`` once the last byte is drawn. After the deal a kofun game has no chance left (the deal fixes the
  stock order, the dice, a second game's reshuffle): what the seats do not know is hidden, not yet to be drawn. So
  the chance events are explicit, each with a short list of outcomes, and a game is replayed from its actions alone.
  Connect Four and Sensei have no chance events.
- **Decisions.** The seat to move chooses a move (an action of :mod:`.actions`); illegal ones raise
  :class:`~solver._core.IllegalMoveError` naming the move.
- **What a seat knows.** Its *observation* is kofun's own view: the position's notation in a perfect-information
  game, the seat's information-state notation (``GameInfo.view``) in a hidden-information one. Its *information
  state* adds what it saw happen (perfect recall): the moves of every deal so far, its own in full and the others'
  as ``GameInfo.public_move`` shows them (an Ohanami pick is ``picks 2 cards``, a Haniwa face-down tile ``?a1*``).
  Neither ever holds the seed bytes or anything the seat's view hides.
- **Returns** are the sum over the deals of kofun's ``returns``, given when the game ends (0 before).

:func:`mode_facts` says what a mode is for a framework's type declaration: players, zero-sum or not, bounds on the
returns and on the game's length (docs/interop.md, "What the GameType says").
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from .. import _core
from ..games import GameInfo, get_game
from ..games.koikoi import GAME as KOIKOI
from .actions import Codec, codec

SEED_BYTES = 4
CHANCE_OUTCOMES = 256


@dataclass(frozen=True)
class ModeFacts:
    """What a framework declares of a game under given rules."""

    players: int
    zero_sum: bool
    min_return: float
    max_return: float
    max_moves: int  # decisions in a whole game (every deal)
    deals: int
    chance: bool  # random deals: SEED_BYTES chance events before each deal
    hidden: bool


def _return_bound(game: GameInfo, rules: Mapping[str, Any], players: int) -> tuple[float, float]:
    """Bounds on one deal's return (not tight: derived from the scoring rules, docs/interop.md)."""
    name = game.name
    if name in ("connect4", "sensei"):
        return -1.0, 1.0
    if name == "koikoi":  # every yaku is monotone in the pile: the whole deck scores most; two doublings at most
        total = _core.koikoi.yaku_total(list(range(48)), KOIKOI.rules(rules))
        bound = 4.0 * max(int(total), 6)
        return -bound, bound
    if name == "haniwa":  # a game: 4 columns of at most 2 x 9 + 2, Dogu 2 + 4 + 8, 6 Kofun: below 200
        bound = 200.0 * int(rules["rounds"])
        return (0.0, bound) if players == 1 else (-bound, bound)
    if name == "ohanami":  # 30 cards each scored at most 3 times at 7 at most, plus 120 for the pinks
        return -750.0, 750.0
    if name == "honshu":  # 13 cards of 6 squares, each square at most 4 points, plus the town tie-break below 1
        return -320.0, 320.0
    raise ValueError(f"{name}: no return bounds known")


def _zero_sum(game: GameInfo, players: int) -> bool:
    """Whether the returns of every game add up to 0: true for the two-player games (a result or a point
    difference), Haniwa's teams (a team's margin is the other's negated), and Ohanami and Honshu with two players
    (the score difference); with more players those return each seat's margin over the best other one."""
    if game.name in ("connect4", "sensei", "koikoi"):
        return True
    if game.name == "haniwa":
        return players >= 2
    return players == 2


@cache
def _facts(name: str, rules_key: tuple[tuple[str, Any], ...]) -> ModeFacts:
    game = get_game(name)
    rules = game.check_options(dict(rules_key))
    start = game.new(rules, 0)
    players = int(start.num_players)
    deals = game.match_deals(rules)
    # Sensei: a turn is at most 3 actions, the game drawn after max_turns turns; the others bound their length
    per_deal = 3 * int(rules["max_turns"]) if game.name == "sensei" else int(start.remaining_plies_bound())
    low, high = _return_bound(game, rules, players)
    return ModeFacts(
        players, _zero_sum(game, players), low * deals, high * deals, per_deal * deals, deals,
        game.random_setup, game.has_hidden_information,
    )  # fmt: skip


def mode_facts(game: str | GameInfo, rules: Mapping[str, Any] | None = None) -> ModeFacts:
    """The facts of `game` under `rules` (validated; RuleOptionError names a bad one)."""
    info = get_game(game)
    checked = info.check_options(rules)
    return _facts(info.name, tuple(sorted(checked.items())))


@dataclass
class Played:
    """A move as its seat played it and as the others saw it."""

    seat: int
    text: str
    public: str


class Table:
    """One game of `game` under `rules` (validated), from its first chance event (or move) to its end."""

    def __init__(self, game: str | GameInfo, rules: Mapping[str, Any] | None = None) -> None:
        self.game = get_game(game)
        self.rules = self.game.check_options(rules)
        self.facts = mode_facts(self.game, self.rules)
        self.codec: Codec = codec(self.game)
        self.deal_index = 0
        self.pending: list[int] = []  # the seed bytes of the next deal drawn so far
        self.previous: Any = None  # the last deal's final state
        self.totals = [0.0] * self.facts.players
        self.history: list[list[Played]] = [[]]  # the moves of each deal
        self.starts: list[str] = []  # each deal's start position (perfect information: part of what is known)
        self.finished = False
        self.state: Any = None
        if not self.facts.chance:
            self._start_deal(self.game.deal(self.rules, 0, None))

    @classmethod
    def at(cls, game: str | GameInfo, rules: Mapping[str, Any] | None, position: Any) -> Table:
        """A game that is the rest of one deal from `position`: a full state, or a seat's InformationState (then
        its proxy world, one consistent with the view, which only resampling from the seat's view may search).
        No moves are known before it; the game ends with the deal."""
        table = cls(game, rules)
        state = getattr(position, "proxy", position).clone()
        table.deal_index, table.history, table.starts = table.facts.deals - 1, [[]], []
        table._start_deal(state)
        return table

    # --- the sequence ---------------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.facts.players

    def is_chance(self) -> bool:
        """True while the next deal's seed bytes are being drawn."""
        return not self.finished and self.state is None

    def to_move(self) -> int:
        """The seat to move (ValueError at a chance event or at the end)."""
        if self.state is None or self.finished:
            raise ValueError("no seat is to move: " + ("the game is over" if self.finished else "a deal is dealt"))
        return int(self.state.to_move())

    def apply_chance(self, outcome: int) -> None:
        """Draws the next seed byte (0..255); the last one of a deal deals it."""
        if not self.is_chance():
            raise _core.IllegalMoveError("a chance outcome was given where a seat is to move (or the game is over)")
        if not 0 <= int(outcome) < CHANCE_OUTCOMES:
            raise _core.IllegalMoveError(f"chance outcome {outcome}: a seed byte is 0..255")
        self.pending.append(int(outcome))
        if len(self.pending) == SEED_BYTES:
            seed = int.from_bytes(bytes(self.pending), "little")
            self.pending = []
            self._start_deal(self.game.deal(self.rules, seed, self.previous))

    def _start_deal(self, state: Any) -> None:
        self.state = state
        self.starts.append(self.game.notation(state))
        if state.is_terminal():  # a deal can be over as it is dealt (a Koi-Koi hand yaku)
            self._end_deal()

    def legal_moves(self) -> list[int]:
        """The kofun moves of the seat to move ([] at a chance event or at the end)."""
        if self.state is None or self.finished:
            return []
        return [int(m) for m in self.state.legal_moves()]

    def legal_actions(self) -> list[int]:
        """The actions of the seat to move, ascending."""
        return sorted(self.codec.encode(m) for m in self.legal_moves())

    def move_of(self, action: int) -> int:
        """The kofun move of `action`, checked legal here (IllegalMoveError names it and the position)."""
        move = self.codec.decode(action)
        if move not in self.legal_moves():
            where = "the game is over" if self.finished else "a deal is being dealt" if self.state is None else ""
            shown = self._name(move)
            raise _core.IllegalMoveError(
                f"{self.game.name}: action {action} ({shown}) is not legal here"
                + (f": {where}" if where else f" (seat {self.to_move()} to move in {self.game.notation(self.state)})")
            )
        return move

    def _name(self, move: int) -> str:
        try:
            return str(self.state.move_to_string(move)) if self.state is not None else f"move {move}"
        except ValueError:
            return f"move {move}"

    def action_text(self, action: int) -> str:
        """An action in kofun's move notation (for the position it is legal in)."""
        return self._name(self.codec.decode(action))

    def apply_action(self, action: int) -> str:
        """Plays `action` for the seat to move; returns its notation."""
        return self.apply_move(self.move_of(action))

    def apply_move(self, move: int) -> str:
        """Plays a legal kofun move (unchecked: :meth:`move_of` checks); returns its notation."""
        seat, before = int(self.state.to_move()), self.state
        text = str(before.move_to_string(move))
        public = self.game.public_move(before, text) if self.facts.hidden else text
        after = before.clone()
        after.apply(move)
        self.state = after
        self.history[-1].append(Played(seat, text, public))
        if after.is_terminal():
            self._end_deal()
        return text

    def _end_deal(self) -> None:
        final = self.state
        self.totals = [t + float(final.returns(p)) for p, t in enumerate(self.totals)]
        self.deal_index += 1
        if self.deal_index >= self.facts.deals:
            self.finished = True
            return
        self.previous, self.state = final, None
        self.history.append([])
        if not self.facts.chance:
            self._start_deal(self.game.deal(self.rules, 0, self.previous))

    def returns(self) -> list[float]:
        """Each seat's return: the sum of its deals' returns once the game is over, 0 before."""
        return list(self.totals) if self.finished else [0.0] * self.players

    # --- what a seat knows ------------------------------------------------------------------------------------

    def observation(self, seat: int) -> str:
        """What `seat` sees now: kofun's notation of the position, or of the seat's information state."""
        self._check_seat(seat)
        if self.state is None:
            return f"dealing deal {self.deal_index + 1} of {self.facts.deals}"
        if self.facts.hidden:
            return str(self.game.view(self.state, seat).text)
        return str(self.game.notation(self.state))

    def view(self, seat: int) -> Any:
        """What a kofun agent in `seat` is given: the position (perfect information) or the seat's
        InformationState (ValueError while a deal is dealt)."""
        self._check_seat(seat)
        if self.state is None:
            raise ValueError("a deal is being dealt: there is no position yet")
        return self.game.observe(self.state, seat)

    def information(self, seat: int) -> str:
        """What `seat` knows: its observation and the moves of every deal as it saw them (perfect recall)."""
        lines = [self.observation(seat)]
        for k, moves in enumerate(self.history):
            if k < len(self.starts):
                seen = [m.text if m.seat == seat or not self.facts.hidden else m.public for m in moves]
                start = "" if self.facts.hidden else f" from {self.starts[k]}"
                lines.append(f"deal {k + 1}{start}: " + (" | ".join(seen) if seen else "-"))
        return "\n".join(lines)

    def _check_seat(self, seat: int) -> None:
        if not 0 <= int(seat) < self.players:
            raise ValueError(f"{self.game.name}: seat {seat} is not one of 0..{self.players - 1}")

    def __str__(self) -> str:
        """Everything: the full position (or the seed bytes drawn), the totals so far."""
        if self.finished:
            where = f"over: {self.game.notation(self.state)}"
        elif self.state is None:
            where = f"dealing deal {self.deal_index + 1}: seed bytes {self.pending}"
        else:
            where = self.game.notation(self.state)
        return f"{where}\ntotals {self.totals}" if self.facts.deals > 1 else where

    # --- copies, sampling, pickling -----------------------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        other = copy.copy(self)
        other.pending, other.totals, other.starts = list(self.pending), list(self.totals), list(self.starts)
        other.history = [list(d) for d in self.history]  # Played entries are never changed in place
        return other

    def resampled(self, seat: int, seed: int) -> Table:
        """A table `seat` cannot tell from this one: the same information for `seat`, the hidden part drawn from
        the seat's belief (a uniform sample of what it does not see, from `seed`); the other seats' moves known
        only as `seat` saw them. For information-set searches (OpenSpiel's ISMCTS)."""
        if not self.facts.hidden or self.state is None or self.finished:
            return copy.deepcopy(self)
        view = self.game.view(self.state, seat)
        world = view.belief.sample(1, seed=seed)[0]
        other = copy.deepcopy(self)
        other.state = self.game.State.from_world(view.text, world)
        other.history = [[m if m.seat == seat else Played(m.seat, m.public, m.public) for m in d] for d in self.history]
        return other

    def __getstate__(self) -> dict[str, Any]:
        def text(s: Any) -> str | None:
            return None if s is None else str(self.game.notation(s))

        return {
            "game": self.game.name, "rules": dict(self.rules), "deal_index": self.deal_index,
            "pending": self.pending, "previous": text(self.previous), "state": text(self.state),
            "totals": self.totals, "finished": self.finished, "starts": self.starts,
            "history": [[(m.seat, m.text, m.public) for m in d] for d in self.history],
        }  # fmt: skip

    def __setstate__(self, d: dict[str, Any]) -> None:
        self.game = get_game(d["game"])
        self.rules = self.game.check_options(d["rules"])
        self.facts = mode_facts(self.game, self.rules)
        self.codec = codec(self.game)
        self.deal_index, self.pending, self.totals = d["deal_index"], list(d["pending"]), list(d["totals"])
        self.finished, self.starts = d["finished"], list(d["starts"])
        parse = self.game.State.parse
        self.previous = None if d["previous"] is None else parse(d["previous"])
        self.state = None if d["state"] is None else parse(d["state"])
        self.history = [[Played(*m) for m in deal] for deal in d["history"]]
