// The shot clock (docs/web.md, "The shot clock"), shown on the mark page and the streaming
// overlay: a page with an element `#shot-clock` gets one; nothing else of the page changes.
//
// The time a stroke may take is the game's fact (`shot_clock` of GET /api/games): carrom's Law 23
// gives 15 seconds from the moment the opponent's striker has stopped and been removed, or the
// penalty pieces have been placed; snooker's rules give none, so only the match setting
// `rules.shot_clock` (seconds per stroke) starts one. The clock starts again each time an entry
// is made (the match's revision moves; on opening the page it starts from then), warns in its
// last seconds and, when time runs out, says so. It records nothing: where the rules make it a
// foul (carrom: Law 23, the referee's `time` foul), the marker enters that foul; elsewhere it is
// a display aid. On the mark page the marker may pause it: the time stops while a player
// appeals to the umpire (carrom Law 82(a)). The marker's pause, resume and restart go to the
// server (POST /api/matches/{id}/clock, never stored) and come back on the live channel as a
// `clock` event: the overlay shows the same seconds, paused or running.
//
// Game-agnostic: the seconds, the rules key, the foul and the clause all come from the facts.

import { el, followLive, gameInfo, get, idFromPath, post, tokenFromUrl } from "/static/api.js";
import { has, t, tf, tn } from "/static/i18n.js";

/** The seconds a stroke may take in the match of `state`, or null (no clock). */
export function clockSeconds(state) {
  const c = gameInfo(state.game).shot_clock;
  if (!c) return null;
  const set = c.rule ? state.rules?.[c.rule] : undefined;
  if (Number.isInteger(set) && set > 0) return set;
  return c.seconds ?? null;
}

export class ShotClock {
  /** `host`: the element to fill; `controls`: the marker's pause and restart buttons; `send`:
   * called with the clock's state `{revision, running, left}` when the marker changes it. */
  constructor(host, { controls = false, send = null } = {}) {
    this.host = host;
    this.controls = controls;
    this.send = send;
    this.pending = null;
    this.state = null;
    this.revision = null;
    this.started = 0;
    this.pausedAt = null;
    this.warned = false;
    this.outSaid = false;
    this.timer = null;
    this.parts = null;
  }

  /** A new State: the clock starts again when an entry has been made (the revision moved). */
  update(state) {
    if (this.state && state.revision < this.state.revision) return;
    this.state = state;
    if (state.revision !== this.revision) {
      this.revision = state.revision;
      this.restart();
      const c = this.pending;
      this.pending = null;
      if (c && c.revision === state.revision) this.apply(c);
    } else {
      this.render();
    }
  }

  restart() {
    this.started = Date.now();
    this.pausedAt = null;
    this.warned = false;
    this.outSaid = false;
    clearInterval(this.timer);
    this.timer = setInterval(() => this.render(), 250);
    this.render();
  }

  togglePause() {
    if (this.pausedAt === null) {
      this.pausedAt = Date.now();
    } else {
      this.started += Date.now() - this.pausedAt;
      this.pausedAt = null;
      clearInterval(this.timer);
      this.timer = setInterval(() => this.render(), 250);
    }
    this.render();
    this.tell();
  }

  /** The marker's Restart (an entry's restart needs no word: every page sees the revision move). */
  restartByHand() {
    this.restart();
    this.tell();
  }

  /** The clock's state to `send` (the overlay follows it). */
  tell() {
    const seconds = this.state ? clockSeconds(this.state) : null;
    if (!this.send || seconds === null) return;
    const now = this.pausedAt ?? Date.now();
    const left = Math.max(0, seconds - (now - this.started) / 1000);
    this.send({ revision: this.revision, running: this.pausedAt === null, left: Math.round(left * 1000) / 1000 });
  }

  /** A `clock` event of the live channel: the marker's clock, paused or running, at its seconds. */
  apply(c) {
    if (this.revision === null || c.revision > this.revision) {
      this.pending = c; // its state is on its way
      return;
    }
    const seconds = this.state ? clockSeconds(this.state) : null;
    if (c.revision !== this.revision || seconds === null) return; // an older revision's clock
    const now = Date.now();
    this.started = now - (seconds - c.left) * 1000;
    this.pausedAt = c.running ? null : now;
    this.warned = false;
    this.outSaid = false;
    clearInterval(this.timer);
    if (c.running) this.timer = setInterval(() => this.render(), 250);
    this.render();
  }

  /** The clock's parts, made once (a live region must stay in place to be heard). */
  build() {
    const secs = el("span", { class: "secs", role: "timer", "data-testid": "shot-clock-secs" });
    const noteEl = el("span", { class: "note", "data-testid": "shot-clock-note" });
    const live = el("span", { class: "sr-only", "aria-live": "assertive" });
    const pause = this.controls ? el("button", { type: "button", "data-testid": "shot-clock-pause", onclick: () => this.togglePause() }) : null;
    const again = this.controls ? el("button", { type: "button", "data-testid": "shot-clock-restart", onclick: () => this.restartByHand() }, t("clock.restart")) : null;
    this.host.replaceChildren(el("span", { class: "label" }, t("label.Shot clock")), secs, noteEl, live, ...(pause ? [pause, again] : []));
    this.parts = { secs, noteEl, live, pause };
  }

  /** Seconds left (a whole number, never below 0). */
  left(seconds) {
    const now = this.pausedAt ?? Date.now();
    return Math.max(0, Math.ceil(seconds - (now - this.started) / 1000));
  }

  render() {
    const st = this.state;
    const seconds = st ? clockSeconds(st) : null;
    if (!st || seconds === null || st.match_over) {
      this.host.hidden = true;
      clearInterval(this.timer);
      return;
    }
    const facts = gameInfo(st.game).shot_clock;
    const left = this.left(seconds);
    const warn = left > 0 && left <= (facts.warn ?? 5);
    const out = left === 0;
    const note = out
      ? facts.foul
        ? t("clock.time_foul", { foul: has(`foul.${facts.foul}`) ? tf("foul", facts.foul) : facts.foul, clause: facts.clause.split(":")[0] })
        : t("clock.time")
      : this.pausedAt !== null
        ? t("clock.paused")
        : "";
    // a screen reader hears the warning and the end once each (the count itself is not spoken)
    let say = "";
    if (warn && !this.warned) {
      this.warned = true;
      say = tn("clock.left", left);
    }
    if (out && !this.outSaid) {
      this.outSaid = true;
      say = note;
    }
    this.host.hidden = false;
    const paused = this.pausedAt !== null && !out;
    this.host.className = `shot-clock${warn ? " warn" : ""}${out ? " out" : ""}${paused ? " paused" : ""}`;
    this.host.dataset.left = String(left);
    if (!this.parts) this.build();
    const { secs, noteEl, live, pause } = this.parts;
    secs.textContent = String(left);
    secs.setAttribute("aria-label", paused ? t("clock.label_paused", { left, seconds }) : t("clock.label", { left, seconds }));
    noteEl.textContent = note;
    if (say) live.textContent = say;
    if (pause) {
      pause.textContent = this.pausedAt !== null ? t("clock.resume") : t("clock.pause");
      pause.setAttribute("aria-pressed", String(this.pausedAt !== null));
    }
    if (out || this.pausedAt !== null) clearInterval(this.timer);
  }
}

/** The clock of the page's `#shot-clock`, following the match's live channel. */
async function start() {
  const host = document.getElementById("shot-clock");
  if (!host) return;
  host.hidden = true;
  const id = idFromPath();
  const controls = host.dataset.controls === "1";
  const token = tokenFromUrl();
  // the marker's changes go to the server for the overlay; a failure leaves this page's clock as
  // it is (a display aid: the marking itself is untouched)
  const send = controls && token ? (c) => post(`/api/matches/${encodeURIComponent(id)}/clock`, c, { token }).catch((e) => console.warn("shot clock:", e?.line ?? e)) : null;
  const clock = new ShotClock(host, { controls, send });
  try {
    clock.update(await get(`/api/matches/${encodeURIComponent(id)}`));
  } catch {
    return; // the page itself says why the match cannot be read
  }
  followLive(`/api/matches/${encodeURIComponent(id)}/live`, (st) => clock.update(st), undefined, undefined, { clock: (c) => clock.apply(c) });
}

start();
