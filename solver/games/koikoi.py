"""Koi-Koi façade: rule options, board drawing, and multi-deal matches.

The compiled state (``solver._core.koikoi.State``) is one deal with everything known; its notation and the
information-state notation are documented in ``docs/koikoi.md``. A match of several deals (option ``rounds``)
with the dealer passing to the winner of the last deal is run here, in :class:`Match`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import _core
from .._core import RuleOptionError
from ..determinize.belief import UniformBelief
from ..determinize.infostate import InformationState
from ..determinize.koikoi import KoikoiBelief
from ..options import OptionSpec
from .base import GameInfo

kk = _core.koikoi

#: Long card names, indexed by card number (card = 4 * (month - 1) + index).
CARD_TITLES: tuple[str, ...] = (
    "Crane", "Pine poetry ribbon", "Pine chaff", "Pine chaff",
    "Bush warbler", "Plum poetry ribbon", "Plum chaff", "Plum chaff",
    "Curtain", "Cherry poetry ribbon", "Cherry chaff", "Cherry chaff",
    "Cuckoo", "Wisteria red ribbon", "Wisteria chaff", "Wisteria chaff",
    "Bridge", "Iris red ribbon", "Iris chaff", "Iris chaff",
    "Butterflies", "Peony blue ribbon", "Peony chaff", "Peony chaff",
    "Boar", "Bush clover red ribbon", "Bush clover chaff", "Bush clover chaff",
    "Moon", "Geese", "Susuki chaff", "Susuki chaff",
    "Sake cup", "Chrysanthemum blue ribbon", "Chrysanthemum chaff", "Chrysanthemum chaff",
    "Deer", "Maple blue ribbon", "Maple chaff", "Maple chaff",
    "Rain man", "Swallow", "Willow red ribbon", "Lightning",
    "Phoenix", "Paulownia chaff", "Paulownia chaff", "Paulownia chaff",
)  # fmt: skip

PRESET_ROUNDS = {"seed": 1, "nintendo": 12}

OPTIONS = (
    OptionSpec("preset", "seed", "base rule set", choices=tuple(PRESET_ROUNDS)),
    OptionSpec("sake_viewing", False, "flower- and moon-viewing with the Sake cup, 5 points each"),
    OptionSpec("seven_point_double", False, "a stop worth 7 or more points is doubled"),
    OptionSpec("koikoi_double", False, "a stop after the opponent called koi-koi is doubled"),
    OptionSpec(
        "koikoi_limit",
        "preset",
        "koi-koi calls: 'unlimited', once 'per_player', once 'per_deal' for both players together, or as the 'preset'"
        " has it (seed unlimited, nintendo per_deal)",
        choices=("preset", "unlimited", "per_player", "per_deal"),
    ),
    OptionSpec(
        "set_yaku_extras",
        False,
        "Boar-Deer-Butterflies and the ribbon sets +1 per further card of their kind, replacing the animals /"
        " ribbons count yaku (both ribbon sets one yaku)",
    ),
    OptionSpec("no_empty_hand_koikoi", False, "no koi-koi when the caller's hand is empty"),
    OptionSpec(
        "rounds", 0, "deals in a match (0: the preset's number, 1 for seed, 12 for nintendo)", min_value=0, max_value=99
    ),
)


def card_names(cards: list[int]) -> str:
    """Card numbers as their notation joined by spaces ('-' when empty)."""
    return " ".join(kk.CARD_NAMES[c] for c in cards) or "-"


#: ISMCTS exploration constant for Koi-Koi (0.7, the generic default, wins fewer deals: docs/koikoi.md).
ISMCTS_EXPLORATION = 1.4


class KoikoiInfo(GameInfo):
    """Koi-Koi as the front end sees it."""

    def rules(self, options: Mapping[str, Any] | None = None) -> Any:
        """The compiled ``Rules`` of validated options: the preset, plus whichever flags are switched on, and the
        koi-koi limit when it is not 'preset'."""
        opts = self.check_options(options)
        rules = kk.Rules.preset(opts["preset"])
        if opts["sake_viewing"]:
            rules.viewing = 5
        if opts["seven_point_double"]:
            rules.seven_point_double = True
        if opts["koikoi_double"]:
            rules.koikoi_double = True
        if opts["koikoi_limit"] != "preset":
            rules.max_koikoi = 0 if opts["koikoi_limit"] == "unlimited" else 1
            rules.koikoi_limit = "per_deal" if opts["koikoi_limit"] == "per_deal" else "per_player"
        if opts["set_yaku_extras"]:
            rules.set_yaku_extras = True
        if opts["no_empty_hand_koikoi"]:
            rules.empty_hand_koikoi = False
        return rules

    def ismcts_defaults(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Exploration 1.4; a single deal is played to be won (objective 'wins': the deal-win probability
        first, points as a tie-break), a match of several deals for points (objective 'returns'). Measured in
        docs/koikoi.md (Strength)."""
        return {"exploration": ISMCTS_EXPLORATION, "objective": "wins" if self.rounds(options) == 1 else "returns"}

    def rounds(self, options: Mapping[str, Any] | None = None) -> int:
        """Deals in a match under `options`."""
        opts = self.check_options(options)
        return int(opts["rounds"]) or PRESET_ROUNDS[opts["preset"]]

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> Any:
        """A deal from `seed` (misdeals are redealt from the same seed; the dealer is drawn from it too)."""
        if seed < 0:
            raise RuleOptionError(f"koikoi: seed must be >= 0, got {seed}")
        return kk.State.deal(seed, self.rules(options))

    def parse(self, text: str, options: Mapping[str, Any] | None = None) -> Any:
        """A position from its notation (the notation carries its own rules; `options` are only validated).

        An information state (notation with ``view=``) gives an :class:`InformationState`, searched with ISMCTS
        or PIMC from that player's view only.
        """
        self.check_options(options)
        if " view=" in text:
            return self.view(text)
        return kk.State.parse(text)

    def player_name(self, player: int) -> str:
        """Players are named by their index, as in the notation ('player 0' deals first in seat 0)."""
        return f"player {player}"

    def belief(self, info_state: str) -> UniformBelief:
        """The uniform belief over what `info_state` hides (opponent hand, then stock)."""
        return KoikoiBelief(info_state).belief

    def view(self, state_or_text: Any, player: int | None = None) -> InformationState:
        """The information state of `player` (default: the player to move) of a full state, or parsed from text."""
        if isinstance(state_or_text, InformationState):
            return state_or_text
        if isinstance(state_or_text, str):
            text = state_or_text
        else:
            text = state_or_text.information_state(state_or_text.to_move() if player is None else player)
        return InformationState(self, text, self.belief(text))

    def describe_value(self, state: Any, result: Any) -> str:
        """Search values of Koi-Koi are expected point differences for the player to move."""
        return f"{float(result.value):+.2f} points"

    def render_view(self, view: InformationState) -> str:
        """What the observer sees: their hand, the opponent's hand size, table, piles with yaku, stock size."""
        s = view.proxy
        me, rules = view.observer, s.rules
        lines = [f"rules {rules}, dealer {s.first}, phase {s.phase}, player {s.to_move()} to act (view of player {me})"]
        lines.append(f"your hand ({me}): {card_names(s.hand(me))}")
        lines.append(f"opponent ({1 - me}): {len(s.hand(1 - me))} cards in hand (hidden)")
        for p in (0, 1):
            yaku = kk.yaku(s.pile(p), rules)
            shown = ", ".join(f"{name} {pts}" for name, pts in yaku.items()) or "no yaku"
            lines.append(f"pile {p}: {card_names(s.pile(p))}  ({shown}; koi-koi x{s.koikoi_calls(p)})")
        lines.append(f"table : {card_names(s.table)}")
        if s.drawn >= 0:
            lines.append(f"drawn : {kk.CARD_NAMES[s.drawn]} ({CARD_TITLES[s.drawn]}) - choose its capture")
        lines.append(f"stock : {len(s.stock)} cards (hidden)")
        return "\n".join(lines)

    def render(self, state: Any) -> str:
        """Hands, table, capture piles with their yaku, stock, and whose decision is pending (an information
        state: only what its observer sees)."""
        if isinstance(state, InformationState):
            return self.render_view(state)
        rules = state.rules
        lines = [f"rules {rules}, dealer {state.first}, phase {state.phase}, player {state.to_move()} to act"]
        for p in (0, 1):
            yaku = kk.yaku(state.pile(p), rules)
            shown = ", ".join(f"{name} {pts}" for name, pts in yaku.items()) or "no yaku"
            lines.append(f"hand {p}: {card_names(state.hand(p))}")
            lines.append(f"pile {p}: {card_names(state.pile(p))}  ({shown}; koi-koi x{state.koikoi_calls(p)})")
        lines.append(f"table : {card_names(state.table)}")
        if state.drawn >= 0:
            lines.append(f"drawn : {kk.CARD_NAMES[state.drawn]} ({CARD_TITLES[state.drawn]}) - choose its capture")
        lines.append(f"stock : {len(state.stock)} cards")
        if state.is_terminal():
            lines.append("result: draw" if state.winner < 0 else f"result: player {state.winner} scores {state.points}")
        return "\n".join(lines)


GAME = KoikoiInfo(name="koikoi", title="Koi-Koi (Hanafuda)", core=kk, options=OPTIONS, random_setup=True)


@dataclass
class Match:
    """A match of several deals: scores add up, and the dealer of the next deal is the winner of the last one
    (the other player after a draw). The first dealer is drawn from the seed."""

    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    scores: list[int] = field(default_factory=lambda: [0, 0])
    round: int = 0
    dealer: int = -1

    def __post_init__(self) -> None:
        self.rules = GAME.rules(self.options)
        self.rounds = GAME.rounds(self.options)
        if self.dealer < 0:
            self.dealer = kk.State.deal(self.seed, self.rules).first

    def is_over(self) -> bool:
        """True once every deal has been played."""
        return self.round >= self.rounds

    def next_deal(self) -> Any:
        """The state of the current deal (dealt from the seed and the round number, the current dealer first)."""
        if self.is_over():
            raise RuleOptionError(f"koikoi match: all {self.rounds} deals have been played")
        return kk.State.deal(self.seed * 1000 + self.round, self.rules, self.dealer)

    def record(self, state: Any) -> None:
        """Adds a finished deal's points and passes the dealer on."""
        if not state.is_terminal():
            raise RuleOptionError("koikoi match: the deal is not over yet")
        if state.winner >= 0:
            self.scores[state.winner] += state.points
            self.dealer = state.winner
        else:
            self.dealer = 1 - self.dealer
        self.round += 1

    def play(self, choose: Callable[[Any], int]) -> list[int]:
        """Plays every remaining deal with `choose(state) -> move`; returns the final scores."""
        while not self.is_over():
            state = self.next_deal()
            while not state.is_terminal():
                state.apply(choose(state))
            self.record(state)
        return self.scores
