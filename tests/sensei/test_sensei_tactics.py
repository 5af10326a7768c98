"""Whole-turn tactics (csrc/games/sensei/tactics.cpp): the hooks against a brute force over the turn's actions.

`turn_winning_move` must say exactly whether the player to move can win by the character's arrival before its turn
ends, and name the first action of such a line; `turn_safe_moves` must leave out exactly the actions that end the
turn into a loss or into a position where the opponent wins by arrival in its next turn, and keep every other
action. The positions come from seeded random games of every version and the option that changes the character's
rays; MCTS is checked to play a safe whole turn when the opponent threatens a win and a safe turn exists.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from solver import _core
from solver._core import sensei

NO_MOVE = _core.NO_MOVE
END_TURN = 0x2000
CHARACTER = 0x1000


def goal_row(player: int) -> str:
    return "7" if player == 0 else "1"


def arrival_win(s: Any) -> bool:
    """Brute force: can the player to move bring its character onto the goal row before its turn ends?"""
    p = s.to_move()
    if s.is_terminal() or s.character_moved():
        return False
    for m in s.legal_moves():
        if m == END_TURN:
            continue
        c = s.clone()
        c.apply(m)
        if m & CHARACTER:
            if c.status() == p and c.character(p)[1] == goal_row(p):
                return True
        elif c.status() == -1 and c.to_move() == p and arrival_win(c):
            return True
    return False


def starts_arrival_win(s: Any, m: int) -> bool:
    p = s.to_move()
    c = s.clone()
    c.apply(m)
    if c.status() == p and c.character(p)[1] == goal_row(p):
        return True
    return c.status() == -1 and c.to_move() == p and arrival_win(c)


def random_positions(seed: int, count: int) -> list[Any]:
    """Positions met in seeded random games of each version and option (turn starts and mid-turn)."""
    rng = random.Random(seed)
    variants: list[dict[str, Any]] = [
        {"version": "arashi"},
        {"version": "shizukana"},
        {"version": "arashi", "character_blocked_by_own": True},
        {"version": "shizukana", "pits": "default"},
    ]
    out: list[Any] = []
    while len(out) < count:
        s = sensei.State(**variants[len(out) % len(variants)])
        for _ in range(rng.randrange(10, 160)):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_moves()))
        if not s.is_terminal():
            out.append(s)
    return out


POSITIONS = random_positions(2026, 160)


def test_turn_winning_move_equals_brute_force() -> None:
    wins = 0
    for s in POSITIONS:
        expected = arrival_win(s)
        m = s.turn_winning_move()
        assert (m != NO_MOVE) == expected, s.to_string()
        if expected:
            wins += 1
            assert m in s.legal_moves() and starts_arrival_win(s, m), s.to_string()
    assert wins >= 20  # the sample has positions of both kinds


def passed(s: Any) -> Any:
    """The position with the turn handed to the opponent as it stands (its threats on the current board)."""
    fields = s.to_string().split()
    swap = {"turn=S": "turn=N", "turn=N": "turn=S"}
    return sensei.State.parse(" ".join("actions=-" if f.startswith("actions=") else swap.get(f, f) for f in fields))


def loses_after(s: Any, m: int, p: int) -> bool:
    """Brute force: after action m of player p, does every end of p's turn lose (at once or to an arrival)?"""
    c = s.clone()
    c.apply(m)
    if c.status() != -1:
        return bool(c.status() == 1 - p)
    if c.to_move() != p:
        return arrival_win(c)
    return all(loses_after(c, n, p) for n in c.legal_moves())


def test_turn_safe_moves_leave_out_exactly_the_losing_actions() -> None:
    dropped = threatened = 0
    for s in POSITIONS:
        if s.turn_winning_move() != NO_MOVE:
            with pytest.raises(ValueError, match="wins this turn"):
                s.turn_safe_moves()
            continue
        p = s.to_move()
        legal = s.legal_moves()
        if arrival_win(passed(s)):
            # Threatened: every action is followed to the ends of the turn.
            threatened += 1
            losing = [m for m in legal if loses_after(s, m, p)]
        else:
            # Otherwise only the actions that end the turn by the count of actions are judged.
            losing = []
            for m in legal:
                if not (m == END_TURN or (s.stone_moves_done() == 2 if m & CHARACTER else s.character_moved())):
                    continue
                c = s.clone()
                c.apply(m)
                over = c.status() != -1 or c.to_move() != p
                if over and (c.status() == 1 - p or (c.status() == -1 and arrival_win(c))):
                    losing.append(m)
        safe = s.turn_safe_moves()
        expected = [m for m in legal if m not in losing] or legal
        assert safe == expected, s.to_string()
        dropped += len(legal) - len(safe)
    assert dropped >= 20 and threatened >= 3


def test_turn_winning_move_plays_stones_first_when_needed(pos: Any) -> None:
    # The character on d5 sees f7 (diagonal) but no own stone stands there: one slide g7? none; the stone on f2
    # slides up the empty f-file to f7 (stopped by the edge), then the character lands there.
    s = pos("d5,f2,a1", "a6,b6,c6", "d5,a6", turn="S", turns=10)
    m = s.turn_winning_move()
    assert s.move_to_string(m) == "f2-f7"
    s.apply(m)
    assert s.move_to_string(s.turn_winning_move()) == "d5*f7"
    # With the f-file blocked by an opponent stone on f4, nothing reaches f7 (or d7, b7) in two slides.
    s = pos("d5,f2,a1", "a6,b6,f4", "d5,a6", turn="S", turns=10)
    assert s.turn_winning_move() == NO_MOVE and not arrival_win(s)


def _play_turn_with_mcts(s: Any, iterations: int, seed: int) -> Any:
    p = s.to_move()
    lim = _core.SearchLimits()
    lim.nodes = iterations
    lim.seed = seed
    while not s.is_terminal() and s.to_move() == p:
        r = s.mcts(lim, rollout="policy")
        s.apply(r.best_move)
    return s


def threatened_positions(seed: int, count: int) -> list[Any]:
    """Turn starts where the opponent would win by arrival if the player to move passed, and a turn exists after
    which it cannot (checked by brute force over the player's first two actions and their turn ends)."""
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        s = sensei.State(version=rng.choice(["arashi", "shizukana"]))
        for _ in range(rng.randrange(20, 200)):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_moves()))
            if s.is_terminal() or s.stone_moves_done() or s.character_moved() or s.turn_winning_move() != NO_MOVE:
                continue
            text = s.to_string()
            p = s.to_move()
            if not arrival_win(passed(s)):
                continue
            # A safe turn: some first action whose safe continuation reaches a turn end the opponent cannot win from.
            if _has_safe_turn(s, p):
                out.append(sensei.State.parse(text))
                break
    return out


def _has_safe_turn(s: Any, p: int) -> bool:
    for m in s.legal_moves():
        c = s.clone()
        c.apply(m)
        if c.status() == p:
            return True
        if c.status() != -1:
            continue
        if c.to_move() != p:
            if not arrival_win(c):
                return True
        elif _has_safe_turn(c, p):
            return True
    return False


def test_mcts_plays_a_safe_turn_when_the_opponent_threatens() -> None:
    positions = threatened_positions(7, 6)
    for i, s in enumerate(positions):
        p = s.to_move()
        after = _play_turn_with_mcts(s.clone(), 3000, seed=i)
        assert after.status() == p or (after.status() == -1 and not arrival_win(after)), s.to_string()
