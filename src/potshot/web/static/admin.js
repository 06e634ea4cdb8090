// The organiser's page (`/admin`): the admin password (checked with GET /api/admin, kept in
// sessionStorage), marked matches and their links (marker, spectator, overlay), the match
// listing with tokens, record import and export, corrections of a shot with the audit log, and
// tournaments: create, pair the next round, report a result, the marking links of each match;
// players (merge a duplicate into the player to keep) and seasons (create, add or take out a
// tournament, the season's standings and ratings).
// Tabs follow the address's hash (#matches, #matches/m12, #new, #import, #tournaments/t3,
// #players, #seasons, #seasons/s1).

import {
  ApiError,
  sessionToken,
  setSessionToken,
  el,
  get,
  request,
  post,
  live,
  showError,
  toast,
  allGames,
  gameInfo,
  gameTitle,
  unitName,
  unitTitle,
  formatTitle,
} from "/static/api.js";
import { fieldControl, fieldValues, matchForm, scoreText, statusBadge, matchTitle, tournamentTable } from "/static/index.js";
import { seasonTable } from "/static/seasons.js";
import { t as tr, tf, tn } from "/static/i18n.js";

const $ = (sel, root = document) => root.querySelector(sel);
const adm = { admin: true };

// ------------------------------------------------------------------ small helpers

/** The absolute address of a path on this server (what is handed to a marker or streamer). */
const absolute = (path) => new URL(path, location.origin).href;

/** Copy `text` to the clipboard (the Clipboard API, or a selection on plain http). */
async function copy(text, what) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
    } else {
      const area = el("textarea", { class: "offscreen", readonly: true });
      area.value = text;
      document.body.append(area);
      area.select();
      const ok = document.execCommand("copy");
      area.remove();
      if (!ok) throw new Error(tr("admin.browser_refused"));
    }
    toast(tr("admin.copied", { what }));
  } catch (e) {
    toast(tr("admin.copy_failed", { what, reason: e.message }), "error");
  }
}

/** The word on a link button of a match, by its kind. */
function kindWord(kind) {
  const words = { play: tr("admin.kind_play"), mark: tr("admin.kind_mark"), watch: tr("admin.kind_watch"), overlay: tr("admin.kind_overlay") };
  return words[kind] ?? kind;
}

/** A "copy" icon (two sheets), drawn: no icon font is needed. */
function copyIcon() {
  const span = el("span", { class: "copy-icon", "aria-hidden": "true" });
  span.innerHTML =
    '<svg viewBox="0 0 16 16" width="16" height="16"><rect x="5.5" y="5.5" width="8" height="8" rx="1.5" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M3 10.5V4a1.5 1.5 0 0 1 1.5-1.5H10.5" fill="none" stroke="currentColor" stroke-width="1.5"/></svg>';
  return span;
}

/** Error toasts left from an earlier try go when the person tries again. */
function clearErrorToasts() {
  for (const t of document.querySelectorAll("#toast .toast.error")) t.remove();
}

/** The links of a match: `[label, path]` for the writer's page, the spectators' and the overlay. */
function matchLinks(id, token, mode) {
  const enc = encodeURIComponent(id);
  const out = [];
  if (token) {
    out.push(
      mode === "play"
        ? [tr("admin.link_player"), `/play/${enc}?token=${encodeURIComponent(token)}`, "play"]
        : [tr("admin.link_marker"), `/mark/${enc}?token=${encodeURIComponent(token)}`, "mark"],
    );
  }
  out.push([tr("admin.link_watch"), `/watch/${enc}`, "watch"], [tr("admin.link_overlay"), `/overlay/${enc}`, "overlay"]);
  return out;
}

/** Rows "label | address | Copy" for each link. */
function linkRows(links) {
  return el(
    "div",
    { class: "links" },
    links.map(([label, path, kind]) => {
      const url = absolute(path);
      return el(
        "div",
        { class: "link-row", dataset: { kind } },
        el("span", { class: "link-label" }, label),
        el("a", { class: "link-url", href: path, target: "_blank", rel: "noopener" }, url),
        el("button", { type: "button", class: "sm", onclick: () => copy(url, label.toLocaleLowerCase()) }, tr("admin.copy")),
      );
    }),
  );
}

/** A number or `[x, y]` or an object of them, for a person. */
function valueText(v) {
  if (v === null || v === undefined) return "none";
  if (Array.isArray(v)) {
    return v.every((x) => typeof x === "number") ? `(${v.map((x) => Math.round(x)).join(", ")})` : v.map(valueText).join(", ");
  }
  if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${k} ${valueText(x)}`).join(", ");
  if (v === true) return "yes";
  if (v === false) return "no";
  return String(v);
}

/** One record event in words. */
function eventText(e) {
  switch (e.type) {
    case "pot":
      return `pot ${e.ball}${e.pocket ? ` (${e.pocket})` : ""}`;
    case "hit":
      // a Miss or Safety tapped without a ball records a hit that names none (issue 18)
      return e.other ? `${e.ball} hits ${e.other}` : tr("admin.hit_unnamed", { ball: e.ball });
    case "cushion":
      return `${e.ball} to the ${e.cushion} cushion`;
    case "foul":
      return `foul${e.kind ? ` ${e.kind.replace(/_/g, " ")}` : ""}${e.ball ? ` (${e.ball})` : ""}`;
    case "off_table":
      return `${e.ball} off the table`;
    case "jump":
      return e.over ? `${e.ball} jumps ${e.over}` : `${e.ball} jumps`;
    case "moved":
      return `${e.ball} moved${e.by ? ` by the ${e.by}` : ""}`;
    default:
      return Object.entries(e)
        .filter(([k]) => k !== "t")
        .map(([k, v]) => (k === "type" ? String(v) : `${k} ${valueText(v)}`))
        .join(" ");
  }
}

/** A record shot in words: "Ann: nominate blue; pot blue (top-left)". */
function shotText(shot) {
  if (!shot || typeof shot !== "object") return "—";
  const parts = [];
  for (const [k, v] of Object.entries(shot.before ?? {})) {
    if (v === null || v === undefined || v === false) continue;
    parts.push(v === true ? k.replace(/_/g, " ") : `${k.replace(/_/g, " ")} ${valueText(v)}`);
  }
  const events = (shot.events ?? []).filter((e) => e.type !== "cushion").map(eventText);
  if (shot.cue && !events.length) events.push(tr("admin.stroke_nothing_hit"));
  const what = [...parts, ...events].join("; ");
  return `${shot.player ?? "?"}: ${what || tr("admin.no_event")}`;
}

/** What an audit entry changed, in words. */
function auditChange(a) {
  switch (a.action) {
    case "correction":
      if (a.after === null || a.after === undefined) return `deleted ${shotText(a.before)}`;
      return `${shotText(a.before)} → ${shotText(a.after)}`;
    case "mark":
    case "stroke":
    case "bot":
      return shotText(a.after);
    case "decision":
      return a.after ? valueText(a.after) : "";
    case "undo":
    case "redo": {
      const items = Array.isArray(a.before) ? a.before : [];
      const shots = items.filter((x) => x.kind === "shot").map((x) => shotText(x.body));
      return shots.length ? shots.join(" | ") : `${items.length} entr${items.length === 1 ? "y" : "ies"}`;
    }
    case "create":
      return tr("admin.match_created");
    case "import":
      return tr("admin.record_imported");
    default:
      return "";
  }
}

/** A ruling's score, compact: "4 – 0" for two players, "Ann 4 · Bob 0 · Cy 2" for more. */
function scoreCells(score) {
  const vals = Object.entries(score);
  if (vals.length === 2) return `${vals[0][1]} – ${vals[1][1]}`;
  return vals.map(([k, v]) => `${k} ${v}`).join(" · ");
}

/** Who wrote an audit entry: the name given, "token holder" for a write with the match's token. */
function who(by) {
  if (by === "token") return tr("admin.token_holder");
  return by || "";
}

function when(iso) {
  const d = new Date(iso.endsWith("Z") || /[+-]\d\d:\d\d$/.test(iso) ? iso : `${iso}Z`);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/** A tiny "where" for a frame/shot pair (indexes from 0, as in the record). */
function frameShot(a) {
  if (a.frame === null || a.frame === undefined) return "";
  return a.shot === null || a.shot === undefined ? `frame ${a.frame}` : `frame ${a.frame}, shot ${a.shot}`;
}

/** Catch an error into the toast and the form's error line. */
function formError(form, e) {
  const line = e instanceof ApiError ? e.line : String(e?.message ?? e);
  const box = form?.querySelector(".form-error");
  if (box) {
    box.textContent = line;
    box.hidden = false;
  }
  showError(e);
}
function clearFormError(form) {
  clearErrorToasts();
  const box = form?.querySelector(".form-error");
  if (box) {
    box.hidden = true;
    box.textContent = "";
  }
}

// ------------------------------------------------------------------ sign in

async function checkSession(token) {
  await get("/api/admin", { admin: token });
}

function showSignIn(message) {
  $("#console").hidden = true;
  $("#sign-out").hidden = true;
  const box = $("#sign-in");
  box.hidden = false;
  const err = $("#sign-in .form-error");
  err.hidden = !message;
  err.textContent = message ?? "";
  $("#sign-in [name=password]").focus();
}

function signInForm() {
  const form = $("#sign-in-form");
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const pw = form.elements.password.value;
    const name = form.elements.name.value.trim() || "admin";
    if (!pw) return showSignIn(tr("admin.type_password"));
    let session;
    try {
      session = await request("POST", "/api/login", { name, password: pw });
      await checkSession(session.token);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        form.elements.password.select();
        return showSignIn(tr("admin.wrong_password"));
      }
      return showSignIn(e instanceof ApiError ? e.line : String(e?.message ?? e));
    }
    setSessionToken(session.token);
    form.reset();
    openConsole();
  });
  $("#sign-out").addEventListener("click", () => {
    const token = sessionToken();
    if (token) request("POST", "/api/logout", {}, { admin: token }).catch(() => {});
    setSessionToken(null);
    location.hash = "";
    showSignIn();
  });
}

// ------------------------------------------------------------------ tabs

let consoleReady = false;

async function openConsole() {
  $("#sign-in").hidden = true;
  $("#console").hidden = false;
  $("#sign-out").hidden = false;
  if (!consoleReady) {
    consoleReady = true;
    await Promise.all([newMatchTab(), importTab(), tournamentForm()]);
    mergeForm();
    seasonForm();
  }
  route();
}

/** The tab (and match or tournament) the address's hash names. */
function route() {
  if ($("#console").hidden) return;
  const [tab, id] = (location.hash.slice(1) || "matches").split("/");
  const name = ["matches", "new", "import", "tournaments", "players", "seasons"].includes(tab) ? tab : "matches";
  for (const a of document.querySelectorAll(".tabs a")) {
    a.setAttribute("aria-selected", String(a.dataset.tab === name));
  }
  for (const s of document.querySelectorAll(".tab")) s.hidden = s.id !== `tab-${name}`;
  const matchId = name === "matches" && id ? decodeURIComponent(id) : null;
  const tournamentId = name === "tournaments" && id ? decodeURIComponent(id) : null;
  if (name === "matches") refreshMatches();
  if (name === "tournaments") refreshTournaments();
  if (name === "players") refreshPlayers();
  if (name === "seasons") refreshSeasons();
  // the detail views (and their live channels) follow the address; another tab closes them
  showMatch(matchId);
  showTournament(tournamentId);
  showSeason(name === "seasons" && id ? decodeURIComponent(id) : null);
}

// ------------------------------------------------------------------ matches

let matchesCache = [];
let matchesKey = "";

async function refreshMatches() {
  let data;
  try {
    data = await get("/api/matches", adm);
  } catch (e) {
    return showError(e);
  }
  matchesCache = data.matches.slice().reverse();
  const key = JSON.stringify(matchesCache);
  if (key === matchesKey) return;
  matchesKey = key;
  renderMatches();
}

function renderMatches() {
  const all = $("#show-finished").checked;
  const items = matchesCache.filter((m) => all || m.status !== "over");
  const box = $("#match-list");
  if (!items.length) {
    box.replaceChildren(el("p", { class: "muted" }, all ? tr("admin.no_match") : tr("admin.no_match_playing")));
    return;
  }
  box.replaceChildren(
    el(
      "table",
      { class: "grid matches" },
      el(
        "thead",
        {},
        el("tr", {}, el("th", {}, tr("home.match")), el("th", {}, tr("home.score")), el("th", {}, tr("home.status")), el("th", {}, tr("admin.links")), el("th", {}, "")),
      ),
      el(
        "tbody",
        {},
        items.map((m) =>
          el(
            "tr",
            { dataset: { id: m.id } },
            el(
              "td",
              {},
              el("div", { class: "match-title" }, matchTitle(m)),
              el(
                "div",
                { class: "muted small" },
                [gameTitle(m.game), m.mode === "play" ? tr("admin.mode_play") : tr("admin.mode_mark"), m.table, m.tournament ? tr("home.tournament_link") : null]
                  .filter(Boolean)
                  .join(" · "),
              ),
            ),
            el("td", { class: "score" }, scoreText(m)),
            el("td", {}, statusBadge(m)),
            el(
              "td",
              { class: "link-buttons" },
              matchLinks(m.id, m.token, m.mode).map(([label, path, kind]) =>
                el(
                  "span",
                  { class: "pair" },
                  el("a", { class: "button sm", href: path, target: "_blank", rel: "noopener", dataset: { kind } }, kindWord(kind)),
                  el(
                    "button",
                    { type: "button", class: "sm icon", title: tr("admin.copy_the", { what: label.toLocaleLowerCase() }), "aria-label": tr("admin.copy_the", { what: label.toLocaleLowerCase() }), onclick: () => copy(absolute(path), label.toLocaleLowerCase()) },
                    copyIcon(),
                  ),
                ),
              ),
            ),
            el("td", { class: "act" }, el("a", { class: "button sm", href: `#matches/${encodeURIComponent(m.id)}` }, tr("admin.manage"))),
          ),
        ),
      ),
    ),
  );
}

/** The detail of one match: links, export, the shots, a correction, the audit log. */
let closeMatchLive = null;

/** Follow the open match live: its score and revision at once; the shots and the log on request
 * (re-drawing them would lose a correction being typed). */
function followMatch(id, revision) {
  if (closeMatchLive) closeMatchLive();
  closeMatchLive = live(`/api/matches/${encodeURIComponent(id)}/live`, (st) => {
    const box = $("#match-detail");
    if (box.dataset.id !== id) return;
    $("#detail-score").textContent = scoreText(st);
    $("#detail-revision").textContent = String(st.revision);
    $("#detail-status").replaceChildren(statusBadge(st));
    const note = $("#detail-changed");
    if (st.revision !== revision) {
      note.hidden = false;
      note.querySelector(".what").textContent = tr("admin.changed", { from: revision, to: st.revision });
    }
  });
}

async function showMatch(id) {
  const box = $("#match-detail");
  if (!id) {
    if (closeMatchLive) closeMatchLive();
    closeMatchLive = null;
    box.hidden = true;
    box.dataset.id = "";
    box.replaceChildren();
    return;
  }
  let state, record, audit;
  try {
    [state, record, audit] = await Promise.all([
      get(`/api/matches/${encodeURIComponent(id)}`),
      get(`/api/matches/${encodeURIComponent(id)}/record`),
      get(`/api/matches/${encodeURIComponent(id)}/audit`),
    ]);
  } catch (e) {
    box.hidden = true;
    return showError(e);
  }
  const listed = matchesCache.find((m) => m.id === id);
  const unit = unitName(state.game);
  const frames = record.frames ?? [];

  // ---- the correction form
  const form = el("form", { id: "correction-form", class: "correction", autocomplete: "off" });
  const frameIn = el("input", { type: "number", name: "frame", min: 0, max: Math.max(frames.length - 1, 0), value: Math.max(frames.length - 1, 0), required: true });
  const shotIn = el("input", { type: "number", name: "shot", min: 0, value: 0, required: true });
  const replaceIn = el("textarea", { name: "replace", rows: 6, spellcheck: "false", placeholder: '{"player": "Ann", "events": [{"type": "pot", "ball": "blue", "pocket": "top-left"}]}' });
  const deleteIn = el("input", { type: "checkbox", name: "delete", onchange: () => (replaceIn.disabled = deleteIn.checked) });
  const reasonIn = el("input", { name: "reason", placeholder: tr("admin.reason_placeholder"), maxlength: 500, required: true });
  const byIn = el("input", { name: "by", placeholder: tr("admin.by_placeholder"), maxlength: 200, value: localStorage.getItem("potshot-by") ?? "" });

  /** Put shot `si` of frame `fi` in the form. */
  function pick(fi, si) {
    const shot = frames[fi]?.shots?.[si];
    frameIn.value = fi;
    shotIn.value = si;
    if (shot) {
      const clean = { ...shot };
      delete clean.ruling;
      replaceIn.value = JSON.stringify(clean, null, 1);
    }
    deleteIn.checked = false;
    replaceIn.disabled = false;
    form.scrollIntoView({ block: "nearest" });
    reasonIn.focus();
  }

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    clearFormError(form);
    const fi = Number(frameIn.value);
    const si = Number(shotIn.value);
    try {
      if (!Number.isInteger(fi) || fi < 0) throw new Error(tr("admin.unit_index", { unit }));
      if (!Number.isInteger(si) || si < 0) throw new Error(tr("admin.shot_index"));
      let replace = null;
      if (!deleteIn.checked) {
        if (!replaceIn.value.trim()) throw new Error(tr("admin.give_replacement"));
        try {
          replace = JSON.parse(replaceIn.value);
        } catch (e) {
          throw new Error(tr("admin.replacement_not_json", { reason: e.message }));
        }
        if (!replace || typeof replace !== "object" || Array.isArray(replace)) throw new Error(tr("admin.replacement_object"));
      }
      if (!reasonIn.value.trim()) throw new Error(tr("admin.say_why"));
      if (!byIn.value.trim()) throw new Error(tr("admin.say_who"));
      localStorage.setItem("potshot-by", byIn.value.trim());
      const current = await get(`/api/matches/${encodeURIComponent(id)}`);
      const after = await post(
        `/api/matches/${encodeURIComponent(id)}/corrections`,
        { revision: current.revision, frame: fi, shot: si, replace, reason: reasonIn.value.trim(), by: byIn.value.trim() },
        adm,
      );
      toast(tr("admin.corrected", { unit, frame: fi, shot: si, score: scoreText({ ...after, score: after.score }) }));
      await refreshMatches();
      await showMatch(id);
    } catch (e) {
      formError(form, e);
    }
  });

  form.append(
    el("h3", {}, tr("admin.correct_title")),
    el("p", { class: "muted small" }, tr("admin.correct_note")),
    el(
      "div",
      { class: "row" },
      el("label", {}, `${unitTitle(state.game)} (from 0)`, frameIn),
      el("label", {}, tr("admin.shot_from0"), shotIn),
      el("label", { class: "inline" }, deleteIn, tr("admin.delete_shot")),
    ),
    el("label", { class: "block" }, tr("admin.replacement"), replaceIn),
    el("div", { class: "row" }, el("label", { class: "grow" }, tr("admin.reason"), reasonIn), el("label", { class: "grow" }, tr("admin.by"), byIn)),
    el("p", { class: "form-error", role: "alert", hidden: true }),
    el("div", { class: "row" }, el("button", { type: "submit", class: "primary" }, tr("admin.apply_correction"))),
  );

  // ---- the shots of one frame
  const frameSel = el(
    "select",
    { name: "shots-frame", "aria-label": tr("admin.unit_to_show", { unit }) },
    frames.map((f, i) => el("option", { value: i, selected: i === frames.length - 1 ? true : null }, `${unit} ${i}: ${f.shots?.length ?? 0} shots, ${f.starts ?? ""} breaks`)),
  );
  const shotsBox = el("div", { class: "scroll shots" });
  function renderShots() {
    const fi = Number(frameSel.value);
    const shots = frames[fi]?.shots ?? [];
    shotsBox.replaceChildren(
      shots.length
        ? el(
            "table",
            { class: "grid" },
            el("thead", {}, el("tr", {}, el("th", { class: "num" }, tr("admin.shot")), el("th", {}, tr("admin.entered")), el("th", {}, tr("admin.score_after")), el("th", {}, ""))),
            el(
              "tbody",
              {},
              shots.map((s, si) =>
                el(
                  "tr",
                  { dataset: { shot: si } },
                  el("td", { class: "num" }, String(si)),
                  el("td", {}, shotText(s)),
                  el("td", { class: "score" }, s.ruling?.score ? scoreCells(s.ruling.score) : ""),
                  el("td", { class: "act" }, el("button", { type: "button", class: "sm", onclick: () => pick(fi, si) }, tr("admin.correct"))),
                ),
              ),
            ),
          )
        : el("p", { class: "muted" }, tr("admin.no_shot_in", { unit })),
    );
  }
  frameSel.addEventListener("change", renderShots);
  renderShots();

  // ---- the audit log, newest first
  const auditRows = audit.entries.slice().reverse();
  const auditTable = el(
    "table",
    { class: "grid audit" },
    el(
      "thead",
      {},
      el("tr", {}, el("th", { class: "num" }, tr("admin.rev")), el("th", {}, tr("admin.when")), el("th", {}, tr("admin.who")), el("th", {}, tr("admin.what")), el("th", {}, tr("admin.where")), el("th", {}, tr("admin.change")), el("th", {}, tr("admin.why"))),
    ),
    el(
      "tbody",
      {},
      auditRows.map((a) =>
        el(
          "tr",
          { class: a.action === "correction" ? "correction" : null, dataset: { action: a.action } },
          el("td", { class: "num" }, String(a.revision)),
          el("td", { class: "when" }, when(a.at)),
          el("td", {}, who(a.by)),
          el("td", {}, a.action),
          el("td", {}, frameShot(a)),
          el("td", { class: "change" }, auditChange(a)),
          el("td", {}, a.reason || ""),
        ),
      ),
    ),
  );

  box.replaceChildren(
    el(
      "div",
      { class: "card detail" },
      el(
        "div",
        { class: "row head" },
        el("h2", { class: "grow" }, `${matchTitle(state)} `, el("span", { class: "muted small" }, `${gameTitle(state.game)} · ${state.id}${state.table ? ` · ${state.table}` : ""}`)),
        el("a", { class: "button", href: `/api/matches/${encodeURIComponent(id)}/record`, download: `${id}.json` }, tr("admin.export_record")),
        el("a", { class: "button", href: "#matches" }, tr("admin.close")),
      ),
      el(
        "div",
        { class: "facts" },
        el("span", {}, tr("home.score"), " ", el("b", { id: "detail-score" }, scoreText(state))),
        el("span", { id: "detail-status" }, statusBadge(state)),
        el("span", {}, tr("admin.revision"), " ", el("b", { id: "detail-revision" }, String(state.revision))),
        // a match left unfinished (idle: no entry for hours) comes off "Playing now" (docs/web.md)
        state.status === "over" || state.status === "abandoned"
          ? null
          : el(
              "button",
              {
                type: "button",
                class: "sm danger",
                "data-action": "abandon",
                onclick: async () => {
                  try {
                    await post(`/api/matches/${encodeURIComponent(id)}/abandon`, { reason: "left unfinished" }, adm);
                    toast(tr("admin.abandoned"));
                    await refreshMatches();
                    await showMatch(id);
                  } catch (e) {
                    showError(e);
                  }
                },
              },
              tr("admin.abandon"),
            ),
      ),
      el(
        "div",
        { id: "detail-changed", class: "changed row", hidden: true, role: "status" },
        el("span", { class: "what grow" }),
        el("button", { type: "button", class: "sm", onclick: () => showMatch(id) }, tr("admin.read_again")),
      ),
      linkRows([
        ...matchLinks(id, listed?.token, state.mode),
        // the score card to print: as played so far, or blank before the first shot (docs/exports.md)
        [tr("admin.score_card"), `/api/matches/${encodeURIComponent(id)}/card.pdf`, "card"],
      ]),
    ),
    el(
      "div",
      { class: "split" },
      el("div", { class: "card" }, el("div", { class: "row head" }, el("h3", { class: "grow" }, tr("admin.shots")), frameSel), shotsBox),
      el("div", { class: "card" }, form),
    ),
    el("div", { class: "card" }, el("h3", {}, tr("admin.audit", { n: auditRows.length })), el("div", { class: "scroll audit-box" }, auditTable)),
  );
  const opened = box.hidden || box.dataset.id !== id;
  box.dataset.id = id;
  box.hidden = false;
  if (opened) box.scrollIntoView({ block: "start" });
  followMatch(id, state.revision);
}

// ------------------------------------------------------------------ new marked match

async function newMatchTab() {
  await matchForm($("#new-match"), {
    mode: "mark",
    onSubmit: async (body) => {
      const made = await post("/api/matches", body, adm);
      const box = $("#new-links");
      box.replaceChildren(
        el("h2", {}, tr("admin.created", { title: matchTitle(made.state) })),
        el("p", { class: "muted small" }, tr("admin.marker_link_note")),
        linkRows(matchLinks(made.id, made.token, "mark")),
        el("div", { class: "row" }, el("a", { class: "button", href: `#matches/${encodeURIComponent(made.id)}` }, tr("admin.manage_match"))),
      );
      box.hidden = false;
      toast(tr("admin.marked_created"));
    },
  });
}

// ------------------------------------------------------------------ import

/** The record in a pasted text: a record, or a casebook case (`{"case", "record"}`), or `{"record"}`. */
function recordOf(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(tr("admin.not_json", { reason: e.message }));
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error("A match record is a JSON object.");
  if (!data.game && data.record && typeof data.record === "object") return data.record;
  return data;
}

async function importTab() {
  const form = $("#import-form");
  form.elements.file.addEventListener("change", async () => {
    const f = form.elements.file.files[0];
    if (!f) return;
    try {
      form.elements.record.value = await f.text();
      clearFormError(form);
    } catch (e) {
      formError(form, e);
    }
  });
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    clearFormError(form);
    const btn = form.querySelector("button[type=submit]");
    btn.disabled = true;
    try {
      const text = form.elements.record.value.trim();
      if (!text) throw new Error(tr("admin.paste_record"));
      const mode = form.elements.mode.value === "play" ? "play" : "mark";
      const body = { record: recordOf(text), mode };
      if (form.elements.title.value.trim()) body.title = form.elements.title.value.trim();
      if (form.elements.table.value.trim()) body.table = form.elements.table.value.trim();
      const made = await post("/api/matches/import", body, adm);
      const box = $("#import-links");
      const frames = made.state.frames?.length ?? 0;
      box.replaceChildren(
        el("h2", {}, `Imported: ${matchTitle(made.state)}`),
        el(
          "p",
          { class: "facts" },
          el("span", {}, `${gameTitle(made.state.game)}, ${frames} ${unitName(made.state.game)}${frames === 1 ? "" : "s"}`),
          el("span", {}, tr("home.score"), " ", el("b", {}, scoreText(made.state))),
          statusBadge(made.state),
        ),
        linkRows(matchLinks(made.id, made.token, made.state.mode)),
        el("div", { class: "row" }, el("a", { class: "button", href: `#matches/${encodeURIComponent(made.id)}` }, tr("admin.manage_match"))),
      );
      box.hidden = false;
      toast(tr("admin.imported"));
    } catch (e) {
      $("#import-links").hidden = true;
      formError(form, e);
    } finally {
      btn.disabled = false;
    }
  });
}

// ------------------------------------------------------------------ tournaments

async function tournamentForm() {
  const form = $("#tournament-form");
  const fmt = el(
    "select",
    { name: "format" },
    ["round_robin", "knockout", "swiss"].map((v) => el("option", { value: v }, formatTitle(v))),
  );
  // every registered game; each offers its own form fields marked for tournaments
  const game = el("select", { name: "game" }, allGames().map((g) => el("option", { value: g.game }, gameTitle(g.game))));
  const tournamentFields = () => gameInfo(game.value).form.fields.filter((f) => f.tournament);
  const rounds = el("input", { type: "number", name: "rounds", min: 1, max: 30, value: 3 });
  const roundsLabel = el("label", {}, tr("admin.swiss_rounds"), rounds);
  const rules = el("div", { class: "row" });
  const renderRules = () => {
    roundsLabel.hidden = fmt.value !== "swiss";
    const fields = tournamentFields();
    rules.replaceChildren(...(fields.length ? fields.map(fieldControl) : [el("p", { class: "muted small" }, tf("note", gameInfo(game.value).form.note))]));
  };
  fmt.addEventListener("change", renderRules);
  game.addEventListener("change", renderRules);
  form.append(
    el("div", { class: "row" }, el("label", { class: "grow" }, tr("admin.name"), el("input", { name: "name", required: true, maxlength: 200, placeholder: tr("admin.name_example") }))),
    el("div", { class: "row" }, el("label", {}, tr("common.game"), game), el("label", {}, tr("home.format"), fmt), roundsLabel),
    rules,
    el(
      "div",
      { class: "row top" },
      el("label", { class: "grow" }, tr("admin.players_lines"), el("textarea", { name: "players", rows: 6, spellcheck: "false", placeholder: "Ann\nBob\nCy\nDi" })),
      el("label", { class: "grow" }, tr("admin.tables_lines"), el("textarea", { name: "tables", rows: 6, spellcheck: "false", placeholder: "Table 1\nTable 2" })),
    ),
    el("p", { class: "form-error", role: "alert", hidden: true }),
    el("div", { class: "row" }, el("button", { type: "submit", class: "primary" }, tr("admin.create_tournament"))),
  );
  renderRules();
  const lines = (v) =>
    v
      .split(/\n|,/)
      .map((x) => x.trim())
      .filter(Boolean);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    clearFormError(form);
    try {
      const name = form.elements.name.value.trim();
      if (!name) throw new Error(tr("admin.tournament_no_name"));
      const entrants = lines(form.elements.players.value);
      if (entrants.length < 2) throw new Error("A tournament needs at least two players (one a line).");
      const dup = entrants.find((p, i) => entrants.indexOf(p) !== i);
      if (dup) throw new Error(tr("admin.listed_twice", { name: dup }));
      // doubles (where the game plays it): a team a line, "A1 & A2" in playing order
      const teams = entrants.some((p) => p.includes("&"));
      if (teams && !gameInfo(game.value).doubles) throw new Error(tr("admin.no_doubles", { game: gameTitle(game.value) }));
      const players = teams ? entrants.map((p) => p.split("&").map((x) => x.trim())) : entrants;
      if (teams && !players.every((t) => t.length === 2 && t.every(Boolean))) throw new Error("A doubles team is two names: A1 & A2.");
      const tables = lines(form.elements.tables.value);
      const body = { name, game: game.value, format: fmt.value, players, tables: tables.length ? tables : ["Table 1"] };
      if (fmt.value === "swiss") {
        const n = Number(rounds.value);
        if (!Number.isInteger(n) || n < 1) throw new Error(tr("admin.swiss_rounds_bad"));
        body.rounds = n;
      }
      Object.assign(body, fieldValues(form, tournamentFields()));
      const t = await post("/api/tournaments", body, adm);
      toast(tr("admin.tournament_created", { name: t.name }));
      form.reset();
      renderRules();
      location.hash = `#tournaments/${encodeURIComponent(t.id)}`;
    } catch (e) {
      formError(form, e);
    }
  });
}

async function refreshTournaments() {
  let data;
  try {
    data = await get("/api/tournaments");
  } catch (e) {
    return showError(e);
  }
  const ts = data.tournaments.slice().reverse();
  $("#tournament-list").replaceChildren(
    ts.length
      ? tournamentTable(ts, tr("admin.name"), (t) => el("a", { class: "button sm", href: `#tournaments/${encodeURIComponent(t.id)}` }, tr("admin.manage")))
      : el("p", { class: "muted" }, tr("admin.no_tournament")),
  );
}

let closeTournamentLive = null;

/** One tournament: pair the next round, each match's links and a result form; live. */
async function showTournament(tid) {
  const box = $("#tournament-detail");
  if (closeTournamentLive) {
    closeTournamentLive();
    closeTournamentLive = null;
  }
  if (!tid) {
    box.hidden = true;
    box.dataset.id = "";
    box.replaceChildren();
    return;
  }
  let t;
  try {
    t = await get(`/api/tournaments/${encodeURIComponent(tid)}`, adm);
  } catch (e) {
    box.hidden = true;
    return showError(e);
  }
  renderTournament(t);
  // the live channel is public (no tokens): on a change, read the organiser's view again
  let first = true;
  closeTournamentLive = live(`/api/tournaments/${encodeURIComponent(tid)}/live`, async () => {
    if (first) {
      first = false;
      return;
    }
    try {
      renderTournament(await get(`/api/tournaments/${encodeURIComponent(tid)}`, adm));
    } catch (e) {
      showError(e);
    }
  });
}

function renderTournament(t) {
  const box = $("#tournament-detail");
  const unit = tf("word", gameInfo(t.game).match_units);
  // a live update re-draws the rounds: keep what the organiser is typing (and where) in the same
  // tournament, until it is reported
  const typed = new Map();
  let focused = null;
  if (box.dataset.id === t.id) {
    for (const input of box.querySelectorAll("form.report input[data-dirty]")) {
      typed.set(`${input.closest("tr").dataset.id}/${input.name}`, input.value);
    }
    const act = document.activeElement;
    if (act && box.contains(act) && act.name && act.closest("tr[data-id]")) {
      focused = `${act.closest("tr").dataset.id}/${act.name}`;
    }
  }
  box.dataset.id = t.id;
  const pairBtn = el(
    "button",
    {
      type: "button",
      class: "primary",
      name: "pair",
      onclick: async () => {
        pairBtn.disabled = true;
        clearErrorToasts();
        try {
          const after = await post(`/api/tournaments/${encodeURIComponent(t.id)}/pair`, {}, adm);
          toast(tr("admin.round_paired", { n: after.rounds.length }));
          renderTournament(after);
        } catch (e) {
          showError(e);
        } finally {
          pairBtn.disabled = false;
        }
      },
    },
    t.rounds.length ? tr("admin.pair_next") : tr("admin.pair_first"),
  );

  function reportForm(m) {
    const input = (name, who) => {
      const key = `${m.id}/${name}`;
      const kept = typed.get(key);
      return el("input", {
        type: "number",
        min: 0,
        max: 99,
        name,
        "aria-label": tr("admin.units_won_by", { unit, name: who }),
        // no default 0: a result is typed, never one tap on a made-up 0-0
        value: kept ?? m.frames?.[who] ?? "",
        placeholder: "–",
        dataset: kept === undefined ? null : { dirty: "1" },
        oninput: (ev) => {
          ev.target.dataset.dirty = "1";
        },
      });
    };
    const a = input("frames-a", m.a);
    const b = input("frames-b", m.b);
    // a result in force is changed only with a reason (the server keeps the audit trail)
    const reason = m.status === "over" ? el("input", { type: "text", name: "reason", maxlength: 500, placeholder: tr("admin.change_reason"), "aria-label": tr("admin.change_reason") }) : null;
    const trail = (m.corrections ?? []).map((c) =>
      el("li", { class: "muted small" }, `${c.at.replace("T", " ").slice(0, 16)} ${c.by}: ${m.a} ${c.from[m.a]}–${c.from[m.b]} → ${c.to[m.a]}–${c.to[m.b]} (${c.reason})`),
    );
    const f = el(
      "form",
      { class: "report" },
      el("span", { class: "who" }, m.a),
      a,
      el("span", {}, "–"),
      b,
      el("span", { class: "who" }, m.b),
      reason,
      el("button", { type: "submit", class: "sm" }, m.status === "over" ? tr("admin.change_result") : tr("admin.report")),
      trail.length ? el("ul", { class: "corrections" }, trail) : null,
    );
    f.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      clearErrorToasts();
      if (a.value.trim() === "" || b.value.trim() === "") return toast(tr("admin.type_units", { unit }), "error");
      const fa = Number(a.value);
      const fb = Number(b.value);
      if (![fa, fb].every((x) => Number.isInteger(x) && x >= 0)) return toast(tr("admin.units_whole", { unit }), "error");
      if (t.format === "knockout" && fa === fb) return toast(tr("admin.knockout_winner"), "error");
      try {
        const after = await post(`/api/tournaments/${encodeURIComponent(t.id)}/report`, { match: m.id, frames: { [m.a]: fa, [m.b]: fb }, ...(reason ? { reason: reason.value } : {}) }, adm);
        delete a.dataset.dirty;
        delete b.dataset.dirty;
        toast(tr("admin.reported", { result: `${m.a} ${fa} – ${fb} ${m.b}` }));
        renderTournament(after);
      } catch (e) {
        showError(e);
      }
    });
    return f;
  }

  const rounds = t.rounds
    .slice()
    .reverse()
    .map((r) =>
      el(
        "div",
        { class: "card round", dataset: { round: r.round } },
        el("h3", {}, `Round ${r.round}`),
        el(
          "table",
          { class: "grid" },
          el("thead", {}, el("tr", {}, el("th", {}, tr("form.table")), el("th", {}, tr("home.match")), el("th", {}, tr("home.status")), el("th", {}, tr("admin.live_score")), el("th", {}, tr("admin.links")), el("th", {}, tr("admin.result_units", { unit })))),
          el(
            "tbody",
            {},
            r.matches.map((m) =>
              m.b === null
                ? el("tr", { class: "bye" }, el("td", {}, ""), el("td", {}, m.a), el("td", {}, el("span", { class: "badge" }, tr("tour.bye"))), el("td", {}, ""), el("td", {}, ""), el("td", {}, tr("admin.goes_through", { name: m.a })))
                : el(
                    "tr",
                    { dataset: { id: m.id } },
                    el("td", {}, m.table ?? ""),
                    el("td", {}, `${m.a} v ${m.b}`),
                    el("td", {}, m.status === "over" ? el("span", { class: "badge" }, m.winner ? tr("status.won_by", { name: m.winner }) : tr("tour.drawn")) : el("span", { class: "badge live" }, tr("tour.to_play"))),
                    el("td", { class: "score" }, m.score && m.status !== "over" ? `${m.score[m.a] ?? 0} – ${m.score[m.b] ?? 0}` : ""),
                    el(
                      "td",
                      { class: "link-buttons" },
                      matchLinks(m.id, m.token, "mark")
                        .slice(0, 2)
                        .map(([label, path, kind]) =>
                          el(
                            "span",
                            { class: "pair" },
                            el("a", { class: "button sm", href: path, target: "_blank", rel: "noopener", dataset: { kind } }, kind === "mark" ? tr("admin.kind_mark") : tr("admin.kind_watch")),
                            el("button", { type: "button", class: "sm icon", title: tr("admin.copy_the", { what: label.toLocaleLowerCase() }), "aria-label": tr("admin.copy_the", { what: label.toLocaleLowerCase() }), onclick: () => copy(absolute(path), label.toLocaleLowerCase()) }, copyIcon()),
                          ),
                        ),
                    ),
                    el("td", {}, reportForm(m)),
                  ),
            ),
          ),
        ),
      ),
    );

  box.replaceChildren(
    el(
      "div",
      { class: "card detail" },
      el(
        "div",
        { class: "row head" },
        el("h2", { class: "grow" }, `${t.name} `, el("span", { class: "muted small" }, `${gameTitle(t.game)} · ${formatTitle(t.format)} · ${tn("tour.players_n", t.players.length)} · ${t.tables.join(", ")}`)),
        pairBtn,
        el("a", { class: "button", href: `/tournaments/${encodeURIComponent(t.id)}`, target: "_blank", rel: "noopener" }, tr("admin.public_page")),
        el("button", { type: "button", onclick: () => copy(absolute(`/tournaments/${encodeURIComponent(t.id)}`), tr("admin.tournament_link")) }, tr("admin.copy_link")),
        el("a", { class: "button", href: "#tournaments" }, tr("admin.close")),
      ),
      t.rounds.length ? null : el("p", { class: "muted" }, tr("admin.no_round")),
    ),
    ...rounds,
  );
  box.hidden = false;
  if (focused) {
    const [mid, name] = focused.split("/");
    box.querySelector(`tr[data-id="${CSS.escape(mid)}"] [name="${CSS.escape(name)}"]`)?.focus();
  }
}

// ------------------------------------------------------------------ players

let playersCache = [];

const playerLink = (p) => el("a", { href: `/players/${encodeURIComponent(p.id)}` }, p.name);
const matchesText = (n) => tn("player.matches_n", n);
const tournamentsText = (n) => tn("player.tournaments_n", n);

async function refreshPlayers() {
  let data, audit;
  try {
    [data, audit] = await Promise.all([get("/api/players"), get("/api/players/audit")]);
  } catch (e) {
    return showError(e);
  }
  playersCache = data.players;
  renderPlayerChoices();
  $("#player-list").replaceChildren(
    playersCache.length
      ? el(
          "table",
          { class: "grid", "data-testid": "player-list" },
          el("thead", {}, el("tr", {}, el("th", {}, tr("tour.player")), el("th", { class: "num" }, tr("player.matches")))),
          el(
            "tbody",
            {},
            playersCache.map((p) => el("tr", { dataset: { id: String(p.id) } }, el("td", {}, playerLink(p)), el("td", { class: "num" }, String(p.matches)))),
          ),
        )
      : el("p", { class: "muted" }, tr("admin.no_player")),
  );
  const merges = audit.entries.filter((a) => a.action === "merge").reverse();
  $("#merge-audit").replaceChildren(
    merges.length
      ? el(
          "ul",
          { class: "merges" },
          merges.map((a) => el("li", {}, `${when(a.at)}: ${a.from.name} into `, playerLink(a.into), ` (${a.seats} moved, by ${a.by})`)),
        )
      : el("p", { class: "muted small" }, tr("admin.no_merge")),
  );
}

/** The two choices, from the players whose name holds the search (a chosen one stays listed). */
function renderPlayerChoices() {
  const form = $("#merge-form");
  const q = form.elements.filter.value.trim().toLowerCase();
  for (const key of ["from", "into"]) {
    const sel = form.elements[key];
    const was = sel.value;
    const shown = playersCache.filter((p) => !q || p.name.toLowerCase().includes(q) || String(p.id) === was);
    sel.replaceChildren(
      el("option", { value: "" }, shown.length ? "— choose —" : "— no player found —"),
      ...shown.map((p) => el("option", { value: String(p.id) }, `${p.name} (${matchesText(p.matches)})`)),
    );
    sel.value = shown.some((p) => String(p.id) === was) ? was : "";
  }
  mergePreview();
}

let previewSeq = 0;

/** What the merge will do, read from the two players' histories; the button confirms it. */
async function mergePreview() {
  const form = $("#merge-form");
  const box = $("#merge-preview");
  const button = form.elements.confirm;
  const a = form.elements.from.value;
  const b = form.elements.into.value;
  button.disabled = true;
  button.textContent = tr("admin.merge");
  if (!a || !b) return box.replaceChildren(el("p", { class: "muted small" }, tr("admin.merge_choose")));
  if (a === b) return box.replaceChildren(el("p", { class: "muted small" }, tr("admin.merge_two")));
  const seq = ++previewSeq;
  let pa, pb;
  try {
    [pa, pb] = await Promise.all([get(`/api/players/${encodeURIComponent(a)}`), get(`/api/players/${encodeURIComponent(b)}`)]);
  } catch (e) {
    return showError(e);
  }
  if (seq !== previewSeq) return; // the choice changed meanwhile
  const met = pa.matches.some((m) => m.opponents.some((o) => o.id === pb.id)) || pa.matches.some((m) => pb.matches.some((n) => n.id === m.id));
  const sharedT = pa.tournaments.filter((t) => pb.tournaments.some((u) => u.id === t.id));
  box.replaceChildren(
    el(
      "dl",
      { class: "merge-plan", "data-testid": "merge-plan" },
      el("dt", {}, tr("admin.merged_away")),
      el("dd", {}, playerLink(pa), ` — ${matchesText(pa.matches.length)}, ${tournamentsText(pa.tournaments.length)}`),
      el("dt", {}, tr("admin.kept")),
      el("dd", {}, playerLink(pb), ` — ${matchesText(pb.matches.length)}, ${tournamentsText(pb.tournaments.length)}`),
      el("dt", {}, tr("admin.after")),
      el("dd", {}, tr("admin.merge_plan", { kept: pb.name, matches: matchesText(pa.matches.length + pb.matches.length), gone: pa.name })),
    ),
    ...(met || sharedT.length
      ? [
          el(
            "p",
            { class: "warn small", "data-testid": "merge-warning" },
            met ? tr("admin.merge_met", { a: pa.name, b: pb.name }) : tr("admin.merge_same_tournament", { a: pa.name, b: pb.name, tournament: sharedT[0].name }),
          ),
        ]
      : []),
  );
  button.disabled = false;
  button.textContent = `Confirm: merge ${pa.name} into ${pb.name}`;
}

function mergeForm() {
  const form = $("#merge-form");
  form.elements.filter.addEventListener("input", renderPlayerChoices);
  // a new choice: the last refusal's reason goes
  for (const key of ["from", "into"]) {
    form.elements[key].addEventListener("change", () => {
      clearFormError(form);
      mergePreview();
    });
  }
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    clearFormError(form);
    const from = Number(form.elements.from.value);
    const into = Number(form.elements.into.value);
    if (!from || !into) return;
    const button = form.elements.confirm;
    button.disabled = true;
    let p;
    try {
      p = await post("/api/players/merge", { from, into }, adm);
    } catch (e) {
      button.disabled = false;
      return formError(form, e);
    }
    toast(tr("admin.merged_into", { name: p.name }));
    $("#merge-result").replaceChildren(
      el(
        "div",
        { class: "changed", "data-testid": "merge-result" },
        tr("admin.merged"),
        " ",
        playerLink(p),
        " ",
        tr("admin.now_has", { matches: matchesText(p.matches.length), won: p.record.won, lost: p.record.lost, drawn: p.record.drawn }),
        p.merged.length ? tr("admin.also_known", { names: p.merged.join(", ") }) : "",
        ".",
      ),
    );
    form.elements.from.value = "";
    form.elements.into.value = "";
    await refreshPlayers();
  });
}

// ------------------------------------------------------------------ seasons

let tournamentsCache = [];

async function refreshSeasons() {
  let data, ts;
  try {
    [data, ts] = await Promise.all([get("/api/seasons"), get("/api/tournaments")]);
  } catch (e) {
    return showError(e);
  }
  tournamentsCache = ts.tournaments;
  const picks = $("#season-form-tournaments");
  const checked = new Set([...picks.querySelectorAll("input:checked")].map((i) => i.value));
  picks.replaceChildren(
    ...(tournamentsCache.length
      ? tournamentsCache.map((t) =>
          el("label", { class: "inline" }, el("input", { type: "checkbox", name: "tournament", value: t.id, checked: checked.has(t.id) }), `${t.name} (${gameTitle(t.game)})`),
        )
      : [el("p", { class: "muted small" }, tr("admin.no_tournament_later"))]),
  );
  const seasons = data.seasons.slice().reverse();
  $("#season-list").replaceChildren(
    seasons.length
      ? el(
          "table",
          { class: "grid", "data-testid": "season-list" },
          el("thead", {}, el("tr", {}, el("th", {}, tr("admin.season")), el("th", {}, tr("admin.from")), el("th", {}, tr("admin.to")), el("th", { class: "num" }, tr("home.tournaments")), el("th", {}, ""))),
          el(
            "tbody",
            {},
            seasons.map((x) =>
              el(
                "tr",
                { dataset: { id: x.id } },
                el("td", {}, x.name),
                el("td", {}, x.starts),
                el("td", {}, x.ends),
                el("td", { class: "num" }, String(x.tournaments.length)),
                el("td", { class: "act" }, el("a", { class: "button sm", href: `#seasons/${encodeURIComponent(x.id)}`, "aria-label": tr("admin.manage_name", { name: x.name }) }, tr("admin.manage"))),
              ),
            ),
          ),
        )
      : el("p", { class: "muted" }, tr("admin.no_season")),
  );
}

function seasonForm() {
  const form = $("#season-form");
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    clearFormError(form);
    const body = {
      name: form.elements.name.value.trim(),
      starts: form.elements.starts.value,
      ends: form.elements.ends.value,
      tournaments: [...form.querySelectorAll("input[name=tournament]:checked")].map((i) => i.value),
    };
    try {
      if (!body.name) throw new Error(tr("admin.season_no_name"));
      const x = await post("/api/seasons", body, adm);
      toast(tr("admin.season_created", { name: x.name }));
      form.reset();
      location.hash = `#seasons/${encodeURIComponent(x.id)}`;
    } catch (e) {
      formError(form, e);
    }
  });
}

/** A season: its tournaments (add one, take one out), its standings and its ratings. */
async function showSeason(sid) {
  const box = $("#season-detail");
  if (!sid) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  let x;
  try {
    x = await get(`/api/seasons/${encodeURIComponent(sid)}`);
  } catch (e) {
    box.hidden = true;
    return showError(e);
  }
  renderSeason(x);
}

function renderSeason(x) {
  const box = $("#season-detail");
  const path = `/api/seasons/${encodeURIComponent(x.id)}`;
  const change = async (doIt) => {
    try {
      renderSeason(await doIt());
      refreshSeasons();
    } catch (e) {
      showError(e);
    }
  };
  const inIt = new Set(x.tournaments.map((t) => t.id));
  const others = tournamentsCache.filter((t) => !inIt.has(t.id));
  const addSel = el("select", { name: "tournament" }, others.map((t) => el("option", { value: t.id }, `${t.name} (${gameTitle(t.game)})`)));
  const addForm = el(
    "form",
    {
      class: "row",
      onsubmit: (ev) => {
        ev.preventDefault();
        if (addSel.value) change(() => post(`${path}/tournaments`, { tournament: addSel.value }, adm));
      },
    },
    el("label", { class: "grow" }, tr("admin.add_tournament"), addSel),
    el("button", { type: "submit", class: "sm" }, tr("admin.add")),
  );
  const tours = el(
    "table",
    { class: "grid", "data-testid": "season-tournaments" },
    el("thead", {}, el("tr", {}, el("th", {}, tr("home.tournament")), el("th", {}, tr("common.game")), el("th", {}, ""))),
    el(
      "tbody",
      {},
      x.tournaments.map((t) =>
        el(
          "tr",
          { dataset: { id: t.id } },
          el("td", {}, el("a", { href: `/tournaments/${encodeURIComponent(t.id)}` }, t.name)),
          el("td", {}, gameTitle(t.game)),
          el(
            "td",
            { class: "act" },
            el(
              "button",
              {
                type: "button",
                class: "sm",
                "aria-label": tr("admin.take_out_name", { name: t.name }),
                onclick: () => change(() => request("DELETE", `${path}/tournaments/${encodeURIComponent(t.id)}`, undefined, adm)),
              },
              tr("admin.take_out"),
            ),
          ),
        ),
      ),
    ),
  );
  const standings = seasonTable(x);
  box.replaceChildren(
    el(
      "div",
      { class: "card detail", "data-testid": "season-detail" },
      el("h2", {}, x.name, el("span", { class: "small muted" }, tr("admin.dates", { from: x.starts, to: x.ends }))),
      el("h3", {}, tr("home.tournaments")),
      x.tournaments.length ? tours : el("p", { class: "muted" }, tr("admin.season_empty")),
      others.length ? addForm : null,
      el("h3", {}, tr("tour.standings")),
      el("p", { class: "muted small" }, tr("admin.season_note")),
      x.standings.length ? standings : el("p", { class: "muted" }, tr("player.no_results")),
    ),
  );
  box.hidden = false;
}

// ------------------------------------------------------------------ start

async function init() {
  signInForm();
  $("#show-finished").addEventListener("change", renderMatches);
  window.addEventListener("hashchange", route);
  const token = sessionToken();
  if (!token) return showSignIn();
  try {
    await checkSession(token);
  } catch (e) {
    setSessionToken(null);
    return showSignIn(e instanceof ApiError && e.status === 401 ? tr("admin.session_over") : e.line ?? String(e));
  }
  openConsole();
}

init();
// the matches' list follows the marked matches (scores, new ones) while it is shown
setInterval(() => {
  if (!$("#console").hidden && !$("#tab-matches").hidden && document.visibilityState === "visible") refreshMatches();
}, 5000);
