"""Setup, stone moves, character moves and the structure of a turn, from the rules (docs/sensei.md)."""

from __future__ import annotations

import pytest

from solver._core import IllegalMoveError, sensei


def actions(state) -> set[str]:
    return {state.move_to_string(m) for m in state.legal_moves()}


def moves_from(state, sq: str) -> set[str]:
    return {a for a in actions(state) if a[:2] == sq and a[2] == "-"}


def test_arashi_setup_and_first_actions():
    """Arashi start: rows 1 and 7 full, characters on d1 / d7, South to move.

    Each of the 6 stones without the character slides north 1..5 squares (row 7 is occupied): 6 x 5 = 30
    stone moves. The character on d1 reaches every other stone of row 1 (a1 b1 c1 e1 f1 g1; own stones do
    not block): 6 moves. No 'end' before an action: 36 actions.
    """
    s = sensei.State()
    assert s.to_string() == (
        "arashi pits=- S=a1,b1,c1,d1,e1,f1,g1 N=a7,b7,c7,d7,e7,f7,g7 chars=d1,d7 turn=S actions=- turns=0"
    )
    legal = actions(s)
    assert len(legal) == 36
    assert {a for a in legal if "*" in a} == {f"d1*{c}1" for c in "abcefg"}
    assert moves_from(s, "b1") == {f"b1-b{r}" for r in range(2, 7)}
    assert not moves_from(s, "d1")
    assert "end" not in legal


def test_shizukana_setup_and_first_actions():
    """Shizukana start: South b1..f1 + a7 g7, North b7..f7 + a1 g1.

    Stone moves (one step onto an empty square): b1 c1 e1 f1 north (their row neighbours are stones) = 4,
    a7 -> a6 and g7 -> g6 = 2 (b7 / f7 are North stones); d1 carries the character. Character d1: c1 b1 e1
    f1 along the row (a1 / g1 are North's), nothing on the column or diagonals = 4. Total 10.
    """
    s = sensei.State(version="shizukana")
    assert s.stones(0) == ["b1", "c1", "d1", "e1", "f1", "a7", "g7"]
    assert s.stones(1) == ["a1", "g1", "b7", "c7", "d7", "e7", "f7"]
    assert actions(s) == {"b1-b2", "c1-c2", "e1-e2", "f1-f2", "a7-a6", "g7-g6", "d1*b1", "d1*c1", "d1*e1", "d1*f1"}


def test_arashi_slides_stop_before_stones_and_pits(pos):
    """c3 slides: north c4 c5 (c6 is North's), south c2 c1, west b3 a3, east d3 (e3 is a pit)."""
    s = pos("a1,c3", "c6,g7", "a1,g7", pits="e3")
    assert moves_from(s, "c3") == {"c3-c4", "c3-c5", "c3-c2", "c3-c1", "c3-b3", "c3-a3", "c3-d3"}


def test_shizukana_single_step(pos):
    """Same position in Shizukana: one step in each open direction (e3 pit does not matter, d3 is empty)."""
    s = pos("a1,c3", "c6,g7", "a1,g7", pits="e3", version="shizukana")
    assert moves_from(s, "c3") == {"c3-c4", "c3-c2", "c3-b3", "c3-d3"}
    s = pos("a1,c3", "c4,g7", "a1,g7", pits="d3,c2", version="shizukana")
    assert moves_from(s, "c3") == {"c3-b3"}


def test_character_blocked_only_by_opponent_stones(pos):
    """Character d1: west c1 (North) hides b1 a1; east f1 and g1 (own stones do not block); north d3 then d4
    (North) hides d5; diagonals empty. With character_blocked_by_own, f1 hides g1."""
    stones = "a1,b1,d1,f1,g1,d3,d5"
    north = "c1,d4,a7,b7,g7,c6,e6"
    s = pos(stones, north, "d1,g7")
    assert {a for a in actions(s) if "*" in a} == {"d1*f1", "d1*g1", "d1*d3"}
    s = pos(stones, north, "d1,g7", opts="character_blocked_by_own=true")
    assert {a for a in actions(s) if "*" in a} == {"d1*f1", "d1*d3"}


def test_pits_never_block_the_character(pos):
    """Pits e1 (row) and e2 (diagonal) lie between d1 and f1 / f3: both stay reachable, option or not."""
    for opts in ("", "character_blocked_by_own=true"):
        s = pos("d1,f1,f3", "a7,b7", "d1,a7", pits="e1,e2", opts=opts)
        assert {a for a in actions(s) if "*" in a} == {"d1*f1", "d1*f3"}


def test_stone_carrying_the_character_cannot_move():
    """After d1*b1 the character stands on b1: d1 now slides (d2..d6), b1 cannot. 6 x 5 = 30, + end."""
    s = sensei.State()
    s.play("d1*b1")
    legal = actions(s)
    assert moves_from(s, "d1") == {f"d1-d{r}" for r in range(2, 7)}
    assert not moves_from(s, "b1")
    assert len(legal) == 31 and "end" in legal
    with pytest.raises(IllegalMoveError, match="carrying the character"):
        s.play("b1-b2")


def test_two_stone_moves_and_one_character_move_per_turn():
    """After two stone moves only the character (d1 -> c1 e1 f1 g1; a1 b1 left the row) or 'end' remain; the
    character move then ends the turn automatically."""
    s = sensei.State()
    assert s.to_move() == 0
    s.play("a1-a2")
    assert "end" in actions(s)
    s.play("b1-b2")
    assert s.stone_moves_done() == 2 and s.to_move() == 0
    assert actions(s) == {"d1*c1", "d1*e1", "d1*f1", "d1*g1", "end"}
    with pytest.raises(IllegalMoveError, match="both stone moves"):
        s.play("c1-c2")
    s.play("d1*c1")
    assert s.to_move() == 1 and s.turns_completed() == 1
    assert s.stone_moves_done() == 0 and not s.character_moved()


def test_character_first_then_stones():
    """Any order: character, then two stone moves (the second ends the turn)."""
    s = sensei.State()
    s.play("d1*a1")
    with pytest.raises(IllegalMoveError, match="already moved"):
        s.play("a1*b1")
    s.play("d1-d4")
    s.play("d4-a4")
    assert s.to_move() == 1 and s.turns_completed() == 1
    assert s.stones(0) == ["a1", "b1", "c1", "e1", "f1", "g1", "a4"]


def test_end_turn_only_after_an_action():
    s = sensei.State()
    with pytest.raises(IllegalMoveError, match="at least one action"):
        s.play("end")
    s.play("c1-c3")
    s.play("end")
    assert s.to_move() == 1 and s.turns_completed() == 1


def test_turn_ends_automatically_when_nothing_is_left(pos):
    """a1 (character) and a2 boxed in by b1 b2 a3: the only action is a1*a2; afterwards a1 is free but
    boxed in and the character has moved, so the turn ends without 'end'."""
    s = pos("a1,a2", "b1,b2,a3,g7", "a1,g7")
    assert actions(s) == {"a1*a2"}
    s.play("a1*a2")
    assert s.to_move() == 1 and s.turns_completed() == 1 and not s.is_terminal()


def test_move_packing():
    """Stone move = from | to << 6, character move adds bit 12, end = 0x2000."""
    s = sensei.State()
    assert s.parse_move("b1-b4") == 1 | (22 << 6)
    assert s.parse_move("d1*b1") == 3 | (1 << 6) | 0x1000
    s.play("b1-b4")
    assert s.parse_move("end") == sensei.END_TURN == 0x2000
