"""The mark page's manifest and service worker (potshot.web.pwa, docs/offline.md): served with
their types and headers, the worker's shell listing the files it must keep, its version following
their contents, and the pages' Content Security Policy allowing this server's worker and manifest
only."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from potshot.web import pwa


def test_manifest_has_what_an_install_needs(api: Any) -> None:
    r = api.c.get("/manifest.webmanifest")
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/manifest+json"
    man = r.json()
    assert man["name"] and man["short_name"]
    assert man["display"] == "standalone"
    assert man["scope"] == "/" and man["start_url"] == "/"
    by_size = {(i["sizes"], i["purpose"]): i["src"] for i in man["icons"]}
    assert set(by_size) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for (sizes, _), src in by_size.items():
        got = api.c.get(src)
        assert got.status_code == 200 and got.headers["content-type"] == "image/png"
        # the PNG's own width and height (IHDR) are the sizes the manifest states
        w, h = int.from_bytes(got.content[16:20], "big"), int.from_bytes(got.content[20:24], "big")
        assert f"{w}x{h}" == sizes


def test_manifest_starts_at_a_marking_link(api: Any) -> None:
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"])
    start = f"/mark/{m['id']}?token={m['token']}"
    man = api.c.get("/manifest.webmanifest", params={"start": start}).json()
    assert man["start_url"] == start
    assert man["id"] == f"/mark/{m['id']}"  # one installed app per match, whatever its token


@pytest.mark.parametrize(
    "start",
    [
        "https://elsewhere.example/mark/m1",
        "//elsewhere.example/",
        "/admin",
        "/mark/m1?token=a&x=<b>",
        "/mark/",
    ],
)
def test_manifest_refuses_another_start(api: Any, start: str) -> None:
    r = api.c.get("/manifest.webmanifest", params={"start": start})
    assert r.status_code == 400
    assert r.json()["error"]["field"] == "start"


def test_worker_served_for_the_whole_site(api: Any) -> None:
    r = api.c.get("/sw.js")
    assert r.status_code == 200
    assert r.headers["content-type"] == "text/javascript; charset=utf-8"
    assert r.headers["service-worker-allowed"] == "/"
    assert r.headers["cache-control"] == "no-cache"
    text = r.text
    assert "__VERSION__" not in text and "__SHELL__" not in text
    version = json.loads(re.search(r"const VERSION = (\"[0-9a-f]+\");", text).group(1))  # type: ignore[union-attr]
    assert version == pwa.shell_version()
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", text, re.S).group(1))  # type: ignore[union-attr]
    # the mark page, its modules and styles, the games' facts: all there, each answered by the server
    for need in [
        "/static/mark.html",
        "/static/mark.js",
        "/static/api.js",
        "/static/offline.js",
        "/static/stats.js",
    ]:
        assert need in shell
    assert "/api/games" in shell and "/manifest.webmanifest" in shell
    assert "/static/sw.js" not in shell
    for url in shell:
        assert api.c.get(url).status_code == 200, url


def test_version_follows_the_files(tmp_path: Path) -> None:
    (tmp_path / "sw.js").write_text('const VERSION = "__VERSION__";\nconst SHELL = ["__SHELL__"];\n')
    (tmp_path / "page.html").write_text("<p>one</p>")
    (tmp_path / "locales").mkdir()
    (tmp_path / "locales" / "sv.json").write_text("{}")
    (tmp_path / "notes.txt").write_text("not kept")
    assert pwa.shell_files(tmp_path) == ["/static/locales/sv.json", "/static/page.html"]
    v1 = pwa.shell_version(tmp_path)
    (tmp_path / "page.html").write_text("<p>two</p>")
    v2 = pwa.shell_version(tmp_path)
    assert v1 != v2
    assert json.dumps(v2) in pwa.service_worker(tmp_path)


def test_pages_allow_only_this_servers_worker_and_manifest(api: Any) -> None:
    csp = api.c.get("/mark/m1").headers["content-security-policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["worker-src"] == "'self'"
    assert directives["manifest-src"] == "'self'"
    assert directives["script-src"] == "'self'"
