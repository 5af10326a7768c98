"""Bad input: malformed positions and moves raise NotationError / IllegalMoveError, never crash."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver._core import IllegalMoveError, NotationError, haniwa
from solver.games.haniwa import GAME


def _sample_positions() -> list[str]:
    rng = random.Random(1)
    out = []
    modes = [{"players": 1}, {"players": 2}, {"players": 4}, {"players": 2, "rounds": 2}]
    for options in modes:
        for seed in range(3):
            s = GAME.new(options, seed=seed)
            for _ in range(rng.randrange(60)):
                if s.is_terminal():
                    break
                s.apply(rng.choice(s.legal_moves()))
            out.append(s.to_string())
    return out


SAMPLES = _sample_positions()
ALPHABET = "RBGYN0123456789abcdrusckf.,*+-=x_ "


def parse_or_error(text: str) -> None:
    try:
        s = haniwa.State.parse(text)
    except NotationError:
        return
    assert haniwa.State.parse(s.to_string()) == s
    assert s.hash() == s.recompute_hash()


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=80))
def test_random_text(text):
    parse_or_error(text)


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(SAMPLES), st.integers(0, 9999), st.integers(0, 3), st.text(alphabet=ALPHABET, max_size=3))
def test_mutated_positions(base, where, action, insert):
    i = where % (len(base) + 1)
    if action == 0:
        text = base[:i] + insert + base[i + 1 :]
    elif action == 1:
        text = base[:i] + insert + base[i:]
    elif action == 2:
        text = base[:i] + base[i + len(insert) + 1 :]
    else:
        tokens = base.split()
        j = where % len(tokens)
        tokens[j] = tokens[j].split("=")[0] + "=" + insert
        text = " ".join(tokens)
    parse_or_error(text)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SAMPLES), st.text(alphabet="RBGYN123456abcdx+-*", max_size=7))
def test_random_moves(base, text):
    s = haniwa.State.parse(base)
    try:
        m = s.parse_move(text)
    except (NotationError, IllegalMoveError):
        return
    assert s.move_to_string(m) == text and m in s.legal_moves()


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("dice", "7111"),
        ("players", "3"),
        ("phase", "wait"),
        ("dogu", "sssss"),
        ("turn_placed", "x"),
        ("kofun_state", "r,r,r"),
        ("hand0", "Q1,R1,R1,R1"),
        ("stock", "R1"),
        ("first", "5"),
        ("zone1", ".,.,."),
        ("discards", "0R1,0Q3"),
        ("tiles", "R1x3,R1x2"),
        ("comparison", "power"),
    ],
)
def test_errors_name_the_field(key, value):
    base = GAME.new({"players": 2}, seed=0).to_string()
    text = " ".join(f"{key}={value}" if t.startswith(key + "=") else t for t in base.split())
    with pytest.raises(NotationError, match=f"'{key}'"):
        haniwa.State.parse(text)


def test_missing_and_unknown_fields():
    base = GAME.new({"players": 2}, seed=0).to_string()
    with pytest.raises(NotationError, match="'dogu' is missing"):
        haniwa.State.parse(" ".join(t for t in base.split() if not t.startswith("dogu=")))
    with pytest.raises(NotationError, match="unknown field 'colour'"):
        haniwa.State.parse(base + " colour=red")


def test_illegal_and_malformed_moves():
    s = GAME.new({"players": 2}, seed=0)
    with pytest.raises(NotationError):
        s.play("Q1a1")
    with pytest.raises(NotationError):
        s.play("R1e1")
    with pytest.raises(IllegalMoveError):
        s.play("+R")  # no Kofun to take
    hand = s.hand(s.to_move())
    missing = next(k for k in range(12) if k not in hand)
    tile = "RBGY"[missing // 3] + str(missing % 3 + 1)
    with pytest.raises(IllegalMoveError):
        s.play(f"{tile}a1")
    with pytest.raises(IllegalMoveError):
        s.apply(0xFFFF)
