"""A self-contained HTML page that replays a record's shots, to scale and at real speed.

:func:`write_replay_html` draws the table (snooker and Russian billiards: the
playing surface, cushions with the rounded jaws the physics uses -- the same
outlines, from :mod:`potshot.equipment.cushions` -- pockets, baulk line, D and
spots; carrom: the board, pockets, centre and outer circles, base lines and base
circles, arrows and seats, as the SVG draws them) on a canvas filling the
window, a long table turned sideways on a wide screen, and animates every piece
along its ``(t, x, y)`` trajectory samples at 0.25x to 8x. A potted piece
vanishes when it drops; after the shot every piece stands where the record puts
it (a re-spotted colour back on its spot). A shot without trajectories jumps from
the position before it to the position after it.

The page has a score board (:meth:`Style.scoreboard`), the shot list under frame
headings (a carrom board is a *board*, a Russian-billiards frame a *game*) that
follows the current shot, a caption per shot for people (the game's narrator, :mod:`potshot.narration`:
"Ann pots red into the top-left pocket (1); break 9") with the ruling's details
under it, keyboard shortcuts and URL parameters (``#frame=2&shot=5&speed=4``);
the page's help (``?``) and ``docs/replay.md`` list them. Frames and shots count
from 1 on the page; the data inside keeps the record's 0-based frame index.

The page needs nothing else: the data is inlined as JSON, the player
(``replay.js``) and its style sheet (``replay.css``) are inlined from this package.
Nothing here imports the physics: trajectories come in as data.
"""

from __future__ import annotations

import html
import json
import math
import re
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from potshot.match.text import points_text
from potshot.narration import ruling_map, winner_first
from potshot.record.model import Frame, OffTable, Pot, Record, RulingDict, Shot
from potshot.render.styles import Scoreboard, Style, style

Trajectory = list[tuple[float, ...]]
"""``(t, x, y)`` samples (seconds, mm), or ``(t, x, y, z)`` for a ball that left the cloth."""
TrajectoriesPerShot = Sequence[Mapping[str, Trajectory] | None]

SPEEDS: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
"""The replay's speeds (the speed menu, the arrow keys, ``#speed=``)."""


def ball_colour(game: str, name: str) -> str:
    """The fill colour of a ball or piece by name (``red7`` -> red, ``black2`` -> black), as the SVG fills it.

    >>> ball_colour("snooker", "red12"), ball_colour("carrom", "white3"), ball_colour("russian", "black1")
    ('#c8102e', '#f6efd9', '#111111')
    """
    st = style(game)
    base = name.rstrip("0123456789")
    return st.fills.get(base) or st.fill(name)


def table_drawing(
    game: str, rules: Mapping[str, Any] | None = None
) -> tuple[dict[str, Any], dict[str, float]]:
    """The game's table (or board) in the one schema (:mod:`potshot.render.geometry`, with ``width``,
    ``length`` and ``margin`` for the page's frame), and the cue piece's radius (mm) under ``"default"``."""
    from potshot.render.geometry import table_geometry

    st = style(game)
    g = table_geometry(game, rules)
    width, length = g["size"]
    data = {**g, "width": width, "length": length, "margin": g["border"]}
    return data, {"default": st.radius(st.cue_piece, rules)}


def _summary(ruling: RulingDict | None) -> str:
    """A one-line summary of a ruling of any game."""
    if not ruling:
        return ""
    parts: list[str] = []
    if ruling.get("foul"):
        why = "; ".join(str(f) for f in ruling.get("fouls", []) or [])
        parts.append(f"foul ({why})" if why else "foul")
        if ruling.get("penalty"):
            parts.append(f"penalty {ruling['penalty']}")
    elif ruling.get("points") is not None:
        parts.append(f"{ruling['points']} point(s)")
    if ruling.get("score"):
        parts.append("score " + points_text(ruling["score"]))
    if ruling.get("next"):
        parts.append(f"next: {ruling['next']}")
    if ruling.get("frame_over"):
        parts.append(f"frame over, winner {ruling.get('winner')}")
    return " · ".join(parts)


def caption(game: str, shot: Shot) -> str:
    """A shot's ruling in the game's terms (:meth:`Style.details`; a generic summary for other games).

    The sentence for people is :func:`potshot.render.styles.caption`.

    >>> from potshot.record.model import Shot
    >>> caption("snooker", Shot(player="Ann", ruling={"foul": True, "fouls": ["no red hit"], "penalty": 4,
    ...     "score": {"Ann": 0, "Bob": 4}, "next": "Bob"}))
    'foul (no red hit) · penalty 4 · score Ann 0, Bob 4 · next: Bob'
    """
    try:
        st = style(game)
    except ValueError:
        return _summary(ruling_map(shot.ruling))
    return st.details(shot)


TRACK_TOLERANCE = 0.5
"""mm: how far the page's linear interpolation between kept trajectory samples may stray from a
dropped sample (1/50 of a snooker ball's radius; invisible at any zoom the page offers)."""


def simplify_track(
    points: Sequence[Sequence[float]], tolerance: float = TRACK_TOLERANCE
) -> list[list[float]]:
    """The ``(t, x, y)`` samples the page needs: a sample is dropped when interpolating between its
    neighbours kept (linearly in time, as the page does) puts the piece within ``tolerance`` mm of it;
    with a height channel (``(t, x, y, z)``, a ball in the air) the distance is in three dimensions,
    so a flight's arc is kept even where its shadow runs straight.

    Douglas-Peucker over time: the first and last samples are always kept, and every dropped
    sample's interpolated position is within ``tolerance`` of its true one.

    >>> simplify_track([[0, 0, 0], [1, 10, 0], [2, 20, 0], [3, 30, 0.1], [4, 30, 5]])
    [[0, 0, 0], [3, 30, 0.1], [4, 30, 5]]
    >>> simplify_track([[0, 0, 0, 0], [1, 10, 0, 9], [2, 20, 0, 0]])  # a hop over a straight line
    [[0, 0, 0, 0], [1, 10, 0, 9], [2, 20, 0, 0]]
    """
    pts = [list(p) for p in points]
    if len(pts) <= 2:
        return pts
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        i, j = stack.pop()
        (t0, x0, y0, *h0), (t1, x1, y1, *h1) = pts[i], pts[j]
        z0, z1 = (h0 or [0.0])[0], (h1 or [0.0])[0]
        span = t1 - t0
        worst, at = -1.0, -1
        for k in range(i + 1, j):
            f = (pts[k][0] - t0) / span if span > 0 else 0.0
            zk = pts[k][3] if len(pts[k]) > 3 else 0.0
            err = math.hypot(
                x0 + f * (x1 - x0) - pts[k][1], y0 + f * (y1 - y0) - pts[k][2], z0 + f * (z1 - z0) - zk
            )
            if err > worst:
                worst, at = err, k
        if worst > tolerance:
            keep[at] = True
            stack += [(i, at), (at, j)]
    return [p for p, k in zip(pts, keep, strict=True) if k]


def _pos(p: Any) -> list[float] | None:
    return None if p is None else [round(float(p[0]), 3), round(float(p[1]), 3)]


def _gone(shot: Shot, traj: Mapping[str, Any] | None) -> dict[str, float]:
    """When each piece the shot pots (or sends off the table) leaves the surface, in seconds.

    The event's ``t``; for an event without one, the end of the piece's trajectory.
    """
    out: dict[str, float] = {}
    for e in shot.events:
        if isinstance(e, (Pot, OffTable)) and e.ball not in out:
            if e.t is not None:
                out[e.ball] = round(float(e.t), 4)
            elif traj and traj.get(e.ball):
                out[e.ball] = float(traj[e.ball][-1][0])
    return out


def _frame_result(st: Style, frame: Frame, last: RulingDict) -> str:
    """``Ann 64-7``, ``won by P2``, ``void``, or ``unfinished``."""
    res = frame.result
    winner = res.winner if res is not None else last.get("winner") if last.get("frame_over") else None
    if winner:
        score = res.score if res is not None and res.score else {}
        if not st.result_by_score:
            return f"won by {winner}"
        return f"{winner} {winner_first(score, winner)}" if score else f"won by {winner}"
    if last.get("frame_over") or (res is not None):
        return "void" if last.get("void") else "over"
    return "unfinished"


def _refereed(record: Record) -> Record:
    """The record with its missing rulings filled in by the game's referee, when it has one."""
    if all(s.ruling is not None for f in record.frames for s in f.shots):
        return record
    from potshot.render.svg import _with_rulings

    ruled = _with_rulings(record)
    same_shape = len(ruled.frames) == len(record.frames) and all(
        len(a.shots) == len(b.shots) for a, b in zip(ruled.frames, record.frames, strict=True)
    )
    return ruled if same_shape else record


def replay_data(
    record: Record,
    trajectories_per_shot: TrajectoriesPerShot | None = None,
    title: str | None = None,
    *,
    track_tolerance: float = TRACK_TOLERANCE,
) -> dict[str, Any]:
    """Everything the page needs, as plain JSON-able data.

    ``frames``: one entry per frame (board, game) with its heading ``label`` ("Frame 2",
    "Board 1"), its first shot's index in ``shots``, its shot ``count`` and ``result``.
    ``shots``: per shot, its ``frame`` (0-based, as in the record) and number ``n`` in the
    frame (1-based), the ``caption`` sentence and ruling ``details``, the positions
    ``before`` and ``after`` it (``None``: off the table or in hand; ``after`` includes the
    ruling's re-spots), the trajectories ``traj`` (``None`` for a jump), their ``duration``,
    ``gone`` (when each potted piece drops) and the score board before and after it.
    Trajectories are thinned by :func:`simplify_track` to ``track_tolerance`` mm (0 keeps
    every sample).
    """
    from potshot.render.svg import frame_layouts

    st = style(record.game)
    drawing, radii = table_drawing(record.game, record.rules)
    rules = dict(record.rules or {})
    players = record.player_names()
    ruled = _refereed(record)
    shots: list[dict[str, Any]] = []
    frames: list[dict[str, Any]] = []
    names: set[str] = set()
    prev_ruling: RulingDict = {}
    k = 0
    for fi, frame in enumerate(ruled.frames):
        first = len(shots)
        start = st.frame_start(prev_ruling, frame.score, players)
        board_before = st.scoreboard(start, players)
        if frame.shots:
            board_before = Scoreboard(board_before.rows, frame.shots[0].player, board_before.line)
        last: RulingDict = {}
        try:
            layouts = list(frame_layouts(ruled, fi))
        except (ValueError, TypeError, IndexError):  # a record the layouts cannot follow: draw what it says
            layouts = [({}, dict(shot.after or {})) for shot in frame.shots]
        for si, shot in enumerate(frame.shots):
            before, after = layouts[si]
            traj = None
            if trajectories_per_shot is not None and k < len(trajectories_per_shot):
                t = trajectories_per_shot[k]
                if t:
                    traj = {
                        n: simplify_track(
                            [[round(q[0], 4), *(round(v, 2) for v in q[1:])] for q in pts], track_tolerance
                        )
                        for n, pts in t.items()
                    }
            duration = max((pts[-1][0] for pts in (traj or {}).values() if pts), default=0.0)
            names.update(before)
            names.update(after)
            names.update(traj or {})
            r = ruling_map(shot.ruling)
            board_after = st.scoreboard(r, players) if r else board_before
            told = st.narration(shot, r, rules)
            shots.append(
                {
                    "frame": fi,
                    "n": si + 1,
                    "label": f"{st.frame_word} {fi + 1}, shot {si + 1}",
                    "player": shot.player,
                    "caption": told.plain(),
                    "details": told.detail_text() if r else "",
                    "told": told.to_json(),
                    "before": {n: _pos(p) for n, p in before.items()},
                    "after": {n: _pos(p) for n, p in after.items()},
                    "traj": traj,
                    "duration": duration,
                    "gone": _gone(shot, traj),
                    "board_before": board_before.to_json(),
                    "board_after": board_after.to_json(),
                }
            )
            board_before = board_after
            if r:
                last = r
            k += 1
        frames.append(
            {
                "label": f"{st.frame_word.capitalize()} {fi + 1}",
                "first": first,
                "count": len(frame.shots),
                "result": _frame_result(st, frame, last),
            }
        )
        prev_ruling = last or prev_ruling
    ordered = sorted(names)
    return {
        "title": title or f"{st.title}: {' v '.join(players)}",
        "game": record.game,
        "frame_word": st.frame_word,
        "players": players,
        "speeds": list(SPEEDS),
        "table": drawing,
        "radius": {n: st.radius(n, rules) if n else radii["default"] for n in ordered},
        "colour": {n: st.fill(n, rules) for n in ordered},
        "marks": {n: dict(st.marks[mk]) for n in ordered if (mk := _kind(st, n, rules) or "") in st.marks},
        "frames": frames,
        "shots": shots,
    }


def _kind(st: Style, name: str, rules: Mapping[str, Any]) -> str | None:
    try:
        return st.piece_kind(name, rules)[0]
    except ValueError:
        return None


def write_replay_html(
    record: Record,
    path: str | Path,
    trajectories_per_shot: TrajectoriesPerShot | None = None,
    title: str | None = None,
) -> None:
    """Write a page replaying ``record``'s shots (all frames, in order).

    ``trajectories_per_shot``: one entry per shot of the record (frames in
    order), each a mapping ball -> ``[(t, x, y), ...]`` (seconds, mm) as
    :func:`potshot.physics.simulate_shot` gives with ``trajectories=True``, or
    ``None`` for a shot shown as a jump from before to after.
    """
    data = replay_data(record, trajectories_per_shot, title)
    Path(path).write_text(render_page(data), encoding="utf-8")


def _asset(name: str) -> str:
    return resources.files("potshot.render").joinpath(name).read_text(encoding="utf-8")


def table_js() -> str:
    """The pages' table drawer (``potshot/web/static/table.js``, an ES module) as a plain script to
    inline: the replay draws the table with the same code as the web pages (``drawTable``)."""
    text = resources.files("potshot.web").joinpath("static/table.js").read_text(encoding="utf-8")
    return re.sub(r"^export\s+(?=(?:async\s+)?(?:function|class|const|let)\b)", "", text, flags=re.M)


def a11y_js() -> str:
    """The pages' accessibility aids (``potshot/web/static/a11y.js``: the colour-blind mode's switch
    and letters, the skip link) as a plain script in a scope of its own, for the replay to inline."""
    static = resources.files("potshot.web").joinpath("static")
    text = static.joinpath("a11y.js").read_text(encoding="utf-8")
    # its words come from the pages' catalogues through static/i18n.js, a module an inlined script
    # cannot import: the replay (a file of its own, in English) gets them from the English catalogue
    english = json.loads(static.joinpath("locales/en.json").read_text(encoding="utf-8"))
    words = json.dumps({k: v for k, v in english.items() if k.startswith("a11y.")}, ensure_ascii=False)
    text, found = re.subn(
        r'^import \{ t \} from "/static/i18n\.js";$',
        f"const t = (key) => ({words})[key] ?? key;",
        text,
        flags=re.M,
    )
    if found != 1:
        raise RuntimeError("static/a11y.js no longer imports t from /static/i18n.js as the replay expects")
    body = re.sub(r"^export\s+(?=(?:async\s+)?(?:function|class|const|let)\b)", "", text, flags=re.M)
    return "(() => {\n" + body + "\n})();"


def help_text(frame_word: str = "frame") -> str:
    """The page's help, as HTML: the keys and the URL parameters (``docs/replay.md`` says the same)."""
    speeds = ", ".join(f"{v:g}x" for v in SPEEDS)
    keys = [
        ("Space", "play / pause"),
        ("→ / ←", "next / previous shot"),
        ("Shift+→ / Shift+← (PageDown / PageUp)", f"next / previous {frame_word}"),
        ("↑ / ↓ (+ / −)", f"faster / slower ({speeds})"),
        ("Home / End", "first / last shot"),
        ("R", "the shot again from its start"),
        ("? (H)", "this help; Esc closes it"),
    ]
    params = [
        (
            f"{frame_word}=N",
            f"open at {frame_word} N (from 1)"
            + ("; <code>frame=N</code> is understood too" if frame_word != "frame" else ""),
        ),
        ("shot=N", f"shot N of that {frame_word} (from 1)"),
        ("speed=X", f"one of {speeds}"),
        ("t=SECONDS", "a moment in that shot"),
        ("play=1", "start playing"),
    ]
    rows = "".join(f"<tr><td><kbd>{html.escape(k)}</kbd></td><td>{html.escape(v)}</td></tr>" for k, v in keys)
    prow = "".join(f"<tr><td><code>{html.escape(k)}</code></td><td>{v}</td></tr>" for k, v in params)
    return (
        "<h3>Keys</h3><table>" + rows + "</table>"
        "<h3>Address</h3><p>After <code>#</code> (or <code>?</code>), joined by <code>&amp;</code>, "
        f"e.g. <code>replay.html#{frame_word}=2&amp;shot=5&amp;speed=4</code>; "
        "the address follows the shot you are on, so it can be shared.</p><table>" + prow + "</table>"
        "<p>Click a shot in the list to go to it; the slider moves within the shot.</p>"
    )


def render_page(data: Mapping[str, Any]) -> str:
    """The HTML text for :func:`replay_data`'s output."""
    blob = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    speeds = "".join(
        f'<option value="{v:g}"{" selected" if v == 1 else ""}>{v:g}x</option>'
        for v in data.get("speeds", SPEEDS)
    )
    word = str(data.get("frame_word", "frame"))
    parts = {
        "TITLE": html.escape(str(data["title"])),
        "CSS": _asset("replay.css"),
        "SPEEDS": speeds,
        "WORD": html.escape(word),
        "HELP": help_text(word),
        "JS": table_js() + "\n" + a11y_js() + "\n" + _asset("replay.js"),
        "DATA": blob,
    }
    # one pass: a title (or the data) that happens to contain ``__JS__`` stays as it is
    return _SLOT.sub(lambda m: parts[m.group(1)], _PAGE)


_SLOT = re.compile(r"__(TITLE|CSS|SPEEDS|WORD|HELP|JS|DATA)__")


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<style>
__CSS__</style></head><body>
<header><h1>__TITLE__</h1><div id="board" aria-live="polite"></div></header>
<main id="stage"><canvas id="c" aria-label="the table"></canvas></main>
<footer>
<div id="where"></div><div id="caption"></div><div id="details"></div>
<div id="bar">
<button id="first" title="previous __WORD__ (Shift+←)">« __WORD__</button>
<button id="prev" title="previous shot (←)">‹ shot</button>
<button id="play" title="play / pause (Space)">▶ play</button>
<button id="next" title="next shot (→)">shot ›</button>
<button id="last" title="next __WORD__ (Shift+→)">__WORD__ »</button>
<label>speed <select id="speed" title="speed (↑ ↓)">__SPEEDS__</select></label>
<input id="scrub" type="range" min="0" max="1000" value="0" aria-label="time in the shot">
<span id="clock">0.00 s</span>
<button id="helpbtn" title="keys and address (?)">?</button>
</div></footer>
<aside id="list" aria-label="shots"></aside>
<div id="help" role="dialog" aria-label="help"><div>__HELP__</div></div>
<script id="data" type="application/json">__DATA__</script>
<script>
__JS__</script></body></html>
"""
