"""Helpers of the Honshu tests: positions written from their parts, random games, notation fields."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import solver.games.honshu  # noqa: F401 - loads the card table
from solver._core import honshu as hs


def fields(text: str) -> dict[str, str]:
    """The key=value fields of a notation."""
    return dict(tok.split("=", 1) for tok in text.split())


def placement_position(
    maps: Mapping[int, str],
    took: Sequence[int],
    *,
    players: int = 4,
    round: int = 1,
    move: int = 0,
    cubes: Mapping[int, str] | None = None,
    starts: str = "A,B,C,D,E",
    lost: bool = False,
) -> Any:
    """A position in phase `place` of `round` with seat `move` to place: seat p's map is `maps[p]` (default the
    start card A side), seat p took `took[p]` (every seat played the card it took). Hands and the deck are
    filled with unused cards."""
    n = players
    total = 40 if n <= 3 else 60
    used: set[int] = set(took)
    for text in maps.values():
        for piece in text.split("/")[1:]:
            used.add(int(piece.split("@")[0]))
    free = iter(c for c in range(1, total + 1) if c not in used)
    took = [*took, *(next(free) for _ in range(n - len(took)))]
    k = round - 1
    rest = [c for c in free]
    maps = dict(maps)
    for p in range(n):
        if p not in maps:  # a column of lake-free cards going up from the start card, one per round played
            chain = [c for c in rest if "lake" not in hs.card_squares(c)][:k]
            rest = [c for c in rest if c not in chain]
            maps[p] = "/".join(["A", *(f"{c}@0,{-2 * (i + 1)}r0" for i, c in enumerate(chain))])
    free = iter(rest)
    hand_size = 6 - k % 6 - 1
    parts = [
        f"players={n} passing=none lost={'yes' if lost else 'no'} round={round} phase=place move={move} leader=0",
        "start=" + ",".join(starts.split(",")[:n]),
    ]
    for p in range(n):
        hand = [next(free) for _ in range(hand_size)]
        parts.append(f"hand{p}=" + (",".join(map(str, hand)) or "-"))
    parts.append("trick=" + ",".join(str(c) for c in took))
    parts.append("took=" + ",".join(str(c) if p >= move else "-" for p, c in enumerate(took)))
    for p in range(n):
        parts.append(f"cubes{p}=" + (cubes or {}).get(p, "0,0,0,0"))
    for p in range(n):
        parts.append(f"map{p}=" + maps.get(p, "A"))
    deck = [next(free) for _ in range(6 * n)] if k < 6 else []
    parts.append("deck=" + (",".join(map(str, deck)) or "-"))
    return hs.State.parse(" ".join(parts))


def random_game(players: int, seed: int, passing: str = "none", lost: bool = False) -> Iterator[tuple[Any, int]]:
    """The states of one game played with uniformly random moves, each with the move played from it."""
    rng = random.Random(seed)
    s = hs.State.deal(players, seed, passing, lost)
    while not s.is_terminal():
        move = int(s.random_move(rng.randrange(1 << 30)))
        yield s.clone(), move
        s.apply(move)
    yield s, -1


def card_locations(s: Any) -> list[int]:
    """Every card number at a physical place: hands, table, taken cards, maps, deck (with repeats if any)."""
    out: list[int] = []
    for p in range(s.num_players):
        out += list(s.hand(p))
        if s.took(p):
            out.append(s.took(p))
        out += [c[0] for c in s.map_cards(p)]
    out += list(s.table)
    out += list(s.deck)
    return out
