"""Running one search from Python: live progress, Ctrl-C, and a report in the game's notation.

The compiled searches (``State.alphabeta`` / ``State.mcts``, and for hidden-information games ``State.ismcts`` /
``State.pimc``) release the GIL; :func:`search` runs one in a worker thread while the calling thread polls its
progress about ten times a second. A KeyboardInterrupt in the calling thread asks the search to stop and returns
the best move found so far, marked ``interrupted``.

What to search with is one :class:`~solver.search.settings.SearchSettings`, completed for the game and its rules by
``SearchSettings.for_game`` (the only place defaults are decided). Hidden-information games are searched from an
information state: an :class:`~solver.determinize.infostate.InformationState`, or a full state of which only the
view of the player to move is used. Alpha-beta and MCTS on a full state remain available: they analyse the
position with everything known.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from .. import _core
from ..determinize.infostate import InformationState
from ..games import GameInfo, game_of_state
from .settings import HIDDEN_ALGOS, SearchSettings, check_applicable
from .values import Score

POLL_INTERVAL_S = 0.1


class _SearchThreads:
    """The threads compiled searches run in, kept between searches: starting a thread per search (and its first
    allocations in a new thread) cost ten times a small search. A thread is started when none is idle, so
    searches from several Python threads still run side by side. Dropped in a forked child (its threads are gone)."""

    def __init__(self) -> None:
        self._idle: list[_Worker] = []
        self._lock = threading.Lock()
        os.register_at_fork(after_in_child=self._forget)

    def _forget(self) -> None:
        self._idle = []
        self._lock = threading.Lock()

    def submit(self, job: Callable[[], None]) -> None:
        with self._lock:
            worker = self._idle.pop() if self._idle else None
        if worker is None:
            worker = _Worker(self)
        worker.give(job)

    def idle(self, worker: _Worker) -> None:
        with self._lock:
            self._idle.append(worker)


class _Worker:
    """One search thread: runs the jobs it is given one at a time, then waits idle for the next."""

    def __init__(self, pool: _SearchThreads) -> None:
        self._pool = pool
        self._jobs: list[Callable[[], None]] = []
        self._ready = threading.Condition()
        threading.Thread(target=self._loop, name="kofun-search", daemon=True).start()

    def give(self, job: Callable[[], None]) -> None:
        with self._ready:
            self._jobs.append(job)
            self._ready.notify()

    def _loop(self) -> None:
        while True:
            with self._ready:
                while not self._jobs:
                    self._ready.wait()
                job = self._jobs.pop()
            job()  # never raises: run_in_thread's job keeps its own errors
            self._pool.idle(self)


_THREADS = _SearchThreads()


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


class Scored:
    """Shorthands for a result with a ``score``: its raw value, proof and distance."""

    score: Score

    @property
    def value(self) -> float:
        """The raw number of the score."""
        return self.score.value

    @property
    def proof(self) -> str:
        """'win', 'loss', 'draw' or 'none'."""
        return self.score.kind if self.score.proven else "none"

    @property
    def plies_to_end(self) -> int:
        """Proven results: plies to the end of the game; -1 otherwise."""
        return self.score.plies if self.score.plies is not None else -1


@dataclass(frozen=True)
class MoveLine(Scored):
    """One root move of a search: its score for the player to move and the effort spent on it."""

    move: str
    score: Score
    visits: int
    value_text: str

    @property
    def win_rate(self) -> float | None:
        """ISMCTS: share of the move's visits ending in a win for the player to move."""
        return self.score.win_rate

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {"move": self.move, "score": self.score.to_dict(), "visits": self.visits, "value_text": self.value_text}


@dataclass
class SearchReport(Scored):
    """The outcome of a search: the best move, its score, the line and the candidates, all in notation."""

    game: str
    position: str
    to_move: int
    settings: SearchSettings
    best_move: str | None
    score: Score
    value_text: str
    pv: list[str]
    moves: list[MoveLine]
    nodes: int
    depth: int
    time_s: float
    stopped: bool
    interrupted: bool = False
    result: Any = field(default=None, repr=False, compare=False)  # the _core.SearchResult (None for analyse)

    @property
    def algo(self) -> str:
        """The algorithm that ran."""
        return str(self.settings.algo)

    @property
    def nps(self) -> float:
        """Nodes (MCTS: iterations) per second."""
        return self.nodes / self.time_s if self.time_s > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: every field except the raw result, plus ``algo`` and ``nps``."""
        d = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("result", "settings", "score")}
        d["algo"] = self.algo
        d["settings"] = self.settings.to_dict()
        d["score"] = self.score.to_dict()
        d["moves"] = [m.to_dict() for m in self.moves]
        d["pv"] = list(self.pv)
        d["nps"] = round(self.nps)
        return d


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


def game_of(state: Any) -> GameInfo:
    """The game of a compiled state or of an :class:`InformationState`."""
    return state.game if isinstance(state, InformationState) else game_of_state(state)


def information_state(state: Any) -> InformationState:
    """The view of the player to move: `state` itself if it is an InformationState, else built from the state's
    information-state notation (nothing else of the full state is kept)."""
    if isinstance(state, InformationState):
        return state
    game = game_of_state(state)
    if not game.has_hidden_information:
        raise ValueError(f"{game.name} has no hidden information: use algo 'alphabeta' or 'mcts'")
    return game.view(state)


def settings_of(
    game: GameInfo,
    settings: SearchSettings | None,
    rules: Mapping[str, Any] | None,
    kwargs: Mapping[str, Any],
    players: int | None = None,
    remaining_plies: int | None = None,
) -> SearchSettings:
    """`settings` (default: all defaults) with the keyword settings applied, completed for `game` and `rules`
    (`remaining_plies`: the position's bound on its length, which lets a short game be solved exactly). Keyword
    options that the chosen algorithm does not take are refused."""
    base = settings or SearchSettings()
    extra = dict(kwargs)
    check_applicable(None, extra)  # unknown names first
    chosen = base.merged(**extra).for_game(game, rules, players, remaining_plies)
    check_applicable(chosen.algo, extra)
    return chosen


def search(
    state: Any,
    settings: SearchSettings | None = None,
    *,
    rules: Mapping[str, Any] | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    control: Any = None,
    **kwargs: Any,
) -> SearchReport:
    """Searches `state` and reports the best move.

    `settings` is a :class:`SearchSettings`; keyword arguments (``algo``, ``time``, ``nodes``, ``depth``,
    ``threads``, ``seed`` and the algorithm's options such as ``exploration``) override it. `rules` are the rule
    options in force when the position does not carry them all (e.g. a Koi-Koi deal inside a 12-deal match),
    default: what the game reads off the state. `on_progress` is called in the calling thread with each new
    :class:`Progress`. `control` (a ``_core.SearchControl``) lets another thread stop the search. Ctrl-C stops
    the search and returns the best move so far (``interrupted=True``). ISMCTS and PIMC also take ``worlds`` (an
    n x k integer array of explicit worlds) instead of the uniform belief sampled in C++.
    """
    game = game_of(state)
    worlds = kwargs.pop("worlds", None)
    rules = rules if rules is not None else game.rules_of(state)
    chosen = settings_of(game, settings, rules, kwargs, _players(state), remaining_plies(state))
    shown, result, interrupted = run_search(state, chosen, on_progress, control, worlds)
    return report_of(game, shown, chosen, result, interrupted)


def run_search(
    state: Any,
    settings: SearchSettings,
    on_progress: Callable[[Progress], None] | None = None,
    control: Any = None,
    worlds: Any = None,
) -> tuple[Any, Any, bool]:
    """The compiled search of `state` under complete `settings` (``for_game`` applied), without a report:
    (the state its moves are named in, the compiled result, whether Ctrl-C stopped it). What an agent needs to
    move; :func:`report_of` turns the three into a :class:`SearchReport` when one is wanted."""
    run, control, shown = _prepare(state, settings, control, worlds)
    result, interrupted = run_in_thread(run, control, shown, on_progress)
    return shown, result, interrupted


def remaining_plies(state: Any) -> int | None:
    """A full state's bound on the plies left (games of bounded length), else None."""
    bound = getattr(state, "remaining_plies_bound", None)
    return None if isinstance(state, InformationState) or bound is None else int(bound())


def _players(state: Any) -> int:
    return int(getattr(state, "proxy", state).num_players)


def _prepare(state: Any, settings: SearchSettings, control: Any, worlds: Any) -> tuple[Callable[[], Any], Any, Any]:
    """The search to run, its control block and the state the report names moves in."""
    if state.is_terminal():
        raise _core.IllegalMoveError("the game is over: there is no move to search")
    control = control if control is not None else _core.SearchControl()
    limits, options, algo = settings.limits(), settings.options(), settings.algo
    if algo in HIDDEN_ALGOS:
        view = information_state(state)
        belief: dict[str, Any] = (
            {"worlds": worlds} if worlds is not None else {"unseen": view.unseen, "groups": view.groups}
        )
        if options.get("objective") == "match":  # the game's match equity of each return, looked up in C++
            low, table, scale = view.game.match_table(view)
            options = {"return_scale": scale, **options, "objective": "table", "return_table": table, "table_low": low}
        method = getattr(view.game.State, str(algo))
        return (lambda: method(view.text, limits, control, **belief, **options)), control, view
    if worlds is not None:
        raise ValueError("worlds: only the information-set searches ('ismcts', 'pimc') take explicit worlds")
    if isinstance(state, InformationState):
        raise ValueError(
            f"algo {algo!r} needs a full state (everything known); an information state is searched with "
            "'ismcts' or 'pimc'"
        )
    if "keep_table" in options:  # the identity the kept entries hold for: this game under these rules
        options = {**options, "keep_table": game_of_state(state).rules_name(state) if options["keep_table"] else ""}
    root = state.clone()
    method = getattr(root, str(algo))
    return (lambda: method(limits, control, **options)), control, state


def run_in_thread(
    run: Callable[[], Any], control: Any, state: Any, on_progress: Callable[[Progress], None] | None
) -> tuple[Any, bool]:
    """Runs `run` (a compiled search using `control`) in a worker thread; returns (result, interrupted).

    Progress published on `control` is passed to `on_progress` as it arrives. On KeyboardInterrupt
    (including one raised by `on_progress`) the search is asked to stop and its result, the best move so far,
    is returned.
    """
    if on_progress is None and threading.current_thread() is not threading.main_thread():
        return run(), False  # Ctrl-C is only ever raised in the main thread: nothing to watch for here
    box: dict[str, Any] = {}
    done = threading.Event()  # not Thread.join: an interrupted join can leave is_alive() wrong (< 3.12)

    def worker() -> None:
        try:
            box["result"] = run()
        except BaseException as e:  # re-raised in the calling thread
            box["error"] = e
        finally:
            done.set()

    _THREADS.submit(worker)
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


#: The unit of ISMCTS values under the objective 'match'.
MATCH_UNIT = "match-win probability"


def score_of(game: GameInfo, stat: Any, algo: str, settings: SearchSettings | None = None) -> Score:
    """The :class:`Score` of a compiled result or move statistic of `algo` in `game`'s units (with the ISMCTS
    objective 'match': the probability of winning the match)."""
    visits, wins = int(getattr(stat, "visits", 0)), int(getattr(stat, "wins", 0))
    win_rate = wins / visits if algo == "ismcts" and visits > 0 else None
    match = algo == "ismcts" and settings is not None and settings.objective == "match"
    return Score.of(stat, algo, game.eval_unit, MATCH_UNIT if match else game.return_unit, win_rate)


def value_text(game: GameInfo, state: Any, stat: Any, settings: SearchSettings | None = None) -> str:
    """The words for a search value: the game's, or with the objective 'match' the match-winning probability."""
    if settings is not None and settings.algo == "ismcts" and settings.objective == "match":
        return f"{100 * float(stat.value):.1f}% to win the match"
    return str(game.describe_value(state, stat))


def move_line(game: GameInfo, state: Any, stat: Any, algo: str, settings: SearchSettings | None = None) -> MoveLine:
    """A root-move statistic in notation, with its score and the game's words for it (`settings`: the search's,
    for the units of its objective)."""
    score = score_of(game, stat, algo, settings)
    return MoveLine(
        move=state.move_to_string(stat.move),
        score=score,
        visits=int(stat.visits),
        value_text=str(score) if score.kind == "unproven" else value_text(game, state, stat, settings),
    )


def report_of(game: GameInfo, state: Any, settings: SearchSettings, result: Any, interrupted: bool) -> SearchReport:
    """The report of a finished compiled search of `state`."""
    algo = str(settings.algo)
    best = None if result.best_move == _core.NO_MOVE else state.move_to_string(result.best_move)
    score = score_of(game, result, algo, settings)
    if algo == "ismcts" and best is not None:  # the best move's win rate is the position's
        line = next((m for m in result.moves if m.move == result.best_move), None)
        if line is not None:
            score = score_of(game, line, algo, settings)
            score = Score(score.kind, float(result.value), score.unit, score.plies, score.win_rate)
    text = value_text(game, state, result, settings)
    if algo == "solve" and result.proof == _core.Proof.NONE:  # the budget ran out: the bounds reached
        low, high = Score.of_proof_score(float(result.value_low)), Score.of_proof_score(float(result.value_high))
        score = Score.of_proof_score(float(result.value_low), +1)
        text = f"not proven within the budget: between {low} and {high}"
    return SearchReport(
        game=game.name,
        position=game.notation(state),
        to_move=state.to_move(),
        settings=settings,
        best_move=best,
        score=score,
        value_text=text,
        pv=moves_to_strings(state, list(result.pv)),
        moves=[move_line(game, state, m, algo, settings) for m in result.moves],
        nodes=int(result.nodes),
        depth=int(result.depth),
        time_s=float(result.time_s),
        stopped=bool(result.stopped),
        interrupted=interrupted,
        result=result,
    )
