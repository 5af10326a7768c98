"""Haniwa's model of a player's decisions, for beliefs inferred from the others' play
(:mod:`solver.determinize.inference`).

The decision that reads a hidden hand is the placement: which hand tile a player lays face up, and where. The
model is the greedy player's move values through a softmax: a face-up placement is worth the change of the
mover's provisional margin (``State.provisional_margin``, what the greedy player maximises), and

    P(move | hand) = exp(v(move) / T) / sum over the kinds t in the hand of Z_t,   Z_t = sum over the placements
                     of a t tile of exp(v / T)

over the face-up placements the hand allows (two tiles of one kind give the same moves, counted once; a tile placed
face down or under a Kofun, a discard and a Kofun taken are not shown to the others, or read public fields only:
they are not weighed).

Unlike a Koi-Koi or Honshu hand, a Haniwa hand refills from the stock after every placement, so a world's hidden
hand does not say which tiles the player held at an earlier placement: that is a sum over the order of the draws.
The model weighs each other seat's **last placement** only, where the sum is short: the draws are exchangeable, so
after a placement and its draw each tile of the current hand is equally likely to be the one just drawn, and the
hand the seat placed from is the current hand minus that tile plus the tile placed:

    P(last placement | world) = 1/n sum over the n tiles x of the hand of P(placement | hand - x + placed tile)

(without a draw, the stock empty: the hand plus the tile placed). Going further back needs the ordered draws of
each turn (about n^k terms k turns back; docs/haniwa.md). The temperature T is fitted by maximum likelihood on
recorded games (``scripts/softmax_policy_fit.py haniwa``, kept in :mod:`.policy_data`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._core import WorldError
from ..._core import haniwa as hw
from ...determinize.belief import SlotGroup, group_offsets
from ...determinize.inference import Seen, cached_reading, log_softmax_at
from ..base import notation_fields, seen_fields
from . import policy_data

#: Tile kinds: colour R, B, G, Y times value 1-3 (kind = 3 * colour + value - 1).
KINDS = 12
TILE_NAMES = [c + str(v) for c in "RBGY" for v in (1, 2, 3)]


@dataclass(frozen=True)
class PolicyParams:
    """The decision model's parameter: the softmax temperature, in points of provisional margin (> 0)."""

    temperature: float = 1.0

    def __post_init__(self) -> None:
        if not (np.isfinite(self.temperature) and self.temperature > 0):
            raise WorldError(f"policy: the temperature must be > 0, got {self.temperature}")


def fitted() -> PolicyParams:
    """The parameter fitted on recorded games (:mod:`.policy_data`)."""
    return PolicyParams(float(policy_data.FIT["params"]["temperature"]))


def face_up_kind(text: str) -> int | None:
    """The tile kind of a face-up placement (``R2a1``); None for any other move (a hidden placement ``?a1*``, a
    discard, a Kofun taken)."""
    if len(text) == 4 and text[:2] in TILE_NAMES and text[2] in "abcd" and text[3].isdigit():
        return TILE_NAMES.index(text[:2])
    return None


def is_placement(text: str) -> bool:
    """A placement of any kind, shown or not (``R2a1``, ``R2a1*``, ``?a1*``, ``?a1+Y``)."""
    cell = text[2:] if text[:2] in TILE_NAMES else text[1:] if text[:1] == "?" else ""
    return len(cell) >= 2 and cell[0] in "abcd" and cell[1].isdigit()


def hand_size(text: str, seat: int) -> int:
    """The number of tiles of `seat`'s hand in a notation (``hand1=4`` hidden, ``hand1=R1,B2`` shown)."""
    field = notation_fields(text).get(f"hand{seat}", "-")
    return int(field) if field.isdigit() else (0 if field == "-" else len(field.split(",")))


@dataclass(frozen=True)
class Decision:
    """The last seen placement of another seat: the seat, the tile kind, the values of every face-up placement of
    each kind it could have held then (change of its provisional margin), the chosen move's value, and whether it
    drew a tile after it."""

    seat: int
    kind: int
    values: dict[int, list[float]]
    chosen: float
    drew: bool


def placement_values(state: Any, seat: int, kind: int) -> tuple[list[float], list[str]]:
    """The value (change of `seat`'s provisional margin) of each face-up placement of a `kind` tile in `state`
    (`seat` to move and holding one), and the moves' notations."""
    base = state.provisional_margin(seat)
    values, names = [], []
    for m in state.legal_moves():
        text = str(state.move_to_string(m))
        if face_up_kind(text) == kind:
            child = state.clone()
            child.apply(m)
            values.append(float(child.provisional_margin(seat) - base))
            names.append(text)
    return values, names


def _offsets(info: Any) -> dict[str, slice]:
    """The columns of each slot group of the information state `info` in a world row."""
    return group_offsets(SlotGroup(name, size) for name, size in info.groups)


def _holding(info: Any, seat: int, kind: int) -> Any:
    """A full state of the information state `info` in which `seat` (hidden hand) holds a `kind` tile."""
    world = list(info.unseen)
    world.remove(kind)
    world.insert(_offsets(info)[f"hand{seat}"].start, kind)
    return info.world(np.asarray(world, dtype=np.int32))


def placements_of(view_text: str, seen: Sequence[Seen]) -> list[Decision]:
    """The last seen placement of each other seat whose hand `view_text` hides, when it was face up (a hidden
    last placement weighs nothing); WorldError when the seen moves do not fit the view."""
    now = hw.InformationState.parse(view_text)
    observer = int(now.view)
    hidden = {int(name[4:]) for name, size in now.groups if name.startswith("hand") and size > 0}
    last: dict[int, tuple[int, Seen]] = {}
    for k, s in enumerate(seen):
        f = seen_fields(k, s.before, observer)
        mover = int(f.get("to_move", "-1"))
        if mover in hidden and is_placement(s.move):
            last[mover] = (k, s)
    out = []
    for q, (k, s) in sorted(last.items()):
        kind = face_up_kind(s.move)
        if kind is None:
            continue
        info = hw.InformationState.parse(s.before)
        if kind not in list(info.unseen):
            raise WorldError(f"seen move {k + 1}: player {q} placed {s.move}, a tile the observer had seen")
        before, after = hand_size(s.before, q), hand_size(view_text, q)
        if after not in (before, before - 1):
            raise WorldError(
                f"seen move {k + 1}: player {q} held {before} tiles at its placement {s.move} and {after} now: "
                "the seen moves do not lead to this view"
            )
        values: dict[int, list[float]] = {}
        chosen = None
        for t in sorted(set(info.unseen)):
            values[t], names = placement_values(_holding(info, q, t), q, t)
            if t == kind:
                if s.move not in names:
                    raise WorldError(f"seen move {k + 1}: {s.move} is not a legal placement of player {q} there")
                chosen = values[t][names.index(s.move)]
        assert chosen is not None
        out.append(Decision(q, kind, values, chosen, after == before))
    return out


#: :func:`placements_of`, its last two readings kept.
last_placements = cached_reading(placements_of)


def weighed_decisions(view_text: str, seen: Sequence[Seen]) -> int:
    """How many of `seen` the weights use: the last face-up placement of each seat whose hand the view hides."""
    return len(last_placements(view_text, seen))


def log_likelihoods(
    view_text: str,
    seen: Sequence[Seen],
    worlds: npt.NDArray[np.int32],
    params: PolicyParams | None = None,
    decisions: list[Decision] | None = None,
) -> npt.NDArray[np.float64]:
    """The log-likelihood of each other seat's last seen placement in each world (rows: the layout of
    ``State.from_world``, the hidden hands first in seat order), under `params` (default: the fitted one).
    `decisions` (from :func:`last_placements`) spares their computation when they are at hand."""
    p = params or fitted()
    info = hw.InformationState.parse(view_text)
    worlds = np.asarray(worlds, dtype=np.int32)
    tiles = sum(size for name, size in info.groups if name != "reshuffle")  # (a two-round match's seed: not a tile)
    if worlds.ndim != 2 or worlds.shape[1] not in (tiles, int(info.num_slots)):
        raise WorldError(f"worlds: expected rows of {tiles} tile slots, got shape {worlds.shape}")
    offsets = _offsets(info)
    total = np.zeros(worlds.shape[0], dtype=np.float64)
    for d in decisions if decisions is not None else last_placements(view_text, seen):
        log_z = np.full(KINDS, -np.inf)
        for t, vals in d.values.items():
            if vals:
                log_z[t] = float(np.logaddexp.reduce(np.asarray(vals) / p.temperature))
        top = float(log_z.max())
        z = np.exp(np.maximum(log_z - top, -700.0))
        z[~np.isfinite(log_z)] = 0.0
        hand = worlds[:, offsets[f"hand{d.seat}"]]
        counts = np.zeros((worlds.shape[0], KINDS), dtype=np.int64)
        np.add.at(counts, (np.arange(worlds.shape[0])[:, None], hand), 1)
        counts[:, d.kind] += 1  # the hand with the tile placed, before the draw
        if d.drew:  # one of the hand's tiles is the one drawn after the placement, each as likely
            drawn = np.zeros((worlds.shape[0], hand.shape[1], KINDS), dtype=np.int64)
            np.put_along_axis(drawn, hand[:, :, None], 1, axis=2)
            kinds_held = (counts[:, None, :] - drawn) > 0  # each distinct kind held: its placements, once
            mixture = np.log(np.mean(1.0 / (kinds_held @ z), axis=1))
        else:
            mixture = -np.log((counts > 0) @ z)
        total += d.chosen / p.temperature - top + mixture
    return total


def decision_features(state: Any, move: str) -> tuple[list[float], int] | None:
    """What the model reads of one decision in a full `state` (the mover's true hand): the value of every face-up
    placement of the hand and the index of `move`; None for a move that is not a face-up placement."""
    kind = face_up_kind(move)
    if kind is None:
        return None
    seat = int(state.to_move())
    values, names = [], []
    for t in sorted(set(state.hand(seat))):
        v, n = placement_values(state, seat, int(t))
        values += v
        names += n
    if move not in names:
        raise WorldError(f"decision: {move!r} is not a face-up placement here")
    return values, names.index(move)


def decision_log_likelihood(features: tuple[list[float], int], params: PolicyParams) -> float:
    """The log-probability of one placement under the model, given the mover's hand (features from
    :func:`decision_features`)."""
    values, chosen = features
    return log_softmax_at(np.asarray(values) / params.temperature, chosen)
