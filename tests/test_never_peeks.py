"""The AI never peeks, in every hidden-information game and table size: two worlds that share the searcher's
information state (the other one sampled from its belief) give the same search, move for move and visit for
visit, with the same seed (Koi-Koi: tests/search/test_search_ismcts.py; Haniwa 2 players: tests/haniwa)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import solver
from solver.games import get_game
from solver.play.agents import GreedyAgent

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
    algos: list[tuple[str, dict[str, Any]]] = [("ismcts", {}), ("pimc", {"num_worlds": 4})]
    for algo, extra in algos:
        a = solver.search(state, algo=algo, nodes=300, seed=5, **extra)
        b = solver.search(other, algo=algo, nodes=300, seed=5, **extra)
        assert comparable(a) == comparable(b), (game, algo)
        assert a.position == view.text


def _koikoi_stop(state: Any, observer: int) -> bool:
    return len(state.stock) <= 14 and state.to_move() == observer and state.phase == "play"


def _honshu_stop(state: Any, observer: int) -> bool:
    return state.round == 5 and state.phase == "play" and state.to_move() == observer


def _haniwa_stop(state: Any, observer: int) -> bool:
    return state.stock_left() <= 20 and state.to_move() == observer


def _ohanami_stop(state: Any, observer: int) -> bool:
    return state.round == 2 and state.turn == 2 and state.phase == "pick" and state.to_move() == observer


INFERRED = [
    ("koikoi", {}, 11, _koikoi_stop),
    ("honshu", {"players": 2}, 3, _honshu_stop),
    ("honshu", {"players": 4, "hand_passing": "official"}, 3, _honshu_stop),
    ("haniwa", {"players": 2}, 4, _haniwa_stop),
    ("haniwa", {"players": 4}, 4, _haniwa_stop),
    ("ohanami", {"players": 3}, 2, _ohanami_stop),
    ("ohanami", {"players": 4}, 2, _ohanami_stop),
]


@pytest.mark.parametrize(("game", "rules", "seed", "stop"), INFERRED, ids=lambda v: str(v))
def test_the_inferred_belief_never_peeks(game: str, rules: dict[str, Any], seed: int, stop: Any) -> None:
    """Belief 'inferred' (Koi-Koi; Honshu with and without hand passing; Haniwa 2 and 4 players; Ohanami 3 and 4
    players, round 2, second turn): a seat is shown each move as its own information state before it and the move's
    notation (solver.play.seen.SeenMoves), so games that differ at every move only in cards the seat cannot see feed
    it the same seen moves, and give the same weighted worlds and the same search."""
    from solver.determinize.inference import infer
    from solver.play.agents import SearchAgent
    from solver.play.seen import SeenMoves
    from solver.search.settings import SearchSettings

    info, observer = get_game(game), 0
    state = info.new(rules, seed)
    history = []
    while not stop(state, observer):
        move = "koikoi" if state.phase == "decide" else str(state.move_to_string(info.greedy_move(state, 0)))
        history.append((state.clone(), move))
        state.apply(state.parse_move(move))
    assert not state.is_terminal() and any(before.to_move() != observer for before, _ in history)
    agents = []
    for shift in (None, 1):  # the real game, then at every move another world of the observer's view
        agent = SearchAgent(info, SearchSettings(nodes=300, seed=2), rules, belief="inferred")
        watch = SeenMoves(info, [agent] + [GreedyAgent(info)] * (int(state.num_players) - 1))
        watch.deal_started(0, state)
        for k, (before, move) in enumerate(history):
            if shift is not None:
                text = str(before.information_state(observer))
                before = info.State.from_world(text, info.view(text).belief.sample(1, seed=k + shift)[0])
            watch.moved(before, move, int(before.to_move()), agent, before)
        agents.append(agent)
    seen = [list((a.seen or {}).get(observer) or []) for a in agents]
    assert seen[0] == seen[1]
    assert [s.before for s in seen[0]] == [str(b.information_state(observer)) for b, _ in history]
    view = info.view(state, observer)
    other = info.State.from_world(view.text, view.belief.sample(1, seed=5)[0])
    assert info.notation(other) != info.notation(state)
    a = infer(info.view(state, observer), seen[0], seed=9, candidates=256, worlds=64)
    b = infer(info.view(other, observer), seen[1], seed=9, candidates=256, worlds=64)
    assert a.worlds.tolist() == b.worlds.tolist() and a.ess == b.ess and a.decisions > 0
    ra = solver.search(info.view(state, observer), algo="ismcts", nodes=300, seed=5, worlds=a.worlds)
    rb = solver.search(info.view(other, observer), algo="ismcts", nodes=300, seed=5, worlds=b.worlds)
    assert comparable(ra) == comparable(rb)
