"""Valuing one decision: the engine's best move and the move played, both from what the deciding seat could see.

- **Perfect information** (Connect Four, Sensei): the position is searched (alpha-beta, or the exact solver where
  the game proves short positions: Connect Four with 24 empty cells or fewer); that gives the best move's value.
  When another move was played, the position after it is searched one ply shallower (the solver: to the end), so
  that both values are of the same depth and compare; proven results are kept as proofs.
- **Hidden information** (the card and tile games): the seat's information state — what the agents get, built
  from its notation alone, never the full state — is searched by the information-set search several times with
  independent seeds. Each move's value pools its visits over the runs; its standard error is the spread between
  the runs (:func:`~solver.search.estimates.pool`); the engine's choice is the most visited move (PIMC: the highest
  mean). When progressive widening (Honshu's placements) left the played move untried, the runs are made again with
  widening off, so that every move is tried.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import _core
from ..games import GameInfo
from ..search.analysis import Stat, to_parent
from ..search.estimates import MoveEstimate, pool
from ..search.runner import SearchReport, score_of, search, value_text
from ..search.settings import SearchSettings
from ..search.values import Score
from .classes import EVAL_UNIT, thresholds_for
from .model import MoveValue


@dataclass(frozen=True)
class Evaluation:
    """What the searches of one decision found: the best move, both values, every searched move, the best line."""

    best: str
    best_value: MoveValue
    played_value: MoveValue | None
    moves: list[MoveValue]
    pv: list[str]
    nodes: int
    algo: str
    unit: str
    depth: int = 0


def review_value(score: Score, cap: float) -> float:
    """A score as one number of the review's unit: a proven win in n plies ``cap - n``, a loss in n plies
    ``n - cap`` (quicker wins and slower losses are worth more; n counts at most half the cap), a draw 0 (with no
    cap: the raw value); evaluations are clamped to +-cap."""
    plies = min(score.plies or 0, int(cap // 2))
    if score.kind == "win" and cap:
        return cap - plies
    if score.kind == "loss" and cap:
        return plies - cap
    if score.kind == "draw":
        return 0.0
    return max(-cap, min(cap, score.value)) if cap else score.value


def _move_value(move: str, score: Score, text: str, visits: int, cap: float, se: float | None = None) -> MoveValue:
    return MoveValue(move, review_value(score, cap), score.to_dict(), text, visits, se, score.win_rate)


def perfect(game: GameInfo, state: Any, played: str, rules: Mapping[str, Any], base: SearchSettings) -> Evaluation:
    """Values the decision in the full `state` (a perfect-information game) where `played` was played."""
    root = search(state, base, rules=rules)
    if root.algo == "solve" and not root.score.proven:  # the budget ran out before the proof: alpha-beta instead
        root = search(state, base.merged(algo="alphabeta"), rules=rules)
    best = root.best_move if root.best_move is not None else played
    unit = EVAL_UNIT if root.algo in ("alphabeta", "solve") else game.return_unit
    cap = thresholds_for(game.name, unit).cap
    moves = [_move_value(m.move, m.score, m.value_text, m.visits, cap) for m in root.moves]
    best_value = _move_value(best, root.score, root.value_text, root.nodes, cap)
    nodes = root.nodes
    if played == best:
        played_value: MoveValue | None = best_value
    elif root.algo == "mcts":  # MCTS values every root move
        played_value = next((m for m in moves if m.move == played), None)
    else:
        played_value, spent = _child_value(game, state, played, rules, root, cap)
        nodes += spent
    return Evaluation(best, best_value, played_value, moves, list(root.pv), nodes, root.algo, unit, root.depth)


def _child_value(
    game: GameInfo, state: Any, played: str, rules: Mapping[str, Any], root: SearchReport, cap: float
) -> tuple[MoveValue, int]:
    """The value of `played` for the player to move in `state`: the position after it searched one ply shallower
    than `root` (the solver: to the end), its value seen from `state`."""
    child = state.clone()
    child.play(played)
    if child.is_terminal():
        mover = int(state.to_move())
        r = float(child.returns(mover))
        proof = _core.Proof.WIN if r > 0 else _core.Proof.LOSS if r < 0 else _core.Proof.DRAW
        value = float(_core.MATE_SCORE - 1) if r > 0 else -float(_core.MATE_SCORE - 1) if r < 0 else 0.0
        stat: Any = Stat(0, value, 0, proof, 1)
        spent = 0
    else:
        settings = root.settings
        if root.algo == "alphabeta":
            settings = settings.merged(depth=max(1, root.depth - 1))
        report = search(child, settings, rules=rules)
        result = report.result
        if root.algo == "solve" and result.proof == _core.Proof.NONE:  # not proven within the budget: a bound
            settings = root.settings.merged(algo="alphabeta", depth=None)
            report = search(child, settings, rules=rules)
            result = report.result
        same = int(child.to_move()) == int(state.to_move())
        value, proof, plies = to_parent(result, same)
        stat = Stat(0, value, int(result.nodes), proof, plies)
        spent = int(result.nodes)
    algo = root.algo if root.algo != "solve" or stat.proof != _core.Proof.NONE else "alphabeta"
    score = score_of(game, stat, algo)
    return _move_value(played, score, value_text(game, state, stat), spent, cap), spent


def hidden(
    game: GameInfo,
    view: Any,
    played: str,
    rules: Mapping[str, Any],
    runs: Sequence[SearchSettings],
) -> Evaluation:
    """Values the decision from the seat's information state `view` (never the full state): one information-set
    search per settings of `runs` (independent seeds), pooled by :func:`solver.search.estimates.pool`."""
    reports = [search(view, settings, rules=rules) for settings in runs]
    estimates = pool(reports)
    if not any(m.move == played and m.valued for m in estimates) and reports[0].settings.widening:
        # progressive widening left the played move untried: search again with every move tried from the start
        reports = [search(view, settings.merged(widening=0.0), rules=rules) for settings in runs]
        estimates = pool(reports)
    if not estimates:
        raise RuntimeError(f"{game.name}: the search valued no move in {view.text}")
    pooled = [_estimate_value(m) for m in estimates]
    best = pooled[0]  # the search's choice: the most visited move (PIMC: the highest mean)
    played_value = next((v for v, m in zip(pooled, estimates, strict=True) if m.move == played and m.valued), None)
    first = reports[0]
    unit = first.score.unit or game.return_unit
    return Evaluation(
        best.move, best, played_value, pooled, list(first.pv), sum(r.nodes for r in reports), first.algo, unit
    )


def _estimate_value(m: MoveEstimate) -> MoveValue:
    score = Score("expected", m.value, m.unit, None, m.win_rate)
    return MoveValue(m.move, m.value, score.to_dict(), m.text, m.visits, m.se, m.win_rate)


__all__ = ["Evaluation", "hidden", "perfect", "review_value"]
