"""A self-contained HTML page that replays a record's shots, to scale and at real speed.

:func:`write_replay_html` draws the table (snooker and Russian billiards: the
playing surface, cushions with the rounded jaws the physics uses, pockets,
baulk line, D and spots; carrom: the square board, pockets, centre and outer
circles, base lines and circles) on a canvas, and animates every ball along
its ``(t, x, y)`` trajectory samples at real speed, with a 0.25x / 0.5x / 1x
slow-motion control, a shot list and stepper, and a caption per shot (player,
and the ruling in the game's terms when the shot has one: :func:`caption`). A shot without trajectories jumps
from the position before it to the position after it.

The page needs nothing else: the data is inlined as JSON and the player is a
small script in the page.
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from potshot.record.model import Hit, Pot, Record

Trajectory = list[tuple[float, float, float]]
TrajectoriesPerShot = Sequence[Mapping[str, Trajectory] | None]

# Ball colours by name (the rules name the colours; shades are ours).
SNOOKER_COLOURS: dict[str, str] = {
    "white": "#f7f5ec",
    "red": "#c8102e",
    "yellow": "#f6d21d",
    "green": "#178a3c",
    "brown": "#7a4a1f",
    "blue": "#1f4fc4",
    "pink": "#f49ac1",
    "black": "#141414",
}
CARROM_COLOURS: dict[str, str] = {
    "striker": "#bfe3ff",
    "white": "#f1e3c0",
    "black": "#2a2a2a",
    "queen": "#c2185b",
}


def ball_colour(game: str, name: str) -> str:
    """The fill colour of a ball or piece by name (``red7`` -> red, ``black2`` -> black).

    >>> ball_colour("snooker", "red12"), ball_colour("carrom", "white3"), ball_colour("russian", "black1")
    ('#c8102e', '#f1e3c0', '#141414')
    """
    base = name.rstrip("0123456789")
    table = CARROM_COLOURS if game == "carrom" else SNOOKER_COLOURS
    return table.get(base, "#999999")


def _snooker_table(rules: Mapping[str, Any] | None) -> tuple[dict[str, Any], float]:
    """Drawing data for the snooker/Russian table (mm), built from the same geometry as the physics."""
    from potshot.equipment import snooker as sn
    from potshot.equipment.cushions import build_geometry

    table = (
        sn.Table.ten_foot() if str((rules or {}).get("table", "")) in ("10ft", "10", "ten_foot") else sn.TABLE
    )
    g = build_geometry(table)
    jaws = []
    for j in g.jaws:
        a0 = math.atan2(j.u0[1], j.u0[0])
        a1 = math.atan2(j.u1[1], j.u1[0])
        jaws.append({"c": j.centre, "r": j.radius, "a0": a0, "a1": a1})
    data = {
        "kind": "snooker",
        "width": table.width,
        "length": table.length,
        "segments": [{"a": s.a, "b": s.b, "n": s.normal} for s in g.segments],
        "jaws": jaws,
        "pockets": [{"c": f.centre, "r": max(f.radius, table.ball_radius * 1.1)} for f in g.falls],
        "baulk": table.baulk_line,
        "d": table.d_radius,
        "spots": list(table.spots.values()),
    }
    return data, table.ball_radius


def _carrom_board() -> tuple[dict[str, Any], float]:
    from potshot.equipment import carrom as cm

    b = cm.BOARD
    lines = []
    for seat in ("south", "east", "north", "west"):
        base = b.base(seat)
        half = b.base_line_length / 2
        c = b.size / 2
        for dist in (base.outer, base.inner):
            p = cm.from_seat(seat, c - half, dist)
            q = cm.from_seat(seat, c + half, dist)
            lines.append((p, q))
    circles = [c for seat in ("south", "east", "north", "west") for c in cm.base_circle_centres(seat)]
    data = {
        "kind": "carrom",
        "width": b.size,
        "length": b.size,
        "pockets": [{"c": c, "r": b.pocket_diameter / 2} for c in b.pocket_centres.values()],
        "centre": b.centre,
        "circles": [b.centre_circle_radius, b.outer_circle_radius],
        "base_lines": lines,
        "base_circles": circles,
        "base_circle_r": b.base_circle_radius,
        "arrows": cm.arrows(),
    }
    return data, cm.CARROMMAN_DIAMETER / 2


def table_drawing(
    game: str, rules: Mapping[str, Any] | None = None
) -> tuple[dict[str, Any], dict[str, float]]:
    """The game's table (or board) as drawing data, and a radius per piece kind (mm)."""
    if game == "carrom":
        from potshot.equipment import carrom as cm

        data, r = _carrom_board()
        return data, {"striker": cm.STRIKER_DIAMETER / 2, "default": r}
    if game in ("snooker", "russian"):
        data, r = _snooker_table(rules)
        return data, {"default": r}
    raise ValueError(f"unknown game {game!r}: snooker, russian or carrom")


def _summary(ruling: Mapping[str, Any] | None) -> str:
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
        parts.append("score " + _scores(ruling["score"]))
    if ruling.get("next"):
        parts.append(f"next: {ruling['next']}")
    if ruling.get("frame_over"):
        parts.append(f"frame over, winner {ruling.get('winner')}")
    return " · ".join(parts)


def _scores(scores: Mapping[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in scores.items())


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _foul(ruling: Mapping[str, Any], word: str = "foul") -> str:
    why = "; ".join(str(f) for f in ruling.get("fouls", []) or [])
    return f"{word} ({why})" if why else word


def _snooker_caption(shot: Any, r: Mapping[str, Any]) -> list[str]:
    """Snooker: the points or the foul and its penalty (a miss, a free ball), the score, the break."""
    parts: list[str] = []
    if shot.before.concede:
        parts.append("concedes")
    if r.get("foul"):
        parts.append(_foul(r))
        parts.append(f"penalty {r.get('penalty', 0)}")
        if r.get("miss"):
            parts.append("a miss")
        if r.get("free_ball"):
            parts.append("free ball")
    elif shot.cue is not None:
        parts.append(_points(int(r.get("points") or 0)))
    if r.get("score"):
        parts.append("score " + _scores(r["score"]))
    if r.get("break"):
        parts.append(f"break {r['break']}")
    if r.get("frame_over"):
        parts.append(f"frame to {r.get('winner')}")
        if r.get("match_over"):
            parts.append(f"match to {r.get('match_winner')}")
    elif r.get("next") and r["next"] != shot.player:
        parts.append(f"next: {r['next']}")
    return parts


def _carrom_caption(shot: Any, r: Mapping[str, Any]) -> list[str]:
    """Carrom: the pieces pocketed, a foul or due and its penalty pieces, the queen, the board and game score."""
    parts: list[str] = [f"board {r.get('board', 1)}"]
    if shot.before.action:
        parts.append(str(shot.before.action).replace("_", " "))
    if shot.cue is not None:
        pots = [e.ball for e in shot.events if isinstance(e, Pot)]
        parts.append("pocketed " + ", ".join(pots) if pots else "nothing pocketed")
    pen = int(r.get("penalty_pieces") or 0)
    if r.get("foul"):
        parts.append(_foul(r, "technical foul" if r.get("technical") else "foul"))
    if pen:
        parts.append(f"due {pen} piece{'s' if pen > 1 else ''}")
    if r.get("returned"):
        parts.append("back: " + ", ".join(r["returned"]))
    queen = r.get("queen")
    if queen == "on_board":
        parts.append("queen on the board")
    elif queen == "pending":
        parts.append("queen awaiting cover")
    elif queen:
        parts.append(f"queen covered by {queen}")
    if r.get("frame_over"):
        if r.get("void"):
            parts.append("board void")
        else:
            parts.append(f"board to {r.get('winner')} +{sum((r.get('board_points') or {}).values())}")
    if r.get("game_score"):
        parts.append("game " + _scores(r["game_score"]))
    if r.get("game_winner"):
        parts.append(f"game to {r['game_winner']}")
    if r.get("match_over") and r.get("match_winner"):
        parts.append(f"match to {r['match_winner']}")
    if not r.get("frame_over") and r.get("next") and r["next"] != shot.player:
        parts.append(f"next: {r['next']}")
    return parts


def _russian_caption(shot: Any, r: Mapping[str, Any]) -> list[str]:
    """Russian billiards: the points or the scratch, the turn's points, the posted scores with stars, a Real Star."""
    parts: list[str] = []
    if shot.before.action:
        parts.append(str(shot.before.action).replace("_", " "))
    if r.get("scratch") or r.get("foul"):
        parts.append(_foul(r, "scratch"))
        parts.append(f"penalty {r.get('penalty', 0)}")
    elif shot.cue is not None:
        pts = int(r.get("points") or 0)
        cannons = int(r.get("cannons") or 0)
        parts.append(_points(pts) + (f" ({cannons} cannon{'s' if cannons > 1 else ''})" if cannons else ""))
    if r.get("awarded"):
        parts.append("to " + ", ".join(f"{p} +{v}" for p, v in r["awarded"].items()))
    if r.get("star"):
        claimed = r.get("claimed") or {}
        took = ", ".join(f"{p} {v}" for p, v in claimed.items()) or "nothing"
        parts.append(f"Real Star to {r['star']} (claims {took})")
    parts.append(f"turn {r.get('turn_points', r.get('break', 0))}")
    posted = r.get("posted") or r.get("score") or {}
    tallies = r.get("tallies") or {}
    if posted:
        shown = []
        for p, v in posted.items():
            stars = (tallies.get(p) or {}).get("stars", 0)
            shown.append(f"{p} {v}" + (f"*{stars}" if stars else ""))
        parts.append("posted " + ", ".join(shown))
    if r.get("frame_over"):
        parts.append("game over")
    elif r.get("next") and r["next"] != shot.player:
        parts.append(f"next: {r['next']}")
    return parts


_CAPTIONS = {"snooker": _snooker_caption, "carrom": _carrom_caption, "russian": _russian_caption}


def caption(game: str, shot: Any) -> str:
    """A shot's caption from its ruling, in the game's terms (a generic summary for other games).

    >>> from potshot.record.model import Shot
    >>> caption("snooker", Shot(player="Ann", ruling={"foul": True, "fouls": ["no red hit"], "penalty": 4,
    ...     "score": {"Ann": 0, "Bob": 4}, "next": "Bob"}))
    'foul (no red hit) · penalty 4 · score Ann 0, Bob 4 · next: Bob'
    """
    r = shot.ruling
    if not r:
        return ""
    make = _CAPTIONS.get(game)
    if make is None:
        return _summary(r)
    return " · ".join(make(shot, r))


def _events_text(shot: Any) -> str:
    out = []
    for e in shot.events:
        if isinstance(e, Hit):
            out.append(f"{e.ball}→{e.other}")
        elif isinstance(e, Pot):
            out.append(f"{e.ball} potted ({e.pocket})")
    return ", ".join(out[:12]) + (" …" if len(out) > 12 else "")


def _pos(p: Any) -> list[float] | None:
    return None if p is None else [round(float(p[0]), 3), round(float(p[1]), 3)]


def replay_data(
    record: Record, trajectories_per_shot: TrajectoriesPerShot | None = None, title: str | None = None
) -> dict[str, Any]:
    """Everything the page needs, as plain JSON-able data."""
    from potshot.render.svg import layout_at

    drawing, radii = table_drawing(record.game, record.rules)
    shots: list[dict[str, Any]] = []
    names: set[str] = set()
    k = 0
    for fi, frame in enumerate(record.frames):
        for si, shot in enumerate(frame.shots):
            try:
                before = layout_at(record, fi, si, "before")
                after = layout_at(record, fi, si, "after")
            except Exception:  # a record the referee cuts short: draw what it says
                before = {}
                after = {n: p for n, p in (shot.after or {}).items()}
            traj = None
            if trajectories_per_shot is not None and k < len(trajectories_per_shot):
                t = trajectories_per_shot[k]
                if t:
                    traj = {
                        n: [[round(a, 4), round(x, 2), round(y, 2)] for a, x, y in pts]
                        for n, pts in t.items()
                    }
            duration = max((pts[-1][0] for pts in (traj or {}).values() if pts), default=0.0)
            names.update(before)
            names.update(after)
            shots.append(
                {
                    "label": f"frame {fi + 1}, shot {si + 1}",
                    "player": shot.player,
                    "ruling": caption(record.game, shot),
                    "events": _events_text(shot),
                    "before": {n: _pos(p) for n, p in before.items()},
                    "after": {n: _pos(p) for n, p in after.items()},
                    "traj": traj,
                    "duration": duration,
                }
            )
            k += 1
    return {
        "title": title or f"{record.game}: {', '.join(map(str, record.players))}",
        "game": record.game,
        "table": drawing,
        "radius": {n: radii.get(n, radii["default"]) for n in sorted(names)},
        "colour": {n: ball_colour(record.game, n) for n in sorted(names)},
        "shots": shots,
    }


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


def render_page(data: Mapping[str, Any]) -> str:
    """The HTML text for :func:`replay_data`'s output."""
    blob = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    return _PAGE.replace("__TITLE__", html.escape(str(data["title"]))).replace("__DATA__", blob)


_PAGE = r"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>__TITLE__</title>
<style>
body{margin:0;font:14px system-ui,sans-serif;background:#222;color:#eee;display:flex;height:100vh}
#side{width:280px;padding:10px;overflow:auto;background:#2b2b2b;box-sizing:border-box}
#main{flex:1;display:flex;flex-direction:column;align-items:center;padding:8px;box-sizing:border-box;min-width:0}
canvas{background:#3b2414;flex:1;min-height:0;max-width:100%}
#bar{margin:6px 0;display:flex;gap:6px;align-items:center;flex-wrap:wrap}
button,select{background:#444;color:#eee;border:1px solid #666;border-radius:4px;padding:3px 8px}
#caption{min-height:2.6em;text-align:center;max-width:900px}
.shot{padding:4px 6px;cursor:pointer;border-radius:4px}.shot:hover{background:#3a3a3a}.shot.on{background:#1d5e3a}
h1{font-size:15px;margin:0 0 8px}
</style></head><body>
<div id="side"><h1>__TITLE__</h1><div id="list"></div></div>
<div id="main"><div id="bar">
<button id="prev">&#9664; shot</button><button id="play">play</button><button id="next">shot &#9654;</button>
<label>speed <select id="speed"><option value="0.25">0.25x</option><option value="0.5">0.5x</option>
<option value="1" selected>1x</option></select></label><span id="clock">0.00 s</span></div>
<canvas id="c"></canvas><div id="caption"></div></div>
<script id="data" type="application/json">__DATA__</script>
<script>
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const T = D.table, cv = document.getElementById("c"), cx = cv.getContext("2d");
let cur = 0, t = 0, playing = false, last = null;
const rail = T.kind === "carrom" ? 40 : 90;

function fit() {
  const box = cv.parentElement.getBoundingClientRect();
  const h = Math.max(200, box.height - 110), w = Math.max(200, box.width - 20);
  const W = T.width + 2 * rail, L = T.length + 2 * rail;
  const s = Math.min(w / W, h / L);
  cv.width = Math.round(W * s); cv.height = Math.round(L * s); cv.scale = s; draw();
}
// table mm -> canvas px (y up the table is up the screen)
function X(x) { return (x + rail) * cv.scale; }
function Y(y) { return (T.length + rail - y) * cv.scale; }
function R(r) { return r * cv.scale; }

function drawSnooker() {
  cx.fillStyle = "#5a3418"; cx.fillRect(0, 0, cv.width, cv.height);
  cx.fillStyle = "#1e6b35"; cx.fillRect(X(-45), Y(T.length + 45), R(T.width + 90), R(T.length + 90));
  cx.fillStyle = "#0b0b0b";  // the pocket holes (falls), a little wider for the eye
  for (const p of T.pockets) { cx.beginPath(); cx.arc(X(p.c[0]), Y(p.c[1]), R(p.r + 12), 0, 7); cx.fill(); }
  cx.fillStyle = "#17552a"; cx.strokeStyle = "#0d3a1b"; cx.lineWidth = 1;
  for (const s of T.segments) {  // cushion rubber behind each straight face
    const a = s.a, b = s.b, n = s.n, w = 45;
    cx.beginPath(); cx.moveTo(X(a[0]), Y(a[1])); cx.lineTo(X(b[0]), Y(b[1]));
    cx.lineTo(X(b[0] - w * n[0]), Y(b[1] - w * n[1])); cx.lineTo(X(a[0] - w * n[0]), Y(a[1] - w * n[1]));
    cx.closePath(); cx.fill();
  }
  for (const j of T.jaws) {  // the rounded jaws: whole circles lie behind the cushion line
    cx.beginPath(); cx.arc(X(j.c[0]), Y(j.c[1]), R(j.r), 0, 7); cx.fill();
  }
  cx.strokeStyle = "#0d3a1b";
  for (const s of T.segments) { cx.beginPath(); cx.moveTo(X(s.a[0]), Y(s.a[1])); cx.lineTo(X(s.b[0]), Y(s.b[1])); cx.stroke(); }
  cx.fillStyle = "#5a3418";  // wood beyond the rubber
  const o = 45;
  cx.fillRect(0, 0, cv.width, Y(T.length + o)); cx.fillRect(0, Y(-o), cv.width, cv.height - Y(-o));
  cx.fillRect(0, 0, X(-o), cv.height); cx.fillRect(X(T.width + o), 0, cv.width - X(T.width + o), cv.height);
  cx.fillStyle = "#0b0b0b";
  for (const p of T.pockets) { cx.beginPath(); cx.arc(X(p.c[0]), Y(p.c[1]), R(p.r + 12), 0, 7); cx.fill(); }
  cx.strokeStyle = "rgba(255,255,255,.55)"; cx.lineWidth = Math.max(1, R(2));
  cx.beginPath(); cx.moveTo(X(0), Y(T.baulk)); cx.lineTo(X(T.width), Y(T.baulk)); cx.stroke();
  cx.beginPath(); cx.arc(X(T.width / 2), Y(T.baulk), R(T.d), 0, Math.PI); cx.stroke();
  cx.fillStyle = "rgba(255,255,255,.6)";
  for (const p of T.spots) { cx.beginPath(); cx.arc(X(p[0]), Y(p[1]), Math.max(1, R(4)), 0, 7); cx.fill(); }
}

function drawCarrom() {
  cx.fillStyle = "#4a2b12"; cx.fillRect(0, 0, cv.width, cv.height);
  cx.fillStyle = "#e8cf9a"; cx.fillRect(X(0), Y(T.length), R(T.width), R(T.length));
  cx.fillStyle = "#111";
  for (const p of T.pockets) { cx.beginPath(); cx.arc(X(p.c[0]), Y(p.c[1]), R(p.r), 0, 7); cx.fill(); }
  cx.strokeStyle = "#7a1f1f"; cx.lineWidth = Math.max(1, R(1.5));
  for (const r of T.circles) { cx.beginPath(); cx.arc(X(T.centre[0]), Y(T.centre[1]), R(r), 0, 7); cx.stroke(); }
  cx.strokeStyle = "#222";
  for (const [p, q] of T.base_lines) { cx.beginPath(); cx.moveTo(X(p[0]), Y(p[1])); cx.lineTo(X(q[0]), Y(q[1])); cx.stroke(); }
  cx.fillStyle = "#b22";
  for (const c of T.base_circles) { cx.beginPath(); cx.arc(X(c[0]), Y(c[1]), R(T.base_circle_r), 0, 7); cx.stroke(); }
  for (const [p, q] of T.arrows) { cx.beginPath(); cx.moveTo(X(p[0]), Y(p[1])); cx.lineTo(X(q[0]), Y(q[1])); cx.stroke(); }
}

// where ball n is at time tt of shot s
function at(s, n, tt) {
  const tr = s.traj && s.traj[n];
  if (!tr || tr.length === 0) {
    if (s.traj && s.before[n] && !(n in (s.traj || {}))) return tt >= s.duration ? s.after[n] : s.before[n];
    return (s.traj ? tt >= s.duration : tt > 0) ? s.after[n] : s.before[n];
  }
  if (tt <= tr[0][0]) return [tr[0][1], tr[0][2]];
  const lastp = tr[tr.length - 1];
  if (tt >= lastp[0]) return (n in s.after && s.after[n] === null) ? null : [lastp[1], lastp[2]];
  let lo = 0, hi = tr.length - 1;
  while (hi - lo > 1) { const m = (lo + hi) >> 1; if (tr[m][0] <= tt) lo = m; else hi = m; }
  const a = tr[lo], b = tr[hi], f = (tt - a[0]) / (b[0] - a[0] || 1);
  return [a[1] + f * (b[1] - a[1]), a[2] + f * (b[2] - a[2])];
}

function drawBalls(s) {
  const names = new Set([...Object.keys(s.before), ...Object.keys(s.after)]);
  for (const n of names) {
    const p = at(s, n, t);
    if (!p) continue;
    const r = D.radius[n] || D.radius.default || 26.25;
    cx.beginPath(); cx.arc(X(p[0]), Y(p[1]), R(r), 0, 7);
    cx.fillStyle = D.colour[n] || "#999"; cx.fill();
    cx.strokeStyle = "rgba(0,0,0,.5)"; cx.lineWidth = 1; cx.stroke();
  }
}

function draw() {
  if (!cv.scale) return;
  if (T.kind === "carrom") drawCarrom(); else drawSnooker();
  const s = D.shots[cur];
  if (s) drawBalls(s);
  document.getElementById("clock").textContent = t.toFixed(2) + " s";
}

function select(i) {
  cur = Math.max(0, Math.min(D.shots.length - 1, i)); t = 0;
  document.querySelectorAll(".shot").forEach((e, k) => e.classList.toggle("on", k === cur));
  const s = D.shots[cur];
  document.getElementById("caption").textContent = s
    ? `${s.label} — ${s.player}${s.ruling ? " — " + s.ruling : ""}${s.events ? " — " + s.events : ""}`
    : "no shots";
  draw();
}

function tick(now) {
  if (!playing) { last = null; return; }
  if (last !== null) {
    const sp = parseFloat(document.getElementById("speed").value);
    t += (now - last) / 1000 * sp;
    const s = D.shots[cur], end = Math.max(s ? s.duration : 0, s && s.traj ? 0 : 0.6);
    if (t >= end + 0.8) {
      if (cur + 1 < D.shots.length) select(cur + 1); else { t = end; playing = false; setPlay(); }
    }
  }
  last = now; draw(); requestAnimationFrame(tick);
}
function setPlay() { document.getElementById("play").textContent = playing ? "pause" : "play"; }

const list = document.getElementById("list");
D.shots.forEach((s, i) => {
  const d = document.createElement("div"); d.className = "shot";
  d.textContent = `${i + 1}. ${s.player}${s.ruling ? " — " + s.ruling : ""}`;
  d.onclick = () => { select(i); }; list.appendChild(d);
});
document.getElementById("prev").onclick = () => select(cur - 1);
document.getElementById("next").onclick = () => select(cur + 1);
document.getElementById("play").onclick = () => {
  playing = !playing; setPlay();
  if (playing) { const s = D.shots[cur]; if (s && t >= s.duration) t = 0; requestAnimationFrame(tick); }
};
window.addEventListener("resize", fit);
const q = new URLSearchParams(location.search);
select(parseInt(q.get("shot") || "1") - 1);
if (q.get("t")) t = parseFloat(q.get("t"));
fit();
if (q.get("play") === "1") { playing = true; setPlay(); requestAnimationFrame(tick); }
</script></body></html>
"""
