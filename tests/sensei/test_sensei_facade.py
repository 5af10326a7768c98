"""The Python façade: whole turns, board drawing, turn splitting and result wording."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from solver._core import IllegalMoveError, NotationError, Proof, sensei
from solver.games.sensei import GAME, format_turns, play_turn, split_turns, turn_starts

WIN_POSITION = "arashi pits=- S=a1,b1,c1,d1,e1,f1,d6 N=a7,b7,c7,e7,f7,g7,a6 chars=d1,b7 turn=S actions=- turns=0"


def moves_of(state, texts):
    """Integer moves of a sequence of actions played from `state`."""
    s, out = state.clone(), []
    for t in texts:
        m = s.parse_move(t)
        out.append(m)
        s.apply(m)
    return out


def test_render_start_with_pits():
    s = GAME.new({"pits": "default"})
    assert GAME.render(s) == "\n".join(
        [
            "    a b c d e f g",
            " 7  n n n N n n n  7",
            " 6  . . . . . . .  6",
            " 5  . . o . o . .  5",
            " 4  . . . . . . .  4",
            " 3  . . o . o . .  3",
            " 2  . . . . . . .  2",
            " 1  s s s S s s s  1",
            "    a b c d e f g",
            "S/N: South's/North's character on its stone, s/n: South's/North's stones, o: pit, .: empty",
            "South to move, turn 1; this turn: no action yet.",
        ]
    )
    s.play("a1-a2")
    s.play("d1*c1")
    assert GAME.render(s).splitlines()[-1] == ("South to move, turn 1; this turn: 1 stone move, character moved.")


def test_play_turn_closes_the_turn_and_leaves_the_input_alone():
    s = sensei.State()
    t = play_turn(s, "b1-b4 c1-c3")
    assert s == sensei.State()
    assert t.to_move() == 1 and t.turns_completed() == 1 and t.stones(0)[-2:] == ["c3", "b4"]
    t = play_turn(s, "b1-b4 c1-c3 d1*a1")
    assert t.to_move() == 1 and t.character(0) == "a1"
    with pytest.raises(IllegalMoveError, match="turn is over before action 4"):
        play_turn(s, "b1-b4 c1-c3 d1*a1 a7-a6")
    with pytest.raises(NotationError, match="sensei turn"):
        play_turn(s, "   ")
    with pytest.raises(NotationError, match="sensei move"):
        play_turn(s, "b1-b4 zz")


def test_play_turn_stops_at_a_win():
    s = play_turn(sensei.State.parse(WIN_POSITION), "d6-d7 d1*d7")
    assert s.status() == 0 and GAME.render(s).splitlines()[-1] == "South wins."


def test_split_and_format_turns():
    s = sensei.State.parse(WIN_POSITION)
    moves = moves_of(s, ["a1-a2", "end", "a6-a5", "b7*a7", "end", "d6-d7", "d1*d7"])
    assert split_turns(s, moves) == [["a1-a2"], ["a6-a5", "b7*a7"], ["d6-d7", "d1*d7"]]
    assert format_turns(s, moves) == "1. S a1-a2  2. N a6-a5 b7*a7  3. S d6-d7 d1*d7"


def test_turn_starts_of_a_record():
    start = GAME.new().to_string()
    moves = ["b1-b3", "end", "a7-a5", "b7-b5", "end", "c1-c4", "end", "c7-c5"]
    south = turn_starts(start, moves, 0)
    north = turn_starts(start, moves, 1)
    assert [i for i, _ in south] == [0, 5]
    assert [i for i, _ in north] == [2, 7]
    assert south[0][1].to_string() == start
    assert south[1][1].to_string() == play_turn(play_turn(GAME.new(), "b1-b3"), "a7-a5 b7-b5").to_string()
    assert north[1][1].to_move() == 1 and north[1][1].stone_moves_done() == 0
    assert turn_starts(start, [], 0) == []


def test_describe_value_in_turns():
    s = sensei.State.parse(WIN_POSITION)
    now = moves_of(s, ["d6-d7", "d1*d7"])
    win = SimpleNamespace(proof=Proof.WIN, plies_to_end=2, pv=now, value=30000)
    assert GAME.describe_value(s, win) == "win in 1 turn"
    later = moves_of(s, ["a1-a2", "end", "a6-a5", "b7*a7", "end", "d6-d7", "d1*d7"])
    assert GAME.describe_value(s, SimpleNamespace(proof=Proof.WIN, plies_to_end=7, pv=later, value=1)) == (
        "win in 3 turns"
    )
    after = s.clone()
    for m in later[:2]:
        after.apply(m)
    loss = SimpleNamespace(proof=Proof.LOSS, plies_to_end=5, pv=later[2:], value=-1)
    assert GAME.describe_value(after, loss) == "loss in 2 turns"
    short = SimpleNamespace(proof=Proof.WIN, plies_to_end=7, pv=later[:2], value=1)
    assert GAME.describe_value(s, short) == "win in 7 actions"
    draw = SimpleNamespace(proof=Proof.DRAW, plies_to_end=-1, pv=[], value=0)
    assert GAME.describe_value(s, draw) == "draw"


def test_evaluate_is_symmetric_at_the_start_and_bounded():
    for version in ("arashi", "shizukana"):
        assert sensei.State(version=version).evaluate() == 0
    s = sensei.State.parse(WIN_POSITION)
    assert 0 < s.evaluate() < 20000


def test_input_takes_one_action_or_a_whole_turn() -> None:
    start = GAME.new()
    one = GAME.input_moves(start, "a1-a3")
    assert [start.move_to_string(m) for m in one] == ["a1-a3"] and start.stone_moves_done() == 0
    whole = GAME.input_moves(start, "a1-a3 c1-c3")
    after = start.clone()
    for m in whole:
        after.apply(m)
    assert len(whole) == 3 and after.to_move() == 1 and after.turns_completed() == 1  # closed with 'end'
    assert sorted(after.stones(0)) == ["a3", "b1", "c3", "d1", "e1", "f1", "g1"]
    with pytest.raises(IllegalMoveError):
        GAME.input_moves(start, "a1-a3 a3-a7")  # a7 holds a North stone
