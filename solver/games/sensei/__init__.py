"""Sensei façade: rule options, whole-turn input, board drawing and result wording.

The compiled state is ``solver._core.sensei.State``; its moves are single *actions* (``b1-b4`` stone,
``d1*b4`` character, ``end``). A whole turn is written as its actions in order (``b1-b3 c1-c4 d1*b3``); see
``docs/sensei.md`` for the rules and both notations.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ... import _core
from ..._core import IllegalMoveError, NotationError, RuleOptionError
from ..base import GameInfo, describe_generic
from ..options import OptionSpec

State = _core.sensei.State
#: MCTS as measured against alpha-beta (docs/sensei.md, Engine design): policy rollouts cut after 4 actions and
#: scored tanh(evaluate / 300), implicit minimax backups of the evaluation at weight 0.6, exploration 0.3.
MCTS_DEFAULTS: dict[str, Any] = {
    "rollout": "policy",
    "playout_plies": 4,
    "eval_scale": 300.0,
    "minimax_weight": 0.6,
    "exploration": 0.3,
}
_PLAYER_NAMES = ("South", "North")
_SQUARES = frozenset(f"{c}{r}" for c in "abcdefg" for r in "1234567")


@dataclass(frozen=True)
class PitsOption(OptionSpec):
    """The ``pits`` option: ``"none"``, ``"default"`` (c3 e3 c5 e5) or squares (a list or a spaced string)."""

    def check(self, game: str, value: Any) -> Any:
        """Returns the pits as a sorted tuple of square names; RuleOptionError names a bad square."""
        where = f"{game} option '{self.name}'"
        if value is None:
            return ()
        if isinstance(value, str):
            if value in ("none", "-", ""):
                return ()
            if value == "default":
                return tuple(_core.sensei.DEFAULT_PITS)
            value = value.replace(",", " ").split()
        if not isinstance(value, Sequence) or not all(isinstance(v, str) for v in value):
            raise RuleOptionError(f"{where}: expected 'none', 'default' or a list of squares, got {value!r}")
        for sq in value:
            if sq not in _SQUARES:
                raise RuleOptionError(f"{where}: {sq!r} is not a square a1..g7")
        if len(set(value)) != len(value):
            raise RuleOptionError(f"{where}: a square is listed twice in {list(value)!r}")
        return tuple(sorted(value, key=lambda s: (s[1], s[0])))


_PITS = PitsOption("pits", "none", "expert board: 'none', 'default' (c3 e3 c5 e5) or a list of squares")
OPTIONS = (
    OptionSpec(
        "version",
        "arashi",
        "arashi: stones slide any distance; shizukana: one step, mixed setup",
        choices=("arashi", "shizukana"),
    ),
    _PITS,
    OptionSpec("character_blocked_by_own", False, "own stones between also block the character"),
    OptionSpec("max_turns", 200, "draw after this many completed turns", min_value=1, max_value=1000),
    OptionSpec("threefold_draw", True, "draw when a turn-boundary position occurs for the third time"),
)


class SenseiGame(GameInfo):
    """Sensei (a re-edition of Diaballik) with its rule options."""

    input_help = (
        "Sensei: type one action (stone 'b1-b4', character 'd1*b4', 'end'), or a whole turn of several actions\n"
        "separated by spaces, e.g. 'b1-b3 c1-c4 d1*b3' (the turn then ends)."
    )

    def input_moves(self, view: Any, text: str) -> list[int]:
        """One action (``b1-b4``, ``d1*b4``, ``end``), or a whole turn of several actions, which then ends."""
        if len(text.split()) > 1:
            return turn_moves(view, text)
        return super().input_moves(view, text)

    def search_defaults(self, algo: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """MCTS: MCTS_DEFAULTS (cut playouts scored by the evaluation); alpha-beta needs nothing particular."""
        return dict(MCTS_DEFAULTS) if algo == "mcts" else {}

    def player_name(self, player: int) -> str:
        """South (player 0, moves first) or North."""
        return _PLAYER_NAMES[player]

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> Any:
        """The start position under `options`; RuleOptionError names a bad option."""
        opts = self.check_options(options)
        return State(
            version=opts["version"],
            pits=list(_PITS.check(self.name, opts["pits"])),
            character_blocked_by_own=opts["character_blocked_by_own"],
            max_turns=opts["max_turns"],
            threefold_draw=opts["threefold_draw"],
        )

    def parse(self, text: str, options: Mapping[str, Any] | None = None) -> Any:
        """A position from its notation (which carries its rule options); NotationError names the field."""
        self.check_options(options)
        return State.parse(text)

    def render(self, state: Any) -> str:
        """The board, rank 7 at the top: s/n stones, S/N stones carrying a character, o pits, . empty; a legend
        line says so."""
        cells: dict[str, str] = {sq: "o" for sq in state.pits()}
        for player, letter in enumerate("sn"):
            for sq in state.stones(player):
                cells[sq] = letter
            cells[state.character(player)] = letter.upper()
        files = "    " + " ".join("abcdefg")
        lines = [files]
        for rank in "7654321":
            row = " ".join(cells.get(f"{f}{rank}", ".") for f in "abcdefg")
            lines.append(f" {rank}  {row}  {rank}")
        lines.append(files)
        lines.append(SENSEI_LEGEND)
        lines.append(status_line(state))
        return "\n".join(lines)

    def describe_value(self, state: Any, result: Any) -> str:
        """'win in N turns' / 'loss in N turns' when proven (turns of both players, this one counted)."""
        if result.proof in (_core.Proof.WIN, _core.Proof.LOSS):
            word = "win" if result.proof == _core.Proof.WIN else "loss"
            pv = getattr(result, "pv", None)  # a per-move statistic carries no line: count actions then
            turns = turns_to_end(state, list(pv)[: max(result.plies_to_end, 0)]) if pv is not None else None
            if turns is not None:
                return f"{word} in {turns} turn{'s' if turns != 1 else ''}"
            return f"{word} in {result.plies_to_end} actions"
        return describe_generic(result)


SENSEI_LEGEND = "S/N: South's/North's character on its stone, s/n: South's/North's stones, o: pit, .: empty"


def status_line(state: Any) -> str:
    """One line: the result, or who is to move, the turn number and the actions already taken."""
    status = state.status()
    if status == 2:
        return f"Draw after {state.turns_completed()} turns."
    if status in (0, 1):
        return f"{_PLAYER_NAMES[status]} wins."
    done = []
    if state.stone_moves_done():
        n = state.stone_moves_done()
        done.append(f"{n} stone move{'s' if n > 1 else ''}")
    if state.character_moved():
        done.append("character moved")
    who = _PLAYER_NAMES[state.to_move()]
    turn = state.turns_completed() + 1
    return f"{who} to move, turn {turn}; this turn: {', '.join(done) or 'no action yet'}."


def turn_moves(state: Any, text: str) -> list[int]:
    """The actions of the whole turn `text` (in order, e.g. ``b1-b3 b3-b5``) as moves, closed with ``end`` when the
    turn has not ended after its last action. The input state is not modified; NotationError / IllegalMoveError
    name the faulty action."""
    actions = text.split()
    if not actions:
        raise NotationError("sensei turn: expected one or more actions such as 'b1-b3 d1*b3'")
    s = state.clone()
    player = s.to_move()
    moves: list[int] = []
    for i, action in enumerate([*actions, "end"]):
        if s.is_terminal() or s.to_move() != player:
            if i == len(actions):
                break
            raise IllegalMoveError(f"sensei turn {text!r}: the turn is over before action {i + 1} {action!r}")
        moves.append(int(s.parse_move(action)))
        s.apply(moves[-1])
    return moves


def play_turn(state: Any, text: str) -> Any:
    """A new state after the whole turn `text` (see :func:`turn_moves`)."""
    s = state.clone()
    for move in turn_moves(state, text):
        s.apply(move)
    return s


def split_turns(state: Any, moves: Iterable[int]) -> list[list[str]]:
    """The actions of `moves` (played from `state`) grouped by turn, in notation, without ``end`` marks."""
    s = state.clone()
    turns: list[list[str]] = []
    current: list[str] = []
    for m in moves:
        text = s.move_to_string(m)
        player = s.to_move()
        s.apply(m)
        if text != "end":
            current.append(text)
        if s.is_terminal() or s.to_move() != player:
            turns.append(current)
            current = []
    if current:
        turns.append(current)
    return turns


def format_turns(state: Any, moves: Iterable[int]) -> str:
    """Moves as numbered turns, e.g. ``1. S b1-b3 d1*b3  2. N c7-c5``."""
    first = state.to_move()
    start = state.turns_completed() + 1
    parts = []
    for i, actions in enumerate(split_turns(state, moves)):
        who = "SN"[(first + i) % 2]
        parts.append(f"{start + i}. {who} {' '.join(actions)}")
    return "  ".join(parts)


def turns_to_end(state: Any, moves: Sequence[int]) -> int | None:
    """Number of turns (both players, the current one included) until `moves` end the game, else None."""
    s = state.clone()
    turns = 1
    for m in moves:
        player = s.to_move()
        s.apply(m)
        if s.is_terminal():
            return turns
        if s.to_move() != player:
            turns += 1
    return None


def turn_starts(start: str, moves: Iterable[str], seat: int) -> list[tuple[int, Any]]:
    """Each of `seat`'s turns in a game played from `start` (notation) with the actions `moves` (notation, e.g. a
    record's), in order: the index of the turn's first action and the position before it."""
    state = State.parse(start)
    found: list[tuple[int, Any]] = []
    previous = -1
    for i, text in enumerate(moves):
        mover = state.to_move()
        if mover == seat and previous != seat:
            found.append((i, state.clone()))
        previous = mover
        state.apply(state.parse_move(text))
    return found


GAME = SenseiGame(
    name="sensei",
    title="Sensei",
    core=_core.sensei,
    options=OPTIONS,
    eval_unit="evaluation points (60 = one row of master advance)",
)
