"""A direct, slow transcription of the Sensei rules, used to cross-check the compiled engine."""

from __future__ import annotations

import itertools
from typing import Any

ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
ALL_DIRS = (*ORTH, (1, 1), (1, -1), (-1, 1), (-1, -1))


def coords(sq: str) -> tuple[int, int]:
    """(column, row) of a square name, both 0-based."""
    return ord(sq[0]) - ord("a"), int(sq[1]) - 1


def name(c: int, r: int) -> str:
    """Square name of (column, row)."""
    return f"{chr(ord('a') + c)}{r + 1}"


def ray(sq: str, d: tuple[int, int]) -> list[str]:
    """Squares from `sq` (excluded) to the edge in direction `d`."""
    c, r = coords(sq)
    out = []
    while True:
        c, r = c + d[0], r + d[1]
        if not (0 <= c < 7 and 0 <= r < 7):
            return out
        out.append(name(c, r))


def legal_actions(state: Any, game_over: bool | None = None) -> set[str]:
    """Every legal action of `state` in notation, computed from the rules (none once the game is over;
    `game_over` overrides the state's own status)."""
    if state.is_terminal() if game_over is None else game_over:
        return set()
    p = state.to_move()
    own, opp, pits = set(state.stones(p)), set(state.stones(1 - p)), set(state.pits())
    char = state.character(p)
    out: set[str] = set()
    if state.stone_moves_done() < 2:
        for sq in own - {char}:
            for d in ORTH:
                for to in ray(sq, d):
                    if to in own or to in opp or to in pits:
                        break
                    out.add(f"{sq}-{to}")
                    if state.version == "shizukana":
                        break
    if not state.character_moved():
        for d in ALL_DIRS:
            for to in ray(char, d):
                if to in opp:
                    break
                if to in own:
                    out.add(f"{char}*{to}")
                    if state.character_blocked_by_own:
                        break
    if state.stone_moves_done() or state.character_moved():
        out.add("end")
    return out


def loses_by_blocking(own: set[str], opp: set[str], pits: set[str]) -> bool:
    """Anti-blocking rule by enumerating every left-to-right chain of own stones and pits."""
    columns = [[sq for sq in own | pits if coords(sq)[0] == c] for c in range(7)]
    for chain in itertools.product(*columns):
        rows = [coords(sq)[1] for sq in chain]
        if any(abs(a - b) > 1 for a, b in itertools.pairwise(rows)):
            continue
        if not any(sq in own for sq in chain):
            continue
        adjacent = {o for o in opp for sq in chain if o in {n for d in ORTH for n in ray(sq, d)[:1]}}
        if len(adjacent) >= 3:
            return True
    return False
