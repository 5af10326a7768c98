"""Honshu's board for the web page: every seat's map to scale, the cubes, the trick and the take order, the seat's
hand, and the clicks of each move.

Everything is read from the position's notation (``view.text``, the seat's information state; a full state's
notation when the page is given one): the maps are replayed from their cards with the public card table
(``hs.card_squares`` / ``hs.start_squares``, the geometry of docs/honshu.md: rotation r turns the card r quarter
turns clockwise about its top-left square, the anchor; a card over the map replaces what is below, a card slid
under fills only the empty positions). Scores, and the cubes and score a placement would give, are the
engine's: asked of the view's proxy world, whose maps and cubes are public (the same in every world the view
allows; the isolation test builds every board from two different worlds).

Click targets (ids of drawn elements):

- ``start A`` / ``start B``: ``start:A`` / ``start:B``, the two sides of the seat's start card;
- ``play 17``: ``card:17`` (a hand card); when the seat has a cube, a second click says whether to bid one:
  ``cube:none`` or ``cube:blue`` (``play 17+blue``, value 77);
- ``take 17``: ``trick:17``, the card in the trick;
- ``place 17 r1 over 2,-1``: ``card:17`` (the card to place) then ``cell:2,-1`` (the top-left square of its
  footprint on the mover's map); the orientations at one anchor are then told apart by their labels;
- with ``placement=two_stage``: ``anchor 2,-1`` is ``card:17`` then ``cell:2,-1``, and ``orient r1 over`` is
  ``orient:r1:over``, one of the pictures of the card in each legal orientation at the chosen anchor.

Every drawn element that can be clicked has an ``id`` field in the board; the drawing module puts it on the
element as ``data-target``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ...games.honshu import hs
from .fields import BoardError, read_fields, view_text

GAME = "honshu"
COLOURS = ("blue", "brown", "grey", "yellow")
#: Squares a drawn map adds around its visible squares where a card may be placed: a card's footprint is at most
#: 3 squares long and overlaps the map, so it reaches at most 2 squares beyond it.
MARGIN = 2
ROTATION_WORDS = ("upright", "rotated 90°", "rotated 180°", "rotated 270°")

TERRAIN_COLOURS = {
    "town": "#d0644f",
    "forest": "#3f8a4a",
    "lake": "#7cc3e8",
    "wasteland": "#cbbd9b",
    "production": "#efe2b4",
    "factory": "#4d535e",
}
CUBE_COLOURS = {"blue": "#2f6bd1", "brown": "#8a5a2e", "grey": "#9a9a9a", "yellow": "#e6b81e"}

LEGEND = [
    [TERRAIN_COLOURS["town"], "town: the largest connected group of towns scores 1 point a square"],
    [TERRAIN_COLOURS["forest"], "forest: 2 points a square"],
    [TERRAIN_COLOURS["lake"], "lake: 3 points a square after the first of each connected lake; never covered"],
    [TERRAIN_COLOURS["wasteland"], "wasteland: no points"],
    [TERRAIN_COLOURS["production"], "production (cube drawn on it): gives a cube of its colour when placed visible"],
    [TERRAIN_COLOURS["factory"], "factory (coloured disc, its value): scores its value if fed a cube of its colour"],
    [CUBE_COLOURS["blue"], "blue cube"],
    [CUBE_COLOURS["brown"], "brown cube"],
    [CUBE_COLOURS["grey"], "grey cube"],
    [CUBE_COLOURS["yellow"], "yellow cube"],
    ["+60", "a card played with a cube: its value is the card's number + 60 (the cube goes back)"],
    ["#", "the trick: the highest value takes first and leads the next round"],
    ["x,y", "map squares: x to the right, y down; the start card's top-left square is 0,0"],
    [
        "#ff6f00",
        "dashed orange outline: the card placed last; orange frame: the placement shown before it is confirmed",
    ],
    ["#555555", "dotted square in a shown placement: a square of the new card slid under the map (stays hidden)"],
]

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


def _int(fields: dict[str, str], key: str) -> int:
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
    players = _int(fields, "players")
    if not 2 <= players <= 5:
        raise BoardError(f"honshu board: players is 2 to 5, got {players}")
    viewer = _int(fields, "view") if "view" in fields else None
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


def _engine(view: Any) -> Any:
    """A full state with the view's public maps and cubes: the view itself, or an information state's proxy."""
    return getattr(view, "proxy", view)


def _cubes(fields: dict[str, str], seat: int) -> list[int]:
    try:
        counts = [int(c) for c in fields[f"cubes{seat}"].split(",")]
    except (KeyError, ValueError):
        raise BoardError(f"honshu board: field 'cubes{seat}' is 4 counts (blue, brown, grey, yellow)") from None
    if len(counts) != 4:
        raise BoardError(f"honshu board: field 'cubes{seat}' is 4 counts (blue, brown, grey, yellow)")
    return counts


def _list(value: str) -> list[str]:
    return [] if value in ("-", "") else value.split(",")


def _text(view: Any) -> str:
    return view_text(view, "honshu", full_state=True)


def _trick(table: Table) -> list[dict[str, Any]]:
    """Each seat's played card this round: card, cube bid, value (None: not played yet)."""
    entries = _list(table.fields.get("trick", ""))
    if len(entries) != table.players:
        raise BoardError(f"honshu board: field 'trick' needs {table.players} entries")
    out: list[dict[str, Any]] = []
    for p, entry in enumerate(entries):
        if entry == "-":
            out.append({"seat": p, "card": None, "bid": None, "value": None})
            continue
        card, _, bid = entry.partition("+")
        if not card.isdigit() or (bid and bid not in COLOURS):
            raise BoardError(f"honshu board: trick entry '{entry}' is <card> or <card>+<colour>")
        out.append({"seat": p, "card": int(card), "bid": bid or None, "value": int(card) + (60 if bid else 0)})
    return out


def _square(dx: int, dy: int, name: str) -> dict[str, Any]:
    return {"x": dx, "y": dy, "square": name}


def _card_face(card: int, rotation: int = 0) -> list[dict[str, Any]]:
    return [_square(dx, dy, name) for dx, dy, name in rotated(list(hs.card_squares(card)), rotation)]


def _phase_words(table: Table, mover: int, took: list[str]) -> str:
    f = table.fields
    phase = f["phase"]
    if phase == "start":
        return f"choose the side of start card {table.maps[mover][0]}"
    if phase == "play":
        return "play a card to the trick (with a cube: +60)"
    if phase == "take":
        return "take a card from the trick"
    if "anchor" in f:
        return f"choose the rotation and side of card {took[mover]} at {f['anchor']}"
    if "placement" in f:
        return f"choose where card {took[mover]} goes (its top-left square)"
    return f"place card {took[mover]} on the map"


def _winners(engine: Any) -> list[int]:
    """The seats with the best result of a finished game (the engine's returns: score, then visible towns)."""
    returns = [float(engine.returns(p)) for p in range(int(engine.num_players))]
    return [p for p, r in enumerate(returns) if r == max(returns)]


def _map_data(
    grid: Grid, placed: tuple[Placed, ...], margin: int, clickable: bool, anchor: str | None
) -> dict[str, Any]:
    """A map as drawn: its visible squares (with the card showing each), its cards, the box drawn (the visible
    squares and `margin` around them); when `clickable`, every position of the box as a click target
    ``cell:x,y``, and the chosen anchor of a two-stage placement."""
    xs = [x for x, _ in grid] or [0, 1]  # no start card yet: its place
    ys = [y for _, y in grid] or [0, 2]
    box = [min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin]
    m: dict[str, Any] = {
        "cells": [
            {"x": x, "y": y, "square": name, "card": shown}
            for (x, y), (name, shown) in sorted(grid.items(), key=lambda item: (item[0][1], item[0][0]))
        ],
        "cards": [{"card": c.card, "x": c.x, "y": c.y, "rotation": c.rotation, "under": c.under} for c in placed],
        "box": box,
    }
    if clickable:
        m["slots"] = [
            {"x": x, "y": y, "id": f"cell:{x},{y}"}
            for y in range(box[1], box[3] + 1)
            for x in range(box[0], box[2] + 1)
        ]
        if anchor is not None:
            m["anchor"] = list(_xy(anchor, "field 'anchor'"))
    return m


def board(view: Any) -> dict[str, Any]:
    """The board data of one seat's view of a Honshu game (built from its notation only)."""
    table = read(_text(view))
    f = table.fields
    n = table.players
    phase = f.get("phase", "")
    if phase not in ("start", "play", "take", "place", "end"):
        raise BoardError(f"honshu board: field 'phase' is start, play, take, place or end, got '{phase}'")
    mover = _int(f, "move")
    rnd = _int(f, "round")
    viewer = table.viewer
    own = viewer if viewer is not None else mover
    took = _list(f.get("took", ""))
    if len(took) != n:
        raise BoardError(f"honshu board: field 'took' needs {n} entries")
    trick = _trick(table)
    grids = [paint(*m) for m in table.maps]
    cubes = [_cubes(f, p) for p in range(n)]
    engine = _engine(view)
    scores = [dict(engine.score(p)) for p in range(n)]

    # Who took which card of the trick: still held ('took'), or the card placed on the map this round.
    taken_by: dict[int, int] = {}
    for p in range(n):
        if took[p] != "-":
            taken_by[int(took[p])] = p
        elif phase == "place" and len(table.maps[p][2]) == rnd:
            taken_by[table.maps[p][2][-1].card] = p
    played = [t for t in trick if t["card"] is not None]
    take_order = [t["seat"] for t in sorted(played, key=lambda t: -t["value"])] if len(played) == n else []
    for t in trick:
        t["taken_by"] = taken_by.get(t["card"]) if t["card"] is not None else None
        if phase == "take" and t["card"] is not None and t["taken_by"] is None:
            t["id"] = f"trick:{t['card']}"
            t["squares"] = _card_face(t["card"])
        elif t["card"] is not None:
            t["squares"] = _card_face(t["card"])

    seats = []
    for p in range(n):
        letter, side, placed = table.maps[p]
        hand_text = f.get(f"hand{p}", "")
        hidden = hand_text.startswith("?")
        hand: list[dict[str, Any]] = []
        if not hidden:
            for c in _list(hand_text):
                entry: dict[str, Any] = {"card": int(c), "squares": _card_face(int(c))}
                if p == mover and p == own and phase == "play":
                    entry["id"] = f"card:{c}"
                hand.append(entry)
        margin = MARGIN if p == own or (p == mover and phase == "place") else 0
        anchor = f.get("anchor") if p == mover and phase == "place" else None
        m = _map_data(grids[p], placed, margin, p == mover and phase == "place", anchor)
        to_place: dict[str, Any] | None = None
        if took[p] != "-":
            to_place = {"card": int(took[p]), "squares": _card_face(int(took[p]))}
            if p == mover and phase == "place" and "anchor" not in f:
                to_place["id"] = f"card:{took[p]}"
        seats.append(
            {
                "seat": p,
                "name": f"player {p}",
                "start": {"letter": letter, "side": None if side == "-" else side},
                "cubes": dict(zip(COLOURS, cubes[p], strict=True)),
                "hand": hand,
                "hand_size": int(hand_text[1:]) if hidden else len(hand),
                "hand_hidden": hidden,
                "played": trick[p],
                "to_place": to_place,
                "score": scores[p],
                "map": m,
            }
        )

    deck = f.get("deck", "-")
    out: dict[str, Any] = {
        "game": GAME,
        "players": [f"player {p}" for p in range(n)],
        "you": viewer,
        "own": own,
        "to_move": None if phase == "end" else mover,
        "phase": phase,
        "round": rnd,
        "rounds": 12,
        "leader": _int(f, "leader"),
        "rules": {
            "hand_passing": f.get("passing", "none"),
            "covered_cubes_lost": f.get("lost") == "yes",
            "placement": f.get("placement", "single"),
        },
        "deck_size": int(deck[1:]) if deck.startswith("?") else len(_list(deck)),
        "trick": trick,
        "take_order": take_order,
        "seats": seats,
        "score_unit": "points (forest, largest town group, lakes and fed factories; tie-break: visible towns)",
        "colours": {"terrain": TERRAIN_COLOURS, "cubes": CUBE_COLOURS},
        "legend": LEGEND,
    }
    you = " (you)" if mover == viewer else ""
    if phase == "end":
        winners = _winners(engine)
        out["winners"] = winners
        best = scores[winners[0]]["total"]
        if len(winners) == 1:
            out["status"] = f"Game over: player {winners[0]} wins with {best} points"
        else:
            out["status"] = (
                "Game over: players " + " and ".join(map(str, winners)) + f" share the win with {best} points"
            )
    else:
        out["status"] = f"Player {mover}{you} to {_phase_words(table, mover, took)}, round {rnd} of 12"
    if phase == "start":
        out["start_choice"] = {
            "seat": mover,
            "letter": table.maps[mover][0],
            "sides": [
                {
                    "side": s,
                    "id": f"start:{s}" if mover == own else None,
                    "squares": [
                        _square(dx, dy, nm)
                        for dx, dy, nm in rotated(list(hs.start_squares(table.maps[mover][0], s)), 0)
                    ],
                }
                for s in ("A", "B")
            ],
        }
    if phase == "play" and mover == own and sum(cubes[mover]) > 0:
        out["bid_options"] = [{"id": "cube:none", "colour": None, "count": None}] + [
            {"id": f"cube:{c}", "colour": c, "count": k} for c, k in zip(COLOURS, cubes[mover], strict=True) if k
        ]
    if phase == "place" and "anchor" in f and mover == own:
        out["orientations"] = _orientations(view, table, mover)
    return out


def _orientations(view: Any, table: Table, mover: int) -> list[dict[str, Any]]:
    """The legal orientations at the chosen anchor (two-stage placements), each drawn as a small card picture."""
    card = int(_list(table.fields["took"])[mover])
    out = []
    for move in view.legal_moves():
        text = str(view.move_to_string(move))
        words = text.split()
        if len(words) != 3 or words[0] != "orient":
            continue
        rot = int(words[1][1:])
        out.append(
            {
                "id": f"orient:{words[1]}:{words[2]}",
                "rotation": rot,
                "under": words[2] == "under",
                "label": orientation_words(rot, words[2] == "under"),
                "squares": _card_face(card, rot),
            }
        )
    return out


def orientation_words(rotation: int, under: bool) -> str:
    """How a person says an orientation: ``rotated 90°, over`` / ``upright, slid under``."""
    return f"{ROTATION_WORDS[rotation]}, {'slid under' if under else 'over'}"


@dataclass(frozen=True)
class Move:
    """A move's text, read: its kind and parts."""

    kind: str
    card: int | None = None
    bid: str | None = None
    side: str | None = None
    x: int | None = None
    y: int | None = None
    rotation: int | None = None
    under: bool | None = None


def _xy(text: str, what: str) -> tuple[int, int]:
    try:
        x, y = (int(v) for v in text.split(","))
    except ValueError:
        raise BoardError(f"honshu board: {what}: '{text}' is not <x>,<y>") from None
    return x, y


def _orientation(rot: str, side: str, move: str) -> tuple[int, bool]:
    if rot not in ("r0", "r1", "r2", "r3") or side not in ("over", "under"):
        raise BoardError(f"honshu board: move '{move}': orientation is r0..r3 then over or under")
    return int(rot[1]), side == "under"


def parse_move(text: str) -> Move:
    """A Honshu move's notation, read (BoardError for a text that is not a Honshu move)."""
    w = text.split()
    if len(w) == 2 and w[0] == "start" and w[1] in ("A", "B"):
        return Move("start", side=w[1])
    if len(w) == 2 and w[0] in ("play", "take"):
        card, _, bid = w[1].partition("+")
        if card.isdigit() and (not bid or (w[0] == "play" and bid in COLOURS)):
            return Move(w[0], card=int(card), bid=bid or None)
    if len(w) == 5 and w[0] == "place" and w[1].isdigit():
        rot, under = _orientation(w[2], w[3], text)
        x, y = _xy(w[4], f"move '{text}'")
        return Move("place", card=int(w[1]), x=x, y=y, rotation=rot, under=under)
    if len(w) == 2 and w[0] == "anchor":
        x, y = _xy(w[1], f"move '{text}'")
        return Move("anchor", x=x, y=y)
    if len(w) == 3 and w[0] == "orient":
        rot, under = _orientation(w[1], w[2], text)
        return Move("orient", rotation=rot, under=under)
    raise BoardError(f"honshu board: '{text}' is not a Honshu move")


def _mover_card(table: Table) -> int:
    mover = _int(table.fields, "move")
    took = _list(table.fields.get("took", ""))
    if len(took) != table.players or took[mover] == "-":
        raise BoardError(f"honshu board: player {mover} has no card to place (field 'took')")
    return int(took[mover])


def move_targets(view: Any, move: int, text: str) -> list[str]:
    """The clicks of a Honshu move (see the module docstring)."""
    m = parse_move(text)
    table = read(_text(view))
    if m.kind == "start":
        return [f"start:{m.side}"]
    if m.kind == "play":
        mover = _int(table.fields, "move")
        if sum(_cubes(table.fields, mover)) == 0:
            return [f"card:{m.card}"]
        return [f"card:{m.card}", f"cube:{m.bid or 'none'}"]
    if m.kind == "take":
        return [f"trick:{m.card}"]
    if m.kind == "place":
        return [f"card:{m.card}", f"cell:{m.x},{m.y}"]
    if m.kind == "anchor":
        return [f"card:{_mover_card(table)}", f"cell:{m.x},{m.y}"]
    return [f"orient:r{m.rotation}:{'under' if m.under else 'over'}"]


def move_label(view: Any, move: int, text: str) -> str:
    """The words of a Honshu move on a button or in the list of moves."""
    m = parse_move(text)
    table = read(_text(view))
    if m.kind == "start":
        mover = _int(table.fields, "move")
        return f"start card {table.maps[mover][0]}, side {m.side}"
    if m.kind == "play":
        assert m.card is not None
        if m.bid:
            return f"play {m.card} with a {m.bid} cube (value {m.card + 60})"
        return f"play {m.card} (value {m.card})"
    if m.kind == "take":
        return f"take {m.card}"
    if m.kind == "place":
        assert m.rotation is not None and m.under is not None
        return f"{orientation_words(m.rotation, m.under)} at {m.x},{m.y}"
    if m.kind == "anchor":
        return f"card {_mover_card(table)} with its top-left square at {m.x},{m.y}"
    assert m.rotation is not None and m.under is not None
    return orientation_words(m.rotation, m.under)


def move_preview(view: Any, move: int, text: str) -> dict[str, Any] | None:
    """What a placement would do, drawn on the map before it is confirmed: the squares the card covers (``shown``:
    visible after the placement; slid under, a square on the map stays on top), the cubes it gives and the mover's
    score before and after. None for the other moves."""
    m = parse_move(text)
    if m.kind not in ("place", "orient"):
        return None
    notation = _text(view)
    table = read(notation)
    f = table.fields
    mover = _int(f, "move")
    card = _mover_card(table)
    if m.kind == "orient":
        if "anchor" not in f:
            raise BoardError("honshu board: an orientation needs the field 'anchor'")
        x, y = _xy(f["anchor"], "field 'anchor'")
    else:
        assert m.x is not None and m.y is not None
        x, y = m.x, m.y
    assert m.rotation is not None and m.under is not None
    before = paint(*table.maps[mover])
    cells = []
    gained = dict.fromkeys(COLOURS, 0)
    for dx, dy, name in card_squares(card, m.rotation):
        at = (x + dx, y + dy)
        shown = not m.under or at not in before
        cells.append({"x": at[0], "y": at[1], "square": name, "shown": shown})
        if shown and name.startswith("production:"):
            gained[name.split(":")[1]] += 1
    engine = _engine(view)
    after = engine.clone()
    after.apply(move)  # the engine's own placement: its cubes (the covered-cubes rule too) and its score
    old, new = int(engine.score(mover)["total"]), int(after.score(mover)["total"])
    new_cubes = [int(c) for c in after.cubes(mover)]
    covered = sum(1 for c in cells if (c["x"], c["y"]) in before)
    shown_count = sum(1 for c in cells if c["shown"])
    words = [f"card {card} {orientation_words(m.rotation, m.under)} at {x},{y}"]
    if m.under:
        words.append(f"{shown_count} square{'s' if shown_count != 1 else ''} visible")
    else:
        words.append(f"covers {covered} square{'s' if covered != 1 else ''}")
    words += [f"+{k} {c} cube{'s' if k > 1 else ''}" for c, k in gained.items() if k]
    words.append(f"score {old} → {new}")
    return {
        "seat": mover,
        "card": card,
        "anchor": [x, y],
        "rotation": m.rotation,
        "under": m.under,
        "cells": cells,
        "cubes_gained": gained,
        "cubes_after": dict(zip(COLOURS, new_cubes, strict=True)),
        "score_before": old,
        "score_after": new,
        "text": ", ".join(words),
    }
