"""Analysing a position: every legal move with its own value, best first (:func:`analyse`), and the best N moves
with their lines for an analysis board (:func:`lines`). An information state's move values with their confidence
are in :mod:`solver.search.estimates`, the positions of a recorded game in :mod:`solver.play.replay`.

MCTS-family searches value every root move in one search (their root statistics). Alpha-beta values only the best
move exactly, so an analysis runs one alpha-beta search per move and converts the child's value to the parent's
point of view.

Every move of an alpha-beta analysis is valued at the same depth, so that the values compare. The analysis deepens
pass by pass: pass ``d`` searches every move to ``d`` plies from the position (the move itself is the first ply;
the first pass, 2 plies, always completes), and a pass counts only when every move completed it. When the time
or node budget (shared by all passes) runs out or Ctrl-C stops a pass, the moves keep the values of the last
completed pass; the report's ``depth`` is that pass's depth. A ``depth`` budget alone is one pass at that depth.
A move whose search proved its result, or reached the end of the game within the horizon, is exact whatever the
pass.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .. import _core
from ..determinize.infostate import InformationState
from .runner import (
    MoveLine,
    Progress,
    SearchReport,
    game_of,
    move_line,
    moves_to_strings,
    run_in_thread,
    score_of,
    search,
    settings_of,
)
from .settings import HIDDEN_ALGOS, SearchSettings
from .values import Score


@dataclass(frozen=True)
class Stat:
    """A root-move statistic built in Python (same fields as ``_core.MoveStat``)."""

    move: int
    value: float
    visits: int
    proof: Any
    plies_to_end: int


def to_parent(result: Any, same_player: bool) -> tuple[float, Any, int]:
    """A child's compiled alpha-beta value, proof and plies seen from its parent (one ply further from the end)."""
    proof = result.proof
    plies = int(result.plies_to_end) + 1 if int(result.plies_to_end) >= 0 else -1
    v = float(result.value)
    if proof in (_core.Proof.WIN, _core.Proof.LOSS):
        v = v - 1 if v > 0 else v + 1  # mate-distance scores: one ply further away
    if same_player:
        return v, proof, plies
    flipped = {_core.Proof.WIN: _core.Proof.LOSS, _core.Proof.LOSS: _core.Proof.WIN}.get(proof, proof)
    return 0.0 - v, flipped, plies  # 0.0 - v: no negative zero


def rank(line: MoveLine) -> tuple[int, float]:
    """Sort key, best first: quickest wins, then by value (draws count 0), then slowest losses."""
    plies = line.score.plies if line.score.plies is not None else 0
    if line.proof == "win":
        return (0, plies)
    if line.proof == "loss":
        return (2, -plies)
    return (1, -line.value)


def analyse(
    state: Any,
    settings: SearchSettings | None = None,
    *,
    rules: Mapping[str, Any] | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    **kwargs: Any,
) -> SearchReport:
    """Values every legal move of `state`, best first, in a :class:`SearchReport` (settings as for
    :func:`~solver.search.runner.search`); :func:`lines` also gives each move's line.

    MCTS-family searches: one search, its root statistics. Alpha-beta: one search per move (its value, not just a
    bound), every move at the same depth (module docstring): passes deepen until the time or node budget runs out
    or `depth` (plies from `state`) is reached. A move that ends the game is scored by a one-ply search of
    `state`. `on_progress` gets one :class:`Progress` per completed pass (its best move, value and line). Ctrl-C
    stops the analysis with the moves of the last completed pass (``interrupted=True``).
    """
    return _analyse(state, settings, rules, on_progress, kwargs)[0]


def _analyse(
    state: Any,
    settings: SearchSettings | None,
    rules: Mapping[str, Any] | None,
    on_progress: Callable[[Progress], None] | None,
    kwargs: Mapping[str, Any],
) -> tuple[SearchReport, dict[str, list[str]]]:
    """:func:`analyse`'s report and, for alpha-beta, every move's line (empty for the other searches)."""
    game = game_of(state)
    chosen = settings_of(
        game,
        settings,
        rules if rules is not None else game.rules_of(state),
        kwargs,
        int(getattr(state, "proxy", state).num_players),
    )
    if chosen.algo != "alphabeta":
        return search(state, chosen, rules=rules, on_progress=on_progress), {}
    if state.is_terminal():
        raise _core.IllegalMoveError("the game is over: there is no move to analyse")
    budget = chosen.budget()
    depth_budget = int(budget["depth"] or 0)
    if budget["time"] is None and budget["nodes"] is None:
        depths: range = range(max(2, depth_budget), max(2, depth_budget) + 1)
    else:
        depths = range(2, max(2, depth_budget or MAX_DEPTH) + 1)  # a pass searches at least one ply below a move
    run = _Run(state, chosen, budget["time"], budget["nodes"])
    done: _Pass | None = None
    for depth in depths:
        first = done is None
        current, interrupted = run_in_thread(lambda: run.run_pass(depth, first), run.control, state, None)  # noqa: B023
        run.interrupted = run.interrupted or interrupted or bool(run.control.stop_requested)
        current.complete = current.complete and not run.interrupted
        if current.complete or done is None:
            done = current
        if not current.complete or run.interrupted:
            break
        if on_progress is not None:
            best = current.lines[0]
            on_progress(
                Progress(depth, best.value, current.pvs[best.move], run.nodes, run.elapsed(), best.score.proven)
            )
        if not current.deepens:
            break
    if done is None:  # cannot happen: the depth range is never empty and the first pass always completes
        raise RuntimeError("analyse: no pass was run")
    lines = done.lines
    best = lines[0]
    complete = not run.interrupted and done.complete and all(line.proof != "none" for line in lines)
    proof = getattr(_core.Proof, best.proof.upper())
    plies = best.score.plies if best.score.plies is not None else -1
    if not (best.proof == "win" or complete):
        proof, plies = _core.Proof.NONE, -1
    root = Stat(state.parse_move(best.move), best.value, run.nodes, proof, plies)
    report = SearchReport(
        game=game.name,
        position=game.notation(state),
        to_move=state.to_move(),
        settings=chosen,
        best_move=best.move,
        score=score_of(game, root, "alphabeta"),
        value_text=game.describe_value(state, root),
        pv=done.pvs[best.move],
        moves=lines,
        nodes=run.nodes,
        depth=done.depth,
        time_s=run.elapsed(),
        stopped=run.stopped,
        interrupted=run.interrupted,
    )
    return report, done.pvs


MAX_DEPTH = 250  # passes never go deeper (the compiled search's ply limit is 256)


@dataclass
class _Pass:
    """Every move searched to one depth: the lines best first, each move's PV, and whether it counts."""

    depth: int
    lines: list[MoveLine]
    pvs: dict[str, list[str]]
    complete: bool  # every move completed the pass
    deepens: bool  # some move was limited by the depth (a deeper pass could change it)


class _Run:
    """The budgets shared by the passes of one analysis and what they have used."""

    def __init__(self, state: Any, settings: SearchSettings, time_s: float | None, nodes: int | None) -> None:
        self.state, self.settings, self.time_s, self.node_budget = state, settings, time_s, nodes
        self.game = game_of(state)
        self.start = time.monotonic()
        self.nodes = 0
        self.stopped = self.interrupted = False
        self.one_ply: dict[int, Any] | None = None
        self.control = _core.SearchControl()  # one for the whole analysis: Ctrl-C stops the search under way

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def _limits(self, child_depth: int, first: bool) -> SearchSettings | None:
        """The settings of one child search within what is left of the budgets (None: nothing left)."""
        time_left = nodes_left = None
        if not first and self.time_s is not None:
            time_left = self.time_s - self.elapsed()
            if time_left <= 0:
                return None
        if not first and self.node_budget is not None:
            nodes_left = self.node_budget - self.nodes
            if nodes_left <= 0:
                return None
        s = self.settings
        return SearchSettings(
            algo="alphabeta", time=time_left, nodes=nodes_left, depth=child_depth, threads=s.threads, seed=s.seed,
            hash_mb=s.hash_mb,
        )  # fmt: skip

    def run_pass(self, depth: int, first: bool) -> _Pass:
        """Every move searched to `depth` plies from the position (the first pass ignores the budgets)."""
        state, game = self.state, self.game
        child_depth = max(1, depth - 1)
        lines: list[MoveLine] = []
        pvs: dict[str, list[str]] = {}
        complete, deepens = True, False
        for mv in state.legal_moves():
            child = state.clone()
            child.apply(mv)
            name = state.move_to_string(mv)
            if child.is_terminal():
                if self.one_ply is None:
                    one = _one_ply(self.settings)
                    first_ply = state.alphabeta(one.limits(), self.control, **one.options())
                    self.one_ply = {s.move: s for s in first_ply.moves}
                    self.nodes += int(first_ply.nodes)
                lines.append(move_line(game, state, self.one_ply[mv], "alphabeta"))
                pvs[name] = [name]
                continue
            settings = self._limits(child_depth, first)
            if settings is None:
                complete = False
                break
            r = child.alphabeta(settings.limits(), self.control, **settings.options())
            self.nodes += int(r.nodes)
            same = child.to_move() == state.to_move()
            value, proof, plies = to_parent(r, same)
            lines.append(move_line(game, state, Stat(mv, value, int(r.nodes), proof, plies), "alphabeta"))
            pvs[name] = [name, *moves_to_strings(child, list(r.pv))]
            reached = int(r.depth) >= child_depth
            proven = r.proof != _core.Proof.NONE
            deepens = deepens or (reached and not proven)
            if r.stopped:
                self.stopped = True
                complete = False
                break
            if not (reached or proven or not self._exhausted()):
                complete = False
                break
        lines.sort(key=rank)
        return _Pass(depth, lines, pvs, complete, deepens)

    def _exhausted(self) -> bool:
        """True once the time or node budget is used up."""
        if self.time_s is not None and self.elapsed() >= self.time_s:
            return True
        return self.node_budget is not None and self.nodes >= self.node_budget


def _one_ply(settings: SearchSettings) -> SearchSettings:
    """A one-ply alpha-beta search with the other settings kept."""
    return SearchSettings(
        algo="alphabeta", depth=1, threads=settings.threads, seed=settings.seed, hash_mb=settings.hash_mb
    )


# --- the analysis board -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One of the best moves of a position with the line that follows it (in notation) and its value."""

    rank: int
    move: str
    score: Score
    value_text: str
    visits: int
    pv: list[str]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "rank": self.rank,
            "move": self.move,
            "score": self.score.to_dict(),
            "value_text": self.value_text,
            "visits": self.visits,
            "pv": list(self.pv),
        }


def lines(
    state: Any,
    settings: SearchSettings | None = None,
    count: int = 3,
    *,
    rules: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> list[Line]:
    """The best `count` moves of `state` with their lines (multi-PV), best first.

    Alpha-beta: the moves of :func:`analyse` (every move at the same depth) with each move's own principal
    variation. MCTS on a full state: the root's best moves, the best move's line from the search, each other's
    from a search of the position after it (same settings). From an information state the line of a move is the
    move alone, except the best move's line as the search saw it: what the other players will do is not known."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"lines: must be an integer >= 1, got {count!r}")
    report, pvs = _analyse(state, settings, rules, None, kwargs)
    out = []
    for rank, m in enumerate(report.moves[:count], 1):
        if m.move in pvs:
            pv = pvs[m.move]
        elif m.move == report.best_move:
            pv = list(report.pv) or [m.move]
        elif isinstance(state, InformationState) or report.algo in HIDDEN_ALGOS:
            pv = [m.move]
        else:
            child = state.clone()
            child.play(m.move)
            pv = [m.move]
            if not child.is_terminal():
                pv += search(child, report.settings, rules=rules).pv
        out.append(Line(rank, m.move, m.score, m.value_text, m.visits, pv))
    return out
