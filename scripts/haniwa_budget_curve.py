#!/usr/bin/env python3
"""The solo Haniwa policy's mean score as a function of its budget, on the same deals.

Each budget (sampled futures x candidate plans per decision, optionally ``exact_last_turn``) plays the same deals
as ``kofun haniwa solo estimate --seed S``: deal *k* is dealt from ``derive_seed(S, "deal", k)`` and played with
the decision seed the estimate uses, so the 1x budget reproduces the estimate's policy scores exactly. Only the
policy is run (no clairvoyant, no dual). For each budget the script prints the mean with its Student-t 95%
interval and the paired difference to the 1x budget (Student t on the per-deal differences, on the deals both
budgets played): if the mean still climbs at 4x and 16x the budget, the lower end of the interval
[policy, dual] is soft.

Every (budget, deal) result is appended to ``--out`` (JSON lines) as it finishes; ``--resume`` continues a stopped
run without replaying anything. Deals are played in blocks (``--blocks``, cumulative deal counts): every budget
plays the first block before any plays the next, so a run stopped early still pairs every budget on the same
deals. One process, single-threaded.

    python scripts/haniwa_budget_curve.py --deals 500 --seed 1 --out budget.jsonl [--resume] [--blocks 200,500]
    python scripts/haniwa_budget_curve.py --report budget.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from solver import _core
from solver.games.haniwa.solo import DEFAULT_CANDIDATES, DEFAULT_SAMPLES, deal_seed, solo_rules
from solver.games.haniwa.solo_stats import MeanCI


class BudgetCurveError(ValueError):
    """Bad arguments or a results file that does not belong to this run."""


@dataclass(frozen=True)
class Budget:
    """One policy budget: its name, sampled futures, candidate plans and whether rollouts end exhaustively."""

    name: str
    samples: int
    candidates: int
    exact_last_turn: bool = False

    @property
    def factor(self) -> int:
        """Rollouts per decision relative to the default budget (samples x candidates)."""
        return (self.samples * self.candidates) // (DEFAULT_SAMPLES * DEFAULT_CANDIDATES)


S, C = DEFAULT_SAMPLES, DEFAULT_CANDIDATES
BUDGETS: tuple[Budget, ...] = (
    Budget("1x", S, C),
    Budget("1x exact-last-turn", S, C, True),
    Budget("4x samples", 4 * S, C),
    Budget("4x candidates", S, 4 * C),
    Budget("4x both", 2 * S, 2 * C),
    Budget("16x both", 4 * S, 4 * C),
)
EXTRA_BUDGETS: tuple[Budget, ...] = (
    Budget("4x both exact-last-turn", 2 * S, 2 * C, True),
    Budget("16x samples", 16 * S, C),
)
BY_NAME = {b.name: b for b in BUDGETS + EXTRA_BUDGETS}


@dataclass(frozen=True)
class Result:
    """One budget's play of one deal."""

    budget: str
    index: int
    score: int
    cpu_seconds: float


def play_deal(budget: Budget, policy: object, index: int, seed: int) -> Result:
    """Plays deal `index` of the estimate seeded `seed` with `policy` (a ``SoloPolicy`` of `budget`)."""
    s = deal_seed(seed, index)
    world = _core.haniwa.State.deal(solo_rules(), s)
    t0 = time.process_time()
    final = policy.play(world, s)  # type: ignore[attr-defined]
    return Result(budget.name, index, int(final.score(0)), time.process_time() - t0)


def read_results(path: Path, seed: int | None) -> tuple[int, dict[tuple[str, int], Result]]:
    """The seed and the results of a results file (its first line is the header ``{"seed": S}``)."""
    results: dict[tuple[str, int], Result] = {}
    file_seed: int | None = None
    with path.open() as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                if n > 1 and not line.endswith("\n"):  # a line cut by a kill: dropped, replayed
                    continue
                raise BudgetCurveError(f"{path}:{n}: not JSON ({e})") from None
            if n == 1:
                if "seed" not in obj:
                    raise BudgetCurveError(f"{path}: the first line is not a header with a seed")
                file_seed = int(obj["seed"])
                continue
            r = Result(**obj)
            results[(r.budget, r.index)] = r
    if file_seed is None:
        raise BudgetCurveError(f"{path}: empty results file")
    if seed is not None and file_seed != seed:
        raise BudgetCurveError(f"{path}: results of seed {file_seed}, not {seed}")
    return file_seed, results


def run(
    budgets: Sequence[Budget], blocks: Sequence[int], seed: int, out: Path, resume: bool, quiet: bool = False
) -> dict[tuple[str, int], Result]:
    """Plays every budget on the deals of each block in turn, appending each result to `out`."""
    if out.exists() and not resume:
        raise BudgetCurveError(f"{out} exists: give --resume to continue it, or another --out")
    done: dict[tuple[str, int], Result] = {}
    if out.exists():
        _, done = read_results(out, seed)
        data = out.read_bytes()
        if data and not data.endswith(b"\n"):  # drop a line cut by a kill before appending
            out.write_bytes(data[: data.rfind(b"\n") + 1])
    else:
        out.write_text(json.dumps({"seed": seed}) + "\n")
    start = 0
    with out.open("a") as f:
        for end in blocks:
            for b in budgets:
                todo = [i for i in range(start, end) if (b.name, i) not in done]
                if not todo:
                    continue
                policy = _core.haniwa.SoloPolicy(b.samples, b.candidates, 0.0, b.exact_last_turn)
                t0 = time.process_time()
                for i in todo:
                    r = play_deal(b, policy, i, seed)
                    done[(b.name, i)] = r
                    f.write(json.dumps(asdict(r)) + "\n")
                    f.flush()
                if not quiet:
                    print(
                        f"{b.name}: deals {start}-{end - 1} done ({len(todo)} played, "
                        f"{time.process_time() - t0:.0f} s CPU)",
                        file=sys.stderr,
                        flush=True,
                    )
            start = end
    return done


def _fmt(m: MeanCI, signed: bool = False) -> str:
    sign = "+" if signed else ""
    if m.ci95 is None:
        return f"{m.mean:{sign}.2f} (95% CI undefined)"
    return f"{m.mean:{sign}.2f} ({m.ci95[0]:{sign}.2f} to {m.ci95[1]:{sign}.2f})"


def report_rows(results: dict[tuple[str, int], Result], names: Iterable[str]) -> list[tuple[str, ...]]:
    """Table rows: budget, deals, mean (95% CI), paired difference to 1x (95% CI), better/worse, CPU s per deal."""
    base = {i: r for (b, i), r in results.items() if b == "1x"}
    rows: list[tuple[str, ...]] = []
    for name in names:
        mine = {i: r for (b, i), r in results.items() if b == name}
        if not mine:
            continue
        mean = MeanCI.of([r.score for r in mine.values()])
        common = sorted(set(mine) & set(base))
        diff, counts = "-", "-"
        if name != "1x" and len(common) >= 2:
            d = [mine[i].score - base[i].score for i in common]
            diff = _fmt(MeanCI.of(d), signed=True) + f" on {len(common)}"
            counts = f"{sum(x > 0 for x in d)}/{sum(x < 0 for x in d)}"
        cpu = sum(r.cpu_seconds for r in mine.values()) / len(mine)
        b = BY_NAME.get(name)
        knobs = f"{b.samples} x {b.candidates}" if b else "?"
        rows.append((name, knobs, str(len(mine)), _fmt(mean), diff, counts, f"{cpu:.2f}"))
    return rows


def print_report(results: dict[tuple[str, int], Result], seed: int) -> None:
    """Prints the budget curve as a Markdown table."""
    names = [b.name for b in BUDGETS + EXTRA_BUDGETS]
    names += sorted({b for b, _ in results} - set(names))
    print(f"Haniwa solo policy by budget (seed {seed}; paired difference to 1x: Student t on the per-deal pairs)")
    print()
    head = ("budget", "samples x candidates", "deals", "mean (95% CI)", "paired diff to 1x (95% CI)", "better/worse")
    print("| " + " | ".join((*head, "CPU s/deal")) + " |")
    print("|" + "---|" * (len(head) + 1))
    for row in report_rows(results, names):
        print("| " + " | ".join(row) + " |")


def parse_blocks(text: str, deals: int) -> list[int]:
    """The cumulative deal counts of the blocks (ending with `deals`)."""
    try:
        blocks = [int(x) for x in text.split(",") if x.strip()] if text else []
    except ValueError:
        raise BudgetCurveError(f"--blocks: not a comma-separated list of deal counts: {text!r}") from None
    blocks = [b for b in blocks if b < deals] + [deals]
    if any(b < 1 for b in blocks) or blocks != sorted(set(blocks)):
        raise BudgetCurveError(f"--blocks: the deal counts must be increasing and >= 1: {text!r}")
    return blocks


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: run (and report) or report only."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--blocks", default="200", help="cumulative deal counts played by every budget in turn")
    ap.add_argument("--budgets", default=",".join(b.name for b in BUDGETS), help="comma-separated budget names")
    ap.add_argument("--report", type=Path, help="only print the table of this results file")
    args = ap.parse_args(argv)
    try:
        if args.report is not None:
            seed, results = read_results(args.report, None)
            print_report(results, seed)
            return 0
        if args.out is None:
            raise BudgetCurveError("--out is required to run (or give --report FILE)")
        if args.deals < 1:
            raise BudgetCurveError(f"--deals must be >= 1, got {args.deals}")
        unknown = [n for n in args.budgets.split(",") if n not in BY_NAME]
        if unknown:
            raise BudgetCurveError(f"--budgets: unknown budget(s) {unknown}; known: {sorted(BY_NAME)}")
        budgets = [BY_NAME[n] for n in args.budgets.split(",")]
        results = run(budgets, parse_blocks(args.blocks, args.deals), args.seed, args.out, args.resume)
        print_report(results, args.seed)
    except BudgetCurveError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
