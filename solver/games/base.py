"""What every game façade provides to the CLI and the Python API.

Each game module in this package defines one ``GAME`` object (a subclass of :class:`GameInfo`); the
registry in ``solver.games`` maps names to them. The compiled state classes live in
``solver._core.<game>.State`` and all share the same methods (see ``bindings/bind_game.hpp``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import _core
from ..options import OptionSpec, validate_options

if TYPE_CHECKING:
    from ..determinize.belief import UniformBelief
    from ..determinize.infostate import InformationState


@dataclass(frozen=True)
class GameInfo:
    """A game as the front end sees it: notation, rule options, display."""

    name: str
    title: str
    core: Any  # the compiled submodule, e.g. solver._core.connect4
    options: tuple[OptionSpec, ...] = field(default=())
    random_setup: bool = False  # True when `new` deals or rolls from a seed

    @property
    def State(self) -> Any:  # noqa: N802 - mirrors the compiled class name
        return self.core.State

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

    def play_input(self, state: Any, text: str) -> Any:
        """A new state after what a human typed at the board (by default: one move in notation).

        The input state is not modified; NotationError / IllegalMoveError say what is wrong.
        """
        after = state.clone()
        after.play(text)
        return after

    def render(self, state: Any) -> str:
        """A human-readable drawing of the position (several lines)."""
        return str(state)

    def belief(self, info_state: str) -> UniformBelief:
        """Hidden-information games: the belief over what `info_state` hides (others raise ValueError)."""
        raise ValueError(f"{self.name} has no hidden information")

    def view(self, state_or_text: Any, player: int | None = None) -> InformationState:
        """Hidden-information games: a player's information state (others raise ValueError)."""
        raise ValueError(f"{self.name} has no hidden information")

    def ismcts_defaults(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Hidden-information games: ISMCTS options this game is searched with unless the caller sets them
        (e.g. its exploration constant and objective, tuned in strength experiments); `options` are the rule
        options in force (a match may want another objective than a single deal)."""
        return {}

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
