"""The server under a small load on loopback (bounded: 8 clients, 12 s), killed with SIGKILL in the middle and
started again: no error, no server exception, every game resumed where it was, every finished game's record
complete and played again by `Match` to the same result. The full-size run is bench/test_web_load.py."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from pathlib import Path

from .driver import Server
from .load import replays, run_load, stored_games_resume


def test_a_loaded_server_killed_and_started_again_loses_nothing(tmp_path: Path) -> None:
    server = Server(tmp_path / "load.sqlite3", workers=2)
    try:
        result = asyncio.run(run_load(server, clients=8, seconds=12, kill_at=5, strong_every=4))
        with urllib.request.urlopen(f"{server.url}/health") as r:
            health = json.loads(r.read())
    finally:
        log = server.stop()
    assert result.errors == [], result.errors[:5]
    assert health["errors"] == 0 and "Traceback" not in log, log[-3000:]
    assert result.resumed >= 1 and result.moves > 50
    assert len(result.records) >= 6 and all(replays(r) for r in result.records)
    assert {r["game"] for r in result.records} >= {"connect4", "koikoi"}
    result.check_stored(stored_games_resume(tmp_path / "load.sqlite3"))  # the unfinished ones, whole
