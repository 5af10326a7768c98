"""Reports of the solo Haniwa experiments: the estimate summary, the best-turn table and the score histogram."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..._core import RuleOptionError
from ...report.table import format_table
from .solo import SoloEstimate, TurnChoice
from .solo_stats import RANKS, RankQuestion


def _interval(mean: float, ci: tuple[float, float] | None) -> str:
    if ci is None:
        return f"{mean:.2f} (95% CI undefined: one deal, its spread is unknown)"
    return f"{mean:.2f} (95% CI {ci[0]:.2f} to {ci[1]:.2f})"


def format_estimate(est: SoloEstimate) -> str:
    """The three figures with their intervals, the gaps, the budget notes and the rank distributions as text."""
    n = len(est.deals)
    p = est.policy
    budget = f"{p.time_per_turn:g} s per turn" if p.time_per_turn > 0 else f"{p.samples} sampled futures per turn"
    lines = [
        f"Haniwa solo: {n} deals (seed {est.seed}, {est.jobs} job{'s' if est.jobs != 1 else ''}, "
        f"{est.wall_seconds:.1f} s)",
        f"policy: non-peeking, {budget}, {p.candidates} candidate plans valued by rollouts"
        + (" (exact last turn)" if p.exact_last_turn else "")
        + (
            f"; rollout policy from turn {p.rollout_from_turn}: its best {p.rollout_candidates} plans valued by "
            f"games of the policy itself over {p.rollout_samples} common futures"
            if p.rollout_candidates
            else ""
        ),
        f"solver: clairvoyant branch and bound, {est.solver_nodes or 'unlimited'} nodes per deal",
        f"dual: clairvoyant charged a zero-mean penalty on the last {'two draws' if est.dual_draws == 2 else 'draw'}, "
        f"{est.dual_nodes or 'unlimited'} nodes per deal",
        "",
        "lower bound (mean policy score):          " + _interval(est.lower.mean, est.lower.ci95),
        "upper bound (mean penalised dual):        " + _interval(est.dual.mean, est.dual.ci95),
        "upper bound (mean clairvoyant optimum):   " + _interval(est.upper.mean, est.upper.ci95),
        "interval width (mean dual - policy):      " + _interval(est.dual_gap.mean, est.dual_gap.ci95),
        "clairvoyant gap (mean clairvoyant - policy): " + _interval(est.gap.mean, est.gap.ci95),
        f"optimal expected score: between {est.interval[0]:.2f} and {est.interval[1]:.2f}",
        *format_rank_question(est.rank_question, est.interval),
    ]
    hits = est.budget_hits
    if hits:
        lines.append(
            f"{hits} of {n} deals hit the solver budget: their proven upper bounds were used "
            f"(mean of the best scores found: {est.best_found.mean:.2f})"
        )
    else:
        lines.append(f"every deal was solved exactly ({n} of {n})")
    dual_hits = est.dual_budget_hits
    lines.append(
        f"{dual_hits} of {n} dual searches hit their budget: their proven bounds were used"
        if dual_hits
        else f"every dual search finished ({n} of {n})"
    )
    lines.append("")
    ranks = est.ranks()
    rows = []
    for (name, lo), hi in zip(RANKS, (None, 59, 49, 39, 29), strict=True):
        span = f"{lo}+" if hi is None else f"{lo}-{hi}"
        row: list[object] = [name, span]
        for key in ("policy", "dual", "clairvoyant"):
            count = ranks[key][name]
            row += [count, f"{100 * count / n:.1f}%"]
        rows.append(tuple(row))
    lines.append(
        format_table(
            ("rank", "score", "policy", "", "dual", "", "clairvoyant", ""),
            rows,
            right=(False, False, True, True, True, True, True, True),
        )
    )
    return "\n".join(lines)


def format_rank_question(q: RankQuestion, interval: tuple[float, float]) -> list[str]:
    """The verdict on the rank question with its reason, then one line per end with its 95% interval."""
    lo, hi = interval
    where = {
        "above": f"lies above {q.threshold}",
        "below": f"lies below {q.threshold}",
        "straddles": f"straddles {q.threshold}",
        "undetermined": f"is undetermined against {q.threshold}",
        "inconsistent": f"is inconsistent against {q.threshold}",
    }[q.verdict]
    return [
        f"rank question ({q.rank}: expected score {q.threshold}+): the interval [{lo:.2f}, {hi:.2f}] {where} "
        f"({q.detail})",
        "  lower end (policy): " + _interval(q.lower.mean, q.lower.ci95),
        "  upper end (dual):   " + _interval(q.upper.mean, q.upper.ci95),
    ]


def format_best_turn(state: Any, choices: Sequence[TurnChoice], top: int) -> str:
    """The hand, then the best `top` plans of the turn with their expected final scores."""
    fields = dict(item.split("=", 1) for item in str(state).split())
    placed = state.placed()
    lines = [
        f"Haniwa solo: {placed} tiles placed, turn {placed // 4 + 1} of 6, hand {fields['hand0']}, "
        f"dice {fields['dice']}",
        f"{state.stock_left()} unseen tiles (the stock is used as a multiset, never in its order)",
        "",
    ]
    rows = []
    for i, c in enumerate(choices[:top], 1):
        if c.samples and c.ci95 is None:
            value, ci = f"{c.mean:.2f}", "undefined (1 future)"
        elif c.samples and c.ci95 is not None:
            value, ci = f"{c.mean:.2f}", f"+/- {(c.ci95[1] - c.ci95[0]) / 2:.2f}"
        else:
            value, ci = f"{c.mean:.0f}", "exact"
        shares = [f"{100 * c.ranks[name]:.0f}%" for name, _ in RANKS[:3]]
        rows.append((i, " ".join(c.moves), value, ci, *shares, c.samples))
    lines.append(
        format_table(
            ("#", "plan (in playing order)", "expected score", "95% CI", "P(60+)", "P(50-59)", "P(40-49)", "futures"),
            rows,
            right=(True, False, True, False, True, True, True, True),
        )
    )
    lines.append("")
    best = choices[0]
    lines.append("best: " + " ".join(best.moves))
    lines.append(
        "notation: R2a1 = tile R2 on column a row 1; R2a1+Y = under your yellow Kofun; +Y = take the "
        "yellow Kofun (N = brown)"
    )
    return "\n".join(lines)


def plot_histogram(est: SoloEstimate, path: str | Path) -> None:
    """Histogram PNG of the policy scores, the dual bounds and the clairvoyant optima with the rank thresholds
    (needs matplotlib: the `plot` extra)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuleOptionError(
            "--plot needs matplotlib, which is not installed (pip install 'kofun[plot]' or pip install matplotlib)"
        ) from None
    policy = [d.policy_score for d in est.deals]
    upper = [d.upper_bound for d in est.deals]
    dual = [d.dual_bound for d in est.deals]
    lo, hi = int(min(policy + upper + dual)), int(max(policy + upper + dual))
    bins = list(range(lo, hi + 2))
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.hist(policy, bins=bins, alpha=0.5, label=f"policy (mean {est.lower.mean:.2f})")
    ax.hist(dual, bins=bins, alpha=0.5, label=f"penalised dual bound (mean {est.dual.mean:.2f})")
    ax.hist(upper, bins=bins, alpha=0.5, label=f"clairvoyant optimum (mean {est.upper.mean:.2f})")
    for name, threshold in RANKS[:-1]:
        if lo <= threshold <= hi + 1:
            ax.axvline(threshold, color="grey", linewidth=0.8, linestyle=":")
            ax.text(threshold, ax.get_ylim()[1] * 0.97, f" {name}", fontsize=8, color="grey", va="top")
    ax.set_xlabel("final solo score")
    ax.set_ylabel("deals")
    ax.set_title(f"Haniwa solo scores over {len(est.deals)} deals (seed {est.seed})")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


__all__ = ["format_best_turn", "format_estimate", "format_rank_question", "plot_histogram"]
