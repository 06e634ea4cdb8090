// The play page, /play/{id}?token=...: snooker, carrom or Russian billiards on the simulated table,
// a person against the bot or several people on one screen (docs/web-api.md).
//
// Aim by clicking / dragging on the table (a cue line from the cue ball or striker to a ghost ball
// where it first meets another piece), set power, spin and elevation, strike: the page sends
// POST /stroke with the revision it shows, animates the trajectories, then shows the new State.
// The referee's questions (state.asks) become choices before the stroke: play / put back /
// replace (previewing positions_by_decision), free ball, colour nomination, the cue ball in the D
// (kitchen), the striker on the base lines, carrom pieces due, the Russian pink declaration and
// spots. A bot's turn is played at once by POST /bot. Errors from the server: a toast with its
// one-line message, and nothing on the page changes.

import { ApiError, el, gameInfo, get, idFromPath, live, post, showError, toast, tokenFromUrl, unitName, unitTitle } from "/static/api.js";
import { TableView, kindOf, pieceColour } from "/static/table.js";
import { ballWord, handicapText } from "/static/stats.js";
import { t, tf } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);
const ANIM_KEY = "potshot-anim";
const TURN_KEY = "potshot-turn-board";
const SPIN_MAX = 0.8;
const DECISION_NAMES = { play: t("play.d_play"), put_back: t("play.d_put_back"), replace: t("play.d_replace"), from_hand: t("play.d_from_hand") };

const S = {
  id: idFromPath(),
  token: tokenFromUrl(),
  info: null, // the game's facts: its /api/games entry
  state: null,
  view: null,
  busy: false, // a request or an animation is running
  aim: 90, // degrees, record frame
  aimTarget: null, // [x, y] the aim points at (kept when the cue ball is moved)
  side: 0,
  height: 0,
  place: null, // the cue ball / striker placed from hand
  penalty: {}, // carrom pieces due, placed: {name: [x, y]}
  spots: {}, // Russian: where each ball whose spot is blocked goes {name: [x, y]}
  nominate: null, // snooker colour nominated by the player (else: the colour aimed at)
  freeBall: "", // snooker free ball ("" = the ball aimed at, "-" = the ball on)
  declarePink: "pink",
  turnBoard: true, // carrom: the board turned to the player to play
  cueBall: "white", // Russian: the ball struck ("pink" while the pink is declared white, DECLARATION)
  decision: null, // the decision selected (previewed) before confirming
  hoverDecision: null,
  botError: false,
  botWaits: 0,
  revisionShown: -1,
};

// ------------------------------------------------------------------ helpers

function fmt(n, digits = 0) {
  const v = Number(n);
  return Number.isFinite(v) ? v.toFixed(digits) : "0";
}

function asksNow() {
  const st = S.state;
  return (st.next_frame ? st.next_frame.asks : st.asks) ?? [];
}

function ask(kind) {
  return asksNow().find((a) => a.kind === kind) ?? null;
}

function isBot(name) {
  return Boolean(name) && (S.state.bots ?? []).includes(name);
}

/** The pieces due that a person places: a bot places (or waives) the dues it is owed itself, on
 * the server with the stroke, and is never asked here (carrom Laws 51(b), 60). */
function duesToPlace() {
  return asksNow().filter((a) => a.kind === "penalty_place" && !isBot(a.player));
}

function humanTurn() {
  const st = S.state;
  return !st.match_over && Boolean(st.turn) && !isBot(st.turn);
}

/** The piece placed by hand when in hand: the game's cue piece (the white, carrom's striker). */
function placedName() {
  return S.info.cue_piece;
}

/** Russian DECLARATION: whether the pink may be struck as the cue ball now (declared white at the
 * start of this turn, with the declaration chosen on the page, or earlier in the turn). */
function pinkMayCue() {
  if (!humanTurn()) return false;
  const a = ask("cue_ball");
  if (!a || ask("decision")) return false;
  if (a.requires && S.declarePink !== a.requires.declare_pink) return false;
  return Boolean(basePosition().pink);
}

/** The ball the next stroke strikes. */
function cueName() {
  if (S.cueBall === "pink" && pinkMayCue()) return "pink";
  return placedName();
}

/** Russian: strike `name` ("white" or "pink") from now on; the aim turns to a ball it may play. */
function chooseCueBall(name) {
  if (S.cueBall === name) return;
  S.cueBall = name;
  S.aimTarget = null;
  defaultAim();
  render();
}

function seatOf(player) {
  const st = S.state;
  const seats = (st.next_frame && st.next_frame.seats) || st.seats || {};
  return seats[player] ?? "south";
}

/** The table as it stands before the next stroke (the next frame's between frames). */
function basePosition() {
  const st = S.state;
  const chosen = S.decision ?? S.hoverDecision;
  if (chosen && st.positions_by_decision && st.positions_by_decision[chosen]) return st.positions_by_decision[chosen];
  if (st.next_frame) return st.next_frame.position;
  return st.position ?? {};
}

/** Whether the cue ball (striker) is placed by hand before this stroke. */
function placing() {
  if (!humanTurn()) return false;
  if (S.info.placement.every_stroke) return !ask("decision");
  return Boolean(ask("place")) && !ask("decision");
}

/** The position drawn: the table, with what the player has placed by hand. */
function shownPosition() {
  const pos = { ...basePosition() };
  if (placing() && S.place) pos[placedName()] = S.place;
  for (const [n, p] of Object.entries(S.penalty)) pos[n] = p;
  for (const [n, p] of Object.entries(S.spots)) pos[n] = p;
  return pos;
}

function cuePosition() {
  const p = shownPosition()[cueName()];
  return p ?? null;
}

function radius(name) {
  return S.view.radius(name);
}

/** The first piece the cue ball meets going along `aim` from `from`, and where (ghost ball). */
function firstContact(from, aimDeg, pos) {
  const cue = cueName();
  const rc = radius(cue);
  const a = (aimDeg * Math.PI) / 180;
  const ux = Math.cos(a);
  const uy = Math.sin(a);
  let best = null;
  for (const [name, p] of Object.entries(pos)) {
    if (!p || name === cue) continue;
    const R = rc + radius(name);
    const dx = p[0] - from[0];
    const dy = p[1] - from[1];
    const b = dx * ux + dy * uy;
    const disc = b * b - (dx * dx + dy * dy - R * R);
    if (b <= 0 || disc < 0) continue;
    const t = b - Math.sqrt(disc);
    if (t < -0.01) continue;
    if (!best || t < best.t) best = { t: Math.max(t, 0), name, at: p };
  }
  const W = S.view.W;
  const L = S.view.L;
  let tc = Infinity;
  if (ux > 1e-9) tc = Math.min(tc, (W - rc - from[0]) / ux);
  if (ux < -1e-9) tc = Math.min(tc, (rc - from[0]) / ux);
  if (uy > 1e-9) tc = Math.min(tc, (L - rc - from[1]) / uy);
  if (uy < -1e-9) tc = Math.min(tc, (rc - from[1]) / uy);
  tc = Math.max(tc, 0);
  const hit = best && best.t <= tc ? best : null;
  const t = hit ? hit.t : tc;
  return { hit, end: [from[0] + ux * t, from[1] + uy * t] };
}

function aimedBall() {
  const c = cuePosition();
  if (!c) return null;
  return firstContact(c, S.aim, shownPosition()).hit?.name ?? null;
}

function overlapping(name, x, y, pos, ignore = []) {
  const r = radius(name);
  for (const [other, p] of Object.entries(pos)) {
    if (!p || other === name || ignore.includes(other)) continue;
    if (Math.hypot(x - p[0], y - p[1]) < r + radius(other) + 0.5) return other;
  }
  return null;
}

// -------------------------------------------------------- placement helpers

/** Snooker/Russian: the nearest point of the D to (x, y) (Section 3 Rule 5; Russian: PLAY). */
function clampToD(x, y) {
  const g = S.info.table;
  const [cx, cy] = g.d_centre;
  const r = g.d_radius - 0.5;
  let px = x;
  let py = Math.min(y, g.baulk_line);
  const d = Math.hypot(px - cx, py - cy);
  if (d > r) {
    px = cx + ((px - cx) * r) / d;
    py = cy + ((py - cy) * r) / d;
  }
  const rb = radius("white");
  py = Math.max(py, rb);
  return [px, Math.min(py, g.baulk_line)];
}

function inD(x, y) {
  const g = S.info.table;
  return y <= g.baulk_line + 1e-6 && Math.hypot(x - g.d_centre[0], y - g.d_centre[1]) <= g.d_radius + 1e-6;
}

/** Carrom: where the striker goes for a pointer at (x, y): on the seat's track, or on a base circle (Law 91). */
function snapToBase(x, y, seat) {
  const base = S.info.table.bases[seat];
  const [c1, c2] = base.circles;
  const [t1, t2] = base.track;
  // project on the line through the circles' centres
  const dx = c2[0] - c1[0];
  const dy = c2[1] - c1[1];
  const len2 = dx * dx + dy * dy;
  let k = ((x - c1[0]) * dx + (y - c1[1]) * dy) / len2;
  k = Math.max(0, Math.min(1, k));
  const p = [c1[0] + dx * k, c1[1] + dy * k];
  const snap = radius("striker");
  if (Math.hypot(p[0] - c1[0], p[1] - c1[1]) < snap) return [...c1];
  if (Math.hypot(p[0] - c2[0], p[1] - c2[1]) < snap) return [...c2];
  const kt1 = ((t1[0] - c1[0]) * dx + (t1[1] - c1[1]) * dy) / len2;
  const kt2 = ((t2[0] - c1[0]) * dx + (t2[1] - c1[1]) * dy) / len2;
  const kk = Math.max(kt1, Math.min(kt2, k));
  return [c1[0] + dx * kk, c1[1] + dy * kk];
}

/** Whether the cue piece is placed on the player's base lines (else in the D). */
function baseLines() {
  return S.info.placement.shape === "base_lines";
}

/** Whether `ball` is in the State's `on` list, directly or through a group ("colour"). */
function isOnBall(ball, on) {
  const k = kindOf(ball);
  return on.includes(k) || on.some((g) => (S.info.groups[g] ?? []).includes(k));
}

function defaultPlace() {
  const pos = basePosition();
  if (baseLines()) {
    const seat = seatOf(S.state.turn);
    const base = S.info.table.bases[seat];
    const [t1, t2] = base.track;
    // the middle of the base, else the first free point along it
    for (const k of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9, 0, 1]) {
      const p = [t1[0] + (t2[0] - t1[0]) * k, t1[1] + (t2[1] - t1[1]) * k];
      if (!overlapping("striker", p[0], p[1], pos)) return p;
    }
    return null;
  }
  const g = S.info.table;
  const [cx, cy] = g.d_centre;
  const r = g.d_radius;
  for (const [dx, dy] of [[0.5, -0.02], [-0.5, -0.02], [0, -0.45], [0.3, -0.4], [-0.3, -0.4], [0, -0.8], [0.6, -0.5], [-0.6, -0.5]]) {
    const p = [cx + dx * r, cy + dy * r];
    if (!overlapping("white", p[0], p[1], pos)) return p;
  }
  return null;
}

/** Russian: the standard snooker spots no ball stands on (where a blocked ball goes, PLAY). */
function vacantSpots() {
  const pos = shownPosition();
  return Object.values(S.info.table.spots ?? {}).filter(
    (p) => !Object.entries(pos).some(([n, q]) => q && Math.hypot(q[0] - p[0], q[1] - p[1]) < radius(n) * 2),
  );
}

/** Carrom Laws 57(a), 58, 62: why a piece due may not go at (x, y), or null. */
function penaltyFault(name, x, y) {
  const g = S.info.table;
  const r = radius(name);
  const d = Math.hypot(x - g.centre[0], y - g.centre[1]);
  if (d + r > g.outer_circle + 0.5) return t("play.inside_outer", { piece: ballWord(name) });
  if (d < r + g.centre_circle) return t("play.not_centre", { piece: ballWord(name) });
  const other = overlapping(name, x, y, shownPosition(), [name]);
  if (other) return t("play.would_touch_law", { piece: ballWord(name), other: ballWord(other) });
  return null;
}

// ------------------------------------------------------------------ drawing

function drawOverlay(ctx, view) {
  if (view.animating || !S.state || S.busy) return;
  const st = S.state;
  // the area where the cue ball may be placed
  if (placing() && !baseLines()) {
    const g = S.info.table;
    const [dx, dy] = g.d_centre;
    ctx.save();
    ctx.beginPath();
    for (let i = 0; i <= 48; i++) {
      const a = Math.PI + (Math.PI * i) / 48; // the half of the disc on the baulk side
      ctx.lineTo(...view.toScreen(dx + g.d_radius * Math.cos(a), dy + g.d_radius * Math.sin(a)));
    }
    ctx.closePath();
    ctx.fillStyle = "rgba(255, 230, 120, 0.16)";
    ctx.fill();
    ctx.restore();
  }
  if (placing() && baseLines()) {
    const base = S.info.table.bases[seatOf(st.turn)];
    ctx.save();
    ctx.strokeStyle = "rgba(31, 91, 208, 0.35)";
    ctx.lineCap = "round";
    ctx.lineWidth = radius("striker") * 2 * view.scale;
    ctx.beginPath();
    ctx.moveTo(...view.toScreen(...base.circles[0]));
    ctx.lineTo(...view.toScreen(...base.circles[1]));
    ctx.stroke();
    ctx.restore();
  }
  const pa = duesToPlace();
  if (pa.length && humanTurn()) {
    const g = S.info.table;
    const [cx, cy] = view.toScreen(...g.centre);
    ctx.save();
    ctx.beginPath();
    ctx.arc(cx, cy, g.outer_circle * view.scale, 0, 2 * Math.PI);
    ctx.fillStyle = "rgba(224, 176, 64, 0.22)";
    ctx.fill();
    ctx.restore();
  }
  // pieces put by hand before this stroke (pieces due, a spotted ball): ringed
  const byHand = [...Object.entries(S.penalty), ...Object.entries(S.spots)];
  if (asksNow().some((a) => a.kind === "spot") && humanTurn()) {
    // the vacant standard spots, where a ball whose own spot is blocked goes (PLAY)
    for (const p of vacantSpots()) ring(ctx, view, p, "white", 3, "rgba(255, 230, 120, 0.9)");
  }
  for (const [name, p] of byHand) ring(ctx, view, p, name, 4, "#e0b040", [4, 3]);
  if (!humanTurn() || ask("decision")) return;
  if (pinkMayCue()) {
    // DECLARATION: the ball not struck is ringed as the other choice of cue ball
    const other = cueName() === "pink" ? "white" : "pink";
    const q = shownPosition()[other];
    if (q) ring(ctx, view, q, other, 5, "rgba(255, 160, 200, 0.95)", [2, 3]);
  }
  const c = cuePosition();
  if (!c) return;
  const pos = shownPosition();
  const { hit, end } = firstContact(c, S.aim, pos);
  const [sx, sy] = view.toScreen(...c);
  const [ex, ey] = view.toScreen(...end);
  ctx.save();
  // the cue (or the finger's direction) behind the cue ball, drawn back by the power
  const [smin, smax] = S.info.stroke.speeds;
  const power = (Number($("speed").value) - smin) / (smax - smin);
  const back = radius(cueName()) * view.scale * (1.6 + 4 * power);
  const ang = Math.atan2(ey - sy, ex - sx);
  if (S.info.stroke.cue_stick) {
    const len = Math.min(view.cssW, view.cssH) * 0.3;
    ctx.strokeStyle = "#d9b26a";
    ctx.lineWidth = 5;
    ctx.lineCap = "round";
    ctx.beginPath();
    ctx.moveTo(sx - Math.cos(ang) * back, sy - Math.sin(ang) * back);
    ctx.lineTo(sx - Math.cos(ang) * (back + len), sy - Math.sin(ang) * (back + len));
    ctx.stroke();
  }
  ctx.setLineDash([6, 5]);
  ctx.strokeStyle = "rgba(255,255,255,0.85)";
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(sx, sy);
  ctx.lineTo(ex, ey);
  ctx.stroke();
  ctx.setLineDash([]);
  const rc = radius(cueName()) * view.scale;
  ctx.strokeStyle = "rgba(255,255,255,0.9)";
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.arc(ex, ey, rc, 0, 2 * Math.PI);
  ctx.stroke();
  if (hit) {
    // the object ball's line: from its centre away from the ghost ball, on the playing surface
    const [x0, y0] = view.toScreen(0, 0);
    const [x1, y1] = view.toScreen(view.W, view.L);
    ctx.beginPath();
    ctx.rect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
    ctx.clip();
    const [ox, oy] = view.toScreen(...hit.at);
    const vx = ox - ex;
    const vy = oy - ey;
    const n = Math.hypot(vx, vy) || 1;
    const reach = Math.min(view.cssW, view.cssH) * 0.22;
    ctx.strokeStyle = "rgba(255, 214, 90, 0.9)";
    ctx.setLineDash([3, 4]);
    ctx.beginPath();
    ctx.moveTo(ox, oy);
    ctx.lineTo(ox + (vx / n) * reach, oy + (vy / n) * reach);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.restore();
}

/** A ring round piece `name` at `p` (mm), `pad` CSS pixels outside it; dashed when `dash` is given. */
function ring(ctx, view, p, name, pad, style, dash = []) {
  const [x, y] = view.toScreen(...p);
  ctx.save();
  ctx.strokeStyle = style;
  ctx.lineWidth = 2;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.arc(x, y, radius(name) * view.scale + pad, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.restore();
}

/** Seats (carrom): with "turn the board" on, the board turns so that a person to play has their base
 * line at the bottom (their seat: Law 91); during a bot's turn it stays as it was. */
function orientBoard() {
  if (!S.view || !S.info.caps.seats) return;
  let want = S.view.rotation;
  if (!S.turnBoard) want = 0;
  else if (humanTurn()) want = TableView.rotationFor(seatOf(S.state.turn));
  if (want !== S.view.rotation && !S.view.animating) S.view.setRotation(want);
  document.body.dataset.rotation = String(S.view.rotation);
}

function redraw() {
  if (!S.view) return;
  orientBoard();
  if (!S.view.animating) S.view.setPosition(shownPosition());
  drawSpin();
}

// -------------------------------------------------------------- rendering UI

function renderScoreboard() {
  const st = S.state;
  const box = $("scoreboard");
  box.replaceChildren();
  const teams = Array.isArray(st.teams) && st.teams.length ? st.teams : null;
  box.classList.toggle("many", !teams && st.players.length > 3);
  const fields = S.info.score_fields;
  // carrom doubles: one box a team (its values are the team's), the partners and their seats in it
  for (const side of teams ?? st.players.map((p) => [p])) {
    const p = side[0];
    const score = st.score?.[p] ?? 0;
    const sub = [];
    if (fields.includes("frames_won")) sub.push(`${tf("word", S.info.match_units)} ${st.frames_won?.[p] ?? 0}`);
    if (fields.includes("board_points")) sub.push(t("play.board", { n: st.board_points?.[p] ?? 0 }));
    const tally = fields.includes("tallies") ? st.tallies?.[p] : null;
    if (tally && typeof tally === "object") {
      if (tally.stars) sub.push(`★ ${tally.stars}`, t("play.tally", { n: tally.below ?? 0 }));
      else sub.push(t("sub.above", { n: tally.above ?? 0 }), t("sub.below", { n: tally.below ?? 0 }));
    }
    const fouls = side.reduce((n, m) => n + (st.stats?.[m]?.fouls ?? 0), 0);
    if (fouls) sub.push(t("play.fouls", { n: fouls }));
    const hb = st.stats?.[p]?.highest_break ?? 0;
    if (fields.includes("highest_break") && hb) sub.push(t("play.high", { n: hb }));
    const cls = ["player"];
    if (side.includes(st.turn)) cls.push("turn");
    if (st.match_over && st.winner === p) cls.push("winner");
    if (teams) cls.push("team");
    const members = teams
      ? el(
          "div",
          { class: "members" },
          side.map((m) =>
            el(
              "span",
              { class: `member${m === st.turn ? " turn" : ""}`, dataset: { member: m } },
              m,
              el("span", { class: "seat" }, ` ${seatOf(m)}`),
              isBot(m) ? el("span", { class: "badge" }, t("form.bot")) : null,
              m === st.turn ? el("span", { class: "badge live" }, t("sub.to_play")) : null,
            ),
          ),
        )
      : null;
    box.append(
      el(
        "div",
        { class: cls.join(" "), dataset: { player: p } },
        teams
          ? el("div", { class: "name" }, side.join(" & "))
          : el("div", { class: "name" }, p, isBot(p) ? el("span", { class: "badge" }, t("form.bot")) : null, p === st.turn ? el("span", { class: "badge live" }, t("sub.to_play")) : null),
        members,
        el("div", { class: "score" }, String(score)),
        el("div", { class: "sub" }, sub.join(" · ")),
      ),
    );
  }
}

function fact(label, value, cls = null) {
  return el("span", { class: cls }, `${label} `, el("b", {}, String(value)));
}

function renderFacts() {
  const st = S.state;
  const box = $("facts");
  box.replaceChildren();
  box.append(fact(unitTitle(S.info.game), (st.frame ?? 0) + 1));
  for (const [field, label] of S.info.fact_fields) {
    const shown = FACTS[field]?.(st);
    if (shown) box.append(fact(tf("label", label), ...shown));
  }
}

/** The facts line's values by State field of the game's `fact_fields`: [value, class], or null. */
const FACTS = {
  break: (st) => [st.break ?? 0],
  points_remaining: (st) => [st.points_remaining ?? 0],
  snookers_required: (st) => [st.snookers_required ?? 0, st.snookers_required ? "warn" : null],
  on: (st) => (st.on?.length ? [st.on.map(ballWord).join(", ")] : null),
  // Section 3 Rule 14(d)(iii): after two misses in a row, a third failure awards the frame
  warning: (st) => (st.warning ? [t("play.third_miss_warning"), "warn"] : null),
  // Laws 42-44: the queen pocketed is "pending" until covered by the next stroke's piece
  queen: (st) => {
    const q = st.queen ?? "on_board";
    return [q === "on_board" ? t("facts.queen_on_board") : q === "pending" ? t("facts.queen_pending") : t("facts.queen_covered", { name: q })];
  },
  owed: (st) => {
    const owed = Object.entries(st.owed ?? {}).filter(([, n]) => n);
    return owed.length ? [owed.map(([p, n]) => `${p} ${n}`).join(", ")] : null;
  },
  in_hand: (st) => (st.in_hand ? [t("play.in_hand")] : null),
  handicap: (st) => (handicapText(st.handicap) ? [handicapText(st.handicap)] : null),
};

function renderRuling() {
  const st = S.state;
  const box = $("ruling");
  box.replaceChildren();
  if (st.last) {
    const r = st.last.ruling ?? {};
    if (r.foul || (r.fouls && r.fouls.length)) box.append(el("span", { class: "badge foul" }, t("play.foul")));
    box.append(
      el(
        "span",
        { id: "ruling-text" },
        st.last.caption ?? st.last.account ?? "",
        st.last.caption && st.last.caption !== st.last.account
          ? el("span", { class: "account detail" }, st.last.account)
          : null,
      ),
    );
  } else {
    box.append(el("span", { id: "ruling-text", class: "muted" }, t("recent.none")));
  }
}

function placeHint() {
  return tf("hint", S.info.placement.hint);
}

function renderTurn() {
  const st = S.state;
  const box = $("turn");
  box.replaceChildren();
  box.classList.toggle("bot", isBot(st.turn) && !st.match_over);
  if (st.match_over) {
    box.append(el("div", { class: "who" }, st.winner ? t("result.wins_match", { name: st.winner }) : t("result.match_over")));
    return;
  }
  const frame = st.frames?.[st.frame];
  if (st.next_frame && frame?.winner) {
    const sc = Object.entries(frame.score ?? {}).map(([p, n]) => `${p} ${n}`).join(", ");
    box.append(el("div", { class: "what" }, t("play.unit_to", { unit: unitName(S.info.game), n: st.frame + 1, name: frame.winner, score: sc })));
  }
  if (!st.turn) {
    box.append(el("div", { class: "who" }, t("play.waiting_referee")));
    return;
  }
  if (isBot(st.turn)) {
    box.append(el("div", { class: "who" }, t("play.is_playing", { name: st.turn })));
    if (S.botError) box.append(el("button", { type: "button", id: "bot-retry", onclick: () => runBots() }, t("play.let_bot")));
    return;
  }
  box.append(el("div", { class: "who", id: "turn-who" }, t("play.to_play", { name: st.turn })));
  const what = [];
  if (ask("decision")) what.push(t("play.hint_decision"));
  else if (placing()) what.push(t("play.hint_aim"));
  else what.push(t("play.hint_aim_pull"));
  if (S.info.caps.seats) what.push(t("play.you_sit", { seat: seatOf(st.turn), hint: placeHint().toLowerCase() }));
  box.append(el("div", { class: "what" }, what.join(" ")));
}

function chip(name) {
  return el("span", { class: "chip", "data-piece": name, style: `background:${pieceColour(S.info.game, name)}` });
}

function renderAsks() {
  const box = $("asks");
  box.replaceChildren();
  if (!humanTurn()) {
    box.hidden = true;
    return;
  }
  for (const a of asksNow()) {
    if (a.kind === "penalty_place" && isBot(a.player)) continue; // the bot places what it is owed
    const node = renderAsk(a);
    if (node) box.append(node);
  }
  box.hidden = box.childElementCount === 0;
}

/** What the table shows while a decision is chosen (Section 3 Rules 12, 14). */
function decisionHint() {
  const chosen = S.decision ?? S.hoverDecision;
  const pos = chosen ? S.state.positions_by_decision?.[chosen] : null;
  if (!chosen || !pos) return t("play.preview_none");
  if (pos.white === null || pos.white === undefined) return t("play.preview_in_hand");
  return t("play.preview");
}

function renderAsk(a) {
  const st = S.state;
  if (a.kind === "decision") {
    const offender = st.last?.player ?? t("play.offender");
    const choices = el("div", { class: "choices" });
    for (const opt of a.options) {
      choices.append(
        el(
          "button",
          {
            type: "button",
            class: S.decision === opt ? "selected" : null,
            dataset: { decision: opt },
            onmouseenter: () => {
              S.hoverDecision = opt;
              redraw();
            },
            onmouseleave: () => {
              S.hoverDecision = null;
              redraw();
            },
            onclick: () => {
              S.decision = S.decision === opt ? null : opt;
              render();
            },
          },
          DECISION_NAMES[opt] ?? opt,
        ),
      );
    }
    const confirm = el("button", { type: "button", class: "primary", id: "confirm-decision", disabled: !S.decision, onclick: () => sendDecision() }, S.decision ? t("play.confirm", { choice: DECISION_NAMES[S.decision] ?? S.decision }) : t("play.choose_confirm"));
    return el(
      "div",
      { class: "ask", dataset: { ask: "decision" } },
      el("h3", {}, t("play.foul_by", { offender, name: a.player })),
      choices,
      el("p", { class: "hint" }, decisionHint()),
      confirm,
    );
  }
  if (a.kind === "nominate") {
    const aimed = aimedBall();
    const auto = a.options.includes(aimed) ? aimed : null;
    const current = S.nominate ?? auto;
    const choices = el("div", { class: "choices" });
    for (const c of a.options) {
      choices.append(
        el("button", { type: "button", class: current === c ? "selected" : null, dataset: { nominate: c }, onclick: () => {
          S.nominate = S.nominate === c ? null : c;
          render();
        } }, chip(c), c),
      );
    }
    return el(
      "div",
      { class: "ask", dataset: { ask: "nominate" } },
      el("h3", {}, t("play.nominate")),
      choices,
      el("p", { class: "hint" }, S.nominate ? t("play.nominated", { ball: ballWord(S.nominate) }) : auto ? t("play.nominate_auto", { ball: ballWord(auto) }) : t("play.nominate_hint")),
    );
  }
  if (a.kind === "free_ball") {
    const sel = el("select", { id: "free-ball", onchange: (e) => {
      S.freeBall = e.target.value;
      render();
    } });
    sel.append(el("option", { value: "" }, t("play.fb_aimed")));
    sel.append(el("option", { value: "-" }, t("play.fb_none")));
    for (const b of a.options) sel.append(el("option", { value: b }, b));
    sel.value = S.freeBall;
    const n = freeBallNominated(a);
    const hint = n ? t("play.fb_nominated", { ball: ballWord(n) }) : t("play.fb_not_nominated");
    return el("div", { class: "ask", dataset: { ask: "free_ball" } }, el("h3", {}, t("play.fb_title")), sel, el("p", { class: "hint" }, hint));
  }
  if (a.kind === "place") {
    return el("div", { class: "ask", dataset: { ask: "place" } }, el("h3", {}, a.area === "D" ? t("play.cue_in_hand") : t("play.white_in_hand")), el("p", { class: "hint" }, placeHint()));
  }
  if (a.kind === "penalty_place") {
    const due = a.pieces.slice(0, a.count);
    const placed = due.filter((n) => S.penalty[n]);
    const list = el("div", { class: "choices" }, due.map((n) => el("span", { class: "badge" }, chip(n), n, S.penalty[n] ? " ✓" : "")));
    return el(
      "div",
      { class: "ask", dataset: { ask: "penalty_place" } },
      el("h3", {}, `${a.owner} owes ${a.count} piece${a.count > 1 ? "s" : ""}: ${a.player} places`),
      list,
      el("p", { class: "hint" }, placed.length < due.length ? t("play.place_each") : t("play.all_placed")),
      el(
        "div",
        { class: "choices" },
        el("button", { type: "button", id: "penalty-clear", disabled: !placed.length, onclick: () => {
          S.penalty = {};
          render();
        } }, t("play.clear")),
        a.waivable ? el("button", { type: "button", id: "penalty-waive", class: S.waive ? "selected" : null, onclick: () => {
          S.waive = !S.waive;
          S.penalty = {};
          render();
        } }, S.waive ? t("play.waived") : t("play.waive")) : null,
      ),
    );
  }
  if (a.kind === "declare_pink") {
    const sel = el("select", { id: "declare-pink", onchange: (e) => {
      S.declarePink = e.target.value;
      if (S.cueBall === "pink" && !pinkMayCue()) chooseCueBall("white");
      else render();
    } });
    const label = (o) => (o === "pink" ? t("play.no_declaration") : o === "white" ? t("play.declare_white") : t("play.declare", { ball: ballWord(o) }));
    for (const o of a.options) sel.append(el("option", { value: o }, label(o)));
    sel.value = S.declarePink;
    return el("div", { class: "ask", dataset: { ask: "declare_pink" } }, el("h3", {}, t("play.pink_optional")), sel);
  }
  if (a.kind === "cue_ball") {
    if (!pinkMayCue()) return null;
    const cue = cueName();
    const pick = (name) =>
      el("button", {
        type: "button",
        id: `cue-ball-${name}`,
        class: cue === name ? "primary" : "",
        "aria-pressed": String(cue === name),
        onclick: () => chooseCueBall(name),
      }, chip(name), ` ${name}`);
    return el(
      "div",
      { class: "ask", dataset: { ask: "cue_ball" } },
      el("h3", {}, t("play.cue_pink_white")),
      el("div", { class: "row" }, pick("white"), pick("pink")),
      el("p", { class: "hint" }, t("play.striking", { ball: ballWord(cue), other: ballWord(cue === "white" ? "pink" : "white") })),
    );
  }
  if (a.kind === "spot") {
    const at = S.spots[a.ball];
    return el(
      "div",
      { class: "ask", dataset: { ask: "spot", ball: a.ball } },
      el("h3", {}, t("play.spots", { name: a.player, ball: ballWord(kindOf(a.ball)) })),
      el("p", { class: "hint" }, at ? t("play.spotted_at", { x: fmt(at[0]), y: fmt(at[1]) }) : t("play.spot_hint")),
      at ? el("button", { type: "button", onclick: () => {
        delete S.spots[a.ball];
        render();
      } }, t("play.move_it")) : null,
    );
  }
  return null;
}

function renderCue() {
  const st = S.state;
  const { stroke, caps } = S.info;
  const can = humanTurn() && !S.busy && !ask("decision");
  $("cue").classList.toggle("disabled", !can);
  $("cue").hidden = Boolean(st.match_over) || st.mode !== "play";
  for (const id of ["strike", "aim", "aim-minus", "aim-plus", "speed", "elevation", "spin-reset"]) $(id).disabled = !can;
  $("spin-row").hidden = !stroke.spin;
  const aimIn = $("aim");
  if (document.activeElement !== aimIn) aimIn.value = fmt(S.aim, 2);
  $("speed-out").textContent = `${fmt($("speed").value, 2)} m/s`;
  $("elevation-out").textContent = `${$("elevation").value}°`;
  $("elevation").closest("label")?.toggleAttribute("hidden", !stroke.elevation);
  $("strike").textContent = tf("stroke", stroke.word);
  $("undo").disabled = S.busy || !st.can_undo;
  // a game without concession (Russian billiards, docs/russian-record.md) shows no button; snooker
  // concedes the frame (Section 3 Rule 2), carrom the board (as a board lost)
  $("concede").hidden = !caps.concede || Boolean(st.match_over) || st.mode !== "play";
  $("concede").disabled = !humanTurn() || S.busy;
  $("concede").textContent = t("play.concede_unit", { unit: unitName(S.info.game) });
}

function renderBanner() {
  const st = S.state;
  const b = $("banner");
  if (st.match_over) {
    b.hidden = false;
    const won = st.frames_won && Object.keys(st.frames_won).length ? Object.entries(st.frames_won).map(([p, n]) => `${p} ${n}`).join(" – ") : Object.entries(st.score ?? {}).map(([p, n]) => `${p} ${n}`).join(" – ");
    b.replaceChildren(el("div", { class: "big", id: "winner" }, st.winner ? t("play.wins", { name: st.winner }) : t("play.match_over")), el("div", {}, won));
  } else {
    b.hidden = true;
  }
}

function render() {
  if (!S.state) return;
  document.body.dataset.revision = String(S.state.revision);
  document.body.dataset.turn = S.state.turn ?? "";
  document.body.dataset.busy = S.busy ? "1" : "0";
  renderScoreboard();
  renderFacts();
  renderTurn();
  renderAsks();
  renderCue();
  renderRuling();
  renderBanner();
  redraw();
}

// -------------------------------------------------------------- state flow

/** A new State from the server: reset what was chosen for the last stroke. */
function setState(st) {
  const fresh = !S.state || st.revision !== S.state.revision;
  S.state = st;
  const named = st.title && !st.title.startsWith(`${st.game}:`) ? st.title : (st.teams ?? st.players).map((p) => (Array.isArray(p) ? p.join(" & ") : p)).join(t("common.versus"));
  $("title").textContent = `${tf("title", S.info.title)} · ${named}${st.table ? ` · ${st.table}` : ""}`;
  if (fresh) {
    S.penalty = {};
    S.waive = false;
    S.spots = {};
    S.nominate = null;
    S.freeBall = "";
    S.declarePink = "pink";
    // the choice of the pink holds while the turn's declaration does (DECLARATION)
    if (!(S.cueBall === "pink" && pinkMayCue())) S.cueBall = "white";
    S.decision = null;
    S.hoverDecision = null;
    S.place = placing() ? defaultPlace() : null;
    S.aimTarget = null;
    defaultAim();
  }
  render();
}

/** Aim at the nearest piece the player may play (or toward the centre, where the game says so). */
function defaultAim() {
  const c = cuePosition();
  if (!c) return;
  const pos = shownPosition();
  let target = null;
  if (S.info.stroke.aim_at_centre) {
    target = S.info.table.centre;
  } else {
    // the nearest ball the player may hit first that the cue ball reaches in a straight line
    const on = S.state.on ?? [];
    const inKitchen = S.info.placement.first_beyond_line && placing();
    const legalFirst = (n) => {
      if (on.length && !isOnBall(n, on)) return false;
      // from the kitchen: a ball beyond the D line first (Russian PLAY)
      if (inKitchen && pos[n][1] <= S.info.table.baulk_line + radius(n)) return false;
      return true;
    };
    const candidates = [];
    for (const [n, p] of Object.entries(pos)) {
      if (!p || n === cueName() || !legalFirst(n)) continue;
      // DECLARATION: the one of white and pink not struck is deemed black
      if (pinkMayCue() && (n === "white" || n === "pink")) continue;
      candidates.push([Math.hypot(p[0] - c[0], p[1] - c[1]), n, p]);
    }
    candidates.sort((a, b) => a[0] - b[0]);
    for (const [, , p] of candidates) {
      const aim = (Math.atan2(p[1] - c[1], p[0] - c[0]) * 180) / Math.PI;
      const first = firstContact(c, aim, pos).hit?.name;
      if (first && legalFirst(first)) {
        target = p;
        break;
      }
    }
    if (!target && candidates.length) target = candidates[0][2];
  }
  if (target) setAimAt(target, c, false);
}

function setAimAt(target, from = cuePosition(), keepTarget = true) {
  if (!from) return;
  const dx = target[0] - from[0];
  const dy = target[1] - from[1];
  if (Math.hypot(dx, dy) < 1) return;
  let a = (Math.atan2(dy, dx) * 180) / Math.PI;
  if (a < 0) a += 360;
  S.aim = Math.round(a * 100) / 100;
  S.aimTarget = keepTarget ? [...target] : null;
}

async function reload() {
  const st = await get(`/api/matches/${encodeURIComponent(S.id)}`);
  setState(st);
}

function animSpeed() {
  const v = Number($("anim").value);
  return Number.isFinite(v) ? v : 1;
}

async function showAnswer(ans) {
  if (ans.shot && ans.trajectories && Object.keys(ans.trajectories).length && animSpeed() > 0) {
    S.view.setPosition(shownPosition());
    document.body.dataset.animating = "1";
    try {
      await S.view.animate(ans.trajectories, ans.duration, animSpeed());
    } finally {
      document.body.dataset.animating = "0";
    }
  }
  setState(ans.state);
}

function setBusy(b) {
  S.busy = b;
  document.body.dataset.busy = b ? "1" : "0";
  renderCue();
  if (S.view) S.view.draw();
}

/** Snooker Section 3 Rule 12: the free ball nominated — chosen in the list, else the ball aimed
 * at when it is not a ball on; null to play the ball on. */
function freeBallNominated(fb) {
  if (S.freeBall === "-") return null;
  if (S.freeBall) return S.freeBall;
  const aimed = aimedBall();
  const on = S.state.on ?? [];
  const isOn = aimed && isOnBall(aimed, on);
  return aimed && !isOn && fb.options.includes(aimed) ? aimed : null;
}

function buildBefore() {
  const before = {};
  if (placing()) {
    if (!S.place) throw new Error(tf("hint", S.info.placement.missing));
    before.place = [Math.round(S.place[0] * 100) / 100, Math.round(S.place[1] * 100) / 100];
  }
  const nom = ask("nominate");
  if (nom) {
    const aimed = aimedBall();
    const n = S.nominate ?? (nom.options.includes(aimed) ? aimed : null);
    if (!n) throw new Error(t("play.err_nominate"));
    before.nominate = n;
  }
  const fb = ask("free_ball");
  if (fb) {
    const n = freeBallNominated(fb);
    if (n) before.free_ball = n;
  }
  for (const pa of duesToPlace()) {
    if (S.waive && pa.waivable) {
      before.waive_penalty = true;
      continue;
    }
    const due = pa.pieces.slice(0, pa.count);
    const missing = due.filter((n) => !S.penalty[n]);
    if (missing.length) throw new Error(pa.waivable ? t("play.err_place_or_waive", { pieces: missing.map(ballWord).join(", ") }) : t("play.err_place", { pieces: missing.map(ballWord).join(", ") }));
    before.penalty_place = { ...(before.penalty_place ?? {}) };
    for (const n of due) before.penalty_place[n] = S.penalty[n].map((v) => Math.round(v * 100) / 100);
  }
  const dp = ask("declare_pink");
  if (dp && S.declarePink && S.declarePink !== "pink") before.declare_pink = S.declarePink;
  if (cueName() === "pink") before.cue_ball = "pink";
  // Russian PLAY: the first ball waiting goes in before.spot, any others in before.extra.spots
  const spotAsks = asksNow().filter((a) => a.kind === "spot");
  spotAsks.forEach((a, i) => {
    const at = S.spots[a.ball];
    if (!at) throw new Error(t("play.err_spot", { ball: ballWord(kindOf(a.ball)) }));
    const xy = at.map((v) => Math.round(v * 100) / 100);
    if (i === 0) before.spot = xy;
    else before.extra = { spots: { ...(before.extra?.spots ?? {}), [a.ball]: xy } };
  });
  return before;
}

async function strike() {
  if (S.busy || !humanTurn()) return;
  let before;
  try {
    before = buildBefore();
  } catch (e) {
    toast(e.message, "error");
    return;
  }
  const body = {
    revision: S.state.revision,
    player: S.state.turn,
    cue: {
      aim: Math.round(S.aim * 100) / 100,
      speed: Number($("speed").value),
      side: S.info.stroke.spin ? S.side : 0,
      height: S.info.stroke.spin ? S.height : 0,
      elevation: S.info.stroke.elevation ? Number($("elevation").value) : 0,
    },
    before,
  };
  setBusy(true);
  try {
    const ans = await post(`/api/matches/${encodeURIComponent(S.id)}/stroke`, body, { token: S.token });
    await showAnswer(ans);
  } catch (e) {
    await failed(e);
  } finally {
    setBusy(false);
    render();
  }
  runBots();
}

async function sendDecision() {
  if (S.busy || !S.decision) return;
  setBusy(true);
  try {
    const st = await post(`/api/matches/${encodeURIComponent(S.id)}/decision`, { revision: S.state.revision, before: { decision: S.decision } }, { token: S.token });
    setState(st);
  } catch (e) {
    await failed(e);
  } finally {
    setBusy(false);
    render();
  }
  runBots();
}

async function failed(e) {
  showError(e);
  if (e instanceof ApiError && e.code === "stale_revision") {
    try {
      await reload();
    } catch (e2) {
      showError(e2);
    }
  }
}

let botsRunning = false;
/** How many refusals in a row (429 too many strokes, 503 busy) a bot's turn waits out before it
 * stops and offers "Let the bot play". */
const BOT_WAITS = 20;
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
/** While it is a bot's turn, let it play (POST /bot) and show each stroke. */
async function runBots() {
  if (botsRunning) return;
  botsRunning = true;
  S.botError = false;
  S.botWaits = 0;
  try {
    while (S.state && !S.state.match_over && isBot(S.state.turn)) {
      setBusy(true);
      render();
      try {
        const ans = await post(`/api/matches/${encodeURIComponent(S.id)}/bot`, { revision: S.state.revision }, { token: S.token });
        S.botWaits = 0;
        await showAnswer(ans);
      } catch (e) {
        if (e instanceof ApiError && e.transient && S.botWaits < BOT_WAITS) {
          // the server limits strokes a client makes (a bot's long break, at no animation, can
          // outrun it) or is busy: the bot waits as it is told and plays on, as a person would
          S.botWaits += 1;
          await sleep(1000 * Math.min(30, Math.max(0.5, e.retryAfter ?? 1)));
          continue;
        }
        S.botError = true;
        await failed(e);
        break;
      } finally {
        setBusy(false);
      }
    }
  } finally {
    botsRunning = false;
    render();
  }
}

/** The player to play concedes the frame (carrom: the board): a `concede` tap, ruled as any shot. */
async function concede() {
  if (S.busy || !humanTurn()) return;
  const who = S.state.turn;
  if (!confirm(t("play.confirm_concede", { name: who, unit: unitName(S.info.game) }))) return;
  setBusy(true);
  try {
    const ans = await post(
      `/api/matches/${encodeURIComponent(S.id)}/mark`,
      { revision: S.state.revision, tap: "concede", player: who },
      { token: S.token },
    );
    setState(ans.state);
  } catch (e) {
    await failed(e);
  } finally {
    setBusy(false);
    render();
  }
  runBots();
}

async function undo() {
  if (S.busy || !S.state.can_undo) return;
  setBusy(true);
  try {
    let st = await post(`/api/matches/${encodeURIComponent(S.id)}/undo`, { revision: S.state.revision }, { token: S.token });
    // against a bot, take back to the last stroke a person made
    const people = st.players.some((p) => !isBot(p));
    while (people && st.can_undo && isBot(st.turn)) {
      st = await post(`/api/matches/${encodeURIComponent(S.id)}/undo`, { revision: st.revision }, { token: S.token });
    }
    setState(st);
  } catch (e) {
    await failed(e);
  } finally {
    setBusy(false);
    render();
  }
  runBots();
}

// ------------------------------------------------------------ table input

let drag = null; // "place" | "aim" | null

function onTableDown(ev) {
  if (S.busy || !S.state || !humanTurn()) return;
  const [x, y] = S.view.toTable(ev.clientX, ev.clientY);
  if (ask("decision")) return;
  // carrom pieces due, placed one by one
  const pa = duesToPlace()[0];
  if (pa && !S.waive) {
    const next = pa.pieces.slice(0, pa.count).find((n) => !S.penalty[n]);
    if (next) {
      const why = penaltyFault(next, x, y);
      if (why) toast(why, "error");
      else {
        S.penalty[next] = [x, y];
        render();
      }
      return;
    }
  }
  const sp = asksNow().find((a) => a.kind === "spot" && !S.spots[a.ball]);
  if (!sp && pinkMayCue()) {
    // DECLARATION: a click on the pink (or back on the white) makes it the cue ball
    const shown = shownPosition();
    const near = (n) => shown[n] && Math.hypot(x - shown[n][0], y - shown[n][1]) < radius(n) * 1.4;
    if (cueName() !== "pink" && near("pink")) return chooseCueBall("pink");
    if (cueName() === "pink" && near("white")) {
      chooseCueBall("white");
      if (!placing()) return;
    }
  }
  if (sp) {
    // a click near a vacant standard spot takes that spot (PLAY: "any vacant spot")
    let [px, py] = [x, y];
    for (const p of vacantSpots()) {
      if (Math.hypot(p[0] - x, p[1] - y) < 80) [px, py] = p;
    }
    const r = radius(sp.ball);
    if (!S.view.onTable(px, py, r)) return toast(t("play.goes_on_table", { ball: ballWord(kindOf(sp.ball)) }), "error");
    const other = overlapping(sp.ball, px, py, shownPosition(), [sp.ball]);
    if (other) return toast(t("play.would_touch", { piece: ballWord(kindOf(sp.ball)), other: ballWord(kindOf(other)) }), "error");
    S.spots[sp.ball] = [px, py];
    render();
    return;
  }
  if (placing()) {
    const c = shownPosition()[placedName()];
    const nearCue = c && Math.hypot(x - c[0], y - c[1]) < radius(placedName()) * 2.5;
    const inArea = baseLines() ? nearBase(x, y) : inD(x, y);
    if (nearCue || inArea) {
      drag = "place";
      S.view.canvas.setPointerCapture?.(ev.pointerId);
      movePlaced(x, y, true);
      return;
    }
  }
  const c = cuePosition();
  if (c && Math.hypot(x - c[0], y - c[1]) < radius(cueName()) * 2) {
    // pull back from the cue ball: aim away from the pointer, power by the pull's length
    drag = "pull";
    S.view.canvas.setPointerCapture?.(ev.pointerId);
    return;
  }
  drag = "aim";
  S.view.canvas.setPointerCapture?.(ev.pointerId);
  aimAt(x, y);
}

/** A pull from the cue ball to (x, y): the aim points the other way, the power grows with the
 * pull (a third of the table's short side for full power). */
function pullTo(x, y) {
  const c = cuePosition();
  if (!c) return;
  const dx = c[0] - x;
  const dy = c[1] - y;
  const len = Math.hypot(dx, dy);
  if (len < radius(cueName())) return;
  setAimAt([c[0] + dx, c[1] + dy], c, false);
  const [smin, smax] = S.info.stroke.speeds;
  const full = Math.min(S.view.W, S.view.L) / 3;
  const k = Math.min(1, (len - radius(cueName())) / full);
  const speed = $("speed");
  speed.value = String(Math.round((smin + k * (smax - smin)) / 0.05) * 0.05);
  refreshAim();
}

function nearBase(x, y) {
  const base = S.info.table.bases[seatOf(S.state.turn)];
  const [a, b] = base.circles;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const k = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (a[0] + dx * k), y - (a[1] + dy * k)) < 40;
}

function movePlaced(x, y, report) {
  const p = baseLines() ? snapToBase(x, y, seatOf(S.state.turn)) : clampToD(x, y);
  const other = overlapping(placedName(), p[0], p[1], basePosition(), [placedName()]);
  if (other) {
    if (report) toast(t("play.would_touch", { piece: tf("ball", S.info.placement.word), other: ballWord(other) }), "error");
    return;
  }
  S.place = p;
  if (S.aimTarget) setAimAt(S.aimTarget, cuePosition());
  refreshAim();
}

function aimAt(x, y) {
  setAimAt([x, y]);
  refreshAim();
}

/** After the aim or the cue ball moved: the cue panel, the asks that follow the aim, the table. */
function refreshAim() {
  renderCue();
  if (ask("nominate") || ask("free_ball")) renderAsks();
  redraw();
}

function onTableMove(ev) {
  if (!drag) {
    // the name of the piece under the pointer, as a tooltip (the rulings name pieces: "red7")
    if (!S.view || !S.state) return;
    const [x, y] = S.view.toTable(ev.clientX, ev.clientY);
    const pos = shownPosition();
    const under = Object.keys(pos).find((n) => pos[n] && Math.hypot(pos[n][0] - x, pos[n][1] - y) <= radius(n));
    const title = under ?? "";
    if (S.view.canvas.title !== title) S.view.canvas.title = title;
    return;
  }
  const [x, y] = S.view.toTable(ev.clientX, ev.clientY);
  if (drag === "place") movePlaced(x, y, false);
  else if (drag === "pull") pullTo(x, y);
  else aimAt(x, y);
}

function onTableUp() {
  drag = null;
}

function turnAim(delta) {
  S.aim = (((S.aim + delta) % 360) + 360) % 360;
  S.aim = Math.round(S.aim * 100) / 100;
  S.aimTarget = null;
  render();
}

// ------------------------------------------------------------------- spin

function drawSpin() {
  const c = $("spin");
  const dpr = window.devicePixelRatio || 1;
  const size = c.getBoundingClientRect().width || 110;
  if (c.width !== Math.round(size * dpr)) {
    c.width = Math.round(size * dpr);
    c.height = Math.round(size * dpr);
  }
  const ctx = c.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, size, size);
  const R = size / 2 - 4;
  const cx = size / 2;
  const cy = size / 2;
  const grad = ctx.createRadialGradient(cx - R * 0.3, cy - R * 0.3, R * 0.1, cx, cy, R);
  grad.addColorStop(0, "#ffffff");
  grad.addColorStop(1, "#d8d6c8");
  ctx.fillStyle = grad;
  ctx.beginPath();
  ctx.arc(cx, cy, R, 0, 2 * Math.PI);
  ctx.fill();
  ctx.strokeStyle = "rgba(0,0,0,0.25)";
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(cx - R, cy);
  ctx.lineTo(cx + R, cy);
  ctx.moveTo(cx, cy - R);
  ctx.lineTo(cx, cy + R);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy, R * SPIN_MAX, 0, 2 * Math.PI);
  ctx.setLineDash([3, 3]);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = "#c8102e";
  ctx.beginPath();
  ctx.arc(cx + S.side * R, cy - S.height * R, Math.max(5, R * 0.12), 0, 2 * Math.PI);
  ctx.fill();
  const parts = [];
  if (Math.abs(S.height) >= 0.05) parts.push(`${S.height > 0 ? t("play.top") : t("play.back")} ${fmt(Math.abs(S.height), 2)}`);
  if (Math.abs(S.side) >= 0.05) parts.push(`${S.side > 0 ? t("play.right") : t("play.left")} ${fmt(Math.abs(S.side), 2)}`);
  $("spin-out").textContent = parts.length ? parts.join(", ") : t("play.centre");
}

let spinDrag = false;
function spinAt(ev) {
  const c = $("spin");
  const rect = c.getBoundingClientRect();
  const R = rect.width / 2 - 4;
  let sx = (ev.clientX - rect.left - rect.width / 2) / R;
  let sy = -(ev.clientY - rect.top - rect.height / 2) / R;
  const n = Math.hypot(sx, sy);
  if (n > SPIN_MAX) {
    sx = (sx * SPIN_MAX) / n;
    sy = (sy * SPIN_MAX) / n;
  }
  S.side = Math.round(sx * 100) / 100;
  S.height = Math.round(sy * 100) / 100;
  drawSpin();
}

// ------------------------------------------------------------------- start

async function main() {
  if (!S.id) {
    toast(t("play.no_match_address"), "error");
    return;
  }
  if (!S.token) toast(t("play.no_token"), "error");
  const url = new URLSearchParams(location.search);
  const saved = url.get("anim") ?? localStorage.getItem(ANIM_KEY);
  const sel = $("anim");
  if (saved !== null && saved !== undefined) {
    if (![...sel.options].some((o) => o.value === saved)) sel.append(el("option", { value: saved }, `${saved}×`));
    sel.value = saved;
  }
  sel.addEventListener("change", () => localStorage.setItem(ANIM_KEY, sel.value));
  // seats (carrom): the board turned to the player to play (on unless the player said otherwise)
  S.turnBoard = localStorage.getItem(TURN_KEY) !== "0";
  const turnBox = $("turn-board");
  turnBox.checked = S.turnBoard;
  turnBox.addEventListener("change", () => {
    S.turnBoard = turnBox.checked;
    localStorage.setItem(TURN_KEY, S.turnBoard ? "1" : "0");
    render();
  });
  let st;
  try {
    st = await get(`/api/matches/${encodeURIComponent(S.id)}`);
  } catch (e) {
    showError(e);
    $("title").textContent = t("watch.not_loaded");
    return;
  }
  S.info = gameInfo(st.game);
  $("turn-board-label").hidden = !S.info.caps.seats;
  if (st.mode !== "play") toast(t("play.marked_match"), "error");
  $("watch-link").href = `/watch/${encodeURIComponent(S.id)}`;
  const [smin, smax, sdef] = S.info.stroke.speeds;
  const speed = $("speed");
  speed.min = String(smin);
  speed.max = String(smax);
  speed.value = String(sdef);
  S.view = new TableView($("table"), S.info);
  S.view.onDraw = drawOverlay;
  window.potshotTable = S.view; // for the browser tests and the console: the table in mm
  setState(st);

  const canvas = $("table");
  canvas.addEventListener("pointerdown", onTableDown);
  canvas.addEventListener("pointermove", onTableMove);
  canvas.addEventListener("pointerup", onTableUp);
  canvas.addEventListener("pointercancel", onTableUp);
  $("strike").addEventListener("click", strike);
  $("undo").addEventListener("click", undo);
  $("concede").addEventListener("click", concede);
  $("aim").addEventListener("change", (ev) => {
    const v = Number(ev.target.value);
    if (!Number.isFinite(v)) {
      toast(t("play.aim_number"), "error");
      return renderCue();
    }
    S.aim = Math.round((((v % 360) + 360) % 360) * 100) / 100;
    S.aimTarget = null;
    render();
  });
  $("aim-minus").addEventListener("click", () => turnAim(-0.2));
  $("aim-plus").addEventListener("click", () => turnAim(0.2));
  speed.addEventListener("input", () => {
    renderCue();
    S.view.draw();
  });
  $("elevation").addEventListener("input", renderCue);
  $("spin-reset").addEventListener("click", () => {
    S.side = 0;
    S.height = 0;
    drawSpin();
  });
  const spin = $("spin");
  spin.addEventListener("pointerdown", (ev) => {
    if ($("strike").disabled) return;
    spinDrag = true;
    spin.setPointerCapture?.(ev.pointerId);
    spinAt(ev);
  });
  spin.addEventListener("pointermove", (ev) => spinDrag && spinAt(ev));
  // by keyboard too: the arrows move the tip a tenth of the radius (Home: centre ball)
  spin.tabIndex = 0;
  spin.setAttribute("aria-describedby", "spin-out");
  spin.addEventListener("keydown", (ev) => {
    const step = { ArrowLeft: [-0.1, 0], ArrowRight: [0.1, 0], ArrowUp: [0, 0.1], ArrowDown: [0, -0.1], Home: null }[ev.key];
    if (step === undefined || $("strike").disabled) return;
    ev.preventDefault();
    ev.stopPropagation(); // not the aim's arrows
    let [sx, sy] = step ? [S.side + step[0], S.height + step[1]] : [0, 0];
    const n = Math.hypot(sx, sy);
    if (n > SPIN_MAX) [sx, sy] = [(sx * SPIN_MAX) / n, (sy * SPIN_MAX) / n];
    S.side = Math.round(sx * 100) / 100;
    S.height = Math.round(sy * 100) / 100;
    drawSpin();
  });
  spin.addEventListener("pointerup", () => (spinDrag = false));
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
    if (ev.key === "ArrowLeft") turnAim(ev.shiftKey ? 1 : 0.1);
    else if (ev.key === "ArrowRight") turnAim(ev.shiftKey ? -1 : -0.1);
    else if (ev.key === "Enter" && !$("strike").disabled && !(ev.target instanceof HTMLButtonElement)) strike();
    else if (ev.key === "Escape") S.view.finish();
    else return;
    ev.preventDefault();
  });
  canvas.addEventListener("dblclick", () => S.view.finish());
  // another tab (or a second screen) may change the match: follow it when idle
  live(`/api/matches/${encodeURIComponent(S.id)}/live`, (fresh) => {
    if (!S.busy && !botsRunning && S.state && fresh.revision > S.state.revision) {
      setState(fresh);
    }
  });
  document.body.dataset.ready = "1";
  runBots();
}

main();
