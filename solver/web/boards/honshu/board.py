"""Honshu's board data: every seat's map to scale, the cubes, the trick and the take order, the seat's hand."""

from __future__ import annotations

from typing import Any

from ....games.honshu import hs
from ..fields import BoardError
from .maps import (
    COLOURS,
    GAME,
    MARGIN,
    Grid,
    Placed,
    Table,
    cubes_of,
    engine_of,
    int_field,
    items,
    notation_of,
    orientation_words,
    paint,
    read,
    rotated,
    xy,
)

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


def _trick(table: Table) -> list[dict[str, Any]]:
    """Each seat's played card this round: card, cube bid, value (None: not played yet)."""
    entries = items(table.fields.get("trick", ""))
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


def card_face(card: int, rotation: int = 0) -> list[dict[str, Any]]:
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
            m["anchor"] = list(xy(anchor, "field 'anchor'"))
    return m


def board(view: Any) -> dict[str, Any]:
    """The board data of one seat's view of a Honshu game (built from its notation only)."""
    table = read(notation_of(view))
    f = table.fields
    n = table.players
    phase = f.get("phase", "")
    if phase not in ("start", "play", "take", "place", "end"):
        raise BoardError(f"honshu board: field 'phase' is start, play, take, place or end, got '{phase}'")
    mover = int_field(f, "move")
    rnd = int_field(f, "round")
    viewer = table.viewer
    own = viewer if viewer is not None else mover
    took = items(f.get("took", ""))
    if len(took) != n:
        raise BoardError(f"honshu board: field 'took' needs {n} entries")
    trick = _trick(table)
    grids = [paint(*m) for m in table.maps]
    cubes = [cubes_of(f, p) for p in range(n)]
    engine = engine_of(view)
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
            t["squares"] = card_face(t["card"])
        elif t["card"] is not None:
            t["squares"] = card_face(t["card"])

    seats = []
    for p in range(n):
        letter, side, placed = table.maps[p]
        hand_text = f.get(f"hand{p}", "")
        hidden = hand_text.startswith("?")
        hand: list[dict[str, Any]] = []
        if not hidden:
            for c in items(hand_text):
                entry: dict[str, Any] = {"card": int(c), "squares": card_face(int(c))}
                if p == mover and p == own and phase == "play":
                    entry["id"] = f"card:{c}"
                hand.append(entry)
        margin = MARGIN if p == own or (p == mover and phase == "place") else 0
        anchor = f.get("anchor") if p == mover and phase == "place" else None
        m = _map_data(grids[p], placed, margin, p == mover and phase == "place", anchor)
        to_place: dict[str, Any] | None = None
        if took[p] != "-":
            to_place = {"card": int(took[p]), "squares": card_face(int(took[p]))}
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
        "leader": int_field(f, "leader"),
        "rules": {
            "hand_passing": f.get("passing", "none"),
            "covered_cubes_lost": f.get("lost") == "yes",
            "placement": f.get("placement", "single"),
        },
        "deck_size": int(deck[1:]) if deck.startswith("?") else len(items(deck)),
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
    card = int(items(table.fields["took"])[mover])
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
                "squares": card_face(card, rot),
            }
        )
    return out
