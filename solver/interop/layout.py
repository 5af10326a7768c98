"""The pieces of an observation vector: a :class:`Layout` of named segments, and readers of notation fields."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Layout:
    """Named segments of a vector: (name, length, what it holds)."""

    segments: Sequence[tuple[str, int, str]]
    offsets: dict[str, int] = field(init=False)
    lengths: dict[str, int] = field(init=False)
    size: int = field(init=False)

    def __post_init__(self) -> None:
        self.offsets, self.lengths, at = {}, {}, 0
        for name, n, _ in self.segments:
            if name in self.offsets:
                raise ValueError(f"layout: segment {name!r} twice")
            self.offsets[name], self.lengths[name] = at, n
            at += n
        self.size = at

    def new(self) -> np.ndarray:
        return np.zeros(self.size, dtype=np.float32)

    def put(self, vec: np.ndarray, name: str, index: int, value: float = 1.0) -> None:
        """Sets entry `index` of segment `name` to `value` clipped to [0, 1]."""
        if not 0 <= index < self.lengths[name]:
            raise IndexError(f"layout: entry {index} of segment {name!r} (of {self.lengths[name]})")
        vec[self.offsets[name] + index] = min(1.0, max(0.0, float(value)))

    def add(self, vec: np.ndarray, name: str, index: int, amount: float) -> None:
        """Adds `amount` to entry `index` of segment `name` (clipped to [0, 1])."""
        self.put(vec, name, index, vec[self.offsets[name] + index] + amount)

    def put_all(self, vec: np.ndarray, name: str, values: Sequence[float]) -> None:
        for i, v in enumerate(values):
            self.put(vec, name, i, v)

    def describe(self) -> str:
        """One line per segment: its offset, length, name and content."""
        return "\n".join(f"{self.offsets[n]:>6} {k:>6}  {n}: {what}" for n, k, what in self.segments)


def fields(text: str) -> dict[str, str]:
    """The ``key=value`` fields of a notation (bare words are skipped)."""
    out = {}
    for token in text.split():
        key, eq, value = token.partition("=")
        if eq:
            out[key] = value
    return out


def numbers(value: str) -> list[int]:
    """The integers of a field value (separated by ',' '/' '.'; a '+...' suffix and hidden entries '?...' skipped)."""
    out = []
    for part in value.replace("/", ",").replace(".", ",").split(","):
        head = part.split("+")[0]
        if head.isdigit():
            out.append(int(head))
    return out


def hidden_count(value: str) -> int:
    """The count of a hidden field value ``?N`` (0 when the value is shown)."""
    return int(value[1:]) if value.startswith("?") and value[1:].isdigit() else 0


def relative(seat: int, observer: int, players: int) -> int:
    """`seat` counted from `observer` (0: the observer itself)."""
    return (seat - observer) % players
