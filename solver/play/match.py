"""Matches: agents seated at a table play a game — any number of seats, teams, several deals — and one
:class:`GameRecord` says what happened.

- **Seats and teams.** One agent per seat (any count the game allows). A team is a group of seats that share one
  result: the rules' teams (Haniwa with 4 players) or teams the caller imposes (e.g. 2 against 3 in a 5-player
  game). A team's score is the mean of its seats' scores; the winners are the seats of the best team.
- **Deals.** A match is one deal or several (``GameInfo.match_deals``: Koi-Koi's ``rounds``), each dealt by the
  game from the deal's seed and the last deal's final state (who deals next), scores added up
  (``GameInfo.deal_scores``).
- **Seeds.** One function, :func:`solver.batch.seeds.derive_seed`: deal *k* of a match seeded *s* is dealt from
  ``derive_seed(s, "deal", k)``; the decision at ply *p* of that deal gets ``random.Random(derive_seed(deal seed,
  "ply", p))``; random opening moves come from ``derive_seed(deal seed, "opening")``. So the same seed replays the
  same match, whatever else runs before, after or beside it.
- **Paired play.** :func:`rotations` seats the same sides at every position of the table in turn (two sides:
  colours / seats swapped) on the same deals, so the luck of the deal cancels out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from .. import _core
from ..batch.seeds import check_seed, derive_seed
from ..games import GameInfo, get_game
from .agents import Abandon, Agent, TakeBack, observation
from .record import DealRecord, GameRecord, team_means


def best_seats(scores: Sequence[float], teams: Sequence[int]) -> list[int]:
    """The seats of the team(s) with the best mean score; [] when every team ties."""
    means = team_means(scores, teams)
    best = max(means.values())
    top = [t for t, v in means.items() if v == best]
    return [] if len(top) == len(means) else [s for s, t in enumerate(teams) if t in top]


def winners_of(state: Any, teams: Sequence[int] | None = None) -> list[int]:
    """The seats of the best team of a finished deal by its returns (each seat its own team by default); empty
    while the game goes on and after a draw."""
    if not state.is_terminal():
        return []
    returns = [float(state.returns(p)) for p in range(state.num_players)]
    return best_seats(returns, list(teams) if teams is not None else list(range(len(returns))))


class MatchObserver:
    """Hooks called while a match is played (all optional; the default does nothing)."""

    def deal_started(self, index: int, state: Any) -> None:
        """Deal `index` (0-based) starts from `state`."""

    def moved(self, before: Any, move: str, seat: int, agent: Agent, after: Any) -> None:
        """`seat` played `move` (notation in `before`)."""

    def taken_back(self, state: Any) -> None:
        """A take-back returned the deal to `state` (None: there was nothing to take back)."""

    def deal_ended(self, index: int, final: Any, totals: list[float]) -> None:
        """Deal `index` ended in `final`; `totals` are the match scores so far."""

    def abandoned(self, state: Any) -> None:
        """A human agent left the game in `state`."""

    def resumed(self, state: Any, moves: int) -> None:
        """A resumed deal reached `state` after replaying `moves` recorded moves."""


class ForwardingObserver(MatchObserver):
    """An observer in front of another: every hook is passed on to `inner`; a subclass overrides the hooks it
    adds to and calls ``super()``."""

    def __init__(self, inner: MatchObserver | None = None) -> None:
        self.inner = inner or MatchObserver()

    def deal_started(self, index: int, state: Any) -> None:
        self.inner.deal_started(index, state)

    def moved(self, before: Any, move: str, seat: int, agent: Agent, after: Any) -> None:
        self.inner.moved(before, move, seat, agent, after)

    def taken_back(self, state: Any) -> None:
        self.inner.taken_back(state)

    def deal_ended(self, index: int, final: Any, totals: list[float]) -> None:
        self.inner.deal_ended(index, final, totals)

    def abandoned(self, state: Any) -> None:
        self.inner.abandoned(state)

    def resumed(self, state: Any, moves: int) -> None:
        self.inner.resumed(state, moves)


class Match:
    """Agents at a table playing a match of `game` under `rules` from `seed`.

    `agents` has one agent per seat. `teams` gives each seat's team (default: the rules' teams, else every seat
    alone). `start` replaces the first deal's start position (a position to play from); `opening_plies` random
    moves open each deal (to vary games between deterministic agents)."""

    def __init__(
        self,
        game: str | GameInfo,
        agents: Sequence[Agent],
        rules: Mapping[str, Any] | None = None,
        seed: int = 0,
        teams: Sequence[int] | None = None,
        start: Any = None,
        opening_plies: int = 0,
        resume: GameRecord | None = None,
    ) -> None:
        self.game = get_game(game)
        self.rules = self.game.check_options(rules)
        self.seed = check_seed(seed)
        self.agents = list(agents)
        first = start.clone() if start is not None else first_deal(self.game, self.rules, self.seed)
        seats = int(first.num_players)
        if len(self.agents) != seats:
            raise ValueError(f"{self.game.name}: {seats} seats under these rules, got {len(self.agents)} agents")
        rule_teams = self.game.teams(self.rules)
        self.teams = list(teams) if teams is not None else (rule_teams or list(range(seats)))
        if len(self.teams) != seats:
            raise ValueError(f"teams: one team number per seat ({seats}), got {len(self.teams)}")
        if rule_teams is not None and teams is not None and _partition(self.teams) != _partition(rule_teams):
            raise ValueError(f"teams: {self.game.name} under these rules has the teams {rule_teams}")
        if opening_plies < 0:
            raise ValueError(f"opening_plies: must be >= 0, got {opening_plies}")
        self.opening_plies = opening_plies
        self.deals = 1 if start is not None else self.game.match_deals(self.rules)
        self._first = first
        self.done = False  # set by begin / push once every deal is over (or a human left)
        self.deal_index = 0
        self.history: list[Any] = []  # the current deal's states before each move (for take-backs)
        self.moves: list[str] = []  # the current deal's moves in notation
        self.resume = resume
        if resume is not None:
            self.deals = resume.planned_deals
            self._check_resume(resume, seats)
        self.record = GameRecord(
            game=self.game.name,
            rules=dict(self.rules),
            seed=self.seed,
            agents=[{"name": a.name, **a.settings()} for a in self.agents],
            teams=self.teams,
            scores=[0.0] * seats,
            planned_deals=self.deals,
        )

    def _check_resume(self, rec: GameRecord, seats: int) -> None:
        if rec.game != self.game.name or rec.seed != self.seed or self.game.check_options(rec.rules) != self.rules:
            raise ValueError("resume: the record is of another game, seed or rules")
        if len(rec.agents) != seats or not rec.deals or len(rec.deals) > rec.planned_deals:
            raise ValueError("resume: the record is not a game of these seats")
        if any(d.finished and len(d.scores) != seats for d in rec.deals):
            raise ValueError("resume: a finished deal of the record has no scores")

    # --- playing step by step: a table (the web app) pushes moves as they come ---------------------------------

    def begin(self, observer: MatchObserver | None = None) -> None:
        """Starts the match (a resumed one: its finished deals counted, the interrupted deal's moves replayed).
        Then :attr:`to_move` says whose decision it is, :meth:`push` plays a move, :meth:`take_back` and
        :meth:`abandon` do what a human seat may ask; :attr:`done` tells when the match is over."""
        self._watch = observer or MatchObserver()
        self._previous: Any = None
        self.done = False
        self.deal_index = 0
        self.history, self.moves = [], []
        finished = [d for d in self.resume.deals if d.finished] if self.resume is not None else []
        for d in finished:  # a resumed match: its finished deals count as played
            self.record.deals.append(d)
            self.record.scores = [a + b for a, b in zip(self.record.scores, d.scores, strict=True)]
            self._previous = self.game.parse(d.final, self.rules)
        if finished:  # the final state shown if every deal was already over
            self.state, self.deal_index = self._previous, len(finished) - 1
        self._start_deal(len(finished))

    def _start_deal(self, k: int) -> None:
        if k >= self.deals:
            self.record.winners = best_seats(self.record.scores, self.teams)
            self.done = True
            return
        self.deal_index = k
        self.deal_seed = derive_seed(self.seed, "deal", k)
        replay: list[str] = []
        if self.resume is not None and k < len(self.resume.deals):  # the interrupted deal: replay its moves
            start = self.game.parse(self.resume.deals[k].start, self.rules)
            replay = list(self.resume.deals[k].moves)
        else:
            start = self._first if k == 0 else self.game.deal(self.rules, self.deal_seed, self._previous)
        self._watch.deal_started(k, start)
        self.deal_start = start.clone()
        self.state = start.clone()
        self.history, self.moves = [], []
        self._opening = random.Random(derive_seed(self.deal_seed, "opening"))
        for n, text in enumerate(replay):  # the moves already played (checked legal)
            try:
                self._apply(int(self.state.parse_move(text)))
            except ValueError as e:
                raise ValueError(f"resume: move {n + 1} {text!r} of the record: {e}") from None
        if replay:
            self._watch.resumed(self.state, len(replay))
        if self.state.is_terminal():
            self._end_deal(True)

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is (None once the match is over)."""
        return None if self.done else int(self.state.to_move())

    @property
    def in_opening(self) -> bool:
        """True while the deal's random opening moves are still to be played (see :meth:`opening_move`)."""
        return len(self.moves) < self.opening_plies

    def opening_move(self) -> int:
        """The next random opening move of this deal (drawn from the deal's opening seed)."""
        return int(self._opening.choice(sorted(self.state.legal_moves())))

    def decision_rng(self) -> random.Random:
        """The random source of the decision at this ply of this deal (the same on every replay)."""
        return random.Random(derive_seed(self.deal_seed, "ply", len(self.moves)))

    def observation(self, seat: int) -> Any:
        """What the agent of `seat` is given now (:func:`solver.play.agents.observation`)."""
        return observation(self.game, self.state, seat, self.agents[seat])

    def decide(self) -> int:
        """The agent to move chooses its move (TakeBack / Abandon propagate from a human agent)."""
        seat = int(self.state.to_move())
        return self.agents[seat].choose(self.observation(seat), self.decision_rng())

    def push(self, move: int) -> str:
        """Plays `move` (legal for the player to move: IllegalMoveError otherwise) and returns its notation; a deal
        that ends is scored and the next one dealt."""
        if self.done:
            raise _core.IllegalMoveError("the match is over: there is no move to play")
        if int(move) not in {int(m) for m in self.state.legal_moves()}:
            raise _core.IllegalMoveError(f"move {move} is not legal here")
        seat = int(self.state.to_move())
        before = self.state.clone()
        name = self._apply(int(move))
        self._watch.moved(before, name, seat, self.agents[seat], self.state)
        if self.state.is_terminal():
            self._end_deal(True)
        return name

    def _apply(self, move: int) -> str:
        before = self.state.clone()
        name = str(self.state.move_to_string(move))
        self.state.apply(move)
        self.history.append(before)
        self.moves.append(name)
        return name

    def _end_deal(self, finished: bool) -> None:
        state = self.state
        returns = [float(state.returns(p)) for p in range(state.num_players)] if finished else []
        scores = self.game.deal_scores(state) if finished else []
        deal = DealRecord(
            self.game.notation(self.deal_start),
            list(self.moves),
            self.game.notation(state),
            returns,
            scores,
            self.deal_seed,
            finished,
        )
        self.record.deals.append(deal)
        if not finished:
            self.record.finished = False
            self.done = True
            return
        self.record.scores = [a + b for a, b in zip(self.record.scores, deal.scores, strict=True)]
        self._previous = state.clone()
        self._watch.deal_ended(self.deal_index, state, list(self.record.scores))
        self._start_deal(self.deal_index + 1)

    def take_back(self, seat: int) -> bool:
        """Undoes the moves back to the start of `seat`'s last decision in this deal (its run of consecutive
        moves, e.g. a whole Sensei turn, and the replies after it), never into the random opening; False when
        there is nothing to take back."""
        if self.done:
            return False
        i = len(self.history) - 1
        while i >= self.opening_plies and int(self.history[i].to_move()) != seat:
            i -= 1
        if i < self.opening_plies:
            self._watch.taken_back(None)
            return False
        while i - 1 >= self.opening_plies and int(self.history[i - 1].to_move()) == seat:
            i -= 1
        self.state = self.history[i]
        del self.history[i:], self.moves[i:]
        self._watch.taken_back(self.state)
        return True

    def abandon(self) -> None:
        """A human seat leaves: the match ends unfinished (its record is kept)."""
        if not self.done:
            self._watch.abandoned(self.state)
            self._end_deal(False)

    def current_record(self) -> GameRecord:
        """The record so far: the finished deals and, while the match goes on, the current deal unfinished."""
        if self.done:
            return self.record
        deal = DealRecord(
            self.game.notation(self.deal_start),
            list(self.moves),
            self.game.notation(self.state),
            [],
            [],
            self.deal_seed,
            False,
        )
        return replace(self.record, deals=[*self.record.deals, deal], finished=False)

    def play(self, observer: MatchObserver | None = None) -> GameRecord:
        """Plays every deal, asking each seat's agent in turn; returns the record (``finished`` False if a human
        agent left the game)."""
        self.begin(observer)
        while not self.done:
            if self.in_opening:
                self.push(self.opening_move())
                continue
            try:
                move = self.decide()
            except TakeBack:
                self.take_back(int(self.state.to_move()))
                continue
            except Abandon:
                self.abandon()
                break
            self.push(move)
        return self.record


def first_deal(game: GameInfo, rules: Mapping[str, Any], seed: int) -> Any:
    """The start of the first deal of a match seeded `seed` (what :class:`Match` deals)."""
    return game.deal(rules, derive_seed(seed, "deal", 0))


def _partition(teams: Sequence[int]) -> set[frozenset[int]]:
    groups: dict[int, set[int]] = {}
    for seat, team in enumerate(teams):
        groups.setdefault(team, set()).add(seat)
    return {frozenset(g) for g in groups.values()}


def play_match(
    game: str | GameInfo,
    agents: Sequence[Agent],
    rules: Mapping[str, Any] | None = None,
    seed: int = 0,
    **kwargs: Any,
) -> GameRecord:
    """Plays one :class:`Match` and returns its record (keywords as for Match)."""
    return Match(game, agents, rules, seed, **kwargs).play()


def side_seats(teams: Sequence[int]) -> list[list[int]]:
    """The seats of each side (team), sides in order of first appearance."""
    order: list[int] = []
    for t in teams:
        if t not in order:
            order.append(t)
    return [[s for s, t in enumerate(teams) if t == side] for side in order]


def seat_agents(sides: Sequence[Agent], teams: Sequence[int], rotation: int) -> list[Agent]:
    """One agent per seat when side ``(i + rotation) % n`` plays the seats of team i."""
    groups = side_seats(teams)
    if len(sides) != len(groups):
        raise ValueError(f"{len(groups)} sides at this table, got {len(sides)} agents")
    seats: list[Agent | None] = [None] * len(teams)
    for i, group in enumerate(groups):
        for s in group:
            seats[s] = sides[(i + rotation) % len(groups)]
    return [a for a in seats if a is not None]


def rotations(
    game: str | GameInfo,
    sides: Sequence[Agent],
    rules: Mapping[str, Any] | None = None,
    seed: int = 0,
    teams: Sequence[int] | None = None,
    on_record: Callable[[int, GameRecord], None] | None = None,
    **kwargs: Any,
) -> list[tuple[int, GameRecord]]:
    """Plays the same match (same seed: same deals) once per rotation of the sides around the table; returns
    (rotation, record) pairs. With two sides this is the classic paired game with seats swapped."""
    info = get_game(game)
    opts = info.check_options(rules)
    seats = info.num_players(opts)
    table = list(teams) if teams is not None else (info.teams(opts) or list(range(seats)))
    out = []
    for r in range(len(side_seats(table))):
        record = Match(info, seat_agents(sides, table, r), opts, seed, teams=teams, **kwargs).play()
        if on_record is not None:
            on_record(r, record)
        out.append((r, record))
    return out


def side_of(record: GameRecord, rotation: int, side: int) -> list[int]:
    """The seats played by `side` in a record made at `rotation` (see :func:`seat_agents`)."""
    groups = side_seats(record.teams)
    return groups[(side - rotation) % len(groups)]
