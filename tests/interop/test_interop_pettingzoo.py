"""kofun's games as PettingZoo AEC environments: PettingZoo's own api_test on every game and mode; a random agent and
kofun's SearchAgent playing through an environment; bad actions refused by name."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

from solver import IllegalMoveError, RuleOptionError, SearchAgent, SearchSettings
from solver.interop.table import mode_facts

from .modes import MODES, mode_id

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test

from solver.interop.pettingzoo import env


@pytest.mark.parametrize(("game", "rules"), MODES, ids=mode_id)
def test_api_test_passes(game: str, rules: dict[str, Any]) -> None:
    with warnings.catch_warnings():  # its advice for Box observations (a dict with an action mask, as its classic
        warnings.simplefilter("ignore")  # board games have, which it lists by name) is a warning, not a failure
        api_test(env(game, render_mode="ansi", **rules), num_cycles=1000)


def play(e: Any, choose: Any, seed: int) -> dict[str, float]:
    """Plays a whole game; `choose(env, agent, obs)` gives each action. Returns each agent's total reward."""
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        totals[agent] += reward
        e.step(None if terminated or truncated else choose(e, agent, obs))
    return totals


@pytest.mark.parametrize(
    ("game", "rules", "nodes"),
    [("connect4", {}, 200), ("koikoi", {"preset": "seed"}, 100), ("ohanami", {"players": 3}, 30),
     ("honshu", {"players": 2}, 10)],
    ids=["connect4", "koikoi", "ohanami", "honshu"],
)  # fmt: skip
def test_a_random_agent_and_a_search_agent_play_through_it(game: str, rules: dict[str, Any], nodes: int) -> None:
    e = env(game, **rules)
    ai = SearchAgent(game, SearchSettings(nodes=nodes, seed=1), rules)
    rng = random.Random(0)

    def choose(env_: Any, agent: str, obs: dict[str, np.ndarray]) -> int:
        if agent == "player_0":
            move = ai.choose(env_.view(agent), rng)
            assert obs["action_mask"][env_.action_of(move)] == 1
            return int(env_.action_of(move))
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    totals = play(e, choose, 4)
    facts = mode_facts(game, rules)
    assert all(facts.min_return <= t <= facts.max_return for t in totals.values())
    assert totals == {a: r for a, r in zip(e.possible_agents, e.table.returns(), strict=True)}
    if facts.zero_sum:
        assert sum(totals.values()) == pytest.approx(0.0)


def test_observations_masks_infos_and_render() -> None:
    e = env("koikoi", render_mode="ansi")
    e.reset(seed=7)
    mover = e.agent_selection
    other = next(a for a in e.possible_agents if a != mover)
    obs, mask = e.observe(mover), e.observe(other)["action_mask"]
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].sum() == len(e.infos[mover]["legal_moves"])
    assert mask.sum() == 0 and "legal_moves" not in e.infos[other]
    assert e.infos[mover]["notation"].startswith("rules=seed") and f"view={e.seat(mover)}" in e.infos[mover]["notation"]
    assert e.observation_space(mover).contains(obs)
    text = e.render()
    assert isinstance(text, str) and e.game.notation(e.table.state) in text
    e.reset(seed=7)
    assert np.array_equal(e.observe(mover)["observation"], obs["observation"])  # the seed deals the same


def test_bad_actions_and_rules_are_refused_by_name() -> None:
    e = env("c4")
    e.reset()
    for _ in range(6):
        e.step(3)
    with pytest.raises(IllegalMoveError, match="action 3"):
        e.step(3)
    with pytest.raises(ValueError, match="None is only the action of an agent whose game is over"):
        e.step(None)
    with pytest.raises(RuleOptionError, match="unknown rule option 'player'"):
        env("ohanami", player=3)
    with pytest.raises(ValueError, match="render_mode"):
        env("c4", render_mode="rgb_array")
