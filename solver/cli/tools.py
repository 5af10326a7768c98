"""``kofun perft``, ``kofun bench``, ``kofun new`` and ``kofun games``: tools around positions and the engine."""

from __future__ import annotations

import contextlib
import signal
import threading
import time as clock
from collections.abc import Iterator, Sequence
from typing import Any

import click

from ..games import ALIASES, GAMES
from ..report.table import format_table, human_count
from .common import SEED, common_options, echo_err, progress, setup


@click.command("perft")
@click.argument("game")
@click.argument("position", required=False)
@click.option("--depth", type=click.IntRange(min=0, max=64), required=True, help="Plies to enumerate.")
@click.option("--divide", is_flag=True, help="List the count below each legal move.")
@common_options
def perft_cmd(
    game: str, position: str | None, depth: int, divide: bool, config_path: str | None, rules: Sequence[str]
) -> None:
    """Count the move sequences of exactly DEPTH plies from POSITION (a move-generator check).

    Example: kofun perft c4 --depth 6"""
    s = setup(game, position, config_path, rules)
    if s.game.has_hidden_information and not hasattr(s.state, "perft"):
        raise ValueError(f"perft: give a full {s.game.name} position (an information state hides the moves to come)")
    start = clock.perf_counter()
    moves = sorted(s.state.legal_moves(), key=s.state.move_to_string) if depth > 0 and not s.state.is_terminal() else []
    rows: list[tuple[str, int]] = []
    try:
        with ctrl_c_heard_between_waits():
            if not moves:
                total = counted(s.state, depth)
            else:  # one count per first move (the progress steps), each in a thread so that Ctrl-C is heard at once
                with progress(len(moves), f"perft {depth}") as advance:
                    for mv in moves:
                        child = s.state.clone()
                        child.apply(mv)
                        rows.append((s.state.move_to_string(mv), counted(child, depth - 1)))
                        advance(1)
                total = sum(c for _, c in rows)
    except KeyboardInterrupt:
        done = sum(c for _, c in rows)
        echo_err(
            f"interrupted: perft {depth} not finished ({done} sequences below {len(rows)} of {len(moves)} first moves)"
        )
        click.get_current_context().exit(130)
    if divide and rows:
        click.echo(format_table(("move", "count"), rows, right=(False, True)))
    elapsed = clock.perf_counter() - start
    click.echo(f"perft {depth}: {total}")
    click.echo(f"time: {elapsed:.3f} s ({human_count(total / elapsed if elapsed > 0 else 0)} leaves/s)")


_ctrl_c = threading.Event()


@contextlib.contextmanager
def ctrl_c_heard_between_waits() -> Iterator[None]:
    """While counting, Ctrl-C only sets a flag that :func:`counted` turns into KeyboardInterrupt where it waits.

    Python raises KeyboardInterrupt at whatever line the main thread is on; inside ``Thread.start`` that breaks the
    thread module's own locks ("release unlocked lock") instead of stopping the count. A SIGINT that is ignored (a
    command started in the background) stays ignored, and any other handler is left alone."""
    main = threading.current_thread() is threading.main_thread()
    if not main or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    _ctrl_c.clear()
    previous = signal.signal(signal.SIGINT, lambda signum, frame: _ctrl_c.set())
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        _ctrl_c.clear()


def counted(state: Any, depth: int) -> int:
    """``state.perft(depth)`` in a worker thread (the compiled count releases the GIL) while this thread waits, so
    that Ctrl-C stops the command at once (the count's thread ends with the process)."""
    box: dict[str, Any] = {}

    def count() -> None:
        try:
            box["n"] = int(state.perft(depth))
        except BaseException as e:  # handed to the waiting thread
            box["error"] = e

    if _ctrl_c.is_set():
        raise KeyboardInterrupt
    worker = threading.Thread(target=count, name="kofun-perft", daemon=True)
    worker.start()
    while worker.is_alive():
        worker.join(0.1)
        if _ctrl_c.is_set():
            raise KeyboardInterrupt
    if "error" in box:
        raise box["error"]
    return int(box["n"])


@click.command("bench")
def bench_cmd() -> None:
    """Run the fixed benchmark positions (one thread, fixed limits) and print the node-count signature.

    Example: kofun bench"""
    from ..search.bench import run_signature

    signature, rows = run_signature()
    table = [(r.label, r.nodes, f"{r.seconds:.3f}", r.count) for r in rows]
    click.echo(format_table(("search", "nodes", "seconds", "signature"), table, right=(False, True, True, True)))
    nodes = sum(r.nodes for r in rows)
    elapsed = sum(r.seconds for r in rows)
    click.echo(f"total nodes: {nodes}")
    click.echo(f"time: {elapsed:.2f} s ({human_count(nodes / elapsed if elapsed > 0 else 0)} nodes/s)")
    click.echo(f"signature: {signature}")


@click.command("new")
@click.argument("game")
@click.option("--seed", type=SEED, default=None, help="Seed of the deal or roll (games with a random setup).")
@common_options
def new_cmd(game: str, seed: int | None, config_path: str | None, rules: Sequence[str]) -> None:
    """Print the starting position's notation, then its board. Example: kofun new koikoi --seed 3"""
    s = setup(game, None, config_path, rules, seed)
    click.echo(s.game.notation(s.state))
    click.echo()
    click.echo(s.game.render(s.state))
    if s.game.has_hidden_information:
        for p in range(s.state.num_players):
            click.echo()
            click.echo(f"view of {s.game.player_name(p)}: {s.state.information_state(p)}")


@click.command("games")
def games_cmd() -> None:
    """List the games, their rule options (default and allowed values) and aliases. Example: kofun games"""
    for name, game in sorted(GAMES.items()):
        aliases = sorted(a for a, target in ALIASES.items() if target == name)
        click.echo(f"{name} — {game.title}" + (f" (also: {', '.join(aliases)})" if aliases else ""))
        for spec in game.options:
            allowed = ""
            if spec.choices is not None:
                allowed = " [" + " | ".join(str(c) if c != "" else "''" for c in spec.choices) + "]"
            elif spec.min_value is not None or spec.max_value is not None:
                allowed = f" [{spec.min_value if spec.min_value is not None else ''}..{spec.max_value or ''}]"
            default = spec.default if spec.default != "" else "''"
            click.echo(f"  --rule {spec.name}={default}{allowed}  {spec.help}")
        click.echo()


COMMANDS = (perft_cmd, bench_cmd, new_cmd, games_cmd)
