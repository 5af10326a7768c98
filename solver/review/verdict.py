"""A decision's verdict: its loss, class, accuracy, the fact its proofs establish, and the estimate mark of a
verdict that rests on unproven values (:func:`judge`, :func:`verdict`); later proofs carried back to the move
that caused them (:func:`settle`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..search.values import Score
from .classes import Thresholds, thresholds_for
from .evaluate import Evaluation, review_value
from .model import DecisionReview, MoveValue

#: A played move that no run of the search visited has no value: listed, not classed.
UNVALUED = "unvalued"


def judge(head: Mapping[str, Any], ev: Evaluation, th: Thresholds) -> DecisionReview:
    """The decision's loss, class, accuracy, proven fact and estimate mark from its evaluation."""
    common: dict[str, Any] = {
        "best": ev.best,
        "best_value": ev.best_value,
        "unit": th.unit,
        "algo": ev.algo,
        "nodes": ev.nodes,
        "pv": ev.pv,
        "moves": ev.moves,
    }
    played = ev.played_value
    if played is None:
        return DecisionReview(**head, cls=UNVALUED, played_value=None, **common)
    base = DecisionReview(**head, cls=UNVALUED, played_value=played, **common)
    return verdict(base, played, th, ev.depth, ev.basis, ev.objective)


def verdict(
    d: DecisionReview,
    played: MoveValue,
    th: Thresholds,
    depth: int = 0,
    basis: str | None = None,
    objective: str | None = None,
) -> DecisionReview:
    """Decision `d` judged with `played` the value of the move played: loss, class, accuracy, the fact the proofs
    establish, the estimate mark (`basis`: what unproven values rest on) and, when the class follows the search's
    `objective` rather than the values' unit, a note saying so."""
    best = d.best_value
    assert best is not None
    raw = best.value - played.value
    loss = max(0.0, raw)
    se = None
    if played.se is not None and best.se is not None:
        se = 0.0 if played.move == best.move else (played.se**2 + best.se**2) ** 0.5
    is_best = d.played == d.best or raw < 0 or played.score == best.score
    cls = th.classify(loss, is_best)
    return replace(
        d,
        cls=cls,
        played_value=played,
        loss=loss,
        loss_se=se,
        fact=proven_fact(best, played, depth),
        accuracy=th.accuracy(0.0 if is_best else loss),
        estimate=basis,
        note=objective_note(d.moves, played, cls, objective),
    )


def objective_note(moves: Sequence[MoveValue], played: MoveValue, cls: str, objective: str | None) -> str | None:
    """Why a move called best is worth fewer points than another (the search maximises the deal-win probability,
    objective 'wins'; the values are points): None when no move is worth more points or the class is not best."""
    if objective != "wins" or cls != "best":
        return None
    better = [
        m
        for m in moves
        if m.move != played.move and m.value - played.value > ((played.se or 0.0) ** 2 + (m.se or 0.0) ** 2) ** 0.5
    ]
    if not better:
        return None
    top = max(better, key=lambda m: m.value)
    rates = ""
    if top.win_rate is not None and played.win_rate is not None:
        rates = f" ({100 * top.win_rate:.0f}% against {100 * played.win_rate:.0f}%)"
    return (
        f"best by the search's objective, winning the deal (not by points): {top.move} is worth more points "
        f"({top.value:+.2f} against {played.value:+.2f}) but wins the deal less often{rates}"
    )


def _plies(score: Mapping[str, Any]) -> str:
    n = score.get("plies")
    return f" in {n} {'ply' if n == 1 else 'plies'}" if n is not None else ""


def proven_fact(best: MoveValue, played: MoveValue, depth: int) -> str | None:
    """What the proofs establish about a perfect-information decision, in words (None when nothing is proven):
    only what is proven is said (an unproven best move's value is never claimed)."""
    b, p = best.kind if best.proven else "eval", played.kind if played.proven else "eval"
    if played.move == best.move:
        return f"the proven result kept: {b}{_plies(best.score)}" if b != "eval" else None
    if b == "win" and p in ("draw", "loss"):
        after = f"a forced {p}{_plies(played.score)}"
        return f"a win thrown away: forced win{_plies(best.score)}, after the move played {after}"
    if b == "draw" and p == "loss":
        return f"a draw thrown away: a forced loss{_plies(played.score)} after the move played"
    if b == "eval" and p == "loss":
        within = f"the best move is not lost within {depth} plies (a later loss is not ruled out)" if depth else (
            "whether another move holds is not proven"
        )  # fmt: skip
        return f"a forced loss{_plies(played.score)} after the move played; {within}"
    if b == "win" and p == "win":
        return f"still a forced win{_plies(played.score)} (the best wins{_plies(best.score)})"
    if b == "win":
        horizon = f" within {depth - 1} plies" if depth > 1 else ""
        return (
            f"the best move wins by force{_plies(best.score)}; after the move played no forced win found{horizon} "
            "(a slower win is not ruled out)"
        )
    if b == "loss" and p == "loss":
        if best.score.get("plies") != played.score.get("plies"):
            return f"still a forced loss{_plies(played.score)} (the best move holds out{_plies(best.score)})"
        return f"the proven result kept: loss{_plies(played.score)}"
    if b == p == "draw":
        return "the proven result kept: draw"
    return None


def settle(decisions: Sequence[DecisionReview], game: str) -> list[DecisionReview]:
    """The decisions with what later proofs establish carried back to the move that caused them: when the
    position after decision *i* is the position of decision *i + 1* (the same deal, reviewed) and that one's value
    is proven, the value of the move played at *i* is that proof (one ply further), and decision *i* is judged
    again with it — so a loss shows at the decision that made it, not where a proof first saw it. Perfect
    information only (the next seat's value is the position's value)."""
    out = list(decisions)
    by_index = {d.index: k for k, d in enumerate(out)}
    for k, d in enumerate(out):
        nxt = by_index.get(d.index + 1)
        if nxt is None or not d.counted or d.played_value is None or d.played_value.proven:
            continue
        after = out[nxt]
        if after.deal != d.deal or after.best_value is None or not after.best_value.proven:
            continue
        played = _one_ply_back(after.best_value, d.played, same=after.seat == d.seat, cap=_cap(game, d.unit))
        th = thresholds_for(game, d.unit)
        if d.played == d.best and played.kind == "win":  # the search's own move wins: the position is won
            out[k] = verdict(replace(d, best_value=played), played, th)
        elif d.played == d.best:  # the search's own move, proven; whether another does better is not
            fact = f"a forced {played.kind}{_plies(played.score)} after the move played, the search's own choice "
            out[k] = replace(d, played_value=played, fact=fact + "(whether another move does better is not proven)")
        else:
            basis = None if d.best_value is not None and d.best_value.proven else d.estimate
            out[k] = verdict(d, played, th, basis=basis and _best_only(basis))
    return out


def _best_only(basis: str) -> str:
    """An estimate's words without the part about the move played (now proven)."""
    return basis.split("; the move played:")[0]


def _cap(game: str, unit: str) -> float:
    return thresholds_for(game, unit).cap


def _one_ply_back(value: MoveValue, move: str, same: bool, cap: float) -> MoveValue:
    """A proven value of the next decision's position as the value of the move that led to it (for its mover:
    one ply further from the end)."""
    kind = value.kind if same else {"win": "loss", "loss": "win"}.get(value.kind, value.kind)
    plies = value.score.get("plies")
    number = float(value.score["value"]) if same else 0.0 - float(value.score["value"])
    if kind != "draw" and plies is not None:
        number += -1.0 if number > 0 else 1.0  # mate-distance scores: one ply further away
    score = Score(kind, number, "", None if plies is None else int(plies) + 1)
    text = f"{kind}{_plies(score.to_dict())}, proven at the next decision"
    return MoveValue(move, review_value(score, cap), score.to_dict(), text, 0)


__all__ = ["UNVALUED", "judge", "objective_note", "proven_fact", "settle", "verdict"]
