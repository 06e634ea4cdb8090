// The pages' languages (docs/languages.md, "The pages"): one message catalogue per language,
// /static/locales/<lang>.json, keys -> messages with `{name}` placeholders; a plural message is an
// object of Intl.PluralRules categories ({"one": ..., "few": ..., "many": ..., "other": ...}).
// Loaded once, before any page's code runs (top-level await: every module that imports this one
// waits for the catalogue), so `t()` is synchronous. Plain ES module, no build step.
//
// The language: the one chosen with the switch in the page's header (remembered in localStorage),
// else `?lang=` of the address (the streaming overlay has no header), else the browser's
// (`navigator.languages`, negotiated to the languages below), else English.

/** The languages the pages speak, each with its own name (as the switch shows it). */
export const LANGUAGES = { en: "English", sv: "Svenska", it: "Italiano", ja: "日本語", ru: "Русский" };
export const DEFAULT = "en";
const KEY = "potshot.lang";

/** The first of `wanted` (BCP 47 tags, best first) that the pages speak, by its primary subtag
 * ("sv-SE" -> "sv"); English when none is. */
export function negotiate(wanted) {
  for (const tag of wanted ?? []) {
    const primary = String(tag).toLowerCase().split(/[-_]/)[0];
    if (primary in LANGUAGES) return primary;
  }
  return DEFAULT;
}

function stored() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // storage barred: the browser's language
  }
}

function chooseLanguage() {
  const chosen = stored();
  if (chosen && chosen in LANGUAGES) return chosen;
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && asked in LANGUAGES) return asked;
  return negotiate(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

async function load(code) {
  try {
    const r = await fetch(`/static/locales/${code}.json`, { headers: { Accept: "application/json" } });
    if (r.ok) return await r.json();
    console.error(`catalogue ${code}: ${r.status}`);
  } catch (e) {
    console.error(`catalogue ${code} cannot be loaded`, e);
  }
  return {};
}

/** The page's language (a key of LANGUAGES). */
export const lang = chooseLanguage();
const [english, own] = await Promise.all([load(DEFAULT), lang === DEFAULT ? null : load(lang)]);
const catalogue = own ?? english;
const rules = new Intl.PluralRules(lang);
document.documentElement.lang = lang;

function fill(message, vars) {
  return String(message).replace(/\{(\w+)\}/g, (whole, name) => (vars && name in vars ? String(vars[name]) : whole));
}

function lookup(key) {
  return catalogue[key] ?? english[key];
}

/** Whether a catalogue has the message `key`. */
export function has(key) {
  return lookup(key) !== undefined;
}

/** The message `key` in the page's language, its `{name}` placeholders filled from `vars`; the
 * English one where the language lacks it, the key itself where no catalogue has it. */
export function t(key, vars = undefined) {
  const m = lookup(key);
  if (m === undefined) return key;
  return fill(typeof m === "object" ? m.other : m, vars);
}

/** The plural message `key` for the count `n` (Intl.PluralRules of the page's language picks the
 * form: one / few / many / other), `{n}` and `vars` filled in. */
export function tn(key, n, vars = {}) {
  const own = catalogue[key];
  const m = own ?? english[key];
  if (m === undefined) return key;
  const forms = typeof m === "object" ? m : { other: m };
  const form = own !== undefined ? rules.select(n) : new Intl.PluralRules(DEFAULT).select(n);
  return fill(forms[form] ?? forms.other, { n: n.toLocaleString(lang), ...vars });
}

/** A word of a game's facts (GET /api/games, in English), translated through the catalogue key
 * `kind.value` (`ball.red`, `word.frame`, `title.Carrom`); the fact itself where no catalogue has
 * the key. Never a game's name in code: the keys come from the facts' values. */
export function tf(kind, value) {
  if (value === null || value === undefined || value === "") return value ?? "";
  const key = `${kind}.${value}`;
  const m = lookup(key);
  return m === undefined ? String(value) : typeof m === "object" ? m.other : m;
}

/** Translate the static HTML under `root`: an element's `data-i18n` (a key) sets its text,
 * `data-i18n-html` its markup (the catalogue's own, trusted), `data-i18n-attr` (`attr:key;attr:key`)
 * its attributes (aria-label, title, placeholder). */
export function translateDom(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-html]")) node.innerHTML = t(node.dataset.i18nHtml);
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of node.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key) node.setAttribute(attr, t(key));
    }
  }
}

/** Choose the pages' language: remembered, and the page loaded again in it. */
export function setLanguage(code) {
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // storage barred: this page only, through its address
    const u = new URL(location.href);
    u.searchParams.set("lang", code);
    location.replace(u.toString());
    return;
  }
  location.reload();
}

/** The switch: a labelled select of the languages, each in its own name. */
export function languageSwitch() {
  const select = document.createElement("select");
  select.id = "lang-switch";
  select.dataset.testid = "lang";
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const o = document.createElement("option");
    o.value = code;
    o.lang = code;
    o.textContent = name;
    select.append(o);
  }
  select.value = lang;
  select.addEventListener("change", () => setLanguage(select.value));
  const label = document.createElement("label");
  label.className = "lang-switch";
  const word = document.createElement("span");
  word.className = "sr-only";
  word.textContent = t("common.language");
  label.append(word, select);
  select.title = t("common.language");
  return label;
}

function install() {
  translateDom(document);
  const header = document.querySelector("header.bar, header");
  if (header && !document.getElementById("lang-switch")) header.append(languageSwitch());
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", install);
else install();
