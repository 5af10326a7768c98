"""The game registry: every playable game by name (and alias).

Every package in this folder that defines ``GAME`` (a :class:`GameInfo`) is registered under ``GAME.name`` and
``GAME.aliases`` when the registry is first imported: adding a game's Python side is adding its package.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from .base import GameInfo

GAMES: dict[str, GameInfo] = {}
ALIASES: dict[str, str] = {}


class UnknownGameError(ValueError):
    """A game name that is not in the registry."""


def register(game: GameInfo, *aliases: str) -> None:
    """Makes `game` available under its name and the given aliases."""
    GAMES[game.name] = game
    for alias in aliases:
        ALIASES[alias] = game.name


def get_game(name: str | GameInfo) -> GameInfo:
    """The game called `name` or one of its aliases (case-insensitive).

    UnknownGameError lists the known games.
    """
    if isinstance(name, GameInfo):
        return name
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    game = GAMES.get(key)
    if game is None:
        known = ", ".join(
            f"{n} ({', '.join(a for a, t in sorted(ALIASES.items()) if t == n)})" if n in ALIASES.values() else n
            for n in sorted(GAMES)
        )
        raise UnknownGameError(f"unknown game '{name}' (known games: {known})")
    return game


def game_of_state(state: Any) -> GameInfo:
    """The registered game whose compiled State class `state` is an instance of."""
    for game in GAMES.values():
        if isinstance(state, game.State):
            return game
    raise UnknownGameError(f"{type(state).__module__}.{type(state).__name__} is not a registered game state")


def _register_all() -> None:
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.ispkg:
            game = getattr(importlib.import_module(f"{__name__}.{info.name}"), "GAME", None)
            if isinstance(game, GameInfo):
                register(game, *game.aliases)


_register_all()

__all__ = ["ALIASES", "GAMES", "GameInfo", "UnknownGameError", "game_of_state", "get_game", "register"]
