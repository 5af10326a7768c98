"""The best turn of a solo Haniwa game, asked for from its page: the plans of the turn with the expected final
score and the rank probabilities of each (what ``kofun haniwa solo best-turn`` prints).

The policy samples the futures from the stock as a multiset, so its answer is the same in every world the seat's
view allows: it is asked of the view's proxy world (tests/web/test_solo_web.py checks two worlds agree)."""

from __future__ import annotations

from typing import Any

from ..batch.seeds import derive_seed
from ..games.haniwa.solo import best_turn
from .tables import Table, TableError


def check_solo_turn(table: Table, seat: int) -> Any:
    """The seat's view when it may ask for the best turn (its turn in a running solo Haniwa game)."""
    if table.game.name != "haniwa" or len(table.seats) != 1:
        raise TableError("best_turn: only in a solo Haniwa game (players=1)")
    if not table.playing or table.seat_to_move() != seat:
        raise TableError("best_turn: only on your turn of a running game")
    return table.view_of(seat)


def best_turn_plans(table: Table, view: Any, samples: int, candidates: int, top: int) -> dict[str, Any]:
    """The `top` best plans of the turn (moves, expected final score with its 95% interval, rank shares)."""
    seed = derive_seed(table.match.deal_seed, "best_turn", len(table.match.moves))
    plans = best_turn(view.proxy.clone(), samples=samples, candidates=candidates, seed=seed)
    return {
        "samples": samples,
        "candidates": candidates,
        "unit": "points of the final solo score (expected over the sampled futures)",
        "plans": [
            {
                "moves": list(c.moves),
                "expected": round(c.mean, 3),
                "ci95": [round(c.ci95[0], 3), round(c.ci95[1], 3)] if c.ci95 is not None else None,
                "futures": c.samples,
                "ranks": {name: round(share, 4) for name, share in c.ranks.items()},
            }
            for c in plans[:top]
        ],
    }
