"""Printable PDFs through ReportLab (pure Python): score cards, played or blank to fill in by
hand, draw sheets with a knockout's bracket, and standings. A4 portrait; each function returns the
PDF's bytes.

The text is set in DejaVu Sans where the system has it (Latin, Greek and Cyrillic names print),
else in ReportLab's built-in Helvetica (Latin-1 only).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from potshot.paper import MatchSheet

FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/local/share/fonts")


def _rl() -> Any:
    try:
        import reportlab
    except ImportError:
        raise RuntimeError(
            "the PDFs need ReportLab: pip install 'potshot[web]' (or pip install reportlab)"
        ) from None
    return reportlab


_FONTS: tuple[str, str] | None = None


def _fonts() -> tuple[str, str]:
    """The regular and bold font names, registered once."""
    global _FONTS
    if _FONTS is None:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        _FONTS = ("Helvetica", "Helvetica-Bold")
        for d in FONT_DIRS:
            reg, bold = Path(d, "DejaVuSans.ttf"), Path(d, "DejaVuSans-Bold.ttf")
            if reg.is_file() and bold.is_file():
                pdfmetrics.registerFont(TTFont("PotshotSans", str(reg)))
                pdfmetrics.registerFont(TTFont("PotshotSans-Bold", str(bold)))
                _FONTS = ("PotshotSans", "PotshotSans-Bold")
                break
    return _FONTS


def _styles() -> dict[str, Any]:
    from reportlab.lib.styles import ParagraphStyle

    reg, bold = _fonts()
    return {
        "title": ParagraphStyle("title", fontName=bold, fontSize=17, leading=21, spaceAfter=4),
        "sub": ParagraphStyle("sub", fontName=reg, fontSize=10, leading=13, spaceAfter=8),
        "h2": ParagraphStyle("h2", fontName=bold, fontSize=12, leading=15, spaceBefore=10, spaceAfter=4),
        "cell": ParagraphStyle("cell", fontName=reg, fontSize=9.5, leading=12),
        "cellb": ParagraphStyle("cellb", fontName=bold, fontSize=9.5, leading=12),
        "note": ParagraphStyle("note", fontName=reg, fontSize=8, leading=10, spaceBefore=8),
    }


def _p(text: Any, style: Any) -> Any:
    """A paragraph of plain text (ReportLab's paragraphs read markup: the text is escaped)."""
    from xml.sax.saxutils import escape

    from reportlab.platypus import Paragraph

    return Paragraph(escape(str(text)), style)


def _doc(story: list[Any], title: str) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    buf = io.BytesIO()
    doc = SimpleDocTemplate(
        buf,
        pagesize=A4,
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=15 * mm,
        title=title,
        author="potshot",
        creator="potshot",
    )
    doc.build(story)
    return buf.getvalue()


def _grid(rows: list[list[Any]], widths: Sequence[float], *, height: float | None = None) -> Any:
    from reportlab.lib import colors
    from reportlab.platypus import Table, TableStyle

    _, bold = _fonts()
    t = Table(
        rows,
        colWidths=list(widths),
        rowHeights=None if height is None else [None] + [height] * (len(rows) - 1),
        repeatRows=1,
    )
    t.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.6, colors.black),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e6e6e6")),
                ("FONTNAME", (0, 0), (-1, 0), bold),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("FONTNAME", (0, 1), (-1, -1), _fonts()[0]),
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ]
        )
    )
    return t


def _cap(word: str) -> str:
    return word[:1].upper() + word[1:]


def score_card(sheet: MatchSheet) -> bytes:
    """A match's score card: its frames (boards, games) with each player's score and highest break,
    the winners, the units won, the referee; a blank sheet's rows are left to fill in by hand,
    with room to sign."""
    _rl()
    from reportlab.lib.units import mm
    from reportlab.platypus import Spacer

    st = _styles()
    sides = sheet.players
    blank = not any(f.shots for f in sheet.frames)
    story: list[Any] = [_p(sheet.event or sheet.game_title, st["sub"]), _p(sheet.heading, st["title"])]
    facts = [sheet.game_title + (f", {sheet.length}" if sheet.length else "")]
    if sheet.table:
        facts.append(f"Table: {sheet.table}")
    facts.append(f"Referee: {sheet.referee or ('_' * 24 if blank else '-')}")
    if sheet.date:
        facts.append(f"Date: {sheet.date}")
    elif blank:
        facts.append("Date: " + "_" * 14)
    if sheet.id:
        facts.append(f"Match {sheet.id}")
    story.append(_p("  ·  ".join(facts), st["sub"]))
    head = [_cap(sheet.frame_word), "Starts"]
    head += [_p(p, st["cellb"]) for p in sides] + [_p(f"High break {p}", st["cellb"]) for p in sides]
    rows: list[list[Any]] = [[*head, "Winner"]]
    for f in sheet.frames:
        if blank or not f.shots:
            rows.append([str(f.number)] + [""] * (len(head) - 1) + [""])
            continue
        rows.append(
            [str(f.number), _p(f.starts, st["cell"])]
            + [str(f.score.get(p, 0)) for p in sides]
            + [str(f.high_break.get(p, 0)) for p in sides]
            + [_p(f.winner or ("unfinished" if not f.over else "-"), st["cell"])]
        )
    each = 116 * mm / max(1, 2 * len(sides))
    widths = [14 * mm, 24 * mm] + [each] * (2 * len(sides)) + [26 * mm]
    story.append(_grid(rows, widths, height=10 * mm if blank else None))
    story.append(Spacer(1, 6 * mm))
    units = sheet.match_units
    won = sheet.units_won
    if blank:
        story.append(_p(f"Result ({units}): " + "   ".join(f"{p} ______" for p in sides), st["h2"]))
        story.append(_p("Winner: " + "_" * 30, st["h2"]))
    else:
        if len(sides) == 2:
            line = f"{sides[0]} {won.get(sides[0], 0)} – {won.get(sides[1], 0)} {sides[1]} ({units})"
        else:
            line = ", ".join(f"{p} {won.get(p, 0)}" for p in sides) + f" ({units})"
        story.append(_p(line, st["h2"]))
        verdict = f"Winner: {sheet.winner}" if sheet.winner else ("Drawn" if sheet.over else "Unfinished")
        hb = sheet.high_break
        highs = ", ".join(f"{p} {hb.get(p, 0)}" for p in sides)
        story.append(_p(f"{verdict}.  High breaks: {highs}.", st["sub"]))
        best = [f"{p} {', '.join(map(str, sheet.best_breaks(p)))}" for p in sides if sheet.best_breaks(p)]
        if best:
            story.append(_p("Best breaks: " + "; ".join(best) + ".", st["sub"]))
        if sheet.error:
            story.append(_p(f"The record stops ruling: {sheet.error}", st["note"]))
    story.append(Spacer(1, 12 * mm))
    sign = [["Referee", *sides], [""] * (1 + len(sides))]
    story.append(_grid(sign, [180 * mm / (1 + len(sides))] * (1 + len(sides)), height=14 * mm))
    story.append(_p("Printed by potshot.", st["note"]))
    return _doc(story, sheet.heading)


def _result_text(m: dict[str, Any]) -> str:
    if m.get("b") is None:
        return "bye"
    f = m.get("frames") or {}
    if not f or m.get("status") != "over":  # a match in play: left blank, to be written in
        return ""
    return f"{f.get(m['a'], 0)} – {f.get(m['b'], 0)}"


class _Bracket:
    """A knockout bracket drawn as boxes joined by lines, one column a round; rounds not yet paired
    are drawn empty, down to the final."""

    def __init__(self, rounds: list[dict[str, Any]], players: int, width: float) -> None:
        self.rounds = rounds
        first = len(rounds[0]["matches"]) if rounds else max(1, math.ceil(players / 2))
        self.n_rounds = max(len(rounds), math.ceil(math.log2(max(players, 2))))
        self.first = first
        self.width = width
        self.box_h = 30.0
        self.gap = 8.0
        self.height = first * (self.box_h + self.gap) + 20

    def flowable(self) -> Any:
        from reportlab.platypus import Flowable

        outer = self

        class F(Flowable):  # type: ignore[misc]
            def wrap(self, aw: float, ah: float) -> tuple[float, float]:
                return outer.width, outer.height

            def draw(self) -> None:
                outer.draw(self.canv)

        return F()

    def draw(self, c: Any) -> None:
        reg, bold = _fonts()
        col_w = self.width / self.n_rounds
        box_w = col_w - 16
        ys: list[float] = [self.height - 20 - (i + 0.5) * (self.box_h + self.gap) for i in range(self.first)]
        for r in range(self.n_rounds):
            x = r * col_w
            c.setFont(bold, 9)
            c.drawString(x, self.height - 10, "Final" if r == self.n_rounds - 1 else f"Round {r + 1}")
            ms = self.rounds[r]["matches"] if r < len(self.rounds) else []
            if r > 0:  # each box fed by two of the last round's (the winners meet), joined by lines
                prev = ys
                ys = [
                    sum(prev[2 * i : 2 * i + 2]) / len(prev[2 * i : 2 * i + 2])
                    for i in range((len(prev) + 1) // 2)
                ]
                mid = x - 8
                c.setLineWidth(0.7)
                for i, y in enumerate(ys):
                    feeders = prev[2 * i : 2 * i + 2]
                    c.line(mid, min(feeders), mid, max(feeders))
                    c.line(mid, y, x, y)
                if len(ms) > len(ys):  # more pairings than the halving gives: one row each
                    ys = ys + [ys[-1] - (k + 1) * (self.box_h + self.gap) for k in range(len(ms) - len(ys))]
            for i, y in enumerate(ys):
                m = ms[i] if i < len(ms) else None
                c.setLineWidth(0.7)
                c.rect(x, y - self.box_h / 2, box_w, self.box_h)
                c.line(x, y, x + box_w, y)
                if r < self.n_rounds - 1:
                    c.line(x + box_w, y, x + col_w - 8, y)
                if m is None:
                    continue
                f = m.get("frames") or {}
                for name, dy in ((m["a"], 4), (m.get("b"), -self.box_h / 2 + 4)):
                    won = name is not None and m.get("winner") == name
                    c.setFont(bold if won else reg, 8.5)
                    c.drawString(x + 3, y + dy, _fit(c, name if name is not None else "(bye)", box_w - 24))
                    if name is not None and m.get("b") is not None and f and m.get("status") == "over":
                        c.drawRightString(x + box_w - 3, y + dy, str(f.get(name, "")))


def _fit(c: Any, text: str, width: float) -> str:
    """``text`` cut with an ellipsis to ``width`` points in the canvas' font."""
    if c.stringWidth(text) <= width:
        return text
    while text and c.stringWidth(text + "…") > width:
        text = text[:-1]
    return text + "…"


def draw_sheet(tournament: dict[str, Any]) -> bytes:
    """A tournament's draw: a knockout's bracket, then every round's pairings with their tables and
    results (blank where still to be played, for the results to be written in)."""
    _rl()
    from reportlab.lib.units import mm
    from reportlab.platypus import Spacer

    st = _styles()
    story: list[Any] = [_p(tournament.get("name", ""), st["title"]), _p(_t_facts(tournament), st["sub"])]
    rounds = tournament.get("rounds", [])
    if tournament.get("format") == "knockout":
        story.append(_Bracket(rounds, len(tournament.get("players", [])), 180 * mm).flowable())
        story.append(Spacer(1, 6 * mm))
    for rnd in rounds:
        story.append(_p(f"Round {rnd['round']}", st["h2"]))
        rows: list[list[Any]] = [["Table", "Player", "Result", "Player", "Winner"]]
        for m in rnd["matches"]:
            rows.append(
                [
                    _p(m.get("table") or "", st["cell"]),
                    _p(m["a"], st["cell"]),
                    _result_text(m),
                    _p(m.get("b") or "(bye)", st["cell"]),
                    _p(m.get("winner") or "", st["cell"]),
                ]
            )
        story.append(_grid(rows, [28 * mm, 45 * mm, 22 * mm, 45 * mm, 40 * mm]))
    if not rounds:
        story.append(_p("Entrants: " + ", ".join(tournament.get("players", [])), st["sub"]))
    return _doc(story, f"{tournament.get('name', '')}: draw")


def _t_facts(t: dict[str, Any]) -> str:
    from potshot import games as registry

    title = registry.get(t["game"]).title if t.get("game") in registry.names() else str(t.get("game", ""))
    fmt = str(t.get("format", "")).replace("_", " ")
    return f"{title}  ·  {fmt}  ·  {len(t.get('players', []))} players"


def standings_pdf(tournament: dict[str, Any]) -> bytes:
    """A tournament's standings in order (points, then Buchholz, frame difference, frames won),
    with each player's Glicko-2 rating and deviation where rated."""
    _rl()
    from reportlab.lib.units import mm

    st = _styles()
    story: list[Any] = [
        _p(tournament.get("name", ""), st["title"]),
        _p(_t_facts(tournament) + "  ·  standings", st["sub"]),
    ]
    ratings = tournament.get("ratings") or {}
    standings = tournament.get("standings", [])
    swiss = any("buchholz" in t for t in standings)  # the tie-break column only where it breaks ties
    head = ["#", "Player", "Points", "Played", "Won", "For", "Against"] + (["Buchholz"] if swiss else [])
    rows: list[list[Any]] = [[*head, "Rating"]]
    for i, t in enumerate(standings, 1):
        r = ratings.get(t["player"])
        rows.append(
            [
                str(i),
                _p(t["player"], st["cell"]),
                f"{t['points']:g}",
                str(t["played"]),
                str(t["won"]),
                str(t["frames_for"]),
                str(t["frames_against"]),
                *([f"{t.get('buchholz', 0):g}"] if swiss else []),
                f"{r['rating']:.0f} ± {r['rd']:.0f}" if r else "",
            ]
        )
    widths = [10 * mm, 50 * mm, 16 * mm, 16 * mm, 14 * mm, 14 * mm, 18 * mm] + ([20 * mm] if swiss else [])
    story.append(_grid(rows, [*widths, 22 * mm]))
    story.append(
        _p(
            "Points: a win 1, a draw 0.5, a bye 1; ties by Buchholz, then frame difference, then frames won. "
            "Ratings: Glicko-2, one rating period a round.",
            st["note"],
        )
    )
    return _doc(story, f"{tournament.get('name', '')}: standings")
