"""Ohanami through the front end: best-move from an information state, play without peeking, experiments."""

from __future__ import annotations

import json
import random
import re

from click.testing import CliRunner

from solver._core import ohanami as oh
from solver.cli import main
from solver.games import get_game
from solver.play.match import play_match

GAME = get_game("ohanami")


def _run(*args: str, stdin: str | None = None) -> str:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def test_registry_options_and_new() -> None:
    assert GAME.num_players() == 2 and GAME.num_players({"players": 4}) == 4
    s = GAME.new({"players": 3}, seed=5)
    assert s == oh.State.deal(3, 5)
    out = _run("new", "ohanami", "--seed", "5", "--rule", "players=3")
    assert s.to_string() in out and f"view of player 2: {s.information_state(2)}" in out


def test_best_move_from_an_information_state() -> None:
    s = oh.State.deal(2, 9)
    s.apply(s.legal_moves()[0])
    info = s.information_state(1)
    out = json.loads(_run("best-move", "ohanami", info, "--nodes", "2000", "--seed", "2", "--json").splitlines()[-1])
    assert out["algo"] == "ismcts" and out["nodes"] == 2000
    assert out["best_move"] in {s.move_to_string(m) for m in s.legal_moves()}
    again = json.loads(_run("best-move", "ohanami", info, "--nodes", "2000", "--seed", "2", "--json").splitlines()[-1])
    assert again["moves"] == out["moves"]  # reproducible
    text = _run("best-move", "ohanami", info, "--nodes", "2000")
    assert "points" in text and "2 cards (hidden)" in text and "10 cards (hidden)" not in text
    pimc = json.loads(
        _run("best-move", "ohanami", info, "--algo", "pimc", "--nodes", "2000", "--json").splitlines()[-1]
    )
    assert pimc["algo"] == "pimc"


def test_play_never_shows_other_hands_or_picks() -> None:
    for players in (2, 4):
        out = _run("play", "ohanami", "--players", str(players), "--seed", "3", "--ai-first", "--level", "1",
                   stdin="moves\nquit\n")  # fmt: skip
        s = oh.State.deal(players, 3)
        ai_pick_shown = [line for line in out.splitlines() if re.search(r"plays pick \d", line)]
        assert not ai_pick_shown and "picks 2 cards" in out
        assert f"Ohanami, {players} players" in out and "(yours)" in out
        assert ",".join(map(str, s.hand(0))) not in out  # seat 0 is an AI


def test_a_whole_game_through_play() -> None:
    moves = "\n".join(["moves", "quit"])
    out = _run("play", "ohanami", "--seed", "1", "--level", "1", stdin=moves)
    assert "legal moves: pick" in out


def test_greedy_and_random_agents_play_four_player_games() -> None:
    from solver.play.agents import GreedyAgent, RandomAgent

    rec = play_match("ohanami", [GreedyAgent("ohanami"), RandomAgent(), GreedyAgent("ohanami"), RandomAgent()],
                     {"players": 4}, seed=3)  # fmt: skip
    assert len(rec.scores) == 4 and rec.finished
    assert rec.scores[0] > rec.scores[1] and rec.scores[2] > rec.scores[3]  # greedy beats random by far


def test_experiment_tiny_run_is_reproducible() -> None:
    args = ("experiment", "ohanami", "--opponent", "greedy", "--games", "1", "--iterations", "200", "--seed", "4")
    a = json.loads(_run(*args, "--json").splitlines()[-1])
    b = json.loads(_run(*args, "--json").splitlines()[-1])
    a.pop("seconds")
    b.pop("seconds")
    assert a == b and len(a["diffs"]) == 2
    out = json.loads(_run(*args, "--peek", "all", "--json").splitlines()[-1])
    assert out["peek"] == "all"


def test_peeking_worlds_reveal_exactly_what_they_say() -> None:
    s = oh.State.deal(3, 5)
    s.apply(s.legal_moves()[2])
    me = s.to_move()
    info = s.information_state(me)
    (everything,) = GAME.peek_worlds(s, "all", 1)
    assert oh.State.from_world(info, everything) == s
    rows = GAME.peek_worlds(s, "hand", 1)
    for r in rows[:20]:
        t = oh.State.from_world(info, r)
        assert all(t.hand(p) == s.hand(p) and t.picked(p) == s.picked(p) for p in range(3))
    assert len({tuple(oh.State.from_world(info, r).deck) for r in rows[:20]}) == 20


def test_greedy_takes_scoring_cards() -> None:
    s = oh.State.from_order(2, list(range(120)))  # hand 1..10: grey 7, blue 2, 4, 8, 10
    m = s.greedy_move()
    assert s.move_info(m)[0] == "pick"
    assert set(s.move_info(m)[1]) <= {2, 4, 8, 10}  # blue: 9 points over the game, the best now
    rng = random.Random(1)
    s = oh.State.deal(2, 1)
    while not s.is_terminal():
        assert s.greedy_move() in s.legal_moves()
        s.apply(s.greedy_move() if s.to_move() == 0 else rng.choice(s.legal_moves()))
    assert s.score(0) > s.score(1)


def test_pimc_solves_the_last_two_turns_exactly_with_two_players() -> None:
    from solver.search.settings import SearchSettings

    assert GAME.search_defaults("pimc") == {"exact_plies": 12}
    rng = random.Random(4)
    s = oh.State.deal(2, 6)
    while not (s.round == 3 and s.turn == 4 and s.phase == "pick" and s.to_move() == 1):
        s.apply(s.greedy_move() if rng.random() < 0.8 else rng.choice(s.legal_moves()))
    assert s.remaining_plies_bound() == 12
    view = GAME.view(s)
    a = solver_search(view, SearchSettings(algo="pimc", nodes=100, num_worlds=4, seed=1))
    b = solver_search(view, SearchSettings(algo="pimc", nodes=100_000, num_worlds=4, seed=1))
    # exact per world: the node budget does not matter, each world gives a whole point difference
    assert a.result.nodes == b.result.nodes and a.result.best_move == b.result.best_move
    assert all((4 * float(m.value)).is_integer() for m in a.result.moves)  # a mean over 4 worlds


def solver_search(view: object, settings: object) -> object:
    from solver.search.runner import search

    return search(view, settings)
