"""Output files, interrupts and clusters: every output path is checked before the work starts, a computed summary
survives a failed plot, --resume of nothing is refused, a given scheduler is always used, Ctrl-C reports what
finished, progress shows in a log, perft hears Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

import solver.games.haniwa.solo
from solver.batch.runner import BatchInterrupted, Runner, Task
from solver.cli import main
from solver.cli.common import ProgressLines, check_output
from solver.play import experiments
from solver.rating import tournament

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def run(*args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(main, list(args), input=input)


# --- one check for every output path ----------------------------------------------------------------------


def test_check_output(tmp_path: Path) -> None:
    assert check_output(None, "--out") is None
    assert check_output(str(tmp_path / "a.jsonl"), "--out") == str(tmp_path / "a.jsonl")
    assert check_output(str(tmp_path / "plot"), "--plot", ".png") == str(tmp_path / "plot.png")
    assert check_output(str(tmp_path / "plot.svg"), "--plot", ".png") == str(tmp_path / "plot.svg")
    assert not (tmp_path / "a.jsonl").exists()  # checking writes nothing
    (tmp_path / "file").write_text("x")
    cases = [
        (str(tmp_path / "missing" / "x.png"), "the folder", "does not exist"),
        (str(tmp_path), "is a folder, not a file", ""),
        (str(tmp_path / "file" / "x.png"), "the folder", "is not a folder"),
        ("/proc/version", "cannot be written", ""),
        ("  ", "an empty file name", ""),
    ]
    for path, first, second in cases:
        with pytest.raises(click.BadParameter) as e:
            check_output(path, "--plot")
        assert first in e.value.format_message() and second in e.value.format_message()


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (["ladder", "c4", "--games", "8", "--plot", "missing-dir/x.png"], "--plot"),
        (["ladder", "c4", "--games", "8", "--ratings", "missing-dir/x.json"], "--ratings"),
        (["ladder", "c4", "--games", "8", "--out", "missing-dir/x.jsonl"], "--out"),
        (["selfplay", "c4", "--games", "2", "--records", "missing-dir/r.jsonl"], "--records"),
        (["selfplay", "c4", "--games", "2", "--out", "missing-dir/r.jsonl"], "--out"),
        (["experiment", "koikoi", "--games", "1", "--records", "missing-dir/r.jsonl"], "--records"),
        (["experiment", "koikoi", "--games", "1", "--out", "missing-dir/r.jsonl"], "--out"),
        (["haniwa", "solo", "estimate", "--deals", "1", "--plot", "missing-dir/x.png"], "--plot"),
        (["haniwa", "solo", "estimate", "--deals", "1", "--out", "missing-dir/x.jsonl"], "--out"),
        (["play", "c4", "--record", "missing-dir/g.json"], "--record"),
    ],
)
def test_unwritable_outputs_fail_before_any_work(args: list[str], flag: str, tmp_path: Path) -> None:
    start = time.perf_counter()
    out = CliRunner().invoke(main, args, input="4\n")
    assert out.exit_code == 2, out.output
    assert out.output.startswith(f"error: Invalid value for '{flag}': 'missing-dir/")
    assert "the folder 'missing-dir' does not exist" in out.output and "Traceback" not in out.output
    assert "You play" not in out.output and "games:" not in out.output  # nothing was played
    assert time.perf_counter() - start < 20


def test_a_failed_plot_keeps_the_summary(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from solver.cli import haniwa as haniwa_cli

    def broken(_est: Any, path: str) -> None:
        raise OSError(f"[Errno 28] No space left on device: {path!r}")

    monkeypatch.setattr(haniwa_cli, "plot_histogram", broken)
    args = ["haniwa", "solo", "estimate", "--deals", "2", "--samples", "2", "--candidates", "2"]
    out = run(*args, "--solver-nodes", "2000", "--dual-nodes", "2000", "--plot", str(tmp_path / "h.png"))
    assert out.exit_code == 1
    assert "Haniwa solo: 2 deals" in out.output and "optimal expected score: between " in out.output
    assert f"error: --plot {tmp_path / 'h.png'}: the histogram could not be written" in out.output
    assert "Traceback" not in out.output


def test_plot_without_a_suffix_is_reported_as_written(tmp_path: Path) -> None:
    args = ["ladder", "c4", "--games", "8", "--max-budget", "16", "--round", "2", "--bootstrap", "10"]
    out = run(*args, "--out", str(tmp_path / "l.jsonl"), "--plot", str(tmp_path / "plot"))
    assert out.exit_code == 0, out.output
    assert (tmp_path / "plot.png").stat().st_size > 1000 and not (tmp_path / "plot").exists()
    assert f"plot: {tmp_path / 'plot.png'}" in out.output


# --- resume, scheduler --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["ladder", "c4", "--games", "8"],
        ["selfplay", "c4", "--games", "2", "--nodes", "10"],
        ["experiment", "koikoi", "--games", "1", "--iterations", "5"],
        ["haniwa", "solo", "estimate", "--deals", "1"],
    ],
)
def test_resume_of_a_missing_file_is_refused(args: list[str], tmp_path: Path) -> None:
    missing = tmp_path / "none.jsonl"
    out = run(*args, "--out", str(missing), "--resume")
    assert out.exit_code == 2, out.output
    assert f"error: nothing to resume: {missing} does not exist (leave out --resume to start a new run)" in out.output
    assert not missing.exists()
    if args[0] != "ladder":  # the ladder has a default results file
        alone = run(*args, "--resume")
        assert alone.exit_code == 2 and "--resume: give the results file to continue (--out FILE)" in alone.output


def test_a_given_scheduler_is_always_used() -> None:
    with pytest.raises(ValueError, match=r"scheduler: cannot connect to tcp://127.0.0.1:1"):
        Runner(scheduler="tcp://127.0.0.1:1", connect_timeout=0.5).run([Task("one", abs, (-1,))])
    with pytest.raises(ValueError, match=r"scheduler: cannot connect"):
        Runner(scheduler="tcp://127.0.0.1:1", connect_timeout=0.5).run([])
    assert Runner().run([Task("one", abs, (-1,))]) == {"one": 1}  # no scheduler: in this process


# --- Ctrl-C: what finished is reported ------------------------------------------------------------------------


def stop_at(n: int, fn: Any) -> Any:
    """`fn`, but the n-th call (from 1) is a Ctrl-C."""
    calls = {"n": 0}

    def wrapped(*args: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == n:
            raise KeyboardInterrupt
        return fn(*args)

    return wrapped


def test_the_runner_hands_over_what_finished() -> None:
    fn = stop_at(3, abs)
    tasks = [Task(f"t/{i}", fn, (-i,)) for i in range(5)]
    with pytest.raises(BatchInterrupted) as e:
        Runner().run(tasks)
    assert e.value.results == {"t/0": 0, "t/1": 1}
    assert isinstance(e.value, KeyboardInterrupt)


def test_experiment_interrupted_reports_the_finished_units(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(experiments, "play_experiment_unit", stop_at(3, experiments.play_experiment_unit))
    out_file = tmp_path / "e.jsonl"
    args = ["experiment", "koikoi", "--games", "4", "--iterations", "5", "--opponent", "random"]
    out = run(*args, "--out", str(out_file))
    assert out.exit_code == 130, out.output
    assert ": 2 deals x 2 seatings = 4 games, seed 0" in out.output
    said = "interrupted after 2 of 4 units; resume with: kofun experiment koikoi --opponent random --games 4"
    assert said in out.output
    assert f"--out {out_file} --resume" in out.output
    assert len(out_file.read_text().splitlines()) == 3  # the header and the two units


def test_ladder_interrupted_reports_its_table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(tournament, "play_unit", stop_at(4, tournament.play_unit))
    args = ["ladder", "c4", "--games", "40", "--max-budget", "16", "--round", "4", "--bootstrap", "10"]
    out = run(*args, "--out", str(tmp_path / "l.jsonl"))
    assert out.exit_code == 130, out.output
    assert "connect4 (standard): 6 games, seed 0" in out.output and "alphabeta-16" in out.output
    assert "interrupted after 6 games; resume with: kofun ladder c4 --games 40" in out.output
    data = json.loads((tmp_path / "l.json").read_text())
    assert data["games"] == 6


def test_solo_estimate_interrupted_reports_the_finished_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solver.games.haniwa.solo, "deal_task", stop_at(3, solver.games.haniwa.solo.deal_task))
    args = ["haniwa", "solo", "estimate", "--deals", "5", "--samples", "2", "--candidates", "2"]
    out = run(*args, "--solver-nodes", "2000", "--dual-nodes", "2000")
    assert out.exit_code == 130, out.output
    assert "Haniwa solo: 2 deals" in out.output
    assert "interrupted after 2 of 5 deals; the finished tasks were not kept (give --out FILE" in out.output


def test_selfplay_interrupted_says_how_to_resume(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import solver.cli.batch as batch_cli

    monkeypatch.setattr(batch_cli, "play_selfplay_game", stop_at(3, batch_cli.play_selfplay_game))
    out = run("selfplay", "c4", "--games", "4", "--nodes", "20", "--out", str(tmp_path / "s.jsonl"))
    assert "2 games: A won " in out.output
    assert "interrupted after 2 of 4 games; resume with: kofun selfplay c4 --games 4 --nodes 20" in out.output


# --- progress in a log ----------------------------------------------------------------------------------------


def test_progress_lines_every_few_seconds() -> None:
    times = iter([0.0, 1.0, 4.0, 10.5, 11.0, 25.0])
    lines: list[str] = []
    p = ProgressLines(4, "experiment", every=10.0, clock=lambda: next(times), write=lines.append)
    for _ in range(4):
        p(1)
    assert lines == ["experiment: 3 of 4 (75%), 10 s, ETA 4 s", "experiment: 4 of 4 (100%), 11 s"]
    p.length = 5
    p(1)
    assert lines[-1] == "experiment: 5 of 5 (100%), 25 s"


def test_progress_lines_of_a_resumed_job_time_only_this_run() -> None:
    times = iter([0.0, 10.0])
    lines: list[str] = []
    p = ProgressLines(1000, "ladder games", every=10.0, clock=lambda: next(times), write=lines.append, start=600)
    p(100)  # 100 games in 10 s: the 300 still to play take 30 s (not the 600 resumed ones' share of the time)
    assert lines == ["ladder games: 700 of 1000 (70%), 10 s, ETA 30 s"]


# --- perft hears Ctrl-C -----------------------------------------------------------------------------------------

#: `kofun` in a child that says "counting" on stdout when perft starts counting (the condition the tests wait for).
#: With `ctrl_c` it first sets SIGINT's handler as at a terminal, whatever it inherited: a test suite run in the
#: background (SIGINT ignored, inherited as SIG_IGN) still sends the child a Ctrl-C that it hears.
CHILD = """
import signal, sys
if sys.argv.pop(1) == "ctrl_c":
    signal.signal(signal.SIGINT, signal.default_int_handler)
import solver.cli.tools as tools
count = tools.counted
def counted(state, depth):
    print("counting", flush=True)
    return count(state, depth)
tools.counted = counted
from solver.cli import main
main(sys.argv[1:], prog_name="kofun")
"""


def perft_child(depth: int, ctrl_c: bool) -> subprocess.Popen[str]:
    """`kofun perft c4 --depth DEPTH` in a child, returned once it is counting (bounded: killed after 60 s)."""
    mode = "ctrl_c" if ctrl_c else "inherited"
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, mode, "perft", "c4", "--depth", str(depth)], env=ENV, cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    watchdog = threading.Timer(60, proc.kill)  # a child that never says it counts ends the wait
    watchdog.start()
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
    finally:
        watchdog.cancel()
    assert line == "counting\n", (line, proc.stderr.read() if proc.stderr else "")
    return proc


def test_perft_stops_on_ctrl_c() -> None:
    proc = perft_child(40, ctrl_c=True)  # a count that takes hours
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "interrupted: perft 40 not finished (0 sequences below 0 of 7 first moves)" in err


def test_a_kofun_started_with_sigint_ignored_keeps_ignoring_it() -> None:
    """As every program started in the background (nohup, `cmd &` in a script): the shell asked for Ctrl-C not to
    stop it, and kofun does not undo that (docs/cli.md)."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # inherited by the child, as from a shell's `&`
        try:
            proc = perft_child(10, ctrl_c=False)  # about 2 s of counting
        finally:
            signal.signal(signal.SIGINT, previous)
    else:  # this suite runs with SIGINT ignored already
        proc = perft_child(10, ctrl_c=False)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    counted = [line for line in out.splitlines() if line != "counting"]
    assert out.count("counting") == 6 and counted[0] == "perft 10: 268031646"  # every first move counted


def test_perft_counts_and_divides() -> None:
    out = run("perft", "c4", "--depth", "4", "--divide")
    assert out.exit_code == 0
    assert out.output.splitlines()[1].split() == ["1", "343"] and "perft 4: 2401" in out.output
