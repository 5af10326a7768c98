"""Reports of the solo Haniwa experiments: the estimate summary, the best-turn table and the score histogram."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..._core import RuleOptionError
from ...report.table import format_table
from .solo import RANKS, SoloEstimate, TurnChoice


def _interval(mean: float, lo: float, hi: float) -> str:
    return f"{mean:.2f} (95% CI {lo:.2f} to {hi:.2f})"


def format_estimate(est: SoloEstimate) -> str:
    """Both bounds with their intervals, the gap, the budget note and the rank distributions as text."""
    n = len(est.deals)
    p = est.policy
    budget = f"{p.time_per_turn:g} s per turn" if p.time_per_turn > 0 else f"{p.samples} sampled futures per turn"
    lines = [
        f"Haniwa solo: {n} deals (seed {est.seed}, {est.jobs} job{'s' if est.jobs != 1 else ''}, "
        f"{est.wall_seconds:.1f} s)",
        f"policy: non-peeking, {budget}, {p.candidates} candidate plans valued by rollouts"
        + (" (exact last turn)" if p.exact_last_turn else ""),
        f"solver: clairvoyant branch and bound, {est.solver_nodes or 'unlimited'} nodes per deal",
        "",
        "lower bound (mean policy score):        " + _interval(est.lower.mean, *est.lower.ci95),
        "upper bound (mean clairvoyant optimum): " + _interval(est.upper.mean, *est.upper.ci95),
        "gap (mean per-deal difference):         " + _interval(est.gap.mean, *est.gap.ci95),
    ]
    hits = est.budget_hits
    if hits:
        lines.append(
            f"{hits} of {n} deals hit the solver budget: their proven upper bounds were used "
            f"(mean of the best scores found: {est.best_found.mean:.2f})"
        )
    else:
        lines.append(f"every deal was solved exactly ({n} of {n})")
    lines.append("")
    ranks = est.ranks()
    rows = []
    for (name, lo), hi in zip(RANKS, (None, 59, 49, 39, 29), strict=True):
        span = f"{lo}+" if hi is None else f"{lo}-{hi}"
        pol, cla = ranks["policy"][name], ranks["clairvoyant"][name]
        rows.append((name, span, pol, f"{100 * pol / n:.1f}%", cla, f"{100 * cla / n:.1f}%"))
    lines.append(
        format_table(
            ("rank", "score", "policy", "", "clairvoyant", ""), rows, right=(False, False, True, True, True, True)
        )
    )
    return "\n".join(lines)


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
        if c.samples:
            value, ci = f"{c.mean:.2f}", f"+/- {(c.ci95[1] - c.ci95[0]) / 2:.2f}"
        else:
            value, ci = f"{c.mean:.0f}", "exact"
        rows.append((i, " ".join(c.moves), value, ci, c.samples))
    lines.append(
        format_table(
            ("#", "plan (in playing order)", "expected score", "95% CI", "futures"),
            rows,
            right=(True, False, True, False, True),
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
    """Histogram PNG of the policy scores and the clairvoyant optima (needs matplotlib: the `plot` extra)."""
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
    lo, hi = min(policy + upper), max(policy + upper)
    bins = list(range(lo, hi + 2))
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.hist(policy, bins=bins, alpha=0.6, label=f"policy (mean {est.lower.mean:.1f})")
    ax.hist(upper, bins=bins, alpha=0.6, label=f"clairvoyant optimum (mean {est.upper.mean:.1f})")
    for _, threshold in RANKS[:-1]:
        if lo <= threshold <= hi + 1:
            ax.axvline(threshold, color="grey", linewidth=0.8, linestyle=":")
    ax.set_xlabel("final solo score")
    ax.set_ylabel("deals")
    ax.set_title(f"Haniwa solo scores over {len(est.deals)} deals (seed {est.seed})")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


__all__ = ["format_best_turn", "format_estimate", "plot_histogram"]
