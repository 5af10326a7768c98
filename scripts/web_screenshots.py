"""Screenshots of the web app for the docs: the lobby and a game page of every game, taken in headless Chromium
from a `kofun serve` started on a free loopback port with a temporary database.

    python scripts/web_screenshots.py [--out docs/screenshots] [--width 1280 --height 800]

Each game is started against the engine's level 1 with a fixed seed and a few moves are clicked first (the same
seeded clicks every time), so the pictures show a game under way.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.driver import Server
from tests.web.test_browser import browser, new_game, play_clicks

SHOTS: list[tuple[str, dict[str, str], int]] = [  # game, lobby settings (mode), clicks before the picture
    ("connect4", {}, 8),
    ("sensei", {}, 9),
    ("koikoi", {}, 5),
    ("haniwa", {"mode": "2p"}, 10),
    ("ohanami", {"mode": "2p"}, 6),
    ("honshu", {"mode": "2p"}, 9),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=800)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "games.sqlite3")
        driver = browser(Path(tmp), args.width, args.height)
        try:
            driver.get(f"{server.url}/")
            time.sleep(1.0)
            driver.save_screenshot(str(args.out / "lobby.png"))
            for game, setup, clicks in SHOTS:
                new_game(driver, server, game, seed=3, mode=setup.get("mode"))
                play_clicks(driver, random.Random(game), clicks, stop_after=clicks)
                time.sleep(1.0)  # the engine's reply drawn
                height = driver.execute_script("return document.body.scrollHeight")
                driver.set_window_size(args.width, max(args.height, min(int(height) + 40, 1400)))
                time.sleep(0.3)
                driver.save_screenshot(str(args.out / f"{game}.png"))
                driver.set_window_size(args.width, args.height)
                print(f"{args.out / game}.png")
        finally:
            driver.quit()
            server.stop()


if __name__ == "__main__":
    main()
