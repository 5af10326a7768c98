"""Honshu's model of a player's decisions, for beliefs inferred from the others' play
(:mod:`solver.determinize.inference`).

The one decision that reads a hidden hand is the trick: which hand card a player lays face up. (Whether it puts a
cube on it reads its public domain; which card of the trick it takes and where it places it read the public maps.)
The model is a mixture of player types, each a softmax over the card numbers of the hand:

    P(play c | hand, type k) = exp(slope_k * c) / sum over h in hand of exp(slope_k * c_h)

a positive slope says "lays its high cards" (the greedy player lays its highest card every time: a large slope),
zero says the card tells nothing. A seat keeps its type for the whole game, drawn from the prior: the likelihood of a
seat's decisions in a world is sum_k prior_k * prod_d P(d | hand_d, k), so the decisions seen so far also tell which
type the seat is (against the greedy player the weights turn sharp, against a player whose cards tell nothing they
stay flat). The slopes and the prior are fitted by maximum likelihood (EM over the player-games) on recorded games
(``scripts/softmax_policy_fit.py honshu``, kept in :mod:`.policy_data`).

A seat's hand at an earlier decision is, in a candidate world, its hidden hand in the world plus every card it has
laid since (all seen face up) — as long as the hand is the same one: a new hand is dealt at round 7 and, with
``hand_passing = official``, hands change owner after rounds 3 and 9. Without passing, a decision of rounds 1-6 seen
from rounds 7-12 had a hand now entirely seen (the cards laid from it): the same in every world, it still tells the
seat's type. With passing, only the decisions since the last pass are weighed (an earlier hand was passed on).
A seat whose hand the observer knows (a hand it passed on) is not weighed: nothing of it is hidden.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._core import WorldError
from ..._core import honshu as hs
from ...determinize.inference import Seen, log_softmax_at, log_sum_over_hand
from ..base import notation_fields
from . import policy_data

#: Card ids of the worlds are the card numbers minus 1 (numbers 1-60).
CARDS = 60
NUMBERS = np.arange(1, CARDS + 1, dtype=np.float64)


@dataclass(frozen=True)
class PolicyParams:
    """The decision model's parameters: the slope of each player type (the weight of a card's number in its
    softmax, any sign) and the prior probability of each type (positive, summing to 1)."""

    slopes: tuple[float, ...] = (0.0,)
    prior: tuple[float, ...] = (1.0,)

    def __post_init__(self) -> None:
        if not self.slopes or len(self.slopes) != len(self.prior):
            raise WorldError(f"policy: one prior per slope needed, got {len(self.slopes)} and {len(self.prior)}")
        if not all(np.isfinite(self.slopes)):
            raise WorldError(f"policy: the slopes must be finite, got {self.slopes}")
        if not all(q > 0 for q in self.prior) or abs(sum(self.prior) - 1.0) > 1e-6:
            raise WorldError(f"policy: the prior must be positive and sum to 1, got {self.prior}")


def fitted() -> PolicyParams:
    """The parameters fitted on recorded games (:mod:`.policy_data`)."""
    p = policy_data.FIT["params"]
    return PolicyParams(tuple(map(float, p["slopes"])), tuple(map(float, p["prior"])))


def hand_period(round_number: int, passing: str) -> int:
    """Which hand a seat holds in round `round_number` (1-12): a new hand after the deal of round 7 and, with
    ``hand_passing = official``, after the passes before rounds 4 and 10."""
    starts = (4, 7, 10) if passing == "official" else (7,)
    return sum(round_number >= s for s in starts)


def played_card(text: str, where: str = "") -> int:
    """The card number of a trick move (``play 17`` or ``play 17+blue``); WorldError names a move it cannot read
    (after `where`, when given)."""
    words = text.split()
    if len(words) == 2 and words[0] == "play":
        number = words[1].split("+", 1)[0]
        if number.isdigit() and 1 <= int(number) <= CARDS:
            return int(number)
    raise WorldError(f"{where + ': ' if where else ''}cannot read the trick move {text!r}")


@dataclass(frozen=True)
class Decision:
    """One seen trick decision of another seat: the seat, the card number it laid, its hand size then, and which
    hand it held (:func:`hand_period`)."""

    seat: int
    card: int
    hand_size: int
    period: int


def _proxy(text: str) -> tuple[Any, list[int], int]:
    """A full state consistent with the information state `text` (any world: only public fields are read), the
    hidden card ids and the observer."""
    hidden, _groups, observer = hs.hidden(text)
    return hs.State.from_world(text, np.asarray(hidden, dtype=np.int32)), list(hidden), int(observer)


def trick_decisions(observer: int, seen: Sequence[Seen], period: int | None = None) -> list[Decision]:
    """The other seats' trick decisions among `seen` (in order), checked against the observer; with `period`, only
    those of that hand period and (without passing) of the earlier ones. Each seen move is read once
    (:func:`_decision`, kept): an agent weighs the same moves again at every decision of a game."""
    out = []
    for k, s in enumerate(seen):
        try:
            d = _decision(observer, s.before, s.move)
        except WorldError as e:
            raise WorldError(f"seen move {k + 1}: {e}") from None
        then = d.decision.period if d is not None else 0
        if d is None or (period is not None and (then > period or (then < period and d.passing))):
            continue
        out.append(d.decision)
    return out


@dataclass(frozen=True)
class _Read:
    """A seen trick decision and whether its game passes hands."""

    decision: Decision
    passing: bool


@functools.lru_cache(maxsize=4096)
def _decision(observer: int, before: str, move: str) -> _Read | None:
    """One seen move read: the trick decision of another seat whose hand the observer did not know, else None. The
    fields of the information state are read first, so that only those decisions are parsed in full."""
    f = notation_fields(before)
    if f.get("view") != str(observer):
        _, _, view = _proxy(before)  # names a malformed information state, else the wrong observer
        raise WorldError(f"the information state of player {view}, not of the observer {observer}")
    mover, hand = f.get("move", ""), f.get(f"hand{f.get('move', '')}", "")
    if f.get("phase") != "play" or mover == f["view"] or not hand.startswith("?"):
        return None  # other phases read public fields only; the observer's own moves; hands the observer knew
    proxy, hidden, _ = _proxy(before)
    seat = int(proxy.to_move())
    card = played_card(move)
    if card - 1 not in hidden:
        raise WorldError(f"player {seat} laid card {card}, a card the observer had seen")
    period = hand_period(int(proxy.round), str(proxy.hand_passing))
    return _Read(Decision(seat, card, len(proxy.hand(seat)), period), str(proxy.hand_passing) == "official")


def weighed_decisions(view_text: str, seen: Sequence[Seen]) -> int:
    """How many of `seen` the weights use: the trick decisions of the seats whose hand `view_text` hides (with
    passing, since their hand last changed)."""
    proxy, _, observer = _proxy(view_text)
    period = hand_period(int(proxy.round), str(proxy.hand_passing))
    hidden = {p for p in range(int(proxy.num_players)) if p != observer and not proxy.knows_hand(observer, p)}
    return sum(d.seat in hidden for d in trick_decisions(observer, seen, period))


def log_likelihoods(
    view_text: str, seen: Sequence[Seen], worlds: npt.NDArray[np.int32], params: PolicyParams | None = None
) -> npt.NDArray[np.float64]:
    """The log-likelihood of the other seats' seen trick decisions in each world (rows: the layout of
    ``State.from_world``, the hidden hands first in seat order), under `params` (default: the fitted one).
    WorldError when the seen moves do not lead to `view_text` (a laid card still hidden, hand sizes that do not add
    up)."""
    p = params or fitted()
    hidden, groups, observer = hs.hidden(view_text)
    proxy = hs.State.from_world(view_text, np.asarray(hidden, dtype=np.int32))
    worlds = np.asarray(worlds, dtype=np.int32)
    if worlds.ndim != 2 or worlds.shape[1] != len(hidden):
        raise WorldError(f"worlds: expected rows of {len(hidden)} cards, got shape {worlds.shape}")
    period = hand_period(int(proxy.round), str(proxy.hand_passing))
    decisions = trick_decisions(int(observer), seen, period)
    still_hidden = sorted({d.card for d in decisions} & {c + 1 for c in hidden})
    if still_hidden:
        raise WorldError(f"seen moves: card {still_hidden[0]} was laid face up but the view still has it hidden")
    logs = np.asarray(p.slopes)[:, None] * NUMBERS[None, :]  # one row per type
    log_prior = np.log(np.asarray(p.prior))
    total = np.zeros(worlds.shape[0], dtype=np.float64)
    others = [q for q in range(int(proxy.num_players)) if q != observer]
    offset = 0
    for q, size in zip(others, groups, strict=False):
        mine = [d for d in decisions if d.seat == q]
        if mine:
            total += _seat_log_likelihood(q, mine, worlds[:, offset : offset + size], period, logs, log_prior)
        offset += size
    return total


def _seat_log_likelihood(
    q: int,
    mine: list[Decision],
    held: npt.NDArray[np.int32],
    period: int,
    logs: npt.NDArray[np.float64],
    log_prior: npt.NDArray[np.float64],
) -> npt.NDArray[np.float64]:
    """log sum_k prior_k prod_d P(d | hand_d, type k) of seat `q`'s decisions `mine` in each world (`held`: its
    hidden hand in each world; the decisions of earlier periods had hands now seen entirely)."""
    hand = np.zeros((held.shape[0], CARDS), dtype=np.float64)
    hand[np.arange(held.shape[0])[:, None], held] = 1.0
    per_type = np.zeros((len(log_prior), held.shape[0]), dtype=np.float64)
    for then in sorted({d.period for d in mine}):
        batch = [d for d in mine if d.period == then]
        size = held.shape[1] if then == period else 0
        later = [d.card - 1 for d in batch]  # the cards q lays from this hand from the current decision on
        for d in batch:
            if len(later) + size != d.hand_size:
                raise WorldError(
                    f"seen moves: player {q} held {d.hand_size} cards when it laid card {d.card}, but "
                    f"{size if then == period else 'none'} of that hand {'now' if then == period else 'are left'} "
                    f"and {len(later)} laid since: the seen moves do not lead to this view"
                )
            for k in range(len(log_prior)):
                if then == period:
                    per_type[k] += logs[k, d.card - 1] - log_sum_over_hand(hand, logs[k], later)
                else:  # a hand seen entirely: the same term in every world
                    per_type[k] += logs[k, d.card - 1] - np.logaddexp.reduce(logs[k, later])
            later.pop(0)
    return np.asarray(np.logaddexp.reduce(log_prior[:, None] + per_type, axis=0), dtype=np.float64)


def decision_features(state: Any, move: str) -> tuple[list[int], int] | None:
    """What the model reads of one decision in a full `state` (the mover's true hand): the card numbers of the hand
    and the index of the one laid; None for a decision that is not a trick card."""
    if state.phase != "play":
        return None
    hand = sorted(int(c) for c in state.hand(int(state.to_move())))
    card = played_card(move, "decision")
    if card not in hand:
        raise WorldError(f"decision: card {card} is not in the mover's hand {hand}")
    return hand, hand.index(card)


def decision_log_likelihood(features: tuple[list[int], int], slope: float) -> float:
    """The log-probability of one decision's card for a player type of `slope` (features from
    :func:`decision_features`)."""
    hand, chosen = features
    return log_softmax_at(slope * np.asarray(hand, dtype=np.float64), chosen)
