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
from .config import Config, ConfigError, EngineConfig, load_config
from .games import GAMES, GameInfo, UnknownGameError, get_game
from .search import GameRecord, Progress, SearchReport, analyse, search
from .search import play_game as _play_game

__version__ = "0.1.0"


def parse(game: str | GameInfo, text: str, **options: Any) -> Any:
    """The position `text` of `game` (rule options as keywords); NotationError names the faulty field."""
    return get_game(game).parse(text, options)


def new(game: str | GameInfo, seed: int = 0, **options: Any) -> Any:
    """The starting position of `game` under the given rule options (dealt from `seed` where relevant)."""
    return get_game(game).new(options, seed)


def _position(g: GameInfo, position: Any, seed: int = 0) -> Any:
    """A fresh state from notation, from a state (copied), or the start position when `position` is None."""
    if position is None:
        return g.new(seed=seed)
    if isinstance(position, str):
        return g.parse(position)
    if not isinstance(position, g.State):
        raise TypeError(f"position must be {g.name} notation or a {g.name} State, got {type(position).__name__}")
    return position.clone()


def best_move(game: str | GameInfo, position: Any = None, **limits: Any) -> SearchReport:
    """Searches `position` (notation or a State; default: the start position) of `game`.

    Keywords as for :func:`search` (time, nodes, depth, algo, threads, seed, ...).
    """
    g = get_game(game)
    return search(_position(g, position), **limits)


def play_game(
    game: str | GameInfo,
    position: Any = None,
    players: Sequence[Mapping[str, Any]] | None = None,
    seed: int = 0,
    opening_plies: int = 0,
    **limits: Any,
) -> GameRecord:
    """An AI-vs-AI game of `game` from `position` (default: the start), returning the moves and the result.

    Each player searches with ``players[i]`` (keywords of :func:`search`), by default the same `limits` for
    everyone; the first `opening_plies` moves are random from `seed`.
    """
    g = get_game(game)
    state = _position(g, position, seed)
    if players is None:
        players = [dict(limits)] * state.num_players
    elif limits:
        players = [{**limits, **p} for p in players]
    return _play_game(state, players, seed=seed, opening_plies=opening_plies)


__all__ = [
    "GAMES",
    "Config",
    "ConfigError",
    "EngineConfig",
    "GameInfo",
    "GameRecord",
    "IllegalMoveError",
    "NotationError",
    "Progress",
    "RuleOptionError",
    "SearchReport",
    "UnknownGameError",
    "WorldError",
    "analyse",
    "best_move",
    "games",
    "get_game",
    "load_config",
    "new",
    "parse",
    "play_game",
    "search",
]
