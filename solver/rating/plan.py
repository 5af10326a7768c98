"""The planner of a rating tournament (:mod:`solver.rating.tournament`): the tables of the next round's units.

Round 0 spreads the units over neighbours of the pool's order (a quarter as much for entries two apart). A later
round orders the pool by the current ratings and weights each link between neighbours (a quarter as much two
apart) by what one more game there takes off the variance of the levels whose way to the anchor crosses it and
that are still outside their target: ``1 / (m^2 p (1 - p))`` for m games played there and the fitted win
probability p, times the count of those levels. The units are apportioned by largest remainders.

The planner has versions (a results file's header ``plan``; a resumed file keeps its own, so its rounds replay as
they were played, and ``kofun ladder --extend`` of a file with the same pool goes on with the current one):

1. a link with no wide level beyond it keeps a tenth of one level's weight (full strength went on playing while
   only a level below it was wide);
2. such a link gets nothing while another link has a wide level beyond it;
3. each weight is divided by what a game at the table costs, the two levels' budgets plus ``COST_FLOOR`` (a
   decision's cost besides its search, in iterations: 50-120 of ISMCTS at Haniwa and Koi-Koi). A budget,
   not measured seconds, so the tournament stays a function of its seed and budget. A level whose way to the anchor
   crosses both cheap and costly links then gets its games where they are cheap: where a saturated game puts full
   strength among the levels it rates with (Koi-Koi seed rules, 2026-12-07), plan 2 spent 99% of the search time
   on tables with full strength while only cheaper levels were wide. And a level with fewer than ``MIN_GAMES``
   games counts as wide whatever its interval (a new rung's first few games make a bootstrap look narrow: the
   Connect Four full strength at ±49 after 6 games), as the stopping rule has it;
4. a game's cost also has a part that does not shrink with the budgets: starting it, recording it, its share of
   the round's fit — about what a search of 1/``GAME_SHARE`` of the pool's largest budget takes (Connect Four: a
   game of the bottom levels takes about 0.15 s of a worker, one of full strength and the rung below about 10 s).
   Plan 3 had none and so gave the bottom links of a long ladder a hundred times full strength's weight: the
   Connect Four run to full strength played 5,400 games at the bottom links (a millisecond of search each) and
   80 at full strength, which stood at ±74.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from .pools import Entry

#: The planner of a new results file.
PLAN = 4
#: A link between levels two apart weighs this much of one between neighbours.
SKIP_WEIGHT = 0.25
#: Plan 3: a decision's cost besides its search, in the budget's units (iterations or nodes).
COST_FLOOR = 64
#: Plan 4: a game's cost besides its searches, as a share of the pool's largest budget.
GAME_SHARE = 64

Table = tuple[int, int]


def plan_round(
    entries: Sequence[Entry],
    ratings: Sequence[float] | None,
    wide: Sequence[bool],
    played: Mapping[Table, int],
    anchor: int,
    units: int,
    version: int = PLAN,
) -> list[tuple[Table, int]]:
    """The tables (pool indices in order) of the next round and their units: `ratings` None for round 0, else the
    current fit's; `wide[i]` whether entry i is still outside its target; `played` the games per table so far."""
    n = len(entries)
    order = sorted(range(n), key=lambda i: (ratings[i], i)) if ratings is not None else list(range(n))
    pos = {i: k for k, i in enumerate(order)}
    game_cost = max(e.budget or 0 for e in entries) / GAME_SHARE if version >= 4 else 0.0
    # table -> (its scale, m^2 p (1 - p), the wide levels beyond it, a game's cost there)
    links: dict[Table, tuple[float, float, int, float]] = {}
    for gap, scale in ((1, 1.0), (2, SKIP_WEIGHT)):
        for a, b in zip(order, order[gap:], strict=False):
            table = (min(a, b), max(a, b))
            if ratings is None:
                links[table] = (scale, 1.0, 1, 1.0)
                continue
            p = min(0.97, max(0.03, 1 / (1 + 10 ** ((ratings[a] - ratings[b]) / 400))))
            m = played.get(table, 0) + 2
            low, high = sorted((pos[a], pos[b]))
            beyond = order[high:] if low >= pos[anchor] else order[: low + 1]
            cost = sum((entries[i].budget or 0) + COST_FLOOR for i in table) + game_cost if version >= 3 else 1.0
            links[table] = (scale, m * m * p * (1 - p), sum(wide[i] for i in beyond), cost)
    floor = 0.1 if version < 2 or not any(count for _, _, count, _ in links.values()) else 0.0
    weights = {table: scale * (count or floor) / var / cost for table, (scale, var, count, cost) in links.items()}
    return apportion(weights, units)


def apportion(weights: Mapping[Table, float], units: int) -> list[tuple[Table, int]]:
    """`units` split over the tables in proportion to their weights (largest remainders, ties by table)."""
    total = sum(weights.values())
    if total <= 0 or not weights:
        return []
    shares = {t: units * w / total for t, w in weights.items()}
    out = {t: math.floor(s) for t, s in shares.items()}
    left = units - sum(out.values())
    for t in sorted(shares, key=lambda t: (-(shares[t] - out[t]), t))[:left]:
        out[t] += 1
    return [(t, k) for t, k in sorted(out.items()) if k > 0]
