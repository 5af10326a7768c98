"""Sensei on the page: the 7x7 board with its pits, stones and the two characters; a turn is clicked action by action.

Board data (``board``): one entry per square (``squares``, a1 .. g7 in board order: its click id ``sq:a1``, the
stone's owner or None, whether a character stands on it, whether it is a pit), each player's goal row, the turn's
progress (stone moves done of 2, character moved, whether ``end`` is legal), the completed turns and the limit, the
rule options and the result. A stone move ``b1-b4`` is two clicks, the stone's square then its destination
(``sq:b1``, ``sq:b4``); a character move ``d1*b4`` the same, from the character's square (the stone under a
character cannot move, so the two kinds never share a first click); ``end`` has nothing to click (a button).
"""

from __future__ import annotations

import re
from typing import Any

from ... import _core
from ...games.sensei import GAME

PLAYERS = ["South", "North"]
FILES = "abcdefg"
#: Piece colours (the legend and the drawing use the same ones).
COLOURS = {
    "South": "#f3efe4",
    "North": "#2b2b33",
    "pit": "#5b4636",
    "light": "#e9d7b0",
    "dark": "#d8bf8c",
    "last": "#8e5bb5",
    "now": "#2f6fb3",
    "win": "#2e8b47",
}
_ACTION = re.compile(r"^([a-g][1-7])([-*])([a-g][1-7])$")


def _state(view: Any) -> Any:
    if not isinstance(view, _core.sensei.State):
        raise ValueError(f"sensei board: expected a Sensei state, got {type(view).__name__}")
    return view


def parse_action(text: str) -> tuple[str, str, str] | None:
    """``(kind, from, to)`` of an action in notation (kind ``stone`` or ``character``), None for ``end``;
    ValueError for anything else."""
    if text == "end":
        return None
    found = _ACTION.match(text)
    if found is None:
        raise ValueError(f"sensei action {text!r}: expected a stone move 'b1-b4', a character move 'd1*b4' or 'end'")
    return ("stone" if found.group(2) == "-" else "character", found.group(1), found.group(3))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _turn_words(stone_moves: int, character_moved: bool) -> str:
    """What the turn has done and what is left, e.g. '1 stone move done; 1 stone move or the character move left'."""
    done = []
    if stone_moves:
        done.append(f"{_plural(stone_moves, 'stone move')} done")
    if character_moved:
        done.append("character moved")
    left = []
    if stone_moves < 2:
        left.append(_plural(2 - stone_moves, "stone move"))
    if not character_moved:
        left.append("the character move")
    head = ", ".join(done) if done else "no action yet"
    return f"{head}; {' and '.join(left)} left" if left else head


def _ending(state: Any, status: int) -> tuple[str, str]:
    """The result word and the sentence of a finished game."""
    turns = int(state.turns_completed())
    if status == 2:
        if turns >= int(state.max_turns):
            return "draw", f"Draw: the limit of {turns} turns is reached."
        return "draw", f"Draw by threefold repetition after {turns} turns."
    winner, loser = PLAYERS[status], PLAYERS[1 - status]
    goal = "7" if status == 0 else "1"
    if str(state.character(status))[1] == goal:
        return f"{winner} wins", f"{winner} wins: the character reached row {goal}."
    return f"{winner} wins", f"{winner} wins: {loser} broke the anti-blocking rule or has no legal action."


def board(view: Any) -> dict[str, Any]:
    """The squares, pieces and pits, whose turn it is and how far the turn is, the rules in force and the result."""
    state = _state(view)
    stones = [list(state.stones(p)) for p in (0, 1)]
    characters = [str(state.character(p)) for p in (0, 1)]
    pits = list(state.pits())
    owner = {sq: p for p in (0, 1) for sq in stones[p]}
    squares = []
    for row in range(1, 8):
        for col, f in enumerate(FILES):
            name = f"{f}{row}"
            squares.append(
                {
                    "id": f"sq:{name}",
                    "name": name,
                    "col": col,
                    "row": row - 1,
                    "stone": owner.get(name),
                    "character": name in characters,
                    "pit": name in pits,
                }
            )
    status = int(state.status())
    over = bool(state.is_terminal())
    stone_moves = int(state.stone_moves_done())
    character_moved = bool(state.character_moved())
    turn_number = int(state.turns_completed()) + (0 if over and stone_moves == 0 and not character_moved else 1)
    legal = [] if over else [str(state.move_to_string(m)) for m in state.legal_moves()]
    if over:
        result, sentence = _ending(state, status)
        status_text = sentence
        winner = status if status in (0, 1) else None
    else:
        result, winner = None, None
        mover = PLAYERS[int(state.to_move())]
        status_text = f"{mover} to move, turn {turn_number}: {_turn_words(stone_moves, character_moved)}."
        if "end" in legal:
            status_text = status_text[:-1] + ", or end the turn."
    rules: dict[str, Any] = {
        "version": str(state.version),
        "pits": pits,
        "character_blocked_by_own": bool(state.character_blocked_by_own),
        "max_turns": int(state.max_turns),
        "threefold_draw": bool(state.threefold_draw),
    }
    step = "any distance" if rules["version"] == "arashi" else "one step"
    arrived = winner is not None and characters[winner][1] == "71"[winner]
    return {
        "game": "sensei",
        "players": PLAYERS,
        "to_move": None if over else int(state.to_move()),
        "phase": "over" if over else "turn",
        "status": status_text,
        "files": FILES,
        "size": 7,
        "squares": squares,
        "targets": [sq["id"] for sq in squares],
        "stones": stones,
        "characters": characters,
        "pits": pits,
        "goal_rows": [7, 1],
        "turn": {
            "number": turn_number,
            "stone_moves": stone_moves,
            "stone_moves_max": 2,
            "character_moved": character_moved,
            "actions_done": stone_moves + int(character_moved),
            "can_end": "end" in legal,
        },
        "turns_completed": int(state.turns_completed()),
        "max_turns": rules["max_turns"],
        "repetitions": int(state.repetitions()),
        "rules": rules,
        "title": f"{GAME.title} {rules['version'].capitalize()}",
        "winner": winner,
        "result": result,
        "win_square": characters[winner] if arrived and winner is not None else None,
        "colours": dict(COLOURS),
        "legend": [
            [COLOURS["South"], "South's stones (home row 1, moves first)"],
            [COLOURS["North"], "North's stones (home row 7)"],
            ["♛", "a character, on one of its own stones: reach an own stone on the far row to win"],
            ["▌", "the bar beside row 7 / row 1: the goal row of the player of its colour"],
            *([[COLOURS["pit"], "pit: no stone enters or crosses it"]] if pits else []),
            [COLOURS["last"], "the last turn: its squares and arrows (dashed: the character's move)"],
            [
                COLOURS["now"],
                f"this turn's actions so far (stones move straight, {step}; the character to an own stone in line)",
            ],
            *([[COLOURS["win"], "the winning character, arrived on the far row"]] if arrived else []),
        ],
    }


def move_targets(view: Any, move: int, text: str) -> list[str]:
    """The square clicked first (the stone or the character) and its destination; [] for ``end``."""
    action = parse_action(text)
    if action is None:
        return []
    return [f"sq:{action[1]}", f"sq:{action[2]}"]


def move_label(view: Any, move: int, text: str) -> str:
    """``stone b1 → b4``, ``character d1 → b4``, ``end turn``."""
    action = parse_action(text)
    if action is None:
        return "end turn"
    return f"{action[0]} {action[1]} → {action[2]}"
