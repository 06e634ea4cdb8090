// The streaming overlay (/overlay/{id}): a compact strip on a transparent page for streaming
// software (an OBS "browser source"): the names, the score, the break, the frame/board score and
// who is at the table, following the live channel. `?at=top` puts the strip at the top (default:
// the bottom); `?scale=1.5` enlarges it for a 1080p canvas.

import { ApiError, el, followLive, gameInfo, idFromPath, get, unitTitle } from "/static/api.js";
import { ballWord, num, pinkInForce, positionsUnknown, sideName, sides, tracker } from "/static/stats.js";
import { t, tf } from "/static/i18n.js";

const id = idFromPath();
const params = new URLSearchParams(location.search);
const strip = document.getElementById("strip");
let state = null;

if (params.get("at") === "top") document.body.classList.add("at-top");
const scale = Number(params.get("scale"));
if (Number.isFinite(scale) && scale > 0.2 && scale <= 4) document.documentElement.style.setProperty("--scale", String(scale));

/** One side's box: a player, or a carrom doubles team (its values keyed by the first partner). */
function side(team, alignRight) {
  const name = team[0];
  const atTable = team.includes(state.turn);
  const colour = state.colours?.[name] ?? null; // where players have colours of pieces
  const nameEl = el(
    "span",
    { class: "name" },
    colour ? el("span", { class: `chip ${colour}` }) : null,
    sideName(team),
  );
  const mark = el("span", { class: `turn-mark${atTable ? " on" : ""}`, "aria-label": atTable ? t("overlay.at_table_label") : null }, atTable ? "●" : "");
  const score = el("span", { class: "score", "data-testid": `overlay-score-${name}` }, num(state.score?.[name] ?? 0));
  return el(
    "div",
    { class: `side${atTable ? " at-table" : ""}`, "data-player": name },
    ...(alignRight ? [score, nameEl, mark] : [mark, nameEl, score]),
  );
}

function middle() {
  const [a, b] = sides(state).map((s) => s[0]);
  const won = state.frames_won ?? {};
  const info = gameInfo(state.game);
  if (!info.caps.units_won) return null;
  const label = state.match?.best_of ? `(${state.match.best_of})` : tf("word", info.match_units);
  return el(
    "div",
    { class: "frames", "data-testid": "overlay-frames" },
    el("span", { class: "won" }, String(won[a] ?? 0)),
    el("span", { class: "label" }, label),
    el("span", { class: "won" }, String(won[b] ?? 0)),
  );
}

/** The strip's line, from the facts the game lists (`fact_fields`) and its capabilities. */
function infoLine() {
  const info = gameInfo(state.game);
  const fields = Object.fromEntries(info.fact_fields);
  const bits = [];
  if (state.match_over) {
    bits.push(state.winner ? t("play.wins", { name: state.winner }) : t("overlay.game_over"));
  } else {
    if (info.caps.units_won) bits.push(`${unitTitle(state.game)} ${state.board ?? (state.frame ?? 0) + 1}`);
    // who strikes, where a side is a team or the players rotate
    if (state.turn && (state.teams || info.players[1] > 2)) bits.push(t("overlay.at_table", { name: state.turn }));
    if (state.break && "break" in fields) bits.push(`${tf("label", fields.break).split(" ")[0]} ${state.break}`);
    if ("points_remaining" in fields) bits.push(t("overlay.remaining", { n: state.points_remaining ?? 0 }));
    if ("snookers_required" in fields && state.snookers_required) bits.push(t("overlay.snookers", { n: state.snookers_required }));
    if ("queen" in fields && state.queen && state.queen !== "on_board") bits.push(state.queen === "pending" ? t("overlay.queen_to_cover") : t("overlay.queen", { name: state.queen }));
    if ("pink" in fields) {
      const pink = pinkInForce(state);
      if (pink !== "pink") bits.push(t("overlay.pink_as", { ball: ballWord(pink) }));
    }
  }
  return el("div", { class: "info", "data-testid": "overlay-info" }, bits.join(" · "));
}

function render() {
  const all = sides(state);
  const row =
    all.length === 2
      ? el("div", { class: "row2" }, side(all[0], false), middle(), side(all[1], true))
      : el("div", { class: "rowN" }, ...all.map((s) => side(s, false)));
  // a marked match: the tracker of what is on the table (no position is drawn anywhere)
  const track = positionsUnknown(state) && !state.match_over ? tracker(state) : null;
  strip.replaceChildren(...[row, infoLine(), track].filter(Boolean));
  strip.hidden = false;
}

function setState(st) {
  if (state && st.revision < state.revision) return;
  state = st;
  render();
}

async function start() {
  try {
    setState(await get(`/api/matches/${encodeURIComponent(id)}`));
  } catch (e) {
    // an overlay shows nothing rather than an error over the stream; the console says why
    console.warn(e instanceof ApiError ? e.line : e);
    return;
  }
  followLive(`/api/matches/${encodeURIComponent(id)}/live`, setState, (s) => strip.classList.toggle("stale", s !== "live"));
}

start();
