"""One unit of a ladder tournament, played on a worker: a deal once per seating of the two agents of a table
(:mod:`solver.rating.tournament` plans the units; :mod:`solver.review.calibrate` reviews them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..games import get_game
from ..play.match import rotations, side_of
from .pools import TimedAgent, make_agent


def play_unit(spec: Mapping[str, Any]) -> dict[str, Any]:
    """Plays one unit: the deal seeded ``spec["seed"]`` once per seating of the table's agents. Returns the game
    records, each game's points per side (side order of the table) and each side's (seconds, decisions)."""
    info = get_game(spec["game"])
    rules = info.check_options(spec["rules"])
    sides = [TimedAgent(make_agent(info, e, rules)) for e in spec["sides"]]
    teams = spec.get("teams")
    played = rotations(info, sides, rules, spec["seed"], teams=teams, opening_plies=spec["opening_plies"])
    points = []
    for rotation, record in played:
        per_side = []
        for s in range(len(sides)):
            seats = side_of(record, rotation, s)
            per_side.append(sum(record.scores[x] for x in seats) / len(seats))
        points.append(per_side)
    return {
        "records": [r.to_dict() for _, r in played],
        "points": points,
        "time": [[a.seconds, a.decisions] for a in sides],
    }


__all__ = ["play_unit"]
