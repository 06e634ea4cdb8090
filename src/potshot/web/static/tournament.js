// A tournament's page (`/tournaments/{id}`): a knockout's bracket (rounds as columns), or a round
// robin's / Swiss tournament's rounds and standings (points, played, won, frames for and against,
// Buchholz), each match with its table, live score and a watch link, and the players' Glicko-2
// ratings (rating, RD). Live through /api/tournaments/{id}/live (any change to the tournament or
// to a score of one of its matches).

import { el, formatTitle, get, live, idFromPath, showError, gameInfo, gameTitle } from "/static/api.js";
import { t as tr, tf, tn } from "/static/i18n.js";
import { seasonCards, seasonsWhere } from "/static/seasons.js";

const tid = idFromPath();

/** Knockout rounds for `n` players: ceil(log2 n). */
function knockoutRounds(n) {
  let r = 0;
  while (2 ** r < n) r += 1;
  return Math.max(r, 1);
}

/** Round robin rounds: n - 1 for an even field, n for an odd one (one bye a round). */
function roundRobinRounds(n) {
  return n % 2 === 0 ? n - 1 : n;
}

function plannedRounds(t) {
  if (t.format === "knockout") return knockoutRounds(t.players.length);
  if (t.format === "round_robin") return roundRobinRounds(t.players.length);
  return t.rounds_planned || t.rounds.length;
}

/** "Final", "Semi-finals", "Quarter-finals", else "Round r". */
function knockoutRoundName(r, total) {
  const left = total - r;
  return left === 0 ? tr("tour.final") : left === 1 ? tr("tour.semi_finals") : left === 2 ? tr("tour.quarter_finals") : tr("tour.round_n", { n: r });
}

const unitOf = (t) => tf("word", gameInfo(t.game).match_units);
const num = (v, digits = 1) => (typeof v === "number" && Number.isFinite(v) ? (Number.isInteger(v) ? String(v) : v.toFixed(digits)) : "0");

/** The live score of a match being played, "34 – 12" (the current frame/board/game). */
function liveScore(m) {
  if (m.status !== "playing" || !m.score) return null;
  const a = m.score[m.a];
  const b = m.score[m.b];
  if (a === undefined || b === undefined) return null;
  return `${a} – ${b}`;
}

function framesOf(m, who) {
  const f = m.frames ?? {};
  return f[who] === undefined || f[who] === null ? "" : String(f[who]);
}

/** One match as a box: table, the two players with frames won (the winner marked), live score, watch. */
function matchBox(m, t) {
  if (m.b === null) {
    return el(
      "div",
      { class: "bm bye" },
      el("div", { class: "bm-p winner" }, el("span", { class: "name" }, m.a), el("b", {}, "")),
      el("div", { class: "bm-p muted" }, el("span", { class: "name" }, tr("tour.bye")), el("b", {}, "")),
    );
  }
  const score = liveScore(m);
  const state = m.status === "over" ? "over" : "playing";
  return el(
    "div",
    { class: `bm ${state}`, dataset: { id: m.id } },
    el(
      "div",
      { class: "bm-head" },
      el("span", { class: "table" }, m.table ?? ""),
      state === "over"
        ? el("span", { class: "badge" }, m.winner ? tr("tour.result") : tr("tour.drawn"))
        : el("span", { class: "badge live" }, score ? tr("status.live") : tr("tour.to_play")),
    ),
    el("div", { class: `bm-p${m.winner === m.a ? " winner" : ""}` }, el("span", { class: "name" }, m.a), el("b", { class: "frames" }, framesOf(m, m.a))),
    el("div", { class: `bm-p${m.winner === m.b ? " winner" : ""}` }, el("span", { class: "name" }, m.b), el("b", { class: "frames" }, framesOf(m, m.b))),
    el(
      "div",
      { class: "bm-foot" },
      score ? el("span", { class: "live-score", title: tr("tour.current_unit", { unit: tf("word", gameInfo(t.game).frame_word) }) }, tr("tour.now", { score })) : el("span", {}, ""),
      el("a", { href: `/watch/${encodeURIComponent(m.id)}` }, tr("home.watch")),
    ),
  );
}

function bracket(t) {
  const total = knockoutRounds(t.players.length);
  const cols = [];
  for (let r = 1; r <= total; r += 1) {
    const rnd = t.rounds.find((x) => x.round === r);
    let boxes;
    if (rnd) {
      boxes = rnd.matches.map((m) => matchBox(m, t));
    } else {
      const count = 2 ** (total - r);
      boxes = Array.from({ length: count }, () =>
        el("div", { class: "bm tbd" }, el("div", { class: "bm-p muted" }, tr("tour.tbd")), el("div", { class: "bm-p muted" }, tr("tour.tbd"))),
      );
    }
    cols.push(el("div", { class: "bracket-col", dataset: { round: r } }, el("h3", {}, knockoutRoundName(r, total)), el("div", { class: "bracket-matches" }, boxes)));
  }
  const champion = t.rounds.length === total ? t.rounds[total - 1].matches[0]?.winner : null;
  if (champion) cols.push(el("div", { class: "bracket-col champion" }, el("h3", {}, tr("tour.winner")), el("div", { class: "bracket-matches" }, el("div", { class: "bm champ" }, el("div", { class: "bm-p winner" }, champion)))));
  return el("section", { class: "card bracket-card" }, el("h2", {}, tr("tour.bracket")), el("div", { class: "bracket" }, cols));
}

function roundsList(t) {
  const rounds = t.rounds.slice().reverse();
  return el(
    "section",
    { class: "card rounds" },
    el("h2", {}, tr("tour.rounds")),
    rounds.length
      ? rounds.map((r) => el("div", { class: "round", dataset: { round: r.round } }, el("h3", {}, tr("tour.round_n", { n: r.round })), el("div", { class: "round-matches" }, r.matches.map((m) => matchBox(m, t)))))
      : el("p", { class: "muted" }, tr("tour.no_round")),
  );
}

function standingsTable(t) {
  const unit = unitOf(t);
  const swiss = t.format === "swiss";
  return el(
    "section",
    { class: "card standings" },
    el("h2", {}, tr("tour.standings")),
    el(
      "p",
      { class: "muted small tie-break" },
      swiss ? tr("tour.tie_swiss") : tr("tour.tie_other", { unit }),
    ),
    el(
      "table",
      { class: "grid", id: "standings" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", { class: "num" }, "#"),
          el("th", {}, tr("tour.player")),
          el("th", { class: "num", title: tr("tour.pts_title") }, tr("tour.pts")),
          el("th", { class: "num", title: tr("tour.played_title") }, tr("tour.played")),
          el("th", { class: "num", title: tr("tour.won_title") }, tr("tour.won")),
          el("th", { class: "num", title: tr("tour.units_won_title", { unit }) }, tr("tour.units_for", { Unit: `${unit[0].toUpperCase()}${unit.slice(1)}` })),
          el("th", { class: "num", title: tr("tour.units_lost_title", { unit }) }, tr("tour.units_against", { Unit: `${unit[0].toUpperCase()}${unit.slice(1)}` })),
          // Buchholz is the Swiss tie-break only; a round robin or knockout breaks ties head to head
          swiss ? el("th", { class: "num", title: tr("tour.buchholz_title") }, "Buchholz") : null,
        ),
      ),
      el(
        "tbody",
        {},
        t.standings.map((s, i) =>
          el(
            "tr",
            { dataset: { player: s.player } },
            el("td", { class: "num" }, String(i + 1)),
            el("td", {}, el("a", { href: `/players/by-name?name=${encodeURIComponent(s.player)}` }, s.player)),
            el("td", { class: "num pts" }, num(s.points)),
            el("td", { class: "num" }, num(s.played)),
            el("td", { class: "num" }, num(s.won)),
            el("td", { class: "num" }, num(s.frames_for)),
            el("td", { class: "num" }, num(s.frames_against)),
            swiss ? el("td", { class: "num" }, num(s.buchholz)) : null,
          ),
        ),
      ),
    ),
  );
}

function ratingsTable(t) {
  const rows = Object.entries(t.ratings ?? {}).sort((a, b) => b[1].rating - a[1].rating);
  return el(
    "section",
    { class: "card ratings" },
    el("h2", {}, tr("tour.ratings")),
    el("p", { class: "muted small" }, tr("tour.ratings_note")),
    el(
      "table",
      { class: "grid", id: "ratings" },
      el("thead", {}, el("tr", {}, el("th", {}, tr("tour.player")), el("th", { class: "num" }, tr("tour.rating")), el("th", { class: "num" }, "RD"), el("th", {}, ""))),
      el(
        "tbody",
        {},
        rows.map(([p, r]) => {
          const lo = Math.max(r.rating - 2 * r.rd, 800);
          const hi = Math.min(r.rating + 2 * r.rd, 2200);
          const pct = (x) => `${((x - 800) / 14).toFixed(1)}%`;
          return el(
            "tr",
            { dataset: { player: p } },
            el("td", {}, p),
            el("td", { class: "num rating" }, r.rating.toFixed(1)),
            el("td", { class: "num rd" }, r.rd.toFixed(1)),
            el(
              "td",
              { class: "bar-cell", title: tr("tour.rating_range", { lo: Math.round(r.rating - 2 * r.rd), hi: Math.round(r.rating + 2 * r.rd) }) },
              el(
                "div",
                { class: "rating-bar" },
                el("span", { class: "range", style: `left:${pct(lo)};width:calc(${pct(hi)} - ${pct(lo)})` }),
                el("span", { class: "dot", style: `left:${pct(Math.min(Math.max(r.rating, 800), 2200))}` }),
              ),
            ),
          );
        }),
      ),
    ),
  );
}

function render(t) {
  document.title = `potshot: ${t.name}`;
  document.getElementById("t-name").textContent = t.name;
  const planned = plannedRounds(t);
  const paired = t.rounds.length;
  const matches = t.rounds.flatMap((r) => r.matches).filter((m) => m.b !== null);
  const playing = matches.filter((m) => m.status !== "over").length;
  const champion = t.format === "knockout" && paired === planned ? t.rounds[paired - 1]?.matches[0]?.winner : null;
  const finished = !playing && paired > 0 && paired >= planned;
  document.getElementById("t-facts").replaceChildren(
    el("span", {}, el("b", {}, gameTitle(t.game))),
    el("span", {}, el("b", {}, formatTitle(t.format))),
    el("span", {}, tn("tour.players_n", t.players.length)),
    el("span", {}, paired ? tr("tour.round_of", { n: paired, total: planned }) : tn("tour.rounds_unpaired", planned)),
    champion
      ? el("span", { class: "champion-fact" }, tr("tour.winner"), " ", el("b", {}, champion))
      : finished
        ? el("span", {}, el("b", {}, tr("home.finished")))
        : el("span", {}, tn("tour.to_finish", playing)),
    el("span", {}, tr("tour.tables"), " ", el("b", {}, t.tables.join(", "))),
  );
  const body = document.getElementById("t-body");
  body.className = `layout ${t.format}`;
  if (t.format === "knockout") {
    body.replaceChildren(bracket(t), el("div", { class: "side" }, ratingsTable(t)));
  } else {
    body.replaceChildren(roundsList(t), el("div", { class: "side" }, standingsTable(t), ratingsTable(t)));
  }
}

/** The printed draw and standings and the CSV exports (docs/exports.md) beside Home. */
function paperLinks() {
  for (const a of document.querySelectorAll("#paper a[data-file]")) {
    a.href = `/api/tournaments/${encodeURIComponent(tid)}/${a.dataset.file}`;
  }
}

/** The seasons this tournament is in, each with its standings (read once: a season changes rarely). */
async function seasons() {
  try {
    const list = await seasonsWhere((x) => x.tournaments.includes(tid));
    document.getElementById("t-seasons").replaceChildren(...seasonCards(list));
  } catch (e) {
    console.warn("seasons:", e?.line ?? e);
  }
}

async function init() {
  paperLinks();
  seasons();
  const status = document.getElementById("live-status");
  try {
    render(await get(`/api/tournaments/${encodeURIComponent(tid)}`));
  } catch (e) {
    status.textContent = tr("tour.not_found");
    status.className = "badge off";
    document.getElementById("t-facts").replaceChildren(el("span", {}, e.line ?? String(e.message ?? e)));
    showError(e);
    return;
  }
  live(`/api/tournaments/${encodeURIComponent(tid)}/live`, render, (s) => {
    status.textContent = s === "live" ? tr("status.live") : tr("live.reconnecting");
    status.className = s === "live" ? "badge live" : "badge off";
  });
}

init();
