// The set-up mode: a teacher places seeds, men or pieces on the board (a click edits with the
// tool chosen), chooses whose turn it is, and the engine says at every edit whether the
// position is legal, and why not in words (py/ludoteca/teaching/editor.py). From a legal position the
// teacher plays on, asks the computer's analysis, copies a link, or turns it into a puzzle:
// the engine proves its answer, or says that it does not stand out.
//
// Where a place holds a count (seeds, pieces), the teacher may type it at once: one edit
// instead of a click per seed. The teacher may write the puzzle's question in their own words;
// it travels in the puzzle's address (`q=`), and the engine shows it as written.
//
// Address: #/<game>?edit (the opening position) or #/<game>?edit=<link> (a game's last
// position). The draft travels with every request: the engine keeps nothing, and an edit is
// undone by drawing the draft before it again.
import * as i18n from "../kit/i18n.js";
import { $, button } from "../kit/dom.js";
import { say } from "../kit/seats.js";
import { ask, session } from "../table/session.js";
import { players } from "../table/setup.js";
import { provide } from "../engine/data-files.js";

const { t } = i18n;

let table = null; // {draw(view), showError(error), play(view), analyse()}: setUpEditor's
let editing = null; // {game, options, now (the engine's description), before: [drafts], tool,
// place (the board element whose count is typed), count (the number typed), question (the
// teacher's own words for the puzzle)}

export function setUpEditor(hooks) {
  table = hooks;
}

/** Draw the panel and the board again (the language changed). */
export function refreshEditor() {
  if (editing) render();
}

export function editingNow() {
  return editing !== null;
}

/** What an address's query asks of the set-up mode: {link} (null: the opening position). */
export function editorWanted(query) {
  const params = new URLSearchParams(query);
  return params.has("edit") ? { link: params.get("edit") || null } : null;
}

/** Open the set-up mode for `game` (with `options`); a wrong link is said in words and the
 * game's own page goes on (`fallback`). */
export async function openEditor(game, options, wanted, fallback) {
  const generation = ++session.generation;
  const fields = { game, options, ...(wanted.link ? { link: wanted.link } : {}) };
  const answer = await ask("edit", fields);
  if (generation !== session.generation) return;
  if (!answer.ok) {
    stopEditor();
    return fallback(answer.error);
  }
  editing = { game, options: answer.options, now: answer.editing, before: [],
    tool: answer.editing.tools[0], place: answer.editing.targets[0], count: "", question: "" };
  session.view = null;
  document.body.classList.add("editing");
  render();
  $("editor-head").focus({ preventScroll: true });
}

export function stopEditor() {
  editing = null;
  document.body.classList.remove("editing");
  $("editor").hidden = true;
}

/** A click on the board in the set-up mode: the chosen tool edits that element. */
export async function editClick(target) {
  editing.place = target; // the count typed next is this one's
  await change({ tool: editing.tool, target });
}

// Edits one after another: each is made on the draft the one before answered (a count typed
// right after a choice would otherwise be made on the draft before that choice).
let edits = Promise.resolve();

function change(fields) {
  edits = edits.then(() => editing && changeNow(fields));
  return edits;
}

async function changeNow(fields) {
  const { game, options, now } = editing;
  const answer = await ask("edit", { game, options, draft: now.draft, ...fields });
  if (!editing) return;
  if (!answer.ok) return table.showError(answer.error);
  table.showError(null);
  editing.before.push(now.draft);
  editing.now = answer.editing;
  render();
}

function undoEdit() {
  edits = edits.then(() => editing && undoNow()); // after any edit still on its way
  return edits;
}

async function undoNow() {
  const draft = editing.before.pop();
  if (!draft) return;
  const { game, options } = editing;
  const answer = await ask("edit", { game, options, draft });
  if (answer.ok && editing) {
    editing.now = answer.editing;
    render();
  }
}

// --- the panel and the board ---------------------------------------------------------------
function render() {
  const { game, now } = editing;
  $("editor").hidden = false;
  $("editor-head").textContent = t("editor.head", { game: t(`game.${game}.name`) });
  renderTools();
  renderCount();
  renderChoices();
  const problems = now.problems.map((message) => say(t, message));
  const box = $("editor-problems");
  box.dataset.legal = String(problems.length === 0);
  box.replaceChildren(...(problems.length ? problems : [t("editor.legal")]).map((text) => {
    const item = document.createElement("li");
    item.textContent = text;
    return item;
  }));
  renderButtons(problems.length === 0);
  table.draw({
    observation: now.observation, events: [], frames: [], last_move: null,
    steps: now.targets.map((target) => [target, true]), step_facts: {}, targets: {},
    partial: "", partial_facts: {}, current_player: now.draft.to_move ?? null,
    seats: players().map(() => "human"), options: editing.options,
    setup: { tool: t(`${game}.setup.tool.${editing.tool}`) },
  });
}

function renderTools() {
  const box = $("editor-tools");
  box.replaceChildren(box.querySelector("legend"));
  for (const tool of editing.now.tools) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "editor-tool";
    input.value = tool;
    input.checked = tool === editing.tool;
    input.addEventListener("change", () => {
      editing.tool = tool;
      render();
    });
    label.append(input, " ", t(`${editing.game}.setup.tool.${tool}`));
    box.append(label);
  }
}

/** Where places hold counts: which place, how many, and the button that sets it (Enter in
 * the number does too). The engine checks the number and says why one is refused. */
function renderCount() {
  const box = $("editor-count");
  box.hidden = !editing.now.counts;
  box.replaceChildren(box.querySelector("legend"));
  if (!editing.now.counts) return;
  const { game, now } = editing;
  const where = document.createElement("select");
  where.id = "editor-count-place";
  for (const target of now.targets) {
    const item = document.createElement("option");
    item.value = target;
    item.textContent = target;
    item.selected = target === editing.place;
    where.append(item);
  }
  where.addEventListener("change", () => { editing.place = where.value; });
  const howMany = document.createElement("input");
  howMany.id = "editor-count-value";
  howMany.type = "number";
  howMany.min = "0";
  howMany.step = "1";
  howMany.inputMode = "numeric";
  howMany.value = editing.count;
  howMany.addEventListener("input", () => { editing.count = howMany.value; });
  // the engine checks the number (a blank or a fraction too) and says why it is refused
  const set = () => change({ target: where.value,
    count: howMany.value.trim() === "" ? null : Number(howMany.value) });
  howMany.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      set();
    }
  });
  const labelled = (text, control) => {
    const label = document.createElement("label");
    const span = document.createElement("span");
    span.textContent = text;
    label.append(span, control);
    return label;
  };
  const go = button(t("editor.count.set"), set, "secondary");
  go.dataset.editor = "set-count";
  box.append(labelled(t(`${game}.setup.count.place`), where),
    labelled(t("editor.count.how_many"), howMany), go);
}

function renderChoices() {
  const box = $("editor-choices");
  box.replaceChildren();
  const names = players().map((p) => p.name);
  for (const { name, values, value } of editing.now.choices) {
    const [base, index] = name.split(".");
    const label = document.createElement("label");
    const text = document.createElement("span");
    text.textContent = t(`${editing.game}.setup.choice.${base}`, { name: names[index] ?? "" });
    const select = document.createElement("select");
    select.dataset.choice = name;
    for (const option of values) {
      const item = document.createElement("option");
      item.value = JSON.stringify(option);
      item.textContent = base === "to_move" ? names[option] ?? option : String(option);
      item.selected = option === value;
      select.append(item);
    }
    select.addEventListener("change", () => change({ name, value: JSON.parse(select.value) }));
    label.append(text, select);
    box.append(label);
  }
}

function renderButtons(legal) {
  const box = $("editor-buttons");
  box.replaceChildren();
  const add = (name, text, action, { primary = false, enabled = true } = {}) => {
    const made = button(t(text), action, primary ? "primary" : "secondary");
    made.dataset.editor = name;
    made.disabled = !enabled;
    box.append(made);
  };
  add("undo", "editor.undo", undoEdit, { enabled: editing.before.length > 0 });
  add("play", "editor.play", () => playFrom(false), { primary: legal, enabled: legal });
  add("analyse", "editor.analyse", () => playFrom(true), { enabled: legal });
  add("link", "editor.link", copyLink, { enabled: legal });
  add("puzzle", "editor.puzzle", prove, { enabled: legal });
  add("leave", "editor.leave", () => { location.hash = `#/${editing.game}`; });
  $("editor-said").textContent = "";
}

// --- from a legal position ---------------------------------------------------------------------
async function playFrom(analyse) {
  const { game, options, now } = editing;
  const answer = await ask("edit_play", { game, options, draft: now.draft });
  if (!answer.ok) return table.showError(answer.error);
  const link = await ask("link");
  stopEditor();
  // the address names the game played from here: a reload opens it again
  if (link.ok) history.replaceState(null, "", `${location.pathname}${location.search}#/${game}`);
  await table.play(answer.view);
  if (analyse) table.analyse();
}

async function copyLink() {
  const { game, options, now } = editing;
  const answer = await ask("edit_link", { game, options, draft: now.draft });
  if (!answer.ok) return table.showError(answer.error);
  const url = new URL(location.href);
  url.hash = `#/${game}?g=${answer.link}`;
  const said = $("editor-said");
  try {
    await navigator.clipboard.writeText(url.href);
    said.textContent = t("editor.link_copied");
  } catch {
    said.textContent = t("editor.link_by_hand", { link: url.href });
  }
}

async function prove() {
  const { game, options, now } = editing;
  const fields = { game, options, draft: now.draft };
  $("editor-said").textContent = t("editor.proving");
  let answer = await ask("edit_prove", fields);
  if (answer.ok && answer.needs && (await provide(answer.needs))) {
    answer = await ask("edit_prove", fields);
  }
  if (!editing) return;
  if (!answer.ok) {
    $("editor-said").textContent = "";
    return table.showError(answer.error);
  }
  const { proof, link } = answer;
  const said = $("editor-said");
  said.replaceChildren();
  const verdict = document.createElement("p");
  const best = proof.best.join(", ");
  const next = Object.entries(proof.values).filter(([move]) => !proof.best.includes(move))
    .sort(([, a], [, b]) => b - a)[0]?.[0] ?? "";
  verdict.textContent = proof.clear
    ? t("editor.proven", { best, n: proof.best.length })
    : next ? t("editor.not_clear", { best, next, n: proof.best.length })
      : t("editor.all_equal");
  said.append(verdict);
  if (proof.clear) {
    const open = document.createElement("a");
    open.className = "button primary";
    open.dataset.editor = "open-puzzle";
    // anyone with the link gets the puzzle, with the teacher's question as written
    const href = () => {
      const asked = editing?.question.trim() ?? "";
      return `#/${game}?puzzle=${link}${asked ? `&q=${encodeURIComponent(asked)}` : ""}`;
    };
    open.href = href();
    open.textContent = t("editor.open_puzzle");
    said.append(questionField(() => { open.href = href(); }), open);
  }
}

/** The puzzle's question, in the teacher's own words (empty: the game's own question). */
function questionField(changed) {
  const label = document.createElement("label");
  label.className = "editor-question";
  const text = document.createElement("span");
  text.textContent = t("editor.question");
  const input = document.createElement("input");
  input.id = "editor-question";
  input.type = "text";
  input.maxLength = 200;
  input.autocomplete = "off";
  input.placeholder = t("coach.question.best");
  input.value = editing.question;
  input.setAttribute("aria-describedby", "editor-question-hint");
  input.addEventListener("input", () => {
    editing.question = input.value;
    changed();
  });
  const hint = document.createElement("small");
  hint.id = "editor-question-hint";
  hint.textContent = t("editor.question.hint");
  label.append(text, input, hint);
  return label;
}
