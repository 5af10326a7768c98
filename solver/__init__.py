"""kofun: a game-solving search engine for Sensei, Haniwa, Koi-Koi, Ohanami and Honshu.

Quick use::

    import solver
    report = solver.best_move("connect4", "4453", depth=12)
    print(report.best_move, report.value_text, report.pv)

``solver.games`` holds the game registry, :func:`search` / :func:`analyse` run the compiled searches on any
position, and the exception classes (all ValueErrors) report bad input.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import games
from ._core import IllegalMoveError, NotationError, RuleOptionError, WorldError
from ._version import __version__
from .games import GAMES, GameInfo, UnknownGameError, get_game
from .play.agents import Agent, GreedyAgent, RandomAgent, SearchAgent, make_agent
from .play.match import Match, play_match, rotations
from .play.record import GameRecord
from .rating.choose import agent_for_rating
from .review import Review, ReviewSettings, review
from .search.analysis import analyse
from .search.config import Config, ConfigError, load_config
from .search.runner import Progress, SearchReport, search
from .search.settings import SearchSettings, SettingsError
from .search.solve_set import SolvedPosition, solve_set
from .search.values import Score


def parse(game: str | GameInfo, text: str, **options: Any) -> Any:
    """The position `text` of `game` (rule options as keywords); NotationError names the faulty field."""
    return get_game(game).parse(text, options)


def new(game: str | GameInfo, seed: int = 0, **options: Any) -> Any:
    """The starting position of `game` under the given rule options (dealt from `seed` where relevant)."""
    return get_game(game).new(options, seed)


def _position(g: GameInfo, position: Any, seed: int = 0, options: Mapping[str, Any] | None = None) -> Any:
    """A fresh state from notation, from a state (copied), or the start position when `position` is None."""
    if position is None:
        return g.new(options, seed=seed)
    if isinstance(position, str):
        return g.parse(position, options)
    if not isinstance(position, g.State):
        raise TypeError(f"position must be {g.name} notation or a {g.name} State, got {type(position).__name__}")
    return position.clone()


def best_move(game: str | GameInfo, position: Any = None, **settings: Any) -> SearchReport:
    """Searches `position` (notation or a State; default: the start position) of `game`.

    Keywords as for :func:`search` (time, nodes, depth, algo, threads, seed, ...).
    """
    return search(_position(get_game(game), position), **settings)


def solve(game: str | GameInfo, position: Any = None, **settings: Any) -> SearchReport:
    """Proves the value of `position` (notation or a State; default: the start position) of a game of bounded
    length: win / draw / loss with the distance, the best moves and the PV, or, when the budget (``time``,
    ``nodes``; default 2 s) runs out first, the bounds reached (``report.proof == "none"``)."""
    return search(_position(get_game(game), position), algo="solve", **settings)


def play_game(
    game: str | GameInfo,
    position: Any = None,
    players: Sequence[Mapping[str, Any] | Agent] | None = None,
    seed: int = 0,
    opening_plies: int = 0,
    rules: Mapping[str, Any] | None = None,
    **settings: Any,
) -> GameRecord:
    """A game between agents from `position` (default: a new game dealt from `seed`), returning its record.

    `players` has one entry per seat: an :class:`Agent`, or search settings (keywords of :func:`search`); by
    default every seat searches with `settings`. The first `opening_plies` moves are random (from `seed`).
    """
    g = get_game(game)
    opts = g.check_options(rules)
    start = None if position is None else _position(g, position, seed, opts)
    seats = int(start.num_players) if start is not None else g.num_players(opts)
    entries: Sequence[Mapping[str, Any] | Agent] = players if players is not None else [{}] * seats
    agents = [
        p if isinstance(p, Agent) else SearchAgent(g, SearchSettings.from_mapping({**settings, **p}), opts)
        for p in entries
    ]
    return Match(g, agents, opts, seed, start=start, opening_plies=opening_plies).play()


def agent_for(
    game: str | GameInfo, kind: str = "search", rules: Mapping[str, Any] | None = None, **settings: Any
) -> Agent:
    """An agent of `game`: 'random', 'greedy', 'search' or an algorithm name, with search settings as keywords."""
    return make_agent(game, kind, SearchSettings.from_mapping(settings), rules)


__all__ = [
    "GAMES",
    "Agent",
    "Config",
    "ConfigError",
    "GameInfo",
    "GameRecord",
    "GreedyAgent",
    "IllegalMoveError",
    "Match",
    "NotationError",
    "Progress",
    "RandomAgent",
    "Review",
    "ReviewSettings",
    "RuleOptionError",
    "Score",
    "SearchAgent",
    "SearchReport",
    "SearchSettings",
    "SettingsError",
    "SolvedPosition",
    "UnknownGameError",
    "WorldError",
    "__version__",
    "agent_for",
    "agent_for_rating",
    "analyse",
    "best_move",
    "games",
    "get_game",
    "load_config",
    "new",
    "parse",
    "play_game",
    "play_match",
    "review",
    "rotations",
    "search",
    "solve",
    "solve_set",
]
