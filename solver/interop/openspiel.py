"""kofun's games as OpenSpiel games, and OpenSpiel's bots as kofun agents (needs ``pip install "kofun[interop]"``).

Importing this module registers every game with OpenSpiel as ``kofun_<game>`` (``kofun_connect4``, ``kofun_sensei``,
``kofun_haniwa``, ``kofun_koikoi``, ``kofun_ohanami``, ``kofun_honshu``); the game's rule options are its game
parameters, so every mode loads by name::

    import pyspiel
    import solver.interop.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("kofun_honshu(players=4,hand_passing=official)")
    state = game.new_initial_state()

A state is a :class:`~solver.interop.table.Table` behind OpenSpiel's interface: chance events for the deal (four
seed bytes; see :mod:`.table`), actions from :mod:`.actions`, ``action_to_string`` in kofun's move notation,
``observation_string`` kofun's view of the seat, ``information_state_string`` that view plus the moves as the seat
saw them, ``observation_tensor`` the vector of :mod:`.features`, returns at the end. Every field of the
:class:`GameType` is chosen per mode (docs/interop.md says why): the instance's ``get_type()`` tells the truth for its
parameters (e.g. zero-sum for two-player Honshu, general-sum with three), the registered type the widest case.

Hidden-information states also give ``resample_from_infostate`` (a world drawn from the seat's belief), which
OpenSpiel's Python ISMCTS bot uses. :class:`OpenSpielAgent` seats an OpenSpiel bot at a kofun table
(:class:`~solver.play.match.Match`): ``OpenSpielAgent("c4", "mcts", simulations=400)``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from ..games import GAMES, GameInfo, get_game
from ..play.agents import check_game
from .features import features
from .table import CHANCE_OUTCOMES, SEED_BYTES, Table, mode_facts

PREFIX = "kofun_"
_T = pyspiel.GameType


def short_name(game: str | GameInfo) -> str:
    """The OpenSpiel name of a kofun game: ``kofun_<game>``."""
    return PREFIX + get_game(game).name


def _player_range(game: GameInfo) -> tuple[int, int]:
    spec = next((o for o in game.options if o.name == "players"), None)
    if spec is None or spec.choices is None:
        n = game.num_players()
        return n, n
    return min(spec.choices), max(spec.choices)


def game_type(game: str | GameInfo, rules: Mapping[str, Any] | None = None) -> Any:
    """The GameType of `game`: under `rules` (an instance's), or with None the registered one (the widest case:
    the range of player counts; general-sum if any mode is)."""
    info = get_game(game)
    low, high = _player_range(info)
    if rules is None:
        zero_sum = all(mode_facts(info, _with_players(info, n)).zero_sum for n in range(low, high + 1))
    else:
        facts = mode_facts(info, rules)
        zero_sum, low, high = facts.zero_sum, facts.players, facts.players
    hidden = info.has_hidden_information
    return _T(
        short_name=short_name(info),
        long_name=f"kofun {info.title}",
        dynamics=_T.Dynamics.SEQUENTIAL,
        chance_mode=_T.ChanceMode.EXPLICIT_STOCHASTIC if info.random_setup else _T.ChanceMode.DETERMINISTIC,
        information=_T.Information.IMPERFECT_INFORMATION if hidden else _T.Information.PERFECT_INFORMATION,
        utility=_T.Utility.ZERO_SUM if zero_sum else _T.Utility.GENERAL_SUM,
        reward_model=_T.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={o.name: o.default for o in info.options},
    )


def _with_players(game: GameInfo, players: int) -> dict[str, Any]:
    return {"players": players} if any(o.name == "players" for o in game.options) else {}


class KofunGame(pyspiel.Game):  # type: ignore[misc]
    """One kofun game under its rules (the game parameters) as an OpenSpiel game. Registered per game as a subclass
    (:func:`game_class`) whose ``NAME`` is the kofun game."""

    NAME = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.kofun = get_game(self.NAME)
        self.rules = self.kofun.check_options(dict(params or {}))
        facts = mode_facts(self.kofun, self.rules)
        self.features = features(self.kofun, self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=Table(self.kofun, self.rules).codec.size,
            max_chance_outcomes=CHANCE_OUTCOMES if facts.chance else 0,
            num_players=facts.players,
            min_utility=facts.min_return,
            max_utility=facts.max_return,
            utility_sum=0.0 if facts.zero_sum else None,
            max_game_length=facts.max_moves,
        )
        given = {o.name: o.default for o in self.kofun.options} | dict(params or {})
        super().__init__(game_type(self.kofun, self.rules), info, given)  # as given: OpenSpiel's types

    def new_initial_state(self) -> KofunState:
        return KofunState(self)

    def max_chance_nodes_in_history(self) -> int:
        facts = mode_facts(self.kofun, self.rules)
        return SEED_BYTES * facts.deals if facts.chance else 0

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> KofunObserver:
        if params:
            raise ValueError(f"{short_name(self.kofun)}: observation parameters are not supported, got {params}")
        recall = False
        if iig_obs_type is not None:
            one_seat = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
            if not iig_obs_type.public_info or (self.kofun.has_hidden_information and not one_seat):
                raise ValueError(
                    f"{short_name(self.kofun)}: only a seat's own observation or information state is offered "
                    "(public information and the seat's private information)"
                )
            recall = bool(iig_obs_type.perfect_recall)
        return KofunObserver(self, recall)

    def state_at(self, position: Any) -> KofunState:
        """A state at a kofun position or a seat's InformationState (its proxy world: searched only by resampling
        from the seat's view), whose game ends with the deal; its history holds no moves."""
        state = self.new_initial_state()
        state._table = Table.at(self.kofun, self.rules, position)
        return state


class KofunState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state: a :class:`~solver.interop.table.Table` (attribute ``_table``)."""

    def __init__(self, game: KofunGame) -> None:
        super().__init__(game)
        self._table = Table(game.kofun, game.rules)

    @property
    def table(self) -> Table:
        return self._table

    def current_player(self) -> int:
        t = self._table
        if t.finished:
            return int(pyspiel.PlayerId.TERMINAL)
        if t.is_chance():
            return int(pyspiel.PlayerId.CHANCE)
        return t.to_move()

    def _legal_actions(self, player: int) -> list[int]:
        return self._table.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self._table.is_chance():
            raise ValueError("chance_outcomes: this is not a chance node")
        return [(b, 1.0 / CHANCE_OUTCOMES) for b in range(CHANCE_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        if self._table.is_chance():
            self._table.apply_chance(int(action))
        else:
            self._table.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {len(self._table.pending) + 1} = {action}"
        return self._table.action_text(int(action))

    def is_terminal(self) -> bool:
        return self._table.finished

    def returns(self) -> list[float]:
        return self._table.returns()

    def __str__(self) -> str:
        return str(self._table)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KofunState:
        """A state `player_id` cannot tell from this one (its information state string is the same), the hidden
        part drawn uniformly from its belief with a seed from `probability_sampler` (a callable giving a number
        in [0, 1), such as ``pyspiel.UniformProbabilitySampler``)."""
        seed = int(float(probability_sampler()) * 2**32)
        other: KofunState = self.clone()
        other._table = self._table.resampled(int(player_id), seed)
        return other


class KofunObserver:
    """OpenSpiel's Python observer: a seat's observation (string and vector) or information state (string)."""

    def __init__(self, game: KofunGame, perfect_recall: bool) -> None:
        self.game, self.perfect_recall = game, perfect_recall
        self.tensor: np.ndarray | None = None if perfect_recall else game.features.layout.new()
        self.dict: dict[str, np.ndarray] = {} if self.tensor is None else {"observation": self.tensor}

    def set_from(self, state: KofunState, player: int) -> None:
        if self.tensor is None:
            return
        t = state._table
        self.tensor[:] = self.game.features.encode(None if t.state is None else t.view(player), player)

    def string_from(self, state: KofunState, player: int) -> str:
        t = state._table
        return t.information(player) if self.perfect_recall else t.observation(player)


@cache
def game_class(game: str | GameInfo) -> type[KofunGame]:
    """The OpenSpiel game class of a kofun game: a subclass of :class:`KofunGame` (a class, not a closure, is what
    OpenSpiel's registry keeps: a class outlives the interpreter's teardown, which a closure freed by the registry's
    C++ destructor after it would not)."""
    name = get_game(game).name
    return type(f"Kofun{name.capitalize()}Game", (KofunGame,), {"NAME": name, "__module__": __name__})


def register_all() -> None:
    """Registers every kofun game with OpenSpiel (once: importing this module does it)."""
    known = set(pyspiel.registered_names())
    for name in sorted(GAMES):
        if short_name(name) not in known:
            pyspiel.register_game(game_type(name), game_class(name))


register_all()


@cache
def load(game: str | GameInfo, rules_key: tuple[tuple[str, Any], ...] = ()) -> KofunGame:
    """The OpenSpiel game of `game` under the rules ``dict(rules_key)`` (kept: loading a game is not free)."""
    return game_class(game)(dict(rules_key))


def load_game(game: str | GameInfo, rules: Mapping[str, Any] | None = None) -> KofunGame:
    """The OpenSpiel game of `game` under `rules` (validated; the same object for the same rules)."""
    info = get_game(game)
    return load(info, tuple(sorted(info.check_options(rules).items())))


# --- OpenSpiel bots as kofun agents ----------------------------------------------------------------------------

BOTS = ("mcts", "ismcts", "random")


def make_bot(game: KofunGame, kind: str, simulations: int, seed: int, uct_c: float = 2.0, rollouts: int = 1) -> Any:
    """An OpenSpiel Python bot for `game`: ``mcts`` (perfect-information games: it searches the state it is given),
    ``ismcts`` (hidden-information games: it searches worlds resampled from the seat's information state) or
    ``random``, seeded with `seed`."""
    from open_spiel.python.algorithms import ismcts, mcts
    from open_spiel.python.bots import uniform_random

    hidden = game.kofun.has_hidden_information
    rs = np.random.RandomState(seed % 2**32)
    if kind == "random":
        return uniform_random.UniformRandomBot(0, rs)
    if kind == "mcts" and hidden:
        raise ValueError(
            f"openspiel:mcts would search the full state of {game.kofun.name} (everything hidden seen): use "
            "openspiel:ismcts"
        )
    if kind == "ismcts" and not hidden:
        raise ValueError(f"openspiel:ismcts is for hidden-information games; {game.kofun.name} has none: use mcts")
    if simulations < 1:
        raise ValueError(f"simulations: must be >= 1, got {simulations}")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=rs)
    if kind == "mcts":
        return mcts.MCTSBot(game, uct_c, simulations, evaluator, solve=True, random_state=rs)
    if kind == "ismcts":
        return ismcts.ISMCTSBot(game, evaluator, uct_c, simulations, random_state=rs)
    raise ValueError(f"openspiel bot: {kind!r} is not one of {', '.join(BOTS)}")


class OpenSpielAgent:
    """An OpenSpiel bot in a kofun seat. Each decision builds the OpenSpiel state of what the seat is given (the
    position, or its InformationState: the bot never sees more) and asks a fresh bot seeded from the decision's
    `rng`, so a match is reproducible. The bot plays the current deal to its end (a match's later deals are not in
    its state)."""

    sees_everything = False

    def __init__(
        self,
        game: str | GameInfo,
        bot: str = "mcts",
        simulations: int = 200,
        rules: Mapping[str, Any] | None = None,
        uct_c: float = 2.0,
        rollouts: int = 1,
        name: str = "",
    ) -> None:
        self.game = get_game(game)
        self.rules = self.game.check_options(rules)
        self.bot, self.simulations, self.uct_c, self.rollouts = bot, int(simulations), float(uct_c), int(rollouts)
        self.os_game = load_game(self.game, self.rules)
        make_bot(self.os_game, bot, self.simulations, 0, self.uct_c, self.rollouts)  # refuses a bad kind at once
        self.name = name or f"openspiel-{bot}-{simulations}"
        self._checked: type | None = None

    def choose(self, view: Any, rng: random.Random) -> int:
        if type(view) is not self._checked:
            check_game(self, self.game, view)
            self._checked = type(view)
        state = self.os_game.state_at(view)
        legal = state.legal_actions()
        if len(legal) == 1:
            return state.table.codec.decode(legal[0])
        bot = make_bot(self.os_game, self.bot, self.simulations, rng.getrandbits(32), self.uct_c, self.rollouts)
        action = int(bot.step(state))
        return state.table.move_of(action)

    def settings(self) -> dict[str, Any]:
        return {
            "kind": "openspiel", "bot": self.bot, "simulations": self.simulations, "uct_c": self.uct_c,
            "rollouts": self.rollouts,
        }  # fmt: skip


def agent(spec: str, game: str | GameInfo, rules: Mapping[str, Any] | None = None, **kwargs: Any) -> OpenSpielAgent:
    """An agent from a spec ``openspiel:<bot>`` or ``openspiel:<bot>:<simulations>`` (e.g. ``openspiel:mcts:400``)."""
    kind, _, rest = spec.partition(":")
    bot, _, sims = rest.partition(":")
    if kind != "openspiel" or bot not in BOTS or (sims and not sims.isdigit()):
        raise ValueError(f"agent: {spec!r} is not openspiel:<bot>[:<simulations>] with a bot of {', '.join(BOTS)}")
    if sims:
        kwargs["simulations"] = int(sims)
    return OpenSpielAgent(game, bot, rules=rules, **kwargs)
