"""Beliefs from what the other players did: worlds weighted by the likelihood of their observed decisions.

A uniform belief treats every world consistent with the observer's view as equally likely. But the other players
chose their moves knowing their own hidden cards, so a world in which their decisions look natural is more likely
than one in which they look absurd (policy-based inference, as in Rebstock, Solinas, Buro and Sturtevant, "Policy
Based Inference in Trick-Taking Card Games", CoG 2019). Here:

1. ``candidates`` (M) worlds are drawn uniformly from the view's belief (:class:`~.belief.UniformBelief`);
2. the game scores each world by the log-likelihood of every decision the observer saw the others make, under a
   cheap model of their play evaluated in that world (the game's hook ``decision_log_likelihoods(view, seen,
   worlds)``, an ``(M,)`` array); the importance weight of a world is the product of those likelihoods;
3. the M weighted worlds are resampled (systematic resampling) to the N explicit worlds a search takes (ISMCTS and
   PIMC accept explicit worlds instead of sampling uniformly, see ``csrc/search/worlds.hpp``).

The effective sample size ``(sum w)^2 / sum w^2`` of the M weights says how many independent worlds the weighted
set is worth (M when every weight is equal, 1 when one world holds all the weight).

Nothing here looks at the hidden part of the true state: the candidate worlds come from the view's belief, and
the seen decisions are the observer's own information states before each move plus the move as it was shown
(:class:`Seen`). Every step is seeded (:func:`~solver.batch.seeds.derive_seed`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from .._core import WorldError
from ..batch.seeds import derive_seed

T = TypeVar("T")
BELIEFS = ("uniform", "inferred")
#: Uniform candidate worlds drawn per decision (M), and the explicit worlds given to the search (N).
CANDIDATES = 2048
WORLDS = 1024


@dataclass(frozen=True)
class Seen:
    """One decision the observer saw: their information state just before it (the mover is the player to move
    there) and the move as the observer saw it, in the game's notation."""

    before: str
    move: str


@dataclass(frozen=True)
class Inference:
    """The weighted belief of one decision: the resampled `worlds` (N x slots) a search takes, the effective sample
    size `ess` of the `candidates` weighted worlds, and how many of the others' decisions were weighed."""

    worlds: npt.NDArray[np.int32]
    candidates: int
    ess: float
    decisions: int

    def describe(self) -> str:
        """One line for verbose output, e.g. 'belief: inferred from 5 decisions, ESS 312.4 of 2048 worlds'."""
        return (
            f"belief: inferred from {self.decisions} decision{'s' if self.decisions != 1 else ''}, "
            f"ESS {self.ess:.1f} of {self.candidates} worlds"
        )


def normalised_weights(log_weights: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """Weights summing to 1 from log-weights (computed stably: the largest log-weight is subtracted first).
    WorldError when there are none, one is NaN or +inf, or every world has probability 0."""
    logw = np.asarray(log_weights, dtype=np.float64)
    if logw.ndim != 1 or logw.size == 0:
        raise WorldError(f"weights: expected a non-empty 1-D array of log-weights, got shape {logw.shape}")
    if np.isnan(logw).any() or np.isposinf(logw).any():
        raise WorldError("weights: a log-weight is NaN or +inf")
    top = float(logw.max())
    if top == -math.inf:
        raise WorldError("weights: every world has likelihood 0 (the seen decisions are impossible in all of them)")
    w = np.exp(logw - top)
    return np.asarray(w / w.sum(), dtype=np.float64)


def effective_sample_size(weights: npt.ArrayLike) -> float:
    """Kish's effective sample size ``(sum w)^2 / sum w^2`` (any positive scale of the weights)."""
    w = np.asarray(weights, dtype=np.float64)
    if w.ndim != 1 or w.size == 0 or (w < 0).any() or not w.sum() > 0:
        raise WorldError("ess: expected non-negative weights with a positive sum")
    return float(w.sum() ** 2 / np.square(w).sum())


def resample(worlds: npt.NDArray[np.int32], weights: npt.ArrayLike, n: int, seed: int) -> npt.NDArray[np.int32]:
    """`n` rows of `worlds` drawn by systematic resampling with the normalised `weights`: row i is taken
    ``floor(n w_i)`` or ``ceil(n w_i)`` times, so the copies follow the weights as closely as n rows allow. The
    same seed gives the same rows."""
    w = np.asarray(weights, dtype=np.float64)
    if worlds.ndim != 2 or w.shape != (worlds.shape[0],):
        raise WorldError(f"resample: one weight per world needed, got {w.shape} for {worlds.shape[0]} worlds")
    if n < 1:
        raise WorldError(f"resample: n must be >= 1, got {n}")
    if (w < 0).any() or not math.isclose(float(w.sum()), 1.0, rel_tol=1e-9):
        raise WorldError("resample: weights must be non-negative and sum to 1")
    start = np.random.Generator(np.random.PCG64(seed)).random()
    positions = (start + np.arange(n)) / n
    cumulative = np.cumsum(w)
    cumulative[-1] = 1.0
    index = np.searchsorted(cumulative, positions, side="right")
    return np.ascontiguousarray(worlds[np.minimum(index, len(w) - 1)], dtype=np.int32)


#: The widest spread of log-terms summed in the linear domain (exp(-700) is still a normal double).
SPREAD = 700.0


def log_sum_over_hand(
    hand: npt.NDArray[np.float64], logs: npt.NDArray[np.float64], later: Sequence[int]
) -> npt.NDArray[np.float64]:
    """For each world, log of the sum of exp(`logs`) over the cards of a hand: the cards of that world's row of
    `hand` (a 0/1 matrix, one column per card) plus the cards `later` (those the player has played since, the same
    in every world). The partition function of a softmax over a hand's cards, as the decision models of the card
    games use it: one matrix product when the terms' spread allows it, else a masked log-sum-exp."""
    finite = logs[np.isfinite(logs)]
    top = float(finite.max())
    if top - float(finite.min()) < SPREAD:
        terms = np.exp(logs - top)  # 0 for the cards the player cannot hold
        return np.asarray(top + np.log(hand @ terms + terms[list(later)].sum()), dtype=np.float64)
    mask = hand.astype(bool)
    mask[:, list(later)] = True
    x = np.where(mask, logs[None, :], -np.inf)
    row = x.max(axis=1)
    return np.asarray(row + np.log(np.exp(x - row[:, None]).sum(axis=1)), dtype=np.float64)


def log_softmax_at(logits: npt.ArrayLike, chosen: int) -> float:
    """log of the softmax of `logits` at index `chosen`: the log-probability of one choice of a decision model (the
    form every game's ``decision_log_likelihood`` takes for a single decision with the mover's true hand)."""
    x = np.asarray(logits, dtype=np.float64)
    return float(x[chosen] - np.logaddexp.reduce(x))


def cached_reading(read: Callable[[str, Sequence[Seen]], list[T]]) -> Callable[[str, Sequence[Seen]], list[T]]:
    """`read(view_text, seen)` (a game's reading of the seen decisions) with its last two results kept: the weights
    and their count ask for the same reading, one after the other."""
    cached = functools.lru_cache(maxsize=2)(lambda view_text, seen: tuple(read(view_text, seen)))

    @functools.wraps(read)
    def reading(view_text: str, seen: Sequence[Seen]) -> list[T]:
        return list(cached(view_text, tuple(seen)))

    return reading


def decisions_weighed(game: Any, view: Any, seen: Sequence[Seen]) -> int:
    """How many of `seen` are decisions of another player than the observer (those the weights use)."""
    count = getattr(game, "weighed_decisions", None)
    return int(count(view, seen)) if count is not None else len(seen)


def infer(
    view: Any, seen: Sequence[Seen], seed: int, candidates: int = CANDIDATES, worlds: int = WORLDS, weigh: bool = True
) -> Inference:
    """The weighted belief of `view` (an :class:`~.infostate.InformationState`) after the decisions `seen`:
    `candidates` uniform worlds weighted by the game's ``decision_log_likelihoods``, resampled to `worlds` rows.
    ``weigh=False`` is the control of the inference: the same candidates resampled the same way with equal weights
    (the model is not evaluated), so that a comparison with it measures the weights alone. WorldError names what
    is wrong (a game without a model of its players, seen decisions that do not lead to this view)."""
    game = view.game
    model = getattr(game, "decision_log_likelihoods", None)
    if model is None:
        raise WorldError(f"belief 'inferred': {game.name} has no model of its players' decisions (use 'uniform')")
    if candidates < 1 or worlds < 1:
        raise WorldError(f"belief 'inferred': candidates and worlds must be >= 1, got {candidates} and {worlds}")
    pool = view.belief.sample(candidates, derive_seed(seed, "candidates"))
    loglik = np.asarray(model(view, seen, pool) if weigh else np.zeros(candidates), dtype=np.float64)
    if loglik.shape != (candidates,):
        raise WorldError(f"{game.name}: the decision model gave shape {loglik.shape} for {candidates} worlds")
    w = normalised_weights(loglik)
    chosen = resample(pool, w, worlds, derive_seed(seed, "resample"))
    return Inference(chosen, candidates, effective_sample_size(w), decisions_weighed(game, view, seen))
