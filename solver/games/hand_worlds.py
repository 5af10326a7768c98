"""Baselines shared by the card games whose engine plays the greedy baseline itself and whose worlds list the hidden
hands first, then the deck and the cards never dealt (Ohanami, Honshu): the greedy move on a seat's view, and the
unfair "peeking" worlds of the reference experiments. Each game's greedy is documented with its engine
(``csrc/games/<game>/<game>.hpp``) and in docs/<game>.md.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

PEEKS = ("hand", "all")
PEEK_WORLDS = 256


def greedy_move(view: Any) -> int:
    """The engine's greedy move for the player to move in `view` (a full state, or an information state read
    through its proxy world, whose own hand and public fields are the true ones)."""
    return int(getattr(view, "proxy", view).greedy_move())


def peek_worlds(state: Any, what: str, seed: int) -> npt.NDArray[np.int32]:
    """Worlds for the player to move in the full `state` revealing every hand (and hidden choice) ("hand": the deck
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
