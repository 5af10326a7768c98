"""The toy game (tests/toy/toy_game.hpp): a runtime player count 2..5 through the shared binding template."""

from __future__ import annotations

from types import ModuleType

import pytest

from solver._core import IllegalMoveError, NotationError, SearchLimits

START3 = "players=3 cards=5,1,7,2,9,4 turn=0 taken=0,0,0"
START5 = "players=5 cards=3,8,1,6,2,9,4,7,5,10"


def _limits(**kw: int) -> SearchLimits:
    lim = SearchLimits()
    for k, v in kw.items():
        setattr(lim, k, v)
    return lim


def test_player_counts(toy_core: ModuleType) -> None:
    assert toy_core.MAX_PLAYERS == 5
    assert toy_core.State.parse(START3).num_players == 3
    five = toy_core.State.parse(START5)
    assert five.num_players == 5 and five.to_move() == 0
    assert toy_core.State(START5) == five  # constructor from notation
    assert five.to_string() == "players=5 cards=3,8,1,6,2,9,4,7,5,10 turn=0 taken=0,0,0,0,0"


def test_turns_moves_and_returns(toy_core: ModuleType) -> None:
    s = toy_core.State.parse(START3)
    assert s.legal_moves() == [0, 1] and [s.move_to_string(m) for m in s.legal_moves()] == ["L", "R"]
    for mv in ["R", "L", "L", "R", "L"]:  # takes 4, 5, 1, 9, 7
        s.play(mv)
    assert s.to_move() == 2 and not s.is_terminal()
    assert [s.move_to_string(m) for m in s.legal_moves()] == ["L"]  # one card left
    with pytest.raises(IllegalMoveError):
        s.play("R")
    s.play("L")  # player 2 takes the 2
    assert s.is_terminal() and s.legal_moves() == []
    assert [s.returns(p) for p in range(3)] == [4 + 9, 5 + 7, 1 + 2]
    assert s.to_string() == "players=3 cards=- turn=0 taken=13,12,3"
    assert s.hash() == s.recompute_hash()


def test_notation_round_trip_and_errors(toy_core: ModuleType) -> None:
    s = toy_core.State.parse(START5)
    for mv in ["L", "R", "R", "L", "L", "R", "L"]:
        s.play(mv)
        text = s.to_string()
        back = toy_core.State.parse(text)
        assert back == s and back.to_string() == text and back.hash() == s.hash()
    for text, field in [
        ("players=6 cards=1,2", "players"),
        ("players=1 cards=1,2", "players"),
        ("players=3 cards=1,x", "cards"),
        ("players=3 cards=1,2 turn=3", "turn"),
        ("players=3 cards=1,2 taken=1,2", "taken"),
        ("players=3", "cards"),
        ("players=3 cards=1 colour=red", "colour"),
        ("players=3 players=3 cards=1", "players"),
    ]:
        with pytest.raises(NotationError, match=f"field '{field}'"):
            toy_core.State.parse(text)
    with pytest.raises(NotationError, match="toy move"):
        s.parse_move("X")


def test_mcts_finds_the_obvious_move(toy_core: ModuleType) -> None:
    # The 50 lies at one end: whoever is to move takes it (3 players, then 5 with the 90 at the right end).
    s = toy_core.State.parse("players=3 cards=50,1,2,3,4 turn=0 taken=0,0,0")
    r = s.mcts(_limits(nodes=3000, seed=1), solver=False)
    assert s.move_to_string(r.best_move) == "L"
    s5 = toy_core.State.parse("players=5 cards=1,2,3,4,5,6,7,8,9,90 turn=2 taken=0,0,0,0,0")
    r5 = s5.mcts(_limits(nodes=3000, seed=2))
    assert s5.move_to_string(r5.best_move) == "R"


def test_alphabeta_two_players_only(toy_core: ModuleType) -> None:
    two = toy_core.State.parse("players=2 cards=3,9,1,2 turn=0 taken=0,0")
    r = two.alphabeta(_limits(depth=4))
    assert r.best_move in two.legal_moves()
    assert two.minimax(2) is not None
    three = toy_core.State.parse(START3)
    with pytest.raises(ValueError, match="alphabeta: needs a one- or two-player position, this one has 3 players"):
        three.alphabeta(_limits(depth=4))
    with pytest.raises(ValueError, match="has 3 players"):
        three.minimax(2)
    with pytest.raises(ValueError, match="has 5 players"):
        toy_core.State.parse(START5).alphabeta(_limits(depth=2))
