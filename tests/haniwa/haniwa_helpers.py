"""Builds Haniwa positions for the tests from a few fields; the stock is the rest of the default tile set."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from solver._core import haniwa

TILES = [c + str(p) for c in "RBGY" for p in (1, 2, 3)]
DEFAULT_SET = Counter({t: 3 for t in TILES})
RULES_FIELDS = "tiles=" + ",".join(f"{t}x3" for t in TILES) + " kofun=RBGYNN"


def cell_index(name: str) -> int:
    """'b2' -> row 1 * 4 + column 1."""
    return (int(name[1]) - 1) * 4 + "abcd".index(name[0])


def zone_text(cells: Mapping[str, str], n: int) -> str:
    out = ["."] * n
    for name, token in cells.items():
        out[cell_index(name)] = token
    return ",".join(out)


def columns(cols: Sequence[Sequence[str]]) -> dict[str, str]:
    """Four columns a-d, each listed bottom row first -> {cell: token}."""
    return {f"{'abcd'[c]}{r + 1}": tok for c, col in enumerate(cols) for r, tok in enumerate(col)}


def position(
    players: int = 2,
    zones: Sequence[Mapping[str, str]] = ({}, {}),
    hands: Sequence[Sequence[str]] = (),
    stock: Sequence[str] = (),
    dice: str = "1111",
    first: int = 0,
    to_move: int = 0,
    phase: str = "place",
    discards: Sequence[str] = (),
    dogu: str = "ssssss",
    kofun_state: str = "r,r,r,r,r,r",
    turn: str = "-",
    game: str = "-",
    turn_placed: int = 0,
    comparison: str = "standard",
    solo_fill: str = "column",
    rounds: int = 1,
    solo_dice_score: bool = False,
    match: str = "round=1 vip=- earlier=0,0 reshuffle=0",
) -> haniwa.State:
    """A parsed position; `stock` gives the next draws, the remaining tiles follow in a fixed order.

    `match` holds the two-round fields, used when `rounds` is 2.
    """
    used: Counter[str] = Counter()
    teams = 1 if players == 1 else 2
    for z in zones[:teams]:
        used.update(tok[:2] for tok in z.values())
    for h in hands:
        used.update(h)
    used.update(d[1:] for d in discards)
    used.update(stock)
    rest = DEFAULT_SET - used
    assert all(DEFAULT_SET[t] >= n for t, n in used.items()), f"too many tiles: {used - DEFAULT_SET}"
    full_stock = list(stock) + [t for t in TILES for _ in range(rest[t])]
    n = 24 if players == 1 else 12
    fields = [
        f"players={players} comparison={comparison} start_dice=ones solo_fill={solo_fill} {RULES_FIELDS}",
        f"first={first} to_move={to_move} phase={phase} dice={dice}",
    ]
    fields += [f"zone{z}={zone_text(zones[z], n)}" for z in range(teams)]
    fields += [f"hand{p}={','.join(hands[p]) if hands[p] else '-'}" for p in range(players)]
    fields.append(f"stock={','.join(full_stock) or '-'} discards={','.join(discards) or '-'}")
    fields.append(f"dogu={dogu} kofun_state={kofun_state} turn={turn} game={game} turn_placed={turn_placed}")
    if rounds == 2:
        fields.append(f"rounds=2 {match}")
    if solo_dice_score:
        fields.append("solo_dice_score=true")
    return haniwa.State.parse(" ".join(fields))


def field(state: haniwa.State, key: str) -> str:
    """One field of the position notation."""
    return dict(item.split("=", 1) for item in str(state).split())[key]


def play(state: haniwa.State, *moves: str) -> haniwa.State:
    """Plays moves given in notation (checked) and returns the state."""
    for m in moves:
        state.play(m)
    return state
