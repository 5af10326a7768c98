"""The page in a real browser: headless Chromium driven by selenium against a `kofun serve` subprocess on a free
loopback port with a temporary database. Every game is played to its end by clicking what the page offers (the
board's targets, the move buttons), its result banner read and its record downloaded; a reload mid-game goes on
where it was; two browsers at one table each see only their own hand."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    StaleElementReferenceException,
)
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from solver import GameRecord

from .driver import Server

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"


def browser(downloads: Path, width: int = 1280, height: int = 800) -> Any:
    options = Options()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}"):  # fmt: skip
        options.add_argument(arg)
    options.binary_location = CHROMIUM
    options.add_experimental_option(
        "prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False}
    )
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_page_load_timeout(30)
    return driver


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("web") / "games.sqlite3", workers=2)
    yield s
    s.stop()


@pytest.fixture
def page(server: Server, tmp_path: Path) -> Iterator[Any]:
    driver = browser(tmp_path)
    driver.downloads = tmp_path  # type: ignore[attr-defined]
    yield driver
    logs = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    driver.quit()
    assert not logs, logs  # no script error on the page


def wait_for(driver: Any, css: str, timeout: float = 20) -> Any:
    return WebDriverWait(driver, timeout).until(lambda d: d.find_element(By.CSS_SELECTOR, css))


def refreshed(driver: Any) -> int:
    """How many times the lobby's form has been drawn again for new choices (its seats and levels)."""
    found = driver.find_elements(By.CSS_SELECTOR, ".setup")
    return int(found[0].get_attribute("data-refreshed") or 0) if found else 0


def changed(driver: Any, change: Callable[[], None]) -> None:
    """Makes a change in the lobby's form and waits until the form is drawn for it."""
    before = refreshed(driver)
    change()
    WebDriverWait(driver, 10).until(lambda d: refreshed(d) > before)


def new_game(driver: Any, server: Server, game: str, seed: int, options: dict[str, str] | None = None,
             seats: list[str] | None = None, mode: str | None = None) -> None:  # fmt: skip
    driver.get(f"{server.url}/")
    WebDriverWait(driver, 10).until(lambda d: refreshed(d) >= 1)  # the lobby drawn for its first game
    changed(driver, lambda: wait_for(driver, f'[data-game="{game}"]').click())
    modes = Select(driver.find_element(By.ID, "mode"))
    if mode is not None and modes.first_selected_option.get_attribute("value") != mode:
        changed(driver, lambda: modes.select_by_value(mode))
    for name, value in (options or {}).items():
        driver.find_element(By.CSS_SELECTOR, "details.options summary").click()
        field = driver.find_element(By.CSS_SELECTOR, f'[data-option="{name}"]')
        if field.tag_name == "select":
            Select(field).select_by_value(value)
        else:
            field.clear()
            field.send_keys(value)
        changed(driver, partial(driver.execute_script, "arguments[0].dispatchEvent(new Event('change'))", field))
    for i, value in enumerate(seats or []):
        Select(driver.find_element(By.CSS_SELECTOR, f'select[data-seat="{i}"]')).select_by_value(value)
    driver.find_element(By.ID, "seed").send_keys(str(seed))
    driver.find_element(By.ID, "start").click()
    wait_for(driver, "#board [data-target], #result:not([hidden])")


def click(driver: Any, element: Any) -> None:
    try:
        element.click()
    except (ElementClickInterceptedException, ElementNotInteractableException):
        driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", element)


def finished(driver: Any) -> bool:
    banner = driver.find_elements(By.CSS_SELECTOR, "#result:not([hidden])")
    return bool(banner) and banner[0].text.startswith("Game over:")


def offered(driver: Any) -> list[Any]:
    """What the page offers to click now: a confirm button, the move buttons, else the board's targets."""
    return list(driver.find_elements(By.CSS_SELECTOR, "#confirm")
                or driver.find_elements(By.CSS_SELECTOR, "#actions .move-button")
                or driver.find_elements(By.CSS_SELECTOR, "#board .target"))  # fmt: skip


def play_clicks(driver: Any, rng: random.Random, limit: int, stop_after: int | None = None) -> int:
    """Clicks what the page offers (a confirm button, a move button, else a highlighted target of the board) until
    the game is over; returns the clicks made."""
    clicks = 0
    while not finished(driver) and clicks < limit and (stop_after is None or clicks < stop_after):
        try:
            WebDriverWait(driver, 15).until(lambda d: finished(d) or offered(d), "nothing to click for 15 s")
            choices = offered(driver)
            if choices:
                click(driver, rng.choice(choices))
                clicks += 1
        except StaleElementReferenceException:
            continue  # drawn again meanwhile: looked at again
    assert not driver.find_element(By.ID, "message").text, driver.find_element(By.ID, "message").text
    return clicks


RAW_RULE = re.compile(r"\b[a-z_]+=[^\s,]*")  # a rule as the engine's key=value
SEAT_INDEX = re.compile(r"\b[Pp]layers? [0-9]\b")


def check_words(driver: Any) -> str:
    """The game page says its rules in words and names its seats: no key=value rule, no seat index, no doubled
    "(you)"; returns the page's text."""
    text = str(driver.find_element(By.ID, "table").text)
    assert not RAW_RULE.search(text), RAW_RULE.findall(text)
    assert not SEAT_INDEX.search(text), [line for line in text.splitlines() if SEAT_INDEX.search(line)]
    assert "(you) (you)" not in text and "you (you)" not in text
    return text


def check_move_numbers(driver: Any) -> None:
    """Each move of the list shows its number whole, from 10 up too (inside its line, not cut off)."""
    numbers = driver.execute_script("""
        const ol = document.getElementById("moves");
        return [...ol.children].map((li, i) => {
          const mark = getComputedStyle(li, "::before");
          const left = li.getBoundingClientRect().left - ol.getBoundingClientRect().left;
          return [i + 1, mark.content, left >= 0 && li.scrollWidth <= li.clientWidth + 1];
        });""")  # fmt: skip
    assert numbers and all(content == 'counter(move) "."' and whole for _, content, whole in numbers), numbers


def downloaded_record(driver: Any) -> GameRecord:
    click(driver, wait_for(driver, "#download"))
    folder: Path = driver.downloads
    files = WebDriverWait(driver, 20).until(lambda d: list(folder.glob("*.json")), "no record was downloaded")
    return GameRecord.from_dict(json.loads(files[0].read_text()))


GAMES = [  # game, lobby settings, click limit
    ("connect4", {}, 200),
    ("sensei", {"options": {"max_turns": "12"}}, 800),
    ("koikoi", {}, 400),
    ("haniwa", {"mode": "2p"}, 400),
    ("ohanami", {"mode": "2p"}, 600),
    ("honshu", {"mode": "2p"}, 900),
]


@pytest.mark.parametrize(("game", "setup", "limit"), GAMES, ids=[g for g, _, _ in GAMES])
def test_a_game_is_played_to_its_end_by_clicking(page: Any, server: Server, game: str, setup: dict[str, Any],
                                                  limit: int) -> None:  # fmt: skip
    new_game(page, server, game, seed=3, **setup)
    rng = random.Random(game)
    clicks = play_clicks(page, rng, limit, stop_after=6)
    check_words(page)
    moves_before = [li.text for li in page.find_elements(By.CSS_SELECTOR, "#moves li")]
    page.refresh()  # a reload goes on where the game was
    wait_for(page, "#board [data-target], #result:not([hidden])")
    WebDriverWait(page, 10).until(lambda d: [li.text for li in d.find_elements(By.CSS_SELECTOR, "#moves li")]
                                  [: len(moves_before)] == moves_before)  # fmt: skip
    clicks += play_clicks(page, rng, limit)
    assert finished(page), f"not over after {clicks} clicks"
    banner = page.find_element(By.ID, "result").text
    assert " won (" in banner or banner.startswith("Game over: draw (")
    assert banner.startswith(("Game over: you won (you ", "Game over: the engine won (you ", "Game over: draw (you "))
    check_words(page)
    check_move_numbers(page)
    part = "deal" if game == "koikoi" else "game"
    assert page.find_element(By.CSS_SELECTOR, "details.history summary").text == f"Moves of this {part}"
    if game not in ("connect4", "sensei"):  # the game is over: the engine's view (its hand, its tiles) is shown
        shown = wait_for(page, "#revealed")
        assert shown.find_element(By.CSS_SELECTOR, "summary").text == "The game is over: what every seat held"
        assert [h.text for h in shown.find_elements(By.CSS_SELECTOR, "h3")] == ["As the engine saw it"]
    else:
        assert not page.find_elements(By.ID, "revealed")  # nothing was hidden
    record = downloaded_record(page)
    assert record.finished and record.game == game and record.seed == 3 and len(record.moves) >= 7
    assert record.agents[0] == {"name": "human", "kind": "human"} and record.agents[1]["kind"] != "human"
    assert (" won (" in banner) == bool(record.winners)  # the banner says what the record says


def test_two_browsers_at_one_table_see_only_their_own_hand(page: Any, server: Server, tmp_path: Path) -> None:
    new_game(page, server, "koikoi", seed=8, seats=["human", "human"])
    click(page, wait_for(page, ".controls button:nth-last-child(1)"))  # "Invitation links"
    link = wait_for(page, "input.invite").get_attribute("value")
    assert "#seat=1&token=" in link
    other = browser(tmp_path / "b")
    try:
        other.get(link)
        wait_for(other, "#board [data-card]")
        mine = {e.get_attribute("data-card") for e in page.find_elements(By.CSS_SELECTOR, "#board [data-card]")}
        theirs = {e.get_attribute("data-card") for e in other.find_elements(By.CSS_SELECTOR, "#board [data-card]")}
        table_id = page.find_element(By.ID, "table").get_attribute("data-table")
        state = json.loads(server_state(server, table_id))
        hands = [set(h.split(",")) for h in (state["hand0"], state["hand1"])]
        assert hands[0] <= mine and not (hands[1] & mine)  # seat 0 sees its hand, none of seat 1's
        assert hands[1] <= theirs and not (hands[0] & theirs)
        # the first browser holds both seats (it made the table): it can show the other one too
        shown = ((page, ["You", "The other person show this seat"]), (other, ["The other person", "You"]))
        for driver, seats in shown:
            check_words(driver)  # each browser names its own seat "you", the other one "the other person"
            assert [li.text for li in driver.find_elements(By.CSS_SELECTOR, ".seat-list li")] == seats
        assert "kofun.tokens" in other.execute_script("return Object.keys(localStorage).join(',')")
        held = json.loads(other.execute_script("return localStorage.getItem('kofun.tokens')"))
        assert list(held[table_id]) == ["1"]  # the invited browser holds only its own seat
    finally:
        other.quit()


def server_state(server: Server, table_id: str) -> str:
    """The full state's hands, read from the server's database the way the server itself resumes a game."""
    from solver.games import get_game
    from solver.web.store import Store

    store = Store(server.db)
    try:
        row = store.table(table_id)
        assert row is not None
        record = store.record(row, 1, [0, 1])
        state = get_game("koikoi").parse(record.deals[-1].start)
        for move in record.deals[-1].moves:
            state.play(move)
        fields = dict(item.split("=", 1) for item in state.to_string().split())
        return json.dumps({"hand0": fields["hand0"], "hand1": fields["hand1"]})
    finally:
        store.close()


ANALYSIS_STATUS = {  # the status line of each game's start on the analysis board: the seats in the game's words
    "connect4": "X to move, move 1: drop a disc in a column that is not full.",
    "sensei": "South to move, turn 1: no action yet; 2 stone moves and the character move left.",
    "koikoi": "You to play a card from the hand",
    "haniwa": "You to place a tile (or first discard one and draw: 2 left)",
    "ohanami": "Round 1 of 3, turn 1 of 5, hands pass left: you pick 2 cards of your hand.",
    "honshu": "You to choose the side of start card E, round 1 of 12",
}


@pytest.mark.parametrize("game", list(ANALYSIS_STATUS))
def test_the_analysis_board_names_the_side_to_move_in_the_game_s_words(page: Any, server: Server, game: str) -> None:
    page.get(f"{server.url}/analyse?game={game}&nodes=300")
    wait_for(page, f"#an-board[data-game='{game}']")
    WebDriverWait(page, 30).until(lambda d: d.find_element(By.ID, "an-thinking").get_attribute("data-done"))
    assert page.find_element(By.ID, "an-status").text == ANALYSIS_STATUS[game]
    text = str(page.find_element(By.ID, "analysis").text)
    assert not SEAT_INDEX.search(text), [line for line in text.splitlines() if SEAT_INDEX.search(line)]


def test_a_second_click_before_the_answer_is_not_a_second_move(page: Any, server: Server) -> None:
    """Two clicks on the board before the server answers (a double click, or a click on what the page showed
    before the answer came) send one move: the page offers nothing while a move is on its way. Hot seat (both
    seats held by this page): without the hold, the second click would be a second move of X, refused with
    "not your turn"."""
    new_game(page, server, "connect4", seed=1, seats=["human", "human"])
    wait_for(page, '#board .target[data-target="col:3"]')
    page.execute_script("""
        const cell = document.querySelector('#board .target[data-target="col:3"]');
        for (let i = 0; i < 3; i++) cell.dispatchEvent(new MouseEvent('click', {bubbles: true}));""")  # fmt: skip
    WebDriverWait(page, 20).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#moves li")) == 1)
    wait_for(page, "#board .target")  # O's turn, offered in this page
    assert [li.text for li in page.find_elements(By.CSS_SELECTOR, "#moves li")] == ["3"]
    assert page.find_element(By.ID, "message").text == ""
    # O answers: X's state (now to move) reaches the page before O's own, and the page still shows X to move.
    page.find_element(By.CSS_SELECTOR, '#board .target[data-target="col:4"]').click()
    WebDriverWait(page, 20).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#moves li")) == 2)
    wait_for(page, "#board .target")  # X's turn, offered in this page
    assert [li.text for li in page.find_elements(By.CSS_SELECTOR, "#moves li")] == ["3", "4"]
