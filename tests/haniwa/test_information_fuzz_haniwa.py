"""Fuzzing of the Haniwa information-state parser: any text either parses to a fixed point or raises
NotationError (never another exception, never a crash)."""

from __future__ import annotations

import pytest
from hidden_helpers import random_states
from hypothesis import given, settings
from hypothesis import strategies as st

from solver._core import NotationError, haniwa

SAMPLES = sorted({s.information_state(p) for s in random_states(2, seed=5) for p in range(s.num_players)})
ALPHABET = "RBGYN0123456789,.-*?+=x_ abcdefghijklmnopqrstuvwxyz"


def check(text: str) -> None:
    try:
        parsed = haniwa.InformationState.parse(text)
    except NotationError:
        return
    canonical = parsed.to_string()
    assert haniwa.InformationState.parse(canonical).to_string() == canonical


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.sampled_from(SAMPLES), st.integers(0, 10**6), st.text(alphabet=ALPHABET, max_size=6), st.integers(0, 8))
def test_edited_information_states_parse_or_raise_notation_error(base: str, where: int, insert: str, cut: int) -> None:
    i = where % (len(base) + 1)
    check(base[:i] + insert + base[i + cut :])


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.sampled_from(SAMPLES), st.data())
def test_token_level_edits_parse_or_raise_notation_error(base: str, data: st.DataObject) -> None:
    tokens = base.split()
    i = data.draw(st.integers(0, len(tokens) - 1))
    key = tokens[i].split("=", 1)[0]
    value = data.draw(st.sampled_from(["-", "0", "4", "99", "?", "?*", "?+1", "R2", "R2*", "1?", "0R1", "", "5,5"]))
    op = data.draw(st.sampled_from(["replace", "drop", "duplicate"]))
    if op == "replace":
        tokens[i] = f"{key}={value}"
    elif op == "drop":
        del tokens[i]
    else:
        tokens.append(tokens[i])
    check(" ".join(tokens))


@pytest.mark.parametrize("text", ["", "view", "view=0", "=", "view=0 players=2", " ".join(["view=0"] * 3)])
def test_short_garbage_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        haniwa.InformationState.parse(text)
