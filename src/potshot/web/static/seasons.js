// Seasons (or leagues) that group tournaments (docs/web-api.md, "Players and seasons"): the
// standings table of a season, shown on the organiser's page, the tournament page (each season
// the tournament is in) and the player page (each season the player played in).

import { el, get } from "/static/api.js";
import { t } from "/static/i18n.js";

const num = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

/** A season's standings (`GET /api/seasons/{id}`) with each player's season rating. */
export function seasonTable(x, { mark = null } = {}) {
  return el(
    "table",
    { class: "grid season-standings", "data-testid": "season-standings" },
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        ["#", t("tour.player")].map((h) => el("th", {}, h)),
        [t("tour.played"), t("tour.won"), t("season.points"), t("season.for"), t("season.against"), t("tour.rating"), "RD"].map((h) => el("th", { class: "num" }, h)),
      ),
    ),
    el(
      "tbody",
      {},
      x.standings.map((e, i) => {
        const r = x.ratings[String(e.id)];
        return el(
          "tr",
          { dataset: { player: String(e.id) }, class: e.id === mark ? "me" : null },
          el("td", {}, String(i + 1)),
          el("td", {}, el("a", { href: `/players/${encodeURIComponent(e.id)}` }, e.name)),
          [e.played, e.won, num(e.points), e.frames_for, e.frames_against].map((v) => el("td", { class: "num" }, String(v))),
          el("td", { class: "num" }, r ? r.rating.toFixed(1) : "–"),
          el("td", { class: "num" }, r ? r.rd.toFixed(1) : "–"),
        );
      }),
    ),
  );
}

/** The seasons (each `GET /api/seasons/{id}`) whose summary passes `keep`, newest first. */
export async function seasonsWhere(keep) {
  const { seasons } = await get("/api/seasons");
  const chosen = seasons.filter(keep).reverse();
  return Promise.all(chosen.map((x) => get(`/api/seasons/${encodeURIComponent(x.id)}`)));
}

/** A card for each season: its name, dates and standings (`mark`: a player id to highlight). */
export function seasonCards(list, { mark = null } = {}) {
  return list.map((x) =>
    el(
      "section",
      { class: "card season", "data-season": x.id, "aria-label": t("season.named", { name: x.name }) },
      el("h2", {}, t("season.title", { name: x.name }), el("span", { class: "small muted" }, " ", t("admin.dates", { from: x.starts, to: x.ends }))),
      el(
        "p",
        { class: "muted small" },
        t("season.its_tournaments"),
        " ",
        x.tournaments.flatMap((t, i) => [i ? ", " : "", el("a", { href: `/tournaments/${encodeURIComponent(t.id)}` }, t.name)]),
        t("season.summed"),
      ),
      x.standings.length ? seasonTable(x, { mark }) : el("p", { class: "muted" }, t("player.no_results")),
    ),
  );
}
