// Every visible string comes from i18n/<lang>.json. t("key", {n: 3}) fills {n}.
// Plural forms: with a number `n`, "key.<form>" (Intl.PluralRules: "one", …) is used when it
// exists, else "key" (the general form): "key": "{n} seeds", "key.one": "1 seed".
import { read, write } from "./store.js";

export const LANGUAGES = ["es", "en"];
const STORE_KEY = "ludoteca.lang";
let strings = {};
let fallback = {};
export let lang = "es";
// The strings come in parts (builder/strings.py): i18n/<lang>.json, what the home page and the
// table show, and a part per room (i18n/<lang>.<room>.json), fetched when a room opens.
const rooms = new Set(); // the rooms' parts this page has asked for
const loaded = new Map(); // "<lang>.<room>" -> the part's promise (a failed one is dropped)

export function preferredLanguage(params = new URLSearchParams(location.search)) {
  const asked = params.get("lang");
  if (LANGUAGES.includes(asked)) return asked;
  const saved = read(STORE_KEY); // null when storage is blocked (inside some iframes)
  if (LANGUAGES.includes(saved)) return saved;
  const browser = (navigator.languages || [navigator.language || ""])[0] || "";
  return browser.toLowerCase().startsWith("en") ? "en" : "es"; // Spanish speakers first
}

async function load(code) {
  // beside the page (index.html, the site's root), which this module is bundled into
  const response = await fetch(`i18n/${code}.json`);
  if (!response.ok) throw new Error(`i18n/${code}.json: ${response.status}`);
  return response.json();
}

/** A room's part in language `code`, fetched once (again after a failure). */
function part(code, room) {
  const name = `${code}.${room}`;
  if (!loaded.has(name)) {
    loaded.set(name, load(name).catch((error) => {
      loaded.delete(name);
      throw error;
    }));
  }
  return loaded.get(name);
}

/** Every key of the parts `names`, in `code` and the Spanish fallback. */
async function partsIn(code, names) {
  const [own, spanish] = await Promise.all([
    Promise.all(names.map((room) => part(code, room))),
    code === "es" ? null : Promise.all(names.map((room) => part("es", room)))]);
  return [Object.assign({}, ...own), spanish && Object.assign({}, ...spanish)];
}

/** The strings of rooms `names` ("lessons", "notes"…: builder/strings.py), fetched before a
 * room shows them; kept, and fetched again in each language the page changes to. Rejects
 * when one cannot be fetched (the room then says so, from the start-up strings). */
export async function needStrings(...names) {
  const wanted = names.filter((room) => !rooms.has(room));
  if (!wanted.length) return;
  const code = lang;
  const [own, spanish] = await partsIn(code, wanted);
  if (code !== lang) return needStrings(...names); // the language changed meanwhile
  Object.assign(strings, own);
  if (spanish) Object.assign(fallback, spanish);
  else fallback = strings;
  for (const room of wanted) rooms.add(room);
}

export async function setLanguage(code, { remember = false } = {}) {
  if (!LANGUAGES.includes(code)) code = "es";
  const asked = [...rooms];
  const [[main, spanish], parts] = await Promise.all([
    Promise.all([load(code), code === "es" ? null : load("es")]),
    partsIn(code, asked).catch(() => null)]);
  // a room's part that cannot be fetched (the network went): the room keeps its words in the
  // language it had, and fetches them again when next opened
  if (!parts) rooms.clear();
  const [ownParts, spanishParts] = parts || [strings, fallback];
  strings = { ...ownParts, ...main };
  fallback = spanish ? { ...spanishParts, ...spanish } : strings;
  lang = code;
  document.documentElement.lang = code;
  if (remember) write(STORE_KEY, code); // not kept: fine
  // a room whose part came meanwhile, in the language before: its part in this one
  const late = [...rooms].filter((room) => !asked.includes(room));
  for (const room of late) rooms.delete(room);
  if (late.length) await needStrings(...late).catch(() => {});
}

export function has(key) {
  return Object.hasOwn(strings, key) || Object.hasOwn(fallback, key);
}

// One rule set per language: making one is slow, and a redraw of the board asks for dozens
// of plural forms.
const pluralRules = new Map();

/** The key of the plural form for `n`, when the language has one for it. */
function pluralKey(key, n) {
  if (typeof n !== "number" || !Number.isFinite(n)) return key;
  if (!pluralRules.has(lang)) pluralRules.set(lang, new Intl.PluralRules(lang));
  const form = `${key}.${pluralRules.get(lang).select(n)}`;
  const own = (table, k) => Object.hasOwn(table, k);
  return own(strings, form) || (!own(strings, key) && own(fallback, form)) ? form : key;
}

export function t(key, params = {}) {
  key = pluralKey(key, params.n);
  const template = (Object.hasOwn(strings, key) ? strings[key] : null) ??
    (Object.hasOwn(fallback, key) ? fallback[key] : key);
  return template.replace(/\{(\w+)\}/g,
    (_, name) => (Object.hasOwn(params, name) ? params[name] : `{${name}}`));
}

/** Fill every [data-i18n] (text) and [data-i18n-<attr>] (attribute) under root. */
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const attr of ["aria-label", "title", "alt"]) {
    const data = "i18n" + attr.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase());
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) {
      el.setAttribute(attr, t(el.dataset[data]));
    }
  }
}

// One number format per language and option set: a sheet formats hundreds of numbers.
const numberFormats = new Map();

/** `x` as the reader's language writes it ("37,5" in Spanish, "37.5" in English); `options`
 * are Intl.NumberFormat's (by default at most 1 decimal). */
export function formatNumber(x, options = { maximumFractionDigits: 1 }) {
  const key = `${lang}|${JSON.stringify(options)}`;
  if (!numberFormats.has(key)) numberFormats.set(key, new Intl.NumberFormat(lang, options));
  return numberFormats.get(key).format(x);
}

/** A share (0–1) as a percentage in the reader's language: "37,5 %" / "37.5%". */
export function formatPercent(share, digits = 1) {
  return formatNumber(share, { style: "percent", maximumFractionDigits: digits });
}
