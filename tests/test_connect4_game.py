"""Connect Four rules and notation: move counts, wins in every direction, full columns, parse errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import _core
from solver.games import get_game

State = _core.connect4.State
GAME = get_game("connect4")
DRAWN_GAME = "156366643422365415735125444215362321717777"  # 42 moves, nobody ever has four in a row


@pytest.mark.parametrize(
    ("depth", "count"),
    [(1, 7), (2, 49), (3, 343), (4, 2401), (5, 16807), (6, 117649), (7, 823536), (8, 5673234)],
)
def test_perft_from_the_empty_board(depth: int, count: int) -> None:
    assert State().perft(depth) == count


def test_perft_with_a_full_column_and_a_finished_game() -> None:
    # Column 1 full: 6 moves at every ply until another column fills (cannot happen within 3 plies).
    assert State.parse("111111").perft(3) == 6**3
    # One ply before a vertical win: 7 moves, of which the winning one ends the game.
    assert State.parse("121212").perft(2) == 6 * 7
    assert State.parse("1212121").perft(1) == 0


@pytest.mark.parametrize(
    ("moves", "cells"),
    [
        ("1212121", [(0, 0), (0, 1), (0, 2), (0, 3)]),  # vertical
        ("1122334", [(0, 0), (1, 0), (2, 0), (3, 0)]),  # horizontal
        ("12233434474", [(0, 0), (1, 1), (2, 2), (3, 3)]),  # rising diagonal
        ("76655454414", [(6, 0), (5, 1), (4, 2), (3, 3)]),  # falling diagonal
    ],
)
def test_first_player_wins_in_every_direction(moves: str, cells: list[tuple[int, int]]) -> None:
    before = State.parse(moves[:-1])
    assert not before.is_terminal()
    assert before.winner() == -1
    after = State.parse(moves)
    assert [after.cell(c, r) for c, r in cells] == [0, 0, 0, 0]
    assert after.is_terminal()
    assert after.winner() == 0
    assert (after.returns(0), after.returns(1)) == (1.0, -1.0)
    assert after.legal_moves() == []


def test_second_player_wins() -> None:
    s = State.parse("11213151")
    assert s.winner() == 1
    assert [s.cell(0, r) for r in range(5)] == [0, 1, 1, 1, 1]
    assert (s.returns(0), s.returns(1)) == (-1.0, 1.0)


def test_full_board_is_a_draw() -> None:
    s = State.parse(DRAWN_GAME)
    assert s.moves_played() == 42
    assert s.is_terminal()
    assert s.winner() == -1
    assert (s.returns(0), s.returns(1)) == (0.0, 0.0)
    assert s.legal_moves() == []
    with pytest.raises(_core.IllegalMoveError, match="the game is over"):
        s.parse_move("1")


def test_full_column_is_not_playable() -> None:
    s = State.parse("111111")
    assert sorted(s.legal_moves()) == [1, 2, 3, 4, 5, 6]
    assert [s.cell(0, r) for r in range(6)] == [0, 1, 0, 1, 0, 1]
    with pytest.raises(_core.IllegalMoveError, match="column is full"):
        s.play("1")
    with pytest.raises(_core.IllegalMoveError, match="illegal move '1'"):
        s.apply(0)
    with pytest.raises(_core.NotationError, match="character 7: column 1 is full"):
        State.parse("1111111")


def test_moves_alternate_and_notation_round_trips() -> None:
    s = State()
    for i, col in enumerate("4453"):
        assert s.to_move() == i % 2
        s.play(col)
    assert s.to_string() == "4453"
    assert State.parse("4453") == s
    assert s.hash() == s.recompute_hash()
    assert State.parse("-") == State() == State.parse("")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8", "character 1: expected a column digit 1-7, got '8'"),
        ("12a", "character 3: expected a column digit 1-7, got 'a'"),
        ("4 4", "character 2: expected a column digit 1-7, got ' '"),
        ("12121212", "character 8: the game is already over \\(four in a row\\)"),
        (DRAWN_GAME + "1", "character 43: the game is already over \\(board full\\)"),
    ],
)
def test_bad_positions_raise_notation_errors(text: str, message: str) -> None:
    with pytest.raises(_core.NotationError, match=message):
        State.parse(text)


@pytest.mark.parametrize("text", ["0", "8", "12", "", "x", "-"])
def test_bad_moves_raise_notation_errors(text: str) -> None:
    with pytest.raises(_core.NotationError, match="expected one column digit 1-7"):
        State().parse_move(text)


def test_errors_are_value_errors() -> None:
    for exc in (_core.NotationError, _core.IllegalMoveError, _core.RuleOptionError):
        assert issubclass(exc, ValueError)


def test_render_draws_six_rows_and_column_numbers() -> None:
    assert GAME.render(State.parse("4453")) == "\n".join(
        [
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . O . . .",
            ". . O X X . .",
            "1 2 3 4 5 6 7",
        ]
    )
    assert GAME.notation(State()) == "-"


class _Proven:
    def __init__(self, proof: _core.Proof, plies_to_end: int) -> None:
        self.proof = proof
        self.plies_to_end = plies_to_end
        self.value = 0.0


def test_values_are_described_in_the_test_set_score_convention() -> None:
    # The empty board: X wins with its 21st stone on move 41, score +1.
    assert GAME.describe_value(State(), _Proven(_core.Proof.WIN, 41)) == (
        "win for X, score +1 (X wins with stone 21, in 41 plies)"
    )
    # After "4453" X to move; a win 1 ply later is X's 3rd stone (22 - 3 = 19).
    assert GAME.describe_value(State.parse("4453"), _Proven(_core.Proof.WIN, 1)) == (
        "win for X, score +19 (X wins with stone 3, in 1 ply)"
    )
    assert GAME.describe_value(State.parse("445"), _Proven(_core.Proof.LOSS, 2)) == (
        "loss for O, score -19 (X wins with stone 3, in 2 plies)"
    )
    assert GAME.describe_value(State(), _Proven(_core.Proof.DRAW, -1)) == "draw, score 0"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789-ab \n", max_size=50))
def test_parser_fuzz_either_parses_and_round_trips_or_raises_notation_error(text: str) -> None:
    try:
        s = State.parse(text)
    except _core.NotationError as e:
        assert "connect4 position" in str(e)
        return
    assert text == "-" or s.to_string() == text
    assert State.parse(s.to_string()) == s
    assert s.hash() == s.recompute_hash()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=6), max_size=60))
def test_random_move_sequences_keep_the_invariants(choices: list[int]) -> None:
    s = State()
    for i, c in enumerate(choices):
        legal = s.legal_moves()
        if not legal:
            break
        mv = sorted(legal)[c % len(legal)]
        s.apply(mv)
        assert s.moves_played() == i + 1
        assert s.hash() == s.recompute_hash()
        assert State.parse(s.to_string()) == s
        assert s.is_terminal() == (s.winner() >= 0 or s.moves_played() == 42)


_MASK64 = (1 << 64) - 1


def _rng_below(seed: int, n: int) -> int:
    """The first Rng(seed).below(n) of csrc/core/rng.hpp (xoshiro256** seeded through splitmix64), in Python."""
    s, x = [], seed
    for _ in range(4):
        x = (x + 0x9E3779B97F4A7C15) & _MASK64
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        s.append(z ^ (z >> 31))
    r = (s[1] * 5) & _MASK64
    r = ((((r << 7) | (r >> 57)) & _MASK64) * 9) & _MASK64
    return ((r >> 32) * n) >> 32


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=6), max_size=41), st.integers(min_value=0, max_value=2**64 - 1))
def test_random_move_is_the_pick_from_the_legal_move_list(choices: list[int], seed: int) -> None:
    # The random playouts draw random_move(rng) instead of legal_moves(ml) + ml[rng.below(ml.size())]: the same
    # column for the same generator, so the searches do not depend on which of the two a playout uses.
    s = State()
    for c in choices:
        legal = s.legal_moves()
        if not legal:
            break
        s.apply(legal[c % len(legal)])
    if s.is_terminal():
        with pytest.raises(ValueError, match="terminal"):
            s.random_move(seed)
        return
    legal = s.legal_moves()
    assert s.random_move(seed) == legal[_rng_below(seed, len(legal))]


def test_random_move_with_full_columns() -> None:
    # Columns 1, 4 and 7 full (no four anywhere): the open columns in centre-first order are 3, 5, 2, 6.
    s = State.parse("111111444444777777")
    assert not s.is_terminal()
    assert s.legal_moves() == [2, 4, 1, 5]
    assert sorted({s.random_move(seed) for seed in range(200)}) == [1, 2, 4, 5]
    for seed in range(50):
        assert s.random_move(seed) == [2, 4, 1, 5][_rng_below(seed, 4)]
