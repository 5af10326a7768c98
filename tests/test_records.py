"""Game records read back from JSON: every malformed record is refused with a RecordError naming the field by its
path and what is wrong with it (fuzzed: no other exception, whatever the JSON), and every record kofun writes reads
back the same."""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solver
from solver.play.record import GameRecord, RecordError, read_records

AGENT = {"name": "alphabeta", "kind": "search", "algo": "alphabeta", "depth": 1, "threads": 1, "seed": 0}
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
    "game": "connect4", "rules": {}, "seed": 1, "agents": [{"kind": "human", "name": "X"}, AGENT], "teams": [0, 1],
    "deals": [DEAL], "scores": [0.0, 0.0], "winners": [], "finished": False, "planned_deals": 1,
}  # fmt: skip


def changed(path: str, value: Any = None, *, drop: bool = False) -> dict[str, Any]:
    """GOOD with the field at `path` (dotted, list indices as numbers) set to `value`, or dropped."""
    record = copy.deepcopy(GOOD)
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


def test_a_record_reads_back_as_it_was_written() -> None:
    assert GameRecord.from_dict(GOOD).to_dict() == GOOD
    made = solver.play_game("c4", depth=1, seed=3)
    assert GameRecord.from_dict(json.loads(json.dumps(made.to_dict()))) == made
    minimal = {k: GOOD[k] for k in ("game", "rules", "seed", "agents", "teams")}  # the rest has defaults
    assert GameRecord.from_dict(minimal).deals == [] and GameRecord.from_dict(minimal).planned_deals == 1


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ([1, 2], "the record: expected an object, got a list of 2"),
        ("connect4", "the record: expected an object, got a string ('connect4')"),
        (None, "the record: expected an object, got null"),
        (changed("game", drop=True), "the record: missing field 'game'"),
        (changed("extra", 1), "the record: unknown field 'extra'"),
        (changed("game", 4), "game: expected a string, got an integer (4)"),
        (changed("rules", []), "rules: expected an object, got a list of 0"),
        (changed("seed", "7"), "seed: expected an integer 0..9223372036854775807, got a string ('7')"),
        (changed("seed", -1), "seed: expected an integer 0..9223372036854775807, got an integer (-1)"),
        (changed("seed", True), "seed: expected an integer 0..9223372036854775807, got true"),
        (changed("agents", {}), "agents: expected a list, got an object of 0"),
        (changed("agents", []), "agents: no seat"),
        (changed("agents.1", "alphabeta"), "agents[1]: expected an object, got a string ('alphabeta')"),
        (changed("agents.1.kind", None), "agents[1].kind: expected a string, got null"),
        (changed("agents.0.name", ["X"]), "agents[0].name: expected a string, got a list of 1"),
        (changed("teams", [0]), "teams: 1 entries for 2 seats (agents)"),
        (changed("teams.1", 1.5), "teams[1]: expected a seat or team number 0..63, got a number (1.5)"),
        (changed("deals", {}), "deals: expected a list, got an object of 0"),
        (changed("deals.0", []), "deals[0]: expected an object, got a list of 0"),
        (changed("deals.0.start", drop=True), "deals[0]: missing field 'start'"),
        (changed("deals.0.seed", drop=True), "deals[0]: missing field 'seed'"),
        (changed("deals.0.turn", 3), "deals[0]: unknown field 'turn'"),
        (changed("deals.0.moves", "4 4 3"), "deals[0].moves: expected a list, got a string ('4 4 3')"),
        (changed("deals.0.moves.2", 3), "deals[0].moves[2]: expected a string, got an integer (3)"),
        (changed("deals.0.returns", [1.0]), "deals[0].returns: 1 entries for 2 seats (agents)"),
        (changed("deals.0.scores", [1.0, float("nan")]),
         "deals[0].scores[1]: expected a (finite) number, got a number (nan)"),
        (changed("deals.0.finished", "yes"), "deals[0].finished: expected true or false, got a string ('yes')"),
        (changed("scores", [1.0, -1.0, 0.0]), "scores: 3 entries for 2 seats (agents)"),
        (changed("winners", [2]), "winners: seat 2, but the record has 2 seats (agents)"),
        (changed("finished", 1), "finished: expected true or false, got an integer (1)"),
        (changed("planned_deals", 0), "planned_deals: expected an integer >= 1, got an integer (0)"),
    ],
)  # fmt: skip
def test_a_malformed_record_is_refused_by_the_path_of_its_field(record: Any, message: str) -> None:
    with pytest.raises(RecordError) as e:
        GameRecord.from_dict(record)
    where, what = message.split(": ", 1)
    assert str(e.value) == f"game record: malformed{'' if where == 'the record' else ' at ' + where}: {what}"


def test_a_record_is_checked_against_its_game_when_it_is_to_be_played_on() -> None:
    assert GameRecord.from_dict(GOOD).for_game().game == "connect4"
    three = changed("agents", [AGENT, AGENT, AGENT])
    three.update(teams=[0, 1, 2], scores=[])
    with pytest.raises(RecordError) as e:
        GameRecord.from_dict(three).for_game()
    assert str(e.value) == "game record: 3 seats (agents), but connect4 has 2 under these rules"
    with pytest.raises(RecordError, match=r"^game record: game: unknown game 'chess'"):
        GameRecord.from_dict(changed("game", "chess")).for_game()
    with pytest.raises(RecordError, match=r"^game record: rules: connect4"):
        GameRecord.from_dict(changed("rules", {"colour": "red"})).for_game()


def test_a_gzipped_record_file_with_labels_reads_back(tmp_path: Path) -> None:
    """The recorded games of the belief scripts: gzipped JSON lines, each record with a 'pairing' label of the
    script's own, dropped by `ignore`; without it the label is refused as the record field it is not."""
    path = tmp_path / "games.jsonl.gz"
    with gzip.open(path, "wt") as f:
        for pairing in ("engine-engine", "engine-greedy"):
            f.write(json.dumps({"pairing": pairing, **GOOD}) + "\n")
    assert read_records(path, ignore=("pairing",)) == [GameRecord.from_dict(GOOD)] * 2
    with pytest.raises(ValueError, match=r"line 1: game record: .*pairing"):
        read_records(path)
    broken = tmp_path / "broken.jsonl.gz"
    broken.write_bytes(b"not gzip")
    with pytest.raises(ValueError, match=f"record file {broken}: cannot read it"):
        read_records(broken)


def test_a_record_file_names_the_line_and_the_field(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps(GOOD) + "\n" + json.dumps(changed("deals.0.moves.0", None)) + "\n")
    with pytest.raises(ValueError) as e:
        read_records(path)
    assert str(e.value) == (
        f"record file {path}, line 2: game record: malformed at deals[0].moves[0]: expected a string, got null"
    )
    path.write_text("[]\n")
    with pytest.raises(ValueError, match=r"line 1: game record: malformed: expected an object, got a list of 0$"):
        read_records(path)
    single = tmp_path / "one.json"
    single.write_text(json.dumps(changed("deals.0.seed", drop=True)))
    with pytest.raises(ValueError) as e:
        GameRecord.load(single)
    assert str(e.value) == f"game record {single}: malformed at deals[0]: missing field 'seed'"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=16,
)
FIELDS = ["game", "rules", "seed", "agents", "teams", "deals", "scores", "winners", "finished", "planned_deals"]
#: Records with every field present or not, each holding anything.
shaped = st.fixed_dictionaries({}, optional={k: json_values for k in FIELDS})
PATHS = ["game", "rules", "seed", "agents", "agents.0", "agents.1", "teams", "teams.0", "deals", "deals.0",
         "deals.0.start", "deals.0.moves", "deals.0.moves.0", "deals.0.final", "deals.0.returns", "deals.0.scores",
         "deals.0.seed", "deals.0.finished", "scores", "scores.1", "winners", "finished", "planned_deals", "extra",
         "deals.0.extra"]  # fmt: skip
#: GOOD with one field changed to anything, or dropped.
mutated = st.builds(
    lambda path, value, drop: changed(path, value, drop=drop and not path.endswith("extra")),
    st.sampled_from(PATHS), json_values, st.booleans(),
)  # fmt: skip


def read_or_refused(data: Any) -> GameRecord | None:
    """The record, or None when it was refused with a RecordError naming a field (any other exception fails)."""
    try:
        record = GameRecord.from_dict(data)
    except RecordError as e:
        assert str(e).startswith("game record: ") and "\n" not in str(e)
        return None
    assert isinstance(record, GameRecord) and len(record.teams) == len(record.agents) > 0
    return record


@settings(max_examples=300, deadline=None)
@given(st.one_of(json_values, shaped, mutated))
def test_random_json_is_a_record_or_a_record_error(data: Any) -> None:
    record = read_or_refused(data)
    if record is not None:  # what was read writes back as the same JSON
        assert GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record
