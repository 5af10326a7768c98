"""Random games per CPU second: kofun's compiled random games against OpenSpiel's, same clock, one run.

The work: whole games with every move drawn uniformly among the legal ones, from the start (a fresh deal for the
dealt games). kofun's side is its compiled loop (`random_playouts`, `random_deals`, `random_games`: one Python call
for all the games). The baseline is OpenSpiel's own C++ game loop, `pyspiel.evaluate_bots` with one
`make_uniform_random_bot` a seat, one Python call per game on a new state (`game.new_initial_state()`):

- Connect Four: OpenSpiel's own C++ `connect_four` (the same game, OpenSpiel's rules code). The Python loop's call
  per game is counted; `ratio_calls_removed` subtracts it (measured in the same round on a finished game).
- kofun's own games, which OpenSpiel does not ship (Sensei, Koi-Koi, Haniwa, Ohanami, Honshu): the same game
  through kofun's OpenSpiel adapter (`kofun_<game>`, solver/interop/openspiel.py), a Python game that OpenSpiel's C++
  loop drives: **the same rules engine** reached through OpenSpiel's game API (each ply calls the adapter's Python
  `legal_actions` / `apply_action`, four seed-byte chance events deal a game), so the ratio is the native path's
  advantage over the API, not one rules code against another. Haniwa's kofun side plays one deal over and over
  (`random_playouts` from the dealt state), so its baseline draws the same four seed bytes before each game.
  Honshu's kofun side draws a random placement by rejection (`random_move`) where OpenSpiel's bot lists every legal
  action (~240 placements a placement ply): uniform both, not the same cost per draw.

Clock: `time.thread_time` around each side (everything runs in this thread). No table, no search: the budget is the
number of games of each side (fixed per game below, chosen for some 0.1-0.5 s a side). A round is the baseline then
kofun; KOFUN_BENCH_ROUNDS rounds (3 by default); the figure is the median of the rounds' ratios, with their range.

    python -m pytest -q -s bench/test_random_games_openspiel.py -p no:cacheprovider    # needs OpenSpiel
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import pytest
from paired import paired, rounds, thread_rate

from solver import _core
from solver._core import haniwa as hw
from solver._core import honshu as hs
from solver._core import koikoi as kk
from solver._core import ohanami as oh
from solver.games.sensei import GAME as SENSEI

SEED_BYTES = (1, 0, 0, 0)  # deal seed 1, little-endian: Haniwa's fixed deal


@dataclass(frozen=True)
class Case:
    """One game mode: its OpenSpiel name, kofun's games per round and OpenSpiel's games per round."""

    name: str
    openspiel: str
    kofun_games: int
    baseline_games: int


CASES = (
    Case("connect4", "connect_four", 1_000_000, 30_000),
    Case("sensei_arashi", "kofun_sensei(version=arashi)", 2_000, 40),
    Case("sensei_shizukana", "kofun_sensei(version=shizukana)", 2_000, 40),
    Case("koikoi", "kofun_koikoi", 100_000, 600),
    Case("haniwa_2p", "kofun_haniwa(players=2)", 50_000, 300),
    Case("haniwa_solo", "kofun_haniwa(players=1)", 50_000, 300),
    Case("ohanami_2p", "kofun_ohanami(players=2)", 50_000, 150),
    Case("ohanami_3p", "kofun_ohanami(players=3)", 30_000, 100),
    Case("ohanami_4p", "kofun_ohanami(players=4)", 30_000, 80),
    Case("honshu_2p", "kofun_honshu(players=2)", 20_000, 60),
    Case("honshu_4p", "kofun_honshu(players=4)", 10_000, 30),
    Case("honshu_5p", "kofun_honshu(players=5)", 10_000, 30),
)


def _dealt(game: Any) -> Any:
    """A new OpenSpiel state of `game` past Haniwa's fixed seed bytes (unchanged for the other games)."""
    state = game.new_initial_state()
    if game.get_type().short_name == "kofun_haniwa":
        for byte in SEED_BYTES:
            state.apply_action(byte)
    return state


def _kofun_work(case: Case, game: Any) -> Any:
    """kofun's compiled random games for `case`: a function returning the games played."""
    n = case.kofun_games
    if case.name == "connect4":
        start = _core.connect4.State()
        return lambda: start.random_playouts(n, 1) and n
    if case.name.startswith("sensei"):
        version = case.name.split("_")[1]
        sensei = SENSEI.new({"version": version})
        assert SENSEI.notation(sensei) == str(game.new_initial_state()), "not the same Sensei start on both sides"
        return lambda: sensei.random_playouts(n, 1) and n
    if case.name == "koikoi":
        return lambda: kk.random_deals(n, 1) and n
    players = game.num_players()
    if case.name.startswith("haniwa"):
        dealt = _dealt(game)._table.state.clone()
        assert isinstance(dealt, hw.State)
        return lambda: dealt.random_playouts(n, 1) and n
    if case.name.startswith("ohanami"):
        return lambda: oh.random_games(n, 1, players) and n
    return lambda: hs.random_games(n, 1, players) and n


def _baseline_work(pyspiel: Any, game: Any, n: int) -> Any:
    """OpenSpiel's C++ loop with uniform random bots, `n` games, one call a game: returns the games played."""
    bots = [pyspiel.make_uniform_random_bot(p, 7 + p) for p in range(game.num_players())]

    def work() -> int:
        for i in range(n):
            pyspiel.evaluate_bots(_dealt(game), bots, i)
        return n

    return work


def _call_seconds(pyspiel: Any, game: Any, n: int) -> float:
    """Thread CPU seconds of the baseline's per-game Python call alone: `n` calls on a finished game."""
    bots = [pyspiel.make_uniform_random_bot(p, 7 + p) for p in range(game.num_players())]
    done = game.new_initial_state()
    pyspiel.evaluate_bots(done, bots, 0)
    start = time.thread_time()
    for i in range(n):
        pyspiel.evaluate_bots(done, bots, i)
    return time.thread_time() - start


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_random_games_vs_openspiel(benchmark: Any, pyspiel: Any, case: Case) -> None:
    """Random games per thread CPU second, kofun's compiled loop over OpenSpiel's C++ loop (paired rounds)."""
    import solver.interop.openspiel  # noqa: F401  (registers the kofun_<game> games)

    game = pyspiel.load_game(case.openspiel)
    kofun, baseline = _kofun_work(case, game), _baseline_work(pyspiel, game, case.baseline_games)
    kofun()  # first touches outside the clock
    n = rounds()
    result = paired(lambda: thread_rate(kofun), lambda: thread_rate(baseline), n)
    benchmark.pedantic(lambda: None, rounds=1)
    info: dict[str, Any] = {"game": case.name, "baseline": case.openspiel, "rounds": n}
    info |= result.info("games", digits=1 if result.ratio < 100 else 0)
    if case.name == "connect4":
        calls = min(_call_seconds(pyspiel, game, case.baseline_games) for _ in range(n)) / case.baseline_games
        info["baseline_call_us"] = round(calls * 1e6, 2)
        without = 1.0 / (1.0 / result.baseline - calls)
        info["ratio_calls_removed"] = round(result.kofun / without, 1)
    benchmark.extra_info.update(info)
    print(" ".join(f"{key}={v}" for key, v in info.items()))
    assert result.ratio > 1.0
