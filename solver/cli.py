"""The ``kofun`` command line: best moves, analysis, perft, benchmark, new positions, play and self-play.

Every command works without a configuration file; ``--config FILE`` reads engine settings and rule options
from TOML (see :mod:`solver.config`), and flags win over the file. Bad input (notation, illegal moves, rule
options, configuration) prints ``error: <message>`` and exits with status 2.
"""

from __future__ import annotations

import json
import shutil
import sys
import time as clock
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from .cli_haniwa import haniwa as haniwa_commands
from .config import ALGOS, OBJECTIVES, ROLLOUTS, Config, EngineConfig, load_config, parse_rule_flags
from .games import GameInfo, get_game
from .report.search import format_report, progress_line
from .report.stats import MatchScore
from .report.table import format_table, human_count
from .search import (
    HIDDEN_ALGOS,
    GameRecord,
    Progress,
    SearchReport,
    analyse,
    has_hidden_information,
    play_game,
    search,
    winners_of,
)

F = TypeVar("F", bound=Callable[..., Any])

# `kofun play --level N`: a node budget (deterministic, machine-independent) with a time cap.
LEVELS: dict[int, dict[str, Any]] = {
    1: {"nodes": 1_000, "time": 1.0},
    2: {"nodes": 10_000, "time": 1.0},
    3: {"nodes": 100_000, "time": 2.0},
    4: {"nodes": 1_000_000, "time": 5.0},
    5: {"time": 10.0},
}
DEFAULT_LEVEL = 3


class KofunGroup(click.Group):
    """A click group that turns the project's ValueErrors into ``error: <message>`` and exit status 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ValueError as e:
            click.echo(f"error: {e}", err=True)
            ctx.exit(2)


@click.group(cls=KofunGroup, context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """kofun: best moves, analysis and play for the kofun games."""


# ----------------------------------------------------------------------------------------------------
# Shared options


def common_options(f: F) -> F:
    """--config and --rule, on every command that builds a position."""
    f = click.option(
        "--rule", "rules", multiple=True, metavar="KEY=VALUE", help="A rule option of the game (repeatable)."
    )(f)
    return click.option(
        "--config",
        "config_path",
        type=click.Path(dir_okay=False),
        default=None,
        help="TOML file of engine settings and rule options.",
    )(f)


def budget_options(f: F) -> F:
    """--time / --nodes / --depth."""
    f = click.option("--depth", type=int, default=None, help="Depth budget in plies (alpha-beta).")(f)
    f = click.option("--nodes", type=int, default=None, help="Node budget (MCTS: iterations).")(f)
    return click.option(
        "--time", type=float, default=None, help="Seconds per search (default 2 when no budget is given)."
    )(f)


def engine_options(f: F) -> F:
    """Budgets plus --algo, --threads, --seed, --hash and the MCTS settings."""
    f = click.option(
        "--objective",
        type=click.Choice(OBJECTIVES),
        default=None,
        help="ISMCTS objective: returns (mean points), wins (win probability first, points break ties) or auto "
        "(the game's default).",
    )(f)
    f = click.option("--rollout", type=click.Choice(ROLLOUTS), default=None, help="MCTS rollout policy.")(f)
    f = click.option("--exploration", type=float, default=None, help="MCTS exploration constant.")(f)
    f = click.option("--hash", "hash_mb", type=int, default=None, help="Transposition table size in MB.")(f)
    f = click.option("--seed", type=int, default=None, help="Seed of every random choice.")(f)
    f = click.option("--threads", type=int, default=None, help="Search threads.")(f)
    f = click.option("--algo", type=click.Choice(ALGOS), default=None, help="Search algorithm.")(f)
    return budget_options(f)


@dataclass
class Setup:
    """What a command works on: the game, its validated rule options, the configuration and the position."""

    game: GameInfo
    options: dict[str, Any]
    config: Config
    state: Any


def setup(
    game_name: str, position: str | None, config_path: str | None, rules: Sequence[str], seed: int | None = None
) -> Setup:
    """Loads the configuration, resolves the game and builds the position (or the starting position)."""
    config = load_config(config_path)
    game = get_game(game_name)
    options = config.rules_for(game, parse_rule_flags(rules))
    if position is None:
        state = game.new(options, seed if seed is not None else config.engine.seed)
    else:
        state = game.parse(position, options)
    return Setup(game, options, config, state)


def engine_settings(config: Config, **flags: Any) -> EngineConfig:
    """The configuration's engine settings with the given flags (None = not given) applied."""
    return config.engine.merged(**flags)


def algo_for(game: GameInfo, config: Config, algo: str | None) -> str | None:
    """The --algo flag; without it, hidden-information games use ISMCTS unless the configuration names an
    algorithm other than the default (None: the configuration's)."""
    if algo is None and has_hidden_information(game) and config.engine.algo == EngineConfig.algo:
        return "ismcts"
    return algo


def ai_algo(game: GameInfo, config: Config, algo: str | None) -> str | None:
    """Like :func:`algo_for`, for an AI opponent: in a hidden-information game it must search from its own
    information state, so only ISMCTS and PIMC are allowed."""
    chosen = algo_for(game, config, algo)
    if has_hidden_information(game) and (chosen or config.engine.algo) not in HIDDEN_ALGOS:
        raise click.UsageError(
            f"{game.name}: the AI searches from its information state only: use --algo ismcts or pimc"
        )
    return chosen


class LiveDisplay:
    """Search progress: one line rewritten in place on a terminal, else one line per update."""

    def __init__(self) -> None:
        self.tty = sys.stdout.isatty()
        self.shown = False

    def __call__(self, progress: Progress) -> None:
        line = progress_line(progress)
        if self.tty:
            click.echo("\r" + line[: shutil.get_terminal_size().columns - 1] + "\x1b[K", nl=False)
        else:
            click.echo(line)
        self.shown = True

    def finish(self) -> None:
        """Ends the progress output (a newline after an in-place line)."""
        if self.shown and self.tty:
            click.echo()


def with_game_defaults(s: Setup, kwargs: dict[str, Any]) -> dict[str, Any]:
    """Search settings with the game's ISMCTS defaults for the rules in force (e.g. Koi-Koi: a match is played
    for points, a single deal to be won) under whatever the settings name."""
    return {**s.game.ismcts_defaults(s.options), **kwargs} if kwargs.get("algo") == "ismcts" else kwargs


def _run_search(fn: Callable[..., SearchReport], s: Setup, as_json: bool, **flags: Any) -> None:
    flags["algo"] = algo_for(s.game, s.config, flags.get("algo"))
    engine = engine_settings(s.config, **flags)
    live = None if as_json else LiveDisplay()
    report = fn(s.state, on_progress=live, **with_game_defaults(s, engine.search_kwargs()))
    if live is not None:
        live.finish()
    if as_json:
        click.echo(json.dumps(report.to_dict()))
    else:
        click.echo(format_report(s.game, s.state, report))


# ----------------------------------------------------------------------------------------------------
# Commands


@main.command("best-move")
@click.argument("game")
@click.argument("position", required=False)
@engine_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (no live display).")
@common_options
def best_move_cmd(
    game: str, position: str | None, as_json: bool, config_path: str | None, rules: Sequence[str], **flags: Any
) -> None:
    """Search POSITION (default: the starting position) and print the best move, its value and the PV."""
    s = setup(game, position, config_path, rules, flags["seed"])
    _run_search(search, s, as_json, **flags)


@main.command("analyse")
@click.argument("game")
@click.argument("position", required=False)
@engine_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (no live display).")
@common_options
def analyse_cmd(
    game: str, position: str | None, as_json: bool, config_path: str | None, rules: Sequence[str], **flags: Any
) -> None:
    """Value every legal move of POSITION, best first.

    Alpha-beta searches each move (time and node budgets are shared among the moves); MCTS reports its root
    statistics.
    """
    s = setup(game, position, config_path, rules, flags["seed"])
    _run_search(analyse, s, as_json, **flags)


@main.command("perft")
@click.argument("game")
@click.argument("position", required=False)
@click.option("--depth", type=click.IntRange(min=0), required=True, help="Plies to enumerate.")
@click.option("--divide", is_flag=True, help="List the count below each legal move.")
@common_options
def perft_cmd(
    game: str, position: str | None, depth: int, divide: bool, config_path: str | None, rules: Sequence[str]
) -> None:
    """Count the move sequences of exactly DEPTH plies from POSITION (a move-generator check)."""
    s = setup(game, position, config_path, rules)
    start = clock.perf_counter()
    if divide and depth > 0:
        rows = []
        for mv in sorted(s.state.legal_moves(), key=s.state.move_to_string):
            child = s.state.clone()
            child.apply(mv)
            rows.append((s.state.move_to_string(mv), child.perft(depth - 1)))
        click.echo(format_table(("move", "count"), rows, right=(False, True)))
        total = sum(c for _, c in rows)
    else:
        total = s.state.perft(depth)
    elapsed = clock.perf_counter() - start
    click.echo(f"perft {depth}: {total}")
    click.echo(f"time: {elapsed:.3f} s ({human_count(total / elapsed if elapsed > 0 else 0)} leaves/s)")


@main.command("bench")
def bench_cmd() -> None:
    """Run the fixed benchmark positions (one thread, fixed limits) and print the node-count signature."""
    from .benchsuite import run_signature

    signature, rows = run_signature()
    table = [(r.label, r.nodes, f"{r.seconds:.3f}", r.count) for r in rows]
    click.echo(format_table(("search", "nodes", "seconds", "signature"), table, right=(False, True, True, True)))
    nodes = sum(r.nodes for r in rows)
    elapsed = sum(r.seconds for r in rows)
    click.echo(f"total nodes: {nodes}")
    click.echo(f"time: {elapsed:.2f} s ({human_count(nodes / elapsed if elapsed > 0 else 0)} nodes/s)")
    click.echo(f"signature: {signature}")


@main.command("new")
@click.argument("game")
@click.option("--seed", type=int, default=None, help="Seed of the deal or roll (games with a random setup).")
@common_options
def new_cmd(game: str, seed: int | None, config_path: str | None, rules: Sequence[str]) -> None:
    """Print the starting position's notation, then its board."""
    s = setup(game, None, config_path, rules, seed)
    click.echo(s.game.notation(s.state))
    click.echo()
    click.echo(s.game.render(s.state))
    if has_hidden_information(s.game):
        for p in range(s.state.num_players):
            click.echo()
            click.echo(f"view of {s.game.player_name(p)}: {s.state.information_state(p)}")


PLAY_HELP = """commands:
  <move>   play a move in the game's notation (Sensei: one action, or a whole turn 'b1-b4 c1-c3 d1*b4')
  moves    list the legal moves
  undo     take back your last move (and the reply to it)
  help     show this help
  quit     leave the game"""


@main.command("play")
@click.argument("game")
@click.argument("position", required=False)
@click.option("--time", "time_s", type=float, default=None, help="Seconds per AI move (instead of --level).")
@click.option(
    "--level",
    type=click.IntRange(1, 5),
    default=None,
    help="AI strength 1-5 (default 3): node budgets 1k, 10k, 100k, 1M, then 10 s of time.",
)
@click.option("--human-first/--ai-first", default=True, help="Who moves first (default: you).")
@click.option("--algo", type=click.Choice(ALGOS), default=None, help="Search algorithm of the AI.")
@click.option("--seed", type=int, default=None, help="Seed of the AI's random choices.")
@common_options
def play_cmd(
    game: str,
    position: str | None,
    time_s: float | None,
    level: int | None,
    human_first: bool,
    algo: str | None,
    seed: int | None,
    config_path: str | None,
    rules: Sequence[str],
) -> None:
    """Play against the AI in the terminal (type `help` at the prompt)."""
    if time_s is not None and level is not None:
        raise click.UsageError("give either --time or --level, not both")
    s = setup(game, position, config_path, rules, seed)
    budget = {"time": time_s} if time_s is not None else LEVELS[level or DEFAULT_LEVEL]
    algo = ai_algo(s.game, s.config, algo)
    kwargs = engine_settings(s.config, algo=algo, seed=seed, **budget).search_kwargs()
    kwargs.update(time=budget.get("time"), nodes=budget.get("nodes"), depth=None)  # replaces the file's
    kwargs = with_game_defaults(s, kwargs)
    rounds = getattr(s.game, "rounds", None)
    if position is None and rounds is not None and rounds(s.options) > 1:
        _play_match(s, 0 if human_first else 1, kwargs)
        return
    human = s.state.to_move() if human_first else 1 - s.state.to_move()
    _play_loop(s.game, s.state.clone(), human, kwargs)


def _play_match(s: Setup, human: int, kwargs: dict[str, Any]) -> None:
    """A match of several deals (Koi-Koi `rounds`): the human keeps seat `human`, the scores add up."""
    from .games.koikoi import Match

    match = Match(s.options, seed=s.config.engine.seed if kwargs.get("seed") is None else kwargs["seed"])
    while not match.is_over():
        click.echo(f"--- deal {match.round + 1} of {match.rounds} (dealer: {s.game.player_name(match.dealer)}) ---")
        final = _play_loop(s.game, match.next_deal(), human, kwargs)
        if final is None:
            return
        match.record(final)
        click.echo(f"match score: you {match.scores[human]}, AI {match.scores[1 - human]}")
    mine, theirs = match.scores[human], match.scores[1 - human]
    verdict = "you win the match" if mine > theirs else "the AI wins the match" if theirs > mine else "a drawn match"
    click.echo(f"match over: {verdict} ({mine} - {theirs})")


def _shown(game: GameInfo, state: Any, human: int) -> str:
    """The board as the human may see it: in a hidden-information game only their view until the game ends."""
    if has_hidden_information(game) and not state.is_terminal():
        return game.render(game.view(state, human))
    return game.render(state)


def result_text(game: GameInfo, state: Any, human: int) -> str:
    """The result line of a finished game for the human in seat `human` (a team wins together)."""
    winners = winners_of(state)
    if not winners:
        return "result: draw"
    names = " and ".join(game.player_name(p) for p in winners)
    who = "you win" if human in winners else "the AI wins"
    return f"result: {names} win{'s' if len(winners) == 1 else ''} ({who})"


def _play_loop(game: GameInfo, state: Any, human: int, kwargs: dict[str, Any]) -> Any:
    """Plays one game at the terminal; returns the final state, or None when the human quits."""
    history: list[Any] = []
    click.echo(f"You play {game.player_name(human)}. Type 'help' for the commands.")
    click.echo(_shown(game, state, human))
    while not state.is_terminal():
        if state.to_move() != human:
            report = search(state, **kwargs)  # hidden information: from the AI's own view only
            click.echo(f"AI plays {report.best_move} ({report.value_text})")
            state.play(report.best_move)
            click.echo(_shown(game, state, human))
            continue
        try:
            text = click.prompt(f"your move ({game.player_name(human)})", prompt_suffix=": ").strip()
        except click.Abort:
            click.echo()
            text = "quit"
        if text in ("quit", "exit"):
            where = game.notation(game.view(state, human)) if has_hidden_information(game) else game.notation(state)
            click.echo(f"game abandoned at position {where}")
            return None
        if text == "help":
            click.echo(PLAY_HELP)
        elif text == "moves":
            legal = sorted(state.legal_moves())
            click.echo("legal moves: " + " ".join(state.move_to_string(m) for m in legal))
        elif text == "undo":
            if history:
                state = history.pop()
                click.echo("move taken back")
                click.echo(_shown(game, state, human))
            else:
                click.echo("nothing to undo")
        else:
            try:
                after = game.play_input(state, text)
            except ValueError as e:
                click.echo(f"rejected: {e}")
                continue
            history.append(state)
            state = after
            click.echo(_shown(game, state, human))
    click.echo(result_text(game, state, human))
    if has_hidden_information(game):
        click.echo(game.render(state))
    click.echo(f"final position: {game.notation(state)}")
    return state


@main.command("selfplay")
@click.argument("game")
@click.option("--games", "n_games", type=click.IntRange(min=1), default=10, help="Number of games (default 10).")
@budget_options
@click.option("--algo-a", type=click.Choice(ALGOS), default=None, help="Algorithm of engine A.")
@click.option("--algo-b", type=click.Choice(ALGOS), default=None, help="Algorithm of engine B.")
@click.option(
    "--opening-plies",
    type=click.IntRange(min=0),
    default=2,
    help="Random opening moves per pair of games (default 2); both colours play each opening.",
)
@click.option("--seed", type=int, default=None, help="Seed of the openings and searches.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@common_options
def selfplay_cmd(
    game: str,
    n_games: int,
    time: float | None,
    nodes: int | None,
    depth: int | None,
    algo_a: str | None,
    algo_b: str | None,
    opening_plies: int,
    seed: int | None,
    as_json: bool,
    config_path: str | None,
    rules: Sequence[str],
) -> None:
    """Engine A against engine B, alternating colours; prints A's wins, draws, losses and score.

    With teams (Haniwa with 4 players) each engine plays every seat of its team and the sides alternate."""
    s = setup(game, None, config_path, rules, seed)
    seats = s.state.num_players
    if seats < 2:
        raise click.UsageError(f"selfplay: {s.game.name} with these rules has a single player")
    team = s.state.team_of if hasattr(s.state, "team_of") else (lambda seat: seat)
    base = engine_settings(s.config, time=time, nodes=nodes, depth=depth, seed=seed)
    a = with_game_defaults(s, base.merged(algo=algo_for(s.game, s.config, algo_a)).search_kwargs())
    b = with_game_defaults(s, base.merged(algo=algo_for(s.game, s.config, algo_b)).search_kwargs())
    records = []
    wins = draws = losses = 0
    rounds = getattr(s.game, "rounds", None)
    match_rounds = int(rounds(s.options)) if rounds is not None else 1  # > 1: each game is a match of deals
    with click.progressbar(range(n_games), label="selfplay", file=sys.stderr) as bar:
        try:
            for i in bar:
                a_player = i % 2  # the side (seat, or team) of engine A
                players = [a if team(seat) == a_player else b for seat in range(seats)]
                if match_rounds > 1:
                    record = _match_record(s, players, base.seed + i // 2)
                else:
                    start = s.game.new(s.options, base.seed + i // 2)
                    record = play_game(start, players, seed=base.seed + i // 2, opening_plies=opening_plies)
                if not record.winners:
                    draws += 1
                elif team(record.winners[0]) == a_player:
                    wins += 1
                else:
                    losses += 1
                records.append({"a_player": a_player, **record.to_dict()})
        except KeyboardInterrupt:  # stop the match; the game in progress is dropped
            pass
    score = MatchScore(wins, draws, losses)
    if score.games < n_games:
        click.echo(f"interrupted after {score.games} of {n_games} games", err=True)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "game": s.game.name,
                    "games": score.games,
                    "a": a,
                    "b": b,
                    "wins": wins,
                    "draws": draws,
                    "losses": losses,
                    "score": score.score,
                    "ci95": list(score.ci95),
                    "records": records,
                }
            )
        )
        return
    click.echo(f"A: {a['algo']}   B: {b['algo']}")
    click.echo(score.summary("A"))


def _match_record(s: Setup, players: list[dict[str, Any]], seed: int) -> GameRecord:
    """One match of several deals (Koi-Koi `rounds`) between two engine settings, as a game record whose moves
    are the deals' moves and whose returns are the match scores."""
    from .games.koikoi import Match

    match = Match(s.options, seed=seed)
    moves: list[str] = []
    start = s.game.notation(match.next_deal())
    while not match.is_over():
        deal = play_game(match.next_deal(), players, seed=seed * 1000 + match.round)
        moves += deal.moves
        match.record(s.game.parse(deal.final))
    scores = [float(x) for x in match.scores]
    winner = None if scores[0] == scores[1] else int(scores[1] > scores[0])
    final = f"match scores {scores[0]:g}-{scores[1]:g}"
    return GameRecord(s.game.name, start, moves, final, scores, winner, [] if winner is None else [winner])


@main.command("experiment")
@click.argument("game")
@click.option(
    "--opponent", type=click.Choice(("random", "greedy", "pimc")), default="greedy", help="Baseline (default greedy)."
)
@click.option(
    "--games",
    "units",
    type=click.IntRange(min=1),
    default=100,
    help="Deals (matches when the rules have rounds > 1), each played twice with the seats swapped (default 100).",
)
@click.option("--iterations", type=click.IntRange(min=1), default=10_000, help="Search iterations per decision.")
@click.option(
    "--objective",
    type=click.Choice(OBJECTIVES),
    default="auto",
    help="Objective of the ISMCTS side: returns, wins, or auto (the game's default for these rules).",
)
@click.option(
    "--peek",
    type=click.Choice(("none", "hand", "all")),
    default="none",
    help="Unfair reference runs (Koi-Koi): let the ISMCTS side see the opponent's hand, or every hidden card.",
)
@click.option("--seed", type=click.IntRange(min=0), default=0, help="Seed of the deals and the searches.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@common_options
def experiment_cmd(
    game: str,
    opponent: str,
    units: int,
    iterations: int,
    objective: str,
    peek: str,
    seed: int,
    as_json: bool,
    config_path: str | None,
    rules: Sequence[str],
) -> None:
    """Strength of the ISMCTS AI against a baseline on paired deals, with 95% confidence intervals (Koi-Koi,
    Haniwa)."""
    from .experiments import GAMES, run_experiment

    info = get_game(game)
    if info.name not in GAMES:
        raise click.UsageError(f"experiment: {info.name} has no strength experiments (games: {', '.join(GAMES)})")
    options = load_config(config_path).rules_for(info, parse_rule_flags(rules))
    with click.progressbar(length=units, label="experiment", file=sys.stderr) as bar:
        result = run_experiment(
            opponent,
            units,
            iterations,
            seed,
            options,
            ismcts_options={} if objective == "auto" else {"objective": objective},
            on_unit=lambda _k: bar.update(1),
            game=info.name,
            peek=peek,
        )
    click.echo(json.dumps(result.to_dict()) if as_json else result.summary())


main.add_command(haniwa_commands)

__all__ = ["LEVELS", "main"]
