"""The FastAPI application: pages, the JSON API and the live channel of ``docs/web-api.md``."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles

from potshot import games as registry
from potshot.web import exports
from potshot.web.db import make_engine, migrate, sessions
from potshot.web.engine import WebError, warm_up
from potshot.web.geometry import table_geometry
from potshot.web.service import Matches
from potshot.web.tournaments import Tournaments

STATIC = Path(__file__).resolve().parent / "static"
PING_SECONDS = 15.0

PAGES = {
    "/": "index.html",
    "/play/{id}": "play.html",
    "/mark/{id}": "mark.html",
    "/watch/{id}": "watch.html",
    "/overlay/{id}": "overlay.html",
    "/tournaments/{id}": "tournament.html",
    "/admin": "admin.html",
}


@dataclass
class Settings:
    """How the server runs: the database URL and the organiser's password."""

    db_url: str
    admin_password: str
    sqlite_sync: str = "NORMAL"
    """SQLite's ``synchronous`` (``FULL`` or ``NORMAL``, see :func:`potshot.web.db.make_engine`)."""


class Broker:
    """The live channel: each subscriber an asyncio queue; published from any thread after a commit."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.subs: dict[str, set[asyncio.Queue[str]]] = {}

    def publish(self, topic: str, kind: str, data: dict[str, Any]) -> None:
        if self.loop is None or not self.subs.get(topic):
            return
        msg = f"event: {kind}\nid: {data.get('revision', 0)}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"
        queues = list(self.subs.get(topic, ()))

        def deliver() -> None:
            for q in queues:
                q.put_nowait(msg)

        self.loop.call_soon_threadsafe(deliver)  # one wake-up of the event loop for every subscriber

    async def stream(self, topic: str, first: str, request: Request) -> AsyncIterator[str]:
        q: asyncio.Queue[str] = asyncio.Queue()
        self.subs.setdefault(topic, set()).add(q)
        try:
            yield first
            while True:
                try:
                    msg = await asyncio.wait_for(q.get(), PING_SECONDS)
                except TimeoutError:
                    if await request.is_disconnected():
                        break
                    yield ": ping\n\n"
                    continue
                yield msg
        finally:
            self.subs[topic].discard(q)


def create_app(settings: Settings) -> FastAPI:
    engine = make_engine(settings.db_url, settings.sqlite_sync)
    migrate(engine)
    maker = sessions(engine)
    matches = Matches(maker, settings.admin_password)
    tournaments = Tournaments(maker, matches)
    broker = Broker()

    def on_match(match_id: str, state: dict[str, Any]) -> None:
        broker.publish("m:" + match_id, "state", state)
        tid = state.get("tournament")
        if tid:
            with suppress(WebError):
                broker.publish("t:" + tid, "tournament", tournaments.get(tid))

    matches.listeners.append(on_match)
    tournaments.listeners.append(lambda tid, t: broker.publish("t:" + tid, "tournament", t))

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        broker.loop = asyncio.get_running_loop()
        await asyncio.to_thread(warm_up)
        yield
        engine.dispose()

    app = FastAPI(title="potshot", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json")
    app.state.matches = matches
    app.state.tournaments = tournaments
    app.state.broker = broker
    app.include_router(exports.router)  # the paper and exports (potshot.web.exports, docs/exports.md)

    @app.exception_handler(WebError)
    async def _web_error(_req: Request, e: WebError) -> JSONResponse:
        return JSONResponse(e.body(), status_code=e.status)

    @app.middleware("http")
    async def _unexpected(req: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        try:
            return await call_next(req)
        except Exception as e:  # an unexpected error still answers the error shape
            return JSONResponse(
                {"error": {"code": "internal", "message": f"{type(e).__name__}: {e}"}}, status_code=500
            )

    # ------------------------------------------------------------- pages

    def page(name: str) -> Callable[[], Response]:
        def serve_page() -> Response:
            path = STATIC / name
            if not path.is_file():
                return JSONResponse(
                    {"error": {"code": "not_found", "message": f"page {name} is not installed"}},
                    status_code=404,
                )
            return FileResponse(path, media_type="text/html")

        return serve_page

    for route, name in PAGES.items():
        app.add_api_route(route, page(name), methods=["GET"], include_in_schema=False)
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # --------------------------------------------------------------- API

    async def body_of(req: Request) -> dict[str, Any]:
        raw = await req.body()
        if not raw:
            return {}
        try:
            data = json.loads(raw)
        except ValueError as e:
            raise WebError(400, "bad_request", f"the body is not JSON: {e}") from None
        if not isinstance(data, dict):
            raise WebError(400, "bad_request", "the body is a JSON object")
        return data

    def auth(req: Request) -> tuple[str | None, str | None]:
        return req.headers.get("x-potshot-token"), req.headers.get("x-potshot-admin")

    @app.get("/api/games")
    def games() -> dict[str, Any]:
        """Every registered game's facts (``Game.facts``), with its table drawn from a fresh referee."""
        from potshot.record.model import Frame, Record
        from potshot.web.engine import Runtime

        out = []
        for name in registry.names():
            game = registry.get(name)
            rec = Record(game=name, players=["A", "B"])
            ref = game.referee_class()(rec)
            frame = Frame(starts="A")
            rec.frames.append(frame)
            ref.start_frame(0, frame)
            rt = Runtime(record=rec, referee=ref, rulings=[[]])
            pieces = sorted(ref.piece_names())
            style = game.style  # the drawing's colours (potshot.render.styles), where the game has one
            out.append(
                {
                    **game.facts(),
                    "surface": list(ref.surface()),
                    "pieces": {n: ref.piece_radius(n) for n in pieces},
                    "colours": {n: style.fill(n) for n in pieces} if style is not None else {},
                    "start": rt.position(),
                    "table": table_geometry(name),
                }
            )
        return {"games": out}

    @app.post("/api/matches", status_code=201)
    async def create(req: Request) -> dict[str, Any]:
        body = await body_of(req)
        return await asyncio.to_thread(matches.create, body, auth(req)[1])

    @app.post("/api/matches/import", status_code=201)
    async def import_record(req: Request) -> dict[str, Any]:
        body = await body_of(req)
        return await asyncio.to_thread(matches.import_record, body, auth(req)[1])

    @app.get("/api/admin")
    def admin_check(req: Request) -> dict[str, Any]:
        """Whether ``X-Potshot-Admin`` is the organiser's password (401 otherwise): the admin page's sign-in."""
        matches.require_admin(auth(req)[1])
        return {"admin": True}

    @app.get("/api/matches")
    async def listing(req: Request) -> dict[str, Any]:
        return {"matches": await asyncio.to_thread(matches.listing, matches.is_admin(auth(req)[1]))}

    @app.get("/api/matches/{match_id}")
    async def get(match_id: str) -> dict[str, Any]:
        return await asyncio.to_thread(matches.get, match_id)

    @app.get("/api/matches/{match_id}/record")
    async def record(match_id: str) -> dict[str, Any]:
        return await asyncio.to_thread(matches.record, match_id)

    @app.get("/api/matches/{match_id}/audit")
    async def audit(match_id: str) -> dict[str, Any]:
        return {"entries": await asyncio.to_thread(matches.audit, match_id)}

    def writer(fn: Callable[..., dict[str, Any]]) -> Callable[[str, Request], Awaitable[dict[str, Any]]]:
        async def handle(match_id: str, req: Request) -> dict[str, Any]:
            body = await body_of(req)
            token, admin = auth(req)
            return await asyncio.to_thread(fn, match_id, token, admin, body)

        return handle

    app.add_api_route("/api/matches/{match_id}/stroke", writer(matches.stroke), methods=["POST"])
    app.add_api_route("/api/matches/{match_id}/bot", writer(matches.bot_move), methods=["POST"])
    app.add_api_route("/api/matches/{match_id}/mark", writer(matches.mark), methods=["POST"])
    app.add_api_route("/api/matches/{match_id}/decision", writer(matches.decision), methods=["POST"])
    app.add_api_route("/api/matches/{match_id}/corrections", writer(matches.correct), methods=["POST"])
    app.add_api_route(
        "/api/matches/{match_id}/undo",
        writer(lambda m, t, a, b: matches.undo(m, t, a, b, redo=False)),
        methods=["POST"],
    )
    app.add_api_route(
        "/api/matches/{match_id}/redo",
        writer(lambda m, t, a, b: matches.undo(m, t, a, b, redo=True)),
        methods=["POST"],
    )

    sse_headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}

    @app.get("/api/matches/{match_id}/live")
    async def live(match_id: str, request: Request) -> StreamingResponse:
        state = await asyncio.to_thread(matches.get, match_id)
        first = f"event: state\nid: {state['revision']}\ndata: {json.dumps(state, separators=(',', ':'))}\n\n"
        return StreamingResponse(
            broker.stream("m:" + match_id, first, request),
            media_type="text/event-stream",
            headers=sse_headers,
        )

    # ------------------------------------------------------- tournaments

    @app.post("/api/tournaments", status_code=201)
    async def t_create(req: Request) -> dict[str, Any]:
        body = await body_of(req)
        return await asyncio.to_thread(tournaments.create, body, auth(req)[1])

    @app.get("/api/tournaments")
    async def t_list() -> dict[str, Any]:
        return {"tournaments": await asyncio.to_thread(tournaments.listing)}

    @app.get("/api/tournaments/{tid}")
    async def t_get(tid: str, req: Request) -> dict[str, Any]:
        return await asyncio.to_thread(tournaments.get, tid, matches.is_admin(auth(req)[1]))

    @app.post("/api/tournaments/{tid}/pair")
    async def t_pair(tid: str, req: Request) -> dict[str, Any]:
        await body_of(req)
        return await asyncio.to_thread(tournaments.pair, tid, auth(req)[1])

    @app.post("/api/tournaments/{tid}/report")
    async def t_report(tid: str, req: Request) -> dict[str, Any]:
        body = await body_of(req)
        return await asyncio.to_thread(tournaments.report, tid, body, auth(req)[1])

    @app.get("/api/tournaments/{tid}/live")
    async def t_live(tid: str, request: Request) -> StreamingResponse:
        t = await asyncio.to_thread(tournaments.get, tid)
        first = f"event: tournament\nid: {t['revision']}\ndata: {json.dumps(t, separators=(',', ':'))}\n\n"
        return StreamingResponse(
            broker.stream("t:" + tid, first, request), media_type="text/event-stream", headers=sse_headers
        )

    return app
