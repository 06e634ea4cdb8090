"""The web app's paper and exports (docs/exports.md): score cards, draw sheets and standings as
PDF, and the CSV exports, all read-only and public like the match and tournament views they print
(a tournament's public view: no match tokens)."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
from fastapi import APIRouter, Request, Response

from potshot.paper import blank_sheet, match_length, sheet_from_record, tables
from potshot.paper import site as site_mod
from potshot.record.model import Record
from potshot.web.engine import bad
from potshot.web.guard import scrub

router = APIRouter()
BLANK_ROWS = 12
"""Rows of a blank card when the match's length does not say how many frames (boards) it has."""


def _pdf(data: bytes, name: str) -> Response:
    return Response(
        data,
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{site_mod.slug(name)}.pdf"'},
    )


def _csv(text: str, name: str) -> Response:
    return Response(
        text.encode("utf-8"),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{site_mod.slug(name)}.csv"'},
    )


def _sheet(req: Request, match_id: str, blank: bool, rows: int | None) -> Any:
    matches = req.app.state.matches
    state = scrub(matches.get(match_id))  # text repaired as the API answers it (potshot.web.guard)
    raw = scrub(matches.record(match_id))
    record = msgspec.convert({k: v for k, v in raw.items() if k != "format"}, Record)
    played = any(f.shots for f in record.frames)
    if blank or not played:
        text, n = match_length(record.game, record.match)
        count = rows or n or BLANK_ROWS
        if not 1 <= count <= 99:
            raise bad("rows is 1 to 99", "rows")
        return blank_sheet(
            record.game,
            record.player_names(),
            count,
            length=text,
            id=match_id,
            title=state.get("title") or "",
            table=state.get("table") or "",
            referee=str((record.meta or {}).get("referee", "")),
        )
    return sheet_from_record(
        record, id=match_id, title=state.get("title") or "", table=state.get("table") or ""
    )


@router.get("/api/matches.csv")
async def matches_csv(req: Request) -> Response:
    """Every match with frames played: one row a match (``potshot.paper.tables.MATCH_COLUMNS``).
    The organiser's (it referees every match in the database: not for anyone to ask at will)."""
    _token, organiser = await req.app.state.auth(req)
    req.app.state.matches.require_admin(organiser)

    def work() -> str:
        matches = req.app.state.matches
        sheets = [_sheet(req, m["id"], False, None) for m in matches.listing()]
        return tables.matches_csv(s for s in sheets if any(f.shots for f in s.frames))

    return _csv(await asyncio.to_thread(work), "matches")


@router.get("/api/matches/{match_id}/card.pdf")
async def card(match_id: str, req: Request, blank: bool = False, rows: int | None = None) -> Response:
    """The match's score card: as played so far, or blank to fill in by hand (``?blank=true``, and
    always before the first shot; ``rows``: how many frames, default the match's length)."""
    sheet = await asyncio.to_thread(_sheet, req, match_id, blank, rows)
    from potshot.paper.pdf import score_card

    return _pdf(await asyncio.to_thread(score_card, sheet), f"card-{match_id}")


@router.get("/api/matches/{match_id}/frames.csv")
async def frames(match_id: str, req: Request) -> Response:
    """The match's frames (boards, games): ``potshot.paper.tables.FRAME_COLUMNS``."""
    sheet = await asyncio.to_thread(_sheet, req, match_id, False, None)
    return _csv(tables.frames_csv([sheet]), f"frames-{match_id}")


async def _tournament(req: Request, tid: str) -> dict[str, Any]:
    view: dict[str, Any] = scrub(await asyncio.to_thread(req.app.state.tournaments.get, tid, False))
    return view


@router.get("/api/tournaments/{tid}/draw.pdf")
async def draw(tid: str, req: Request) -> Response:
    """The draw sheet: a knockout's bracket, every round's pairings, tables and results."""
    from potshot.paper.pdf import draw_sheet

    return _pdf(await asyncio.to_thread(draw_sheet, await _tournament(req, tid)), f"draw-{tid}")


@router.get("/api/tournaments/{tid}/standings.pdf")
async def standings_pdf(tid: str, req: Request) -> Response:
    from potshot.paper.pdf import standings_pdf as make

    return _pdf(await asyncio.to_thread(make, await _tournament(req, tid)), f"standings-{tid}")


@router.get("/api/tournaments/{tid}/results.csv")
async def results(tid: str, req: Request) -> Response:
    return _csv(tables.results_csv(await _tournament(req, tid)), f"results-{tid}")


@router.get("/api/tournaments/{tid}/standings.csv")
async def standings(tid: str, req: Request) -> Response:
    return _csv(tables.standings_csv(await _tournament(req, tid)), f"standings-{tid}")
