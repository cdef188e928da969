// The computer explains: the game review (an evaluation graph over the moves, every decision
// graded, the key moments that jump the replay there, the luck of Bul's throws, Bolonki's
// challenges) and hints for learners (the best move, the value of each move on demand).
//
// Everything shown comes from the worker's "analyse" op (py/ludoteca/analysis/review.py):
// the page asks for ONE position at a time with a small budget, so play never freezes; a new
// move or game cancels a review in progress (it simply asks no further). Grades use the
// thresholds of ludoteca.analysis.THRESHOLDS — what a move gave away, on the game's scale:
//   margin (Bakuk, seeds):       best 0, good ≤ 2, inaccuracy ≤ 4, mistake ≤ 8, blunder > 8
//   win_chance (Bul):            best ≤ 0.5 %, good ≤ 3 %, inaccuracy ≤ 8 %, mistake ≤ 20 %,
//                                blunder > 20 %
//   score (Buku, Bolonki, Bakuk 3 players): best ≤ 0.05, good ≤ 0.5, inaccuracy ≤ 1.5,
//                                mistake ≤ 4, blunder > 4 points
// A game's data file that makes its analysis exact (a solved table) is fetched only when an
// answer says it `needs` it ({name, path}), or when a computer seat plays by it (the view's
// `needs`) — never at start-up.
// What a game adds is the engine's, in words (messages): a row's `note` on the move made
// there (shown for the position the replay is at, or the last move) and its key `moments`.
//
// createReview({ask, t, session, gotoPly, side, tools, hints, review}):
//   ask(op, fields) → the engine's answer; session → {view, generation, replay};
//   gotoPly(ply) shows the replay there; why: teach/why.js's box (a key moment's and a hint's
//   "Show why": the line after the move made and after the best, played on the board);
//   side: the side panel (the review's button goes after
//   its #replay bar, the panel at its end); tools: the table's tools (the hint button);
//   hints / review: false when the page's URL switched them off (hints=0, review=0).
//   watch: elements the table rewrites on every change (the turn line, the replay status):
//   the review refreshes when they change, so the table needs no call into this module.
// Returns {refresh()}.

import { $, button } from "../kit/dom.js";
import { say } from "../kit/seats.js";
import { svg } from "../kit/svg.js";
import { provide } from "../engine/data-files.js";
import { formatNumber, formatPercent } from "../kit/i18n.js";
import { players } from "../table/setup.js";
import { teachPanel, nameTeachPanel } from "./panel.js";
import { fitMoments, followMoments, releaseMoments } from "./moments-sight.js";
import { fitDrawer, followLog, holdBoardRoom, releaseBoardRoom, showLogMove } from "./review-room.js";
import { moveNames, moveWords as wordsOf } from "./move-names.js";

/** A chance (0–1) as the reader's language writes a whole percent: "37 %" / "37%". */
const percent = (share) => formatPercent(share, 0);

const GRADE_MARK = { best: "✓✓", good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };
const KEY_GRADES = ["blunder", "mistake"];
const LUCKY = 0.1; // a throw that moved its side's chances this much is a key moment
const PLY_BUDGET = 0.015; // seconds of analysis per position in a review: play stays fluid
const HINT_BUDGET = 0.5;
// a side column tall enough for a game's note on the position above the key moments
const ROOMY = matchMedia("(min-width: 901px) and (min-height: 801px)");
const BEST_NAMED = 4; // more equal best moves than this: a few named, the rest counted

export function createReview({
  ask, t, session, gotoPly, side, tools, why, watch = [], hints = true, review = true,
}) {
  // the head (its way back) stays in sight; the body scrolls in its own box where the
  // screen is short, the key moments first; the graph and the grades fold into one line
  // ("Graph and grades"), so that the review and the move list share the column
  const panel = teachPanel("review", "review", `
    <div class="review-body">
      <p id="review-progress" class="review-progress" role="status"></p>
      <details id="review-known-box" class="review-known-box" aria-live="polite" hidden>
        <summary id="review-known-title"></summary>
        <p id="review-known" class="review-known"></p>
      </details>
      <h3 id="review-moments-title"></h3>
      <ol id="review-moments" class="review-moments"></ol>
      <button type="button" id="review-moments-next" class="review-moments-next secondary"
        aria-controls="review-moments" aria-describedby="review-moments-title" hidden></button>
      <p id="review-luck" class="review-luck" hidden></p>
      <details id="review-more" class="review-more">
        <summary id="review-more-title"></summary>
        <div class="review-more-body">
          <figure class="review-graph-box">
            <figcaption id="review-scale"></figcaption>
            <div class="review-plot">
              <span id="review-high" class="review-y high"></span>
              <svg id="review-graph" class="review-graph" role="img" viewBox="0 0 400 120"
                preserveAspectRatio="none"></svg>
              <span id="review-low" class="review-y low"></span>
            </div>
            <p id="review-x" class="review-x"></p>
          </figure>
          <div class="review-notes">
            <h3 id="review-grades-title"></h3>
            <p id="review-key" class="review-key"></p>
            <ol id="review-grades" class="review-grades"></ol>
          </div>
        </div>
      </details>
    </div>`);
  // with the replay it drives, before the move list: its key moments in sight at once
  const replayBarFirst = side.querySelector("#replay");
  if (replayBarFirst) replayBarFirst.after(panel);
  else side.append(panel);
  const hintBox = document.createElement("div");
  hintBox.id = "hint-box";
  hintBox.className = "hint-box";
  hintBox.hidden = true;
  hintBox.setAttribute("role", "status");
  tools.after(hintBox);

  const openButton = button("", () => start(), "secondary");
  openButton.id = "review-open";
  const hintButton = button("", () => showHint(), "secondary");
  hintButton.id = "hint-open";
  openButton.hidden = !review;
  hintButton.hidden = !hints;
  tools.append(hintButton);
  // the review belongs with the replay it drives (the side panel: a drawer on phones)
  const replayBar = side.querySelector("#replay");
  if (replayBar) replayBar.after(openButton);
  else side.prepend(openButton);
  $("review-close").addEventListener("click", close);

  let run = 0; // bumps to cancel the review in progress
  let rows = []; // per ply: the engine's analysis
  let reviewed = null; // {generation, length} of the game being reviewed
  let openedDrawer = false; // a phone's drawer opened by the review, closed with it

  function labels() {
    nameTeachPanel(panel, t("review.title"), t("review.close"));
    // its short form ("Cerrar"), shown where the button stands in the replay's row (the
    // projector look, review.css); its name stays the whole sentence
    const close = $("review-close");
    const long = document.createElement("span");
    long.className = "close-long";
    long.textContent = t("review.close");
    const short = document.createElement("span");
    short.className = "close-short";
    short.setAttribute("aria-hidden", "true");
    short.textContent = t("review.close.short");
    close.replaceChildren(long, short);
    // its short form where the column is narrow (the projector look, review.css): a line
    // more for the key moments
    const more = $("review-more-title");
    more.replaceChildren(...["long", "short"].map((form) => {
      const words = document.createElement("span");
      words.className = `more-${form}`;
      words.textContent = t(form === "long" ? "review.more" : "review.more.short");
      return words;
    }));
    $("review-moments-title").textContent = t("review.moments");
    $("review-grades-title").textContent = t("review.grades");
    // the grades' marks, explained (chess's marks mean nothing to a newcomer)
    $("review-key").textContent = t("review.key", Object.fromEntries(
      Object.entries(GRADE_MARK).map(([grade, mark]) => [grade, `${mark} ${t(`review.grade.${grade}`)}`])));
    openButton.textContent = t("review.open");
    hintButton.textContent = t("review.hint");
  }

  async function analyse(ply) {
    let answer = await ask("analyse", { ply, budget: PLY_BUDGET });
    if (answer.ok && (await provide(answer.needs))) {
      answer = await ask("analyse", { ply, budget: PLY_BUDGET });
    }
    return answer;
  }

  async function start() {
    const view = session.view;
    if (!view) return;
    const mine = ++run;
    const generation = session.generation;
    const length = view.length ?? view.ply;
    reviewed = { generation, length };
    rows = [];
    // a game's note on the position (Bolonki's: what could have been known) unfolded where
    // the column is tall; folded to its one line where it is short (four lines above the
    // key moments left one in sight at 1280 × 720 and on a laptop: issue 43)
    $("review-known-box").open = ROOMY.matches;
    holdBoardRoom(); // measured before the review takes its column: the board keeps its size
    panel.hidden = false;
    document.body.classList.add("reviewing"); // the move list steps aside: room for the review
    followLog(logMove);
    followMoments();
    // narrow screens: the review is in the side drawer; open it the page's own way
    const drawer = document.getElementById("side-open");
    if (drawer && drawer.offsetParent !== null && drawer.getAttribute("aria-expanded") !== "true") {
      drawer.click();
      openedDrawer = true;
    }
    fitDrawer();
    panel.scrollIntoView({ block: "nearest" });
    hintBox.hidden = true;
    why.close(); // a hint's line: the review starts from the game as it stands
    draw(length);
    for (let ply = 0; ply <= length; ply++) {
      const answer = await analyse(ply);
      // a new move or game, or the panel closed: this review is over
      if (mine !== run || generation !== session.generation ||
          (session.view.length ?? session.view.ply) !== length) return;
      if (!answer.ok) {
        $("review-progress").textContent = t("review.failed");
        return;
      }
      rows[ply] = answer.analysis;
      $("review-progress").textContent = t("review.progress", { ply, n: length });
      if (ply % 8 === 0 || ply === length) draw(length);
    }
    $("review-progress").textContent = t("review.done", { n: length });
    panel.dataset.ready = "true";
    draw(length);
  }

  function close() {
    why.close(); // a key moment's line goes with the review
    run++;
    panel.hidden = true;
    document.body.classList.remove("reviewing");
    releaseBoardRoom();
    releaseMoments();
    delete panel.dataset.ready;
    // the review's close is the drawer's only one while it is open (review.css): the drawer
    // the review opened goes with it, the focus on the drawer's button (app.js)
    if (openedDrawer && document.body.classList.contains("side-open")) {
      document.getElementById("side-close")?.click();
    }
    openedDrawer = false;
  }

  function draw(length) {
    labels();
    const done = rows.filter(Boolean);
    const kind = done[0]?.kind;
    drawGraph(length, kind);
    const [side, other] = sideNames();
    $("review-scale").textContent = kind ? t(`review.scale.${kind}`, { side, other }) : "";
    drawMoments(kind);
    drawGrades();
    drawLuck();
    drawKnown();
    if (!panel.hidden) fitMoments(); // each of them whole in sight (moments-sight.js)
  }

  function drawGraph(length, kind) {
    const graph = $("review-graph");
    graph.replaceChildren();
    graph.setAttribute("aria-label", t("review.graph"));
    const points = rows.map((r, ply) => [ply, r?.outlook]).filter(([, v]) => typeof v === "number");
    const width = 400, height = 120;
    let low = -1, high = 1;
    if (kind === "win_chance") { low = 0; high = 1; }
    for (const [, v] of points) { low = Math.min(low, v); high = Math.max(high, v); }
    const x = (ply) => (length ? (ply / length) * width : 0);
    const pad = 6; // the dots of the extremes stay inside the frame
    const y = (v) => height - pad - ((v - low) / (high - low || 1)) * (height - 2 * pad);
    const middle = kind === "win_chance" ? 0.5 : 0;
    svg("line", { x1: 0, x2: width, y1: y(middle), y2: y(middle), class: "axis" }, graph);
    if (points.length > 1) {
      const line = points.map(([p, v]) => `${x(p).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
      svg("polyline", { points: line, class: "outlook" }, graph);
    }
    for (const [ply, v] of points) {
      const grade = rows[ply]?.grade;
      if (!KEY_GRADES.includes(grade)) continue;
      const dot = svg("circle", { cx: x(ply), cy: y(v), r: 4, class: `dot ${grade}` }, graph);
      svg("title", {}, dot).textContent = t(`review.grade.${grade}`);
    }
    // a read-out on hover: each position's value, in the game's unit
    for (const [ply, v] of points) {
      const spot = svg("rect", { x: x(ply) - width / Math.max(length, 1) / 2, y: 0,
        width: width / Math.max(length, 1), height, class: "spot" }, graph);
      svg("title", {}, spot).textContent = t("review.at", { ply, value: valueWords(kind, v) });
    }
    const at = session.replay ? session.replay.ply : length;
    svg("line", { x1: x(at), x2: x(at), y1: 0, y2: height, class: "now" }, graph);
    // the axes in words: what the top and the bottom mean, and which moves run across
    const [side, other] = sideNames();
    const top = kind === "win_chance" ? 1 : high;
    const bottom = kind === "win_chance" ? 0 : low;
    $("review-high").textContent = kind ? t("review.axis.high",
      { side, value: valueWords(kind, top) }) : "";
    $("review-low").textContent = kind ? t("review.axis.low",
      { side: kind === "win_chance" ? side : other, value: valueWords(kind, bottom) }) : "";
    $("review-x").textContent = t("review.axis.x", { n: length });
    // what a screen reader reads for the graph: where the game ended, and its biggest swing
    const last = points.at(-1);
    let swing = null;
    for (let i = 1; i < points.length; i++) {
      const change = points[i][1] - points[i - 1][1];
      if (!swing || Math.abs(change) > Math.abs(swing.change)) swing = { ply: points[i][0], change };
    }
    graph.setAttribute("aria-label", [t("review.graph"),
      last && kind ? t("review.graph.end", { ply: last[0], value: valueWords(kind, last[1]), side })
        : "",
      swing && kind && swing.change ? t("review.graph.swing", { ply: swing.ply,
        value: valueWords(kind, swing.change) }) : ""].filter(Boolean).join(" "));
  }

  /** The two sides as the table names them: player 0's, and the other(s). */
  function sideNames() {
    const names = (session.view?.observation?.side_names || []).map((name) => say(t, name));
    return [names[0] ?? playerName(0), names.length === 2 ? names[1] : t("review.others")];
  }

  /** A value of the graph (player 0's point of view) in the game's unit, signed. */
  function valueWords(kind, value) {
    if (kind === "win_chance") return percent(value);
    const n = Math.round(value * 10) / 10;
    return t(kind === "margin" ? "review.value.seeds" : "review.value.points",
      { n, count: (n > 0 ? "+" : "") + formatNumber(n) });
  }

  /** What the player gave away, in words of the game's scale (seeds where it counts
   * seeds). */
  function loss(row) {
    if (row.kind === "win_chance") return t("review.loss.chance", { pct: percent(row.loss) });
    const n = Math.round(row.loss * 10) / 10;
    return t(row.kind === "margin" ? "review.loss.seeds" : "review.loss.points",
      { n, count: formatNumber(n) });
  }

  function moment(ply, text, grade, row = null) {
    const item = document.createElement("li");
    const jump = document.createElement("button");
    jump.type = "button";
    jump.className = `moment ${grade || ""}`;
    jump.dataset.ply = ply;
    jump.textContent = text;
    jump.addEventListener("click", () => gotoPly(ply));
    item.append(jump);
    if (row?.line && row.best?.length) item.append(whyButton(ply, row));
    return item;
  }

  /** "Show why" for a graded move: the line after the move made, then after the best. */
  function whyButton(ply, row) {
    const who = playerName(row.player);
    const [played, best] = moveNames(session, t, [row.played, row.best[0]]);
    const made = button(t("why.open"), () => why.explain(ply, [
      { move: row.played, label: t("why.played", { who, move: played }) },
      { move: row.best[0], label: t("why.best", { move: best }) },
    ], { title: t("why.title.moment", { ply: ply + 1 }), back: t("why.back.review") }),
    "secondary why-open");
    made.dataset.ply = ply;
    made.setAttribute("aria-label", t("why.open.moment", { ply: ply + 1 }));
    return made;
  }

  function drawMoments() {
    const list = $("review-moments");
    list.replaceChildren();
    const moments = [];
    rows.forEach((row, ply) => {
      if (!row) return;
      const who = playerName(row.player);
      if (KEY_GRADES.includes(row.grade)) {
        // the moves by their short names where the game has them (Buku's paths); only those
        // the sentence shows are told apart (screens56: Buku's three best moves of the same
        // ends, one named "and 2 more", fell back to its path's notation)
        const shown = row.best.length <= 2 ? row.best : row.best.slice(0, 1);
        const [played, ...best] = moveNames(session, t, [row.played, ...shown]);
        moments.push([row.loss, moment(ply, t("review.moment.grade", {
          ply: ply + 1, who, move: played, grade: t(`review.grade.${row.grade}`),
          best: momentBest(best, row.best.length), loss: loss(row) }), row.grade, row)]);
      }
      if (typeof row.luck === "number" && Math.abs(row.luck) >= LUCKY) {
        moments.push([Math.abs(row.luck), moment(ply, t("review.moment.luck", {
          ply: ply + 1, who, throw: row.played,
          pct: percent(row.luck) }), row.luck > 0 ? "lucky" : "unlucky")]);
      }
      for (const m of row.moments || []) { // the game's own, in its words
        moments.push([m.weight, moment(m.ply, say(t, m.message), m.tone)]);
      }
    });
    moments.sort((a, b) => b[0] - a[0]);
    for (const [, item] of moments.slice(0, 8)) list.append(item);
    if (!moments.length && panel.dataset.ready) {
      const none = document.createElement("li");
      none.textContent = t("review.no_moments");
      list.append(none);
    }
  }

  /** A key moment's best moves (their names): one or two, the rest counted (Bolonki's or
   * Buku's four equal best jumps, named, ran a moment to six lines beside the board) */
  function momentBest(named, count) {
    if (count <= 2) return named.join(", ");
    return t("review.best.more", { moves: named[0], n: count - 1 });
  }

  /** The move list's item of the position shown (the replay's, or the last move). */
  function logMove() {
    const log = document.getElementById("log");
    const ply = session.replay?.ply;
    if (ply === 0) return log?.firstElementChild; // the start: the list's top
    return (ply !== undefined && log?.querySelector(`li[data-ply="${ply}"]`)) ||
      log?.lastElementChild;
  }

  /** A player as the table names him (Bolonki "Azul/Amarillo"), else "Player n". */
  function playerName(p) {
    const fact = session.view?.observation?.seat_facts?.[p];
    return fact?.name ? say(t, fact.name) : t("review.player", { n: p + 1 });
  }

  /** The game's note on the move that led to the position shown (the replay's, or the
   * last). */
  function drawKnown() {
    const at = session.replay ? session.replay.ply : reviewed.length;
    const note = at > 0 ? rows[at - 1]?.note : null;
    $("review-known-box").hidden = !note;
    $("review-known-title").textContent = note
      ? t("review.known.fold", { ply: at, count: formatNumber(at) }) : "";
    $("review-known").textContent = note ? say(t, note) : "";
  }

  function drawGrades() {
    const list = $("review-grades");
    list.replaceChildren();
    const counts = {};
    for (const row of rows) {
      if (!row?.grade) continue;
      counts[row.player] ??= {};
      counts[row.player][row.grade] = (counts[row.player][row.grade] || 0) + 1;
    }
    for (const [player, grades] of Object.entries(counts)) {
      const item = document.createElement("li");
      const parts = Object.keys(GRADE_MARK).filter((g) => grades[g]).map((g) =>
        `${GRADE_MARK[g]} ${t(`review.grade.${g}`)}: ${grades[g]}`);
      item.textContent = `${playerName(Number(player))} — ${parts.join(" · ")}`;
      item.dataset.player = player;
      list.append(item);
    }
  }

  function drawLuck() {
    const box = $("review-luck");
    const sides = {};
    for (const row of rows) {
      if (typeof row?.luck !== "number") continue;
      sides[row.side] = (sides[row.side] || 0) + row.luck;
    }
    const names = session.view?.observation?.side_names || [];
    box.hidden = Object.keys(sides).length === 0;
    box.textContent = Object.entries(sides).map(([side, luck]) =>
      t("review.luck", { side: say(t, names[side]), pct: percent(luck) })).join(" · ");
  }

  async function showHint() {
    const view = session.view;
    if (!view || view.terminal || session.replay) return;
    const generation = session.generation;
    hintBox.hidden = false;
    hintBox.textContent = t("review.thinking");
    let answer = await ask("hint", { budget: HINT_BUDGET });
    if (answer.ok && (await provide(answer.needs))) answer = await ask("hint", { budget: HINT_BUDGET });
    if (generation !== session.generation || session.view !== view) return;
    if (!answer.ok) {
      hintBox.textContent = t("review.failed");
      return;
    }
    const hint = answer.hint;
    hintBox.replaceChildren();
    const best = document.createElement("p");
    best.className = "hint-best";
    best.textContent = bestWords(hint.best.map(moveWords));
    const more = document.createElement("button");
    more.type = "button";
    more.className = "secondary hint-values-open";
    more.textContent = t("review.hint.values");
    const values = document.createElement("ol");
    values.className = "hint-values";
    values.hidden = true;
    const sorted = Object.entries(hint.moves).sort((a, b) => b[1] - a[1]).slice(0, 12);
    for (const [move, value] of sorted) {
      const item = document.createElement("li");
      item.dataset.move = move;
      item.textContent = `${moveWords(move)}: ${format(hint.kind, value)}`;
      values.append(item);
    }
    more.addEventListener("click", () => { values.hidden = !values.hidden; });
    hintBox.append(best, ...reasonParts(hint), ...hintWhy(hint, view), more, values);
    hinted = hint.best;
    markHint();
  }

  /** The hint's best moves marked on the board (again after the board is redrawn: a line
   * shown and left puts the game back, with its marks). */
  function markHint() {
    const marked = !hintBox.hidden && !session.replay ? hinted : [];
    for (const step of document.querySelectorAll("#board [data-step]")) {
      step.classList.toggle("hint-step", marked.includes(step.dataset.step));
    }
  }

  /** The best moves in words: a few, and how many more (all marked on the board). A whole
   * list of Bolonki's equal first steps (forty) filled a projector's hint box. */
  function bestWords(named) {
    if (named.length <= BEST_NAMED) return t("review.hint.best", { moves: named.join(", ") });
    const shown = named.slice(0, BEST_NAMED - 1);
    return t("review.hint.best.many", { moves: shown.join(", "), n: named.length - shown.length });
  }

  /** "Show why" for a hint: the line after the best move, then after the next best. */
  function hintWhy(hint, view) {
    if (!hint.line || !hint.best.length) return [];
    const choices = [{ move: hint.best[0], label: t("why.best", { move: moveWords(hint.best[0]) }) }];
    const next = hint.reason?.next?.move;
    if (next) choices.push({ move: next, label: t("why.next.move", { move: moveWords(next) }) });
    const made = button(t("why.open"), () => why.explain(view.length ?? view.ply, choices,
      { you: true, title: t("why.title.hint") }), "secondary why-open");
    made.id = "hint-why";
    return [made];
  }

  /** A move as the reader's language shows it (Bul's "enter" is "entrar" in Spanish); the
   * notation where the game's words are the notation itself. */
  function moveWords(move) {
    return wordsOf(session, t, move);
  }

  /** Why the best move is best, in words: what it does (the log's sentence for it), and
   * what the next best does and how much less it is worth. */
  function reasonParts(hint) {
    const why = hint.reason;
    if (!why) return [];
    const does = (done) => session.module.narrate({ ...done, ply: 0 }, { t, players: players() })
      .filter(Boolean).join(" ");
    const parts = [];
    const line = document.createElement("p");
    line.className = "hint-why";
    line.textContent = t("review.hint.why", { does: does(why.best) });
    parts.push(line);
    if (why.next) {
      const versus = document.createElement("p");
      versus.className = "hint-versus";
      versus.textContent = t("review.hint.versus", { gap: gapWords(hint.kind, why.gap),
        next: moveWords(why.next.move), does: does(why.next) });
      parts.push(versus);
    }
    return parts;
  }

  /** How much better, on the analysis' scale, as a size ("4 seeds", "12 points of chance"). */
  function gapWords(kind, gap) {
    if (kind === "win_chance") {
      const n = Math.round(gap * 100);
      return t("review.gap.chance", { n, count: formatNumber(n) });
    }
    const n = Math.round(gap * 10) / 10;
    // the number picks its plural form; {count} is written the reader's way ("0,6")
    return t(kind === "margin" ? "review.gap.seeds" : "review.gap.points",
      { n, count: formatNumber(n) });
  }

  function format(kind, value) {
    if (kind === "win_chance") return percent(value);
    const n = Math.round(value * 10) / 10;
    return t(kind === "margin" ? "review.value.seeds" : "review.value.points",
      { n, count: (n > 0 ? "+" : "") + formatNumber(n) });
  }

  function refresh() {
    labels();
    const view = session.view;
    // a computer seat that plays by a data file (a solved table): fetch it now
    if (view?.needs) provide(view.needs);
    // no hint for a throw of the beans: there is nothing to choose
    hintButton.disabled = !view || view.terminal || !!session.replay || view.current_player === -1;
    openButton.disabled = !view || (view.length ?? view.ply) === 0;
    // a new move or game makes the review stale (stepping through the replay does not)
    if (!panel.hidden && reviewed && (!view || session.generation !== reviewed.generation ||
        (view.length ?? view.ply) !== reviewed.length)) close();
    if (!panel.hidden && rows.length) {
      drawGraph(rows.length - 1, rows.find(Boolean)?.kind);
      drawKnown();
      showLogMove(logMove); // a key moment or a step of the replay: its move in the list
    }
    if (session.view !== lastView) hintBox.hidden = true;
    lastView = session.view;
    why.sync();
    if (!hintBox.hidden) markHint();
  }
  let lastView = null;
  let hinted = []; // the moves the hint shown marks on the board

  labels();
  const observer = new MutationObserver(() => refresh());
  for (const element of watch) {
    observer.observe(element, { childList: true, characterData: true, subtree: true });
  }
  return { refresh };
}
