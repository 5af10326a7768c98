"""``kofun serve``: the web app. A Starlette app on uvicorn: the page (``static/``, shipped with the package: plain
ES modules, SVG and CSS, nothing fetched from elsewhere), the table protocol on a WebSocket (``/ws``) and the
records of finished games as files (``/record/<table>.json``). Every table is kept in SQLite (:mod:`.store`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import webbrowser
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .client import Client
from .hub import Hub
from .lobby import LOBBY_ROUTES
from .protocol import MAX_MESSAGE_BYTES, encode, too_long
from .store import Store
from .tables import TableError

log = logging.getLogger("kofun.web")
STATIC = Path(str(resources.files("solver.web") / "static"))


def default_db() -> Path:
    """Where ``kofun serve`` keeps its games unless ``--db`` says otherwise: the user's data folder (made when it
    does not exist yet; a ``--db`` must name a file in a folder that exists)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("kofun"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ValueError(f"the data folder {folder} cannot be made ({e.strerror}): give --db") from None
    return folder / "games.sqlite3"


def default_workers() -> int:
    """Searches run at once by default: one per CPU core."""
    return max(1, os.cpu_count() or 1)


def make_app(db: str | Path, workers: int = 1) -> Starlette:
    """The web app on the database `db` with `workers` searches at once."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(db)
        app.state.hub = Hub(store, workers)
        try:
            yield
        finally:
            await app.state.hub.aclose()
            store.close()

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def record(request: Request) -> Response:
        hub: Hub = request.app.state.hub
        table_id = str(request.path_params["table"])
        try:
            rec = hub.table(table_id).record()
        except TableError as e:
            return JSONResponse({"error": str(e)}, status_code=404 if "no such table" in str(e) else 403)
        body = json.dumps(rec.to_dict(), indent=1) + "\n"
        name = f"kofun-{rec.game}-{table_id}.json"
        return Response(body, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})  # fmt: skip

    async def health(request: Request) -> Response:
        hub: Hub = request.app.state.hub
        return JSONResponse({
            "tables": len(hub.tables), "thinking": len(hub.thinking), "queued": hub.pool.waiting,
            "running": hub.pool.running, "errors": hub.errors,
        })  # fmt: skip

    async def socket(ws: WebSocket) -> None:
        hub: Hub = ws.app.state.hub
        await ws.accept()
        client = Client()
        writer = asyncio.create_task(_write(ws, client))
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = message.get("bytes") or b""
                await hub.handle(client, raw)
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(client)
            client.close()
            writer.cancel()

    routes = [
        Route("/", page),
        Route("/table/{table}", page),
        Route("/analyse", page),
        Route("/record/{table}.json", record),
        Route("/health", health),
        *LOBBY_ROUTES,
        WebSocketRoute("/ws", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


async def _write(ws: WebSocket, client: Client) -> None:
    with contextlib.suppress(Exception):  # the socket closed: the reader side cleans up
        while True:
            message = await client.outbox.get()
            if message is None:
                return
            await ws.send_text(encode(message))


def websocket_protocol() -> Any:
    """uvicorn's WebSocket protocol (``websockets``, sans-I/O) with one change: a message over
    :data:`MAX_MESSAGE_BYTES` is answered with the protocol's error (:func:`~.protocol.too_long`) before the
    connection is closed with code 1009 — the server reads no further than the limit, so it cannot go on with that
    connection. Without that protocol (an older uvicorn) uvicorn's own choice: the 1009 close alone."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
        from websockets.protocol import State
        from websockets.server import ServerProtocol
    except ImportError:  # pragma: no cover - an older uvicorn or websockets
        return "auto"

    class AnsweringServerProtocol(ServerProtocol):
        def fail(self, code: int, reason: str = "") -> None:
            if code == 1009 and self.state is State.OPEN:
                self.send_text(encode(too_long()).encode())
            super().fail(code, reason)

    class KofunWebSocketProtocol(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.conn.__class__ = AnsweringServerProtocol  # the same connection, failing with the answer first

    return KofunWebSocketProtocol


def serve(host: str, port: int, db: str | Path, workers: int, open_browser: bool = False, quiet: bool = False) -> None:
    """Runs the server until it is stopped (Ctrl-C, SIGTERM)."""
    import uvicorn

    app = make_app(db, workers)
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning" if quiet else "info", ws_max_size=MAX_MESSAGE_BYTES,
        ws=websocket_protocol(), lifespan="on",
    )  # fmt: skip
    server = uvicorn.Server(config)
    if open_browser:
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        url = f"http://{shown}:{port}/"

        async def opener() -> None:
            while not server.started:
                await asyncio.sleep(0.05)
            webbrowser.open(url)

        async def both() -> Any:
            task = asyncio.create_task(opener())
            await server.serve()
            task.cancel()

        asyncio.run(both())
    else:
        server.run()
