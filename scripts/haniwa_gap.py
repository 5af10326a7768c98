#!/usr/bin/env python3
"""Per-deal, per-turn decomposition of the solo Haniwa gap (penalised dual - policy).

For each deal (the deals of ``kofun haniwa solo estimate --seed S``: deal *k* from ``derive_seed(S, "deal", k)``,
played with the estimate's decision seed) the policy's game is replayed turn by turn: x_1 is the deal, x_{t+1}
the position after the policy's plan of turn t (its next hand drawn), x_7 the end. At each turn start the
clairvoyant solver (``SoloSolver``: the rest of the stock known) gives V*(x_t), the best final score from x_t,
and V*(x_{t+1}) is the clairvoyant value of the policy's choice. The **loss of turn t** is
V*(x_t) - V*(x_{t+1}) >= 0; the losses add up to the clairvoyant gap V*(x_1) - policy score, and the gap to the
dual is that plus the dual's offset (dual bound - V*(x_1), the penalty's effect on the root).

The **dual from x_t** (the penalised dual bound solved from x_t) minus the policy's score bounds, in the mean over
deals, what the policy loses from turn t on against the best non-peeking play from the same position: given what
the player has seen at x_t the unseen tiles are in uniform order and the penalty has zero mean, so the mean dual
from x_t is at least the optimal expected score from there, while the mean score is the policy's.

A loss is hindsight: it mixes the policy's mistakes with the value of knowing the draws; this table says where
(which turn) and in what (columns, Dogu rows, Kofun) the clairvoyant gains, not how much a non-peeking player
could. The score components of a turn's loss are those of the clairvoyant's optimal line from x_t minus those of
its optimal line from x_{t+1} (one optimal line each: where several lines are optimal the split is one of
several). The decision columns compare the policy's plan with the first turn of the clairvoyant's line from x_t:
tiles put in another column, a different Kofun play (stacked Kofun colour), different Kofun choices.

    python scripts/haniwa_gap.py --deals 30 --seed 1 [--exact-last-turn] [--solver-nodes 4000000] [--per-deal]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from solver import _core
from solver.games.haniwa.solo import DEFAULT_CANDIDATES, DEFAULT_DUAL_NODES, DEFAULT_SAMPLES, deal_seed, solo_rules
from solver.games.haniwa.solo_stats import MeanCI

TURNS = 6
COMPONENTS = ("smiles", "dogu", "kofun", "dice")
_PLACEMENT = re.compile(r"^([RBGY][1-3])([a-d])(\d)(?:\+([A-Z]))?$")
_CHOICE = re.compile(r"^\+([A-Z])$")


class GapError(ValueError):
    """Bad arguments of the decomposition."""


@dataclass(frozen=True)
class TurnGap:
    """One turn of one deal: clairvoyant values before and after the policy's plan, and how the plan differs."""

    turn: int
    value_before: int  # V*(x_t): upper bound when not exact
    value_after: int  # V*(x_{t+1}) (the final score after the last turn)
    exact: bool  # both values proven optimal
    dual_before: float  # penalised dual bound from x_t (x_t's final score on the last turn: nothing left to draw)
    components: dict[str, int]  # loss split by score component (sums to the loss)
    moved_tiles: int  # tiles of the plan put in another column than in the clairvoyant's line
    kofun_play_differs: bool
    kofun_choice_differs: bool

    @property
    def loss(self) -> int:
        """Clairvoyant value lost by the policy's plan of this turn (never negative)."""
        return self.value_before - self.value_after


@dataclass
class DealGap:
    """One deal: the policy's score, the clairvoyant optimum, the dual bound and the per-turn losses."""

    index: int
    policy_score: int
    clairvoyant: int
    dual: float
    turns: list[TurnGap] = field(default_factory=list)

    @property
    def gap(self) -> float:
        """Dual bound minus policy score."""
        return self.dual - self.policy_score


def components(final: Any) -> dict[str, int]:
    """Score of a finished solo game by component: smiling columns, Dogu rows, Kofun held, dice (dice scoring)."""
    b = final.breakdown(0)
    parts = {
        "smiles": int(sum(b.smile_points)),
        "dogu": int(b.dogu_points),
        "kofun": int(b.kofun_points),
        "dice": int(sum(b.column_points)),
    }
    if sum(parts.values()) != final.score(0):
        raise AssertionError(f"score components {parts} do not add up to the score {final.score(0)}")
    return parts


def turn_end(state: Any) -> bool:
    """True at a turn boundary: the game is over, or four more tiles are placed and no Kofun choice is pending."""
    return bool(state.is_terminal() or (state.placed() % 4 == 0 and state.phase() == "place"))


def split_turn(state: Any, moves: Sequence[int]) -> tuple[list[str], int]:
    """The names of the moves of the current turn at the start of `moves`, and how many moves that is."""
    cur = state.clone()
    names = []
    for n, m in enumerate(moves, 1):
        names.append(cur.move_to_string(m))
        cur.apply(m)
        if turn_end(cur):
            return names, n
    return names, len(moves)


def describe(names: Sequence[str]) -> tuple[Counter[tuple[str, str]], set[str], list[str]]:
    """(tile, column) placements, stacked Kofun colours and Kofun choices of one turn's moves."""
    cells: Counter[tuple[str, str]] = Counter()
    stacked: set[str] = set()
    choices: list[str] = []
    for name in names:
        if p := _PLACEMENT.match(name):
            cells[(p.group(1), p.group(2))] += 1
            if p.group(4):
                stacked.add(p.group(4))
        elif c := _CHOICE.match(name):
            choices.append(c.group(1))
        else:
            raise AssertionError(f"unexpected move notation {name!r}")
    return cells, stacked, choices


def clairvoyant(solver: Any, state: Any, nodes: int) -> tuple[int, bool, dict[str, int], list[int]]:
    """V*(state) (its proven upper bound when out of budget), exactness, the components of the best line found
    and that line."""
    if state.is_terminal():
        return int(state.score(0)), True, components(state), []
    r = solver.solve(state, nodes=nodes)
    final = state.clone()
    for m in r.line:
        final.apply(m)
    if not final.is_terminal():
        raise AssertionError("the clairvoyant line does not end the game")
    return int(r.upper_bound), bool(r.exact), components(final), list(r.line)


def decompose_deal(
    index: int, seed: int, policy: Any, solver: Any, dual_solver: Any, solver_nodes: int, dual_nodes: int
) -> DealGap:
    """Replays the policy's game of deal `index` and decomposes its gap turn by turn."""
    s = deal_seed(seed, index)
    world = _core.haniwa.State.deal(solo_rules(), s)
    dual = dual_solver.solve(world, nodes=dual_nodes)
    state = world.clone()
    before, exact_before, comp_before, line = clairvoyant(solver, state, solver_nodes)
    deal = DealGap(index, 0, before, float(dual.upper_bound))
    for turn in range(1, TURNS + 1):
        dual_before = deal.dual if turn == 1 else float(dual_solver.solve(state, nodes=dual_nodes).upper_bound)
        plan = policy.plan_turn(state, s)[0].moves  # the decision play() makes: same seed every turn
        mine, _ = split_turn(state, plan)
        theirs, _ = split_turn(state, line)
        for m in plan:
            state.apply(m)
        if not turn_end(state):
            raise AssertionError(f"deal {index} turn {turn}: the policy's plan does not end the turn")
        after, exact_after, comp_after, next_line = clairvoyant(solver, state, solver_nodes)
        cells_a, stacked_a, choices_a = describe(mine)
        cells_b, stacked_b, choices_b = describe(theirs)
        deal.turns.append(
            TurnGap(
                turn=turn,
                value_before=before,
                value_after=after,
                exact=exact_before and exact_after,
                dual_before=dual_before,
                components={k: comp_before[k] - comp_after[k] for k in COMPONENTS},
                moved_tiles=sum(cells_a.values()) - sum((cells_a & cells_b).values()),
                kofun_play_differs=stacked_a != stacked_b,
                kofun_choice_differs=sorted(choices_a) != sorted(choices_b),
            )
        )
        before, exact_before, comp_before, line = after, exact_after, comp_after, next_line
    if not state.is_terminal():
        raise AssertionError(f"deal {index}: the game is not over after {TURNS} turns")
    deal.policy_score = int(state.score(0))
    final = policy.play(world, s)
    if final.score(0) != deal.policy_score:
        raise AssertionError(f"deal {index}: the replay scored {deal.policy_score}, play() {final.score(0)}")
    return deal


def _ci(values: Sequence[float]) -> str:
    m = MeanCI.of(values)
    if m.ci95 is None:
        return f"{m.mean:.2f}"
    return f"{m.mean:.2f} ({m.ci95[0]:.2f} to {m.ci95[1]:.2f})"


def print_tables(deals: Sequence[DealGap], per_deal: bool) -> None:
    """The per-turn table, the component table and (optionally) the per-deal table, in Markdown."""
    n = len(deals)
    print(
        f"{n} deals; policy {_ci([d.policy_score for d in deals])}, clairvoyant {_ci([d.clairvoyant for d in deals])}"
    )
    print(f"dual {_ci([d.dual for d in deals])}; gap dual - policy {_ci([d.gap for d in deals])}")
    print(
        f"= dual offset (dual - clairvoyant) {_ci([d.dual - d.clairvoyant for d in deals])} "
        f"+ clairvoyant gap {_ci([d.clairvoyant - d.policy_score for d in deals])}"
    )
    inexact = sum(not t.exact for d in deals for t in d.turns)
    if inexact:
        print(f"{inexact} turn values rest on proven upper bounds (solver budget): their losses are bounds")
    print()
    print(
        "| turn | mean loss (95% CI) | share of the clairvoyant gap | deals with a loss | "
        + " | ".join(COMPONENTS)
        + " | dual from x_t - score (95% CI) |"
    )
    print("|" + "---|" * (5 + len(COMPONENTS)))
    total = sum(d.clairvoyant - d.policy_score for d in deals)
    for t in range(TURNS):
        losses = [d.turns[t].loss for d in deals]
        comps = [sum(d.turns[t].components[k] for d in deals) / n for k in COMPONENTS]
        share = f"{100 * sum(losses) / total:.0f}%" if total else "-"
        bound = _ci([d.turns[t].dual_before - d.policy_score for d in deals])
        row = [
            str(t + 1),
            _ci(losses),
            share,
            f"{sum(x > 0 for x in losses)}/{n}",
            *(f"{c:+.2f}" for c in comps),
            bound,
        ]
        print("| " + " | ".join(row) + " |")
    comps_all = [sum(t.components[k] for d in deals for t in d.turns) / n for k in COMPONENTS]
    print(
        "| all | "
        + _ci([d.clairvoyant - d.policy_score for d in deals])
        + " | 100% | "
        + f"{sum(d.clairvoyant > d.policy_score for d in deals)}/{n} | "
        + " | ".join(f"{c:+.2f}" for c in comps_all)
        + " | - |"
    )
    print()
    print("Decisions (turns 1-5; the last turn is exact): the policy's plan against the clairvoyant line's turn")
    print()
    print("| turns | count | mean loss | tiles in another column | Kofun play differs | Kofun choice differs |")
    print("|---|---|---|---|---|---|")
    for label, pick in (("with a loss", lambda x: x.loss > 0), ("without", lambda x: x.loss == 0)):
        ts = [t for d in deals for t in d.turns[: TURNS - 1] if pick(t)]
        if not ts:
            continue
        print(
            f"| {label} | {len(ts)} | {sum(t.loss for t in ts) / len(ts):.2f} | "
            f"{sum(t.moved_tiles for t in ts) / len(ts):.2f} of 4 | "
            f"{100 * sum(t.kofun_play_differs for t in ts) / len(ts):.0f}% | "
            f"{100 * sum(t.kofun_choice_differs for t in ts) / len(ts):.0f}% |"
        )
    if per_deal:
        print()
        print("| deal | policy | clairvoyant | dual | gap | " + " | ".join(f"t{t + 1}" for t in range(TURNS)) + " |")
        print("|" + "---|" * (5 + TURNS))
        for d in deals:
            cells = " | ".join(str(t.loss) + ("" if t.exact else "*") for t in d.turns)
            print(f"| {d.index} | {d.policy_score} | {d.clairvoyant} | {d.dual:.2f} | {d.gap:.2f} | {cells} |")


def main(argv: Sequence[str] | None = None) -> int:
    """Command line."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    ap.add_argument("--candidates", type=int, default=DEFAULT_CANDIDATES)
    ap.add_argument("--exact-last-turn", action="store_true")
    ap.add_argument("--solver-nodes", type=int, default=4_000_000, help="node budget of each clairvoyant solve")
    ap.add_argument("--dual-nodes", type=int, default=DEFAULT_DUAL_NODES, help="node budget of each dual search")
    ap.add_argument("--per-deal", action="store_true", help="print the per-deal table too")
    ap.add_argument("--json", dest="json_path", help="write every deal's decomposition to this file")
    args = ap.parse_args(argv)
    try:
        if args.deals < 1:
            raise GapError(f"--deals must be >= 1, got {args.deals}")
        if args.samples < 1 or args.candidates < 1:
            raise GapError("--samples and --candidates must be >= 1")
        if args.solver_nodes < 0 or args.dual_nodes < 0:
            raise GapError("--solver-nodes and --dual-nodes must be >= 0")
    except GapError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    policy = _core.haniwa.SoloPolicy(args.samples, args.candidates, 0.0, args.exact_last_turn)
    solver, dual_solver = _core.haniwa.SoloSolver(), _core.haniwa.SoloDualSolver()
    t0 = time.process_time()
    deals = [
        decompose_deal(i, args.seed, policy, solver, dual_solver, args.solver_nodes, args.dual_nodes)
        for i in range(args.deals)
    ]
    print(
        f"Haniwa solo gap by turn: seed {args.seed}, policy {args.samples} x {args.candidates}"
        + (" exact-last-turn" if args.exact_last_turn else "")
        + f", clairvoyant {args.solver_nodes} nodes, dual {args.dual_nodes} nodes; {time.process_time() - t0:.0f} s CPU"
    )
    print_tables(deals, args.per_deal)
    if args.json_path:
        with open(args.json_path, "w") as f:
            json.dump([{**asdict(d), "gap": d.gap} for d in deals], f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
