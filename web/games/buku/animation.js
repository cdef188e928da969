// A Buku move shown in time: the engine's frames (the line lifted, each piece laid, the
// capture) drawn one after another, with what each does in words.
import { pause, playFrames } from "../../kit/index.js";
import { lineName } from "./words.js";

const FRAME_MS = { lift: 700, place: 160, capture: 900 };

/**
 * Shows the move that led to `view` (played from the view `before`): each frame fills
 * `shown` and calls `redraw(news)` (`news`: what the frame does, or "" to keep the last
 * words). `counts(board)` reads a frame's board; `alive()` is false once the board is gone.
 */
export async function animateMove(view, before, { shown, counts, redraw, ctx, alive }) {
  const t = ctx.t;
  const events = view.events || [];
  const lift = events.find((e) => e.type === "lift");
  if (!lift) return;
  const capture = events.find((e) => e.type === "capture");
  const names = ctx.players();
  // a move a person built step by step is on the board already up to its last square
  const built = before?.partial_facts?.line === lift.line ? before.partial_facts.path.length : -1;
  const path = [];
  shown.mover = lift.player;
  shown.last = null;
  const drawFrame = (frame) => {
    const obs = frame.observation;
    shown.counts = counts(obs.board);
    shown.hand = obs.hand ?? null;
    shown.captured = [];
    let news = "";
    if (frame.kind === "lift") {
      shown.line = lift.line;
      shown.lineSquares = lift.squares;
      shown.bonus = lift.bonus > 0;
      news = t(lift.bonus ? "buku.news.bonus" : "buku.news.lift", {
        n: lift.bonus ? lift.hand : lift.pieces, line: lineName(t, lift.orientation, lift.line),
        name: names[lift.player]?.name ?? "" });
    } else if (frame.kind === "place") {
      path.push(frame.at);
      shown.path = [...path];
    } else if (frame.kind === "capture" && capture) {
      shown.captured = capture.squares;
      news = t("buku.news.capture", { n: capture.total, name: names[capture.player]?.name ?? "" });
    }
    redraw(news);
  };
  let placed = 0;
  const delay = (frame) => {
    if (frame.kind === "place") placed += 1;
    const skip = frame.kind === "lift" ? built >= 0 : frame.kind === "place" && placed <= built;
    return skip ? 0 : FRAME_MS[frame.kind] ?? 300;
  };
  await playFrames(view.frames || [], drawFrame, delay, ctx.speed(), alive);
  await pause(0);
}
