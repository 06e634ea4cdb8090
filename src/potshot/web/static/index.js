// The home page (`/`): the matches being played and finished, the tournaments, and the "new game"
// form that starts a game on the simulated table (POST /api/matches, mode play) and goes to its
// page with the token in the address. The form and the score helpers are exported: the
// organiser's page (admin.js) builds its "new marked match" form with the same code.

import { allGames, el, formatTitle, gameInfo, gameTitle, get, post, showError, unitsWon } from "/static/api.js";
import { t, tf } from "/static/i18n.js";

/**
 * A match's score for a person: "Ann 9 – 4 Bob" for two players, "Ann 12 · Bob 5 · Cy 0" for more,
 * with the units won (frames, games) when any is decided and the game counts them. `item` is a listing entry or a state.
 */
export function scoreText(item) {
  const players = item.players ?? [];
  const names = players.map((p) => (Array.isArray(p) ? p.join(" & ") : String(p)));
  const score = item.score ?? {};
  const val = (n) => (score[n] === undefined || score[n] === null ? 0 : score[n]);
  let text;
  if (names.length === 2) text = `${names[0]} ${val(names[0])} – ${val(names[1])} ${names[1]}`;
  else text = names.map((n) => `${n} ${val(n)}`).join(" · ");
  const won = item.frames_won ?? {};
  const counts = names.map((n) => Number(won[n] ?? 0));
  if (gameInfo(item.game).caps.units_won && names.length === 2 && (counts.some((c) => c > 0) || item.status === "over")) {
    text += ` (${unitsWon(item.game)} ${counts[0]}–${counts[1]})`;
  }
  return text;
}

/** A badge for a match's status: live, or finished with its winner. */
export function statusBadge(item) {
  if (item.status === "over") {
    const who = item.winner ? t("status.won_by", { name: item.winner }) : t("status.finished");
    return el("span", { class: "badge" }, who);
  }
  // no entry for hours (the server's POTSHOT_IDLE_HOURS), or abandoned by the organiser
  if (item.status === "idle" || item.status === "abandoned") return el("span", { class: "badge off" }, item.status === "idle" ? t("status.idle") : t("status.abandoned"));
  return el("span", { class: "badge live" }, t("status.live"));
}

/** Names of the players, joined for a person ("Ann v Bob"; `sep` " v " for the server's own default title). */
export function playersText(players, sep = t("common.versus")) {
  return (players ?? []).map((p) => (Array.isArray(p) ? p.join(" & ") : String(p))).join(sep);
}

/** The match's title, unless it is the server's default ("snooker: Ann v Bob"): then the players. */
export function matchTitle(m) {
  const players = playersText(m.players);
  if (!m.title || m.title === `${m.game}: ${playersText(m.players, " v ")}`) return players;
  return m.title;
}

/** A second line under a custom title: the players. */
function subTitle(m) {
  const players = playersText(m.players);
  return matchTitle(m) === players ? null : players;
}

function option(value, text, selected) {
  return el("option", { value, selected: selected ? true : null }, text);
}

/** One field of a game's new-match form (docs/web-api.md, `form.fields`): a choice or a number. */
export function fieldControl(f) {
  if (f.per_player) {
    // start points per player (snooker's handicap): "Ann=14, Bob=7"; empty leaves the key out
    const input = el("input", { name: f.name, placeholder: t("form.per_player_example"), "aria-describedby": `${f.name}-hint` });
    return el("label", {}, tf("label", f.label), input, el("span", { id: `${f.name}-hint`, class: "muted small" }, t("form.per_player_hint", { min: f.min, max: f.max })));
  }
  const control = f.choices
    ? el("select", { name: f.name }, f.choices.map(([v, text]) => option(v, tf("choice", text), v === f.default)))
    : el("input", { name: f.name, type: "number", min: f.min, max: f.max, value: f.default });
  return el("label", {}, tf("label", f.label), control);
}

/** The `rules` and `match` of a POST body from the fields' controls in `form`; throws an Error
 * naming the field (and `onBad(message, control)` is called) when a number is out of range. */
export function fieldValues(form, fields, onBad = () => {}) {
  const out = {};
  for (const f of fields) {
    const control = form.elements[f.name];
    if (!control) continue;
    const raw = control.value;
    if (f.choices && raw === "") continue; // the choice that leaves the key out
    if (f.per_player) {
      if (raw.trim() === "") continue;
      const value = {};
      for (const item of raw.split(",")) {
        const m = /^\s*(.+?)\s*=\s*(\d+)\s*$/.exec(item);
        if (!m || Number(m[2]) < f.min || Number(m[2]) > f.max) {
          const message = t("form.per_player_bad", { label: tf("label", f.label), item: item.trim(), min: f.min, max: f.max });
          onBad(message, control);
          throw new Error(message);
        }
        value[m[1]] = Number(m[2]);
      }
      out[f.into] = { ...(out[f.into] ?? {}), [f.name]: value };
      continue;
    }
    const value = f.number ? Number(raw) : raw;
    if (!f.choices && (raw.trim() === "" || !Number.isInteger(value) || value < f.min || value > f.max)) {
      const message = t("form.whole_number", { label: tf("label", f.label), min: f.min, max: f.max });
      onBad(message, control);
      throw new Error(message);
    }
    out[f.into] = { ...(out[f.into] ?? {}), [f.name]: value };
  }
  return out;
}

/**
 * Build a new-match form inside `form`: game, players (as many as the game takes; doubles where
 * it has them), in play mode which seats the bot plays, the game's own fields (its facts' `form`:
 * snooker reds and best of N frames, carrom best of N games, points a game and the round) and a
 * title (and table, marked matches). `onSubmit(body)` gets the body of POST /api/matches once the
 * form is valid; it may throw.
 */
export async function matchForm(form, { mode = "play", onSubmit }) {
  const list = allGames();
  let game = list[0]?.game ?? "";
  let doubles = false; // two teams of two (carrom Laws 2, 22(b))
  const seats =
    mode === "play"
      ? [
          { name: t("form.you"), bot: false },
          { name: t("form.bot_name"), bot: true },
        ]
      : [
          { name: "", bot: false },
          { name: "", bot: false },
        ];
  const error = el("p", { class: "form-error", role: "alert", hidden: true });
  const gameBox = el("div", { class: "seg", role: "radiogroup", "aria-label": t("common.game") });
  const playersBox = el("div", { class: "players" });
  const rulesBox = el("div", { class: "rules row" });
  const title = el("input", { name: "title", placeholder: t("form.optional"), maxlength: 200 });
  const table = el("input", { name: "table", placeholder: t("form.table_example"), maxlength: 100 });
  const submit = el(
    "button",
    { type: "submit", class: "primary", name: "submit" },
    mode === "play" ? t("form.start") : t("form.create_marked"),
  );
  const info = () => gameInfo(game);

  for (const g of list) {
    const input = el("input", { type: "radio", name: "game", value: g.game, checked: g.game === game ? true : null });
    input.addEventListener("change", () => {
      game = g.game;
      if (!g.doubles) doubles = false;
      const [, hi] = doubles ? [4, 4] : g.players;
      seats.splice(hi);
      renderPlayers();
      renderRules();
      clearError();
    });
    gameBox.append(el("label", { class: "seg-item" }, input, el("span", {}, tf("title", g.short_title))));
  }

  /** Doubles: the seats in playing order A1, B1, A2, B2 (play passes to the right, Law 22(b);
   * partners opposite, Law 2; the first player breaks from the south). */
  const DOUBLES_SEATS = [
    ["A1", t("form.seat_a1")],
    ["B1", t("form.seat_b1")],
    ["A2", t("form.seat_a2")],
    ["B2", t("form.seat_b2")],
  ];

  function renderPlayers() {
    const [lo, hi] = doubles ? [4, 4] : info().players;
    // doubles against the bot: your partner and the other team are bots unless you say otherwise
    const extra = doubles && mode === "play" ? [null, null, { name: t("form.partner_name"), bot: true }, { name: t("form.bot2_name"), bot: true }] : [];
    while (seats.length < lo) seats.push({ ...(extra[seats.length] ?? { name: "", bot: false }) });
    const rows = seats.map((seat, i) => {
      const label = doubles ? DOUBLES_SEATS[i][1] : t("form.player_n", { n: i + 1 });
      const name = el("input", {
        name: `player-${i}`,
        value: seat.name,
        placeholder: label,
        "aria-label": label,
        maxlength: 60,
        oninput: (e) => {
          seat.name = e.target.value;
          e.target.removeAttribute("aria-invalid");
        },
      });
      const parts = [el("span", { class: `seat${doubles ? ` team-${DOUBLES_SEATS[i][0][0]}` : ""}` }, doubles ? DOUBLES_SEATS[i][0] : String(i + 1)), name];
      if (mode === "play") {
        const box = el("input", {
          type: "checkbox",
          name: `bot-${i}`,
          checked: seat.bot ? true : null,
          onchange: (e) => {
            seat.bot = e.target.checked;
          },
        });
        parts.push(el("label", { class: "bot-toggle", title: t("form.bot_title") }, box, t("form.bot")));
      }
      if (seats.length > lo) {
        parts.push(
          el(
            "button",
            {
              type: "button",
              class: "icon",
              "aria-label": t("form.remove_player", { n: i + 1 }),
              onclick: () => {
                seats.splice(i, 1);
                renderPlayers();
              },
            },
            "×",
          ),
        );
      }
      return el("div", { class: "player-row" }, parts);
    });
    const add =
      hi > lo
        ? el(
            "button",
            {
              type: "button",
              name: "add-player",
              disabled: seats.length >= hi ? true : null,
              onclick: () => {
                seats.push({ name: "", bot: false });
                renderPlayers();
                playersBox.querySelector(`[name=player-${seats.length - 1}]`)?.focus();
              },
            },
            t("form.add_player", { n: hi }),
          )
        : null;
    let kind = null;
    if (info().doubles) {
      const pick = (value, text) => {
        const input = el("input", { type: "radio", name: "format", value, checked: doubles === (value === "doubles") ? true : null });
        input.addEventListener("change", () => {
          doubles = value === "doubles";
          seats.splice(doubles ? 4 : info().players[1]);
          renderPlayers();
          clearError();
        });
        return el("label", { class: "seg-item" }, input, el("span", {}, text));
      };
      kind = el("div", { class: "seg", role: "radiogroup", "aria-label": t("form.singles_or_doubles") }, pick("singles", t("form.singles")), pick("doubles", t("form.doubles")));
    }
    const heading = doubles
      ? t("form.players_doubles")
      : lo === hi
        ? t("form.players_n", { n: lo })
        : t("form.players_range", { lo, hi });
    playersBox.replaceChildren(...(kind ? [kind] : []), el("div", { class: "label" }, heading), ...rows, ...(add ? [add] : []));
  }

  /** The bots' strength, as the CLI's --aim-error (the game's facts: its default aim error, the
   * strongest, up to its largest): four steps, evenly spaced on a log scale. */
  function botLevels() {
    const { aim_error: lo, max_aim_error: hi } = info().bot;
    const names = [t("bot.strongest"), t("bot.strong"), t("bot.club"), t("bot.beginner")];
    return names.map((n, i) => {
      const v = Number((lo * (hi / lo) ** (i / (names.length - 1))).toPrecision(2));
      return [String(v), t("bot.level", { level: n, v })];
    });
  }

  function renderRules() {
    const fields = info().form.fields;
    const bot =
      mode === "play"
        ? el(
            "label",
            { title: t("bot.strength_title") },
            t("bot.strength"),
            el("select", { name: "bot_aim_error" }, botLevels().map(([v, text], i) => option(v, text, i === 0))),
          )
        : null;
    rulesBox.replaceChildren(
      ...(fields.length ? fields.map(fieldControl) : [el("p", { class: "muted small" }, tf("note", info().form.note))]),
      ...(bot ? [bot] : []),
    );
  }

  function clearError() {
    error.hidden = true;
    error.textContent = "";
  }

  function fail(message, field) {
    error.textContent = message;
    error.hidden = false;
    if (field) {
      field.setAttribute("aria-invalid", "true");
      field.focus();
    }
    throw new Error(message);
  }

  /** The body of POST /api/matches, or an Error naming the field that is wrong. */
  function body() {
    clearError();
    const names = seats.map((s) => s.name.trim());
    names.forEach((n, i) => {
      if (!n) fail(t("form.no_name", { n: i + 1 }), form.querySelector(`[name=player-${i}]`));
    });
    names.forEach((n, i) => {
      if (names.indexOf(n) !== i) {
        fail(t("form.same_name", { a: names.indexOf(n) + 1, b: i + 1, name: n }), form.querySelector(`[name=player-${i}]`));
      }
    });
    const out = { game, mode, players: doubles ? [[names[0], names[2]], [names[1], names[3]]] : names };
    if (mode === "play") out.bots = names.filter((_, i) => seats[i].bot);
    const aim = form.elements.bot_aim_error?.value;
    if (mode === "play" && out.bots.length && aim && Number(aim) !== info().bot.aim_error) out.bot_aim_error = Number(aim);
    Object.assign(out, fieldValues(form, info().form.fields, fail));
    if (title.value.trim()) out.title = title.value.trim();
    if (mode === "mark" && table.value.trim()) out.table = table.value.trim();
    return out;
  }

  form.classList.add("match-form");
  form.replaceChildren(
    el("div", { class: "label" }, t("common.game")),
    gameBox,
    playersBox,
    rulesBox,
    el(
      "div",
      { class: "row" },
      el("label", { class: "grow" }, t("form.title"), title),
      mode === "mark" ? el("label", { class: "grow" }, t("form.table"), table) : null,
    ),
    error,
    el("div", { class: "row" }, submit),
  );
  renderPlayers();
  renderRules();

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    let b;
    try {
      b = body();
    } catch {
      return; // the form shows what is wrong
    }
    submit.disabled = true;
    try {
      await onSubmit(b);
    } catch (e) {
      error.textContent = e?.line ?? String(e?.message ?? e);
      error.hidden = false;
      showError(e);
    } finally {
      submit.disabled = false;
    }
  });
  return { body };
}

// ------------------------------------------------------------------ the home page

function matchRows(items) {
  return items.map((m) =>
    el(
      "tr",
      { dataset: { id: m.id } },
      el("td", {}, gameTitle(m.game)),
      el(
        "td",
        { class: "what" },
        el("div", { class: "match-title" }, matchTitle(m)),
        subTitle(m) ? el("div", { class: "muted small" }, subTitle(m)) : null,
        m.tournament ? el("a", { class: "small", href: `/tournaments/${encodeURIComponent(m.tournament)}` }, t("home.tournament_link")) : null,
        m.table ? el("span", { class: "muted small" }, ` ${m.table}`) : null,
      ),
      el("td", { class: "score" }, scoreText(m)),
      el("td", {}, statusBadge(m)),
      el("td", { class: "act" }, el("a", { class: "button", href: `/watch/${encodeURIComponent(m.id)}` }, t("home.watch"))),
    ),
  );
}

function matchTable(items) {
  return el(
    "table",
    { class: "grid matches" },
    el("thead", {}, el("tr", {}, el("th", {}, t("common.game")), el("th", {}, t("home.match")), el("th", {}, t("home.score")), el("th", {}, t("home.status")), el("th", {}, ""))),
    el("tbody", {}, matchRows(items)),
  );
}

/** The tournaments as a table (name, game, format, players), `link(t)` in each row's last cell. */
export function tournamentTable(ts, nameHeading, link) {
  return el(
    "table",
    { class: "grid" },
    el("thead", {}, el("tr", {}, el("th", {}, nameHeading), el("th", {}, t("common.game")), el("th", {}, t("home.format")), el("th", { class: "num" }, t("home.players")), el("th", {}, ""))),
    el(
      "tbody",
      {},
      ts.map((tm) =>
        el(
          "tr",
          { dataset: { id: tm.id } },
          el("td", {}, tm.name),
          el("td", {}, gameTitle(tm.game)),
          el("td", {}, formatTitle(tm.format)),
          el("td", { class: "num" }, String(tm.players.length)),
          el("td", { class: "act" }, link(tm)),
        ),
      ),
    ),
  );
}

// ------------------------------------------------------------------ games started on this device

const MINE_KEY = "potshot-my-games";
const MINE_KEPT = 20;

/** The games started from this browser: `[{id, token, at}]`, newest first (localStorage). */
export function myGames() {
  try {
    const list = JSON.parse(localStorage.getItem(MINE_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((g) => g && typeof g.id === "string" && typeof g.token === "string") : [];
  } catch {
    return [];
  }
}

function rememberGame(id, token) {
  try {
    const list = [{ id, token, at: new Date().toISOString() }, ...myGames().filter((g) => g.id !== id)];
    localStorage.setItem(MINE_KEY, JSON.stringify(list.slice(0, MINE_KEPT)));
  } catch {
    // private browsing without storage: the address alone keeps the token
  }
}

function forgetGame(id) {
  localStorage.setItem(MINE_KEY, JSON.stringify(myGames().filter((g) => g.id !== id)));
}

/** "Your games on this device": the ones still being played, each with its resume link. */
function renderMine(all) {
  const byId = new Map(all.map((m) => [m.id, m]));
  const mine = myGames().filter((g) => byId.get(g.id)?.status === "playing");
  const card = document.getElementById("mine");
  card.hidden = mine.length === 0;
  document.getElementById("my-games").replaceChildren(
    el(
      "table",
      { class: "grid matches" },
      el(
        "tbody",
        {},
        mine.map((g) => {
          const m = byId.get(g.id);
          return el(
            "tr",
            { dataset: { id: m.id } },
            el("td", {}, gameTitle(m.game)),
            el("td", { class: "what" }, el("div", { class: "match-title" }, matchTitle(m))),
            el("td", { class: "score" }, scoreText(m)),
            el(
              "td",
              { class: "act" },
              el("a", { class: "button primary", href: `/play/${encodeURIComponent(m.id)}?token=${encodeURIComponent(g.token)}` }, t("home.resume")),
              " ",
              el(
                "button",
                {
                  type: "button",
                  class: "icon",
                  title: t("home.forget_title"),
                  "aria-label": t("home.forget", { title: matchTitle(m) }),
                  onclick: () => {
                    forgetGame(g.id);
                    lastData = "";
                    refresh();
                  },
                },
                "×",
              ),
            ),
          );
        }),
      ),
    ),
  );
}

const FINISHED_SHOWN = 8;
let showAllFinished = false;
let lastData = "";

async function refresh() {
  let matches, tournaments;
  try {
    [matches, tournaments] = await Promise.all([get("/api/matches"), get("/api/tournaments")]);
  } catch (e) {
    showError(e);
    return;
  }
  const key = JSON.stringify([matches, tournaments, showAllFinished, myGames()]);
  if (key === lastData) return;
  lastData = key;
  const all = matches.matches.slice().reverse(); // newest first
  // "Playing now": matches with recent entries; an idle or abandoned one is listed with the finished
  const playing = all.filter((m) => m.status === "playing");
  const done = all.filter((m) => m.status !== "playing");
  renderMine(all);
  document.getElementById("live-count").textContent = String(playing.length);
  document
    .getElementById("live-matches")
    .replaceChildren(playing.length ? matchTable(playing) : el("p", { class: "muted" }, t("home.none_playing")));
  const shown = showAllFinished ? done : done.slice(0, FINISHED_SHOWN);
  document.getElementById("done-matches").replaceChildren(
    el(
      "div",
      {},
      done.length ? matchTable(shown) : el("p", { class: "muted" }, t("home.none_finished")),
      done.length > FINISHED_SHOWN
      ? el(
          "button",
          {
            type: "button",
            onclick: () => {
              showAllFinished = !showAllFinished;
              refresh();
            },
          },
          showAllFinished ? t("home.show_latest") : t("home.show_all", { n: done.length }),
        )
      : null,
    ),
  );
  const ts = tournaments.tournaments.slice().reverse();
  document.getElementById("tournaments").replaceChildren(
    ts.length
      ? tournamentTable(ts, t("home.tournament"), (tm) => el("a", { class: "button", href: `/tournaments/${encodeURIComponent(tm.id)}` }, t("home.open")))
      : el("p", { class: "muted" }, t("home.none_tournaments")),
  );
}

async function init() {
  try {
    await matchForm(document.getElementById("new-game"), {
      mode: "play",
      onSubmit: async (body) => {
        const made = await post("/api/matches", body);
        rememberGame(made.id, made.token);
        location.assign(`/play/${encodeURIComponent(made.id)}?token=${encodeURIComponent(made.token)}`);
      },
    });
  } catch (e) {
    showError(e);
  }
  await refresh();
  setInterval(() => {
    if (document.visibilityState === "visible") refresh();
  }, 5000);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh();
  });
  window.addEventListener("pageshow", (ev) => {
    if (ev.persisted) refresh();
  });
}

if (document.getElementById("home")) init();
