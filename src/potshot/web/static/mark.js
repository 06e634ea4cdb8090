// The marker's page (/mark/{id}?token=...): a real match on a tablet, one tap per event
// (docs/web-api.md, "Mark one event"). The referee rules every tap; this page only offers the
// taps that can be right now, sends the answers to the referee's questions (state.asks) with the
// next tap or as a declaration, and shows the score board and the last ruling's account.
//
// Without a network (docs/offline.md) the page goes on: each entry it cannot send is queued (in
// IndexedDB, offline.js) with the revision it was made on, shown in a list of entries waiting on
// top of the server's last State (then provisional: only the referee rules), and sent in order
// when the network returns; a refusal or another marker's entry stops the sending and shows the
// conflict, which the marker resolves (re-apply on top, or discard with an export).

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
  ballWord,
  pretty,
  resultLine,
  scoreboard,
  tracker,
  unitLine,
  shownTitle,
} from "/static/stats.js";
import { has, t, tf, tn } from "/static/i18n.js";
import { dequeue, discard, discarded, enqueue, queued, requeue, savedState, saveState } from "/static/offline.js";

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
// marking without a network (docs/offline.md)
let queue = []; // the entries waiting to be sent, oldest first (offline.js keeps them)
let undone = []; // queued entries the marker took back (Undo), newest last: Redo queues them again
let offline = !navigator.onLine; // the last write could not reach the server
let conflict = null; // the sending stopped: {status, code, message, field, seq}
let replaying = false;
let retryTimer = null;
let retryDelay = 0; // ms: the next try's wait, doubled up to RETRY_MAX
let discardedCount = 0;
const RETRY_FIRST = 2000;
const RETRY_MAX = 60000;

// The words of the offline banner, the list of entries waiting and the conflict panel.
const OFFLINE_WORDS = {
  offline: t("offline.offline"),
  sending: t("offline.sending"),
  waiting: (n) => tn("offline.waiting", n),
  none: t("offline.none"),
  provisional: (rev) => t("offline.provisional", { rev }),
  revWaiting: (rev, n) => t("offline.rev_waiting", { rev, n }),
  sent: (n) => tn("offline.sent", n),
  retry: t("offline.retry"),
  notKept: (why) => t("offline.not_kept", { reason: why }),
  conflictTitle: t("offline.conflict_title"),
  stale: t("offline.stale"),
  refused: (msg) => t("offline.refused", { message: msg }),
  serverNow: (rev, line) => (line ? t("offline.server_now_line", { rev, line }) : t("offline.server_now", { rev })),
  reapply: t("offline.reapply"),
  reapplyTitle: t("offline.reapply_title"),
  dropFirst: t("offline.drop_first"),
  dropFirstConfirm: t("offline.drop_first_confirm"),
  dropAll: (n) => t("offline.drop_all", { n }),
  dropAllConfirm: (n) => t("offline.drop_all_confirm", { n }),
  download: (n) => tn("offline.download", n),
  decisionAfter: t("offline.decision_after"),
  undoQueued: (label) => t("offline.undo_queued", { label }),
  undoServer: t("offline.undo_server"),
  redoQueued: (label) => t("offline.redo_queued", { label }),
};

/** What an entry waiting is, in a few words (the marker's taps, as the pad names them). */
function entryLabel(e) {
  const b = e.body ?? {};
  if (e.path === "undo") return t("mark.q_undo");
  if (e.path === "redo") return t("mark.q_redo");
  if (e.path === "decision") {
    const [k, v] = Object.entries(b.before ?? {})[0] ?? ["decision", ""];
    return `${pretty(k)}: ${pretty(String(Array.isArray(v) ? v.map(Math.round).join(", ") : v))}`;
  }
  const where = b.pocket ? ` (${has(`pocket.${b.pocket}`) ? tf("pocket", b.pocket) : pretty(b.pocket)})` : "";
  const potted = `, ${t("mark.potted")}`;
  switch (b.tap) {
    case "pot":
      return `${t("mark.q_pot", { ball: ballWord(b.ball) })}${where}`;
    case "foul":
      return `${b.ball === "white" ? t("mark.in_off") : t("mark.q_foul", { what: b.ball ? ballWord(b.ball) : has(`foul.${b.kind}`) ? tf("foul", b.kind) : pretty(b.kind ?? "") })}${b.potted ? potted : ""}${where}${b.calls?.miss ? ` + ${t("mark.call_miss")}` : ""}${b.pieces?.length ? `: ${b.pieces.map(ballWord).join(", ")}` : ""}`;
    case "foul_miss":
      return t("mark.foul_miss").toLocaleLowerCase();
    case "free_ball":
      return `${t("mark.call_free_ball")} ${ballWord(b.ball)}${b.pot ? potted : ""}`;
    case "concede":
      return t("mark.q_concedes", { name: b.player });
    case "pocketed":
      return b.pieces?.length ? t("mark.q_pocketed", { pieces: b.pieces.map(ballWord).join(", ") }) : t("mark.no_pocketing").toLocaleLowerCase();
    case "raw": {
      const shot = b.shot ?? {};
      if (shot.before?.action) return pretty(shot.before.action);
      if (!shot.events?.length) return t("mark.no_contact").toLocaleLowerCase();
      return shot.events.map((ev) => `${ev.type} ${ev.other ?? ev.ball ?? ""}`.trim()).join(", ");
    }
    default:
      return pretty(b.tap ?? e.path);
  }
}

// ------------------------------------------------------------------ talking to the server

async function load() {
  let kept = null;
  try {
    [queue, kept] = await Promise.all([queued(id), savedState(id)]);
    discardedCount = (await discarded(id)).length;
  } catch (e) {
    console.error("the offline store (IndexedDB) cannot be read", e);
  }
  try {
    let st;
    try {
      st = await get(`/api/matches/${encodeURIComponent(id)}`);
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 0 && kept)) throw e;
      offline = true;
      st = kept;
    }
    // revisions only grow: a kept State newer than the answer (the worker's kept read) wins, where
    // it is this match's (same game and players: not a match of a database made anew)
    const same = kept && kept.game === st.game && JSON.stringify(kept.players) === JSON.stringify(st.players);
    if (same && kept.revision > st.revision) st = kept;
    info = gameInfo(st.game);
    setState(st);
  } catch (e) {
    showError(e);
    $("#title").textContent = e instanceof ApiError && e.status === 404 ? t("watch.no_match", { id }) : t("watch.not_loaded");
    return;
  }
  if (queue.length) scheduleRetry(0);
  if (!token) toast(t("mark.no_token"), "error");
  stopLive?.();
  stopLive = followLive(
    `/api/matches/${encodeURIComponent(id)}/live`,
    (st) => {
      if (!busy && st.revision > (state?.revision ?? -1)) setState(st);
    },
    (status) => {
      const b = $("#live");
      b.textContent = status === "live" ? t("live.live") : t("live.reconnecting_dots");
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
  if (moved) {
    resetChoices();
    saveState(st).catch((e) => console.error("the State could not be kept offline", e));
  }
  render();
}

/** One write with the revision last seen; a refusal is the server's one line, and a stale
 * revision (another marker) reloads the state. Without a network (or with entries already
 * waiting, which go first) the write is queued instead. */
async function send(path, body = {}) {
  if (busy || !state) return null;
  if (queue.length || !navigator.onLine) return hold(path, body);
  busy = true;
  render();
  try {
    const answer = await post(
      `/api/matches/${encodeURIComponent(id)}/${path}`,
      { revision: state.revision, ...body },
      { token },
    );
    busy = false;
    offline = false;
    undone = [];
    setState(answer.state ?? answer);
    return answer;
  } catch (e) {
    busy = false;
    if (e instanceof ApiError && e.status === 0) {
      offline = true;
      return hold(path, body);
    }
    showError(e);
    if (e instanceof ApiError && (e.code === "stale_revision" || e.code === "conflict")) await reload();
    else render();
    return null;
  }
}

// ------------------------------------------------------------ marking without a network

/** Queue a write that cannot be sent now, made on the revision after the entries waiting. */
async function hold(path, body, { keepRedo = false } = {}) {
  const revision = queue.length ? queue.at(-1).revision + 1 : state.revision;
  let entry;
  try {
    entry = await enqueue({ match: id, path, body, revision, at: new Date().toISOString() });
  } catch (e) {
    // no IndexedDB (a private window that bars it): the entry cannot be kept, and the marker is told
    showError(new Error(OFFLINE_WORDS.notKept(e?.message ?? e)));
    render();
    return null;
  }
  queue.push(entry);
  if (!keepRedo) undone = [];
  offline = offline || !navigator.onLine;
  resetChoices();
  render();
  // online (entries already waiting, or Redo of one taken back): sent at once; else at the next try
  if (!offline) scheduleRetry(0);
  else if (!retryTimer) scheduleRetry();
  return null;
}

/** Take back the last entry waiting (the marker's Undo while entries wait): Redo queues it again. */
async function takeBack() {
  const e = queue.at(-1);
  if (!e || (replaying && queue.length === 1)) return;
  await dequeue(e.seq);
  queue.pop();
  undone.push(e);
  resetChoices();
  render();
}

async function putBack() {
  const e = undone.pop();
  if (e) await hold(e.path, e.body, { keepRedo: true });
}

/** Try to send the entries waiting after a while: at once with `delay` 0, else after the next
 * step of the backoff (2 s, doubling, at most a minute). */
function scheduleRetry(delay = null) {
  clearTimeout(retryTimer);
  retryTimer = null;
  if (!queue.length || conflict) return;
  if (delay === null) {
    retryDelay = retryDelay ? Math.min(retryDelay * 2, RETRY_MAX) : RETRY_FIRST;
    delay = retryDelay;
  }
  retryTimer = setTimeout(() => {
    retryTimer = null;
    replay();
  }, delay);
}

/** Send the entries waiting in order, each with its revision. A network failure waits for the
 * next try; a refusal (4xx: another marker's entry, 409 stale_revision, or the referee's
 * refusal) stops and shows the conflict; the rest stay queued. */
async function replay() {
  clearTimeout(retryTimer);
  retryTimer = null;
  if (replaying || conflict || !queue.length || !token) return;
  // one sender per match across this device's tabs (a Web Lock), working from the stored queue:
  // another tab's page may have sent some of it already
  if (navigator.locks) {
    await navigator.locks.request(`potshot-send-${id}`, { ifAvailable: true }, async (lock) => {
      if (!lock) return scheduleRetry();
      queue = await queued(id);
      return sendWaiting();
    });
  } else {
    await sendWaiting();
  }
}

async function sendWaiting() {
  if (replaying || conflict || !queue.length) return render();
  replaying = true;
  let sent = 0;
  let retry = false;
  render();
  try {
    while (queue.length && !conflict) {
      const e = queue[0];
      let answer;
      try {
        answer = await post(`/api/matches/${encodeURIComponent(id)}/${e.path}`, { revision: e.revision, ...e.body }, { token });
      } catch (err) {
        if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500 || err.status === 429) {
          // no network, or the server busy: the entries wait for the next try
          offline = !(err instanceof ApiError) || err.status === 0;
          retry = true;
          break;
        }
        conflict = { status: err.status, code: err.code, message: err.message, field: err.field, seq: e.seq };
        try {
          state = await get(`/api/matches/${encodeURIComponent(id)}`);
          saveState(state).catch(() => {});
        } catch {
          /* the conflict shows the last State known */
        }
        break;
      }
      await dequeue(e.seq);
      if (queue[0]?.seq === e.seq) queue.shift();
      sent += 1;
      offline = false;
      retryDelay = 0;
      const st = answer.state ?? answer;
      state = st;
      saveState(st).catch(() => {});
    }
  } finally {
    replaying = false;
  }
  if (retry) scheduleRetry();
  if (sent && !queue.length) toast(OFFLINE_WORDS.sent(sent));
  if (sent || conflict) resetChoices();
  render();
}

/** The marker's first choice at a conflict: the entries waiting again, on top of what the server
 * has now (their revisions renumbered from the server's), sent at once. */
async function reapply() {
  let base = state.revision;
  queue = queue.map((e) => ({ ...e, revision: base++ }));
  await requeue(queue);
  conflict = null;
  retryDelay = 0;
  await replay();
}

/** The marker's other choice: drop entries (the refused one, or all waiting), kept among the
 * discarded ones of this device and handed over as a JSON file at once. */
async function drop(entries) {
  const why = conflict ? `${conflict.code}: ${conflict.message}` : t("offline.discarded_by_marker");
  await discard(entries, why);
  const gone = new Set(entries.map((e) => e.seq));
  queue = queue.filter((e) => !gone.has(e.seq));
  conflict = null;
  discardedCount = (await discarded(id)).length;
  await exportDiscarded();
  if (queue.length) {
    await reapply();
  } else {
    render();
  }
}

/** Hand over every discarded entry of this match as a JSON file (`potshot-{id}-discarded.json`). */
async function exportDiscarded() {
  const entries = await discarded(id);
  const data = { match: id, exported_at: new Date().toISOString(), entries };
  const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `potshot-${id}-discarded.json`, hidden: true });
  document.body.append(a);
  a.click();
  setTimeout(() => {
    URL.revokeObjectURL(a.href);
    a.remove();
  }, 1000);
}

/** The offline banner (with the list of entries waiting), or the conflict panel. */
function renderOffline() {
  const box = $("#offline");
  const waiting = queue.length > 0;
  box.hidden = !(offline || waiting || conflict || discardedCount);
  if (box.hidden) return box.replaceChildren();
  box.className = conflict ? "conflict" : offline ? "offline" : "sending";
  box.setAttribute("role", conflict ? "alert" : "status");
  const parts = [];
  const head = conflict ? OFFLINE_WORDS.conflictTitle : offline ? OFFLINE_WORDS.offline : waiting ? OFFLINE_WORDS.sending : null;
  const line = el(
    "div",
    { class: "line" },
    head ? el("strong", { "data-testid": "offline-state" }, head) : null,
    el("span", { "data-testid": "queue-count", "data-count": String(queue.length) }, waiting ? OFFLINE_WORDS.waiting(queue.length) : offline ? OFFLINE_WORDS.none : ""),
    waiting
      ? el(
          "ol",
          { class: "queue", "data-testid": "queue" },
          ...queue.map((e) => el("li", { "data-seq": String(e.seq), "data-revision": String(e.revision) }, entryLabel(e))),
        )
      : null,
    waiting && !conflict && !replaying ? el("button", { "data-testid": "retry", onclick: () => replay() }, OFFLINE_WORDS.retry) : null,
  );
  parts.push(line);
  if (waiting && !conflict) parts.push(el("div", { class: "muted small", "data-testid": "provisional" }, OFFLINE_WORDS.provisional(state.revision)));
  if (conflict) {
    const first = queue.find((e) => e.seq === conflict.seq);
    const refused = conflict.code !== "stale_revision" && first;
    const why = refused ? OFFLINE_WORDS.refused(conflict.field ? `${conflict.message} (${conflict.field})` : conflict.message) : OFFLINE_WORDS.stale;
    parts.push(
      el(
        "div",
        { class: "row choices" },
        el(
          "div",
          { class: "why", "data-testid": "conflict" },
          el("span", {}, why),
          " ",
          el("span", { "data-testid": "server-now" }, OFFLINE_WORDS.serverNow(state.revision, state.last?.caption ?? state.last?.account ?? "")),
        ),
        el("button", { class: "primary", "data-testid": "reapply", title: OFFLINE_WORDS.reapplyTitle, onclick: () => reapply() }, OFFLINE_WORDS.reapply),
        refused
          ? armedButton("drop-first", OFFLINE_WORDS.dropFirst, OFFLINE_WORDS.dropFirstConfirm, { class: "danger", "data-testid": "discard-first" }, () => drop([first]), true)
          : null,
        armedButton(
          "drop-all",
          OFFLINE_WORDS.dropAll(queue.length),
          OFFLINE_WORDS.dropAllConfirm(queue.length),
          { class: "danger", "data-testid": "discard-all" },
          () => drop([...queue]),
          true,
        ),
      ),
    );
  }
  if (discardedCount) {
    parts.push(el("button", { class: "link", "data-testid": "download-discarded", onclick: () => exportDiscarded() }, OFFLINE_WORDS.download(discardedCount)));
  }
  box.replaceChildren(...parts);
}

/** Whether the page shows a provisional state: entries wait, the referee has not ruled them. */
const provisional = () => queue.length > 0;

/** The last entry waiting, when it is a foul: its decision may be queued after it. */
function queuedFoul() {
  const b = queue.at(-1)?.body;
  if (queue.at(-1)?.path !== "mark" || !["foul", "foul_miss"].includes(b?.tap)) return null;
  return b;
}

window.addEventListener("online", () => {
  offline = false;
  retryDelay = 0;
  scheduleRetry(0);
  render();
});
window.addEventListener("offline", () => {
  offline = true;
  render();
});

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
  if (!state || state.match_over || provisional()) return null;
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
  $("#title").textContent = `${tf("title", info.title)} · ${shownTitle(state)}${state.table ? ` · ${state.table}` : ""}`;
  $("#rev").textContent = provisional() ? OFFLINE_WORDS.revWaiting(state.revision, queue.length) : `rev ${state.revision}`;
  $("#watch-link").href = `/watch/${encodeURIComponent(id)}`;
  const undo = $("#undo");
  const redo = $("#redo");
  const lastText = state.last?.caption ?? state.last?.account;
  // entries wait: Undo takes the last of them back on this device, Redo enters it again; else
  // they are the server's (without a network, the server's undo waits in the queue)
  const last = queue.at(-1);
  if (last) {
    undo.disabled = !token || (replaying && queue.length === 1);
    undo.title = OFFLINE_WORDS.undoQueued(entryLabel(last));
    undo.onclick = () => takeBack();
  } else {
    undo.disabled = !token || busy || !state.can_undo;
    undo.title = offline ? OFFLINE_WORDS.undoServer : lastText ? t("mark.take_back", { what: lastText }) : t("mark.take_back_last");
    undo.onclick = () => send("undo");
  }
  if (undone.length) {
    redo.disabled = !token;
    redo.title = OFFLINE_WORDS.redoQueued(entryLabel(undone.at(-1)));
    redo.onclick = () => putBack();
  } else {
    redo.disabled = !token || busy || !state.can_redo || offline || Boolean(last);
    redo.title = "";
    redo.onclick = () => send("redo");
  }
  $("#main").dataset.game = state.game;
  $("#main").classList.toggle("provisional", provisional());
  renderOffline();
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
    el("span", { class: "muted" }, t("mark.last_ruling"), " "),
    el(
      "span",
      { "data-testid": "last-account" },
      // the caption says what was entered (the details would name the red the record had to pick)
      last?.caption ?? last?.account ?? t("mark.no_shot"),
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
  if (provisional()) {
    // the server's questions were asked before the entries waiting; what the referee asks after
    // them is not known here: after a foul, the decision may be queued (checked when sent)
    const foul = queuedFoul();
    const options = (info.caps.decisions ?? []).filter((o) => o !== "replace" || foul?.calls?.miss || foul?.tap === "foul_miss");
    const names = decisionNames();
    if (foul && options.length) {
      parts.push(
        el(
          "div",
          { class: "ask", "data-ask": "queued_decision" },
          el("span", { class: "q" }, OFFLINE_WORDS.decisionAfter),
          ...options.map((o) => choice(names[o] ?? pretty(o), { "data-decision": o }, () => send("decision", { before: { decision: o } }))),
        ),
      );
    }
    box.hidden = parts.length === 0;
    box.replaceChildren(...parts);
    return;
  }
  if (fresh() && state.next_frame) {
    // the frame/board just ended: who breaks the next one (the referee's next_frame); the break's
    // own tap on the pad below opens it
    const done = state.frames?.at(-1);
    const unit = tf("word", info.frame_word);
    parts.push(
      el(
        "div",
        { class: "ask required", "data-ask": "next_frame" },
        el(
          "span",
          { class: "q", "data-testid": "next-break" },
          `${done?.winner ? t("mark.unit_to", { Unit: cap(unit), n: state.frames.length, name: done.winner }) : t("mark.unit_over", { Unit: cap(unit), n: state.frames.length })} ` +
            t("mark.next_breaks", { Unit: cap(unit), n: state.frames.length + 1, name: state.next_frame.starts }),
        ),
        el("span", { class: "muted" }, " ", t("mark.tap_break")),
      ),
    );
  }
  for (const a of state.asks ?? []) {
    if (a.kind === "decision") {
      const names = decisionNames();
      parts.push(
        el(
          "div",
          { class: "ask required", "data-ask": "decision" },
          el("span", { class: "q" }, t("mark.after_foul", { name: a.player })),
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
          el("span", { class: "q" }, t("wait.free_ball", { name: a.player }), ": "),
          el("span", { class: "muted" }, t("mark.free_ball_hint")),
        ),
      );
    } else if (a.kind === "nominate") {
      parts.push(
        el(
          "div",
          { class: "ask", "data-ask": "nominate" },
          el("span", { class: "q" }, t("mark.colour_on"), " "),
          el("span", { class: "muted" }, t("mark.colour_on_hint")),
        ),
      );
    } else if (a.kind === "declare_pink") {
      const now = pinkInForce(state);
      parts.push(
        el(
          "div",
          { class: "ask", "data-ask": "declare_pink" },
          el("span", { class: "q" }, t("mark.may_declare", { name: a.player })),
          ...a.options.map((o) =>
            choice(
              o === "pink" ? t("mark.no_declaration") : t("facts.as", { ball: ballWord(o) }),
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
        .map(([colour, p]) => [t("mark.spot", { ball: ballWord(colour) }), p]);
      const free = spots.filter(([, p]) => spotFree(p));
      parts.push(
        el(
          "div",
          { class: "ask required", "data-ask": "spot" },
          el("span", { class: "q" }, t("mark.spot_taken", { ball: ballWord(a.ball), name: a.player })),
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
          el("span", { class: "q" }, tn("wait.penalty_place", n, { name: a.player, owner: a.owner }), ":"),
          choice(
            t("mark.placed"),
            { class: penalty === "place" ? "chosen" : "", "data-penalty": "place", title: t("mark.placed_title") },
            pick("place"),
          ),
          choice(t("mark.waived"), { class: penalty === "waive" ? "chosen" : "", "data-penalty": "waive" }, pick("waive")),
          choice(
            t("mark.no_room"),
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
  // entries wait: the ball on is the referee's to say when they are sent; any ball of the pad may
  // be entered (a pot still names its pocket where the game scores by pocket)
  if (provisional()) return mode !== "pot" || !pocketsNamed() || ownPocket(ball) !== null;
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
  const word = ballWord(ball);
  if (ball === "white") return mode === "foul" ? t("mark.in_off") : word;
  if (m.counted.includes(ball)) return fresh() && values[ball] ? word : `${word} ×${countOnTable(ball)}`;
  if (ball === m.declared) {
    const p = pinkInForce(state);
    return values[p] ? t("mark.as_value", { ball: word, as: ballWord(p), n: values[p] }) : word;
  }
  return values[ball] ? `${word} ${values[ball]}` : word;
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

function armedButton(key, label, confirmLabel, attrs, action, always = false) {
  const isArmed = armed === key;
  return el(
    "button",
    {
      ...attrs,
      class: `${attrs.class ?? ""}${isArmed ? " armed" : ""}`,
      disabled: attrs.disabled || (!always && !canWrite()),
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
const MODE_LABELS = { free: t("mark.mode_free"), inoff: t("mark.mode_inoff"), cannon: t("mark.mode_cannon") };

/** The decisions after a foul, for a person (the referee's options). */
function decisionNames() {
  return { play: t("mark.d_play"), put_back: t("mark.d_put_back"), replace: t("mark.d_replace"), from_hand: t("mark.d_from_hand") };
}

/** A word with its first letter capitalised, in the page's language. */
const cap = (w) => (w ? w[0].toLocaleUpperCase() + w.slice(1) : "");

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
      mode !== "pot" ? modeHint() : pocketsNamed() && !pocket ? t("mark.tap_pocket") : t("mark.tap_ball"),
    ),
    ...m.modes.map((k) =>
      k === "foul"
        ? modeButton("foul", `${tf("mark", m.foul_word)}…`)
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
          title: i < 9 ? t("mark.key", { n: i + 1 }) : null,
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
        potted ? `☑ ${t("mark.potted")}` : `☐ ${t("mark.potted")}`,
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
        cannon.length < 2 ? t("mark.cannon_two") : t("mark.cannon", { balls: cannon.map(ballWord).join(", ") }),
      ),
    );
  }
  sub.append(pocketChips(write));
  const calls = takesCalls() ? callsRow(write) : null;

  const actions = el("div", { class: "actions" });
  actions.append(
    el("button", { class: "big", "data-tap": "miss", disabled: !write, onclick: () => tap({ tap: "miss" }) }, tf("mark", m.miss_word)),
    el("button", { class: "big", "data-tap": "safety", disabled: !write, onclick: () => tap({ tap: "safety" }) }, t("mark.safety")),
  );
  if (m.foul_miss) {
    actions.append(
      el(
        "button",
        {
          class: "big danger",
          "data-tap": "foul_miss",
          disabled: !write || !missRule(),
          title: missRule() ? t("mark.foul_miss_title") : t("mark.miss_rule_off_title"),
          onclick: () => tap({ tap: "foul_miss", ...foulCalls(true) }),
        },
        t("mark.foul_miss"),
      ),
    );
  }
  if (m.no_contact) {
    actions.append(
      el(
        "button",
        { class: "big danger", "data-tap": "no_contact", disabled: !write, onclick: () => rawShot([]) },
        t("mark.no_contact"),
      ),
    );
  }
  actions.append(foulKindRow(write, tf("mark", m.foul_word)));
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
    el("span", { class: "muted small" }, t("mark.calls")),
    missRule() ? toggle(t("mark.call_miss"), missCalled, "miss", () => (missCalled = !missCalled)) : el("span", { class: "muted small" }, t("mark.miss_rule_off")),
    missRule() ? toggle(t("mark.call_full_ball"), fullBall, "full_ball", () => (fullBall = !fullBall)) : null,
    info.caps.asks.includes("free_ball") ? toggle(t("mark.call_free_ball"), freeCalled, "free_ball", () => (freeCalled = !freeCalled)) : null,
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
        "aria-label": t("mark.foul_kind_label"),
        "data-testid": "foul-kind",
        disabled: !write,
        onchange: (ev) => {
          foulKind = ev.target.value;
          render();
        },
      },
      el("option", { value: "" }, t("mark.foul_kind", { foul: noun.toLocaleLowerCase() })),
      ...kinds.map((k) => el("option", { value: k, selected: k === foulKind }, has(`foul.${k}`) ? tf("foul", k) : pretty(k))),
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
    foul: tf("mark", info.marking.foul_hint),
    free: t("mark.hint_free"),
    inoff: t("mark.hint_inoff"),
    cannon: t("mark.hint_cannon"),
  }[mode];
}

function pocketChips(write) {
  const pockets = info?.pockets ?? [];
  return el(
    "div",
    { class: "pockets", role: "group", "aria-label": t("mark.pocket_label") },
    el("span", { class: "muted small" }, t("mark.pocket")),
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
        has(`pocket.${p}`) ? tf("pocket", p) : pretty(p),
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
        title: t("mark.spot_black_title"),
        onclick: () => rawShot([], { action: "spot_black" }),
      },
      t("mark.spot_black"),
    ),
    el(
      "button",
      {
        "data-action": "remove_black",
        disabled: !write || blacks <= allowed,
        onclick: () => rawShot([], { action: "remove_black" }),
      },
      t("mark.remove_black"),
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
      const text = who ? `${p} ${tf("action", label)}` : tf("action", label);
      buttons.push(
        armedButton(
          `${action}-${p}`,
          text,
          t("mark.tap_again", { what: text }),
          { class: "danger", "data-action": action, "data-player": p, title: why },
          () => tap({ tap: "raw", shot: { player: p, before: { action } } }),
        ),
      );
    }
  }
  if (!buttons.length) return null;
  const box = el("details", { class: "referee", "data-testid": "referee-actions" }, el("summary", {}, t("mark.referee_actions")), el("div", { class: "row" }, ...buttons));
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
      armedButton("end", t("mark.end_game"), t("mark.end_game_confirm"), { class: "danger", "data-action": "discontinue" }, () =>
        rawShot([], { action: "discontinue" }),
      ),
    );
  }
  // a player concedes in his own turn (the referee refuses it otherwise); while entries wait, whose
  // turn it is is the referee's to say when they are sent: each player is offered
  const who = provisional() ? state.players ?? [] : [state.turn];
  return el(
    "div",
    { class: "row concede" },
    ...who.filter(Boolean).map((p) =>
      armedButton(`concede-${p}`, t("mark.concedes", { name: p }), t("mark.concedes_confirm", { name: p }), { class: "danger", "data-concede": p }, () =>
        tap({ tap: "concede", player: p }),
      ),
    ),
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
        el("span", { class: "label" }, ballWord(k)),
        el("span", { class: "count", "data-testid": `count-${k}` }, String(count(k))),
      ),
      ),
      el(
        "button",
        {
          class: "minus",
          "aria-label": t("mark.one_less", { ball: ballWord(k) }),
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
      el("span", { class: "muted small" }, k === m.foul_piece ? t("mark.a_due") : t("mark.on_board", { n: limit[k] })),
    );
  const summary = pieceTaps.length ? pieceTaps.map(pretty).join(", ") : "nothing";
  const left = el(
    "div",
    { class: "pad-left" },
    el("div", { class: "modes" }, el("span", { class: "muted" }, t("mark.tap_pieces"))),
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
        pieceTaps.length ? t("mark.stroke_done_with", { what: summary }) : t("mark.stroke_done"),
      ),
      el(
        "button",
        {
          class: "big",
          "data-tap": "nothing",
          disabled: !write || pieceTaps.length > 0,
          onclick: () => tap({ tap: "pocketed", pieces: [] }),
        },
        t("mark.no_pocketing"),
      ),
    ),
  );
  const actions = el(
    "div",
    { class: "actions" },
    el("div", { class: "muted" }, t("mark.foul_in_stroke")),
    foulKindRow(write, tf("mark", m.foul_word), () => ({ pieces: [...pieceTaps] })),
    m.foul_piece_note ? el("div", { class: "muted small" }, tf("mark", m.foul_piece_note)) : null,
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
// the installable app (docs/offline.md): the worker keeps the page's shell; the installed app
// opens this marking link
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((e) => console.error("the service worker did not register", e));
}
const manifestLink = document.querySelector('link[rel="manifest"]');
if (manifestLink && token) {
  manifestLink.href = `/manifest.webmanifest?start=${encodeURIComponent(`/mark/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`)}`;
}
load();
