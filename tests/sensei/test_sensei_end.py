"""End of the game: win on arrival, anti-blocking, no legal action, draws (docs/sensei.md)."""

from __future__ import annotations

from solver._core import sensei
from solver.games.sensei import play_turn

ONGOING, SOUTH, NORTH, DRAW = -1, 0, 1, 2


def test_win_on_arrival_ends_the_game_mid_turn(pos):
    """d6-d7 puts a stone on North's home row; d1*d7 (column d now empty) wins at once, mid-turn."""
    s = pos("a1,b1,c1,d1,e1,f1,d6", "a7,b7,c7,e7,f7,g7,a6", "d1,b7")
    s.play("d6-d7")
    assert s.evaluate() > 2000  # the winning character move is available
    s.play("d1*d7")
    assert s.is_terminal() and s.status() == SOUTH
    assert s.returns(0) == 1.0 and s.returns(1) == -1.0
    assert s.to_move() == 0 and s.stone_moves_done() == 1 and s.character_moved()
    assert s.legal_moves() == []
    assert s.to_string().endswith("turn=S actions=sc turns=0 result=S")


def test_arrival_needs_an_own_stone_on_the_goal_row(pos):
    """With d7 held by North, South's character cannot reach row 7 (d6 is its last stone there)."""
    s = pos("a1,b1,c1,d1,e1,f1,d6", "a7,b7,c7,d7,f7,g7,a6", "d1,b7")
    assert {s.move_to_string(m) for m in s.legal_moves() if "*" in s.move_to_string(m)} >= {"d1*d6"}
    assert "d1*d7" not in {s.move_to_string(m) for m in s.legal_moves()}


def test_blocking_line_with_two_adjacent_opponents_is_allowed(pos):
    """South's row 3 is a blocking line; North a4 b4 touch it: 2 < 3, the game goes on."""
    s = pos("a3,b3,c3,d3,e3,f3,g3", "a4,b4,c7,d7,e7,f7,g7", "d3,g7", turn="N", turns=5)
    assert s.status() == ONGOING


def test_blocking_line_with_three_adjacent_opponents_loses(pos):
    """North a4 b4 c4 touch South's row-3 line: South, who just moved, loses."""
    s = pos("a3,b3,c3,d3,e3,f3,g3", "a4,b4,c4,d7,e7,f7,g7", "d3,g7", turn="N", turns=5)
    assert s.status() == NORTH and s.to_string().endswith("result=N")


def test_completing_a_blocking_line_loses_after_the_turn(pos):
    """g1-g3 completes the line next to North's a4 b4 c4; nothing happens mid-turn, South loses at 'end'."""
    s = pos("a3,b3,c3,d3,e3,f3,g1", "a4,b4,c4,d7,e7,f7,g7", "d3,g7", turns=4)
    s.play("g1-g3")
    assert s.status() == ONGOING
    s.play("end")
    assert s.status() == NORTH


def test_each_opponent_stone_counts_once(pos):
    """Zigzag line a3 b3 c3 d4 e3 f3 g3: North d3 touches c3, d4 and e3 but counts once; with a4: 2 stones."""
    s = pos("a3,b3,c3,d4,e3,f3,g3", "d3,a4,c7,d7,e7,f7,g7", "a3,g7", turn="N", turns=3)
    assert s.status() == ONGOING
    s = pos("a3,b3,c3,d4,e3,f3,g3", "d3,a4,g4,d7,e7,f7,g7", "a3,g7", turn="N", turns=3)
    assert s.status() == NORTH


def test_pits_join_a_blocking_line(pos):
    """Expert board: stones a3 b3 d3 f3 g3 and pits c3 e3 form a line; North a4 b4 c4 (c4 touches pit c3)."""
    s = pos("a3,b3,d3,f3,g3,a1,b1", "a4,b4,c4,d7,e7,f7,g7", "a1,g7", turn="N", turns=2, pits="c3,e3,c5,e5")
    assert s.status() == NORTH
    s = pos("a3,b3,d3,f3,g3,a1,b1", "a4,b4,c6,d7,e7,f7,g7", "a1,g7", turn="N", turns=2, pits="c3,e3,c5,e5")
    assert s.status() == ONGOING


def test_chain_of_pits_alone_never_counts(pos):
    """Pits fill row 4 and North a5 b5 c5 d5 touch them; South's stones are far away, so South has no
    chain with a stone next to them (row 1 is a line, but no North stone touches it). North's chains through
    the pits touch no South stone. Nobody loses."""
    s = pos("a1,b1,c1,d1,e1,f1,g1", "a5,b5,c5,d5,e7,f7,g7", "d1,e7", turn="N", turns=2, pits="a4,b4,c4,d4,e4,f4,g4")
    assert s.status() == ONGOING


def test_the_chain_choice_matters(pos):
    """Row 2 is a line touching only North a1; the chain b2-c3(pit)-d2-e3(pit)-f2 also touches c4 and e4:
    3 stones adjacent to one chain, so South loses. Without a1 no chain reaches 3."""
    s = pos("a2,b2,c2,d2,e2,f2,g2", "a1,c4,e4,d7,e7,f7,g7", "d2,g7", turn="N", turns=2, pits="c3,e3,c5,e5")
    assert s.status() == NORTH
    s = pos("a2,b2,c2,d2,e2,f2,g2", "g6,c4,e4,d7,e7,f7,g7", "d2,g7", turn="N", turns=2, pits="c3,e3,c5,e5")
    assert s.status() == ONGOING


def test_the_player_who_just_moved_is_checked_first(pos):
    """South's row 3 and North's row 4 both block with 7 stones touching: the mover loses."""
    after_south = pos("a3,b3,c3,d3,e3,f3,g3", "a4,b4,c4,d4,e4,f4,g4", "d3,d4", turn="N", turns=7)
    assert after_south.status() == NORTH
    after_north = pos("a3,b3,c3,d3,e3,f3,g3", "a4,b4,c4,d4,e4,f4,g4", "d3,d4", turn="S", turns=8)
    assert after_north.status() == SOUTH


def test_no_legal_action_loses(pos):
    """North has a single stone (carrying its character): no stone move, no character target. Once
    South's turn is over, North cannot act and loses."""
    s = pos("d1,c1", "a7", "d1,a7")
    s.play("c1-c2")
    assert s.status() == ONGOING
    s.play("end")
    assert s.status() == SOUTH and s.returns(0) == 1.0
    boxed = pos("a1", "b1,a2,g7", "a1,g7", turns=3)
    assert boxed.status() == NORTH


def test_draw_after_max_turns():
    s = sensei.State(max_turns=2)
    s = play_turn(s, "a1-a2")
    assert s.status() == ONGOING
    s = play_turn(s, "a7-a6")
    assert s.status() == DRAW and s.returns(0) == 0.0 and s.returns(1) == 0.0
    assert s.to_string().endswith("turns=2 opts=max_turns=2 result=draw")


def test_threefold_repetition_draw():
    """a1-a2, a7-a6, a2-a1, a6-a7 returns to the start; the third occurrence (after 8 turns) is a draw."""
    s = sensei.State()
    cycle = ["a1-a2", "a7-a6", "a2-a1", "a6-a7"]
    assert s.repetitions() == 1
    for i in range(8):
        s = play_turn(s, cycle[i % 4])
        if i == 3:
            assert s.repetitions() == 2 and s.status() == ONGOING
    assert s.repetitions() == 3 and s.status() == DRAW
    text = s.to_string()
    assert text.endswith("turns=8 result=draw")
    assert sensei.State.parse(text) == s


def test_threefold_option_off():
    s = sensei.State(threefold_draw=False)
    for i in range(12):
        s = play_turn(s, ["a1-a2", "a7-a6", "a2-a1", "a6-a7"][i % 4])
    assert s.status() == ONGOING and s.repetitions() == 0


def test_repetition_count_restarts_from_a_parsed_position():
    s = sensei.State()
    for i in range(4):
        s = play_turn(s, ["a1-a2", "a7-a6", "a2-a1", "a6-a7"][i % 4])
    assert s.repetitions() == 2
    assert sensei.State.parse(s.to_string()).repetitions() == 1
