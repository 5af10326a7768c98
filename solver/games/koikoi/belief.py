"""Koi-Koi belief: the worlds consistent with one player's information state.

The observer sees their own hand, the table, both capture piles and the turned-over card; every other card is
unseen and lies either in the opponent's hand (known size) or in the stock (known size, unknown order). Every
arrangement is equally likely. A world is the opponent's hand followed by the stock top card first, the layout
``solver._core.koikoi.State.from_world`` reads.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..._core import koikoi as kk
from ...determinize.belief import SlotGroup, UniformBelief


class KoikoiBelief:
    """Uniform belief over the hidden cards of a Koi-Koi information state."""

    def __init__(self, info_state: str) -> None:
        unseen, view, opp_size, stock_size = kk.hidden(info_state)
        self.info_state = info_state
        self.view: int = view
        self.belief = UniformBelief(unseen, [SlotGroup("opponent_hand", opp_size), SlotGroup("stock", stock_size)])

    @property
    def unseen(self) -> list[int]:
        """The cards the observer has not seen."""
        return self.belief.unseen.tolist()

    def sample(self, n: int, seed: int = 0) -> npt.NDArray[np.int32]:
        """`n` worlds as an int32 array of shape (n, opponent hand + stock); the same seed gives the same worlds."""
        return self.belief.sample(n, seed)

    def state(self, world: npt.NDArray[np.int32]) -> Any:
        """The full state of one world."""
        return kk.State.from_world(self.info_state, world)


def belief_of(state: Any, player: int) -> KoikoiBelief:
    """The belief of `player` in `state` (built from their information state only)."""
    return KoikoiBelief(state.information_state(player))
