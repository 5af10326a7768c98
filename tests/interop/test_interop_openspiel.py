"""kofun's games through OpenSpiel: OpenSpiel's own random_sim_test on every game and mode, its MCTS and ISMCTS bots
playing whole games, the information state string of a seat never holding what it cannot see, and an OpenSpiel bot
in a kofun seat."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from solver import IllegalMoveError, RandomAgent, RuleOptionError
from solver.games import get_game
from solver.interop.table import mode_facts
from solver.play.match import Match, rotations

from .modes import HIDDEN, MODES, mode_id

pyspiel = pytest.importorskip("pyspiel")
osp = pytest.importorskip("solver.interop.openspiel")


def spiel_name(game: str, rules: dict[str, Any]) -> str:
    params = ",".join(f"{k}={v}" for k, v in rules.items())
    return f"kofun_{game}" + (f"({params})" if params else "")


@pytest.mark.parametrize(("game", "rules"), MODES, ids=mode_id)
def test_random_sim_test_passes(game: str, rules: dict[str, Any]) -> None:
    loaded = pyspiel.load_game(spiel_name(game, rules))
    sims = 1 if game == "honshu" or rules.get("preset") == "nintendo" else 2
    pyspiel.random_sim_test(loaded, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "rules"), MODES, ids=mode_id)
def test_the_game_type_tells_the_truth(game: str, rules: dict[str, Any]) -> None:
    loaded, info, facts = pyspiel.load_game(spiel_name(game, rules)), get_game(game), mode_facts(game, rules)
    t, T = loaded.get_type(), pyspiel.GameType  # noqa: N806
    assert t.dynamics == T.Dynamics.SEQUENTIAL and t.reward_model == T.RewardModel.TERMINAL
    assert (t.chance_mode == T.ChanceMode.EXPLICIT_STOCHASTIC) == info.random_setup
    assert (t.chance_mode == T.ChanceMode.DETERMINISTIC) == (not info.random_setup)
    hidden = t.information == T.Information.IMPERFECT_INFORMATION
    assert hidden == info.has_hidden_information
    assert (t.utility == T.Utility.ZERO_SUM) == facts.zero_sum
    assert loaded.num_players() == facts.players == t.min_num_players == t.max_num_players
    assert loaded.max_chance_outcomes() == (256 if info.random_setup else 0)
    assert t.provides_information_state_string and t.provides_observation_string and t.provides_observation_tensor
    assert not t.provides_information_state_tensor


def test_the_registered_types_are_the_widest_case() -> None:
    registered = {t.short_name: t for t in pyspiel.registered_games()}
    honshu, koikoi = registered["kofun_honshu"], registered["kofun_koikoi"]
    assert (honshu.min_num_players, honshu.max_num_players) == (2, 5)
    assert honshu.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert koikoi.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert registered["kofun_haniwa"].min_num_players == 1
    assert set(registered["kofun_koikoi"].parameter_specification) == {o.name for o in get_game("koikoi").options}


def test_bad_parameters_and_actions_are_refused_by_name() -> None:
    with pytest.raises(RuleOptionError, match="'players': 3 is not one of 1, 2, 4"):
        pyspiel.load_game("kofun_haniwa(players=3)")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("kofun_haniwa(colour=3)")
    state = pyspiel.load_game("kofun_connect4").new_initial_state()
    for _ in range(6):
        state.apply_action(3)
    with pytest.raises(IllegalMoveError, match="action 3"):
        state.apply_action(3)
    assert state.action_to_string(0) == "1"
    chance = pyspiel.load_game("kofun_koikoi").new_initial_state()
    assert chance.is_chance_node() and len(chance.chance_outcomes()) == 256
    assert chance.action_to_string(pyspiel.PlayerId.CHANCE, 7) == "seed byte 1 = 7"


def play_bots(loaded: Any, bots: list[Any], seed: int) -> Any:
    state, rng = loaded.new_initial_state(), np.random.RandomState(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    return state


@pytest.mark.parametrize(
    ("game", "rules", "sims"), [("connect4", {}, 40), ("sensei", {"max_turns": 6}, 4)], ids=["connect4", "sensei"]
)
def test_openspiel_mcts_plays_whole_games(game: str, rules: dict[str, Any], sims: int) -> None:
    loaded = osp.load_game(game, rules)
    bots = [osp.make_bot(loaded, "mcts", sims, seed) for seed in (1, 2)]
    final = play_bots(loaded, bots, 0)
    assert final.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


ISMCTS_CASES = [
    ("koikoi", {"preset": "seed", "rounds": 2}, 8),
    ("haniwa", {"players": 2}, 6),
    ("haniwa", {"players": 4}, 4),
    ("ohanami", {"players": 3}, 2),
    ("honshu", {"players": 2}, 2),
]


@pytest.mark.parametrize(("game", "rules", "sims"), ISMCTS_CASES, ids=[f"{g}{mode_id(r)}" for g, r, _ in ISMCTS_CASES])
def test_openspiel_ismcts_plays_whole_games(game: str, rules: dict[str, Any], sims: int) -> None:
    loaded = osp.load_game(game, rules)
    bots = [osp.make_bot(loaded, "ismcts", sims, seed) for seed in range(loaded.num_players())]
    final = play_bots(loaded, bots, 1)
    facts = mode_facts(game, rules)
    assert all(facts.min_return <= r <= facts.max_return for r in final.returns())


@pytest.mark.parametrize(("game", "rules"), HIDDEN, ids=mode_id)
def test_the_information_state_string_never_peeks(game: str, rules: dict[str, Any]) -> None:
    """A world drawn again from a seat's belief (the hidden part changed) gives the seat the same information
    state string, observation string and observation tensor; the string starts with kofun's own information state
    of the seat; another seat's secret move is never in it."""
    loaded, rng = osp.load_game(game, rules), random.Random(11)
    state, changed, checked = loaded.new_initial_state(), 0, 0
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(256))
            continue
        if rng.random() < 0.2:
            table = state.table
            for seat in range(loaded.num_players()):
                mine = state.information_state_string(seat)
                assert mine.splitlines()[0] == table.state.information_state(seat)
                secrets = {m.text for d in table.history for m in d if m.seat != seat and m.text != m.public}
                seen = {m for line in mine.splitlines()[1:] for m in line.split(": ", 1)[1].split(" | ")}
                assert not secrets & seen
                other = state.resample_from_infostate(seat, sampler)
                assert other.information_state_string(seat) == mine
                assert other.observation_string(seat) == state.observation_string(seat)
                assert other.observation_tensor(seat) == state.observation_tensor(seat)
                changed += str(other) != str(state)
                checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked and changed  # worlds other than the true one were drawn


def test_an_openspiel_bot_is_a_kofun_agent_in_a_match() -> None:
    bot = osp.OpenSpielAgent("c4", "mcts", simulations=30)
    record = Match("c4", [bot, RandomAgent()], seed=3).play()
    again = Match("c4", [osp.OpenSpielAgent("c4", "mcts", simulations=30), RandomAgent()], seed=3).play()
    assert record.finished and record.deals[0].moves == again.deals[0].moves  # the match's seed replays it
    assert record.agents[0]["kind"] == "openspiel" and record.agents[0]["name"] == "openspiel-mcts-30"
    paired = rotations("koikoi", [osp.agent("openspiel:ismcts:6", "koikoi"), RandomAgent()], seed=2)
    assert len(paired) == 2 and all(r.finished for _, r in paired)


def test_agent_specs_and_bots_that_would_peek_are_refused() -> None:
    assert osp.agent("openspiel:mcts:25", "c4").simulations == 25
    with pytest.raises(ValueError, match="is not openspiel:<bot>"):
        osp.agent("openspiel:alphazero", "c4")
    with pytest.raises(ValueError, match="use openspiel:ismcts"):
        osp.OpenSpielAgent("koikoi", "mcts")
    with pytest.raises(ValueError, match="has none: use mcts"):
        osp.OpenSpielAgent("c4", "ismcts")
