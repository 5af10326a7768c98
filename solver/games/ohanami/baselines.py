"""The Ohanami baselines and the unfair "peeking" worlds of the reference experiments.

Greedy (the engine's ``State.greedy_move``, documented in ``csrc/games/ohanami/ohanami.hpp``): each card is valued
by what it adds to the mover's final score if placed now — blue 3 per scoring left, green 4 per scoring left, grey
7, pink its step in the pink table plus a set bonus of 2 — less a flexibility cost (a new column 2 points, extending
a column the gap / 20). A pick takes the two best cards; a placement the best (card, destination), discarding when
nothing is worth more. It reads only the mover's hand, picks, garden and the round.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

PEEKS = ("hand", "all")
PEEK_WORLDS = 256


def greedy_move(view: Any) -> int:
    """The greedy move of the player to move in `view` (a full state or an information state, read through its
    proxy world: the proxy's own hand, picks and garden are the true ones)."""
    return int(getattr(view, "proxy", view).greedy_move())


def peek_worlds(state: Any, what: str, seed: int) -> npt.NDArray[np.int32]:
    """Worlds for the player to move in the full `state` revealing every hand and hidden pick ("hand": the deck
    order and the cards never dealt shuffled, PEEK_WORLDS worlds) or, with "all", the true world only."""
    if what not in PEEKS:
        raise ValueError(f"peek: {what!r} is not one of {', '.join(map(repr, PEEKS))}")
    me = int(state.to_move())
    world = list(state.hidden_world(me))
    if what == "all":
        return np.array([world], dtype=np.int32)
    groups = list(state.hidden_groups(me))
    hands = sum(groups[:-2])
    head, tail = world[:hands], world[hands:]
    rng = random.Random(seed)
    rows = []
    for _ in range(PEEK_WORLDS):
        rng.shuffle(tail)
        rows.append(head + tail)
    return np.array(rows, dtype=np.int32)
