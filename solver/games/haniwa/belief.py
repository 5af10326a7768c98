"""Haniwa belief: the worlds consistent with one player's information state.

The observer's team sees its own hands, its own face-down tile, the tiles under its own Kofun and its own
discards; everything else that is not face up is hidden: the other team's hands (known sizes), the stock (known
size, unknown order), the other team's face-down tile, the tiles under its Kofun and its discards, and in a
two-round match the seed that shuffles the second game's stock. Every arrangement of the unseen tiles over
those slots is equally likely; the reshuffle seed is uniform over 32-bit values. A world is one row in the
layout ``solver._core.haniwa.State.from_world`` reads (documented in ``csrc/games/haniwa/information.hpp``):
hidden hands in seat order, stock next tile first, face-down tile, tiles under Kofun in cell order, discards in
discard order, then the reshuffle seed (two-round matches only, a uint32 stored bit for bit in an int32).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..._core import WorldError
from ..._core import haniwa as hw
from ...determinize.belief import SlotGroup, UniformBelief, group_offsets

SEED_GROUP = "reshuffle"


class HaniwaBelief:
    """Uniform belief over the hidden items of a Haniwa information state."""

    def __init__(self, info: Any) -> None:
        """`info` is a parsed ``solver._core.haniwa.InformationState``; see :meth:`from_information_state`."""
        self.info = info
        self.info_state: str = info.to_string()
        self.view: int = info.view
        groups = list(info.groups)
        self.groups: tuple[SlotGroup, ...] = tuple(SlotGroup(name, size) for name, size in groups)
        self.has_seed: bool = any(name == SEED_GROUP for name, _ in groups)
        self.belief = UniformBelief(info.unseen, [g for g in self.groups if g.name != SEED_GROUP])

    @classmethod
    def from_information_state(cls, text: str) -> HaniwaBelief:
        """The belief of an information-state string (NotationError names a faulty field)."""
        return cls(hw.InformationState.parse(text))

    @classmethod
    def of(cls, state: Any, player: int) -> HaniwaBelief:
        """The belief of `player` in a full `state` (built from their information state only)."""
        return cls.from_information_state(state.information_state(player))

    @property
    def unseen(self) -> list[int]:
        """The unseen tile kinds, ascending: the multiset every world's tile slots hold."""
        return self.belief.unseen.tolist()

    @property
    def num_slots(self) -> int:
        """Length of a world row (tile slots, plus one seed slot in a two-round match)."""
        return int(self.info.num_slots)

    def offsets(self) -> dict[str, slice]:
        """The columns of each slot group in a world row."""
        return group_offsets(self.groups)

    def sample(self, n: int, seed: int = 0) -> npt.NDArray[np.int32]:
        """`n` worlds as an int32 array of shape (n, num_slots); the same seed gives the same worlds."""
        if n < 0:
            raise WorldError(f"number of worlds must be >= 0, got {n}")
        tiles = self.belief.sample(n, seed)
        if not self.has_seed:
            return tiles
        seeds = np.random.default_rng([seed, 1]).integers(0, 2**32, size=n, dtype=np.uint64)
        column = seeds.astype(np.uint32).view(np.int32).reshape(n, 1)
        return np.ascontiguousarray(np.hstack([tiles, column]), dtype=np.int32)

    def state(self, world: npt.ArrayLike) -> Any:
        """The full state of one world (WorldError when it does not fit the information state)."""
        return self.info.world(np.asarray(world, dtype=np.int32))

    def worlds(self, n: int, seed: int = 0) -> list[Any]:
        """`n` sampled worlds as full states; each has exactly the observer's information state."""
        return list(self.info.worlds(self.sample(n, seed)))


def belief_of(state: Any, player: int) -> HaniwaBelief:
    """The belief of `player` in `state` (built from their information state only)."""
    return HaniwaBelief.of(state, player)
