"""``kofun play``: a person against AI seats in the terminal, played by :class:`solver.play.match.Match`.

The person's seat gets a :class:`~solver.play.agents.HumanAgent`; every other seat a
:class:`~solver.play.agents.SearchAgent`. The board is always drawn as the person's seat sees it (in a
hidden-information game: their information state; the rest is shown when the game is over). The record of the game
can be saved with ``--record FILE`` (JSON, :class:`solver.play.record.GameRecord`).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import click

from ..batch.seeds import MAX_SEED
from ..determinize.inference import BELIEFS
from ..games import GameInfo, get_game
from ..games.base import check_notation_text
from ..play.agents import Agent, GreedyAgent, HumanAgent, RandomAgent, SearchAgent, with_belief
from ..play.match import Match, MatchObserver, first_deal, winners_of
from ..play.record import GameRecord
from ..play.seen import SeenMoves
from ..rating.choose import Choice, choose, rated_range
from ..rating.ladders import shipped_ladder
from ..rating.levels import DEFAULT_LEVEL, LEVEL_COUNT, describe, level_of, unrated_budget
from ..search.config import load_config
from ..search.settings import ALGOS, SearchSettings
from .common import SEED, Setup, check_output, common_options, players_flag, settings_from, setup
from .profile import PlayerRating, open_rating

# `kofun play --level N`: a point on the measured ladder of the game's mode, 8 = full strength (solver.rating.levels);
# where the rules select no rated mode, a fixed node budget (not rated, and said so). `--time S` is full strength by
# the clock, never rated.


def result_text(game: GameInfo, state: Any, human: int, teams: Sequence[int] | None = None) -> str:
    """The result line of a finished deal for the person in seat `human` (a team wins together)."""
    winners = winners_of(state, teams)
    if not winners:
        return "result: draw"
    names = " and ".join(game.player_name(p) for p in winners)
    who = "you win" if human in winners else "the AI wins"
    return f"result: {names} win{'s' if len(winners) == 1 else ''} ({who})"


def use_colour(is_terminal: bool, environ: Mapping[str, str]) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org)."""
    return is_terminal and not environ.get("NO_COLOR")


class TerminalView(MatchObserver):
    """Draws the match for the person in seat `human`: their view of the board after the moves that lead to their
    turn, each move of the others with what it did, the last move named above the board; on a colour terminal the
    moves, results and rejections are highlighted."""

    def __init__(self, game: GameInfo, human: int, deals: int, teams: Sequence[int], opponent: str = "") -> None:
        self.game, self.human, self.deals, self.teams = game, human, deals, teams
        self.opponent = opponent  # appended to the result line (the opponent's rating)
        self.two_sided = len(set(teams)) == 2
        self.colour = use_colour(sys.stdout.isatty(), os.environ)
        self.last = ""

    def em(self, text: str, **style: Any) -> str:
        """`text` styled on a colour terminal, plain otherwise."""
        return click.style(text, **style) if self.colour else text

    def say(self, text: str) -> None:
        """A line from the person's agent (help, move lists, rejections in red)."""
        click.echo(self.em(text, fg="red") if text.startswith("rejected:") else text)

    def notation(self, state: Any) -> str:
        """The position as the person may see it (their information state in a hidden-information game)."""
        return self.game.notation(self.game.view(state, self.human) if self.game.has_hidden_information else state)

    def board(self, state: Any) -> str:
        """The board as the person may see it: in a hidden-information game only their view until the end."""
        if self.game.has_hidden_information and not state.is_terminal():
            return self.game.render(self.game.view(state, self.human))
        return self.game.render(state)

    def deal_started(self, index: int, state: Any) -> None:
        if self.deals > 1:
            click.echo(f"--- deal {index + 1} of {self.deals} ---")
        click.echo(f"You play {self.game.player_name(self.human)}. Type 'help' for the commands.")
        click.echo(self.board(state))

    def moved(self, before: Any, move: str, seat: int, agent: Agent, after: Any) -> None:
        what = self.game.describe_move(before, after, move)
        if seat != self.human:
            move = self.game.public_move(before, move)  # a secret move (an Ohanami pick) is not shown
            report = agent.last_report if isinstance(agent, SearchAgent) else None
            seen = getattr(agent, "last_inference", None)  # belief inferred: its ESS
            value = f" ({report.value_text}{'; ' + seen.describe() if seen else ''})" if report is not None else ""
            who = "AI" if self.two_sided else f"AI ({self.game.player_name(seat)})"
            click.echo(self.em(f"{who} plays {move}", fg="cyan", bold=True) + value + (f": {what}" if what else ""))
        elif what:
            click.echo(f"your move {move}: {what}")
        self.last = f"last move: {self.game.player_name(seat)} {move}"
        pending = isinstance(agent, HumanAgent) and bool(agent.pending)  # the rest of a typed turn follows
        if not after.is_terminal() and after.to_move() == self.human and not pending:
            click.echo(self.board(after))
            click.echo(self.em(self.last, bold=True))

    def taken_back(self, state: Any) -> None:
        if state is None:
            click.echo("nothing to undo")
            return
        click.echo("move taken back")
        click.echo(self.board(state))

    def resumed(self, state: Any, moves: int) -> None:
        click.echo(f"{moves} recorded moves replayed")
        click.echo(self.board(state))

    def abandoned(self, state: Any) -> None:
        click.echo(f"game abandoned at position {self.notation(state)}")

    def deal_ended(self, index: int, final: Any, totals: list[float]) -> None:
        click.echo(self.em(result_text(self.game, final, self.human, self.teams), bold=True) + self.opponent)
        click.echo(self.game.render(final))
        click.echo(f"final position: {self.game.notation(final)}")
        if self.deals > 1:
            mine = totals[self.human]
            others = ", ".join(f"{self.game.player_name(p)} {t:g}" for p, t in enumerate(totals) if p != self.human)
            click.echo(f"match score: you {mine:g}, {others}")


@click.command("play")
@click.argument("game", required=False)
@click.argument("position", required=False)
@click.option(
    "--time",
    "time_s",
    type=click.FloatRange(0.0, 3600.0, min_open=True),
    default=None,
    help="Full strength by the clock: seconds per AI move, not rated (instead of --level; --level 8 is full strength "
    "by a fixed budget, rated).",
)
@click.option(
    "--level",
    type=click.IntRange(1, LEVEL_COUNT),
    default=None,
    help=f"AI strength 1-{LEVEL_COUNT} (default {DEFAULT_LEVEL}): points on the game's measured ladder, evenly "
    f"spaced in rating from its lowest rated search to full strength ({LEVEL_COUNT}), each with its rating "
    "(`kofun levels GAME`); without a ladder for the rules, fixed node budgets (not rated).",
)
@click.option(
    "--elo",
    type=float,
    default=None,
    help="The rated agent nearest this rating (random = 0, 400 = 10:1 odds; see `kofun levels GAME`).",
)
@click.option("--human-first/--ai-first", default=True, help="Who moves first (default: you).")
@click.option("--algo", type=click.Choice(ALGOS), default=None, help="Search algorithm of the AI.")
@click.option(
    "--seed", type=SEED, default=None, help="Seed of the deal and of the AI (default: a new random one, printed)."
)
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Save the game record (at the end or on quit).",
)
@click.option(
    "--load",
    "load_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Resume a game saved with --record: same game, rules, seed, start and seat; its moves are replayed.",
)
@click.option("--belief", type=click.Choice(BELIEFS), default="uniform", help="The AI's worlds: uniform, or "
              "inferred from your moves (weighted by their likelihood; Koi-Koi, Honshu, Haniwa, Ohanami; not "
              "rated).")  # fmt: skip
@click.option("--player", default=None, help="Your name: a rated game updates your rating in its mode (docs/cli.md).")
@click.option("--db", type=click.Path(dir_okay=False), default=None,
              help="SQLite file of the ratings [default: kofun serve's, in the user's data folder].")  # fmt: skip
@common_options
def play_cmd(
    game: str,
    position: str | None,
    time_s: float | None,
    level: int | None,
    elo: float | None,
    human_first: bool,
    algo: str | None,
    seed: int | None,
    record_path: str | None,
    load_path: str | None,
    belief: str,
    player: str | None,
    db: str | None,
    config_path: str | None,
    rules: Sequence[str],
) -> None:
    """Play against the AI in the terminal (type `help` at the prompt). Example: kofun play c4 --level 2

    `--load FILE` resumes a game saved with `--record FILE` (GAME may then be left out)."""
    if time_s is not None and level is not None:
        raise click.UsageError("give either --time or --level, not both")
    if elo is not None and (time_s is not None or level is not None):
        raise click.UsageError("give either --elo or --time / --level, not both")
    if elo is not None and algo is not None:
        raise click.UsageError("--elo picks the agent and its algorithm: give no --algo")
    record_path = check_output(record_path, "--record")
    choice = Strength(time_s, level, elo, algo)
    if load_path is not None:
        if position is not None or seed is not None or rules or players_flag() is not None or belief != "uniform":
            raise click.UsageError("--load: the record gives the position, seed and rules (belief uniform); give none")
        resume(load_path, game, choice, record_path, config_path, (player, db))
        return
    if game is None:
        raise click.UsageError("Missing argument 'GAME'.")
    new_deal = seed is None
    seed = secrets.randbelow(MAX_SEED) if seed is None else seed
    s = setup(game, position, config_path, rules, seed)
    if new_deal and position is None and s.game.random_setup:
        click.echo(f"seed: {seed} (replay this deal with --seed {seed})")
    ai = choice.agent(s, seed)
    if belief != "uniform":  # another agent than the rated one
        ai.agent, ai.rating, ai.interval = with_belief(ai.agent, belief), None, None
    for line in ai.notes:
        click.echo(line)
    marked = "the game started from a given position" if position is not None else None
    rating = open_rating(player, db, s, ai, marked or ("the AI infers beliefs" if belief != "uniform" else None))
    play_game(s, ai, human_first, seed, s.state if position is not None else None, record_path, rating=rating)


def save_record(result: GameRecord, path: str) -> None:
    """Saves the record; a failure is one error line naming the file."""
    try:
        result.save(path)
    except OSError as e:
        raise ValueError(f"--record {path}: cannot write the record ({e.strerror})") from None
    click.echo(f"record saved to {path}")


def ai_settings(s: Setup, time_s: float | None, level: int | None, algo: str | None, seed: int) -> SearchSettings:
    """The settings of an unrated AI: --time or the level's fixed budget (the file's budget is replaced)."""
    number = level or DEFAULT_LEVEL
    budget: dict[str, Any] = {"time": time_s} if time_s is not None else unrated_budget(s.game, s.options, number)
    base = settings_from(s.config, algo=algo, seed=seed)
    return replace(base, time=budget.get("time"), nodes=budget.get("nodes"), depth=None)


@dataclass
class RatedAI:
    """The AI seat of a game: its agent and, when it comes from a rated ladder, its rating and interval; `notes`
    are the lines said before the game (who the opponent is, and what was not as asked)."""

    agent: Agent
    rating: float | None = None
    interval: tuple[float, float] | None = None
    what: str = ""
    notes: list[str] = field(default_factory=list)

    def suffix(self) -> str:
        """What the end-of-game line says of a rated opponent: its agent and rating ("" when not rated)."""
        if self.rating is None:
            return ""
        span = f", 95% interval [{self.interval[0]:.0f}, {self.interval[1]:.0f}]" if self.interval else ""
        return f"; opponent {self.what} rated {self.rating:.0f}{span} (random = 0)"


@dataclass
class Strength:
    """How strong the AI should be: --time, --level, --elo, --algo."""

    time_s: float | None = None
    level: int | None = None
    elo: float | None = None
    algo: str | None = None

    def agent(self, s: Setup, seed: int) -> RatedAI:
        """The AI for these options, with the lines that name it: with --elo, the agent of the game's shipped ladder
        nearest that rating (the nearest end when it is outside, said so); with --level (default 4, no --algo), the
        level's point on the ladder (8: full strength, unrated until the ladder reaches it); --time (full strength
        by the clock) and a mode without a ladder are not rated."""
        if self.elo is not None:
            ladder = shipped_ladder(s.game, s.options)
            pick = choose(ladder, self.elo)
            ai = rated_ai(s, pick, seed, f"--elo {self.elo:g}")
            low, high = rated_range(ladder)
            if not low <= self.elo <= high:
                end = "above the top" if self.elo > high else "below the bottom"
                ai.notes.insert(
                    0,
                    f"--elo {self.elo:g} is {end} of the {ladder.game} ({ladder.mode}) ladder (rated {low:.0f} to "
                    f"{high:.0f}): the nearest end is used",
                )
            return ai
        if self.time_s is None and self.algo is None:
            number = self.level or DEFAULT_LEVEL
            try:
                ladder = shipped_ladder(s.game, s.options)
            except ValueError as e:
                return unrated_ai(s, self, seed, f"not rated: {e}")
            chosen = level_of(ladder, number)
            if not chosen.rated:
                settings = SearchSettings.from_mapping({**chosen.choice.settings, "seed": seed})
                why = f"full strength: not rated yet (the {ladder.game} ({ladder.mode}) ladder stops below it)"
                return unrated_ai(s, self, seed, why, settings, describe(chosen.choice))
            return rated_ai(s, chosen.choice, seed, f"--level {number}" + (" (full strength)" if chosen.full else ""))
        settings = ai_settings(s, self.time_s, self.level, self.algo, seed)
        complete = settings.for_game(s.game, s.options)
        if self.time_s is not None:
            why = "full strength by the clock: not rated (--level 8 is full strength by a fixed budget)"
        else:
            why = "not rated: the levels are rated with the game's default algorithm (give no --algo)"
        return unrated_ai(s, self, seed, why, settings, complete.describe())


def rated_ai(s: Setup, pick: Choice, seed: int, asked: str) -> RatedAI:
    """The rated opponent of a ladder choice, named with its rating and interval."""
    what = describe(pick)
    ai = RatedAI(rated_agent(s, pick, seed), pick.rating, (pick.low, pick.high), what)
    ai.notes.append(
        f"opponent ({asked}): {what}, rated {pick.rating:.0f}, 95% interval [{pick.low:.0f}, {pick.high:.0f}] "
        "(random = 0; `kofun levels` lists the ladder)"
    )
    return ai


def unrated_ai(
    s: Setup,
    strength: Strength,
    seed: int,
    why: str,
    settings: SearchSettings | None = None,
    what: str | None = None,
) -> RatedAI:
    """An opponent that no ladder rates, named with the reason."""
    if settings is None:
        settings = ai_settings(s, strength.time_s, strength.level, strength.algo, seed)
        what = settings.for_game(s.game, s.options).describe()
    ai = RatedAI(SearchAgent(s.game, settings, s.options), what=what or "")
    ai.notes.append(f"opponent: {ai.what} ({why})")
    return ai


def rated_agent(s: Setup, pick: Choice, seed: int) -> Agent:
    """The agent of a ladder choice, its search seeded by the game's seed."""
    if pick.kind == "random":
        return RandomAgent()
    if pick.kind == "greedy":
        return GreedyAgent(s.game)
    settings = SearchSettings.from_mapping({**pick.settings, "seed": seed})
    return SearchAgent(s.game, settings, s.options, name=pick.name)


def resume(
    path: str, game_name: str | None, choice: Strength, record_path: str | None, config_path: str | None,
    player: tuple[str | None, str | None] = (None, None),
) -> None:  # fmt: skip
    """Resumes the unfinished game or match of the record at `path`: the same game, rules and seed, the finished
    deals counted, the interrupted deal's moves replayed, the person in the same seat."""
    rec = GameRecord.load(path)
    game = get_game(rec.game)
    if game_name is not None and get_game(game_name).name != game.name:
        raise ValueError(f"game record {path}: a game of {game.name}, not {get_game(game_name).name}")
    options = game.check_options(rec.rules)
    if all(d.finished for d in rec.deals) and len(rec.deals) >= rec.planned_deals:
        raise ValueError(f"game record {path}: the game is over (final position {rec.deals[-1].final})")
    humans = [i for i, a in enumerate(rec.agents) if a.get("kind") == "human"]
    if len(humans) != 1:
        raise ValueError(f"game record {path}: not a game of one person against the AI")
    for deal in rec.deals:
        for k, text in enumerate([deal.start, *deal.moves]):
            check_notation_text(text, "start" if k == 0 else "move")
    s = Setup(game, options, load_config(config_path), None)
    ai = choice.agent(s, rec.seed)
    moves = sum(len(d.moves) for d in rec.deals)
    click.echo(f"resuming {game.name} (seed {rec.seed}) after {moves} moves")
    for line in ai.notes:
        click.echo(line)
    try:
        rating = open_rating(*player, s, ai, "the game went on from a saved record")
        play_game(s, ai, True, rec.seed, None, record_path, human=humans[0], resume=rec, rating=rating)
    except ValueError as e:
        raise ValueError(f"game record {path}: {e}") from None


def ask(prompt: str) -> str:
    """A line typed at the prompt; EOFError at the end of the input (click reports it as Abort). A line that is
    not UTF-8 comes back with its bad bytes as surrogates (the move reader then rejects it, naming the byte)."""
    try:
        return str(click.prompt(prompt, prompt_suffix=": "))
    except click.Abort:
        click.echo()
        raise EOFError from None
    except UnicodeDecodeError as e:  # a stdin that could not be switched to surrogateescape
        return e.object[e.start : e.end].decode("utf-8", "surrogateescape")


def tolerate_bad_bytes() -> None:
    """Lets the prompt read lines that are not UTF-8 (as surrogates) instead of failing with a traceback."""
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, OSError):  # a stream that cannot be reconfigured
            reconfigure(errors="surrogateescape")


def play_game(
    s: Setup,
    ai: RatedAI,
    human_first: bool,
    seed: int,
    start: Any,
    record: str | None,
    human: int | None = None,
    resume: GameRecord | None = None,
    rating: PlayerRating | None = None,
) -> GameRecord:
    """Seats the person (in seat `human`, else by `human_first`) and the AI and plays the match (from `start`, or
    from new deals); saves the record to `record` (also when the person quits) and returns it."""
    first = start if start is not None else first_deal(s.game, s.options, seed)
    seats = int(first.num_players)
    if human is None:
        human = int(first.to_move()) if human_first else (int(first.to_move()) + 1) % seats
    tolerate_bad_bytes()
    person = HumanAgent(s.game, ask, lambda text: view.say(text), human)  # view: below
    agents: list[Agent] = [person if p == human else ai.agent for p in range(seats)]
    match = Match(s.game, agents, s.options, seed, start=start, resume=resume)
    view = TerminalView(s.game, human, match.deals, match.teams, ai.suffix() if match.deals == 1 else "")
    result = match.play(SeenMoves(s.game, agents, rating.watch(view) if rating is not None else view))
    if result.finished and match.deals > 1:
        mine = result.team_scores[match.teams[human]]
        best = max(result.team_scores.values())
        verdict = (
            "a drawn match"
            if not result.winners
            else "you win the match"
            if human in result.winners
            else ("the AI wins the match")
        )
        click.echo(f"match over: {verdict} (you {mine:g}, best {best:g})" + ai.suffix())
    if rating is not None:
        rating.finish(result, human, match.teams)
    if record is not None:
        save_record(result, record)
    return result


COMMANDS = (play_cmd,)
