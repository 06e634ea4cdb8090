"""API fuzzing from the OpenAPI schema (schemathesis) against a real server (uvicorn on loopback):
no answer is a 500, and every JSON answer is strict JSON (no NaN, valid UTF-8) in the documented
error shape when it is an error (issue 20).

Bounded: a few examples per operation, half of them aimed at a real match with its token (so
bodies reach the referee, not only the 404 of a random id); well under a minute."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.web.conftest import ADMIN, uvicorn_in_thread  # noqa: E402

EXAMPLES = 12


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, Any]]]:
    from potshot.web.app import Settings, create_app

    db = Path(tmp_path_factory.mktemp("fuzz")) / "p.db"
    app = create_app(Settings(db_url=f"sqlite:///{db}", admin_password=ADMIN, sim_rate=1e6, create_rate=1e6))
    with uvicorn_in_thread(app) as url:
        h = {"X-Potshot-Admin": ADMIN}
        real = {
            "mark": httpx.post(
                url + "/api/matches",
                json={"game": "snooker", "mode": "mark", "players": ["A", "B"]},
                headers=h,
            ).json(),
            "play": httpx.post(
                url + "/api/matches", json={"game": "carrom", "players": ["A", "B"], "bots": ["B"]}, headers=h
            ).json(),
        }
        yield url, real


def strict_json(text: str) -> Any:
    def no_constant(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    return json.loads(text, parse_constant=no_constant)


def fuzz(op: Any, url: str, real: dict[str, Any], problems: list[str]) -> Any:
    """A Hypothesis test of one operation: its cases from the schema, sent to the server."""

    @settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(case=op.as_strategy(), aim=st.sampled_from([None, "mark", "play"]), admin=st.booleans())
    def run(case: Any, aim: str | None, admin: bool) -> None:
        headers = {"X-Potshot-Admin": ADMIN} if admin else {}
        if aim is not None and "match_id" in (case.path_parameters or {}):
            case.path_parameters["match_id"] = real[aim]["id"]
            headers["X-Potshot-Token"] = real[aim]["token"]
        case.headers = {**(case.headers or {}), **headers}
        resp = case.call(base_url=url, timeout=30)
        where = f"{op.method.upper()} {op.path} {case.path_parameters} {str(case.body)[:200]}"
        if resp.status_code >= 500 and resp.status_code != 503:
            problems.append(f"{resp.status_code} on {where}: {resp.text[:300]}")
        if "json" in resp.headers.get("content-type", ""):
            try:
                body = strict_json(resp.content.decode("utf-8"))
            except (ValueError, UnicodeDecodeError) as e:
                problems.append(f"invalid JSON ({e}) on {where}")
                return
            if resp.status_code >= 400 and not (isinstance(body, dict) and set(body) == {"error"}):
                problems.append(f"{resp.status_code} not in the error shape on {where}: {resp.text[:200]}")

    return run


def test_no_500_and_only_valid_json(served: tuple[str, dict[str, Any]]) -> None:
    url, real = served
    schema = schemathesis.openapi.from_url(url + "/api/openapi.json")
    ops = [r.ok() for r in schema.get_all_operations()]
    assert len(ops) >= 20, [o.label for o in ops]
    problems: list[str] = []
    for op in ops:
        if op.path.endswith("/live"):
            continue  # an endless stream: tests/web/test_server.py reads it
        fuzz(op, url, real, problems)()
    assert not problems, "\n".join(problems[:20])
