"""Analysing a position: every legal move with its own value, best first (:func:`analyse`).

MCTS-family searches value every root move in one search (their root statistics). Alpha-beta values only the best
move exactly, so an analysis runs one alpha-beta search per move, each to the same depth budget, and converts the
child's value to the parent's point of view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from . import _core
from .search import MoveLine, Progress, SearchReport, game_of, move_line, score_of, search, settings_of
from .settings import SearchSettings


@dataclass(frozen=True)
class _Stat:
    """A root-move statistic built in Python (same fields as ``_core.MoveStat``)."""

    move: int
    value: float
    visits: int
    proof: Any
    plies_to_end: int


def _to_parent(report: SearchReport, same_player: bool) -> tuple[float, Any, int]:
    """A child's alpha-beta value, proof and plies seen from its parent (one ply further from the end)."""
    proof = getattr(_core.Proof, report.proof.upper())
    plies = report.score.plies + 1 if report.score.plies is not None else -1
    v = report.value
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
    :func:`~solver.search.search`).

    MCTS-family searches: one search, its root statistics. Alpha-beta: one search per move (its value, not just a
    bound); the time and node budgets are shared evenly among the moves and `depth` counts from `state` (the move
    itself is the first ply; at least one ply is searched below it). A move that ends the game is scored by a
    one-ply search of `state`. Ctrl-C stops after the move being searched (``interrupted=True``, with the moves
    searched so far).
    """
    game = game_of(state)
    chosen = settings_of(
        game, settings, rules if rules is not None else game.rules_of(state), kwargs, int(state.num_players)
    )
    if chosen.algo != "alphabeta":
        return search(state, chosen, rules=rules, on_progress=on_progress)
    if state.is_terminal():
        raise _core.IllegalMoveError("the game is over: there is no move to analyse")
    legal = state.legal_moves()
    budget = chosen.budget()
    per_move = SearchSettings(
        algo="alphabeta",
        time=budget["time"] / len(legal) if budget["time"] else None,
        nodes=max(1, budget["nodes"] // len(legal)) if budget["nodes"] else None,
        depth=max(1, budget["depth"] - 1) if budget["depth"] else None,
        threads=chosen.threads,
        seed=chosen.seed,
        hash_mb=chosen.hash_mb,
    )
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
                first = search(state, _one_ply(per_move))
                one_ply = {s.move: s for s in first.result.moves}
                total_nodes += first.nodes
            lines.append(move_line(game, state, one_ply[mv], "alphabeta"))
            pvs[name] = [name]
            continue
        same = child.to_move() == state.to_move()
        relay = None if on_progress is None else _relay(on_progress, name, same)
        r = search(child, per_move, on_progress=relay)
        value, proof, plies = _to_parent(r, same)
        lines.append(move_line(game, state, _Stat(mv, value, r.nodes, proof, plies), "alphabeta"))
        pvs[name] = [name, *r.pv]
        total_nodes += r.nodes
        total_time += r.time_s
        max_depth = max(max_depth, r.depth + 1)
        stopped = stopped or r.stopped
        if r.interrupted:
            interrupted = True
            break
    lines.sort(key=rank)
    best = lines[0]
    complete = not interrupted and all(line.proof != "none" for line in lines)
    proof = getattr(_core.Proof, best.proof.upper())
    plies = best.score.plies if best.score.plies is not None else -1
    if not (best.proof == "win" or complete):
        proof, plies = _core.Proof.NONE, -1
    root = _Stat(state.parse_move(best.move), best.value, total_nodes, proof, plies)
    return SearchReport(
        game=game.name,
        position=game.notation(state),
        to_move=state.to_move(),
        settings=chosen,
        best_move=best.move,
        score=score_of(game, root, "alphabeta"),
        value_text=game.describe_value(state, root),
        pv=pvs[best.move],
        moves=lines,
        nodes=total_nodes,
        depth=max_depth,
        time_s=total_time,
        stopped=stopped,
        interrupted=interrupted,
    )


def _one_ply(settings: SearchSettings) -> SearchSettings:
    """A one-ply alpha-beta search with the other settings kept."""
    return SearchSettings(
        algo="alphabeta", depth=1, threads=settings.threads, seed=settings.seed, hash_mb=settings.hash_mb
    )


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
