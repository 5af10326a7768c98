"""What the lobby shows before anything is chosen: every game with its short description and player count, its
rule options, its rated modes (named in words) with their levels, and the level preselected for the opponent.

The page is given it at once, over plain HTTP (``GET /api/lobby.js``, a script loaded before the page's modules;
``GET /api/lobby`` is the same as JSON: :data:`LOBBY_ROUTES`), so the lobby is drawn without waiting for the
WebSocket; the hub's ``catalog`` reply is the same list of games."""

from __future__ import annotations

import functools
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..games import GAMES
from ..rating.ladders import shipped_path
from ..rating.levels import DEFAULT_LEVEL
from ..rating.pools import MODES
from .rule_words import mode_name
from .tables import level_entry, rated_levels

#: The level the lobby preselects for an engine seat: one below `kofun play`'s default level (about where a new
#: profile's rating starts), so that a newcomer wins some of the first games.
LOBBY_LEVEL = DEFAULT_LEVEL - 1

#: Each game in a sentence (the lobby's game list).
DESCRIPTIONS = {
    "connect4": "Drop discs into a standing grid of 7 columns: four of your colour in a row wins.",
    "sensei": "A race on a 7x7 board: move your stones and pass your character from stone to stone until it "
    "stands on one of them on the far row.",
    "koikoi": "Capture flower cards of the same month to make yaku, then stop and score or call koi-koi "
    "and play on for more.",
    "haniwa": "Place power tiles in the four Gozoku columns of your zone: they push the dice, wake the Dogu and "
    "earn Kofun; the stronger zone wins each column. 2 players, 4 in two teams, or solo.",
    "ohanami": "Draft cards over three rounds and build three flowering columns in your garden, scored by colour.",
    "honshu": "Bid a card each round for the turn order, take one of the cards played and lay it on your map: "
    "forests, towns, lakes and factories fed with cubes score.",
}


def players_text(counts: list[int]) -> str:
    """'2 players', '2 to 5 players', '1, 2 or 4 players'."""
    if len(counts) == 1:
        return f"{counts[0]} player{'s' if counts[0] != 1 else ''}"
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]} players"
    return f"{', '.join(map(str, counts[:-1]))} or {counts[-1]} players"


def _player_counts(info: Any) -> list[int]:
    spec = next((o for o in info.options if o.name == "players"), None)
    if spec is not None and spec.choices:
        return sorted(int(c) for c in spec.choices)
    return [info.num_players()]


def catalog() -> list[dict[str, Any]]:
    """Every game: its description, player counts, rule options, its rated modes (with the rules that select them,
    their names in words), seat counts and the game's names of its seats (`sides`: X and O, South and North)."""
    out = []
    for info in sorted(GAMES.values(), key=lambda g: g.name):
        modes = [
            {"name": name, "title": mode_name(info.name, name), "rules": info.check_options(mode.rules),
             "rated": shipped_path(info.name, name).exists(), "players": info.num_players(mode.rules)}
            for name, mode in MODES.get(info.name, {}).items()
        ]  # fmt: skip
        options = [
            {"name": o.name, "default": o.default, "help": o.help, "choices": list(o.choices) if o.choices else None,
             "min": o.min_value, "max": o.max_value}
            for o in info.options
        ]  # fmt: skip
        counts = _player_counts(info)
        out.append({
            "name": info.name, "title": info.title, "hidden_information": info.has_hidden_information,
            "description": DESCRIPTIONS.get(info.name, ""), "player_counts": counts,
            "players_text": players_text(counts), "options": options, "modes": modes, "players": info.num_players(),
            "sides": [info.player_name(i) for i in range(max(counts))],
        })  # fmt: skip
    return out


def mode_levels(game: str, mode: str) -> dict[str, Any]:
    """The levels of a rated mode as the ``levels`` reply gives them (none, and why, when it has no ladder)."""
    rules = dict(MODES[game][mode].rules)
    try:
        return {"levels": [level_entry(i, lv) for i, lv in enumerate(rated_levels(game, rules), 1)],
                "unrated_reason": None}  # fmt: skip
    except ValueError as e:
        return {"levels": [], "unrated_reason": str(e)}


@functools.cache
def lobby_data() -> dict[str, Any]:
    """Everything the lobby draws first: the games, every rated mode's levels, the preselected level (computed
    once: the ladders are files shipped with the package)."""
    games = catalog()
    for g in games:
        for m in g["modes"]:
            m.update(mode_levels(g["name"], m["name"]))
    return {"games": games, "default_level": LOBBY_LEVEL}


async def lobby_page(request: Request) -> Response:
    """``GET /api/lobby``: :func:`lobby_data` as JSON."""
    return JSONResponse(lobby_data(), headers={"Cache-Control": "no-cache"})


async def lobby_script(request: Request) -> Response:
    """``GET /api/lobby.js``: the same data as a script (``window.KOFUN_LOBBY = ...``) that the page loads before
    its modules, so the lobby is drawn before the page's load event, without waiting for anything."""
    body = f"window.KOFUN_LOBBY = {json.dumps(lobby_data(), separators=(',', ':'))};\n"
    return Response(body, media_type="text/javascript", headers={"Cache-Control": "no-cache"})


#: The routes of the lobby's data, for the server's routes.
LOBBY_ROUTES = [Route("/api/lobby", lobby_page), Route("/api/lobby.js", lobby_script)]

__all__ = ["DESCRIPTIONS", "LOBBY_LEVEL", "LOBBY_ROUTES", "catalog", "lobby_data", "players_text"]
