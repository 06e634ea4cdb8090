"""The FastAPI application: pages, the JSON API and the live channel of ``docs/web-api.md``."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from potshot import games as registry
from potshot import i18n
from potshot.web import exports
from potshot.web.db import claim_sqlite, make_engine, migrate, sessions
from potshot.web.engine import WebError, warm_up
from potshot.web.fanout import Fanout
from potshot.web.geometry import table_geometry
from potshot.web.guard import (
    MAX_BODY,
    MAX_BODY_IMPORT,
    Limiter,
    dumps,
    header_text,
    parse_body,
    scrub,
    security_headers,
    too_many,
)
from potshot.web.people import Actor, People
from potshot.web.players import install as install_players
from potshot.web.pwa import install as install_pwa
from potshot.web.service import Matches
from potshot.web.tournaments import Tournaments

STATIC = Path(__file__).resolve().parent / "static"
PING_SECONDS = 15.0
log = logging.getLogger("potshot.web")


class SafeJSON(JSONResponse):
    """JSON answers that are always valid JSON text in UTF-8 (see :func:`potshot.web.guard.dumps`)."""

    def render(self, content: Any) -> bytes:
        return dumps(content).encode("utf-8")


def error(status: int, code: str, message: str, field: str | None = None) -> JSONResponse:
    """An answer in the documented error shape."""
    err: dict[str, Any] = {"code": code, "message": message}
    if field is not None:
        err["field"] = field
    return SafeJSON({"error": err}, status_code=status)


UNSAFE = ("POST", "PUT", "PATCH", "DELETE")
JSON_BODY: dict[str, Any] = {
    "requestBody": {"required": False, "content": {"application/json": {"schema": {"type": "object"}}}}
}
"""The writes' bodies in the OpenAPI schema: a JSON object (its fields are in docs/web-api.md)."""


def _background_thread() -> None:
    """Lower this thread's CPU priority (Linux: a thread's own nice value), so a simulation
    yields the cores to reads, marks and the live channel."""
    with suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)


def client_of(req: Request) -> str:
    """The client a rate limit counts: its address (a proxy in front should pass each client's
    own connection, e.g. uvicorn behind nginx with ``--proxy-headers``)."""
    return req.client.host if req.client else "?"


def cross_origin(req: Request) -> str | None:
    """Why a write from a browser page of another site is refused (``None``: it is not one).

    A browser names a request's origin in ``Origin`` and ``Sec-Fetch-Site``; a page of another
    site may send a form (``text/plain``, ``application/x-www-form-urlencoded``,
    ``multipart/form-data``) without asking first, so writes take JSON only."""
    site = req.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return f"a write from a {site} page is refused"
    origin = req.headers.get("origin")
    if origin is not None:
        host = origin.split("://", 1)[-1]
        if origin == "null" or host != req.headers.get("host"):
            return f"a write from origin {origin} is refused"
    return None


PAGES = {
    "/": "index.html",
    "/play/{id}": "play.html",
    "/mark/{id}": "mark.html",
    "/watch/{id}": "watch.html",
    "/overlay/{id}": "overlay.html",
    "/tournaments/{id}": "tournament.html",
    "/players/{id}": "player.html",
    "/admin": "admin.html",
}


@dataclass
class Settings:
    """How the server runs: the database URL and the organiser's password."""

    db_url: str
    admin_password: str
    sqlite_sync: str = "NORMAL"
    """SQLite's ``synchronous`` (``FULL`` or ``NORMAL``, see :func:`potshot.web.db.make_engine`)."""
    sim_workers: int = max(1, (os.cpu_count() or 2) // 2)
    """Threads simulating strokes and bot moves (the physics releases the GIL): half the cores,
    the other half for reads, marks and the live channel."""
    sim_queue: int = 8
    """Strokes that may wait for a simulating thread; past that, 503 ``busy``."""
    sim_rate: float = 5.0
    """Strokes and bot moves a second per client without the organiser's credentials (burst: 3x)."""
    create_rate: float = 0.2
    """Matches a second each anonymous client may create (burst 10)."""
    signin_per_minute: float = 10.0
    """Wrong organiser passwords a minute per client (burst 10); past that, 429 on any sign-in."""


SIDE_KINDS = ("clock",)
"""Live events kept beside the state, never in place of it: the shot clock's display state."""


class Slot:
    """A live subscriber's mailbox: only the latest message (each is a whole state, so a newer one
    replaces an unsent older one), and beside it the latest of each side kind (a ``clock`` event
    never takes an unsent state's place). A client that stops reading holds one message of each,
    not a growing queue. Used on the event loop's thread only."""

    def __init__(self) -> None:
        self.msg: str | None = None
        self.side: dict[str, str] = {}
        self.ready = asyncio.Event()

    def put(self, msg: str, kind: str = "state") -> None:
        if kind in SIDE_KINDS:
            self.side[kind] = msg
        else:
            self.msg = msg
        self.ready.set()

    async def get(self, timeout: float) -> str:
        await asyncio.wait_for(self.ready.wait(), timeout)
        self.ready.clear()
        msg, self.msg = self.msg, None
        side, self.side = self.side, {}
        out = (msg or "") + "".join(side.values())  # the state first: a clock follows its revision
        assert out
        return out


class Broker:
    """The live channel: each subscriber a :class:`Slot`; published from any thread after a commit."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.subs: dict[str, set[Slot]] = {}

    def publish(self, topic: str, kind: str, data: dict[str, Any]) -> None:
        if self.loop is None or not self.subs.get(topic):
            return
        msg = f"event: {kind}\nid: {data.get('revision', 0)}\ndata: {dumps(data)}\n\n"

        def deliver() -> None:  # on the event loop's thread, which alone changes the subscribers
            for slot in list(self.subs.get(topic, ())):
                slot.put(msg, kind)

        self.loop.call_soon_threadsafe(deliver)  # one wake-up of the event loop for every subscriber

    def has_prefix(self, prefix: str) -> bool:
        """Whether any topic starting with ``prefix`` has subscribers (from any thread)."""
        for _ in range(3):
            try:
                return any(k.startswith(prefix) for k in tuple(self.subs))
            except RuntimeError:  # changed while copied by the event loop: try again
                continue
        return True

    def pending(self) -> int:
        """Messages held for subscribers, all topics together (at most one each)."""
        return sum((slot.msg is not None) + len(slot.side) for slots in self.subs.values() for slot in slots)

    async def stream(self, topic: str, first: str, request: Request) -> AsyncIterator[str]:
        slot = Slot()
        self.subs.setdefault(topic, set()).add(slot)
        try:
            yield first
            while True:
                try:
                    msg = await slot.get(PING_SECONDS)
                except TimeoutError:
                    if await request.is_disconnected():
                        break
                    yield ": ping\n\n"
                    continue
                yield msg
        finally:
            self.subs[topic].discard(slot)
            if not self.subs[topic]:
                del self.subs[topic]


ENV_DB = "POTSHOT_DB_URL"
ENV_ADMIN = "POTSHOT_ADMIN_PASSWORD"
ENV_SYNC = "POTSHOT_SQLITE_SYNC"
ENV_RATE = "POTSHOT_STROKE_RATE"


def from_env() -> FastAPI:
    """The app of one of ``potshot serve --workers N``'s processes (settings from the environment)."""
    return create_app(
        Settings(
            db_url=os.environ[ENV_DB],
            admin_password=os.environ[ENV_ADMIN],
            sqlite_sync=os.environ.get(ENV_SYNC, "NORMAL"),
            sim_rate=float(os.environ.get(ENV_RATE, "5")),
        )
    )


def create_app(settings: Settings) -> FastAPI:
    engine = make_engine(settings.db_url, settings.sqlite_sync)
    claim_sqlite(engine)
    migrate(engine)
    maker = sessions(engine)
    people = People(maker)
    people.ensure_admin(settings.admin_password)
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
    clocks: dict[str, dict[str, Any]] = {}
    """Each match's shot clock as its marker last set it (display only: never stored, never in
    the record; a server restart forgets it, and the next entry restarts every clock anyway)."""

    def on_clock(match_id: str, clock: dict[str, Any]) -> None:
        clocks[match_id] = clock
        broker.publish("m:" + match_id, "clock", clock)

    tournaments.listeners.append(lambda tid, t: broker.publish("t:" + tid, "tournament", t))

    def refresh(topic: str) -> None:
        """Another process changed ``topic``: publish its state here, when anyone here listens."""
        kind, _, key = topic.partition(":")
        if kind == "m" and (broker.subs.get(topic) or broker.has_prefix("t:")):
            with suppress(WebError):
                on_match(key, matches.get(key))
        elif kind == "t" and broker.subs.get(topic):
            with suppress(WebError):
                broker.publish(topic, "tournament", tournaments.get(key))

    def deliver(topic: str, state: dict[str, Any]) -> None:
        """Another process's new state of ``topic``, carried by its notice."""
        kind, _, key = topic.partition(":")
        if kind == "m":
            on_match(key, state)
        elif kind == "c":
            on_clock(key, state)

    fanout = Fanout(engine, refresh, deliver) if engine.dialect.name == "postgresql" else None
    if fanout is not None:
        matches.notify = fanout.notify

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        broker.loop = asyncio.get_running_loop()
        if fanout is not None:
            fanout.start()
        await asyncio.to_thread(warm_up)
        yield
        if fanout is not None:
            fanout.close()
        sim_pool.shutdown(wait=False, cancel_futures=True)
        engine.dispose()

    app = FastAPI(
        title="potshot",
        lifespan=lifespan,
        docs_url="/api/docs",
        openapi_url="/api/openapi.json",
        default_response_class=SafeJSON,
    )
    app.state.matches = matches
    app.state.tournaments = tournaments
    app.state.broker = broker
    app.include_router(exports.router)  # the paper and exports (potshot.web.exports, docs/exports.md)
    app.state.fanout = fanout
    app.state.people = people
    signin = Limiter(settings.signin_per_minute / 60.0, 10)
    sim_limit = Limiter(settings.sim_rate, 3 * settings.sim_rate)
    create_limit = Limiter(settings.create_rate, 10)
    sim_pool = ThreadPoolExecutor(
        max_workers=settings.sim_workers, thread_name_prefix="potshot-sim", initializer=_background_thread
    )
    sim_slots = threading.BoundedSemaphore(settings.sim_workers + settings.sim_queue)
    app.state.limits = {"signin": signin, "sim": sim_limit, "create": create_limit}

    def _limited(e: WebError) -> JSONResponse:
        resp = error(e.status, e.code, e.message)
        resp.headers["Retry-After"] = str(getattr(e, "retry_after", 1))
        return resp

    @app.exception_handler(WebError)
    async def _web_error(_req: Request, e: WebError) -> JSONResponse:
        retry = getattr(e, "retry_after", None)
        headers = {"Retry-After": str(retry)} if retry is not None else None
        return SafeJSON(e.body(), status_code=e.status, headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_req: Request, e: StarletteHTTPException) -> JSONResponse:
        codes = {404: "not_found", 405: "method_not_allowed", 401: "unauthorized"}
        msg = "no such route" if e.status_code == 404 else str(e.detail)
        return error(e.status_code, codes.get(e.status_code, "bad_request"), msg)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_req: Request, e: RequestValidationError) -> JSONResponse:
        first = e.errors()[0] if e.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ())[1:]) or None
        return error(400, "bad_request", str(first.get("msg", "invalid request")), where)

    @app.middleware("http")
    async def _language(req: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        """The language of the human text an answer carries (captions, accounts, the rulings told):
        ``?lang=`` when given (a language potshot does not speak is a 400), else the request's
        ``Accept-Language`` negotiated, else English; per request (a contextvar: one request's
        language never reaches another's). Machine fields are the same in every language."""
        asked = req.query_params.get("lang")
        if asked is not None:
            try:
                lang = i18n.check(asked)
            except i18n.UnknownLanguage as e:
                return error(400, "bad_request", str(e), "lang")
        else:
            lang = i18n.negotiate(req.headers.get("accept-language"))
        token = i18n.activate(lang)
        try:
            resp = await call_next(req)
        finally:
            i18n.reset(token)
        resp.headers["Content-Language"] = lang
        vary = resp.headers.get("Vary")
        resp.headers["Vary"] = f"{vary}, Accept-Language" if vary else "Accept-Language"
        return resp

    @app.middleware("http")
    async def _guard(req: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        path = req.url.path
        admin = req.headers.get("x-potshot-admin")
        if admin is not None and path.startswith("/api/"):
            # sign-in guesses, per client: a wrong password costs a token, none left is 429
            key = client_of(req)
            wait = signin.blocked(key)
            if wait:
                e = too_many(wait, "sign-in attempts")
                return _limited(e)
            if not matches.is_admin(header_text(admin)):
                signin.take(key)
        if req.method in UNSAFE and path.startswith("/api/"):
            why = cross_origin(req)
            if why is not None:
                return error(403, "forbidden", why)
            ctype = req.headers.get("content-type")
            if ctype is not None and ctype.split(";")[0].strip().lower() != "application/json":
                return error(415, "unsupported_media_type", "a write's body is JSON (application/json)")
        try:
            resp = await call_next(req)
        except Exception:  # an unexpected error answers the error shape, never its text
            eid = secrets.token_hex(6)
            log.exception("unexpected error %s on %s %s", eid, req.method, path)
            resp = error(500, "internal", f"an unexpected error (id {eid}); the server's log has its details")
        resp.headers.update(security_headers(path))
        return resp

    # ------------------------------------------------------------- pages

    def page(name: str) -> Callable[[], Response]:
        def serve_page() -> Response:
            path = STATIC / name
            if not path.is_file():
                return error(404, "not_found", f"page {name} is not installed")
            return FileResponse(path, media_type="text/html")

        return serve_page

    for route, name in PAGES.items():
        app.add_api_route(route, page(name), methods=["GET"], include_in_schema=False)
    install_pwa(app)  # the mark page's manifest and service worker (potshot.web.pwa, docs/offline.md)
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # --------------------------------------------------------------- API

    async def body_of(req: Request, limit: int = MAX_BODY) -> dict[str, Any]:
        """The JSON object of the body, read no further than ``limit`` bytes (413 past it)."""
        length = req.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > limit:
            raise WebError(413, "too_large", f"the body is over {limit} bytes", "body")
        raw = bytearray()
        async for chunk in req.stream():
            raw += chunk
            if len(raw) > limit:
                raise WebError(413, "too_large", f"the body is over {limit} bytes", "body")
        return parse_body(bytes(raw), limit)

    async def auth(req: Request) -> tuple[str | None, str | Actor | None]:
        """The match token, and the organiser: the signed-in person (``Authorization: Bearer``,
        401 when the session is unknown or over) or the admin password."""
        token = header_text(req.headers.get("x-potshot-token"))
        bearer = req.headers.get("authorization", "")
        if bearer[:7].lower() == "bearer ":
            cached = req.scope.get("potshot.actor")
            if cached is None:
                cached = await asyncio.to_thread(people.resolve, bearer[7:].strip())
                if cached is None:
                    raise WebError(401, "unauthorized", "this session is unknown or over: sign in again")
                req.scope["potshot.actor"] = cached
            return token, cached
        return token, header_text(req.headers.get("x-potshot-admin"))

    app.state.auth = auth  # the routes of other modules (potshot.web.exports) ask the same

    async def anonymous(req: Request) -> bool:
        return not matches.is_admin((await auth(req))[1])

    async def simulate(req: Request, fn: Callable[..., dict[str, Any]], *args: Any) -> Response:
        """Run a stroke or a bot move on the simulation pool: a bounded queue in front of
        ``sim_workers`` threads, so reads and marks (on the default pool) never wait behind them.
        The answer (trajectories: tens of kilobytes) is rendered there too, off the event loop."""
        if await anonymous(req):
            wait = sim_limit.take(client_of(req))
            if wait:
                raise too_many(wait, "strokes")
        if not sim_slots.acquire(blocking=False):
            err = WebError(
                503, "busy", "the server is simulating as many strokes as it can: try again shortly"
            )
            err.retry_after = 1  # type: ignore[attr-defined]
            raise err
        try:
            raw = await asyncio.get_running_loop().run_in_executor(
                sim_pool, lambda: dumps(fn(*args)).encode("utf-8")
            )
        finally:
            sim_slots.release()
        return Response(content=raw, media_type="application/json")

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

    @app.post("/api/matches", status_code=201, openapi_extra=JSON_BODY)
    async def create(req: Request) -> dict[str, Any]:
        body = await body_of(req)
        if await anonymous(req):
            wait = create_limit.take(client_of(req))
            if wait:
                raise too_many(wait, "new matches")
        return await asyncio.to_thread(matches.create, body, (await auth(req))[1])

    @app.post("/api/matches/import", status_code=201, openapi_extra=JSON_BODY)
    async def import_record(req: Request) -> dict[str, Any]:
        body = await body_of(req, MAX_BODY_IMPORT)
        return await asyncio.to_thread(matches.import_record, body, (await auth(req))[1])

    # ------------------------------------------------------------ people

    @app.post("/api/login", openapi_extra=JSON_BODY)
    async def login(req: Request) -> dict[str, Any]:
        """Sign in: ``{"name", "password"}`` → a bearer token for ``Authorization: Bearer``."""
        body = await body_of(req)
        key = client_of(req)
        wait = signin.blocked(key)
        if wait:
            raise too_many(wait, "sign-in attempts")
        out = await asyncio.to_thread(people.login, body)
        if out is None:
            signin.take(key)
            raise WebError(401, "unauthorized", "wrong name or password")
        return out

    @app.post("/api/logout", openapi_extra=JSON_BODY)
    async def logout(req: Request) -> dict[str, Any]:
        bearer = req.headers.get("authorization", "")
        if bearer[:7].lower() == "bearer ":
            await asyncio.to_thread(people.logout, bearer[7:].strip())
        return {"signed_out": True}

    @app.get("/api/me")
    async def me(req: Request) -> dict[str, Any]:
        who = (await auth(req))[1]
        if isinstance(who, Actor):
            return {"name": who.name, "role": who.role, "match": who.match, "table": who.table}
        if matches.is_admin(who):
            return {"name": "admin", "role": "organiser", "match": None, "table": None}
        raise WebError(401, "unauthorized", "not signed in")

    @app.get("/api/people")
    async def people_list(req: Request) -> dict[str, Any]:
        matches.require_admin((await auth(req))[1])
        return {"people": await asyncio.to_thread(people.listing)}

    @app.post("/api/people", status_code=201, openapi_extra=JSON_BODY)
    async def people_add(req: Request) -> dict[str, Any]:
        body = await body_of(req)
        matches.require_admin((await auth(req))[1])
        return await asyncio.to_thread(people.add, body)

    @app.delete("/api/people/{name}")
    async def people_remove(name: str, req: Request) -> dict[str, Any]:
        matches.require_admin((await auth(req))[1])
        await asyncio.to_thread(people.remove, name)
        return {"removed": name}

    @app.get("/api/admin")
    async def admin_check(req: Request) -> dict[str, Any]:
        """Whether ``X-Potshot-Admin`` is the organiser's password (401 otherwise): the admin page's sign-in."""
        matches.require_admin((await auth(req))[1])
        return {"admin": True}

    @app.get("/api/matches")
    async def listing(req: Request) -> dict[str, Any]:
        # scrubbed: a row stored before input was checked must not take the list down
        return {
            "matches": scrub(await asyncio.to_thread(matches.listing, matches.is_admin((await auth(req))[1])))
        }

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
            token, admin = await auth(req)
            return await asyncio.to_thread(fn, match_id, token, admin, body)

        return handle

    def sim_writer(fn: Callable[..., dict[str, Any]]) -> Callable[[str, Request], Awaitable[Response]]:
        async def handle(match_id: str, req: Request) -> Response:
            body = await body_of(req)
            token, admin = await auth(req)
            return await simulate(req, fn, match_id, token, admin, body)

        return handle

    app.add_api_route(
        "/api/matches/{match_id}/stroke",
        sim_writer(matches.stroke),
        methods=["POST"],
        openapi_extra=JSON_BODY,
    )
    app.add_api_route(
        "/api/matches/{match_id}/bot", sim_writer(matches.bot_move), methods=["POST"], openapi_extra=JSON_BODY
    )
    app.add_api_route(
        "/api/matches/{match_id}/mark", writer(matches.mark), methods=["POST"], openapi_extra=JSON_BODY
    )
    app.add_api_route(
        "/api/matches/{match_id}/decision",
        writer(matches.decision),
        methods=["POST"],
        openapi_extra=JSON_BODY,
    )
    app.add_api_route(
        "/api/matches/{match_id}/corrections",
        writer(matches.correct),
        methods=["POST"],
        openapi_extra=JSON_BODY,
    )

    async def abandon(match_id: str, req: Request) -> dict[str, Any]:
        body = await body_of(req)
        return await asyncio.to_thread(matches.abandon, match_id, (await auth(req))[1], body)

    app.add_api_route("/api/matches/{match_id}/abandon", abandon, methods=["POST"], openapi_extra=JSON_BODY)
    app.add_api_route(
        "/api/matches/{match_id}/undo",
        writer(lambda m, t, a, b: matches.undo(m, t, a, b, redo=False)),
        methods=["POST"],
        openapi_extra=JSON_BODY,
    )
    app.add_api_route(
        "/api/matches/{match_id}/redo",
        writer(lambda m, t, a, b: matches.undo(m, t, a, b, redo=True)),
        methods=["POST"],
        openapi_extra=JSON_BODY,
    )

    sse_headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}

    @app.post("/api/matches/{match_id}/clock", openapi_extra=JSON_BODY)
    async def clock(match_id: str, req: Request) -> dict[str, Any]:
        """The marker's shot clock (paused, resumed, restarted) to the match's live channel."""
        body = await body_of(req)
        token, admin = await auth(req)
        c = await asyncio.to_thread(matches.clock, match_id, token, admin, body)
        if fanout is not None:  # the other processes' spectators too (a notice of its own)

            def tell() -> None:
                with maker() as s:
                    fanout.notify(s, "c:" + match_id, c)
                    s.commit()

            await asyncio.to_thread(tell)
        on_clock(match_id, c)
        return c

    @app.get("/api/matches/{match_id}/live")
    async def live(match_id: str, request: Request) -> StreamingResponse:
        state = await asyncio.to_thread(matches.get, match_id)
        first = f"event: state\nid: {state['revision']}\ndata: {dumps(state)}\n\n"
        c = clocks.get(match_id)
        if c is not None and c["revision"] == state["revision"]:  # the clock as the marker left it
            first += f"event: clock\nid: {c['revision']}\ndata: {dumps(c)}\n\n"
        stream = broker.stream("m:" + match_id, first, request)
        lang = i18n.current()
        if lang != i18n.DEFAULT:  # the published states are told in English: this subscriber's own
            stream = _told_in(lang, match_id, stream)
        return StreamingResponse(stream, media_type="text/event-stream", headers=sse_headers)

    async def _told_in(lang: str, match_id: str, stream: AsyncIterator[str]) -> AsyncIterator[str]:
        """A live stream whose pushed states are read again in ``lang`` (the channel publishes one
        state, in English, to every subscriber; a subscriber in another language pays one read)."""
        first = True
        async for msg in stream:
            if first or not msg.startswith("event: state\n"):
                first = False
                yield msg
                continue
            with i18n.use(lang):
                state = await asyncio.to_thread(matches.get, match_id)
            yield f"event: state\nid: {state['revision']}\ndata: {dumps(state)}\n\n"

    # ------------------------------------------------------- tournaments

    @app.post("/api/tournaments", status_code=201, openapi_extra=JSON_BODY)
    async def t_create(req: Request) -> dict[str, Any]:
        body = await body_of(req)
        return await asyncio.to_thread(tournaments.create, body, (await auth(req))[1])

    @app.get("/api/tournaments")
    async def t_list() -> dict[str, Any]:
        return {"tournaments": scrub(await asyncio.to_thread(tournaments.listing))}

    @app.get("/api/tournaments/{tid}")
    async def t_get(tid: str, req: Request) -> dict[str, Any]:
        return await asyncio.to_thread(tournaments.get, tid, matches.is_admin((await auth(req))[1]))

    @app.post("/api/tournaments/{tid}/pair", openapi_extra=JSON_BODY)
    async def t_pair(tid: str, req: Request) -> dict[str, Any]:
        await body_of(req)
        return await asyncio.to_thread(tournaments.pair, tid, (await auth(req))[1])

    @app.post("/api/tournaments/{tid}/report", openapi_extra=JSON_BODY)
    async def t_report(tid: str, req: Request) -> dict[str, Any]:
        body = await body_of(req)
        return await asyncio.to_thread(tournaments.report, tid, body, (await auth(req))[1])

    @app.get("/api/tournaments/{tid}/live")
    async def t_live(tid: str, request: Request) -> StreamingResponse:
        t = await asyncio.to_thread(tournaments.get, tid)
        first = f"event: tournament\nid: {t['revision']}\ndata: {dumps(t)}\n\n"
        return StreamingResponse(
            broker.stream("t:" + tid, first, request), media_type="text/event-stream", headers=sse_headers
        )

    install_players(app, tournaments, auth, body_of)  # players and seasons (potshot.web.players)
    return app
