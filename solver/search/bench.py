"""Deterministic search benchmark: a node-count signature that changes only when search behaviour changes.

Every row of :data:`SUITE` is one search with fixed limits (node or depth budgets, one thread, fixed seed)
on a fixed position, so the node counts are reproducible on every machine. ``kofun bench`` prints the total
(the "signature") next to the per-row counts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import _core


@dataclass(frozen=True)
class BenchCase:
    """One benchmark search: which game, which position, which algorithm, which budgets."""

    game: str  # submodule of solver._core, e.g. "connect4"
    position: str  # the game's position notation
    algorithm: str  # "alphabeta" or "mcts"
    nodes: int = 0
    depth: int = 0
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)  # extra keyword arguments of the search method
    name: str = ""  # short name of the position in the row label (default: the notation itself)

    @property
    def label(self) -> str:
        """Short row name: game, algorithm and position."""
        return f"{self.game}/{self.algorithm}/{self.name or self.position or '-'}"


_ARASHI = "arashi pits=- S=a1,b1,c1,d1,e1,f1,g1 N=a7,b7,c7,d7,e7,f7,g7 chars=d1,d7 turn=S actions=- turns=0"
_SHIZUKANA = "shizukana pits=- S=b1,c1,d1,e1,f1,a7,g7 N=b7,c7,d7,e7,f7,a1,g1 chars=d1,d7 turn=S actions=- turns=0"

# Connect Four MCTS rows use positions that MCTS-Solver proves inside the budget, so that their iteration counts
# (not only the budgets) depend on the search's behaviour.
SUITE: tuple[BenchCase, ...] = (
    BenchCase("connect4", "", "alphabeta", depth=12, options={"hash_mb": 16}),
    BenchCase("connect4", "4453", "alphabeta", depth=14, options={"hash_mb": 16}),
    BenchCase("connect4", "444444", "alphabeta", nodes=300_000, options={"hash_mb": 16}),
    BenchCase("connect4", "32164625", "alphabeta", nodes=300_000, options={"hash_mb": 16}),
    BenchCase("connect4", "", "mcts", nodes=50_000, seed=1, options={"memory_mb": 64}),
    BenchCase("connect4", "4455", "mcts", nodes=20_000, seed=2, options={"memory_mb": 64}),
    BenchCase("connect4", "5624531471331144743734623", "mcts", nodes=20_000, seed=3, options={"memory_mb": 64}),
    BenchCase(
        "connect4",
        "2544447244255221571",
        "mcts",
        nodes=100_000,
        seed=4,
        options={"memory_mb": 64, "transpositions": True},
    ),
    BenchCase("sensei", _ARASHI, "alphabeta", depth=6, name="arashi-start", options={"hash_mb": 16}),
    BenchCase("sensei", _SHIZUKANA, "alphabeta", depth=9, name="shizukana-start", options={"hash_mb": 16}),
    BenchCase("sensei", _ARASHI, "mcts", nodes=3_000, seed=4, name="arashi-start", options={"memory_mb": 64}),
    BenchCase(
        "sensei",
        _SHIZUKANA,
        "mcts",
        nodes=3_000,
        seed=5,
        name="shizukana-start",
        options={"memory_mb": 64, "rollout": "policy"},
    ),
)


def run_case(case: BenchCase) -> Any:
    """Runs one benchmark search and returns its SearchResult."""
    state_cls = getattr(_core, case.game).State
    state = state_cls.parse(case.position)
    limits = _core.SearchLimits()
    limits.nodes = case.nodes
    limits.depth = case.depth
    limits.threads = 1
    limits.seed = case.seed
    return getattr(state, case.algorithm)(limits, **case.options)


@dataclass(frozen=True)
class BenchRow:
    """One benchmark search as run: nodes searched, seconds, and its contribution to the signature."""

    label: str
    nodes: int
    seconds: float
    count: int


def run_signature(suite: tuple[BenchCase, ...] = SUITE) -> tuple[int, list[BenchRow]]:
    """The signature (sum of the rows' counts) over the suite, and every row.

    A row's count is the number of nodes searched, except for a search stopped by its node budget, whose node
    count is the budget itself: there it is the visits (MCTS) or nodes (alpha-beta) spent on the chosen move,
    which change whenever the search behaves differently.
    """
    rows = []
    for case in suite:
        result = run_case(case)
        rows.append(BenchRow(case.label, int(result.nodes), float(result.time_s), _signature_count(case, result)))
    return sum(r.count for r in rows), rows


def _signature_count(case: BenchCase, result: Any) -> int:
    if case.nodes == 0:
        return int(result.nodes)
    best = [m for m in result.moves if m.move == result.best_move]
    return int(best[0].visits) if best else int(result.nodes)
