#!/usr/bin/env python3
"""Which end of the solo Haniwa interval is loose, measured exactly where it can be: from the start of turn 5.

From the start of turn 5 (hand 5 in hand, one draw left: hand 6, a uniform 4-subset of the 16 unseen tiles) the
optimal non-peeking value is computable exactly:

    O(y) = max over the ends x of turn 5 reachable from y of  E_H[ V(x, H) ]

where ``V(x, H)`` is the exact best last turn (``SoloSolver``) with last hand ``H`` and the expectation runs over
all C(16, 4) = 1820 possible last hands (grouped by their tiles' kinds: a last turn depends on nothing else; no
other tile is ever drawn). Against it, on the positions the policy itself reaches at the start of turn 5 (deal *k*
of ``kofun haniwa solo estimate --seed S``, the policy's game replayed with the estimate's decision seed):

- ``P(y)``: the policy's expected score from y (its plan of turn 5 valued over all last hands; its last turn is
  exact), so ``O - P`` is what the policy loses in turn 5 against perfect non-peeking play — no hindsight in it;
- ``D(y)``: the penalised dual bound from y averaged over all last hands (the deal's true expectation of the
  upper end), so ``D - O`` is the upper end's slack from turn 5;
- ``C(y)``: the plain clairvoyant's expectation (each last hand its own best end of turn 5).

The interval's width from turn 5 splits exactly: ``D - P = (D - O) + (O - P)``. Other last-draw penalties are
compared on the same tables: a penalty ``psi(x, H) - E[psi(x, .)]`` gives the dual ``E_H max_x (V(x, H) - psi(x, H)
+ E[psi(x, .)])`` from y (``psi`` = the dual's Phi reproduces ``D``, checked; ``psi`` = the last turn's admissible
bound is the other column; ``psi = V`` would give ``O`` itself). One process, single-threaded;
every deal's figures are appended to ``--out`` (JSON lines) as they finish, ``--resume`` continues a stopped run.

    python scripts/haniwa_turn5_exact.py --deals 40 --seed 1 --exact-last-turn --out turn5.jsonl [--resume]
    python scripts/haniwa_turn5_exact.py --report turn5.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from solver import _core
from solver.games.haniwa.solo import DEFAULT_CANDIDATES, DEFAULT_SAMPLES, deal_seed, solo_rules
from solver.games.haniwa.solo_stats import MeanCI
from solver.games.haniwa.solo_worlds import next_hand_worlds, turn_starts

TURN_FIVE = 16  # tiles placed at the start of turn 5
LAST_TURN = 20  # tiles placed at the start of the last turn


class Turn5Error(ValueError):
    """Bad arguments or a results file of another run."""


@dataclass(frozen=True)
class Turn5Result:
    """One deal's exact figures from the start of turn 5 of the policy's game."""

    index: int
    optimum: float  # O: best non-peeking expected score from y
    policy: float  # P: the policy's expected score from y
    dual: float  # D: mean penalised dual bound from y over the last hands
    clairvoyant: float  # C: mean clairvoyant optimum from y over the last hands
    dual_bound_penalty: float  # the dual from y with psi = the last turn's admissible bound (solo_upper_bound)
    score: int  # the policy's actual final score in the deal
    ends: int  # distinct ends of turn 5 reachable from y
    hands: int  # distinct last hands (by kinds) out of `subsets`
    subsets: int
    policy_rank: int  # place of the policy's plan among the ends by exact value (0: optimal)
    cpu_seconds: float


def replay(s: Any, line: Sequence[int]) -> Any:
    c = s.clone()
    for m in line:
        c.apply(m)
    return c


def mean_over(row: Sequence[float], weights: Sequence[int]) -> float:
    """The mean of a last hand's function over the possible last hands (`weights`: the 4-subsets of each)."""
    return sum(v * w for v, w in zip(row, weights, strict=True)) / sum(weights)


def penalised_max(values: Sequence[Sequence[int]], psi: Sequence[Sequence[float]], weights: Sequence[int]) -> float:
    """The dual from y with the last-draw penalty psi(x, H) - E[psi(x, .)], exactly: the mean over the last hands
    H of the best end x of turn 5 by V(x, H) - psi(x, H) + E[psi(x, .)] (psi = 0: the plain clairvoyant)."""
    shift = [mean_over(row, weights) for row in psi]
    best = [max(values[e][h] - psi[e][h] + shift[e] for e in range(len(values))) for h in range(len(weights))]
    return mean_over(best, weights)


def turn_five(index: int, seed: int, policy: Any, solver: Any, dual_solver: Any) -> Turn5Result:
    """Replays the policy's game of deal `index` to the start of turn 5 and values it exactly from there."""
    t0 = time.process_time()
    s = deal_seed(seed, index)
    world = _core.haniwa.State.deal(solo_rules(), s)
    y = world.clone()
    while y.placed() < TURN_FIVE:
        for m in policy.plan_turn(y, s)[0].moves:  # the decision play() makes: same seed every turn
            y.apply(m)
    if y.placed() != TURN_FIVE or y.phase() != "place":
        raise AssertionError(f"deal {index}: the policy's game does not reach the start of turn 5")
    ends = turn_starts(y, LAST_TURN)
    mine = str(replay(y, policy.plan_turn(y, s)[0].moves))
    if mine not in ends:
        raise AssertionError(f"deal {index}: the policy's plan of turn 5 is not among the ends of the turn")
    hands = next_hand_worlds(y, by_kind=True)  # nothing is drawn after the last hand
    lines = list(ends.items())
    weights = [w for _, w in hands]
    values, rows, bounds = [], [], []  # per end, per last hand: V, Phi (the dual's penalty term), the plain bound
    for _, line in lines:
        xs = [replay(h, line) for h, _ in hands]
        values.append([solver.solve(x).best_score for x in xs])
        rows.append([_core.haniwa.SoloDualSolver.penalty_term(x) for x in xs])
        bounds.append([_core.haniwa.solo_upper_bound(x) for x in xs])
    expect = [mean_over(row, weights) for row in values]
    clair = penalised_max(values, [[0] * len(hands) for _ in lines], weights)
    dual = mean_over([dual_solver.solve(h).upper_bound for h, _ in hands], weights)
    dual_rows = penalised_max(values, rows, weights)
    if abs(dual_rows - dual) > 1e-9:  # the same penalty computed here from the tables and by SoloDualSolver
        raise AssertionError(f"deal {index}: the rows penalty gives {dual_rows} here, {dual} in SoloDualSolver")
    pol = expect[[k for k, _ in lines].index(mine)]
    if dual < max(expect) - 1e-9:  # weak duality: the exact expectation of the dual is never below the optimum
        raise AssertionError(f"deal {index}: dual {dual} below the optimum {max(expect)}")
    final = policy.play(world, s)
    return Turn5Result(
        index=index,
        optimum=max(expect),
        policy=pol,
        dual=dual,
        clairvoyant=clair,
        dual_bound_penalty=penalised_max(values, bounds, weights),
        score=int(final.score(0)),
        ends=len(lines),
        hands=len(hands),
        subsets=sum(weights),
        policy_rank=sum(e > pol + 1e-12 for e in expect),
        cpu_seconds=time.process_time() - t0,
    )


def read_results(path: Path) -> tuple[dict[str, Any], dict[int, Turn5Result]]:
    """The header and the results of a results file (its first line is the header)."""
    lines = [ln for ln in path.read_text().splitlines() if ln.strip()]
    if not lines:
        raise Turn5Error(f"{path}: empty results file")
    header = json.loads(lines[0])
    out: dict[int, Turn5Result] = {}
    for n, ln in enumerate(lines[1:], 2):
        try:
            r = Turn5Result(**json.loads(ln))
        except (json.JSONDecodeError, TypeError) as e:
            if n == len(lines):  # a line cut by a kill: replayed
                continue
            raise Turn5Error(f"{path}:{n}: not a result ({e})") from None
        out[r.index] = r
    return header, out


def report(header: dict[str, Any], results: dict[int, Turn5Result]) -> None:
    """Prints the means with Student-t 95% intervals (the deal is the unit) as a Markdown table."""
    rs = [results[i] for i in sorted(results)]
    print(f"Haniwa solo, exact from the start of turn 5 ({len(rs)} deals; {header})")
    print()
    print("| quantity | mean (95% CI) |")
    print("|---|---|")
    rows: dict[str, list[float]] = {
        "policy's actual score": [r.score for r in rs],
        "P: policy's expected score from y": [r.policy for r in rs],
        "O: optimal non-peeking value from y": [r.optimum for r in rs],
        "D: penalised dual from y": [r.dual for r in rs],
        "C: clairvoyant from y": [r.clairvoyant for r in rs],
        "O - P (policy's turn-5 loss)": [r.optimum - r.policy for r in rs],
        "D - O (dual's slack from turn 5)": [r.dual - r.optimum for r in rs],
        "C - O (clairvoyant's slack)": [r.clairvoyant - r.optimum for r in rs],
        "D_bound - O (slack, penalty from the admissible bound)": [r.dual_bound_penalty - r.optimum for r in rs],
        "D - P (width from turn 5)": [r.dual - r.policy for r in rs],
    }
    for name, xs in rows.items():
        m = MeanCI.of(xs)
        ci = "undefined" if m.ci95 is None else f"{m.ci95[0]:.3f} - {m.ci95[1]:.3f}"
        print(f"| {name} | {m.mean:.3f} ({ci}) |")
    optimal = sum(r.policy_rank == 0 for r in rs)
    cpu = sum(r.cpu_seconds for r in rs) / len(rs)
    ends = sum(r.ends for r in rs) / len(rs)
    print()
    print(f"policy's plan optimal in {optimal} of {len(rs)} deals; {ends:.0f} ends of turn 5 per deal; {cpu:.1f} CPU s")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--first", type=int, default=0, help="index of the first deal")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--exact-last-turn", action="store_true", help="the policy's rollouts end exhaustively")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--report", type=Path, nargs="+", help="only print the table of these results files")
    args = ap.parse_args(argv)
    try:
        if args.report:
            header: dict[str, Any] = {}
            results: dict[int, Turn5Result] = {}
            for path in args.report:
                h, part = read_results(path)
                if header and h != header:
                    raise Turn5Error(f"{path}: results of another run ({h} against {header})")
                header = h
                results.update(part)
            report(header, results)
            return 0
        if args.out is None:
            raise Turn5Error("--out is required to run (or give --report FILE)")
        header = {"seed": args.seed, "exact_last_turn": args.exact_last_turn}
        done: dict[int, Turn5Result] = {}
        if args.out.exists():
            if not args.resume:
                raise Turn5Error(f"{args.out} exists: give --resume to continue it, or another --out")
            h, done = read_results(args.out)
            if h != header:
                raise Turn5Error(f"{args.out}: results of another run ({h})")
            data = args.out.read_bytes()
            if not data.endswith(b"\n"):  # drop a line cut by a kill before appending
                args.out.write_bytes(data[: data.rfind(b"\n") + 1])
        else:
            args.out.write_text(json.dumps(header) + "\n")
        policy = _core.haniwa.SoloPolicy(DEFAULT_SAMPLES, DEFAULT_CANDIDATES, 0.0, args.exact_last_turn)
        solver = _core.haniwa.SoloSolver(16)
        dual_solver = _core.haniwa.SoloDualSolver(18)
        with args.out.open("a") as f:
            for i in range(args.first, args.first + args.deals):
                if i in done:
                    continue
                r = turn_five(i, args.seed, policy, solver, dual_solver)
                done[i] = r
                f.write(json.dumps(asdict(r)) + "\n")
                f.flush()
                print(f"deal {i}: O {r.optimum:.3f} P {r.policy:.3f} D {r.dual:.3f}", file=sys.stderr, flush=True)
        report(header, done)
    except Turn5Error as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
