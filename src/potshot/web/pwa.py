"""The mark page as an installable web app (docs/offline.md): the web app manifest and the
service worker that keeps the page's shell for marking without a network.

- ``GET /manifest.webmanifest`` (``application/manifest+json``): the app's name, icons, scope and
  ``display: standalone``. ``?start=/mark/{id}?token=...`` (the mark page links it so) makes the
  installed app open that marking link; any other ``start`` is 400 on ``start``.
- ``GET /sw.js`` (``text/javascript``, ``Service-Worker-Allowed: /``, never cached by HTTP): the
  service worker of ``static/sw.js`` with its cache's version and the list of files it keeps
  filled in here: every page, module, style sheet, icon and catalogue under ``static/``, with
  ``/api/games`` and the manifest. The version is a digest of those files, so a server with new
  pages installs a new worker, which drops the old cache.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, Response

from potshot.web.engine import bad

STATIC = Path(__file__).resolve().parent / "static"
SHELL_SUFFIXES = (".html", ".js", ".css", ".json", ".png", ".svg", ".webmanifest")
"""The files of ``static/`` the service worker keeps (a language's catalogue is a ``.json``)."""
START = re.compile(r"/mark/[A-Za-z0-9_-]{1,64}(\?token=[A-Za-z0-9_.~%-]{1,256})?")
"""A start address the manifest takes: a marking link of this server (path and its token)."""
NAME = "potshot marker"
THEME = "#0e6334"  # the icons' cloth green (scripts/make_icons.py)


def shell_files(static: Path = STATIC) -> list[str]:
    """The ``/static/...`` addresses of the files the worker precaches, sorted (the worker's own
    template left out: it is served as ``/sw.js``)."""
    out = []
    for p in sorted(static.rglob("*")):
        if p.is_file() and p.suffix in SHELL_SUFFIXES and p.name != "sw.js":
            out.append("/static/" + p.relative_to(static).as_posix())
    return out


def shell_version(static: Path = STATIC) -> str:
    """A digest of the worker's template and every precached file: changes when any of them does."""
    h = hashlib.sha256()
    for name in ["sw.js", *(u.removeprefix("/static/") for u in shell_files(static))]:
        h.update(name.encode())
        h.update(b"\0")
        h.update((static / name).read_bytes())
    return h.hexdigest()[:16]


def service_worker(static: Path = STATIC) -> str:
    """The service worker's text: ``static/sw.js`` with ``__VERSION__`` and ``__SHELL__`` filled."""
    shell = ["/api/games", "/manifest.webmanifest", *shell_files(static)]
    text = (static / "sw.js").read_text(encoding="utf-8")
    return text.replace('"__VERSION__"', json.dumps(shell_version(static))).replace(
        '["__SHELL__"]', json.dumps(shell, indent=2)
    )


def manifest(start: str | None = None) -> dict[str, Any]:
    """The web app manifest (https://www.w3.org/TR/appmanifest/); ``start``: a marking link the
    installed app opens (400 on ``start`` when it is not one)."""
    if start is not None and not START.fullmatch(start):
        raise bad("start is a marking link of this server: /mark/{id} with its ?token=", "start")
    icons = [
        {"src": "/static/icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
        {"src": "/static/icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
        {
            "src": "/static/icons/icon-maskable-512.png",
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    return {
        "id": start.split("?")[0] if start else "/",
        "name": NAME,
        "short_name": "potshot",
        "description": "Mark a real match, one tap per event, with or without a network.",
        "start_url": start or "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#ffffff",
        "theme_color": THEME,
        "icons": icons,
    }


def install(app: FastAPI) -> None:
    """Add ``/manifest.webmanifest`` and ``/sw.js`` to ``app``."""

    @app.get("/manifest.webmanifest", include_in_schema=False)
    def web_manifest(req: Request) -> Response:
        body = json.dumps(manifest(req.query_params.get("start")), indent=1)
        return Response(body, media_type="application/manifest+json", headers={"Cache-Control": "no-cache"})

    @app.get("/sw.js", include_in_schema=False)
    def worker() -> Response:
        # no-cache: the browser asks again on each check for an update (it also caps it at 24 h)
        return Response(
            service_worker(),
            media_type="text/javascript; charset=utf-8",
            headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
        )
