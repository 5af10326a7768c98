"""Connect Four façade: board drawing and values in the public test-set convention.

Position notation is the sequence of columns played, digits 1-7 (``-`` or the empty string is the empty
board); a move is one column digit. Player 0 (``X``) moves first.
"""

from __future__ import annotations

from typing import Any

from ... import _core
from ..base import GameInfo, describe_generic
from .score import connect4_score

WIDTH = 7
HEIGHT = 6
STONES = ("X", "O")


class Connect4Info(GameInfo):
    """Connect Four as the front end sees it."""

    def notation(self, state: Any) -> str:
        """The column sequence, or ``-`` for the empty board."""
        return state.to_string() or "-"

    def render(self, state: Any) -> str:
        """Six rows top to bottom (``X`` first player, ``O`` second, ``.`` empty) over the column numbers."""
        rows = []
        for row in range(HEIGHT - 1, -1, -1):
            cells = (state.cell(col, row) for col in range(WIDTH))
            rows.append(" ".join("." if c < 0 else STONES[c] for c in cells))
        rows.append(" ".join(str(col + 1) for col in range(WIDTH)))
        return "\n".join(rows)

    def player_name(self, player: int) -> str:
        """``X`` for the first player, ``O`` for the second."""
        return STONES[player]

    def describe_value(self, state: Any, result: Any) -> str:
        """'win for X, score +N (...)' / 'loss ...' / 'draw, score 0' when proven, else the heuristic."""
        proof = result.proof
        if proof == _core.Proof.DRAW:
            return "draw, score 0"
        if proof in (_core.Proof.WIN, _core.Proof.LOSS) and result.plies_to_end > 0:
            score = connect4_score(state, result)
            mover = STONES[state.to_move()]
            winner = mover if proof == _core.Proof.WIN else STONES[1 - state.to_move()]
            stones = 22 - abs(score)
            outcome = "win" if proof == _core.Proof.WIN else "loss"
            plies = f"{result.plies_to_end} {'ply' if result.plies_to_end == 1 else 'plies'}"
            return f"{outcome} for {mover}, score {score:+d} ({winner} wins with stone {stones}, in {plies})"
        return describe_generic(result)


GAME = Connect4Info(
    name="connect4",
    title="Connect Four (7x6)",
    core=_core.connect4,
    eval_unit="evaluation points (16 per empty cell that would complete a four)",
    aliases=("c4",),
    solve_plies=24,  # 24 empty cells: proven in milliseconds to a few tenths of a second (bench/test_connect4.py)
)
