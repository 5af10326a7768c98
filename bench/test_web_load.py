"""Load benchmark of `kofun serve` on loopback: 50 WebSocket clients, each playing random legal moves against the
engine (level 1; one client in five against full strength, 0.3 s a move, so searches run all along) in all six
games for 60 s; the server is killed with SIGKILL 30 s in and started again. Bounded in count and time; stops by
itself. Prints the figures; asserts no error, no server exception, every game resumed and every finished record
played again by `Match` to the same result.

    python -m pytest bench/test_web_load.py -s        (KOFUN_LOAD_CLIENTS / KOFUN_LOAD_SECONDS to change the size)
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import urllib.request
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.driver import Server
from tests.web.load import GAMES, replays, run_load, stored_games_resume

CLIENTS = int(os.environ.get("KOFUN_LOAD_CLIENTS", "50"))
SECONDS = float(os.environ.get("KOFUN_LOAD_SECONDS", "60"))


def test_fifty_clients_for_a_minute_with_a_kill_in_the_middle(tmp_path: Path) -> None:
    server = Server(tmp_path / "load.sqlite3", workers=2)
    try:
        result = asyncio.run(run_load(server, clients=CLIENTS, seconds=SECONDS, kill_at=SECONDS / 2))
        with urllib.request.urlopen(f"{server.url}/health") as r:
            health = json.loads(r.read())
    finally:
        log = server.stop()
    games = Counter(r["game"] for r in result.records)
    print(f"\n{CLIENTS} clients, {SECONDS:.0f} s, SIGKILL at {SECONDS / 2:.0f} s: {result.moves} moves, "
          f"{sum(result.started.values())} games started ({dict(result.started)}), {len(result.records)} finished "
          f"({dict(games)}), {result.unfinished} left at the end, "
          f"{result.resumed} resumed after the restart, {len(result.errors)} errors, "
          f"{health['errors']} server exceptions")  # fmt: skip
    print(f"view (join) latency: p50 {1000 * sorted(result.view_latency)[len(result.view_latency) // 2]:.1f} ms, "
          f"p95 {1000 * result.p95(result.view_latency):.1f} ms over {len(result.view_latency)}; move round trip: "
          f"p95 {1000 * result.p95(result.move_latency):.1f} ms over {len(result.move_latency)}")  # fmt: skip
    assert result.errors == [], result.errors[:5]
    assert health["errors"] == 0 and "Traceback" not in log, log[-3000:]
    assert result.resumed >= CLIENTS // 2
    assert all(replays(r) for r in result.records)
    assert set(result.started) == {g for g, _ in GAMES}  # all six games were played
    result.check_stored(stored_games_resume(tmp_path / "load.sqlite3"))  # the unfinished ones, whole
