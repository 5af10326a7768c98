"""The Honshu card table: read from the package data ``solver/data/honshu_cards.json`` and handed to the compiled
core once (``_core.honshu.load_cards``), which validates every square and keeps the table immutable.

The JSON holds ``map_cards`` (60 entries: ``number`` 1..60 and ``squares``, 3 rows of 2 square names, top row
first) and ``start_cards`` (6 entries: ``letter`` A..F, ``side_a`` and ``side_b`` in the same layout).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ... import _core
from ..._core import RuleOptionError

CARDS_FILE = "honshu_cards.json"


def _rows(card: Any, key: str, what: str) -> list[str]:
    rows = card.get(key) if isinstance(card, dict) else None
    if not isinstance(rows, list) or len(rows) != 3 or any(not isinstance(r, list) or len(r) != 2 for r in rows):
        raise RuleOptionError(f"honshu cards: {what}: '{key}' must be 3 rows of 2 square names")
    out = [sq for row in rows for sq in row]
    if not all(isinstance(sq, str) for sq in out):
        raise RuleOptionError(f"honshu cards: {what}: square names are strings")
    return out


def parse_table(data: Any) -> tuple[list[list[str]], list[list[str]]]:
    """The map cards (by number) and start cards (A..F, side A then B) of the JSON document `data`, as the lists of
    square names ``load_cards`` takes; RuleOptionError names what is malformed."""
    if not isinstance(data, dict) or not isinstance(data.get("map_cards"), list):
        raise RuleOptionError("honshu cards: expected an object with 'map_cards' and 'start_cards' lists")
    by_number: dict[int, list[str]] = {}
    for card in data["map_cards"]:
        number = card.get("number") if isinstance(card, dict) else None
        if not isinstance(number, int) or not 1 <= number <= 60 or number in by_number:
            raise RuleOptionError(f"honshu cards: map card numbers are 1..60, each once (got {number!r})")
        by_number[number] = _rows(card, "squares", f"map card {number}")
    if len(by_number) != 60:
        raise RuleOptionError(f"honshu cards: expected 60 map cards, got {len(by_number)}")
    starts = data.get("start_cards")
    if not isinstance(starts, list) or len(starts) != 6:
        raise RuleOptionError("honshu cards: expected 6 start cards")
    by_letter: dict[str, list[str]] = {}
    for card in starts:
        letter = card.get("letter") if isinstance(card, dict) else None
        if letter not in tuple("ABCDEF") or letter in by_letter:
            raise RuleOptionError(f"honshu cards: start card letters are A..F, each once (got {letter!r})")
        by_letter[letter] = _rows(card, "side_a", f"start card {letter}") + _rows(
            card, "side_b", f"start card {letter}"
        )
    return [by_number[n] for n in range(1, 61)], [by_letter[x] for x in "ABCDEF"]


def load() -> None:
    """Loads the packaged table into the compiled core (a no-op when it is already loaded)."""
    if _core.honshu.cards_loaded():
        return
    text = resources.files("solver").joinpath("data", CARDS_FILE).read_text(encoding="utf-8")
    map_cards, start_cards = parse_table(json.loads(text))
    _core.honshu.load_cards(map_cards, start_cards)
