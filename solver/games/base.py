"""What every game façade provides to the CLI and the Python API.

Each game module in this package defines one ``GAME`` object (a subclass of :class:`GameInfo`); the
registry in ``solver.games`` maps names to them. The compiled state classes live in
``solver._core.<game>.State`` and all share the same methods (see ``bindings/bind_game.hpp``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from .. import _core
from ..determinize.infostate import InformationState
from .options import OptionSpec, validate_options

if TYPE_CHECKING:
    from ..determinize.belief import UniformBelief


def notation_fields(text: str) -> dict[str, str]:
    """The key=value fields of a notation (tokens without '=' are left to the parser's errors)."""
    return dict(token.split("=", 1) for token in text.split() if "=" in token)


def seen_fields(k: int, before: str, observer: int) -> dict[str, str]:
    """The fields of the information state before seen move `k` (0-based), checked to be the observer's (a decision
    model reads only what its observer saw); WorldError names a view of another player."""
    f = notation_fields(before)
    if f.get("view") != str(observer):
        raise _core.WorldError(f"seen move {k + 1}: the information state of player {f.get('view')}, not of "
                               f"the observer {observer}")  # fmt: skip
    return f


def check_notation_text(text: str, what: str = "position") -> str:
    """`text` if it is plain ASCII (every notation and move is), else NotationError naming the first character
    that is not: a byte that is not UTF-8 (read from the command line or a terminal), or a character such as a
    full-width digit. Called before any text reaches the compiled parsers."""
    for i, ch in enumerate(text):
        if ord(ch) < 128 and (ch.isprintable() or ch in " \t"):
            continue
        if 0xDC80 <= ord(ch) <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
            shown = f"the byte 0x{ord(ch) - 0xDC00:02x} is not UTF-8 text (notation is ASCII)"
        elif ord(ch) < 128:
            shown = f"unexpected control character {ch!r}"
        else:
            wide = chr(ord(ch) - 0xFEE0) if 0xFF01 <= ord(ch) <= 0xFF5E else None
            hint = f"; type {wide!r} instead" if wide is not None else ""
            shown = f"{ch!r} (U+{ord(ch):04X}) is not ASCII (notation is ASCII){hint}"
        raise _core.NotationError(f"{what}: column {i + 1}: {shown}")
    return text


@dataclass(frozen=True)
class GameInfo:
    """A game as the front end sees it: notation, rule options, display."""

    name: str
    title: str
    core: Any  # the compiled submodule, e.g. solver._core.connect4
    options: tuple[OptionSpec, ...] = field(default=())
    random_setup: bool = False  # True when `new` deals or rolls from a seed
    aliases: tuple[str, ...] = ()  # other names the registry accepts (e.g. "c4")

    #: What alpha-beta's heuristic values measure (the `eval` kind of a Score).
    eval_unit: str = "eval units"
    #: What a mean return measures (the `expected` kind of a Score): "result" for games scored +1 / 0 / -1.
    return_unit: str = "result"
    #: Positions that end within this many plies (their ``remaining_plies_bound``) are searched with the exact
    #: solver unless an algorithm is chosen; 0: never. Set where such positions are proven well within the
    #: default time.
    solve_plies: int = 0

    @property
    def State(self) -> Any:  # noqa: N802 - mirrors the compiled class name
        return self.core.State

    @property
    def has_hidden_information(self) -> bool:
        """True for games searched from information states (their compiled State has ``ismcts``)."""
        return hasattr(self.State, "ismcts")

    def search_defaults(self, algo: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Options of `algo` this game is searched with unless the caller sets them (e.g. an exploration constant
        tuned in strength experiments), for the rule options in force (a match may want another objective than a
        single deal). Applied by ``SearchSettings.for_game`` only."""
        return {}

    def rules_of(self, state: Any) -> dict[str, Any]:
        """The rule options a position carries in its own notation (defaults for the rest)."""
        return self.check_options(None)

    def rules_name(self, state: Any) -> str:
        """The game's name and a position's rules in one string (``sensei character_blocked_by_own=False ...``):
        positions of one name may share a kept solve table's entries (``keep_table``)."""
        rules = self.rules_of(state)
        return " ".join([self.name, *(f"{k}={rules[k]}" for k in sorted(rules))])

    def carried_rules(self, state: Any) -> dict[str, Any]:
        """The rule options a position's notation states itself, which a --rule flag may not contradict (those
        :meth:`rules_of` reads off it, none when the game reads none)."""
        return {} if type(self).rules_of is GameInfo.rules_of else self.rules_of(state)

    def num_players(self, options: Mapping[str, Any] | None = None) -> int:
        """Players of a game under `options`."""
        return int(self.new(options).num_players)

    def teams(self, options: Mapping[str, Any] | None = None) -> list[int] | None:
        """The team of each seat when the rules have teams (partners share one result), else None."""
        return None

    # --- matches: a game is a sequence of deals (one by default) ---------------------------------------------

    def match_deals(self, options: Mapping[str, Any] | None = None) -> int:
        """Deals in a match under `options` (scores add up over the deals)."""
        return 1

    def deal(self, options: Mapping[str, Any] | None, seed: int, previous: Any = None) -> Any:
        """The start of a match's next deal from `seed`; `previous` is the last deal's final state (None for the
        first), for rules where it decides who deals."""
        return self.new(options, seed)

    def match_table(self, view: Any) -> tuple[int, list[float], float]:
        """For the ISMCTS objective 'match': what a deal's end is worth in the match, seen from `view` (an
        information state whose notation may carry the match context). Returns ``(low, table, scale)``: one row per
        player, entry i of row p being player p's probability of winning the match when the deal ends with the
        return ``low + i`` for p (returns are rounded and clamped to the rows), and the typical size of a change of
        that probability in one deal (the search's value scale; 0: the search's running measure). Games without a
        match equity raise ValueError."""
        raise ValueError(f"objective 'match': {self.name} has no match equity (use 'returns' or 'wins')")

    def deal_scores(self, final: Any) -> list[float]:
        """What each seat scores in the match for a finished deal (by default its return)."""
        return [float(final.returns(p)) for p in range(final.num_players)]

    # --- agents ---------------------------------------------------------------------------------------------

    def observe(self, state: Any, seat: int) -> Any:
        """What `seat` sees of `state`: the state itself in a perfect-information game, else that seat's
        :class:`~solver.determinize.infostate.InformationState` (built from its notation only)."""
        if self.has_hidden_information:
            return self.view(state, seat)
        return state.clone()

    def greedy_move(self, view: Any, seed: int) -> int:
        """The game's greedy baseline move for what one seat sees (games without one raise ValueError)."""
        raise ValueError(f"{self.name} has no greedy player")

    def peek_worlds(self, state: Any, what: str, seed: int) -> Any:
        """Unfair reference runs: explicit worlds revealing `what` ("hand" / "all") of the full `state` to the
        player to move (games without them raise ValueError)."""
        raise ValueError(f"{self.name} has no peeking reference player")

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Validated rule options with defaults filled in; RuleOptionError names a bad key or value."""
        return validate_options(self.name, self.options, options or {})

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> Any:
        """The starting position under `options` (dealt from `seed` for games with a random setup)."""
        self.check_options(options)
        return self.State()

    def parse(self, text: str, options: Mapping[str, Any] | None = None) -> Any:
        """A position from its notation; NotationError names the faulty field."""
        self.check_options(options)
        return self.State.parse(text)

    def notation(self, state: Any) -> str:
        """The position notation of `state` (what `parse` reads back)."""
        return str(state.to_string())

    def player_name(self, player: int) -> str:
        """How the display names a player (by default 'player 1', 'player 2', ...)."""
        return f"player {player + 1}"

    #: Extra lines for the `help` of `kofun play` (how moves are typed in this game).
    input_help: ClassVar[str] = ""

    def input_moves(self, view: Any, text: str) -> list[int]:
        """The moves of what a person typed at the board (by default one move in notation), each checked legal
        where it is played; NotationError / IllegalMoveError say what is wrong. `view` is not modified."""
        s = getattr(view, "proxy", view).clone()  # an information state: its proxy world (own moves only)
        move = int(s.parse_move(text))
        s.apply(move)
        return [move]

    def public_move(self, before: Any, move: str) -> str:
        """What the other seats see of a move played in the full state `before` (by default its notation). A game
        with secret moves (an Ohanami pick, revealed later) returns only what is public of it."""
        return move

    def describe_move(self, before: Any, after: Any, move: str) -> str:
        """What a move did beyond its notation, for the terminal (e.g. cards captured); empty by default.
        `before` and `after` are full states; only what becomes public with the move may be described."""
        return ""

    def render(self, state: Any) -> str:
        """A human-readable drawing of the position (several lines)."""
        return str(state)

    def belief(self, info_state: str) -> UniformBelief:
        """Hidden-information games: the belief over what `info_state` hides (others raise ValueError)."""
        raise ValueError(f"{self.name} has no hidden information")

    def view(self, state_or_text: Any, player: int | None = None) -> InformationState:
        """Hidden-information games: the information state of `player` (default: the player to move) of a full
        state, or read from text (in the game's canonical form, `canonical_information`); others raise ValueError."""
        if not self.has_hidden_information:
            raise ValueError(f"{self.name} has no hidden information")
        if isinstance(state_or_text, InformationState):
            return state_or_text
        if isinstance(state_or_text, str):
            text = self.canonical_information(state_or_text)
        else:
            text = state_or_text.information_state(state_or_text.to_move() if player is None else player)
        return InformationState(self, text, self.belief(text))

    def canonical_information(self, text: str) -> str:
        """An information state as typed, in the game's canonical text (by default as typed)."""
        return text

    def describe_value(self, state: Any, result: Any) -> str:
        """The search value in the game's own terms (e.g. 'win in 3 turns'); the default is generic."""
        return describe_generic(result)


def describe_generic(result: Any) -> str:
    """'win in N plies' / 'loss in N plies' / 'draw' when proven, else the value (integral: eval units)."""
    proof = result.proof
    n = result.plies_to_end
    plies = "" if n < 0 else f" in {n} {'ply' if n == 1 else 'plies'}"
    if proof == _core.Proof.WIN:
        return f"win{plies}"
    if proof == _core.Proof.LOSS:
        return f"loss{plies}"
    if proof == _core.Proof.DRAW:
        return "draw"
    value = float(result.value)
    return f"{value:+.0f}" if value.is_integer() else f"{value:+.3f}"
