"""The kofun command line on Connect Four: every command, JSON output, errors with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from solver.cli import main
from solver.rating.levels import unrated_budget

EMPTY_BOARD = "\n".join([". . . . . . ."] * 6 + ["1 2 3 4 5 6 7"])
WIN_TEXT = "win for X, score +18 (X wins with stone 4, in 1 ply)"


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def ok(*args: str, input: str | None = None) -> Result:
    result = run(*args, input=input)
    assert result.exit_code == 0, result.output
    return result


def fails(*args: str, message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr == f"error: {message}\n"
    assert "Traceback" not in result.output


# best-move -------------------------------------------------------------------------------------------------


def test_best_move_finds_the_immediate_win() -> None:
    out = ok("best-move", "connect4", "121212", "--depth", "4").stdout
    lines = out.splitlines()
    assert lines[0].startswith("depth  1  value ")  # live progress first, then the board
    board = lines.index(". . . . . . .")
    assert lines[board : board + 7] == [". . . . . . ."] * 3 + ["X O . . . . ."] * 3 + ["1 2 3 4 5 6 7"]
    assert "position: 121212   to move: X" in lines
    assert "best move: 1" in lines
    assert f"value: {WIN_TEXT}" in lines
    assert "pv: 1" in lines
    table = lines[lines.index("  move   value  nodes  proof") + 1 :]
    assert table[0].split()[0] == "1" and table[0].endswith(WIN_TEXT)
    assert sorted(row.split()[0] for row in table[:7]) == list("1234567")


def test_best_move_prints_a_progress_line_per_iteration_when_not_on_a_terminal() -> None:
    out = ok("best-move", "c4", "4453", "--depth", "3").stdout
    progress = [line for line in out.splitlines() if line.startswith("depth ")]
    assert progress and progress[-1].startswith("depth  3  value ")
    assert " pv " in progress[-1]


def test_best_move_json() -> None:
    out = ok("best-move", "c4", "121212", "--depth", "4", "--json").stdout
    d = json.loads(out)  # one JSON object and nothing else on stdout
    score = d["score"]
    assert (d["best_move"], score["kind"], score["plies"], d["pv"], d["value_text"]) == ("1", "win", 1, ["1"], WIN_TEXT)
    assert score["value"] > 0
    assert (d["game"], d["position"], d["algo"], d["to_move"]) == ("connect4", "121212", "alphabeta", 0)
    assert len(d["moves"]) == 7 and d["moves"][0]["move"] == "1"
    for key in ("nodes", "depth", "time_s", "nps"):
        assert key in d


def test_best_move_with_mcts_and_a_seed_is_reproducible() -> None:
    args = ("best-move", "c4", "4453", "--algo", "mcts", "--nodes", "3000", "--seed", "5", "--json")
    a, b = json.loads(ok(*args).stdout), json.loads(ok(*args).stdout)
    assert a["algo"] == "mcts" and a["nodes"] == b["nodes"] == 3000
    assert (a["best_move"], a["moves"]) == (b["best_move"], b["moves"])


def test_best_move_from_the_start_position() -> None:
    d = json.loads(ok("best-move", "c4", "--depth", "2", "--json").stdout)
    assert d["position"] == "-" and d["to_move"] == 0 and d["depth"] == 2


# analyse ---------------------------------------------------------------------------------------------------


def test_analyse_lists_all_seven_moves_best_first() -> None:
    out = ok("analyse", "c4", "121212", "--depth", "4").stdout
    lines = out.splitlines()
    start = lines.index("  move   value  nodes  proof") + 1
    rows = lines[start : start + 7]
    assert [r.split()[0] for r in rows[:2]] == ["1", "2"]
    assert sorted(r.split()[0] for r in rows) == list("1234567")
    assert rows[0].endswith(WIN_TEXT)
    assert all(r.endswith("loss for X, score -18 (O wins with stone 4, in 2 plies)") for r in rows[2:])
    assert "best move: 1" in lines


def test_analyse_json() -> None:
    d = json.loads(ok("analyse", "c4", "445", "--depth", "8", "--json").stdout)
    assert len(d["moves"]) == 7
    assert {m["move"] for m in d["moves"][:2]} == {"3", "6"}
    assert [m["score"]["kind"] for m in d["moves"]] == ["eval", "eval"] + ["loss"] * 5
    assert d["best_move"] in ("3", "6")


# perft -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("depth", "count"), [(1, 7), (4, 2401), (6, 117649)])
def test_perft(depth: int, count: int) -> None:
    assert ok("perft", "c4", "--depth", str(depth)).stdout.splitlines()[0] == f"perft {depth}: {count}"


def test_perft_divide_from_a_position() -> None:
    lines = ok("perft", "c4", "111111", "--depth", "2", "--divide").stdout.splitlines()
    assert lines[0].split() == ["move", "count"]
    assert [line.split() for line in lines[1:7]] == [[str(c), "6"] for c in range(2, 8)]
    assert lines[7] == "perft 2: 36"


# bench -----------------------------------------------------------------------------------------------------


def test_bench_prints_the_same_signature_twice() -> None:
    first, second = ok("bench").stdout.splitlines(), ok("bench").stdout.splitlines()
    sig = [line for line in first if line.startswith("signature: ")]
    assert len(sig) == 1
    total = int(sig[0].removeprefix("signature: "))
    rows = [line.split() for line in first[1:] if line.startswith(("  connect4/", "  sensei/"))]
    assert len(rows) >= 4 and sum(int(r[3]) for r in rows) == total
    assert f"total nodes: {sum(int(r[1]) for r in rows)}" in first
    assert sig == [line for line in second if line.startswith("signature: ")]


# new -------------------------------------------------------------------------------------------------------


def test_new_prints_the_empty_position() -> None:
    assert ok("new", "connect4").stdout == f"-\n\n{EMPTY_BOARD}\n"
    assert ok("new", "c4", "--seed", "3").stdout == f"-\n\n{EMPTY_BOARD}\n"


# play ------------------------------------------------------------------------------------------------------


def test_play_rejects_illegal_input_and_continues() -> None:
    script = "9\nmoves\nhelp\nundo\n4\nundo\nquit\n"
    out = ok("play", "c4", "--level", "1", input=script).stdout
    assert "You play X. Type 'help' for the commands." in out
    assert "rejected: connect4 move: expected one column digit 1-7, got '9'" in out
    assert "legal moves: 1, 2, 3, 4, 5, 6, 7" in out
    assert "undo     take back your last move" in out
    assert "nothing to undo" in out
    assert out.count("AI plays ") == 1  # after "4", then the undo took both moves back
    assert "move taken back" in out
    assert out.rstrip().endswith("game abandoned at position -")


def test_play_full_column_and_a_human_win() -> None:
    out = ok("play", "c4", "2111111", "--level", "1", input="1\n3\n").stdout  # O to move is the human here
    assert "You play O." in out  # the human moves first from this position
    assert "rejected: connect4 move 1: column is full" in out
    assert "AI plays " in out
    out = ok("play", "c4", "121212", input="1\n").stdout
    assert "result: X wins (you win)" in out
    assert out.rstrip().endswith("final position: 1212121")


def test_play_ai_first_blocks_and_wins() -> None:
    out = ok("play", "c4", "12121", "--ai-first", "--level", "4", input="quit\n").stdout
    assert "You play X." in out and "AI plays 1 " in out
    out = ok("play", "c4", "121212", "--ai-first", "--time", "0.5").stdout
    assert f"AI plays 1 ({WIN_TEXT})" in out
    assert "result: X wins (the AI wins)" in out


def test_play_end_of_input_leaves_the_game() -> None:
    out = ok("play", "c4", "44", "--level", "1", input="").stdout
    assert out.rstrip().endswith("game abandoned at position 44")


def test_play_levels_without_a_ladder_are_fixed_budgets() -> None:
    # 16 nodes to full strength (2^24), evenly in log budget: 16 * 2^(20 k / 7)
    budgets = [unrated_budget("c4", {}, n)["nodes"] for n in range(1, 9)]
    assert budgets == [16, 116, 840, 6087, 44102, 319557, 2315444, 16777216]


# selfplay --------------------------------------------------------------------------------------------------


def test_selfplay_json_counts_add_up_and_colours_alternate() -> None:
    d = json.loads(ok("selfplay", "c4", "--games", "4", "--depth", "2", "--seed", "1", "--json").stdout)
    assert d["games"] == 4 == d["wins"] + d["draws"] + d["losses"]
    assert [r["a_player"] for r in d["records"]] == [0, 1, 0, 1]
    # identical engines: both games of a pair (same opening, colours swapped) are the same game
    assert d["records"][0]["moves"] == d["records"][1]["moves"]
    assert d["records"][2]["moves"] == d["records"][3]["moves"]
    assert d["wins"] == d["losses"]
    assert d["score"] == 0.5
    lo, hi = d["ci95"]
    assert 0.0 <= lo <= 0.5 <= hi <= 1.0
    for r in d["records"]:
        assert r["final"] == "".join(r["moves"])


def test_selfplay_text_summary() -> None:
    out = ok("selfplay", "c4", "--games", "2", "--nodes", "2000", "--algo-a", "mcts", "--seed", "3").stdout
    lines = out.splitlines()
    assert lines[0] == "A: mcts   B: alphabeta"
    summary = lines[1]
    assert summary.startswith("2 games: A won ")
    numbers = [int(w.rstrip(",;")) for w in summary.split() if w.rstrip(",;").isdigit()]
    assert numbers[0] == 2 and sum(numbers[1:4]) == 2


# configuration and errors ----------------------------------------------------------------------------------


def test_config_file_and_flags(tmp_path: Path) -> None:
    cfg = tmp_path / "kofun.toml"
    cfg.write_text("[engine]\ndepth = 5\n\n[rules.connect4]\n")
    assert json.loads(ok("best-move", "c4", "4453", "--config", str(cfg), "--json").stdout)["depth"] == 5
    d = json.loads(ok("best-move", "c4", "4453", "--config", str(cfg), "--depth", "3", "--json").stdout)
    assert d["depth"] == 3


def test_bad_input_prints_an_error_and_exits_with_status_2(tmp_path: Path) -> None:
    fails(
        "best-move",
        "c4",
        "12a",
        "--depth",
        "2",
        message="connect4 position, character 3: expected a column digit 1-7, got 'a'",
    )
    fails(
        "best-move",
        "chess",
        message="unknown game 'chess' (known games: connect4 (c4), haniwa, honshu, koikoi (hanafuda), ohanami, sensei)",
    )
    fails("best-move", "c4", "1212121", "--depth", "2", message="the game is over: there is no move to search")
    fails("analyse", "c4", "1212121", message="the game is over: there is no move to analyse")
    fails("new", "c4", "--rule", "width=8", message="connect4: unknown rule option 'width' (known options: none)")
    fails("perft", "c4", "--depth", "1", "--rule", "width", message="--rule 'width': expected KEY=VALUE")
    fails("best-move", "c4", "--threads", "0", message="--threads: must be >= 1, got 0")
    fails("selfplay", "c4", "--time", "0", message="--time: must be > 0, got 0")
    missing = tmp_path / "nope.toml"
    fails("new", "c4", "--config", str(missing), message=f"config file {missing}: not found")
    bad = tmp_path / "bad.toml"
    bad.write_text("[engine]\nthreads = 0\n")
    fails("best-move", "c4", "--config", str(bad), message=f"config file {bad}: engine.threads: must be >= 1, got 0")
    rules = tmp_path / "rules.toml"
    rules.write_text("[rules.connect4]\nrows = 7\n")
    fails(
        "perft",
        "c4",
        "--depth",
        "1",
        "--config",
        str(rules),
        message=f"config file {rules}: rules.connect4.rows: connect4: unknown rule option 'rows' (known options: none)",
    )


def test_usage_errors_also_exit_with_status_2() -> None:
    result = run("play", "c4", "--time", "1", "--level", "2")
    assert result.exit_code == 2 and "give either --time or --level, not both" in result.output
    assert run("perft", "c4").exit_code == 2  # --depth is required
    assert run("best-move", "c4", "--algo", "minimax").exit_code == 2


def test_python_dash_m_runs_the_cli() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "solver", "new", "c4"],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).parent.parent,
    )
    assert proc.returncode == 0 and proc.stdout == f"-\n\n{EMPTY_BOARD}\n"
    proc = subprocess.run(
        [sys.executable, "-m", "solver", "new", "go"],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).parent.parent,
    )
    assert (
        proc.returncode == 2
        and proc.stderr
        == "error: unknown game 'go' (known games: connect4 (c4), haniwa, honshu, koikoi (hanafuda), ohanami, sensei)\n"
    )
    assert proc.stdout == ""
