"""The world sampler: every world is a valid arrangement, marginals are uniform, seeds reproduce."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver._core import WorldError
from solver.determinize import SlotGroup, UniformBelief
from solver.determinize._sampler import sample_orderings


def chi2_critical_999(df: int) -> float:
    """99.9% quantile of the chi-square distribution (Wilson-Hilferty; 52.7 for 25 degrees of freedom)."""
    z = 3.0902  # standard normal 99.9% quantile
    a = 2 / (9 * df)
    return float(df * (1 - a + z * a**0.5) ** 3)


def test_each_world_is_a_permutation_of_the_unseen_items() -> None:
    unseen = [0, 0, 1, 2, 3, 3, 3, 7]
    belief = UniformBelief(unseen, [SlotGroup("hand", 3), SlotGroup("stock", 5)])
    worlds = belief.sample(500, seed=11)
    assert worlds.shape == (500, 8)
    assert worlds.dtype == np.int32
    for w in worlds:
        assert sorted(w.tolist()) == sorted(unseen)
        belief.check_world(w)


def test_same_seed_same_worlds_and_different_seed_differs() -> None:
    belief = UniformBelief(range(20), [SlotGroup("a", 8), SlotGroup("b", 12)])
    a = belief.sample(50, seed=5)
    assert np.array_equal(a, belief.sample(50, seed=5))
    assert not np.array_equal(a, belief.sample(50, seed=6))


def test_marginals_are_uniform_chi_square() -> None:
    # 6 distinct items over 6 slots: each (slot, item) cell has probability 1/6. Pearson chi-square over the
    # 36 cells (25 degrees of freedom for a doubly-stochastic table) must stay below the 99.9% critical value.
    n = 30000
    worlds = sample_orderings(np.arange(6), n, 2024)
    table = np.zeros((6, 6))
    for slot in range(6):
        table[slot] = np.bincount(worlds[:, slot], minlength=6)
    expected = n / 6
    chi2 = float(((table - expected) ** 2 / expected).sum())
    assert chi2 < chi2_critical_999(25)
    # and the exact marginals of the belief agree with the sampled group counts
    belief = UniformBelief([0, 0, 1, 2], [SlotGroup("hand", 1), SlotGroup("stock", 3)])
    assert belief.marginals() == {"hand": {0: 0.5, 1: 0.25, 2: 0.25}, "stock": {0: 1.5, 1: 0.75, 2: 0.75}}
    sampled = Counter(belief.sample(40000, seed=3)[:, 0].tolist())
    assert abs(sampled[0] / 40000 - 0.5) < 0.01
    assert abs(sampled[1] / 40000 - 0.25) < 0.01


def test_forbidden_items_never_appear_in_their_group() -> None:
    belief = UniformBelief(range(10), [SlotGroup("opp", 4), SlotGroup("stock", 6)], forbidden={"opp": [0, 1, 2]})
    worlds = belief.sample(2000, seed=9)
    opp = worlds[:, :4]
    assert not np.isin(opp, [0, 1, 2]).any()
    # the allowed items are still all used: each of 3..9 appears in the opponent's hand with probability 4/7
    freq = np.array([(opp == item).any(axis=1).mean() for item in range(3, 10)])
    assert np.all(np.abs(freq - 4 / 7) < 0.05)


def test_inconsistent_beliefs_raise_world_error() -> None:
    with pytest.raises(WorldError, match="hold 5 items"):
        UniformBelief([1, 2, 3], [SlotGroup("hand", 2), SlotGroup("stock", 3)])
    with pytest.raises(WorldError, match="needs 3 items but only 2"):
        UniformBelief([1, 2, 3, 4], [SlotGroup("hand", 3), SlotGroup("x", 1)], forbidden={"hand": [1, 2]})
    with pytest.raises(WorldError, match="unknown slot group"):
        UniformBelief([1], [SlotGroup("hand", 1)], forbidden={"stok": [1]})
    belief = UniformBelief([1, 2], [SlotGroup("hand", 1), SlotGroup("stock", 1)], forbidden={"hand": [2]})
    with pytest.raises(WorldError, match="forbidden"):
        belief.check_world([2, 1])
    with pytest.raises(WorldError, match="not exactly the unseen"):
        belief.check_world([1, 1])


def test_sampler_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError, match=">= 0"):
        sample_orderings([1, 2], -1, 0)
    with pytest.raises(ValueError, match="non-negative"):
        sample_orderings([1, -2], 3, 0)
    with pytest.raises(ValueError, match="shape"):
        sample_orderings([0, 1], 3, 0, np.ones((3, 2)))
    with pytest.raises(ValueError, match="no allowed ordering"):
        sample_orderings([0, 1], 3, 0, np.zeros((2, 2)), max_tries=5)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 40), min_size=0, max_size=30),
    st.integers(0, 2**63),
    st.integers(0, 20),
)
def test_sampler_conserves_items_for_any_multiset(items: list[int], seed: int, n: int) -> None:
    worlds = sample_orderings(items, n, seed)
    assert worlds.shape == (n, len(items))
    for w in worlds:
        assert sorted(w.tolist()) == sorted(items)
