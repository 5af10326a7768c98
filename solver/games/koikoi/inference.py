"""Koi-Koi's model of a player's decisions, for beliefs inferred from the opponent's play
(:mod:`solver.determinize.inference`).

The model is the greedy player's move values through a softmax:

- **play** (a hand card, with the table card it takes when two match): the value of the move is the card value
  captured (played card plus captured table cards, :func:`.greedy.card_value`), or minus the played card's value
  when it captures nothing (a discard to the field); P(move) is proportional to ``exp(value / temperature)`` over
  every legal move of the hand;
- **koikoi / stop**: P(koikoi) = sigmoid((g - koikoi_offset) / koikoi_temperature), g the best capture the hand
  offers against the table (0 when none): a hand with good captures left calls koi-koi more often;
- **take** (the turned-over card's capture) depends on public cards only, so it weighs every world alike and is
  left out.

In a candidate world the opponent's hand at an earlier decision is its hand in the world plus every card it has
played from its hand since (all seen), so each seen decision is scored in every world with one masked
log-sum-exp over the 48 cards. The parameters are fitted by maximum likelihood (``scripts/koikoi_policy_fit.py``,
kept in :mod:`.policy_data`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._core import WorldError
from ..._core import koikoi as kk
from ...determinize.inference import Seen, log_softmax_at, log_sum_over_hand
from . import policy_data
from .greedy import card_value

CARDS = 48


@dataclass(frozen=True)
class PolicyParams:
    """The decision model's parameters (all > 0 but the offset)."""

    temperature: float = 4.0
    koikoi_offset: float = 10.0
    koikoi_temperature: float = 4.0

    def __post_init__(self) -> None:
        if not (self.temperature > 0 and self.koikoi_temperature > 0):
            raise WorldError(f"policy: temperatures must be > 0, got {self.temperature}, {self.koikoi_temperature}")


def fitted() -> PolicyParams:
    """The parameters fitted on recorded games (:mod:`.policy_data`)."""
    p = policy_data.FIT["params"]
    return PolicyParams(float(p["temperature"]), float(p["koikoi_offset"]), float(p["koikoi_temperature"]))


def play_values(card: int, table: Sequence[int]) -> list[float]:
    """The value of each legal play of `card` against `table`: one move, or one per target when two table cards
    match its month (capture: the cards taken; no match: minus the card's value)."""
    month = [t for t in table if t // 4 == card // 4]
    if len(month) == 2:
        return [float(card_value(card) + card_value(t)) for t in month]
    if month:
        return [float(card_value(card) + sum(card_value(t) for t in month))]
    return [-float(card_value(card))]


def table_moves(table: Sequence[int]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """:func:`play_values` of all 48 cards against `table` at once: the first move's value and the second's (-inf
    when the card has one move)."""
    value = np.asarray(kk.CARD_VALUES, dtype=np.float64)
    month = np.arange(CARDS) // 4
    count, total = np.zeros(12), np.zeros(12)
    first_t, second_t = np.full(12, np.nan), np.full(12, np.nan)
    for t in sorted(table):
        m = t // 4
        (first_t if count[m] == 0 else second_t)[m] = value[t]
        count[m] += 1
        total[m] += value[t]
    n = count[month]
    first = np.where(n == 0, -value, np.where(n == 2, value + first_t[month], value + total[month]))
    second = np.where(n == 2, value + second_t[month], -np.inf)
    return first, second


def capture_gain(card: int, table: Sequence[int]) -> float:
    """The best value `card` captures from `table` (0 when it matches nothing)."""
    return max(0.0, *play_values(card, table))


def parse_move(text: str, where: str) -> tuple[str, int, int]:
    """(kind, card, target) of a move's notation (-1 where none); WorldError names a move it cannot read."""
    words = text.split()
    try:
        if words and words[0] in ("stop", "koikoi") and len(words) == 1:
            return words[0], -1, -1
        if len(words) == 2 and words[0] in ("play", "take"):
            return words[0], int(kk.card_from_name(words[1])), -1
        if len(words) == 4 and words[0] == "play" and words[2] == "x":
            return "play", int(kk.card_from_name(words[1])), int(kk.card_from_name(words[3]))
    except ValueError:
        pass
    raise WorldError(f"{where}: cannot read the move {text!r}")


@dataclass(frozen=True)
class Decision:
    """One seen decision of the opponent: its kind ('play' or 'decide'), the table, the cards the observer had
    not seen before it, the move (card, target; koikoi for a decide) and the opponent's hand size then."""

    kind: str
    table: tuple[int, ...]
    unseen: frozenset[int]
    card: int
    target: int
    koikoi: bool
    hand_size: int


def opponent_decisions(observer: int, seen: Sequence[Seen]) -> list[Decision]:
    """The opponent's play and koi-koi decisions among `seen` (in order), checked against the observer."""
    out = []
    for k, s in enumerate(seen):
        where = f"seen move {k + 1}"
        unseen, view, opp_size, _ = kk.hidden(s.before)
        if view != observer:
            raise WorldError(f"{where}: the information state of player {view}, not of the observer {observer}")
        proxy = kk.State.from_world(s.before, np.asarray(unseen, dtype=np.int32))
        if int(proxy.to_move()) == observer:
            continue  # the observer's own moves say nothing of what it does not see
        kind, card, target = parse_move(s.move, where)
        if kind == "take":
            continue  # chosen from public cards only: the same in every world
        if kind == "play" and card not in unseen:
            raise WorldError(f"{where}: the opponent played {kk.CARD_NAMES[card]}, a card the observer had seen")
        if (kind == "play") != (proxy.phase == "play"):
            raise WorldError(f"{where}: {s.move!r} is not a move of the phase {proxy.phase!r}")
        table = tuple(int(c) for c in proxy.table)
        out.append(Decision(kind, table, frozenset(unseen), card, target, kind == "koikoi", opp_size))
    return out


def weighed_decisions(observer: int, seen: Sequence[Seen]) -> int:
    """How many of `seen` the weights use (the opponent's plays and koi-koi calls)."""
    return len(opponent_decisions(observer, seen))


def log_likelihoods(
    view_text: str, seen: Sequence[Seen], worlds: npt.NDArray[np.int32], params: PolicyParams | None = None
) -> npt.NDArray[np.float64]:
    """The log-likelihood of the opponent's seen decisions in each world (rows: the opponent's hand first, the
    layout of ``State.from_world``), under `params` (default: the fitted ones). WorldError when the seen moves do
    not lead to `view_text` (a card played that is still unseen, hand sizes that do not add up)."""
    p = params or fitted()
    unseen_now, observer, opp_now, _ = kk.hidden(view_text)
    worlds = np.asarray(worlds, dtype=np.int32)
    if worlds.ndim != 2 or worlds.shape[1] != len(unseen_now):
        raise WorldError(f"worlds: expected rows of {len(unseen_now)} cards, got shape {worlds.shape}")
    decisions = opponent_decisions(observer, seen)
    played = [d.card for d in decisions if d.kind == "play"]
    still_hidden = set(unseen_now) & set(played)
    if still_hidden:
        names = ", ".join(kk.CARD_NAMES[c] for c in sorted(still_hidden))
        raise WorldError(f"seen moves: the opponent played {names}, which the view still has hidden")
    hand = np.zeros((worlds.shape[0], CARDS), dtype=np.float64)
    hand[np.arange(worlds.shape[0])[:, None], worlds[:, :opp_now]] = 1.0
    total = np.zeros(worlds.shape[0], dtype=np.float64)
    later = list(played)  # the cards the opponent plays from its hand from the current decision on
    for d in decisions:
        if d.kind == "play":
            if len(later) + opp_now != d.hand_size:
                raise WorldError(
                    f"seen moves: the opponent held {d.hand_size} cards at its play of {kk.CARD_NAMES[d.card]}, "
                    f"but {opp_now} now and {len(later)} played since: the seen moves do not lead to this view"
                )
            first, second = table_moves(d.table)
            logs = np.full(CARDS, -np.inf)
            cards = list(d.unseen)
            logs[cards] = np.logaddexp(first[cards] / p.temperature, second[cards] / p.temperature)
            chosen = play_values(d.card, d.table)
            if d.target >= 0:
                chosen = [float(card_value(d.card) + card_value(d.target))]
            total += chosen[0] / p.temperature - log_sum_over_hand(hand, logs, later)
            later.pop(0)
        else:
            first, second = table_moves(d.table)
            gains = np.zeros(CARDS)
            cards = list(d.unseen)
            gains[cards] = np.maximum(np.maximum(first[cards], second[cards]), 0.0)
            best = np.maximum((hand * gains[None, :]).max(axis=1), max([0.0, *(gains[c] for c in later)]))
            logit = (best - p.koikoi_offset) / p.koikoi_temperature
            total += -np.logaddexp(0.0, -logit if d.koikoi else logit)
    return total


def decision_features(state: Any, move: str) -> tuple[str, list[float], int] | None:
    """What the model reads of one decision in a full `state` (the mover's true hand): ('play', the value of every
    legal move in engine order, the index of `move`) or ('decide', [best capture gain of the hand], 1 for koikoi,
    0 for stop); None for a 'take' (public cards only)."""
    mover = int(state.to_move())
    table = [int(c) for c in state.table]
    if state.phase == "decide":
        gain = max([0.0, *(capture_gain(int(c), table) for c in state.hand(mover))])
        return "decide", [gain], int(move == "koikoi")
    if state.phase != "play":
        return None
    values, chosen = [], -1
    for i, m in enumerate(state.legal_moves()):
        card, target = kk.move_cards(m)
        values.append(float(card_value(card) + card_value(target)) if target >= 0 else play_values(card, table)[0])
        if str(state.move_to_string(m)) == move:
            chosen = i
    if chosen < 0:
        raise WorldError(f"decision: {move!r} is not a legal move here")
    return "play", values, chosen


def decision_log_likelihood(features: tuple[str, list[float], int], params: PolicyParams) -> float:
    """The log-probability of one decision's move under the model (features from :func:`decision_features`)."""
    kind, values, chosen = features
    if kind == "decide":
        logit = (values[0] - params.koikoi_offset) / params.koikoi_temperature
        return float(-np.logaddexp(0.0, -logit if chosen else logit))
    return log_softmax_at(np.asarray(values) / params.temperature, chosen)
