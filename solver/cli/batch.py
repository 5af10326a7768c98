"""``kofun selfplay`` and ``kofun experiment``: batches of games between agents, with 95% intervals.

Both play through :mod:`solver.play.match` (paired games: the same deal and opening with the sides swapped) and show a
progress bar on a terminal."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from typing import Any

import click

from ..batch.runner import Journal, Runner, Task
from ..play.agents import SearchAgent
from ..play.experiments import OPPONENTS, PEEKS, play_selfplay_game, run_experiment
from ..play.match import side_seats
from ..play.record import GameRecord, append_record
from ..report.stats import MatchScore
from ..search.settings import ALGOS, OBJECTIVES
from .common import (
    JOBS,
    SEED,
    budget_options,
    check_output,
    check_resume,
    common_options,
    echo_err,
    progress,
    resume_command,
    settings_from,
    setup,
)

RECORDS_HELP = "Append every game's record to this JSON-lines file (solver.play.record.read_records reads it)."
SCHEDULER_HELP = "Address of a running dask scheduler (tcp://HOST:PORT) instead of local worker processes."


def runner_options(f: Any) -> Any:
    """--jobs / --scheduler / --out / --resume, on every batch command."""
    f = click.option("--resume", is_flag=True, help="Continue the results file given by --out (done tasks are kept).")(
        f
    )
    f = click.option("--scheduler", default=None, metavar="ADDR", help=SCHEDULER_HELP)(f)
    return click.option(
        "--jobs", type=JOBS, default=1, help="Worker processes (1: in this process) on a local dask cluster."
    )(f)


def make_runner(jobs: int, scheduler: str | None) -> Runner:
    """The runner of --jobs / --scheduler (one-line errors for a bad combination or address)."""
    if scheduler is not None and jobs != 1:
        raise click.UsageError("give either --jobs or --scheduler, not both")
    return Runner(jobs, scheduler)


OUT_HELP = "Results file of the batch (JSON lines, one line per finished task); with --resume, continue it."


@click.command("selfplay")
@click.argument("game")
@click.option("--games", "n_games", type=click.IntRange(1, 1_000_000), default=10, help="Number of games.")
@budget_options
@click.option("--algo-a", type=click.Choice(ALGOS), default=None, help="Algorithm of engine A (default: the game's).")
@click.option("--algo-b", type=click.Choice(ALGOS), default=None, help="Algorithm of engine B (default: the game's).")
@click.option(
    "--opening-plies",
    type=click.IntRange(0, 1000),
    default=2,
    help="Random opening moves per pair of games; both sides play each opening.",
)
@click.option("--seed", type=SEED, default=None, help="Seed of the deals, openings and searches (default 0).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--records", "records_path", type=click.Path(dir_okay=False), default=None, help=RECORDS_HELP)
@runner_options
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default=None, help=OUT_HELP)
@common_options
def selfplay_cmd(
    game: str,
    n_games: int,
    time: float | None,
    nodes: int | None,
    depth: int | None,
    algo_a: str | None,
    algo_b: str | None,
    opening_plies: int,
    seed: int | None,
    as_json: bool,
    records_path: str | None,
    jobs: int,
    scheduler: str | None,
    resume: bool,
    out_path: str | None,
    config_path: str | None,
    rules: Sequence[str],
) -> None:
    """Engine A against engine B, sides alternating on the same deal and opening; prints A's wins, draws, losses
    and score. With teams (Haniwa with 4 players) each engine plays every seat of its team. Games run on the batch
    runner (--jobs, --scheduler; --out keeps the results, --resume continues them).

    Example: kofun selfplay c4 --games 4 --depth 4"""
    records_path = check_output(records_path, "--records")
    out_path = check_output(out_path, "--out")
    check_resume(resume, out_path)
    s = setup(game, None, config_path, rules, seed)
    base = settings_from(s.config, time=time, nodes=nodes, depth=depth, seed=seed)
    a = SearchAgent(s.game, base.merged(algo=algo_a), s.options, name="A")
    b = SearchAgent(s.game, base.merged(algo=algo_b), s.options, name="B")
    teams = s.game.teams(s.options) or list(range(int(s.state.num_players)))
    if len(side_seats(teams)) != 2:
        raise click.UsageError(f"selfplay: {s.game.name} with these rules has {len(side_seats(teams))} side(s), not 2")
    spec = {
        "game": s.game.name,
        "rules": dict(s.options),
        "a": a.search_settings.to_dict(),
        "b": b.search_settings.to_dict(),
        "seed": base.seed,
        "opening_plies": opening_plies,
    }
    journal = Journal(out_path, {"job": "selfplay", **spec}, resume) if out_path is not None else None
    tasks = [Task(f"game/{i}", play_selfplay_game, (spec, i)) for i in range(n_games)]
    results: dict[str, Any] = dict(journal.done) if journal is not None else {}
    with progress(n_games, "selfplay") as advance, make_runner(jobs, scheduler) as runner:

        def arrived(key: str, result: Any) -> None:
            results[key] = result
            if records_path is not None:
                append_record(records_path, GameRecord.from_dict(result["record"]))
            advance(1)

        with contextlib.suppress(KeyboardInterrupt):  # stop the series; the games in progress are dropped
            runner.run(tasks, journal, arrived)
    records = []
    wins = draws = losses = 0
    for i in range(n_games):
        if f"game/{i}" not in results:
            continue
        r = results[f"game/{i}"]
        record = GameRecord.from_dict(r["record"])
        wins += r["a_result"] == 1.0
        draws += r["a_result"] == 0.5
        losses += r["a_result"] == 0.0
        summary = {"moves": record.moves, "final": record.final, "returns": record.returns}
        records.append({"a_player": r["rotation"], "a_seats": r["a_seats"], **record.to_dict(), **summary})
    score = MatchScore(wins, draws, losses)
    if score.games < n_games:
        echo_err(f"interrupted after {score.games} of {n_games} games; {resume_command(out_path)}")
    if as_json:
        click.echo(
            json.dumps(
                {
                    "game": s.game.name,
                    "games": score.games,
                    "a": a.settings(),
                    "b": b.settings(),
                    "wins": wins,
                    "draws": draws,
                    "losses": losses,
                    "score": score.score,
                    "ci95": score.interval.bounds,
                    **({} if score.interval.defined else {"ci95_reason": score.interval.reason}),
                    "records": records,
                }
            )
        )
        return
    click.echo(f"A: {a.search_settings.algo}   B: {b.search_settings.algo}")
    click.echo(score.summary("A"))


@click.command("experiment")
@click.argument("game")
@click.option("--opponent", type=click.Choice(OPPONENTS), default="greedy", help="Baseline.")
@click.option(
    "--games",
    "units",
    type=click.IntRange(1, 1_000_000),
    default=100,
    help="Deals (matches when the rules have several deals), each played with the seats swapped.",
)
@click.option("--iterations", type=click.IntRange(1, 10**9), default=10_000, help="Search iterations per decision.")
@click.option(
    "--time",
    "seconds",
    type=click.FloatRange(0.0, 3600.0, min_open=True),
    default=None,
    help="Seconds per decision for the searching sides instead of --iterations (equal-time comparisons). A time "
    "budget is not reproducible: the iterations done depend on the machine and its load.",
)
@click.option(
    "--widening",
    type=click.FloatRange(0.0, 1000.0),
    default=None,
    help="Progressive widening constant of the ISMCTS side (0: off; default: the game's).",
)
@click.option(
    "--objective",
    type=click.Choice((*OBJECTIVES, "auto")),
    default="auto",
    help="Objective of the ISMCTS side: returns, wins, match, or auto (the game's default for these rules).",
)
@click.option(
    "--peek",
    type=click.Choice(PEEKS),
    default="none",
    help="Unfair reference runs: let the ISMCTS side see the opponent's hand, or every hidden card.",
)
@click.option("--seed", type=SEED, default=0, help="Seed of the deals and the searches.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--records", "records_path", type=click.Path(dir_okay=False), default=None, help=RECORDS_HELP)
@runner_options
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default=None, help=OUT_HELP)
@common_options
def experiment_cmd(
    game: str,
    opponent: str,
    units: int,
    iterations: int,
    seconds: float | None,
    widening: float | None,
    objective: str,
    peek: str,
    seed: int,
    as_json: bool,
    records_path: str | None,
    jobs: int,
    scheduler: str | None,
    resume: bool,
    out_path: str | None,
    config_path: str | None,
    rules: Sequence[str],
) -> None:
    """Strength of the ISMCTS AI against a baseline on paired deals, with 95% confidence intervals (games with
    hidden information). Example: kofun experiment koikoi --games 20 --iterations 2000"""
    records_path = check_output(records_path, "--records")
    out_path = check_output(out_path, "--out")
    check_resume(resume, out_path)
    s = setup(game, None, config_path, rules)
    with progress(units, "experiment") as advance, make_runner(jobs, scheduler) as runner:
        result = run_experiment(
            s.game,
            opponent,
            units,
            iterations,
            seed,
            s.options,
            search_options={
                **({} if objective == "auto" else {"objective": objective}),
                **({} if widening is None else {"widening": widening}),
            },
            on_unit=lambda _k: advance(1),
            peek=peek,
            on_record=None if records_path is None else lambda r: append_record(records_path, r),
            runner=runner,
            out=out_path,
            resume=resume,
            time=seconds,
        )
    click.echo(json.dumps(result.to_dict()) if as_json else result.summary())
    if result.interrupted:
        echo_err(f"interrupted after {result.units} of {units} units; {resume_command(out_path)}")
        click.get_current_context().exit(130)


COMMANDS: tuple[Any, ...] = (selfplay_cmd, experiment_cmd)
