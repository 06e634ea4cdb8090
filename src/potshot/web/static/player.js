// A player's page (`/players/{id}`, or `/players/by-name?name=...` from a match or a tournament):
// matches won, lost and drawn, each game's own counts (the game's facts name them:
// `player_stat_columns`), head-to-head records, the Glicko-2 rating history (one point per
// tournament round played) and the matches. Names are written as text only (el's text nodes).

import { el, get, games, gameInfo, gameTitle, idFromPath, showError } from "/static/api.js";
import { t, tf, tn } from "/static/i18n.js";
import { seasonCards, seasonsWhere } from "/static/seasons.js";

const $ = (sel) => document.querySelector(sel);
const playerLink = (p) => el("a", { href: `/players/${encodeURIComponent(p.id)}` }, p.name);

async function load() {
  const id = idFromPath();
  if (id === "by-name") {
    const name = new URLSearchParams(location.search).get("name") ?? "";
    const found = (await get(`/api/players?name=${encodeURIComponent(name)}`)).players;
    if (!found.length) throw new Error(t("player.no_named", { name }));
    return get(`/api/players/${found[0].id}`);
  }
  return get(`/api/players/${encodeURIComponent(id)}`);
}

function summary(p) {
  const r = p.record;
  return [
    el("div", { class: "record", "data-testid": "record" },
      el("span", {}, el("b", { class: "won" }, String(r.won)), " ", t("player.won")),
      el("span", {}, el("b", { class: "lost" }, String(r.lost)), " ", t("player.lost")),
      el("span", {}, el("b", {}, String(r.drawn)), " ", t("player.drawn")),
      el("span", { class: "muted" }, `${tn("player.matches_n", p.matches.length)}, ${tn("player.tournaments_n", p.tournaments.length)}`),
    ),
    p.merged.length ? el("p", { class: "muted small" }, t("player.also_as", { names: p.merged.join(", ") })) : null,
  ];
}

function gameCard(g) {
  const cols = gameInfo(g.game).player_stat_columns ?? [];
  return el("section", { class: "card game", dataset: { game: g.game } },
    el("h2", {}, gameTitle(g.game)),
    el("table", { class: "grid" },
      el("tbody", {},
        el("tr", {}, el("th", {}, t("player.won_lost_drawn")), el("td", { class: "num" }, `${g.won} · ${g.lost} · ${g.drawn}`)),
        cols.map(([key, label]) => el("tr", { dataset: { stat: key } }, el("th", {}, tf("label", label)), el("td", { class: "num" }, String(g.stats?.[key] ?? 0)))),
      ),
    ),
  );
}

function headToHead(p) {
  return el("section", { class: "card h2h" },
    el("h2", {}, t("player.h2h")),
    p.head_to_head.length
      ? el("table", { class: "grid", id: "h2h" },
          el("thead", {}, el("tr", {}, el("th", {}, t("player.opponent")), el("th", { class: "num" }, t("tour.won")), el("th", { class: "num" }, t("player.lost_col")), el("th", { class: "num" }, t("player.drawn_col")))),
          el("tbody", {}, p.head_to_head.map((o) => el("tr", {}, el("td", {}, playerLink(o)), el("td", { class: "num" }, String(o.won)), el("td", { class: "num" }, String(o.lost)), el("td", { class: "num" }, String(o.drawn))))),
        )
      : el("p", { class: "muted" }, t("player.no_results")),
  );
}

/** The rating after each round as a line over the 1500 start (an SVG made node by node). */
function historyChart(points) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", "history");
  svg.setAttribute("viewBox", "0 0 300 90");
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("player.chart_label"));
  const vals = [1500, ...points.map((x) => x.rating)];
  const lo = Math.min(...vals) - 20;
  const hi = Math.max(...vals) + 20;
  const y = (v) => 85 - ((v - lo) / (hi - lo)) * 80;
  const x = (i) => (vals.length > 1 ? (i / (vals.length - 1)) * 296 + 2 : 150);
  const base = document.createElementNS(ns, "line");
  for (const [k, v] of [["x1", 0], ["x2", 300], ["y1", y(1500)], ["y2", y(1500)]]) base.setAttribute(k, String(v));
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("points", vals.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
  svg.append(base, line);
  return svg;
}

function ratings(p) {
  const pts = p.ratings;
  return el("section", { class: "card ratings" },
    el("h2", {}, t("player.rating_title")),
    pts.length
      ? [
          historyChart(pts),
          el("p", { class: "muted small" }, t("player.rating_note")),
          el("table", { class: "grid", id: "rating-history" },
            el("thead", {}, el("tr", {}, el("th", {}, t("home.tournament")), el("th", { class: "num" }, t("player.round")), el("th", { class: "num" }, t("tour.rating")), el("th", { class: "num" }, "RD"))),
            el("tbody", {}, pts.slice(-8).reverse().map((r) => el("tr", {},
              el("td", {}, el("a", { href: `/tournaments/${encodeURIComponent(r.tournament)}` }, r.tournament_name)),
              el("td", { class: "num" }, String(r.round)),
              el("td", { class: "num" }, r.rating.toFixed(1)),
              el("td", { class: "num" }, r.rd.toFixed(1)),
            ))),
          ),
        ]
      : el("p", { class: "muted" }, t("player.no_rounds")),
  );
}

/** A match's result or status for a person, in the page's language. */
function resultWord(r) {
  const words = { won: t("player.res_won"), lost: t("player.res_lost"), drawn: t("player.res_drawn"), playing: t("status.live") };
  return words[r] ?? r;
}

function matchesTable(p) {
  // the player's own count first
  const frames = (m) => (m.frames ? [m.frames[m.name] ?? 0, ...Object.entries(m.frames).filter(([n]) => n !== m.name).map(([, v]) => v)].join("–") : "");
  return el("section", { class: "card matches" },
    el("h2", {}, t("player.matches")),
    el("table", { class: "grid", id: "matches" },
      el("thead", {}, el("tr", {}, el("th", {}, t("home.match")), el("th", {}, t("player.against")), el("th", {}, t("player.result")), el("th", { class: "num" }, t("home.score")))),
      el("tbody", {}, p.matches.slice().reverse().slice(0, 12).map((m) => el("tr", { dataset: { match: m.id } },
        el("td", {}, el("a", { href: `/watch/${encodeURIComponent(m.id)}` }, m.title || gameTitle(m.game))),
        el("td", {}, m.opponents.flatMap((o, i) => (i ? [", ", playerLink(o)] : [playerLink(o)]))),
        el("td", { class: m.result ?? "" }, resultWord(m.result ?? m.status)),
        el("td", { class: "num" }, frames(m)),
      ))),
    ),
  );
}

/** The seasons the player is in the standings of, each with its standings (the player marked). */
async function seasons(p) {
  try {
    const ids = new Set(p.tournaments.map((t) => t.id));
    const list = (await seasonsWhere((x) => x.tournaments.some((t) => ids.has(t)))).filter((x) => x.standings.some((e) => e.id === p.id));
    $("#p-seasons").replaceChildren(...seasonCards(list, { mark: p.id }));
  } catch (e) {
    console.warn("seasons:", e?.line ?? e);
  }
}

async function main() {
  try {
    await games();
    const p = await load();
    document.title = `${p.name} · potshot`;
    $("#p-name").textContent = p.name;
    $("#p-summary").replaceChildren(...summary(p).filter(Boolean));
    seasons(p);
    $("#p-body").replaceChildren(
      el("div", { class: "side" }, p.games.map(gameCard), headToHead(p)),
      el("div", { class: "side" }, ratings(p), matchesTable(p)),
    );
  } catch (e) {
    $("#p-summary").replaceChildren(el("span", { class: "muted" }, t("player.none")));
    showError(e);
  }
}

main();
