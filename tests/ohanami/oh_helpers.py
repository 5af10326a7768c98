"""Helpers of the Ohanami tests: positions written from their parts, random games."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from solver._core import ohanami as oh


def cards(xs: Sequence[int]) -> str:
    """A card-number list in notation."""
    return ",".join(str(x) for x in sorted(xs)) or "-"


def garden(cols: Sequence[Sequence[int]]) -> str:
    """A garden in notation (columns bottom to top)."""
    return "/".join(".".join(str(x) for x in sorted(c)) for c in cols) or "-"


def position(
    players: int,
    round: int,
    turn: int,
    phase: str,
    move: int,
    hands: Mapping[int, Sequence[int]],
    picks: Mapping[int, Sequence[int]] | None = None,
    gardens: Mapping[int, Sequence[Sequence[int]]] | None = None,
    discards: Mapping[int, Sequence[int]] | None = None,
    scores: Sequence[int] | None = None,
    fill_discards: bool = True,
) -> Any:
    """A full position from its parts. With `fill_discards`, each seat's discard pile is topped up with unused
    cards to the count the rules require at this point; the deck gets the next unused cards."""
    picks, gardens, discards = dict(picks or {}), dict(gardens or {}), {p: list(v) for p, v in (discards or {}).items()}
    used = {c for v in hands.values() for c in v} | {c for v in picks.values() for c in v}
    used |= {c for g in gardens.values() for col in g for c in col} | {c for v in discards.values() for c in v}
    free = iter([c for c in range(1, 121) if c not in used])
    if phase == "end":
        want = {p: 30 for p in range(players)}
    else:
        want = {
            p: 10 * (round - 1) + 2 * (turn - 1) + (2 - len(picks.get(p, ())) if phase == "place" else 0)
            for p in range(players)
        }
    if fill_discards:
        for p in range(players):
            have = sum(len(c) for c in gardens.get(p, ())) + len(discards.get(p, []))
            discards.setdefault(p, []).extend(next(free) for _ in range(want[p] - have))
    deck_size = 0 if phase == "end" else (3 - round) * 10 * players
    deck = [next(free) for _ in range(deck_size)]
    fields = [
        f"players={players} round={round} turn={turn} phase={phase} move={move}",
        "scores=" + ",".join(str(s) for s in (scores or [0] * players)),
    ]
    fields += [f"hand{p}={cards(hands.get(p, []))}" for p in range(players)]
    fields += [f"pick{p}={cards(picks.get(p, []))}" for p in range(players)]
    fields += [f"garden{p}={garden(gardens.get(p, []))}" for p in range(players)]
    fields += [f"discard{p}={cards(discards.get(p, []))}" for p in range(players)]
    fields.append("deck=" + (",".join(str(c) for c in deck) or "-"))
    return oh.State.parse(" ".join(fields))


def moves_text(state: Any) -> set[str]:
    """The legal moves in notation."""
    return {state.move_to_string(m) for m in state.legal_moves()}


def random_states(players: int, seed: int, every: int = 1) -> Iterator[Any]:
    """Every `every`-th state of a random game (the start included, the end included)."""
    rng = random.Random(seed)
    s = oh.State.deal(players, seed)
    k = 0
    while True:
        if k % every == 0 or s.is_terminal():
            yield s.clone()
        if s.is_terminal():
            return
        s.apply(rng.choice(s.legal_moves()))
        k += 1
