"""Information states as positions: what one player of a hidden-information game knows, ready to search.

An :class:`InformationState` holds the observer's information-state notation and the belief over everything hidden
from them (a :class:`~solver.determinize.belief.UniformBelief`: the unseen items and the slot-group sizes). The
information-set searches (``State.ismcts`` / ``State.pimc``) take exactly these two things, so a search from an
information state cannot use anything the observer does not see.

For naming moves it also keeps a *proxy*: the full state of one arbitrary world consistent with the view (the
unseen items in ascending order). The observer's own legal moves and their notation are the same in every world,
so the proxy answers those questions; it must never be searched or shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .belief import UniformBelief


@dataclass(frozen=True)
class InformationState:
    """One player's view of a hidden-information position: its notation, the belief and the observer's moves."""

    game: Any  # the GameInfo of a hidden-information game
    text: str
    belief: UniformBelief
    proxy: Any = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        world = np.asarray(self.belief.unseen, dtype=np.int32)
        object.__setattr__(self, "proxy", self.game.State.from_world(self.text, world))

    @property
    def observer(self) -> int:
        """The player whose view this is: the notation's ``view=`` field (a searchable view is the player to
        move's)."""
        for token in self.text.split():
            if token.startswith("view="):
                return int(token[5:])
        return int(self.proxy.to_move())

    @property
    def unseen(self) -> list[int]:
        """The items hidden from the observer."""
        return [int(x) for x in self.belief.unseen]

    @property
    def groups(self) -> list[int]:
        """The sizes of the hidden slot groups, in world-layout order."""
        return [g.size for g in self.belief.groups]

    def to_move(self) -> int:
        """The player to move."""
        return int(self.proxy.to_move())

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return bool(self.proxy.is_terminal())

    def legal_moves(self) -> list[int]:
        """The observer's legal moves (the same in every consistent world)."""
        return list(self.proxy.legal_moves())

    def move_to_string(self, move: int) -> str:
        """A move of the observer in notation."""
        return str(self.proxy.move_to_string(move))

    def parse_move(self, text: str) -> int:
        """A move of the observer from its notation (NotationError / IllegalMoveError)."""
        return int(self.proxy.parse_move(text))

    def clone(self) -> InformationState:
        """Information states are immutable: the same object."""
        return self

    def to_string(self) -> str:
        """The information-state notation."""
        return self.text

    def __str__(self) -> str:
        return self.text
