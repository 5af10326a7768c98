"""The Koi-Koi greedy baseline, and the unfair "peeking" worlds of the reference experiments.

Greedy: ``stop`` whenever offered; otherwise the move capturing the most card value (played card + captured table
cards, from what the player sees); with no capture, discard the least valuable card. Ties go to the first move in
engine order. Card values are the classic Hanafuda points by kind (bright 20, animal 10 — the Sake cup too —,
ribbon 5, chaff 1), the engine's own table (``CARD_VALUES``, from ``cards.hpp``); moves are read from their
documented packing (``move_cards``), never from move text.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ... import _core

kk = _core.koikoi

PEEKS = ("hand", "all")
PEEK_WORLDS = 1024


def card_value(card: int) -> int:
    """The greedy value of a card: bright 20, animal 10 (the Sake cup too), ribbon 5, chaff 1."""
    return int(kk.CARD_VALUES[card])


def greedy_move(state: Any) -> int:
    """The greedy baseline's move in `state` (a full state or an information state's proxy world: only what the
    player to move sees is read — their hand's legal plays, the table and the drawn card)."""
    legal = list(state.legal_moves())
    if state.phase == "decide":
        return int(state.parse_move("stop"))
    table = list(state.table)
    best, best_key = legal[0], None
    for m in legal:
        card, target = kk.move_cards(m)  # the card played (or drawn) and the table card chosen (-1: none chosen)
        if card < 0:
            continue
        month = [t for t in table if t // 4 == card // 4]
        captured = [card, target] if target >= 0 else [card, *month] if month else []
        gain = sum(card_value(c) for c in captured)
        key = (gain, -card_value(card) if not captured else 0)
        if best_key is None or key > best_key:
            best, best_key = m, key
    return int(best)


def peek_worlds(state: Any, what: str, seed: int) -> Any:
    """Worlds revealing the opponent's true hand (stock shuffled, PEEK_WORLDS of them) or, with "all", the true
    world only — for the unfair reference players of experiments."""
    if what not in PEEKS:
        raise ValueError(f"peek: {what!r} is not one of {', '.join(map(repr, PEEKS))}")
    hand = list(state.hand(1 - state.to_move()))
    stock = list(state.stock)
    if what == "all":
        return np.array([hand + stock], dtype=np.int32)
    rng = random.Random(seed)
    rows = []
    for _ in range(PEEK_WORLDS):
        rng.shuffle(stock)
        rows.append(hand + stock)
    return np.array(rows, dtype=np.int32)
