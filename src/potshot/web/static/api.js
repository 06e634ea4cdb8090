// The pages' one way to the server (docs/web-api.md): JSON requests with the match's token or the
// organiser's password, errors as ApiError, the live channel (SSE) with reconnection, and the
// small DOM helpers every page uses. Plain ES module, no build step. Every request says the page's
// language (Accept-Language; `lang=` on the live channel's address) so the server's own text
// (captions, rulings) comes in it; the page's words come from /static/i18n.js.

import { lang, t, tf } from "/static/i18n.js";

/** An answer of 4xx/5xx: `code`, `message` and `field` as the server sent them, and its
 * `Retry-After` in seconds (`retryAfter`, null when it sent none). */
export class ApiError extends Error {
  constructor(status, code, message, field, retryAfter = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field ?? null;
    this.retryAfter = retryAfter;
  }
  /** The server is busy or limits this client (429, 503): the same request may succeed later. */
  get transient() {
    return this.status === 429 || this.status === 503;
  }
  /** One line for a person: the message, and the record field it names. */
  get line() {
    return this.field ? `${this.message} (${this.field})` : this.message;
  }
}

const SESSION_KEY = "potshot-session";

/** The organiser's session (bearer token from POST /api/login) kept for this tab, or null. */
export function sessionToken() {
  return sessionStorage.getItem(SESSION_KEY);
}
export function setSessionToken(token) {
  if (token) sessionStorage.setItem(SESSION_KEY, token);
  else sessionStorage.removeItem(SESSION_KEY);
}

/** `?token=` of the page's address, or null. */
export function tokenFromUrl() {
  return new URLSearchParams(location.search).get("token");
}

/** The `{id}` of `/play/{id}`, `/mark/{id}`, `/watch/{id}`, `/overlay/{id}`, `/tournaments/{id}`. */
export function idFromPath() {
  const parts = location.pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] ?? "");
}

/**
 * One JSON request. `opts.token` sends X-Potshot-Token, `opts.admin` (true = the stored session,
 * sent as Authorization: Bearer; a string = that session token). Resolves to the answer's JSON;
 * rejects with ApiError.
 */
export async function request(method, path, body = undefined, opts = {}) {
  const headers = { Accept: "application/json", "Accept-Language": lang };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (opts.token) headers["X-Potshot-Token"] = opts.token;
  const session = opts.admin === true ? sessionToken() : opts.admin;
  if (session) headers.Authorization = `Bearer ${session}`;
  let r;
  try {
    r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, "network", t("api.unreachable", { reason: e.message }), null);
  }
  let data = null;
  try {
    data = await r.json();
  } catch {
    data = null;
  }
  if (!r.ok) {
    const err = data?.error ?? {};
    const retry = Number.parseFloat(r.headers.get("Retry-After") ?? "");
    throw new ApiError(r.status, err.code ?? "error", err.message ?? `${r.status} ${r.statusText}`, err.field, Number.isFinite(retry) ? retry : null);
  }
  return data;
}

export const get = (path, opts) => request("GET", path, undefined, opts);
export const post = (path, body, opts) => request("POST", path, body ?? {}, opts);

// The games' facts (docs/web-api.md, "Games"), loaded once when this module is first imported:
// every page that imports api.js has them before its own code runs, so gameInfo() is synchronous.
let gameList = [];
try {
  gameList = (await get("/api/games")).games ?? [];
} catch (e) {
  console.error("GET /api/games failed", e);
}
const gameMap = Object.fromEntries(gameList.map((g) => [g.game, g]));

/** `GET /api/games` as `{name: facts}` (loaded once per page). */
export async function games() {
  return gameMap;
}

/** Every game's facts, in the order people see them. */
export function allGames() {
  return gameList;
}

/** The facts of game `name` (docs/web-api.md, "Games"); a stand-in with the name as its words
 * when the server did not describe it. */
export function gameInfo(name) {
  return (
    gameMap[name] ?? {
      game: name,
      title: String(name ?? ""),
      short_title: String(name ?? ""),
      frame_word: "frame",
      frame_words: "frames",
      match_unit: "match",
      match_units: "matches",
      players: [2, 2],
      caps: { decisions: [], asks: [], concede: false, seats: false, units_won: false },
      placement: {},
      stroke: {},
      form: { fields: [], note: "" },
      match_length: [],
      score_fields: [],
      fact_fields: [],
      stats_columns: [],
      values: {},
      groups: {},
      marking: { pad: "balls", balls: [], modes: [], actions: [] },
    }
  );
}

/** `path` with the page's language as `lang=` (an EventSource cannot send Accept-Language). */
export function withLang(path) {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`;
}

/**
 * Follow a live channel (`/api/matches/{id}/live` or `/api/tournaments/{id}/live`): `onData` gets
 * each parsed `data`, `onStatus` gets "live" / "reconnecting". EventSource reconnects by itself;
 * the returned function closes it. `events`: handlers of other event kinds by name (a match's
 * `clock`, the shot clock's display state), each given its parsed `data`.
 */
export function live(path, onData, onStatus = () => {}, events = {}) {
  const es = new EventSource(withLang(path));
  const handler = (ev) => {
    try {
      onData(JSON.parse(ev.data));
    } catch (e) {
      console.error("live: bad data", e);
    }
  };
  es.addEventListener("state", handler);
  es.addEventListener("tournament", handler);
  for (const [kind, fn] of Object.entries(events)) {
    es.addEventListener(kind, (ev) => {
      try {
        fn(JSON.parse(ev.data));
      } catch (e) {
        console.error(`live: bad ${kind} data`, e);
      }
    });
  }
  es.onopen = () => onStatus("live");
  es.onerror = () => onStatus("reconnecting");
  return () => es.close();
}

/**
 * Follow a match's live channel like `live()`, and open it again when the browser gave it
 * up (EventSource stops retrying after some failures, e.g. a refused connection while the server
 * restarts): after `retryMs` without being live, the channel is closed and opened anew; the server
 * sends the current State on every connection, so nothing is missed. Returns a function that stops.
 */
export function followLive(path, onData, onStatus = () => {}, retryMs = 3000, events = {}) {
  let close = null;
  let timer = null;
  let stopped = false;
  const open = () => {
    close = live(
      path,
      onData,
      (status) => {
        onStatus(status);
        clearTimeout(timer);
        if (status !== "live" && !stopped) {
          timer = setTimeout(() => {
            close?.();
            if (!stopped) open();
          }, retryMs);
        }
      },
      events,
    );
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    close?.();
  };
}

/** `el("div", {class: "x", onclick: f}, "text", child)`: an element with attributes and children. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (v === true) node.setAttribute(k, "");
    else node.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** Show a message in the page's `#toast` (created when missing); errors stay until dismissed. */
export function toast(message, kind = "info") {
  let box = document.getElementById("toast");
  if (!box) {
    box = el("div", { id: "toast", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = el("div", { class: `toast ${kind}` }, message);
  if (kind === "error") {
    item.append(el("button", { class: "dismiss", "aria-label": t("common.dismiss"), onclick: () => item.remove() }, "×"));
  } else {
    setTimeout(() => item.remove(), 4000);
  }
  box.append(item);
  return item;
}

/** Report an error (ApiError or any) in the toast and the console. */
export function showError(e) {
  console.error(e);
  toast(e instanceof ApiError ? e.line : String(e?.message ?? e), "error");
}

/** A game's title for people ("Russian billiards"), in the page's language. */
export const gameTitle = (name) => tf("title", gameInfo(name).title);

/** Human name of a tournament format (`round_robin` -> "Round robin"), in the page's language. */
export function formatTitle(f) {
  const titles = { round_robin: t("format.round_robin"), knockout: t("format.knockout"), swiss: t("format.swiss") };
  return titles[f] ?? f;
}

/** What one unit of play is called in a game (a frame, a carrom board, a game), in the page's language. */
export function unitName(game) {
  return tf("word", gameInfo(game).frame_word);
}

/** What the game calls its unit, capitalised: Frame / Board / Game. */
export function unitTitle(game) {
  const u = unitName(game);
  return u[0].toLocaleUpperCase(lang) + u.slice(1);
}

/** What a match is counted in, plural, for a listing: frames, games. */
export function unitsWon(game) {
  return tf("word", gameInfo(game).match_units);
}
