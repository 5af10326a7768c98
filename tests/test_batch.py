"""The batch runner (solver.batch): journal, resuming, in-process and dask runs, killed workers, a real
``dask scheduler`` / ``dask worker`` pair, and a killed-and-resumed command."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from solver.batch.runner import Journal, Runner, Task, check_scheduler, read_results
from solver.cli import main
from solver.rating.pools import Entry, search_entry
from solver.rating.tournament import play_unit

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def square(x: int) -> dict[str, int]:
    return {"x": x, "square": x * x}


def unit_tasks(n: int, budget: int = 64) -> list[Task]:
    """Connect Four units of random / alpha-beta against alpha-beta (a few ms to a few tenths of a second each)."""
    sides = [asdict(Entry("random", "random")), asdict(search_entry("alphabeta", budget, True))]
    out = []
    for k in range(n):
        spec = {"game": "connect4", "rules": {}, "sides": sides, "seed": 1000 + k, "opening_plies": 2}
        out.append(Task(f"unit/{k}", play_unit, (spec,)))
    return out


def records(results: dict[str, Any]) -> dict[str, Any]:
    """The game records and points of unit results (their timings differ from run to run)."""
    return {k: (r["records"], r["points"]) for k, r in results.items()}


def test_journal_resume_torn_line_duplicates_and_another_job(tmp_path: Path) -> None:
    path = tmp_path / "jobs.jsonl"
    tasks = [Task(f"t/{i}", square, (i,)) for i in range(5)]
    journal = Journal(path, {"job": "squares"})
    seen: list[str] = []
    Runner().run(tasks[:3], journal, lambda k, r: seen.append(k))
    assert seen == ["t/0", "t/1", "t/2"]
    with path.open("a") as f:  # a duplicate and a line cut short by a killed run
        f.write(json.dumps({"task": "t/1", "result": {"x": -1}}) + "\n" + '{"task": "t/3", "res')
    with pytest.raises(ValueError, match="exists; pass --resume"):
        Journal(path, {"job": "squares"})
    with pytest.raises(ValueError, match="written by another job"):
        Journal(path, {"job": "cubes"}, resume=True)
    again = Journal(path, {"job": "squares"}, resume=True)
    assert sorted(again.done) == ["t/0", "t/1", "t/2"] and again.done["t/1"]["x"] == 1  # the first counts
    seen.clear()
    results = Runner().run(tasks, again, lambda k, r: seen.append(k))
    assert seen == ["t/3", "t/4"]  # only what was missing
    assert results == {f"t/{i}": square(i) for i in range(5)}
    header, done = read_results(path)
    assert header == {"job": "squares"} and done == results


def test_bad_runner_settings_are_value_errors() -> None:
    for address in ("localhost:8786", "tcp://", "tcp://host", "tcp://host:0", "http://host:1"):
        with pytest.raises(ValueError, match=r"scheduler: .* is not an address like tcp://HOST:PORT"):
            check_scheduler(address)
    with pytest.raises(ValueError, match="jobs"):
        Runner(0)
    with pytest.raises(ValueError, match="either jobs or a scheduler"):
        Runner(2, "tcp://127.0.0.1:8786")
    with pytest.raises(ValueError, match="same key"):
        Runner().run([Task("a", square, (1,)), Task("a", square, (2,))])


def test_local_cluster_of_two_workers_gives_the_records_of_one_process() -> None:
    tasks = unit_tasks(6)
    alone = Runner(1).run(tasks)
    with Runner(2) as runner:
        arrived: list[str] = []
        spread = runner.run(tasks, None, lambda k, r: arrived.append(k))
        assert runner.workers == 2
    assert sorted(arrived) == sorted(t.key for t in tasks)
    assert records(spread) == records(alone)


def test_a_killed_worker_and_a_restarted_cluster_lose_nothing() -> None:
    from distributed import LocalCluster

    tasks = unit_tasks(8, budget=1024)
    expected = Runner(1).run(tasks)
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None, silence_logs=40)
    try:
        with Runner(scheduler=cluster.scheduler_address) as runner:
            events: list[str] = []

            def arrived(key: str, result: Any) -> None:
                events.append(key)
                if len(events) == 1:  # a worker process dies mid-run (its nanny starts a new one)
                    pids = runner.client.run(os.getpid)
                    os.kill(sorted(pids.values())[0], signal.SIGKILL)
                    events.append("killed")
                if len(events) == 4:
                    runner.client.restart()  # every worker restarted, the running tasks cancelled
                    events.append("restarted")

            results = runner.run(tasks, None, arrived)
        assert "killed" in events and "restarted" in events
        assert len([e for e in events if e.startswith("unit/")]) == len(tasks)  # each result once
        assert records(results) == records(expected)
    finally:
        cluster.close()


def test_costlier_tasks_start_first_on_a_cluster() -> None:
    """One worker runs one task at a time: the results arrive in the order of the tasks' priorities (highest
    first, ties in the order given), and equal the records of a run in this process."""
    from dataclasses import replace

    from distributed import LocalCluster

    priorities = [1, 5, 0, 3, 5, 2]
    tasks = [replace(t, priority=p) for t, p in zip(unit_tasks(6), priorities, strict=True)]
    cluster = LocalCluster(n_workers=1, threads_per_worker=1, dashboard_address=None, silence_logs=40)
    try:
        with Runner(scheduler=cluster.scheduler_address) as runner:
            arrived: list[str] = []
            results = runner.run(tasks, None, lambda k, r: arrived.append(k))
    finally:
        cluster.close()
    assert arrived == ["unit/1", "unit/4", "unit/3", "unit/5", "unit/0", "unit/2"]
    assert records(results) == records(Runner(1).run(unit_tasks(6)))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_workers(address: str, n: int, timeout: float = 60.0) -> None:
    from distributed import Client

    with Client(address, timeout="30s") as client:
        client.wait_for_workers(n, timeout=timeout)


def test_dask_scheduler_and_workers_as_processes_through_the_command_line(tmp_path: Path) -> None:
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    dask = str(Path(sys.executable).parent / "dask")
    procs = [
        subprocess.Popen(
            [dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
            env=ENV,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    ]
    try:
        for _ in range(2):
            procs.append(
                subprocess.Popen(
                    [dask, "worker", address, "--nthreads", "1", "--no-dashboard"],
                    env=ENV,
                    cwd=tmp_path,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
        wait_for_workers(address, 2)
        args = ["ladder", "c4", "--games", "16", "--max-budget", "64", "--round", "8", "--bootstrap", "10"]
        remote = CliRunner().invoke(main, [*args, "--scheduler", address, "--out", str(tmp_path / "remote.jsonl")])
        assert remote.exit_code == 0, remote.output
        local = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "local.jsonl")])
        assert local.exit_code == 0, local.output
        _, a = read_results(tmp_path / "remote.jsonl")
        _, b = read_results(tmp_path / "local.jsonl")
        assert records(a) == records(b) and len(a) == 8
        ladder = json.loads((tmp_path / "remote.json").read_text())
        assert ladder["runs"][0]["workers"] == 2 and "--scheduler" in ladder["runs"][0]["command"]
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            p.wait(timeout=30)


def test_a_killed_run_resumed_from_its_file_equals_an_uninterrupted_run(tmp_path: Path) -> None:
    """A run killed in the middle leaves the results of the tasks that finished and, at worst, a line cut short;
    the file of such a run is made exactly (the first 8 task lines of a whole run and half of the ninth), with no
    timing involved, and resuming it gives the whole run."""
    args = ["ladder", "c4", "--games", "48", "--max-budget", "256", "--round", "6", "--bootstrap", "20"]
    whole = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "whole.jsonl")])
    assert whole.exit_code == 0, whole.output
    lines = (tmp_path / "whole.jsonl").read_text().splitlines(keepends=True)
    assert len(lines) == 25  # the header and 24 units of 2 games
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:9]) + lines[9][: len(lines[9]) // 2])
    resumed = CliRunner().invoke(main, [*args, "--out", str(cut), "--resume"])
    assert resumed.exit_code == 0, resumed.output
    _, a = read_results(cut)
    _, b = read_results(tmp_path / "whole.jsonl")
    assert records(a) == records(b)
    assert len(cut.read_text().splitlines()) == len(b) + 1  # nothing counted twice
    fit_a = json.loads((tmp_path / "cut.json").read_text())
    fit_b = json.loads((tmp_path / "whole.json").read_text())
    assert [lv["rating"] for lv in fit_a["levels"]] == [lv["rating"] for lv in fit_b["levels"]]


def test_experiment_selfplay_and_solo_estimate_resume_from_their_results_files(tmp_path: Path) -> None:
    from solver.games.haniwa.solo import PolicySettings, estimate
    from solver.play.experiments import run_experiment

    out = str(tmp_path / "exp.jsonl")
    first = run_experiment("koikoi", "random", 2, 30, seed=3, out=out)
    again = run_experiment("koikoi", "random", 3, 30, seed=3, out=out, resume=True)  # extended by one unit
    assert again.diffs[: len(first.diffs)] == first.diffs and len(again.diffs) == 6
    assert again.diffs == run_experiment("koikoi", "random", 3, 30, seed=3).diffs
    solo = str(tmp_path / "solo.jsonl")
    fast = PolicySettings(samples=2, candidates=2)
    a = estimate(2, seed=4, policy=fast, solver_nodes=500, out=solo, dual_nodes=500)
    b = estimate(3, seed=4, policy=fast, solver_nodes=500, out=solo, resume=True, dual_nodes=500)
    assert b.deals[:2] == a.deals  # read back from the file, timings included: nothing recomputed
    sp = str(tmp_path / "sp.jsonl")
    args = ["selfplay", "c4", "--games", "4", "--depth", "2", "--json", "--out", sp]
    one = json.loads(CliRunner().invoke(main, args).output)
    two = json.loads(CliRunner().invoke(main, [*args, "--resume"]).output)
    assert one["records"] == two["records"]
    fails = CliRunner().invoke(main, args)
    assert fails.exit_code == 2 and "exists; pass --resume" in fails.output
