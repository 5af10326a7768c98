"""Koi-Koi match equity: the probability of winning a match from a score difference with some deals left.

``E(left, diff, dealer)`` is the probability that a player wins the match when ``left`` deals remain to be played,
they lead by ``diff`` points (negative: behind), and ``dealer`` tells whether they deal the next deal (the dealer
plays first). A finished match (``left = 0``) is worth 1 when ahead, 0 when behind and 1/2 when level (a drawn
match counts half). Before that, one deal is played with the outcome distribution ``q`` measured from the dealer's
side — ``q[r]`` the probability that the dealer wins ``r`` points (``r > 0``), that the other player wins ``-r``
(``r < 0``) or that the deal is drawn (``r = 0``) — and the winner deals next (the non-dealer after a draw)::

    E(L, d, dealer)     = sum_r q[r] * (E(L-1, d+r, dealer) if r > 0 else E(L-1, d+r, other) if r < 0
                                        else E(L-1, d, other))
    E(L, d, non-dealer) = 1 - E(L, -d, dealer)

The distribution comes from self-play of the default AI (``scripts/koikoi_equity.py``, stored with its provenance
in ``solver/data/koikoi_equity.json``). ``match_utilities`` turns it into what the ISMCTS objective ``match`` backs
up: for each return a deal can end with, the searching player's match equity afterwards.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

#: Score differences beyond this are clamped (E is 0 or 1 there for any match of up to 12 deals).
MAX_DIFF = 300
#: Returns a deal can end with that the search's table covers (larger ones are clamped).
MAX_RETURN = 150
DATA_FILE = "koikoi_equity.json"


def equity_table(outcomes: Mapping[int, float], max_left: int, max_diff: int = MAX_DIFF) -> np.ndarray:
    """``E[left, diff + max_diff, dealer]`` for ``left`` in 0..max_left, ``|diff| <= max_diff`` (beyond: clamped)
    and ``dealer`` 1 when the player deals the next deal, 0 when the opponent does; `outcomes` maps the dealer's
    deal result in points to its probability or count (normalised here)."""
    total = float(sum(outcomes.values()))
    if total <= 0 or any(v < 0 for v in outcomes.values()):
        raise ValueError("equity: outcome weights must be >= 0 and not all 0")
    q = {int(r): float(v) / total for r, v in outcomes.items() if v > 0}
    diffs = np.arange(-max_diff, max_diff + 1)
    n = len(diffs)
    table = np.empty((max_left + 1, n, 2))
    last = np.where(diffs > 0, 1.0, np.where(diffs < 0, 0.0, 0.5))
    table[0, :, 0] = table[0, :, 1] = last

    def shifted(values: np.ndarray, r: int) -> np.ndarray:  # values at diff + r, clamped at the ends
        idx = np.clip(np.arange(n) + r, 0, n - 1)
        return values[idx]

    for left in range(1, max_left + 1):
        prev_me, prev_opp = table[left - 1, :, 1], table[left - 1, :, 0]
        dealer = np.zeros(n)
        for r, p in q.items():
            if r > 0:
                dealer += p * shifted(prev_me, r)
            elif r < 0:
                dealer += p * shifted(prev_opp, r)
            else:
                dealer += p * prev_opp
        table[left, :, 1] = dealer
        table[left, :, 0] = 1.0 - dealer[::-1]
    return table


@cache
def shipped() -> dict[str, Any]:
    """The contents of ``solver/data/koikoi_equity.json`` (outcome counts per preset and their provenance)."""
    text = resources.files("solver").joinpath("data", DATA_FILE).read_text()
    data: dict[str, Any] = json.loads(text)
    return data


def outcomes_for(preset: str) -> dict[int, int]:
    """The measured outcome counts of the dealer for `preset`."""
    entry = shipped()["presets"][preset]
    return {int(r): int(c) for r, c in entry["outcomes"].items()}


@cache
def table_for(preset: str, max_left: int) -> np.ndarray:
    """The equity table of `preset` up to `max_left` deals left (computed once by :func:`equity_table`)."""
    return equity_table(outcomes_for(preset), max_left)


def equity(preset: str, left: int, diff: int, dealer: bool) -> float:
    """E(left, diff, dealer) of `preset` (see the module docstring)."""
    table = table_for(preset if preset in shipped()["presets"] else "nintendo", max(left, 12))
    return float(table[left, int(np.clip(diff, -MAX_DIFF, MAX_DIFF)) + MAX_DIFF, int(dealer)])


def match_utilities(preset: str, left: int, diff: int, dealer_now: bool) -> list[float]:
    """For a deal that leaves `left` deals to play after it, with the player `diff` points ahead before it and
    dealing it when `dealer_now`: the player's match equity after the deal for each return ``-MAX_RETURN ..
    MAX_RETURN`` of theirs (index ``return + MAX_RETURN``). The winner deals next; after a draw the other player."""
    table = table_for(preset if preset in shipped()["presets"] else "nintendo", max(left, 12))[left]
    r = np.arange(-MAX_RETURN, MAX_RETURN + 1)
    at = np.clip(diff + r, -MAX_DIFF, MAX_DIFF) + MAX_DIFF
    deals_next = (r > 0) | ((r == 0) & (not dealer_now))
    return [float(x) for x in np.where(deals_next, table[at, 1], table[at, 0])]
