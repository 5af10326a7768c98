"""Notation: exact texts, errors naming the field, moves; hypothesis fuzz of positions, views and moves."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oh_helpers import random_states

from solver._core import IllegalMoveError, NotationError, WorldError
from solver._core import ohanami as oh


def test_start_position_notation() -> None:
    s = oh.State.from_order(2, list(range(120)))
    text = s.to_string()
    assert text.startswith(
        "players=2 round=1 turn=1 phase=pick move=0 scores=0,0 hand0=1,2,3,4,5,6,7,8,9,10 "
        "hand1=11,12,13,14,15,16,17,18,19,20 pick0=- pick1=- garden0=- garden1=- discard0=- discard1=- deck=21,22,"
    )
    assert text.endswith(",59,60")
    assert s.information_state(1) == (
        "view=1 players=2 round=1 turn=1 phase=pick move=0 scores=0,0 hand0=?10 "
        "hand1=11,12,13,14,15,16,17,18,19,20 pick0=- pick1=- garden0=- garden1=- discard0=- discard1=- deck=?40"
    )


def test_moves_notation() -> None:
    s = oh.State.from_order(2, list(range(120)))
    m = s.parse_move("pick 7,3")
    assert s.move_to_string(m) == "pick 3,7"
    assert s.move_info(m) == ("pick", [3, 7], None)
    s.apply(m)
    s.play("pick 11,20")
    assert s.phase == "place"
    assert s.move_to_string(s.parse_move("place 3 new")) == "place 3 new"
    s.play("place 3 new")
    assert s.move_info(s.parse_move("place 7 top1")) == ("place", [7], "top1")


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("pick 1", "expected 'pick <card>,<card>'"),
        ("pick 1,1", "two different card numbers"),
        ("pick 1,121", "1..120"),
        ("place 3 new", "it is time to pick 2 cards"),
        ("pick 1,11", "both cards must be in the hand of player 0"),
        ("jump", "expected 'pick"),
    ],
)
def test_bad_moves_say_why(move: str, message: str) -> None:
    s = oh.State.from_order(2, list(range(120)))
    with pytest.raises((NotationError, IllegalMoveError), match=message):
        s.parse_move(move)


def test_placement_errors() -> None:
    s = oh.State.from_order(2, list(range(120)))
    s.play("pick 1,2")
    s.play("pick 11,12")
    s.play("place 2 new")
    with pytest.raises(IllegalMoveError, match="not one of player 0's picked cards"):
        s.parse_move("place 5 new")
    with pytest.raises(NotationError, match="destination"):
        s.parse_move("place 1 top4")
    with pytest.raises(IllegalMoveError, match="above a column's top"):
        s.parse_move("place 1 top1")


START = oh.State.from_order(3, list(range(120))).to_string()


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("players=3", "players=5", "players"),
        ("round=1", "round=0", "round"),
        ("phase=pick", "phase=draft", "phase"),
        ("move=0", "move=3", "move"),
        ("scores=0,0,0", "scores=0,0", "scores"),
        ("hand0=1,2,3,4,5,6,7,8,9,10", "hand0=1,2,3,4,5,6,7,8,9", "hand0"),
        ("hand1=11,", "hand1=1,", "hand1"),
        ("pick2=-", "pick2=1,2", "pick2"),
        ("garden0=-", "garden0=5.3", "garden0"),
        ("deck=31,", "deck=", "deck"),
        ("discard1=-", "discard1=x", "discard1"),
    ],
)
def test_position_errors_name_the_field(old: str, new: str, field: str) -> None:
    assert old in START
    with pytest.raises(NotationError, match=f"field '{field}'"):
        oh.State.parse(START.replace(old, new, 1))


def test_unknown_and_missing_fields() -> None:
    with pytest.raises(NotationError, match="field 'colour': unknown field"):
        oh.State.parse(START + " colour=red")
    with pytest.raises(NotationError, match="field 'deck': missing"):
        oh.State.parse(START.split(" deck=")[0])
    with pytest.raises(NotationError, match="information state"):
        oh.State.parse("view=0 " + START)


def test_information_state_errors_name_the_field() -> None:
    s = oh.State.from_order(2, list(range(120)))
    info = s.information_state(1)
    bad = info.replace("hand0=?10", "hand0=1,2,3,4,5,6,7,8,9,10")
    with pytest.raises(NotationError, match="field 'hand0': this hand is hidden from player 1"):
        oh.State.from_world(bad, [])
    with pytest.raises(NotationError, match="field 'deck'"):
        oh.State.from_world(info.replace("deck=?40", "deck=40"), [])
    with pytest.raises(WorldError):
        oh.State.from_world(info, [0, 1, 2])


def _samples() -> list[str]:
    out = []
    for players in (2, 3, 4):
        out += [s.to_string() for s in random_states(players, players, every=29)]
    return out


def _views() -> list[str]:
    out = []
    for players in (2, 4):
        for s in random_states(players, 40 + players, every=23):
            out += [s.information_state(p) for p in range(players)]
    return out


SAMPLES, VIEWS = _samples(), _views()
ALPHABET = "0123456789,./-?=abcdeghiklnoprstuvwy "


def mutate(base: str, where: int, action: int, insert: str) -> str:
    i = where % (len(base) + 1)
    if action == 0:
        return base[:i] + insert + base[i + 1 :]
    if action == 1:
        return base[:i] + insert + base[i:]
    if action == 2:
        return base[:i] + base[i + len(insert) + 1 :]
    tokens = base.split()
    random.Random(where).shuffle(tokens)
    return " ".join(tokens)


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(SAMPLES), st.integers(0, 99999), st.integers(0, 3), st.text(alphabet=ALPHABET, max_size=3))
def test_mutated_positions(base: str, where: int, action: int, insert: str) -> None:
    text = mutate(base, where, action, insert)
    try:
        s = oh.State.parse(text)
    except NotationError as e:
        assert "ohanami position" in str(e)
        return
    assert oh.State.parse(s.to_string()) == s and s.hash() == s.recompute_hash()
    for p in range(s.num_players):
        assert oh.State.from_world(s.information_state(p), s.hidden_world(p)) == s


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(VIEWS), st.integers(0, 99999), st.integers(0, 3), st.text(alphabet=ALPHABET, max_size=3))
def test_mutated_information_states(base: str, where: int, action: int, insert: str) -> None:
    text = mutate(base, where, action, insert)
    try:
        hidden, groups, view = oh.hidden(text)
    except NotationError as e:
        assert "ohanami information state" in str(e)
        return
    s = oh.State.from_world(text, hidden)
    assert sum(groups) == len(hidden)
    assert s.hash() == s.recompute_hash()
    rng = random.Random(where)
    rng.shuffle(hidden)
    t = oh.State.from_world(text, hidden)
    assert t.information_state(view) == s.information_state(view)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=60))
def test_random_text(text: str) -> None:
    """Any text is a clear error that says what it was read as (a position or an information state) and, past the
    first check, which field is wrong; a text that parses writes itself back the same."""
    for parse, what in ((oh.State.parse, "ohanami position"), (lambda t: oh.State.from_world(t, []), None)):
        try:
            state = parse(text)
        except (NotationError, WorldError) as e:
            message = str(e)
            assert message.startswith(what or "ohanami "), message
            assert message.startswith(("ohanami position", "ohanami information state")), message
            if ", field '" in message:
                field = message.split(", field '", 1)[1].split("'", 1)[0]
                assert field in text or "missing" in message, message
            continue
        again = oh.State.parse(state.to_string())
        assert again.to_string() == state.to_string()


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SAMPLES), st.text(alphabet=ALPHABET + "pickplace", max_size=20))
def test_random_moves(base: str, text: str) -> None:
    s = oh.State.parse(base)
    try:
        m = s.parse_move(text)
    except (NotationError, IllegalMoveError):
        return
    assert m in s.legal_moves()
