"""Reading a view's notation for a board: the words of an information state (or a position) are ``key=value``
fields."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class BoardError(ValueError):
    """A view or a move text a board cannot read (the message names the game and the field)."""


def view_text(view: Any, game: str, full_state: bool = False) -> str:
    """The notation of a seat's view: an information state's text; with `full_state`, also a full position's
    notation (BoardError for anything else)."""
    text = getattr(view, "text", None)
    if isinstance(text, str):
        return text
    if full_state and hasattr(view, "to_string"):
        return str(view.to_string())
    raise BoardError(f"{game} board: expected a seat's information state (InformationState), got {type(view).__name__}")


def read_fields(text: str, game: str, required: Sequence[str] = ()) -> dict[str, str]:
    """The ``key=value`` fields of `text`; BoardError names a word that is not one, or a missing required key."""
    fields: dict[str, str] = {}
    for token in text.split():
        key, sep, value = token.partition("=")
        if not sep:
            raise BoardError(f"{game} board: '{token}' is not a key=value field of the information state")
        fields[key] = value
    for key in required:
        if key not in fields:
            raise BoardError(f"{game} board: the information state has no field '{key}' (got: {text!r})")
    return fields
