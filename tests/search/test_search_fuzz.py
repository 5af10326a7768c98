"""Any budgets and options either raise ValueError up front or give a legal, bounded result."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from search_helpers import C4, limits

NOTATIONS = st.sampled_from(["", "4", "4455", "121212", "444444", "32164625", "1212123"])
BUDGETS = st.fixed_dictionaries(
    {
        "nodes": st.integers(0, 3000),
        "depth": st.integers(0, 5),
        "threads": st.integers(-1, 3),
        "seed": st.integers(0, 2**64 - 1),
    }
)


def _has_limit(b: dict, depth_counts: bool) -> bool:
    return b["nodes"] > 0 or (depth_counts and b["depth"] > 0)


@settings(max_examples=40, deadline=None)
@given(NOTATIONS, BUDGETS, st.integers(-1, 3))
def test_alphabeta_budgets(notation: str, b: dict, hash_mb: int) -> None:
    state = C4.parse(notation)
    valid = _has_limit(b, True) and b["threads"] >= 1 and hash_mb >= 0  # 0: no table
    try:
        r = state.alphabeta(limits(**b), hash_mb=hash_mb)
    except ValueError:
        assert not valid
        return
    assert valid
    assert r.best_move in state.legal_moves() and r.pv[0] == r.best_move
    if b["depth"]:
        assert r.depth <= b["depth"]
    if b["nodes"] and b["threads"] == 1:
        assert r.nodes <= b["nodes"]


@settings(max_examples=40, deadline=None)
@given(NOTATIONS, BUDGETS, st.sampled_from(["random", "policy", "", "Random"]), st.booleans(), st.booleans())
def test_mcts_budgets(notation: str, b: dict, rollout: str, solver: bool, transpositions: bool) -> None:
    state = C4.parse(notation)
    valid = _has_limit(b, False) and b["threads"] >= 1 and rollout in ("random", "policy")
    try:
        r = state.mcts(limits(**b), rollout=rollout, solver=solver, transpositions=transpositions, memory_mb=2)
    except ValueError:
        assert not valid
        return
    assert valid
    assert r.best_move in state.legal_moves() and r.pv[0] == r.best_move
    assert r.nodes <= b["nodes"] and sum(m.visits for m in r.moves) == r.nodes
