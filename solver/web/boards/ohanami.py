"""Ohanami on the page: the seat's hand and pick, every player's garden of up to three columns, the scores.

The board is read from the seat's information-state notation (``view.text``, docs/ohanami.md) only: another
player's hand is shown card by card only where the notation lists it (a hand that passed through the seat's hands
this round), else as a count; a pick made this turn and not revealed yet (``pick<q>=?``) is two face-down cards; the
deck is its size. Each card is ``{"n": number, "colour": ...}``, with an ``id`` where the seat clicks it.

Clicks: a pick ``pick 12,40`` is the two cards of the hand, in either order (``hand:12``, ``hand:40``); a
placement ``place 40 top1`` the picked card then where it goes in the seat's garden (``pick:40``, then
``dest:top1`` / ``dest:bottom2`` above / below a column, ``dest:new`` a new column, ``dest:discard`` the pile).
"""

from __future__ import annotations

import re
from typing import Any

from ... import _core
from ...determinize.infostate import InformationState
from .fields import BoardError, read_fields

oh = _core.ohanami
COLOUR_ORDER = ("blue", "green", "grey", "pink")
#: Card colours (the legend and the drawing use the same ones).
PALETTE = {"blue": "#3d7fd0", "green": "#3f9a4b", "grey": "#8b8f96", "pink": "#e57fb0"}
ROUNDS, TURNS, COLUMNS = 3, 5, 3
_PICK = re.compile(r"^pick (\d+),(\d+)$")
_PLACE = re.compile(r"^place (\d+) (top[123]|bottom[123]|new|discard)$")
_SPOT_WORDS = {"top": "on top of column", "bottom": "at the bottom of column"}


class OhanamiBoardError(BoardError):
    """A view or move the Ohanami board cannot read."""


def card(number: int, clickable: str | None = None) -> dict[str, Any]:
    """One card as the page draws it: its number and colour, and its click id when it has one."""
    entry: dict[str, Any] = {"n": number, "colour": oh.CARD_COLOURS[number - 1]}
    if clickable is not None:
        entry["id"] = f"{clickable}:{number}"
    return entry


def _numbers(field: str) -> list[int]:
    return [] if field in ("-", "") else [int(x) for x in field.split(",")]


def _fields(view: Any) -> dict[str, str]:
    if not isinstance(view, InformationState) or view.game.name != "ohanami":
        raise OhanamiBoardError(f"ohanami board: expected an Ohanami information state, got {type(view).__name__}")
    return read_fields(view.text, "ohanami", ("view",))


def _seat(f: dict[str, str], p: int, me: int) -> dict[str, Any]:
    """What the seat `me` sees of player `p`."""
    hand_field, pick_field = f[f"hand{p}"], f[f"pick{p}"]
    secret = pick_field == "?"
    if hand_field.startswith("?"):
        size = int(hand_field[1:])
        hand = {"known": False, "count": size - (2 if secret else 0), "cards": [], "before_pick": secret}
    else:
        numbers = _numbers(hand_field)
        clickable = "hand" if p == me else None
        hand = {
            "known": True,
            "count": len(numbers) - (2 if secret else 0),
            "cards": [card(n, clickable) for n in numbers],
            "before_pick": secret,
        }
    picked = [] if secret else _numbers(pick_field)
    pick = {
        "hidden": secret,
        "count": 2 if secret else len(picked),
        "cards": [card(n, "pick" if p == me else None) for n in picked],
    }
    garden = f[f"garden{p}"]
    columns = [] if garden == "-" else [[int(x) for x in col.split(".")] for col in garden.split("/")]
    flat = [n for col in columns for n in col]
    rnd = int(f["round"])
    by_colour = {c: [n for n in flat if oh.CARD_COLOURS[n - 1] == c] for c in COLOUR_ORDER}
    return {
        "seat": p,
        "name": f"player {p}",
        "you": p == me,
        "score": int(f["scores"].split(",")[p]),
        "round_points": int(oh.round_points(flat, rnd)),
        "colours": {
            c: {"cards": len(by_colour[c]), "points": int(oh.round_points(by_colour[c], rnd))} for c in COLOUR_ORDER
        },
        "hand": hand,
        "pick": pick,
        "columns": [[card(n) for n in col] for col in columns],
        "discards": [card(n) for n in _numbers(f[f"discard{p}"])],
    }


def _destinations(columns: int) -> list[dict[str, str]]:
    """The places of the seat's garden a picked card can be sent to, drawn while the seat places a card (the legal
    ones for the card clicked become targets)."""
    out = []
    for i in range(1, columns + 1):
        out.append({"id": f"dest:top{i}", "spot": f"top{i}", "column": str(i)})
        out.append({"id": f"dest:bottom{i}", "spot": f"bottom{i}", "column": str(i)})
    if columns < COLUMNS:
        out.append({"id": "dest:new", "spot": "new", "column": str(columns + 1)})
    out.append({"id": "dest:discard", "spot": "discard", "column": ""})
    return out


def _names(players: list[int]) -> str:
    words = [f"player {p}" for p in players]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _status(f: dict[str, str], seats: list[dict[str, Any]], me: int) -> str:
    phase = f["phase"]
    if phase == "end":
        best = max(s["score"] for s in seats)
        top = [s["seat"] for s in seats if s["score"] == best]
        rest = sorted((s["score"] for s in seats if s["seat"] not in top), reverse=True)
        against = f" to {', '.join(str(x) for x in rest)}" if rest else ""
        if len(top) == 1:
            return f"Game over: player {top[0]} wins with {best} points{against}."
        return f"Game over: {_names(top)} share the victory with {best} points{against}."
    mover = int(f["move"])
    who = f"player {mover}" + (" (you)" if mover == me else "")
    way = "right" if f["round"] == "2" else "left"
    head = f"Round {f['round']} of {ROUNDS}, turn {f['turn']} of {TURNS}, hands pass {way}"
    if phase == "pick":
        return f"{head}: {who} picks 2 cards" + (" of your hand." if mover == me else " in secret.")
    left = seats[mover]["pick"]["count"]
    return f"{head}: {who} places a picked card ({left} to place)."


def board(view: Any) -> dict[str, Any]:
    """Hands (hidden ones as counts), picks, gardens, discards, scores, the round and turn, whose move it is."""
    f = _fields(view)
    me = int(f["view"])
    n = int(f["players"])
    seats = [_seat(f, p, me) for p in range(n)]
    phase = f["phase"]
    over = phase == "end"
    mine = seats[me]
    placing = phase == "place" and int(f["move"]) == me
    destinations = _destinations(len(mine["columns"])) if placing else []
    targets = [c["id"] for c in mine["hand"]["cards"]] + [c["id"] for c in mine["pick"]["cards"]]
    targets += [d["id"] for d in destinations]
    deck = f["deck"]
    rnd = int(f["round"])
    return {
        "game": "ohanami",
        "players": [s["name"] for s in seats],
        "viewer": me,
        "to_move": None if over else int(f["move"]),
        "phase": "over" if over else phase,
        "status": _status(f, seats, me),
        "round": rnd,
        "rounds": ROUNDS,
        "turn": int(f["turn"]),
        "turns": TURNS,
        "direction": "right" if rnd == 2 else "left",
        "seats": seats,
        "winners": [s["seat"] for s in seats if s["score"] == max(t["score"] for t in seats)] if over else [],
        "destinations": destinations,
        "targets": targets,
        "deck": int(deck[1:]) if deck.startswith("?") else len(_numbers(deck)),
        "undealt": 120 - 30 * n,
        "scoring": {
            "round": rnd,
            "scored": "the round just scored" if over else "this round so far",
            "rules": "after each round: blue 3 each; from round 2 green 4 each; in round 3 grey 7 each and pink"
            " by count (1, 3, 6, 10, ... 105 for 14, 120 for 15 or more)",
        },
        "palette": dict(PALETTE),
        "legend": [
            [PALETTE["blue"], "blue (water): 3 points each, every round"],
            [PALETTE["green"], "green (plant): 4 each, rounds 2 and 3"],
            [PALETTE["grey"], "grey (stone): 7 each, round 3"],
            [PALETTE["pink"], "pink (cherry blossom): round 3, by count: 1, 3, 6, 10, ... 120 for 15 or more"],
            ["▒", "a face-down card: a hidden hand or a pick not yet revealed"],
            ["●", "the card of the last move (a small dot: the other cards placed this turn)"],
            ["⇡", "a column grows upwards: a card goes above its top (higher) or below its bottom (lower)"],
        ],
    }


def _move(text: str) -> tuple[str, list[int], str]:
    """``("pick", [a, b], "")`` or ``("place", [card], spot)`` of a move in notation (OhanamiBoardError else)."""
    found = _PICK.match(text)
    if found:
        return "pick", sorted(int(x) for x in found.groups()), ""
    found = _PLACE.match(text)
    if found:
        return "place", [int(found.group(1))], found.group(2)
    raise OhanamiBoardError(f"ohanami move {text!r}: expected 'pick A,B' or 'place N top1|bottom1|new|discard'")


def move_targets(view: Any, move: int, text: str) -> list[str]:
    """A pick: the two hand cards (clicked in either order); a placement: the picked card, then its place in the
    garden."""
    kind, cards, spot = _move(text)
    if kind == "pick":
        return [f"hand:{cards[0]}", f"hand:{cards[1]}"]
    return [f"pick:{cards[0]}", f"dest:{spot}"]


def unordered_targets(view: Any, move: int, text: str) -> bool:
    """The two cards of a pick may be clicked in either order."""
    return text.startswith("pick")


def _card_words(number: int) -> str:
    return f"{number} ({oh.CARD_COLOURS[number - 1]})"


def move_label(view: Any, move: int, text: str) -> str:
    """``pick 12 (green) and 40 (blue)``, ``40 (blue) on top of column 1``, ``40 (blue) as a new column``,
    ``discard 40 (blue)``."""
    kind, cards, spot = _move(text)
    if kind == "pick":
        return f"pick {_card_words(cards[0])} and {_card_words(cards[1])}"
    what = _card_words(cards[0])
    if spot == "discard":
        return f"discard {what}"
    if spot == "new":
        return f"{what} as a new column"
    return f"{what} {_SPOT_WORDS[spot[:-1]]} {spot[-1]}"
