"""kofun's games as PettingZoo AEC environments (needs ``pip install "kofun[interop]"``).

::

    from solver.interop.pettingzoo import env

    e = env("koikoi", preset="nintendo")          # any game and rule options, as keywords
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0`` .. ``player_{n-1}``, kofun's seats. The seat to move is ``agent_selection``; turns need not
alternate (a Sensei turn is up to three actions, Honshu plays in trick order). Each observation is a dict:
``observation``, the seat's vector of :mod:`.features` (float32 in [0, 1], the layout in docs/interop.md), and
``action_mask`` (int8 over the game's actions of :mod:`.actions`, ones for the legal moves of the seat to move, all
zeros for the others). ``infos[agent]["notation"]`` is the seat's observation in kofun's notation (its view of the
position) and ``infos[agent]["legal_moves"]`` its legal moves in notation when it is to move. The deals are dealt
by the environment from the seed of ``reset`` (Koi-Koi matches deal again between deals); rewards come at the end:
each seat's kofun return, summed over the deals. ``render()`` draws the whole position as ``kofun`` does in the
terminal (``render_mode="ansi"`` returns the text, ``"human"`` prints it): a spectator's view.

For kofun's own agents, ``view(agent)`` is what that seat is given (``GameInfo.observe``) and ``action_of(move)``
turns a kofun move into an action: ``e.step(e.action_of(SearchAgent("koikoi").choose(e.view(agent), rng)))``.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from ..games import get_game
from .features import features
from .table import CHANCE_OUTCOMES, Table


class KofunEnv(AECEnv):  # type: ignore[misc]
    """One kofun game under its rules as an AEC environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute (each instance gets its own copy)
        "render_modes": ["ansi", "human"],
        "name": "kofun",
        "is_parallelizable": False,
    }

    def __init__(self, game: str, render_mode: str | None = None, **rules: Any) -> None:
        super().__init__()
        self.game = get_game(game)
        self.rules = self.game.check_options(rules)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: {render_mode!r} is not one of {', '.join(self.metadata['render_modes'])}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"kofun_{self.game.name}"}
        self.table = Table(self.game, self.rules)
        self.features = features(self.game, self.rules)
        self.possible_agents = [f"player_{i}" for i in range(self.table.players)]
        size = self.table.codec.size
        obs = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 1.0, (self.features.size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (size,), np.int8),
        })  # fmt: skip
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(size) for a in self.possible_agents}
        self._rng = random.Random()

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def seat(self, agent: str) -> int:
        """The kofun seat of an agent name (ValueError for an unknown one)."""
        if agent not in self.possible_agents:
            raise ValueError(f"agent: {agent!r} is not one of {', '.join(self.possible_agents)}")
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.table = Table(self.game, self.rules)
        self._deal()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.agent_selection = self.agents[self.table.to_move()]
        self._update_infos()

    def _deal(self) -> None:
        while self.table.is_chance():
            self.table.apply_chance(self._rng.randrange(CHANCE_OUTCOMES))

    def _update_infos(self) -> None:
        t = self.table
        moving = None if t.finished else t.to_move()
        self.infos = {}
        for a in self.agents:
            seat = self.seat(a)
            info: dict[str, Any] = {"notation": t.observation(seat)}
            if seat == moving:
                info["legal_moves"] = [str(t.state.move_to_string(m)) for m in t.legal_moves()]
            self.infos[a] = info

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat, t = self.seat(agent), self.table
        mask = np.zeros(t.codec.size, dtype=np.int8)
        if not t.finished and t.to_move() == seat:
            mask[t.legal_actions()] = 1
        return {"observation": self.features.encode(t.view(seat), seat), "action_mask": mask}

    def view(self, agent: str) -> Any:
        """What a kofun agent in this seat is given: the position, or the seat's InformationState."""
        return self.table.view(self.seat(agent))

    def action_of(self, move: int) -> int:
        """The action of a kofun move."""
        return self.table.codec.encode(move)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only the action of an agent whose game is over")
        self.table.apply_action(int(action))  # IllegalMoveError / ActionError name a bad action
        self._deal()
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.table.finished:
            for a, r in zip(self.agents, self.table.returns(), strict=True):
                self.rewards[a] = float(r)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.agents[self.table.to_move()]
        self._accumulate_rewards()
        self._update_infos()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The whole position as kofun draws it in the terminal (ansi: returned; human: printed)."""
        t = self.table
        text = f"{self.game.render(t.state)}\n{self.game.notation(t.state)}" if t.state is not None else str(t)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(game: str, render_mode: str | None = None, **rules: Any) -> KofunEnv:
    """The AEC environment of `game` (a name or alias) under the rule options given as keywords (validated:
    RuleOptionError names a bad one)."""
    return KofunEnv(game, render_mode, **rules)
