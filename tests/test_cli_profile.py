"""``kofun play --player NAME``: the person's rating said before the first move, a finished rated game updating
it by exactly what Glicko-2 computes, and unrated games (custom rules, a take-back, an engine by the clock, a
game left) saying why and changing nothing."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from solver.cli import main
from solver.rating.glicko2 import Game, Glicko, update
from solver.rating.ladders import shipped_ladder
from solver.rating.levels import level_of
from solver.rating.profiles import INITIAL_RD, initial_rating, rd_of_interval
from solver.web.store import Store

#: Columns typed in turn until the game is over (a full column is refused and the next one tried).
MOVES = "".join(f"{c}\n" for c in "4444333322225555111166667777" * 3)
START = initial_rating("connect4", {})


def play(db: Path, *args: str, input: str = MOVES) -> Result:
    result = CliRunner().invoke(main, ["play", "c4", "--db", str(db), *args], input=input)
    assert result.exit_code == 0, result.output
    return result


def test_a_rated_game_updates_the_stored_rating_by_glicko2(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    out = play(db, "--player", "Ann", "--level", "1", "--seed", "1").stdout
    assert f"Ann's rating in connect4 (standard): no rating yet, starts at {START:.0f} ± 350\n" in out
    assert out.index("no rating yet") < out.index("You play X.")  # said before the first move
    assert "result: X wins (you win)" in out
    level = level_of(shipped_ladder("connect4", {}), 1).choice
    want = update(Glicko(START, INITIAL_RD, 0.06), [Game(level.rating, rd_of_interval(level.low, level.high), 1.0)],
                  max_rd=INITIAL_RD)  # fmt: skip
    store = Store(db)
    now = store.standing("Ann", "connect4", "standard")
    assert now is not None and now.games == 1
    assert (now.rating, now.rd, now.volatility) == (want.rating, want.rd, want.volatility)
    line = (f"Ann's rating in connect4 (standard): {want.rating:.0f} ± {want.rd:.0f} ({want.rating - START:+.0f}, "
            f"was {START:.0f} ± 350; 1 rated game)\n")  # fmt: skip
    assert out.endswith(line)
    [logged] = store.profile_games("name=?", ("Ann",))
    assert logged.unrated is None and logged.record is not None and '"game": "connect4"' in logged.record
    assert [(f.opponent.rating, f.score) for f in logged.faced] == [(level.rating, 1.0)]
    store.close()
    again = play(db, "--player", "Ann", "--level", "1", "--seed", "1", input="quit\n").stdout
    assert f"Ann's rating in connect4 (standard): {want.rating:.0f} ± {want.rd:.0f} (1 rated game)\n" in again
    assert again.endswith("unrated: the game was left before its end\n")
    store = Store(db)
    assert store.standing("Ann", "connect4", "standard") == now  # the game left changed nothing
    assert [g.unrated for g in store.profile_games("name=?", ("Ann",))] == [None, "the game was left before its end"]
    store.close()


def test_a_take_back_leaves_the_rating_unchanged_and_says_why(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    out = play(db, "--player", "Ann", "--level", "1", "--seed", "1", input="4\nundo\n" + MOVES).stdout
    assert "move taken back" in out and "result: X wins (you win)" in out
    assert out.endswith("unrated: a move was taken back\n")
    store = Store(db)
    assert store.standings("Ann") == {}
    assert [g.unrated for g in store.profile_games()] == ["a move was taken back"]
    store.close()


def test_custom_rules_and_unrated_opponents_are_said_before_the_game(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    result = CliRunner().invoke(main, ["play", "sensei", "--rule", "max_turns=4", "--level", "1", "--db", str(db),
                                       "--player", "Ann"], input="quit\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Ann: this game will not be rated: sensei: these rules are not a rated mode (modes: arashi" in out
    assert out.rstrip().splitlines()[-1].startswith("unrated: sensei: these rules are not a rated mode")
    timed = play(db, "--player", "Ann", "--time", "0.05", "--seed", "1", input="quit\n").stdout
    assert "Ann: this game will not be rated: the opponent " in timed and "full strength by the clock" in timed
    given = play(db, "4", "--player", "Ann", "--level", "1", input="quit\n").stdout
    assert "Ann: this game will not be rated: the game started from a given position" in given
    assert given.endswith("unrated: the game started from a given position\n")
    store = Store(db)
    assert store.standings("Ann") == {} and len(store.profile_games()) == 3
    store.close()


def test_a_bad_name_is_refused_and_without_player_nothing_is_stored(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    result = CliRunner().invoke(main, ["play", "c4", "--db", str(db), "--player", "x" * 41], input="quit\n")
    assert result.exit_code == 2 and result.stderr == "error: player name: 1 to 40 characters, got 41\n"
    result = CliRunner().invoke(main, ["play", "c4", "--db", str(db), "--player", " "], input="quit\n")
    assert result.stderr == "error: player name: 1 to 40 characters, got an empty name\n"
    assert not db.exists()  # the name is checked before the file is opened
    saved = tmp_path / "game.json"
    out = play(tmp_path / "other.sqlite3", "--level", "1", "--seed", "1", "--record", str(saved), input="4\nquit\n")
    assert "rating in" not in out.stdout and "unrated" not in out.stdout
    assert not (tmp_path / "other.sqlite3").exists()
    result = CliRunner().invoke(main, ["play", "--load", str(saved), "--level", "1", "--player", "Ann", "--db",
                                       str(db)], input=MOVES)  # fmt: skip
    assert "Ann: this game will not be rated: the game went on from a saved record" in result.stdout
    assert result.stdout.endswith("unrated: the game went on from a saved record\n")
