"""Valuing one decision: the engine's best move and the move played, both from what the deciding seat could see.

- **Perfect information** (Connect Four, Sensei): the position is searched (alpha-beta, or the exact solver where
  the game proves short positions: Connect Four with 24 empty cells or fewer); that gives the best move's value.
  Where the review can prove more than the game's own threshold (:data:`PROOF`: Connect Four positions with 35
  empty cells or fewer, in a few million solver nodes), the solver is tried first with the review's proof budget.
  When another move was played, the position after it is searched one ply shallower (the solver: to the end), so
  that both values are of the same depth and compare; an unproven value after the move is tried with the solver
  too where it can prove it. Proven results are kept as proofs; everything else is an estimate of its depth.
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
from ..search.runner import SearchReport, remaining_plies, score_of, search, value_text
from ..search.settings import SearchSettings
from ..search.values import Score
from .classes import EVAL_UNIT, thresholds_for
from .model import MoveValue


@dataclass(frozen=True)
class ProofHorizon:
    """Where the review tries the exact solver before alpha-beta: positions with at most `plies` plies left (the
    game's bound), within `nodes` solver nodes per search (the default of ``ReviewSettings.proof_nodes``)."""

    plies: int
    nodes: int


#: The games whose positions the review proves beyond the game's own solver threshold. Connect Four: 35 empty
#: cells (from ply 7) are solved in 0.1-0.3 s (1-2 million nodes, docs/review.md); 36 (ply 6) may take 50 million.
PROOF = {"connect4": ProofHorizon(plies=35, nodes=4_000_000)}


def proof_nodes_for(game: str, nodes: int | None) -> int:
    """The proof budget of a review of `game`: `nodes` when set (0: no proof search), else the game's default
    (0 for a game without a horizon)."""
    horizon = PROOF.get(game)
    if horizon is None:
        return 0
    return horizon.nodes if nodes is None else nodes


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
    #: What the unproven values rest on, in words ("alpha-beta to depth 12"; None when both are proofs).
    basis: str | None = None
    #: The search's objective when it is not the values' unit (Koi-Koi's single deal: 'wins').
    objective: str | None = None


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


def _provable(game: GameInfo, state: Any, proof_nodes: int) -> bool:
    """True when the review tries to prove `state` with the solver (within the game's proof horizon)."""
    horizon = PROOF.get(game.name)
    plies = remaining_plies(state)
    return bool(proof_nodes) and horizon is not None and plies is not None and plies <= horizon.plies


def _prove(state: Any, base: SearchSettings, rules: Mapping[str, Any], proof_nodes: int) -> SearchReport | None:
    """`state` solved within `proof_nodes` solver nodes (its exact value: not a bound, whose distance is not known),
    or None when not proven within them."""
    settings = SearchSettings(algo="solve", nodes=proof_nodes, seed=base.seed, threads=1, hash_mb=base.hash_mb)
    report = search(state, settings, rules=rules)
    return report if report.score.proven and not report.score.bound else None


def perfect(
    game: GameInfo,
    state: Any,
    played: str,
    rules: Mapping[str, Any],
    base: SearchSettings,
    proof_nodes: int = 0,
) -> Evaluation:
    """Values the decision in the full `state` (a perfect-information game) where `played` was played; within the
    game's proof horizon the solver is tried first with `proof_nodes` nodes (0: never beyond the game's own
    threshold; one ply beyond it, the position is proven move by move when every move's position is)."""
    root = _prove(state, base, rules, proof_nodes) if _provable(game, state, proof_nodes) else None
    spent_proving = 0
    if root is None and not _provable(game, state, proof_nodes) and proof_nodes:
        by_moves = _prove_moves(game, state, played, rules, base, proof_nodes)
        if isinstance(by_moves, Evaluation):
            return by_moves
        spent_proving = by_moves
    if root is None:
        if _provable(game, state, proof_nodes):
            spent_proving = proof_nodes
        root = search(state, base, rules=rules)
        if root.algo == "solve" and not root.score.proven:  # the budget ran out before the proof: alpha-beta
            root = search(state, base.merged(algo="alphabeta"), rules=rules)
    best = root.best_move if root.best_move is not None else played
    unit = EVAL_UNIT if root.algo in ("alphabeta", "solve") else game.return_unit
    cap = thresholds_for(game.name, unit).cap
    moves = [_move_value(m.move, m.score, m.value_text, m.visits, cap) for m in root.moves]
    best_value = _move_value(best, root.score, root.value_text, root.nodes, cap)
    nodes = root.nodes + spent_proving
    played_basis = None
    if played == best:
        played_value: MoveValue | None = best_value
    elif root.algo == "mcts":  # MCTS values every root move
        played_value = next((m for m in moves if m.move == played), None)
    else:
        played_value, spent, played_basis = _child_value(game, state, played, rules, root, base, cap, proof_nodes)
        nodes += spent
    basis = _basis(root, best_value, played_value, played_basis)
    return Evaluation(best, best_value, played_value, moves, list(root.pv), nodes, root.algo, unit, root.depth, basis)


def _terminal_stat(state: Any, child: Any) -> Any:
    """The proven value of a move that ends the game, for the player who made it."""
    r = float(child.returns(int(state.to_move())))
    proof = _core.Proof.WIN if r > 0 else _core.Proof.LOSS if r < 0 else _core.Proof.DRAW
    value = float(_core.MATE_SCORE - 1) if r > 0 else -float(_core.MATE_SCORE - 1) if r < 0 else 0.0
    return Stat(0, value, 0, proof, 1)


def _prove_moves(
    game: GameInfo, state: Any, played: str, rules: Mapping[str, Any], base: SearchSettings, proof_nodes: int
) -> Evaluation | int:
    """The decision proven move by move (every move's position solved within `proof_nodes`: the position one
    ply beyond the proof horizon), or the nodes spent when a move is not proven (or the positions after the moves
    are beyond the horizon: 0)."""
    children = []
    for move in state.legal_moves():
        child = state.clone()
        child.apply(move)
        if not child.is_terminal() and not _provable(game, child, proof_nodes):
            return 0
        children.append((state.move_to_string(move), child))
    cap = thresholds_for(game.name, EVAL_UNIT).cap
    values: list[tuple[MoveValue, list[str]]] = []
    nodes = 0
    for text, child in children:
        if child.is_terminal():
            stat, line = _terminal_stat(state, child), []
        else:
            report = _prove(child, base, rules, proof_nodes)
            if report is None:
                return nodes + proof_nodes
            nodes += report.nodes
            value, proof, plies = to_parent(report.result, int(child.to_move()) == int(state.to_move()))
            stat, line = Stat(0, value, report.nodes, proof, plies), list(report.pv)
        score = score_of(game, stat, "solve")
        values.append((_move_value(text, score, value_text(game, state, stat), stat.visits, cap), [text, *line]))
    ranked = sorted(values, key=lambda v: -v[0].value)  # stable: the game's move order among equals
    best, pv = ranked[0]
    played_value = next(v for v, _ in values if v.move == played)
    moves = [v for v, _ in ranked]
    return Evaluation(best.move, best, played_value, moves, pv, nodes, "solve", EVAL_UNIT)


def _search_basis(report: SearchReport) -> str:
    """What an unproven perfect-information value rests on, in words."""
    if report.algo == "alphabeta":
        return f"alpha-beta to depth {report.depth} ({report.nodes:,} nodes)"
    return f"{report.algo} ({report.nodes:,} {'iterations' if report.algo == 'mcts' else 'nodes'})"


def _basis(root: SearchReport, best: MoveValue, played: MoveValue | None, played_basis: str | None) -> str | None:
    """What the decision's unproven values rest on (None when the best and the played move are both proven)."""
    if played is None or (best.proven and played.proven):
        return None
    if not best.proven and (played.move == best.move or played.proven):
        return _search_basis(root)
    if best.proven:
        return f"the move played: {played_basis or _search_basis(root)}"
    return _search_basis(root) + (f"; the move played: {played_basis}" if played_basis else "")


def _child_value(
    game: GameInfo,
    state: Any,
    played: str,
    rules: Mapping[str, Any],
    root: SearchReport,
    base: SearchSettings,
    cap: float,
    proof_nodes: int,
) -> tuple[MoveValue, int, str | None]:
    """The value of `played` for the player to move in `state`: the position after it searched one ply shallower
    than `root` (the solver: to the end; an unproven value then tried with the solver within the proof horizon),
    its value seen from `state`; with the nodes spent and what an unproven value rests on."""
    child = state.clone()
    child.play(played)
    basis = None
    if child.is_terminal():
        stat: Any = _terminal_stat(state, child)
        spent = 0
    else:
        settings = root.settings
        if root.algo == "alphabeta":
            settings = settings.merged(depth=max(1, root.depth - 1))
        report = search(child, settings, rules=rules)
        spent = int(report.result.nodes)
        if root.algo == "solve" and report.result.proof == _core.Proof.NONE:  # not proven within the budget
            report = search(child, base.merged(algo="alphabeta", depth=None), rules=rules)
            spent += int(report.result.nodes)
        # unproven, or an alpha-beta proof (its distance is the shortest it found): the solver where it proves
        retry = report.result.proof == _core.Proof.NONE or report.algo == "alphabeta"
        if retry and _provable(game, child, proof_nodes):
            proven = _prove(child, base, rules, proof_nodes)
            spent += proven.nodes if proven is not None else proof_nodes
            report = proven if proven is not None else report
        result = report.result
        same = int(child.to_move()) == int(state.to_move())
        value, proof, plies = to_parent(result, same)
        stat = Stat(0, value, int(result.nodes), proof, plies)
        if proof == _core.Proof.NONE:
            basis = _search_basis(report)
    algo = "solve" if stat.proof != _core.Proof.NONE and root.algo == "solve" else root.algo
    if algo == "solve" and stat.proof == _core.Proof.NONE:
        algo = "alphabeta"
    score = score_of(game, stat, algo)
    return _move_value(played, score, value_text(game, state, stat), spent, cap), spent, basis


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
    iterations = first.settings.nodes
    budget = f"{iterations:,} iterations" if iterations is not None else f"{first.settings.time:g} s"
    basis = f"{first.algo}, {len(reports)} run{'s' if len(reports) != 1 else ''} of {budget}"
    objective = first.settings.objective if first.algo == "ismcts" else None
    return Evaluation(
        best.move, best, played_value, pooled, list(first.pv), sum(r.nodes for r in reports), first.algo, unit,
        basis=basis, objective=objective,
    )  # fmt: skip


def _estimate_value(m: MoveEstimate) -> MoveValue:
    score = Score("expected", m.value, m.unit, None, m.win_rate)
    return MoveValue(m.move, m.value, score.to_dict(), m.text, m.visits, m.se, m.win_rate)


__all__ = ["PROOF", "Evaluation", "ProofHorizon", "hidden", "perfect", "proof_nodes_for", "review_value"]
