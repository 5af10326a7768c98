"""Honshu belief: the worlds consistent with one player's information state.

What a player does not see: the hands it does not know (with ``hand_passing = official`` it knows, after each
pass, the hand it passed on: its left neighbour's in rounds 4-6, its right neighbour's in rounds 10-12), the order
of the deck for rounds 7-12 and the cards never dealt (2-4 players). The trick is played face up, so nothing else
is hidden. A world is an ordering of the hidden cards (ids 0..59); every ordering is a valid world and every
consistent deal is equally likely. Slot groups: each other seat's hidden hand (seat order), the deck, never dealt.
"""

from __future__ import annotations

from ..._core import honshu as hs
from ...determinize.belief import SlotGroup, UniformBelief


def honshu_belief(info_state: str) -> UniformBelief:
    """The uniform belief over what `info_state` hides; NotationError names a bad field."""
    hidden, groups, view = hs.hidden(info_state)
    others = [p for p in range(len(groups) - 1) if p != view]
    names = [f"hand{p}" for p in others] + ["deck", "never_dealt"]
    return UniformBelief(hidden, [SlotGroup(name, size) for name, size in zip(names, groups, strict=True)])
