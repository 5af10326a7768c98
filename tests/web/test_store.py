"""The SQLite store: a versioned schema brought up to date when an older file is opened, refusal of files it
cannot use, and writes that are whole or not at all."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from solver.play.record import DealRecord
from solver.rating.glicko2 import Game, Glicko, update
from solver.rating.profiles import Faced, Opponent, ProfileError, RatedMode, Standing, rate_seat
from solver.review.puzzles import Puzzle
from solver.web.store import MIGRATIONS, SCHEMA_VERSION, DatabaseLock, Store, StoreError, TableRow, token_hash


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
    assert store.version == SCHEMA_VERSION == 4
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
    assert Store(path).version == 4  # opening again changes nothing


def test_files_that_cannot_be_used_are_refused_by_name(tmp_path: Path) -> None:
    newer = tmp_path / "newer.sqlite3"
    Store(newer).db.execute("UPDATE meta SET value='99' WHERE key='schema_version'")
    with pytest.raises(StoreError, match=r"schema version 99 is newer than this kofun's \(4\)"):
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


def make_v2(path: Path) -> None:
    """A file as kofun wrote it with schema version 2: a finished game with its record."""
    make_v1(path)
    db = sqlite3.connect(path)
    for statement in MIGRATIONS[1]:
        db.execute(statement)
    db.execute("UPDATE meta SET value='2' WHERE key='schema_version'")
    db.execute("UPDATE tables SET status='finished', record='{}' WHERE id='t1'")
    db.commit()
    db.close()


def test_a_version_2_file_gets_the_profiles_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite3"
    make_v2(path)
    store = Store(path)
    assert store.version == 4
    row = store.table("t1")
    assert row is not None and row.status == "finished" and store.seat_of("secret") == ("t1", 0)
    assert store.unrated("t1") is None  # the new column, empty for the old tables
    store.mark_unrated("t1", "a move was taken back")
    store.mark_unrated("t1", "another reason")  # the first reason is kept
    assert store.unrated("t1") == "a move was taken back"
    assert store.standings("Ann") == {} and not store.has_profile("Ann")
    names = {r[0] for r in store.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"profiles", "ratings", "profile_games", "profile_opponents"} <= names
    store.close()
    assert Store(path).version == 4


def test_profiles_are_named_and_their_games_logged_whole(tmp_path: Path) -> None:
    store = Store(tmp_path / "p.sqlite3")
    assert store.add_profile("  Ann  ") == "Ann" and store.has_profile("Ann")
    assert store.add_profile("Ann") == "Ann"  # again: the same profile
    for bad, message in [("", "player name: 1 to 40 characters, got an empty name"),
                         ("   ", "player name: 1 to 40 characters, got an empty name"),
                         ("x" * 41, "player name: 1 to 40 characters, got 41"),
                         ("a\nb", r"player name: no control or invisible characters, got '\n' in 'a\nb'")]:  # fmt: skip
        with pytest.raises(ProfileError) as e:
            store.add_profile(bad)
        assert str(e.value) == message
    assert store.add_profile("x" * 40) == "x" * 40
    mode = RatedMode("connect4", "standard", 1000.0)
    opponent = Opponent(1, "level 3", 989.0, 12.5)
    game = rate_seat("Ann", mode, None, 0, [0, 1], [0], {1: opponent})
    game.record = "{}"
    store.rate(lambda: [game])
    expected = update(Glicko(1000.0, 350.0, 0.06), [Game(989.0, 12.5, 1.0)])
    now = store.standing("Ann", "connect4", "standard")
    assert now is not None and now.games == 1
    assert (now.rating, now.rd, now.volatility) == (expected.rating, expected.rd, expected.volatility)
    [logged] = store.profile_games("name=?", ("Ann",))
    assert logged.before == Standing(1000.0, 350.0, 0.06, 0) and logged.after == now and logged.record == "{}"
    assert logged.faced == [Faced(opponent, 1.0)] and logged.table is None
    with pytest.raises(ZeroDivisionError):  # a failing rating writes nothing
        store.rate(lambda: [game, game, 1 / 0])  # type: ignore[list-item]
    assert len(store.profile_games()) == 1 and store.standing("Ann", "connect4", "standard") == now


def test_one_lock_holder_per_database_file(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    first = DatabaseLock(db).acquire()
    assert (tmp_path / "s.sqlite3.lock").read_text() == f"{os.getpid()}\n"
    with pytest.raises(StoreError) as e:
        DatabaseLock(db).acquire()  # another open file of the lock: refused at once, as another process would be
    assert str(e.value) == (
        f"database {db} is in use by another kofun serve or kofun engine (process {os.getpid()}, lock file "
        f"{db}.lock): stop it or give another --db"
    )
    Store(db).close()  # the store itself takes no lock: kofun play --player writes ratings beside a server
    first.release()
    with DatabaseLock(db) as again:
        assert again.fd is not None
    assert again.fd is None
    with DatabaseLock(":memory:") as memory, DatabaseLock(":memory:"):
        assert memory.fd is None  # nothing to share
    with pytest.raises(StoreError, match=r"the folder .* does not exist"):
        Store(tmp_path / "missing" / "s.sqlite3")


def make_v3(path: Path) -> None:
    """A file as kofun wrote it with schema version 3: a finished game and a profile with a rated game."""
    make_v2(path)
    db = sqlite3.connect(path)
    for statement in MIGRATIONS[2]:
        db.execute(statement)
    db.execute("UPDATE meta SET value='3' WHERE key='schema_version'")
    db.execute("INSERT INTO profiles VALUES ('Ann', 1.0)")
    db.execute("INSERT INTO ratings VALUES ('Ann', 'connect4', 'standard', 1100.0, 200.0, 0.06, 3, 2.0)")
    db.commit()
    db.close()


def puzzle(index: int, cls: str = "blunder") -> Puzzle:
    return Puzzle(game="connect4", rules={}, index=index, deal=0, ply=index, seat=0, player="X", view="position",
                  position="5624531471331144743" + "566"[:index], played="6", cls=cls, loss=985.0,
                  unit="evaluation points", best="5", accepted=["5"], mistake=32.0, line=["5"])  # fmt: skip


def test_a_version_3_file_gets_the_puzzles_and_keeps_its_profiles(tmp_path: Path) -> None:
    path = tmp_path / "v3.sqlite3"
    make_v3(path)
    store = Store(path)
    assert store.version == 4
    assert store.standing("Ann", "connect4", "standard") == Standing(1100.0, 200.0, 0.06, 3, 2.0)
    row = store.table("t1")
    assert row is not None and row.status == "finished" and store.seat_of("secret") == ("t1", 0)
    names = {r[0] for r in store.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "puzzles" in names
    book = store.puzzles
    assert book.of("Ann") == [] and book.counts("Ann") == {"puzzles": 0, "solved": 0, "missed": 0, "new": 0}
    assert book.add("Ann", "t1", [puzzle(1), puzzle(3)]) == 2
    assert book.add("Ann", "t1", [puzzle(1)]) == 0  # a decision kept once
    assert book.add("Bob", "t1", [puzzle(1, "mistake")]) == 1 and store.has_profile("Bob")  # made for it
    first, second = book.of("Ann")
    assert (first.puzzle, second.puzzle, first.table, first.status) == (puzzle(1), puzzle(3), "t1", "new")
    assert book.of("Ann", game="sensei") == [] and [r.id for r in book.of("Ann", table="t1")] == [first.id, second.id]
    after = book.answer(first.id, "3", False)
    assert (after.status, after.attempts, after.last_answer, after.solved) == ("missed", 1, "3", False)
    after = book.answer(first.id, "5", True)
    assert (after.status, after.attempts, after.last_answer, after.solved) == ("solved", 2, "5", True)
    assert book.answer(first.id, "4", False).status == "solved"  # solved stays solved
    book.answer(second.id, "1", False)
    assert book.counts("Ann") == {"puzzles": 2, "solved": 1, "missed": 1, "new": 0}
    assert book.counts("Bob") == {"puzzles": 1, "solved": 0, "missed": 0, "new": 1}
    assert book.get(10_000) is None
    store.close()
    again = Store(path)
    assert again.version == 4 and [r.status for r in again.puzzles.of("Ann")] == ["solved", "missed"]
    again.close()


def test_a_version_1_file_is_brought_to_the_puzzles_too(tmp_path: Path) -> None:
    path = tmp_path / "v1.sqlite3"
    make_v1(path)
    store = Store(path)
    assert store.version == 4 and store.puzzles.add("Ann", "t1", [puzzle(1)]) == 1
    assert [r.puzzle.index for r in store.puzzles.of("Ann")] == [1]
    store.close()
