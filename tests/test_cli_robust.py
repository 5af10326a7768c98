"""Regression tests of the first-contact reports: text that is not ASCII notation, `kofun play --load`, the reason
of an illegal Haniwa move, configuration files that are not UTF-8."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from solver import NotationError
from solver.cli import main
from solver.games import get_game
from solver.games.base import check_notation_text
from solver.play.match import first_deal
from solver.play.record import GameRecord


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


# --- text that is not ASCII ------------------------------------------------------------------------------------


def test_full_width_digits_are_a_notation_error() -> None:
    result = run("best-move", "c4", "\uff11\uff12", "--depth", "1")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        "error: position: column 1: '\uff11' (U+FF11) is not ASCII (notation is ASCII); type '1' instead"
    )


def test_bytes_that_are_not_utf8_are_named() -> None:
    with pytest.raises(NotationError, match="column 2: the byte 0xff is not UTF-8 text"):
        check_notation_text("4\udcff")
    assert check_notation_text("4453") == "4453"


def test_play_rejects_a_full_width_move_and_goes_on() -> None:
    result = run("play", "c4", "--seed", "1", "--level", "1", input="\uff14\n4\nquit\n")
    assert result.exit_code == 0, result.output
    assert "rejected: move: column 1: '\uff14' (U+FF14) is not ASCII" in result.stdout
    assert "AI plays" in result.stdout


def test_config_file_that_is_not_utf8_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"[engine]\nalgo = '\xff'\n")
    result = run("best-move", "c4", "--config", str(bad), "--depth", "1")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == f"error: config file {bad}: not UTF-8 text"


# --- haniwa: the reason of an illegal move -------------------------------------------------------------------


def test_haniwa_illegal_move_says_why() -> None:
    game = get_game("haniwa")
    state = first_deal(game, game.check_options({}), 1)
    view = game.observe(state, int(state.to_move()))
    legal = [state.move_to_string(m) for m in state.legal_moves()]
    hand = {m[:2] for m in legal if not m.startswith(("+", "-"))}
    missing = next(f"{c}{n}" for c in "RBGY" for n in "123" if f"{c}{n}" not in hand)
    with pytest.raises(ValueError, match=f"is not legal in this position: {missing} is not in your hand"):
        game.input_moves(view, f"{missing}a1")
    with pytest.raises(ValueError, match="taking a Kofun tile is not possible now"):
        game.input_moves(view, "+Y")


# --- kofun play --load -----------------------------------------------------------------------------------------


def finish_c4() -> str:
    return "".join(f"{c}\n" for _ in range(8) for c in "1234567")


def test_load_resumes_a_saved_game_and_finishes_it(tmp_path: Path) -> None:
    saved, resumed = tmp_path / "saved.json", tmp_path / "resumed.json"
    first = run("play", "c4", "--seed", "5", "--level", "1", "--record", str(saved), input="4\n3\nquit\n")
    assert first.exit_code == 0, first.output
    rec = GameRecord.load(saved)
    assert not rec.finished and len(rec.moves) == 4
    again = run("play", "--load", str(saved), "--level", "1", "--record", str(resumed), input=finish_c4())
    assert again.exit_code == 0, again.output
    assert "resuming connect4 (seed 5) after 4 moves" in again.stdout
    assert "result: " in again.stdout
    done = GameRecord.load(resumed)
    assert done.finished and done.seed == 5 and done.game == "connect4"
    assert done.moves[:4] == rec.moves and done.start == rec.start
    assert done.final == "".join(done.moves)  # the whole game, from the original start
    assert [a["kind"] for a in done.agents] == [a["kind"] for a in rec.agents]


def test_load_a_hidden_information_game_keeps_the_deal_and_seat(tmp_path: Path) -> None:
    saved, resumed = tmp_path / "saved.json", tmp_path / "resumed.json"
    game = get_game("koikoi")
    start = first_deal(game, game.check_options({}), 9)
    move = sorted(start.move_to_string(m) for m in start.legal_moves())[0]
    first = run("play", "koikoi", "--seed", "9", "--time", "0.02", "--record", str(saved), input=f"{move}\nquit\n")
    assert first.exit_code == 0, first.output
    rec = GameRecord.load(saved)
    assert rec.moves and rec.moves[0] == move
    again = run("play", "koikoi", "--load", str(saved), "--time", "0.02", "--record", str(resumed), input="quit\n")
    assert again.exit_code == 0, again.output
    done = GameRecord.load(resumed)
    assert done.start == rec.start == game.notation(start)
    assert done.moves[: len(rec.moves)] == rec.moves
    assert done.agents[0]["kind"] == rec.agents[0]["kind"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"finished": True}, "the game is over"),
        ({"agents": [{"name": "a", "kind": "search"}, {"name": "b", "kind": "search"}]}, "not a game of one person"),
        ({"moves": ["4", "9"]}, "move 2 '9'"),
    ],
)
def test_load_refuses_a_record_it_cannot_resume(tmp_path: Path, change: dict[str, object], message: str) -> None:
    saved = tmp_path / "saved.json"
    assert run("play", "c4", "--seed", "5", "--level", "1", "--record", str(saved), input="4\nquit\n").exit_code == 0
    data = json.loads(saved.read_text())
    for key, value in change.items():
        if key in ("finished", "moves"):
            data["deals"][0][key] = value
        else:
            data[key] = value
    saved.write_text(json.dumps(data))
    result = run("play", "--load", str(saved))
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: game record ") and message in result.stderr.splitlines()[0]


def test_load_errors_are_one_line(tmp_path: Path) -> None:
    saved = tmp_path / "saved.json"
    assert run("play", "c4", "--seed", "5", "--level", "1", "--record", str(saved), input="quit\n").exit_code == 0
    for args, message in [
        (["play", "--load", str(tmp_path / "missing.json")], "No such file"),
        (["play", "sensei", "--load", str(saved)], "a game of connect4, not sensei"),
        (["play", "c4", "4", "--load", str(saved)], "--load: the record gives"),
        (["play"], "Missing argument 'GAME'"),
    ]:
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith("error: ") and message in result.stderr.splitlines()[0], result.stderr


def test_load_resumes_a_match_of_several_deals(tmp_path: Path) -> None:
    saved = tmp_path / "saved.json"
    result = run(
        "play", "koikoi", "--rule", "rounds=3", "--seed", "3", "--level", "1", "--ai-first", "--record", str(saved),
        input="quit\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    first = json.loads(saved.read_text())
    assert first["planned_deals"] == 3 and not first["finished"]
    again = run("play", "--load", str(saved), "--record", str(saved), input="quit\n")
    assert again.exit_code == 0, again.output
    moves = len(first["deals"][0]["moves"])
    assert f"resuming koikoi (seed 3) after {moves} moves" in again.stdout
    assert json.loads(saved.read_text())["deals"][0]["moves"][:moves] == first["deals"][0]["moves"]


@pytest.mark.parametrize(
    ("path", "message"), [("", "an empty file name"), ("/", "is a directory"), ("/no/x.json", "does not exist")]
)
def test_record_path_that_cannot_be_written_is_refused_before_the_game(path: str, message: str) -> None:
    result = run("play", "c4", "--seed", "1", "--record", path, input="4\nquit\n")
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: Invalid value for '--record'") and message in result.stderr
    assert "your move" not in result.stdout  # refused before the game, not after it


def test_analyse_with_a_depth_below_two_and_another_budget() -> None:
    """Found by the CLI fuzzer: --depth 1 with --time (or --nodes) left no pass to run (an AssertionError)."""
    from click.testing import CliRunner

    from solver.cli import main

    result = CliRunner().invoke(main, ["analyse", "c4", "--nodes", "50", "--depth", "1", "--time", "0.2"])
    assert result.exit_code == 0, result.output
    assert "best move: " in result.stdout and "depth 2" in result.stdout


def _cli(*args: str, stdin: str | None = None) -> Any:
    from click.testing import CliRunner

    from solver.cli import main

    return CliRunner().invoke(main, list(args), input=stdin)


def test_version_and_the_games_list() -> None:
    import solver

    assert _cli("--version").stdout == f"kofun, version {solver.__version__}\n"
    games = _cli("games").stdout
    assert "connect4 — Connect Four (7x6) (also: c4)" in games
    assert "  --rule preset=seed [seed | nintendo]  base rule set" in games
    assert "  --rule players=2 [1 | 2 | 4]" in games


def test_play_refuses_an_algorithm_the_game_cannot_use_before_the_first_move() -> None:
    result = _cli("play", "sensei", "--algo", "pimc", stdin="a1-a3\n")
    assert result.exit_code == 2 and "your move" not in result.stdout
    assert result.stderr.startswith("error: algo: sensei has no hidden information")


def test_play_deals_a_new_game_each_time_and_prints_the_seed_to_replay_it() -> None:
    outs = [_cli("play", "koikoi", "--level", "1", stdin="quit\n").stdout for _ in range(3)]
    seeds = [out.splitlines()[0] for out in outs]
    assert all(s.startswith("seed: ") and "(replay this deal with --seed " in s for s in seeds)
    assert len(set(seeds)) == 3  # three new deals
    seed = seeds[0].split()[1]
    again = _cli("play", "koikoi", "--level", "1", "--seed", seed, stdin="quit\n").stdout
    assert again.splitlines() == outs[0].splitlines()[1:]  # the same deal, the same screens


def test_koikoi_play_describes_captures_and_the_stock_card_once_per_move() -> None:
    args = ("play", "koikoi", "--seed", "5", "--ai-first", "--algo", "ismcts", "--level", "4")  # 1,855 iterations
    out = _cli(*args, stdin="play 2c2\nquit\n").stdout
    ai = next(line for line in out.splitlines() if line.startswith("AI plays play 2c1"))
    assert ai.endswith(
        "captures 2a (Bush warbler), 2c1 (Plum chaff), 3b (Curtain), 3c1 (Cherry chaff); "
        "stock card turned over: 3b (Curtain)"
    )
    assert "your move play 2c2: stock card turned over: 7a (Boar)" in out
    assert out.count("result: ") == 0  # abandoned: no result line


def test_colour_only_on_a_terminal_without_no_color_and_the_last_move_named() -> None:
    from solver.cli.play import use_colour

    assert use_colour(True, {}) and not use_colour(True, {"NO_COLOR": "1"}) and not use_colour(False, {})
    out = _cli(
        "play", "c4", "--algo", "alphabeta", "--level", "4", "--seed", "1", stdin="9\n4\nquit\n"
    ).stdout  # 6,087 nodes
    assert "\x1b[" not in out  # piped: plain text
    assert "rejected: connect4 move: expected one column digit 1-7, got '9'" in out
    assert "AI plays 3 " in out and "\nlast move: O 3\n" in out


@pytest.mark.parametrize(
    ("args", "first_line"),
    [
        (["best-move", "c4", "--time", "nan"], "error: --time: must be a finite number, got nan"),
        (["selfplay", "c4", "--time", "inf"], "error: --time: must be a finite number, got inf"),
        (["best-move", "c4", "--nodes", "-5"], "error: --nodes: must be >= 1, got -5"),
        (["best-move", "c4", "--depth", "-1"], "error: --depth: must be >= 1, got -1"),
        (["best-move", "c4", "--seed", "99999999999999999999999"], "error: Invalid value for '--seed': "),
        (["play", "c4", "--seed", "-1"], "error: Invalid value for '--seed': "),
        (["selfplay", "c4", "--games", "0"], "error: Invalid value for '--games': "),
        (["play", "c4", "--level", "9"], "error: Invalid value for '--level': "),
    ],
)
def test_bad_numbers_are_one_line_errors_never_hangs(args: list[str], first_line: str) -> None:
    result = _cli(*args, stdin="quit\n")
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines()[0].startswith(first_line), result.stderr
