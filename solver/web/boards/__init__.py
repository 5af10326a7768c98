"""What the page draws: the board of one seat's view and the click targets of each legal move.

One module per game in this package (``connect4``, ``sensei``, ``koikoi``, ``haniwa``, ``ohanami``, ``honshu``),
each defining two functions:

- ``board(view) -> dict``: plain JSON data that the game's drawing module (``static/games/<game>.js``) draws.
  `view` is exactly what the match gives the seat (:func:`solver.play.agents.observation`): the full state in a
  perfect-information game, the seat's :class:`~solver.determinize.infostate.InformationState` otherwise. A
  hidden-information board is built from ``view.text`` (the information-state notation), which holds nothing the
  seat does not see. The view's ``proxy`` (one world the view allows, its hidden cards made up) may be asked only
  what is the same in every such world — public facts the engine computes, e.g. a Honshu map's score — never a
  hidden card; tests/web/test_isolation.py builds every board from two different worlds and requires the same.
- ``move_targets(view, move, text) -> list[str]``: the ids of the drawn elements a person clicks, in order, to
  make the legal move `move` (notation `text`), e.g. ``["sq:g1", "sq:g5"]``; ``[]`` for a move with nothing on
  the board to click (``end turn``, ``koi-koi``): the page shows those as buttons. Ids are ``kind:name``
  strings; the drawing module puts each on its element as ``data-target="<id>"``.

A module may also define ``move_label(view, move, text) -> str``, the words a button or list shows for a move
(default: its notation; e.g. ``"koi-koi: go on for more"``), and ``move_preview(view, move, text) -> dict | None``:
what the page shows before the move is confirmed (Honshu: the cells a placement covers), and
``unordered_targets(view, move, text) -> bool``: True when the move's targets may be clicked in any order (an
Ohanami pick of two hand cards). The rules stay in the
engine: legal moves always come from ``view.legal_moves()``; these modules only say where a move is drawn.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from ...games import GameInfo, get_game


def module_of(game: str | GameInfo) -> ModuleType:
    """The board module of `game` (ValueError for a game the page cannot draw)."""
    name = get_game(game).name
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError:
        raise ValueError(f"the web page cannot draw {name} yet") from None


def board_of(game: str | GameInfo, view: Any) -> dict[str, Any]:
    """The board data of one seat's `view`."""
    return dict(module_of(game).board(view))


def legal_of(game: str | GameInfo, view: Any) -> list[dict[str, Any]]:
    """The legal moves of the seat to move in `view`, each as ``{"move": notation, "label": words, "targets":
    [...]}`` (plus ``"preview"`` where the game's module gives one), sorted by notation; [] when the game is over."""
    if view.is_terminal():
        return []
    mod = module_of(game)
    preview = getattr(mod, "move_preview", None)
    label = getattr(mod, "move_label", None)
    unordered = getattr(mod, "unordered_targets", None)
    out = []
    for move in view.legal_moves():
        text = str(view.move_to_string(move))
        entry: dict[str, Any] = {
            "move": text,
            "label": label(view, int(move), text) if label is not None else text,
            "targets": list(mod.move_targets(view, int(move), text)),
        }
        if unordered is not None and unordered(view, int(move), text):
            entry["unordered"] = True
        if preview is not None:
            shown = preview(view, int(move), text)
            if shown is not None:
                entry["preview"] = shown
        out.append(entry)
    return sorted(out, key=lambda e: e["move"])
