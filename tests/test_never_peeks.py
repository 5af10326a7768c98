"""The AI never peeks, in every hidden-information game and table size: two worlds that share the searcher's
information state (the other one sampled from its belief) give the same search, move for move and visit for
visit, with the same seed (Koi-Koi: tests/search/test_search_ismcts.py; Haniwa 2 players: tests/haniwa)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import solver
from solver.games import get_game

CASES = [
    ("haniwa", {"players": 4}, 12),
    ("haniwa", {"players": 4}, 20),
    ("ohanami", {"players": 2}, 9),
    ("ohanami", {"players": 3}, 25),
    ("honshu", {"players": 2}, 5),
    ("honshu", {"players": 4}, 14),
]


def midgame(game: str, rules: dict[str, Any], plies: int, seed: int = 7) -> Any:
    info = get_game(game)
    state = info.new(rules, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply(rng.choice(sorted(state.legal_moves())))
    return state


def comparable(report: Any) -> dict[str, Any]:
    d = report.to_dict()
    for key in ("time_s", "nps"):
        d.pop(key, None)
    return dict(d)


@pytest.mark.parametrize(("game", "rules", "plies"), CASES, ids=lambda v: str(v))
def test_two_worlds_with_the_same_view_give_the_same_search(game: str, rules: dict[str, Any], plies: int) -> None:
    info = get_game(game)
    state = midgame(game, rules, plies)
    assert not state.is_terminal()
    mover = int(state.to_move())
    view = info.view(state, mover)
    for seed in (99, 100, 101):  # a world that differs from the real one in something the mover cannot see
        other = info.State.from_world(view.text, view.belief.sample(1, seed=seed)[0])
        if info.notation(other) != info.notation(state):
            break
    assert info.notation(other) != info.notation(state)
    assert info.notation(info.view(other, mover)) == view.text
    for algo, extra in (("ismcts", {}), ("pimc", {"num_worlds": 4})):
        a = solver.search(state, algo=algo, nodes=300, seed=5, **extra)
        b = solver.search(other, algo=algo, nodes=300, seed=5, **extra)
        assert comparable(a) == comparable(b), (game, algo)
        assert a.position == view.text
