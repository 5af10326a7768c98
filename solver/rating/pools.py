"""Rating-ladder pools: the agents of each game's main modes, by budget.

For each game and main mode (:data:`MODES`): ``random``, ``greedy`` where the game has one, the default search at
budgets spaced x4 (16, 64, 256, 1k, ... nodes or iterations) up to full strength (about 2 s per decision on one
core of the reference machine), and the other algorithm at two budgets (MCTS beside alpha-beta; PIMC beside
ISMCTS). Levels are defined by budgets, never by seconds; the time per decision is measured (:class:`TimedAgent`)
and reported beside each rating. The tournament that rates them is :mod:`solver.rating.tournament`.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..games import GameInfo, get_game
from ..play.agents import Agent, GreedyAgent, RandomAgent, SearchAgent
from ..search.settings import SearchSettings

#: The smallest budget of every ladder: x4 below the 64 of the issue, so that the bottom of a deterministic game's
#: ladder still loses a game to random now and then (at 64 nodes random wins ~3% of Connect Four games; the rating
#: gap of a pair that never loses cannot be measured).
BOTTOM_BUDGET = 16
PIMC_WORLDS = 16


@dataclass(frozen=True)
class Mode:
    """A main mode of a game: the rules that select it, its default and other algorithm, the budgets of the
    default search, the other algorithm's two budgets, and random opening plies (deterministic searches only)."""

    rules: Mapping[str, Any]
    algo: str
    budgets: tuple[int, ...]
    alt_algo: str
    alt_budgets: tuple[int, int]
    opening_plies: int = 0
    #: The level rated 0. Random where it ever wins a game; else the lowest level of the default search.
    anchor: str = "random"
    #: The two sides of a table when the rules have more: each seat's side (e.g. 0, 1, 0, 1: two agents at a
    #: 4-player table, each playing two seats, a side scoring its seats' mean). None: the rules' own sides.
    teams: tuple[int, ...] | None = None


def _x4(top: int, bottom: int = BOTTOM_BUDGET) -> tuple[int, ...]:
    out, b = [], bottom
    while b <= top:
        out.append(b)
        b *= 4
    return tuple(out)


def _rungs(full: int, bottom: int = BOTTOM_BUDGET) -> tuple[int, ...]:
    """The default search's budgets: x4 from `bottom` up to below `full`, then `full` (full strength) on top."""
    return (*(b for b in _x4(full, bottom) if b < full), full)


#: Full strength per mode: the default search's budget of `kofun play --level 8` and of the web's full strength,
#: the power of two nearest 2 s a decision on one core of the development machine, averaged over the positions of
#: a game (scripts/ladder_pilot.py; docs/ladders.md "Full strength"). A budget, not a time, so that full strength
#: plays the same on every machine and can be rated.
FULL_STRENGTH: dict[str, dict[str, int]] = {
    "connect4": {"standard": 1 << 24},
    "sensei": {"arashi": 1 << 23, "shizukana": 1 << 23},
    "haniwa": {"2p": 1 << 18, "4p": 1 << 18},
    "koikoi": {"seed": 1 << 20, "nintendo": 1 << 20},
    "ohanami": {"2p": 1 << 18, "4p": 1 << 18},
    "honshu": {"2p": 1 << 15, "4p": 1 << 14},
}

#: Every game's main modes. The default search's budgets rise x4 from the bottom to full strength
#: (:data:`FULL_STRENGTH`, the top rung). A ladder has two sides: with 4 players (Haniwa's teams, Ohanami's and
#: Honshu's four gardens and islands) two agents share the table, each playing two seats across from each other.
#: In Honshu random never wins a game against greedy or any search, even ISMCTS with one iteration (0 of 514
#: games), so its ladders leave random out and are anchored at ISMCTS with one iteration (= 0) (docs/ladders.md).
F = FULL_STRENGTH
MODES: dict[str, dict[str, Mode]] = {
    "connect4": {
        "standard": Mode({}, "alphabeta", _rungs(F["connect4"]["standard"]), "mcts", (1_024, 16_384), opening_plies=4)
    },
    "sensei": {
        "arashi": Mode(
            {"version": "arashi"}, "alphabeta", _rungs(F["sensei"]["arashi"]), "mcts", (1_024, 16_384), opening_plies=4
        ),
        "shizukana": Mode(
            {"version": "shizukana"},
            "alphabeta",
            _rungs(F["sensei"]["shizukana"]),
            "mcts",
            (1_024, 16_384),
            opening_plies=4,
        ),
    },
    "haniwa": {
        "2p": Mode({"players": 2}, "ismcts", _rungs(F["haniwa"]["2p"]), "pimc", (1_024, 16_384)),
        "4p": Mode({"players": 4}, "ismcts", _rungs(F["haniwa"]["4p"]), "pimc", (1_024, 16_384)),
    },
    "koikoi": {
        "seed": Mode({"preset": "seed"}, "ismcts", _rungs(F["koikoi"]["seed"]), "pimc", (1_024, 16_384)),
        "nintendo": Mode({"preset": "nintendo"}, "ismcts", _rungs(F["koikoi"]["nintendo"]), "pimc", (1_024, 16_384)),
    },
    # from 1 iteration: random wins 1.4% of its games against 16 iterations (5 of 360), too few to measure the gap
    "ohanami": {
        "2p": Mode({"players": 2}, "ismcts", _rungs(F["ohanami"]["2p"], 1), "pimc", (1_024, 16_384)),
        "4p": Mode(
            {"players": 4}, "ismcts", _rungs(F["ohanami"]["4p"], 1), "pimc", (1_024, 16_384), teams=(0, 1, 0, 1)
        ),
    },
    "honshu": {
        "2p": Mode({"players": 2}, "ismcts", _rungs(F["honshu"]["2p"], 1), "pimc", (1_024, 16_384), anchor="ismcts-1"),
        "4p": Mode(
            {"players": 4},
            "ismcts",
            _rungs(F["honshu"]["4p"], 1),
            "pimc",
            (1_024, 16_384),
            anchor="ismcts-1",
            teams=(0, 1, 0, 1),
        ),
    },
}


def full_strength(game: str | GameInfo, mode: str) -> int:
    """The default search's budget at full strength in `mode` of `game` (the ladder's top rung)."""
    return MODES[get_game(game).name][mode].budgets[-1]


def mode_of(game: str | GameInfo, rules: Mapping[str, Any] | None = None) -> tuple[str, GameInfo]:
    """The main mode that `rules` select for `game` (the first mode whose rules they match, defaults filled in);
    ValueError when the game has no ladder or the rules are not one of its main modes."""
    info = get_game(game)
    if info.name not in MODES:
        raise ValueError(f"{info.name}: no rating ladder for this game yet")
    given = info.check_options(rules)
    for name, mode in MODES[info.name].items():
        if info.check_options(mode.rules) == given:
            return name, info
    modes = "; ".join(
        f"{n}: " + (" ".join(f"--rule {k}={v}" for k, v in m.rules.items()) or "the default rules")
        for n, m in MODES[info.name].items()
    )
    raise ValueError(f"{info.name}: these rules are not a rated mode (modes: {modes})")


def hash_for(nodes: int) -> int:
    """The alpha-beta table of a ladder level: 16 bytes per entry, about one entry per node, 1..64 MB."""
    mb = max(1, (nodes * 16) >> 20)
    return int(min(64, 1 << (mb - 1).bit_length()))


@dataclass(frozen=True)
class Entry:
    """A pool member: its name (stable across runs), kind, algorithm and budget, and its full search settings."""

    name: str
    kind: str
    algo: str | None = None
    budget: int | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    main: bool = False


def search_entry(algo: str, budget: int, main: bool) -> Entry:
    """The search `algo` at `budget` nodes (iterations) with one thread; alpha-beta's table sized to the budget."""
    settings: dict[str, Any] = {"algo": algo, "nodes": budget, "threads": 1, "seed": 0}
    if algo == "alphabeta":
        settings["hash_mb"] = hash_for(budget)
    if algo == "pimc":
        settings["num_worlds"] = PIMC_WORLDS
    return Entry(f"{algo}-{budget}", "search", algo, budget, settings, main)


def pool(game: str | GameInfo, mode: str, max_budget: int | None = None, min_budget: int | None = None) -> list[Entry]:
    """The agents of the ladder of `game` in `mode`, in ladder order (random first where it is the anchor; the
    other algorithm's levels after the default search's level of the same or next smaller budget). `max_budget`
    caps the budgets; `min_budget` leaves out the default search's levels below it (the pool of a ladder made when
    the mode's ladder started higher)."""
    info = get_game(game)
    m = MODES[info.name][mode]
    cap = max_budget if max_budget is not None else max(m.budgets)
    low = min_budget if min_budget is not None else m.budgets[0]
    if cap < m.budgets[0]:
        raise ValueError(f"max budget: must be >= {m.budgets[0]}, got {cap}")
    if low not in m.budgets or low > cap:
        raise ValueError(f"min budget: must be one of the ladder's budgets up to the max budget, got {low}")
    entries = [Entry("random", "random")] if m.anchor == "random" else []
    try:
        info.greedy_move(info.observe(info.new(m.rules, 0), 0), 0)
        entries.append(Entry("greedy", "greedy"))
    except ValueError:
        pass
    alts = [search_entry(m.alt_algo, b, False) for b in m.alt_budgets if b <= cap]
    for b in m.budgets:
        if b > cap:
            break
        if b < low:
            continue
        entries.append(search_entry(m.algo, b, True))
        entries.extend(a for a in alts if a.budget is not None and b <= a.budget < b * 4)
    if m.anchor not in [e.name for e in entries]:
        raise ValueError(f"min budget: the ladder's anchor {m.anchor} (rated 0) must stay in the pool, got {low}")
    return entries


class TimedAgent:
    """An agent whose decisions with a real choice (more than one legal move) are timed."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.sees_everything = agent.sees_everything
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, view: Any, rng: Any) -> int:
        choice = len(view.legal_moves()) > 1
        start = time.perf_counter()
        move = self.agent.choose(view, rng)
        if choice:
            self.seconds += time.perf_counter() - start
            self.decisions += 1
        return move

    def settings(self) -> dict[str, Any]:
        return self.agent.settings()


def make_agent(info: GameInfo, entry: Mapping[str, Any], rules: Mapping[str, Any]) -> Agent:
    """The agent of a pool entry (as plain data)."""
    if entry["kind"] == "random":
        return RandomAgent()
    if entry["kind"] == "greedy":
        return GreedyAgent(info)
    return SearchAgent(info, SearchSettings.from_mapping(entry["settings"]), rules, name=entry["name"])


__all__ = ["MODES", "Entry", "Mode", "TimedAgent", "make_agent", "mode_of", "pool", "search_entry"]
