// The print kit of a game, `#/<game>/print`: a list of things to print (a real-size board,
// a score sheet, a worksheet of puzzles and its answer key, the rules…), each one its own
// printable page at `#/<game>/print?item=<name>&paper=a4|letter`. Printing is the browser's
// own: every sheet of paper is one `.print-sheet` of the paper's content box, so this page
// places the page breaks itself. Boards are the game view's own SVG, sized in mm.
//
// What a game prints, and how big, is its view's `print` member (games/<id>/print.js):
// {items: [name…], boards(ctx) → [{options, label}], cell: {units, key} (a square's size in
//  the drawing's units, and how to say it), puzzles: {count, perSheet, keyPerSheet (answers a sheet of the key; 4), textMm (the words'
//  share of a puzzle's room), start: {caption, observation(puzzle)} (the start drawn beside a
//  puzzle that begins earlier, with what it shows; none: not drawn), beside (the words beside
//  the board, not under it: a wide, low board — Bakuk's — drawn half as large again, with
//  lines to write on)},
//  scoreRows, scoreKey(ctx) → [line…] (the score sheet's key in the reader's words; else the
//  rules' notation), tally(ctx) → {intro, head, rows, wide, total, after} (the tally sheet the
//  teacher's notes ask pairs to keep), board(ctx) → {options, label} (the one board printed;
//  else the address's options), boardOption (an option whose values the kit offers as other
//  boards: a road's length), extra: {item: (ctx) → [sheet…]}}.
// A board drawn for paper is told so (`print` in its context): it leaves out the screen's
// controls (a panel of beans to throw, …).
import { BUILD } from "../build-info.js";
import * as i18n from "../kit/i18n.js";
import { GAME_VIEWS } from "../games/index.js";
import { button, el } from "../kit/dom.js";
import { glyph, say, seatPlayers } from "../kit/seats.js";
import { optionsIn } from "../links/params.js";
import { rulesArticle, rulesSection } from "./rules.js";
import { ask } from "../table/session.js";
import { ruleSetNamed } from "./rule-set.js";

const { t, formatNumber, formatPercent } = i18n;

// The paper's size and the margin every sheet keeps, in mm.
export const PAPERS = { a4: { width: 210, height: 297 }, letter: { width: 215.9, height: 279.4 } };
export const MARGIN_MM = 12;
const PAPER_ROOM = 2; // a drawing is laid out in this many times its room on paper (drawBoard)
const KEY_VALUES = 8; // at most this many moves' values in the answer key
// the words round a puzzle's drawing: heading, a two-line question, the answer line (32 mm
// measured on A4) and a margin: the rest of its share of the sheet is the board's
const TEXT_MM = 36;
// a worksheet with its words beside the board (`beside`): the board's share of the width, and
// the puzzle's heading above both
const BESIDE_SHARE = 0.56;
const BESIDE_HEAD_MM = 14;
// Regions whose paper is US Letter (the rest of the world uses A4, ISO 216).
const LETTER_REGIONS = ["US", "CA"];
const SHARED_ITEMS = { board: printBoards, score: printScoreSheet, puzzles: printWorksheet,
  key: printAnswerKey, rules: printRules, tally: printTally };

let shown = null; // {game, query, section, observer} of the kit on screen

/** The paper a person most likely has: Letter in the US and Canada, else A4. */
export function defaultPaper(languages = navigator.languages || [navigator.language || ""]) {
  const region = (languages[0] || "").split("-")[1]?.toUpperCase();
  return LETTER_REGIONS.includes(region) ? "letter" : "a4";
}

/** The content box of a sheet of `paper` in mm (the paper less its margins). */
export function contentBox(paper) {
  const { width, height } = PAPERS[paper];
  return { width: width - 2 * MARGIN_MM, height: height - 2 * MARGIN_MM };
}

// the page #/<game>/print, opened on demand (links/rooms.js; app.js adds it)
export const page = { open: openKit, close: closeKit };
// an answer key quotes the engine's words, some of them the lessons' (Bolonki's goal edges)
export const STRINGS = ["print", "rules", "notes", "lessons"];

async function openKit({ game, query, section }) {
  closeKit();
  shown = { game, query, section, observer: null };
  document.documentElement.classList.add("print-kit-open");
  // the page's language may change while the kit is open: draw it again
  shown.observer = new MutationObserver(() => shown && render(shown));
  shown.observer.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  const drawing = render(shown);
  section.querySelector(".print-kit-title")?.focus(); // reading starts at the kit's title
  await drawing;
}

function closeKit() {
  shown?.observer?.disconnect();
  shown = null;
  document.documentElement.classList.remove("print-kit-open");
  setPageSize(null);
}

function link(href, label, cls = "") {
  const a = el("a", { class: cls, text: label });
  a.href = href;
  return a;
}

async function render(kitShown) {
  const { game, query, section } = kitShown;
  const kit = GAME_VIEWS[game]?.print;
  const paper = Object.hasOwn(PAPERS, query.get("paper")) ? query.get("paper") : defaultPaper();
  const item = query.get("item");
  const base = `#/${game}/print`;
  const options = optionsOf(game, query);
  const kept = optionsQuery(options); // the game's options go along with every link of the kit
  setPageSize(paper);
  section.replaceChildren();
  section.dataset.paper = paper;
  const tools = el("div", { class: "print-tools" });
  const title = el("h1", { class: "print-kit-title",
    text: t("print.title", { game: t(`game.${game}.name`) }) });
  title.tabIndex = -1;
  tools.append(title);
  const nav = el("p", { class: "print-nav" });
  nav.append(link(`#/${game}${kept ? `?${kept.slice(1)}` : ""}`, t("print.back"),
    "button secondary"));
  if (item) nav.append(link(`${base}?paper=${paper}${kept}`, t("print.list"), "button secondary"));
  tools.append(nav);
  section.append(tools);
  if (!kit) { // a game with nothing to print (yet): said, and the way back is there
    const none = el("p", { class: "notice print-problem", text: t("print.none") });
    none.setAttribute("role", "alert");
    return section.append(none);
  }
  tools.append(paperChooser(base, item, paper, kept));
  if (!item) {
    section.append(itemList(kit, base, paper, kept));
    return;
  }
  if (!kit.items.includes(item)) {
    const problem = el("p", { class: "notice print-problem",
      text: t("print.unknown", { item: item.slice(0, 30) }) });
    problem.setAttribute("role", "alert");
    section.append(problem, itemList(kit, base, paper, kept));
    return;
  }
  const printButton = button(t("print.print"), () => window.print(), "primary print-now");
  nav.prepend(printButton);
  tools.append(el("p", { class: "print-advice", text: t("print.advice") }));
  const doc = el("div", { class: "print-doc" });
  doc.dataset.item = item;
  doc.setAttribute("aria-busy", "true");
  // the engine may take a while
  const making = el("p", { class: "print-making", text: t("print.making") });
  making.setAttribute("role", "status");
  section.append(making, doc);
  const ctx = { game, kit, paper, box: contentBox(paper), query, t, sheet, drawBoard, options,
    printed: null };
  const make = SHARED_ITEMS[item] || kit.extra?.[item];
  let sheets;
  try {
    sheets = await make(ctx);
  } catch (error) {
    sheets = [problemSheet(ctx, error)];
  }
  if (shown !== kitShown) return; // the address moved on meanwhile
  making.remove();
  if (item === "board" && kit.boardOption && ctx.printed) {
    tools.append(boardChooser(ctx, base, paper, kit.boardOption));
  }
  doc.append(...sheets);
  doc.setAttribute("aria-busy", "false");
  doc.dataset.ready = "true";
}

/** The rule set the address names (`variant=puluc`), as the engine's field: the worksheet
 * and its key keep to it (a plan teaching Puluc prints Puluc's puzzles). */
function ruleSetOf(ctx) {
  const ruleSet = ruleSetNamed(ctx.game, ctx.query);
  return ruleSet ? { rule_set: ruleSet } : {};
}

/** What the worksheet and its key ask the engine for: the same `count` puzzles, easy to hard
 * (`graded`), of the rule set and preferably the options the kit was opened with (the
 * plan's Puluc on its road of 13 rows). */
function sheetFields(ctx, count) {
  return { game: ctx.game, count, graded: true, options: ctx.options, ...ruleSetOf(ctx) };
}

/** Whose puzzles a sheet holds: the game's name, and the rule set's when the sheet keeps to
 * one (the engine's `rule_set`: "Bul · Puluc (variante 1)"): the class sees the sheet is of
 * the rules it learnt. */
function puzzlesOf(ctx, ruleSet) {
  const name = t(`game.${ctx.game}.name`);
  const option = BUILD.games[ctx.game].rule_set_option;
  return ruleSet ? `${name} · ${t(`option.${ctx.game}.${option}.${ruleSet}`)}` : name;
}

/** The options of the game the address names (`variant=…` and so on), known ones only: read
 * as the table reads them (params.js), so a link that opens a set-up prints its board. */
function optionsOf(game, query) {
  return optionsIn(query, BUILD.games[game]);
}

/** `options` as the tail of an address's query: "&length=9" (none: ""). */
function optionsQuery(options) {
  return Object.entries(options).map(([name, value]) =>
    `&${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`).join("");
}

/** The other boards on request: a link for each value of the game's `name` option (a road's
 * length), the one printed marked. Screen only, like every tool of the kit. */
function boardChooser(ctx, base, paper, name) {
  const { game } = ctx;
  const group = el("p", { class: "print-paper print-board-choice" });
  group.setAttribute("role", "group");
  const label = t(`option.${game}.${name}`);
  group.setAttribute("aria-label", label);
  group.append(el("span", { class: "print-paper-label", text: label }));
  const others = optionsQuery(Object.fromEntries(Object.entries(ctx.options)
    .filter(([n]) => n !== name)));
  for (const value of BUILD.games[game].options[name].values) {
    if (value === null) continue; // "the rules' own": one of the values listed
    const key = `option.${game}.${name}.${value}`;
    const a = link(`${base}?item=board&paper=${paper}${others}&${name}=${value}`,
      i18n.has(key) ? t(key) : formatNumber(value), "button secondary");
    a.dataset.value = value;
    if (value === ctx.printed[name]) a.setAttribute("aria-current", "true");
    group.append(a);
  }
  return group;
}

/** The paper of the sheets: print.css gives each paper its named page (`@page a4`). */
function setPageSize(paper) {
  const root = document.documentElement;
  for (const name of Object.keys(PAPERS)) root.classList.toggle(`print-paper-${name}`, name === paper);
}

function paperChooser(base, item, paper, kept) {
  const group = el("p", { class: "print-paper" });
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", t("print.paper"));
  group.append(el("span", { class: "print-paper-label", text: t("print.paper") }));
  for (const name of Object.keys(PAPERS)) {
    const a = link(`${base}?${item ? `item=${item}&` : ""}paper=${name}${kept}`,
      t(`print.paper.${name}`), "button secondary");
    a.dataset.paper = name;
    if (name === paper) a.setAttribute("aria-current", "true");
    group.append(a);
  }
  return group;
}

function itemList(kit, base, paper, kept) {
  const list = el("ul", { class: "print-items" });
  for (const name of kit.items) {
    const entry = el("li");
    entry.dataset.item = name;
    entry.append(link(`${base}?item=${name}&paper=${paper}${kept}`, t(`print.item.${name}`)),
      el("span", { class: "print-item-about", text: t(`print.item.${name}.about`) }));
    list.append(entry);
  }
  return list;
}

/** One sheet of paper: its title and what goes on it. */
function sheet(title, ...content) {
  const box = el("section", { class: "print-sheet" });
  box.append(el("h2", { class: "print-sheet-title", text: title }), ...content);
  return box;
}

function problemSheet(ctx, error) {
  const why = error?.code ? t(`error.${error.code}`, error.params || {}) : t("print.failed");
  const message = el("p", { class: "notice print-problem", text: why });
  message.setAttribute("role", "alert");
  return sheet(t(`print.item.${ctx.query.get("item")}`), message);
}

/** An engine answer, or a thrown error the sheet reports. */
async function asked(op, fields) {
  const answer = await ask(op, fields);
  if (!answer.ok) throw answer.error;
  return answer;
}

// --- drawings at real size ---------------------------------------------------------------
/**
 * The game's own board drawing `view` in a figure at a real size: fitted into `room`
 * ({width, height} mm; the sheet's content width and `height` by default), its width a
 * whole number of mm; with `size`, its size said under it (a board to play on: the pieces
 * must fit; a pupil's worksheet needs no millimetres). Returns the figure.
 */
function drawBoard(ctx, view, { room = {}, caption = null, cell = null, size = false } = {}) {
  const width = room.width ?? ctx.box.width;
  const height = room.height ?? ctx.box.height * 0.7;
  const figure = el("figure", { class: "print-drawing" });
  const holder = el("div", { class: "print-board print-board-drawing" });
  // the view picks its layout from the room it is given: the room on paper
  // twice the room in px: paper is read closer than a screen, so the view's roomy layout
  // (Bolonki's coordinates, which a question's "f4" needs) and never a phone's
  holder.style.width = `${width * PAPER_ROOM}mm`;
  holder.style.height = `${height * PAPER_ROOM}mm`;
  document.body.append(holder); // laid out while the view draws (it measures its room)
  const board = GAME_VIEWS[ctx.game].createBoard(holder, boardContext(ctx, view));
  board.draw({ steps: [], targets: {}, ...view });
  // a still copy: the view's own drawing may redraw itself when its room changes
  const drawing = holder.querySelector("svg").cloneNode(true);
  board.destroy();
  holder.remove();
  const [, , vw, vh] = drawing.getAttribute("viewBox").split(/[ ,]+/).map(Number);
  const scale = Math.min(width / vw, height / vh);
  const mmWide = Math.floor(vw * scale);
  const mmHigh = Math.round(((vh * mmWide) / vw) * 10) / 10;
  drawing.style.width = `${mmWide}mm`;
  drawing.style.height = `${mmHigh}mm`;
  drawing.dataset.widthMm = mmWide;
  drawing.dataset.heightMm = mmHigh;
  if (cell) drawing.dataset.cellMm = Math.round(cell.units * (mmWide / vw) * 10) / 10;
  drawing.setAttribute("role", "img");
  drawing.removeAttribute("aria-roledescription");
  drawing.removeAttribute("tabindex");
  for (const step of drawing.querySelectorAll("[tabindex]")) step.removeAttribute("tabindex");
  const words = [];
  if (caption) words.push(caption);
  if (size) words.push(t("print.size", { w: formatNumber(mmWide), h: formatNumber(mmHigh) }));
  if (size && cell) { // a square's or a hole's size, for choosing the pieces
    words.push(t(cell.key, { mm: formatNumber(Math.round(cell.units * (mmWide / vw))) }));
  }
  figure.append(drawing);
  if (words.length) {
    figure.append(el("figcaption", { class: size ? "print-size" : "print-caption",
      text: words.join(" · ") }));
  }
  return figure;
}

function boardContext(ctx, view) {
  const options = view.options || ctx.options;
  const obs = view.observation || view;
  return {
    t: (...args) => t(...args),
    players: () => (obs.seat_facts || []).map((fact) => ({ name: say(t, fact.name),
      symbol: fact.symbols.map(glyph).join(""), cls: `p${fact.player}` })),
    onStep: () => {}, tryStep: () => {}, speed: () => 0, controls: el("div"),
    play: () => {}, throwBeans: () => {}, isHuman: () => true, partial: () => "",
    back: () => {}, resume: () => {}, options,
    print: true, // on paper: the board alone, none of the screen's controls
  };
}

// --- the items every game has ------------------------------------------------------------
/** One sheet: the board of the options the kit was opened with (a road of the length
 * chosen), at real size; other boards are the kit's choice on screen (boardChooser). */
async function printBoards(ctx) {
  const answer = await asked("opening", { game: ctx.game, options: ctx.options });
  ctx.printed = answer.options; // every option filled in: which board this is
  const label = ctx.kit.board ? ctx.kit.board(ctx, answer.options) : null;
  const caption = label ?? t(`game.${ctx.game}.name`);
  const figure = drawBoard(ctx, { observation: answer.observation, options: answer.options },
    { caption, cell: ctx.kit.cell, size: true,
      room: { width: ctx.box.width, height: ctx.box.height - 40 } });
  return [sheet(t("print.board.title", { game: t(`game.${ctx.game}.name`) }), figure,
    scaleCheck())];
}

/** A 100 mm bar: measured on the paper, it says whether the printer kept the real size. */
function scaleCheck() {
  const bar = el("p", { class: "print-scale" });
  const line = el("span", { class: "print-scale-bar" });
  line.setAttribute("aria-hidden", "true");
  bar.append(line, el("span", { text: t("print.scale") }));
  return bar;
}

function printScoreSheet(ctx) {
  const players = seatPlayers(ctx.game, ctx.options, t);
  const rows = ctx.kit.scoreRows ?? 30;
  const table = el("table", { class: "print-score" });
  const head = el("tr");
  head.append(el("th", { text: t("print.score.move") }));
  for (const player of players) head.append(el("th", { text: `${player.symbol} ${player.name}` }));
  table.append(el("thead"), el("tbody"));
  table.tHead.append(head);
  for (let n = 1; n <= rows; n++) {
    const row = el("tr");
    row.append(el("td", { class: "print-score-n", text: String(n) }));
    for (let i = 0; i < players.length; i++) row.append(el("td"));
    table.tBodies[0].append(row);
  }
  const names = el("p", { class: "print-names", text: t("print.score.names") });
  const key = scoreKey(ctx);
  return [sheet(t("print.score.title", { game: t(`game.${ctx.game}.name`) }), names, table, key)];
}

/** How to write the moves down, in the reader's words: the game's own key when its
 * notation has words of the rules' language (Bul's "enter"), else the rules' notation. */
function scoreKey(ctx) {
  if (ctx.kit.scoreKey) {
    const box = el("section", { class: "rules-section print-notation" });
    const list = el("ul");
    for (const line of ctx.kit.scoreKey(ctx)) list.append(el("li", { text: line }));
    box.append(el("h3", { text: t("print.score.key") }), list);
    return box;
  }
  const key = rulesSection(ctx.game, "notation");
  key.classList.add("print-notation");
  key.querySelector("h3").textContent = t("print.score.key");
  return key;
}

/** The tally sheet the teacher's notes ask pairs to keep (the game's `tally` hook): what it
 * is for, a table with room for tally marks, on one sheet. */
function printTally(ctx) {
  const { intro = [], head, rows, wide = [], total = false, after = [] } = ctx.kit.tally(ctx);
  const table = el("table", { class: "print-score print-tally" });
  const top = el("tr");
  head.forEach((cell, i) => top.append(el("th", { class: wide.includes(i) ? "print-tally-wide" : "",
    text: cell })));
  table.append(el("thead"), el("tbody"));
  table.tHead.append(top);
  const line = (cells, cls = "") => {
    const row = el("tr", { class: cls });
    head.forEach((_, i) => row.append(el(i === 0 ? "th" : "td", { text: cells[i] ?? "" })));
    table.tBodies[0].append(row);
  };
  for (const cells of rows) line(cells);
  if (total) line([t("print.tally.total")], "print-tally-total");
  return [sheet(t("print.tally.title", { game: t(`game.${ctx.game}.name`) }),
    el("p", { class: "print-names", text: t("print.tally.names") }),
    ...intro.map((text) => el("p", { text })), table,
    ...after.map((text) => el("p", { class: "print-tally-after", text })))];
}

async function printWorksheet(ctx) {
  const { count, perSheet, textMm = TEXT_MM, start = null, beside = false } = ctx.kit.puzzles;
  const { puzzles, rule_set: ruleSet } = await asked("puzzle_sheet", sheetFields(ctx, count));
  // each puzzle's share of the sheet, less its heading, question and answer lines (beside
  // the board: less its heading, and the words' column)
  const share = (ctx.box.height - 16) / perSheet;
  const room = beside ? { width: ctx.box.width * BESIDE_SHARE, height: share - BESIDE_HEAD_MM }
    : { width: ctx.box.width, height: share - textMm };
  const blocks = puzzles.map((puzzle, i) => {
    const block = el("article", { class: beside ? "print-puzzle print-puzzle-beside" : "print-puzzle" });
    block.dataset.puzzle = puzzle.id;
    block.dataset.level = puzzle.difficulty;
    block.append(el("h3", { text: puzzleHeading(puzzle, i) }));
    const words = beside ? el("div", { class: "print-puzzle-words" }) : block;
    const drawings = el("div", { class: "print-puzzle-drawings" });
    const withStart = Boolean(puzzle.start && start); // watch, then answer: the start too
    const each = withStart ? { ...room, width: room.width / 2 - 4 } : room;
    if (withStart) {
      drawings.append(drawBoard(ctx, { observation: start.observation(puzzle),
        options: puzzle.options }, { room: each, caption: t(start.caption), cell: ctx.kit.cell }));
    }
    // a caption only where two drawings must be told apart (the start, the question)
    drawings.append(drawBoard(ctx, { observation: puzzle.observation, options: puzzle.options },
      { room: each, caption: withStart ? t("print.puzzle.position") : null, cell: ctx.kit.cell }));
    block.append(drawings);
    // the moves from the start drawn beside it (Bul's prelude, its throw, is in the question)
    if (withStart && puzzle.prelude.length) {
      block.append(el("p", { class: "print-prelude", text: t("print.puzzle.prelude",
        { moves: puzzle.prelude.join(", ") }) }));
    }
    // whose move it is, by name and symbol (Bul's and Buku's questions do not say), then
    // the question, in one paragraph: the board keeps its room
    const question = el("p", { class: "print-question" });
    const mover = puzzlePlayers(puzzle)[puzzle.observation.current_player];
    if (mover) {
      question.append(el("span", { class: "print-mover",
        text: t("print.puzzle.mover", { name: mover.name, symbol: mover.symbol }) }), " ");
    }
    question.append(say(t, puzzle.question));
    if (!beside) {
      words.append(question, el("p", { class: "print-answer-line", text: t("print.puzzle.answer") }));
      return block;
    }
    // beside the board: the answer and its reason each on lines of their own, to write on
    words.append(question, el("p", { class: "print-write", text: t("print.puzzle.write.move") }),
      el("p", { class: "print-write", text: t("print.puzzle.write.why") }),
      el("p", { class: "print-write-line" }), el("p", { class: "print-write-line" }));
    block.append(words);
    return block;
  });
  return paged(blocks, perSheet, (n, of) =>
    t("print.puzzles.title", { game: puzzlesOf(ctx, ruleSet), n, of }));
}

async function printAnswerKey(ctx) {
  const { count, perSheet, keyPerSheet } = ctx.kit.puzzles;
  const { puzzles, rule_set: ruleSet } = await asked("puzzle_sheet",
    { ...sheetFields(ctx, count), key: true });
  const blocks = puzzles.map((puzzle, i) => {
    const block = el("article", { class: "print-key" });
    block.dataset.puzzle = puzzle.id;
    block.append(el("h3", { text: puzzleHeading(puzzle, i) }));
    // each answer in a sentence: the move in the game's words, what it does (the engine's
    // events, narrated by the game), and what it is worth beside the best other move
    const [first, ...others] = puzzle.answers || [];
    if (first) block.append(el("p", { class: "print-best", text: answerText(ctx, puzzle, first) }));
    if (others.length) { // the others as good, named in one line (Buku's path walked back…)
      const list = new Intl.ListFormat(i18n.lang, { type: "conjunction" }).format(
        others.map(({ move }) => t("print.key.move", { move: moveWords(ctx, puzzle, move) })));
      block.append(el("p", { class: "print-also",
        text: t("print.key.also", { n: others.length, moves: list }) }));
    }
    for (const message of puzzle.explain) block.append(el("p", { text: say(t, message) }));
    // why it is best, in words: what it leaves the other side, beside the best other move
    // (the game's own reasons: Bul's beans' odds), before what each is worth
    for (const message of puzzle.reasons || []) {
      block.append(el("p", { class: "print-reason", text: say(t, message) }));
    }
    const compare = compareText(ctx, puzzle);
    if (compare) block.append(el("p", { class: "print-compare", text: compare }));
    // the best few moves' values: a list of forty is no help on paper
    const sorted = Object.entries(puzzle.values).sort((a, b) => b[1] - a[1]);
    const values = sorted.slice(0, KEY_VALUES)
      .map(([move, value]) => t("print.key.value", { move: moveWords(ctx, puzzle, move),
        value: valueText(value, puzzle.kind) }));
    if (sorted.length > KEY_VALUES) {
      values.push(t("print.key.more", { n: sorted.length - KEY_VALUES }));
    }
    block.append(el("p", { class: "print-values", text: `${t(`print.key.kind.${puzzle.kind}`)}: ` +
      values.join(" · ") }));
    if (puzzle.line.length) {
      block.append(el("p", { class: "print-line", text: t("print.key.line",
        { moves: lineText(ctx, puzzle) }) }));
    }
    return block;
  });
  return paged(blocks, keyPerSheet ?? Math.max(perSheet, 4), (n, of) =>
    t("print.key.title", { game: puzzlesOf(ctx, ruleSet), n, of }));
}

/** The players of a puzzle's position, as the game's words want them (name, symbol). */
function puzzlePlayers(puzzle) {
  return (puzzle.observation.seat_facts || []).map((fact) => ({ name: say(t, fact.name),
    symbol: fact.symbols.map(glyph).join(""), cls: `p${fact.player}` }));
}

/** A move in the game's words (Bul's "entra"), else its notation. */
function moveWords(ctx, puzzle, move) {
  const view = GAME_VIEWS[ctx.game];
  return view.moveText?.({ move }, { t, players: puzzlePlayers(puzzle) }) ?? move;
}

/** "Respuesta «3»: Rojo mueve de la fila 3 a la 7. …": the move and what it does, each
 * sentence of the game's narration begun with a capital and ended with a stop. */
function answerText(ctx, puzzle, { move, events }) {
  const player = puzzle.observation.current_player; // who answers: "Sur siembra b", by name
  const what = narrated(ctx, puzzle, { move, events, player });
  return t("print.key.answer", { move: moveWords(ctx, puzzle, move), what: what.join(" ") })
    .trim();
}

/** The line after the best move in the game's words, move by move, who plays it by name
 * ("Norte siembra d (1 semilla). Sur siembra b…"): bare notation ("d, b, e") read as a code
 * to a pupil (issue 43). A move the game does not narrate is named in its words. */
function lineText(ctx, puzzle) {
  const said = puzzle.line_said ?? puzzle.line.map((move) => ({ move, events: [] }));
  return said.map((entry) => {
    const what = narrated(ctx, puzzle, entry);
    return what.length ? what.join(" ")
      : t("print.key.move", { move: moveWords(ctx, puzzle, entry.move) });
  }).join(" ");
}

/** A move's events narrated by the game, each sentence begun with a capital and ended with
 * a stop. */
function narrated(ctx, puzzle, entry) {
  const view = GAME_VIEWS[ctx.game];
  const what = view.narrate?.(entry, { t, players: puzzlePlayers(puzzle) }) ?? [];
  return what.map((s) => s.trim()).filter(Boolean).map((s) => {
    const whole = /[.!?…]$/.test(s) ? s : `${s}.`;
    // "¡Captura…" or "siembra a…": the first letter, after any opening mark, a capital
    return whole.replace(/^([¡¿«"“(]*)(\p{L})/u,
      (_, marks, letter) => marks + letter.toLocaleUpperCase(i18n.lang));
  });
}

/** "Puzle 1 · fácil (bul-65)": its place on the sheet, its level (the sheet goes from easy to
 * hard) and its id (to find it on screen: #/<game>?puzzle=<id>). */
function puzzleHeading(puzzle, i) {
  const key = `coach.puzzle.level.${puzzle.difficulty}`;
  return i18n.has(key) ? t("print.puzzle.heading", { n: i + 1, level: t(key), id: puzzle.id })
    : t("print.puzzle.number", { n: i + 1, id: puzzle.id });
}

/** What the best move is worth beside the best of the others, in a sentence. */
function compareText(ctx, puzzle) {
  const entries = Object.entries(puzzle.values);
  const best = Math.max(...entries.map(([, v]) => v));
  const others = entries.filter(([move]) => !puzzle.best.includes(move))
    .sort((a, b) => b[1] - a[1]);
  const key = `print.key.compare.${puzzle.kind}`;
  if (!others.length || !i18n.has(key)) return "";
  const [other, value] = others[0];
  return t(key, { best: valueText(best, puzzle.kind), other: moveWords(ctx, puzzle, other),
    value: valueText(value, puzzle.kind), n: Math.round(best * 10) / 10 }); // "1 punto"
}

/** A move's value as the reader's language writes it: "67,8 %", "+6". */
function valueText(value, kind) {
  if (kind === "win_chance") return formatPercent(value);
  return formatNumber(Math.round(value * 10) / 10, { maximumFractionDigits: 1,
    signDisplay: "exceptZero" });
}

/** Blocks, `per` to a sheet; `title(n, of)` heads sheet n of `of`. */
function paged(blocks, per, title) {
  const sheets = [];
  const of = Math.max(1, Math.ceil(blocks.length / per));
  for (let n = 0; n < of; n++) sheets.push(sheet(title(n + 1, of), ...blocks.slice(n * per, n * per + per)));
  return sheets;
}

function printRules(ctx) {
  const doc = rulesArticle(ctx.game, ctx.options);
  doc.classList.add("print-rules");
  const box = el("section", { class: "print-flow" });
  box.append(doc);
  return [box];
}
