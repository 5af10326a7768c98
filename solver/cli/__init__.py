"""The ``kofun`` command line. One module per job: searching (``search_cmds``), playing (``play``), batches of games
(``batch``), ladders (``ladder``), review (``review``), the review's calibration on the rating scale
(``calibrate``), the web app (``web``), tools (``tools``) and a game's own command group (``haniwa``: ``kofun haniwa
solo``).

Every command works without a configuration file; ``--config FILE`` reads search settings and rule options from
TOML (see :mod:`solver.search.config`), and flags win over the file. Bad input (notation, illegal moves, rule options,
settings, configuration, unknown options) prints one line ``error: <message>`` (and a hint line) on stderr and
exits with status 2.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click

from .._version import __version__


def one_line(message: str) -> str:
    """`message` as one printable line: newlines folded, bytes that were not UTF-8 (surrogates) escaped."""
    text = " ".join(str(message).split("\n"))
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


class KofunGroup(click.Group):
    """A click group whose every error is one line ``error: <what is wrong>`` with exit status 2: the project's
    ValueErrors, and click's own usage errors (unknown options, bad values)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ValueError as e:
            click.echo(f"error: {one_line(str(e))}", err=True)
            ctx.exit(2)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, **kw: Any) -> Any:  # type: ignore[override]
        standalone = kw.pop("standalone_mode", True)
        code: int = 0
        try:
            rv = super().main(args, prog_name, standalone_mode=False, **kw)
            code = rv if isinstance(rv, int) else 0
        except click.ClickException as e:
            click.echo(f"error: {one_line(e.format_message())}", err=True)
            ctx = getattr(e, "ctx", None)
            if ctx is not None and ctx.command_path:
                click.echo(one_line(f"try '{ctx.command_path} --help'"), err=True)
            code = 2 if isinstance(e, click.UsageError) else e.exit_code
        except click.Abort:
            click.echo("aborted", err=True)
            code = 1
        if standalone:
            sys.exit(code)
        return code


@click.group(cls=KofunGroup, context_settings={"help_option_names": ["-h", "--help"], "show_default": True})
@click.version_option(__version__, "--version", prog_name="kofun")
def main() -> None:
    """kofun: best moves, analysis and play for the kofun games."""


def _register() -> None:
    from . import batch, calibrate, haniwa, ladder, play, review, search_cmds, tools, web

    for module in (search_cmds, tools, play, batch, ladder, review, calibrate, web, haniwa):
        for command in module.COMMANDS:
            main.add_command(command)


_register()

__all__ = ["main"]
