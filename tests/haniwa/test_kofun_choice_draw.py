"""The replacement draw comes after the Kofun choice (haniwa.md, turn steps 3 then 5): a player whose placement
pushes a die past 6 chooses a Kofun with a hand one tile short, and draws back up at the end of the turn. The
chooser's information state holds nothing of the next stock tile: two worlds that differ only in it give the same
view. A position written with the hand already full (the earlier order) is still read, and plays the same."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solver import NotationError
from solver.games import get_game

GAME = get_game("haniwa")


def first_choice(players: int, seed: int) -> Any:
    """The first Kofun choice of a random game (None when the game has none)."""
    state = GAME.new({"players": players}, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if " phase=choose " in GAME.notation(state):
            return state
        state.apply(rng.choice(state.legal_moves()))
    return None


def fields(state: Any) -> dict[str, str]:
    return dict(token.split("=", 1) for token in GAME.notation(state).split())


def choices(players: int, count: int) -> list[Any]:
    out = []
    for seed in range(200):
        s = first_choice(players, seed)
        if s is not None and fields(s)["stock"] != "-" and len(set(fields(s)["stock"].split(","))) > 1:
            out.append(s)
        if len(out) == count:
            break
    assert len(out) == count
    return out


def swapped_stock(state: Any) -> Any:
    """The same position with the next stock tile swapped for a later tile of another kind."""
    f = fields(state)
    stock = f["stock"].split(",")
    j = next(i for i, t in enumerate(stock) if t != stock[0])
    stock[0], stock[j] = stock[j], stock[0]
    text = GAME.notation(state).replace(f"stock={f['stock']}", "stock=" + ",".join(stock))
    return GAME.parse(text)


@pytest.mark.parametrize("players", [2, 4])
def test_the_chooser_holds_a_hand_one_short_and_draws_after_the_choice(players: int) -> None:
    size = 4 if players == 2 else 3
    for state in choices(players, 5):
        chooser = int(state.to_move())
        f = fields(state)
        assert len(f[f"hand{chooser}"].split(",")) == size - 1
        next_tile = f["stock"].split(",")[0]
        after = state.clone()
        after.apply(after.legal_moves()[0])  # take a Kofun
        hand = fields(after)[f"hand{chooser}"].split(",")
        assert len(hand) == size and sorted(hand) == sorted([*f[f"hand{chooser}"].split(","), next_tile])


@pytest.mark.parametrize("players", [2, 4])
def test_the_choosers_view_does_not_contain_the_next_stock_tile(players: int) -> None:
    for state in choices(players, 5):
        chooser = int(state.to_move())
        other = swapped_stock(state)
        assert GAME.notation(other) != GAME.notation(state)
        assert GAME.notation(GAME.view(other, chooser)) == GAME.notation(GAME.view(state, chooser))
        assert sorted(m for m in other.legal_moves()) == sorted(state.legal_moves())


def test_a_position_written_with_the_draw_first_is_still_read() -> None:
    state = choices(2, 1)[0]
    chooser = int(state.to_move())
    f = fields(state)
    stock = f["stock"].split(",")
    hand = sorted([*f[f"hand{chooser}"].split(","), stock[0]], key=lambda t: ("RBGY".index(t[0]), t[1]))
    text = GAME.notation(state).replace(f"hand{chooser}={f[f'hand{chooser}']}", f"hand{chooser}=" + ",".join(hand))
    rest = ",".join(stock[1:]) or "-"
    old = GAME.parse(text.replace(f"stock={f['stock']}", f"stock={rest}"))
    move = state.legal_moves()[0]
    a, b = state.clone(), old.clone()
    a.apply(move)
    b.apply(move)
    assert GAME.notation(a) == GAME.notation(b)  # the old form drew already; it draws nothing more


def test_a_full_hand_for_someone_else_is_refused() -> None:
    state = choices(2, 1)[0]
    chooser = int(state.to_move())
    f = fields(state)
    other = 1 - chooser
    *kept, moved = f[f"hand{other}"].split(",")  # the other hand one short, its tile back in the stock
    text = GAME.notation(state).replace(f"hand{other}={f[f'hand{other}']}", f"hand{other}=" + ",".join(kept))
    text = text.replace(f"stock={f['stock']}", f"stock={f['stock']},{moved}")
    with pytest.raises(NotationError, match="hands are full while the stock lasts"):
        GAME.parse(text)


def test_a_tile_written_too_often_is_the_one_named() -> None:
    state = GAME.new({}, 1)
    f = fields(state)
    hand = f["hand0"].split(",")
    stock = f["stock"].split(",")
    extra = next(t for t in stock if t != hand[0])  # put a stock tile's kind in the hand instead of hand[0]
    count = sum(t == extra for t in [*stock, *hand, *f["hand1"].split(",")]) + 1
    text = GAME.notation(state).replace(f"hand0={f['hand0']}", "hand0=" + ",".join([extra, *hand[1:]]))
    with pytest.raises(NotationError) as e:
        GAME.parse(text)
    assert f"tile {extra} appears {count} times" in str(e.value)
