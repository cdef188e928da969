// The coach: a lesson step or a puzzle on the table, and the panel above the board that says
// what to do (the goal or the question), judges the answer (the engine's verdict, in words)
// and leads on (hint, "show me", again, next). The engine sets the position up and judges
// (py/ludoteca/teaching/coach.py); this module only shows what it says and keeps the person's progress.
//
// Addresses: #/<game>?learn=<step, from 1> and #/<game>?puzzle=<id | "day">, with the rule set
// the puzzles keep to when the address names one (`&variant=puluc`, rule-set.js).
// A page framing Ludoteca hears (protocol version 1, embed.js):
//   {type: "lesson-open", game, step, index, count}    a lesson step is on the board
//   {type: "lesson-step", game, step, index, correct, count, move, latency}  after every
//     answer of a lesson step (after *Muéstramelo* too, with shown: true and correct: false:
//     the computer's move); `move` in the game's notation, `latency` in ms since the step
//     was set up
//   {type: "lesson-done", game, steps}                 when every step has been passed
//   {type: "puzzle-open", game, id, index, count, set} a puzzle is on the board (`set`: the
//     ids of the puzzle set it is one of, else null)
//   {type: "puzzle-solved", game, id, correct, tries, move, latency, index, count}  after the
//     first answer of a puzzle, or its solution asked for first (correct: false, move: null,
//     revealed: true)
import * as i18n from "../kit/i18n.js";
import { $, button } from "../kit/dom.js";
import { say } from "../kit/seats.js";
import { tellParent } from "../links/embed.js";
import * as storage from "../table/storage.js";
import { read, write } from "../kit/store.js";
import { narration } from "../table/history.js";
import { provide } from "../engine/data-files.js";
import { adopt, ask, session } from "../table/session.js";
import { foldSetup, optionsInWords, players } from "../table/setup.js";
import { keepBoardSize, showBoardBelow } from "../table/board-size.js";
import { ruleSetNamed, ruleSetQuery } from "./rule-set.js";
import { setAddress, setChoices } from "./puzzle-set.js";
import { coachWanted } from "./coach-door.js";

const { t } = i18n;
// the strings it shows beyond the start-up part (links/rooms.js fetches them with this
// module): a lesson's words, and the engine's words a puzzle's answer quotes from them
// (Bolonki's goal edges, lesson.<game>.edge.*)
export const STRINGS = ["lessons"];

let table = null; // {show(view), play(op), showError(error), focusBoard()}: setUpCoach's
let coach = null; // the engine's description of what is on the table ({kind, game, ...})
let verdict = null; // the engine's verdict on the answer, once given
let tries = 0; // answers given to this puzzle or step so far
let hintShown = false;
let revealed = false; // the answer was asked for (Ver la solución): not solved at the first try
let shownAt = 0; // when the question was set up (performance.now()): an answer's latency

// Where the layout puts things is said once, by style.css, in custom properties read here
// (issue 43 items 5 and 9: a media query copied into this file drifted from the CSS's)
const cssSays = (name) => getComputedStyle(document.body).getPropertyValue(name).trim() === "1";
// a narrow screen, where the panel stands above the board: its verdict holds the board's size
// (not a short one, a small embed's: there the panel scrolls within its share)
const holdsBoard = () => cssSays("--coach-holds-board");
// an embed where the panel is folded above the board (item 9): its board has its share of
// the frame whatever the panel says, and never scrolls
const folds = () => cssSays("--coach-folds");

const LEVEL_KEY = "ludoteca.puzzle-level"; // the learner's chosen level, 1 easy .. 3 hard
const LEVELS = [1, 2, 3];

/** The level the learner chose (kept in the browser); easy until they choose: a newcomer
 * starts there. */
export function puzzleLevel() {
  const level = Number(read(LEVEL_KEY));
  return LEVELS.includes(level) ? level : 1;
}

/** `hooks`: what the table does for the coach (see `table`). */
export function setUpCoach(hooks) {
  table = hooks;
  const panel = $("coach");
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && coach) leave();
  });
}

/** Say the panel again (the language changed). */
export function refreshCoach() {
  if (coach) render();
}

export function coaching() {
  return coach !== null;
}

/** What is on the table as an address's query names it ({kind: "learn" | "puzzle", value}),
 * or null: another window opens the same lesson step or puzzle from it. */
export function coachedNow() {
  if (!coach) return null;
  return coach.kind === "lesson" ? { kind: "learn", value: String(coach.index + 1) }
    : { kind: "puzzle", value: coach.id, question: teacherQuestion() };
}

/** Put what `wanted` names on the table; a wrong address is said in words and the game's own
 * page goes on (`fallback`). */
export async function openCoached(game, wanted, fallback, { focus = true } = {}) {
  let fields;
  // the rule set the puzzles keep to (the address's, or the one already kept)
  const ruleSet = wanted.kind !== "puzzle" ? null
    : "ruleSet" in wanted ? wanted.ruleSet : ruleSetNamed(game, wanted.query || "");
  if (wanted.kind === "lesson") {
    const step = Number(wanted.value);
    fields = { op: "lesson", game, step: Number.isInteger(step) ? step - 1 : -1 };
  } else if (wanted.value === "day") {
    fields = { op: "puzzle", game, day: today(), level: puzzleLevel() };
  } else {
    fields = { op: "puzzle", id: wanted.value };
    if (wanted.question) fields.question = wanted.question; // a teacher's own words
  }
  if (ruleSet) fields.rule_set = ruleSet;
  const generation = ++session.generation;
  let set = null; // a puzzle set: its ids, and the address that names it
  if (wanted.value === "set") {
    // the engine chooses the set, as it did for the package that names it
    const chosen = await ask("puzzle_set", { game, ...setChoices(wanted.set),
      ...(ruleSet ? { rule_set: ruleSet } : {}) });
    if (generation !== session.generation) return;
    const ids = chosen.ok ? chosen.ids : [];
    if (wanted.set.at > ids.length) {
      stop();
      return fallback({ code: "unknown_puzzle", params: { id: `${game} ${wanted.set.at}` } });
    }
    set = { ids, query: wanted.query, index: wanted.set.at - 1 };
    fields = { op: "puzzle", id: ids[set.index] };
  }
  const { op, ...rest } = fields;
  let answer = await ask(op, rest);
  // a teacher's position is proven now, maybe by a data file the engine has not got yet
  if (answer.ok && answer.needs && (await provide(answer.needs))) answer = await ask(op, rest);
  if (generation !== session.generation) return;
  if (!answer.ok || answer.coach?.game !== game) {
    const error = answer.ok ? { code: "unknown_puzzle", params: { id: wanted.value } }
      : answer.error;
    stop();
    return fallback(error);
  }
  const inSet = set ? { set, index: set.index, count: set.ids.length } : { set: null };
  start({ ...answer, coach: { ...answer.coach, ruleSet, ...inSet } }, focus);
}

function start(answer, focus) {
  coach = answer.coach;
  verdict = null;
  tries = 0;
  hintShown = false;
  revealed = false;
  shownAt = performance.now();
  document.body.classList.add("coaching");
  adopt(answer.view);
  table.show(answer.view);
  // the options, if open, step aside folded: they no longer hold the board's size
  if ($("setup-box").open) foldSetup();
  render();
  if (coach.kind === "lesson") {
    tellParent("lesson-open", { game: coach.game, step: coach.step, index: coach.index,
      count: coach.count });
  } else {
    tellParent("puzzle-open", { game: coach.game, id: coach.id, index: coach.index,
      count: coach.count, set: coach.set ? coach.set.ids : null });
  }
  if (focus) $("coach-goal").focus({ preventScroll: true }); // the goal is read first
}

/** What a framing page hears of an answer besides its verdict: the move in the game's
 * notation and how long the learner took (ms), and where it stands in the lesson or set. */
function answerFacts() {
  return { move: verdict?.move ?? null, latency: Math.round(performance.now() - shownAt),
    index: coach.index, count: coach.count };
}

/** Leave the lesson or puzzle: the game's own page, with the saved game. */
export function leave() {
  const game = coach?.game;
  stop();
  if (game) location.hash = `#/${game}`;
}

/** Forget the coach (another game or page is opened). */
export function stop() {
  coach = null;
  verdict = null;
  document.body.classList.remove("coaching");
  $("coach").hidden = true;
  keepBoardSize("coach", false);
}

/** The table showed a move: when it was the answer, the engine's verdict comes with it. */
export function onMoveShown(answer) {
  if (!coach || !answer.verdict) return;
  verdict = answer.verdict;
  tries += 1;
  hintShown = false; // the verdict takes the hint's room (the button shows it again)
  if (coach.kind === "lesson") {
    // *Muéstramelo*: the computer played it, the learner is not credited (the step is shown)
    if (credited()) markPassed(coach);
    tellParent("lesson-step", { game: coach.game, step: coach.step, correct: credited(),
      ...answerFacts(), ...(verdict.shown ? { shown: true } : {}) });
    if (credited() && passedAll(coach)) {
      tellParent("lesson-done", { game: coach.game, steps: coach.count });
    }
  } else if (tries === 1 && !revealed) {
    if (!coach.custom) markSolved(coach, verdict.correct); // a teacher's is in no series
    tellParent("puzzle-solved", { game: coach.game, id: coach.id, correct: verdict.correct,
      tries, ...answerFacts() });
  }
  render();
  $("coach-verdict").focus({ preventScroll: true });
}

/** The turn line's words once the answer is judged. */
export function judgedText() {
  if (!verdict?.move) return "";
  if (verdict.shown) return t("coach.turn.shown");
  return t(verdict.correct ? "coach.turn.right" : "coach.turn.wrong");
}

/** Whether the learner met the goal: their own move did, not the computer's demonstration
 * (the engine marks a verdict on *Muéstramelo*'s move `shown`). */
function credited() {
  return Boolean(verdict?.correct && !verdict.shown);
}

// --- the panel -------------------------------------------------------------------------------
function render() {
  const panel = $("coach");
  panel.hidden = false;
  panel.dataset.kind = coach.kind;
  // "shown": the answer asked for before any try (the board still takes the move)
  panel.dataset.state = !verdict ? "asking" : verdict.shown ? "shown"
    : verdict.correct ? "right" : verdict.move ? "wrong" : "shown";
  const held = Boolean(verdict) && holdsBoard() && !folds();
  keepBoardSize("coach", held);
  if (held) showBoardBelow($("coach-verdict"));
  const head = $("coach-head");
  const goal = $("coach-goal");
  const hint = $("coach-hint");
  const game = coach.game;
  if (coach.kind === "lesson") {
    const prefix = `lesson.${game}.${coach.step}`;
    head.textContent = t("coach.lesson.head", { game: t(`game.${game}.name`),
      step: coach.index + 1, count: coach.count, title: t(`${prefix}.title`) });
    goal.textContent = t(`${prefix}.goal`);
    hint.textContent = t(`${prefix}.hint`);
    showIntro(prefix);
  } else if (coach.custom) { // a teacher's position: no level, in no series
    head.textContent = t("coach.puzzle.head.teacher", { game: t(`game.${game}.name`) });
    goal.textContent = say(t, coach.question);
    hint.textContent = "";
  } else {
    head.textContent = t("coach.puzzle.head", { game: t(`game.${game}.name`),
      index: coach.index + 1, count: coach.count,
      level: t(`coach.puzzle.level.${coach.difficulty}`) });
    goal.textContent = say(t, coach.question);
    hint.textContent = coach.hint ? say(t, coach.hint) : "";
  }
  if (coach.kind !== "lesson") showIntro(null);
  renderLevels();
  hint.hidden = !hintShown || !hint.textContent;
  // the rules in play: a lesson's steps and the puzzles use several rule sets (Bul)
  const rules = optionsInWords(game, session.view?.options || {});
  $("coach-options").textContent = rules;
  $("coach-options").title = rules; // whole, where a phone shows one line of it
  $("coach-verdict").replaceChildren(...verdictParts());
  $("coach-verdict").hidden = !verdict;
  renderButtons();
  renderProgress();
}

/** A step that introduces the game's move says how it is done before its goal asks for it
 * (`lesson.<game>.<step>.intro`: the lesson's first step has one). */
function showIntro(prefix) {
  const intro = $("coach-intro");
  const key = prefix && `${prefix}.intro`;
  intro.hidden = !key || !i18n.has(key);
  if (intro.hidden) return intro.replaceChildren();
  const label = document.createElement("strong");
  label.textContent = `${t("coach.intro")}: `;
  intro.replaceChildren(label, t(key));
}

function verdictParts() {
  if (!verdict) return [];
  const parts = [];
  const line = document.createElement("p");
  line.className = "coach-said";
  if (verdict.shown) { // the demonstration: said as the computer's, never as the learner's
    // the log's sentence ("Sur siembra a (3 semillas)."), else the move's own words
    const entry = session.log.at(-1);
    const move = entry ? narration(entry) : `${moveWords(verdict.move)}.`;
    line.textContent = t("coach.shown", { move });
    const next = document.createElement("p");
    next.textContent = t("coach.shown.try");
    return [line, next];
  }
  line.textContent = t(verdict.correct ? "coach.right"
    : verdict.values ? (verdict.move ? "coach.solution.after" : "coach.solution") : "coach.wrong");
  const gist = gistOf();
  if (gist) line.append(" ", gist);
  parts.push(line);
  if (coach.kind === "lesson" && verdict.why) {
    const why = document.createElement("p");
    why.textContent = say(t, verdict.why);
    parts.push(why);
  }
  if (coach.kind === "puzzle" && verdict.values) {
    // "Show why" beside the answer's first line (style.css floats it there): in sight without
    // scrolling (issue 43: it came last, under the values and the line, below the fold at
    // 1366 × 768 and on a phone)
    parts.unshift(...whyParts());
    parts.push(...valueParts());
  } else if (coach.kind === "puzzle") parts.push(...wrongParts());
  return parts;
}

/** The verdict's first line said whole, in one sentence after its first words: the best move
 * by name, or that the one tried was not it ("The solution:" alone said nothing where a small
 * embed's folded panel shows that line only, issue 43 item 9). Empty for a lesson's step. */
function gistOf() {
  if (coach.kind !== "puzzle") return "";
  const gist = document.createElement("span");
  gist.className = "coach-gist";
  const best = verdict.best || [];
  if (verdict.values && best.length) {
    // "c", "c or d": any of them is the answer; a right answer is one of "c and d"
    const moves = new Intl.ListFormat(i18n.lang, { type: verdict.correct ? "conjunction"
      : "disjunction" }).format(best.map(moveWords));
    gist.textContent = t(verdict.correct ? "coach.gist.right" : "coach.gist.solution",
      { moves, n: best.length });
  } else if (verdict.move && !verdict.correct) {
    gist.textContent = t("coach.gist.wrong", { move: moveWords(verdict.move) });
  }
  return gist.textContent ? gist : "";
}

/** A wrong try: what the move did (the log's sentence) and that it is not the best; no
 * values and no best move, so that trying again still means something. */
function wrongParts() {
  const parts = [];
  const entry = session.log.at(-1);
  if (entry) {
    const did = document.createElement("p");
    did.className = "coach-did";
    did.textContent = t("coach.wrong.did", { said: narration(entry) });
    parts.push(did);
  }
  const next = document.createElement("p");
  next.textContent = t("coach.wrong.try");
  parts.push(next);
  return parts;
}

/** Why the best is best, what each move leads to (a fold), each move's
 * value, the best marked, the answer given marked, then the line that proves the best: all
 * from the engine's analysis. */
function valueParts() {
  const parts = [];
  // why the best is best, in the game's words (Bul: what the enemy's beans can reach
  // after it), as the printed answer key says it: before the numbers, for a learner
  for (const message of verdict.reasons || []) {
    const reason = document.createElement("p");
    reason.className = "coach-reason";
    reason.textContent = say(t, message);
    parts.push(reason);
  }
  parts.push(...eachParts());
  const ranked = Object.entries(verdict.values).sort(([, a], [, b]) => b - a);
  const list = document.createElement("ul");
  list.className = "coach-values";
  list.setAttribute("aria-label", t("coach.values"));
  const listed = ranked.slice(0, 8);
  // the answer given is always there, even when many moves are worth more
  const yours = ranked.slice(8).find(([move]) => move === verdict.move);
  if (yours) listed.push(yours);
  for (const [move, value] of listed) {
    const item = document.createElement("li");
    item.dataset.move = move;
    item.dataset.value = String(value);
    const best = verdict.best.includes(move);
    if (best) item.classList.add("best");
    if (move === verdict.move) item.classList.add("chosen");
    const name = document.createElement("code");
    name.textContent = moveWords(move);
    const marks = [best ? t("coach.best") : "", move === verdict.move ? t("coach.yours") : ""]
      .filter(Boolean).join(", ");
    item.append(name, `: ${valueWords(value)}`, marks ? ` (${marks})` : "");
    list.append(item);
  }
  parts.push(list);
  if (verdict.move && (verdict.value === null || verdict.value === undefined)) {
    const yours = document.createElement("p");
    yours.textContent = t("coach.yours_unlisted", { move: moveWords(verdict.move) });
    parts.push(yours);
  }
  if (verdict.line?.length) { // from the best move itself on
    const line = document.createElement("p");
    line.className = "coach-line";
    line.textContent = t("coach.line", {
      moves: [verdict.best[0], ...verdict.line].map(moveWords).join(" · ") });
    parts.push(line);
  }
  return parts;
}

/** What each move leads to (the game's `puzzle_move_reasons`), folded under the reasons and
 * opened in place: the reasons say the best move and the best other only (issue 43). */
function eachParts() {
  const each = Object.entries(verdict.each || {});
  if (each.length < 2) return [];
  const fold = document.createElement("details");
  fold.className = "coach-each";
  const summary = document.createElement("summary");
  summary.textContent = t("coach.each");
  const list = document.createElement("ul");
  for (const [move, message] of each) {
    const item = document.createElement("li");
    item.dataset.move = move;
    const name = document.createElement("code");
    name.textContent = moveWords(move);
    item.append(name, ": ", say(t, message));
    list.append(item);
  }
  fold.append(summary, list);
  // opened, its words come into sight where the answer scrolls in its box (the board stays)
  fold.addEventListener("toggle", () => {
    if (fold.open) list.scrollIntoView({ block: "nearest" });
  });
  return [fold];
}

/** "Show why": the line after the best move (and after the one tried, when it was not the
 * best) played on the board, step by step, in words (teach/why.js). */
function whyParts() {
  if (!table.explain || !verdict.why || !verdict.best?.length) return [];
  const choices = [{ move: verdict.best[0],
    label: t("why.best", { move: moveWords(verdict.best[0]) }) }];
  if (verdict.move && !verdict.correct) {
    choices.push({ move: verdict.move, label: t("why.yours", { move: moveWords(verdict.move) }) });
  }
  const open = button(t("why.open"), () => table.explain(coach.prelude || 0, choices,
    { you: true, title: t("why.title.puzzle") }), "secondary why-open");
  open.id = "coach-why";
  return [open];
}

function moveWords(move) {
  return session.module.moveText?.({ move }, { t, players: players() }) ?? move;
}

/** A value on the analysis' scale, from the point of view of the player who answers. */
function valueWords(value) {
  const kind = verdict.kind;
  if (kind === "margin") { // what a learner reads: seeds ahead from here, never "margin"
    const n = Math.abs(Math.round(value));
    const where = value > 0 ? "ahead" : value < 0 ? "behind" : "even";
    return t(`coach.value.margin.${where}`, { n });
  }
  const own = `${coach.game}.value.${kind}`;
  const key = i18n.has(own) ? own : `coach.value.${kind}`;
  // numbers as the reader's language writes them ("37 %" / "37%", "0,5" / "0.5")
  if (kind === "win_chance") return t(key, { pct: i18n.formatPercent(value, 0) });
  const n = Math.round(value * 10) / 10;
  return t(key, { n, signed: (n > 0 ? "+" : "") + i18n.formatNumber(n) });
}

function renderButtons() {
  const box = $("coach-buttons");
  box.replaceChildren();
  const lesson = coach.kind === "lesson";
  const right = lesson ? credited() : verdict?.correct;
  // `glyph`: a sign that stands for the words where room is short (the words stay its name)
  const add = (name, text, action, primary = false, glyph = "") => {
    const made = button(t(text), action, primary ? "primary" : "secondary");
    made.dataset.coach = name; // for tests and tools; people read the words
    if (glyph) {
      const label = document.createElement("span");
      label.className = "coach-label";
      label.textContent = t(text);
      const sign = document.createElement("span");
      sign.className = "coach-glyph";
      sign.setAttribute("aria-hidden", "true");
      sign.textContent = glyph;
      made.replaceChildren(sign, label);
      made.title = t(text);
    }
    box.append(made);
  };
  const toggleHint = () => {
    hintShown = !hintShown;
    $("coach-hint").hidden = !hintShown;
    box.querySelector('[data-coach="hint"]')?.setAttribute("aria-expanded", String(hintShown));
  };
  if (lesson && !verdict) {
    add("hint", "coach.hint", toggleHint);
    add("show", "coach.show", showMe);
  }
  const answered = Boolean(verdict?.values); // a puzzle's answer is on show
  if (!lesson && !answered && coach.hint) add("hint", "coach.hint", toggleHint, false, "?");
  if (verdict) add("again", "coach.again", again, !right, "↺");
  if (!lesson && !answered) add("solution", "coach.solution_button", showSolution);
  if (lesson && coach.index + 1 < coach.count) {
    add("next-step", "coach.next_step", () => goStep(coach.index + 2), right);
  }
  if (lesson && coach.index > 0) {
    add("previous-step", "coach.previous_step", () => goStep(coach.index), false, "◀");
  }
  const last = coach.set && coach.index + 1 >= coach.count; // a set's last puzzle: no next
  if (!lesson && verdict && !last) add("next-puzzle", "coach.next_puzzle", nextPuzzle, right);
  if (lesson && right && coach.index + 1 === coach.count) {
    const done = document.createElement("a");
    done.href = `#/${coach.game}?puzzle=day`;
    done.className = "button primary";
    done.dataset.coach = "to-puzzles";
    done.textContent = t("coach.to_puzzles");
    box.append(done);
  }
  add("leave", "coach.leave", leave, false, "✕");
  box.querySelector('[data-coach="hint"]')?.setAttribute("aria-expanded", String(hintShown));
}

/** The level control (puzzles of the game's own set only): easy, medium, hard. */
function renderLevels() {
  const box = $("coach-levels");
  const shown = coach.kind === "puzzle" && !coach.custom && !coach.set; // a set keeps its own
  box.hidden = !shown;
  if (!shown) return box.replaceChildren();
  // the puzzle's own level (a link or "next" may bring another than the one kept)
  const chosen = LEVELS.includes(coach.difficulty) ? coach.difficulty : puzzleLevel();
  const label = document.createElement("span");
  label.className = "coach-levels-label";
  label.textContent = t("coach.level");
  box.replaceChildren(label, ...LEVELS.map((level) => {
    const made = button(t(`coach.level.${level}`), () => chooseLevel(level), "secondary");
    made.dataset.level = String(level);
    made.setAttribute("aria-pressed", String(level === chosen));
    return made;
  }));
}

function renderProgress() {
  const box = $("coach-progress");
  box.replaceChildren();
  if (coach.kind === "lesson") {
    const passed = storage.loadProgress("lesson", coach.game);
    box.textContent = t("coach.lesson.passed", { n: Object.keys(passed).length,
      count: coach.count });
  } else if (coach.custom) { // counted against no set: the shelf's puzzles are not in it
    box.textContent = t("coach.puzzle.teacher");
  } else if (coach.set) { // a set counts its own puzzles
    const solved = storage.loadProgress("puzzle", coach.game);
    box.textContent = t("coach.puzzle.solved", { count: coach.count,
      n: coach.set.ids.filter((id) => solved[id]?.correct).length });
  } else {
    const solved = Object.values(storage.loadProgress("puzzle", coach.game))
      .filter((entry) => entry.correct).length;
    box.textContent = t("coach.puzzle.solved", { n: solved, count: coach.count });
  }
}

// --- what the buttons do -------------------------------------------------------------------
async function showMe() {
  await again(); // from the step's position, then the demonstration with its animation
  if (coach) table.play("lesson_demo");
}

/** The answer, asked for: from the engine, with the last try judged against it. Asked
 * before any try, the puzzle no longer counts as solved at the first try. */
async function showSolution() {
  const answer = await ask("puzzle_answer", {});
  if (!coach) return;
  if (!answer.ok) return table.showError(answer.error);
  if (tries === 0 && !coach.custom) markSolved(coach, false);
  if (tries === 0 && !revealed) { // asked for before any try: not solved at the first try
    tellParent("puzzle-solved", { game: coach.game, id: coach.id, correct: false, tries: 0,
      revealed: true, ...answerFacts(), move: null });
  }
  revealed = true;
  verdict = answer.verdict;
  hintShown = false;
  render();
  $("coach-verdict").focus({ preventScroll: true });
}

/** A level chosen: kept, and that level's puzzle of the day is set up. */
function chooseLevel(level) {
  write(LEVEL_KEY, String(level));
  const day = `#/${coach.game}?puzzle=day${ruleSetQuery(coach.game, coach.ruleSet)}`;
  if (location.hash === day) {
    openCoached(coach.game, { kind: "puzzle", value: "day", ruleSet: coach.ruleSet },
      table.showError);
  } else {
    location.hash = day;
  }
}

/** The teacher's own question of a teacher's puzzle, null for any other. */
function teacherQuestion() {
  const { key, params } = coach.question;
  return key === "coach.question.teacher" ? params.text : null;
}

async function again() {
  const wanted = coach.kind === "lesson" ? { kind: "lesson", value: String(coach.index + 1) }
    : coach.set ? coachWanted(coach.set.query)
    : { kind: "puzzle", value: coach.id, question: teacherQuestion(), ruleSet: coach.ruleSet };
  const keep = tries;
  const seen = revealed;
  // the person goes on where the focus was (the board, the panel's buttons)
  await openCoached(coach.game, wanted, table.showError, { focus: false });
  tries = keep;
  revealed = seen;
  renderButtons();
  // the button pressed is gone with the verdict: the person tries again on the board
  if (document.activeElement === document.body) table.focusBoard();
}

function goStep(number) {
  location.hash = `#/${coach.game}?learn=${number}`;
}

async function nextPuzzle() {
  const { game, ruleSet } = coach; // the next one of the same rule set, when one is kept to
  if (coach.set) {
    location.hash = setAddress(game, coach.set.query, coach.index + 2);
    return;
  }
  const answer = await ask("puzzles", ruleSet ? { game, rule_set: ruleSet } : { game });
  if (!answer.ok) return table.showError(answer.error);
  // the next one at this puzzle's level (the whole set if the game has none of it)
  const level = LEVELS.includes(coach.difficulty) ? coach.difficulty : puzzleLevel();
  const all = answer.puzzles;
  const shelf = all.some((p) => p.difficulty === level)
    ? all.filter((p) => p.difficulty === level || p.id === coach.id) : all;
  const here = shelf.findIndex((p) => p.id === coach.id);
  const solved = storage.loadProgress("puzzle", coach.game);
  const after = [...shelf.slice(here + 1), ...shelf.slice(0, Math.max(here, 0))]
    .filter((p) => p.difficulty === level || shelf === all);
  const next = after.find((p) => !solved[p.id]?.correct) || after[0] || shelf[here] || all[0];
  location.hash = `#/${game}?puzzle=${next.id}${ruleSetQuery(game, ruleSet)}`;
}

// --- progress, kept in the browser -----------------------------------------------------------
function markPassed({ game, step }) {
  const passed = storage.loadProgress("lesson", game);
  passed[step] = true;
  storage.saveProgress("lesson", game, passed);
}

function passedAll({ game, count }) {
  return Object.keys(storage.loadProgress("lesson", game)).length >= count;
}

function markSolved({ game, id }, correct) {
  const solved = storage.loadProgress("puzzle", game);
  if (!solved[id]?.correct) solved[id] = { correct, tries: 1 };
  storage.saveProgress("puzzle", game, solved);
}

/** The person's own date, for the puzzle of the day (no network, the same all day). */
function today() {
  const now = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}
