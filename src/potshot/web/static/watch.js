// The spectators' page (/watch/{id}): read only, following the live channel (SSE) of the match:
// the score board, break, points remaining, snookers required, the frame/board/game score, the
// referee's account of the last shots, the players' statistics, and the table's position drawn by
// /static/table.js (imported when it is there; the table is hidden when it is not). A marked match
// keeps no positions: it shows the tracker (the pieces on the table) instead of a table.

import { ApiError, el, followLive, games, get, idFromPath, showError, unitsWon, gameInfo, gameTitle } from "/static/api.js";
import {
  facts,
  positionsUnknown,
  recentList,
  tracker,
  resultLine,
  scoreboard,
  statsTable,
  unitLine,
  shownTitle,
  unitsList,
  waitingLine,
} from "/static/stats.js";
import { t } from "/static/i18n.js";

const id = idFromPath();
const $ = (sel) => document.querySelector(sel);
let state = null;
let view = null; // the TableView, once table.js has loaded
let viewGame = null;
let lastScores = {};

function render() {
  if (!state) return;
  document.title = `${shownTitle(state)} · potshot`;
  $("#title").textContent = `${gameTitle(state.game)} · ${shownTitle(state)}${state.table ? ` · ${state.table}` : ""}`;
  $("#overlay-link").href = `/overlay/${encodeURIComponent(state.id)}`;
  const link = $("#tournament-link");
  link.hidden = !state.tournament;
  if (state.tournament) link.href = `/tournaments/${encodeURIComponent(state.tournament)}`;
  const result = resultLine(state);
  const waiting = waitingLine(state);
  $("#board").replaceChildren(
    ...[
      scoreboard(state),
      el("div", { class: "row facts-row" }, facts(state), el("span", { class: "unit-line muted", "data-testid": "unit-line" }, unitLine(state))),
      el("div", { class: "row player-links muted" }, t("watch.players"), " ", state.players.flat().flatMap((n, i) => [i ? ", " : "", el("a", { href: `/players/by-name?name=${encodeURIComponent(n)}` }, n)])),
      // a marked match keeps no positions: what is on the table, never a drawing the app made up
      positionsUnknown(state) ? tracker(state) : null,
      waiting ? el("div", { class: "waiting", "data-testid": "waiting" }, waiting) : null,
      result ? el("div", { class: "result", "data-testid": "result" }, result) : null,
    ].filter(Boolean),
  );
  // a score that changed flashes once
  for (const p of state.players) {
    const now = state.score?.[p] ?? 0;
    if (p in lastScores && lastScores[p] !== now) {
      document.querySelector(`[data-player="${CSS.escape(p)}"] .score`)?.classList.add("changed");
    }
    lastScores[p] = now;
  }
  $("#recent").replaceChildren(recentList(state, view ? 5 : 8)); // beside the table: fewer, to fit
  $("#stats").replaceChildren(statsTable(state));
  const list = unitsList(state);
  $("#units-card").hidden = !list || !gameInfo(state.game).caps.units_won;
  const units = unitsWon(state.game);
  $("#units-title").textContent = units ? units[0].toLocaleUpperCase() + units.slice(1) : "";
  $("#units").replaceChildren(...(list ? [list] : []));
  drawTable();
}

function drawTable() {
  if (!view || !state) return;
  try {
    view.setPosition(state.position ?? {});
    view.draw();
  } catch (e) {
    console.warn("table: cannot draw", e);
    $("#table-card").hidden = true;
  }
}

/** The table view from /static/table.js (written beside this page); hidden when it cannot load. */
async function loadTable(game) {
  if (viewGame === game) return;
  viewGame = game;
  try {
    const [m, all] = await Promise.all([import("/static/table.js"), games()]);
    $("#table-card").hidden = false;
    // with the table beside the score, the last shots go to the side column, above the statistics
    $(".col-side").prepend($("#recent-card"));
    view = new m.TableView($("#table"), all[game]);
    render();
  } catch (e) {
    console.warn("table view unavailable:", e?.message ?? e);
    view = null;
    $("#table-card").hidden = true;
  }
}

function setState(st) {
  if (state && st.revision < state.revision && st.id === state.id) return; // an older message
  state = st;
  render();
  if (!positionsUnknown(st)) loadTable(st.game);
}

function setLive(status) {
  const b = $("#live");
  b.textContent = status === "live" ? t("live.live") : t("live.reconnecting_dots");
  b.className = `badge ${status === "live" ? "live" : "off"}`;
}

async function start() {
  try {
    setState(await get(`/api/matches/${encodeURIComponent(id)}`));
  } catch (e) {
    showError(e);
    $("#title").textContent = e instanceof ApiError && e.status === 404 ? t("watch.no_match", { id }) : t("watch.not_loaded");
    return;
  }
  followLive(`/api/matches/${encodeURIComponent(id)}/live`, setState, setLive);
}

window.addEventListener("resize", () => drawTable());
start();
