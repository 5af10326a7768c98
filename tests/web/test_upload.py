"""Uploading a game record (the protocol's `upload`): a malformed record is answered with an error naming the field
by its path and what is wrong with it — never Python internals, never an internal error (fuzzed over the hub)."""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .driver import HubDriver

DEAL = {
    "start": "-",
    "moves": ["4", "4", "3"],
    "final": "443",
    "returns": [],
    "scores": [],
    "seed": 5,
    "finished": False,
}
GOOD: dict[str, Any] = {
    "game": "connect4", "rules": {}, "seed": 1, "agents": [{"kind": "human", "name": "X"}, {"kind": "human"}],
    "teams": [0, 1], "deals": [DEAL], "scores": [0.0, 0.0], "winners": [], "finished": False, "planned_deals": 1,
}  # fmt: skip


def changed(path: str, value: Any = None, *, drop: bool = False) -> dict[str, Any]:
    """GOOD with the field at `path` (dotted, list indices as numbers) set to `value`, or dropped."""
    return changed_in(copy.deepcopy(GOOD), path, value, drop)


def changed_in(record: dict[str, Any], path: str, value: Any, drop: bool) -> dict[str, Any]:
    *parents, last = path.split(".")
    node: Any = record
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    key: Any = int(last) if isinstance(node, list) else last
    if drop:
        del node[key]
    else:
        node[key] = value
    return record


@pytest.fixture(scope="module")
def hub() -> Iterator[HubDriver]:
    driver = HubDriver()
    yield driver
    driver.close()


def upload(hub: HubDriver, record: Any) -> dict[str, Any]:
    c = hub.client()
    got = hub.send_raw(c, json.dumps({"type": "upload", "id": 7, "record": record}))
    [reply] = [m for m in got if m.get("id") == 7]
    return reply


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (changed("deals", [{}]), "game record: malformed at deals[0]: missing field 'start'"),
        (changed("deals.0.moves.1", 4), "game record: malformed at deals[0].moves[1]: expected a string, got an "
                                        "integer (4)"),
        (changed("agents", [1, 2]), "game record: malformed at agents[0]: expected an object, got an integer (1)"),
        (changed("seed", "7"), "game record: malformed at seed: expected an integer 0..9223372036854775807, got a "
                               "string ('7')"),
        (changed("deals.0.returns", [1.0, -1.0, 0.0]), "game record: malformed at deals[0].returns: 3 entries for 2 "
                                                        "seats (agents)"),
        (changed("agents", [{"kind": "human"}] * 3) | {"teams": [0, 1, 2], "scores": []},
         "game record: 3 seats (agents), but connect4 has 2 under these rules"),
        (changed("game", "chess"), "game record: game: unknown game 'chess' (known games: connect4 (c4), haniwa, "
                                   "honshu, koikoi (hanafuda), ohanami, sensei)"),
        (changed("rules", {"size": 9}), "game record: rules: connect4: unknown rule option 'size' (known options: "
                                         "none)"),
        (changed("planned_deals", 3), "game record: planned_deals: 3 deals, but a connect4 match under these rules "
                                      "has 1"),
        (changed("deals", [DEAL, DEAL]), "game record: deals: 2 deals, but the match has 1 (planned_deals)"),
        (changed("deals", []), "upload: the record has no deal"),
    ],
)  # fmt: skip
def test_a_malformed_upload_is_answered_with_what_is_wrong(hub: HubDriver, record: Any, message: str) -> None:
    assert upload(hub, record) == {"type": "error", "id": 7, "message": message}
    assert hub.hub.errors == 0


def test_a_good_upload_makes_its_table(hub: HubDriver) -> None:
    reply = upload(hub, GOOD)
    assert reply["type"] == "created" and sorted(reply["tokens"]) == ["0", "1"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=16,
)
PATHS = ["game", "rules", "seed", "agents", "agents.0", "agents.1", "agents.1.kind", "agents.1.name", "teams",
         "teams.0", "deals", "deals.0", "deals.0.start", "deals.0.moves", "deals.0.moves.0", "deals.0.final",
         "deals.0.returns", "deals.0.scores", "deals.0.seed", "deals.0.finished", "scores", "scores.1", "winners",
         "finished", "planned_deals", "extra", "deals.0.extra"]  # fmt: skip
PLAUSIBLE = {  # values a record of another game, of another length, finished or not may hold
    "game": st.sampled_from(["connect4", "c4", "koikoi", "sensei", "haniwa", "ohanami", "honshu", "chess", ""]),
    "agents.1.kind": st.sampled_from(["human", "search", "random", "greedy", "ai", ""]),
    "deals.0.moves": st.lists(st.sampled_from(["1", "4", "7", "8", "x", ""]), max_size=8),
    "deals.0.start": st.sampled_from(["-", "", "4444", "x", "1212121"]),
    "deals.0.returns": st.lists(st.floats(-2, 2), max_size=3),
    "deals.0.finished": st.booleans(), "finished": st.booleans(),
    "winners": st.lists(st.integers(0, 3), max_size=2),
    "planned_deals": st.integers(0, 3),
    "rules": st.dictionaries(st.sampled_from(["players", "version", "pits", "rounds"]), json_values, max_size=2),
}  # fmt: skip


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    """GOOD with one to three fields changed (to a plausible value or anything) or dropped."""
    record = copy.deepcopy(GOOD)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(PATHS))
        drop = draw(st.booleans()) and not path.endswith("extra")
        value = draw(PLAUSIBLE[path] if path in PLAUSIBLE and draw(st.booleans()) else json_values)
        with contextlib.suppress(KeyError, IndexError, TypeError, ValueError):  # an earlier change removed the path
            record = changed_in(record, path, value, drop)
    return record


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(mutated(), json_values.filter(lambda v: isinstance(v, dict))))
def test_any_uploaded_json_makes_a_table_or_an_error_naming_what_is_wrong(hub: HubDriver, record: Any) -> None:
    reply = upload(hub, record)
    assert reply["type"] in ("created", "error"), reply
    if reply["type"] == "error":
        message = reply["message"]
        assert not message.startswith("internal error") and "\n" not in message, message
        assert "__init__" not in message and "positional argument" not in message, message
    assert hub.hub.errors == 0
