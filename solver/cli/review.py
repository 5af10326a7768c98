"""``kofun review RECORD``: every decision of a recorded game judged from what its player knew — the move played,
the engine's best, the loss, a class — with each seat's summary, a graph (``--plot``) and JSON (``--json``);
``--decision N`` opens one decision on the analysis board (its position as the seat saw it, the best lines or
every move's value with its confidence). The decisions run on the batch runner (``--jobs``, ``--scheduler``,
``--out`` / ``--resume``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from ..batch.seeds import derive_seed
from ..play.record import GameRecord, read_records
from ..report.table import format_table
from ..review import DEFAULT_RUNS, DecisionReview, Reviewer, ReviewSettings, review
from ..review.plot import check_plot_path, plot_review
from ..review.puzzles import write_puzzles
from ..review.text import format_review
from ..search.analysis import Line, lines
from ..search.estimates import MoveEstimate, move_values
from ..search.runner import MATCH_UNIT
from .batch import make_runner, runner_options
from .common import SEED

ALGO_CHOICES = ("alphabeta", "mcts", "ismcts", "pimc")


def load_record(path: str, index: int | None) -> GameRecord:
    """The record in `path`: a record file (``kofun play --record``) or a JSON-lines file of records
    (``--records`` of selfplay / experiment), of which `index` (1-based) picks one."""
    p = Path(path)
    if not p.is_file():
        raise click.BadParameter(f"{path}: no such file", param_hint="RECORD")
    try:
        records = [GameRecord.load(p)]
    except ValueError:
        records = read_records(p)
    if not records:
        raise ValueError(f"record file {path}: holds no record")
    if index is None:
        if len(records) > 1:
            raise ValueError(
                f"record file {path}: holds {len(records)} records: choose one with --game 1..{len(records)}"
            )
        return records[0]
    if index > len(records):
        raise ValueError(f"--game: {path} holds {len(records)} record(s), got {index}")
    return records[index - 1]


@contextmanager
def live(total: int, label: str) -> Iterator[Callable[[DecisionReview], None]]:
    """A rich progress bar on stderr (decisions reviewed, the last class, ETA) when it is a terminal."""
    if not sys.stderr.isatty():
        yield lambda d: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
    from rich.progress import Progress as Bar

    with Bar(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("decisions"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
    ) as bar:
        task = bar.add_task(label, total=total)

        def update(d: DecisionReview) -> None:
            bar.update(task, advance=1, description=f"{label}: #{d.index} {d.played} {d.cls}")

        yield update


@click.command("review")
@click.argument("record_path", metavar="RECORD", type=click.Path(dir_okay=False))
@click.option(
    "--game",
    "game_index",
    type=click.IntRange(1, 10**9),
    default=None,
    help="Which record of a JSON-lines file (1: the first).",
)
@click.option(
    "--seat",
    "seats",
    type=click.IntRange(0, 4),
    multiple=True,
    help="Review this seat only (repeatable; default: every seat).",
)
@click.option("--time", type=float, default=None, help="Seconds per search (not reproducible: prefer --nodes).")
@click.option(
    "--nodes",
    type=int,
    default=None,
    help="Nodes (information-set searches: iterations) per search; default 200,000 (perfect information) or "
    "5,000 per run.",
)
@click.option(
    "--runs",
    type=click.IntRange(1, 64),
    default=DEFAULT_RUNS,
    help="Independent searches of each hidden-information decision (their spread is the standard error).",
)
@click.option("--algo", type=click.Choice(ALGO_CHOICES), default=None, help="Search algorithm (default: the game's).")
@click.option(
    "--proof-nodes",
    type=click.IntRange(0),
    default=None,
    help="Solver nodes per search where the review tries to prove a position beyond the game's own threshold "
    "(Connect Four: 35 empty cells or fewer; default 4,000,000; 0: none).",
)
@click.option("--threads", type=click.IntRange(1, 256), default=1, help="Search threads.")
@click.option("--seed", type=SEED, default=0, help="Seed of every search of the review.")
@runner_options
@click.option(
    "--out",
    "out_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Results file: one line per decision reviewed; with --resume, continue it.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the review as one JSON object.")
@click.option(
    "--plot", "plot_path", type=click.Path(dir_okay=False), default=None, help="Draw the graph to this PNG or SVG file."
)
@click.option(
    "--puzzles",
    "puzzles_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write each mistake and blunder of the reviewed seats (--seat, else the record's people) as a puzzle to "
    "this JSON file: the position as the seat saw it and the moves the review accepts.",
)
@click.option("--decision", "decision", type=int, default=None, help="Open decision N on the analysis board instead.")
@click.option(
    "--lines",
    "n_lines",
    type=click.IntRange(1, 50),
    default=3,
    help="With --decision: the best N moves with their lines (perfect information).",
)
def review_cmd(
    record_path: str,
    game_index: int | None,
    seats: Sequence[int],
    time: float | None,
    nodes: int | None,
    runs: int,
    algo: str | None,
    proof_nodes: int | None,
    threads: int,
    seed: int,
    jobs: int,
    scheduler: str | None,
    resume: bool,
    out_path: str | None,
    as_json: bool,
    plot_path: str | None,
    puzzles_path: str | None,
    decision: int | None,
    n_lines: int,
) -> None:
    """Review RECORD (a game record: `kofun play --record`, or one record of the JSON-lines files of `selfplay` /
    `experiment --records`): for every decision, the move played, the engine's best move, both values, the loss
    in the game's terms and its class, then each seat's summary. Hidden-information decisions are searched from
    the deciding seat's information state at that moment, never from the full state.

    For instance, after `kofun play c4 --record game.json`: `kofun review game.json --plot game.png`."""
    record = load_record(record_path, game_index)
    settings = ReviewSettings(
        nodes=nodes, time=time, seed=seed, runs=runs, seats=tuple(seats) or None, algo=algo, threads=threads,
        proof_nodes=proof_nodes,
    )  # fmt: skip
    if plot_path is not None:
        check_plot_path(plot_path)
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise click.UsageError("--plot needs matplotlib (pip install matplotlib)") from None
    if resume and out_path is None:
        raise click.UsageError("--resume continues the file given by --out")
    if decision is not None:
        shown = board(record, settings, decision, n_lines)
        click.echo(json.dumps(shown.to_json()) if as_json else shown.text())
        return
    reviewer = Reviewer(record, settings)
    with live(len(reviewer.indices), "review") as advance, make_runner(jobs, scheduler) as runner:
        result = review(record, settings, runner=runner, out=out_path, resume=resume, on_decision=advance)
    if plot_path is not None:
        plot_review(result, plot_path)
    kept = None if puzzles_path is None else write_puzzles(puzzles_path, result, record, tuple(seats) or None)
    if as_json:
        click.echo(json.dumps(result.to_dict()))
        return
    click.echo(format_review(result))
    click.echo(f"reviewed {len(result.decisions)} decisions in {result.time_s:.1f} s")
    if plot_path is not None:
        click.echo(f"plot: {plot_path}")
    if kept is not None:
        click.echo(f"puzzles: {len(kept)} in {puzzles_path}")


class Board:
    """One decision on the analysis board: the review of the decision, the position as its seat saw it, and the
    analysis of that position (the best lines, or every move's value with its confidence)."""

    def __init__(self, reviewer: Reviewer, index: int, n_lines: int) -> None:
        self.reviewer = reviewer
        self.decision = reviewer.decision(index)
        step = reviewer.decisions[index]
        game = reviewer.game
        self.drawing = game.render(step.view(game))
        self.count = len(reviewer.decisions)
        s = reviewer.settings
        base = s.search_settings(reviewer.hidden, self.decision_seed(index))
        self.lines: list[Any] = []
        self.values: list[Any] = []
        if self.decision.cls != "forced":
            if reviewer.hidden:
                self.values = move_values(step.view(game), base, s.runs, rules=reviewer.rules)
            else:
                self.lines = lines(step.state, base, n_lines, rules=reviewer.rules)

    def decision_seed(self, index: int) -> int:
        """The seed of the board's own searches of decision `index`."""
        d = self.reviewer.decisions[index]
        return derive_seed(self.reviewer.settings.seed, "board", d.deal, d.ply)

    def to_json(self) -> dict[str, Any]:
        """Plain data: the decision's review, the drawing, the lines or the move values."""
        return {
            "decision": self.decision.to_dict(),
            "board": self.drawing,
            "lines": [ln.to_dict() for ln in self.lines],
            "values": [v.to_dict() for v in self.values],
            "previous": self.decision.index - 1 if self.decision.index > 0 else None,
            "next": self.decision.index + 1 if self.decision.index + 1 < self.count else None,
        }

    def text(self) -> str:
        """The board as text."""
        d = self.decision
        out = [
            f"decision {d.index} of {self.count - 1}: deal {d.deal + 1}, move {d.ply + 1}, {d.player} to move "
            f"({d.view} as {d.player} saw it)",
            self.drawing,
            f"position: {d.position}",
            f"played: {d.played}   best: {d.best or '-'}   class: {d.cls}"
            + (f"   loss: {d.loss:.2f} {d.unit}" if d.loss is not None else ""),
        ]
        if d.fact:
            out.append(f"fact: {d.fact}")
        if d.estimate:
            out.append(f"estimate: class and loss not proven ({d.estimate})")
        if d.note:
            out.append(f"note: {d.note}")
        if self.lines:
            out.append(_lines_table(self.lines))
        if self.values:
            out.append(_values_table(self.values))
            out.append(
                f"every legal move from the information state of {d.player}: {self.reviewer.settings.runs} "
                "independent searches pooled (std err: their spread)"
            )
        steps = []
        if d.index > 0:
            steps.append(f"previous: --decision {d.index - 1}")
        if d.index + 1 < self.count:
            steps.append(f"next: --decision {d.index + 1}")
        out.append("   ".join(steps))
        return "\n".join(out)


def _lines_table(best: Sequence[Line]) -> str:
    rows = [[ln.rank, ln.move, str(ln.score), ln.visits, " ".join(ln.pv)] for ln in best]
    return format_table(["#", "move", "value", "nodes", "line"], rows, right=[True, False, True, True, False])


def _values_table(values: Sequence[MoveEstimate]) -> str:
    rows = [
        [
            v.move,
            v.text if v.valued else "not tried",
            _se(v.se, v.unit),
            v.visits,
            f"{100 * v.win_rate:.1f}%" if v.win_rate is not None else "-",
        ]
        for v in values
    ]
    return format_table(["move", "value", "std err", "visits", "wins"], rows, right=[False, True, True, True, True])


def _se(se: float | None, unit: str) -> str:
    """A standard error for the table: in percentage points for a match-win probability."""
    if se is None:
        return "-"
    return f"±{100 * se:.1f}%" if unit == MATCH_UNIT else f"±{se:.2f}"


def board(record: GameRecord, settings: ReviewSettings, index: int, n_lines: int) -> Board:
    """Decision `index` of `record` on the analysis board."""
    return Board(Reviewer(record, settings), index, n_lines)


COMMANDS: tuple[Any, ...] = (review_cmd,)


def analysis_board(setup: Any, settings: Any, as_json: bool, n_lines: int | None, runs: int | None) -> str:
    """`kofun analyse --lines N` / `--runs R`: the best N moves with their lines, or (information states) every
    move's value over R independent searches with its standard error; text or JSON."""
    state, rules = setup.state, setup.options
    hidden = setup.game.has_hidden_information
    if hidden and n_lines is not None and runs is None:
        runs = DEFAULT_RUNS
    if hidden:
        values = move_values(state, settings, runs or DEFAULT_RUNS, rules=rules)
        if as_json:
            return json.dumps({"game": setup.game.name, "values": [v.to_dict() for v in values]})
        return _values_table(values) + f"\n{runs} independent searches pooled (std err: their spread)"
    if runs is not None:
        raise click.UsageError(f"--runs: {setup.game.name} has no hidden information (use --lines)")
    best = lines(state, settings, n_lines or 3, rules=rules)
    if as_json:
        return json.dumps({"game": setup.game.name, "lines": [ln.to_dict() for ln in best]})
    return _lines_table(best)
