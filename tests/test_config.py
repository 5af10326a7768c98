"""TOML configuration: engine settings, rule options, key-path errors, flags over the file."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from solver import _core
from solver.games import GAMES, GameInfo, get_game
from solver.games.options import OptionSpec
from solver.search.config import Config, ConfigError, load_config, parse_config, parse_rule_flags
from solver.search.settings import SearchSettings, SettingsError

TOY = GameInfo(
    name="toy",
    title="a game with rule options",
    core=_core.connect4,
    options=(
        OptionSpec("variant", "basic", "rule set", choices=("basic", "expert")),
        OptionSpec("rounds", 3, "rounds to play", min_value=1, max_value=5),
        OptionSpec("bonus", False, "bonus scoring"),
    ),
)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> GameInfo:
    monkeypatch.setitem(GAMES, "toy", TOY)
    return TOY


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "kofun.toml"
    path.write_text(text)
    return path


def test_no_file_means_defaults() -> None:
    cfg = load_config(None)
    assert cfg == Config()
    assert cfg.engine == SearchSettings()  # every option left to the game and the algorithm
    assert cfg.engine.to_dict() == {"threads": 1, "seed": 0}


def test_a_full_engine_section(tmp_path: Path) -> None:
    cfg = load_config(
        write(
            tmp_path,
            """
[engine]
algo = "mcts"
time = 1.5
nodes = 5000
depth = 9
threads = 2
seed = 7
hash_mb = 32
exploration = 0.8
rollout = "policy"
solver = false
transpositions = true
memory_mb = 128
objective = "wins"
""",
        )
    )
    assert cfg.engine == SearchSettings(
        algo="mcts",
        time=1.5,
        nodes=5000,
        depth=9,
        threads=2,
        seed=7,
        hash_mb=32,
        exploration=0.8,
        rollout="policy",
        solver=False,
        transpositions=True,
        memory_mb=128,
        objective="wins",
    )
    mcts = cfg.engine.for_game(get_game("c4"))
    assert mcts.options() == {
        "exploration": 0.8,
        "rollout": "policy",
        "solver": False,
        "transpositions": True,
        "memory_mb": 128,
    }  # the ISMCTS objective and the alpha-beta table apply to their algorithms only
    ismcts = replace(cfg.engine, algo="ismcts").for_game(get_game("koikoi")).options()
    assert (ismcts["objective"], ismcts["exploration"], ismcts["rollout"]) == ("wins", 0.8, "policy")
    auto = SearchSettings.from_mapping({"algo": "ismcts", "objective": "auto"}).for_game(get_game("koikoi"))
    assert auto.options() == {"exploration": 1.4, "objective": "wins"}  # the game's defaults for a single deal
    match = auto.for_game(get_game("koikoi"), {"rounds": 12})
    assert match.options()["objective"] == "wins"  # already chosen: kept
    fresh = SearchSettings(algo="ismcts").for_game(get_game("koikoi"), {"rounds": 12})
    assert fresh.options() == {"exploration": 1.4, "objective": "match"}  # a match is played to win the match


def test_integer_time_is_accepted_and_alphabeta_gets_no_mcts_options() -> None:
    engine = parse_config({"engine": {"time": 3, "exploration": 2.0}}).engine
    assert engine.time == 3.0 and isinstance(engine.time, float)
    chosen = engine.for_game(get_game("c4"))
    assert chosen.algo == "alphabeta" and chosen.options() == {} and chosen.exploration is None


def test_flags_win_over_the_file_and_none_means_not_given() -> None:
    engine = parse_config({"engine": {"depth": 5, "threads": 2, "algo": "mcts"}}).engine
    merged = engine.merged(depth=3, threads=None, algo=None, seed="4")
    assert (merged.depth, merged.threads, merged.algo, merged.seed) == (3, 2, "mcts", 4)
    with pytest.raises(SettingsError) as info:
        engine.merged(threads=0)
    assert str(info.value) == "threads: must be >= 1, got 0"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"engine": {"threads": 0}}, "engine.threads: must be >= 1, got 0"),
        ({"engine": {"time": 0}}, "engine.time: must be > 0, got 0"),
        ({"engine": {"time": -1.5}}, "engine.time: must be > 0, got -1.5"),
        ({"engine": {"nodes": 2.5}}, "engine.nodes: expected an integer, got 2.5"),
        ({"engine": {"depth": "deep"}}, "engine.depth: expected an integer, got 'deep'"),
        ({"engine": {"seed": -1}}, "engine.seed: must be >= 0, got -1"),
        ({"engine": {"hash_mb": True}}, "engine.hash_mb: expected an integer, got True"),
        (
            {"engine": {"algo": "minimax"}},
            "engine.algo: 'minimax' is not one of 'alphabeta', 'mcts', 'ismcts', 'pimc', 'solve'",
        ),
        ({"engine": {"rollout": "greedy"}}, "engine.rollout: 'greedy' is not one of 'random', 'policy'"),
        ({"engine": {"solver": "maybe"}}, "engine.solver: expected true or false, got 'maybe'"),
        ({"engine": {"exploration": -0.1}}, "engine.exploration: must be >= 0, got -0.1"),
        ({"engine": {"objective": "points"}}, "engine.objective: 'points' is not one of 'returns', 'wins', 'match'"),
        ({"engine": {"time": float("nan")}}, "engine.time: must be a finite number, got nan"),
        ({"engine": {"seed": 2**64}}, "engine.seed: must be <= 9223372036854775807, got 18446744073709551616"),
        (
            {"engine": {"thread": 2}},
            "engine.thread: unknown setting (allowed: algo, time, nodes, depth, "
            "threads, seed, hash_mb, exploration, rollout, solver, transpositions, "
            "memory_mb, objective, return_scale, num_worlds, exact_plies, widening, playout_plies, eval_scale, "
            "minimax_weight, keep_table)",
        ),
        ({"engine": 3}, "engine: expected a table of settings"),
        ({"search": {}}, "search: unknown section (allowed sections: engine, rules)"),
        (
            {"rules": {"chess": {}}},
            "rules.chess: unknown game (known games: connect4, haniwa, honshu, koikoi, ohanami, sensei)",
        ),
        ({"rules": {"connect4": 1}}, "rules.connect4: expected a table of rule options"),
        ({"rules": 1}, "rules: expected one table per game, e.g. [rules.connect4]"),
    ],
)
def test_bad_values_name_the_key_path_and_the_allowed_values(data: dict, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(data)
    assert str(info.value) == message


def test_with_seed_changes_only_the_seed_and_checks_it() -> None:
    base = SearchSettings(algo="ismcts", nodes=300, exploration=0.9, seed=2)
    assert base.with_seed(77) == base.merged(seed=77) == replace(base, seed=77)
    assert base.seed == 2  # a copy
    with pytest.raises(SettingsError, match="seed: must be >= 0"):
        base.with_seed(-5)


def test_rule_options_are_validated_with_their_path(toy: GameInfo) -> None:
    cfg = parse_config({"rules": {"toy": {"variant": "expert", "rounds": 2}}})
    assert cfg.rules_for(toy) == {"variant": "expert", "rounds": 2, "bonus": False}
    # --rule flags (strings) override the file and are converted by each option's type
    assert cfg.rules_for(toy, parse_rule_flags(["rounds=5", "bonus=true"])) == {
        "variant": "expert",
        "rounds": 5,
        "bonus": True,
    }
    cases = [
        ({"variant": "hard"}, "rules.toy.variant: toy option 'variant': 'hard' is not one of 'basic', 'expert'"),
        ({"rounds": 9}, "rules.toy.rounds: toy option 'rounds': must be <= 5, got 9"),
        ({"rounds": "two"}, "rules.toy.rounds: toy option 'rounds': expected an integer, got 'two'"),
        ({"bonus": 2}, "rules.toy.bonus: toy option 'bonus': expected true or false, got 2"),
        ({"speed": 1}, "rules.toy.speed: toy: unknown rule option 'speed' (known options: bonus, rounds, variant)"),
    ]
    for options, message in cases:
        with pytest.raises(_core.RuleOptionError) as info:
            parse_config({"rules": {"toy": options}})
        assert str(info.value) == message
    with pytest.raises(_core.RuleOptionError, match="toy option 'rounds': must be >= 1, got 0"):
        cfg.rules_for(toy, {"rounds": "0"})


def test_game_aliases_are_accepted_in_rules_sections() -> None:
    assert parse_config({"rules": {"c4": {}}}).rules == {"connect4": {}}


def test_rule_flags() -> None:
    assert parse_rule_flags(["a=1", " b = x y "]) == {"a": "1", "b": "x y"}
    for bad in ("a", "=1", " =1"):
        with pytest.raises(_core.RuleOptionError, match=f"--rule {bad!r}: expected KEY=VALUE"):
            parse_rule_flags([bad])


def test_file_errors_name_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.toml"
    with pytest.raises(ConfigError) as info:
        load_config(missing)
    assert str(info.value) == f"config file {missing}: not found"
    broken = write(tmp_path, "[engine\nthreads = 1\n")
    with pytest.raises(ConfigError) as info:
        load_config(broken)
    assert str(info.value).startswith(f"config file {broken}: invalid TOML: ")
    bad = write(tmp_path, "[engine]\nthreads = 0\n")
    with pytest.raises(ConfigError) as info:
        load_config(bad)
    assert str(info.value) == f"config file {bad}: engine.threads: must be >= 1, got 0"
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path)
    assert str(info.value) == f"config file {tmp_path}: Is a directory"
