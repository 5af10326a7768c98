"""Haniwa: rule options, the component set from TOML, dealing and display.

The compiled engine (``solver._core.haniwa``) plays full-information worlds: the stock order, hands, dice
and the face-down tile are all known. ``GAME.new(options, seed)`` deals such a world at random from a seed.
What one player knows is an information state (``GAME.parse_information``); ``solver.determinize.haniwa`` samples
the worlds consistent with it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import _core
from ..._core import IllegalMoveError, NotationError, RuleOptionError
from ...determinize.belief import UniformBelief
from ...determinize.inference import Seen
from ...determinize.infostate import InformationState
from ..base import GameInfo, describe_generic
from ..options import OptionSpec
from . import inference
from .belief import HaniwaBelief

DEFAULT_COMPONENTS = Path(__file__).resolve().parents[2] / "data" / "haniwa.toml"

COLOURS = ("red", "blue", "green", "yellow")
KOFUN_COLOURS = (*COLOURS, "brown")
LETTERS = "RBGYN"
PIMC_EXACT_PLIES = 10


@dataclass(frozen=True)
class Components:
    """The tile set, the Kofun set and the default starting-dice rule read from a TOML file."""

    tile_counts: tuple[int, ...]  # copies of each kind, kind = colour * 3 + power - 1
    kofun_colours: tuple[int, ...]  # 0-3 Gozoku colours, 4 brown
    start_dice: str

    @property
    def total_tiles(self) -> int:
        """Number of Haniwa tiles in the set."""
        return sum(self.tile_counts)


def _fail(source: str, key: str, message: str) -> RuleOptionError:
    return RuleOptionError(f"haniwa components {source}, key '{key}': {message}")


def parse_components(data: Mapping[str, Any], source: str = "<table>") -> Components:
    """Validates a components table (the TOML document as a dict); RuleOptionError names the faulty key."""
    known = {"tiles", "kofun", "start"}
    for key in data:
        if key not in known:
            raise _fail(source, key, f"unknown section (known: {', '.join(sorted(known))})")
    tiles = data.get("tiles")
    if not isinstance(tiles, Mapping):
        raise _fail(source, "tiles", "missing table of colour = [power-1, power-2, power-3 copies]")
    counts: list[int] = []
    for key in tiles:
        if key not in COLOURS:
            raise _fail(source, f"tiles.{key}", f"unknown colour (allowed: {', '.join(COLOURS)})")
    for colour in COLOURS:
        row = tiles.get(colour, [0, 0, 0])
        ok = isinstance(row, list) and len(row) == 3
        ok = ok and all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 48 for n in row)
        if not ok:
            raise _fail(source, f"tiles.{colour}", f"expected three copy counts 0..48, got {row!r}")
        counts.extend(row)
    kofun = data.get("kofun", {})
    if not isinstance(kofun, Mapping) or set(kofun) - {"colours"}:
        raise _fail(source, "kofun", "expected a table with one key, 'colours'")
    names = kofun.get("colours", [])
    if not isinstance(names, list) or len(names) > 7 or any(n not in KOFUN_COLOURS for n in names):
        raise _fail(source, "kofun.colours", f"expected at most 7 of {', '.join(KOFUN_COLOURS)}, got {names!r}")
    start = data.get("start", {})
    if not isinstance(start, Mapping) or set(start) - {"dice"}:
        raise _fail(source, "start", "expected a table with one key, 'dice'")
    dice = start.get("dice", "ones")
    if dice not in ("ones", "rolled"):
        raise _fail(source, "start.dice", f"{dice!r} is not one of 'ones', 'rolled'")
    return Components(tuple(counts), tuple(KOFUN_COLOURS.index(n) for n in names), dice)


def load_components(path: str | Path | None = None) -> Components:
    """Reads and validates a components TOML file (the project default when `path` is empty)."""
    file = Path(path) if path else DEFAULT_COMPONENTS
    try:
        with file.open("rb") as f:
            data = tomllib.load(f)
    except OSError as e:
        raise RuleOptionError(f"haniwa option 'tileset': cannot read {file}: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise RuleOptionError(f"haniwa components {file}: not valid TOML ({e})") from None
    return parse_components(data, str(file))


_DEFAULTS = load_components()


@dataclass(frozen=True)
class HaniwaInfo(GameInfo):
    """Haniwa façade: builds the compiled rules from the options and the component file."""

    def rules(self, options: Mapping[str, Any] | None = None) -> Any:
        """The compiled `Rules` for validated `options`."""
        opts = self.check_options(options)
        comps = load_components(opts["tileset"]) if opts["tileset"] else _DEFAULTS
        start_dice = opts["start_dice"] or comps.start_dice
        return _core.haniwa.Rules(
            players=opts["players"],
            comparison=opts["comparison"],
            start_dice=start_dice,
            solo_fill=opts["solo_fill"],
            tile_counts=list(comps.tile_counts),
            kofun_colours=list(comps.kofun_colours),
            rounds=opts["rounds"],
            solo_dice_score=opts["solo_dice_score"],
        )

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> Any:
        """A random world dealt from `seed`: shuffled stock, random first player, dice by the rules."""
        return self.State.deal(self.rules(options), seed)

    def parse(self, text: str, options: Mapping[str, Any] | None = None) -> Any:
        """A position from its notation (which carries its own rules); NotationError names the field.

        An information state (notation with ``view=``) gives a searchable
        :class:`~solver.determinize.infostate.InformationState` (ISMCTS / PIMC from that player's view only); it
        must be the view of the player to move.
        """
        self.check_options(options)
        if self.is_information_state(text):
            viewer = int(self.parse_information(text).view)
            view = self.view(text)
            if view.to_move() != viewer and not view.is_terminal():
                raise NotationError(
                    f"haniwa position: this is an information state of player {viewer} (field 'view') but player "
                    f"{view.to_move()} is to move; only the view of the player to move can be searched"
                )
            return view
        return self.State.parse(text)

    def belief(self, info_state: str) -> UniformBelief:
        """The uniform belief over the tiles `info_state` hides (hidden hands, stock, face-down tile, tiles under
        Kofun, discards). In a two-round match the reshuffle seed is not sampled here: a world without it takes a
        seed hashed from its tiles (see ``docs/haniwa.md``)."""
        return HaniwaBelief.from_information_state(info_state).belief

    def canonical_information(self, text: str) -> str:
        """An information state as typed, re-written in canonical form (the parser checks it)."""
        return str(self.format_information(self.parse_information(text)))

    def search_defaults(self, algo: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """PIMC solves a two-player world exactly only in its last 10 plies: the exact solver has no node budget,
        and from 23 plies out a single decision took 31 s and 121 M nodes (20 moves per ply); at 14 plies it takes
        about 0.1 s, at 10 or fewer a few thousand nodes (docs/haniwa.md)."""
        return {"exact_plies": PIMC_EXACT_PLIES} if algo == "pimc" else {}

    def rules_of(self, state: Any) -> dict[str, Any]:
        """The options a position carries that matter to a search: its number of players."""
        return self.check_options({"players": int(getattr(state, "proxy", state).num_players)})

    def teams(self, options: Mapping[str, Any] | None = None) -> list[int] | None:
        """With 4 players: seats 0 and 2 against 1 and 3."""
        return [0, 1, 0, 1] if self.check_options(options)["players"] == 4 else None

    def deal_scores(self, final: Any) -> list[float]:
        """Each seat scores its side's final score (solo: the solo score)."""
        return [float(final.score(final.team_of(p))) for p in range(final.num_players)]

    def decision_log_likelihoods(self, view: Any, seen: Sequence[Seen], worlds: Any) -> Any:
        """Inferred beliefs: the log-likelihood of each other seat's last seen placement in each world
        (:mod:`.inference`)."""
        return inference.log_likelihoods(view.text, seen, worlds)

    def weighed_decisions(self, view: Any, seen: Sequence[Seen]) -> int:
        """How many seen decisions the inferred belief weighs (the last face-up placement of each hidden hand)."""
        return inference.weighed_decisions(view.text, seen)

    def greedy_move(self, view: Any, seed: int) -> int:
        """The greedy baseline: the move maximising the immediate change of the provisional score margin (ties
        at random from `seed`), on the proxy world of the seat's view (it reads only what that seat sees)."""
        return int(getattr(view, "proxy", view).greedy_move(seed))

    def notation(self, state: Any) -> str:
        """The position notation, or the information-state notation of a view."""
        return str(state.to_string())

    def describe_value(self, state: Any, result: Any) -> str:
        """Search values of Haniwa are expected score differences (own team minus the other; solo: the score);
        alpha-beta's proven results are a win, loss or draw."""
        if result.proof != _core.Proof.NONE:
            return describe_generic(result)
        return f"{float(result.value):+.2f} points"

    def is_information_state(self, text: str) -> bool:
        """True when `text` is in the information-state notation (it has a `view=` field) rather than a position."""
        return any(token.startswith("view=") for token in text.split())

    def parse_information(self, text: str) -> Any:
        """A parsed information state (``solver._core.haniwa.InformationState``): its canonical text
        (``to_string()``), observer (``view``), unseen tiles and world layout (``groups``); NotationError names the
        faulty field."""
        return _core.haniwa.InformationState.parse(text)

    def format_information(self, info: Any) -> str:
        """The canonical notation of a parsed information state."""
        return str(info.to_string())

    def information_state(self, state: Any, player: int) -> str:
        """What `player` knows in a full `state`, as information-state notation."""
        return str(state.information_state(player))

    def player_name(self, player: int) -> str:
        """Players are named by their index, as in the notation (`hand1`, `view=1`)."""
        return f"player {player}"

    def public_move(self, before: Any, move: str) -> str:
        """What the other seats see of a move: a tile placed face down (``R2a1*``), slid under a Kofun
        (``R2a1+Y``) or discarded (``-R2``) is not shown (``?a1*``, ``?a1+Y``, ``-?``); the rest is public."""
        if move.startswith("-"):
            return "-?"
        if move[:1] in "RBGY" and (move.endswith("*") or "+" in move):
            return "?" + move[2:]
        return move

    def input_moves(self, view: Any, text: str) -> list[int]:
        """One move in notation; an illegal one is rejected with the reason (see :mod:`.why`)."""
        try:
            return super().input_moves(view, text)
        except IllegalMoveError as e:
            from .why import illegal_reason

            reason = illegal_reason(getattr(view, "proxy", view), text)
            raise IllegalMoveError(f"{e}: {reason}") from None

    def render(self, state: Any) -> str:
        """Dice, zones (top row first), hands, Dogu and Kofun as text (an information state: only what its
        observer sees; hidden hands as tile counts, hidden tiles as ?)."""
        if isinstance(state, InformationState):
            return self._render_view(state)
        fields = dict(item.split("=", 1) for item in str(state).split())
        players = int(fields["players"])
        lines = _board_lines(fields, "")
        lines += [f"hand {p}: {fields[f'hand{p}']}" for p in range(players)]
        lines.append(f"dogu: {fields['dogu']}   kofun {fields['kofun']}: {fields['kofun_state']}")
        lines.append(f"stock: {state.stock_left()} tiles   discards: {fields['discards']}")
        if state.is_terminal():
            lines.append("score: " + ", ".join(str(state.score(p)) for p in range(min(players, 2))))
            if players == 1:
                lines.append(f"rank: {_core.haniwa.solo_rank(state.score(0))}")
        return "\n".join(lines)

    def _render_view(self, view: InformationState) -> str:
        fields = dict(item.split("=", 1) for item in view.text.split())
        players = int(fields["players"])
        me = int(fields["view"])
        lines = _board_lines(fields, f" (view of player {me})")
        for p in range(players):
            hand = fields[f"hand{p}"]
            shown = f"{hand} tiles (hidden)" if hand.isdigit() else hand + (" (yours)" if p == me else "")
            lines.append(f"hand {p}: {shown}")
        lines.append(f"dogu: {fields['dogu']}   kofun {fields['kofun']}: {fields['kofun_state']}")
        lines.append(f"stock: {fields['stock']} tiles (hidden)   discards: {fields['discards']}")
        return "\n".join(lines)


COLUMN_LEGEND = "columns: a red (R), b blue (B), c green (G), d yellow (Y); tiles: colour + power, e.g. R2"


def _board_lines(fields: dict[str, str], heading_suffix: str) -> list[str]:
    """Heading, dice and zones (top row first) of a position or information state given as its fields."""
    players = int(fields["players"])
    lines = [
        f"Haniwa ({'solo' if players == 1 else f'{players} players'}), phase {fields['phase']}, "
        f"player {fields['to_move']} to move, first player {fields['first']}{heading_suffix}",
        "dice   " + "  ".join(f"{c}:{d}" for c, d in zip(LETTERS, fields["dice"], strict=False)),
        COLUMN_LEGEND,
    ]
    for z in range(1 if players == 1 else 2):
        cells = fields[f"zone{z}"].split(",")
        lines.append(f"zone {z}    a     b     c     d")
        for row in reversed(range(len(cells) // 4)):
            lines.append(f"  {row + 1}  " + " ".join(f"{c:>5}" for c in cells[row * 4 : row * 4 + 4]))
    return lines


GAME = HaniwaInfo(
    name="haniwa",
    title="Haniwa",
    core=_core.haniwa,
    options=(
        OptionSpec("players", 2, "1 (solo), 2, or 4 (two teams: seats 0 and 2 against 1 and 3)", choices=(1, 2, 4)),
        OptionSpec(
            "comparison",
            "standard",
            "column comparison: standard (total power first) or colour_first",
            choices=("standard", "colour_first"),
        ),
        OptionSpec(
            "start_dice",
            "",
            "2-player starting dice: ones or rolled (empty: the component file's choice)",
            choices=("", "ones", "rolled"),
        ),
        OptionSpec("solo_fill", "column", "solo placement: column (bottom up) or row", choices=("column", "row")),
        OptionSpec(
            "solo_dice_score",
            False,
            "solo: also score each column's final die (the earlier reading; default: only smiles score dice)",
        ),
        OptionSpec("rounds", 1, "2: two games, scores added, VIP Gozoku doubled in game 2", choices=(1, 2)),
        OptionSpec("tileset", "", "path of a components TOML file (empty: solver/data/haniwa.toml)"),
    ),
    random_setup=True,
    return_unit="points",
    eval_unit="(Haniwa has no evaluation: 0 = not decided within the search horizon)",
)
