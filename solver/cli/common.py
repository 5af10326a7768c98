"""What every ``kofun`` command shares: the option groups, the position/configuration setup, and the mapping of
flags onto one :class:`~solver.search.settings.SearchSettings`."""

from __future__ import annotations

import json
import shlex
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import click

from .._core import RuleOptionError
from ..batch.seeds import MAX_SEED
from ..games import GameInfo, get_game
from ..games.base import check_notation_text
from ..search.config import Config, load_config, parse_rule_flags
from ..search.settings import ALGOS, OBJECTIVES, ROLLOUTS, SearchSettings, SettingsError, check_applicable

F = TypeVar("F", bound=Callable[..., Any])

SEED = click.IntRange(0, MAX_SEED)
#: --jobs of every command that runs worker processes.
JOBS = click.IntRange(1, 64)


PLAYERS_KEY = "kofun.players"


def _remember_players(ctx: click.Context, _param: click.Parameter, value: int | None) -> int | None:
    if value is not None:
        ctx.meta[PLAYERS_KEY] = value
    return value


def common_options(f: F) -> F:
    """--config, --rule and --players (the same as --rule players=N), on every command that builds a position."""
    f = click.option(
        "--players",
        type=int,
        default=None,
        expose_value=False,
        callback=_remember_players,
        help="Players at the table, for games with several counts (the same as --rule players=N).",
    )(f)
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
    """Budgets plus --algo, --threads, --seed, --hash and the algorithms' options."""
    f = click.option(
        "--objective",
        type=click.Choice((*OBJECTIVES, "auto")),
        default=None,
        help="ISMCTS objective: returns (mean points), wins (win probability first, points break ties), match "
        "(probability of winning the match, Koi-Koi) or auto (the game's default).",
    )(f)
    f = click.option("--rollout", type=click.Choice(ROLLOUTS), default=None, help="MCTS / ISMCTS rollout policy.")(f)
    f = click.option("--exploration", type=float, default=None, help="MCTS / ISMCTS / PIMC exploration constant.")(f)
    f = click.option(
        "--playout-plies",
        type=int,
        default=None,
        help="MCTS: end each playout after this many plies and score it by the game's evaluation (0: play to the "
        "end; two-player games with an evaluation).",
    )(f)
    f = click.option("--hash", "hash_mb", type=int, default=None, help="Transposition table size in MB.")(f)
    f = click.option("--seed", type=SEED, default=None, help="Seed of every random choice (0 by default).")(f)
    f = click.option("--threads", type=int, default=None, help="Search threads.")(f)
    f = click.option(
        "--solve",
        is_flag=True,
        default=None,
        help="Prove the exact value (win / draw / loss and its distance) to the end of the game: --algo solve.",
    )(f)
    f = click.option("--algo", type=click.Choice(ALGOS), default=None, help="Search algorithm (default: the game's).")(
        f
    )
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
    """Loads the configuration, resolves the game and builds the position (or the starting position). A given
    position's own rules (a Koi-Koi deal's preset and match, a table's number of players) decide the options, as
    they do in the Python API (``solver.search`` reads them off the state); a --rule flag or configuration value
    that contradicts them is refused."""
    config = load_config(config_path)
    game = get_game(game_name)
    flags = rule_flags(with_players(rules))
    options = config.rules_for(game, flags)
    if position is None:
        state = game.new(options, seed if seed is not None else config.engine.seed)
    else:
        state = game.parse(check_notation_text(position), options)
        options = position_rules(game, state, {**config.rules.get(game.name, {}), **flags})
    return Setup(game, options, config, state)


def rule_flags(rules: Sequence[str]) -> dict[str, Any]:
    """The --rule KEY=VALUE flags as options. A value may be given as the catalog, a ladder file or a record writes
    it (JSON): a JSON list (``pits=[]``, ``pits=["c3","e3"]``) or a quoted JSON string (``start_dice=""``) is read
    as JSON; any other value is text, which each option converts (``max_turns=200``, ``threefold_draw=true``)."""
    return {key: json_rule_value(value) for key, value in parse_rule_flags(rules).items()}


def json_rule_value(text: str) -> Any:
    """`text` read as JSON when it is a JSON list or string (a bad one stays text: the option names it)."""
    if text[:1] in ('"', "["):
        try:
            value = json.loads(text)
        except ValueError:
            return text
        if isinstance(value, str | list):
            return value
    return text


def players_flag() -> int | None:
    """The --players of the running command (None: not given, or no command running)."""
    ctx = click.get_current_context(silent=True)
    value = ctx.meta.get(PLAYERS_KEY) if ctx is not None else None
    return int(value) if value is not None else None


def with_players(rules: Sequence[str]) -> tuple[str, ...]:
    """The --rule flags with --players added as ``players=N``; a --rule players= that says otherwise is refused."""
    players = players_flag()
    if players is None:
        return tuple(rules)
    given = [r.split("=", 1)[1].strip() for r in rules if r.split("=", 1)[0].strip() == "players" and "=" in r]
    if any(v != str(players) for v in given):
        raise click.UsageError(f"--players {players} and --rule players={given[0]} disagree: give one of them")
    return (*rules, f"players={players}")


def position_rules(game: GameInfo, state: Any, given: dict[str, Any]) -> dict[str, Any]:
    """The rule options of a parsed position: what it carries, then the options `given` explicitly (flags and the
    configuration file) where it carries nothing. RuleOptionError when a given option contradicts the position."""
    stated = game.carried_rules(state)
    wanted = game.check_options({**game.rules_of(state), **given})
    for key in sorted(given):
        if key in stated and wanted.get(key) != stated[key]:
            raise RuleOptionError(
                f"--rule {key}={given[key]}: the position carries {key}={stated[key]} (leave the flag out)"
            )
    return wanted


def settings_from(config: Config, **flags: Any) -> SearchSettings:
    """The configuration's search settings with the flags that were given (not None) applied. Options given as
    flags must belong to the algorithm chosen; the error names the flag."""
    flags = dict(flags)
    if flags.pop("solve", None):
        if flags.get("algo") not in (None, "solve"):
            raise SettingsError(f"--solve: conflicts with --algo {flags['algo']}")
        flags["algo"] = "solve"
    given = {k: v for k, v in flags.items() if v is not None and not (k == "objective" and v == "auto")}
    check_applicable(given.get("algo", config.engine.algo), given)
    try:
        return config.engine.merged(**given)
    except SettingsError as e:  # the message starts with the setting's name: name the flag
        raise SettingsError("--" + str(e).replace("hash_mb:", "hash:", 1)) from None


def echo_err(text: str) -> None:
    """A line on stderr."""
    click.echo(text, err=True)


def stderr_is_terminal() -> bool:
    """True when progress bars may be drawn (stderr is a terminal)."""
    return sys.stderr.isatty()


#: Seconds between two progress lines when stderr is not a terminal (a log file, a pipe).
PROGRESS_EVERY = 10.0


class ProgressLines:
    """Progress as plain lines on stderr when it is not a terminal: one line at most every `every` seconds
    (`label: done of total (percent), elapsed, ETA`), so a long job in a log shows that it moves. `start`: the
    units already done before this run (a resumed job); the ETA is the pace of this run's own units."""

    def __init__(
        self,
        length: int,
        label: str,
        every: float = PROGRESS_EVERY,
        clock: Callable[[], float] = time.monotonic,
        write: Callable[[str], None] | None = None,
        start: int = 0,
    ) -> None:
        self.length, self.label, self.every, self.clock = length, label, every, clock
        self.write = write or echo_err
        self.done = self.already = start
        self.start = clock()
        self.last = self.start

    def __call__(self, n: int) -> None:
        self.done += n
        now = self.clock()
        if now - self.last >= self.every or (self.done >= self.length and now - self.start >= self.every):
            self.last = now
            self.write(self.line(now))

    def line(self, now: float) -> str:
        """The progress line at time `now`."""
        elapsed = now - self.start
        share = self.done / self.length if self.length else 1.0
        ran = self.done - self.already
        eta = f", ETA {elapsed * (self.length - self.done) / ran:.0f} s" if 0 < share < 1 and ran > 0 else ""
        return f"{self.label}: {self.done} of {self.length} ({100 * share:.0f}%), {elapsed:.0f} s{eta}"


@contextmanager
def progress(length: int, label: str) -> Iterator[Callable[[int], None]]:
    """A progress bar with ETA on stderr when it is a terminal, else a line every PROGRESS_EVERY seconds; yields
    `advance(n)`."""
    if not sys.stderr.isatty():
        yield ProgressLines(length, label)
        return
    with click.progressbar(length=length, label=label, file=sys.stderr, show_eta=True) as bar:
        yield bar.update


def check_output(path: str | None, flag: str, suffix: str | None = None) -> str | None:
    """The file an output option will write, checked before any work starts (every command's --out, --ratings,
    --records, --record, --plot): not empty, not a folder, in a folder that exists and can be written, and a file
    that can be appended to when it exists. With `suffix` ('.png') a name without one gets it, as the plotting
    library does; the name returned is the one written. click.BadParameter names the flag and the problem."""
    if path is None:
        return None
    if not path.strip():
        raise click.BadParameter("an empty file name", param_hint=f"'{flag}'")
    target = Path(path)
    if suffix is not None and not target.suffix:
        target = target.with_name(target.name + suffix)
    parent = target.parent
    if target.is_dir():
        raise click.BadParameter(f"{str(target)!r} is a folder, not a file", param_hint=f"'{flag}'")
    if not parent.is_dir():
        what = "is not a folder" if parent.exists() else "does not exist"
        raise click.BadParameter(f"{str(target)!r}: the folder {str(parent)!r} {what}", param_hint=f"'{flag}'")
    try:
        if target.exists():
            with target.open("a"):
                pass
        else:
            with tempfile.TemporaryFile(dir=parent):
                pass
    except OSError as e:
        raise click.BadParameter(f"{str(target)!r} cannot be written ({e.strerror})", param_hint=f"'{flag}'") from None
    return str(target)


def check_resume(resume: bool, out_path: str | None) -> None:
    """--resume needs the results file it continues (--out)."""
    if resume and out_path is None:
        raise click.UsageError("--resume: give the results file to continue (--out FILE)")


def command_line() -> str:
    """The command that was run, from its parameters (those left at their defaults are left out): what made a
    results or ladder file, in a form that runs it again."""
    ctx = click.get_current_context()
    words = ["kofun", ctx.command.name or ""]
    for param in ctx.command.params:
        value = ctx.params.get(param.name or "")
        if isinstance(param, click.Argument):
            words.append(str(value))
        elif isinstance(param, click.Option) and value != param.default and value not in (None, False, ()):
            flag = max(param.opts, key=len)
            if param.is_flag:
                words.append(flag)
            else:
                for v in value if param.multiple else [value]:
                    words.extend([flag, str(v)])
    if players_flag() is not None:
        words.extend(["--players", str(players_flag())])
    return shlex.join(words)


def resume_command(out_path: str | None) -> str:
    """What an interrupted batch command says about resuming: its command line again with --resume (when it
    kept its results in --out), or that nothing was kept."""
    if out_path is None:
        return "the finished tasks were not kept (give --out FILE to resume an interrupted run)"
    line = command_line()
    return "resume with: " + (line if " --resume" in line else line + " --resume")
