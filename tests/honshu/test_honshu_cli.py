"""Honshu through the front end: new, best-move from an information state, play without peeking, matches of the
baselines, a tiny experiment, the greedy baseline's choices."""

from __future__ import annotations

import json
import random

from click.testing import CliRunner
from hs_helpers import placement_position

from solver._core import honshu as hs
from solver.cli import main
from solver.games import get_game
from solver.play.match import play_match

GAME = get_game("honshu")


def _run(*args: str, stdin: str | None = None) -> str:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def test_registry_options_and_new() -> None:
    assert GAME.num_players() == 2 and GAME.num_players({"players": 5}) == 5
    s = GAME.new({"players": 3, "hand_passing": "official"}, seed=5)
    assert s == hs.State.deal(3, 5, "official")
    assert GAME.rules_of(s) == {
        "players": 3,
        "hand_passing": "official",
        "covered_cubes_lost": False,
        "placement": "single",
    }
    out = _run("new", "honshu", "--seed", "5", "--rule", "players=3")
    assert hs.State.deal(3, 5).to_string() in out
    result = CliRunner().invoke(main, ["new", "honshu", "--rule", "hand_passing=sometimes"])
    assert result.exit_code == 2 and "hand_passing" in result.output


def test_best_move_from_an_information_state() -> None:
    s = hs.State.deal(2, 9)
    s.play("start A")
    s.play("start B")
    info = s.information_state(0)
    args = ("best-move", "honshu", info, "--nodes", "2000", "--seed", "2", "--json")
    out = json.loads(_run(*args).splitlines()[-1])
    assert out["algo"] == "ismcts" and out["nodes"] == 2000
    assert out["best_move"] in {s.move_to_string(m) for m in s.legal_moves()}
    again = json.loads(_run(*args).splitlines()[-1])
    assert again["moves"] == out["moves"]  # reproducible
    text = _run("best-move", "honshu", info, "--nodes", "500")
    assert "points" in text and "6 cards (hidden)" in text and "legend:" in text


def test_best_move_for_a_placement() -> None:
    s = placement_position({0: "B/25@-1,1r0u"}, (49, 50), round=2)
    info = s.information_state(0)
    out = json.loads(_run("best-move", "honshu", info, "--nodes", "1500", "--json").splitlines()[-1])
    assert out["best_move"].startswith("place 49 r")
    assert out["best_move"] in {s.move_to_string(m) for m in s.legal_moves()}


def test_play_never_shows_other_hands() -> None:
    for players in (2, 5):
        out = _run("play", "honshu", "--players", str(players), "--seed", "3", "--ai-first", "--level", "1",
                   stdin="moves\nquit\n")  # fmt: skip
        s = hs.State.deal(players, 3)
        assert f"Honshu, {players} players" in out and "(yours)" in out
        assert ",".join(map(str, s.hand(0))) not in out and " ".join(map(str, s.hand(0))) not in out  # seat 0: AI
        assert "cards (hidden)" in out


def test_greedy_and_random_agents_play_four_player_games() -> None:
    from solver.play.agents import GreedyAgent, RandomAgent

    rec = play_match("honshu", [GreedyAgent("honshu"), RandomAgent(), GreedyAgent("honshu"), RandomAgent()],
                     {"players": 4}, seed=3)  # fmt: skip
    assert len(rec.scores) == 4 and rec.finished
    assert min(rec.scores[0], rec.scores[2]) > max(rec.scores[1], rec.scores[3])  # greedy beats random by far


def test_experiment_tiny_run_is_reproducible() -> None:
    args = ("experiment", "honshu", "--opponent", "greedy", "--games", "1", "--iterations", "100", "--seed", "4")
    a = json.loads(_run(*args, "--json").splitlines()[-1])
    b = json.loads(_run(*args, "--json").splitlines()[-1])
    a.pop("seconds")
    b.pop("seconds")
    assert a == b and len(a["diffs"]) == 2


def test_peeking_worlds_reveal_exactly_what_they_say() -> None:
    s = hs.State.deal(3, 5)
    for _ in range(4):
        s.apply(s.greedy_move())
    me = s.to_move()
    info = s.information_state(me)
    (everything,) = GAME.peek_worlds(s, "all", 1)
    assert hs.State.from_world(info, everything) == s
    rows = GAME.peek_worlds(s, "hand", 1)
    for r in rows[:10]:
        t = hs.State.from_world(info, r)
        assert all(list(t.hand(p)) == list(s.hand(p)) for p in range(3))


def test_greedy_place_takes_the_best_immediate_gain() -> None:
    s = placement_position({}, (49, 50))  # start A side A; card 49: F F | . T | . T
    m = s.greedy_move()
    base = s.score(0)["total"]
    best = 0
    for mv in s.legal_moves():
        t = s.clone()
        t.apply(mv)
        best = max(best, t.score(0)["total"] - base)
    t = s.clone()
    t.apply(m)
    assert t.score(0)["total"] - base == best


def test_greedy_plays_its_highest_card_and_beats_random() -> None:
    s = hs.State.from_order(2, [0, 1], list(range(40)))
    s.play("start A")
    s.play("start A")
    assert s.move_to_string(s.greedy_move()) == "play 6"
    rng = random.Random(1)
    wins = 0
    for seed in range(3):
        s = hs.State.deal(2, seed)
        while not s.is_terminal():
            s.apply(s.greedy_move() if s.to_move() == 0 else rng.choice(s.legal_moves()))
        wins += s.returns(0) > 0
    assert wins == 3


def test_render_draws_every_map() -> None:
    s = placement_position({0: "B/25@-1,1r0u"}, (49, 50), round=2)
    text = GAME.render(s)
    assert "player 0: start card A, score now 5 (forest 0, towns 2, lakes 3, factories 0)" in text
    lines = text.splitlines()
    i = lines.index("player 0: start card A, score now 5 (forest 0, towns 2, lakes 3, factories 0)")
    # The drawing: x from -1 to 1, y from 0 to 3 (start card A side B + card 25 slid under at -1,1).
    assert lines[i + 4] == "     -1  0  1"
    assert lines[i + 5] == "   0    T  G3"
    assert lines[i + 6] == "   1 .  T  pb"
    assert lines[i + 7] == "   2 ~~ ~~ ."
    assert lines[i + 8] == "   3 .  ."


def test_search_defaults() -> None:
    assert GAME.search_defaults("ismcts") == {"exploration": 0.7, "rollout": "policy"}
    assert GAME.search_defaults("pimc") == {"exact_plies": 0}  # never an exact solve of a world


def test_a_person_plays_the_start_side_and_a_card() -> None:
    first = _run("play", "honshu", "--seed", "3", "--level", "1", stdin="start A\nquit\n")
    (mine,) = [line for line in first.splitlines() if line.endswith("(yours)")][-1:]
    card = mine.split(":")[1].split()[-2]  # the highest card of the hand
    out = _run("play", "honshu", "--seed", "3", "--level", "1", stdin=f"start A\nplay {card}\nquit\n")
    assert "take order: player" in out  # both cards are on the table: the human's play was accepted
    assert f"trick : {card}" in out
