// Buku in words: a line's name, the move log's sentences and the one that ends the game,
// from the engine's events (which say the line's orientation, who moved and who received
// the pieces at the end).
import { resultText } from "../../kit/index.js";

/** "rank 3" or "file e", as the engine says what the line is. */
export function lineName(t, orientation, line) {
  return t(orientation === "file" ? "buku.file" : "buku.rank", { line });
}

// a move's notation: the line emptied (a rank's digit or a file's letter), then the path
const NOTATION = /^([1-8a-h]):(.*)$/;

/** A move's short name for the review's key moments and *Show why* ("la fila 3 (de f2 a
 * d5)"): the whole path ("3:f2-f1-e1-e2-…-d5") ran a moment to six lines beside a
 * projector's board (issue 43). The line and the path's ends; review's lists fall back to
 * the notation where two names would read alike. */
export function moveName(move, { t }) {
  const found = NOTATION.exec(String(move ?? ""));
  if (!found) return null;
  const [, line, path] = found;
  const name = lineName(t, /\d/.test(line) ? "rank" : "file", line);
  const squares = path ? path.split("-") : [];
  if (!squares.length) return t("buku.name.empty", { line: name });
  return t("buku.name", { line: name, n: squares.length, from: squares[0], to: squares.at(-1) });
}

/** The sentences of a move for the log and the live region. */
export function narrate(entry, { t, players }) {
  const name = players[entry.player]?.name ?? "";
  return (entry.events || []).map((event) => {
    if (event.type === "lift") {
      const line = lineName(t, event.orientation, event.line);
      if (event.bonus) return t("buku.log.lift.bonus", { name, line, n: event.pieces, hand: event.hand });
      return t("buku.log.lift", { name, line, n: event.pieces });
    }
    if (event.type === "place") {
      if (!event.path.length) return t("buku.log.place.none");
      // the count is the lift's sentence's (issue 43: the move list read a move in 4-5 lines)
      return t("buku.log.path", { n: event.path.length, from: event.path[0], to: event.path.at(-1) });
    }
    if (event.type === "capture") {
      return t("buku.log.capture", { n: event.total, squares: event.squares.join(", ") });
    }
    if (event.type === "end") return t(`buku.log.end.${event.reason}`, endParams(event, players));
    return "";
  }).filter(Boolean);
}

/** A move's words in the move list, short (issue 43: "Blanco vacía la fila 3 (7 fichas).
 * Camino de 7 casillas, de f2 a d5." beside its path's notation read a move in four or five
 * lines, one move in sight in a projector's column): who, the line, how many pieces and the
 * path's ends in one sentence, then the capture and the end as the log says them (the live
 * region keeps `narrate`'s whole sentences). */
export function logWords(entry, { t, players }) {
  const name = players[entry.player]?.name ?? "";
  const events = entry.events || [];
  const lift = events.find((event) => event.type === "lift");
  if (!lift) return narrate(entry, { t, players });
  const place = events.find((event) => event.type === "place");
  const rest = narrate({ ...entry, events: events.filter((e) => e !== lift && e !== place) },
    { t, players });
  const line = lineName(t, lift.orientation, lift.line);
  const path = place?.path ?? [];
  if (!path.length) return [t("buku.list.empty", { name, line }), ...rest];
  const params = { name, line, n: path.length, from: path[0], to: path.at(-1) };
  return [t(lift.bonus ? "buku.list.move.bonus" : "buku.list.move", params), ...rest];
}

/** What the end's sentences say: who moved, who received the pieces, how many, and what
 * each player received. */
function endParams(end, players) {
  return { name: players[end.player]?.name ?? "", other: players[end.receiver]?.name ?? "",
    n: end.pieces, white: end.distributed[0], black: end.distributed[1] };
}

/** The sentence that announces the end. */
export function result(view, { t, players, scoresShown }) {
  const obs = view.observation;
  const end = (view.events || []).find((e) => e.type === "end");
  const params = end ? endParams(end, players) : {};
  return resultText(t, players, obs, t(`buku.end.${obs.end_reason}`, params), { scoresShown });
}
