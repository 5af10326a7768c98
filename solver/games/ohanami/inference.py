"""Ohanami's model of a player's decisions, for beliefs inferred from the others' play
(:mod:`solver.determinize.inference`).

The decision that reads a hidden hand is the pick: which two cards of its hand a player keeps. (Where it places
them reads its public garden.) The model is the greedy player's card values through a softmax over the pairs of the
hand, a pair worth the sum of its two cards:

    P(pick {a, b} | hand H) = x_a x_b / sum over the pairs {i, j} of H of x_i x_j,   x_c = exp(v(c) / T)

with v(c) the greedy valuation of card c for the picker at the time of its pick (``State.greedy_values``: the
card's colour value less its flexibility cost at its best place in the picker's garden, in tenths of a point; it
reads only the public garden and the round). The sum over the pairs is the elementary symmetric polynomial
e2(x) = sum_j x_j (x_1 + ... + x_{j-1}), computed without cancellation. T is fitted by maximum likelihood on
recorded games (``scripts/softmax_policy_fit.py ohanami``, kept in :mod:`.policy_data`).

**Which hand a seat picked from.** A hand goes round the table: the hand seat q picked from at turn t of a round is
its revealed pick plus the hand it passed on, which is the pick seat q + d revealed at turn t + 1 plus the hand that
one passed on, and so on (d the passing direction), up to the pre-pick hand of the current turn of seat
s = q + (T - t) d, T the turn whose picks come next:

    H(q, t) = pick(q, t) + pick(q + d, t + 1) + ... + pick(s - d, T - 1) + H(s, T)

so every revealed pick of the round is scored in every world, exactly: the picks on the chain are seen by everyone,
H(s, T) is the world's hidden hand of seat s (read from a world by :func:`world_hands`). When the observer knows
H(s, T) (its own hand, or a hand that passed through its hands) the pick is the same in every world and is not
weighed; that is every pick with 2 players after the first pass of a round. The current turn's secret picks are
weighed too: a seat that picked before the observer in this turn (``pick<q>=?``) picked the first two cards of the
hand the world gives it, from that whole hand (``docs/ohanami.md``, "Worlds"; :func:`world_hands`). Hands are dealt
anew each round: only the current round's picks are weighed. A pick whose reveal the observer did not see (the moves
given do not cover it) is left out.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._core import WorldError
from ..._core import ohanami as oh
from ...determinize.inference import Seen, cached_reading, log_softmax_at
from ..base import notation_fields, seen_fields
from . import policy_data

#: The smallest temperature (tenths of a point): the card values span at most 170 tenths, so every x stays a
#: normal double (exp(-340)) and no pair of a hand gets probability 0 by underflow.
MIN_TEMPERATURE = 0.5


@dataclass(frozen=True)
class PolicyParams:
    """The decision model's parameter: the softmax temperature, in tenths of a point of greedy value (>= 0.5)."""

    temperature: float = 10.0

    def __post_init__(self) -> None:
        if not (np.isfinite(self.temperature) and self.temperature >= MIN_TEMPERATURE):
            raise WorldError(f"policy: the temperature must be >= {MIN_TEMPERATURE}, got {self.temperature}")


def fitted() -> PolicyParams:
    """The parameter fitted on recorded games (:mod:`.policy_data`)."""
    return PolicyParams(float(policy_data.FIT["params"]["temperature"]))


def card_ids(field: str) -> list[int]:
    """The card ids (number - 1) of a notation's card list ('12,40'; '-', '?' and '?8' hold none shown)."""
    return [] if field in ("-", "") or field.startswith("?") else [int(n) - 1 for n in field.split(",")]


@functools.lru_cache(maxsize=256)
def values_of(text: str, seat: int) -> npt.NDArray[np.float64]:
    """The greedy value of every card id for `seat` in the information state `text` (tenths of a point)."""
    hidden, _, _ = oh.hidden(text)
    proxy = oh.State.from_world(text, np.asarray(hidden, dtype=np.int32))
    values = np.asarray(proxy.greedy_values(seat), dtype=np.float64)
    values.setflags(write=False)
    return values


@dataclass(frozen=True)
class Decision:
    """A pick the weights use: the seat, its turn, the two card ids it picked (None for a secret pick: the first two
    cards of the hand the world gives the seat), the cards of its hand then that every world shares (`known`), the
    seat whose world hand completes that hand (`end`), and the picker's card values then."""

    seat: int
    turn: int
    pick: tuple[int, int] | None
    known: tuple[int, ...]
    end: int
    values: npt.NDArray[np.float64]


def picks_of(view_text: str, seen: Sequence[Seen]) -> list[Decision]:
    """The picks of the others that the world's hidden hands decide, from the view `view_text` after the moves
    `seen` (see the module's docstring); WorldError when the seen moves do not fit the view."""
    now = notation_fields(view_text)
    if "view" not in now:
        raise WorldError("ohanami: the decision model reads an information state (view=...), got a position")
    observer, players, rnd = int(now["view"]), int(now["players"]), now["round"]
    direction = -1 if rnd == "2" else 1
    if now["phase"] == "end":
        return []
    upcoming = int(now["turn"]) + (1 if now["phase"] == "place" else 0)  # the turn whose hands the view holds
    reveals: dict[int, tuple[dict[int, list[int]], str]] = {}
    for k, text in enumerate([s.before for s in seen] + [view_text]):
        f = seen_fields(k, text, observer)
        if f.get("round") == rnd and f.get("phase") == "place" and int(f["turn"]) not in reveals:
            reveals[int(f["turn"])] = ({q: card_ids(f[f"pick{q}"]) for q in range(players)}, text)
    out = []
    for t in range(1, upcoming):
        if any(u not in reveals for u in range(t, upcoming)):
            continue  # a reveal of the chain not seen
        for q in (q for q in range(players) if q != observer):
            s, known = q, []
            for u in range(t, upcoming):
                known += reveals[u][0][s]
                s = (s + direction) % players
            hand = now[f"hand{s}"]
            if not hand.startswith("?"):
                continue  # the same in every world
            size = int(hand[1:])
            if len(known) + size != 10 - 2 * (t - 1):
                raise WorldError(f"seen moves: player {q}'s hand at turn {t} of round {rnd} does not add up "
                                 f"({len(known)} cards revealed since and {size} hidden now)")  # fmt: skip
            pick = reveals[t][0][q]
            if len(pick) != 2:
                raise WorldError(f"seen moves: player {q}'s revealed pick of turn {t} is not two cards")
            out.append(Decision(q, t, (pick[0], pick[1]), tuple(known), s, values_of(reveals[t][1], q)))
    if now["phase"] == "pick":
        for q in range(players):
            if q != observer and now[f"pick{q}"] == "?":
                out.append(Decision(q, upcoming, None, (), q, values_of(view_text, q)))
    return out


#: :func:`picks_of`, its last two readings kept.
decisions_of = cached_reading(picks_of)


def weighed_decisions(view_text: str, seen: Sequence[Seen]) -> int:
    """How many picks the weights use (see :func:`picks_of`)."""
    return len(decisions_of(view_text, seen))


def _hands(view_text: str) -> tuple[dict[int, list[int]], list[tuple[int, int]]]:
    """The others' hands of the view whose cards the worlds place: the known hands whose pick is hidden (seat: its
    card ids) and the hands the observer has not seen ((seat, pre-pick size) in seat order)."""
    f = notation_fields(view_text)
    others = [q for q in range(int(f["players"])) if q != int(f["view"])]
    pools = {q: card_ids(f[f"hand{q}"]) for q in others if f[f"pick{q}"] == "?" and not f[f"hand{q}"].startswith("?")}
    unseen = [(q, int(f[f"hand{q}"][1:])) for q in others if f[f"hand{q}"].startswith("?")]
    return pools, [(q, n) for q, n in unseen if n > 0]


def hidden_hands(view_text: str, worlds: npt.NDArray[np.int32]) -> dict[int, npt.NDArray[np.int32]]:
    """The pre-pick hand of each seat whose hand the observer has not seen, in each world (one row per world,
    the cards in the order the world gives them: a hidden pick is the first two), read as ``State.from_world``
    reads a world: the cards of a known hand whose pick is hidden go to that seat wherever they stand; the other
    cards fill, in order, the hands the observer has not seen (seat order), then the deck, then the cards never
    dealt."""
    pools, unseen = _hands(view_text)
    pooled = [c for ids in pools.values() for c in ids]
    rest = worlds[~np.isin(worlds, pooled)].reshape(len(worlds), -1) if pooled else worlds
    out, start = {}, 0
    for q, n in unseen:
        out[q] = rest[:, start : start + n]
        start += n
    return out


def known_hand_cards(view_text: str) -> int:
    """How many hidden cards are in known hands whose pick is hidden (their seat is known, only the pick is not)."""
    return sum(len(ids) for ids in _hands(view_text)[0].values())


def world_hands(view_text: str, worlds: npt.NDArray[np.int32]) -> dict[int, npt.NDArray[np.int32]]:
    """:func:`hidden_hands` and the known hands whose pick is hidden, each in the order the world gives its cards
    (its first two: the pick)."""
    pools, _ = _hands(view_text)
    out = hidden_hands(view_text, worlds)
    for q, ids in pools.items():
        out[q] = worlds[np.isin(worlds, ids)].reshape(len(worlds), len(ids))
    return out


def log_pair_sums(x: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """log of the sum over the pairs i < j of x_i x_j, per row of the positive matrix `x` (the softmax's
    partition over a hand's pairs; summed as sum_j x_j (x_1 + ... + x_{j-1}), every term positive)."""
    before = np.zeros_like(x)
    np.cumsum(x[:, :-1], axis=1, out=before[:, 1:])  # x_1 + ... + x_{j-1}: no subtraction, no cancellation
    return np.asarray(np.log((x * before).sum(axis=1)), dtype=np.float64)


def log_likelihoods(
    view_text: str,
    seen: Sequence[Seen],
    worlds: npt.NDArray[np.int32],
    params: PolicyParams | None = None,
    decisions: list[Decision] | None = None,
) -> npt.NDArray[np.float64]:
    """The log-likelihood of the others' weighed picks (:func:`picks_of`) in each world (rows: the layout of
    ``State.from_world``), under `params` (default: the fitted one)."""
    p = params or fitted()
    theta = 1.0 / p.temperature
    hidden, _, _ = oh.hidden(view_text)
    worlds = np.asarray(worlds, dtype=np.int32)
    if worlds.ndim != 2 or worlds.shape[1] != len(hidden):
        raise WorldError(f"worlds: expected rows of {len(hidden)} hidden cards, got shape {worlds.shape}")
    hands = world_hands(view_text, worlds)
    total = np.zeros(worlds.shape[0], dtype=np.float64)
    for d in decisions if decisions is not None else decisions_of(view_text, seen):
        hand = hands[d.end]
        cards = np.hstack([np.broadcast_to(np.asarray(d.known, dtype=np.int32), (len(hand), len(d.known))), hand])
        v = d.values[cards]
        top = v.max(axis=1)
        chosen = d.values[list(d.pick)].sum() if d.pick is not None else v[:, 0] + v[:, 1]
        total += theta * (chosen - 2 * top) - log_pair_sums(np.exp(theta * (v - top[:, None])))
    return total


def pair_values(state: Any, seat: int) -> tuple[list[float], list[tuple[int, int]]]:
    """The value of each pick of `seat`'s hand in a full `state` (the sum of its cards' greedy values, tenths of a
    point) and its two card numbers, pairs in rank order."""
    hand = [int(n) for n in state.hand(seat)]
    v = state.greedy_values(seat)
    pairs = [(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :]]
    return [float(v[a - 1] + v[b - 1]) for a, b in pairs], pairs


def decision_features(state: Any, move: str) -> tuple[list[float], int] | None:
    """What the model reads of one decision in a full `state` (the mover's true hand): the value of every pick of
    the hand and the index of `move`; None for a move that is not a pick."""
    if not move.startswith("pick "):
        return None
    try:
        a, b = sorted(int(n) for n in move[5:].split(","))
    except ValueError:
        raise WorldError(f"decision: {move!r} is not a pick of two cards") from None
    values, pairs = pair_values(state, int(state.to_move()))
    if (a, b) not in pairs:
        raise WorldError(f"decision: {move!r} is not a pick of this hand")
    return values, pairs.index((a, b))


def decision_log_likelihood(features: tuple[list[float], int], params: PolicyParams) -> float:
    """The log-probability of one pick under the model, given the mover's hand (features from
    :func:`decision_features`)."""
    values, chosen = features
    return log_softmax_at(np.asarray(values) / params.temperature, chosen)
