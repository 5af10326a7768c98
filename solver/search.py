"""Running a search from Python: budgets, live progress, Ctrl-C, and a report in the game's notation.

The compiled searches (``State.alphabeta`` / ``State.mcts``, and for hidden-information games ``State.ismcts`` /
``State.pimc``) release the GIL; :func:`search` runs one in a worker thread while the calling thread polls its
progress about ten times a second. A KeyboardInterrupt in the calling thread asks the search to stop and returns
the best move found so far, marked ``interrupted``.

Hidden-information games (those whose compiled State has ``ismcts``) are searched from an information state: an
:class:`~solver.determinize.infostate.InformationState`, or a full state, of which only the view of the player
to move is used (the search never sees the rest). Alpha-beta and MCTS on a full state remain available: they
analyse the position with everything known.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from . import _core
from .determinize.infostate import InformationState
from .games import GameInfo, game_of_state

ALGOS = ("alphabeta", "mcts", "ismcts", "pimc")
HIDDEN_ALGOS = ("ismcts", "pimc")  # information-set searches (hidden-information games)
MCTS_OPTIONS = ("exploration", "rollout", "solver", "transpositions", "memory_mb")
ALGO_OPTIONS: dict[str, tuple[str, ...]] = {
    "alphabeta": (),
    "mcts": MCTS_OPTIONS,
    "ismcts": ("exploration", "rollout", "return_scale", "objective", "memory_mb", "worlds"),
    "pimc": ("num_worlds", "exact_plies", "exploration", "memory_mb", "worlds"),
}
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
    win_rate: float | None = None  # ISMCTS: share of the move's visits ending in a win for the player to move


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
        """Plain data for JSON: every field except the raw result, plus ``nps`` (a move's ``win_rate`` only when
        the search measured it)."""
        d = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "result"}
        d["moves"] = [{k: v for k, v in asdict(m).items() if k != "win_rate" or v is not None} for m in self.moves]
        d["pv"] = list(self.pv)
        d["nps"] = round(self.nps)
        return d


def proof_name(proof: Any) -> str:
    """'win', 'loss', 'draw' or 'none' for a ``_core.Proof`` value."""
    return str(proof.name).lower()


def make_limits(
    time: float | None = None, nodes: int | None = None, depth: int | None = None, threads: int = 1, seed: int = 0
) -> Any:
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
    """A move sequence from `state` in notation (up to the first move not legal where played).

    From an information state the moves are named in its proxy world (the observer's first move is always
    legal there; later moves of other players only if they are legal in that world)."""
    s = state.proxy.clone() if isinstance(state, InformationState) else state.clone()
    out = []
    for m in moves:
        if s.is_terminal() or m not in s.legal_moves():
            break
        out.append(s.move_to_string(m))
        s.apply(m)
    return out


def has_hidden_information(game: GameInfo) -> bool:
    """True for games searched from information states (their compiled State has ``ismcts``)."""
    return hasattr(game.State, "ismcts")


def game_of(state: Any) -> GameInfo:
    """The game of a compiled state or of an :class:`InformationState`."""
    return state.game if isinstance(state, InformationState) else game_of_state(state)


def default_algo(game: GameInfo) -> str:
    """ISMCTS for hidden-information games, alpha-beta otherwise."""
    return "ismcts" if has_hidden_information(game) else "alphabeta"


def information_state(state: Any) -> InformationState:
    """The view of the player to move: `state` itself if it is an InformationState, else built from the state's
    information-state notation (nothing else of the full state is kept)."""
    if isinstance(state, InformationState):
        return state
    game = game_of_state(state)
    if not has_hidden_information(game):
        raise ValueError(f"{game.name} has no hidden information: use algo 'alphabeta' or 'mcts'")
    text = state.information_state(state.to_move())
    return InformationState(game, text, game.belief(text))


def search(
    state: Any,
    algo: str | None = None,
    time: float | None = None,
    nodes: int | None = None,
    depth: int | None = None,
    threads: int = 1,
    seed: int = 0,
    hash_mb: int = 64,
    on_progress: Callable[[Progress], None] | None = None,
    control: Any = None,
    **mcts_options: Any,
) -> SearchReport:
    """Searches `state` and reports the best move.

    `algo` is "alphabeta", "mcts", "ismcts" or "pimc" (default: "ismcts" for hidden-information games, else
    "alphabeta"); `time` (seconds), `nodes` and `depth` are budgets (the first reached ends the search; none given
    means DEFAULT_TIME_S seconds). MCTS takes the keyword options ``exploration``, ``rollout`` ("random" or
    "policy"), ``solver``, ``transpositions`` and ``memory_mb``; ISMCTS ``exploration``, ``rollout``,
    ``return_scale``, ``objective`` ("returns" or "wins") and ``memory_mb``, defaulting to the game's
    ``ismcts_defaults()`` (a single deal); PIMC ``num_worlds``, ``exact_plies``, ``exploration`` and ``memory_mb``.
    Both information-set searches accept ``worlds`` (an n x k integer array of explicit worlds) instead of the
    uniform belief sampled in C++. `on_progress` is called in the calling thread with each new :class:`Progress`.
    `control` (a ``_core.SearchControl``) lets another thread stop the search. Ctrl-C stops the search and returns
    the best move so far (``interrupted=True``).
    """
    game = game_of(state)
    algo = algo or default_algo(game)
    run, control, shown = _prepare(
        state, algo, make_limits(time, nodes, depth, threads, seed), hash_mb, control, mcts_options
    )
    result, interrupted = run_in_thread(run, control, shown, on_progress)
    return _report(game, shown, algo, result, interrupted)


def _prepare(
    state: Any, algo: str, limits: Any, hash_mb: int, control: Any, options: dict[str, Any]
) -> tuple[Callable[[], Any], Any, Any]:
    """The search to run, its control block and the state the report names moves in."""
    if algo not in ALGOS:
        raise ValueError(f"algo: {algo!r} is not one of {', '.join(map(repr, ALGOS))}")
    allowed = ALGO_OPTIONS[algo]
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        if not allowed:
            raise ValueError(
                f"search options {', '.join(unknown)} do not apply to algo {algo!r} (they apply to algo 'mcts' "
                "only, or to 'ismcts' / 'pimc' for hidden-information games)"
            )
        raise ValueError(f"unknown search option {unknown[0]!r} ({algo} options: {', '.join(allowed)})")
    if hash_mb < 1:
        raise ValueError(f"hash_mb: must be >= 1, got {hash_mb}")
    if state.is_terminal():
        raise _core.IllegalMoveError("the game is over: there is no move to search")
    control = control if control is not None else _core.SearchControl()
    if algo in HIDDEN_ALGOS:
        view = information_state(state)
        opts = {**(view.game.ismcts_defaults() if algo == "ismcts" else {}), **options}
        worlds = opts.pop("worlds", None)
        belief: dict[str, Any] = (
            {"worlds": worlds} if worlds is not None else {"unseen": view.unseen, "groups": view.groups}
        )
        method = getattr(view.game.State, algo)
        return (lambda: method(view.text, limits, control, **belief, **opts)), control, view
    if isinstance(state, InformationState):
        raise ValueError(
            f"algo {algo!r} needs a full state (everything known); an information state is searched with "
            "'ismcts' or 'pimc'"
        )
    root = state.clone()
    if algo == "alphabeta":
        return (lambda: root.alphabeta(limits, control, hash_mb)), control, state
    return (lambda: root.mcts(limits, control, **options)), control, state


def run_in_thread(
    run: Callable[[], Any], control: Any, state: Any, on_progress: Callable[[Progress], None] | None
) -> tuple[Any, bool]:
    """Runs `run` (a compiled search using `control`) in a worker thread; returns (result, interrupted).

    Progress published on `control` is passed to `on_progress` as it arrives. On KeyboardInterrupt
    (including one raised by `on_progress`) the search is asked to stop and its result, the best move so far,
    is returned.
    """
    box: dict[str, Any] = {}
    done = threading.Event()  # not Thread.join: an interrupted join can leave is_alive() wrong (< 3.12)

    def worker() -> None:
        try:
            box["result"] = run()
        except BaseException as e:  # re-raised in the calling thread
            box["error"] = e
        finally:
            done.set()

    thread = threading.Thread(target=worker, name="kofun-search", daemon=True)
    thread.start()
    interrupted = False
    seen = 0
    try:
        while True:
            finished = done.wait(POLL_INTERVAL_S)
            if on_progress is not None:
                seen = _publish(control, state, seen, on_progress)
            if finished:
                break
    except KeyboardInterrupt:
        interrupted = True
        _stop_and_wait(control, done)
    except BaseException:  # e.g. an error in on_progress: never leave the search running
        _stop_and_wait(control, done)
        raise
    if "error" in box:
        raise box["error"]
    return box["result"], interrupted


def _stop_and_wait(control: Any, done: threading.Event) -> None:
    control.request_stop()
    while not done.is_set():
        try:
            done.wait()
        except KeyboardInterrupt:
            continue


def _publish(control: Any, state: Any, seen: int, on_progress: Callable[[Progress], None]) -> int:
    progress, version = control.snapshot()
    if version == seen:
        return seen
    on_progress(
        Progress(
            depth=progress.depth,
            value=progress.value,
            pv=moves_to_strings(state, progress.pv),
            nodes=progress.nodes,
            time_s=progress.time_s,
            proven=progress.proven,
        )
    )
    return int(version)


def _move_line(game: GameInfo, state: Any, stat: Any, algo: str = "") -> MoveLine:
    visits = int(stat.visits)
    wins = int(getattr(stat, "wins", 0))
    return MoveLine(
        move=state.move_to_string(stat.move),
        value=float(stat.value),
        visits=int(stat.visits),
        proof=proof_name(stat.proof),
        plies_to_end=int(stat.plies_to_end),
        value_text=game.describe_value(state, stat),
        win_rate=wins / visits if algo == "ismcts" and visits > 0 else None,
    )


def _report(game: GameInfo, state: Any, algo: str, result: Any, interrupted: bool) -> SearchReport:
    best = None if result.best_move == _core.NO_MOVE else state.move_to_string(result.best_move)
    return SearchReport(
        game=game.name,
        position=game.notation(state),
        to_move=state.to_move(),
        algo=algo,
        best_move=best,
        value=float(result.value),
        value_text=game.describe_value(state, result),
        proof=proof_name(result.proof),
        plies_to_end=int(result.plies_to_end),
        pv=moves_to_strings(state, list(result.pv)),
        moves=[_move_line(game, state, m, algo) for m in result.moves],
        nodes=int(result.nodes),
        depth=int(result.depth),
        time_s=float(result.time_s),
        stopped=bool(result.stopped),
        interrupted=interrupted,
        result=result,
    )


def _budget_given(time: float | None, nodes: int | None, depth: int | None) -> float | None:
    return DEFAULT_TIME_S if time is None and nodes is None and depth is None else time


def _to_parent(report: SearchReport, same_player: bool) -> tuple[float, Any, int]:
    """A child's alpha-beta value, proof and plies seen from its parent (one ply further from the end)."""
    proof = getattr(_core.Proof, report.proof.upper())
    plies = report.plies_to_end + 1 if report.plies_to_end >= 0 else -1
    v = report.value
    if proof in (_core.Proof.WIN, _core.Proof.LOSS):
        v = v - 1 if v > 0 else v + 1  # mate-distance scores: one ply further away
    if same_player:
        return v, proof, plies
    flipped = {_core.Proof.WIN: _core.Proof.LOSS, _core.Proof.LOSS: _core.Proof.WIN}.get(proof, proof)
    return 0.0 - v, flipped, plies  # 0.0 - v: no negative zero


def _rank(line: MoveLine) -> tuple[int, float]:
    """Sort key, best first: quickest wins, then by value (draws count 0), then slowest losses."""
    if line.proof == "win":
        return (0, line.plies_to_end)
    if line.proof == "loss":
        return (2, -line.plies_to_end)
    return (1, -line.value)


def analyse(
    state: Any,
    algo: str | None = None,
    time: float | None = None,
    nodes: int | None = None,
    depth: int | None = None,
    threads: int = 1,
    seed: int = 0,
    hash_mb: int = 64,
    on_progress: Callable[[Progress], None] | None = None,
    **mcts_options: Any,
) -> SearchReport:
    """Values every legal move of `state`, best first, in a :class:`SearchReport`.

    MCTS: one search, its root statistics. Alpha-beta: one search per move (its value, not just a bound);
    the time and node budgets are shared evenly among the moves and `depth` counts from `state` (the move
    itself is the first ply; at least one ply is searched below it). A move that ends the game is scored by a
    one-ply search of `state`. Ctrl-C stops after the move being searched (``interrupted=True``, with the
    moves searched so far).
    """
    algo = algo or default_algo(game_of(state))
    if algo != "alphabeta":
        return search(state, algo, time, nodes, depth, threads, seed, hash_mb, on_progress, **mcts_options)
    game = game_of_state(state)
    if state.is_terminal():
        raise _core.IllegalMoveError("the game is over: there is no move to analyse")
    legal = state.legal_moves()
    time = _budget_given(time, nodes, depth)
    budget: dict[str, Any] = {
        "time": time / len(legal) if time else None,
        "nodes": max(1, nodes // len(legal)) if nodes else None,
        "depth": max(1, depth - 1) if depth else None,
    }
    kw: dict[str, Any] = {"threads": threads, "seed": seed, "hash_mb": hash_mb}
    lines: list[MoveLine] = []
    pvs: dict[str, list[str]] = {}
    total_nodes, total_time, max_depth, stopped, interrupted = 0, 0.0, 0, False, False
    one_ply: dict[int, Any] | None = None
    for mv in legal:
        child = state.clone()
        child.apply(mv)
        name = state.move_to_string(mv)
        if child.is_terminal():
            if one_ply is None:
                first = search(state, "alphabeta", depth=1, **kw)
                one_ply = {s.move: s for s in first.result.moves}
                total_nodes += first.nodes
            lines.append(_move_line(game, state, one_ply[mv]))
            pvs[name] = [name]
            continue
        same = child.to_move() == state.to_move()
        relay = None if on_progress is None else _relay(on_progress, name, same)
        r = search(child, "alphabeta", on_progress=relay, **budget, **kw)
        value, proof, plies = _to_parent(r, same)
        stat = _Stat(mv, value, r.nodes, proof, plies)
        lines.append(_move_line(game, state, stat))
        pvs[name] = [name, *r.pv]
        total_nodes += r.nodes
        total_time += r.time_s
        max_depth = max(max_depth, r.depth + 1)
        stopped = stopped or r.stopped
        if r.interrupted:
            interrupted = True
            break
    lines.sort(key=_rank)
    best = lines[0]
    complete = not interrupted and all(line.proof != "none" for line in lines)
    root = _Stat(
        state.parse_move(best.move),
        best.value,
        total_nodes,
        getattr(_core.Proof, best.proof.upper()),
        best.plies_to_end,
    )
    if not (best.proof == "win" or complete):
        root = _Stat(root.move, best.value, total_nodes, _core.Proof.NONE, -1)
    return SearchReport(
        game=game.name,
        position=game.notation(state),
        to_move=state.to_move(),
        algo=algo,
        best_move=best.move,
        value=best.value,
        value_text=game.describe_value(state, root),
        proof=proof_name(root.proof),
        plies_to_end=root.plies_to_end,
        pv=pvs[best.move],
        moves=lines,
        nodes=total_nodes,
        depth=max_depth,
        time_s=total_time,
        stopped=stopped,
        interrupted=interrupted,
    )


@dataclass(frozen=True)
class _Stat:
    """A root-move statistic built in Python (same fields as ``_core.MoveStat``)."""

    move: int
    value: float
    visits: int
    proof: Any
    plies_to_end: int


def _relay(on_progress: Callable[[Progress], None], move: str, same: bool) -> Callable[[Progress], None]:
    def relay(p: Progress) -> None:
        on_progress(
            Progress(
                depth=p.depth + 1,
                value=p.value if same else 0.0 - p.value,
                pv=[move, *p.pv],
                nodes=p.nodes,
                time_s=p.time_s,
                proven=p.proven,
            )
        )

    return relay


@dataclass
class GameRecord:
    """A finished (or abandoned) game: start position, moves in notation, final returns and winner."""

    game: str
    start: str
    moves: list[str]
    final: str
    returns: list[float]
    winner: int | None  # None for a draw, an unfinished game or a shared win (see winners)
    winners: list[int] = field(default_factory=list)  # everyone on the highest return (a team); [] for a draw

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return asdict(self)


def winner_of(state: Any) -> int | None:
    """The player with the strictly highest return of a finished game, else None."""
    winners = winners_of(state)
    return winners[0] if len(winners) == 1 else None


def winners_of(state: Any) -> list[int]:
    """The players sharing the highest return of a finished game (e.g. both partners of a winning team); empty
    while the game goes on and after a draw (every player on the same return)."""
    if not state.is_terminal():
        return []
    returns = [state.returns(p) for p in range(state.num_players)]
    best = max(returns)
    winners = [p for p, r in enumerate(returns) if r == best]
    return [] if len(winners) == len(returns) else winners


def play_game(
    state: Any,
    players: Sequence[Mapping[str, Any]],
    seed: int = 0,
    opening_plies: int = 0,
    on_move: Callable[[Any, str, SearchReport | None], None] | None = None,
) -> GameRecord:
    """Plays `state` to the end, player i choosing with ``search(state, **players[i])``.

    The first `opening_plies` moves are uniformly random (from `seed`), to vary the games. Each search gets
    the seed ``players[i].get("seed", 0) + ply``: with node or depth budgets the whole game is reproducible.
    `on_move(state_before, move, report)` is called after every move (report None for opening moves).
    Ctrl-C during a search raises KeyboardInterrupt.
    """
    game = game_of_state(state)
    if len(players) != state.num_players:
        raise ValueError(f"{game.name} has {state.num_players} players, got settings for {len(players)}")
    start = game.notation(state)
    rng = random.Random(seed)
    s = state.clone()
    moves: list[str] = []
    while not s.is_terminal():
        report = None
        if len(moves) < opening_plies:
            mv = rng.choice(sorted(s.legal_moves()))
        else:
            settings = dict(players[s.to_move()])
            settings["seed"] = int(settings.get("seed", 0)) + len(moves)
            report = search(s, **settings)
            if report.interrupted:
                raise KeyboardInterrupt  # Ctrl-C ends the game, not just this move's search
            if report.result.best_move == _core.NO_MOVE:
                raise RuntimeError(f"{game.name}: the search returned no move in {game.notation(s)}")
            mv = report.result.best_move
        name = s.move_to_string(mv)
        before = s.clone()
        s.apply(mv)
        moves.append(name)
        if on_move is not None:
            on_move(before, name, report)
    return GameRecord(
        game=game.name,
        start=start,
        moves=moves,
        final=game.notation(s),
        returns=[s.returns(p) for p in range(s.num_players)],
        winner=winner_of(s),
        winners=winners_of(s),
    )
