"""Learning from one's mistakes on the table protocol and in the browser.

Ann (a named seat: her profile) plays X in a Connect Four endgame uploaded from a record (``5624531471331144743``,
then 5, 6, 6: X has already thrown away a win in one with 6) against the engine's level 1; she plays 4, which
throws the same win in one away again and lets O win with 6, which the engine plays. The review of the finished
game keeps her two blunders as her puzzles — the same set ``solver.review.puzzles`` writes for ``kofun review
--puzzles`` — and in each the review accepts 5 alone (tests/test_review_puzzles.py checks the record by hand).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from solver.play.record import DealRecord, GameRecord
from solver.review import ReviewSettings, review
from solver.review.puzzles import puzzles_of

from .driver import HubDriver, Server, Socket
from .test_browser import SEAT_INDEX, browser, click, play_clicks, wait_for

START = "5624531471331144743"
SEATS: list[dict[str, Any]] = [{"kind": "human", "player": "Ann"}, {"kind": "ai", "level": 1}]


def record() -> GameRecord:
    """The game before Ann's 4 (unfinished: she plays it at the table)."""
    engine: dict[str, Any] = {"name": "alphabeta-16", "kind": "search", "algo": "alphabeta", "nodes": 16}
    agents: list[dict[str, Any]] = [{"name": "human", "kind": "human"}, engine]
    deal = DealRecord(START, ["5", "6", "6"], "", [], [], 0, finished=False)
    return GameRecord("connect4", {}, 0, agents, [0, 1], [deal], [0.0, 0.0], [], False, 1)


def uploaded(ask: Any, seats: list[dict[str, Any]] = SEATS) -> tuple[str, str]:
    created = ask(type="upload", record=record().to_dict(), seats=seats)
    assert created["type"] == "created", created
    return created["table"], created["tokens"]["0"]


@pytest.fixture
def hub() -> Iterator[HubDriver]:
    d = HubDriver()
    yield d
    d.close()


def finish(hub: HubDriver, c: Any, seats: list[dict[str, Any]] = SEATS) -> str:
    """Ann's 4 played and the engine's winning 6: the finished table."""
    table, token = uploaded(lambda **r: hub.ask(c, **r), seats)
    hub.ask(c, type="join", table=table, token=token)
    assert hub.ask(c, type="move", table=table, token=token, move="4")["type"] == "moved"
    over = hub.wait(c, lambda m: m["type"] == "state" and m["status"] != "playing")
    assert over["result"]["words"] == "the engine won (you -1, the engine 1)"
    return table


def reviewed(hub: HubDriver, c: Any, request_id: int, **request: Any) -> dict[str, Any]:
    hub.send_raw(c, json.dumps({"type": "review", "id": request_id, **request}))
    done: dict[str, Any] = hub.wait(c, lambda m: m.get("id") == request_id and m["type"] in ("review_done", "error"))
    return done


def test_a_review_keeps_the_person_s_blunders_as_puzzles(hub: HubDriver) -> None:
    c = hub.client()
    table = finish(hub, c)
    done = reviewed(hub, c, 70, table=table)
    assert done["type"] == "review_done" and done["puzzles"] == [{"seat": 0, "player": "Ann", "puzzles": 2, "new": 2}]
    listed = hub.ask(c, type="puzzles", name="Ann")
    assert listed["counts"] == {"puzzles": 2, "solved": 0, "missed": 0, "new": 2}
    entries = [{k: v for k, v in z.items() if k not in ("puzzle", "created")} for z in listed["puzzles"]]
    common = {"game": "connect4", "title": "Connect Four (7x6)", "table": table, "deal": 0, "seat": 0, "player": "X",
              "class": "blunder", "status": "new", "attempts": 0}  # fmt: skip
    assert entries == [{**common, "decision": 1, "ply": 1, "played": "6"},
                       {**common, "decision": 3, "ply": 3, "played": "4"}]  # fmt: skip
    first, second = (z["puzzle"] for z in listed["puzzles"])
    # the same set as the terminal's (kofun review --puzzles): the review of the table's record
    rec = hub.hub.table(table).record()
    expected = puzzles_of(review(rec, ReviewSettings()), rec)
    kept = [row.puzzle for row in hub.store.puzzles.of("Ann")]
    assert kept == expected and [z.accepted for z in kept] == [["5"], ["5"]]
    # a puzzle is its position, board and legal moves: not its answer
    shown = hub.ask(c, type="puzzle", name="Ann", puzzle=first)
    assert (shown["position"], shown["view"], shown["names"], shown["hidden_information"]) == (
        START + "5", "position", ["you", "O"], False
    )  # fmt: skip
    assert shown["board"]["moves"] == START + "5" and shown["board"]["to_move"] == 0
    assert [(m["move"], m["targets"]) for m in shown["legal"]] == [(str(k), [f"col:{k}"]) for k in range(1, 8)]
    assert not {"accepted", "best", "line", "moves"} & set(shown)
    right = hub.ask(c, type="answer", name="Ann", puzzle=first, move="5")
    assert {k: right[k] for k in ("move", "correct", "accepted", "best", "played", "line", "status", "attempts")} == {
        "move": "5", "correct": True, "accepted": ["5"], "best": "5", "played": "6", "line": ["5"],
        "status": "solved", "attempts": 1,
    }  # fmt: skip
    assert right["counts"] == {"puzzles": 2, "solved": 1, "missed": 0, "new": 1}
    wrong = hub.ask(c, type="answer", name="Ann", puzzle=second, move="3")
    assert (wrong["correct"], wrong["status"], wrong["value"], wrong["bounded"]) == (False, "missed", None, True)
    assert wrong["counts"] == {"puzzles": 2, "solved": 1, "missed": 1, "new": 0}
    again = reviewed(hub, c, 71, table=table)  # a second review keeps nothing twice, the answers stay
    assert again["puzzles"] == [{"seat": 0, "player": "Ann", "puzzles": 2, "new": 0}]
    assert hub.ask(c, type="puzzles", name="Ann", table=table)["counts"] == wrong["counts"]
    assert hub.ask(c, type="puzzles", name="Ann", game="sensei")["puzzles"] == []
    assert hub.hub.errors == 0


def test_puzzle_requests_are_refused_by_name(hub: HubDriver) -> None:
    c = hub.client()
    table = finish(hub, c)
    reviewed(hub, c, 72, table=table)
    first = hub.ask(c, type="puzzles", name="Ann")["puzzles"][0]["puzzle"]
    ask = lambda **r: hub.ask(c, **r)["message"]  # noqa: E731
    assert ask(type="puzzle", name="Bob", puzzle=first) == f"puzzle {first}: not a puzzle of Bob"
    assert ask(type="answer", name="Ann", puzzle=999, move="5") == "puzzle 999: no such puzzle"
    assert ask(type="answer", name="Ann", puzzle=first, move="9") == (
        "answer: connect4 move: expected one column digit 1-7, got '9'"
    )
    assert ask(type="puzzles", name=" ") == "player name: 1 to 40 characters, got an empty name"
    assert ask(type="puzzles", name="Ann", game="chess") == (
        "unknown game 'chess' (known games: connect4 (c4), haniwa, honshu, koikoi (hanafuda), ohanami, sensei)"
    )
    assert ask(type="puzzle", name="Ann", puzzle=0) == "puzzle: puzzle: Input should be greater than or equal to 1"
    assert ask(type="answer", name="Ann", puzzle=first) == "answer: move: Field required"
    assert hub.ask(c, type="puzzles", name="Ann")["counts"]["new"] == 2  # a refused answer is not counted


def test_no_puzzle_without_a_name_nor_from_a_stopped_review(hub: HubDriver) -> None:
    c = hub.client()
    anonymous = finish(hub, c, [{"kind": "human"}, {"kind": "ai", "level": 1}])
    assert reviewed(hub, c, 73, table=anonymous)["puzzles"] == []
    table = finish(hub, c)
    hub.send_raw(c, json.dumps({"type": "review", "id": 74, "table": table}))
    assert hub.ask(c, type="stop")["type"] == "stopping"
    done = hub.wait(c, lambda m: m.get("id") == 74 and m["type"] == "review_done")
    assert done["stopped"] is True and done["puzzles"] == []
    assert hub.ask(c, type="puzzles", name="Ann")["puzzles"] == []
    assert reviewed(hub, c, 75, table=table, seat=1)["puzzles"] == []  # only the engine's seat reviewed


# --- in the browser ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("puzzles") / "games.sqlite3", workers=2)
    yield s
    s.stop()


def text_of(page: Any, element_id: str) -> str:
    return str(page.find_element(By.ID, element_id).text)


def test_the_review_page_walks_through_the_person_s_mistakes(server: Server, tmp_path: Path) -> None:
    sock = Socket(server)
    try:
        table, token = uploaded(sock.ask)
        page = browser(tmp_path)
        try:
            page.get(f"{server.url}/table/{table}#seat=0&token={token}")
            click(page, wait_for(page, "#board [data-target='col:4'].target"))  # Ann's blunder
            WebDriverWait(page, 30).until(lambda d: d.find_element(By.ID, "result").text.startswith("Game over:"))
            assert text_of(page, "result") == "Game over: the engine won (you -1, the engine 1)."
            click(page, wait_for(page, "#review-start"))
            button = wait_for(page, "#puzzles-start:not([hidden])", timeout=60)
            assert button.text == "Learn from your mistakes (2)"
            assert text_of(page, "puzzles-note") == (
                "2 of Ann's moves in this game were mistakes or blunders: find a better move in each."
            )
            click(page, button)
            wait_for(page, "#puzzle-board [data-target='col:5'].target")
            assert text_of(page, "puzzle-head") == (
                "Puzzle 1 of 2: move 2 of deal 1, your move, playing X (the position as you saw it)"
            )
            assert text_of(page, "puzzle-prompt") == "You played 6 here: a blunder. Find a better move."
            assert len(page.find_elements(By.CSS_SELECTOR, "#puzzle-board .c4-disc")) == 20
            assert text_of(page, "puzzle-counts") == "Solved 0 of 2 puzzles, 2 not tried yet."
            click(page, page.find_element(By.CSS_SELECTOR, "#puzzle-board [data-target='col:5']"))  # right
            wait_for(page, "#puzzle-verdict[data-correct='true']")
            assert text_of(page, "puzzle-result") == (
                "Right: 5 is among the moves the review found within the mistake threshold (32 evaluation points) "
                "of the best."
            )
            assert text_of(page, "puzzle-accepted") == "The review's moves: 5 (best 5; you had played 6)."
            assert text_of(page, "puzzle-line") == "The review's line: 5"
            assert text_of(page, "puzzle-counts") == "Solved 1 of 2 puzzles, 1 not tried yet."
            first = page.find_element(By.CSS_SELECTOR, ".puzzle-body").get_attribute("data-puzzle")
            click(page, page.find_element(By.ID, "puzzle-next"))
            WebDriverWait(page, 10).until(
                lambda d: (
                    d.find_element(By.CSS_SELECTOR, ".puzzle-body").get_attribute("data-puzzle") != first
                    and d.find_elements(By.CSS_SELECTOR, "#puzzle-board [data-target='col:3'].target")
                )
            )
            assert text_of(page, "puzzle-prompt") == "You played 4 here: a blunder. Find a better move."
            assert len(page.find_elements(By.CSS_SELECTOR, "#puzzle-board .c4-disc")) == 22
            click(page, page.find_element(By.CSS_SELECTOR, "#puzzle-board [data-target='col:3']"))  # wrong
            wait_for(page, "#puzzle-verdict[data-correct='false']")
            assert text_of(page, "puzzle-result") == (
                "Not this one: 3 is not among the moves the review found within the mistake threshold (32 "
                "evaluation points) of the best."
            )
            assert text_of(page, "puzzle-accepted") == "The review's moves: 5 (best 5; you had played 4)."
            assert text_of(page, "puzzle-counts") == "Solved 1 of 2 puzzles, 1 missed."
            assert page.find_elements(By.ID, "puzzle-again") and page.find_elements(By.ID, "puzzle-end")
            assert not page.find_elements(By.CSS_SELECTOR, "#puzzle-board .target")  # answered: nothing to click
            assert not [e for e in page.get_log("browser") if e["level"] == "SEVERE"]
        finally:
            page.quit()
        counts = sock.ask(type="puzzles", name="Ann")["counts"]
        assert counts == {"puzzles": 2, "solved": 1, "missed": 1, "new": 0}
    finally:
        sock.close()


def test_a_koikoi_puzzle_is_shown_as_the_seat_saw_it_and_in_words(server: Server, tmp_path: Path) -> None:
    """A Koi-Koi deal clicked through by Cy against the engine, reviewed: a puzzle of Cy's is drawn from Cy's
    information state (Cy's own hand, the engine's as a count), says no seat by its number, and is answered by
    clicking."""
    sock = Socket(server)
    try:
        seats = [{"kind": "human", "player": "Cy"}, {"kind": "ai", "level": 1}]
        created = sock.ask(type="create", game="koikoi", rules={"preset": "seed"}, seats=seats, seed=3)
        table, token = created["table"], created["tokens"]["0"]
        page = browser(tmp_path)
        try:
            page.get(f"{server.url}/table/{table}#seat=0&token={token}")
            wait_for(page, "#board [data-target], #result:not([hidden])")
            play_clicks(page, random.Random(5), 300)
            click(page, wait_for(page, "#review-start"))
            wait_for(page, "#puzzles-note:not(:empty)", timeout=120)
            listed = sock.ask(type="puzzles", name="Cy", table=table)
            assert listed["puzzles"], page.find_element(By.ID, "puzzles-note").text
            click(page, wait_for(page, "#puzzles-start:not([hidden])"))
            wait_for(page, "#puzzle-board [data-target]")
            first = sock.ask(type="puzzle", name="Cy", puzzle=listed["puzzles"][0]["puzzle"])
            hand = [c["card"] for c in first["board"]["hand"]]
            assert [type(pl["hand"]) for pl in first["board"]["players"]] == [int, int]  # hands as counts only
            drawn = {
                n.get_attribute("data-card") for n in page.find_elements(By.CSS_SELECTOR, "#puzzle-board [data-card]")
            }
            assert set(hand) <= drawn
            text = str(page.find_element(By.ID, "puzzles").text)
            assert not SEAT_INDEX.search(text), [line for line in text.splitlines() if SEAT_INDEX.search(line)]
            assert text_of(page, "puzzle-head").startswith("Puzzle 1 of ")
            rng = random.Random(1)
            while not page.find_elements(By.CSS_SELECTOR, "#puzzle-verdict[data-correct]"):
                choices = page.find_elements(By.CSS_SELECTOR, "#puzzle-actions .move-button") or page.find_elements(
                    By.CSS_SELECTOR, "#puzzle-board .target"
                )
                if choices:
                    click(page, rng.choice(choices))
                WebDriverWait(page, 10).until(
                    lambda d: (
                        d.find_elements(By.CSS_SELECTOR, "#puzzle-verdict[data-correct], #puzzle-board .target")
                        or d.find_elements(By.CSS_SELECTOR, "#puzzle-actions .move-button")
                    )
                )
            verdict = text_of(page, "puzzle-verdict")
            assert verdict.startswith(("Right: ", "Not this one: ")) and not SEAT_INDEX.search(verdict)
            counts = sock.ask(type="puzzles", name="Cy", table=table)["counts"]
            assert counts["puzzles"] == len(listed["puzzles"]) and counts["solved"] + counts["missed"] == 1
            assert not [e for e in page.get_log("browser") if e["level"] == "SEVERE"]
        finally:
            page.quit()
    finally:
        sock.close()
