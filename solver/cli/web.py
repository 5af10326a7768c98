"""``kofun serve`` (the web app) and ``kofun engine`` (the same protocol on stdin / stdout)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import click


@click.command("serve")
@click.option("--host", default="127.0.0.1", help="Address to listen on (127.0.0.1: this machine only).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, help="Port to listen on.")
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="SQLite file of the games [default: games.sqlite3 in the user's data folder].")  # fmt: skip
@click.option("--workers", type=click.IntRange(1, 256), default=None,
              help="Engine searches run at once (the rest wait in line) [default: one per CPU core].")  # fmt: skip
@click.option("--open", "open_browser", is_flag=True, help="Open the lobby in the default browser.")
@click.option("--quiet", is_flag=True, help="Log warnings only.")
def serve_cmd(host: str, port: int, db: Path | None, workers: int | None, open_browser: bool, quiet: bool) -> None:
    """Play every game in the browser: the lobby at http://HOST:PORT/ (e.g. kofun serve --open).

    One server (or kofun engine) at a time keeps the games of a --db: a second one on the same file is refused."""
    from ..web.server import default_db, default_workers, serve
    from ..web.store import DatabaseLock, Store

    path = db if db is not None else default_db()
    check_port(host, port)
    with DatabaseLock(path):  # held until the server has stopped (the system drops it if the process is killed)
        Store(path).close()  # an unusable database file is said before the server starts
        click.echo(f"kofun serve: http://{host}:{port}/  (games kept in {path}; Ctrl-C stops)", err=True)
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn has shut down cleanly, then re-raised it
            serve(host, port, path, workers or default_workers(), open_browser, quiet)
    click.echo("kofun serve: stopped", err=True)


def check_port(host: str, port: int) -> None:
    """ValueError (one line ``error: ...``) when the address cannot be listened on."""
    import socket

    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((host, port))
    except OSError as e:
        raise ValueError(
            f"--host/--port: cannot listen on {host}:{port} ({e.strerror}); choose another --port"
        ) from None


@click.command("engine")
@click.option("--db", default=":memory:", show_default=True,
              help="SQLite file of the tables (':memory:' keeps nothing after the end).")  # fmt: skip
@click.option("--workers", type=click.IntRange(1, 256), default=1, help="Engine searches run at once.")
@click.option("--protocol", type=click.Choice(("json", "ugi")), default="json",
              help="json: the table protocol (docs/protocol.md); ugi: the Universal Game Interface for --game "
                   "(Connect Four, Sensei; docs/interop.md).")  # fmt: skip
@click.option("--game", "game_name", default="connect4", help="--protocol ugi: the game (c4 or sensei).")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE", help="--protocol ugi: a rule option (repeatable).")
def engine_cmd(db: str, workers: int, protocol: str, game_name: str, rules: tuple[str, ...]) -> None:
    """The table protocol as JSON lines on stdin / stdout, for programs (docs/protocol.md); --protocol ugi: UGI."""
    if protocol == "ugi":
        from ..interop.ugi import main as ugi_main
        from .common import rule_flags

        raise SystemExit(ugi_main(game_name, rule_flags(rules)))
    from ..web.engine import main
    from ..web.store import DatabaseLock, Store

    with DatabaseLock(db):  # as kofun serve: one program keeps the tables of a file at a time
        Store(db).close()  # an unusable database is one error line, before any request is read
        code = main(db, workers)
    raise SystemExit(code)


COMMANDS = (serve_cmd, engine_cmd)
