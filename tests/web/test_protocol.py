"""The protocol's messages: strict checks with errors that name what is wrong, and a handler that answers every
malformed or hostile message with an error and goes on (fuzzed)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.web.protocol import (
    MAX_MESSAGE_BYTES,
    REQUEST_TYPES,
    TOO_LONG,
    ProtocolError,
    encode,
    parse_request,
    too_long,
)

from .driver import HubDriver, my_turn_or_over


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("nope", "not JSON: Expecting value: line 1 column 1 (char 0)"),
        ("[1, 2]", "a message is a JSON object, got list"),
        ('{"id": 4}', "type: None is not a request (one of hello, catalog, levels, create, join, move, takeback, "
                      "resign, analyse, stop, list, record, upload, board, review, best_turn, profile, puzzles, "
                      "puzzle, answer)"),
        ('{"type": "move", "table": 1, "token": "t", "move": "4"}', "move: table: Input should be a valid string"),
        ('{"type": "move", "table": "a", "token": "t", "move": "4", "extra": 1}',
         "move: extra: Extra inputs are not permitted"),
        ('{"type": "create", "game": "c4", "seats": [{"kind": "ai", "level": 0}]}',
         "create: seats.0.level: Input should be greater than or equal to 1"),
        ('{"type": "create", "game": "c4", "seats": []}',
         "create: seats: List should have at least 1 item after validation, not 0"),
        ('{"type": "move", "table": "a", "token": "t", "move": "' + "4" * 300 + '"}',
         "move: move: String should have at most 200 characters"),
    ],
)  # fmt: skip
def test_a_bad_request_is_refused_with_what_is_wrong(raw: str, message: str) -> None:
    with pytest.raises(ProtocolError) as e:
        parse_request(raw)
    assert str(e.value) == message


def test_the_id_of_a_refused_request_comes_back_and_replies_are_strict_json() -> None:
    with pytest.raises(ProtocolError) as e:
        parse_request('{"type": "join", "id": 17}')
    assert e.value.request_id == 17
    with pytest.raises(ValueError, match="Out of range float values are not JSON compliant"):
        encode({"type": "x", "value": float("inf")})


def test_the_size_limit_counts_bytes_and_its_error_is_the_documented_one() -> None:
    with pytest.raises(ProtocolError) as e:
        parse_request("x" * (MAX_MESSAGE_BYTES + 1))
    assert str(e.value) == TOO_LONG == "message too long (at most 4194304 bytes)" and e.value.request_id is None
    assert too_long() == {"type": "error", "message": TOO_LONG}
    wide = '{"type": "hello", "id": 1, "x": "' + "\u00e9" * (MAX_MESSAGE_BYTES // 2) + '"}'  # 2 bytes a character
    assert len(wide) < MAX_MESSAGE_BYTES < len(wide.encode())
    with pytest.raises(ProtocolError, match="message too long"):
        parse_request(wide)
    with pytest.raises(ProtocolError, match="message too long"):
        parse_request(wide.encode())
    at_limit = '{"type": "hello", "id": 1, "x": "' + "x" * (MAX_MESSAGE_BYTES - 35) + '"}'
    assert len(at_limit) == MAX_MESSAGE_BYTES
    with pytest.raises(ProtocolError, match=r"^hello: x: Extra inputs are not permitted$"):  # read, then refused
        parse_request(at_limit)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = ["type", "id", "game", "table", "token", "move", "seats", "rules", "seed", "position", "record", "tokens"]
requests = st.fixed_dictionaries(
    {"type": st.sampled_from([*REQUEST_TYPES, "bogus"])},
    optional={k: json_values for k in FIELDS[1:]},
)


@pytest.fixture(scope="module")
def hub() -> Any:
    d = HubDriver()
    yield d
    d.close()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(message=requests | json_values, as_bytes=st.booleans())
def test_fuzzed_messages_get_an_answer_and_the_game_goes_on(hub: HubDriver, message: Any, as_bytes: bool) -> None:
    c = hub.client()
    raw = json.dumps(message)
    got = hub.send_raw(c, raw.encode() if as_bytes else raw)
    for m in got:
        json.dumps(m, allow_nan=False)  # every reply is strict JSON
    assert hub.hub.errors == 0  # no request ever ends in an unexpected exception


def test_a_table_survives_a_storm_of_bad_messages(hub: HubDriver) -> None:
    c = hub.client()
    created = hub.ask(c, type="create", game="connect4", seats=[{"kind": "human"}, {"kind": "human"}], seed=1)
    table, tokens = created["table"], created["tokens"]
    hub.ask(c, type="join", table=table, token=tokens["0"])
    storm = ["{", "null", json.dumps({"type": "move", "table": table, "token": tokens["0"], "move": "x" * 150}),
             json.dumps({"type": "move", "table": table, "token": tokens["1"], "move": "4"}),
             json.dumps({"type": "move", "table": table, "token": tokens["0"], "move": "4\u0000"}),
             json.dumps({"type": "move", "table": table, "token": tokens["0"], "move": "\uff14"}),
             b"\xff\xfe"]  # fmt: skip
    for raw in storm:
        replies = hub.send_raw(c, raw)
        assert [m["type"] for m in replies] == ["error"], (raw, replies)
    assert hub.ask(c, type="move", table=table, token=tokens["0"], move="4")["type"] == "moved"
    assert hub.hub.errors == 0
    state = hub.wait(c, lambda m: m["type"] == "state" and m["seat"] == 0 and m["last"] == ["4"])
    assert state["to_move"] == 1 and not my_turn_or_over(state)


def test_the_catalogs_own_rules_of_every_mode_come_back_accepted(hub: HubDriver) -> None:
    """A program that sends back a rated mode's rules as the catalog wrote them (Sensei's pits a list) gets the
    mode's levels, and a table can be made with them."""
    c = hub.client()
    games = json.loads(json.dumps(hub.ask(c, type="catalog")["games"]))  # as it goes over the wire
    modes = [(g["name"], m) for g in games for m in g["modes"] if m["rated"]]
    assert ("sensei", "arashi") in [(g, m["name"]) for g, m in modes]
    for game, mode in modes:
        levels = hub.ask(c, type="levels", game=game, rules=mode["rules"])
        assert levels["type"] == "levels" and len(levels["levels"]) == 8, (game, mode, levels)
    sensei = next(m for g, m in modes if g == "sensei")
    assert sensei["rules"]["pits"] == []
    made = hub.ask(c, type="create", game="sensei", rules=sensei["rules"], seats=[{"kind": "human"}] * 2, seed=1)
    assert made["type"] == "created", made
    assert hub.hub.errors == 0
