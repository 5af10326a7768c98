"""Solo Haniwa experiments: what does perfect solo play score?

For each deal (a random solo world from a reproducible seed) two numbers are computed:

* the **policy score**: the final score of the non-peeking policy (``_core.haniwa.SoloPolicy``), which plans
  each turn from what it has seen and treats the stock as a multiset. Its mean over deals estimates a lower
  bound on the optimal expected score;
* the **clairvoyant optimum**: the best score of the same deal with the draw order known
  (``_core.haniwa.SoloSolver``). When the solver's node budget runs out, the proven upper bound it returns is
  used instead, so the mean stays an upper bound;
* the **penalised dual bound** (``_core.haniwa.SoloDualSolver``, information relaxation with a penalty): the
  clairvoyant solves the deal again, charged a zero-mean penalty on the last draw (what the hand it knows is worth
  to the rows left short of 8, minus what an average hand is worth). Its mean over deals is an upper bound on the
  optimal expected score, tighter than the plain clairvoyant's (docs/haniwa.md, "Solo estimates").

The optimal expected score lies in the interval [policy mean, dual mean]. Whether it reaches the "perfect" rank
(60) is answered from the 95% intervals of both ends (:func:`rank_question`): above, below or straddling 60.

Deals are tasks of the batch runner (:mod:`solver.batch`: ``jobs`` local worker processes, or a dask cluster);
each deal is computed independently from its own seed with node budgets only, so the results do not depend on
``jobs`` (a ``time_per_turn`` budget makes the policy machine-dependent).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ... import _core
from ..._core import RuleOptionError
from ...batch.runner import BatchInterrupted, Journal, Runner, Task
from ...batch.seeds import derive_seed
from ...report.stats import t95
from . import GAME
from .solo_stats import RANKS, MeanCI, RankQuestion, rank_counts, rank_question

DEFAULT_SAMPLES = 48
DEFAULT_CANDIDATES = 24
DEFAULT_SOLVER_NODES = 400_000
DEFAULT_DUAL_NODES = 400_000
DEFAULT_DUAL_DRAWS = 1  # draws the dual penalises: 1 (the last) or 2 (the last two)
DEFAULT_ROLLOUT_SAMPLES = 16
DEFAULT_ROLLOUT_FROM_TURN = 3


@dataclass(frozen=True)
class PolicySettings:
    """How the non-peeking policy decides: sampled futures and candidate plans per turn, optional time, and
    whether its rollouts play their last turn exhaustively (stronger, about six times slower)."""

    samples: int = DEFAULT_SAMPLES
    candidates: int = DEFAULT_CANDIDATES
    time_per_turn: float = 0.0
    exact_last_turn: bool = False
    # Rollout improvement (``_core.haniwa.SoloRolloutPolicy``, csrc/games/haniwa/solo_rollout.hpp): from turn
    # `rollout_from_turn` on, the policy's `rollout_candidates` best plans are valued by games of the policy itself
    # over `rollout_samples` common sampled futures. 0 candidates: off.
    rollout_candidates: int = 0
    rollout_samples: int = DEFAULT_ROLLOUT_SAMPLES
    rollout_from_turn: int = DEFAULT_ROLLOUT_FROM_TURN

    def check(self) -> None:
        """Raises RuleOptionError for values out of range."""
        if self.samples < 1:
            raise RuleOptionError(f"haniwa solo: samples must be >= 1, got {self.samples}")
        if self.candidates < 1:
            raise RuleOptionError(f"haniwa solo: candidates must be >= 1, got {self.candidates}")
        if not self.time_per_turn >= 0:
            raise RuleOptionError(f"haniwa solo: time per turn must be >= 0, got {self.time_per_turn}")
        if self.rollout_candidates < 0:
            raise RuleOptionError(f"haniwa solo: rollout candidates must be >= 0, got {self.rollout_candidates}")
        if self.rollout_candidates:
            if self.rollout_samples < 1:
                raise RuleOptionError(f"haniwa solo: rollout samples must be >= 1, got {self.rollout_samples}")
            if not 1 <= self.rollout_from_turn <= 6:
                raise RuleOptionError(f"haniwa solo: rollout from turn must be 1 to 6, got {self.rollout_from_turn}")
            if self.time_per_turn > 0:
                raise RuleOptionError("haniwa solo: the rollout policy takes a sample count, not a time per turn")

    def header(self) -> dict[str, Any]:
        """The settings as a results file's header names them (the rollout keys only when rollouts are on, so
        that the files of earlier runs still resume)."""
        d = asdict(self)
        return d if self.rollout_candidates else {k: v for k, v in d.items() if not k.startswith("rollout_")}

    def make(self) -> Any:
        """The compiled policy of these settings (``SoloPolicy``, or ``SoloRolloutPolicy`` with rollouts)."""
        self.check()
        if self.rollout_candidates:
            return _core.haniwa.SoloRolloutPolicy(
                self.samples,
                self.candidates,
                self.exact_last_turn,
                self.rollout_candidates,
                self.rollout_samples,
                self.rollout_from_turn,
            )
        return _core.haniwa.SoloPolicy(self.samples, self.candidates, self.time_per_turn, self.exact_last_turn)


@dataclass(frozen=True)
class DealResult:
    """One deal: its seed, the policy's score, the clairvoyant solver's result and the penalised dual bound."""

    index: int
    seed: int
    policy_score: int
    best_found: int  # best clairvoyant score reached by the solver (-1: the budget ran out before any line ended)
    upper_bound: int  # proven upper bound of the clairvoyant optimum (= best_found when exact)
    exact: bool
    solver_nodes: int
    policy_seconds: float
    solver_seconds: float
    dual_bound: float  # proven upper bound of the deal's penalised inner maximum (its mean bounds the optimum)
    dual_found: float  # penalised value of the best line the dual search evaluated (-1: none)
    dual_exact: bool
    dual_nodes: int
    dual_seconds: float

    @property
    def gap(self) -> int:
        """Clairvoyant upper bound minus policy score (never negative)."""
        return self.upper_bound - self.policy_score

    @property
    def dual_gap(self) -> float:
        """Penalised dual bound minus policy score (negative on some deals: only the means are ordered)."""
        return self.dual_bound - self.policy_score


@dataclass
class SoloEstimate:
    """The experiment: per-deal results and their statistics."""

    deals: list[DealResult]
    seed: int
    jobs: int
    policy: PolicySettings
    solver_nodes: int
    options: dict[str, Any]
    wall_seconds: float
    dual_nodes: int = DEFAULT_DUAL_NODES
    dual_draws: int = DEFAULT_DUAL_DRAWS
    #: Ctrl-C stopped the run: the statistics are those of the deals that finished (`planned` were asked for).
    interrupted: bool = False
    planned: int = 0
    lower: MeanCI = field(init=False)
    upper: MeanCI = field(init=False)
    dual: MeanCI = field(init=False)
    best_found: MeanCI = field(init=False)
    gap: MeanCI = field(init=False)
    dual_gap: MeanCI = field(init=False)

    def __post_init__(self) -> None:
        self.lower = MeanCI.of([d.policy_score for d in self.deals])
        self.upper = MeanCI.of([d.upper_bound for d in self.deals])
        self.dual = MeanCI.of([d.dual_bound for d in self.deals])
        self.best_found = MeanCI.of([d.best_found for d in self.deals])
        self.gap = MeanCI.of([d.gap for d in self.deals])
        self.dual_gap = MeanCI.of([d.dual_gap for d in self.deals])

    @property
    def interval(self) -> tuple[float, float]:
        """The estimate of the optimal expected score: [policy mean, dual mean]."""
        return (self.lower.mean, self.dual.mean)

    @property
    def rank_question(self) -> RankQuestion:
        """Does the interval [policy mean, dual mean] lie above 60 ("perfect"), below it, or straddle it?"""
        return rank_question(self.lower, self.dual)

    @property
    def dual_budget_hits(self) -> int:
        """Deals whose dual search ran out of budget (their proven bound was used)."""
        return sum(not d.dual_exact for d in self.deals)

    @property
    def budget_hits(self) -> int:
        """Deals whose solve ran out of budget (their proven upper bound was used)."""
        return sum(not d.exact for d in self.deals)

    def ranks(self) -> dict[str, dict[str, int]]:
        """Rank distributions of the policy scores, the clairvoyant optima and the dual bounds (per deal)."""
        return {
            "policy": rank_counts([d.policy_score for d in self.deals]),
            "clairvoyant": rank_counts([d.upper_bound for d in self.deals]),
            "dual": rank_counts([d.dual_bound for d in self.deals]),
        }

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (keys documented in docs/cli.md)."""
        return {
            "deals": len(self.deals),
            "seed": self.seed,
            "jobs": self.jobs,
            "options": self.options,
            "policy": asdict(self.policy),
            "solver_nodes": self.solver_nodes,
            "lower_bound": self.lower.to_dict(),
            "upper_bound": {
                **self.upper.to_dict(),
                "budget_hits": self.budget_hits,
                "best_found_mean": self.best_found.mean,
            },
            "dual_bound": {
                **self.dual.to_dict(),
                "budget_hits": self.dual_budget_hits,
                "nodes": self.dual_nodes,
                "penalised_draws": self.dual_draws,
            },
            "gap": self.gap.to_dict(),
            "interval": list(self.interval),
            "interval_width": self.dual_gap.to_dict(),
            "rank_question": self.rank_question.to_dict(),
            "ranks": self.ranks(),
            "wall_time_s": self.wall_seconds,
            "per_deal": [asdict(d) for d in self.deals],
        }


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal `index` of an estimate seeded with `seed` (``derive_seed(seed, "deal", index)``)."""
    return derive_seed(seed, "deal", index)


def solo_rules(options: dict[str, Any] | None = None) -> Any:
    """Compiled solo rules: the Haniwa options with players = 1."""
    opts = dict(options or {})
    if opts.get("players", 1) != 1:
        raise RuleOptionError(f"haniwa solo: option 'players' must be 1, got {opts['players']}")
    opts["players"] = 1
    return GAME.rules(opts)


# One policy and one pair of solvers per process, kept between deals (their tables are allocated once).
_WORKERS: dict[tuple[PolicySettings, int], tuple[Any, Any, Any]] = {}


def _worker(policy: PolicySettings, dual_draws: int = DEFAULT_DUAL_DRAWS) -> tuple[Any, Any, Any]:
    key = (policy, dual_draws)
    if key not in _WORKERS:
        dual = _core.haniwa.SoloDualSolver(penalised_draws=dual_draws)
        _WORKERS[key] = (policy.make(), _core.haniwa.SoloSolver(), dual)
    return _WORKERS[key]


def run_deal(
    index: int,
    seed: int,
    policy: PolicySettings,
    solver_nodes: int,
    options: dict[str, Any] | None = None,
    dual_nodes: int = DEFAULT_DUAL_NODES,
    dual_draws: int = DEFAULT_DUAL_DRAWS,
) -> DealResult:
    """Deals deal `index` of the experiment `seed`, plays it with the policy, solves it clairvoyantly and
    computes its penalised dual bound (penalties on the last `dual_draws` draws)."""
    rules = solo_rules(options)
    s = deal_seed(seed, index)
    world = _core.haniwa.State.deal(rules, s)
    pol, solver, dual_solver = _worker(policy, dual_draws)
    t0 = time.perf_counter()
    final = pol.play(world, s)
    t1 = time.perf_counter()
    res = solver.solve(world, nodes=solver_nodes)
    t2 = time.perf_counter()
    dual = dual_solver.solve(world, nodes=dual_nodes)
    t3 = time.perf_counter()
    return DealResult(
        index=index,
        seed=s,
        policy_score=final.score(0),
        best_found=res.best_score,
        upper_bound=res.upper_bound,
        exact=res.exact,
        solver_nodes=res.nodes,
        policy_seconds=t1 - t0,
        solver_seconds=t2 - t1,
        dual_bound=dual.upper_bound,
        dual_found=dual.best_value,
        dual_exact=dual.exact,
        dual_nodes=dual.nodes,
        dual_seconds=t3 - t2,
    )


def deal_task(
    index: int,
    seed: int,
    policy: dict[str, Any],
    solver_nodes: int,
    options: dict[str, Any],
    dual_nodes: int = DEFAULT_DUAL_NODES,
    dual_draws: int = DEFAULT_DUAL_DRAWS,
) -> dict[str, Any]:
    """:func:`run_deal` as a batch task: plain data in and out."""
    return asdict(run_deal(index, seed, PolicySettings(**policy), solver_nodes, options, dual_nodes, dual_draws))


def estimate(
    deals: int,
    seed: int = 0,
    jobs: int = 1,
    policy: PolicySettings | None = None,
    solver_nodes: int = DEFAULT_SOLVER_NODES,
    options: dict[str, Any] | None = None,
    on_deal: Callable[[DealResult], None] | None = None,
    scheduler: str | None = None,
    out: str | None = None,
    resume: bool = False,
    dual_nodes: int = DEFAULT_DUAL_NODES,
    dual_draws: int = DEFAULT_DUAL_DRAWS,
) -> SoloEstimate:
    """Runs `deals` deals on the batch runner (:mod:`solver.batch`: `jobs` local worker processes or the dask
    cluster at `scheduler`) and returns the estimate; `on_deal` is called as deals finish (not for the deals
    read back from `out`). `out` keeps every deal's result as it arrives (JSON lines); with `resume` the deals it
    holds are not played again. `dual_nodes`: the node budget of each deal's penalised dual search, `dual_draws`
    the draws it penalises (1: the last; 2: the last two, a tighter bound, docs/haniwa.md). Ctrl-C ends the
    run with the estimate of the deals that finished (``interrupted`` True; KeyboardInterrupt when none did)."""
    policy = policy or PolicySettings()
    policy.check()
    if deals < 1:
        raise RuleOptionError(f"haniwa solo: deals must be >= 1, got {deals}")
    if jobs < 1:
        raise RuleOptionError(f"haniwa solo: jobs must be >= 1, got {jobs}")
    if solver_nodes < 0:
        raise RuleOptionError(f"haniwa solo: solver nodes must be >= 0, got {solver_nodes}")
    if dual_nodes < 0:
        raise RuleOptionError(f"haniwa solo: dual nodes must be >= 0, got {dual_nodes}")
    if dual_draws not in (1, 2):
        raise RuleOptionError(f"haniwa solo: dual draws must be 1 or 2, got {dual_draws}")
    opts = dict(options or {})
    solo_rules(opts)  # validates the options before any work
    start = time.perf_counter()
    args = (seed, asdict(policy), solver_nodes, opts, dual_nodes, dual_draws)
    tasks = [Task(f"deal/{i}", deal_task, (i, *args)) for i in range(deals)]
    header = {
        "job": "haniwa solo estimate",
        "seed": seed,
        "policy": policy.header(),
        "solver_nodes": solver_nodes,
        "dual_nodes": dual_nodes,
        **({"dual_draws": dual_draws} if dual_draws != 1 else {}),  # the files of earlier runs still resume
    }
    journal = Journal(out, {**header, "options": opts}, resume) if out is not None else None

    def arrived(_key: str, result: dict[str, Any]) -> None:
        if on_deal:
            on_deal(DealResult(**result))

    interrupted = False
    with Runner(jobs, scheduler) as runner:
        try:
            done = runner.run(tasks, journal, arrived)
        except BatchInterrupted as e:  # Ctrl-C: the estimate of the deals that finished (none: nothing to say)
            if not e.results:
                raise
            done, interrupted = e.results, True
    results = sorted((DealResult(**r) for r in done.values()), key=lambda r: r.index)
    wall = time.perf_counter() - start
    return SoloEstimate(
        results, seed, jobs, policy, solver_nodes, opts, wall, dual_nodes, dual_draws, interrupted, deals
    )


@dataclass(frozen=True)
class TurnChoice:
    """One way to play the rest of the turn and its expected final score over the sampled futures."""

    moves: list[str]
    mean: float
    stddev: float
    samples: int
    ci95: tuple[float, float] | None  # None: one future (its spread is unknown) or none (an exact last turn)
    heuristic: float
    ranks: dict[str, float]  # share of the futures ending in each rank (last turn: 1 for the exact rank)


def best_turn(
    state: Any,
    samples: int = DEFAULT_SAMPLES,
    candidates: int = DEFAULT_CANDIDATES,
    seed: int = 0,
    time_per_turn: float = 0.0,
    exact_last_turn: bool = False,
) -> list[TurnChoice]:
    """The valued plans of the current turn of a solo `state`, best first (the stock is used as a multiset)."""
    PolicySettings(samples, candidates, time_per_turn).check()
    if state.num_players != 1:
        raise RuleOptionError("haniwa solo: the position is not a solo game (players=1)")
    if state.is_terminal():
        raise RuleOptionError("haniwa solo: the game is over; there is no turn to play")
    policy = _core.haniwa.SoloPolicy(samples, candidates, time_per_turn, exact_last_turn)
    plans = policy.plan_turn(state, seed % (1 << 64))  # any Python int seeds the 64-bit generator
    out = []
    for p in plans:
        cur = state.clone()
        names = []
        for m in p.moves:
            names.append(cur.move_to_string(m))
            cur.apply(m)
        ci: tuple[float, float] | None = None
        if p.samples > 1:
            half = t95(p.samples - 1) * p.stddev / math.sqrt(p.samples)
            ci = (p.mean - half, p.mean + half)
        total = max(1, sum(p.ranks))
        ranks = {name: n / total for (name, _), n in zip(RANKS, p.ranks, strict=True)}
        out.append(TurnChoice(names, p.mean, p.stddev, p.samples, ci, p.heuristic, ranks))
    return out


__all__ = [
    "DEFAULT_CANDIDATES",
    "DEFAULT_DUAL_DRAWS",
    "DEFAULT_DUAL_NODES",
    "DEFAULT_ROLLOUT_FROM_TURN",
    "DEFAULT_ROLLOUT_SAMPLES",
    "DEFAULT_SAMPLES",
    "DEFAULT_SOLVER_NODES",
    "DealResult",
    "PolicySettings",
    "SoloEstimate",
    "TurnChoice",
    "best_turn",
    "deal_seed",
    "estimate",
    "run_deal",
    "solo_rules",
]
