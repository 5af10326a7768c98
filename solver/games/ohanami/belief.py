"""Ohanami belief: the worlds consistent with one player's information state.

What a player does not see: the hands that have not passed through their hands this round (only their sizes),
the picks of the current turn made before theirs (not yet revealed), the order of the deck for the later rounds,
and the cards never dealt (with fewer than 4 players). A hand that passed through their hands is known card for
card (card counting); of a player who has picked in secret from such a hand, only which 2 cards were picked is
hidden.

A world is an ordering of the hidden cards (ids 0..119); every ordering is a valid world and every consistent
deal is equally likely (``docs/ohanami.md``, "Worlds"). The slot groups are the hidden pre-pick hand of each
other seat, the deck, and the cards never dealt, in that order: the layout of the true world
(``State.hidden_world``).
"""

from __future__ import annotations

from ..._core import ohanami as oh
from ...determinize.belief import SlotGroup, UniformBelief


def ohanami_belief(info_state: str) -> UniformBelief:
    """The uniform belief over what `info_state` hides; NotationError names a bad field."""
    hidden, groups, view = oh.hidden(info_state)
    others = [p for p in range(len(groups) - 1) if p != view]
    names = [f"hand{p}" for p in others] + ["deck", "never_dealt"]
    return UniformBelief(hidden, [SlotGroup(name, size) for name, size in zip(names, groups, strict=True)])
