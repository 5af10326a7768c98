"""The seats of a game named in its own words, for a page that shows a position and no table: the game's name of
a seat (X and O, South and North), else its place (first seat, second seat, ...) — never a seat's index."""

from __future__ import annotations

from ..games import GameInfo

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def side_name(info: GameInfo, seat: int) -> str:
    """The game's own name of `seat` ('X', 'South'), else its place ('first seat')."""
    name = info.player_name(seat)
    if not name.startswith("player "):
        return name
    return f"{ORDINALS[seat]} seat" if seat < len(ORDINALS) else f"seat {seat + 1}"


def side_names(info: GameInfo, count: int) -> list[str]:
    """The names of the `count` seats of a position (:func:`side_name`)."""
    return [side_name(info, seat) for seat in range(count)]


__all__ = ["ORDINALS", "side_name", "side_names"]
