"""Solo Haniwa's best turn, asked for from its page: the plans with their expected final score and rank shares, the
same in every world the seat's view allows, refused outside a solo game's own turn."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from selenium.webdriver.common.by import By

from solver.batch.seeds import derive_seed
from solver.games import get_game
from solver.games.haniwa.solo import best_turn
from solver.games.haniwa.solo_stats import RANKS
from solver.web.solo import best_turn_plans

from .driver import HubDriver, Server, my_turn_or_over
from .test_browser import browser, click, new_game, wait_for


@pytest.fixture
def hub() -> Any:
    d = HubDriver()
    yield d
    d.close()


def test_the_best_turn_of_a_solo_game(hub: HubDriver) -> None:
    c = hub.client()
    created = hub.ask(c, type="create", game="haniwa", rules={"players": 1}, seats=[{"kind": "human"}], seed=4)
    table, token = created["table"], created["tokens"]["0"]
    hub.ask(c, type="join", table=table, token=token)
    hub.wait(c, my_turn_or_over)
    found = hub.ask(c, type="best_turn", table=table, token=token, samples=16, candidates=8, top=2)
    assert found["type"] == "best_turn" and (found["samples"], found["candidates"]) == (16, 8)
    t = hub.hub.tables[table]
    expected = best_turn(t.state.clone(), samples=16, candidates=8, seed=derive_seed(t.match.deal_seed, "best_turn", 0))
    assert [p["moves"] for p in found["plans"]] == [c.moves for c in expected[:2]]
    assert found["plans"][0]["expected"] == round(expected[0].mean, 3)
    assert set(found["plans"][0]["ranks"]) == {name for name, _ in RANKS}
    assert abs(sum(found["plans"][0]["ranks"].values()) - 1) < 1e-3


def test_the_answer_does_not_depend_on_the_hidden_stock_order(hub: HubDriver) -> None:
    c = hub.client()
    created = hub.ask(c, type="create", game="haniwa", rules={"players": 1}, seats=[{"kind": "human"}], seed=6)
    table = hub.hub.tables[created["table"]]
    view = table.view_of(0)
    other = replace(view)
    unseen = np.asarray(view.belief.unseen, dtype=np.int32)[::-1].copy()
    object.__setattr__(other, "proxy", get_game("haniwa").State.from_world(view.text, unseen))
    assert best_turn_plans(table, view, 12, 6, 3) == best_turn_plans(table, other, 12, 6, 3)


def test_the_best_turn_is_refused_outside_a_solo_turn(hub: HubDriver) -> None:
    c = hub.client()
    two = hub.ask(c, type="create", game="haniwa", rules={"players": 2}, seats=[{"kind": "human"}] * 2, seed=1)
    refused = hub.ask(c, type="best_turn", table=two["table"], token=two["tokens"]["0"])
    assert refused["message"] == "best_turn: only in a solo Haniwa game (players=1)"


def test_the_solo_page_shows_the_best_turn(tmp_path: Path) -> None:
    server = Server(tmp_path / "games.sqlite3")
    page = browser(tmp_path)
    try:
        new_game(page, server, "haniwa", seed=4, options={"players": "1"})
        click(page, wait_for(page, "#best-turn"))
        plans = wait_for(page, "#best-turn-plans li", timeout=60)
        text = page.find_element(By.ID, "best-turn-plans").text
        assert "expected" in text and "points" in text and "ranks" in text and plans.text
        time.sleep(0.1)
    finally:
        page.quit()
        server.stop()
