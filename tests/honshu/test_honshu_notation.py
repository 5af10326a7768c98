"""Notation: exact texts, errors naming the field, moves; hypothesis fuzz of positions, views and moves."""

from __future__ import annotations

import pytest
from hs_helpers import placement_position, random_game
from hypothesis import given, settings
from hypothesis import strategies as st

from solver._core import IllegalMoveError, NotationError
from solver._core import honshu as hs

START = (
    "players=2 passing=none lost=no round=1 phase=start move=0 leader=0 start=A,B hand0=1,2,3,4,5,6 "
    "hand1=7,8,9,10,11,12 trick=-,- took=-,- cubes0=0,0,0,0 cubes1=0,0,0,0 map0=- map1=- "
    "deck=13,14,15,16,17,18,19,20,21,22,23,24"
)


def test_exact_start_notation() -> None:
    s = hs.State.from_order(2, [0, 1], list(range(40)))
    assert s.to_string() == START
    assert hs.State.parse(START) == s
    s.play("start B")
    assert "map0=B" in s.to_string() and "cubes0=1,0,0,0" in s.to_string()  # A side B: one pbl (GR3 is a factory)
    assert s.information_state(1).startswith("view=1 players=2")
    assert "hand0=?6" in s.information_state(1) and "deck=?12" in s.information_state(1)


def test_map_notation_round_trips_and_is_typable() -> None:
    s = placement_position({0: "B/25@-1,1r0u"}, (49, 50), round=2)
    assert "map0=B/25@-1,1r0u" in s.to_string()
    s.play("place 49 r3 over 1,-1")
    assert "map0=B/25@-1,1r0u/49@1,-1r3" in s.to_string()
    assert hs.State.parse(s.to_string()) == s
    # 'o' for over is accepted when typing.
    text = s.to_string().replace("49@1,-1r3", "49@1,-1r3o")
    assert hs.State.parse(text) == s


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("players=2", "players=6"), "field 'players': expected an integer 2..5"),
        (("phase=start", "phase=draw"), "field 'phase': expected start, play, take, place or end"),
        (("hand0=1,2,3,4,5,6", "hand0=1,2,3,4,5"), "field 'hand0': expected 6 cards, got 5"),
        (("hand0=1,2,3,4,5,6", "hand0=1,2,3,4,5,7"), "field 'hand1': card 7 is listed twice"),
        (("hand0=1,2,3,4,5,6", "hand0=1,2,3,4,5,41"), "card 41 is not used with 2 players"),
        (("start=A,B", "start=A,A"), "field 'start': start card A dealt twice"),
        (("cubes0=0,0,0,0", "cubes0=0,0,0"), "field 'cubes0': expected 4 counts"),
        (("map0=-", "map0=A"), "field 'map0': seat 0 has not chosen its start side yet: write -"),
        (("trick=-,-", "trick=5,-"), "seat 0 has not played yet in this round"),
        ((" deck=13", " deck=1"), "field 'deck': card 1 is listed twice"),
        (("lost=no", "lost=maybe"), "field 'lost': expected no or yes"),
        (("passing=none", "passing=always"), "field 'passing': expected none or official"),
    ],
)
def test_errors_name_the_field(change: tuple[str, str], message: str) -> None:
    with pytest.raises(NotationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        hs.State.parse(START.replace(*change, 1))


def test_illegal_map_in_a_position_names_the_rule() -> None:
    with pytest.raises(NotationError, match="field 'map0': card 49: a lake square may never be covered"):
        placement_position({0: "B/49@0,1r0"}, (50, 1), round=2)
    with pytest.raises(NotationError, match=r"field 'map0': expected <card>@<x>,<y>r<0\.\.3>"):
        placement_position({0: "B/49@0,1r7"}, (50, 1), round=2)


def test_information_state_is_not_a_position() -> None:
    s = hs.State.deal(2, 1)
    with pytest.raises(NotationError, match="this is an information state"):
        hs.State.parse(s.information_state(0))


def test_moves_round_trip_and_errors() -> None:
    s = hs.State.from_order(3, [0, 1, 2], list(range(40)))
    assert s.move_to_string(s.parse_move("start B")) == "start B"
    with pytest.raises(IllegalMoveError, match="it is time to choose a start side"):
        s.parse_move("play 3")
    with pytest.raises(NotationError, match="expected 'start A\\|B'"):
        s.parse_move("start C")
    for _ in range(3):
        s.play("start A")
    assert s.move_to_string(s.parse_move("play 3+brown")) == "play 3+brown"
    with pytest.raises(IllegalMoveError, match="card 9 is not in the hand of player 0"):
        s.parse_move("play 9")
    with pytest.raises(NotationError, match="cube colour"):
        s.parse_move("play 3+red")
    with pytest.raises(NotationError, match=r"card number 1\.\.60"):
        s.parse_move("play 61")
    s.play("play 3")
    s.play("play 9")
    s.play("play 14")
    assert s.move_to_string(s.parse_move("take 3")) == "take 3"
    for m in ("take 14", "take 9", "take 3"):
        s.play(m)
    assert s.took(0) == 3
    legal = s.legal_moves()
    assert {s.parse_move(s.move_to_string(m)) for m in legal} == set(legal)
    with pytest.raises(IllegalMoveError, match="player 0 places card 3"):
        s.parse_move("place 9 r0 over 0,-2")
    with pytest.raises(NotationError, match="expected a position"):
        s.parse_move("place 3 r0 over 0;-2")


TOKENS = [
    "players=2", "players=5", "round=7", "phase=take", "phase=place", "move=1", "leader=1", "trick=3+blue,-",
    "took=-,3", "map0=A/7@0,-2r1u", "map1=B", "hand0=?5", "deck=?12", "view=0", "view=3", "cubes0=9,9,9,9",
    "hand1=-", "start=F,E", "passing=official", "lost=yes", "=", "x=1", "map0=A/99@1,1r0", "trick=-,-,-",
]  # fmt: skip


def sample_texts() -> list[str]:
    out = []
    for players, seed in ((2, 1), (4, 2)):
        for i, (s, _) in enumerate(random_game(players, seed)):
            if i % 23 == 0:
                out.append(s.to_string())
                out.append(s.information_state(s.to_move()))
    return out


SAMPLES = sample_texts()


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SAMPLES), st.lists(st.tuples(st.integers(0, 40), st.sampled_from(TOKENS)), max_size=4))
def test_fuzz_positions_raise_only_notation_errors(text: str, edits: list[tuple[int, str]]) -> None:
    words = text.split()
    for i, tok in edits:
        if words and i % 2:
            words[i % len(words)] = tok
        else:
            words.insert(i % (len(words) + 1), tok)
    mutated = " ".join(words)
    try:
        if mutated.startswith("view="):
            hs.hidden(mutated)
        else:
            s = hs.State.parse(mutated)
            assert hs.State.parse(s.to_string()) == s
    except NotationError:
        pass


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SAMPLES[::2]), st.text(alphabet="placetkovrundsABC+blue0123456789-, ", max_size=30))
def test_fuzz_moves_raise_only_notation_or_illegal_move_errors(text: str, move: str) -> None:
    s = hs.State.parse(text)
    try:
        m = s.parse_move(move)
    except (NotationError, IllegalMoveError):
        return
    assert m in s.legal_moves()
