"""The game-independent part of inferred beliefs: weights, effective sample size, resampling, errors."""

from __future__ import annotations

import math

import numpy as np
import pytest

from solver._core import WorldError
from solver.determinize.inference import (
    effective_sample_size,
    infer,
    normalised_weights,
    resample,
)


def test_weights_are_the_likelihoods_normalised() -> None:
    w = normalised_weights([math.log(1.0), math.log(3.0)])
    assert w.tolist() == pytest.approx([0.25, 0.75], rel=1e-15)
    # a shift of every log-weight changes nothing, a huge one neither (the largest is subtracted first)
    assert normalised_weights([1000.0, 1000.0 + math.log(3.0)]).tolist() == pytest.approx([0.25, 0.75], rel=1e-12)
    assert normalised_weights([0.0, -math.inf]).tolist() == [1.0, 0.0]


def test_effective_sample_size() -> None:
    assert effective_sample_size([0.25, 0.75]) == pytest.approx(1.6, rel=1e-15)  # 1 / (1/16 + 9/16)
    assert effective_sample_size([2.0, 2.0, 2.0, 2.0]) == 4.0
    assert effective_sample_size([0.0, 1.0, 0.0]) == 1.0


def test_systematic_resampling_follows_the_weights_exactly() -> None:
    worlds = np.array([[0, 1], [1, 0]], dtype=np.int32)
    for seed in (0, 1, 2, 12345):
        out = resample(worlds, np.array([0.25, 0.75]), 4, seed)
        assert out.tolist() == [[0, 1], [1, 0], [1, 0], [1, 0]]
    assert resample(worlds, np.array([1.0, 0.0]), 3, 7).tolist() == [[0, 1]] * 3


def test_resampling_is_reproducible_by_seed() -> None:
    worlds = np.arange(20, dtype=np.int32).reshape(10, 2)
    w = np.array([0.05, 0.15, 0.05, 0.2, 0.05, 0.1, 0.1, 0.1, 0.1, 0.1])
    a, b = resample(worlds, w, 7, 99), resample(worlds, w, 7, 99)
    assert a.tolist() == b.tolist()
    # one row from two equal weights: the first world exactly when the seeded start falls below 1/2
    start = np.random.Generator(np.random.PCG64(5)).random()
    assert resample(worlds[:2], np.array([0.5, 0.5]), 1, 5).tolist() == [worlds[0 if start < 0.5 else 1].tolist()]


def test_clear_errors() -> None:
    with pytest.raises(WorldError, match="non-empty 1-D"):
        normalised_weights([])
    with pytest.raises(WorldError, match="NaN"):
        normalised_weights([0.0, math.nan])
    with pytest.raises(WorldError, match="likelihood 0"):
        normalised_weights([-math.inf, -math.inf])
    with pytest.raises(WorldError, match="one weight per world"):
        resample(np.zeros((3, 2), dtype=np.int32), np.array([0.5, 0.5]), 2, 0)
    with pytest.raises(WorldError, match="n must be >= 1"):
        resample(np.zeros((2, 2), dtype=np.int32), np.array([0.5, 0.5]), 0, 0)
    with pytest.raises(WorldError, match="sum to 1"):
        resample(np.zeros((2, 2), dtype=np.int32), np.array([0.5, 0.6]), 2, 0)
    with pytest.raises(WorldError, match="ess"):
        effective_sample_size([0.0, 0.0])


def test_a_game_without_a_decision_model_is_refused_by_name() -> None:
    """Every hidden-information game has a model; a game object without the hook (a new game's, say) is refused."""
    from types import SimpleNamespace

    view = SimpleNamespace(game=SimpleNamespace(name="newgame"))
    with pytest.raises(WorldError, match="newgame has no model of its players' decisions"):
        infer(view, [], seed=1)
