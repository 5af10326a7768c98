"""``kofun best-move`` and ``kofun analyse``: one search (or one per move) of a position, with live progress."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable, Sequence
from typing import Any

import click

from ..search.analysis import analyse
from ..search.runner import Progress, SearchReport, search
from ..search.solve_set import solve_set
from ..search.text import format_report, progress_line
from .common import (
    Setup,
    common_options,
    echo_err,
    engine_options,
    progress,
    settings_from,
    setup,
)


class LiveDisplay:
    """Search progress: one line rewritten in place on a terminal, else one line per update."""

    def __init__(self) -> None:
        self.tty = sys.stdout.isatty()
        self.shown = False

    def __call__(self, progress: Progress) -> None:
        line = progress_line(progress)
        if self.tty:
            click.echo("\r" + line[: shutil.get_terminal_size().columns - 1] + "\x1b[K", nl=False)
        else:
            click.echo(line)
        self.shown = True

    def finish(self) -> None:
        """Ends the progress output (a newline after an in-place line)."""
        if self.shown and self.tty:
            click.echo()


def run_search(fn: Callable[..., SearchReport], s: Setup, as_json: bool, **flags: Any) -> None:
    """Runs `fn` (search or analyse) on the setup's position with the flags' settings and prints the report."""
    settings = settings_from(s.config, **flags)
    live = None if as_json else LiveDisplay()
    report = fn(s.state, settings, rules=s.options, on_progress=live)
    if live is not None:
        live.finish()
    click.echo(json.dumps(report.to_dict()) if as_json else format_report(s.game, s.state, report))


def search_command(name: str, fn: Callable[..., SearchReport], doc: str) -> click.Command:
    """A command that searches a position with `fn` (search or analyse) and prints its report."""

    @click.command(name, help=doc)
    @click.argument("game")
    @click.argument("position", required=False)
    @engine_options
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON object (no live display).")
    @common_options
    def command(
        game: str, position: str | None, as_json: bool, config_path: str | None, rules: Sequence[str], **flags: Any
    ) -> None:
        board = {k: flags.pop(k, None) for k in ("n_lines", "runs")}
        s = setup(game, position, config_path, rules, flags["seed"])
        if any(v is not None for v in board.values()):
            from .review import analysis_board

            click.echo(analysis_board(s, settings_from(s.config, **flags), as_json, **board))
            return
        run_search(fn, s, as_json, **flags)

    if name == "analyse":  # the analysis board's views of a position (solver/cli/review.py)
        command = click.option(
            "--runs",
            type=click.IntRange(1, 64),
            default=None,
            help="Information states: every move's value over this many independent searches, with its standard error.",
        )(command)
        command = click.option(
            "--lines", "n_lines", type=click.IntRange(1, 50), default=None, help="The best N moves with their lines."
        )(command)
    return command


best_move_cmd = search_command(
    "best-move",
    search,
    "Search POSITION (default: the starting position) and print the best move, its value and the PV.\n\n"
    "Example: kofun best-move c4 4453 --depth 12",
)
analyse_cmd = search_command(
    "analyse",
    analyse,
    "Value every legal move of POSITION, best first.\n\nAlpha-beta searches each move (time and node budgets "
    "are shared among the moves); MCTS reports its root statistics.\n\nExample: kofun analyse c4 4453 --depth 10",
)


@click.command("solve-set")
@click.argument("game")
@click.argument("file", type=click.File("r"))
@click.option("--nodes", type=int, default=None, help="Node budget of each position (0: none).")
@click.option("--time", type=float, default=None, help="Seconds of each position (default 2 when no budget is given).")
@click.option("--hash", "hash_mb", type=int, default=None, help="Transposition table size in MB.")
@click.option(
    "--keep/--no-keep",
    default=True,
    help="Keep the table's entries from position to position (--no-keep: each answered as by a new table).",
)
@click.option("--value-only", is_flag=True, help="The value and one best move only (no value of every move, no PV).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per position (the report and its CPU time).")
@common_options
def solve_set_cmd(
    game: str,
    file: Any,
    keep: bool,
    value_only: bool,
    as_json: bool,
    config_path: str | None,
    rules: Sequence[str],
    **budget: Any,
) -> None:
    """Prove every position of FILE (one a line: the position first, anything after a space ignored; blank
    lines and lines starting with # skipped), in one compiled loop on one table, and print each position's value,
    best move, nodes and CPU time, then the totals.

    Example: kofun solve-set c4 bench/data/connect4_pons_L3_R1.txt --value-only
    """
    s = setup(game, None, config_path, rules)
    positions = []
    for number, line in enumerate(file, 1):
        if line.strip() and not line.lstrip().startswith("#"):
            try:
                positions.append(s.game.parse(line.split()[0], s.options))
            except ValueError as e:
                raise click.BadParameter(f"line {number}: {e}", param_hint="FILE") from None
    settings = {k: v for k, v in budget.items() if v is not None}
    with progress(len(positions), "solve-set") as advance:
        done = [0]

        def moved(n: int, _total: int) -> None:
            advance(n - done[0])
            done[0] = n

        solved = solve_set(
            s.game,
            positions,
            keep_table=keep,
            value_only=value_only,
            rules=s.options,
            on_progress=moved,
            **settings,
        )
    nodes = sum(p.report.nodes for p in solved)
    cpu = sum(p.cpu_s for p in solved)
    for p in solved:
        r = p.report
        if as_json:
            click.echo(json.dumps({**r.to_dict(), "cpu_s": p.cpu_s}))
        else:
            click.echo(f"{r.position}  {r.score}  best {r.best_move}  {r.nodes} nodes  {1e3 * p.cpu_s:.3f} ms")
    if len(solved) < len(positions):
        echo_err(f"interrupted: {len(solved)} of {len(positions)} positions searched, the last one stopped")
    if not as_json:
        rate = f", {nodes / cpu:,.0f} nodes/s" if cpu > 0 else ""
        count = f"{len(solved)} position" + ("" if len(solved) == 1 else "s")
        click.echo(f"{count}, {nodes:,} nodes, {cpu:.3f} CPU s (this thread, solves alone){rate}")


COMMANDS = (best_move_cmd, analyse_cmd, solve_set_cmd)
