"""Honshu's notation read for the board: the fields, every seat's map replayed from its cards (the public card
table), the cubes, and the words of an orientation."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ....games.honshu import hs
from ..fields import BoardError, read_fields, view_text

GAME = "honshu"
COLOURS = ("blue", "brown", "grey", "yellow")
#: Squares a drawn map adds around its visible squares where a card may be placed: a card's footprint is at most
#: 3 squares long and overlaps the map, so it reaches at most 2 squares beyond it.
MARGIN = 2
ROTATION_WORDS = ("upright", "rotated 90°", "rotated 180°", "rotated 270°")


PIECE = re.compile(r"^(\d+)@(-?\d+),(-?\d+)r([0-3])([uo]?)$")


@dataclass(frozen=True)
class Placed:
    """One card of a map: its number, anchor (top-left square), rotation and side."""

    card: int
    x: int
    y: int
    rotation: int
    under: bool


@dataclass(frozen=True)
class Table:
    """The fields of a notation, read once."""

    fields: dict[str, str]
    players: int
    viewer: int | None
    maps: tuple[tuple[str, str, tuple[Placed, ...]], ...]  # (start letter, side or "-", placed cards) per seat


def rotated(squares: list[str] | tuple[str, ...], rotation: int) -> list[tuple[int, int, str]]:
    """The (dx, dy, square) of a card's 6 squares (3 rows of 2 at rotation 0, row-major) turned `rotation` quarter
    turns clockwise, as offsets from the footprint's top-left square."""
    out = []
    for i, name in enumerate(squares):
        r, c = divmod(i, 2)
        if rotation == 0:
            row, col = r, c
        elif rotation == 1:
            row, col = c, 2 - r
        elif rotation == 2:
            row, col = 2 - r, 1 - c
        else:
            row, col = 1 - c, r
        out.append((col, row, name))
    return out


@cache
def card_squares(card: int, rotation: int) -> tuple[tuple[int, int, str], ...]:
    """The (dx, dy, square) of map card `card` in `rotation` (the public card table)."""
    return tuple(rotated(tuple(hs.card_squares(card)), rotation))


def int_field(fields: dict[str, str], key: str) -> int:
    try:
        return int(fields[key])
    except (KeyError, ValueError):
        raise BoardError(f"honshu board: field '{key}' missing or not a number") from None


def _parse_map(text: str, seat: int) -> tuple[str, tuple[Placed, ...]]:
    parts = text.split("/")
    side = parts[0]
    if side not in ("A", "B", "-"):
        raise BoardError(f"honshu board: map{seat} starts with the start side A, B or -, got '{side}'")
    placed = []
    for piece in parts[1:]:
        m = PIECE.match(piece)
        if m is None:
            raise BoardError(f"honshu board: map{seat} card '{piece}' is not <card>@<x>,<y>r<rotation>[u]")
        placed.append(Placed(int(m[1]), int(m[2]), int(m[3]), int(m[4]), m[5] == "u"))
    return side, tuple(placed)


@lru_cache(maxsize=256)
def read(text: str) -> Table:
    """The fields of a Honshu notation (an information state or a full position)."""
    fields = read_fields(text, "honshu")
    players = int_field(fields, "players")
    if not 2 <= players <= 5:
        raise BoardError(f"honshu board: players is 2 to 5, got {players}")
    viewer = int_field(fields, "view") if "view" in fields else None
    letters = fields.get("start", "").split(",")
    if len(letters) != players:
        raise BoardError(f"honshu board: field 'start' needs {players} letters")
    maps = []
    for p in range(players):
        if f"map{p}" not in fields:
            raise BoardError(f"honshu board: field 'map{p}' missing")
        side, placed = _parse_map(fields[f"map{p}"], p)
        maps.append((letters[p], side, placed))
    return Table(fields, players, viewer, tuple(maps))


Grid = dict[tuple[int, int], tuple[str, str]]  # (x, y) -> (square name, the card showing it: number or letter)


def paint(letter: str, side: str, placed: tuple[Placed, ...]) -> Grid:
    """The visible squares of a map: the start card, then each card in placement order (over replaces, under fills
    only empty positions)."""
    grid: Grid = {}
    if side == "-":
        return grid
    for dx, dy, name in rotated(list(hs.start_squares(letter, side)), 0):
        grid[(dx, dy)] = (name, letter)
    for card in placed:
        lay(grid, card)
    return grid


def lay(grid: Grid, card: Placed) -> None:
    """Puts `card` on `grid` (in place)."""
    for dx, dy, name in card_squares(card.card, card.rotation):
        at = (card.x + dx, card.y + dy)
        if not card.under or at not in grid:
            grid[at] = (name, str(card.card))


def engine_of(view: Any) -> Any:
    """A full state with the view's public maps and cubes: the view itself, or an information state's proxy."""
    return getattr(view, "proxy", view)


def cubes_of(fields: dict[str, str], seat: int) -> list[int]:
    try:
        counts = [int(c) for c in fields[f"cubes{seat}"].split(",")]
    except (KeyError, ValueError):
        raise BoardError(f"honshu board: field 'cubes{seat}' is 4 counts (blue, brown, grey, yellow)") from None
    if len(counts) != 4:
        raise BoardError(f"honshu board: field 'cubes{seat}' is 4 counts (blue, brown, grey, yellow)")
    return counts


def items(value: str) -> list[str]:
    return [] if value in ("-", "") else value.split(",")


def notation_of(view: Any) -> str:
    return view_text(view, "honshu", full_state=True)


def xy(text: str, what: str) -> tuple[int, int]:
    try:
        x, y = (int(v) for v in text.split(","))
    except ValueError:
        raise BoardError(f"honshu board: {what}: '{text}' is not <x>,<y>") from None
    return x, y


def orientation_words(rotation: int, under: bool) -> str:
    """How a person says an orientation: ``rotated 90°, over`` / ``upright, slid under``."""
    return f"{ROTATION_WORDS[rotation]}, {'slid under' if under else 'over'}"
