// The score board, the facts line, the statistics and the last shots' accounts of a match State
// (docs/web-api.md), shared by the marker's, the spectators' and the overlay page. Every function
// takes a State and returns DOM; nothing here writes to the server. Values the State does not
// carry are left out, never shown as "undefined" or "null".

import { el, gameInfo, unitName, unitTitle, unitsWon } from "/static/api.js";
import { has, t, tf, tn } from "/static/i18n.js";

/** Display colours of balls and carrom pieces (by base name: red3 -> red). */
export const BALL_COLOURS = {
  white: "#f3efe2",
  red: "#c8202a",
  yellow: "#f2cf27",
  green: "#1d8d3c",
  brown: "#7b4a22",
  blue: "#2262c8",
  pink: "#f29bb6",
  black: "#161616",
  queen: "#d0304b",
  striker: "#e9e2c8",
};

/** `red3` -> `red`; `black1` -> `black`. */
export function baseName(name) {
  return String(name).replace(/\d+$/, "");
}

/** The colour to paint a ball or piece. */
export function ballColour(name) {
  return BALL_COLOURS[baseName(name)] ?? "#888";
}

/** Dark or light ink on a ball of that colour. */
export function inkOn(name) {
  return ["white", "yellow", "pink", "striker"].includes(baseName(name)) ? "#111" : "#fff";
}

/** `black1` -> `black 1`, `top-left` -> `top left`. */
export function pretty(name) {
  return String(name ?? "")
    .replace(/^([a-z]+)(\d+)$/, "$1 $2")
    .replace(/[-_]/g, " ");
}

/** A ball's or piece's name for a person, in the page's language: `black1` -> "black 1" (the
 * catalogue's `ball.black`), `top-left` -> "top left". */
export function ballWord(name) {
  const m = /^([a-z]+)(\d+)$/.exec(String(name ?? ""));
  return m ? `${tf("ball", m[1])} ${m[2]}` : tf("ball", String(name ?? "")).replace(/[-_]/g, " ");
}

/** A whole number for a person (a missing one is a dash). */
export function num(v) {
  return typeof v === "number" && Number.isFinite(v) ? String(v) : "–";
}

/** 0.667 -> "67%". */
export function pct(v) {
  return typeof v === "number" && Number.isFinite(v) ? `${Math.round(v * 100)}%` : "–";
}

/** The declared piece's colour in force for the next stroke (Russian DECLARATION: the pink):
 * declared now, or still in force in this turn; "pink" (its own) when none is. */
export function pinkInForce(state) {
  if (state.declared?.declare_pink) return state.declared.declare_pink;
  const r = state.last?.ruling;
  if (r && state.last.player === state.turn && r.next === state.turn && !r.frame_over && r.pink) return r.pink;
  return "pink";
}

/** The sides of a match: carrom doubles' two teams (`state.teams`), else each player alone. */
export function sides(state) {
  return Array.isArray(state.teams) && state.teams.length ? state.teams : (state.players ?? []).map((p) => [p]);
}

/** A side's name for a person: "Ann" or, in doubles, "Ann & Cy". */
export function sideName(side) {
  return side.join(" & ");
}

/** The match's title for a heading: its own title, or, when it is the server's default
 * ("carrom: Ann & Cy v Bob & Dan"), the sides without the game's prefix (the page names the game). */
export function shownTitle(state) {
  const named = sides(state).map(sideName).join(" v ");
  const shown = sides(state).map(sideName).join(t("common.versus"));
  return !state.title || state.title === `${state.game}: ${named}` ? shown : state.title;
}

/** The match's unit line: "Frame 2 · best of 3 · frames Ann 1 – 0 Bob" (a carrom board: "Board 4 ·
 * 3 games to win · games ..."); the game's title where the match is one game. */
export function unitLine(state) {
  const info = gameInfo(state.game);
  if (!info.caps.units_won) return tf("title", info.title);
  const two = sides(state);
  // per-player values are the side's (doubles: keyed by both partners), named by the side
  const [a, b] = two.map((t) => t[0]);
  const [an, bn] = two.map(sideName);
  const won = state.frames_won ?? {};
  const parts = [`${unitTitle(state.game)} ${state.board ?? (state.frame ?? 0) + 1}`];
  const length = info.match_length.find(([key]) => state.match?.[key]);
  if (length) {
    const n = state.match[length[0]];
    // the catalogue's plural forms, keyed by the fact's plural text; the fact itself where none has it
    const key = `length.${length[2]}`;
    parts.push(has(key) ? tn(key, n) : (n === 1 ? length[1] : length[2]).replace("{n}", String(n)));
  }
  if (two.length === 2) parts.push(`${unitsWon(state.game)} ${an} ${won[a] ?? 0} – ${won[b] ?? 0} ${bn}`);
  return parts.join(" · ");
}

/** One line for a finished match or unit, or "" while it is in play. */
export function resultLine(state) {
  if (state.match_over) {
    if (state.winner) return t("result.wins_match", { name: state.winner });
    const info = gameInfo(state.game);
    return info.caps.units_won ? t("result.match_over") : t("result.unit_over", { unit: tf("word", info.match_unit) });
  }
  const frames = state.frames ?? [];
  const cur = frames[frames.length - 1];
  if (cur?.winner && state.status !== "over") {
    return t("result.wins_unit", { name: cur.winner, unit: unitName(state.game), n: frames.length });
  }
  return "";
}

/** The score box's lines under the score, by field of the game's `score_fields`. */
const SUB_FIELDS = {
  colour: (state, name) => {
    const colour = state.colours?.[name];
    return colour ? (colour === "white" ? t("sub.whites") : t("sub.blacks")) : null;
  },
  frames_won: (state, name) => `${unitsWon(state.game)} ${state.frames_won?.[name] ?? 0}`,
  board_points: (state, name) => {
    const bp = state.board_points?.[name];
    return typeof bp === "number" && bp > 0 ? t("sub.board_points", { n: bp }) : null;
  },
  // pieces due: to be placed now (their pieces are down) and owed until one is (carrom Laws 45, 51, 56)
  owed: (state, name) => {
    const due = (state.last?.ruling?.to_place?.[name] ?? 0) + (state.owed?.[name] ?? 0);
    return due ? t("sub.owes", { n: due }) : null;
  },
  queen: (state, name, side) =>
    side.includes(state.queen) ? (side.length > 1 ? t("sub.covered_by", { name: state.queen }) : t("sub.covered")) : null,
  tallies: (state, name) => {
    const tally = state.tallies?.[name];
    if (!tally) return null;
    const bits = [];
    if (tally.stars) bits.push(`${"★".repeat(Math.min(tally.stars, 5))}${tally.stars > 5 ? ` ×${tally.stars}` : ""}`);
    if (!tally.stars) bits.push(t("sub.above", { n: tally.above }));
    bits.push(t("sub.below", { n: tally.below }));
    return bits.join(" · ");
  },
};

function subLine(state, name, side = [name]) {
  return gameInfo(state.game)
    .score_fields.map((f) => SUB_FIELDS[f]?.(state, name, side))
    .filter(Boolean)
    .join(" · ");
}

/** The score board: one box a player (carrom doubles: a team, its partners and their seats),
 * the one to play (or to decide) marked. */
export function scoreboard(state) {
  const box = el("div", { class: "scoreboard", "data-testid": "scoreboard" });
  const doubles = Boolean(state.teams);
  for (const side of sides(state)) {
    const name = side[0]; // per-player values are the team's, keyed by both partners
    const atTable = side.includes(state.turn);
    const colour = gameInfo(state.game).score_fields.includes("colour") ? state.colours?.[name] : null;
    const members = doubles
      ? el(
          "div",
          { class: "members" },
          side.map((p) =>
            el(
              "span",
              { class: `member${state.turn === p ? " turn" : ""}`, "data-member": p },
              p,
              state.seats?.[p] ? el("span", { class: "seat" }, ` ${state.seats[p]}`) : null,
              state.turn === p ? el("span", { class: "at-table", title: t("sub.to_play") }, " ▸") : null,
            ),
          ),
        )
      : null;
    box.append(
      el(
        "div",
        { class: `player${atTable ? " turn" : ""}${doubles ? " team" : ""}`, "data-player": name },
        el(
          "div",
          { class: "name" },
          colour ? el("span", { class: `chip ${colour}`, "aria-hidden": "true" }) : null,
          sideName(side),
          atTable && !doubles ? el("span", { class: "at-table", title: t("sub.to_play") }, " ▸") : null,
        ),
        members,
        el("div", { class: "score", "data-testid": `score-${name}` }, num(state.score?.[name] ?? 0)),
        el("div", { class: "sub" }, subLine(state, name, side)),
      ),
    );
  }
  return box;
}

/** A handicap match's start points (rules.handicap) as "Ann 14, Bob 0"; null when none. */
export function handicapText(h) {
  const given = Object.entries(h ?? {});
  return given.length ? given.map(([p, n]) => `${p} ${n}`).join(", ") : null;
}

/** The facts line's values, by State field of the game's `fact_fields` (null: left out). */
const FACTS = {
  break: (state) => num(state.break),
  points_remaining: (state) => num(state.points_remaining),
  // the referee's figure is points: the deficit beyond what is left on the table
  snookers_required: (state) => {
    const sr = state.snookers_required;
    return typeof sr === "number" && sr > 0 ? t("facts.pts", { n: sr }) : "0";
  },
  on: (state) => (state.on?.length && !state.match_over ? state.on.map(ballWord).join(", ") : null),
  warning: (state) => (state.warning ? t("facts.three_misses") : null),
  handicap: (state) => handicapText(state.handicap),
  queen: (state) => {
    const q = state.queen;
    return q === "on_board" ? t("facts.queen_on_board") : q === "pending" ? t("facts.queen_pending") : t("facts.queen_covered", { name: q });
  },
  pink: (state) => {
    const pink = pinkInForce(state);
    return pink === "pink" ? t("facts.not_declared") : t("facts.as", { ball: ballWord(pink) });
  },
  blacks: (state) => {
    const blacks = state.last?.ruling?.blacks;
    return typeof blacks === "number" ? String(blacks) : null;
  },
};
/** The test ids of the facts (the browser tests and the overlay read them). */
const FACT_IDS = { points_remaining: "remaining", snookers_required: "snookers" };

/** The facts of the moment, as the game lists them: break, points remaining, snookers required,
 * what is on; the queen; the declared pink and the blacks allowed. */
export function facts(state) {
  const f = el("div", { class: "facts", "data-testid": "facts" });
  for (const [field, label] of gameInfo(state.game).fact_fields) {
    const value = FACTS[field]?.(state);
    if (value === null || value === undefined) continue;
    f.append(el("span", {}, `${tf("label", label)} `, el("b", { "data-testid": FACT_IDS[field] ?? field }, value)));
  }
  return f;
}

/** The statistics of each player (state.stats), as a table of the game's `stats_columns`. */
export function statsTable(state) {
  const formats = { num, pct };
  const cols = gameInfo(state.game).stats_columns;
  const head = el("tr", {}, el("th", {}, ""), ...state.players.map((p) => el("th", { class: "num" }, p)));
  const rows = cols.map(([key, label, fmt]) =>
    el(
      "tr",
      { "data-stat": key },
      el("th", {}, tf("label", label)),
      ...state.players.map((p) => el("td", { class: "num" }, (formats[fmt] ?? num)(state.stats?.[p]?.[key]))),
    ),
  );
  return el("table", { class: "grid stats", "data-testid": "stats" }, el("thead", {}, head), el("tbody", {}, rows));
}

/** The last shots (state.recent, newest first): a sentence for people, the referee's account under it. */
export function recentList(state, limit = 8) {
  const items = (state.recent ?? []).slice(0, limit);
  const list = el("ol", { class: "recent", "data-testid": "recent" });
  if (!items.length && state.last?.account) items.push({ account: state.last.account, caption: state.last.caption, frame: state.frame });
  for (const r of items) {
    list.append(
      el(
        "li",
        {},
        gameInfo(state.game).caps.units_won && typeof r.frame === "number"
          ? el("span", { class: "unit" }, `${unitTitle(state.game)[0]}${r.frame + 1}`)
          : null,
        el("span", { class: "caption" }, r.caption ?? r.account),
        // a marked match's details would name the ball of a group that the record had to pick (red1):
        // its caption says only what was entered
        r.caption && r.caption !== r.account && !positionsUnknown(state) ? el("span", { class: "account detail" }, r.account) : null,
      ),
    );
  }
  if (!items.length) list.append(el("li", { class: "muted" }, t("recent.none")));
  return list;
}

/** The finished units: "Frame 1: Ann 64 – 12 Bob (Ann)". */
export function unitsList(state) {
  const done = (state.frames ?? []).filter((f) => f.winner);
  if (!done.length) return null;
  const ul = el("ul", { class: "units" });
  done.forEach((f, i) => {
    const scores = state.players.map((p) => `${p} ${f.score?.[p] ?? 0}`).join(" – ");
    ul.append(el("li", {}, `${unitTitle(state.game)} ${i + 1}: ${scores}`, el("span", { class: "muted" }, ` (${f.winner})`)));
  });
  return ul;
}

/** What the match waits for, in words (the referee's required question), or "". */
export function waitingLine(state) {
  if (state.match_over) return "";
  for (const a of state.asks ?? []) {
    if (a.kind === "decision") {
      return t("wait.decides", { name: a.player, options: a.options.map((o) => tf("decision", o)).join(" / ") });
    }
    if (a.kind === "spot") return t("wait.spot", { name: a.player, ball: ballWord(a.ball) });
    if (a.kind === "penalty_place") return tn("wait.penalty_place", a.count, { name: a.player, owner: a.owner });
    if (a.kind === "free_ball") return t("wait.free_ball", { name: a.player });
  }
  return "";
}

/** Whether the match keeps no positions (a marked match: the marker enters events, never where the
 * balls lie), so a page shows a tracker and the shots as entered, never a table it made up. */
export function positionsUnknown(state) {
  return state?.mode === "mark";
}

/** The tracker of a match without positions: the balls or pieces still on the table (the State's
 * `on_table`, from the referee), grouped by kind in the game's order, with their counts; the cue
 * piece is left out. */
export function tracker(state) {
  const info = gameInfo(state.game);
  const names = state.on_table ?? Object.entries(state.position ?? {}).filter(([, p]) => p != null).map(([n]) => n);
  const order = [...new Set(Object.keys(info.start ?? {}).map(baseName))];
  const counts = new Map();
  for (const n of names) {
    const b = baseName(n);
    if (n === info.cue_piece || b === info.cue_piece) continue;
    counts.set(b, (counts.get(b) ?? 0) + 1);
  }
  const kinds = [...counts.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const box = el("div", { class: "tracker", "data-testid": "tracker", "aria-label": t("tracker.label") });
  box.append(el("span", { class: "muted small" }, t("tracker.on_table")));
  for (const k of kinds) {
    const n = counts.get(k);
    const disc = el("span", { class: "disc" }, n > 1 ? String(n) : "");
    // the colour through the CSSOM: the pages' Content Security Policy refuses style attributes
    disc.style.background = ballColour(k);
    disc.style.color = inkOn(k);
    box.append(
      el(
        "span",
        { class: "tracked", "data-tracked": k, "data-count": String(n), title: t("tracker.count", { n, ball: ballWord(k) }) },
        disc,
        el("span", { class: "label" }, ballWord(k)),
      ),
    );
  }
  if (!kinds.length) box.append(el("span", { class: "muted" }, t("tracker.nothing")));
  return box;
}
