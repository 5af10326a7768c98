"""The lobby in a real browser (headless Chromium, as tests/web/test_browser.py): drawn at once from the page's own
data, each game with its description and player count, a beginner's level preselected, the last choices kept by the
browser, Sensei's pits entered in words (and a wrong square refused in words)."""

from __future__ import annotations

from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from solver.games import GAMES
from solver.rating.ladders import Ladder, shipped_path

from .driver import Server
from .test_browser import page, server, wait_for

__all__ = ["page", "server"]  # the fixtures, shared with test_browser.py


def seat_value(driver: Any, seat: int) -> str:
    return str(Select(driver.find_element(By.CSS_SELECTOR, f'select[data-seat="{seat}"]')).first_selected_option
               .get_attribute("value"))  # fmt: skip


def test_the_lobby_is_drawn_at_once(page: Any, server: Server) -> None:
    page.get(f"{server.url}/")
    # the page has loaded (its load event: the deferred lobby data ran before it), and its lobby is drawn from the
    # data it came with, not from the socket
    WebDriverWait(page, 30).until(lambda d: d.execute_script("return document.readyState") == "complete")
    keys = page.execute_script("return Object.keys(window.KOFUN_LOBBY || {}).sort()")
    assert keys == ["default_level", "games"], page.get_log("browser")
    games = page.find_elements(By.CSS_SELECTOR, "#games [data-game]")
    assert [g.get_attribute("data-game") for g in games] == sorted(GAMES)
    assert games[0].text.splitlines() == [
        "Connect Four (7x6)", "2 players",
        "Drop discs into a standing grid of 7 columns: four of your colour in a row wins.", "perfect information",
    ]  # fmt: skip
    assert games[0].get_attribute("aria-checked") == "true"
    assert seat_value(page, 1) == "level:3"  # a level a beginner can beat, not the weakest
    chosen = Select(page.find_element(By.CSS_SELECTOR, 'select[data-seat="1"]')).first_selected_option.text
    assert chosen == "engine level 3: alphabeta-53, rated 941 (95%: 920 to 964)"
    honshu = next(g for g in games if g.get_attribute("data-game") == "honshu")
    assert honshu.text.splitlines()[1] == "2 to 5 players"
    seats = [e.text for e in page.find_elements(By.CSS_SELECTOR, ".seat-row > span")]
    assert seats == ["X", "O"]  # the game's names of its seats
    honshu.click()
    WebDriverWait(page, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".seat-row"))
    assert [e.text for e in page.find_elements(By.CSS_SELECTOR, ".seat-row > span")] == ["First seat", "Second seat"]


def test_the_last_choices_are_kept_by_the_browser(page: Any, server: Server) -> None:
    page.get(f"{server.url}/")
    wait_for(page, '[data-game="sensei"]').click()
    Select(wait_for(page, "#mode")).select_by_value("shizukana")
    levels = 'select[data-seat="1"]'
    top = f"rated {max(lv.rating for lv in Ladder.load(shipped_path('sensei', 'shizukana')).levels):.0f}"
    WebDriverWait(page, 10).until(lambda d: top in d.find_element(By.CSS_SELECTOR, levels).text)  # Shizukana's
    Select(page.find_element(By.CSS_SELECTOR, 'select[data-seat="1"]')).select_by_value("level:5")
    page.get(f"{server.url}/")
    wait_for(page, '[data-game="sensei"].chosen')
    assert Select(page.find_element(By.ID, "mode")).first_selected_option.get_attribute("value") == "shizukana"
    assert seat_value(page, 1) == "level:5"
    wait_for(page, '[data-game="honshu"]').click()  # another game: its own choices (none yet)
    wait_for(page, 'select[data-seat="1"]')
    assert seat_value(page, 1) == "level:3"
    anchor = Select(page.find_element(By.CSS_SELECTOR, 'select[data-seat="1"]')).options[1].text
    assert anchor == "engine level 1: ismcts-1, rated 0: the rating scale's anchor, 0 by definition"


def pits(driver: Any, server: Server, text: str) -> None:
    driver.get(f"{server.url}/")
    wait_for(driver, '[data-game="sensei"]').click()
    wait_for(driver, "#start")
    driver.find_element(By.CSS_SELECTOR, "details.options summary").click()
    field = driver.find_element(By.CSS_SELECTOR, '[data-option="pits"]')
    assert field.get_attribute("type") == "text"
    field.clear()
    field.send_keys(text)
    driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", field)


def test_sensei_pits_are_entered_as_words_or_squares(page: Any, server: Server) -> None:
    page.get(f"{server.url}/?game=sensei")
    assert wait_for(page, '[data-option="pits"]').get_attribute("value") == "none"
    pits(page, server, "c3 e3")
    WebDriverWait(page, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".note").text.startswith("No rated"))
    Select(page.find_element(By.CSS_SELECTOR, 'select[data-seat="1"]')).select_by_value("time:1")
    page.find_element(By.ID, "seed").send_keys("4")
    page.find_element(By.ID, "start").click()
    rules = wait_for(page, "#rules .rules-mode")
    assert rules.text == "Rules: Arashi, except: pits on c3 e3."
    pits(page, server, "default")
    assert page.find_element(By.CSS_SELECTOR, '[data-option="pits"]').get_attribute("value") == "default"
    page.find_element(By.ID, "start").click()
    rules = wait_for(page, "#rules .rules-mode")
    assert rules.text == "Rules: Arashi, except: the expert board: pits on c3 e3 c5 e5."
    pits(page, server, "c3 z9")
    error = wait_for(page, ".setup .error")
    assert error.text == "sensei option 'pits': 'z9' is not a square a1..g7"
    page.get(f"{server.url}/")  # the games of this browser, their seats named as this browser's seat sees them
    WebDriverWait(page, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#my-games li")) == 2)
    lines = [li.text for li in page.find_elements(By.CSS_SELECTOR, "#my-games li")]
    assert lines == ["Sensei you vs the engine — playing"] * 2
