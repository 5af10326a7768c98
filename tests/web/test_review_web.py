"""The review of a finished game on the table protocol and in the browser.

A Connect Four endgame with known verdicts (O's best move wins in 13 plies; O throws the win away, X does not take
its win in one, O wins two plies slower than it could, X is lost whatever it plays, O wins): the ``reviewed``
messages hold exactly the review of the record (:func:`solver.review.review`), each with the board of its position
and the moves before it; ``review_done`` the summaries and the graph's series. The refusals (a running
hidden-information game, a table with no move, a seat that is not there, a second review at once), stopping, and
the page: the graph with the blunders marked, stepping through the decisions with the board following."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from solver.games import get_game
from solver.play.record import DealRecord, GameRecord
from solver.play.replay import replay
from solver.review import Reviewer, ReviewSettings, review
from solver.web.boards import board_of
from solver.web.review import ReviewJob

from .driver import HubDriver, Server, Socket, my_turn_or_over, play_out
from .test_browser import browser, click, wait_for

C4_ENDGAME = "5624531471331144743734623"  # O to move: 1 wins in 13 plies, 5 lets X win at once
PLAYED = ["5", "6", "5", "1"]  # then O wins with 5: the game is over
WINNING = "5"


def endgame_record() -> GameRecord:
    """The endgame with the first four moves played (unfinished: O's winning move is played at the table)."""
    agents = [{"name": "human", "kind": "human"}, {"name": "human", "kind": "human"}]
    deal = DealRecord(C4_ENDGAME, list(PLAYED), C4_ENDGAME, [], [], 0, finished=False)
    return GameRecord("connect4", {}, 0, agents, [0, 1], [deal], [0.0, 0.0], [], False, 1)


def finished_table(ask: Any) -> tuple[str, dict[str, str]]:
    """A finished Connect Four table of the endgame (uploaded, O's winning move played): its id and tokens."""
    created = ask(type="upload", record=endgame_record().to_dict())
    assert created["type"] == "created", created
    moved = ask(type="move", table=created["table"], token=created["tokens"]["1"], move=WINNING)
    assert moved == {"type": "moved", "id": moved["id"], "table": created["table"], "move": WINNING}
    return created["table"], created["tokens"]


@pytest.fixture
def hub() -> Iterator[HubDriver]:
    d = HubDriver()
    yield d
    d.close()


def review_messages(hub: HubDriver, c: Any, **request: Any) -> list[dict[str, Any]]:
    """Sends a review request; every message of it up to ``review_done`` (or an error)."""
    hub.send_raw(c, json.dumps({"type": "review", "id": 77, **request}))
    hub.wait(c, lambda m: m.get("id") == 77 and m["type"] in ("review_done", "error"))
    return [m for m in hub.seen[c.id] if m.get("id") == 77]


def test_the_review_of_a_thrown_away_win_streams_every_decision(hub: HubDriver) -> None:
    c = hub.client()
    table, _ = finished_table(lambda **r: hub.ask(c, **r))
    record = hub.hub.table(table).record()
    assert record.finished and record.moves == [*PLAYED, WINNING]
    got = review_messages(hub, c, table=table)
    assert [m["type"] for m in got] == ["reviewing"] + ["reviewed"] * 5 + ["review_done"]
    start = got[0]
    assert (start["table"], start["game"], start["decisions"], start["seats"], start["names"]) == (
        table, "connect4", 5, [0, 1], ["X", "O"]
    )  # fmt: skip
    assert start["view_note"] == (
        "every decision was searched from the position (perfect information); proven values are facts"
    )
    expected = review(record, ReviewSettings())  # what kofun review says of the same record
    decisions = [m["decision"] for m in got[1:6]]
    assert decisions == [d.to_dict() for d in expected.decisions]
    verdicts = [(d["seat"], d["played"], d["best"], d["class"], d["loss"]) for d in decisions]
    assert verdicts == [
        (1, "5", "1", "blunder", 500 - 13 + 500 - 2),  # a proven win in 13 thrown away for a loss in 2
        (0, "6", "5", "blunder", 500 - 1 + 500 - 2),  # X does not take its win in one
        (1, "5", "6", "good", 2),  # still a win, in 3 plies instead of 1
        (0, "1", "5", "best", 0.0),  # lost whatever X plays: the proven result kept
        (1, "5", "5", "best", 0.0),
    ]
    assert decisions[0]["fact"] == (
        "a win thrown away: forced win in 13 plies, after the move played a forced loss in 2 plies"
    )
    assert decisions[1]["fact"] == (
        "a win thrown away: forced win in 1 ply, after the move played a forced loss in 2 plies"
    )
    assert [m["number"] for m in got[1:6]] == [1, 2, 3, 4, 5] and {m["of"] for m in got[1:6]} == {5}
    # each decision's board is its position: the endgame's 25 discs plus the moves before it, O to move first
    for k, m in enumerate(got[1:6]):
        board = m["board"]
        assert board["moves"] == C4_ENDGAME + "".join(PLAYED[:k])
        assert sum(cell is not None for row in board["cells"] for cell in row) == 25 + k
        assert board["to_move"] == (1 + k) % 2 and board["phase"] == "play"
        assert m["last"] == PLAYED[:k]
    done = got[6]
    assert done["reviewed"] == 5 and done["stopped"] is False
    assert done["thresholds"] == {"unit": "evaluation points", "inaccuracy": 16, "mistake": 32, "blunder": 64,
                                  "cap": 500}  # fmt: skip
    assert done["summaries"] == [s.to_dict() for s in expected.summaries]
    x, o = done["summaries"]
    assert (x["counts"]["blunder"], x["counts"]["best"], x["accuracy"]) == (1, 1, 50.0)
    assert (o["counts"]["blunder"], o["counts"]["good"], o["counts"]["best"]) == (1, 1, 1)
    assert o["accuracy"] == (0.0 + 100 * (1 - 2 / 64) + 100.0) / 3
    assert done["series"] == [
        {"index": 0, "deal": 0, "ply": 0, "seat": 1, "value": 487, "loss": 985, "class": "blunder", "proven": "win",
         "played_proven": "loss"},
        {"index": 1, "deal": 0, "ply": 1, "seat": 0, "value": 499, "loss": 997, "class": "blunder", "proven": "win",
         "played_proven": "loss"},
        {"index": 2, "deal": 0, "ply": 2, "seat": 1, "value": 499, "loss": 2, "class": "good", "proven": "win",
         "played_proven": "win"},
        {"index": 3, "deal": 0, "ply": 3, "seat": 0, "value": -498, "loss": 0.0, "class": "best", "proven": "loss",
         "played_proven": "loss"},
        {"index": 4, "deal": 0, "ply": 4, "seat": 1, "value": 499, "loss": 0.0, "class": "best", "proven": "win",
         "played_proven": "win"},
    ]  # fmt: skip
    assert done["settled"] == []  # every value proven when searched: nothing to carry back


def test_a_finished_game_is_reviewed_after_a_restart_and_from_an_uploaded_record(tmp_path: Path) -> None:
    first = HubDriver(tmp_path / "games.sqlite3")
    c = first.client()
    table, _ = finished_table(lambda **r: first.ask(c, **r))
    record = first.hub.table(table).record()
    reviewed = [m["decision"] for m in review_messages(first, c, table=table) if m["type"] == "reviewed"]
    first.close()
    again = HubDriver(tmp_path / "games.sqlite3")  # the server restarted: the finished table is read back
    try:
        c = again.client()
        after = review_messages(again, c, table=table)
        assert [m["decision"] for m in after if m["type"] == "reviewed"] == reviewed
        uploaded = again.ask(c, type="upload", record=record.to_dict())  # a finished record, kept for viewing
        assert uploaded["tokens"] == {"0": uploaded["tokens"]["0"], "1": uploaded["tokens"]["1"]}
        c2 = again.client()
        got = review_messages(again, c2, table=uploaded["table"])
        assert [m["decision"] for m in got if m["type"] == "reviewed"] == reviewed
    finally:
        again.close()


def test_a_hidden_information_game_is_reviewed_from_each_seat_s_view(hub: HubDriver) -> None:
    """A Koi-Koi deal (a person playing seeded random moves against the engine's level 1): every decision is the
    review of its seat's information state, and its board is that view alone — no card of the other hand."""
    c = hub.client()
    created = hub.ask(c, type="create", game="koikoi", seats=[{"kind": "human"}, {"kind": "ai", "level": 1}], seed=4)
    table, token = created["table"], created["tokens"]["0"]
    hub.ask(c, type="join", table=table, token=token)
    first = hub.wait(c, my_turn_or_over)
    ask = lambda **r: hub.ask(c, **r)  # noqa: E731
    wait = lambda done: hub.wait(c, done)  # noqa: E731
    assert play_out(ask, wait, table, token, first, seed=2)["status"] == "finished"
    record = hub.hub.table(table).record()
    got = review_messages(hub, c, table=table, nodes=300)
    assert got[0]["hidden_information"] is True and got[0]["view_note"] == (
        "every decision was searched from the deciding seat's information state at that moment (what that player "
        "could see), never from the full state of the record"
    )
    reviewed = [m for m in got if m["type"] == "reviewed"]
    game = get_game("koikoi")
    steps = replay(record)
    reviewer = Reviewer(record, ReviewSettings(nodes=300))
    assert len(reviewed) == len(steps) == len(record.moves) and got[-1]["reviewed"] == len(steps)
    for m, step in zip(reviewed, steps, strict=True):
        d = m["decision"]
        view = game.view(step.state, step.seat)
        assert d == reviewer.decision(step.index).to_dict()
        assert (d["seat"], d["view"], d["position"]) == (step.seat, "information state", view.text)
        assert m["board"] == board_of(game, view)
        fields = dict(f.split("=", 1) for f in step.state.to_string().split())
        hidden = set(fields[f"hand{1 - step.seat}"].split(",")) - {"-"}
        shown = json.dumps(m["board"])
        assert hidden and not [card for card in hidden if f'"{card}"' in shown]  # the other hand is not there
        own = set(fields[f"hand{step.seat}"].split(",")) - {"-"}
        assert all(f'"{card}"' in shown for card in own)


def test_one_seat_is_reviewed_alone_with_its_own_budget(hub: HubDriver) -> None:
    c = hub.client()
    table, _ = finished_table(lambda **r: hub.ask(c, **r))
    got = review_messages(hub, c, table=table, seat=0, nodes=50_000, seed=3)
    reviewed = [m["decision"] for m in got if m["type"] == "reviewed"]
    assert got[0]["decisions"] == 2 and got[0]["seats"] == [0]
    assert got[0]["settings"] == {"nodes": 50_000, "time": None, "seed": 3, "runs": 2, "seats": [0], "algo": None,
                                  "threads": 1, "proof_nodes": None}  # fmt: skip
    assert [(d["index"], d["class"]) for d in reviewed] == [(1, "blunder"), (3, "best")]
    assert [s["seat"] for s in got[-1]["summaries"]] == [0]
    # the summary is at the review's own budget: the calibration (200,000 nodes) gives it no "played like"
    assert [(s["played_like"], s["played_like_note"]) for s in got[-1]["summaries"]] == [
        (None, "no calibration for this review budget (the calibration's: nodes 200000, proof nodes 4000000)")
    ]


def test_played_like_only_at_the_calibration_s_budget() -> None:
    """The summaries of a web review are made at the review's settings: at the calibration's budget (200,000
    nodes, a proof search of 4,000,000 nodes: the defaults) a rated Connect Four game gets its "played like"
    number, as ``kofun review`` gives it; at another budget none, and the note says why."""
    record = GameRecord.from_dict({**endgame_record().to_dict(), "rules": {}})
    record.deals[0].moves.append(WINNING)
    for settings, rated in ((ReviewSettings(), True), (ReviewSettings(nodes=50_000), False)):
        job = ReviewJob("t1", record, ["X", "O"], settings)
        for index in job.reviewer.indices:
            job.reviewed(1, job.review(index))
        done = job.finished(1, stopped=False)
        expected = review(record, settings).summaries
        assert done["summaries"] == [s.to_dict() for s in expected]
        likes = [(s["played_like"] is not None, s["played_like_note"]) for s in done["summaries"]]
        if rated:
            assert [rating for rating, _ in likes] == [True, True]
        else:
            note = "no calibration for this review budget (the calibration's: nodes 200000, proof nodes 4000000)"
            assert likes == [(False, note), (False, note)]


def test_a_review_is_refused_where_it_cannot_be_done(hub: HubDriver) -> None:
    c = hub.client()
    ask = lambda **r: hub.ask(c, **r)  # noqa: E731
    koikoi = ask(type="create", game="koikoi", seats=[{"kind": "human"}, {"kind": "human"}], seed=1)
    assert ask(type="review", table=koikoi["table"])["message"] == (
        "record: a running game's record shows every hidden card; it is given at the end"
    )
    fresh = ask(type="create", game="connect4", seats=[{"kind": "human"}, {"kind": "human"}], seed=1)
    assert ask(type="review", table=fresh["table"])["message"] == "review: the game has no move to review yet"
    assert ask(type="review", table="nope")["message"] == "table 'nope': no such table"
    table, _ = finished_table(ask)
    assert ask(type="review", table=table, seat=2)["message"] == "seat: the table has seats 0..1, got 2"
    assert ask(type="review", table=table, time=11)["message"] == (
        "review: time: Input should be less than or equal to 10"
    )
    assert ask(type="stop")["message"] == "stop: no analysis or review is running"
    hub.send_raw(c, json.dumps({"type": "review", "id": 5, "table": table}))
    again = hub.ask(c, type="review", table=table)
    assert again["message"] == "review: this connection's review is still running (send stop first)"
    hub.wait(c, lambda m: m.get("id") == 5 and m["type"] == "review_done")


def test_a_review_stops_when_asked_and_when_its_client_leaves(hub: HubDriver) -> None:
    c = hub.client()
    table, _ = finished_table(lambda **r: hub.ask(c, **r))
    hub.send_raw(c, json.dumps({"type": "review", "id": 8, "table": table}))
    assert hub.ask(c, type="stop")["type"] == "stopping"
    done = hub.wait(c, lambda m: m.get("id") == 8 and m["type"] == "review_done")
    assert done["stopped"] is True and done["reviewed"] < 5
    other = hub.client()
    hub.send_raw(other, json.dumps({"type": "review", "id": 9, "table": table}))
    hub.hub.leave(other)
    left = hub.wait(other, lambda m: m.get("id") == 9 and m["type"] == "review_done")
    assert left["stopped"] is True and left["reviewed"] < 5
    assert hub.hub.errors == 0


# --- in the browser ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("review") / "games.sqlite3", workers=2)
    yield s
    s.stop()


def test_a_finished_game_is_reviewed_on_its_page(server: Server, tmp_path: Path) -> None:
    sock = Socket(server)
    try:
        table, tokens = finished_table(sock.ask)
    finally:
        sock.close()
    page = browser(tmp_path)
    try:
        page.get(f"{server.url}/table/{table}#seat=0&token={tokens['0']}")
        wait_for(page, "#result:not([hidden])")
        click(page, wait_for(page, "#review-start"))
        wait_for(page, "#review-progress[data-done='true']")
        assert page.find_element(By.ID, "review-progress").text.startswith("Reviewed 5 decisions in ")
        marks = page.find_elements(By.CSS_SELECTOR, "#review-graph .loss-mark")
        assert [(m.get_attribute("data-index"), m.get_attribute("data-class")) for m in marks] == [
            ("0", "blunder"), ("1", "blunder")
        ]  # fmt: skip
        assert len(page.find_elements(By.CSS_SELECTOR, "#review-graph .seat-line")) == 2
        # proven results are drawn as such: squares in the bands "won" and "lost", not at +-500 points
        bands = {b.get_attribute("data-band"): b for b in page.find_elements(By.CSS_SELECTOR, "#review-graph .band")}
        assert sorted(bands) == ["lost", "won"]
        proven = page.find_elements(By.CSS_SELECTOR, "#review-graph .point.proven")
        assert [(pt.get_attribute("data-index"), pt.get_attribute("data-proven")) for pt in proven] == [
            ("1", "win"), ("3", "loss"), ("0", "win"), ("2", "win"), ("4", "win")
        ]  # fmt: skip
        labels = [t.text for t in page.find_elements(By.CSS_SELECTOR, "#review-graph .band-label")]
        assert labels == ["won", "lost"]

        def centre(node: Any, key: str) -> float:
            return float(node.get_attribute(key)) + float(node.get_attribute("height")) / 2

        won, lost = centre(bands["won"], "y"), centre(bands["lost"], "y")
        assert [float(pt.get_attribute("y")) + 3.5 for pt in proven] == [won, lost, won, won, won]
        # each blunder's dot in the band of what the move played left: a proven loss
        assert [float(m.get_attribute("cy")) for m in marks] == [lost, lost]
        legend = page.find_element(By.ID, "graph-legend").text
        assert "X: best value" in legend and "blunder" in legend and "inaccuracy" in legend
        items = page.find_elements(By.CSS_SELECTOR, "#review-list li")
        assert [li.get_attribute("data-class") for li in items] == ["blunder", "blunder", "good", "best", "best"]
        # the first decision is shown: O's thrown-away win, 25 discs on the board
        assert page.find_element(By.ID, "review-board").get_attribute("data-index") == "0"
        assert page.find_element(By.ID, "review-fact").text.startswith("a win thrown away: forced win in 13 plies")
        assert len(page.find_elements(By.CSS_SELECTOR, "#review-board .c4-disc")) == 25
        click(page, page.find_element(By.ID, "review-next"))
        WebDriverWait(page, 5).until(lambda d: d.find_element(By.ID, "review-board").get_attribute("data-index") == "1")
        assert len(page.find_elements(By.CSS_SELECTOR, "#review-board .c4-disc")) == 26
        assert page.find_element(By.ID, "review-class").get_attribute("data-class") == "blunder"
        click(page, items[2].find_element(By.CSS_SELECTOR, "button"))  # a decision of the list
        WebDriverWait(page, 5).until(lambda d: d.find_element(By.ID, "review-board").get_attribute("data-index") == "2")
        assert len(page.find_elements(By.CSS_SELECTOR, "#review-board .c4-disc")) == 27
        assert page.find_element(By.ID, "review-fact").text == "still a forced win in 3 plies (the best wins in 1 ply)"
        assert page.find_element(By.ID, "graph-cursor").get_attribute("data-index") == "2"
        click(page, page.find_element(By.CSS_SELECTOR, "#review-graph .loss-mark[data-index='1']"))  # the graph
        WebDriverWait(page, 5).until(lambda d: d.find_element(By.ID, "review-board").get_attribute("data-index") == "1")
        rows = page.find_elements(By.CSS_SELECTOR, "#review-summary tbody tr")
        assert [r.text.split()[:3] for r in rows] == [["X", "50.0%", "498.50"], ["O", "65.6%", "329.00"]]
        link = page.find_element(By.ID, "review-open").get_attribute("href")
        assert "/analyse?game=connect4&position=" + C4_ENDGAME + "5" in link
        click(page, page.find_element(By.ID, "review-open"))  # the decision on the analysis board
        WebDriverWait(page, 10).until(
            lambda d: (
                d.find_elements(By.ID, "an-board")
                and d.find_element(By.ID, "an-board").get_attribute("data-position") == C4_ENDGAME + "5"
            )
        )
        WebDriverWait(page, 20).until(lambda d: d.find_element(By.ID, "an-thinking").text.startswith("done:"))
        best = page.find_element(By.CSS_SELECTOR, "#an-lines-list li")
        assert best.get_attribute("data-move") == "5"  # X's win in one, which the review says X missed
        assert best.find_element(By.CSS_SELECTOR, ".an-value").text.startswith("win for X")
        page.get(f"{server.url}/table/{table}")  # again, reviewing X's decisions only
        Select(wait_for(page, "#review-seat")).select_by_value("0")
        click(page, page.find_element(By.ID, "review-start"))
        wait_for(page, "#review-progress[data-done='true']")
        items = page.find_elements(By.CSS_SELECTOR, "#review-list li")
        assert [(li.get_attribute("data-index"), li.get_attribute("data-class")) for li in items] == [
            ("1", "blunder"), ("3", "best")
        ]  # fmt: skip
        assert [r.text.split()[0] for r in page.find_elements(By.CSS_SELECTOR, "#review-summary tbody tr")] == ["X"]
        time.sleep(0.1)
        assert not [e for e in page.get_log("browser") if e["level"] == "SEVERE"]
    finally:
        page.quit()


def test_an_estimate_is_marked_on_the_page(server: Server, tmp_path: Path) -> None:
    """A short game from the start (444432645, X wins): the early classes rest on alpha-beta's values, and the
    page says so — "(estimate)" in the list and the detail, with what it rests on; the last move is a proof."""
    agents = [{"name": "human", "kind": "human"}, {"name": "human", "kind": "human"}]
    deal = DealRecord("", list("44443264"), "", [], [], 0, finished=False)
    unfinished = GameRecord("connect4", {}, 0, agents, [0, 1], [deal], [0.0, 0.0], [], False, 1)
    sock = Socket(server)
    try:
        uploaded = sock.ask(type="upload", record=unfinished.to_dict())
        table, token = uploaded["table"], uploaded["tokens"]["0"]
        assert sock.ask(type="move", table=table, token=token, move="5")["type"] == "moved"
    finally:
        sock.close()
    record = GameRecord("connect4", {}, 0, agents, [0, 1], [DealRecord("", list("444432645"), "", [], [], 0)],
                        [0.0, 0.0], [], False, 1)  # fmt: skip
    expected = review(record, ReviewSettings())
    page = browser(tmp_path)
    try:
        page.get(f"{server.url}/table/{table}#seat=0&token={token}")
        wait_for(page, "#result:not([hidden])")
        click(page, wait_for(page, "#review-start"))
        wait_for(page, "#review-progress[data-done='true']")
        classes = [
            li.find_element(By.CSS_SELECTOR, ".cls").text
            for li in page.find_elements(By.CSS_SELECTOR, "#review-list li")
        ]
        assert classes == [f"{d.cls} (estimate)" if d.estimate else d.cls for d in expected.decisions]
        assert classes[-1] == "best" and classes[7] == "blunder (estimate)"
        assert page.find_element(By.ID, "review-estimate").text == (
            f"estimate: the class and loss are not proven ({expected.decisions[0].estimate})"
        )
        # the last position is the only proven one (X wins in 1): one square; O's blunder left a proven loss
        proven = page.find_elements(By.CSS_SELECTOR, "#review-graph .point.proven")
        assert [(pt.get_attribute("data-index"), pt.get_attribute("data-proven")) for pt in proven] == [("8", "win")]
        marks = page.find_elements(By.CSS_SELECTOR, "#review-graph .loss-mark")
        assert [m.get_attribute("data-index") for m in marks] == ["7"]
        assert marks[0].find_element(By.CSS_SELECTOR, "title").get_attribute("textContent") == (
            "decision 7: blunder (estimate), loss 498"
        )
    finally:
        page.quit()
