"""The work behind the review and the analysis board requests of the table protocol (the hub calls these).

- **Review** (``review``): a table's record is reviewed decision by decision (:class:`~solver.review.Reviewer`),
  each decision one job of the hub's search pool. The page gets one ``reviewed`` message per decision — the
  decision's ``to_dict()``, the board of its position as the deciding seat saw it (drawn by the game's own module)
  and the public moves of the deal before it — then ``review_done`` with the seat summaries (at the review's own
  settings: "played like" only where the calibration's budget is the review's), the graph's series, and the
  decisions that later proofs settled (``settled``: :func:`solver.review.settle`, as ``kofun review`` does).
- **Analysis board** (``board``, ``analyse`` with ``lines`` / ``runs``): the board of a position or information
  state (and of the position after some moves: following a line), the best N moves with their lines deepening pass
  by pass (:func:`~solver.search.analysis.lines` at depth 2, 3, ...: every move at the same depth, each pass streamed),
  and from an information state every move's value over independent searches with its standard error
  (:func:`solver.search.estimates.pool` of the runs, streamed run by run: the same values as
  :func:`solver.search.estimates.move_values`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..batch.seeds import derive_seed
from ..games import GameInfo
from ..play.record import GameRecord
from ..review import DecisionReview, Reviewer, ReviewSettings, series, settle, summaries, view_note
from ..review.classes import EVAL_UNIT, thresholds_for
from ..search.analysis import Line, lines
from ..search.estimates import MoveEstimate, pool
from ..search.runner import Progress, SearchReport, information_state, search, settings_of
from ..search.settings import HIDDEN_ALGOS, SearchSettings, SettingsError
from . import protocol as p
from .boards import board_of, legal_of
from .tables import TableError, check_move_text

#: Lines asked for at most, runs at most, and the deepest pass of a multi-PV analysis.
MAX_LINES = 10
MAX_RUNS = 16
MAX_PASS_DEPTH = 64
#: A pass is started only if the last one, grown by at least this factor, fits in what is left of the budget.
MIN_GROWTH = 2.0


# --- review --------------------------------------------------------------------------------------------------


class ReviewJob:
    """One table's review under way: the reviewer, the names of the seats and what is reviewed so far."""

    def __init__(self, table_id: str, record: GameRecord, names: Sequence[str], settings: ReviewSettings) -> None:
        if not record.deals or not any(deal.moves for deal in record.deals):
            raise TableError("review: the game has no move to review yet")
        self.table = table_id
        self.reviewer = Reviewer(record, settings)
        self.names = list(names)
        self.done: list[DecisionReview] = []
        self.start = time.monotonic()

    @property
    def game(self) -> GameInfo:
        """The game of the record."""
        return self.reviewer.game

    def started(self, request_id: Any) -> dict[str, Any]:
        """The ``reviewing`` message: what will be reviewed, from which view."""
        r = self.reviewer
        return p.reply(
            "reviewing", request_id, table=self.table, game=r.game.name, title=r.game.title, rules=dict(r.rules),
            hidden_information=r.hidden, view_note=view_note(r.hidden), names=self.names,
            seats=list(r.settings.seats) if r.settings.seats is not None else list(range(len(r.record.agents))),
            decisions=len(r.indices), settings=r.settings.to_dict(),
        )  # fmt: skip

    def review(self, index: int) -> DecisionReview:
        """Reviews decision `index` (blocking: run it in the search pool)."""
        return self.reviewer.decision(index)

    def reviewed(self, request_id: Any, decision: DecisionReview) -> dict[str, Any]:
        """The ``reviewed`` message of one decision: its review, its board as its seat saw it, the deal so far."""
        self.done.append(decision)
        step = self.reviewer.decisions[decision.index]
        game = self.game
        return p.reply(
            "reviewed", request_id, table=self.table, number=len(self.done), of=len(self.reviewer.indices),
            decision=decision.to_dict(), board=board_of(game, step.view(game)), last=self.public_moves(decision.index),
        )  # fmt: skip

    def public_moves(self, index: int) -> list[str]:
        """The moves of decision `index`'s deal before it, as its seat saw them (the others' in public form)."""
        steps = self.reviewer.decisions
        d = steps[index]
        game = self.game
        return [
            s.move if s.seat == d.seat else game.public_move(s.state, s.move) for s in steps[:index] if s.deal == d.deal
        ]

    def finished(self, request_id: Any, stopped: bool) -> dict[str, Any]:
        """The ``review_done`` message: each seat's summary, the graph's series, the thresholds of the classes."""
        r = self.reviewer
        done = sorted(self.done, key=lambda d: d.index)
        final = done if r.hidden else settle(done, r.game.name)
        changed = [d.to_dict() for d, was in zip(final, done, strict=True) if d != was]
        classed = [d for d in final if d.counted]
        unit = classed[0].unit if classed else (r.game.return_unit if r.hidden else EVAL_UNIT)
        seats = r.settings.seats if r.settings.seats is not None else tuple(range(len(r.record.agents)))
        return p.reply(
            "review_done", request_id, table=self.table, game=r.game.name, reviewed=len(self.done),
            stopped=stopped, thresholds=thresholds_for(r.game.name, unit).to_dict(),
            summaries=[s.to_dict() for s in summaries(r.record, final, seats, unit, r.settings)],
            series=[pt.to_dict() for pt in series(final)], settled=changed,
            time_s=round(time.monotonic() - self.start, 3),
        )  # fmt: skip


def review_settings(nodes: int | None, time_s: float | None, seat: int | None, seed: int) -> ReviewSettings:
    """The settings of a review asked for in the browser (one seat or all; the review's default budget)."""
    return ReviewSettings(nodes=nodes, time=time_s, seed=seed, seats=(seat,) if seat is not None else None)


# --- the analysis board: positions -----------------------------------------------------------------------------


def analysis_state(info: GameInfo, position: str, rules: Mapping[str, Any]) -> Any:
    """What an analysis searches: the position (the start when `position` is empty); in a hidden-information game
    the information state given (``view=``), or the view of the player to move of a full state."""
    text = check_move_text(position.strip()) if position.strip() else ""
    if info.has_hidden_information and "view=" in text:
        return info.view(text)
    state = info.parse(text, rules) if text else info.new(rules)
    return info.view(state) if info.has_hidden_information else state


def board_reply(
    info: GameInfo, position: str, rules: Mapping[str, Any], play: Sequence[str], request_id: Any
) -> dict[str, Any]:
    """The ``board`` message: the board of a position (after the moves of `play`, which follow a line), its
    notation, whose turn it is and the legal moves (each with what the page clicks to make it)."""
    state = analysis_state(info, position, rules)
    hidden = info.has_hidden_information
    if play and hidden:
        raise TableError(
            "play: a line from an information state cannot be followed (what comes next depends on the other "
            "players' hidden cards)"
        )
    for i, text in enumerate(play):
        if state.is_terminal():
            raise TableError(f"play: move {i + 1} {text!r}: the game is already over")
        try:
            move = int(state.parse_move(check_move_text(text)))
            if move not in state.legal_moves():
                raise ValueError("not a legal move here")
        except ValueError as e:
            raise TableError(f"play: move {i + 1} {text!r}: {e}") from None
        state.apply(move)
    shown = state.text if hidden else info.notation(state)
    to_move = None if state.is_terminal() else int(state.to_move())
    names = [info.player_name(i) for i in range(int(getattr(state, "proxy", state).num_players))]
    return p.reply(
        "board", request_id, game=info.name, title=info.title, rules=dict(info.check_options(rules)),
        position=shown, hidden_information=hidden, to_move=to_move, player=None if to_move is None else names[to_move],
        names=names, over=state.is_terminal(), board=board_of(info, state), legal=legal_of(info, state),
    )  # fmt: skip


# --- the analysis board: searches ------------------------------------------------------------------------------

Send = Callable[[dict[str, Any]], None]


def multipv(
    state: Any,
    rules: Mapping[str, Any] | None,
    count: int,
    budget: Mapping[str, Any],
    seed: int,
    stopped: Callable[[], bool],
    tell: Send,
) -> dict[str, Any]:
    """The best `count` moves of a perfect-information `state` with their lines, deepening pass by pass: pass d
    is :func:`~solver.search.analysis.lines` of every move at depth d (so every move's value at the same depth). Each
    pass is told (`tell`) as it completes; a pass starts only while the budget (``time`` seconds or ``nodes``)
    is expected to hold it, `stopped()` is false, and not every move is proven. Returns the last pass."""
    if state.is_terminal():
        raise TableError("analyse: the game is over in this position")
    legal = len(state.legal_moves())
    start = time.monotonic()
    nodes = 0
    last: list[Line] = []
    depth = 0
    costs: list[tuple[float, int]] = []
    for d in range(2, MAX_PASS_DEPTH + 1):
        if last and (stopped() or not _fits(budget, costs, time.monotonic() - start, nodes)):
            break
        began = time.monotonic()
        settings = SearchSettings(algo="alphabeta", depth=d, threads=1, seed=seed)
        found = lines(state, settings, legal, rules=rules)
        spent = sum(ln.visits for ln in found)
        costs.append((time.monotonic() - began, spent))
        nodes += spent
        last, depth = found, d
        tell(_lines_fields(found, count, d, nodes, time.monotonic() - start))
        if all(ln.score.proven for ln in found):
            break
    return {**_lines_fields(last, count, depth, nodes, time.monotonic() - start), "stopped": stopped()}


def _fits(budget: Mapping[str, Any], costs: Sequence[tuple[float, int]], elapsed: float, nodes: int) -> bool:
    """True when the next pass is expected to fit in what is left of the budget (it costs the last pass grown by
    the last growth, at least :data:`MIN_GROWTH`)."""
    growth = MIN_GROWTH
    if len(costs) > 1 and costs[-2][1] > 0:
        growth = max(MIN_GROWTH, costs[-1][1] / costs[-2][1])
    seconds, spent = costs[-1]
    if budget.get("nodes") is not None:
        return nodes + spent * growth <= int(budget["nodes"])
    return elapsed + seconds * growth <= float(budget.get("time") or 2.0)


def _lines_fields(found: Sequence[Line], count: int, depth: int, nodes: int, seconds: float) -> dict[str, Any]:
    every = [{"move": ln.move, "score": ln.score.to_dict(), "value_text": ln.value_text, "visits": ln.visits,
              "pv": list(ln.pv)} for ln in found]  # fmt: skip
    return {
        "depth": depth,
        "lines": [ln.to_dict() for ln in found[:count]],
        "moves": every,
        "nodes": nodes,
        "time_s": round(seconds, 3),
    }


def every_move(
    state: Any,
    rules: Mapping[str, Any] | None,
    runs: int,
    budget: Mapping[str, Any],
    seed: int,
    control: Any,
    on_progress: Callable[[int, Progress, list[MoveEstimate]], None],
    tell: Callable[[int, list[MoveEstimate]], None],
) -> dict[str, Any]:
    """Every legal move's value from the information state of `state` over `runs` independent information-set
    searches, pooled (:func:`~solver.search.estimates.pool`; the same searches as
    :func:`~solver.search.estimates.move_values`).
    Each search's progress goes to `on_progress(run, progress, pooled so far)`, each finished run's pool to
    `tell(run, pooled)`; `control` stops the search under way and the runs after it."""
    view = information_state(state)
    if view.is_terminal():
        raise TableError("analyse: the game is over in this position")
    base = SearchSettings(threads=1, seed=seed, **budget)
    chosen = settings_of(view.game, base, rules if rules is not None else view.game.rules_of(view), {})
    if chosen.algo not in HIDDEN_ALGOS:
        raise SettingsError(f"algo: an information state is searched with 'ismcts' or 'pimc', not {chosen.algo!r}")
    reports: list[SearchReport] = []
    pooled: list[MoveEstimate] = []
    for r in range(runs):
        if reports and control.stop_requested:
            break
        run = r + 1

        def progress(pr: Progress, run: int = run, so_far: list[MoveEstimate] = pooled) -> None:
            on_progress(run, pr, so_far)

        settings = chosen.with_seed(derive_seed(chosen.seed, "run", r))
        reports.append(search(view, settings, rules=rules, on_progress=progress, control=control))
        pooled = pool(reports)
        tell(run, pooled)
    best = reports[0]
    return {
        "values": [v.to_dict() for v in pooled],
        "runs": len(reports),
        "best_move": pooled[0].move if pooled else best.best_move,
        "unit": best.score.unit,
        "algo": best.algo,
        "nodes": sum(rep.nodes for rep in reports),
        "stopped": bool(control.stop_requested),
    }


def check_board_request(info: GameInfo, count: int | None, runs: int | None) -> tuple[int | None, int | None]:
    """The lines and runs of an ``analyse`` request: `runs` only for a hidden-information game; from an
    information state `lines` asks for every move's value (runs default 2)."""
    if runs is not None and not info.has_hidden_information:
        raise TableError(f"runs: {info.name} has no hidden information (ask for lines)")
    if info.has_hidden_information and (count is not None or runs is not None):
        return None, runs or 2
    return count, None


__all__ = [
    "MAX_LINES",
    "MAX_RUNS",
    "ReviewJob",
    "analysis_state",
    "board_reply",
    "check_board_request",
    "every_move",
    "multipv",
    "review_settings",
]
