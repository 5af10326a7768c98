"""Each seat's observation as a vector: a fixed-length float32 array of numbers in [0, 1], the same length in every
position of a mode, for learning agents (PettingZoo's ``observation``, OpenSpiel's observation tensor).

The vector is made from what the seat sees and nothing else: the position in a perfect-information game, the seat's
:class:`~solver.determinize.infostate.InformationState` in a hidden-information one — its notation, and of its proxy
world only what that notation states (the public maps of Honshu, the seat's own cards), never the proxy's made-up
hidden part. Seats are *relative*: block 0 is the observing seat, block k the seat k places after it. Counts and
scores are divided by a documented maximum and clipped to 1.

Each game's layout is a list of named segments (:class:`~.layout.Layout`, ``describe()`` prints it; docs/interop.md
lists them): Connect Four, Sensei and Koi-Koi in :mod:`.features_board`, Haniwa, Ohanami and Honshu in
:mod:`.features_hidden`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..games import GameInfo, get_game
from .features_board import BOARD_LAYOUTS
from .features_hidden import HIDDEN_LAYOUTS
from .layout import Layout

Encode = Callable[[Layout, Any, int], np.ndarray]
MakeLayout = Callable[[Mapping[str, Any], int], Layout]
LAYOUTS: dict[str, tuple[MakeLayout, Encode]] = {**BOARD_LAYOUTS, **HIDDEN_LAYOUTS}


@dataclass(frozen=True)
class Features:
    """The observation vector of one game under its rules."""

    game: GameInfo
    layout: Layout
    _encode: Encode

    @property
    def size(self) -> int:
        return self.layout.size

    def encode(self, view: Any, seat: int) -> np.ndarray:
        """The vector of `seat` for what it is given (`view`: the position, or the seat's InformationState; None
        while a deal is dealt: zeros)."""
        if view is None:
            return self.layout.new()
        return self._encode(self.layout, view, seat)


def features(game: str | GameInfo, rules: Mapping[str, Any] | None = None) -> Features:
    """The observation vector of `game` under `rules`."""
    info = get_game(game)
    checked = info.check_options(rules)
    make, encode = LAYOUTS[info.name]
    return Features(info, make(checked, info.num_players(checked)), encode)
