"""``kofun calibrate GAME``: the games of a "played like" calibration — ladder levels against their neighbours,
every game reviewed — on the batch runner (``--jobs``, ``--scheduler``, ``--out`` / ``--resume``), then the
calibration fitted on them (``--write``) or, on held-out games of another seed, its coverage checked (``--check``).
See :mod:`solver.review.calibration` and docs/review.md ("Played like")."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from ..batch.runner import BatchInterrupted, Journal
from ..report.table import format_table
from ..review import DEFAULT_RUNS, ReviewSettings
from ..review.calibrate import MAX_BUDGET, check_job, cost_of, fit_job, job_for, samples_of
from ..review.calibration import Calibration, level_table
from .batch import make_runner, runner_options
from .common import SEED, check_output, check_resume, command_line, echo_err, progress, resume_command, setup


@click.command("calibrate")
@click.argument("game")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE", help="A rule option (selects the rated mode).")
@click.option(
    "--games-per-level",
    "games",
    type=click.IntRange(1, 1_000_000),
    default=20,
    help="Games between each pair of neighbouring levels (rounded up to whole paired units).",
)
@click.option("--seed", type=SEED, default=2, help="Seed of the games (not the ladder's own, 1).")
@click.option(
    "--max-budget", type=click.IntRange(1, 2**40), default=MAX_BUDGET, help="Search levels up to this budget."
)
@click.option(
    "--levels",
    "level_names",
    default=None,
    metavar="A,B,...",
    help="These ladder levels instead, weakest first (each plays its neighbours in this order).",
)
@click.option("--nodes", type=click.IntRange(1, 10**9), default=None, help="Review budget (default: the review's).")
@click.option(
    "--runs", type=click.IntRange(1, 64), default=DEFAULT_RUNS, help="Review runs of a hidden-information decision."
)
@runner_options
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default=None, help="Results file (JSON lines).")
@click.option(
    "--write",
    "write_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Where to write the fitted calibration (default: the results file with .json).",
)
@click.option(
    "--check",
    "check_path",
    type=click.Path(dir_okay=False, exists=True),
    default=None,
    help="Held-out games: check this calibration's coverage on them (recorded in its 'validation') instead.",
)
def calibrate_cmd(
    game: str,
    rules: Sequence[str],
    games: int,
    seed: int,
    max_budget: int,
    level_names: str | None,
    nodes: int | None,
    runs: int,
    jobs: int,
    scheduler: str | None,
    resume: bool,
    out_path: str | None,
    write_path: str | None,
    check_path: str | None,
) -> None:
    """Play and review the games of a "played like" calibration of GAME's rated mode: each pair of neighbouring
    ladder levels (random, greedy, the searches up to --max-budget) plays --games-per-level games, every game is
    reviewed, and rating against mean loss per decision is fitted (a monotone curve and an interval that narrows
    with the number of decisions). With --check, the games are held out: the share of them whose interval holds
    the level's rating.

    Example: kofun calibrate c4 --levels random,alphabeta-16 --games-per-level 2 --nodes 2000"""
    out = check_output(out_path, "--out")
    check_resume(resume, out)
    if write_path is not None and check_path is not None:
        raise click.UsageError("give --write (fit these games) or --check (held-out games), not both")
    default = str(Path(out).with_suffix(".json")) if out is not None else None
    write = None if check_path else check_output(write_path or default, "--write")
    s = setup(game, None, None, rules)
    settings = ReviewSettings(nodes=nodes, runs=runs)
    names = [n.strip() for n in level_names.split(",") if n.strip()] if level_names else None
    job = job_for(s.game.name, s.options, seed, settings, max_budget, names)
    cal = Calibration.load(check_path) if check_path is not None else None
    if cal is not None and (cal.game, cal.mode) != (job.game, job.mode):
        raise ValueError(f"--check: {check_path} calibrates {cal.game} ({cal.mode}), not {job.game} ({job.mode})")
    journal = Journal(out, job.header(), resume) if out is not None else None
    tasks = job.tasks(games)
    start = time.monotonic()
    done = sum(t.key in journal.done for t in tasks) if journal is not None else 0
    echo_err(
        f"calibrate {job.game} ({job.mode}): {len(job.levels)} levels ({', '.join(lv.name for lv in job.levels)}), "
        f"{len(tasks)} units ({done} in {out or 'no results file'})"
    )
    with progress(len(tasks) - done, "calibration units") as advance, make_runner(jobs, scheduler) as runner:
        try:
            results = runner.run(tasks, journal, lambda _k, _r: advance(1))
        except BatchInterrupted:
            echo_err(f"interrupted; {resume_command(out)}")
            raise click.Abort() from None
    command = command_line()
    cost = cost_of(results)
    click.echo(_levels_text(job, results))
    click.echo(
        f"{cost.games} games, {cost.decisions:.1f} decisions per seat; CPU {cost.play_s:.1f} s playing, "
        f"{cost.review_s:.1f} s reviewing: {cost.per_game:.2f} s per game ({time.monotonic() - start:.1f} s wall "
        "time this run)"
    )
    if cal is not None and check_path is not None:
        cal.validation = check_job(cal, job, results, command)
        cal.save(check_path)
        click.echo(_coverage_text(cal.validation))
        click.echo(f"validation recorded in {check_path}")
        return
    fitted = fit_job(job, results, command)
    click.echo(_curve_text(fitted))
    if write is not None:
        fitted.save(write)
        click.echo(f"calibration: {write}")


def _levels_text(job: Any, results: dict[str, Any]) -> str:
    rows = [
        [r["name"], f"{r['rating']:.0f}", r["samples"], f"{r['decisions']:.1f}", f"{r['median_loss']:.2f}"]
        for r in level_table(samples_of(results, job.ratings()))
    ]
    headers = ["level", "rating", "seats", "decisions", "median mean loss"]
    return format_table(headers, rows, right=[False, True, True, True, True])


def _curve_text(cal: Calibration) -> str:
    points = ", ".join(f"{x:.2f} -> {y:.0f}" for x, y in zip(cal.curve_loss, cal.curve_rating, strict=True))
    return (
        f"curve (mean loss -> rating): {points}\n"
        f"interval: ± {cal.z:.2f} sd(n), sd(n) = sqrt({cal.a:.0f} + {cal.b:.0f} / n): "
        f"± {cal.z * cal.sd(10):.0f} at 10 decisions, ± {cal.z * cal.sd(40):.0f} at 40"
    )


def _coverage_text(validation: dict[str, Any]) -> str:
    rows = [
        [c["group"], c["n"], f"{c['decisions']:.1f}", f"{100 * c['fraction']:.1f}%", f"{c['width']:.0f}"]
        for c in validation["coverage"]
        if c["n"]
    ]
    table = format_table(["games", "n", "decisions", "coverage", "mean width"], rows, right=[True] * 5)
    levels = ", ".join(f"{r['name']} {r['covered']}/{r['n']}" for r in validation["per_level"])
    return f"{table}\nper level (single games): {levels}"


COMMANDS: tuple[Any, ...] = (calibrate_cmd,)
