"""Solo worlds for the solo-estimate tests: late positions reached by seeded random play, and a brute force."""

from __future__ import annotations

import random
from typing import Any

from solver._core import haniwa

SOLO = haniwa.Rules(players=1)
SOLO_ROW = haniwa.Rules(players=1, solo_fill="row")
SOLO_DICE = haniwa.Rules(players=1, solo_dice_score=True)  # the earlier reading: every final die scores


def late_position(seed: int, placed: int, rules: Any = SOLO) -> Any:
    """A solo world dealt from `seed`, played by seeded uniformly random moves until `placed` tiles are down."""
    rng = random.Random(seed)
    s = haniwa.State.deal(rules, seed)
    while s.placed() < placed or s.phase() == "choose":
        moves = sorted(s.legal_moves())
        s.apply(moves[rng.randrange(len(moves))])
    return s


def brute_force(s: Any, memo: dict[str, int] | None = None) -> int:
    """The best final score below `s`: the maximum over every legal move sequence (memoised by notation)."""
    memo = {} if memo is None else memo
    if s.is_terminal():
        return int(s.score(0))
    key = str(s)
    if key not in memo:
        best = -1
        for m in s.legal_moves():
            c = s.clone()
            c.apply(m)
            best = max(best, brute_force(c, memo))
        memo[key] = best
    return memo[key]


def replay(s: Any, moves: list[int]) -> Any:
    """The state after playing `moves` (checked) from a copy of `s`."""
    c = s.clone()
    for m in moves:
        c.apply(m)
    return c
