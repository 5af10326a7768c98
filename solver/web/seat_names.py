"""How a game page names the seats, never by their index: a person by the name they gave (their profile's), the
viewer's own seat "you", the engine by its level and rating.

Each seat gets a short `label` for sentences and the board ("you", "Ann", "the engine", "engine B", "the other
person") and a `title` for the list of seats ("Ann (you)", "the engine, level 3 (rating 907, 95%: 885 to 933)").
No two seats of a table get the same label."""

from __future__ import annotations

import re
from typing import Any

from ..games import GameInfo

LETTERS = "ABCDE"
_LEVEL = re.compile(r"^level (\d+)\b")


def _given_name(info: GameInfo, seat: int, entry: dict[str, Any]) -> str | None:
    """The name a person's seat was given (a profile or a name of its own), None for the game's default."""
    if entry.get("player"):
        return str(entry["player"])
    name = entry.get("name")
    return str(name) if name and name != info.player_name(seat) else None


def _side(info: GameInfo, seat: int) -> str | None:
    """The game's own name of a seat (X / O, South / North), None when the game only numbers them."""
    name = info.player_name(seat)
    return None if name.startswith("player ") else name


def engine_detail(entry: dict[str, Any]) -> str:
    """An engine seat's level and rating in words: 'level 3 (rating 907, 95%: 885 to 933)', the anchor said to be
    the anchor, full strength and the clock said to be unrated."""
    name = str(entry.get("name", ""))
    found = _LEVEL.match(name)
    level = f"level {found.group(1)}" if found else name
    if "full strength" in name and found:
        level += ", full strength"
    if not entry.get("rated"):
        note = entry.get("note") or "not rated"
        if found:
            return f"{level} ({note.removeprefix('full strength: ')})"
        return f"{name}, not rated" if "not rated" in note else f"{name} ({note})"
    rating, low, high = entry.get("rating"), entry.get("low"), entry.get("high")
    if low == high == rating:
        return f"{level} (rating {rating}: the rating scale's anchor, rated {rating} by definition)"
    return f"{level} (rating {rating}, 95%: {low} to {high})"


def seat_names(info: GameInfo, seats: list[dict[str, Any]], viewer: int | None) -> list[dict[str, str]]:
    """The `label` and `title` of every seat as `viewer` (a seat, or None for an onlooker) is shown them."""
    engines = [i for i, s in enumerate(seats) if s.get("kind") == "ai"]
    unnamed = [
        i for i, s in enumerate(seats) if s.get("kind") != "ai" and i != viewer and _given_name(info, i, s) is None
    ]
    out = []
    for i, s in enumerate(seats):
        side = _side(info, i)
        if s.get("kind") == "ai":
            label = "the engine" if len(engines) == 1 else f"engine {LETTERS[engines.index(i)]}"
            title = f"{label}, {engine_detail(s)}"
        elif i == viewer:
            given = _given_name(info, i, s)
            label = "you"
            title = f"{given} (you)" if given else "you"
        else:
            given = _given_name(info, i, s)
            if given:
                label = given
            elif len(unnamed) == 1:
                label = "the other person"
            else:
                label = f"person {LETTERS[unnamed.index(i)]}"
            title = label
        if side is not None:
            title += f", playing {side}"
        out.append({"label": label, "title": title})
    labels = [n["label"] for n in out]
    for i, n in enumerate(out):  # a person named like another seat's label: told apart by the game's seat name
        if labels.count(n["label"]) > 1:
            n["label"] = f"{n['label']} ({_side(info, i) or LETTERS[i]})"
    return out


def result_words(rec: Any, labels: list[str], resigned: int | None, abandoned: bool) -> str:
    """Who won and by how much, in the viewer's names: 'you won (you 1, the engine -1)'."""
    if abandoned:
        return f"{labels[resigned]} resigned: the game ended unfinished" if resigned is not None else "abandoned"
    scores = ", ".join(f"{labels[i]} {v:g}" for i, v in enumerate(rec.scores))
    if len(labels) == 1:  # a solo game: a score, no winner
        return f"{labels[0]} scored {rec.scores[0]:g}"
    if not rec.winners:
        return f"draw ({scores})"
    return f"{' and '.join(labels[i] for i in rec.winners)} won ({scores})"


__all__ = ["engine_detail", "result_words", "seat_names"]
