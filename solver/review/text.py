"""A review as text for the terminal: one row per decision, each seat's summary, what the values were searched
from."""

from __future__ import annotations

import shlex

from ..report.table import format_table
from .calibration import PlayedLike
from .classes import CLASSES
from .model import DecisionReview, MoveValue, Review, SeatSummary


def short_value(v: MoveValue) -> str:
    """A move's value in a few characters: 'win in 7 plies', '<= +16', '+0.58', '61.2%' (a match-win
    probability), with its standard error when it has one."""
    score = v.score
    kind = score["kind"]
    rel = {"upper": "<= ", "lower": ">= "}.get(score.get("bound", ""), "")
    if kind in ("win", "loss"):
        n = score.get("plies")
        text = kind + ("" if n is None else f" in {n}")
    elif kind == "draw":
        text = "draw"
    elif score.get("unit") == "match-win probability":
        text = f"{100 * v.value:.1f}%"
    elif kind == "eval":
        text = f"{score['value']:+.0f}"
    else:
        text = f"{v.value:+.2f}"
    se = ""
    if v.se is not None:
        se = f" ±{100 * v.se:.1f}" if score.get("unit") == "match-win probability" else f" ±{v.se:.2f}"
    return rel + text + se


def _value(d: DecisionReview, which: str) -> str:
    v = d.best_value if which == "best" else d.played_value
    return "-" if v is None else short_value(v)


def _loss(d: DecisionReview) -> str:
    if d.loss is None:
        return "-"
    text = f"{d.loss:.2f}" if abs(d.loss) < 100 and not float(d.loss).is_integer() else f"{d.loss:.0f}"
    return text + (f" ±{d.loss_se:.2f}" if d.loss_se else "")


def format_review(review: Review, decisions: bool = True) -> str:
    """The review as text: the decisions table (unless `decisions` is False), the summaries and the note."""
    lines = []
    if decisions:
        rows = []
        for d in review.decisions:
            rows.append(
                [
                    d.index,
                    d.deal + 1,
                    d.ply + 1,
                    d.player,
                    d.played,
                    d.best or "-",
                    _value(d, "played"),
                    _value(d, "best"),
                    _loss(d),
                    class_text(d, review.hidden_information),
                    _remarks(d, review.hidden_information),
                ]
            )
        headers = ["#", "deal", "move", "player", "played", "best", "played value", "best value", "loss", "class", ""]
        lines.append(format_table(headers, rows, right=[True, True, True] + [False] * 8))
        lines.append("")
    th = review.thresholds
    unit = th.get("unit", "")
    lines.append(
        f"{review.game}: loss in {unit}; classes from the loss: inaccuracy >= {th['inaccuracy']:g}, mistake >= "
        f"{th['mistake']:g}, blunder >= {th['blunder']:g}"
    )
    rows = []
    for s in review.summaries:
        counts = "  ".join(f"{s.counts[c]}" for c in CLASSES)
        mean = f"{s.mean_loss:.2f}" if s.mean_loss is not None else "-"
        acc = f"{s.accuracy:.1f}%" if s.accuracy is not None else "-"
        rows.append([s.player, s.agent, s.decisions, s.forced, mean, acc, counts, like_of(s).cell()])
    lines.append(
        format_table(
            [
                "player",
                "agent",
                "decisions",
                "forced",
                "mean loss",
                "accuracy",
                "  ".join(c[:5] for c in CLASSES),
                "played like",
            ],
            rows,
            right=[False, False, True, True, True, True, False, False],
        )
    )
    lines.extend(_like_notes(review))
    lines.append(f"note: {review.view_note}")
    lines.extend(_estimate_note(review))
    lines.append("a decision on the analysis board: kofun review RECORD --decision N (# above)")
    return "\n".join(lines)


def class_text(d: DecisionReview, hidden_information: bool) -> str:
    """A decision's class, marked '(estimate)' when it rests on unproven values of a perfect-information search
    (a hidden-information class always does: its values carry their standard errors)."""
    return f"{d.cls} (estimate)" if d.estimate and not hidden_information and d.counted else d.cls


def _remarks(d: DecisionReview, hidden_information: bool) -> str:
    """The last column: the proven fact, what an estimate rests on, the objective's note."""
    estimate = f"estimate: {d.estimate}" if d.estimate and not hidden_information and d.counted else None
    return "; ".join(x for x in (d.fact, estimate, d.note) if x)


def _estimate_note(review: Review) -> list[str]:
    """What the estimate marks mean (a perfect-information review with some), or that every class of a
    hidden-information review is an estimate, and of what."""
    marked = [d for d in review.decisions if d.estimate and d.counted]
    if not marked:
        return []
    if review.hidden_information:
        return [f"estimates: every value is a search's estimate ({marked[0].estimate}), ± its standard error"]
    return [
        f"estimates: {len(marked)} of {sum(d.counted for d in review.decisions)} classes rest on values the search "
        "did not prove (marked, with its depth); the others are proofs"
    ]


def summary_line(review: Review, seat: int, record_path: str | None = None) -> str:
    """One line for the end of a game: `seat`'s accuracy, the count of each class worse than good, the mean loss,
    and the command that shows every decision (when the record was saved to `record_path`)."""
    mine = next((s for s in review.summaries if s.seat == seat), None)
    if mine is None:
        raise ValueError(f"seat: the review has no summary of seat {seat}")
    if not mine.decisions:
        text = f"review: {mine.player} had no decision to judge"
    else:
        worse = ", ".join(_plural(mine.counts[c], c) for c in CLASSES[2:] if mine.counts[c]) or "no inaccuracy"
        over = _plural(mine.decisions, "decision")
        text = (
            f"review: {mine.player} accuracy {mine.accuracy:.0f}% over {over} ({worse}; mean loss "
            f"{mine.mean_loss:.2f} {mine.unit}); {like_of(mine).text()}"
        )
    if record_path is not None:
        text += f"; every move: kofun review {shlex.quote(record_path)} --seat {seat}"
    return text


def like_of(s: SeatSummary) -> PlayedLike:
    """A summary's "played like" (its rating, interval and note)."""
    return PlayedLike(s.played_like, s.played_like_low, s.played_like_high, s.played_like_note)


def _like_notes(review: Review) -> list[str]:
    """What the "played like" column means, or why it is empty: one line, and one per seat with a note."""
    likes = [(s, like_of(s)) for s in review.summaries]
    rated = [s for s, like in likes if like.rating is not None]
    notes = sorted({like.note for _, like in likes if like.rating is None and like.note})
    out = []
    if rated:
        out.append(
            f"played like: the rating (95% interval) of a ladder level that loses as much per decision, on the "
            f"ladder's scale of {review.game} (docs/review.md, 'Played like')"
        )
        out.extend(f"  {s.player}: {like.note}" for s, like in likes if like.rating is not None and like.note)
    if notes and not rated and len(notes) == 1:
        out.append(f"played like: {notes[0]}")
    elif notes:
        out.extend(f"  {s.player}: played like: {like.note}" for s, like in likes if like.rating is None and like.note)
    return out


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} inaccuracies" if word == "inaccuracy" else f"{n} {word}s"


__all__ = ["class_text", "format_review", "like_of", "short_value", "summary_line"]
