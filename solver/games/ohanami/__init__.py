"""Ohanami façade: the number of players, dealing, the information states and beliefs, display, the baselines.

The compiled state (``solver._core.ohanami.State``) is one game with every card known; its notation, the
information-state notation and the world layout are documented in ``docs/ohanami.md``. The simultaneous picks are
played one after another in seat order, each hidden from the others until the last one is made: a pick is shown
to the other seats as "picks 2 cards" (:meth:`OhanamiInfo.public_move`) and revealed with the last pick of the turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ... import _core
from ..._core import RuleOptionError
from ...determinize.belief import UniformBelief
from ...determinize.inference import Seen
from .. import hand_worlds
from ..base import GameInfo, notation_fields
from ..options import OptionSpec
from . import inference
from .belief import ohanami_belief

oh = _core.ohanami

OPTIONS = (OptionSpec("players", 2, "players at the table: 2, 3 or 4", choices=(2, 3, 4)),)

#: ISMCTS exploration constant for Ohanami (docs/ohanami.md, "AI and strength").
ISMCTS_EXPLORATION = 0.7
#: PIMC solves a 2-player world exactly when the game has at most this many plies left (the last two turns).
PIMC_EXACT_PLIES = 12

COLOUR_LETTERS = {"blue": "b", "green": "g", "grey": "s", "pink": "p"}


def card_text(number: int) -> str:
    """A card for display: its number and colour letter (b blue, g green, s grey stone, p pink), e.g. '14s'."""
    return f"{number}{COLOUR_LETTERS[oh.CARD_COLOURS[number - 1]]}"


def cards_text(numbers: list[int]) -> str:
    """Cards for display ('-' when none)."""
    return " ".join(card_text(n) for n in numbers) or "-"


class OhanamiInfo(GameInfo):
    """Ohanami as the front end sees it."""

    def search_defaults(self, algo: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """ISMCTS: exploration ISMCTS_EXPLORATION. PIMC: a 2-player world is solved exactly in the last two turns
        of the game (12 plies: about 10-50 thousand nodes per world; 18 plies took 3-8 million, docs/ohanami.md)."""
        if algo == "ismcts":
            return {"exploration": ISMCTS_EXPLORATION}
        return {"exact_plies": PIMC_EXACT_PLIES} if algo == "pimc" else {}

    def rules_of(self, state: Any) -> dict[str, Any]:
        """The options a position carries: its number of players."""
        return self.check_options({"players": int(getattr(state, "proxy", state).num_players)})

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> Any:
        """A new game dealt from `seed`."""
        opts = self.check_options(options)
        if seed < 0:
            raise RuleOptionError(f"ohanami: seed must be >= 0, got {seed}")
        return oh.State.deal(int(opts["players"]), seed)

    def parse(self, text: str, options: Mapping[str, Any] | None = None) -> Any:
        """A position from its notation, or an information state (notation starting with ``view=``)."""
        self.check_options(options)
        if text.lstrip().startswith("view="):
            return self.view(text.strip())
        return oh.State.parse(text)

    def deal_scores(self, final: Any) -> list[float]:
        """Each seat scores its game points."""
        return [float(final.score(p)) for p in range(final.num_players)]

    def decision_log_likelihoods(self, view: Any, seen: Sequence[Seen], worlds: Any) -> Any:
        """Inferred beliefs: the log-likelihood of the others' picks that each world's hidden hands decide
        (:mod:`.inference`)."""
        return inference.log_likelihoods(view.text, seen, worlds)

    def weighed_decisions(self, view: Any, seen: Sequence[Seen]) -> int:
        """How many seen picks the inferred belief weighs (revealed picks of this round from a hand not fully
        known, and this turn's secret picks)."""
        return inference.weighed_decisions(view.text, seen)

    def greedy_move(self, view: Any, seed: int) -> int:
        """The greedy baseline (the engine's, :func:`..hand_worlds.greedy_move`) on the seat's view."""
        return hand_worlds.greedy_move(view)

    def peek_worlds(self, state: Any, what: str, seed: int) -> Any:
        """Unfair reference worlds: every hand and hidden pick ("hand", deck order shuffled) or everything."""
        return hand_worlds.peek_worlds(state, what, seed)

    def belief(self, info_state: str) -> UniformBelief:
        """The uniform belief over the cards `info_state` hides (see :mod:`.belief`)."""
        return ohanami_belief(info_state)

    def player_name(self, player: int) -> str:
        """Players are named by their seat index, as in the notation."""
        return f"player {player}"

    input_help = (
        "moves: 'pick 12,40' (two cards of your hand), then for each picked card 'place 40 top1' (above the top of"
        " column 1), 'place 40 bottom2' (below the bottom of column 2), 'place 40 new' (a new column, at most 3)"
        " or 'place 40 discard'"
    )

    def public_move(self, before: Any, move: str) -> str:
        """A pick is secret until every player has picked: the others see only that 2 cards were picked."""
        return "picks 2 cards" if move.startswith("pick") else move

    def describe_move(self, before: Any, after: Any, move: str) -> str:
        """The last pick of a turn reveals every pick (and passes the hands); the end of a round scores it."""
        parts = []
        if move.startswith("pick") and after.phase != "pick":
            picks = "; ".join(f"player {p} {cards_text(after.picked(p))}" for p in range(after.num_players))
            way = "left" if before.direction > 0 else "right"
            parts.append(f"picks revealed: {picks}; hands passed to the {way}")
        if after.round != before.round or (after.is_terminal() and not before.is_terminal()):
            scores = ", ".join(f"player {p} {after.score(p)}" for p in range(after.num_players))
            parts.append(f"round {before.round} scored: {scores}")
        return "; ".join(parts)

    def describe_value(self, state: Any, result: Any) -> str:
        """Search values are expected final score differences (to the best other player) of the player to move."""
        return f"{float(result.value):+.2f} points"

    def render(self, state: Any) -> str:
        """The table as text: round, turn, phase, hands (hidden ones as counts), picks, gardens with their points
        so far, discards, scores. An information state shows only what its observer sees."""
        text = state.to_string()
        f = notation_fields(text)
        n = int(f["players"])
        me = int(f["view"]) if "view" in f else None
        way = "left" if f["round"] != "2" else "right"
        head = f"Ohanami, {n} players, round {f['round']} (pass {way}), turn {f['turn']}, phase {f['phase']}"
        lines = [head + (f", player {f['move']} to move" if f["phase"] != "end" else "")]
        if me is not None:
            lines[0] += f" (view of player {me})"
        scores = f["scores"].split(",")
        for p in range(n):
            hand = f[f"hand{p}"]
            pick = f[f"pick{p}"]
            secret = pick == "?"  # a pick made this turn, not revealed yet: the hand field is the hand before it
            if hand.startswith("?"):
                shown_hand = f"{int(hand[1:]) - (2 if secret else 0)} cards (hidden)"
            else:
                shown_hand = cards_text(_numbers(hand)) + (" (yours)" if p == me else "")
                shown_hand += " (before the pick: 2 of these are picked)" if secret else ""
            shown_pick = "2 cards (hidden)" if secret else cards_text(_numbers(pick))
            garden = f[f"garden{p}"]
            cols = [] if garden == "-" else [cards_text([int(x) for x in c.split(".")]) for c in garden.split("/")]
            lines.append(f"player {p}: score {scores[p]}")
            lines.append(f"  hand    : {shown_hand}")
            lines.append(f"  picked  : {shown_pick}")
            for i, col in enumerate(cols):
                lines.append(f"  column {i + 1}: {col}")
            lines.append(f"  discards: {cards_text(_numbers(f[f'discard{p}']))}")
        deck = f["deck"]
        lines.append(f"deck: {deck[1:] if deck.startswith('?') else len(_numbers(deck))} cards for the later rounds")
        lines.append(
            "colours: b blue (3 each round), g green (4 from round 2), s grey (7 in round 3), p pink (round 3 by count)"
        )
        return "\n".join(lines)


def _numbers(field: str) -> list[int]:
    return [] if field in ("-", "") else [int(x) for x in field.split(",")]


GAME = OhanamiInfo(
    name="ohanami",
    title="Ohanami (2-4 players)",
    core=oh,
    options=OPTIONS,
    random_setup=True,
    return_unit="points",
)
