"""The analysis board on the table protocol and in the browser.

``board``: the board of a position and of the position after a line, the errors naming what is wrong. ``analyse``
with ``lines``: the best moves with their lines, pass by pass (each pass streamed as ``thinking``), every move's
value at the same depth as :func:`solver.search.analysis.lines`; a Connect Four endgame's proven verdicts. From an
information state (``runs``): every move's value with visits and standard error, the same as
:func:`solver.search.estimates.move_values`, streamed search by search. The page: a Connect Four position (lines shown,
a move of a line clicked, the board follows) and a Koi-Koi information state (every move's value and its standard
error)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import solver
from solver.search.analysis import lines
from solver.search.estimates import move_values
from solver.search.settings import SearchSettings

from .driver import HubDriver, Server
from .test_browser import browser, click, wait_for

C4_ENDGAME = "5624531471331144743734623"  # O to move: 1 wins in 13 plies, 6 in 15; 2 and 7 lose in 12, 5 in 2


def koikoi_view(seed: int = 3) -> str:
    """The information state of the player to move at the start of a Koi-Koi deal."""
    game = solver.get_game("koikoi")
    return str(game.view(game.new({}, seed=seed)).text)


@pytest.fixture
def hub() -> Iterator[HubDriver]:
    d = HubDriver()
    yield d
    d.close()


def analysed(hub: HubDriver, c: Any, request_id: int, **request: Any) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The ``thinking`` messages of an analysis and its last reply (``analysis`` or an error)."""
    hub.send_raw(c, json.dumps({"type": "analyse", "id": request_id, **request}))
    last = hub.wait(c, lambda m: m.get("id") == request_id and m["type"] in ("analysis", "error"))
    return [m for m in hub.seen[c.id] if m.get("id") == request_id and m["type"] == "thinking"], last


def test_the_board_of_a_position_and_of_the_position_after_a_line(hub: HubDriver) -> None:
    c = hub.client()
    start = hub.ask(c, type="board", game="c4", position="445566")
    assert (start["game"], start["position"], start["to_move"], start["player"], start["over"]) == (
        "connect4", "445566", 0, "X", False
    )  # fmt: skip
    assert start["hidden_information"] is False and start["names"] == ["X", "O"]
    assert [m["move"] for m in start["legal"]] == ["1", "2", "3", "4", "5", "6", "7"]
    assert start["legal"][2] == {"move": "3", "label": "drop in column 3", "targets": ["col:3"]}
    assert start["board"]["cells"][0] == [None, None, None, 0, 0, 0, None]
    after = hub.ask(c, type="board", game="c4", position="445566", play=["3"])
    assert (after["position"], after["to_move"], after["over"], after["legal"]) == ("4455663", None, True, [])
    assert after["board"]["win_cells"] == [[2, 0], [3, 0], [4, 0], [5, 0]]
    assert hub.ask(c, type="board", game="c4")["position"] == "-"  # the start: the empty board
    view = koikoi_view()
    shown = hub.ask(c, type="board", game="koikoi", position=view)
    assert " first=1 view=1 turn=1 " in view  # the second player deals first in this deal
    assert (shown["position"], shown["hidden_information"], shown["to_move"]) == (view, True, 1)
    hand = dict(f.split("=", 1) for f in view.split())["hand"].split(",")
    assert len(hand) == 8 and sorted(m["move"] for m in shown["legal"]) == sorted(f"play {c}" for c in hand)


@pytest.mark.parametrize(
    ("request_fields", "message"),
    [
        ({"game": "c4", "position": "44x"}, "connect4 position, character 3: expected a column digit 1-7, got 'x'"),
        ({"game": "c4", "position": "44", "play": ["8"]},
         "play: move 1 '8': connect4 move: expected one column digit 1-7, got '8'"),
        ({"game": "c4", "position": "4455663", "play": ["1"]}, "play: move 1 '1': the game is already over"),
        ({"game": "koikoi", "position": koikoi_view(), "play": ["play 1c1"]},
         "play: a line from an information state cannot be followed (what comes next depends on the other "
         "players' hidden cards)"),
        ({"game": "chess"},
         "unknown game 'chess' (known games: connect4 (c4), haniwa, honshu, koikoi (hanafuda), ohanami, sensei)"),
    ],
)  # fmt: skip
def test_a_bad_position_is_refused_with_what_is_wrong(
    hub: HubDriver, request_fields: dict[str, Any], message: str
) -> None:
    c = hub.client()
    assert hub.ask(c, type="board", **request_fields) == {"type": "error", "id": hub.next_id - 1, "message": message}


def test_lines_deepen_pass_by_pass_until_every_move_is_proven(hub: HubDriver) -> None:
    c = hub.client()
    thinking, done = analysed(hub, c, 1, game="c4", position=C4_ENDGAME, lines=2, nodes=5_000_000)
    assert done["type"] == "analysis" and done["stopped"] is False
    assert [m["depth"] for m in thinking] == list(range(2, done["depth"] + 1))  # one message per pass
    assert thinking[-1]["lines"] == done["lines"] and thinking[-1]["moves"] == done["moves"]
    scores = [(m["move"], m["score"]) for m in done["moves"]]  # every move, proven: the passes stop
    assert scores == [
        ("1", {"kind": "win", "value": 29987.0, "plies": 13}),
        ("6", {"kind": "win", "value": 29985.0, "plies": 15}),
        ("2", {"kind": "loss", "value": -29988.0, "plies": 12}),
        ("7", {"kind": "loss", "value": -29988.0, "plies": 12}),
        ("5", {"kind": "loss", "value": -29998.0, "plies": 2}),
    ]
    assert [ln["move"] for ln in done["lines"]] == ["1", "6"] and len(done["lines"][0]["pv"]) == 13
    state = solver.parse("c4", C4_ENDGAME)
    same = lines(state, SearchSettings(algo="alphabeta", depth=done["depth"], threads=1, seed=0), 2)
    assert done["lines"] == [ln.to_dict() for ln in same]  # the last pass is lines() at its depth


def test_lines_within_a_node_budget(hub: HubDriver) -> None:
    c = hub.client()
    thinking, done = analysed(hub, c, 2, game="c4", position="4453", lines=3, nodes=300_000)
    assert done["depth"] >= 6 and done["nodes"] <= 300_000 and len(done["lines"]) == 3
    assert [m["depth"] for m in thinking] == list(range(2, done["depth"] + 1))
    assert sorted(m["move"] for m in done["moves"]) == ["1", "2", "3", "4", "5", "6", "7"]
    assert all(ln["pv"][0] == ln["move"] and len(ln["pv"]) == done["depth"] for ln in done["lines"])
    same = lines(solver.parse("c4", "4453"), SearchSettings(algo="alphabeta", depth=done["depth"], seed=0), 3)
    assert done["lines"] == [ln.to_dict() for ln in same]


def test_every_move_of_an_information_state_with_its_standard_error(hub: HubDriver) -> None:
    c = hub.client()
    view = koikoi_view()
    thinking, done = analysed(hub, c, 3, game="koikoi", position=view, runs=3, nodes=1500)
    expected = move_values(solver.get_game("koikoi").view(view), SearchSettings(nodes=1500, seed=0, threads=1), 3)
    assert done["values"] == [v.to_dict() for v in expected]
    assert (done["runs"], done["unit"], done["algo"], done["stopped"]) == (3, "points", "ismcts", False)
    assert done["nodes"] == 3 * 1500 and len(done["values"]) == 8
    assert all(v["se"] is not None and v["se"] >= 0 and v["visits"] > 0 for v in done["values"])
    told = [m for m in thinking if m["line"].startswith("search ")]
    assert [m["line"] for m in told] == [f"search {r} of 3 done: 8 moves valued" for r in (1, 2, 3)]
    assert told[-1]["values"] == done["values"] and all(v["se"] is None for v in told[0]["values"])
    # lines asked for an information state mean every move's value (two searches by default)
    _, by_lines = analysed(hub, c, 4, game="koikoi", position=view, lines=3, nodes=500)
    assert by_lines["runs"] == 2 and len(by_lines["values"]) == 8


def test_stop_ends_the_passes_and_the_searches_with_what_they_found(hub: HubDriver) -> None:
    c = hub.client()
    hub.send_raw(c, json.dumps({"type": "analyse", "id": 8, "game": "c4", "lines": 2, "nodes": 10**9}))
    hub.wait(c, lambda m: m.get("id") == 8 and m["type"] == "thinking")  # the first pass is done
    assert hub.ask(c, type="stop")["type"] == "stopping"
    done = hub.wait(c, lambda m: m.get("id") == 8 and m["type"] == "analysis")
    assert done["stopped"] is True and done["depth"] < 20 and len(done["lines"]) == 2  # stopped after a pass
    hub.send_raw(c, json.dumps({"type": "analyse", "id": 9, "game": "koikoi", "position": koikoi_view(),
                                "runs": 16, "nodes": 10**8}))  # fmt: skip
    hub.wait(c, lambda m: m.get("id") == 9 and m["type"] == "thinking")  # the first search is under way
    assert hub.ask(c, type="stop")["type"] == "stopping"
    done = hub.wait(c, lambda m: m.get("id") == 9 and m["type"] == "analysis")
    assert done["stopped"] is True and done["runs"] == 1 and done["nodes"] < 10**8  # the search under way stopped
    assert len(done["values"]) == 8 and all(v["se"] is None for v in done["values"])  # one search: no spread
    assert hub.hub.errors == 0


def test_the_analysis_board_refusals(hub: HubDriver) -> None:
    c = hub.client()
    _, done = analysed(hub, c, 5, game="c4", position="4453", runs=2)
    assert done["message"] == "runs: connect4 has no hidden information (ask for lines)"
    _, done = analysed(hub, c, 6, game="c4", position="4455663", lines=2)
    assert done["message"] == "analyse: the game is over in this position"
    _, done = analysed(hub, c, 7, game="c4", position="4453", lines=11)
    assert done["message"] == "analyse: lines: Input should be less than or equal to 10"


# --- in the browser ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("analysis") / "games.sqlite3", workers=2)
    yield s
    s.stop()


@pytest.fixture
def page(server: Server, tmp_path: Path) -> Iterator[Any]:
    driver = browser(tmp_path)
    yield driver
    logs = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    driver.quit()
    assert not logs, logs


def finished_lines(page: Any) -> list[str]:
    WebDriverWait(page, 20).until(lambda d: d.find_element(By.ID, "an-thinking").text.startswith("done:"))
    return [li.get_attribute("data-move") for li in page.find_elements(By.CSS_SELECTOR, "#an-lines-list li")]


def test_a_connect_four_position_is_analysed_and_a_line_followed(page: Any, server: Server) -> None:
    page.get(f"{server.url}/analyse?game=connect4&position={C4_ENDGAME}")
    wait_for(page, "#an-board .c4-disc")
    assert finished_lines(page) == ["1", "6", "2"]  # the best three of five moves
    assert page.find_element(By.ID, "an-thinking").text.startswith("done: depth 15")
    first = page.find_element(By.CSS_SELECTOR, "#an-lines-list li")
    assert first.find_element(By.CSS_SELECTOR, ".an-value").text.startswith("win for O")
    assert len(page.find_elements(By.CSS_SELECTOR, "#an-moves tbody tr")) == 5
    assert len(page.find_elements(By.CSS_SELECTOR, "#an-board .c4-disc")) == 25
    click(page, first.find_elements(By.CSS_SELECTOR, ".an-pv")[1])  # O's 1 and X's reply: two moves on
    WebDriverWait(page, 10).until(
        lambda d: d.find_element(By.ID, "an-board").get_attribute("data-position") == C4_ENDGAME + "17"
    )
    assert page.find_element(By.ID, "an-position").get_attribute("value") == C4_ENDGAME + "17"
    assert len(page.find_elements(By.CSS_SELECTOR, "#an-board .c4-disc")) == 27
    moves = finished_lines(page)
    assert moves[0] == "6"  # the line goes on: O's next move of the winning line
    assert page.find_element(By.CSS_SELECTOR, "#an-lines-list li .an-value").text.startswith("win for O")
    click(page, page.find_element(By.ID, "an-back"))
    WebDriverWait(page, 10).until(
        lambda d: d.find_element(By.ID, "an-board").get_attribute("data-position") == C4_ENDGAME
    )
    click(page, page.find_element(By.CSS_SELECTOR, "#an-board [data-target='col:5']"))  # a click on the board
    WebDriverWait(page, 10).until(
        lambda d: d.find_element(By.ID, "an-board").get_attribute("data-position") == C4_ENDGAME + "5"
    )
    finished_lines(page)
    page.find_element(By.ID, "an-position").clear()
    page.find_element(By.ID, "an-position").send_keys("44x")
    click(page, page.find_element(By.ID, "an-run"))
    WebDriverWait(page, 10).until(lambda d: d.find_element(By.ID, "an-message").text)
    assert page.find_element(By.ID, "an-message").text == (
        "connect4 position, character 3: expected a column digit 1-7, got 'x'"
    )


def test_a_koikoi_information_state_shows_every_move_with_its_standard_error(page: Any, server: Server) -> None:
    page.get(f"{server.url}/analyse")
    wait_for(page, "#an-board")
    Select(page.find_element(By.ID, "an-game")).select_by_value("koikoi")
    WebDriverWait(page, 10).until(lambda d: d.find_element(By.ID, "an-runs-row").is_displayed())
    assert not page.find_element(By.ID, "an-lines-row").is_displayed()
    page.find_element(By.ID, "an-position").send_keys(koikoi_view())
    nodes = page.find_element(By.ID, "an-nodes")
    nodes.clear()
    nodes.send_keys("1500")
    runs = page.find_element(By.ID, "an-runs")
    runs.clear()
    runs.send_keys("3")
    click(page, page.find_element(By.ID, "an-run"))
    WebDriverWait(page, 20).until(lambda d: d.find_element(By.ID, "an-thinking").text.startswith("done: 3 searches"))
    expected = move_values(
        solver.get_game("koikoi").view(koikoi_view()), SearchSettings(nodes=1500, seed=0, threads=1), 3
    )
    rows = page.find_elements(By.CSS_SELECTOR, "#an-moves tbody tr")
    assert [r.get_attribute("data-move") for r in rows] == [v.move for v in expected]
    shown = [(r.find_element(By.CSS_SELECTOR, ".an-value").text, r.find_element(By.CSS_SELECTOR, ".an-se").text)
             for r in rows]  # fmt: skip
    assert shown == [(v.text, f"±{v.se:.2f}") for v in expected if v.se is not None]
    assert page.find_element(By.ID, "an-thinking").text == "done: 3 searches, 4,500 iterations, ismcts"
    assert len(page.find_elements(By.CSS_SELECTOR, "#an-board [data-card]")) >= 16  # the hand and the field
