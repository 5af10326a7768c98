"""Position and move notation, malformed input and rule options."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver._core import IllegalMoveError, NotationError, RuleOptionError, sensei
from solver.games.sensei import GAME, play_turn

START = "arashi pits=- S=a1,b1,c1,d1,e1,f1,g1 N=a7,b7,c7,d7,e7,f7,g7 chars=d1,d7 turn=S actions=- turns=0"
MID = (
    "shizukana pits=c3,e3 S=b1,c1,d1,e1,f2,a7,g7 N=a1,g1,b7,c7,d7,e7,f7 chars=d1,d7 turn=S actions=sc"
    " turns=12 opts=character_blocked_by_own=true,max_turns=50,threefold_draw=false"
)


def test_round_trip_of_start_and_mid_turn_positions():
    for text in (START, MID):
        s = sensei.State.parse(text)
        assert s.to_string() == text
        assert sensei.State.parse(s.to_string()) == s
    s = sensei.State.parse(MID)
    assert s.stone_moves_done() == 1 and s.character_moved() and s.turns_completed() == 12
    assert s.character_blocked_by_own and s.max_turns == 50 and not s.threefold_draw
    assert s.version == "shizukana" and s.pits() == ["c3", "e3"]


def test_old_colon_form_still_parses():
    """Positions were written key:value before every game moved to key=value; both forms read the same."""
    for text in (START, MID):
        old = text
        for key in ("pits", "S", "N", "chars", "turn", "actions", "turns", "opts", "result"):
            old = old.replace(f" {key}=", f" {key}:")
        assert ":" in old and old != text
        s = sensei.State.parse(old)
        assert s == sensei.State.parse(text)
        assert s.to_string() == text  # written in the new form
        assert sensei.State.parse(s.to_string()) == s
    mixed = START.replace("pits=-", "pits:-").replace("turn=S", "turn:S")
    assert sensei.State.parse(mixed) == sensei.State()
    with pytest.raises(NotationError, match="field 'turns'"):
        sensei.State.parse(START.replace("turns=0", "turns:0") + " turns=1")


def test_parse_is_lenient_on_field_order_and_square_order():
    text = "arashi turns=0 actions=- turn=S chars=d1,d7 N=g7,f7,e7,d7,c7,b7,a7 S=g1,f1,e1,d1,c1,b1,a1  pits=-"
    assert sensei.State.parse(text).to_string() == START
    assert sensei.State.parse(START.replace("actions=-", "actions=-")) == sensei.State()


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("", "version"),
        (START.replace("arashi", "typhoon"), "version"),
        (START.replace("pits=-", "pits=z9"), "pits"),
        (START.replace(" pits=-", ""), "pits"),
        (START.replace("S=a1,", "S=a1,a1,"), "S"),
        (START.replace("N=a7,", "N=a1,"), "N"),
        (START.replace("N=a7,b7,c7,d7,e7,f7,g7", "N=-"), "N"),
        (START.replace("S=a1,", "S=a1,a2,"), "S"),
        (START.replace("chars=d1,d7", "chars=d2,d7"), "chars"),
        (START.replace("chars=d1,d7", "chars=d1,c1"), "chars"),
        (START.replace("chars=d1,d7", "chars=d1"), "chars"),
        (START.replace("turn=S", "turn=X"), "turn"),
        (START.replace("actions=-", "actions=sss"), "actions"),
        (START.replace("actions=-", "actions=x"), "actions"),
        (START.replace("turns=0", "turns=-1"), "turns"),
        (START.replace("turns=0", "turns=201"), "turns"),
        (START.replace("turns=0", "turns=1e3"), "turns"),
        (START + " turns=4", "turns"),
        (START + " colour:red", "colour"),
        (START + " opts=max_turns=0", "opts.max_turns"),
        (START + " opts=speed=3", "opts"),
        (START + " opts=threefold_draw=maybe", "opts.threefold_draw"),
        (START + " result=S", "result"),
        (START + " result=win", "result"),
        (START.replace("pits=-", "pits=a1"), "S"),
        (START.replace("actions=-", "actions=ssc"), "actions"),
    ],
)
def test_malformed_positions_name_the_field(text, field):
    with pytest.raises(NotationError, match=f"field '{field}'"):
        sensei.State.parse(text)


def test_mid_turn_position_with_nothing_left_is_rejected():
    """South's a1 (character) and a2 are boxed in and the character moved: that turn would have ended."""
    text = "arashi pits=- S=a1,a2 N=b1,b2,a3,g7 chars=a2,g7 turn=S actions=c turns=0"
    with pytest.raises(NotationError, match="field 'actions'"):
        sensei.State.parse(text)


def test_move_notation():
    s = sensei.State()
    for text in ("b1-b4", "d1*b1"):
        assert s.move_to_string(s.parse_move(text)) == text
    for bad in ("b1b4", "b1-b8", "h1-h2", "END", "b1 -b4", ""):
        with pytest.raises(NotationError, match="sensei move"):
            s.parse_move(bad)
    with pytest.raises(IllegalMoveError, match="no stone of S on b2"):
        s.parse_move("b2-b3")
    with pytest.raises(IllegalMoveError, match="slides orthogonally"):
        s.parse_move("b1-c2")
    with pytest.raises(IllegalMoveError, match="stands on d1"):
        s.parse_move("c1*b1")
    with pytest.raises(IllegalMoveError, match="no blocking stone"):
        s.parse_move("d1*d7")


def test_rule_options_of_the_constructor():
    assert sensei.State(pits="default").pits() == ["c3", "e3", "c5", "e5"]
    assert sensei.State(pits=["b4", "f4"]).pits() == ["b4", "f4"]
    assert sensei.State(pits="none").pits() == []
    for kwargs, match in [
        ({"version": "typhoon"}, "version"),
        ({"pits": ["z9"]}, "not a square"),
        ({"pits": ["a1"]}, "starting square"),
        ({"pits": "a7", "version": "shizukana"}, "starting square"),
        ({"pits": [3]}, "pits"),
        ({"max_turns": 0}, "max_turns"),
        ({"max_turns": 1001}, "max_turns"),
    ]:
        with pytest.raises(RuleOptionError, match=match):
            sensei.State(**kwargs)


def test_rule_options_of_the_facade():
    assert GAME.new({"version": "shizukana", "pits": "default", "max_turns": "30"}).to_string() == (
        "shizukana pits=c3,e3,c5,e5 S=b1,c1,d1,e1,f1,a7,g7 N=a1,g1,b7,c7,d7,e7,f7 chars=d1,d7 turn=S"
        " actions=- turns=0 opts=max_turns=30"
    )
    for options, match in [
        ({"version": "storm"}, "version"),
        ({"pits": "q1"}, "pits"),
        ({"pits": ["c3", "c3"]}, "twice"),
        ({"pits": 7}, "pits"),
        ({"max_turns": -3}, "max_turns"),
        ({"threefold_draw": "perhaps"}, "threefold_draw"),
        ({"character_blocked_by_own": 2}, "character_blocked_by_own"),
        ({"speed": 1}, "unknown rule option"),
    ]:
        with pytest.raises(RuleOptionError, match=match):
            GAME.new(options)


def _parse_or_notation_error(text: str) -> None:
    try:
        s = sensei.State.parse(text)
    except NotationError:
        return
    assert sensei.State.parse(s.to_string()) == s


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="arshiztkunpN:S,-abcdefg1234567 ;=", max_size=120))
def test_fuzz_parser_random_strings(text):
    _parse_or_notation_error(text)


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from([START, MID]),
    st.lists(st.tuples(st.integers(0, 200), st.integers(0, 2), st.characters(codec="ascii")), max_size=4),
)
def test_fuzz_parser_mutated_positions(base, edits):
    text = base
    for where, kind, ch in edits:
        i = where % (len(text) + 1)
        if kind == 0:
            text = text[:i] + ch + text[i:]
        elif kind == 1:
            text = text[:i] + text[i + 1 :]
        else:
            text = text[:i] + ch + text[i + 1 :]
    _parse_or_notation_error(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdefgh0123456789-*end ", max_size=8))
def test_fuzz_move_parser(text):
    s = sensei.State.parse(MID)
    try:
        m = s.parse_move(text)
    except (NotationError, IllegalMoveError):
        return
    assert m in s.legal_moves() and s.move_to_string(m) == text


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(["a1-a2", "b1-b6", "d1*a1", "d1*g1", "end", "c1-c2", "x", "a1*a2", "g1-g7"]), max_size=5)
)
def test_fuzz_whole_turns(actions):
    s = sensei.State()
    try:
        t = play_turn(s, " ".join(actions))
    except (NotationError, IllegalMoveError):
        return
    assert t.to_move() == 1 and t.turns_completed() == 1 and s == sensei.State()
