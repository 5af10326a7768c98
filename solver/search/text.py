"""Human-readable output of searches: the live progress line and the final report."""

from __future__ import annotations

from typing import Any

from ..games import GameInfo
from ..report.table import format_table, human_count
from .runner import Progress, SearchReport
from .settings import HIDDEN_ALGOS


def progress_line(p: Progress) -> str:
    """One line of live search progress: depth, value, nodes, speed, principal variation."""
    value = f"{p.value:+.0f}" if float(p.value).is_integer() else f"{p.value:+.3f}"
    proven = " proven" if p.proven else ""
    return (
        f"depth {p.depth:>2}  value {value}{proven}  nodes {human_count(p.nodes)}  "
        f"{human_count(p.nps)} n/s  {p.time_s:.2f} s  pv {' '.join(p.pv)}"
    )


EFFORT = {"mcts": "visits", "ismcts": "visits", "pimc": "votes"}  # the per-move effort column (default: nodes)


def moves_table(report: SearchReport) -> str:
    """The candidate moves, best first: move, value, visits (MCTS, ISMCTS), votes (PIMC: worlds in which the move
    was best) or nodes (alpha-beta), outcome. Information-set searches show the expected return in the game's terms
    (Koi-Koi, Haniwa: the expected point difference), ISMCTS also the win probability (share of visits won)."""
    effort = EFFORT.get(report.algo, "nodes")
    if report.algo in HIDDEN_ALGOS:
        if report.moves and report.moves[0].win_rate is not None:  # ISMCTS: also the win probability
            wins = [(m.move, m.value_text, f"{100 * (m.win_rate or 0.0):.1f}%", m.visits) for m in report.moves]
            return format_table(("move", "expected", "win", effort), wins, right=(False, True, True, True))
        hidden = [(m.move, m.value_text, m.visits) for m in report.moves]
        return format_table(("move", "expected", effort), hidden, right=(False, True, True))
    if report.algo == "solve":  # every value is a proof or a bound on one: say it in words
        proofs = [(m.move, str(m.score), m.visits, m.value_text if m.score.proven else "") for m in report.moves]
        return format_table(("move", "value", effort, "proof"), proofs, right=(False, True, True, False))
    rows = [
        (m.move, m.score.relation + _number(m.value), m.visits, m.value_text if m.proof != "none" else "")
        for m in report.moves
    ]
    return format_table(("move", "value", effort, "proof"), rows, right=(False, True, True, False))


def _number(v: float) -> str:
    return f"{v:+.0f}" if float(v).is_integer() else f"{v:+.3f}"


def _value_line(game: GameInfo, report: SearchReport) -> str:
    """A heuristic value with its unit named; anything else in the game's words."""
    if report.score.kind == "eval":
        return _number(report.value) + _unit_note(game, report)
    return report.value_text


def _unit_note(game: GameInfo, report: SearchReport) -> str:
    """For a heuristic value: what it measures and for whom, e.g. ' evaluation points (...), + = good for South
    (to move)'."""
    if report.score.kind != "eval":
        return ""
    return f" {report.score.unit}, + = good for {game.player_name(report.to_move)} (to move)"


def format_report(game: GameInfo, state: Any, report: SearchReport) -> str:
    """Board, candidate-move table, best move, value in the game's terms, PV and search statistics."""
    board = game.render(game.view(state)) if report.algo in HIDDEN_ALGOS else game.render(state)
    lines = [board, "", f"position: {report.position}   to move: {game.player_name(report.to_move)}", ""]
    if report.moves:
        lines.append(moves_table(report))
        if report.algo == "solve" and any(m.score.kind == "unproven" for m in report.moves):
            lines.append(
                "  (not proven: the budget ran out before the move was valued; the bounds of the best move "
                "are on the value line)"
            )
        elif report.algo == "solve" and any(m.score.bound for m in report.moves):
            lines.append("  (<= v: the move is worth at most v, all the proof needed; the other values are exact)")
        elif any(m.score.bound for m in report.moves):
            lines.append(
                f"  (depth {report.depth}; <= v: the move is worth at most v, all the search proved; "
                "`kofun analyse` values every move)"
            )
        lines.append("")
    if game.has_hidden_information and report.algo not in HIDDEN_ALGOS:
        lines.append("note: a full-state search, everything hidden is known to it (ismcts / pimc search the view)")
    unit = "iterations" if report.algo in ("mcts", "ismcts") else "nodes"
    status = " (interrupted: best move so far)" if report.interrupted else ""
    lines += [
        f"best move: {report.best_move if report.best_move is not None else 'none'}{status}",
        f"value: {_value_line(game, report)}",
        f"pv: {' '.join(report.pv)}",
        f"{report.algo}: {report.nodes} {unit} in {report.time_s:.2f} s "
        f"({human_count(report.nps)} {unit}/s), "
        + (f"{report.depth} probes" if report.algo == "solve" else f"depth {report.depth}"),
    ]
    return "\n".join(lines)
