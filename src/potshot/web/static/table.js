// The table drawn to scale on a <canvas>: the snooker / Russian-billiards table (rail, cushions,
// pockets, baulk line and D, spots) or the ICF carrom board (frame, pockets, base lines and
// circles, arrows, centre and outer circles), and the pieces in their colours, from one entry of
// GET /api/games (its `surface`, `pieces` radii and `table` markings, all mm in record
// coordinates). The long table lies landscape when the canvas is wider than tall (the baulk end
// on the left). Shared by the play, mark and watch pages. Plain ES module, no build step.
//
//   const view = new TableView(canvas, gameInfo);
//   view.setPosition(state.position);          // {name: [x, y] | null}
//   await view.animate(answer.trajectories, answer.duration, 2);
//   view.toTable(ev.clientX, ev.clientY);      // -> [x, y] mm
//   view.toScreen(x, y);                       // -> [px, py] CSS pixels in the canvas
//
// Extras a page may use: `view.onDraw = (ctx, view) => {...}` draws over the pieces (in CSS
// pixels; `view.scale` is pixels per mm), `view.finish()` ends a running animation at once,
// `view.radius(name)`, `view.inPocket(x, y)`, `view.onTable(x, y, r)`.

// Each game's piece colours, from its GET /api/games entry (`colours`, the game's drawing style),
// kept by game as each TableView is made: the pages draw no colour table of their own.
const COLOURS = {};

/** The base name of a piece: `red7` -> `red`, `black2` -> `black`, `white` -> `white`. */
export function kindOf(name) {
  return String(name).replace(/\d+$/, "");
}

/** A piece's fill colour for a game (its `colours` from GET /api/games, once a TableView has it). */
export function pieceColour(game, name) {
  const colours = COLOURS[game] ?? {};
  return colours[name] ?? colours[kindOf(name)] ?? "#999";
}

/** A short label to write on a piece (the table's `labels`, e.g. a queen's "Q"), or "". */
function pieceLabel(geo, name) {
  return geo.labels?.[name] ?? geo.labels?.[kindOf(name)] ?? "";
}

export class TableView {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {object} gameInfo one entry of GET /api/games
   * @param {object} [options] `{landscape: true|false|"auto"}` (default "auto": by the canvas shape),
   *   `rotation`: 0, 90, 180 or 270 (see `setRotation`)
   */
  constructor(canvas, gameInfo, options = {}) {
    this.canvas = canvas;
    this.info = gameInfo;
    this.game = gameInfo.game;
    this.geo = gameInfo.table ?? {};
    COLOURS[gameInfo.game] = { ...(COLOURS[gameInfo.game] ?? {}), ...(gameInfo.colours ?? {}) };
    const [w, l] = gameInfo.surface;
    this.W = w;
    this.L = l;
    this.options = { landscape: "auto", rotation: 0, ...options };
    this.rotation = 0;
    this.position = {};
    this.setPosition(gameInfo.start ?? {});
    this.onDraw = null;
    this.scale = 1;
    this._anim = null;
    this._dpr = 1;
    this._m = [1, 0, 0, -1, 0, 0];
    this.rotation = TableView.validRotation(this.options.rotation, this.W, this.L);
    this._resize();
    if (typeof ResizeObserver !== "undefined") {
      this._ro = new ResizeObserver(() => {
        this._resize();
        this.draw();
      });
      this._ro.observe(canvas);
    }
    globalThis.addEventListener?.("potshot:colour-blind", () => this.draw()); // a11y.js's switch
    this.draw();
  }

  /** The border drawn round the playing surface (rail and cushions, or the frame), mm. */
  get border() {
    return this.geo.border ?? 0;
  }

  /** A piece's radius in mm (from the games description). */
  radius(name) {
    return this.info.pieces?.[name] ?? this.info.pieces?.[kindOf(name)] ?? this.info.pieces?.[this.info.cue_piece] ?? 20;
  }

  /** `deg` as a rotation this table may take: 0, 90, 180, 270 for a square board (carrom), 0 or
   * 180 for a long table (a quarter turn would not fit the same frame); anything else throws. */
  static validRotation(deg, W, L) {
    const r = ((Number(deg) % 360) + 360) % 360;
    if (![0, 90, 180, 270].includes(r)) throw new Error(`rotation ${deg}: 0, 90, 180 or 270 degrees`);
    if (W !== L && r % 180 !== 0) throw new Error(`rotation ${deg}: a long table turns by 180 degrees only`);
    return r;
  }

  /** The rotation (degrees, 0/90/180/270) of the seat at the bottom of the screen for a carrom
   * seat: south 0 (as drawn by default), west 90, north 180, east 270. */
  static rotationFor(seat) {
    return { south: 0, west: 90, north: 180, east: 270 }[seat] ?? 0;
  }

  /**
   * Turn the table on the screen by `deg` counter-clockwise (0, 90, 180, 270) about its centre:
   * 180 puts the north end at the bottom, 90 the west side, 270 the east side. `toScreen`,
   * `toTable` and `screenAngle` follow exactly (the quarter turns are exact: no rounding).
   * Redraws.
   */
  setRotation(deg) {
    this.rotation = TableView.validRotation(deg, this.W, this.L);
    this._resize();
    this.draw();
  }

  /** Whether the canvas shows the long table sideways (its length across the screen). */
  get landscape() {
    return this._landscape;
  }

  _resize() {
    const rect = this.canvas.getBoundingClientRect();
    const cssW = Math.max(rect.width, 1);
    const cssH = Math.max(rect.height, 1);
    const dpr = window.devicePixelRatio || 1;
    this._dpr = dpr;
    this.cssW = cssW;
    this.cssH = cssH;
    const pw = Math.round(cssW * dpr);
    const ph = Math.round(cssH * dpr);
    if (this.canvas.width !== pw) this.canvas.width = pw;
    if (this.canvas.height !== ph) this.canvas.height = ph;
    const b = this.border;
    const long = this.L > this.W * 1.05;
    let landscape = this.options.landscape;
    if (landscape === "auto") landscape = long && cssW > cssH;
    this._landscape = Boolean(landscape) && long;
    // extent of the drawing in mm, in screen directions
    const ex = (this._landscape ? this.L : this.W) + 2 * b;
    const ey = (this._landscape ? this.W : this.L) + 2 * b;
    const s = Math.min(cssW / ex, cssH / ey);
    this.scale = s;
    const ox = (cssW - ex * s) / 2 + b * s;
    const oy = (cssH - ey * s) / 2 + b * s;
    // px = a*x + b*y + e ; py = c*x + d*y + f
    if (this._landscape) {
      // the table's length (y) to the right, its width (x) downward: a quarter turn clockwise
      this._m = [0, s, s, 0, ox, oy];
    } else {
      // x to the right, y up the screen (the baulk end / south seat at the bottom)
      this._m = [s, 0, 0, -s, ox, oy + (this._landscape ? this.W : this.L) * s];
    }
    if (this.rotation) {
      // p -> R p + t (R a quarter turn counter-clockwise, exact; t keeps the centre in place),
      // then the screen mapping: M' = M R, offset M t + e
      const [cos, sin] = { 90: [0, 1], 180: [-1, 0], 270: [0, -1] }[this.rotation];
      const [a, b, c, d, e, f] = this._m;
      const cx = this.W / 2;
      const cy = this.L / 2;
      const tx = cx - (cos * cx - sin * cy);
      const ty = cy - (sin * cx + cos * cy);
      this._m = [a * cos + b * sin, -a * sin + b * cos, c * cos + d * sin, -c * sin + d * cos, a * tx + b * ty + e, c * tx + d * ty + f];
    }
  }

  /** [px, py]: CSS pixels in the canvas of the table point (x, y) mm. */
  toScreen(x, y) {
    const [a, b, c, d, e, f] = this._m;
    return [a * x + b * y + e, c * x + d * y + f];
  }

  /** [x, y] mm on the table of a pointer at (clientX, clientY). */
  toTable(clientX, clientY) {
    const rect = this.canvas.getBoundingClientRect();
    const px = clientX - rect.left;
    const py = clientY - rect.top;
    const [a, b, c, d, e, f] = this._m;
    const det = a * d - b * c;
    const u = px - e;
    const v = py - f;
    return [(d * u - b * v) / det, (-c * u + a * v) / det];
  }

  /** A direction in degrees (record frame, counter-clockwise from +x) as a screen angle (radians). */
  screenAngle(deg) {
    const r = (deg * Math.PI) / 180;
    const [a, b, c, d] = this._m;
    const dx = Math.cos(r);
    const dy = Math.sin(r);
    return Math.atan2(c * dx + d * dy, a * dx + b * dy);
  }

  /** Place every piece: `{name: [x, y] | null}` (null: off the table). Redraws. */
  setPosition(position) {
    this.position = {};
    for (const [name, p] of Object.entries(position ?? {})) {
      this.position[name] = Array.isArray(p) ? [Number(p[0]), Number(p[1])] : null;
    }
    if (this.canvas && this._m) this.draw();
  }

  /** The pocket whose hole (or drop point) holds a centre at (x, y), or null. */
  inPocket(x, y) {
    for (const [name, p] of Object.entries(this.geo.pockets ?? {})) {
      const r = p.radius ?? p.mouth / 2;
      if (Math.hypot(x - p.at[0], y - p.at[1]) <= r) return name;
    }
    if (this.geo.kind === "billiards") {
      // a ball beyond the cushion line by more than its radius has dropped
      const r = this.radius("white");
      if (x < -r || y < -r || x > this.W + r || y > this.L + r) return "off";
    }
    return null;
  }

  /** Whether a disc of radius r at (x, y) lies on the playing surface. */
  onTable(x, y, r = 0) {
    return x >= r && y >= r && x <= this.W - r && y <= this.L - r;
  }

  // ------------------------------------------------------------------ drawing

  /** Redraw everything (also called on resize). */
  draw() {
    const ctx = this.canvas.getContext("2d");
    if (!ctx) return;
    const dpr = this._dpr;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const [a, b, c, d, e, f] = this._m;
    // table space: draw in mm
    ctx.setTransform(dpr * a, dpr * c, dpr * b, dpr * d, dpr * e, dpr * f);
    drawTable(ctx, { ...this.geo, size: [this.W, this.L] }, (n) => this._px(n));
    // screen space (CSS px) for the pieces, labels and the page's overlay
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this._drawPieces(ctx, this._anim ? this._anim.now : this.position);
    if (this.onDraw) {
      ctx.save();
      try {
        this.onDraw(ctx, this);
      } finally {
        ctx.restore();
      }
    }
  }

  _px(n) {
    // n CSS pixels in mm (for line widths drawn in table space)
    return n / this.scale;
  }

  _drawPieces(ctx, position) {
    const cue = this.info.cue_piece;
    const order = Object.keys(position).sort((p, q) => (p === cue ? 1 : 0) - (q === cue ? 1 : 0));
    for (const name of order) {
      const p = position[name];
      if (!p) continue;
      this.drawPiece(ctx, name, p[0], p[1], 1, p[2] ?? 0);
    }
  }

  /** Draw one piece at (x, y) mm (screen-space context). `alpha` for ghosts; `z`: the height
   * of its bottom above the cloth, mm (a ball in the air: larger, its shadow apart, heightLook). */
  drawPiece(ctx, name, x, y, alpha = 1, z = 0) {
    const [px, py] = this.toScreen(x, y);
    const r0 = Math.max(this.radius(name) * this.scale, 2.5);
    const look = heightLook(z, this.radius(name));
    const r = r0 * look.scale;
    const colour = pieceColour(this.game, name);
    const cue = this.info.cue_piece;
    ctx.save();
    ctx.globalAlpha = alpha;
    if (this.geo.pieces === "discs") {
      ctx.fillStyle = "rgba(0,0,0,0.25)";
      dot(ctx, px + r * 0.12, py + r * 0.15, r);
      ctx.fillStyle = colour;
      dot(ctx, px, py, r);
      ctx.strokeStyle = kindOf(name) === "black" ? "#555" : "rgba(0,0,0,0.45)";
      ctx.lineWidth = Math.max(1, r * 0.12);
      ctx.beginPath();
      ctx.arc(px, py, r * 0.62, 0, 2 * Math.PI);
      ctx.stroke();
      if (name === cue) {
        ctx.strokeStyle = "#1f5bd0";
        ctx.lineWidth = Math.max(1.2, r * 0.14);
        ctx.beginPath();
        ctx.arc(px, py, r * 0.85, 0, 2 * Math.PI);
        ctx.stroke();
      }
    } else {
      const grad = ctx.createRadialGradient(px - r * 0.35, py - r * 0.35, r * 0.1, px, py, r);
      grad.addColorStop(0, lighten(colour));
      grad.addColorStop(1, colour);
      ctx.fillStyle = `rgba(0,0,0,${look.alpha})`;
      dot(ctx, px + r0 * 0.15 + look.dx * this.scale, py + r0 * 0.2 + look.dy * this.scale, r0);
      ctx.fillStyle = grad;
      dot(ctx, px, py, r);
      ctx.strokeStyle = "rgba(0,0,0,0.5)";
      ctx.lineWidth = 0.8;
      ctx.beginPath();
      ctx.arc(px, py, r, 0, 2 * Math.PI);
      ctx.stroke();
    }
    const own = pieceLabel(this.geo, name);
    // the colour-blind mode's letters (a11y.js; none where it is not loaded, e.g. the replay file)
    const label = own || (globalThis.potshotPieceMark?.(name) ?? "");
    if (label && (r >= 6 || !own)) {
      // the colour-blind letters stay readable on a small drawing (at least 10 px, over the ball's edge)
      const size = r * (label.length > 1 ? 0.95 : 1.15);
      ctx.font = `700 ${Math.round(own ? size : Math.max(size, 10))}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      if (!own) {
        ctx.strokeStyle = "#000"; // dark outline: the letters read on a white or yellow ball too
        ctx.lineWidth = Math.max(3, r * 0.3);
        ctx.lineJoin = "round";
        ctx.strokeText(label, px, py + r * 0.05);
      }
      ctx.fillStyle = "#fff";
      ctx.fillText(label, px, py + r * 0.05);
    }
    ctx.restore();
  }

  // ---------------------------------------------------------------- animation

  /**
   * Play a stroke: each piece in `trajectories` (`{name: [[t, x, y], ...]}`, seconds and mm;
   * `[t, x, y, z]` for a ball that left the cloth, drawn at its height)
   * moves along its samples in real time times `speed`; a piece whose track ends in a pocket
   * leaves the table when it gets there. Resolves when `duration` (seconds) has passed, or at
   * once after `finish()`. The final position stays drawn.
   */
  animate(trajectories, duration, speed = 1) {
    this.finish();
    const tracks = Object.entries(trajectories ?? {}).filter(([, s]) => Array.isArray(s) && s.length);
    let end = Number(duration) || 0;
    for (const [, s] of tracks) end = Math.max(end, s[s.length - 1][0]);
    const final = { ...this.position };
    for (const [name, s] of tracks) {
      const [, x, y] = s[s.length - 1];
      final[name] = this.inPocket(x, y) ? null : [x, y];
    }
    if (!tracks.length || !(speed > 0) || !Number.isFinite(speed)) {
      this.setPosition(final);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const anim = { now: { ...this.position }, idx: {}, done: false, resolve, final };
      this._anim = anim;
      const t0 = performance.now();
      const step = () => {
        if (anim.done) return;
        const t = ((performance.now() - t0) / 1000) * speed;
        for (const [name, s] of tracks) {
          anim.now[name] = sampleAt(s, t, anim.idx, name);
          const last = s[s.length - 1];
          if (t >= last[0] && final[name] === null) anim.now[name] = null;
        }
        this.draw();
        if (t >= end) this._end(anim);
        else requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
  }

  /** End a running animation now, showing its final position. */
  finish() {
    if (this._anim) this._end(this._anim);
  }

  /** Whether an animation is running. */
  get animating() {
    return Boolean(this._anim);
  }

  _end(anim) {
    if (anim.done) return;
    anim.done = true;
    if (this._anim === anim) this._anim = null;
    this.setPosition(anim.final);
    anim.resolve();
  }
}


/**
 * Draw a table in the one schema (potshot.render.geometry; GET /api/games `table`, the replay's
 * data) on `ctx`, already in table space (mm, record coordinates); `px(n)`: n CSS pixels in mm.
 * The pages' TableView and the replay page both draw with this.
 */
export function drawTable(ctx, geo, px) {
  if (geo.kind === "board") drawBoard(ctx, geo, px);
  else if (geo.kind === "billiards") drawBilliards(ctx, geo, px);
  else drawGeneric(ctx, geo, px);
}

function drawBilliards(ctx, g, px) {
  const [W, L] = g.size;
  const cush = g.cushion ?? 50;
  const rail = g.rail ?? 110;
  // wooden rail
  ctx.fillStyle = "#4a2a14";
  roundRect(ctx, -cush - rail, -cush - rail, W + 2 * (cush + rail), L + 2 * (cush + rail), rail * 0.6);
  ctx.fill();
  ctx.strokeStyle = "#2a170a";
  ctx.lineWidth = px(2);
  ctx.stroke();
  if (g.segments?.length) {
    // the cloth under the cushions too, then the rubber behind each straight face and the
    // rounded jaws: the outlines the physics uses (potshot.equipment.cushions), so the pocket
    // mouths show as they play
    ctx.fillStyle = "#1c7a3a";
    ctx.fillRect(-cush, -cush, W + 2 * cush, L + 2 * cush);
    ctx.save();
    ctx.beginPath();
    ctx.rect(-cush, -cush, W + 2 * cush, L + 2 * cush);
    ctx.clip();
    ctx.fillStyle = "#145a2b";
    for (const { a, b, n } of g.segments) {
      ctx.beginPath();
      ctx.moveTo(a[0], a[1]);
      ctx.lineTo(b[0], b[1]);
      ctx.lineTo(b[0] - cush * n[0], b[1] - cush * n[1]);
      ctx.lineTo(a[0] - cush * n[0], a[1] - cush * n[1]);
      ctx.closePath();
      ctx.fill();
    }
    for (const j of g.jaws ?? []) dot(ctx, j.c[0], j.c[1], j.r);
    ctx.restore();
    ctx.strokeStyle = "rgba(0,0,0,0.35)";
    ctx.lineWidth = px(1);
    for (const { a, b } of g.segments) {
      ctx.beginPath();
      ctx.moveTo(a[0], a[1]);
      ctx.lineTo(b[0], b[1]);
      ctx.stroke();
    }
  } else {
    // cushions, then the cloth
    ctx.fillStyle = "#145a2b";
    ctx.fillRect(-cush, -cush, W + 2 * cush, L + 2 * cush);
    ctx.fillStyle = "#1c7a3a";
    ctx.fillRect(0, 0, W, L);
  }
  // diamonds on the rail (decoration, 1/8 of the length / 1/4 of the width apart)
  ctx.fillStyle = "#e9dcc0";
  const dr = Math.max(px(1.5), 8);
  for (let i = 1; i < 8; i++) {
    if (i === 4) continue;
    const y = (L * i) / 8;
    dot(ctx, -cush - rail / 2, y, dr);
    dot(ctx, W + cush + rail / 2, y, dr);
  }
  for (let i = 1; i < 4; i++) {
    const x = (W * i) / 4;
    dot(ctx, x, -cush - rail / 2, dr);
    dot(ctx, x, L + cush + rail / 2, dr);
  }
  // pockets: the hole, a little beyond the cushion line at each corner and middle
  for (const p of Object.values(g.pockets ?? {})) {
    const r = p.corner ? p.mouth * 0.62 : p.mouth * 0.55;
    ctx.fillStyle = "#050505";
    dot(ctx, p.at[0], p.at[1], r);
    ctx.strokeStyle = "#8a6a2a";
    ctx.lineWidth = px(1.5);
    ctx.beginPath();
    ctx.arc(p.at[0], p.at[1], r + px(1), 0, 2 * Math.PI);
    ctx.stroke();
  }
  // baulk line and D (Section 1 Rule 1(d), (e)); Russian: the D line
  ctx.strokeStyle = "rgba(255,255,255,0.75)";
  ctx.lineWidth = px(1.2);
  if (g.baulk_line !== undefined) {
    ctx.beginPath();
    ctx.moveTo(0, g.baulk_line);
    ctx.lineTo(W, g.baulk_line);
    ctx.stroke();
  }
  if (g.d_radius) {
    const [cx, cy] = g.d_centre;
    ctx.beginPath();
    ctx.arc(cx, cy, g.d_radius, Math.PI, 2 * Math.PI);
    ctx.stroke();
  }
  // spots
  ctx.fillStyle = "rgba(255,255,255,0.8)";
  for (const [x, y] of Object.values(g.spots ?? {})) dot(ctx, x, y, px(1.6));
}

/** Any other table, from the common part of the one schema (potshot.render.geometry). */
function drawGeneric(ctx, g, px) {
  const [W, L] = g.size;
  const col = g.colours ?? {};
  const b = g.border ?? 0;
  ctx.fillStyle = col.border ?? "#4a2a14";
  ctx.fillRect(-b, -b, W + 2 * b, L + 2 * b);
  ctx.fillStyle = col.surface ?? "#1c7a3a";
  ctx.fillRect(0, 0, W, L);
  ctx.fillStyle = col.pocket ?? "#050505";
  for (const p of Object.values(g.pockets ?? {})) dot(ctx, p.at[0], p.at[1], p.radius);
  ctx.strokeStyle = col.line ?? "#f4f4f4";
  ctx.lineWidth = px(1.2);
  for (const [p, q] of g.lines ?? []) {
    ctx.beginPath();
    ctx.moveTo(p[0], p[1]);
    ctx.lineTo(q[0], q[1]);
    ctx.stroke();
  }
  for (const c of g.circles ?? []) {
    ctx.beginPath();
    ctx.arc(c.at[0], c.at[1], c.radius, 0, 2 * Math.PI);
    if (c.fill) {
      ctx.fillStyle = col.line ?? "#f4f4f4";
      ctx.fill();
    }
    ctx.stroke();
  }
  ctx.fillStyle = col.line ?? "#f4f4f4";
  for (const [x, y] of Object.values(g.spots ?? {})) dot(ctx, x, y, px(1.6));
}

function drawBoard(ctx, g, px) {
  const [W, L] = g.size;
  const fr = g.frame ?? 76;
  ctx.fillStyle = "#5b3516";
  roundRect(ctx, -fr, -fr, W + 2 * fr, L + 2 * fr, fr * 0.35);
  ctx.fill();
  ctx.fillStyle = "#f0d9a8";
  ctx.fillRect(0, 0, W, L);
  ctx.strokeStyle = "#3a210c";
  ctx.lineWidth = px(2);
  ctx.strokeRect(0, 0, W, L);
  const ink = "#2b1a0b";
  const red = "#b3202a";
  // pockets
  for (const p of Object.values(g.pockets ?? {})) {
    ctx.fillStyle = "#0a0a0a";
    dot(ctx, p.at[0], p.at[1], p.radius);
  }
  // base lines and circles (Law 91)
  ctx.strokeStyle = ink;
  ctx.lineWidth = px(1.3);
  for (const base of Object.values(g.bases ?? {})) {
    for (const [p, q] of base.lines) {
      ctx.beginPath();
      ctx.moveTo(p[0], p[1]);
      ctx.lineTo(q[0], q[1]);
      ctx.stroke();
    }
    for (const [x, y] of base.circles) {
      ctx.fillStyle = red;
      dot(ctx, x, y, g.base_circle);
      ctx.beginPath();
      ctx.arc(x, y, g.base_circle, 0, 2 * Math.PI);
      ctx.stroke();
    }
  }
  // diagonal arrows: from near each pocket toward the centre, a filled head at the pocket's end
  // (as the SVG draws them, potshot.render.svg)
  for (const [p, q] of g.arrows ?? []) {
    ctx.beginPath();
    ctx.moveTo(p[0], p[1]);
    ctx.lineTo(q[0], q[1]);
    ctx.stroke();
    let ux = p[0] - q[0];
    let uy = p[1] - q[1];
    const n = Math.hypot(ux, uy) || 1;
    ux /= n;
    uy /= n;
    const h = 14;
    ctx.beginPath();
    ctx.moveTo(p[0], p[1]);
    ctx.lineTo(p[0] - h * ux + 0.5 * h * uy, p[1] - h * uy - 0.5 * h * ux);
    ctx.lineTo(p[0] - h * ux - 0.5 * h * uy, p[1] - h * uy + 0.5 * h * ux);
    ctx.closePath();
    ctx.fillStyle = ink;
    ctx.fill();
  }
  // centre and outer circles
  const [cx, cy] = g.centre ?? [W / 2, L / 2];
  ctx.beginPath();
  ctx.arc(cx, cy, g.outer_circle, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.fillStyle = red;
  dot(ctx, cx, cy, g.centre_circle);
  ctx.beginPath();
  ctx.arc(cx, cy, g.centre_circle, 0, 2 * Math.PI);
  ctx.stroke();
}


/** The interpolated [x, y] of samples `s` at time t (idx caches the last segment per name). */
function sampleAt(s, t, idx, name) {
  // a sample is [t, x, y], or [t, x, y, z] for a ball that left the cloth (z: mm above it)
  if (t <= s[0][0]) return [s[0][1], s[0][2], s[0][3] ?? 0];
  const last = s[s.length - 1];
  if (t >= last[0]) return [last[1], last[2], last[3] ?? 0];
  let i = idx[name] ?? 0;
  if (s[i][0] > t) i = 0;
  while (i < s.length - 2 && s[i + 1][0] <= t) i++;
  idx[name] = i;
  const [ta, xa, ya, za = 0] = s[i];
  const [tb, xb, yb, zb = 0] = s[i + 1];
  const k = tb > ta ? (t - ta) / (tb - ta) : 1;
  return [xa + (xb - xa) * k, ya + (yb - ya) * k, za + (zb - za) * k];
}

/**
 * How a piece whose bottom is `z` mm above the cloth is drawn (`r`: its radius, mm), seen from
 * above with the light up and to the left: the piece grows as it rises toward the viewer
 * (`scale`: 1 + z / 4r, so a ball lifted by its own diameter is drawn half as large again: an
 * exaggerated perspective, to be seen at table scale), and its shadow stays on the cloth,
 * pushed down and right by half the height (`dx`, `dy`, mm) and fainter (`alpha`) the higher
 * it is. On the cloth (z = 0): scale 1, the usual shadow. docs/replay.md.
 */
export function heightLook(z, r) {
  const h = Math.max(0, Number(z) || 0);
  return { scale: 1 + h / (4 * r), dx: h * 0.5, dy: h * 0.5, alpha: Math.max(0.1, 0.3 * (1 - h / (8 * r))) };
}

function dot(ctx, x, y, r) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fill();
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.lineTo(x + w - r, y);
  ctx.arcTo(x + w, y, x + w, y + r, r);
  ctx.lineTo(x + w, y + h - r);
  ctx.arcTo(x + w, y + h, x + w - r, y + h, r);
  ctx.lineTo(x + r, y + h);
  ctx.arcTo(x, y + h, x, y + h - r, r);
  ctx.lineTo(x, y + r);
  ctx.arcTo(x, y, x + r, y, r);
  ctx.closePath();
}

function lighten(hex) {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c) => Math.round(c + (255 - c) * 0.55);
  const r = mix((n >> 16) & 255);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `rgb(${r},${g},${b})`;
}
