"""Rating ladders (solver.rating.tournament) and their commands: pools, modes, paired units, adaptive rounds,
determinism, ``kofun ladder`` / ``kofun levels`` / ``kofun play --elo`` and their errors."""

from __future__ import annotations

import itertools
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from solver.batch.runner import Runner, read_results
from solver.cli import main
from solver.rating import ladders
from solver.rating.fit import Fit
from solver.rating.journals import refit
from solver.rating.ladders import Ladder, Level
from solver.rating.plan import PLAN, plan_round
from solver.rating.pools import FULL_STRENGTH, MODES, Entry, full_strength, mode_of, pool, search_entry
from solver.rating.tournament import play_unit, tournament


def run(*args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(main, list(args), input=input)


def test_every_mode_has_a_pool_spaced_by_four_up_to_full_strength_with_random_greedy_and_the_other_algorithm() -> None:
    for game, modes in MODES.items():
        for mode, m in modes.items():
            entries = pool(game, mode)
            names = [e.name for e in entries]
            assert (names[0] == "random") == (m.anchor == "random") and m.anchor in names
            assert ("random" in names) == (game != "honshu")  # random never wins a Honshu game: not in its pool
            assert ("greedy" in names) == (game in ("haniwa", "koikoi", "ohanami", "honshu")), (game, mode)
            main = [e.budget for e in entries if e.main]
            assert main[0] == (1 if game in ("ohanami", "honshu") else 16)
            assert all(b * 4 == c for b, c in itertools.pairwise(main[:-1]))  # x4, then full strength on top
            assert main[-1] == FULL_STRENGTH[game][mode] == full_strength(game, mode) and main[-2] * 4 >= main[-1]
            assert len([e for e in entries if e.algo == m.alt_algo and not e.main]) == 2
            assert mode_of(game, m.rules)[0] == mode
    assert [e.name for e in pool("ohanami", "2p", 1024, min_budget=16)] == [
        "random",
        "greedy",
        "ismcts-16",
        "ismcts-64",
        "ismcts-256",
        "ismcts-1024",
        "pimc-1024",
    ]
    with pytest.raises(ValueError, match="min budget: must be one of the ladder's budgets"):
        pool("ohanami", "2p", 1024, min_budget=8)
    assert [e.name for e in pool("honshu", "4p", 64)] == ["greedy", "ismcts-1", "ismcts-4", "ismcts-16", "ismcts-64"]
    with pytest.raises(ValueError, match="anchor ismcts-1"):
        pool("honshu", "2p", 64, min_budget=4)
    capped = pool("c4", "standard", max_budget=256)
    assert [e.name for e in capped] == ["random", "alphabeta-16", "alphabeta-64", "alphabeta-256"]
    assert search_entry("alphabeta", 4_194_304, True).settings["hash_mb"] == 64
    with pytest.raises(ValueError, match="not a rated mode"):
        mode_of("haniwa", {"players": 1})
    with pytest.raises(ValueError, match="max budget"):
        pool("c4", "standard", max_budget=8)


def test_a_unit_is_one_deal_with_the_seats_swapped_and_timed() -> None:
    sides = [asdict(Entry("greedy", "greedy")), asdict(search_entry("ismcts", 16, True))]
    spec = {"game": "koikoi", "rules": {"preset": "seed"}, "sides": sides, "seed": 5, "opening_plies": 0}
    r = play_unit(spec)
    first, second = r["records"]
    assert first["deals"][0]["start"] == second["deals"][0]["start"]
    assert [a["kind"] for a in first["agents"]] == ["greedy", "search"]
    assert [a["kind"] for a in second["agents"]] == ["search", "greedy"]
    assert len(r["points"]) == 2 and all(dec > 0 for _, dec in r["time"])
    assert play_unit(spec)["records"] == r["records"]  # reproducible


def test_a_honshu_4p_unit_seats_two_agents_across_the_table() -> None:
    t = tournament("honshu", {"players": 4}, seed=2, max_budget=4)
    assert [e.name for e in t.entries] == ["greedy", "ismcts-1", "ismcts-4"] and t.anchor == 1
    assert t.header()["teams"] == [0, 1, 0, 1]
    task = t.task((0, 1), 0)
    r = task.fn(*task.args)
    first, second = r["records"]
    assert [a["kind"] for a in first["agents"]] == ["greedy", "search", "greedy", "search"]
    assert [a["kind"] for a in second["agents"]] == ["search", "greedy", "search", "greedy"]
    for (rotation, record), points in zip(enumerate(r["records"]), r["points"], strict=True):
        scores = record["scores"]
        greedy = [0, 2] if rotation == 0 else [1, 3]
        other = [1, 3] if rotation == 0 else [0, 2]
        assert points == [sum(scores[s] for s in greedy) / 2, sum(scores[s] for s in other) / 2]


def test_a_units_priority_is_what_its_searches_cost() -> None:
    """A round's costliest units start first on a cluster (solver.batch.runner.Task.priority): the priority of
    a unit is the sum of its two levels' budgets (random: 0)."""
    t = tournament("c4", seed=3, max_budget=1024)
    names = [e.name for e in t.entries]
    top = names.index("alphabeta-1024")
    assert t.task((names.index("random"), names.index("alphabeta-16")), 0).priority == 16
    assert t.task((top - 1, top), 5).priority == 256 + 1024
    assert t.task((top - 1, top), 5).key == f"{names[top - 1]}~alphabeta-1024/5"


def test_rounds_go_to_the_widest_intervals_and_the_tournament_is_reproducible() -> None:
    t = tournament("c4", seed=3, max_budget=64, round_units=6, bootstrap=10)
    first = t.plan(None, 6)
    assert sum(k for _, k in first) == 6 and {table for table, _ in first} >= {(0, 1), (1, 2)}
    with Runner() as runner:
        result = t.run(runner, 40)
    assert t.games() == 40 and result.ratings[0] == 0.0
    again = tournament("c4", seed=3, max_budget=64, round_units=6, bootstrap=10)
    with Runner() as runner:
        again.run(runner, 40)
    assert [r.to_dict() for r in again.records()] == [r.to_dict() for r in t.records()]
    ladder = t.ladder(result, "kofun ladder c4", [])
    assert sum(lv.games for lv in ladder.levels) == 2 * 40 and ladder.levels[1].seconds_per_decision > 0


def test_ladder_and_levels_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "c4.jsonl"
    args = ["ladder", "c4", "--games", "24", "--max-budget", "64", "--round", "6", "--bootstrap", "10"]
    done = run(*args, "--out", str(out), "--plot", str(tmp_path / "c4.png"), "--seed", "2")
    assert done.exit_code == 0, done.output
    assert "alphabeta-64" in done.output and "target ±30 points: not reached" in done.output
    assert (tmp_path / "c4.png").stat().st_size > 1000
    data = json.loads((tmp_path / "c4.json").read_text())
    assert data["games"] == 24 and data["seed"] == 2 and data["levels"][0]["rating"] == 0.0
    assert data["command"].startswith("kofun ladder c4 --games 24") and "--seed 2" in data["command"]
    more = run(*args[:3], "48", *args[4:], "--out", str(out), "--seed", "2", "--resume")
    assert more.exit_code == 0, more.output
    data = json.loads((tmp_path / "c4.json").read_text())
    assert data["games"] == 48 and len(data["runs"]) == 2 and data["runs"][1]["games_added"] == 24
    shown = run("levels", "c4", "--ratings", str(tmp_path / "c4.json"))
    assert shown.exit_code == 0 and "s/decision" in shown.output and "alphabeta-16" in shown.output
    # play --elo and --level on the ladder (a shipped ladder stands in)
    monkeypatch.setattr(ladders, "shipped_path", lambda game, mode: tmp_path / f"{game}-{mode}.json")
    (tmp_path / "connect4-standard.json").write_text((tmp_path / "c4.json").read_text())
    played = run("play", "c4", "121212", "--elo", "1", "--seed", "1", input="1\n")
    assert played.exit_code == 0, played.output
    assert played.output.startswith("opponent (--elo 1): random, rated 0, 95% interval [0, 0] (random = 0;")
    assert "result: X wins (you win); opponent random rated 0, 95% interval [0, 0] (random = 0)" in played.output
    played = run("play", "c4", "121212", "--elo", "1e9", "--seed", "1", input="1\n")
    first = played.output.splitlines()[0]
    assert first.startswith("--elo 1e+09 is above the top of the connect4 (standard) ladder (rated 0 to ")
    assert first.endswith("): the nearest end is used")
    assert "opponent alphabeta-64 (alphabeta, 64 nodes) rated" in played.output
    low = run("play", "c4", "121212", "--elo", "-5000", "--seed", "1", input="1\n").output
    assert "--elo -5000 is below the bottom of the connect4 (standard) ladder" in low
    assert "opponent (--elo -5000): random, rated 0" in low
    inside = run("play", "c4", "121212", "--elo", "1", "--seed", "1", input="1\n").output
    assert "the nearest end is used" not in inside
    levels = json.loads((tmp_path / "c4.json").read_text())["levels"]
    top = next(lv for lv in levels if lv["name"] == "alphabeta-64")
    bottom = next(lv for lv in levels if lv["name"] == "alphabeta-16")
    for number, name in ((1, "alphabeta-16"), (7, "alphabeta-64")):
        played = run("play", "c4", "121212", "--level", str(number), "--seed", "1", input="1\n")
        lv = bottom if number == 1 else top
        said = f"opponent (--level {number}): {name} (alphabeta, {lv['budget']} nodes), rated {lv['rating']:.0f}, 95%"
        assert played.output.startswith(said), played.output
        assert f"; opponent {name} (alphabeta, {lv['budget']} nodes) rated {lv['rating']:.0f}" in played.output
    middle = run("play", "c4", "121212", "--level", "4", "--seed", "1", input="1\n").output.splitlines()[0]
    assert middle.startswith("opponent (--level 4): alphabeta-") and "rated" in middle
    default = run("play", "c4", "121212", "--seed", "1", input="1\n").output.splitlines()[0]
    assert default.replace("--level 4", "") == middle.replace("--level 4", "")  # level 4 is the default
    full = run("play", "c4", "121212", "--level", "8", "--seed", "1", input="1\n").output.splitlines()[0]
    assert full == (
        "opponent: alphabeta-16777216 (alphabeta, 16,777,216 nodes) (full strength: not rated yet (the connect4 "
        "(standard) ladder stops below it))"
    )
    timed = run("play", "c4", "121212", "--time", "0.05", "--seed", "1", input="1\n").output.splitlines()[0]
    assert timed.endswith("(full strength by the clock: not rated (--level 8 is full strength by a fixed budget))")
    shown = run("levels", "c4")
    assert shown.exit_code == 0
    assert f"kofun play --level (default 4): 1: alphabeta-16, rated {bottom['rating']:.0f} [" in shown.output
    assert f"7: alphabeta-64, rated {top['rating']:.0f} [" in shown.output
    assert "8: alphabeta-16777216 (full strength), not rated yet." in shown.output
    assert "--time S: full strength by the clock, a time per move, not rated" in shown.output
    assert top["rating"] > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["ladder", "chess"], "error: unknown game"),
        (["ladder", "haniwa", "--rule", "players=1"], "not a rated mode (modes: 2p: --rule players=2"),
        (["ladder", "c4", "--scheduler", "localhost"], "is not an address like tcp://HOST:PORT"),
        (["ladder", "c4", "--scheduler", "tcp://127.0.0.1:1", "--jobs", "2"], "either --jobs or --scheduler"),
        (["ladder", "c4", "--max-budget", "3"], "max budget: must be >= 16"),
        (["ladder", "c4", "--games", "0"], "Invalid value for '--games'"),
        (["levels", "sensei", "--rule", "version=shizukana"], "no rating ladder is shipped yet"),
        (["play", "c4", "--elo", "100", "--level", "2"], "either --elo or --time / --level"),
        (["play", "c4", "--elo", "100", "--algo", "mcts"], "--elo picks the agent"),
    ],
)
def test_bad_input_is_one_error_line(args: list[str], message: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ladders, "shipped_path", lambda game, mode: Path("/nonexistent") / f"{game}-{mode}.json")
    result = run(*args)
    assert result.exit_code == 2 and message in result.output and result.output.startswith("error: ")


def test_a_ladder_extended_with_higher_budgets_keeps_its_games_and_resumes_exactly(tmp_path: Path) -> None:
    """--extend: the games of the smaller pool count, the new levels join, and the extended tournament is a
    function of the old file, the seed and the budget (a killed and resumed extension equals an uninterrupted
    one)."""
    common = ["--round", "6", "--bootstrap", "10", "--seed", "4"]
    small = tmp_path / "small.jsonl"
    done = run("ladder", "c4", "--games", "24", "--max-budget", "64", "--out", str(small), *common)
    assert done.exit_code == 0, done.output
    _, old = read_results(small)
    big = tmp_path / "big.jsonl"
    args = ["ladder", "c4", "--max-budget", "256", "--extend", str(small), *common]
    done = run(*args, "--games", "48", "--out", str(big))
    assert done.exit_code == 0, done.output
    header, results = read_results(big)
    assert header["extends"] == {"pool": ["random", "alphabeta-16", "alphabeta-64"], "units": len(old)}
    assert [e["name"] for e in header["pool"]][-1] == "alphabeta-256"
    assert list(results)[: len(old)] == list(old) and all(results[k] == old[k] for k in old)
    assert sum(len(r["points"]) for r in results.values()) == 48
    assert any("alphabeta-256" in k for k in results)
    data = json.loads(big.with_suffix(".json").read_text())
    assert data["games"] == 48 and data["runs"][-1]["games_added"] == 24
    assert {lv["name"] for lv in data["levels"]} == {"random", "alphabeta-16", "alphabeta-64", "alphabeta-256"}
    # the same extension in two runs: 36 games, then resumed (without --extend) to 48
    part = tmp_path / "part.jsonl"
    assert run(*args, "--games", "36", "--out", str(part)).exit_code == 0
    resumed = run("ladder", "c4", "--max-budget", "256", *common, "--games", "48", "--out", str(part), "--resume")
    assert resumed.exit_code == 0, resumed.output
    games = {k: (r["records"], r["points"]) for k, r in results.items()}  # times differ, games do not
    assert {k: (r["records"], r["points"]) for k, r in read_results(part)[1].items()} == games


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--max-budget", "64"], "extend: the pools are the same; use --resume"),
        (["--max-budget", "16"], "extend: the file's level 'alphabeta-64' is not in this pool"),
        (["--seed", "5"], "extend: not the same ladder (seed: 4 in the file, 5 here)"),
    ],
)
def test_extending_another_ladder_is_refused(tmp_path: Path, extra: list[str], message: str) -> None:
    small = tmp_path / "small.jsonl"
    args = ["--round", "4", "--bootstrap", "10"]
    assert (
        run("ladder", "c4", "--games", "8", "--max-budget", "64", "--seed", "4", "--out", str(small), *args).exit_code
        == 0
    )
    given = ["--seed", "4", "--max-budget", "256", *extra]
    result = run(
        "ladder", "c4", "--games", "16", "--extend", str(small), "--out", str(tmp_path / "x.jsonl"), *args, *given
    )
    assert result.exit_code == 2 and result.output.startswith("error: ") and message in result.output, result.output


def test_a_resumed_ladder_never_writes_an_older_ladder_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Resuming replays the recorded rounds (the plan is a function of the results); the ladder file is written
    only once the run plays new games, so a run killed while it catches up leaves the file as it was."""
    out = tmp_path / "c4.jsonl"
    args = ["ladder", "c4", "--max-budget", "64", "--round", "4", "--bootstrap", "10", "--seed", "3", "--out", str(out)]
    assert run(*args, "--games", "24").exit_code == 0
    saved: list[int] = []
    original = ladders.Ladder.save

    def record(self: ladders.Ladder, path: str | Path) -> None:
        saved.append(self.games)
        original(self, path)

    monkeypatch.setattr(ladders.Ladder, "save", record)
    done = run(*args, "--games", "40", "--resume")
    assert done.exit_code == 0, done.output
    assert saved and min(saved) > 24 and saved[-1] == 40
    assert json.loads(out.with_suffix(".json").read_text())["runs"][-1]["games_added"] == 16


def test_the_top_two_levels_may_stand_wider_and_the_ladder_says_so() -> None:
    t = tournament("haniwa", {"players": 2}, seed=1, max_budget=256, top_target=50)
    targets = {e.name: t.target_of(i) for i, e in enumerate(t.entries)}
    assert targets == {"random": 30, "greedy": 30, "ismcts-16": 30, "ismcts-64": 50, "ismcts-256": 50}
    assert t.header()["top_target"] == 50 and "top_target" not in tournament("haniwa", {"players": 2}).header()
    with pytest.raises(ValueError, match="top target: must be at least the target"):
        tournament("haniwa", {"players": 2}, top_target=20)
    levels = [
        Level("random", "random", None, None, {}, False, 0, 0, 0, 300),
        Level("ismcts-16", "search", "ismcts", 16, {}, True, 100, 80, 120, 300),
        Level("ismcts-64", "search", "ismcts", 64, {}, True, 200, 160, 240, 300),  # ±40
        Level("ismcts-256", "search", "ismcts", 256, {}, True, 300, 255, 345, 300),  # ±45
    ]
    lad = Ladder("haniwa", "2p", {"players": 2}, levels, 1, "", 1200, 600, 30.0, "", 200)
    assert not lad.converged
    lad.top_target = 50
    assert lad.converged and [lad.target_of(lv) for lv in levels] == [30, 30, 50, 50]
    assert Ladder.from_dict(lad.to_dict()).top_target == 50


def test_a_ladder_whose_rules_hold_a_list_can_be_extended(tmp_path: Path) -> None:
    """Sensei's `pits` rule is a tuple in the engine and a list in the results file: --extend compares them as the
    file holds them (it once refused every Sensei ladder: `pits: [] in the file, () here`)."""
    common = ["--round", "4", "--bootstrap", "10", "--seed", "2", "--rule", "version=arashi"]
    small = tmp_path / "small.jsonl"
    done = run("ladder", "sensei", "--games", "8", "--max-budget", "16", "--out", str(small), *common)
    assert done.exit_code == 0, done.output
    big = tmp_path / "big.jsonl"
    done = run(
        "ladder", "sensei", "--games", "16", "--max-budget", "64", "--extend", str(small), "--out", str(big), *common
    )
    assert done.exit_code == 0, done.output
    header, results = read_results(big)
    assert header["rules"]["pits"] == [] and header["extends"]["units"] == len(read_results(small)[1])
    assert sum(len(r["points"]) for r in results.values()) == 16


def test_a_ladder_stops_only_when_a_fine_bootstrap_confirms_the_target(tmp_path: Path) -> None:
    """The rounds' fits draw a small bootstrap; a round within the target is fitted again with `--confirm`
    resamples and the run stops only when that fit is within the target too. Here the 10-resample fits claim ±60
    at round r1, where the 400-resample fit of the same games is wider: the confirmed run plays on from the same
    games, stops on a fine fit within ±60, ships it, and the ladder refits from its results file."""
    params = {"seed": 2, "max_budget": 16, "round_units": 16, "bootstrap": 10, "target": 60.0}
    coarse = tournament("c4", **params, confirm=0)
    with Runner() as runner:
        claimed = coarse.run(runner, 4000)
    r1 = coarse.last_round
    assert claimed.bootstrap == 10 and coarse.converged(claimed)
    assert coarse.fit(r1, 400).half_width(1) > 60  # the claim does not hold with finer resampling
    out = tmp_path / "c4.jsonl"
    args = ["--max-budget", "16", "--round", "16", "--bootstrap", "10", "--target", "60", "--seed", "2"]
    done = run("ladder", "c4", *args, "--confirm", "400", "--games", "4000", "--out", str(out))
    assert done.exit_code == 0, done.output
    ladder = Ladder.load(out.with_suffix(".json"))
    assert ladder.bootstrap == 400 and ladder.converged and ladder.fit_round is not None and ladder.fit_round > r1
    assert all(lv.half_width <= 60 for lv in ladder.levels) and ladder.games > coarse.games()
    _, results = read_results(out)
    assert all(results[k]["records"] == r["records"] for k, r in coarse.results.items())  # the same games first
    assert refit(ladder, out).to_dict() == ladder.to_dict()
    with pytest.raises(ValueError, match="confirm: must be a number of bootstrap resamples"):
        tournament("c4", confirm=-1)


def test_links_with_no_wide_level_beyond_them_get_no_games_and_an_old_file_keeps_its_planner() -> None:
    """Only alphabeta-16 is outside the target: plan 2 puts every unit where a game shortens its way to random;
    plan 1 (results files from before the header's `plan`) gave the other links a tenth of a weight, and a resumed
    file of that time keeps it, so its rounds replay as they were played."""
    t = tournament("c4", max_budget=256)
    assert t.plan_version == PLAN == 4 and t.header()["plan"] == 4
    t.plan_version = 2
    ratings = [0.0, 600.0, 900.0, 1000.0]
    wide_16 = Fit(ratings, [0, 560, 890, 990], [0, 640, 910, 1010], "", 10)
    assert t.plan(wide_16, 32) == [((0, 1), 32)]
    old = tournament("c4", max_budget=256)
    header = {k: v for k, v in old.header().items() if k != "plan"}
    old.continue_from(header, {})
    assert old.plan_version == 1 and old.header() == header
    # by hand: weights 8.40 (0-1), 0.215 (0-2), 0.195 (1-2), 0.109 (2-3), 0.076 (1-3) of 8.99; 29 + largest remainders
    assert old.plan(wide_16, 32) == [((0, 1), 30), ((0, 2), 1), ((1, 2), 1)]
    settled = Fit(ratings, [0, 590, 890, 990], [0, 610, 910, 1010], "", 10)  # none wide (too few games): all links
    assert t.plan(settled, 32) == old.plan(settled, 32) and len(t.plan(settled, 32)) == 5


def test_a_file_of_the_first_planner_goes_on_with_the_current_one_through_extend(tmp_path: Path) -> None:
    """--extend with the same pool is refused for a file of today's planner (--resume it) and taken for a file of
    plan 1: its games count and its tournament goes on under the current planner (its header says so)."""
    common = ["--round", "4", "--bootstrap", "10", "--seed", "4", "--max-budget", "64"]
    old_file = tmp_path / "old.jsonl"
    assert run("ladder", "c4", "--games", "8", "--out", str(old_file), *common).exit_code == 0
    first, rest = old_file.read_text().split("\n", 1)
    line = json.loads(first)
    assert line["job"].pop("plan") == PLAN
    old_file.write_text(json.dumps(line) + "\n" + rest)  # as a file of the first planner was written
    _, old = read_results(old_file)
    new = tmp_path / "new.jsonl"
    done = run("ladder", "c4", "--games", "16", "--extend", str(old_file), "--out", str(new), *common)
    assert done.exit_code == 0, done.output
    header, results = read_results(new)
    assert header["plan"] == PLAN
    assert header["extends"] == {"pool": ["random", "alphabeta-16", "alphabeta-64"], "units": 4}
    assert list(results)[: len(old)] == list(old) and sum(len(r["points"]) for r in results.values()) == 16
    again = run("ladder", "c4", "--games", "24", "--extend", str(new), "--out", str(tmp_path / "x.jsonl"), *common)
    assert again.exit_code == 2 and "extend: the pools are the same; use --resume" in again.output


def test_plan_3_divides_each_link_by_what_a_game_there_costs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only alphabeta-64 is wide, at the top of the order (random 0, alphabeta-16 600, alphabeta-256 700,
    alphabeta-64 720), so every link is on its way to random; no game played yet (m = 2). By hand, p clamped to
    [0.03, 0.97]: m^2 p (1 - p) = 0.1164 (random~16, random~256), 0.9216 (16~256), 0.9967 (256~64), 0.8897 (16~64);
    the skips random~256 and 16~64 weigh a quarter. Plan 2: weights 8.591, 2.148, 0.281, 1.085, 1.003 of 13.108 ->
    shares 20.97, 5.24, 0.69, 2.65, 2.45 -> 21, 5, 1, 3, 2. Plan 3 divides them by the two budgets plus 64 each (144,
    384, 208, 400, 448): shares 26.68, 2.50, 0.60, 1.21, 1.00 -> 27, 2, 1, 1, 1. Every level has 400 games."""
    t = tournament("c4", max_budget=256)
    t.plan_version = 3
    assert [e.budget for e in t.entries] == [None, 16, 64, 256]
    games = [400, 400, 400, 400]
    monkeypatch.setattr(t, "games_per_entry", lambda: games)
    current = Fit([0.0, 600.0, 720.0, 700.0], [0, 590, 680, 690], [0, 610, 760, 710], "", 10)
    assert t.plan(current, 32) == [((0, 1), 27), ((0, 3), 2), ((1, 2), 1), ((1, 3), 1), ((2, 3), 1)]
    # alphabeta-256 with 150 games (< MIN_GAMES) is wide whatever its interval: it doubles random~16, 16~256 and
    # random~256 -> weights 0.1193, 0.0112, 0.0014, 0.0054, 0.0022 -> shares 27.37, 2.57, 0.31, 1.24, 0.51
    games[3] = 150
    assert t.plan(current, 32) == [((0, 1), 27), ((0, 3), 3), ((1, 3), 1), ((2, 3), 1)]
    t.plan_version = 2  # before plan 3 a level's games did not count
    assert t.plan(current, 32) == [((0, 1), 21), ((0, 3), 5), ((1, 2), 1), ((1, 3), 3), ((2, 3), 2)]


def test_plan_4_gives_each_game_a_cost_of_its_own_so_the_bottom_links_do_not_take_every_unit() -> None:
    """Only alphabeta-4,194,304 is wide (random 0, alphabeta-16 400, -1,048,576 800, -4,194,304 900; 400 games at
    every table but the top one's 100). m^2 p (1 - p) (p clamped to 0.97): random~16 13,286, 16~1M 13,286, 1M~4M
    2,397, random~1M 4,867, 16~4M 4,867 (skips a quarter). Plan 3's costs (budgets + 64 each: 144, 1,048,720,
    5,243,008, 1,048,704, 4,194,448) give random~16 525e-9 of 525.2e-9 of weight: every unit. Plan 4 adds 4,194,304 /
    64 = 65,536 to each: weights 1.151, 0.068, 0.082, 0.048, 0.007 (e-9) -> shares 27.16, 1.60, 1.93, 1.14, 0.17."""
    entries = [
        Entry("random", "random"),
        search_entry("alphabeta", 16, True),
        search_entry("alphabeta", 1 << 20, True),
        search_entry("alphabeta", 1 << 22, True),
    ]
    played = {(0, 1): 398, (1, 2): 398, (2, 3): 98, (0, 2): 398, (1, 3): 398}
    args = (entries, [0.0, 400.0, 800.0, 900.0], [False, False, False, True], played, 0, 32)
    assert plan_round(*args, version=3) == [((0, 1), 32)]
    assert plan_round(*args, version=4) == [((0, 1), 27), ((0, 2), 1), ((1, 2), 2), ((2, 3), 2)]
