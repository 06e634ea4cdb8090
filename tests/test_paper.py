"""Paper and exports (issue 23): score cards, draw sheets and standings as PDF (the text read back
with pypdf), the CSV exports (read back with csv.reader), the static results site (links resolve,
names escaped) and ``potshot site``.

The records in tests/records/ were played by the games' built-in players (``Game.play``): a snooker
match of three frames and the first three boards of a carrom match (unfinished)."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from potshot import games as registry
from potshot.cli import main
from potshot.paper import blank_sheet, event_from_sheets, match_length, sheet_from_record
from potshot.paper.site import Site, from_records, slug, tournament_page, write_site
from potshot.paper.tables import (
    FRAME_COLUMNS,
    MATCH_COLUMNS,
    RESULT_COLUMNS,
    STANDING_COLUMNS,
    frames_csv,
    matches_csv,
    results_csv,
    standings_csv,
)
from potshot.record.io import load
from potshot.record.model import Record
from potshot.referee.runner import referee_record

RECORDS = Path(__file__).parent / "records"
SNOOKER = RECORDS / "snooker-match.json"
CARROM = RECORDS / "carrom-part.json"
EVIL = '<script>alert("x")</script> & Co'


def _pdf_words(data: bytes) -> list[str]:
    pypdf = pytest.importorskip("pypdf")
    reader = pypdf.PdfReader(io.BytesIO(data))
    return " ".join(p.extract_text() for p in reader.pages).split()


def _has_run(words: list[str], run: list[str]) -> bool:
    """Whether ``run`` appears in ``words`` as consecutive words."""
    return any(words[i : i + len(run)] == run for i in range(len(words) - len(run) + 1))


def _renamed(path: Path, old: str, new: str) -> Record:
    """The record with player ``old`` renamed ``new`` everywhere (names, score keys, shots)."""
    text = path.read_text().replace(json.dumps(old), json.dumps(new))
    return load(text)


# --------------------------------------------------------------- the sheet


@pytest.mark.parametrize("path", [SNOOKER, CARROM])
def test_sheet_agrees_with_the_referee(path: Path) -> None:
    rec = load(path)
    sheet = sheet_from_record(rec)
    ruled = referee_record(load(path))
    assert ruled.error is None and sheet.error == ""
    game = registry.get(rec.game)
    assert (sheet.frame_word, sheet.game_title) == (game.frame_word, game.title)
    assert len(sheet.frames) == len(rec.frames)
    for line, frame, rulings in zip(sheet.frames, ruled.record.frames, ruled.rulings, strict=True):
        assert frame.result is not None
        assert line.winner == frame.result.winner
        assert line.score == frame.result.score
        assert line.starts == frame.starts and line.shots == len(frame.shots)
        for p in sheet.players:  # a player's highest break is the highest "break" of a ruling on his shot
            own = [r.break_ for s, r in zip(frame.shots, rulings, strict=True) if s.player == p]
            assert line.high_break[p] == max(own, default=0)
    result = ruled.referee.match_result()
    assert (sheet.over, sheet.winner) == (result.over, result.winner)
    assert sheet.units_won == {
        p: int(v) for p, v in (ruled.referee.score_fields().get("frames_won") or {}).items()
    }


def test_a_finished_match_counts_the_frames_each_won() -> None:
    sheet = sheet_from_record(load(SNOOKER))
    assert sheet.over and sheet.winner is not None
    for p in sheet.players:
        assert sheet.units_won[p] == sum(1 for f in sheet.frames if f.winner == p)
    assert sheet.winner == max(sheet.units_won, key=lambda p: sheet.units_won[p])


def test_breaks_are_the_visits_points() -> None:
    """Every visit's break, and nothing else: a snooker player's breaks in a frame add up to the
    points his fair strokes scored (Section 2 Rule 8: a break is the points of one visit),
    the highest is his high break, and none is 0."""
    ruled = referee_record(load(SNOOKER))
    sheet = sheet_from_record(load(SNOOKER))
    for line, frame, rulings in zip(sheet.frames, ruled.record.frames, ruled.rulings, strict=True):
        for p in sheet.players:
            fair = [
                r.points for s, r in zip(frame.shots, rulings, strict=True) if s.player == p and not r.foul
            ]
            assert sum(line.breaks[p]) == sum(fair)
            assert max(line.breaks[p], default=0) == line.high_break[p]
            assert all(b > 0 for b in line.breaks[p])
    for p in sheet.players:
        everything = sorted((b for f in sheet.frames for b in f.breaks[p]), reverse=True)
        assert sheet.best_breaks(p, 3) == everything[:3]


def test_an_unfinished_match_has_no_winner() -> None:
    sheet = sheet_from_record(load(CARROM))
    assert not sheet.over and sheet.winner is None


def test_a_bad_game_is_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="not a registered game"):
        blank_sheet("croquet", ["A", "B"], 3)
    with pytest.raises(ValueError, match="frames: 0 rows"):
        blank_sheet("snooker", ["A", "B"], 0)


def test_match_length_is_worded_by_the_game_facts() -> None:
    for name in registry.names():
        facts = registry.get(name).facts()
        for key, _one, many in facts["match_length"]:
            text, rows = match_length(name, {key: 3})
            assert text == many.format(n=3)
            assert rows == (3 if facts["match_unit"] == facts["frame_word"] else None)
        assert match_length(name, None) == ("", None)


# -------------------------------------------------------------------- PDFs


def test_score_card_prints_every_frame_the_result_and_the_referee() -> None:
    from potshot.paper.pdf import score_card

    sheet = sheet_from_record(load(SNOOKER), id="m1", table="Table 2")
    words = _pdf_words(score_card(sheet))
    a, b = sheet.players
    for f in sheet.frames:
        row = [str(f.number), f.starts, str(f.score[a]), str(f.score[b])]
        row += [str(f.high_break[a]), str(f.high_break[b]), str(f.winner)]
        assert _has_run(words, row), row
    assert _has_run(words, [a, str(sheet.units_won[a]), "–", str(sheet.units_won[b]), b])
    assert _has_run(words, ["Referee:", *sheet.referee.split()])
    assert _has_run(words, ["Winner:", f"{sheet.winner}."])
    assert _has_run(words, ["Table:", "Table", "2"])
    best = sheet.best_breaks(a)
    assert _has_run(words, ["Best", "breaks:", a, *[f"{x}," for x in best[:-1]], f"{best[-1]};"])


def test_blank_score_card_has_a_row_a_frame_and_nothing_filled_in() -> None:
    from potshot.paper.pdf import score_card

    length, rows = match_length("snooker", {"best_of": 5})
    sheet = blank_sheet("snooker", ["Ann", "Bob"], rows or 0, length=length, title="Ann v Bob", table="T3")
    words = _pdf_words(score_card(sheet))
    text = " ".join(words)
    assert "best of 5" in text and "Ann v Bob" in text and "Table: T3" in text
    header = words.index("Winner")
    assert words[header + 1 : header + 6] == ["1", "2", "3", "4", "5"]  # the rows, empty
    assert "Result" in text and "Referee:" in text


def test_score_card_of_a_game_without_frames_words_it_by_its_facts() -> None:
    from potshot.paper.pdf import score_card

    sheet = sheet_from_record(load(CARROM))
    words = _pdf_words(score_card(sheet))
    assert sheet.frame_word.capitalize() in words
    assert "Unfinished." in words
    assert f"({sheet.match_units})" in words


def test_names_print_as_given() -> None:
    from potshot.paper.pdf import _fonts, score_card

    sheet = blank_sheet("snooker", ["Пётр", "O'Neil <b>"], 2)
    words = _pdf_words(score_card(sheet))
    assert "O'Neil" in words and "<b>" in words  # the markup-like name is text, not markup
    if _fonts()[0] != "Helvetica":  # DejaVu Sans: Cyrillic prints
        assert "Пётр" in words


def _knockout_view() -> dict[str, Any]:
    from potshot.tournament.pairing import knockout_first_round

    players = ["Ann", "Bob", "Cy", "Dan", "Eve", "Flo"]
    ms = []
    for i, (a, b) in enumerate(knockout_first_round(players)):
        m: dict[str, Any] = {"id": f"k{i}", "a": a, "b": b, "table": None if b is None else "Table 1"}
        m |= {"status": "bye", "frames": None, "winner": a} if b is None else {}
        m |= {"status": "over", "frames": {a: 2, b: 1}, "winner": a} if b is not None else {}
        ms.append(m)
    return {
        "id": "t1",
        "name": "Winter Cup",
        "game": "snooker",
        "format": "knockout",
        "players": players,
        "rounds": [{"round": 1, "matches": ms}],
        "standings": [],
        "ratings": {},
    }


def test_draw_sheet_prints_the_bracket_and_every_pairing() -> None:
    from potshot.paper.pdf import draw_sheet

    t = _knockout_view()
    words = _pdf_words(draw_sheet(t))
    assert _has_run(words, ["Winter", "Cup"])
    assert "Final" in words and "Round" in words
    for m in t["rounds"][0]["matches"]:
        if m["b"] is None:
            assert _has_run(words, [m["a"], "bye", "(bye)", m["a"]])
        else:
            assert _has_run(words, ["Table", "1", m["a"], "2", "–", "1", m["b"], m["winner"]])


def test_standings_pdf_lists_the_players_in_order_with_points_and_ratings() -> None:
    from potshot.paper.pdf import standings_pdf
    from potshot.tournament.glicko2 import Rating, rate_period

    sheets = [sheet_from_record(load(SNOOKER), id="m1")]
    view = event_from_sheets("Club night", sheets)
    ratings = rate_period(
        {p: Rating() for p in view["players"]}, [(sheets[0].players[0], sheets[0].players[1], 0.0)]
    )
    view["ratings"] = {p: {"rating": r.rating, "rd": r.rd} for p, r in ratings.items()}
    words = _pdf_words(standings_pdf(view))
    for i, s in enumerate(view["standings"], 1):
        r = view["ratings"][s["player"]]
        row = [str(i), s["player"], f"{s['points']:g}", str(s["played"]), str(s["won"])]
        row += [
            str(s["frames_for"]),
            str(s["frames_against"]),
            f"{s['buchholz']:g}",
            f"{r['rating']:.0f}",
            "±",
        ]
        assert _has_run(words, row), row
    assert view["standings"][0]["player"] == sheets[0].winner


# --------------------------------------------------------------------- CSV


AWKWARD = ['Smith, "Jr"', "Line\nbreak", "Åsa Öberg", "José"]


def test_csv_round_trips_awkward_names() -> None:
    rec = _renamed(SNOOKER, "Ann", AWKWARD[0])
    sheet = sheet_from_record(rec, id="m,1", title=AWKWARD[1], referee=AWKWARD[2])
    text = matches_csv([sheet])
    assert not text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert tuple(rows[0]) == MATCH_COLUMNS and len(rows) == 2
    got = dict(zip(rows[0], rows[1], strict=True))
    assert got["id"] == "m,1" and got["title"] == AWKWARD[1] and got["referee"] == AWKWARD[2]
    assert got["player_a"] == AWKWARD[0]
    assert int(got["units_a"]) == sheet.units_won[AWKWARD[0]]
    assert got["over"] == "yes" and got["winner"] == sheet.winner

    rows = list(csv.reader(io.StringIO(frames_csv([sheet]), newline="")))
    assert tuple(rows[0]) == FRAME_COLUMNS and len(rows) == 1 + len(sheet.frames)
    for row, f in zip(rows[1:], sheet.frames, strict=True):
        got = dict(zip(rows[0], row, strict=True))
        assert got["match"] == "m,1" and int(got["frame"]) == f.number
        assert int(got["score_a"]) == f.score[AWKWARD[0]] and got["winner"] == f.winner


def test_tournament_csv_round_trips() -> None:
    t = _knockout_view()
    t["players"][0] = AWKWARD[0]
    t["rounds"][0]["matches"][0]["a"] = t["rounds"][0]["matches"][0]["winner"] = AWKWARD[0]
    rows = list(csv.reader(io.StringIO(results_csv(t), newline="")))
    assert tuple(rows[0]) == RESULT_COLUMNS
    assert len(rows) == 1 + len(t["rounds"][0]["matches"])
    first = dict(zip(rows[0], rows[1], strict=True))
    assert first["player_a"] == AWKWARD[0] and first["player_b"] == "" and first["status"] == "bye"
    played = [dict(zip(rows[0], r, strict=True)) for r in rows[1:] if r[5]]
    assert played and all(
        (p["units_a"], p["units_b"], p["winner"]) == ("2", "1", p["player_a"]) for p in played
    )

    view = event_from_sheets("Night", [sheet_from_record(_renamed(SNOOKER, "Bob", AWKWARD[1]))])
    rows = list(csv.reader(io.StringIO(standings_csv(view), newline="")))
    assert tuple(rows[0]) == STANDING_COLUMNS
    assert [r[1] for r in rows[1:]] == [s["player"] for s in view["standings"]]
    assert AWKWARD[1] in [r[1] for r in rows[1:]]


# -------------------------------------------------------------------- site


def _links(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="([^"]*)"', html)


def _check_site(out: Path) -> list[Path]:
    pages = sorted(out.rglob("*.html"))
    assert pages
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert "<script" not in html.lower()  # no JavaScript, and no name turned into markup
        for href in _links(html):
            assert not href.startswith(("/", "http:", "https:", "//")), (page, href)
            target = (page.parent / href.replace("&amp;", "&")).resolve()
            assert target.is_file(), f"{page.relative_to(out)} links to missing {href}"
            assert out.resolve() in target.parents
    return pages


def test_site_from_records_links_resolve_and_names_are_escaped(tmp_path: Path) -> None:
    src = tmp_path / "records"
    src.mkdir()
    evil_rec = _renamed(SNOOKER, "Ann", EVIL)
    evil_rec.meta = {**(evil_rec.meta or {}), "event": EVIL + " night"}
    from potshot.record.io import dumps

    (src / "one.json").write_text(dumps(evil_rec))
    (src / "two.json").write_text(CARROM.read_text())
    site = from_records([src], title="Club <results>")
    pages = _check_site(_written(site, tmp_path / "out"))
    names = {p.relative_to(tmp_path / "out").as_posix() for p in pages}
    assert {"index.html", "m/one.html", "m/two.html"} <= names
    index = (tmp_path / "out/index.html").read_text()
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co" in index
    assert "Club &lt;results&gt;" in index
    card = (tmp_path / "out/m/one.html").read_text()
    sheet = sheet_from_record(evil_rec)
    for f in sheet.frames:  # each frame's row: number, starter, the two scores
        cells = [str(f.number), _esc(f.starts), str(f.score[EVIL]), str(f.score[sheet.players[1]])]
        assert re.search(r"<tr><td[^>]*>" + r"</td><td[^>]*>".join(map(re.escape, cells)) + "</td>", card)
    event = next(p for p in pages if p.parent.name == "t")
    html = event.read_text()
    assert "../m/one.html" in html and "Standings" in html
    assert (event.parent / (event.stem + "-standings.csv")).is_file()


def _esc(s: str) -> str:
    from html import escape

    return escape(s, quote=True)


def _written(site: Site, out: Path) -> Path:
    write_site(site, out)
    return out


def test_site_draws_a_knockout_bracket_and_links_match_pages(tmp_path: Path) -> None:
    t = _knockout_view()
    sheet = sheet_from_record(load(SNOOKER), id="k1")
    out = _written(Site(title="Club", tournaments=[t], sheets=[sheet]), tmp_path / "out")
    _check_site(out)
    html = (out / "t/t1.html").read_text()
    assert 'class="bracket"' in html and 'href="../m/k1.html"' in html
    # a winner in bold, the loser plain, in the bracket
    played = next(m for m in t["rounds"][0]["matches"] if m["b"])
    assert f'<span class="win">{played["a"]}</span><span>{played["b"]}</span>' in html


def test_slug_keeps_pages_inside_the_site() -> None:
    for ident in ("../../etc/passwd", "a/b", "x y", "..", "<script>"):
        s = slug(ident)
        assert re.fullmatch(r"[A-Za-z0-9_-]+", s), s
    assert slug("a/b") != slug("a-b")


def test_cli_site(tmp_path: Path) -> None:
    out = tmp_path / "public"
    r = CliRunner().invoke(main, ["site", str(out), str(SNOOKER), "--title", "Results"])
    assert r.exit_code == 0, r.output
    assert "1 matches" in r.output
    _check_site(out)
    assert (out / "m/snooker-match.html").is_file()
    rows = list(csv.reader((out / "matches.csv").open(newline="", encoding="utf-8")))
    assert rows[1][0] == "snooker-match"
    r = CliRunner().invoke(main, ["site", str(out)])
    assert r.exit_code == 2 and "name match records" in r.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "snooker"}')
    r = CliRunner().invoke(main, ["site", str(out), str(bad)])
    assert r.exit_code == 1 and "bad.json: not a match record" in r.output


DOUBLES = RECORDS / "carrom-doubles-board.json"


def test_doubles_cards_show_the_teams() -> None:
    """A doubles record (carrom, ``players: [[A1, A2], [B1, B2]]``): each side is the team, its
    score the team's (the referee keys it by every member), its breaks its members' visits."""
    from potshot.paper.pdf import score_card

    rec = load(DOUBLES)
    ruled = referee_record(load(DOUBLES))
    sheet = sheet_from_record(rec)
    teams = [" & ".join(t) for t in rec.players if isinstance(t, list)]
    assert sheet.players == teams and len(teams) == 2
    (line,) = sheet.frames
    result = ruled.record.frames[0].result
    assert result is not None
    for team, members in zip(teams, rec.players, strict=True):
        assert all(line.score[team] == result.score[m] for m in members)
        own = [
            r.break_
            for s, r in zip(rec.frames[0].shots, ruled.rulings[0], strict=True)
            if s.player in members
        ]
        assert line.high_break[team] == max(own)
    assert line.winner in teams
    words = _pdf_words(score_card(sheet))
    a, b = (t.split() for t in teams)
    assert _has_run(words, ["1", line.starts, str(line.score[teams[0]]), str(line.score[teams[1]])])
    assert _has_run(words, ["Referee", *a, *b])  # a signature box for each team


def test_site_of_a_potshot_tournament_folder(tmp_path: Path) -> None:
    """``potshot tournament -o DIR`` then ``potshot site OUT DIR``: the tournament's page (its
    standings as the tournament's own table, its rounds linking each match's page), no record
    mistaken for the summary."""
    from potshot.tournament.engine import Entrant, serial_engine
    from potshot.tournament.runner import TournamentSpec, run, save

    t = run(
        TournamentSpec(
            "snooker", tuple(Entrant(n) for n in ("Ann", "Bob", "Cy")), seed=1, reds=6, max_shots=40
        ),
        serial_engine,
    )
    save(t, tmp_path / "league")
    out = tmp_path / "public"
    r = CliRunner().invoke(main, ["site", str(out), str(tmp_path / "league")])
    assert r.exit_code == 0, r.output
    _check_site(out)
    page = (out / "t/tournament-league.html").read_text()
    table = t.table()
    rows = re.findall(r'<tr><td class="n">(\d+)</td><td>([^<]*)</td><td class="n">([^<]*)</td>', page)
    assert [(int(i), p, float(pts)) for i, p, pts in rows] == [
        (i, s.player, s.points) for i, s in enumerate(table, 1)
    ]
    for res in t.results:
        assert f'href="../m/league-{res.match_id}.html"' in page
        assert f"{res.frames_a}–{res.frames_b}" in page
    rating = t.ratings[table[0].player]
    assert f"{rating.rating:.0f} ± {rating.rd:.0f}" in page


def test_a_match_in_play_is_left_blank_on_the_draw() -> None:
    """The live frames of a match still in play are not its result: the draw sheet leaves the
    result to be written in, and the site shows none."""
    from potshot.paper.pdf import draw_sheet

    t = _knockout_view()
    m = next(m for m in t["rounds"][0]["matches"] if m["b"])
    m |= {"status": "playing", "frames": {m["a"]: 1, m["b"]: 0}, "winner": None}
    words = _pdf_words(draw_sheet(t))
    assert _has_run(words, ["Table", "1", m["a"], m["b"]])
    page = tournament_page(t, set())
    assert f'<td>{m["a"]}</td><td class="n"></td><td>{m["b"]}</td>' in page


THREE = RECORDS / "russian-three.json"


def test_a_game_of_three_sides_gets_a_column_pair_each(tmp_path: Path) -> None:
    """A Russian game of three players (12 shots, unfinished): the card and the match page give
    each player a score and a high-break column, the scores where the last ruling left them."""
    from potshot.paper.pdf import score_card

    rec = load(THREE)
    ruled = referee_record(load(THREE))
    sheet = sheet_from_record(rec)
    assert sheet.players == rec.player_names() and len(sheet.players) == 3
    (line,) = sheet.frames
    assert line.score == {p: ruled.rulings[0][-1].score[p] for p in sheet.players}
    assert not line.over and line.winner is None and not sheet.over
    words = _pdf_words(score_card(sheet))
    row = ["1", line.starts, *[str(line.score[p]) for p in sheet.players]]
    row += [str(line.high_break[p]) for p in sheet.players] + ["unfinished"]
    assert _has_run(words, row)
    assert _has_run(words, ["Referee", *sheet.players])
    out = _written(Site(sheets=[sheet]), tmp_path / "out")
    _check_site(out)
    page = (out / f"m/{slug(sheet.heading)}.html").read_text()
    assert "".join(f'<td class="n">{line.score[p]}</td>' for p in sheet.players) in page
