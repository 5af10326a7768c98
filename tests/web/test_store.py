"""The SQLite store: a versioned schema brought up to date when an older file is opened, refusal of files it
cannot use, and writes that are whole or not at all."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from solver.play.record import DealRecord
from solver.web.store import MIGRATIONS, SCHEMA_VERSION, Store, StoreError, TableRow, token_hash


def make_v1(path: Path) -> None:
    db = sqlite3.connect(path)
    for statement in MIGRATIONS[0]:
        db.execute(statement)
    db.execute("INSERT INTO meta VALUES ('schema_version', '1')")
    db.execute("INSERT INTO tables VALUES ('t1', 'connect4', '{}', 9, ?, 'playing', 1.0, 2.0)",
               ('[{"kind": "human", "name": "X", "agent": {"kind": "human"}}, {"kind": "human", "name": "O", '
                '"agent": {"kind": "human"}}]',))  # fmt: skip
    db.execute("INSERT INTO tokens VALUES (?, 't1', 0)", (token_hash("secret"),))
    db.execute("INSERT INTO deals (table_id, deal, start, seed) VALUES ('t1', 0, '', 5)")
    db.execute("INSERT INTO moves VALUES ('t1', 0, 0, '4')")
    db.execute("INSERT INTO moves VALUES ('t1', 0, 1, '3')")
    db.commit()
    db.close()


def test_a_version_1_file_is_migrated_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    make_v1(path)
    store = Store(path)
    assert store.version == SCHEMA_VERSION == 2
    assert store.seat_of("secret") == ("t1", 0) and store.seat_of("other") is None
    row = store.table("t1")
    assert row is not None and row.game == "connect4" and row.seed == 9 and row.status == "playing"
    record = store.record(row, 1, [0, 1])
    assert record.deals[0].moves == ["4", "3"] and record.deals[0].seed == 5 and not record.finished
    store.add_move("t1", 0, 2, "4")  # version 2 writes the time of the move
    played = store.db.execute("SELECT move, played_at FROM moves WHERE ply=2").fetchone()
    assert played[0] == "4" and played[1] > 0
    old = store.db.execute("SELECT played_at FROM moves WHERE ply=0").fetchone()
    assert old[0] is None
    store.close()
    assert Store(path).version == 2  # opening again changes nothing


def test_files_that_cannot_be_used_are_refused_by_name(tmp_path: Path) -> None:
    newer = tmp_path / "newer.sqlite3"
    Store(newer).db.execute("UPDATE meta SET value='99' WHERE key='schema_version'")
    with pytest.raises(StoreError, match=r"schema version 99 is newer than this kofun's \(2\)"):
        Store(newer)
    other = tmp_path / "other.sqlite3"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE something (x)")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="not a kofun database"):
        Store(other)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(StoreError, match=r"junk\.sqlite3"):
        Store(junk)


def test_a_failed_write_leaves_nothing_behind(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    row = TableRow("t", "connect4", {}, 1, [{"kind": "human", "agent": {"kind": "human"}}], "playing", 1.0, 1.0)
    store.create_table(row, {0: "tok"})
    store.start_deal("t", 0, "", 1)
    store.add_move("t", 0, 0, "4")
    with pytest.raises(sqlite3.IntegrityError):
        store.add_move("t", 0, 0, "5")  # the same ply twice: refused, and the table's time is not touched
    assert store.record(row, 1, [0]).deals[0].moves == ["4"]
    store.end_deal("t", DealRecord("", ["4"], "4", [1.0], [1.0], 1, True), 0)
    assert store.record(row, 1, [0]).deals[0].finished
