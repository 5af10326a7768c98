"""Honshu façade: rule options, dealing, information states and beliefs, the map drawing, the baselines.

The compiled state (``solver._core.honshu.State``) is one game with every card known; its notation, the
information-state notation and the world layout are documented in ``docs/honshu.md``. The card contents are read
from the package data (``solver/data/honshu_cards.json``) and loaded into the core when this package is imported.
The trick is played face up, so every move is public; what is hidden is the other hands and the deck.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ... import _core
from ..._core import IllegalMoveError, NotationError, RuleOptionError
from ...determinize.belief import UniformBelief
from ...determinize.inference import Seen
from .. import hand_worlds
from ..base import GameInfo, notation_fields
from ..options import OptionSpec
from . import cards, inference
from .belief import honshu_belief

hs = _core.honshu
cards.load()

OPTIONS = (
    OptionSpec("players", 2, "players at the table: 2 to 5", choices=(2, 3, 4, 5)),
    OptionSpec(
        "hand_passing",
        "none",
        "none (the seed rules) or official (hands passed left after round 3, right after round 9)",
        choices=("none", "official"),
    ),
    OptionSpec("covered_cubes_lost", False, "a cube is lost when its production square is covered"),
    OptionSpec(
        "placement",
        "single",
        "how the search sees a placement (the same game): single (one move) or two_stage (the anchor, then the"
        " rotation and side)",
        choices=("single", "two_stage"),
    ),
)

#: ISMCTS exploration constant for Honshu (returns are point differences; the search scales them).
ISMCTS_EXPLORATION = 0.7

COLOUR_LETTERS = {"blue": "b", "brown": "r", "grey": "g", "yellow": "y"}
LEGEND = (
    "legend: T town, F forest, ~~ lake, . wasteland, p<c> production (cube source), <C><v> factory of colour C"
    " worth v; colours b blue, r brown, g grey, y yellow; x to the right, y down, the start card at x 0..1, y 0..2"
)


def square_code(name: str) -> str:
    """Two characters for a square name (see LEGEND)."""
    if name == "town":
        return "T "
    if name == "forest":
        return "F "
    if name == "lake":
        return "~~"
    if name == "wasteland":
        return ". "
    parts = name.split(":")
    if parts[0] == "production":
        return "p" + COLOUR_LETTERS[parts[1]]
    return COLOUR_LETTERS[parts[1]].upper() + parts[2]


def draw_map(state: Any, player: int) -> list[str]:
    """An ASCII drawing of a seat's visible map with x / y coordinates (what ``place ... <x>,<y>`` uses)."""
    squares = list(state.visible(player))
    if not squares:
        return ["  (no map yet: the start side is still to be chosen)"]
    xs = [x for x, _, _ in squares]
    ys = [y for _, y, _ in squares]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    at = {(x, y): square_code(n) for x, y, n in squares}
    lines = ["     " + " ".join(f"{x:>2}" for x in range(x0, x1 + 1))]
    for y in range(y0, y1 + 1):
        row = " ".join(at.get((x, y), "  ") for x in range(x0, x1 + 1))
        lines.append(f"  {y:>2} {row}".rstrip())
    return lines


#: The seats a table has at most (players 2 to 5), and the fields that come once per seat.
MAX_SEATS = 5
SEAT_FIELDS = ("hand", "cubes", "map")


def check_seats(text: str) -> None:
    """NotationError for a field of a seat beyond the fifth (``hand5``): Honshu is played by 2 to 5 players."""
    for token in text.split():
        key = token.split("=", 1)[0]
        for prefix in SEAT_FIELDS:
            number = key[len(prefix) :]
            if key.startswith(prefix) and number.isdigit() and int(number) >= MAX_SEATS:
                raise NotationError(
                    f"honshu position, field {key!r}: seat {number} would make {int(number) + 1} players or more; "
                    f"Honshu is played by 2 to {MAX_SEATS} players (seats 0 to {MAX_SEATS - 1})"
                )


class HonshuInfo(GameInfo):
    """Honshu as the front end sees it."""

    def search_defaults(self, algo: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """ISMCTS with exploration ISMCTS_EXPLORATION and the engine's rollout policy (placements by the best
        static value of 8 uniform draws, docs/honshu.md); PIMC without exact solving."""
        if algo == "ismcts":
            return {"exploration": ISMCTS_EXPLORATION, "rollout": "policy"}
        # PIMC never solves a world exactly: with ~240 placements a decision, even the last round is out of reach of
        # alpha-beta (the default, 24 plies, did not finish 3 deals in 400 s); each world gets its MCTS.
        return {"exact_plies": 0} if algo == "pimc" else {}

    def rules_of(self, state: Any) -> dict[str, Any]:
        """The options a position carries: players, hand passing, covered cubes."""
        s = getattr(state, "proxy", state)
        return self.check_options(
            {
                "players": int(s.num_players),
                "hand_passing": str(s.hand_passing),
                "covered_cubes_lost": bool(s.covered_cubes_lost),
                "placement": str(s.placement),
            }
        )

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> Any:
        """A new game dealt from `seed`."""
        opts = self.check_options(options)
        if seed < 0:
            raise RuleOptionError(f"honshu: seed must be >= 0, got {seed}")
        return hs.State.deal(
            int(opts["players"]),
            seed,
            str(opts["hand_passing"]),
            bool(opts["covered_cubes_lost"]),
            str(opts["placement"]),
        )

    def parse(self, text: str, options: Mapping[str, Any] | None = None) -> Any:
        """A position from its notation, or an information state (notation starting with ``view=``)."""
        self.check_options(options)
        check_seats(text)
        if text.lstrip().startswith("view="):
            return self.view(text.strip())
        return hs.State.parse(text)

    def deal_scores(self, final: Any) -> list[float]:
        """Each seat scores its game points."""
        return [float(final.score(p)["total"]) for p in range(final.num_players)]

    def greedy_move(self, view: Any, seed: int) -> int:
        """The greedy baseline (the engine's, :func:`..hand_worlds.greedy_move`) on the seat's view."""
        return hand_worlds.greedy_move(view)

    def peek_worlds(self, state: Any, what: str, seed: int) -> Any:
        """Unfair reference worlds: every hand ("hand", deck order shuffled) or everything ("all")."""
        return hand_worlds.peek_worlds(state, what, seed)

    def belief(self, info_state: str) -> UniformBelief:
        """The uniform belief over the cards `info_state` hides (see :mod:`.belief`)."""
        return honshu_belief(info_state)

    def decision_log_likelihoods(self, view: Any, seen: Sequence[Seen], worlds: Any) -> Any:
        """Inferred beliefs: the log-likelihood of the other seats' seen trick cards in each world
        (:mod:`.inference`)."""
        return inference.log_likelihoods(view.text, seen, worlds)

    def weighed_decisions(self, view: Any, seen: Sequence[Seen]) -> int:
        """How many seen decisions the inferred belief weighs (the trick cards of hidden hands since they last
        changed)."""
        return inference.weighed_decisions(view.text, seen)

    def player_name(self, player: int) -> str:
        """Players are named by their seat index, as in the notation."""
        return f"player {player}"

    input_help = (
        "moves: 'start A' / 'start B' (start-card side), 'play 17' or 'play 17+blue' (a hand card, optionally with a"
        " cube: +60), 'take 17' (a card of the trick), 'place 17 r1 over 2,-1' (rotation r0..r3 quarter turns"
        " clockwise, over or under the map, top-left square at x,y; the start card's top-left is 0,0); with"
        " placement=two_stage also 'anchor 2,-1' then 'orient r1 over'"
    )

    def input_moves(self, view: Any, text: str) -> list[int]:
        """One move in notation; with placement=two_stage a whole placement typed as ``place <card> r<rotation>
        over|under <x>,<y>`` is also accepted and played as its two moves (the anchor, then the orientation)."""
        s = getattr(view, "proxy", view).clone()
        words = text.split()
        if s.placement != "two_stage" or len(words) != 5 or words[0] != "place" or s.anchor is not None:
            return super().input_moves(view, text)
        card = s.took(s.to_move())
        if words[1] != str(card):
            raise IllegalMoveError(f"honshu move '{text}': player {s.to_move()} places card {card}")
        anchor = int(s.parse_move(f"anchor {words[4]}"))
        s.apply(anchor)
        orient = int(s.parse_move(f"orient {words[2]} {words[3]}"))
        return [anchor, orient]

    def describe_move(self, before: Any, after: Any, move: str) -> str:
        """The end of a trick gives the take order; the end of a round, a hand pass or a deal is announced."""
        parts = []
        if before.phase == "play" and after.phase == "take":
            parts.append("take order: " + ", ".join(f"player {p}" for p in after.take_order()))
        if after.round != before.round:
            if after.round == 7:
                parts.append("6 new cards dealt to each player")
            if after.hand_passing == "official" and after.round in (4, 10):
                parts.append(f"hands passed to the {'left' if after.round == 4 else 'right'}")
        if after.is_terminal() and not before.is_terminal():
            parts.append(
                "final scores: " + ", ".join(f"player {p} {after.score(p)['total']}" for p in range(after.num_players))
            )
        return "; ".join(parts)

    def describe_value(self, state: Any, result: Any) -> str:
        """Search values are expected final score differences (to the best other player) of the player to move."""
        return f"{float(result.value):+.2f} points"

    def render(self, state: Any) -> str:
        """The table as text: round, phase, hands (hidden ones as counts), the trick, each map drawn with its
        cubes and current score. An information state shows only what its observer sees."""
        text = state.to_string()
        f = notation_fields(text)
        world = getattr(state, "proxy", state)  # maps, cubes and trick are public: the same in every world
        n = int(f["players"])
        me = int(f["view"]) if "view" in f else None
        head = f"Honshu, {n} players, round {f['round']} of 12, phase {f['phase']}"
        if f["phase"] != "end":
            head += f", player {f['move']} to move"
        if me is not None:
            head += f" (view of player {me})"
        lines = [
            head,
            f"rules: hand passing {f['passing']}, covered cubes lost {f['lost']}; leader player {f['leader']}"
            + (", placements in two stages (anchor, then orientation)" if "placement" in f else ""),
        ]
        if "anchor" in f:
            lines.append(f"anchor chosen: {f['anchor']} (the rotation and side are to be chosen)")
        trick = f["trick"].split(",")
        took = f["took"].split(",")
        starts = f["start"].split(",")
        for p in range(n):
            hand = f[f"hand{p}"]
            shown = f"{hand[1:]} cards (hidden)" if hand.startswith("?") else hand.replace(",", " ")
            sc = world.score(p)
            cubes = ", ".join(
                f"{c} {k}" for c, k in zip(("blue", "brown", "grey", "yellow"), world.cubes(p), strict=True)
            )
            lines.append(
                f"player {p}: start card {starts[p]}, score now {sc['total']} (forest {sc['forest']}, towns"
                f" {sc['towns']}, lakes {sc['lakes']}, factories {sc['factories']})"
            )
            lines.append(f"  hand  : {shown}" + (" (yours)" if p == me else ""))
            lines.append(f"  trick : {trick[p]}   took: {took[p]}")
            lines.append(f"  cubes : {cubes}")
            lines.extend(draw_map(world, p))
        deck = f["deck"]
        lines.append(
            f"deck: {deck[1:] if deck.startswith('?') else (0 if deck == '-' else len(deck.split(',')))} cards"
        )
        lines.append(LEGEND)
        return "\n".join(lines)


GAME = HonshuInfo(
    name="honshu",
    title="Honshu (2-5 players)",
    core=hs,
    options=OPTIONS,
    random_setup=True,
    return_unit="points",
)
