"""The public Connect Four test-set score convention (Pons' test sets), for proven results."""

from __future__ import annotations

from typing import Any

from ... import _core


def connect4_score(state: Any, result: Any) -> int:
    """A solved Connect Four result in the public test-set convention.

    0 for a draw; otherwise ``22 - (stones the winner has on the board after its winning move)``, positive
    when the side to move in `state` wins, negative when it loses. `result` must carry a proof (WIN / LOSS /
    DRAW) with ``plies_to_end`` counted from `state`; ValueError otherwise.
    """
    if result.proof == _core.Proof.DRAW:
        return 0
    if result.proof not in (_core.Proof.WIN, _core.Proof.LOSS) or result.plies_to_end < 1:
        raise ValueError("connect4_score: the result is not a proven win, loss or draw")
    stones_at_end = state.moves_played() + result.plies_to_end
    # The winner made the last move: it owns the larger half of an odd total, or exactly half of an even one.
    winner_stones = (stones_at_end + 1) // 2
    score = 22 - winner_stones
    return score if result.proof == _core.Proof.WIN else -score
