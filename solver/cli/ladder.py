"""``kofun ladder`` (run or extend a rating tournament) and ``kofun levels`` (the table of a rated ladder).

See :mod:`solver.rating.tournament` for the tournament, :mod:`solver.rating.fit` for the fit, :mod:`solver.batch`
for the runner.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from ..batch.runner import Journal, read_results
from ..rating.fit import Fit
from ..rating.fit_cache import FitCache, fits_path
from ..rating.ladders import Ladder, shipped_ladder
from ..rating.levels import levels_line
from ..rating.tournament import CONFIRM_BOOTSTRAP, Progress, tournament
from .batch import make_runner, runner_options
from .common import SEED, ProgressLines, check_output, command_line, common_options, echo_err, resume_command, setup


@contextmanager
def live(budget: int, start: int) -> Iterator[Any]:
    """A rich progress bar on stderr (games done, the widest interval, ETA) when it is a terminal; else a line every
    few seconds."""
    if not sys.stderr.isatty():
        lines = ProgressLines(budget, "ladder games", start=start)

        def line(p: Progress) -> None:
            lines(p.games - lines.done)

        yield line
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
    from rich.progress import Progress as Bar

    with Bar(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
    ) as bar:
        task = bar.add_task("ladder", total=budget, completed=start)

        def update(p: Progress) -> None:
            widest = "?"
            if p.fit is not None:
                i = max(range(len(p.names)), key=p.fit.half_width)
                widest = f"±{p.fit.half_width(i):.0f} ({p.names[i]})"
            bar.update(task, completed=p.games, description=f"ladder, widest interval {widest}")

        yield update


@click.command("ladder")
@click.argument("game")
@click.option("--games", "n_games", type=click.IntRange(1, 10_000_000), default=4000, help="Game budget (in all).")
@runner_options
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default=None, help="Results file (JSON lines).")
@click.option(
    "--ratings",
    "ratings_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Where to write the fitted ladder (default: the results file with .json).",
)
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False), default=None, help="Rating-vs-budget PNG.")
@click.option("--seed", type=SEED, default=0, help="Seed of every deal, opening and search.")
@click.option("--max-budget", type=click.IntRange(1, 10**12), default=None, help="Cap the budgets of the pool.")
@click.option(
    "--min-budget",
    type=click.IntRange(1, 10**12),
    default=None,
    help="Leave out the default search's levels below this budget (to make again a ladder that started higher).",
)
@click.option(
    "--extend",
    "extend_path",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="Go on from this results file of the same ladder with a smaller pool (e.g. a lower --max-budget).",
)
@click.option("--target", type=click.FloatRange(1, 10_000), default=30.0, help="Stop at this 95% half-width.")
@click.option(
    "--top-target",
    type=click.FloatRange(1, 10_000),
    default=None,
    help="The 95% half-width of the default search's top two levels, wider than --target where the CPU time for "
    "it would be too much (e.g. 50); the ladder file says so.",
)
@click.option("--round", "round_units", type=click.IntRange(1, 100_000), default=32, help="Units (deals) per round.")
@click.option("--bootstrap", type=click.IntRange(10, 100_000), default=200, help="Bootstrap resamples of each round.")
@click.option(
    "--confirm",
    type=click.IntRange(0, 100_000),
    default=CONFIRM_BOOTSTRAP,
    show_default=True,
    help="Bootstrap resamples of the fit that confirms a round within the target before the run stops (0: none).",
)
@common_options
def ladder_cmd(
    game: str,
    n_games: int,
    jobs: int,
    scheduler: str | None,
    resume: bool,
    out_path: str | None,
    ratings_path: str | None,
    plot_path: str | None,
    seed: int,
    max_budget: int | None,
    min_budget: int | None,
    extend_path: str | None,
    target: float,
    top_target: float | None,
    round_units: int,
    bootstrap: int,
    confirm: int,
    config_path: str | None,
    rules: Sequence[str],
) -> None:
    """Rate the ladder of GAME (one of its modes, by --rule) in a tournament of paired games, or extend one
    (--resume), or grow its pool (--extend OLD.jsonl with a higher --max-budget: OLD's games count, the new
    levels join). Writes every game to the results file and the fitted ladder to JSON.

    For instance `kofun ladder c4 --games 200 --max-budget 256 --out c4.jsonl --plot c4.png`; the shipped
    ladders record the command that made them (`kofun levels GAME --json`)."""
    s = setup(game, None, config_path, rules)
    t = tournament(s.game, s.options, seed, max_budget, target, round_units, bootstrap, min_budget, top_target, confirm)
    out = Path(check_output(out_path or f"ladder-{t.game.name}-{t.mode}.jsonl", "--out") or "")
    ratings = Path(check_output(ratings_path or str(out.with_suffix(".json")), "--ratings") or "")
    plot = check_output(plot_path, "--plot", ".png")
    check_plot(plot)
    runner = make_runner(jobs, scheduler)
    if scheduler is not None:
        runner.connect()  # a bad address fails before the results file is made
    if extend_path is not None:  # its games are this tournament's first; the pool grows
        if Path(extend_path).resolve() == out.resolve():
            raise click.UsageError("--extend: give the new tournament another results file (--out)")
        t.extend(*read_results(extend_path))
    elif resume and out.exists():
        t.continue_from(*read_results(out))
    journal = Journal(out, t.header(), resume)
    if not resume:  # a new results file: the fits kept beside an older one are not its own
        fits_path(out).unlink(missing_ok=True)
    for key, result in t.base.items():  # a new file starts with the games it extends (a resumed one has them)
        journal.append(key, result)
    runs: list[dict[str, Any]] = []
    before = sum(len(r["points"]) for r in t.base.values())  # games before this run
    if (resume or extend_path is not None) and ratings.exists():
        previous = Ladder.load(ratings)
        if resume or previous.games == before:  # its runs are this tournament's history
            runs, before = list(previous.runs), previous.games
    start = time.perf_counter()
    this_run = {"command": command_line(), "games_added": 0, "wall_time_s": 0.0, "workers": runner.workers}

    def snapshot(final: Fit) -> Ladder:
        this_run["games_added"] = t.games() - before
        this_run["wall_time_s"] = round(time.perf_counter() - start, 1)
        this_run["workers"] = runner.workers
        ladder = t.ladder(final, command_line(), [*runs, this_run])
        ladder.save(ratings)  # after every round: a killed run keeps its ladder and its time
        return ladder

    interrupted = False
    with runner, live(n_games, before) as update:

        def progress(p: Progress) -> None:
            update(p)
            if p.round_done and p.fit is not None and not p.replayed:  # a replayed round would write an older ladder
                snapshot(p.fit)

        try:
            ladder = snapshot(t.run(runner, n_games, journal, progress, FitCache(fits_path(out))))
        except KeyboardInterrupt:  # the games finished so far are in the results file: fit and report them
            interrupted = True
            if not t.results:
                raise
            ladder = snapshot(t.fit())
    wall = time.perf_counter() - start
    click.echo(levels_table(ladder))
    click.echo(f"results: {out}; ratings: {ratings}; {t.games() - before} games in {wall:.0f} s")
    if interrupted:
        click.echo(f"interrupted after {t.games()} games; {resume_command(str(out))}")
    if plot is not None:
        write_plot(lambda: plot_ladder(ladder, plot), plot)
    if interrupted:
        click.get_current_context().exit(130)


def write_plot(draw: Any, path: str) -> None:
    """Draws a plot after the summary was printed: a failure is one error line (exit status 1), the summary stays."""
    try:
        draw()
    except (OSError, ValueError, RuntimeError) as e:
        echo_err(f"error: --plot {path}: the plot could not be written ({e})")
        click.get_current_context().exit(1)
    click.echo(f"plot: {path}")


def check_plot(path: str | None) -> None:
    """Refuses --plot without matplotlib before any game is played."""
    if path is None:
        return
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise click.UsageError("--plot needs matplotlib (pip install matplotlib)") from None


def levels_table(ladder: Ladder) -> str:
    """The ladder as a table: rating, interval, games and time per decision of every level."""
    lines = [
        f"{ladder.game} ({ladder.mode}): {ladder.games} games, seed {ladder.seed}; {ladder.scale}",
        f"{'agent':<18} {'budget':>9}  {'rating':>7}  {'95% interval':<15} {'games':>6}  {'s/decision':>10}",
    ]
    for lv in sorted(ladder.levels, key=lambda lv: lv.rating):
        interval = f"[{lv.low:.0f}, {lv.high:.0f}]" if math.isfinite(lv.half_width) else "undefined"
        budget = str(lv.budget) if lv.budget else "-"
        lines.append(
            f"{lv.name:<18} {budget:>9}  {lv.rating:>7.0f}  {interval:<15} {lv.games:>6}  "
            f"{lv.seconds_per_decision:>10.4f}"
        )
    if ladder.main_levels():
        lines.append(levels_line(ladder))
    apart = [lv.name for lv in ladder.levels if not lv.measured]
    if apart:
        lines.append(
            f"not measured: {', '.join(apart)} (one side won every game between them and random's side: the "
            "gap is unbounded, its rating and interval come from the fit's virtual draws)"
        )
    widest = max(ladder.levels, key=lambda lv: lv.half_width - ladder.target_of(lv))
    state = "reached" if ladder.converged else f"not reached (widest ±{widest.half_width:.0f}: {widest.name})"
    top = f" (the top two levels: ±{ladder.top_target:g})" if ladder.top_target is not None else ""
    lines.append(f"target ±{ladder.target:g} points{top}: {state}")
    return "\n".join(lines)


def plot_ladder(ladder: Ladder, path: str) -> None:
    """Rating against budget (log scale) per algorithm with 95% interval bars; random and greedy as lines."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    algos = sorted({lv.algo for lv in ladder.levels if lv.kind == "search" and lv.algo})
    for algo in algos:
        pts = sorted((lv for lv in ladder.levels if lv.algo == algo), key=lambda lv: lv.budget or 0)
        ax.errorbar(
            [float(lv.budget or 1) for lv in pts],
            [lv.rating for lv in pts],
            yerr=[[lv.rating - lv.low for lv in pts], [lv.high - lv.rating for lv in pts]],
            marker="o",
            capsize=3,
            label=algo + (" (default)" if pts[0].main else ""),
        )
    for lv in ladder.levels:
        if lv.kind != "search":
            ax.axhline(lv.rating, linestyle="--", linewidth=0.8, color="grey")
            ax.annotate(lv.name, (0.01, lv.rating), xycoords=("axes fraction", "data"), fontsize=8)
    ax.set_xscale("log")
    ax.set_xlabel("budget per decision (nodes / iterations)")
    ax.set_ylabel("rating (random = 0; 400 = 10:1 odds)")
    ax.set_title(f"{ladder.game} ({ladder.mode}): {ladder.games} games")
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


@click.command("levels")
@click.argument("game")
@click.option(
    "--ratings", "ratings_path", type=click.Path(dir_okay=False), default=None, help="A ladder file to show instead."
)
@click.option("--json", "as_json", is_flag=True, help="Print the ladder as JSON.")
@common_options
def levels_cmd(
    game: str, ratings_path: str | None, as_json: bool, config_path: str | None, rules: Sequence[str]
) -> None:
    """The rated levels of GAME (the mode its --rule options select): rating with 95% interval, games and time per
    decision, and the rating of each `kofun play --level`."""
    s = setup(game, None, config_path, rules)
    ladder = Ladder.load(ratings_path) if ratings_path else shipped_ladder(s.game, s.options)
    click.echo(json.dumps(ladder.to_dict()) if as_json else levels_table(ladder))


COMMANDS: tuple[Any, ...] = (ladder_cmd, levels_cmd)
