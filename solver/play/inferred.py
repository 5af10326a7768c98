"""The strength of belief 'inferred' against belief 'uniform': the same ISMCTS, the same time per decision, paired
matches on the same deals with the seats swapped (the unit is the pair; runs on the batch runner, resumable).

Unit *k* of a run seeded *s* plays the match ``derive_seed(s, "pair", k)`` twice: the inferred side in seat 0, then in
seat 1 (with more players the seats alternate between the two sides, :func:`table_teams`, and a side's result is its
seats' mean score). Each side's agent is told the moves it sees (:class:`~solver.play.seen.SeenMoves`). A unit's result:
the inferred side's match result in each game (1 win, 0.5 drawn match, 0 loss), its score minus the uniform side's, and,
over its decisions, the mean effective sample size of the weights and the mean iterations of both sides (at equal time
the inference costs the inferred side iterations).

Against the control (`opponent` 'flat'): the same head-to-head pairs with the uniform side replaced by
:class:`FlatAgent`, the inferred side's own explicit worlds with equal weights.

Against a third player (`opponent` 'greedy', or 'pimc' at the same budget): the unit's match is played four times,
each belief against that opponent in both seats; a unit's result is each belief's match results and points
against it, and the measure is their difference on the same deals and seats (the unit is still the pair).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from ..batch.runner import BatchInterrupted, Journal, Runner, Task
from ..batch.seeds import derive_seed
from ..games import get_game
from ..report.stats import mean_interval
from ..search.settings import SearchSettings
from .agents import Agent, GreedyAgent, SearchAgent
from .match import Match, first_deal, seat_agents, side_of
from .seen import SeenMoves


class CountingAgent(SearchAgent):
    """A search agent that keeps the iterations of its searches and the ESS of its inferred beliefs."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.nodes: list[int] = []
        self.ess: list[float] = []

    def choose(self, view: Any, rng: random.Random) -> int:
        move = super().choose(view, rng)
        if self._last is not None:
            self.nodes.append(int(self._last[2].nodes))
        if self.last_inference is not None:
            self.ess.append(self.last_inference.ess)
        return move


class FlatAgent(CountingAgent):
    """The control of belief 'inferred': the same explicit worlds, drawn and resampled the same way, with equal
    weights (the decision model is not evaluated). Inferred against it measures the weights alone."""

    weigh_worlds = False


def table_teams(game: Any, rules: Mapping[str, Any]) -> list[int]:
    """The two sides of a table: the rules' teams (Haniwa with 4 players), else the seats alternating between the
    sides (2 players: a seat each; 3 players: seats 0 and 2 against seat 1, the other way round at the other
    rotation; 4 players: seats 0 and 2 against 1 and 3). A side's result is its seats' mean score."""
    rule = game.teams(rules)
    return list(rule) if rule is not None else [s % 2 for s in range(int(first_deal(game, rules, 0).num_players))]


def _outcome(record: Any, rotation: int) -> tuple[float, float]:
    """Side 0's match result in `record` made at `rotation` (1 win, 0.5 drawn match, 0 loss: the side with the
    higher mean score over its seats wins) and its mean score minus the other side's."""
    mine, theirs = side_of(record, rotation, 0), side_of(record, rotation, 1)
    result = 0.5 if not record.winners else 1.0 if mine[0] in record.winners else 0.0
    return result, _mean([record.scores[s] for s in mine]) - _mean([record.scores[s] for s in theirs])


def _mean(values: list[float] | list[int]) -> float:
    return sum(values) / max(len(values), 1)


#: Who the inferred side is measured against: the uniform side or the flat control head to head, or both beliefs
#: against a third player.
OPPONENTS = ("uniform", "flat", "greedy", "pimc")
HEAD_TO_HEAD = ("uniform", "flat")


def play_pair(spec: Mapping[str, Any], index: int) -> dict[str, Any]:
    """Unit `index` of a run described by `spec` (a batch task)."""
    game = get_game(spec["game"])
    rules = game.check_options(spec["rules"])
    seed = derive_seed(spec["seed"], "pair", index)
    budget = {"time": spec["time"]} if spec.get("time") else {"nodes": spec["nodes"]}
    other = spec.get("opponent", "uniform")
    teams = table_teams(game, rules)
    if other not in HEAD_TO_HEAD:
        return _against_opponent(game, rules, seed, budget, other, teams)
    results: list[float] = []
    diffs: list[float] = []
    ess: list[float] = []
    nodes: dict[str, list[int]] = {"inferred": [], other: []}
    for rotation in (0, 1):
        settings = SearchSettings(algo="ismcts", seed=seed, **budget)
        second = (
            FlatAgent(game, settings, rules, name="flat", belief="inferred")
            if other == "flat"
            else CountingAgent(game, settings, rules, name="uniform", belief="uniform")
        )
        sides = [CountingAgent(game, settings, rules, name="inferred", belief="inferred"), second]
        agents = seat_agents(sides, teams, rotation)
        result, diff = _outcome(Match(game, agents, rules, seed, teams).play(SeenMoves(game, agents)), rotation)
        results.append(result)
        diffs.append(diff)
        ess += sides[0].ess
        for side in sides:
            nodes[side.name] += side.nodes
    return {
        "results": results,
        "diffs": diffs,
        "ess": _mean(ess),
        "nodes": {k: _mean(v) for k, v in nodes.items()},
    }


def _against_opponent(
    game: Any, rules: Any, seed: int, budget: dict[str, Any], opponent: str, teams: list[int]
) -> dict[str, Any]:
    """Both beliefs against `opponent` on the match `seed`, each on both sides of the table `teams`."""
    results: dict[str, list[float]] = {"inferred": [], "uniform": []}
    diffs: dict[str, list[float]] = {"inferred": [], "uniform": []}
    ess: list[float] = []
    nodes: dict[str, list[int]] = {"inferred": [], "uniform": []}
    for rotation in (0, 1):
        for belief in ("inferred", "uniform"):
            me = CountingAgent(
                game, SearchSettings(algo="ismcts", seed=seed, **budget), rules, name=belief, belief=belief
            )
            other: Agent = (
                GreedyAgent(game)
                if opponent == "greedy"
                else SearchAgent(game, SearchSettings(algo="pimc", seed=seed, **budget), rules, name="pimc")
            )
            agents = seat_agents([me, other], teams, rotation)
            result, diff = _outcome(Match(game, agents, rules, seed, teams).play(SeenMoves(game, agents)), rotation)
            results[belief].append(result)
            diffs[belief].append(diff)
            nodes[belief] += me.nodes
            if belief == "inferred":
                ess += me.ess
    return {
        "opponent": opponent,
        "results": results,
        "diffs": diffs,
        "ess": _mean(ess),
        "nodes": {k: _mean(v) for k, v in nodes.items()},
    }


def _opponent_summary(units: list[dict[str, Any]]) -> dict[str, Any]:
    """Each belief's share of the matches and points against the opponent, and their paired differences."""

    def per_pair(belief: str, key: str) -> list[float]:
        return [sum(u[key][belief]) / 2 for u in units]

    out: dict[str, Any] = {}
    for belief in ("inferred", "uniform"):
        share = mean_interval(per_pair(belief, "results"), "pair")
        points = mean_interval(per_pair(belief, "diffs"), "pair")
        games = [r for u in units for r in u["results"][belief]]
        out[belief] = {
            "share": (share.value, share.low, share.high),
            "points": (points.value, points.low, points.high),
            "wins": games.count(1.0),
            "losses": games.count(0.0),
            "drawn": games.count(0.5),
        }
    for key, name in (("results", "share_difference"), ("diffs", "points_difference")):
        d = mean_interval(
            [a - b for a, b in zip(per_pair("inferred", key), per_pair("uniform", key), strict=True)], "pair"
        )
        out[name] = (d.value, d.low, d.high)
    return out


def run_pairs(
    pairs: int,
    seed: int,
    rules: Mapping[str, Any],
    time: float | None = None,
    nodes: int | None = None,
    out: str | None = None,
    resume: bool = False,
    runner: Runner | None = None,
    on_pair: Callable[[int, Any], None] | None = None,
    opponent: str = "uniform",
    game: str = "koikoi",
) -> dict[str, Any]:
    """Plays `pairs` units of `game` (one with a decision model, two sides at the table: :func:`table_teams`; `time`
    seconds or `nodes` iterations per decision for both sides) and returns the summary: the inferred side's share of the
    matches and its point difference per match, 95% Student-t intervals over the pairs. `out` keeps the units as they
    arrive (JSON lines; `resume` continues it). `opponent` 'flat': the inferred side against its control
    (:class:`FlatAgent`) instead of the uniform side. `opponent` 'greedy' or 'pimc': both beliefs play that opponent
    instead, and the summary gives each one's share and points against it and their differences over the pairs
    (``share_difference``, ``points_difference``)."""
    if (time is None) == (nodes is None):
        raise ValueError("give either time or nodes per decision")
    if opponent not in OPPONENTS:
        raise ValueError(f"opponent must be one of {', '.join(OPPONENTS)}, got {opponent!r}")
    spec: dict[str, Any] = {"game": game, "rules": dict(rules), "seed": seed, "time": time, "nodes": nodes}
    if opponent != "uniform":  # runs against the uniform side keep the spec (and journal header) they always had
        spec["opponent"] = opponent
    tasks = [Task(f"pair/{k}", play_pair, (spec, k)) for k in range(pairs)]
    journal = Journal(out, {"job": "belief-strength", **spec}, resume) if out is not None else None
    run = runner or Runner()
    interrupted = False
    try:
        done = run.run(tasks, journal, lambda key, r: on_pair(int(key.split("/")[1]), r) if on_pair else None)
    except BatchInterrupted as e:
        done, interrupted = e.results, True
    finally:
        if runner is None:
            run.close()
    units = [done[f"pair/{k}"] for k in range(pairs) if f"pair/{k}" in done]
    sides = ("inferred", opponent if opponent in HEAD_TO_HEAD else "uniform")
    iterations = {k: _mean([u["nodes"][k] for u in units]) for k in sides}
    ess = _mean([u["ess"] for u in units])
    if opponent not in HEAD_TO_HEAD:
        return {
            "pairs": len(units),
            "interrupted": interrupted,
            **_opponent_summary(units),
            "ess": ess,
            **spec,
            "iterations": iterations,
        }
    share = mean_interval([sum(u["results"]) / 2 for u in units], "pair")
    points = mean_interval([sum(u["diffs"]) / 2 for u in units], "pair")
    games = [r for u in units for r in u["results"]]
    return {
        "pairs": len(units),
        "interrupted": interrupted,
        "wins": games.count(1.0),
        "losses": games.count(0.0),
        "drawn": games.count(0.5),
        "share": (share.value, share.low, share.high),
        "points": (points.value, points.low, points.high),
        "ess": ess,
        **spec,
        "iterations": iterations,
    }
