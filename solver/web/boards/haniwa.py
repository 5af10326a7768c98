"""Haniwa on the page: one seat's view of the Gozoku columns, the zones, hands, Kofun, Dogu, dice and scores.

The board is read from the seat's information-state notation (``docs/haniwa.md``, "Information states and
worlds"): every mode — 2 players, 4 players in two teams (seats 0 and 2 against 1 and 3, one zone per team), the
two-round match (``round``, ``vip``, ``earlier``) and solo (one zone of 6 rows). Hidden items stay hidden: the other
team's hands and the stock are counts, its face-down tile and its tiles under Kofun are ``?``.

Scores come from the engine's scoring on one world of the view (:func:`public_world`, rebuilt from the notation):
only quantities that read nothing hidden are taken from it — the provisional margin (face-down tiles left out, a
Kofun stack counts as a power-2 tile of its colour, the tile under it nowhere) and, once the game is over (the
face-down tile revealed), the final breakdown.

Click targets: ``tile:<kind>`` (a tile of the seat's own hand, e.g. ``tile:R2``; equal tiles are one stack),
``cell:<zone>:<column><row>`` (a cell of a zone, e.g. ``cell:1:a1``), ``kofun:<index>`` (a Kofun, by its index in
the notation's ``kofun`` field), ``mode:face-down`` and ``mode:discard``. A placement is the tile then the cell; face
down: the tile, ``mode:face-down``, the cell; under a Kofun: the tile, the Kofun, the cell; discard-and-draw: the
tile, ``mode:discard``; taking a Kofun of the reserve: that Kofun.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from ... import _core
from .fields import BoardError, read_fields, view_text

hw = _core.haniwa

GAME = "haniwa"
LETTERS = "RBGY"
KOFUN_LETTERS = "RBGYN"
COLOUR_NAMES = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "N": "brown"}
#: Drawing colours of the Gozoku / tile colours and the brown Kofun.
COLOURS = {"R": "#e53935", "B": "#1e88e5", "G": "#43a047", "Y": "#fbc02d", "N": "#8d6e63"}
COLUMNS = "abcd"
DOGU_WORDS = {"s": "asleep", "a": "awake", "c": "cursed"}
#: The glow of the last move (static/games/haniwa.css, class "last").
LAST_MOVE_COLOUR = "#8e24aa"
PHASE_WORDS = {"place": "place", "choose": "kofun", "over": "over"}
MOVE_RE = re.compile(r"^(?P<tile>[RBGY][1-3])(?P<col>[a-d])(?P<row>[1-6])(?P<mode>\*|\+[RBGYN])?$")


class HaniwaBoardError(BoardError):
    """A view the Haniwa board cannot be drawn from, or a move it cannot place."""


def _text(view: Any) -> str:
    return view_text(view, "haniwa")


def _fields(text: str) -> dict[str, str]:
    required = ("view", "players", "kofun", "first", "to_move", "phase", "dice", "zone0", "hand0", "stock", "dogu")
    return read_fields(text, "haniwa", (*required, "discards", "kofun_state", "turn", "game"))


def _list(value: str) -> list[str]:
    return [] if value == "-" else value.split(",")


def team_of(seat: int, players: int) -> int:
    """The team (and zone) of a seat: itself with 2 players, seat & 1 with 4, 0 in solo."""
    return seat & 1 if players == 4 else seat if players == 2 else 0


def _seat_name(seat: int, me: int) -> str:
    return f"you (player {seat})" if seat == me else f"player {seat}"


def _team_name(team: int, players: int, me_team: int) -> str:
    if players == 4:
        return f"team {team} (players {team} and {team + 2})" + (", yours" if team == me_team else "")
    if players == 1:
        return "you"
    return f"player {team}" + (" (you)" if team == me_team else "")


def tile_info(kind: str) -> dict[str, Any]:
    """A tile's colour letter, colour name, drawing colour and power, e.g. R2: red, power 2."""
    return {"tile": kind, "colour": COLOUR_NAMES[kind[0]], "fill": COLOURS[kind[0]], "power": int(kind[1])}


def _kofun(fields: dict[str, str]) -> list[dict[str, Any]]:
    letters = fields["kofun"]
    states = _list(fields["kofun_state"])
    out = []
    for i, (letter, state) in enumerate(zip(letters, states, strict=True)):
        held = None if state == "r" else int(state[0])
        out.append(
            {
                "id": f"kofun:{i}",
                "index": i,
                "letter": letter,
                "colour": COLOUR_NAMES[letter],
                "fill": COLOURS[letter],
                "held_by": held,
                "used": state.endswith("u"),
            }
        )
    return out


def _cells(fields: dict[str, str], zone: int) -> list[dict[str, Any]]:
    cells = fields[f"zone{zone}"].split(",")
    kofun = fields["kofun"]
    out = []
    for index, cell in enumerate(cells):
        row, col = index // 4 + 1, COLUMNS[index % 4]
        info: dict[str, Any] = {"id": f"cell:{zone}:{col}{row}", "zone": zone, "col": col, "row": row, "tile": None}
        if cell != ".":
            kind, sep, under = cell.partition("+")
            if sep:  # a Kofun stack: a power-2 item of the Kofun's colour, the tile under it known or "?"
                k = int(under)
                info.update({"kofun": k, "kofun_letter": kofun[k], "fill": COLOURS[kofun[k]], "power": 2})
                info["under"] = None if kind == "?" else kind
                info["tile"] = "kofun"
            elif kind.endswith("*"):  # face down: its tile known to its team, "?" to the other
                info.update({"face_down": True, "tile": "?" if kind == "?*" else kind[:-1]})
                if kind != "?*":
                    info.update(tile_info(kind[:-1]))
            else:
                info.update(tile_info(kind))
        out.append(info)
    return out


def public_world(text: str) -> Any:
    """One full state consistent with the view `text` (its unseen tiles in ascending order): read only for
    quantities that depend on nothing hidden (the provisional margin, the breakdown of a finished game)."""
    info = hw.InformationState.parse(text)
    return info.world(np.asarray(info.unseen, dtype=np.int32))


def _scores(text: str, fields: dict[str, str], players: int, me_team: int) -> dict[str, Any]:
    state = public_world(text)
    teams = 1 if players == 1 else 2
    out: dict[str, Any] = {}
    if fields.get("rounds") == "2":
        out["earlier"] = [int(x) for x in fields.get("earlier", "0,0").split(",")]
    if fields["phase"] != "over":
        out["provisional_margin"] = int(state.provisional_margin(me_team))
        return out
    final: list[dict[str, Any]] = []
    for team in range(teams):
        b = state.breakdown(team)
        final.append(
            {
                "team": team,
                "total": int(b.total),
                "won": [bool(x) for x in b.won],
                "cancelled": [bool(x) for x in b.cancelled],
                "column_points": [int(x) for x in b.column_points],
                "smile_points": [int(x) for x in b.smile_points],
                "dogu_points": int(b.dogu_points),
                "awake_dogu": int(b.awake_dogu),
                "cursed_dogu": int(b.cursed_dogu),
                "kofun_points": int(b.kofun_points),
                "earlier_rounds": int(b.earlier_rounds),
            }
        )
    out["final"] = final
    if players == 1:
        out["rank"] = str(hw.solo_rank(final[0]["total"]))
    return out


def board(view: Any) -> dict[str, Any]:
    """The board of one seat's view (an information state): Gozoku columns with dice and VIP marks, every zone's
    cells and Dogu, hands (own tiles, team-mate's in 4 players, others as counts), Kofun (reserve, held, used),
    discards, stock size, the round of a match, scores (provisional margin, final breakdown) and the legend."""
    text = _text(view)
    fields = _fields(text)
    players = int(fields["players"])
    me, to_move, first, phase = int(fields["view"]), int(fields["to_move"]), int(fields["first"]), fields["phase"]
    me_team = team_of(me, players)
    zones_n = 1 if players == 1 else 2
    rows = 6 if players == 1 else 3
    vip = set(fields.get("vip", "-").replace("-", ""))
    dice = fields["dice"]
    gozoku = [
        {"letter": c, "colour": COLOUR_NAMES[c], "fill": COLOURS[c], "column": COLUMNS[i], "die": int(dice[i])}
        | {"vip": c in vip}
        for i, c in enumerate(LETTERS)
    ]
    dogu = fields["dogu"]
    zones = []
    for z in range(zones_n):
        zones.append(
            {
                "zone": z,
                "team": z,
                "name": _team_name(z, players, me_team),
                "yours": z == me_team,
                "rows": rows,
                "cells": _cells(fields, z),
                "dogu": [DOGU_WORDS[d] for d in dogu[z * rows : (z + 1) * rows]],
            }
        )
    discards: list[dict[str, Any]] = []
    for item in _list(fields["discards"]):
        seat, tile = int(item[0]), item[1:]
        discards.append({"player": seat, "tile": None if tile == "?" else tile})
    seats: list[dict[str, Any]] = []
    for seat in range(players):
        hand = fields[f"hand{seat}"]
        visible = not hand.isdigit()
        tiles = _list(hand) if visible else []
        entry: dict[str, Any] = {
            "seat": seat,
            "name": f"player {seat}",
            "team": team_of(seat, players),
            "you": seat == me,
            "first": seat == first,
            "hand_count": len(tiles) if visible else int(hand),
            "hand": None if not visible else _stacks(tiles, seat == me),
        }
        if players == 2:
            entry["discards_left"] = 2 - sum(1 for d in discards if d["player"] == seat)
        seats.append(entry)
    flags, game_flags = fields["turn"], fields["game"]
    # the two ways of using a hand tile besides a plain placement, drawn while the seat may still use them
    modes = []
    playing = phase != "over"
    if playing and players != 1 and team_of(first, players) == me_team and "f" not in game_flags:
        modes.append({"id": "mode:face-down", "label": "face down"})
    if playing and players == 2 and seats[me]["discards_left"] > 0 and "d" not in flags:
        modes.append({"id": "mode:discard", "label": "discard & draw"})
    match = None
    if fields.get("rounds") == "2":
        match = {"round": int(fields.get("round", "1")), "rounds": 2, "vip": sorted(vip, key=LETTERS.index)}
        match["earlier"] = [int(x) for x in fields.get("earlier", "0,0").split(",")]
    scores = _scores(text, fields, players, me_team)
    out: dict[str, Any] = {
        "game": GAME,
        "mode": "solo" if players == 1 else f"{players} players" + (" in two teams" if players == 4 else ""),
        "players": seats,
        "you": me,
        "your_team": me_team,
        "to_move": None if phase == "over" else to_move,
        "phase": PHASE_WORDS[phase],
        "first": first,
        "comparison": fields.get("comparison", "standard"),
        "gozoku": gozoku,
        "zones": zones,
        "kofun": _kofun(fields),
        "modes": modes,
        "stock": int(fields["stock"]),
        "discards": discards,
        "face_down": {
            "first_team": team_of(first, players),
            "played": "f" in game_flags,
            "revealed": "r" in game_flags,
        },
        "kofun_played_this_turn": "k" in flags,
        "turn_placed": int(fields.get("turn_placed", "0")),
        "match": match,
        "scores": scores,
        "legend": legend(players, int(fields.get("rounds", "1"))),
    }
    out["status"] = _status(out, players)
    return out


def _stacks(tiles: list[str], clickable: bool) -> list[dict[str, Any]]:
    stacks: list[dict[str, Any]] = []
    for kind in tiles:
        if stacks and stacks[-1]["tile"] == kind:
            stacks[-1]["count"] += 1
            continue
        entry = {**tile_info(kind), "count": 1}
        if clickable:
            entry["id"] = f"tile:{kind}"
        stacks.append(entry)
    return stacks


def _status(b: dict[str, Any], players: int) -> str:
    me = b["you"]
    where = f"Game {b['match']['round']} of 2: " if b["match"] else ""
    if b["phase"] == "over":
        scores = b["scores"]["final"]
        if players == 1:
            total = scores[0]["total"]
            return f"{where or 'Game over: '}{total} points, rank {b['scores']['rank']}"
        a, c = scores[0]["total"], scores[1]["total"]
        names = [_team_name(t, players, b["your_team"]) for t in (0, 1)]
        if a == c:
            return f"{where}Game over: a draw, {a} points each"
        winner = 0 if a > c else 1
        return f"{where}Game over: {names[winner]} wins, {max(a, c)} points to {min(a, c)}"
    who = _seat_name(b["to_move"], me)
    if b["phase"] == "kofun":
        text = f"{who}: a die passed 6, take a Kofun from the reserve"
    elif players == 1:
        text = f"{who}: place tile {b['turn_placed'] + 1} of 4 this turn"
    else:
        text = f"{who} to place a tile"
        if b["to_move"] == me and players == 2:
            mine = b["players"][me]
            if b["stock"] > 0 and any(m["id"] == "mode:discard" for m in b["modes"]):
                text += f" (or first discard one and draw: {mine['discards_left']} left)"
    text = where + text
    return text[0].upper() + text[1:]


def legend(players: int, rounds: int = 1) -> list[list[str]]:
    """The colours and marks of the drawing."""
    items = [[COLOURS[c], f"{COLOUR_NAMES[c]} Gozoku and tiles (column {COLUMNS[i]})"] for i, c in enumerate(LETTERS)]
    items.append([LAST_MOVE_COLOUR, "violet glow: the last move"])
    items += [
        [COLOURS["N"], "brown Kofun (no colour: moves no die)"],
        ["1-3", "the number on a tile is its power; the die of a Gozoku is its Happiness die"],
        ["K", "Kofun stack: counts as a power-2 tile of the Kofun's colour (the tile under it counts nowhere)"],
    ]
    if players == 1:
        items.append(["☺", "Dogu of a row: awake (green) when the full row totals exactly 8: 2 points"])
        items.append(["smile", "three adjacent tiles of a column's colour score 2 x its final die"])
        return items
    items.append(["?", "hidden tile (face down, or under the other team's Kofun)"])
    items.append(["☺", "Dogu of a row: awake (green) at exactly 8 in a full row, cursed (✗) above 8"])
    items.append(["smile", "a column's winner with 3 tiles of its colour there scores +2"])
    if rounds == 2:
        items.append(["VIP", "game 2: column points of a VIP Gozoku are doubled"])
    return items


def _kofun_index(fields: dict[str, str], letter: str, owner: int | None) -> int:
    """The Kofun a move names by colour: the lowest index of that colour in the reserve (`owner` None) or held
    unused by team `owner`."""
    for k in _kofun(fields):
        if k["letter"] != letter:
            continue
        if owner is None and k["held_by"] is None:
            return int(k["index"])
        if owner is not None and k["held_by"] == owner and not k["used"]:
            return int(k["index"])
    where = "in the reserve" if owner is None else f"held unused by team {owner}"
    raise HaniwaBoardError(f"haniwa board: no {COLOUR_NAMES[letter]} Kofun {where} in this view")


def move_targets(view: Any, move: int, text: str) -> list[str]:
    """The clicks of a legal move (see the module docstring)."""
    fields = _fields(_text(view))
    players = int(fields["players"])
    team = team_of(int(fields["to_move"]), players)
    if text.startswith("+") and len(text) == 2 and text[1] in KOFUN_LETTERS:
        return [f"kofun:{_kofun_index(fields, text[1], None)}"]
    if text.startswith("-") and len(text) == 3:
        return [f"tile:{text[1:]}", "mode:discard"]
    m = MOVE_RE.match(text)
    if m is None:
        raise HaniwaBoardError(f"haniwa board: '{text}' is not a Haniwa move")
    tile, cell = f"tile:{m['tile']}", f"cell:{team}:{m['col']}{m['row']}"
    mode = m["mode"]
    if mode is None:
        return [tile, cell]
    if mode == "*":
        return [tile, "mode:face-down", cell]
    return [tile, f"kofun:{_kofun_index(fields, mode[1], team)}", cell]


def move_label(view: Any, move: int, text: str) -> str:
    """A move in words: the placement (face down, under a Kofun), the discard, or the Kofun taken."""
    if text.startswith("+"):
        return f"take the {COLOUR_NAMES[text[1]]} Kofun"
    if text.startswith("-"):
        return f"discard {text[1:]} and draw a tile"
    m = MOVE_RE.match(text)
    if m is None:
        raise HaniwaBoardError(f"haniwa board: '{text}' is not a Haniwa move")
    where = f"place {m['tile']} on {m['col']}{m['row']}"
    mode = m["mode"]
    if mode == "*":
        return where + " face down"
    if mode:
        return where + f" under the {COLOUR_NAMES[mode[1]]} Kofun"
    return where
