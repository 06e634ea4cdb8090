// The marker's page (/mark/{id}?token=...): a real match on a tablet, one tap per event
// (docs/web-api.md, "Mark one event"). The referee rules every tap; this page only offers the
// taps that can be right now, sends the answers to the referee's questions (state.asks) with the
// next tap or as a declaration, and shows the score board and the last ruling's account.

import {
  ApiError,
  el,
  followLive,
  get,
  idFromPath,
  post,
  showError,
  toast,
  tokenFromUrl,
  gameInfo,
} from "/static/api.js";
import {
  baseName,
  ballColour,
  facts,
  pinkInForce,
  pretty,
  resultLine,
  scoreboard,
  tracker,
  unitLine,
  shownTitle,
} from "/static/stats.js";

const id = idFromPath();
const token = tokenFromUrl();
const $ = (sel) => document.querySelector(sel);

let state = null;
let info = null; // this game's facts: its entry of GET /api/games
let busy = false;
// what the marker has chosen but not yet sent
let mode = "pot"; // the balls pad: "pot" | "foul" | "free" | "inoff" | "cannon" (the game's marking.modes)
let potted = false; // foul / free ball: the named ball was potted too
let pocket = null; // the pocket chosen for the next pot (optional)
let foulKind = "";
let pieceTaps = []; // the pieces pad: the pieces counted in this stroke, in the order tapped
let cannon = []; // cannon mode: the balls the cue ball contacted
let penalty = null; // pieces due (carrom): "place" | "waive" | "no_room"
// the official's calls on a foul (docs/record-extensions.md, `calls`): declarations the referee obeys
let missCalled = false; // "foul and a miss" called (Section 3 Rule 14(a))
let fullBall = false; // with a miss: a full ball was available (Rule 14(c))
let freeCalled = false; // a free ball called for the incoming player (Rule 10(a))
let armed = null; // a destructive button waiting for its confirming tap
let stopLive = null;

// ------------------------------------------------------------------ talking to the server

async function load() {
  try {
    const st = await get(`/api/matches/${encodeURIComponent(id)}`);
    info = gameInfo(st.game);
    setState(st);
  } catch (e) {
    showError(e);
    $("#title").textContent = e instanceof ApiError && e.status === 404 ? `No match ${id}` : "The match could not be loaded";
    return;
  }
  if (!token) toast("This page marks only with its marking link (…?token=…); shown read only.", "error");
  stopLive?.();
  stopLive = followLive(
    `/api/matches/${encodeURIComponent(id)}/live`,
    (st) => {
      if (!busy && st.revision > (state?.revision ?? -1)) setState(st);
    },
    (status) => {
      const b = $("#live");
      b.textContent = status === "live" ? "● live" : "reconnecting…";
      b.className = `badge ${status === "live" ? "live" : "off"}`;
    },
  );
}

async function reload() {
  try {
    setState(await get(`/api/matches/${encodeURIComponent(id)}`));
  } catch (e) {
    showError(e);
  }
}

function resetChoices() {
  mode = "pot";
  potted = false;
  pocket = null;
  foulKind = "";
  pieceTaps = [];
  cannon = [];
  penalty = null;
  missCalled = false;
  fullBall = false;
  freeCalled = false;
  armed = null;
}

function setState(st) {
  const moved = !state || st.revision !== state.revision;
  state = st;
  if (moved) resetChoices();
  render();
}

/** One write with the revision last seen; a refusal is the server's one line, and a stale
 * revision (another marker) reloads the state. */
async function send(path, body = {}) {
  if (busy || !state) return null;
  busy = true;
  render();
  try {
    const answer = await post(
      `/api/matches/${encodeURIComponent(id)}/${path}`,
      { revision: state.revision, ...body },
      { token },
    );
    busy = false;
    setState(answer.state ?? answer);
    return answer;
  } catch (e) {
    busy = false;
    showError(e);
    if (e instanceof ApiError && (e.code === "stale_revision" || e.code === "conflict")) await reload();
    else render();
    return null;
  }
}

/** A tap with the answers chosen for the referee's questions merged into its `before`. */
function tap(body) {
  const before = { ...(body.before ?? {}) };
  const due = ask("penalty_place");
  if (due && penalty === "place") before.penalty_place = placed(due);
  if (due && penalty === "waive") before.waive_penalty = true;
  if (due && penalty === "no_room") before.penalty_unplaced = { [due.owner]: "no_room" };
  const out = { ...body };
  if (Object.keys(before).length) out.before = before;
  return send("mark", out);
}

// --------------------------------------------------------------------------- the state

/** The due pieces placed: at the referee's suggested spots where it knows room for them all, else
 * placed where no one recorded (`{piece: null}`: a marked board keeps no positions). */
function placed(due) {
  const spots = due.suggested ?? {};
  if (Object.keys(spots).length >= due.count) return spots;
  return Object.fromEntries((due.pieces ?? []).slice(0, due.count).map((p) => [p, null]));
}

/** Whether this game's official makes the calls (its facts: a free ball ask, the foul and a miss). */
const takesCalls = () => Boolean(info?.caps?.asks?.includes("free_ball") || info?.marking?.foul_miss);
/** The miss rule is on unless the match plays without it (`rules.miss: "never"`). */
const missRule = () => Boolean(info?.marking?.foul_miss) && state?.rules?.miss !== "never";

/** The official's calls sent with a foul tap (`miss` true only for the foul and a miss). */
function foulCalls(miss = false) {
  if (!takesCalls()) return {};
  const calls = { free_ball: freeCalled };
  if (missRule()) calls.miss = miss;
  if (miss) calls.full_ball = fullBall;
  return { calls };
}

const ask = (kind) => state?.asks?.find((a) => a.kind === kind) ?? null;
/** The frame/board just ended and the match goes on: the next tap opens a fresh one. */
const fresh = () => Boolean(state?.frame_over ?? state?.frames?.at(-1)?.winner) && !state.match_over;
/** The balls on the table for the next tap: a fresh rack after a finished frame/board. */
const table = () => (fresh() ? info?.start ?? {} : state?.position ?? {});
/** The pieces on the table (the referee's `on_table`: a due placed without a position counts). */
const tableNames = () => state?.on_table ?? Object.keys(table()).filter((n) => table()[n] != null);
const onTable = (name) => tableNames().includes(name);
const countOnTable = (base) => tableNames().filter((n) => baseName(n) === base && n !== "striker").length;

/** A question that must be answered before any stroke can be marked (and by whom). */
function blocking() {
  if (!state || state.match_over) return null;
  const d = ask("decision");
  if (d) return d;
  const s = ask("spot");
  if (s) return s;
  const p = ask("penalty_place");
  if (p && !penalty && state.turn === p.player) return p;
  return null;
}

function canWrite() {
  return Boolean(token) && !busy && state && !state.match_over;
}

// ------------------------------------------------------------------------------ render

function render() {
  if (!state) return;
  document.title = `Mark · ${shownTitle(state)}`;
  $("#title").textContent = `${info.title} · ${shownTitle(state)}${state.table ? ` · ${state.table}` : ""}`;
  $("#rev").textContent = `rev ${state.revision}`;
  $("#watch-link").href = `/watch/${encodeURIComponent(id)}`;
  const undo = $("#undo");
  const redo = $("#redo");
  undo.disabled = !token || busy || !state.can_undo;
  redo.disabled = !token || busy || !state.can_redo;
  const lastText = state.last?.caption ?? state.last?.account;
  undo.title = lastText ? `take back: ${lastText}` : "take back the last entry";
  undo.onclick = () => send("undo");
  redo.onclick = () => send("redo");
  $("#main").dataset.game = state.game;
  $("#pad").dataset.mode = mode;
  renderTop();
  renderAsk();
  $("#pad").replaceChildren(...(info.marking.pad === "pieces" ? piecesPad() : tablePad()));
  renderLast();
}

function renderTop() {
  const result = resultLine(state);
  $("#top").replaceChildren(
    ...[
    scoreboard(state),
    el(
      "div",
      { class: "row facts-row" },
      facts(state),
      el("span", { class: "unit-line muted", "data-testid": "unit-line" }, unitLine(state)),
    ),
    result ? el("div", { class: "result", "data-testid": "result" }, result) : null,
    tracker(state),
    ].filter(Boolean),
  );
}

function renderLast() {
  const last = state.last;
  $("#last").replaceChildren(
    el("span", { class: "muted" }, "Last ruling: "),
    el(
      "span",
      { "data-testid": "last-account" },
      // the caption says what was entered (the details would name the red the record had to pick)
      last?.caption ?? last?.account ?? "no shot yet",
    ),
  );
}

function choice(label, attrs, handler) {
  return el("button", { ...attrs, onclick: handler, disabled: attrs.disabled || !canWrite() }, label);
}

/** The referee's questions: the required one first, then the optional ones. */
function renderAsk() {
  const box = $("#ask");
  const parts = [];
  if (state.match_over) {
    box.hidden = true;
    return;
  }
  if (fresh() && state.next_frame) {
    // the frame/board just ended: who breaks the next one (the referee's next_frame); the break's
    // own tap on the pad below opens it
    const done = state.frames?.at(-1);
    const unit = info.frame_word;
    parts.push(
      el(
        "div",
        { class: "ask required", "data-ask": "next_frame" },
        el(
          "span",
          { class: "q", "data-testid": "next-break" },
          `${unit[0].toUpperCase()}${unit.slice(1)} ${state.frames.length} ${done?.winner ? `to ${done.winner}` : "over"}. ` +
            `${unit[0].toUpperCase()}${unit.slice(1)} ${state.frames.length + 1}: ${state.next_frame.starts} breaks.`,
        ),
        el("span", { class: "muted" }, " Tap the break's result below; Undo takes back the last stroke."),
      ),
    );
  }
  for (const a of state.asks ?? []) {
    if (a.kind === "decision") {
      const names = { play: "Play", put_back: "Put back", replace: "Replace the balls", from_hand: "From hand (in the D)" };
      parts.push(
        el(
          "div",
          { class: "ask required", "data-ask": "decision" },
          el("span", { class: "q" }, `After the foul, ${a.player} decides:`),
          ...a.options.map((o) =>
            choice(names[o] ?? pretty(o), { class: "primary", "data-decision": o }, () =>
              send("decision", { before: { decision: o } }),
            ),
          ),
        ),
      );
    } else if (a.kind === "free_ball") {
      parts.push(
        el(
          "div",
          { class: "ask", "data-ask": "free_ball" },
          el("span", { class: "q" }, `Free ball for ${a.player}: `),
          el("span", { class: "muted" }, "tap Free ball, then the nominated ball; or play the ball on."),
        ),
      );
    } else if (a.kind === "nominate") {
      parts.push(
        el(
          "div",
          { class: "ask", "data-ask": "nominate" },
          el("span", { class: "q" }, "Colour on: "),
          el("span", { class: "muted" }, "tapping the colour potted nominates it."),
        ),
      );
    } else if (a.kind === "declare_pink") {
      const now = pinkInForce(state);
      parts.push(
        el(
          "div",
          { class: "ask", "data-ask": "declare_pink" },
          el("span", { class: "q" }, `${a.player} may declare the pink:`),
          ...a.options.map((o) =>
            choice(
              o === "pink" ? "No declaration" : `as ${o}`,
              { class: o === now ? "chosen" : "", "data-declare": o, disabled: o === now },
              () => send("decision", { before: { declare_pink: o } }),
            ),
          ),
        ),
      );
    } else if (a.kind === "spot") {
      // the standard spots (the table's), the highest first: where a ball whose own spot is
      // blocked may go (Russian PLAY: "any vacant spot")
      const spots = Object.entries(info.table?.spots ?? {})
        .reverse()
        .map(([colour, p]) => [`${colour} spot`, p]);
      const free = spots.filter(([, p]) => spotFree(p));
      parts.push(
        el(
          "div",
          { class: "ask required", "data-ask": "spot" },
          el("span", { class: "q" }, `The ${pretty(a.ball)}'s spot is taken: ${a.player} chooses`),
          ...free.map(([label, p]) =>
            choice(label, { class: "primary" }, () => send("decision", { before: { spot: p } })),
          ),
        ),
      );
    } else if (a.kind === "penalty_place") {
      const n = a.count;
      const pick = (v) => () => {
        penalty = penalty === v ? null : v;
        render();
      };
      parts.push(
        el(
          "div",
          { class: `ask${state.turn === a.player && !penalty ? " required" : ""}`, "data-ask": "penalty_place" },
          el("span", { class: "q" }, `${a.player} places ${a.owner}'s ${n} due piece${n === 1 ? "" : "s"}:`),
          choice(
            "Placed",
            { class: penalty === "place" ? "chosen" : "", "data-penalty": "place", title: "placed in the outer circle (Laws 57, 58)" },
            pick("place"),
          ),
          choice("Waived (Law 60)", { class: penalty === "waive" ? "chosen" : "", "data-penalty": "waive" }, pick("waive")),
          choice(
            "No room: it waits (Law 52(a))",
            { class: penalty === "no_room" ? "chosen" : "", "data-penalty": "no_room" },
            pick("no_room"),
          ),
        ),
      );
    }
  }
  box.hidden = parts.length === 0;
  box.replaceChildren(...parts.filter(Boolean));
}

function spotFree(p) {
  const r = 26.25;
  return Object.values(state.position ?? {}).every((q) => q == null || Math.hypot(q[0] - p[0], q[1] - p[1]) > 2 * r + 0.5);
}

// --------------------------------------------------------------- the balls pad (snooker, Russian)

/** The pockets a ball (as the colour it plays) is associated with, where the game names them. */
const ballPockets = (colour) => info.marking.ball_pockets?.[colour] ?? [];
const pocketsNamed = () => Object.keys(info.marking.ball_pockets ?? {}).length > 0;

function ballEnabled(ball) {
  const m = info.marking;
  if (mode === "foul") return ball === "white" || countOnTable(ball) > 0;
  if (m.follows_on) {
    if (mode === "free") {
      const opts = ask("free_ball")?.options ?? [];
      return opts.some((o) => baseName(o) === ball);
    }
    // a fresh frame starts on the first ball of the pad (the reds); a group (any colour) is any of its balls
    const on = fresh() ? m.balls[0] : state.on?.[0];
    const group = info.groups[on];
    if (group) return group.includes(ball) && onTable(ball);
    if (m.counted.includes(on)) return ball === on && countOnTable(on) > 0;
    return ball === on && onTable(ball);
  }
  // any ball on the table with a pocket; the declared piece only as declared (Russian DECLARATION)
  if (!onTable(ball)) return false;
  if (mode === "cannon") return true;
  if (ball === m.declared && !ballPockets(pinkInForce(state)).length) return false;
  // a pot (or an in-off) into one of two pockets: the marker taps which first, nothing is assumed
  return !pocketsNamed() || ownPocket(ball) !== null;
}

function ballLabel(ball) {
  const m = info.marking;
  const values = info.values;
  if (ball === "white") return mode === "foul" ? "in-off" : "white";
  if (m.counted.includes(ball)) return fresh() && values[ball] ? ball : `${ball} ×${countOnTable(ball)}`;
  if (ball === m.declared) {
    const p = pinkInForce(state);
    return values[p] ? `${ball} as ${p} ${values[p]}` : ball;
  }
  return values[ball] ? `${ball} ${values[ball]}` : ball;
}

/** The pocket a pot names where the game scores by pocket: the one tapped, else the ball's own
 * pocket when it has only one (as the colour it plays); null when the marker must say which. */
function ownPocket(ball) {
  const colour = ball === info.marking.declared ? pinkInForce(state) : ball;
  const own = ballPockets(colour);
  return pocket ?? (own.length === 1 ? own[0] : null);
}

function onBall(ball) {
  if (mode === "foul") {
    if (ball === "white") return tap({ tap: "foul", ball: "white", ...(pocket ? { pocket } : {}), ...foulCalls(missCalled) });
    return tap({ tap: "foul", ball, potted, ...(pocket ? { pocket } : {}), ...foulCalls(missCalled) });
  }
  if (mode === "free") return tap({ tap: "free_ball", ball, pot: potted, ...(pocket ? { pocket } : {}) });
  if (mode === "inoff") return rawShot([hit(ball), { type: "pot", ball: cueBall(), pocket: ownPocket(ball) }]);
  if (mode === "cannon") {
    cannon = cannon.includes(ball) ? cannon.filter((b) => b !== ball) : [...cannon, ball];
    return render();
  }
  const body = { tap: "pot", ball };
  if (pocketsNamed()) body.pocket = ownPocket(ball);
  else if (pocket) body.pocket = pocket;
  const nom = ask("nominate");
  if (nom && (nom.options ?? []).includes(ball)) body.before = { nominate: ball };
  return tap(body);
}

function cueBall() {
  return pinkInForce(state) === "white" ? state.last?.ruling?.cue_ball ?? "white" : "white";
}
const hit = (ball) => ({ type: "hit", ball: cueBall(), other: ball });

/** A stroke the taps do not name (in-off, cannon, no contact, an action), as the record's shot. */
function rawShot(events, before = {}) {
  return tap({ tap: "raw", shot: { player: state.turn, before, events } });
}

function pickOne(name) {
  const group = Object.entries(state.position ?? {})
    .filter(([n, p]) => p != null && baseName(n) === name)
    .map(([n]) => n)
    .sort((a, b) => Number(a.slice(name.length) || 0) - Number(b.slice(name.length) || 0));
  return group[0] ?? name;
}

function modeButton(m, label, enabled = true) {
  return el(
    "button",
    {
      class: `mode${mode === m ? " active" : ""}`,
      "data-mode": m,
      "aria-pressed": String(mode === m),
      disabled: !enabled || !canWrite() || Boolean(blocking()),
      onclick: () => {
        mode = mode === m ? "pot" : m;
        cannon = [];
        render();
      },
    },
    label,
  );
}

function armedButton(key, label, confirmLabel, attrs, action) {
  const isArmed = armed === key;
  return el(
    "button",
    {
      ...attrs,
      class: `${attrs.class ?? ""}${isArmed ? " armed" : ""}`,
      disabled: attrs.disabled || !canWrite(),
      onclick: () => {
        if (isArmed) {
          armed = null;
          action();
        } else {
          armed = key;
          render();
          setTimeout(() => {
            if (armed === key) {
              armed = null;
              render();
            }
          }, 4000);
        }
      },
    },
    isArmed ? confirmLabel : label,
  );
}

/** `node` painted in the ball's or piece's colour (the `--ball` the pad's CSS reads), through the
 * CSSOM: the pages' Content Security Policy refuses style attributes. */
function painted(name, node) {
  node.style.setProperty("--ball", ballColour(name));
  return node;
}

/** The mode buttons' labels (`foul` takes the game's word: Foul, Scratch). */
const MODE_LABELS = { free: "Free ball…", inoff: "In-off…", cannon: "Cannon…" };

function tablePad() {
  const m = info.marking;
  const blocked = Boolean(blocking());
  const write = canWrite() && !blocked;
  let balls = [...m.balls];
  if (mode === "foul" && m.cue_in_foul) balls.unshift("white");
  // a ball without a pocket (Russian black) is not potted by a pot tap: potting one is a foul tap
  if (mode === "pot") balls = balls.filter((b) => !m.pot_hidden.includes(b));

  const modes = el(
    "div",
    { class: "modes" },
    el(
      "span",
      { class: "muted" },
      mode !== "pot" ? modeHint() : pocketsNamed() && !pocket ? "Tap the pocket (where it is not the ball's only one), then the ball potted" : "Tap the ball potted",
    ),
    ...m.modes.map((k) =>
      k === "foul"
        ? modeButton("foul", `${m.foul_word}…`)
        : k === "free"
          ? modeButton("free", MODE_LABELS.free, Boolean(ask("free_ball")))
          : modeButton(k, MODE_LABELS[k] ?? `${k}…`),
    ),
  );
  const ballGrid = el(
    "div",
    { class: "balls" },
    ...balls.map((b, i) => {
      const selected = mode === "cannon" && cannon.includes(b);
      return painted(b, el(
        "button",
        {
          class: `ball${selected ? " selected" : ""}`,
          title: i < 9 ? `key ${i + 1}` : null,
          "data-ball": b,
          disabled: !write || !ballEnabled(b),
          onclick: () => onBall(b),
        },
        el("span", { class: "disc" }),
        el("span", { class: "label" }, ballLabel(b)),
      ));
    }),
  );
  const sub = el("div", { class: "subrow" });
  if (mode === "foul" || mode === "free") {
    sub.append(
      el(
        "button",
        {
          class: `toggle${potted ? " active" : ""}`,
          "data-testid": "potted",
          "aria-pressed": String(potted),
          disabled: !write,
          onclick: () => {
            potted = !potted;
            render();
          },
        },
        potted ? "☑ potted" : "☐ potted",
      ),
    );
  }
  if (mode === "cannon") {
    sub.append(
      el(
        "button",
        {
          class: "primary",
          "data-testid": "cannon-done",
          disabled: !write || cannon.length < 2,
          // a counted ball (several on the table, the Russian blacks) is named as one of them
          onclick: () => rawShot(cannon.map((b) => hit(m.counted.includes(b) ? pickOne(b) : b))),
        },
        cannon.length < 2 ? "Cannon: tap two balls or more" : `Cannon: ${cannon.join(", ")}`,
      ),
    );
  }
  sub.append(pocketChips(write));
  const calls = takesCalls() ? callsRow(write) : null;

  const actions = el("div", { class: "actions" });
  actions.append(
    el("button", { class: "big", "data-tap": "miss", disabled: !write, onclick: () => tap({ tap: "miss" }) }, m.miss_word),
    el("button", { class: "big", "data-tap": "safety", disabled: !write, onclick: () => tap({ tap: "safety" }) }, "Safety"),
  );
  if (m.foul_miss) {
    actions.append(
      el(
        "button",
        {
          class: "big danger",
          "data-tap": "foul_miss",
          disabled: !write || !missRule(),
          title: missRule() ? "no ball hit: a foul and a miss" : "the miss rule is off in this match",
          onclick: () => tap({ tap: "foul_miss", ...foulCalls(true) }),
        },
        "Foul & miss",
      ),
    );
  }
  if (m.no_contact) {
    actions.append(
      el(
        "button",
        { class: "big danger", "data-tap": "no_contact", disabled: !write, onclick: () => rawShot([]) },
        "No contact",
      ),
    );
  }
  actions.append(foulKindRow(write, m.foul_word));
  if (m.blacks) actions.append(blackActions());
  actions.append(...[refereeActions(), concedeRow()].filter(Boolean));
  return [el("div", { class: "pad-left" }, modes, ballGrid, sub, calls), actions];
}

/** The official's calls for the foul about to be entered: miss (with a full ball available or not)
 * and free ball; each is a declaration the referee obeys, none is judged from a made-up table. */
function callsRow(write) {
  const toggle = (label, on, testid, flip, enabled = true) =>
    el(
      "button",
      {
        class: `toggle${on ? " active" : ""}`,
        "data-call": testid,
        "aria-pressed": String(on),
        disabled: !write || !enabled,
        onclick: () => {
          flip();
          render();
        },
      },
      `${on ? "☑" : "☐"} ${label}`,
    );
  return el(
    "div",
    { class: "subrow calls", "data-testid": "calls" },
    el("span", { class: "muted small" }, "Referee's calls on a foul:"),
    missRule() ? toggle("miss", missCalled, "miss", () => (missCalled = !missCalled)) : el("span", { class: "muted small" }, "miss rule off"),
    missRule() ? toggle("full ball available", fullBall, "full_ball", () => (fullBall = !fullBall)) : null,
    info.caps.asks.includes("free_ball") ? toggle("free ball", freeCalled, "free_ball", () => (freeCalled = !freeCalled)) : null,
  );
}

/** The row that records a foul of a named kind: the game's foul kinds to choose from and the
 * button that sends the choice (`noun`: the game's foul word, "Foul", "Scratch"); `more()` adds to the tap. */
function foulKindRow(write, noun, more = () => ({})) {
  const kinds = info?.foul_kinds ?? [];
  return el(
    "div",
    { class: "kind-row" },
    el(
      "select",
      {
        "aria-label": "foul kind",
        "data-testid": "foul-kind",
        disabled: !write,
        onchange: (ev) => {
          foulKind = ev.target.value;
          render();
        },
      },
      el("option", { value: "" }, `${noun.toLowerCase()} kind…`),
      ...kinds.map((k) => el("option", { value: k, selected: k === foulKind }, pretty(k))),
    ),
    el(
      "button",
      {
        class: "danger",
        "data-tap": "foul-kind",
        disabled: !write || !foulKind,
        onclick: () => tap({ tap: "foul", kind: foulKind, ...foulCalls(false), ...more() }),
      },
      noun,
    ),
  );
}

function modeHint() {
  return {
    foul: info.marking.foul_hint,
    free: "Free ball: the nominated ball",
    inoff: "In-off: the ball the cue ball went in off",
    cannon: "Cannon: every ball the cue ball contacted",
  }[mode];
}

function pocketChips(write) {
  const pockets = info?.pockets ?? [];
  return el(
    "div",
    { class: "pockets", role: "group", "aria-label": "pocket (optional)" },
    el("span", { class: "muted small" }, "Pocket:"),
    ...pockets.map((p) =>
      el(
        "button",
        {
          class: `chip-btn${pocket === p ? " active" : ""}`,
          "data-pocket": p,
          disabled: !write,
          onclick: () => {
            pocket = pocket === p ? null : p;
            render();
          },
        },
        pretty(p),
      ),
    ),
  );
}

/** Spot or remove a black (Russian BLACK BALL), as the last ruling allows. */
function blackActions() {
  const r = state.last?.ruling;
  const allowed = typeof r?.blacks === "number" ? r.blacks : 0;
  const blacks = countOnTable("black");
  const write = canWrite() && !blocking();
  return el(
    "div",
    { class: "row small-actions" },
    el(
      "button",
      {
        "data-action": "spot_black",
        disabled: !write || blacks >= allowed,
        title: "BLACK BALL: a black goes on the top centre spot",
        onclick: () => rawShot([], { action: "spot_black" }),
      },
      "Spot a black",
    ),
    el(
      "button",
      {
        "data-action": "remove_black",
        disabled: !write || blacks <= allowed,
        onclick: () => rawShot([], { action: "remove_black" }),
      },
      "Remove a black",
    ),
  );
}

/** The referee's actions that take the place of a stroke (docs/record-extensions.md, `action`;
 * the game's `marking.actions`: [action, label, who, why]), each behind a confirming second tap,
 * in a panel that stays closed until wanted. */
function refereeActions() {
  const list = info.marking.actions ?? [];
  const buttons = [];
  for (const [action, label, who, why] of list) {
    const players = who === "each" ? state.players : [state.turn];
    for (const p of players) {
      if (!p) continue;
      const text = who ? `${p} ${label}` : label;
      buttons.push(
        armedButton(
          `${action}-${p}`,
          text,
          `Tap again: ${text}`,
          { class: "danger", "data-action": action, "data-player": p, title: why },
          () => tap({ tap: "raw", shot: { player: p, before: { action } } }),
        ),
      );
    }
  }
  if (!buttons.length) return null;
  const box = el("details", { class: "referee", "data-testid": "referee-actions" }, el("summary", {}, "Referee actions…"), el("div", { class: "row" }, ...buttons));
  // the panel stays as the marker left it across re-renders: read the shown panel's own `open`
  // (set at once by a click; its "toggle" event comes later, after a live update may have
  // rebuilt the page)
  box.open = document.querySelector("[data-testid=referee-actions]")?.open ?? false;
  return box;
}

function concedeRow() {
  if (info.marking.end === "discontinue") {
    return el(
      "div",
      { class: "row concede" },
      armedButton("end", "End the game…", "Tap again: end the game", { class: "danger", "data-action": "discontinue" }, () =>
        rawShot([], { action: "discontinue" }),
      ),
    );
  }
  // a player concedes in his own turn (the referee refuses it otherwise)
  const p = state.turn;
  return el(
    "div",
    { class: "row concede" },
    p
      ? armedButton(`concede-${p}`, `${p} concedes…`, `Tap again: ${p} concedes`, { class: "danger", "data-concede": p }, () =>
          tap({ tap: "concede", player: p }),
        )
      : null,
  );
}

// -------------------------------------------------------------------------- the pieces pad (carrom)

function piecesPad() {
  const m = info.marking;
  const write = canWrite() && !blocking();
  const count = (k) => pieceTaps.filter((t) => t === k).length;
  // the foul piece (the striker) once; a single piece (the queen) while on the board; else those on it
  const limit = Object.fromEntries(
    m.pieces.map(([k]) => [k, k === m.foul_piece ? 1 : m.single.includes(k) ? (onTable(k) ? 1 : 0) : countOnTable(k)]),
  );
  const tile = (k) =>
    el(
      "div",
      { class: "piece-tile", "data-piece": k },
      painted(
        k,
      el(
        "button",
        {
          class: "piece",
          "data-add": k,
          disabled: !write || count(k) >= limit[k],
          onclick: () => {
            pieceTaps.push(k);
            render();
          },
        },
        el("span", { class: "disc" }),
        el("span", { class: "label" }, pretty(k)),
        el("span", { class: "count", "data-testid": `count-${k}` }, String(count(k))),
      ),
      ),
      el(
        "button",
        {
          class: "minus",
          "aria-label": `one ${k} less`,
          "data-sub": k,
          disabled: !write || count(k) === 0,
          onclick: () => {
            const i = pieceTaps.lastIndexOf(k);
            if (i >= 0) pieceTaps.splice(i, 1);
            render();
          },
        },
        "−",
      ),
      el("span", { class: "muted small" }, k === m.foul_piece ? "a due" : `${limit[k]} on the board`),
    );
  const summary = pieceTaps.length ? pieceTaps.map(pretty).join(", ") : "nothing";
  const left = el(
    "div",
    { class: "pad-left" },
    el("div", { class: "modes" }, el("span", { class: "muted" }, "Tap each piece pocketed in this stroke, then Stroke done")),
    el("div", { class: "pieces" }, ...m.pieces.map(([k]) => tile(k))),
    el(
      "div",
      { class: "subrow" },
      el(
        "button",
        {
          class: "big primary",
          "data-tap": "pocketed",
          disabled: !write || pieceTaps.length === 0,
          onclick: () => tap({ tap: "pocketed", pieces: [...pieceTaps] }),
        },
        pieceTaps.length ? `Stroke done: ${summary}` : "Stroke done",
      ),
      el(
        "button",
        {
          class: "big",
          "data-tap": "nothing",
          disabled: !write || pieceTaps.length > 0,
          onclick: () => tap({ tap: "pocketed", pieces: [] }),
        },
        "No pocketing",
      ),
    ),
  );
  const actions = el(
    "div",
    { class: "actions" },
    el("div", { class: "muted" }, "A foul in this stroke (with the pieces counted):"),
    foulKindRow(write, m.foul_word, () => ({ pieces: [...pieceTaps] })),
    m.foul_piece_note ? el("div", { class: "muted small" }, m.foul_piece_note) : null,
    ...[refereeActions(), concedeRow()].filter(Boolean),
  );
  return [left, actions];
}

// ---------------------------------------------------------------------------- keyboard

/** Keys for a marker at a keyboard: the same buttons, so what is disabled stays impossible.
 * 1-9: the balls (the pieces pad: its pieces in order); u / Ctrl+Z undo, U / Ctrl+Y redo;
 * the balls pad: m miss (no score), s safety, f foul (scratch) mode, e free ball mode;
 * the pieces pad: each piece's key (carrom: w white, b black, q queen, x striker), Enter stroke
 * done, n no pocketing. */
function keySelector(ev) {
  const k = ev.key;
  const lower = k.toLowerCase();
  if ((ev.ctrlKey && lower === "z" && !ev.shiftKey) || (!ev.ctrlKey && k === "u")) return "#undo";
  if ((ev.ctrlKey && (lower === "y" || (lower === "z" && ev.shiftKey))) || (!ev.ctrlKey && k === "U")) return "#redo";
  if (ev.ctrlKey || ev.altKey || ev.metaKey) return null;
  const pieces = info?.marking.pad === "pieces";
  if (/^[1-9]$/.test(k)) {
    return pieces ? `.piece-tile:nth-child(${k}) button.piece` : `.balls button.ball:nth-child(${k})`;
  }
  const map = pieces
    ? {
        ...Object.fromEntries(info.marking.pieces.map(([name, key]) => [key, `[data-add=${name}]`])),
        Enter: "[data-tap=pocketed]",
        n: "[data-tap=nothing]",
      }
    : { m: "[data-tap=miss]", s: "[data-tap=safety]", f: "[data-mode=foul]", e: "[data-mode=free]", Enter: "[data-testid=cannon-done]" };
  return map[k] ?? null;
}

document.addEventListener("keydown", (ev) => {
  if (!state || ev.target.closest?.("input, select, textarea")) return;
  const sel = keySelector(ev);
  const button = sel ? document.querySelector(sel) : null;
  if (button && !button.disabled) {
    ev.preventDefault();
    button.click();
  }
});

// ------------------------------------------------------------------------------- start

window.addEventListener("resize", () => render());
load();
