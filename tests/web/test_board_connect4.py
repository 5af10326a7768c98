"""The Connect Four page board: exact fields of known positions, column targets, and random games."""

from __future__ import annotations

import json
import random

import pytest

from solver.games import get_game
from solver.play.agents import RandomAgent, observation
from solver.web.boards import board_of, legal_of
from solver.web.boards import connect4 as c4

GAME = get_game("connect4")
DRAWN_GAME = "156366643422365415735125444215362321717777"  # 42 moves, nobody ever has four in a row (tests/)


def test_start_position() -> None:
    b = board_of("connect4", GAME.new(None, 3))
    assert b["game"] == "connect4"
    assert b["players"] == ["X", "O"]
    assert (b["to_move"], b["phase"], b["result"], b["winner"]) == (0, "play", None, None)
    assert b["status"] == "X to move, move 1: drop a disc in a column that is not full."
    assert b["cells"] == [[None] * 7 for _ in range(6)]
    assert b["columns"][0] == {"id": "col:1", "label": "1", "discs": 0, "open": True}
    assert b["targets"] == [f"col:{n}" for n in range(1, 8)]
    assert (b["moves"], b["moves_played"], b["discs"], b["last"], b["win_cells"]) == ("", 0, [0, 0], None, [])
    assert [mark for mark, _ in b["legend"]] == ["#d62828", "#f2c12e", "◎", "★"]


def test_mid_game_cells_and_last_disc() -> None:
    b = board_of("connect4", GAME.parse("4453"))
    # X 4, O 4, X 5, O 3: X's discs on d1 and e1, O's on c1 and on d2.
    assert b["cells"][0] == [None, None, 1, 0, 0, None, None]
    assert b["cells"][1] == [None, None, None, 1, None, None, None]
    assert b["cells"][2:] == [[None] * 7 for _ in range(4)]
    assert b["last"] == {"col": 2, "row": 0, "move": "3"}
    assert b["columns"][3]["discs"] == 2
    assert b["discs"] == [2, 2]
    assert b["status"] == "X to move, move 5: drop a disc in a column that is not full."


def test_a_full_column_is_drawn_closed_and_not_offered() -> None:
    s = GAME.parse("111111")
    b = board_of("connect4", s)
    assert b["columns"][0] == {"id": "col:1", "label": "1", "discs": 6, "open": False}
    assert [e["targets"] for e in legal_of("connect4", s)] == [[f"col:{n}"] for n in range(2, 8)]


@pytest.mark.parametrize(
    ("moves", "winner", "cells"),
    [
        ("1212121", 0, [[0, 0], [0, 1], [0, 2], [0, 3]]),  # vertical (tests/test_connect4_game.py)
        ("1122334", 0, [[0, 0], [1, 0], [2, 0], [3, 0]]),  # horizontal
        ("12233434474", 0, [[0, 0], [1, 1], [2, 2], [3, 3]]),  # rising diagonal
        ("76655454414", 0, [[3, 3], [4, 2], [5, 1], [6, 0]]),  # falling diagonal
        ("11213151", 1, [[0, 1], [0, 2], [0, 3], [0, 4]]),  # O wins
    ],
)
def test_finished_game_marks_the_winning_four(moves: str, winner: int, cells: list[list[int]]) -> None:
    b = board_of("connect4", GAME.parse(moves))
    assert (b["phase"], b["to_move"], b["winner"]) == ("over", None, winner)
    assert b["result"] == f"{'XO'[winner]} wins"
    assert b["status"] == f"{'XO'[winner]} wins with four in a row (move {len(moves)})."
    assert b["win_cells"] == cells
    assert legal_of("connect4", GAME.parse(moves)) == []


def test_two_fours_at_once_are_both_marked() -> None:
    # X's last disc in column 4 fills the gap of the bottom row 1-2-3 _ 5-6-7: seven discs in a row.
    b = board_of("connect4", GAME.parse("1122335566774"))
    assert b["winner"] == 0
    assert b["win_cells"] == [[c, 0] for c in range(7)]


def test_draw() -> None:
    b = board_of("connect4", GAME.parse(DRAWN_GAME))
    assert (b["phase"], b["winner"], b["result"], b["win_cells"]) == ("over", None, "draw", [])
    assert b["status"] == "Draw: the board is full (42 discs) and nobody has four in a row."
    assert b["discs"] == [21, 21]


def test_move_targets_and_labels() -> None:
    s = GAME.new()
    entries = legal_of("connect4", s)
    assert [e["move"] for e in entries] == [str(n) for n in range(1, 8)]
    assert entries[3] == {"move": "4", "label": "drop in column 4", "targets": ["col:4"]}


def test_bad_input_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="expected one column digit 1-7"):
        c4.move_targets(GAME.new(), 0, "8")
    with pytest.raises(ValueError, match="expected a Connect Four state"):
        c4.board("4455")


def test_random_games() -> None:
    agent = RandomAgent()
    for seed in range(30):
        rng = random.Random(seed)
        state = GAME.new(None, seed)
        while True:
            view = observation(GAME, state, state.to_move(), agent)
            b = board_of("connect4", view)
            json.dumps(b)
            entries = legal_of("connect4", view)
            assert len({(tuple(e["targets"]), e["label"]) for e in entries}) == len(entries)
            for e in entries:
                assert set(e["targets"]) <= set(b["targets"])
                assert b["columns"][int(e["move"]) - 1]["open"]
            assert sum(b["discs"]) == b["moves_played"] == len(b["moves"])
            if state.is_terminal():
                assert b["phase"] == "over" and entries == []
                assert (b["win_cells"] != []) == (state.winner() >= 0)
                break
            state.apply(agent.choose(view, rng))
