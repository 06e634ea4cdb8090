"""The read-only results site a club publishes (``potshot site OUTDIR``): static HTML pages with no
JavaScript, every name escaped, every link relative (the folder works from a disk, a USB stick or
any web host, at any path).

Layout of OUTDIR::

    index.html              the tournaments and the matches
    style.css
    t/<id>.html             a tournament: standings, bracket (knockout), rounds with results
    m/<id>.html             a match: its frames with scores and breaks, the result
    t/<id>-standings.csv    the CSV exports beside the pages (potshot.paper.tables)
    t/<id>-results.csv
    matches.csv, frames.csv

Sources: the web app's database (:func:`from_database`) or match records (:func:`from_records`,
grouped into events by their ``meta.event``).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from potshot.paper import MatchSheet, event_from_sheets, sheet_from_record
from potshot.paper.tables import frames_csv, matches_csv, results_csv, standings_csv

CSS = """\
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; color: #111; }
h1 { font-size: 1.6em; } h2 { font-size: 1.2em; margin-top: 1.5em; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { border: 1px solid #999; padding: .25em .6em; text-align: left; }
th { background: #eee; } td.n { text-align: right; }
.win { font-weight: bold; }
nav { margin-bottom: 1em; } .muted { color: #555; }
.bracket { display: flex; gap: 1.5em; align-items: center; overflow-x: auto; }
.bracket ol { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column;
  justify-content: space-around; gap: .8em; min-width: 12em; }
.bracket li { border: 1px solid #999; padding: .2em .4em; }
.bracket li span { display: block; }
"""


@dataclass
class Site:
    """What the site shows: tournament views (the web app's shape) and match sheets."""

    title: str = "Results"
    tournaments: list[dict[str, Any]] = field(default_factory=list)
    sheets: list[MatchSheet] = field(default_factory=list)


def slug(ident: str) -> str:
    """A file name for ``ident``: itself when it is plain (letters, digits, ``-``, ``_``), else its
    plain characters and a short digest (so two ids never share a page).

    >>> slug("t1a2b"), slug("../etc/passwd")
    ('t1a2b', 'etc-passwd-7fef78f5')
    """
    if re.fullmatch(r"[A-Za-z0-9_-]{1,64}", ident):
        return ident
    plain = re.sub(r"[^A-Za-z0-9_-]+", "-", ident).strip("-")[:40]
    return f"{plain}-{hashlib.sha256(ident.encode()).hexdigest()[:8]}".lstrip("-")


def _e(text: Any) -> str:
    return escape(str(text), quote=True)


def _page(title: str, body: str, depth: int) -> str:
    up = "../" * depth
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_e(title)}</title>\n"
        f'<link rel="stylesheet" href="{up}style.css">\n</head>\n<body>\n'
        f'<nav><a href="{up}index.html">All results</a></nav>\n'
        f"{body}\n"
        '<p class="muted">Published with potshot.</p>\n</body>\n</html>\n'
    )


def _result(m: dict[str, Any]) -> str:
    if m.get("b") is None:
        return "bye"
    f = m.get("frames") or {}
    if not f or m.get("status") != "over":  # a match in play: no result yet
        return ""
    return f"{f.get(m['a'], 0)}–{f.get(m['b'], 0)}"


def _name(name: str | None, winner: str | None) -> str:
    if name is None:
        return "(bye)"
    return f'<span class="win">{_e(name)}</span>' if name == winner else _e(name)


def _span(name: str | None, winner: str | None) -> str:
    """A bracket's line for a player: the winner's in bold."""
    cls = ' class="win"' if name is not None and name == winner else ""
    return f"<span{cls}>{_e('(bye)' if name is None else name)}</span>"


def tournament_page(t: dict[str, Any], match_pages: set[str]) -> str:
    """A tournament's page: the standings, a knockout's bracket, each round's results (a played
    match links to its page where the site has one)."""
    from potshot import games as registry

    game = registry.get(t["game"]).title if t.get("game") in registry.names() else str(t.get("game", ""))
    out = [f"<h1>{_e(t.get('name', ''))}</h1>"]
    out.append(
        f'<p class="muted">{_e(game)} · {_e(str(t.get("format", "")).replace("_", " "))} · '
        f"{len(t.get('players', []))} players</p>"
    )
    ratings = t.get("ratings") or {}
    standings = t.get("standings", [])
    swiss = any("buchholz" in s for s in standings)  # the tie-break column only where it breaks ties
    bh_head = "<th>Buchholz</th>" if swiss else ""
    out.append("<h2>Standings</h2>\n<table>\n<tr><th>#</th><th>Player</th><th>Points</th><th>Played</th>"
               f"<th>Won</th><th>For</th><th>Against</th>{bh_head}<th>Rating</th></tr>")  # fmt: skip
    for i, s in enumerate(standings, 1):
        r = ratings.get(s["player"])
        rating = f"{r['rating']:.0f} ± {r['rd']:.0f}" if r else ""
        bh = f'<td class="n">{s.get("buchholz", 0):g}</td>' if swiss else ""
        out.append(
            f'<tr><td class="n">{i}</td><td>{_e(s["player"])}</td><td class="n">{s["points"]:g}</td>'
            f'<td class="n">{s["played"]}</td><td class="n">{s["won"]}</td><td class="n">{s["frames_for"]}</td>'
            f'<td class="n">{s["frames_against"]}</td>{bh}<td>{_e(rating)}</td></tr>'
        )
    out.append("</table>")
    tid = slug(str(t.get("id") or t.get("name", "")))
    out.append(
        f'<p><a href="{_e(tid)}-standings.csv">Standings (CSV)</a> · <a href="{_e(tid)}-results.csv">Results (CSV)</a></p>'
    )
    rounds = t.get("rounds", [])
    if t.get("format") == "knockout" and rounds:
        out.append('<h2>Bracket</h2>\n<div class="bracket">')
        for rnd in rounds:
            out.append(f'<ol aria-label="Round {rnd["round"]}">')
            for m in rnd["matches"]:
                res = _result(m)
                out.append(
                    f"<li>{_span(m['a'], m.get('winner'))}{_span(m.get('b'), m.get('winner'))}"
                    + (f'<span class="muted">{_e(res)}</span>' if res and res != "bye" else "")
                    + "</li>"
                )
            out.append("</ol>")
        out.append("</div>")
    for rnd in rounds:
        out.append(f"<h2>Round {rnd['round']}</h2>\n<table>\n<tr><th>Table</th><th>Player</th><th>Result</th>"
                   "<th>Player</th><th></th></tr>")  # fmt: skip
        for m in rnd["matches"]:
            mid = m.get("id")
            link = ""
            if mid and slug(str(mid)) in match_pages:
                link = f'<a href="../m/{_e(slug(str(mid)))}.html">Score card</a>'
            out.append(
                f"<tr><td>{_e(m.get('table') or '')}</td><td>{_name(m['a'], m.get('winner'))}</td>"
                f'<td class="n">{_e(_result(m))}</td><td>{_name(m.get("b"), m.get("winner"))}</td><td>{link}</td></tr>'
            )
        out.append("</table>")
    return _page(str(t.get("name", "")), "\n".join(out), 1)


def match_page(s: MatchSheet) -> str:
    """A match's page: the frames (boards, games) with scores, breaks and winners, the result."""
    sides = s.players
    facts = [s.game_title + (f", {s.length}" if s.length else "")]
    facts += [
        f"{k}: {v}"
        for k, v in (("Event", s.event), ("Table", s.table), ("Referee", s.referee), ("Date", s.date))
        if v
    ]
    out = [f"<h1>{_e(s.heading)}</h1>", f'<p class="muted">{_e(" · ".join(facts))}</p>']
    if s.winner:
        verdict = f"{s.winner} wins"
    else:
        verdict = "Drawn" if s.over else "Unfinished"
    won = ", ".join(f"{p} {s.units_won.get(p, 0)}" for p in sides)
    out.append(f"<p><strong>{_e(verdict)}</strong> ({_e(s.match_units)}: {_e(won)})</p>")
    head = "".join(f"<th>{_e(p)}</th>" for p in sides) + "".join(
        f"<th>High break {_e(p)}</th>" for p in sides
    )
    out.append(
        f"<table>\n<tr><th>{_e(s.frame_word.capitalize())}</th><th>Starts</th>{head}<th>Winner</th></tr>"
    )
    for f in s.frames:
        if not f.shots:
            continue
        cells = "".join(f'<td class="n">{f.score.get(p, 0)}</td>' for p in sides)
        cells += "".join(f'<td class="n">{f.high_break.get(p, 0)}</td>' for p in sides)
        out.append(
            f'<tr><td class="n">{f.number}</td><td>{_e(f.starts)}</td>{cells}'
            f"<td>{_e(f.winner or ('' if f.over else 'unfinished'))}</td></tr>"
        )
    out.append("</table>")
    best = [f"{p} {', '.join(map(str, s.best_breaks(p)))}" for p in sides if s.best_breaks(p)]
    if best:
        out.append(f"<p>Best breaks: {_e('; '.join(best))}</p>")
    if s.error:
        out.append(f'<p class="muted">The record stops ruling here: {_e(s.error)}</p>')
    return _page(s.heading, "\n".join(out), 1)


def index_page(site: Site, match_pages: dict[str, MatchSheet]) -> str:
    out = [f"<h1>{_e(site.title)}</h1>"]
    if site.tournaments:
        out.append("<h2>Tournaments</h2>\n<ul>")
        for t in site.tournaments:
            tid = slug(str(t.get("id") or t.get("name", "")))
            out.append(f'<li><a href="t/{_e(tid)}.html">{_e(t.get("name", ""))}</a></li>')
        out.append("</ul>")
    if match_pages:
        out.append("<h2>Matches</h2>\n<table>\n<tr><th>Match</th><th>Result</th><th>Event</th></tr>")
        for sid, s in match_pages.items():
            score = "–".join(str(s.units_won.get(p, 0)) for p in s.players[:2])
            out.append(
                f'<tr><td><a href="m/{_e(sid)}.html">{_e(" v ".join(s.players))}</a></td>'
                f'<td class="n">{_e(score)}</td><td>{_e(s.event or s.title)}</td></tr>'
            )
        out.append("</table>")
    out.append('<p><a href="matches.csv">Matches (CSV)</a> · <a href="frames.csv">Frames (CSV)</a></p>')
    return _page(site.title, "\n".join(out), 0)


def write_site(site: Site, outdir: Path) -> list[Path]:
    """Write the site's pages (and its CSV files) under ``outdir``; the paths written."""
    outdir = Path(outdir)
    (outdir / "t").mkdir(parents=True, exist_ok=True)
    (outdir / "m").mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def put(rel: str, text: str) -> None:
        p = outdir / rel
        p.write_text(text, encoding="utf-8")
        written.append(p)

    pages: dict[str, MatchSheet] = {}
    for s in site.sheets:
        sid = slug(s.id or s.heading)
        while sid in pages:  # the same id twice: the later one gets its own page
            sid = slug(sid + "+")
        pages[sid] = s
    put("style.css", CSS)
    put("index.html", index_page(site, pages))
    for sid, s in pages.items():
        put(f"m/{sid}.html", match_page(s))
    for t in site.tournaments:
        tid = slug(str(t.get("id") or t.get("name", "")))
        put(f"t/{tid}.html", tournament_page(t, set(pages)))
        put(f"t/{tid}-standings.csv", standings_csv(t))
        put(f"t/{tid}-results.csv", results_csv(t))
    put("matches.csv", matches_csv(site.sheets))
    put("frames.csv", frames_csv(site.sheets))
    return written


TOURNAMENT_FILE = "tournament.json"
"""What ``potshot tournament -o DIR`` writes beside ``matches/`` (potshot.tournament.runner.save)."""


def tournament_from_summary(path: Path, prefix: str = "") -> dict[str, Any]:
    """A tournament view (the web app's shape) of ``potshot tournament``'s ``tournament.json``:
    its rounds of pairs matched with its results in order, the standings worked out by
    :func:`potshot.tournament.pairing.standings`, its Glicko-2 ratings. ``prefix`` goes before
    each match's id (two tournaments' ``r1-m1`` stay apart)."""
    from potshot.tournament.pairing import Result, standings

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        results = list(data["results"])
        players = list(data["ratings"])
        rounds_in = data["rounds"]
        game = str(data["game"])
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ValueError(f"{path}: not a potshot tournament summary: {e}") from None
    used: set[int] = set()
    rounds = []
    lib_results = []
    for n, pairs in enumerate(rounds_in, 1):
        ms: list[dict[str, Any]] = []
        for a, b in pairs:
            if b is None:
                ms.append(
                    {
                        "id": None,
                        "a": a,
                        "b": None,
                        "table": None,
                        "status": "bye",
                        "frames": None,
                        "winner": a,
                    }
                )
                lib_results.append(Result(a, None))
                continue
            k = next((i for i, r in enumerate(results) if i not in used and (r["a"], r["b"]) == (a, b)), None)
            if k is None:
                ms.append(
                    {
                        "id": None,
                        "a": a,
                        "b": b,
                        "table": None,
                        "status": "playing",
                        "frames": None,
                        "winner": None,
                    }
                )
                continue
            used.add(k)
            r = results[k]
            fa, fb = (int(x) for x in r["frames"])
            winner = a if fa > fb else b if fb > fa else None
            ms.append(
                {
                    "id": prefix + str(r["match"]),
                    "a": a,
                    "b": b,
                    "table": None,
                    "status": "over",
                    "frames": {a: fa, b: fb},
                    "winner": winner,
                }
            )
            lib_results.append(Result(a, b, fa, fb))
        rounds.append({"round": n, "matches": ms})
    name = Path(path).resolve().parent.name
    return {
        "id": "tournament-" + name,
        "name": name,
        "game": game,
        "format": str(data.get("format", "")),
        "players": players,
        "rounds": rounds,
        "standings": [
            {
                "player": t.player,
                "points": t.points,
                "played": t.played,
                "won": t.won,
                "frames_for": t.frames_for,
                "frames_against": t.frames_against,
                "buchholz": t.buchholz,
            }
            for t in standings(players, lib_results)
        ],
        "ratings": {p: {"rating": r["rating"], "rd": r["rd"]} for p, r in data["ratings"].items()},
    }


def from_records(paths: Iterable[Path], title: str = "Results") -> Site:
    """A site of match records (files, or folders of ``*.json``): a page a match, and an event page a
    ``meta.event`` (standings from the frames won). A folder written by ``potshot tournament -o``
    (its ``tournament.json``) is that tournament, with its rounds, standings and ratings."""
    from potshot.record.io import load

    files: list[Path] = []
    summaries: list[Path] = []
    for p in paths:
        p = Path(p)
        found = sorted(p.rglob("*.json")) if p.is_dir() else [p]
        summaries += [f for f in found if f.name == TOURNAMENT_FILE]
        files += [f for f in found if f.name != TOURNAMENT_FILE]
    # a tournament folder's matches are named "<folder>-<match id>", on its page and their own
    homes = {f.parent.resolve(): f.parent.name + "-" for f in summaries}
    tournaments = [tournament_from_summary(f, homes[f.parent.resolve()]) for f in summaries]
    sheets: list[MatchSheet] = []
    for f in files:
        try:
            rec = load(f, unknown="ignore")
        except Exception as e:  # a file that is not a record is named, not skipped silently
            raise ValueError(f"{f}: not a match record: {e}") from None
        home = next((homes[d] for d in f.resolve().parents if d in homes), "")
        sheets.append(sheet_from_record(rec, id=home + f.stem))
    events: dict[str, list[MatchSheet]] = {}
    for s in sheets:
        if s.event:
            events.setdefault(s.event, []).append(s)
    tournaments += [
        event_from_sheets(name, group, id="event-" + name)
        for name, group in events.items()
        if len({g.game for g in group}) == 1
    ]
    return Site(title=title, tournaments=tournaments, sheets=sheets)


def from_database(url: str, title: str = "Results") -> Site:
    """A site of the web app's database (``potshot serve``'s, SQLite or PostgreSQL): every
    tournament's public view (no match tokens) and every match with frames played."""
    import msgspec
    from sqlalchemy import inspect

    from potshot.record.model import Record
    from potshot.web.db import make_engine, sessions
    from potshot.web.service import Matches
    from potshot.web.tournaments import Tournaments

    engine = make_engine(url)
    try:
        if not inspect(engine).has_table("matches"):
            raise ValueError(f"{url}: no potshot database there (potshot serve makes one)")
        maker = sessions(engine)
        matches = Matches(maker, admin_password="")
        tournaments = Tournaments(maker, matches)
        views = [tournaments.get(t["id"]) for t in tournaments.listing()]
        sheets = []
        for m in matches.listing():
            raw = matches.record(m["id"])
            rec = msgspec.convert({k: v for k, v in raw.items() if k != "format"}, Record)
            if not any(f.shots for f in rec.frames):
                continue
            sheets.append(
                sheet_from_record(rec, id=m["id"], title=m.get("title") or "", table=m.get("table") or "")
            )
    finally:
        engine.dispose()
    return Site(title=title, tournaments=views, sheets=sheets)
