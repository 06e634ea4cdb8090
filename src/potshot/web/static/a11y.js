// Accessibility aids every page loads (docs/web.md, "At the table"), kept out of the pages' own
// modules so that each page needs only a <script> line:
//
// - the colour-blind mode: the snooker rules let a player who cannot tell the colours apart ask
//   which ball is which (Section 3 Rule 19(b)(ii)); in this mode every ball drawn on a table
//   carries its letters (R, Y, G, Br, Bl, P, Bk, W: table.js asks `globalThis.potshotPieceMark`)
//   and every ball button or colour chip on a page (`[data-ball]`, `.chip`) shows them too. A
//   switch in the page's header turns it on and off; the choice is remembered (localStorage) and
//   applies on every page.
// - a "skip to the content" link for keyboard users, where a page has a <main>.
//
// Game-agnostic: the letters are the colour words' (a piece's base name), never a game's.

import { t } from "/static/i18n.js";

const KEY = "potshot.colourBlind";
let memory = null; // the mode where localStorage is barred

/** The letters of a colour word; two where the first letter is shared (blue, brown, black). */
const LETTERS = {
  red: "R",
  yellow: "Y",
  green: "G",
  brown: "Br",
  blue: "Bl",
  pink: "P",
  black: "Bk",
  white: "W",
  orange: "O",
  purple: "Pu",
  grey: "Gy",
};

/** Whether the colour-blind mode is on (remembered in localStorage; off where storage is barred). */
export function colourBlind() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

/** The letters a piece carries in the colour-blind mode: `red7` -> "R", `blue` -> "Bl". */
export function letters(name) {
  const kind = String(name).replace(/\d+$/, "");
  return LETTERS[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1, 2);
}

/** What table.js writes on a piece: its letters in the colour-blind mode, else "". */
export function pieceMark(name) {
  return isOn() ? letters(name) : "";
}
globalThis.potshotPieceMark = pieceMark;

/** The chips and ball buttons of a page, each given its letters (`data-cb`, shown by CSS). */
function markDom(root) {
  for (const b of root.querySelectorAll?.("[data-ball]") ?? []) {
    const target = b.querySelector(".disc") ?? b;
    if (target.dataset.cb !== letters(b.dataset.ball)) target.dataset.cb = letters(b.dataset.ball);
  }
  for (const chip of root.querySelectorAll?.(".chip") ?? []) {
    const colour = [...chip.classList].find((c) => c in LETTERS) ?? chip.dataset.piece;
    if (colour && chip.dataset.cb !== letters(colour)) chip.dataset.cb = letters(colour);
  }
}

/** Turn the colour-blind mode on or off: remembered, applied to the page, tables redrawn
 * (the `potshot:colour-blind` event, which table.js's views listen to). */
export function setColourBlind(on) {
  try {
    if (on) localStorage.setItem(KEY, "1");
    else localStorage.removeItem(KEY);
  } catch {
    // storage barred: the mode lasts for this page only
    memory = on;
  }
  apply();
  globalThis.dispatchEvent(new Event("potshot:colour-blind"));
}
function isOn() {
  return memory ?? colourBlind();
}

function apply() {
  document.documentElement.classList.toggle("colour-blind", isOn());
  for (const sw of document.querySelectorAll("[data-testid=colour-blind]")) sw.setAttribute("aria-pressed", String(isOn()));
}

/** The switch: a toggle button in the page's header bar (or `host`). */
export function colourBlindSwitch() {
  return Object.assign(document.createElement("button"), {
    type: "button",
    className: "cb-switch",
    textContent: t("a11y.letters"),
    title: t("a11y.letters_title"),
    onclick: () => setColourBlind(!isOn()),
  });
}

function install() {
  // `?letters=1` turns the mode on for this page (a streaming overlay has no switch of its own)
  if (new URLSearchParams(location.search).get("letters") === "1") memory = true;
  const header = document.querySelector("header.bar, header");
  if (header && !document.querySelector("[data-testid=colour-blind]")) {
    const sw = colourBlindSwitch();
    sw.dataset.testid = "colour-blind";
    header.append(sw);
  }
  const main = document.querySelector("main");
  if (main && !document.querySelector(".skip-link")) {
    if (!main.id) main.id = "main";
    main.tabIndex = -1;
    const skip = Object.assign(document.createElement("a"), { className: "skip-link", href: `#${main.id}`, textContent: t("a11y.skip") });
    document.body.prepend(skip);
  }
  apply();
  markDom(document);
  new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes) if (n.nodeType === 1) markDom(n.parentNode ?? n);
  }).observe(document.body, { childList: true, subtree: true });
  globalThis.addEventListener("storage", (e) => {
    if (e.key === KEY) {
      apply();
      globalThis.dispatchEvent(new Event("potshot:colour-blind"));
    }
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", install);
else install();
