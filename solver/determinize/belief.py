"""Beliefs over hidden information, and sampling of consistent worlds.

A hidden-information game hides a multiset of *items* (cards, tiles) from the observer. The observer knows which
items are unseen and how many sit in each hidden *slot group* (the opponent's hand, the stock in draw order, a
face-down tile, ...). A :class:`UniformBelief` treats every assignment of the unseen items to the hidden slots
that respects the known restrictions as equally likely, and samples many such worlds at once with the compiled
sampler. A world is one row of integers: the items of the first group in order, then the second, and so on —
the layout each game's ``from_world`` reads back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .._core import WorldError
from ._sampler import sample_orderings


@dataclass(frozen=True)
class SlotGroup:
    """A named run of hidden slots, e.g. ``SlotGroup("opponent_hand", 8)``."""

    name: str
    size: int


def group_offsets(groups: Iterable[SlotGroup]) -> dict[str, slice]:
    """The columns of each slot group in a world row (groups laid out one after another, in order)."""
    out: dict[str, slice] = {}
    start = 0
    for g in groups:
        out[g.name] = slice(start, start + g.size)
        start += g.size
    return out


class UniformBelief:
    """Uniform distribution over the arrangements of `unseen` items into `groups` of hidden slots.

    `forbidden` maps a group name to items that cannot be in that group (e.g. a card the opponent is known not to
    hold). Raises WorldError when the sizes do not add up to the number of unseen items or a group cannot be
    filled.
    """

    def __init__(
        self,
        unseen: Iterable[int],
        groups: Sequence[SlotGroup],
        forbidden: Mapping[str, Iterable[int]] | None = None,
    ) -> None:
        self.unseen = np.sort(np.asarray(list(unseen), dtype=np.int32))
        self.groups = tuple(groups)
        if self.unseen.size and self.unseen.min() < 0:
            raise WorldError("unseen items must be non-negative integers")
        names = [g.name for g in self.groups]
        if len(set(names)) != len(names):
            raise WorldError(f"slot group names must be distinct, got {names}")
        for g in self.groups:
            if g.size < 0:
                raise WorldError(f"slot group '{g.name}' has negative size {g.size}")
        total = sum(g.size for g in self.groups)
        if total != self.unseen.size:
            raise WorldError(
                f"the hidden slots hold {total} items ({', '.join(f'{g.name}={g.size}' for g in self.groups)}) "
                f"but {self.unseen.size} items are unseen"
            )
        self.forbidden = {k: frozenset(int(x) for x in v) for k, v in (forbidden or {}).items()}
        unknown = set(self.forbidden) - set(names)
        if unknown:
            raise WorldError(f"restriction on unknown slot group(s) {sorted(unknown)}; groups are {names}")
        self._allowed = self._allowed_matrix() if self.forbidden else None
        self._check_feasible()

    @property
    def num_slots(self) -> int:
        return int(self.unseen.size)

    def offsets(self) -> dict[str, slice]:
        """The columns of each group in a world row."""
        return group_offsets(self.groups)

    def sample(self, n: int, seed: int = 0) -> npt.NDArray[np.int32]:
        """`n` worlds as an int32 array of shape (n, num_slots); the same seed gives the same worlds."""
        if seed < 0:
            raise WorldError(f"seed must be >= 0, got {seed}")
        return sample_orderings(self.unseen, n, seed, self._allowed)

    def split(self, world: npt.NDArray[np.int32]) -> dict[str, npt.NDArray[np.int32]]:
        """One world row cut into its groups."""
        return {name: world[sl] for name, sl in self.offsets().items()}

    def check_world(self, world: Sequence[int]) -> None:
        """Raises WorldError unless `world` is an arrangement of the unseen items that the belief allows."""
        arr = np.asarray(world)
        if arr.shape != (self.num_slots,):
            raise WorldError(f"a world has {self.num_slots} slots, got shape {arr.shape}")
        if Counter(arr.tolist()) != Counter(self.unseen.tolist()):
            raise WorldError("the world's items are not exactly the unseen items")
        for name, sl in self.offsets().items():
            bad = self.forbidden.get(name, frozenset()) & set(arr[sl].tolist())
            if bad:
                raise WorldError(f"slot group '{name}' holds forbidden item(s) {sorted(bad)}")

    def marginals(self) -> dict[str, dict[int, float]]:
        """Expected number of copies of each item in each group (exact for an unrestricted belief)."""
        if self.forbidden:
            raise WorldError("exact marginals are only available without restrictions; estimate them by sampling")
        counts = Counter(self.unseen.tolist())
        n = max(self.num_slots, 1)
        return {g.name: {item: c * g.size / n for item, c in counts.items()} for g in self.groups}

    def _allowed_matrix(self) -> npt.NDArray[np.uint8]:
        width = int(self.unseen.max()) + 1 if self.unseen.size else 1
        allowed = np.ones((self.num_slots, width), dtype=np.uint8)
        for name, sl in self.offsets().items():
            for item in self.forbidden.get(name, ()):
                if item < width:
                    allowed[sl, item] = 0
        return allowed

    def _check_feasible(self) -> None:
        # Each group must be fillable from the items it may hold (a necessary condition; rejection sampling
        # reports the rest).
        counts = Counter(self.unseen.tolist())
        total = int(self.unseen.size)
        for g in self.groups:
            ban = self.forbidden.get(g.name, frozenset())
            available = total - sum(counts.get(item, 0) for item in ban)
            if available < g.size:
                raise WorldError(
                    f"slot group '{g.name}' needs {g.size} items but only {available} unseen items may go there"
                )
