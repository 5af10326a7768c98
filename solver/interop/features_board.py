"""Observation vectors of Connect Four, Sensei and Koi-Koi (the layouts are in docs/interop.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .layout import Layout

# --- Connect Four ----------------------------------------------------------------------------------------------


def _c4_layout(rules: Mapping[str, Any], players: int) -> Layout:
    return Layout([
        ("own", 42, "the observer's stones, cell row * 7 + column (row 0 at the bottom)"),
        ("other", 42, "the opponent's stones, same cells"),
        ("to_move", 1, "1 when the observer is to move"),
    ])  # fmt: skip


def _c4_encode(lay: Layout, state: Any, seat: int) -> np.ndarray:
    v = lay.new()
    for col in range(7):
        for row in range(6):
            c = int(state.cell(col, row))
            if c >= 0:
                lay.put(v, "own" if c == seat else "other", row * 7 + col)
    lay.put(v, "to_move", 0, float(not state.is_terminal() and state.to_move() == seat))
    return v


# --- Sensei ------------------------------------------------------------------------------------------------------


def square(name: str) -> int:
    """A Sensei square name ('a1' .. 'g7') as row * 7 + column."""
    return (int(name[1:]) - 1) * 7 + ord(name[0]) - ord("a")


def _sensei_layout(rules: Mapping[str, Any], players: int) -> Layout:
    sq = "square row * 7 + column, a1 = 0"
    return Layout([
        ("own_stones", 49, f"the observer's stones ({sq})"), ("other_stones", 49, "the opponent's stones"),
        ("own_character", 49, "the observer's character"), ("other_character", 49, "the opponent's character"),
        ("pits", 49, "the pits"),
        ("scalars", 5, "observer to move; observer is South (moves first); stone moves done this turn / 2; "
                       "character moved this turn; turns completed / max_turns"),
    ])  # fmt: skip


def _sensei_encode(lay: Layout, state: Any, seat: int) -> np.ndarray:
    v = lay.new()
    other = 1 - seat
    for name, player in (("own", seat), ("other", other)):
        for sq in state.stones(player):
            lay.put(v, f"{name}_stones", square(sq))
        ch = state.character(player)
        if ch and ch != "-":
            lay.put(v, f"{name}_character", square(ch))
    for sq in state.pits():
        lay.put(v, "pits", square(sq))
    moving = not state.is_terminal() and state.to_move() == seat
    lay.put_all(v, "scalars", [
        float(moving), float(seat == 0), state.stone_moves_done() / 2, float(state.character_moved()),
        state.turns_completed() / max(1, state.max_turns),
    ])  # fmt: skip
    return v


# --- Koi-Koi -----------------------------------------------------------------------------------------------------

KK_PHASES = ("play", "take", "decide", "end")


def _koikoi_layout(rules: Mapping[str, Any], players: int) -> Layout:
    card = "one entry per card, kofun's card order (solver._core.koikoi.card_from_name)"
    return Layout([
        ("own_hand", 48, f"the observer's hand ({card})"), ("table", 48, "the table"),
        ("own_pile", 48, "the observer's captures"), ("other_pile", 48, "the opponent's captures"),
        ("unseen", 48, "cards the observer has not seen (the opponent's hand and the stock)"),
        ("drawn", 48, "the card drawn from the stock, waiting to be matched"),
        ("phase", 4, "phase one-hot: " + ", ".join(KK_PHASES)),
        ("scalars", 7, "observer to move; observer dealt first; opponent's hand size / 8; stock size / 24; "
                       "koi-koi calls of the observer / 4 and of the opponent / 4; deal's yaku total of the "
                       "observer / 50"),
        ("match", 4, "deal number / deals; deals; the observer's and the opponent's match points / 100 "
                     "(all 0 for a single deal)"),
    ])  # fmt: skip


def _koikoi_encode(lay: Layout, view: Any, seat: int) -> np.ndarray:
    s, v = view.proxy, lay.new()
    other = 1 - seat
    seen: set[int] = set()
    for name, cards in (("own_hand", s.hand(seat)), ("table", s.table), ("own_pile", s.pile(seat)),
                        ("other_pile", s.pile(other))):  # fmt: skip
        for c in cards:
            lay.put(v, name, int(c))
            seen.add(int(c))
    drawn = int(s.drawn)
    if drawn >= 0:
        lay.put(v, "drawn", drawn)
        seen.add(drawn)
    for c in range(48):
        if c not in seen:
            lay.put(v, "unseen", c)
    lay.put(v, "phase", KK_PHASES.index(str(s.phase)))
    moving = not s.is_terminal() and s.to_move() == seat
    lay.put_all(v, "scalars", [
        float(moving), float(int(s.first) == seat), len(s.hand(other)) / 8, len(s.stock) / 24,
        s.koikoi_calls(seat) / 4, s.koikoi_calls(other) / 4, s.total(seat) / 50,
    ])  # fmt: skip
    if s.match is not None:
        k, n, t0, t1 = s.match
        mine, theirs = (t0, t1) if seat == 0 else (t1, t0)
        lay.put_all(v, "match", [k / n, n / 12, mine / 100, theirs / 100])
    return v


BOARD_LAYOUTS = {
    "connect4": (_c4_layout, _c4_encode),
    "sensei": (_sensei_layout, _sensei_encode),
    "koikoi": (_koikoi_layout, _koikoi_encode),
}
