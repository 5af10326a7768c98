"""Notation errors name what is really wrong."""

from __future__ import annotations

import pytest

from solver import NotationError
from solver.games import get_game


def test_honshu_sixth_seat_says_how_many_players_are_allowed() -> None:
    game = get_game("honshu")
    text = game.notation(game.new({"players": 5}, 1))
    for extra in ("hand5=1,3,4,5,9,13", "cubes5=0,0,0,0", "map7=A"):
        with pytest.raises(NotationError) as e:
            game.parse(text + " " + extra)
        key = extra.split("=")[0]
        seat = "".join(ch for ch in key if ch.isdigit())
        assert str(e.value) == (
            f"honshu position, field {key!r}: seat {seat} would make {int(seat) + 1} players or more; "
            "Honshu is played by 2 to 5 players (seats 0 to 4)"
        )
    view = game.notation(game.view(game.new({"players": 5}, 1), 0))
    with pytest.raises(NotationError, match="Honshu is played by 2 to 5 players"):
        game.parse(view + " hand5=?6")
    assert game.parse(text).num_players == 5
