// The rules panel: every game's rules in the reader's language, built as DOM nodes from the
// i18n keys "rules.<game>.…" (never innerHTML), with a small diagram, the names the game is
// known by and where the sources differ. Printable: rules.css hides the rest of the page.
//
// A section <id> of a game is the keys rules.<game>.<id>.title, then paragraphs .p1, .p2, …,
// a list .li1, .li2, …, and closing notes or examples .q1, .q2, … (each read while it exists).
//
// Which sections a game has come from the engine's catalogue (build.py `game_catalogue`:
// `rules_sections`); its diagrams from its folder's figures.js, drawn from the catalogue's
// `facts` (every rule fact a diagram shows is the engine's).
import * as i18n from "../kit/i18n.js";
import { BUILD } from "../build-info.js";
import { GAME_FIGURES } from "../games/index.js";
import { button, el } from "../kit/dom.js";
import { sayFailed } from "../links/rooms.js";

const { t } = i18n;

const catalogue = (game) => BUILD.games[game];
// A game with rule sets (Bul's) names the option that chooses one (`rule_set_option`) and
// gives each its family (`rule_sets`, in the engine's order: GameSpec.rule_set_families):
// the panel offers a chooser and the sections of the chosen one.
const variantsOf = (game) => Object.keys(catalogue(game).rule_sets || {});
const familyOf = (game, variant) => catalogue(game).rule_sets[variant];
/** The rule set `options` choose (else the game's default); null for a game without. */
function chosenVariant(game, options) {
  const option = catalogue(game).rule_set_option;
  if (!option || !variantsOf(game).length) return null;
  const chosen = options[option];
  return variantsOf(game).includes(chosen) ? chosen : catalogue(game).options[option].default;
}

const state = { dialog: null, game: null, variant: null, options: {} };

/** Show the rules of `gameId` (of a game with rule sets, the one `options` choose first). */
export async function openRules(gameId, options = {}) {
  if (!catalogue(gameId)) return;
  try { // the rules' words are a part of the strings of their own (builder/strings.py)
    await i18n.needStrings("rules");
  } catch {
    return sayFailed();
  }
  sayFailed(true);
  const dialog = state.dialog || createDialog();
  state.game = gameId;
  state.options = options || {};
  state.variant = chosenVariant(gameId, state.options);
  render();
  if (!dialog.open) dialog.showModal();
  document.documentElement.classList.add("rules-open");
  dialog.scrollTop = 0;
  dialog.querySelector(".rules-doc").scrollTop = 0;
  dialog.querySelector("#rules-title").focus();
}

// --- the dialog -----------------------------------------------------------------------------

function createDialog() {
  const dialog = el("dialog", { class: "rules-dialog" });
  dialog.id = "rules-dialog";
  dialog.setAttribute("aria-labelledby", "rules-title");
  const bar = el("div", { class: "rules-bar" });
  const lang = button("", switchLanguage, "secondary rules-lang");
  const print = button("", () => window.print(), "secondary rules-print");
  const close = button("", () => dialog.close(), "primary rules-close");
  bar.append(lang, print, close);
  const doc = el("article", { class: "rules-doc" });
  dialog.append(bar, doc);
  dialog.addEventListener("close", () => {
    if (!dialog.open) document.documentElement.classList.remove("rules-open");
  });
  document.body.append(dialog);
  // The page's language may change while the rules are open (our own button, an embedding
  // page): draw them again in the new language.
  new MutationObserver(() => dialog.open && render()).observe(document.documentElement,
    { attributes: true, attributeFilter: ["lang"] });
  state.dialog = dialog;
  return dialog;
}

function otherLanguage() {
  return i18n.LANGUAGES.find((code) => code !== i18n.lang) || "es";
}

/** Read the rules in the other language: the page's own language buttons do the switch
 *  (they are out of reach while the modal dialog is open, so close it for that instant). */
function switchLanguage() {
  const target = document.querySelector(`.topbar button[data-lang="${otherLanguage()}"]`);
  if (!target) return;
  state.dialog.close();
  target.click();
  state.dialog.showModal();
  document.documentElement.classList.add("rules-open");
  state.dialog.querySelector(".rules-lang").focus();
}

function render() {
  const dialog = state.dialog;
  const game = state.game;
  const other = otherLanguage();
  const lang = dialog.querySelector(".rules-lang");
  lang.textContent = other === "en" ? "English" : "Español"; // a language's own name
  lang.lang = other;
  lang.dataset.rulesLang = other;
  dialog.querySelector(".rules-print").textContent = t("rules.print");
  dialog.querySelector(".rules-close").textContent = t("rules.close");

  fillRules(dialog.querySelector(".rules-doc"), game, state.variant, state.options, true);
}

/** The rules of `game` as an article (the print kit prints it), for the rule set `options`
 * choose (else the default one). */
export function rulesArticle(game, options = {}) {
  const variant = chosenVariant(game, options);
  const doc = el("article", { class: "rules-doc" });
  fillRules(doc, game, variant, options, false);
  return doc;
}

/** One section of `game`'s rules by its id (the notation's, for a score sheet). */
export function rulesSection(game, id) {
  return section(`rules.${game}.${id}`, id);
}

function fillRules(doc, game, variant, options, chooser) {
  doc.dataset.game = game;
  doc.replaceChildren();
  const title = el("h2", { class: "rules-title",
    text: t("rules.title", { game: t(`game.${game}.name`) }) });
  if (chooser) title.id = "rules-title"; // the dialog's name
  title.tabIndex = -1;
  doc.append(title);

  const history = el("section", { class: "rules-section rules-history" });
  history.dataset.section = "history";
  history.append(el("h3", { text: t("rules.history.title") }),
    el("p", { text: t(`rules.${game}.history`) }));
  const names = el("section", { class: "rules-section rules-names" });
  names.dataset.section = "names";
  names.append(el("h3", { text: t("rules.names.title") }),
    el("p", { text: t(`rules.${game}.names`) }));
  doc.append(history, names);

  if (variant && chooser) doc.append(variantChooser(game));
  if (GAME_FIGURES[game]) doc.append(figure(game, variant, options));
  for (const id of catalogue(game).rules_sections) doc.append(section(`rules.${game}.${id}`, id));
  if (variant) {
    const family = familyOf(game, variant);
    doc.append(section(`rules.${game}.${family}`, family));
    const own = section(`rules.${game}.v.${variant}`, "variant",
      t("rules.variant.title", { name: t(`rules.${game}.v.${variant}.title`) }));
    own.classList.add("rules-variant");
    own.dataset.variant = variant;
    doc.append(own);
  }
  doc.append(section(`rules.${game}.notation`, "notation"));
  const sources = section(`rules.${game}.sources`, "sources", t("rules.sources.title"));
  sources.classList.add("rules-sources");
  doc.append(sources);
}

/** One section from its keys: title, paragraphs p1…, list li1…, notes q1…. */
function section(base, id, heading = null) {
  const box = el("section", { class: "rules-section" });
  box.dataset.section = id;
  box.append(el("h3", { text: heading ?? t(`${base}.title`) }));
  for (let i = 1; i18n.has(`${base}.p${i}`); i++) box.append(el("p", { text: t(`${base}.p${i}`) }));
  if (i18n.has(`${base}.li1`)) {
    const list = el("ul");
    for (let i = 1; i18n.has(`${base}.li${i}`); i++) {
      list.append(el("li", { text: t(`${base}.li${i}`) }));
    }
    box.append(list);
  }
  for (let i = 1; i18n.has(`${base}.q${i}`); i++) {
    box.append(el("p", { class: "rules-note", text: t(`${base}.q${i}`) }));
  }
  return box;
}

function variantChooser(game) {
  const nav = el("div", { class: "rules-variants" });
  nav.setAttribute("role", "group");
  nav.setAttribute("aria-label", t("rules.variants.label"));
  nav.append(el("span", { class: "rules-variants-label", text: t("rules.variants.label") }));
  for (const variant of variantsOf(game)) {
    const b = button("", () => {
      state.variant = variant;
      render();
      state.dialog.querySelector(`[data-variant-button="${variant}"]`).focus();
    }, "rules-variant-button");
    b.dataset.variantButton = variant;
    b.textContent = t(`rules.${game}.v.${variant}.name`);
    b.setAttribute("aria-pressed", String(variant === state.variant));
    nav.append(b);
  }
  return nav;
}

// --- diagrams ---------------------------------------------------------------------------------
// A game's diagrams come from its folder's figures.js ({params, drawings: [[svg, label key]]});
// a game without one has no figure (its rules panel is its sections alone).
function figure(game, variant, options) {
  const box = el("figure", { class: `rules-figure rules-figure-${game}` });
  const { params, drawings } = GAME_FIGURES[game]({
    t, facts: catalogue(game).facts, variant, options });
  const row = el("div", { class: "rules-figure-row" });
  for (const [drawing, label] of drawings) {
    drawing.setAttribute("role", "img");
    drawing.setAttribute("aria-label", t(`rules.${game}.diagram.${label}`, params));
    drawing.classList.add("rules-diagram");
    row.append(drawing);
  }
  box.append(row, el("figcaption", { text: t(`rules.${game}.diagram.caption`, params) }));
  return box;
}
