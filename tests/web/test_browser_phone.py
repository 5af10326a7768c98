"""The game pages on a phone and by the keyboard, in headless Chromium (as tests/web/test_browser.py).

- On a 390x844 screen (a phone, emulated) every game is started and played a few moves: nothing is wider than the
  screen, the side panel comes below the board, and whatever can be clicked next is large enough for a finger
  (44 CSS pixels across; a square of an SVG board at least 36: Honshu's map shrinks to the screen's width).
- By the keyboard, at both sizes: Tab reaches what can be clicked next, Enter clicks it (a move of two clicks goes
  on to its second click by itself); every clickable element says what it is (aria-label).

``KOFUN_PHONE_SHOTS=docs/screenshots python -m pytest tests/web/test_browser_phone.py -k phone`` also saves one
picture of the lobby and of each game at the phone's size (docs/screenshots/phone-<game>.png).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from .driver import Server
from .test_browser import GAMES, browser, check_words, click, finished, new_game, offered, server, wait_for

__all__ = ["server"]  # the fixture, shared with test_browser.py
PHONE = (390, 844)
FINGER, SQUARE = 44, 36


def phone_browser(downloads: Path) -> Any:
    driver = browser(downloads, *PHONE)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})  # fmt: skip
    return driver


@pytest.fixture
def phone(server: Server, tmp_path: Path) -> Iterator[Any]:
    driver = phone_browser(tmp_path)
    yield driver
    logs = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    driver.quit()
    assert not logs, logs


@pytest.fixture(params=["desktop", "phone"])
def any_size(request: pytest.FixtureRequest, server: Server, tmp_path: Path) -> Iterator[Any]:
    driver = phone_browser(tmp_path) if request.param == "phone" else browser(tmp_path)
    yield driver
    logs = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    driver.quit()
    assert not logs, logs


LAYOUT = """
const root = document.getElementById("board"), side = document.querySelector("aside.side");
const small = [...root.querySelectorAll(".target")].map((e) => {
  const r = e.getBoundingClientRect(), svg = e instanceof SVGElement;
  return [e.dataset.target, Math.round(r.width), Math.round(r.height), svg];
}).filter(([, w, h, svg]) => Math.min(w, h) < (svg ? arguments[1] : arguments[0]));
return {
  width: document.documentElement.scrollWidth, screen: innerWidth, small,
  below: side.getBoundingClientRect().top >= root.getBoundingClientRect().bottom,
};"""


def check_layout(driver: Any) -> None:
    got = driver.execute_script(LAYOUT, FINGER, SQUARE)
    assert got["width"] <= got["screen"] == PHONE[0], got  # nothing wider than the screen
    assert got["below"], "the side panel is not below the board"
    assert not got["small"], got["small"]  # [target, width, height, svg] of what is too small to tap


@pytest.mark.parametrize(("game", "setup", "limit"), GAMES, ids=[g for g, _, _ in GAMES])
def test_a_game_on_a_phone(phone: Any, server: Server, game: str, setup: dict[str, Any], limit: int) -> None:
    new_game(phone, server, game, seed=3, **setup)
    rng = random.Random(game)
    clicks = 0
    while clicks < 10 and not finished(phone):
        WebDriverWait(phone, 20).until(lambda d: finished(d) or offered(d))
        choices = offered(phone)
        if not choices:
            continue  # the game ended, or the page is drawn again: looked at again
        try:
            check_layout(phone)
            click(phone, rng.choice(choices))
        except StaleElementReferenceException:
            continue  # drawn again meanwhile (the engine moved): looked at again
        clicks += 1
    check_words(phone)
    WebDriverWait(phone, 20).until(lambda d: finished(d) or offered(d))
    picture(phone, game)


def picture(driver: Any, name: str) -> None:
    """With KOFUN_PHONE_SHOTS=<folder>: the whole page at the phone's width, saved as <folder>/phone-<name>.png."""
    shots = os.environ.get("KOFUN_PHONE_SHOTS")
    if not shots:
        return
    height = int(driver.execute_script("return document.documentElement.scrollHeight"))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": PHONE[0], "height": min(height, 4000), "deviceScaleFactor": 1,
                            "mobile": True})  # fmt: skip
    driver.save_screenshot(str(Path(shots) / f"phone-{name}.png"))


def focus_a_target(driver: Any, limit: int = 80) -> Any:
    """Presses Tab until what has the focus is a board element that can be clicked next; returns it."""
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        active = driver.switch_to.active_element
        if active.get_attribute("data-target") and "target" in (active.get_attribute("class") or ""):
            return active
    raise AssertionError("Tab never reached a clickable part of the board")


def moves_shown(driver: Any) -> int:
    return len(driver.find_elements(By.CSS_SELECTOR, "#moves li"))


def test_the_keyboard_plays_a_move_of_one_click(any_size: Any, server: Server) -> None:
    new_game(any_size, server, "connect4", seed=2, seats=["human", "level:1"])
    wait_for(any_size, "#board .target")
    column = focus_a_target(any_size)
    target = column.get_attribute("data-target")
    assert column.get_attribute("aria-label") == "column " + target.split(":")[1]
    assert column.get_attribute("role") == "button" and column.get_attribute("tabindex") == "0"
    ActionChains(any_size).send_keys(Keys.ENTER).perform()
    WebDriverWait(any_size, 20).until(lambda d: moves_shown(d) >= 2)  # the move and the engine's reply
    assert any_size.find_element(By.CSS_SELECTOR, "#moves li").text == target[4:]


def test_the_keyboard_plays_a_move_of_two_clicks(any_size: Any, server: Server) -> None:
    new_game(any_size, server, "koikoi", seed=3, seats=["human", "level:1"])
    wait_for(any_size, "#board .target[data-target^='hand:']")
    labels = any_size.execute_script(
        "return [...document.querySelectorAll('#board [data-target]')].map((e) => e.getAttribute('aria-label'))"
    )
    assert labels and all(labels)  # every clickable card says what it is
    before = moves_shown(any_size)
    card = focus_a_target(any_size)
    target = card.get_attribute("data-target")
    assert target.startswith("hand:")
    assert card.get_attribute("aria-label") == card.get_attribute("title")  # e.g. "5c2 Iris chaff (5 iris, chaff)"
    ActionChains(any_size).send_keys(Keys.ENTER).perform()
    # the first click made: the focus is on one of the field places the card can go to
    WebDriverWait(any_size, 10).until(lambda d: (d.switch_to.active_element.get_attribute("data-target") or "")
                                      .startswith("table:"))  # fmt: skip
    ActionChains(any_size).send_keys(Keys.ENTER).perform()
    WebDriverWait(any_size, 20).until(lambda d: moves_shown(d) > before)
    played = any_size.find_elements(By.CSS_SELECTOR, "#moves li")[before].text
    assert played.startswith("play " + target[5:])


def test_the_lobby_on_a_phone(phone: Any, server: Server) -> None:
    phone.get(f"{server.url}/")
    wait_for(phone, '[data-game="honshu"]').click()
    WebDriverWait(phone, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, 'select[data-seat="1"]'))
    got = phone.execute_script("""
        const small = [...document.querySelectorAll("#lobby button, #lobby select, #lobby input")]
          .map((e) => [e.id || e.dataset.game || e.dataset.seat || e.dataset.option || e.type, e.type,
                       e.getBoundingClientRect()])
          .filter(([, type, r]) => r.width > 0 && r.height < (type === "checkbox" ? 30 : 44)).map(([what]) => what);
        return {width: document.documentElement.scrollWidth, screen: innerWidth, small};""")  # fmt: skip
    assert got["width"] <= got["screen"] == PHONE[0], got  # nothing wider than the screen
    assert not got["small"], got["small"]  # every button, choice and field 44 px high (a check box 30)
    phone.get(f"{server.url}/?game=connect4")
    WebDriverWait(phone, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, 'select[data-seat="1"]'))
    picture(phone, "lobby")
