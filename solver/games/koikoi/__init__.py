"""Koi-Koi façade: rule options, board drawing, the deals of a match, and the search defaults.

The compiled state (``solver._core.koikoi.State``) is one deal with everything known; its notation and the
information-state notation are documented in ``docs/koikoi.md``. A match of several deals (option ``rounds``) is
played by :class:`~solver.play.match.Match` with the deals this façade makes: the dealer of the next deal is the winner
of the last one (the other player after a draw), the first dealer is drawn from the first deal's seed, and the winner
of a deal scores its points. Each deal of a match carries the match context in its notation (``deal=<k>/<n>
match=<m0>,<m1>``), so a seat's view knows the score; the ISMCTS objective ``match`` (the default in a match) plays
for the probability of winning the match (:mod:`.equity`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ... import _core
from ..._core import RuleOptionError
from ...determinize.belief import UniformBelief
from ...determinize.inference import Seen
from ...determinize.infostate import InformationState
from ..base import GameInfo
from ..options import OptionSpec
from . import equity, greedy, inference
from .belief import KoikoiBelief

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


def card_label(card: int) -> str:
    """A card's code and name, e.g. '8b (Moon)'."""
    return f"{kk.CARD_NAMES[card]} ({CARD_TITLES[card]})"


def card_names(cards: list[int]) -> str:
    """Card numbers as their notation joined by spaces ('-' when empty)."""
    return " ".join(kk.CARD_NAMES[c] for c in cards) or "-"


def card_list(cards: list[int]) -> str:
    """Cards by code and name for display, e.g. '8b Moon, 9a Sake cup' ('-' when empty)."""
    return ", ".join(f"{kk.CARD_NAMES[c]} {CARD_TITLES[c]}" for c in cards) or "-"


#: ISMCTS exploration constant for Koi-Koi (0.7, the generic default, wins fewer deals: docs/koikoi.md).
ISMCTS_EXPLORATION = 1.4


#: Weight of the deal's points next to the match equity in the objective 'match' (a tie-break only).
MATCH_TIEBREAK = 1e-6


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

    def search_defaults(self, algo: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """ISMCTS: exploration 1.4; a single deal is played to be won (objective 'wins': the deal-win probability
        first, points as a tie-break), a match of several deals to win the match (objective 'match': the match
        equity of the deal's end, from the match context of the deal). Measured in docs/koikoi.md (Strength)."""
        if algo != "ismcts":
            return {}
        return {"exploration": ISMCTS_EXPLORATION, "objective": "wins" if self.rounds(options) == 1 else "match"}

    def rules_of(self, state: Any) -> dict[str, Any]:
        """The options a deal carries: its preset (the notation names the rule set) and its match: the deals of
        the match in its match context, 1 without one (a single deal)."""
        s = getattr(state, "proxy", state)
        text = str(s.rules)
        opts: dict[str, Any] = {"preset": text} if text in PRESET_ROUNDS else {}
        opts["rounds"] = s.match[1] if s.match is not None else 1
        return self.check_options(opts)

    def carried_rules(self, state: Any) -> dict[str, Any]:
        """The preset a deal names and, with a match context, its deals; a deal without one may be given a match
        (``--rule rounds=N``)."""
        opts = self.rules_of(state)
        if getattr(state, "proxy", state).match is None:
            opts.pop("rounds", None)
        return opts

    def rounds(self, options: Mapping[str, Any] | None = None) -> int:
        """Deals in a match under `options`."""
        opts = self.check_options(options)
        return int(opts["rounds"]) or PRESET_ROUNDS[opts["preset"]]

    def match_deals(self, options: Mapping[str, Any] | None = None) -> int:
        """Deals in a match: the option `rounds` (0: the preset's, 1 for seed, 12 for nintendo)."""
        return self.rounds(options)

    def deal(self, options: Mapping[str, Any] | None, seed: int, previous: Any = None) -> Any:
        """A deal from `seed`; after a deal, the winner deals (the other player after a draw). In a match of several
        deals the deal carries the match context: deal 1 at 0-0, then the deal after `previous` with its points
        added to the totals."""
        rules = self.rules(options)
        rounds = self.rounds(options)
        if previous is None:
            state = kk.State.deal(seed, rules)
            return with_match(state, 1, rounds, 0, 0) if rounds > 1 else state
        dealer = previous.winner if previous.winner >= 0 else 1 - previous.first
        state = kk.State.deal(seed, rules, dealer)
        if previous.match is None:
            return state
        k, n, t0, t1 = previous.match
        scores = self.deal_scores(previous)
        return with_match(state, min(k + 1, n), n, t0 + int(scores[0]), t1 + int(scores[1]))

    def match_table(self, view: Any) -> tuple[int, list[float], float]:
        """The match equity after the deal for each return (objective 'match', see :mod:`.equity`) and its scale:
        from the match context of the view's deal (none: a single deal, won or lost), for the searching player and
        its opponent. The table of the preset of the deal (other rule sets: nintendo's), plus MATCH_TIEBREAK x the
        return: where the match is decided whatever happens (every entry equal) the search plays for points, as
        the objective 'returns' does (the search's value scale is relative, so the tiny weight is enough)."""
        s = getattr(view, "proxy", view)
        me = int(getattr(view, "observer", s.to_move()))
        left, diff = 0, 0
        if s.match is not None:
            k, n, t0, t1 = s.match
            left, diff = n - k, (t0 - t1) if me == 0 else (t1 - t0)
        preset = str(s.rules)
        dealer = int(s.first) == me
        rows = {
            me: equity.match_utilities(preset, left, diff, dealer),
            1 - me: equity.match_utilities(preset, left, -diff, not dealer),
        }
        low = -equity.MAX_RETURN
        table = [[u + MATCH_TIEBREAK * (low + i) for i, u in enumerate(rows[p])] for p in (0, 1)]
        # the value scale: the mean |change of equity| over the measured deal outcomes of this deal, the
        # analogue of the mean |return| that scales the objective 'returns'
        outcomes = equity.outcomes_for(preset if preset in equity.shipped()["presets"] else "nintendo")
        mine = table[me]
        at = lambda r: mine[max(0, min(len(mine) - 1, r - low))]  # noqa: E731
        total = sum(outcomes.values())
        scale = sum(c * abs(at(r if dealer else -r) - at(0)) for r, c in outcomes.items()) / total
        return low, table[0] + table[1], scale

    def deal_scores(self, final: Any) -> list[float]:
        """The winner of the deal scores its points; the other player nothing."""
        return [float(final.points) if final.winner == p else 0.0 for p in (0, 1)]

    def greedy_move(self, view: Any, seed: int) -> int:
        """The greedy baseline (see :mod:`.greedy`), on the proxy world of the seat's view."""
        return greedy.greedy_move(getattr(view, "proxy", view))

    def peek_worlds(self, state: Any, what: str, seed: int) -> Any:
        """Unfair reference worlds: the opponent's true hand ("hand") or the whole deal ("all")."""
        return greedy.peek_worlds(state, what, seed)

    def decision_log_likelihoods(self, view: Any, seen: Sequence[Seen], worlds: Any) -> Any:
        """Inferred beliefs: the log-likelihood of the opponent's seen decisions in each world (:mod:`.inference`)."""
        return inference.log_likelihoods(view.text, seen, worlds)

    def weighed_decisions(self, view: Any, seen: Sequence[Seen]) -> int:
        """How many seen decisions the inferred belief weighs (the opponent's plays and koi-koi calls)."""
        return inference.weighed_decisions(view.observer, seen)

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

    def describe_move(self, before: Any, after: Any, move: str) -> str:
        """What a move did that the notation does not say: the cards captured and the stock card turned over."""
        mover = int(before.to_move())
        captured = sorted(set(after.pile(mover)) - set(before.pile(mover)))
        parts = ["captures " + ", ".join(card_label(c) for c in captured) if captured else ""]
        if len(after.stock) < len(before.stock):
            parts.append(f"stock card turned over: {card_label(before.stock[0])}")
        return "; ".join(p for p in parts if p)

    def describe_match(self, state: Any) -> str:
        """The match context of a deal in words ('' for a single deal)."""
        s = getattr(state, "proxy", state)
        if s.match is None:
            return ""
        k, n, t0, t1 = s.match
        return f"match: deal {k} of {n}, totals {t0}-{t1}"

    def describe_value(self, state: Any, result: Any) -> str:
        """Search values of Koi-Koi are expected point differences for the player to move."""
        return f"{float(result.value):+.2f} points"

    def render_view(self, view: InformationState) -> str:
        """What the observer sees: their hand, the opponent's hand size, table, piles with yaku, stock size."""
        s = view.proxy
        me, rules = view.observer, s.rules
        lines = [f"rules {rules}, dealer {s.first}, phase {s.phase}, player {s.to_move()} to act (view of player {me})"]
        if s.match is not None:
            lines.append(self.describe_match(s))
        lines.append(f"your hand ({me}): {card_list(s.hand(me))}")
        lines.append(f"opponent ({1 - me}): {len(s.hand(1 - me))} cards in hand (hidden)")
        for p in (0, 1):
            yaku = kk.yaku(s.pile(p), rules)
            shown = ", ".join(f"{name} {pts}" for name, pts in yaku.items()) or "no yaku"
            lines.append(f"pile {p}: {card_list(s.pile(p))}  ({shown}; koi-koi x{s.koikoi_calls(p)})")
        lines.append(f"table : {card_list(s.table)}")
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
        if state.match is not None:
            lines.append(self.describe_match(state))
        for p in (0, 1):
            yaku = kk.yaku(state.pile(p), rules)
            shown = ", ".join(f"{name} {pts}" for name, pts in yaku.items()) or "no yaku"
            lines.append(f"hand {p}: {card_list(state.hand(p))}")
            lines.append(f"pile {p}: {card_list(state.pile(p))}  ({shown}; koi-koi x{state.koikoi_calls(p)})")
        lines.append(f"table : {card_list(state.table)}")
        if state.drawn >= 0:
            lines.append(f"drawn : {kk.CARD_NAMES[state.drawn]} ({CARD_TITLES[state.drawn]}) - choose its capture")
        lines.append(f"stock : {len(state.stock)} cards")
        if state.is_terminal():
            won = f"deal: player {state.winner} scores {state.points} points"
            lines.append("deal: draw" if state.winner < 0 else won)
        return "\n".join(lines)


def with_match(state: Any, deal: int, deals: int, total0: int, total1: int) -> Any:
    """`state` (a deal without match context) as deal `deal` of `deals` with the match totals before it."""
    cap = 32767
    return kk.State.parse(f"{state.to_string()} deal={deal}/{deals} match={min(total0, cap)},{min(total1, cap)}")


GAME = KoikoiInfo(
    name="koikoi",
    title="Koi-Koi (Hanafuda)",
    core=kk,
    options=OPTIONS,
    random_setup=True,
    return_unit="points",
    aliases=("hanafuda",),
)
