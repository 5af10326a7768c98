"""Agents: whoever chooses the moves of a seat — a search, a baseline, a person at the terminal.

Every agent has one method, ``choose(view, rng) -> move``, plus a ``name`` and ``settings()`` for game records.
`view` is what the seat may see and nothing more: the position itself in a perfect-information game, the seat's
:class:`~solver.determinize.infostate.InformationState` in a hidden-information game (it holds the information-state
notation and a belief, never the hidden cards or tiles: the match builds it from the notation alone).
`rng` is a ``random.Random`` seeded for this decision by the match (see :mod:`solver.batch.seeds`), so a game between
agents is reproducible.

The one exception is deliberate and loud: an agent whose ``sees_everything`` is True (the unfair reference players
of experiments, :class:`PeekingAgent`) is given the full state. No agent of ``kofun play`` or of a rating ladder
ever is.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from time import perf_counter
from typing import Any, Protocol, runtime_checkable

from .. import _core
from ..batch.seeds import derive_seed
from ..determinize.inference import BELIEFS, Inference, Seen, decisions_weighed, infer
from ..determinize.infostate import InformationState
from ..games import GAMES, GameInfo, get_game
from ..games.base import check_notation_text
from ..search.runner import Progress, SearchReport, report_of, run_search, search
from ..search.settings import HIDDEN_ALGOS, SearchSettings, SettingsError


@runtime_checkable
class Agent(Protocol):
    """Chooses moves for one seat from what that seat sees."""

    name: str
    sees_everything: bool

    def choose(self, view: Any, rng: random.Random) -> int:
        """A legal move (an integer of the game's move encoding) for the player to move in `view`."""
        ...

    def settings(self) -> dict[str, Any]:
        """What defines this agent, as plain data for records (kind, algorithm, budgets, ...)."""
        ...


def _only_move(view: Any) -> int | None:
    legal = view.legal_moves()
    return int(legal[0]) if len(legal) == 1 else None


class RandomAgent:
    """A uniformly random legal move."""

    name = "random"
    sees_everything = False

    def choose(self, view: Any, rng: random.Random) -> int:
        return int(rng.choice(sorted(view.legal_moves())))

    def settings(self) -> dict[str, Any]:
        return {"kind": "random"}


def game_of_view(view: Any) -> GameInfo | None:
    """The game of a view (an information state or a compiled state); None for anything else."""
    if isinstance(view, InformationState):
        return view.game
    for game in GAMES.values():
        if isinstance(view, game.State):
            return game
    return None


class WrongGameError(ValueError):
    """An agent made for one game was seated at a table of another."""


def check_game(agent: Any, game: GameInfo, view: Any) -> None:
    """Raises WrongGameError naming the agent and both games when `view` is not a view of `game`."""
    other = game_of_view(view)
    if other is not None and other.name != game.name:
        raise WrongGameError(
            f"agent {agent.name!r} plays {game.name}, not {other.name}: make it for {other.name} "
            f"(e.g. {type(agent).__name__}({other.name!r}))"
        )


class GreedyAgent:
    """The game's greedy baseline (defined in the game's package: ``GameInfo.greedy_move``)."""

    sees_everything = False

    def __init__(self, game: str | GameInfo) -> None:
        self.game = get_game(game)
        self.name = "greedy"
        self._checked: type | None = None

    def choose(self, view: Any, rng: random.Random) -> int:
        if type(view) is not self._checked:  # once per kind of view: a wrong game is a clear error
            check_game(self, self.game, view)
            self._checked = type(view)
        return int(self.game.greedy_move(view, rng.getrandbits(63)))

    def settings(self) -> dict[str, Any]:
        return {"kind": "greedy"}


class SearchAgent:
    """A search with fixed settings. The search seed of each decision is derived from the settings' seed and the
    decision's `rng`, so the same match seed replays the same game. A decision with a single legal move is played
    without searching. In a hidden-information game only ISMCTS and PIMC are allowed (they search the view).

    `belief` 'inferred' (a game with a model of its players' decisions, ``decision_log_likelihoods``): the worlds
    searched are weighted by the likelihood of the other players' decisions this seat saw
    (:mod:`solver.determinize.inference`), which a match shows it through :class:`solver.play.seen.SeenMoves`; at a
    time budget the inference is part of the move's time. 'uniform' (the default): the view's uniform belief."""

    sees_everything = False
    #: belief 'inferred' weighs its worlds; False only in the control of the measurements (equal weights, the same
    #: worlds drawn and resampled the same way: solver.play.inferred)
    weigh_worlds = True

    def __init__(
        self,
        game: str | GameInfo,
        settings: SearchSettings | None = None,
        rules: Mapping[str, Any] | None = None,
        name: str = "",
        on_progress: Callable[[Progress], None] | None = None,
        players: int | None = None,
        belief: str = "uniform",
    ) -> None:
        self.game = get_game(game)
        self.rules = self.game.check_options(rules)
        self.search_settings = (settings or SearchSettings()).for_game(self.game, self.rules, players)
        if self.game.has_hidden_information and self.search_settings.algo not in HIDDEN_ALGOS:
            raise SettingsError(
                f"algo: an AI seat of {self.game.name} searches from its information state only: use 'ismcts' or "
                f"'pimc', not {self.search_settings.algo!r}"
            )
        if belief not in BELIEFS:
            raise SettingsError(f"belief: {belief!r} is not one of {', '.join(map(repr, BELIEFS))}")
        if belief == "inferred" and not hasattr(self.game, "decision_log_likelihoods"):
            raise SettingsError(f"belief: {self.game.name} has no model of its players' decisions: use 'uniform'")
        self.belief = belief
        self.name = name or str(self.search_settings.algo)
        self.on_progress = on_progress
        self._last: tuple[Any, SearchSettings, Any] | None = None
        self._checked: type | None = None
        #: belief 'inferred': the decisions each seat saw in this deal (fed by solver.play.seen.SeenMoves; None
        #: for a seat whose deal was resumed from a record: its moves were not seen, the belief is uniform)
        self.seen: dict[int, list[Seen] | None] | None = None
        self.last_inference: Inference | None = None

    @property
    def wants_moves(self) -> bool:
        """True when the agent weighs worlds by the decisions it saw (belief 'inferred')."""
        return self.belief == "inferred"

    def watch(self, seat: int) -> None:
        """A deal starts with this agent in `seat`: nothing seen yet."""
        self.seen = self.seen or {}
        self.seen[seat] = []

    def saw(self, seat: int, seen: Seen) -> None:
        """`seat` saw a move (its information state before it, the move as shown)."""
        if self.seen is not None and self.seen.get(seat) is not None:
            self.seen[seat].append(seen)  # type: ignore[union-attr]

    def rewind(self, seat: int, before: str | None) -> None:
        """A take-back: forget the moves from the last one seen from the information state `before` on."""
        moves = self.seen.get(seat) if self.seen is not None else None
        if moves is None or before is None:
            return
        at = max((i for i, s in enumerate(moves) if s.before == before), default=len(moves))
        del moves[at:]

    def lost(self, seat: int) -> None:
        """The deal was resumed from a record: the moves before now were not seen (uniform for this deal)."""
        if self.seen is not None:
            self.seen[seat] = None

    def worlds_of(self, view: Any, settings: SearchSettings) -> Any:
        """The explicit worlds of belief 'inferred' for this decision (None: uniform, sampled in C++)."""
        self.last_inference = None
        if not self.wants_moves:
            return None
        if self.seen is None:
            raise SettingsError(
                f"belief 'inferred': agent {self.name!r} was not shown the moves of the deal (play its matches with "
                "an observer solver.play.seen.SeenMoves, as kofun play does)"
            )
        seen = self.seen.get(view.observer)
        if seen is None or decisions_weighed(self.game, view, seen) == 0:
            return None  # nothing seen to weigh: the uniform belief, sampled in C++
        self.last_inference = infer(view, seen, settings.seed, weigh=self.weigh_worlds)
        return self.last_inference.worlds

    @property
    def last_report(self) -> SearchReport | None:
        """The report of the last decision that searched (built when asked: a match needs only the move)."""
        if self._last is None:
            return None
        return report_of(self.game, *self._last, interrupted=False)

    def decision_settings(self, rng: random.Random) -> SearchSettings:
        """The settings of one decision: these settings with the decision's seed."""
        return self.search_settings.with_seed(derive_seed(self.search_settings.seed, rng.getrandbits(63)))

    def choose(self, view: Any, rng: random.Random) -> int:
        if type(view) is not self._checked:  # once per kind of view: a wrong game is a clear error
            check_game(self, self.game, view)
            self._checked = type(view)
        settings = self.decision_settings(rng)
        self._last = None
        only = _only_move(view)
        if only is not None:
            return only
        start = perf_counter()
        worlds = self.worlds_of(view, settings)
        if worlds is not None and settings.time is not None:  # equal time: the inference is part of the move's time
            settings = replace(settings, time=max(settings.time - (perf_counter() - start), 0.001))
        shown, result, interrupted = run_search(view, settings, self.on_progress, worlds=worlds)
        if interrupted:
            raise KeyboardInterrupt  # Ctrl-C ends the game, not just this move's search
        if result.best_move == _core.NO_MOVE:
            raise RuntimeError(f"{self.game.name}: the search returned no move in {self.game.notation(shown)}")
        self._last = (shown if isinstance(shown, InformationState) else shown.clone(), settings, result)
        return int(result.best_move)

    def settings(self) -> dict[str, Any]:
        inferred = {"belief": self.belief} if self.belief != "uniform" else {}
        return {"kind": "search", **self.search_settings.to_dict(), **inferred}


class PeekingAgent(SearchAgent):
    """UNFAIR reference player for experiments: an ISMCTS search told part of the hidden information of the true
    state (``what`` = "hand": the opponent's hand; "all": everything). It bounds what better inference would be
    worth; no real opponent is ever one."""

    sees_everything = True

    def __init__(
        self, game: str | GameInfo, settings: SearchSettings, what: str, rules: Mapping[str, Any] | None = None
    ):
        super().__init__(game, settings.merged(algo="ismcts"), rules, name=f"ismcts-peek-{what}")
        self.what = what
        self.game.peek_worlds(self.game.new(self.rules), what, 0)  # refuses games without peeking worlds

    def choose(self, view: Any, rng: random.Random) -> int:
        state = view  # a full state: sees_everything
        only = _only_move(state)
        if only is not None:
            return only
        settings = self.decision_settings(rng)
        worlds = self.game.peek_worlds(state, self.what, settings.seed)
        report = search(self.game.view(state), settings, rules=self.rules, worlds=worlds)
        return int(report.result.best_move)

    def settings(self) -> dict[str, Any]:
        return {**super().settings(), "kind": "peek", "peek": self.what}


def observation(game: GameInfo, state: Any, seat: int, agent: Agent) -> Any:
    """What `agent` in `seat` is given: the seat's view, or the full state for a ``sees_everything`` agent."""
    if agent.sees_everything:
        return state.clone()
    view = game.observe(state, seat)
    if game.has_hidden_information and not isinstance(view, InformationState):
        raise TypeError(f"{game.name}: a seat must be given an InformationState, got {type(view).__name__}")
    return view


class TakeBack(Exception):  # noqa: N818 - a request, not an error
    """Raised by a human agent: take back their last move (and the replies to it)."""


class Abandon(Exception):  # noqa: N818 - a request, not an error
    """Raised by a human agent: leave the game (the match ends unfinished, its record is kept)."""


PLAY_HELP = """commands:
  <move>   play a move in the game's notation
  moves    list the legal moves
  undo     take back your last move (and the replies to it)
  help     show this help
  quit     leave the game"""


class HumanAgent:
    """A person at a terminal: `ask(prompt)` returns a typed line (EOFError / KeyboardInterrupt: quit), `say(text)`
    prints. Moves are read with the game's ``play_input`` (Sensei: a whole turn at once); an illegal or malformed
    line is rejected with the reason and asked again."""

    name = "human"
    sees_everything = False

    def __init__(self, game: str | GameInfo, ask: Callable[[str], str], say: Callable[[str], None], seat: int) -> None:
        self.game = get_game(game)
        self.ask, self.say, self.seat = ask, say, seat
        self.pending: list[int] = []  # the rest of a multi-move input (a Sensei turn)

    def choose(self, view: Any, rng: random.Random) -> int:
        if self.pending:
            return self.pending.pop(0)
        while True:
            try:
                text = self.ask(f"your move ({self.game.player_name(self.seat)})").strip()
            except (EOFError, KeyboardInterrupt):
                text = "quit"
            if text in ("quit", "exit"):
                raise Abandon
            if text == "help":
                self.say("\n".join(t for t in (PLAY_HELP, self.game.input_help) if t))
            elif text == "moves":
                legal = sorted(view.legal_moves(), key=view.move_to_string)
                self.say("legal moves: " + ", ".join(view.move_to_string(m) for m in legal))
            elif text == "undo":
                raise TakeBack
            elif len(text) > MAX_INPUT:  # never echoed back in full
                self.say(f"rejected: {len(text):,} characters typed; a move is at most {MAX_INPUT}")
            elif text:
                try:
                    moves = self.game.input_moves(view, check_notation_text(text, "move"))
                except ValueError as e:
                    self.say(f"rejected: {clip(str(e))}")
                    continue
                self.pending = moves[1:]
                return moves[0]

    def settings(self) -> dict[str, Any]:
        return {"kind": "human"}


AGENT_KINDS = ("random", "greedy", "search")
#: The longest line the prompt reads as a move (a whole Sensei turn is about 20 characters).
MAX_INPUT = 200
#: The longest message said back to the person.
MAX_MESSAGE = 300


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    """`text` cut to `limit` characters (the cut marked '...')."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def with_belief(agent: Agent, belief: str) -> Agent:
    """`agent` whose worlds come from `belief` ('uniform': `agent` itself; 'inferred': a search agent weighing
    worlds by the other players' seen decisions). SettingsError for an agent that does not search."""
    if belief == "uniform":
        return agent
    if not isinstance(agent, SearchAgent) or isinstance(agent, PeekingAgent):
        raise SettingsError(f"belief: {belief!r} needs a search agent, not {agent.name!r}")
    return SearchAgent(
        agent.game, agent.search_settings, agent.rules, name=agent.name, on_progress=agent.on_progress, belief=belief
    )


def make_agent(
    game: str | GameInfo, kind: str, settings: SearchSettings | None = None, rules: Mapping[str, Any] | None = None
) -> Agent:
    """An agent by kind: 'random', 'greedy', or 'search' (also any algorithm name: 'ismcts', 'pimc', ...)."""
    if kind == "random":
        return RandomAgent()
    if kind == "greedy":
        return GreedyAgent(game)
    if kind == "search":
        return SearchAgent(game, settings, rules)
    if kind in ("alphabeta", "mcts", *HIDDEN_ALGOS):
        return SearchAgent(game, (settings or SearchSettings()).merged(algo=kind), rules)
    raise ValueError(
        f"agent: {kind!r} is not one of {', '.join(map(repr, (*AGENT_KINDS, 'alphabeta', 'mcts', *HIDDEN_ALGOS)))}"
    )
