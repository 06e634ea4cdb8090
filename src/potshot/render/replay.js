// potshot replay player (src/potshot/render/replay.py inlines this file and the data).
// Coordinates are the record's millimetres; a canvas transform maps them to the screen,
// turning a long table sideways (baulk end on the left) when the screen is wider than tall.
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("data").textContent);
  const T = D.table;
  const SPEEDS = [0.25, 0.5, 1, 2, 4, 8];
  const GAP = 0.8; // seconds of shot time held after a shot before the next one, when playing on
  const $ = (id) => document.getElementById(id);
  const cv = $("c"), cx = cv.getContext("2d");
  const shots = D.shots, frames = D.frames;
  let cur = 0, t = 0, playing = false, last = null, speed = 1, view = null, drawn = {}, sizes = {}, shadows = {};

  // ------------------------------------------------------------------ geometry
  function fit() {
    const box = $("stage").getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    cv.width = Math.max(1, Math.round(box.width * dpr));
    cv.height = Math.max(1, Math.round(box.height * dpr));
    const m = T.margin, W = T.width + 2 * m, L = T.length + 2 * m;
    const pad = 8 * dpr;
    const w = cv.width - 2 * pad, h = cv.height - 2 * pad;
    // sideways when that shows the table larger (a long table on a wide screen)
    const upright = Math.min(w / W, h / L), sideways = Math.min(w / L, h / W);
    const turn = T.width !== T.length && sideways > upright * 1.05;
    const s = turn ? sideways : upright;
    const ox = (cv.width - (turn ? L : W) * s) / 2, oy = (cv.height - (turn ? W : L) * s) / 2;
    // upright: x right, y up the screen; sideways: y (up the table) to the right, x down the screen
    view = turn
      ? { s, turn, m: [0, s, s, 0, ox + m * s, oy + m * s] }
      : { s, turn, m: [s, 0, 0, -s, ox + m * s, oy + (T.length + m) * s] };
    draw();
  }
  function mm() { cx.setTransform(...view.m); }
  function screen(x, y) {
    const [a, b, c, d, e, f] = view.m;
    return [a * x + c * y + e, b * x + d * y + f];
  }
  function circle(x, y, r) { cx.beginPath(); cx.arc(x, y, r, 0, 2 * Math.PI); }
  function line(p, q) { cx.beginPath(); cx.moveTo(p[0], p[1]); cx.lineTo(q[0], q[1]); cx.stroke(); }
  function px(n) { return n * (window.devicePixelRatio || 1) / view.s; } // n screen pixels in mm

  // -------------------------------------------------------------------- tables
  // The table is drawn by the pages' drawer (web/static/table.js, inlined before this file):
  // drawTable(ctx, table in the one schema, px). The seats' names go on a board's frame.
  function drawSeats() {
    cx.setTransform(1, 0, 0, 1, 0, 0);
    const f = T.margin;
    const fs = Math.max(10, Math.min(f * 0.38 * view.s, 22 * (window.devicePixelRatio || 1)));
    cx.font = `${fs}px system-ui, sans-serif`; cx.fillStyle = "#f3e6c8"; cx.textAlign = "center"; cx.textBaseline = "middle";
    for (const [name, p] of Object.entries(T.seats)) { const [sx, sy] = screen(p[0], p[1]); cx.fillText(name, sx, sy); }
    mm();
  }

  // -------------------------------------------------------------------- pieces
  // Where piece n is at time tt of shot s: [x, y, z] (z: mm above the cloth, 0 on it), null
  // when it is off the table or in a pocket.
  // Potted pieces vanish at the moment they drop; after the shot every piece stands where
  // the record puts it (a re-spotted colour back on its spot, the carrom striker back in hand).
  function at(s, n, tt) {
    const ended = s.traj ? tt >= s.duration : tt > 0;
    if (ended) return n in s.after ? s.after[n] : null;
    if (s.gone && n in s.gone && tt >= s.gone[n]) return null;
    const tr = s.traj && s.traj[n];
    if (!tr || tr.length === 0) return n in s.before ? s.before[n] : null;
    if (tt <= tr[0][0]) return [tr[0][1], tr[0][2], tr[0][3] || 0];
    const lastp = tr[tr.length - 1];
    if (tt >= lastp[0]) return [lastp[1], lastp[2], lastp[3] || 0];
    let lo = 0, hi = tr.length - 1;
    while (hi - lo > 1) { const k = (lo + hi) >> 1; if (tr[k][0] <= tt) lo = k; else hi = k; }
    const a = tr[lo], b = tr[hi], f = (tt - a[0]) / (b[0] - a[0] || 1);
    const za = a[3] || 0, zb = b[3] || 0;
    return [a[1] + f * (b[1] - a[1]), a[2] + f * (b[2] - a[2]), za + f * (zb - za)];
  }

  function drawPieces(s) {
    const names = new Set([...Object.keys(s.before), ...Object.keys(s.after), ...Object.keys(s.traj || {})]);
    drawn = {};
    sizes = {};
    shadows = {};
    const dark = T.kind !== "board" && T.pieces !== "discs";
    for (const n of names) {
      const p = at(s, n, t);
      drawn[n] = p ? [Math.round(p[0] * 100) / 100, Math.round(p[1] * 100) / 100] : null;
      if (!p) continue;
      const r0 = D.radius[n] || 26.25, fill = D.colour[n] || "#999";
      // a ball in the air (p[2] mm above the cloth): its shadow on the cloth below, apart and
      // fainter, and the ball drawn larger (heightLook, from the pages' table.js)
      const z = p[2] || 0;
      if (z > 0) {
        const look = heightLook(z, r0), up = view.turn ? -1 : 1;
        const sx = p[0] + look.dx, sy = p[1] - look.dy * up;
        circle(sx, sy, r0); cx.fillStyle = `rgba(0,0,0,${look.alpha})`; cx.fill();
        shadows[n] = [Math.round(sx * 100) / 100, Math.round(sy * 100) / 100, look.alpha];
      }
      const r = r0 * heightLook(z, r0).scale;
      sizes[n] = Math.round(r * 100) / 100;
      circle(p[0], p[1], r); cx.fillStyle = fill; cx.fill();
      cx.lineWidth = Math.max(px(1), 1.2);
      cx.strokeStyle = dark && (fill === "#111111" || fill === "#1b1b1b") ? "#bbbbbb" : "#222222"; cx.stroke();
      const mark = D.marks[n];
      if (mark) { circle(p[0], p[1], r * mark.k); cx.strokeStyle = mark.c; cx.lineWidth = Math.max(px(1), 1.5); cx.stroke(); }
      // a highlight toward the screen's top left (upright: -x, +y; sideways: -x is up, -y is left)
      circle(p[0] - r * 0.35, p[1] + r * 0.35 * (view.turn ? -1 : 1), r * 0.22);
      cx.fillStyle = "rgba(255,255,255,.35)"; cx.fill();
    }
    // the colour-blind mode (the inlined a11y.js): each piece's letters, in screen space
    const marks = Object.entries(drawn).map(([n, p]) => [globalThis.potshotPieceMark ? globalThis.potshotPieceMark(n) : "", p]);
    if (marks.some(([m, p]) => m && p)) {
      cx.setTransform(1, 0, 0, 1, 0, 0);
      cx.font = `700 ${Math.round(11 * (window.devicePixelRatio || 1))}px system-ui, sans-serif`;
      cx.textAlign = "center"; cx.textBaseline = "middle"; cx.lineJoin = "round";
      cx.lineWidth = 3 * (window.devicePixelRatio || 1); cx.strokeStyle = "#000"; cx.fillStyle = "#fff";
      for (const [m, p] of marks) {
        if (!m || !p) continue;
        const [sx, sy] = screen(p[0], p[1]);
        cx.strokeText(m, sx, sy); cx.fillText(m, sx, sy);
      }
      mm();
    }
  }

  function draw() {
    if (!view) return;
    cx.setTransform(1, 0, 0, 1, 0, 0);
    cx.fillStyle = "#1d1f21"; cx.fillRect(0, 0, cv.width, cv.height);
    mm();
    drawTable(cx, { ...T, size: [T.width, T.length] }, px);
    if (T.seats) drawSeats();
    const s = shots[cur];
    if (s) drawPieces(s);
    cx.setTransform(1, 0, 0, 1, 0, 0);
    const end = s ? s.duration : 0;
    $("clock").textContent = `${Math.min(t, end).toFixed(2)} / ${end.toFixed(2)} s`;
    $("scrub").value = end > 0 ? String(Math.round(1000 * Math.min(t, end) / end)) : (t > 0 ? "1000" : "0");
    board(s);
  }

  // ------------------------------------------------------------ score board
  function board(s) {
    if (!s) { $("board").textContent = ""; return; }
    const b = (s.traj ? t >= s.duration : t > 0) ? s.board_after : s.board_before;
    const el = $("board");
    const key = JSON.stringify(b);
    if (el.dataset.key === key) return;
    el.dataset.key = key; el.textContent = "";
    for (const r of b.rows) {
      const d = document.createElement("div"); d.className = "row" + (r.name === b.at ? " at" : "");
      d.dataset.player = r.name;
      for (const [cls, text] of [["name", r.name], ["score", r.score], ["note", r.note]]) {
        if (!text) continue;
        const sp = document.createElement("span"); sp.className = cls; sp.textContent = text; d.appendChild(sp);
      }
      el.appendChild(d);
    }
    if (b.line) { const l = document.createElement("div"); l.className = "line"; l.textContent = b.line; el.appendChild(l); }
  }

  // ---------------------------------------------------------------- navigation
  function select(i, keepT) {
    if (!shots.length) return;
    cur = Math.max(0, Math.min(shots.length - 1, i));
    if (!keepT) t = 0;
    const s = shots[cur];
    document.querySelectorAll(".shot").forEach((e) => e.classList.toggle("on", +e.dataset.i === cur));
    const on = document.querySelector(`.shot[data-i="${cur}"]`);
    if (on) on.scrollIntoView({ block: "nearest" });
    const fr = frames[s.frame];
    $("where").textContent = `${fr.label} · shot ${s.n} of ${fr.count}`;
    $("caption").textContent = s.caption || s.player;
    $("details").textContent = s.details;
    toHash(); draw();
  }
  function frameOf(i) { return shots[i] ? shots[i].frame : 0; }
  function toFrame(k) {
    k = Math.max(0, Math.min(frames.length - 1, k));
    select(frames[k].first);
  }
  function setSpeed(v) {
    speed = SPEEDS.includes(v) ? v : 1;
    $("speed").value = String(speed); toHash();
  }
  function step(d) { const k = SPEEDS.indexOf(speed); setSpeed(SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, k + d))]); }
  function setPlay(on) {
    playing = on;
    $("play").textContent = playing ? "❚❚ pause" : "▶ play";
    if (playing) {
      const s = shots[cur];
      if (s && t >= s.duration && cur === shots.length - 1) t = 0;
      last = null; requestAnimationFrame(tick);
    }
    toHash();
  }
  function tick(now) {
    if (!playing) { last = null; return; }
    if (last !== null) {
      t += (now - last) / 1000 * speed;
      const s = shots[cur], end = s ? s.duration : 0;
      if (t >= end + GAP) {
        if (cur + 1 < shots.length) select(cur + 1); else { t = end; setPlay(false); }
      }
    }
    last = now; draw(); requestAnimationFrame(tick);
  }

  // ------------------------------------------------------------- URL parameters
  // #frame=F&shot=S&speed=X&t=SECONDS&play=1 (frame and shot count from 1; shot within the frame;
  // a carrom replay writes board=F, a Russian one game=F, and reads frame=F too)
  let writing = false;
  function toHash() {
    if (!shots.length) return;
    const s = shots[cur];
    const q = new URLSearchParams();
    q.set(D.frame_word || "frame", String(s.frame + 1)); q.set("shot", String(s.n));
    if (speed !== 1) q.set("speed", String(speed));
    if (playing) q.set("play", "1");
    const h = "#" + q.toString();
    if (location.hash !== h) { writing = true; history.replaceState(null, "", h); writing = false; }
  }
  function fromURL() {
    const q = new URLSearchParams(location.search);
    for (const [k, v] of new URLSearchParams(location.hash.replace(/^#/, ""))) q.set(k, v);
    const asked = q.get(D.frame_word || "frame") || q.get("frame") || "1";
    const fr = Math.max(1, Math.min(frames.length, parseInt(asked, 10) || 1)) - 1;
    const f = frames[fr];
    let n = parseInt(q.get("shot") || "1", 10) || 1;
    n = f ? Math.max(1, Math.min(f.count, n)) : 1;
    if (q.has("speed")) setSpeed(parseFloat(q.get("speed")));
    if (f) select(f.first + n - 1);
    if (q.has("t")) { t = Math.max(0, parseFloat(q.get("t")) || 0); draw(); }
    if (q.get("play") === "1" && !playing) setPlay(true);
  }
  window.addEventListener("hashchange", () => { if (!writing) fromURL(); });

  // ---------------------------------------------------------------- the page
  const list = $("list");
  frames.forEach((fr, k) => {
    const h = document.createElement("h2"); h.textContent = fr.label; h.dataset.frame = String(k);
    if (fr.result) { const r = document.createElement("span"); r.className = "result"; r.textContent = fr.result; h.appendChild(r); }
    h.onclick = () => toFrame(k);
    list.appendChild(h);
    for (let i = fr.first; i < fr.first + fr.count; i++) {
      const s = shots[i], d = document.createElement("div");
      d.className = "shot"; d.dataset.i = String(i);
      const n = document.createElement("span"); n.className = "n"; n.textContent = `${s.n}.`;
      d.appendChild(n); d.appendChild(document.createTextNode(" " + (s.caption || s.player)));
      d.title = s.details;
      d.onclick = () => select(i);
      list.appendChild(d);
    }
  });
  $("first").onclick = () => toFrame(frameOf(cur) - 1);
  $("prev").onclick = () => select(cur - 1);
  $("next").onclick = () => select(cur + 1);
  $("last").onclick = () => toFrame(frameOf(cur) + 1);
  $("play").onclick = () => setPlay(!playing);
  $("speed").onchange = () => setSpeed(parseFloat($("speed").value));
  $("scrub").oninput = () => { const s = shots[cur]; if (s) { t = (+$("scrub").value / 1000) * (s.duration || 0.001); draw(); } };
  $("helpbtn").onclick = () => $("help").classList.toggle("open");
  // after a click the keys go back to the page: Space then plays or pauses rather than pressing
  // the button again, and the arrows move between shots rather than the slider or the menu
  for (const el of document.querySelectorAll("button, select, input")) {
    el.addEventListener(el.tagName === "BUTTON" ? "click" : "change", () => el.blur());
  }
  $("help").onclick = (e) => { if (e.target === $("help")) $("help").classList.remove("open"); };
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = e.target && e.target.tagName;
    if ((tag === "SELECT" || tag === "INPUT") && (e.key.startsWith("Arrow") || e.key === " ")) return;
    const k = e.key;
    let done = true;
    if (k === " " || k === "k") setPlay(!playing);
    else if ((k === "ArrowRight" && e.shiftKey) || k === "PageDown") toFrame(frameOf(cur) + 1);
    else if ((k === "ArrowLeft" && e.shiftKey) || k === "PageUp") toFrame(frameOf(cur) - 1);
    else if (k === "ArrowRight" || k === "l") select(cur + 1);
    else if (k === "ArrowLeft" || k === "j") select(cur - 1);
    else if (k === "ArrowUp" || k === "+" || k === "=") step(1);
    else if (k === "ArrowDown" || k === "-") step(-1);
    else if (k === "Home") select(0);
    else if (k === "End") select(shots.length - 1);
    else if (k === "r") { t = 0; draw(); }
    else if (k === "?" || k === "h") $("help").classList.toggle("open");
    else if (k === "Escape") $("help").classList.remove("open");
    else done = false;
    if (done) e.preventDefault();
  });
  window.addEventListener("resize", fit);
  window.addEventListener("potshot:colour-blind", () => draw()); // the colour-blind switch

  // For tests and scripts: where things stand, and what is drawn (mm; null: not on the table).
  window.replay = {
    state: () => ({
      index: cur, frame: shots[cur] ? shots[cur].frame + 1 : 0, shot: shots[cur] ? shots[cur].n : 0,
      t, playing, speed, sideways: !!(view && view.turn), drawn: { ...drawn },
      // each piece's drawn radius (mm: larger in the air) and an airborne ball's shadow [x, y, alpha]
      sizes: { ...sizes }, shadows: { ...shadows },
    }),
    seek: (tt) => { t = tt; draw(); return { ...drawn }; },
    // a point of the table (mm) in the canvas's CSS pixels
    toScreen: (x, y) => { const [a, b] = screen(x, y), k = window.devicePixelRatio || 1; return [a / k, b / k]; },
    select: (i) => select(i),
  };

  if (!shots.length) { $("caption").textContent = "no shots in this record"; }
  fit();
  if (shots.length) fromURL();
})();
