"""Sensei's hash_after (the table searches' prefetch hint): the hash of the position after a move, without making it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solver._core import IllegalMoveError
from solver.games import get_game

GAME = get_game("sensei")


END_TURN = 0x2000  # the move packing of csrc/games/sensei/sensei.hpp: bit 13 alone ends the turn
CHARACTER = 1 << 12  # bit 12: a character move


def turn_ends_by_count(s: Any, move: int) -> bool:
    """Whether the turn's counts end it after `move`: an end-turn move, or the last of the turn's three actions
    (two stone moves and the character's move)."""
    if move == END_TURN:
        return True
    if move & CHARACTER:
        return bool(s.stone_moves_done() >= 2)
    return bool(s.stone_moves_done() + 1 >= 2 and s.character_moved())


@pytest.mark.parametrize("version", ["arashi", "shizukana"])
def test_hash_after_is_the_childs_hash(version: str) -> None:
    """Over random games, every legal move of every position: the hint equals the child's hash, except after a
    move that leaves the mover no action although the counts allow one (the rules then end the turn at once, which
    the hint does not look ahead to see)."""
    exact = ended_early = 0
    for seed in range(30):
        rng = random.Random(seed)
        s = GAME.new({"version": version})
        while not s.is_terminal():
            for m in s.legal_moves():
                c = s.clone()
                c.apply(m)
                if s.hash_after(m) == c.hash():
                    exact += 1
                    continue
                turn_ended = c.to_move() != s.to_move() or c.is_terminal()
                assert turn_ended and not turn_ends_by_count(s, m), (s.to_string(), s.move_to_string(m))
                ended_early += 1
            s.apply(rng.choice(s.legal_moves()))
    assert exact > 5000
    assert ended_early < exact / 20  # about 2% in these games


def test_hash_after_rejects_an_illegal_move() -> None:
    s = GAME.new(None)
    legal = set(s.legal_moves())
    illegal = next(m for m in range(1, 1 << 14) if m not in legal)
    with pytest.raises(IllegalMoveError):
        s.hash_after(illegal)
