"""What the web app accepts before any handler sees it: bounded JSON bodies of valid text and
finite numbers, writes from this origin only, and the headers every answer carries.

Everything here answers in the error shape of ``docs/web-api.md`` (``{"error": {"code",
"message", "field"}}``) and says where the body went wrong (``field``: a dotted path, list
indexes in brackets, e.g. ``players[1]``).
"""

from __future__ import annotations

import json
import math
import threading
import time
from typing import Any

from potshot.web.engine import WebError

MAX_BODY = 256 * 1024
"""Bytes of a JSON body (a stroke, a tap, a new match, a correction: a few hundred bytes)."""
MAX_BODY_IMPORT = 8 * 1024 * 1024
"""Bytes of an imported record (``POST /api/matches/import``: a long match's every shot)."""
MAX_STRING = 2000
"""Characters of any string in a body (a reason for a correction is the longest text)."""
MAX_NAME = 100
"""Characters of a player's, team's or table's name."""
MAX_LIST = 20000
"""Items of any list in a body (an imported frame's shots, a shot's events)."""
MAX_DEPTH = 32
"""Nesting of objects and lists (a record is about eight deep)."""
MAX_PLAYERS = 64
"""Players of a match or a tournament."""

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors {fa}"
)
"""The pages load only their own scripts and styles (none inline); only the overlay may be framed
by another site (a streaming tool's browser source); the mark page's service worker and manifest
are this server's own (``/sw.js``, ``/manifest.webmanifest``: docs/offline.md)."""


def security_headers(path: str) -> dict[str, str]:
    """The headers of every answer to ``path`` (the API docs page loads Swagger UI from a CDN: no CSP)."""
    out = dict(SECURITY_HEADERS)
    if not path.startswith("/api/docs"):
        out["Content-Security-Policy"] = CSP.format(fa="*" if path.startswith("/overlay/") else "'self'")
        out["X-Frame-Options"] = "" if path.startswith("/overlay/") else "SAMEORIGIN"
        if not out["X-Frame-Options"]:
            del out["X-Frame-Options"]
    return out


def _refuse_constant(name: str) -> Any:
    raise WebError(400, "bad_request", f"the body is not JSON: {name} is not a JSON number")


def _field(path: list[str | int]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out or "body"


def _bad_text(s: str) -> bool:
    """A lone surrogate (U+D800..U+DFFF) cannot be encoded as UTF-8: it is not text."""
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def check_value(value: Any, *, max_string: int = MAX_STRING) -> None:
    """Walk a parsed body: every string valid Unicode text of at most ``max_string`` characters
    (object keys too), every list at most :data:`MAX_LIST` long, nesting at most :data:`MAX_DEPTH`,
    every number finite. Raises the located :class:`WebError` of the first fault."""
    stack: list[tuple[Any, list[str | int]]] = [(value, [])]
    while stack:
        v, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise WebError(400, "bad_request", f"the body nests deeper than {MAX_DEPTH} levels", _field(path))
        if isinstance(v, str):
            if _bad_text(v):
                raise WebError(
                    422, "invalid", "not valid Unicode text (a lone surrogate code point)", _field(path)
                )
            if len(v) > max_string:
                raise WebError(
                    400, "bad_request", f"a string is at most {max_string} characters", _field(path)
                )
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise WebError(400, "bad_request", "a number is finite", _field(path))
        elif isinstance(v, dict):
            if len(v) > MAX_LIST:
                raise WebError(400, "bad_request", f"an object has at most {MAX_LIST} keys", _field(path))
            for k, item in v.items():
                if _bad_text(k) or len(k) > max_string:
                    raise WebError(422, "invalid", "a key is not valid Unicode text", _field(path))
                stack.append((item, [*path, k]))
        elif isinstance(v, list):
            if len(v) > MAX_LIST:
                raise WebError(400, "bad_request", f"a list has at most {MAX_LIST} items", _field(path))
            stack.extend((item, [*path, i]) for i, item in enumerate(v))


def parse_body(raw: bytes, limit: int = MAX_BODY) -> dict[str, Any]:
    """The JSON object of a request body (``{}`` when empty), checked by :func:`check_value`."""
    if len(raw) > limit:
        raise WebError(413, "too_large", f"the body is over {limit} bytes", "body")
    if not raw:
        return {}
    try:
        data = json.loads(raw, parse_constant=_refuse_constant)
    except RecursionError:
        raise WebError(400, "bad_request", f"the body nests deeper than {MAX_DEPTH} levels") from None
    except ValueError as e:
        raise WebError(400, "bad_request", f"the body is not JSON: {e}") from None
    if not isinstance(data, dict):
        raise WebError(400, "bad_request", "the body is a JSON object")
    check_value(data)
    return data


def check_names(names: Any, field: str) -> None:
    """Names of players, teams or tables: at most :data:`MAX_NAME` characters, :data:`MAX_PLAYERS` of them."""
    if isinstance(names, str):
        if len(names) > MAX_NAME:
            raise WebError(400, "bad_request", f"a name is at most {MAX_NAME} characters", field)
        return
    if isinstance(names, list):
        if len(names) > MAX_PLAYERS:
            raise WebError(400, "bad_request", f"at most {MAX_PLAYERS} names", field)
        for i, n in enumerate(names):
            check_names(n, f"{field}[{i}]")


def scrub(value: Any) -> Any:
    """``value`` with every string that is not valid text repaired (a lone surrogate becomes
    U+FFFD): what the server answers with, even for a row stored before input was checked."""
    if isinstance(value, str):
        return (
            "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in value)
            if _bad_text(value)
            else value
        )
    if isinstance(value, dict):
        return {scrub(k): scrub(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [scrub(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def dumps(value: Any) -> str:
    """Strict JSON text (no NaN or Infinity, valid UTF-8 when encoded): a value that is not is
    scrubbed (:func:`scrub`) first."""
    try:
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
        text.encode("utf-8")
        return text
    except (ValueError, UnicodeEncodeError):
        return json.dumps(scrub(value), separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def header_text(value: str | None) -> str | None:
    """A header's text: its bytes (which HTTP carries as ISO-8859-1) read as UTF-8, so a non-ASCII
    password or name sent by a client in UTF-8 arrives as typed."""
    if value is None:
        return None
    try:
        return value.encode("latin-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return value


class Limiter:
    """Per-client token buckets: ``burst`` at once, then ``rate`` a second. :meth:`take` answers
    0 (go on) or the seconds until the next is allowed. At most ``max_keys`` clients are kept
    (the full buckets, i.e. the idle clients, are forgotten first)."""

    def __init__(self, rate: float, burst: float, max_keys: int = 50_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: str, cost: float = 1.0) -> float:
        now = time.monotonic()
        with self._lock:
            tokens, then = self._buckets.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - then) * self.rate)
            if tokens < cost:
                self._buckets[key] = (tokens, now)
                return (cost - tokens) / self.rate
            self._buckets[key] = (tokens - cost, now)
            if len(self._buckets) > self.max_keys:
                self._prune(now)
            return 0.0

    def blocked(self, key: str) -> float:
        """Seconds until ``key`` may take one again (0: it may now), taking nothing."""
        now = time.monotonic()
        with self._lock:
            tokens, then = self._buckets.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - then) * self.rate)
            return 0.0 if tokens >= 1 else (1 - tokens) / self.rate

    def _prune(self, now: float) -> None:
        full = [k for k, (t, then) in self._buckets.items() if t + (now - then) * self.rate >= self.burst]
        for k in full:
            del self._buckets[k]
        while len(self._buckets) > self.max_keys:  # all busy: forget the oldest
            del self._buckets[next(iter(self._buckets))]


def too_many(seconds: float, what: str) -> WebError:
    err = WebError(
        429, "too_many_requests", f"too many {what} from this client: try again in {seconds:.0f} s"
    )
    err.retry_after = max(1, round(seconds + 0.5))  # type: ignore[attr-defined]
    return err
