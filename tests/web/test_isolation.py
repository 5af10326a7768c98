"""A seat only ever receives its own view. Over random games of every hidden-information game and player count,
played through the protocol with a person in every seat, every ``state`` message sent to a seat is checked:

- its board is a function of the seat's information-state notation alone (the same board comes out of a view
  whose made-up hidden cards are different), and that notation hides everything the seat does not know;
- it lists legal moves only to the seat to move, and those are the seat's own (again independent of the
  made-up cards);
- every move it shows of another seat names only items that the seat sees once that move is played (a
  face-down tile, a secret pick or a tile slid under a Kofun shows nothing);
- no message carries another seat's token or the game record while the game runs;
- once the game is over nothing is secret: every seat is shown the board of every other seat's view.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from solver.determinize.infostate import InformationState
from solver.games import get_game
from solver.play.replay import replay
from solver.web.boards import board_of, legal_of

from .driver import HubDriver

ITEMS = {  # what a card or tile looks like in each game's notation and move texts
    "koikoi": r"(?<![0-9a-z])(?:1[0-2]|[1-9])(?:a|b|r|c[1-4])(?![0-9a-z])",
    "haniwa": r"[RBGY][1-3]",
    "ohanami": r"(?<![0-9A-Za-z])[0-9]{1,3}(?![0-9A-Za-z]| cards)",  # not the count of "picks 2 cards"
    "honshu": r"(?<![0-9])[0-9]{1,2}(?![0-9])",
}
CASES = [
    ("koikoi", {}, 30),
    ("koikoi", {"preset": "nintendo", "rounds": 2}, 5),
    ("haniwa", {"players": 2}, 20),
    ("haniwa", {"players": 4}, 12),
    ("ohanami", {"players": 2}, 8),
    ("ohanami", {"players": 3}, 4),
    ("ohanami", {"players": 4}, 4),
    ("honshu", {"players": 2}, 3),
    ("honshu", {"players": 3}, 1),
    ("honshu", {"players": 4}, 1),
    ("honshu", {"players": 5}, 1),
]


def other_world_view(view: InformationState) -> InformationState:
    """The same information state with different made-up hidden cards behind its proxy."""
    unseen = np.asarray(view.belief.unseen, dtype=np.int32)[::-1].copy()
    other = replace(view)
    object.__setattr__(other, "proxy", view.game.State.from_world(view.text, unseen))
    return other


@pytest.mark.parametrize(("game", "rules", "games"), CASES, ids=[f"{g}-{r}" for g, r, _ in CASES])
def test_every_message_to_a_seat_holds_only_its_own_view(game: str, rules: dict[str, Any], games: int) -> None:
    info = get_game(game)
    items = re.compile(ITEMS[game])
    hub = HubDriver()
    total = 0
    try:
        for n in range(games):
            seats = info.num_players(info.check_options(rules))
            owner = hub.client()
            created = hub.ask(owner, type="create", game=game, rules=rules, seats=[{"kind": "human"}] * seats,
                              seed=1000 + n)  # fmt: skip
            table_id, tokens = created["table"], created["tokens"]
            clients = [hub.client() for _ in range(seats)]
            for s, c in enumerate(clients):
                hub.ask(c, type="join", table=table_id, token=tokens[str(s)])
            table = hub.hub.tables[table_id]
            rng = random.Random(n)
            plies = 0
            while table.playing:
                state = table.state
                mover = int(state.to_move())
                for s, c in enumerate(clients):
                    check_state(info, items, table, s, hub.last_state(c), tokens)
                move = rng.choice(hub.last_state(clients[mover])["legal"])["move"]
                assert hub.ask(clients[mover], type="move", table=table_id, token=tokens[str(mover)],
                               move=move)["type"] == "moved"  # fmt: skip
                plies += 1
                for s, c in enumerate(clients):
                    check_last(info, items, table, s, hub.last_state(c))
            total += plies
            final = table.state
            for s, c in enumerate(clients):  # the game is over: every other seat's view is shown
                last = hub.last_state(c)
                assert last["status"] == "finished" and last["seat"] == s
                others = [o for o in range(seats) if o != s]
                shown = [{"seat": o, "board": board_of(info, info.observe(final, o))} for o in others]
                assert last["revealed"] == json.loads(json.dumps(shown))
            for s, c in enumerate(clients):
                for m in hub.seen[c.id]:
                    text = json.dumps(m)
                    assert all(tok not in text for k, tok in tokens.items() if k != str(s))
                    assert m["type"] != "record"
        assert hub.hub.errors == 0 and total > 8 * games
    finally:
        hub.close()


def check_state(info: Any, items: re.Pattern[str], table: Any, seat: int, msg: dict[str, Any],
                tokens: dict[str, str]) -> None:  # fmt: skip
    view = info.observe(table.state, seat)
    assert isinstance(view, InformationState) and msg["seat"] == seat
    other = other_world_view(view)
    assert msg["board"] == json.loads(json.dumps(board_of(info, other)))
    assert msg["revealed"] == []  # the game runs: nobody else's view
    if msg["your_turn"]:
        assert msg["legal"] == legal_of(info, other) and table.seat_to_move() == seat
    else:
        assert msg["legal"] == []


def check_last(info: Any, items: re.Pattern[str], table: Any, seat: int, msg: dict[str, Any]) -> None:
    """The newest move shown to `seat`, if another seat's, names only items `seat` now sees."""
    m = table.match
    if not msg["last"] or not m.history or len(msg["last"]) != len(m.moves):
        return  # a deal just ended: the next deal starts afresh
    mover = int(m.history[-1].to_move())
    if mover == seat:
        assert msg["last"][-1] == m.moves[-1]
        return
    after = Counter(items.findall(info.observe(table.state, seat).text))
    named = Counter(items.findall(msg["last"][-1]))
    assert set(named) <= set(after), (msg["last"][-1], set(named) - set(after))
    if info.name == "haniwa" and m.teams[mover] != m.teams[seat]:  # tiles repeat: a named tile is one just shown
        before = Counter(items.findall(info.observe(m.history[-1], seat).text))
        assert named <= after - before, (msg["last"][-1], named - (after - before))


def test_a_puzzle_holds_only_its_seat_s_view() -> None:
    """A Koi-Koi deal of two people with names, reviewed: each person's puzzles (their mistakes) hold that seat's
    information state at the decision and nothing else — its board and legal moves are those of the view with
    other made-up hidden cards, no card of the other hand is named in the puzzle or in the verdict on an answer
    (the review's line aside: a search of the view's own worlds) — and the other person cannot open them."""
    info = get_game("koikoi")
    items = re.compile(ITEMS["koikoi"])
    hub = HubDriver()
    try:
        c = hub.client()
        seats = [{"kind": "human", "player": "Ann"}, {"kind": "human", "player": "Bob"}]
        created = hub.ask(c, type="create", game="koikoi", seats=seats, seed=7)
        table_id, tokens = created["table"], created["tokens"]
        for s in (0, 1):
            hub.ask(c, type="join", table=table_id, token=tokens[str(s)])
        table = hub.hub.tables[table_id]
        rng = random.Random(7)
        while table.playing:
            mover = table.seat_to_move()
            move = rng.choice(hub.last_state(c, mover)["legal"])["move"]
            assert hub.ask(c, type="move", table=table_id, token=tokens[str(mover)], move=move)["type"] == "moved"
        hub.send_raw(c, json.dumps({"type": "review", "id": 90, "table": table_id, "nodes": 300}))
        done = hub.wait(c, lambda m: m.get("id") == 90 and m["type"] == "review_done")
        steps = {s.index: s for s in replay(table.record())}
        checked = 0
        for kept in done["puzzles"]:
            name, other = kept["player"], "Bob" if kept["player"] == "Ann" else "Ann"
            for entry in hub.ask(c, type="puzzles", name=name)["puzzles"]:
                msg = hub.ask(c, type="puzzle", name=name, puzzle=entry["puzzle"])
                step = steps[msg["decision"]]
                view = info.view(step.state, step.seat)
                assert msg["seat"] == step.seat == kept["seat"] and msg["position"] == view.text
                made_up = other_world_view(view)
                assert msg["board"] == json.loads(json.dumps(board_of(info, made_up)))
                assert msg["legal"] == json.loads(json.dumps(legal_of(info, made_up)))
                fields = dict(f.split("=", 1) for f in step.state.to_string().split())
                hidden = set(fields[f"hand{1 - step.seat}"].split(",")) - {"-"}
                assert hidden and not hidden & set(items.findall(json.dumps(msg)))
                verdict = hub.ask(c, type="answer", name=name, puzzle=entry["puzzle"], move=msg["legal"][0]["move"])
                shown = json.dumps({k: v for k, v in verdict.items() if k != "line"})
                assert verdict["type"] == "verdict" and not hidden & set(items.findall(shown))
                refused = hub.ask(c, type="puzzle", name=other, puzzle=entry["puzzle"])
                assert refused["message"] == f"puzzle {entry['puzzle']}: not a puzzle of {other}"
                checked += 1
        assert checked >= 2 and hub.hub.errors == 0
    finally:
        hub.close()
