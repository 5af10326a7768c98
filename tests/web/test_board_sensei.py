"""The Sensei page board: exact fields of known positions (docs/sensei.md, tests/sensei), the clicks of every kind
of action, and random games of both versions."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from solver._core import sensei
from solver.games import get_game
from solver.games.sensei import play_turn
from solver.play.agents import RandomAgent, observation
from solver.web.boards import board_of, legal_of
from solver.web.boards import sensei as sb

GAME = get_game("sensei")


def _position(s: str, n: str, chars: str, rest: str = "turn=S actions=- turns=0") -> Any:
    return sensei.State.parse(f"arashi pits=- S={s} N={n} chars={chars} {rest}")


def _square(b: dict[str, Any], name: str) -> dict[str, Any]:
    return next(sq for sq in b["squares"] if sq["name"] == name)


def test_arashi_start() -> None:
    b = board_of("sensei", GAME.new(None, 3))
    assert (b["game"], b["players"], b["to_move"], b["phase"]) == ("sensei", ["South", "North"], 0, "turn")
    assert b["status"] == "South to move, turn 1: no action yet; 2 stone moves and the character move left."
    assert b["stones"] == [[f"{f}1" for f in "abcdefg"], [f"{f}7" for f in "abcdefg"]]
    assert (b["characters"], b["pits"], b["goal_rows"]) == (["d1", "d7"], [], [7, 1])
    assert len(b["squares"]) == 49
    assert b["squares"][0] == {
        "id": "sq:a1",
        "name": "a1",
        "col": 0,
        "row": 0,
        "stone": 0,
        "character": False,
        "pit": False,
    }
    assert _square(b, "d7") == {
        "id": "sq:d7",
        "name": "d7",
        "col": 3,
        "row": 6,
        "stone": 1,
        "character": True,
        "pit": False,
    }
    assert _square(b, "d4")["stone"] is None
    assert b["targets"] == [sq["id"] for sq in b["squares"]]
    assert b["turn"] == {
        "number": 1,
        "stone_moves": 0,
        "stone_moves_max": 2,
        "character_moved": False,
        "actions_done": 0,
        "can_end": False,
    }
    assert (b["turns_completed"], b["max_turns"], b["repetitions"]) == (0, 200, 1)
    assert b["rules"] == {
        "version": "arashi",
        "pits": [],
        "character_blocked_by_own": False,
        "max_turns": 200,
        "threefold_draw": True,
    }
    assert (b["title"], b["winner"], b["result"], b["win_square"]) == ("Sensei Arashi", None, None, None)
    assert [mark for mark, _ in b["legend"]] == ["#f3efe4", "#2b2b33", "♛", "▌", "#8e5bb5", "#2f6fb3"]


def test_shizukana_with_pits() -> None:
    b = board_of("sensei", GAME.new({"version": "shizukana", "pits": "default"}))
    assert b["stones"] == [["b1", "c1", "d1", "e1", "f1", "a7", "g7"], ["a1", "g1", "b7", "c7", "d7", "e7", "f7"]]
    assert b["pits"] == ["c3", "e3", "c5", "e5"]
    assert [sq["name"] for sq in b["squares"] if sq["pit"]] == ["c3", "e3", "c5", "e5"]
    assert b["rules"]["version"] == "shizukana" and b["title"] == "Sensei Shizukana"
    assert [mark for mark, _ in b["legend"]][4] == "#5b4636"  # the pits are in the legend when there are some
    assert b["legend"][6][1].startswith("this turn's actions so far (stones move straight, one step")


def test_mid_turn_status_and_end_button() -> None:
    s = GAME.new()
    s.play("a1-a5")
    b = board_of("sensei", s)
    assert b["status"] == (
        "South to move, turn 1: 1 stone move done; 1 stone move and the character move left, or end the turn."
    )
    assert b["turn"]["stone_moves"] == 1 and b["turn"]["actions_done"] == 1 and b["turn"]["can_end"]
    end = next(e for e in legal_of("sensei", s) if e["move"] == "end")
    assert end == {"move": "end", "label": "end turn", "targets": []}
    s.play("d1*c1")
    b = board_of("sensei", s)
    assert (
        b["status"] == "South to move, turn 1: 1 stone move done, character moved; 1 stone move left, or end the turn."
    )
    assert b["characters"] == ["c1", "d7"]
    assert _square(b, "c1")["character"] and not _square(b, "d1")["character"]


def test_the_turn_passes_and_counts() -> None:
    s = play_turn(GAME.new(), "a1-a5 b1-b4")
    b = board_of("sensei", s)
    assert (b["to_move"], b["turns_completed"]) == (1, 1)
    assert b["status"] == "North to move, turn 2: no action yet; 2 stone moves and the character move left."


def test_move_targets_and_labels() -> None:
    s = GAME.new()
    s.play("c1-c4")
    entries = {e["move"]: e for e in legal_of("sensei", s)}
    assert len(entries) == 43
    assert entries["a1-a6"] == {"move": "a1-a6", "label": "stone a1 → a6", "targets": ["sq:a1", "sq:a6"]}
    assert entries["c4-g4"] == {"move": "c4-g4", "label": "stone c4 → g4", "targets": ["sq:c4", "sq:g4"]}
    assert entries["d1*a1"] == {"move": "d1*a1", "label": "character d1 → a1", "targets": ["sq:d1", "sq:a1"]}
    assert entries["end"] == {"move": "end", "label": "end turn", "targets": []}
    # every move starting at d1 is the character's (the stone under it cannot move)
    assert {m for m, e in entries.items() if e["targets"][:1] == ["sq:d1"]} == {f"d1*{f}1" for f in "abefg"}


def test_win_on_arrival() -> None:
    """tests/sensei/test_sensei_end.py: d6-d7 then d1*d7 wins at once, mid-turn."""
    s = _position("a1,b1,c1,d1,e1,f1,d6", "a7,b7,c7,e7,f7,g7,a6", "d1,b7")
    s.play("d6-d7")
    s.play("d1*d7")
    b = board_of("sensei", s)
    assert (b["phase"], b["to_move"], b["winner"], b["result"]) == ("over", None, 0, "South wins")
    assert b["status"] == "South wins: the character reached row 7."
    assert b["win_square"] == "d7"
    assert b["legend"][-1] == ["#2e8b47", "the winning character, arrived on the far row"]
    assert b["turn"]["number"] == 1 and b["turn"]["actions_done"] == 2 and not b["turn"]["can_end"]
    assert legal_of("sensei", s) == []


def test_anti_blocking_loss() -> None:
    """North a4 b4 c4 touch South's row-3 line: South, who just moved, loses."""
    s = _position("a3,b3,c3,d3,e3,f3,g3", "a4,b4,c4,d7,e7,f7,g7", "d3,g7", "turn=N actions=- turns=5")
    b = board_of("sensei", s)
    assert (b["phase"], b["winner"], b["result"]) == ("over", 1, "North wins")
    assert b["status"] == "North wins: South broke the anti-blocking rule or has no legal action."
    assert b["win_square"] is None
    assert b["turn"]["number"] == 5  # the last turn played, the 5th


def test_draws() -> None:
    s = play_turn(play_turn(sensei.State(max_turns=2), "a1-a2"), "a7-a6")
    b = board_of("sensei", s)
    assert (b["phase"], b["winner"], b["result"]) == ("over", None, "draw")
    assert b["status"] == "Draw: the limit of 2 turns is reached."
    assert b["rules"]["max_turns"] == 2
    s = sensei.State()
    for i in range(8):
        s = play_turn(s, ["a1-a2", "a7-a6", "a2-a1", "a6-a7"][i % 4])
    b = board_of("sensei", s)
    assert b["status"] == "Draw by threefold repetition after 8 turns."
    assert b["repetitions"] == 3


def test_bad_input_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="expected a stone move 'b1-b4', a character move 'd1\\*b4' or 'end'"):
        sb.move_targets(GAME.new(), 0, "d1xd4")
    with pytest.raises(ValueError, match="expected a Sensei state"):
        sb.board(GAME.new().to_string())


@pytest.mark.parametrize(
    "rules",
    [
        {},
        {"version": "shizukana"},
        {"version": "shizukana", "pits": "default", "character_blocked_by_own": True},
        {"pits": "default", "max_turns": 40},
    ],
)
def test_random_games(rules: dict[str, Any]) -> None:
    agent = RandomAgent()
    for seed in range(8):
        rng = random.Random(seed)
        state = GAME.new(rules)
        for _ in range(400):
            view = observation(GAME, state, state.to_move(), agent)
            b = board_of("sensei", view)
            json.dumps(b)
            entries = legal_of("sensei", view)
            assert len({(tuple(e["targets"]), e["label"]) for e in entries}) == len(entries)
            ids = set(b["targets"])
            squares = {sq["id"]: sq for sq in b["squares"]}
            mover = b["to_move"]
            for e in entries:
                assert set(e["targets"]) <= ids
                if e["targets"]:  # the first click is on a piece of the player to move, the second on a square
                    first = squares[e["targets"][0]]
                    assert first["stone"] == mover
                    assert first["character"] == ("*" in e["move"])
                    assert not squares[e["targets"][1]]["pit"]
            assert b["turn"]["can_end"] == any(e["move"] == "end" for e in entries)
            if state.is_terminal():
                assert b["phase"] == "over" and entries == []
                break
            state.apply(agent.choose(view, rng))
