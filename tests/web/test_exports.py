"""The web app's paper and exports (issue 23, potshot.web.exports): score cards as PDF (played and
blank), a tournament's draw sheet and standings as PDF, the CSV exports; public and read-only."""

from __future__ import annotations

import csv
import html
import io
import json
from pathlib import Path
from typing import Any

import pytest

from potshot.paper import sheet_from_record
from potshot.record.io import load
from tests.web.conftest import ADMIN, Api

H = {"X-Potshot-Admin": ADMIN}
RECORD = Path(__file__).parent.parent / "records" / "snooker-match.json"


def _words(data: bytes) -> list[str]:
    pypdf = pytest.importorskip("pypdf")
    return " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(data)).pages).split()


def _run(words: list[str], run: list[str]) -> bool:
    return any(words[i : i + len(run)] == run for i in range(len(words) - len(run) + 1))


def _rows(text: str) -> list[dict[str, str]]:
    rows = list(csv.reader(io.StringIO(text, newline="")))
    return [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]


def test_a_played_match_prints_its_card_and_exports_its_frames(api: Api) -> None:
    r = api.c.post(
        "/api/matches/import", json={"record": json.loads(RECORD.read_text()), "table": "Table 4"}, headers=H
    )
    assert r.status_code == 201, r.text
    mid = r.json()["id"]
    sheet = sheet_from_record(load(RECORD))
    a, b = sheet.players

    pdf = api.c.get(f"/api/matches/{mid}/card.pdf")
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    words = _words(pdf.content)
    for f in sheet.frames:
        assert _run(words, [str(f.number), f.starts, str(f.score[a]), str(f.score[b])])
    assert _run(words, ["Table:", "Table", "4"]) and _run(words, ["Referee:", *sheet.referee.split()])

    frames = api.c.get(f"/api/matches/{mid}/frames.csv")
    assert frames.headers["content-type"].startswith("text/csv")
    assert 'filename="frames-' in frames.headers["content-disposition"]
    rows = _rows(frames.text)
    assert [(int(x["score_a"]), int(x["score_b"])) for x in rows] == [
        (f.score[a], f.score[b]) for f in sheet.frames
    ]

    assert api.c.get("/api/matches.csv").status_code == 401  # the organiser's export
    listing = _rows(api.c.get("/api/matches.csv", headers=H).text)
    assert [(x["id"], x["winner"], x["table"]) for x in listing] == [(mid, sheet.winner, "Table 4")]

    blank = _words(api.c.get(f"/api/matches/{mid}/card.pdf?blank=true&rows=4").content)
    head = blank.index("Winner")
    assert blank[head + 1 : head + 5] == ["1", "2", "3", "4"] and blank[head + 5] != "5"


def _tournament(api: Api, fmt: str, players: list[str]) -> dict[str, Any]:
    pytest.importorskip("potshot.tournament")
    t = api.c.post(
        "/api/tournaments",
        json={
            "name": "Winter <Cup>",
            "game": "snooker",
            "format": fmt,
            "players": players,
            "tables": ["Table 1", "Table 2"],
            "match": {"best_of": 3},
        },
        headers=H,
    )
    assert t.status_code == 201, t.text
    out: dict[str, Any] = api.c.post(f"/api/tournaments/{t.json()['id']}/pair", headers=H).json()
    return out


def test_a_scheduled_match_prints_a_blank_card_sized_by_its_length(api: Api) -> None:
    t = _tournament(api, "knockout", ["Ann", "Bob"])
    m = t["rounds"][0]["matches"][0]
    words = _words(api.c.get(f"/api/matches/{m['id']}/card.pdf").content)
    assert _run(words, ["Snooker,", "best", "of", "3"])
    head = words.index("Winner")
    assert words[head + 1 : head + 4] == ["1", "2", "3"] and words[head + 4] != "4"
    assert "Result" in words and _run(words, ["Ann", "v", "Bob"])


def test_a_tournament_prints_its_draw_and_standings_and_exports_them(api: Api) -> None:
    t = _tournament(api, "knockout", ["Ann", "Bob", "Cy", "Dan"])
    tid = t["id"]
    for m in t["rounds"][0]["matches"]:
        r = api.c.post(
            f"/api/tournaments/{tid}/report",
            json={"match": m["id"], "frames": {m["a"]: 2, m["b"]: 1}},
            headers=H,
        )
        assert r.status_code == 200, r.text
    view = api.c.get(f"/api/tournaments/{tid}").json()

    draw = _words(api.c.get(f"/api/tournaments/{tid}/draw.pdf").content)
    assert _run(draw, ["Winter", "<Cup>"]) and "Final" in draw
    for m in view["rounds"][0]["matches"]:
        assert _run(draw, [*m["table"].split(), m["a"], "2", "–", "1", m["b"], m["a"]])

    standings = _words(api.c.get(f"/api/tournaments/{tid}/standings.pdf").content)
    order = [s["player"] for s in view["standings"]]
    assert [w for w in standings if w in order] == order  # each name once, in the standings' order

    rows = _rows(api.c.get(f"/api/tournaments/{tid}/standings.csv").text)
    assert [x["player"] for x in rows] == order
    assert [float(x["points"]) for x in rows] == [s["points"] for s in view["standings"]]
    assert [float(x["rating"]) for x in rows] == [view["ratings"][p]["rating"] for p in order]

    results = _rows(api.c.get(f"/api/tournaments/{tid}/results.csv").text)
    assert {(x["player_a"], x["units_a"], x["units_b"], x["winner"]) for x in results} == {
        (m["a"], "2", "1", m["a"]) for m in view["rounds"][0]["matches"]
    }
    admin_view = api.c.get(f"/api/tournaments/{tid}", headers=H).json()
    tokens = [m["token"] for rnd in admin_view["rounds"] for m in rnd["matches"] if m.get("token")]
    body = api.c.get(f"/api/tournaments/{tid}/results.csv").text
    assert tokens and not any(tok in body for tok in tokens)  # the public view: no match tokens


def test_unknown_ids_answer_the_error_shape(api: Api) -> None:
    for path in (
        "/api/tournaments/nope/draw.pdf",
        "/api/tournaments/nope/standings.csv",
        "/api/matches/nope/card.pdf",
    ):
        r = api.c.get(path)
        assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"


def test_potshot_site_publishes_the_database(api: Api, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from potshot.cli import main
    from tests.test_paper import _check_site

    t = _tournament(api, "round_robin", ["Ann", "<script>x</script>", "Cy"])
    m = next(m for m in t["rounds"][0]["matches"] if m["b"])
    api.c.post(
        f"/api/tournaments/{t['id']}/report",
        json={"match": m["id"], "frames": {m["a"]: 2, m["b"]: 0}},
        headers=H,
    )
    r = api.c.post("/api/matches/import", json={"record": json.loads(RECORD.read_text())}, headers=H)
    mid = r.json()["id"]
    out = tmp_path / "public"
    res = CliRunner().invoke(main, ["site", str(out), "--data-dir", str(tmp_path), "--title", "Club"])
    assert res.exit_code == 0, res.output
    _check_site(out)
    page = (out / f"t/{t['id']}.html").read_text()
    assert "&lt;script&gt;x&lt;/script&gt;" in page and "<script>" not in page
    assert f'{html.escape(m["a"])}</span></td><td class="n">2–0</td>' in page
    assert (out / f"m/{mid}.html").is_file()
    standings = _rows((out / f"t/{t['id']}-standings.csv").read_text(encoding="utf-8"))
    view = api.c.get(f"/api/tournaments/{t['id']}").json()
    assert [x["player"] for x in standings] == [s["player"] for s in view["standings"]]
    missing = CliRunner().invoke(main, ["site", str(out), "--data-dir", str(tmp_path / "none")])
    assert missing.exit_code == 2 and "does not exist" in missing.output
