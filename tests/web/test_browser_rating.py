"""The player's own rating in a real browser (headless Chromium, as tests/web/test_browser.py): the lobby's name
field is kept by the browser, the rating in the chosen mode is shown beside it, and a finished game's page shows
the new rating, its deviation and the change — the numbers the server stored."""

from __future__ import annotations

import random
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from solver.rating.profiles import initial_rating
from solver.web.store import Store

from .driver import Server
from .test_browser import finished, new_game, page, play_clicks, server, wait_for

__all__ = ["page", "server"]  # the fixtures, shared with test_browser.py


def rating_line(driver: Any, starts: str) -> str:
    WebDriverWait(driver, 20).until(lambda d: d.find_element(By.ID, "player-rating").text.startswith(starts))
    return str(driver.find_element(By.ID, "player-rating").text)


def test_the_name_is_kept_and_the_rating_shown_at_the_end_of_a_game(page: Any, server: Server) -> None:
    page.get(f"{server.url}/")
    wait_for(page, '[data-game="connect4"]').click()
    name = wait_for(page, "#player-name")
    assert rating_line(page, "Give your name").endswith("your own rating (Glicko-2) in the rated modes.")
    name.send_keys("Ann")
    page.execute_script("arguments[0].dispatchEvent(new Event('change'))", name)
    start = initial_rating("connect4", {})
    no_rating = f"Ann: no rating yet in Connect Four (7x6), standard; starts at {start:.0f} ± 350"
    assert rating_line(page, "Ann:") == no_rating
    new_game(page, server, "connect4", seed=5, seats=["human", "level:1"])  # the lobby is loaded again
    WebDriverWait(page, 20).until(lambda d: finished(d) or d.find_elements(By.CSS_SELECTOR, "#board .target"))
    seat = page.find_element(By.CSS_SELECTOR, ".seat-list li span").text
    assert seat == "Ann (you), playing X"  # the seat is named by the person
    play_clicks(page, random.Random(5), 200)
    assert finished(page)
    line = wait_for(page, "#rating-result:not([hidden])").text
    store = Store(server.db)
    try:
        now = store.standing("Ann", "connect4", "standard")
        [logged] = store.profile_games("name=?", ("Ann",))
    finally:
        store.close()
    assert now is not None and now.games == 1 and logged.before is not None
    change = round(now.rating - logged.before.rating)
    assert line == (f"Ann: new rating {now.rating:.0f} ± {now.rd:.0f} in connect4 (standard), {change:+d} (was "
                    f"{start:.0f} ± 350; 1 rated game)")  # fmt: skip
    page.get(f"{server.url}/")
    wait_for(page, '[data-game="connect4"]').click()
    assert wait_for(page, "#player-name").get_attribute("value") == "Ann"  # kept in this browser
    shown = rating_line(page, "Ann: rated")
    assert shown == f"Ann: rated {now.rating:.0f} ± {now.rd:.0f} in Connect Four (7x6), standard (1 rated game)"
