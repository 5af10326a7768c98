"""The Honshu greedy baseline and the unfair "peeking" worlds of the reference experiments.

Greedy (the engine's ``State.greedy_move``, see ``csrc/games/honshu/honshu.hpp`` and docs/honshu.md): the start
side and the placement with the best immediate end-score gain; the take of the table card with the best gain; in
the trick its highest card, with the cube that costs least only when a card already on the table beats that card
and would add at least 5 points more than the cube is worth. It reads only its own hand and public information.
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
    proxy world, whose own hand, maps and trick are the true ones)."""
    return int(getattr(view, "proxy", view).greedy_move())


def peek_worlds(state: Any, what: str, seed: int) -> npt.NDArray[np.int32]:
    """Worlds for the player to move in the full `state` revealing every hand ("hand": the deck order and the
    cards never dealt shuffled, PEEK_WORLDS worlds) or, with "all", the true world only."""
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
