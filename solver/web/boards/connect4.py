"""Connect Four on the page: the 7x6 grid, a click on a column drops a disc there.

Board data (``board``): ``cells[row][col]`` with row 0 the bottom row (0 = X's disc, 1 = O's, None = empty), one
entry per column (``columns``: its click id ``col:N``, N = 1..7 as in the notation, how many discs it holds and
whether it still has room), the move sequence (the position notation), the last disc, the discs of every four in a
row of the winner (``win_cells``) and the result. A move is one click on its column (``col:4``).
"""

from __future__ import annotations

from typing import Any

from ... import _core
from ...games.connect4 import HEIGHT, STONES, WIDTH

PLAYERS = list(STONES)
#: Disc colours (the legend and the drawing use the same ones).
COLOURS = {"X": "#d62828", "O": "#f2c12e"}
BOARD_COLOUR = "#1d4f91"
_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def _state(view: Any) -> Any:
    if not isinstance(view, _core.connect4.State):
        raise ValueError(f"connect4 board: expected a Connect Four state, got {type(view).__name__}")
    return view


def _column_of(text: str) -> int:
    """The column number 1..7 of a move in notation (ValueError for anything else)."""
    if len(text) != 1 or text not in "1234567":
        raise ValueError(f"connect4 move {text!r}: expected one column digit 1-7")
    return int(text)


def win_cells(cells: list[list[int | None]], winner: int) -> list[list[int]]:
    """Every ``[col, row]`` of `winner`'s discs that lies on a line of four of them (sorted; [] for no winner)."""
    found: set[tuple[int, int]] = set()
    if winner not in (0, 1):
        return []
    for row in range(HEIGHT):
        for col in range(WIDTH):
            for dc, dr in _DIRECTIONS:
                line = [(col + i * dc, row + i * dr) for i in range(4)]
                if all(0 <= c < WIDTH and 0 <= r < HEIGHT and cells[r][c] == winner for c, r in line):
                    found.update(line)
    return [[c, r] for c, r in sorted(found)]


def board(view: Any) -> dict[str, Any]:
    """The grid, the columns to click, whose turn it is, the last disc and the result."""
    state = _state(view)
    cells: list[list[int | None]] = [
        [None if state.cell(col, row) < 0 else int(state.cell(col, row)) for col in range(WIDTH)]
        for row in range(HEIGHT)
    ]
    moves = str(state.to_string())
    heights = [sum(cells[row][col] is not None for row in range(HEIGHT)) for col in range(WIDTH)]
    columns = [
        {"id": f"col:{col + 1}", "label": str(col + 1), "discs": heights[col], "open": heights[col] < HEIGHT}
        for col in range(WIDTH)
    ]
    last = None
    if moves:
        col = int(moves[-1]) - 1
        last = {"col": col, "row": heights[col] - 1, "move": moves[-1]}
    played = int(state.moves_played())
    winner = int(state.winner())
    over = bool(state.is_terminal())
    to_move = None if over else int(state.to_move())
    if over and winner in (0, 1):
        result = f"{STONES[winner]} wins"
        status = f"{STONES[winner]} wins with four in a row (move {played})."
    elif over:
        result = "draw"
        status = "Draw: the board is full (42 discs) and nobody has four in a row."
    else:
        result = None
        mover = STONES[int(state.to_move())]
        status = f"{mover} to move, move {played + 1}: drop a disc in a column that is not full."
    return {
        "game": "connect4",
        "players": PLAYERS,
        "to_move": to_move,
        "phase": "over" if over else "play",
        "status": status,
        "width": WIDTH,
        "height": HEIGHT,
        "cells": cells,
        "columns": columns,
        "targets": [c["id"] for c in columns],
        "moves": moves,
        "moves_played": played,
        "discs": [sum(row.count(p) for row in cells) for p in (0, 1)],
        "last": last,
        "winner": winner if winner in (0, 1) else None,
        "result": result,
        "win_cells": win_cells(cells, winner),
        "colours": dict(COLOURS),
        "board_colour": BOARD_COLOUR,
        "legend": [
            [COLOURS["X"], "X: moves first"],
            [COLOURS["O"], "O: moves second"],
            ["◎", "the last disc played"],
            ["★", "a winning four"],
        ],
    }


def move_targets(view: Any, move: int, text: str) -> list[str]:
    """The column to click: ``["col:4"]`` for the move ``4``."""
    return [f"col:{_column_of(text)}"]


def move_label(view: Any, move: int, text: str) -> str:
    """``drop in column 4``."""
    return f"drop in column {_column_of(text)}"
