"""Running a search from Python: budgets, live progress, Ctrl-C, and a report in the game's notation.

The compiled searches (``State.alphabeta`` / ``State.mcts``) release the GIL; :func:`search` runs one in a
worker thread while the calling thread polls its progress about ten times a second. A KeyboardInterrupt in the
calling thread asks the search to stop and returns the best move found so far, marked ``interrupted``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from . import _core
from .games import GameInfo, game_of_state

ALGOS = ("alphabeta", "mcts")
MCTS_OPTIONS = ("exploration", "rollout", "solver", "transpositions", "memory_mb")
DEFAULT_TIME_S = 2.0
POLL_INTERVAL_S = 0.1


@dataclass(frozen=True)
class Progress:
    """What a running search last published, with the principal variation in notation."""

    depth: int
    value: float
    pv: list[str]
    nodes: int
    time_s: float
    proven: bool

    @property
    def nps(self) -> float:
        """Nodes (MCTS: iterations) per second so far."""
        return self.nodes / self.time_s if self.time_s > 0 else 0.0


@dataclass(frozen=True)
class MoveLine:
    """One root move of a search: its value for the player to move, effort spent and proven outcome."""

    move: str
    value: float
    visits: int
    proof: str  # "win", "loss", "draw" or "none"
    plies_to_end: int
    value_text: str


@dataclass
class SearchReport:
    """The outcome of a search: the raw result plus everything in notation, ready for display or JSON."""

    game: str
    position: str
    to_move: int
    algo: str
    best_move: str | None
    value: float
    value_text: str
    proof: str
    plies_to_end: int
    pv: list[str]
    moves: list[MoveLine]
    nodes: int
    depth: int
    time_s: float
    stopped: bool
    interrupted: bool = False
    result: Any = field(default=None, repr=False, compare=False)  # the _core.SearchResult (None for analyse)

    @property
    def nps(self) -> float:
        """Nodes (MCTS: iterations) per second."""
        return self.nodes / self.time_s if self.time_s > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: every field except the raw result, plus ``nps``."""
        d = asdict(self)
        d.pop("result")
        d["nps"] = round(self.nps)
        return d


def proof_name(proof: Any) -> str:
    """'win', 'loss', 'draw' or 'none' for a ``_core.Proof`` value."""
    return str(proof.name).lower()


def make_limits(time: float | None = None, nodes: int | None = None, depth: int | None = None,
                threads: int = 1, seed: int = 0) -> Any:
    """A ``_core.SearchLimits``; with no time, node or depth budget the search gets DEFAULT_TIME_S seconds."""
    limits = _core.SearchLimits()
    if time is None and nodes is None and depth is None:
        time = DEFAULT_TIME_S
    if time is not None and time <= 0:
        raise ValueError(f"time: must be > 0 seconds, got {time}")
    if nodes is not None and nodes < 1:
        raise ValueError(f"nodes: must be >= 1, got {nodes}")
    if depth is not None and depth < 1:
        raise ValueError(f"depth: must be >= 1, got {depth}")
    if threads < 1:
        raise ValueError(f"threads: must be >= 1, got {threads}")
    if seed < 0:
        raise ValueError(f"seed: must be >= 0, got {seed}")
    limits.time_s = float(time or 0.0)
    limits.nodes = int(nodes or 0)
    limits.depth = int(depth or 0)
    limits.threads = int(threads)
    limits.seed = int(seed)
    return limits


def moves_to_strings(state: Any, moves: list[int]) -> list[str]:
    """A move sequence from `state` in notation (up to the first move not legal where played)."""
    s = state.clone()
    out = []
    for m in moves:
        if s.is_terminal() or m not in s.legal_moves():
            break
        out.append(s.move_to_string(m))
        s.apply(m)
    return out


def search(state: Any, algo: str = "alphabeta", time: float | None = None, nodes: int | None = None,
           depth: int | None = None, threads: int = 1, seed: int = 0, hash_mb: int = 64,
           on_progress: Callable[[Progress], None] | None = None, control: Any = None,
           **mcts_options: Any) -> SearchReport:
    """Searches `state` and reports the best move.

    `algo` is "alphabeta" or "mcts"; `time` (seconds), `nodes` and `depth` are budgets (the first reached ends
    the search; none given means DEFAULT_TIME_S seconds). MCTS takes the keyword options ``exploration``,
    ``rollout`` ("random" or "policy"), ``solver``, ``transpositions`` and ``memory_mb``. `on_progress` is
    called in the calling thread with each new :class:`Progress`. `control` (a ``_core.SearchControl``) lets
    another thread stop the search. Ctrl-C stops the search and returns the best move so far
    (``interrupted=True``).
    """
    game = game_of_state(state)
    run, control = _prepare(state, algo, make_limits(time, nodes, depth, threads, seed), hash_mb, control,
                            mcts_options)
    result, interrupted = run_in_thread(run, control, state, on_progress)
    return _report(game, state, algo, result, interrupted)


def _prepare(state: Any, algo: str, limits: Any, hash_mb: int, control: Any,
             mcts_options: dict[str, Any]) -> tuple[Callable[[], Any], Any]:
    if algo not in ALGOS:
        raise ValueError(f"algo: {algo!r} is not one of {', '.join(map(repr, ALGOS))}")
    unknown = sorted(set(mcts_options) - set(MCTS_OPTIONS))
    if unknown:
        raise ValueError(f"unknown search option {unknown[0]!r} (MCTS options: {', '.join(MCTS_OPTIONS)})")
    if algo == "alphabeta" and mcts_options:
        raise ValueError(f"search options {', '.join(sorted(mcts_options))} apply to algo 'mcts' only")
    if hash_mb < 1:
        raise ValueError(f"hash_mb: must be >= 1, got {hash_mb}")
    if state.is_terminal():
        raise _core.IllegalMoveError("the game is over: there is no move to search")
    control = control if control is not None else _core.SearchControl()
    root = state.clone()
    if algo == "alphabeta":
        return (lambda: root.alphabeta(limits, control, hash_mb)), control
    return (lambda: root.mcts(limits, control, **mcts_options)), control


def run_in_thread(run: Callable[[], Any], control: Any, state: Any,
                  on_progress: Callable[[Progress], None] | None) -> tuple[Any, bool]:
    """Runs `run` (a compiled search using `control`) in a worker thread; returns (result, interrupted).

    Progress published on `control` is passed to `on_progress` as it arrives. On KeyboardInterrupt
    (including one raised by `on_progress`) the search is asked to stop and its result, the best move so far,
    is returned.
    """
    box: dict[str, Any] = {}

    def worker() -> None:
        try:
            box["result"] = run()
        except BaseException as e:  # re-raised in the calling thread
            box["error"] = e

    thread = threading.Thread(target=worker, name="kofun-search", daemon=True)
    thread.start()
    interrupted = False
    seen = 0
    try:
        while thread.is_alive():
            thread.join(POLL_INTERVAL_S)
            if on_progress is not None:
                seen = _publish(control, state, seen, on_progress)
    except KeyboardInterrupt:
        interrupted = True
        control.request_stop()
        while thread.is_alive():
            try:
                thread.join()
            except KeyboardInterrupt:
                continue
    if "error" in box:
        raise box["error"]
    return box["result"], interrupted


def _publish(control: Any, state: Any, seen: int, on_progress: Callable[[Progress], None]) -> int:
    progress, version = control.snapshot()
    if version == seen:
        return seen
    on_progress(Progress(depth=progress.depth, value=progress.value, pv=moves_to_strings(state, progress.pv),
                         nodes=progress.nodes, time_s=progress.time_s, proven=progress.proven))
    return int(version)


def _move_line(game: GameInfo, state: Any, stat: Any) -> MoveLine:
    return MoveLine(move=state.move_to_string(stat.move), value=float(stat.value), visits=int(stat.visits),
                    proof=proof_name(stat.proof), plies_to_end=int(stat.plies_to_end),
                    value_text=game.describe_value(state, stat))


def _report(game: GameInfo, state: Any, algo: str, result: Any, interrupted: bool) -> SearchReport:
    best = None if result.best_move == _core.NO_MOVE else state.move_to_string(result.best_move)
    return SearchReport(
        game=game.name, position=game.notation(state), to_move=state.to_move(), algo=algo, best_move=best,
        value=float(result.value), value_text=game.describe_value(state, result),
        proof=proof_name(result.proof),
        plies_to_end=int(result.plies_to_end), pv=moves_to_strings(state, list(result.pv)),
        moves=[_move_line(game, state, m) for m in result.moves], nodes=int(result.nodes),
        depth=int(result.depth), time_s=float(result.time_s), stopped=bool(result.stopped),
        interrupted=interrupted, result=result,
    )
