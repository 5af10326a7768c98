"""Strength experiments for the hidden-information games (Koi-Koi, Haniwa): the ISMCTS AI against baselines, on
paired deals with confidence intervals.

Every deal (or match) is played twice with the seats swapped, so the luck of the deal cancels out between the two
games; all randomness comes from the experiment seed, so a run is exactly reproducible.

Players (each sees only its own information state, as at a real table):
  ismcts  SO-ISMCTS with `iterations` iterations per decision, worlds sampled in C++ from the uniform belief.
  pimc    PIMC with the same iteration budget (`num_worlds` worlds; worlds short enough are solved exactly).
  random  a uniformly random legal move.
  greedy  the game's greedy baseline. Koi-Koi: captures the most valuable cards available and stops as soon as it
          can (see :func:`greedy_move`). Haniwa: the move maximising the immediate change of the provisional score
          margin, ties at random (``State.greedy_move``, documented in ``docs/haniwa.md``).
A decision with a single legal move is played without searching.

Reference measurements (unfair, Koi-Koi only): ``peek="hand"`` gives the ISMCTS side the opponent's true hand
(the stock order stays unknown: 1,024 worlds, the stock shuffled); ``peek="all"`` gives it the whole deal (one
world, the true one). They bound what better inference about the opponent's hand, or perfect knowledge, would be
worth with the same search; the AI itself never peeks.

The game-specific parts (dealing, the belief handed to the searches, the greedy player) are a :class:`GameSetup`
per game (:data:`GAMES`); the driver is shared. In Haniwa with 4 players the ISMCTS team holds seats 0 and 2 (or 1
and 3 in the swapped game), each seat searching its own information state; solo has no opponent.

Results: over the games of non-drawn deals, the ISMCTS win rate with a 95% Wilson interval; the mean point
difference per game (ISMCTS minus opponent) with a 95% normal interval computed over the deal pairs (the unit of
independence). With `rounds` > 1 (e.g. the nintendo preset: 12) each unit is a whole match and the point
difference is per match.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from . import _core
from ._core import RuleOptionError
from .determinize.haniwa import HaniwaBelief
from .games import get_game
from .games.haniwa import GAME as HANIWA
from .games.koikoi import GAME, Match

kk = _core.koikoi
hw = _core.haniwa

OPPONENTS = ("random", "greedy", "pimc")

#: Greedy card values by kind (the classic Hanafuda card points): bright, animal, ribbon, chaff.
CARD_VALUES = {"b": 20, "a": 10, "r": 5, "c": 1}
PIMC_WORLDS = 16

Chooser = Callable[[Any, int], int]  # (full state, decision seed) -> move; reads only the mover's view


def card_value(card: int) -> int:
    """The greedy value of a card: bright 20, animal 10 (the Sake cup too), ribbon 5, chaff 1."""
    name = kk.CARD_NAMES[card]
    return CARD_VALUES[name.rstrip("0123456789")[-1]]


def greedy_move(state: Any) -> int:
    """The greedy baseline: `stop` whenever offered; otherwise the move capturing the most card value (played
    card + captured table cards, from what the player sees); with no capture, discard the least valuable card.
    Ties go to the first move in engine order."""
    legal = list(state.legal_moves())
    if state.phase == "decide":
        return state.parse_move("stop")
    table = state.table
    best, best_key = legal[0], None
    for m in legal:
        text = state.move_to_string(m)
        parts = text.split()
        card = state.drawn if parts[0] == "take" else kk.card_from_name(parts[1])
        month = [t for t in table if t // 4 == card // 4]
        if parts[0] == "take" or len(month) == 2:
            captured = [card, kk.card_from_name(parts[-1])]
        else:
            captured = [card, *month] if month else []
        gain = sum(card_value(c) for c in captured)
        key = (gain, -card_value(card) if not captured else 0)
        if best_key is None or key > best_key:
            best, best_key = m, key
    return best


def _limits(nodes: int, seed: int) -> Any:
    lim = _core.SearchLimits()
    lim.nodes, lim.seed, lim.threads = nodes, seed, 1
    return lim


def _belief(state: Any) -> tuple[str, dict[str, Any]]:
    info = state.information_state(state.to_move())
    unseen, _view, opp, stock = kk.hidden(info)
    return info, {"unseen": unseen, "groups": [opp, stock]}


def _haniwa_belief(state: Any) -> tuple[str, dict[str, Any]]:
    info = state.information_state(state.to_move())
    belief = HaniwaBelief.from_information_state(info)
    return info, {"unseen": belief.unseen, "groups": [g.size for g in belief.belief.groups]}


@dataclass(frozen=True)
class GameSetup:
    """What the experiment driver needs of one game."""

    name: str
    core: Any  # the compiled submodule (its State has ismcts / pimc)
    deal: Callable[[Mapping[str, Any] | None, int], Any]  # (options, unit seed) -> a fresh deal
    belief: Callable[[Any], tuple[str, dict[str, Any]]]  # full state -> (mover's information state, belief kwargs)
    greedy: Chooser
    describe: Callable[[Mapping[str, Any] | None], str]  # the rules, for the summary
    # (full state, what to reveal: "hand" | "all", seed) -> explicit worlds for the unfair reference players
    peek: Callable[[Any, str, int], Any] | None = None


PEEKS = ("none", "hand", "all")
PEEK_WORLDS = 1024


def _koikoi_peek(state: Any, what: str, seed: int) -> Any:
    """Worlds revealing the opponent's true hand (stock shuffled) or, with "all", the true world only."""
    hand = list(state.hand(1 - state.to_move()))
    stock = list(state.stock)
    if what == "all":
        return np.array([hand + stock], dtype=np.int32)
    rng = random.Random(seed)
    rows = []
    for _ in range(PEEK_WORLDS):
        rng.shuffle(stock)
        rows.append(hand + stock)
    return np.array(rows, dtype=np.int32)


def _haniwa_deal(options: Mapping[str, Any] | None, seed: int) -> Any:
    if HANIWA.check_options(options)["players"] == 1:
        raise RuleOptionError("haniwa experiment: solo has no opponent; use players = 2 or 4")
    return HANIWA.new(options, seed)


def _haniwa_rules(options: Mapping[str, Any] | None) -> str:
    opts = HANIWA.check_options(options)
    return ",".join(f"{k}={v}" for k, v in opts.items() if v != "" and k != "tileset") + (
        f",tileset={opts['tileset']}" if opts["tileset"] else ""
    )


GAMES: dict[str, GameSetup] = {
    "koikoi": GameSetup(
        "koikoi",
        kk,
        lambda options, seed: kk.State.deal(seed, GAME.rules(options)),
        _belief,
        lambda state, seed: greedy_move(state),
        lambda options: str(GAME.rules(options)),
        _koikoi_peek,
    ),
    "haniwa": GameSetup(
        "haniwa",
        hw,
        _haniwa_deal,
        _haniwa_belief,
        lambda state, seed: int(state.greedy_move(seed)),
        _haniwa_rules,
    ),
}


def game_setup(game: str) -> GameSetup:
    """The experiment setup of a game; ValueError for a game without experiments."""
    if game not in GAMES:
        raise ValueError(f"experiment: {game!r} has no strength experiments (games: {', '.join(GAMES)})")
    return GAMES[game]


def make_player(
    kind: str, iterations: int, options: Mapping[str, Any] | None = None, game: str = "koikoi", peek: str = "none"
) -> Chooser:
    """A player choosing moves for whoever is to move: 'ismcts', 'pimc', 'random' or 'greedy'. `options` are
    search options; `peek` ("hand" / "all") makes an unfair ISMCTS reference player (see the module notes)."""
    opts = dict(options or {})
    setup = game_setup(game)
    if peek not in PEEKS:
        raise ValueError(f"peek: {peek!r} is not one of {', '.join(map(repr, PEEKS))}")
    if peek != "none" and (kind != "ismcts" or setup.peek is None):
        raise ValueError(f"peek: only the {', '.join(g for g, s in GAMES.items() if s.peek)} ISMCTS player can peek")
    belief_of, core = setup.belief, setup.core

    def single(state: Any) -> int | None:
        legal = state.legal_moves()
        return legal[0] if len(legal) == 1 else None

    if kind == "random":
        return lambda state, seed: random.Random(seed).choice(list(state.legal_moves()))
    if kind == "greedy":
        return setup.greedy
    if kind == "ismcts":

        def ismcts(state: Any, seed: int) -> int:
            only = single(state)
            if only is not None:
                return only
            info, belief = belief_of(state)
            if peek != "none" and setup.peek is not None:
                belief = {"worlds": setup.peek(state, peek, seed)}
            return core.State.ismcts(info, _limits(iterations, seed), **belief, **opts).best_move

        return ismcts
    if kind == "pimc":

        def pimc(state: Any, seed: int) -> int:
            only = single(state)
            if only is not None:
                return only
            info, belief = belief_of(state)
            opts.setdefault("num_worlds", PIMC_WORLDS)
            return core.State.pimc(info, _limits(iterations, seed), **belief, **opts).best_move

        return pimc
    raise ValueError(f"player: {kind!r} is not one of 'ismcts', {', '.join(map(repr, OPPONENTS))}")


def play_deal(state: Any, players: tuple[Chooser, Chooser], seed: int) -> Any:
    """Plays one deal to the end (player p chooses for the seats of team p: seat p, and seat p + 2 with four
    players); returns the final state."""
    s = state.clone()
    ply = 0
    while not s.is_terminal():
        s.apply(players[s.to_move() & 1](s, seed * 1000 + ply))
        ply += 1
    return s


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def text(self, digits: int = 3) -> str:
        """E.g. '0.712 (95% CI 0.668-0.752)'."""
        return f"{self.value:.{digits}f} (95% CI {self.low:.{digits}f}-{self.high:.{digits}f})"


def wilson(successes: int, n: int) -> Interval:
    """Win rate with the 95% Wilson score interval ((0.5, 0, 1) when n = 0)."""
    if n == 0:
        return Interval(0.5, 0.0, 1.0)
    z = 1.96
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float]) -> Interval:
    """Mean with a 95% normal interval (infinite width for fewer than two values)."""
    n = len(values)
    if n == 0:
        return Interval(0.0, -math.inf, math.inf)
    mean = sum(values) / n
    if n < 2:
        return Interval(mean, -math.inf, math.inf)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half)


@dataclass
class ExperimentResult:
    """Outcome of an experiment: per-game results of the ISMCTS side and the summary statistics."""

    opponent: str
    units: int  # deals (or matches) played, each twice
    iterations: int
    seed: int
    rules: str
    rounds: int
    wins: int = 0
    losses: int = 0
    draws: int = 0
    diffs: list[float] = field(default_factory=list)  # ISMCTS minus opponent, per game
    seconds: float = 0.0
    game: str = "koikoi"
    search: dict[str, Any] = field(default_factory=dict)  # the ISMCTS options used (game defaults included)
    peek: str = "none"  # "hand" / "all": an unfair reference run (see the module notes)

    @property
    def win_rate(self) -> Interval:
        """ISMCTS wins among the non-drawn games."""
        return wilson(self.wins, self.wins + self.losses)

    @property
    def mean_diff(self) -> Interval:
        """Mean point difference per game (per match with rounds > 1), interval over the seat-swapped pairs."""
        pairs = [(self.diffs[i] + self.diffs[i + 1]) / 2 for i in range(0, len(self.diffs) - 1, 2)]
        return mean_interval(pairs)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (the per-game differences included)."""
        d = asdict(self)
        d["win_rate"] = asdict(self.win_rate)
        d["mean_diff"] = asdict(self.mean_diff)
        return d

    def summary(self) -> str:
        """A few lines for the terminal."""
        unit = "match" if self.rounds > 1 and self.game == "koikoi" else "deal"
        units = "matches" if unit == "match" else "deals"
        games = self.wins + self.losses + self.draws
        settings = "".join(f", {k} {v}" for k, v in sorted(self.search.items()))
        peeking = {"none": "", "hand": " PEEKING AT THE OPPONENT'S HAND", "all": " PEEKING AT EVERY HIDDEN CARD"}
        return "\n".join(
            [
                (f"{self.game}: " if self.game != "koikoi" else "")
                + f"ismcts ({self.iterations} iterations{settings}){peeking[self.peek]} vs {self.opponent}, "
                + f"rules {self.rules}"
                + (f", {self.rounds}-deal matches" if self.rounds > 1 and self.game == "koikoi" else "")
                + f": {self.units} {units} x 2 seats = {games} games, seed {self.seed}",
                f"ismcts won {self.wins}, lost {self.losses}, drew {self.draws}",
                f"win rate of non-drawn {units}: {self.win_rate.text()}",
                f"mean point difference per {unit}: {self.mean_diff.text(2)}",
                f"time: {self.seconds:.1f} s",
            ]
        )


def run_experiment(
    opponent: str,
    units: int,
    iterations: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    ismcts_options: Mapping[str, Any] | None = None,
    on_unit: Callable[[int], None] | None = None,
    game: str = "koikoi",
    peek: str = "none",
) -> ExperimentResult:
    """ISMCTS against `opponent` on `units` deals of `game` (Koi-Koi: matches when the rules have rounds > 1;
    a Haniwa two-round match is one deal), each played twice with the seats swapped. `ismcts_options` override
    the game's ISMCTS defaults; `peek` makes the ISMCTS side an unfair reference player. `on_unit(k)` is called
    after each pair."""
    setup = game_setup(game)
    if opponent not in OPPONENTS:
        raise ValueError(f"opponent: {opponent!r} is not one of {', '.join(map(repr, OPPONENTS))}")
    if units < 1:
        raise ValueError(f"games: must be >= 1, got {units}")
    if iterations < 1:
        raise ValueError(f"iterations: must be >= 1, got {iterations}")
    if seed < 0:
        raise ValueError(f"seed: must be >= 0, got {seed}")
    rounds = GAME.rounds(options) if game == "koikoi" else int(HANIWA.check_options(options)["rounds"])
    search = {**get_game(game).ismcts_defaults(options), **(ismcts_options or {})}
    me = make_player("ismcts", iterations, search, game, peek)
    other = make_player(opponent, iterations, game=game)
    res = ExperimentResult(
        opponent, units, iterations, seed, setup.describe(options), rounds, game=game, search=search, peek=peek
    )
    start = time.perf_counter()
    for k in range(units):
        unit_seed = seed * 100_003 + k
        for seat in (0, 1):
            players = (me, other) if seat == 0 else (other, me)
            if rounds > 1 and game == "koikoi":
                match = Match(dict(options or {}), seed=unit_seed)

                def choose(
                    state: Any, match: Match = match, players: tuple[Chooser, Chooser] = players, base: int = unit_seed
                ) -> int:
                    return players[state.to_move()](state, base * 1000 + match.round * 100 + len(state.stock))

                scores = match.play(choose)
                diff = float(scores[seat] - scores[1 - seat])
            else:
                final = play_deal(setup.deal(options, unit_seed), players, unit_seed)
                diff = float(final.returns(seat))
            res.diffs.append(diff)
            if diff > 0:
                res.wins += 1
            elif diff < 0:
                res.losses += 1
            else:
                res.draws += 1
        if on_unit is not None:
            on_unit(k)
    res.seconds = time.perf_counter() - start
    return res
