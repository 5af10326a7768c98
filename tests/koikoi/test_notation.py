"""Card, move, position and information-state notation: exact forms, round trips, errors, fuzzing."""

from __future__ import annotations

import contextlib

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kk_helpers import position

from solver._core import IllegalMoveError, NotationError, WorldError
from solver._core import koikoi as kk

TABLE = "1c1 8c1 8c2 9r 9c1 9c2 11r 3c1"
START = position("1b 8b 9a 12b", "2a 2r 3r 4a", TABLE, stock_top="10c2", dump=1).to_string()


def valid_texts() -> list[str]:
    """Full notations of assorted states, and information states."""
    out = []
    for seed in range(6):
        s = kk.State.deal(seed, kk.Rules.preset("nintendo" if seed % 2 else "seed"))
        for _ in range(seed * 3):
            if s.is_terminal():
                break
            s.apply(s.legal_moves()[-1])
        out += [s.to_string(), s.information_state(0), s.information_state(1)]
    return out


VALID = valid_texts()


def test_exact_position_and_information_state_format() -> None:
    # 4 + 4 cards in hand, 8 on the table, 16 in the stock: the remaining 16 cards must be in the piles
    with pytest.raises(NotationError, match="cards missing: 5c1"):
        kk.State.parse(START.replace(",5c1", ""))
    s = kk.State.parse(START)
    text = s.to_string()
    assert text == START
    assert text.startswith("rules=seed first=0 turn=0 phase=play hand0=1b,8b,9a,12b hand1=2a,2r,3r,4a ")
    assert " stock=10c2,1r,1c2," in text and text.endswith(" koikoi=0,0 total=0,0")
    info = s.information_state(1)
    assert info == (
        "rules=seed first=0 view=1 turn=0 phase=play hand=2a,2r,3r,4a opp=4 table=1c1,3c1,8c1,8c2,9r,9c1,9c2,11r "
        f"pile0=- pile1={text.split('pile1=')[1].split(' ')[0]} stock=16 koikoi=0,0 total=0,{s.total(1)}"
    )
    assert kk.hidden(info) == (sorted(s.hand(0) + s.stock), 1, 4, 16)


def test_move_notation() -> None:
    s = position("1b 8b 9a 12b", "2a 2r 3r 4a", TABLE, stock_top="8a", dump=1)
    assert s.move_to_string(s.parse_move("play 8b x 8c1")) == "play 8b x 8c1"
    assert s.parse_move("play 1b") & 0x3F == kk.card_from_name("1b")
    for bad, err in [
        ("play", NotationError),
        ("play 13b", NotationError),
        ("take", NotationError),
        ("Stop", NotationError),
        ("play 2a", IllegalMoveError),
        ("stop", IllegalMoveError),
        ("koikoi", IllegalMoveError),
        ("take 8c1", IllegalMoveError),
        ("play 8b x 9r", IllegalMoveError),
    ]:
        with pytest.raises(err):
            s.parse_move(bad)
    s.play("play 12b")  # draws 8a: two matches
    assert s.move_to_string(s.parse_move("take 8c2")) == "take 8c2"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "missing field 'rules='"),
        ("rules=seed", "missing field 'first='"),
        ("rules=tengoku first=0", "koikoi rules"),
        (START.replace("first=0", "first=2"), "first: expected 0 or 1"),
        (START.replace("turn=0", "turn=1"), "player 0's turn"),
        (START.replace("phase=play", "phase=dance"), "phase"),
        (START.replace("1b,8b", "1b,1b"), "listed twice"),
        (START.replace("12b hand1", "12x hand1"), "unknown card '12x'"),
        (START.replace("koikoi=0,0", "koikoi=0"), "koikoi"),
        (START.replace("total=0,0", "total=1,0"), "total"),
        (START.replace("phase=play", "phase=take"), "drawn= is given exactly in phase take"),
        (START.replace("phase=play", "phase=end"), "result= is given exactly in phase end"),
        (START.replace("hand0=1b,", "hand0=").replace("pile0=-", "pile0=1b"), "the stock must hold .* = 15 cards"),
        (START.replace("hand1=2a,", "hand1=").replace("pile0=-", "pile0=2a"), "hand sizes must be equal"),
        (START + " extra=1", "unexpected field"),
        (START + " ", "trailing space"),
        (START.replace(" table", "  table"), "expected field"),
    ],
)
def test_malformed_positions_name_the_fault(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        kk.State.parse(text)


def test_information_state_is_not_a_position_and_vice_versa() -> None:
    s = kk.State.deal(11)
    with pytest.raises(NotationError):
        kk.State.parse(s.information_state(0))
    with pytest.raises(NotationError):
        kk.State.from_world(s.to_string(), [])
    with pytest.raises(IllegalMoveError):
        s.information_state(2)


# --- fuzzing ------------------------------------------------------------------------------------------------

ALPHABET = st.sampled_from([*"0123456789abcrxk=,-: ", "rules=", "seed", "phase=", "play", "hand0=", "1b"])


def parse_or_reject(text: str) -> None:
    try:
        s = kk.State.parse(text)
    except NotationError:
        return
    assert kk.State.parse(s.to_string()) == s
    assert s.hash() == s.recompute_hash()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ALPHABET, max_size=40).map("".join))
def test_fuzz_random_text_never_crashes(text: str) -> None:
    parse_or_reject(text)
    with pytest.raises(NotationError):
        kk.State.from_world(text, [])
    with contextlib.suppress(NotationError):
        assert str(kk.Rules.parse(str(kk.Rules.parse(text)))) == str(kk.Rules.parse(text))
    try:
        assert kk.CARD_NAMES[kk.card_from_name(text)] == text
    except NotationError:
        assert text not in kk.CARD_NAMES


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(VALID),
    st.integers(0, 10**6),
    st.integers(0, 3),
    st.text(alphabet="0123456789abcrx,=- :", max_size=4),
)
def test_fuzz_mutated_notation(text: str, pos: int, op: int, piece: str) -> None:
    i = pos % (len(text) + 1)
    if op == 0:
        mutated = text[:i] + piece + text[i:]
    elif op == 1:
        mutated = text[:i] + text[i + len(piece) + 1 :]
    elif op == 2:
        mutated = text[:i] + piece + text[i + len(piece) :]
    else:
        tokens = text.split(" ")
        j = pos % len(tokens)
        tokens[j], tokens[-1] = tokens[-1], tokens[j]
        mutated = " ".join(tokens)
    if " view=" in text:
        try:
            unseen, view, opp, stock = kk.hidden(mutated)
        except NotationError:
            return
        assert len(unseen) == opp + stock
        try:
            t = kk.State.from_world(mutated, unseen)
        except (NotationError, WorldError):
            return
        info = t.information_state(view)
        assert kk.State.from_world(info, unseen).information_state(view) == info
    else:
        parse_or_reject(mutated)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 50), st.text(alphabet="0123456789abcrxplaytkoims ", max_size=16))
def test_fuzz_moves(seed: int, text: str) -> None:
    s = kk.State.deal(seed)
    try:
        m = s.parse_move(text)
    except (NotationError, IllegalMoveError):
        return
    assert m in s.legal_moves() and s.move_to_string(m) == text


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 30), st.lists(st.integers(-5, 60), max_size=40))
def test_fuzz_worlds(seed: int, world: list[int]) -> None:
    s = kk.State.deal(seed)
    info = s.information_state(seed % 2)
    try:
        t = kk.State.from_world(info, world)
    except WorldError:
        return
    assert t.information_state(seed % 2) == info


@pytest.mark.parametrize(
    "rules",
    ["nintendo", "b10-8-7-5,p5,v5,sx,d7,dk,kd1,ne", "b15-10-8-6,sx,k1", "b15-10-8-6,kd2", "b15-10-8-6,p5,ne"],
)
def test_rule_options_round_trip_through_both_notations(rules: str) -> None:
    r = kk.Rules.parse(rules)
    for seed in range(8):
        s = kk.State.deal(seed, r)
        while True:
            text = s.to_string()
            assert text.startswith(f"rules={rules} ") and kk.State.parse(text) == s
            for p in (0, 1):
                info = s.information_state(p)
                world = np.array(s.hand(1 - p) + s.stock, dtype=np.int32)
                assert kk.State.from_world(info, world) == s
            if s.is_terminal():
                break
            legal = s.legal_moves()
            s.apply(legal[-1] if s.phase == "decide" else legal[seed % len(legal)])  # koi-koi when offered
