"""Observation vectors of Haniwa, Ohanami and Honshu, read from the seat's information-state notation (Honshu's
maps, which that notation states in full, through the proxy world's ``visible``). Layouts: docs/interop.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..games import get_game
from .layout import Layout, fields, hidden_count, numbers, relative

# --- Haniwa --------------------------------------------------------------------------------------------------------

H_COLOURS = "RBGY"
H_KINDS = 12  # colour x power 1..3
H_PHASES = ("place", "choose", "over")
H_KOFUN = 6


def haniwa_kind(text: str) -> int:
    """A tile's index: colour (R, B, G, Y) x 3 + power - 1 (ValueError for any other tile)."""
    if len(text) != 2 or text[0] not in H_COLOURS or text[1] not in "123":
        raise ValueError(f"haniwa: tile {text!r} is not a colour R/B/G/Y with power 1..3")
    return H_COLOURS.index(text[0]) * 3 + int(text[1]) - 1


def _haniwa_layout(rules: Mapping[str, Any], players: int) -> Layout:
    start = fields(get_game("haniwa").notation(get_game("haniwa").new(rules, 0)))
    zones = 1 if players == 1 else 2
    cells = len(start["zone0"].split(","))
    segs = []
    for z in range(zones):
        segs.append((f"zone+{z}", cells * 20, f"{'the observer team' if z == 0 else 'the other team'}'s zone, "
                     "per cell 20 entries: tile kind one-hot (colour R, B, G, Y x 3 + power - 1), a face-down tile "
                     "not seen, face down, the Kofun under it (index 0..5 of kofun=)"))  # fmt: skip
    for k in range(players):
        segs.append((f"hand+{k}", H_KINDS + 1, f"seat +{k}'s hand: tiles of each kind / 4, hidden tiles / 4"))
    segs += [
        ("dice", 4, "the dice R, B, G, Y / 9"),
        ("dogu", 18, "each Dogu (the observer team's three first) one-hot asleep / awake / cursed"),
        ("kofun", 4 * H_KOFUN, "each Kofun one-hot: in the reserve / the observer team's / the other team's / used"),
        ("phase", 3, "phase one-hot: " + ", ".join(H_PHASES)),
        ("to_move", players, "the seat to move, relative one-hot"), ("first", players, "the first player, relative"),
        ("discards", players, "discards used by each seat (relative) / 2"),
        ("scalars", 11, "stock / 48; discarded this turn; Kofun played this turn; the face-down tile placed; "
                        "revealed; tiles placed this turn / 4; second game; VIP R, B, G, Y"),
        ("earlier", 2, "first-game scores of the observer team and the other / 100 (two-game match)"),
    ]  # fmt: skip
    return Layout(segs)


def _haniwa_encode(lay: Layout, view: Any, seat: int) -> np.ndarray:
    f, v = fields(view.text), lay.new()
    players = int(f["players"])
    team, zones = (seat & 1) if players > 1 else 0, (1 if players == 1 else 2)
    for z in range(zones):
        name = f"zone+{relative(z, team, zones)}"
        for i, cell in enumerate(f[f"zone{z}"].split(",")):
            base = i * 20
            tile, _, kofun = cell.partition("+")
            if tile.endswith("*"):
                lay.put(v, name, base + 13)
                tile = tile[:-1]
            if tile == "?":
                lay.put(v, name, base + 12)
            elif tile != ".":
                lay.put(v, name, base + haniwa_kind(tile))
            if kofun.isdigit():
                lay.put(v, name, base + 14 + int(kofun))
    for p in range(players):
        hand, name = f[f"hand{p}"], f"hand+{relative(p, seat, players)}"
        if hand.isdigit():
            lay.put(v, name, H_KINDS, int(hand) / 4)
        elif hand != "-":
            for t in hand.split(","):
                lay.add(v, name, haniwa_kind(t), 0.25)
    lay.put_all(v, "dice", [int(d) / 9 for d in f["dice"]])
    for d, state in enumerate(f["dogu"]):
        rel = d if zones == 1 else relative(d // 3, team, 2) * 3 + d % 3
        lay.put(v, "dogu", rel * 3 + "sac".index(state))
    for k, state in enumerate(x for x in f["kofun_state"].split(",") if x != "-"):
        where = 0 if state == "r" else 3 if state.endswith("u") else 1 if int(state) == team else 2
        lay.put(v, "kofun", k * 4 + where)
    lay.put(v, "phase", H_PHASES.index(f["phase"]))
    lay.put(v, "to_move", relative(int(f["to_move"]), seat, players))
    lay.put(v, "first", relative(int(f["first"]), seat, players))
    for entry in f["discards"].split(","):
        if entry != "-":
            who = int(entry[: len(entry) - len(entry.lstrip("0123456789"))])  # "<seat><tile>" ("?": not seen)
            lay.add(v, "discards", relative(who, seat, players), 0.5)
    vip = f.get("vip", "-")
    lay.put_all(v, "scalars", [
        int(f["stock"]) / 48, float("d" in f["turn"]), float("k" in f["turn"]), float("f" in f["game"]),
        float("r" in f["game"]), int(f["turn_placed"]) / 4, float(f.get("round", "1") == "2"),
        *(float(c in vip) for c in H_COLOURS),
    ])  # fmt: skip
    if "earlier" in f:
        e = [int(x) for x in f["earlier"].split(",")]
        lay.put_all(v, "earlier", [e[team] / 100, e[1 - team] / 100])
    return v


# --- Ohanami -------------------------------------------------------------------------------------------------------

O_CARDS = 120
O_PHASES = ("pick", "place", "end")
O_PLANES = ("hand", "pick", "column1", "column2", "column3", "discard")


def _ohanami_layout(rules: Mapping[str, Any], players: int) -> Layout:
    segs = []
    for k in range(players):
        for plane in O_PLANES:
            segs.append((f"{plane}+{k}", O_CARDS, f"seat +{k}'s {plane} (card n at entry n - 1), where shown"))
        segs.append((f"seat+{k}", 3, f"seat +{k}: score / 750, hidden hand cards / 10, a pick not yet shown"))
    segs += [
        ("phase", 3, "phase one-hot: " + ", ".join(O_PHASES)),
        ("to_move", players, "the seat to move, relative one-hot"),
        ("scalars", 3, "round / 3, turn / 10, hidden deck cards / 120"),
    ]
    return Layout(segs)


def _ohanami_encode(lay: Layout, view: Any, seat: int) -> np.ndarray:
    f, v = fields(view.text), lay.new()
    players = int(f["players"])
    scores = numbers(f["scores"])
    for p in range(players):
        k = relative(p, seat, players)
        columns = f[f"garden{p}"].split("/") if f[f"garden{p}"] != "-" else []
        for plane, value in (("hand", f[f"hand{p}"]), ("pick", f[f"pick{p}"]), ("discard", f[f"discard{p}"])):
            for card in numbers(value):
                lay.put(v, f"{plane}+{k}", card - 1)
        for c, column in enumerate(columns[:3]):
            for card in numbers(column):
                lay.put(v, f"column{c + 1}+{k}", card - 1)
        lay.put_all(v, f"seat+{k}", [
            scores[p] / 750, hidden_count(f[f"hand{p}"]) / 10, float(f[f"pick{p}"].startswith("?")),
        ])  # fmt: skip
    lay.put(v, "phase", O_PHASES.index(f["phase"]))
    if f["phase"] != "end":
        lay.put(v, "to_move", relative(int(f["move"]), seat, players))
    lay.put_all(v, "scalars", [int(f["round"]) / 3, int(f["turn"]) / 10, hidden_count(f["deck"]) / O_CARDS])
    return v


# --- Honshu --------------------------------------------------------------------------------------------------------

N_CARDS = 60
N_COLOURS = ("blue", "brown", "grey", "yellow")
N_PHASES = ("start", "play", "take", "place", "end")
N_KINDS = ("town", "forest", "lake", "wasteland")
GRID = 31  # a map spans at most 27 squares; a pending anchor lies at most 2 outside (csrc/games/honshu/honshu.hpp)
MARGIN = 2


def honshu_channel(kind: str) -> tuple[int, float]:
    """A visible square's channel (town, forest, lake, wasteland, production x 4 colours, factory x 4) and value."""
    if kind in N_KINDS:
        return N_KINDS.index(kind), 1.0
    what, _, rest = kind.partition(":")
    colour, _, value = rest.partition(":")
    if what == "production":
        return 4 + N_COLOURS.index(colour), 1.0
    return 8 + N_COLOURS.index(colour), int(value) / 4


def _honshu_layout(rules: Mapping[str, Any], players: int) -> Layout:
    segs = []
    for k in range(players):
        segs += [
            (f"hand+{k}", N_CARDS, f"seat +{k}'s hand (card n at entry n - 1), where shown"),
            (f"trick+{k}", N_CARDS + 4, f"seat +{k}'s card in the trick and its cube colour (blue, brown, grey, "
                                        "yellow)"),
            (f"took+{k}", N_CARDS, f"the card seat +{k} took"),
            (f"seat+{k}", 7, f"seat +{k}: hidden hand cards / 12; cubes blue, brown, grey, yellow / 8; the map's "
                            "left and top edge (x + 32) / 64, (y + 32) / 64"),
            (f"map+{k}", GRID * GRID * 12, f"seat +{k}'s visible squares: {GRID} x {GRID} cells (row-major, the "
             f"map's top-left square at row and column {MARGIN}), 12 channels per cell: town, forest, lake, "
             "wasteland, production blue / brown / grey / yellow, factory of each colour (its value / 4)"),
        ]  # fmt: skip
    segs += [
        ("anchor", GRID * GRID, "two-stage placement: the pending anchor, on the grid of the map of the seat placing"),
        ("phase", 5, "phase one-hot: " + ", ".join(N_PHASES)),
        ("leader", players, "the leader, relative one-hot"),
        ("to_move", players, "the seat to move, relative"),
        ("scalars", 2, "round / 12, hidden deck cards / 60"),
    ]
    return Layout(segs)


def _honshu_encode(lay: Layout, view: Any, seat: int) -> np.ndarray:
    f, v, s = fields(view.text), lay.new(), view.proxy
    players = int(f["players"])
    trick, took = f["trick"].split(","), f["took"].split(",")
    origins: dict[int, tuple[int, int]] = {}
    for p in range(players):
        k = relative(p, seat, players)
        for card in numbers(f[f"hand{p}"]):
            lay.put(v, f"hand+{k}", card - 1)
        if trick[p] != "-":
            number, _, cube = trick[p].partition("+")
            lay.put(v, f"trick+{k}", int(number) - 1)
            if cube:
                lay.put(v, f"trick+{k}", N_CARDS + N_COLOURS.index(cube))
        if took[p] != "-":
            lay.put(v, f"took+{k}", int(took[p]) - 1)
        squares = s.visible(p)  # the maps are public: the notation states them in full
        x0 = min((x for x, _, _ in squares), default=0)
        y0 = min((y for _, y, _ in squares), default=0)
        origins[p] = (x0, y0)
        cubes = numbers(f[f"cubes{p}"])
        lay.put_all(v, f"seat+{k}", [hidden_count(f[f"hand{p}"]) / 12, *(c / 8 for c in cubes),
                                   (x0 + 32) / 64, (y0 + 32) / 64])  # fmt: skip
        for x, y, kind in squares:
            channel, value = honshu_channel(kind)
            cell = (y - y0 + MARGIN) * GRID + (x - x0 + MARGIN)
            lay.put(v, f"map+{k}", cell * 12 + channel, value)
    if "anchor" in f and f["anchor"] != "-":
        ax, ay = (int(c) for c in f["anchor"].split(","))
        ox, oy = origins[int(s.to_move())]  # the anchor of the seat placing, on its map's grid
        lay.put(v, "anchor", (ay - oy + MARGIN) * GRID + (ax - ox + MARGIN))
    lay.put(v, "phase", N_PHASES.index(f["phase"]))
    lay.put(v, "leader", relative(int(f["leader"]), seat, players))
    if f["phase"] != "end":
        lay.put(v, "to_move", relative(int(s.to_move()), seat, players))
    lay.put_all(v, "scalars", [int(f["round"]) / 12, hidden_count(f["deck"]) / N_CARDS])
    return v


HIDDEN_LAYOUTS = {
    "haniwa": (_haniwa_layout, _haniwa_encode),
    "ohanami": (_ohanami_layout, _ohanami_encode),
    "honshu": (_honshu_layout, _honshu_encode),
}
