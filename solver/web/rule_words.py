"""A table's rules in words, for the page: the mode's name and the rules that differ from that mode's standard,
each option said in plain words (from its help text in ``solver/games/<game>/``), and the full list.

The mode is the rated mode whose rules these are (``solver.rating.pools.MODES``); rules that are no mode's are
said as the nearest mode's (fewest options changed) with what was changed, a player count of no mode by itself
("3 players")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..games import GameInfo, get_game
from ..rating.pools import MODES

#: The modes' names as the page says them (a mode not here is said by its own name).
MODE_NAMES = {
    ("connect4", "standard"): "standard rules",
    ("sensei", "arashi"): "Arashi",
    ("sensei", "shizukana"): "Shizukana",
    ("koikoi", "seed"): "the seed rules",
    ("koikoi", "nintendo"): "Nintendo's rules",
    ("haniwa", "2p"): "2 players",
    ("haniwa", "4p"): "4 players in two teams",
    ("ohanami", "2p"): "2 players",
    ("ohanami", "4p"): "4 players",
    ("honshu", "2p"): "2 players",
    ("honshu", "4p"): "4 players",
}

Words = Callable[[Any], str]


def _yes_no(yes: str, no: str) -> Words:
    return lambda v: yes if v else no


def _pits(v: Any) -> str:
    squares = list(v) if not isinstance(v, str) else v.split()
    if not squares or squares == ["none"]:
        return "no pits"
    if squares in (["default"], ["c3", "e3", "c5", "e5"]):
        return "the expert board: pits on c3 e3 c5 e5"
    return "pits on " + " ".join(squares)


def _koikoi_rounds(v: Any) -> str:
    if v == 0:
        return "as many deals as the rule set plays (1 for seed, 12 for Nintendo)"
    return "a single deal" if v == 1 else f"a match of {v} deals"


PHRASES: dict[tuple[str, str], Words] = {
    ("sensei", "version"): lambda v: {
        "arashi": "Arashi: stones slide any distance",
        "shizukana": "Shizukana: stones move one step, mixed setup",
    }.get(v, str(v)),
    ("sensei", "pits"): _pits,
    ("sensei", "character_blocked_by_own"): _yes_no(
        "your own stones between also block the character", "only the opponent's stones block the character"
    ),
    ("sensei", "max_turns"): lambda v: f"a draw after {v} completed turns",
    ("sensei", "threefold_draw"): _yes_no(
        "a draw when a position comes back for the third time", "no draw by repetition"
    ),
    ("koikoi", "preset"): lambda v: {"seed": "the seed rule set", "nintendo": "Nintendo's rule set"}.get(v, str(v)),
    ("koikoi", "sake_viewing"): _yes_no(
        "flower- and moon-viewing with the Sake cup, 5 points each", "flower- and moon-viewing as the rule set has them"
    ),
    ("koikoi", "seven_point_double"): _yes_no(
        "a stop worth 7 points or more is doubled", "a stop of 7 points doubled as the rule set has it"
    ),
    ("koikoi", "koikoi_double"): _yes_no(
        "a stop after the opponent called koi-koi is doubled", "a stop after a koi-koi doubled as the rule set has it"
    ),
    ("koikoi", "koikoi_limit"): lambda v: {
        "preset": "koi-koi called as often as the rule set allows",
        "unlimited": "koi-koi called any number of times",
        "per_player": "each player calls koi-koi at most once a deal",
        "per_deal": "koi-koi called once a deal, by either player",
    }.get(v, str(v)),
    ("koikoi", "set_yaku_extras"): _yes_no(
        "Boar-Deer-Butterflies and the ribbon sets score 1 more per further card of their kind",
        "the set yaku scored as the rule set has them",
    ),
    ("koikoi", "no_empty_hand_koikoi"): _yes_no(
        "no koi-koi with an empty hand", "koi-koi with an empty hand as the rule set has it"
    ),
    ("koikoi", "rounds"): _koikoi_rounds,
    ("haniwa", "players"): lambda v: {1: "solo", 2: "2 players", 4: "4 players in two teams, partners opposite"}.get(
        v, f"{v} players"
    ),
    ("haniwa", "comparison"): lambda v: {
        "standard": "columns compared by total power first",
        "colour_first": "columns compared by colour first",
    }.get(v, str(v)),
    ("haniwa", "start_dice"): lambda v: {
        "": "the starting dice of the component file",
        "ones": "every die starts on one",
        "rolled": "the starting dice are rolled",
    }.get(v, str(v)),
    ("haniwa", "solo_fill"): lambda v: {
        "column": "solo tiles fill each column bottom up",
        "row": "solo tiles fill row by row",
    }.get(v, str(v)),
    ("haniwa", "solo_dice_score"): _yes_no("solo: every column's final die scores too", "solo: only smiles score dice"),
    ("haniwa", "rounds"): lambda v: (
        "one game" if v == 1 else "two games, scores added, the VIP Gozoku doubled in the second"
    ),
    ("haniwa", "tileset"): lambda v: f"the tiles of {v}" if v else "the standard tiles",
    ("ohanami", "players"): lambda v: f"{v} players",
    ("honshu", "players"): lambda v: f"{v} players",
    ("honshu", "hand_passing"): lambda v: {
        "none": "hands are not passed",
        "official": "hands passed left after round 3 and right after round 9",
    }.get(v, str(v)),
    ("honshu", "covered_cubes_lost"): _yes_no(
        "a cube is lost when its production square is covered", "a cube stays when its production square is covered"
    ),
    ("honshu", "placement"): lambda v: {
        "single": "the engine sees a placement as one move",
        "two_stage": "the engine sees a placement as two steps: the anchor, then the turn",
    }.get(v, str(v)),
}


def option_words(info: GameInfo, name: str, value: Any) -> str:
    """One rule option's value in words (the option's help text and its value when no phrase is written)."""
    phrase = PHRASES.get((info.name, name))
    if phrase is not None:
        return phrase(value)
    spec = next((o for o in info.options if o.name == name), None)
    shown = " ".join(value) if isinstance(value, (tuple, list)) else str(value)
    return f"{spec.help if spec is not None else name}: {shown}"


def mode_name(game: str, mode: str) -> str:
    """A rated mode's name as the page says it."""
    return MODE_NAMES.get((game, mode), mode)


def _standards(info: GameInfo) -> list[tuple[str, dict[str, Any]]]:
    modes = MODES.get(info.name, {})
    if not modes:
        return [("standard", dict(info.check_options({})))]
    return [(name, dict(info.check_options(m.rules))) for name, m in modes.items()]


def rules_in_words(game: str | GameInfo, rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The rules as the page says them: `mode` (the mode's name), `rated_mode` (its key, None when the rules
    change it), `changes` (the options that differ from the mode's standard, in words) and `all` (every option in
    words, in the game's order)."""
    info = get_game(game) if isinstance(game, str) else game
    given = dict(info.check_options(rules))
    best_name, best = min(
        _standards(info), key=lambda m: sum(1 for k, v in given.items() if m[1].get(k) != v)
    )  # the first mode wins a tie (min keeps the first)
    changed = [o.name for o in info.options if best.get(o.name) != given[o.name]]
    mode = mode_name(info.name, best_name)
    if "players" in changed:  # a player count no mode has: it names the rules ("3 players", "solo")
        mode = option_words(info, "players", given["players"])
    return {
        "mode": mode,
        "rated_mode": None if changed else best_name,
        "changes": [option_words(info, k, given[k]) for k in changed if k != "players"],
        "all": [option_words(info, o.name, given[o.name]) for o in info.options],
    }


__all__ = ["MODE_NAMES", "mode_name", "option_words", "rules_in_words"]
