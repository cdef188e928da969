// Bul in words: the move log's sentences from a move's events, the banner a frame shows, the
// sentence that ends a game, and the names of sides and piles. Sides are named by the
// engine (`side_names`, `sides`); nothing here works out who is on which side.
import { say } from "../../kit/index.js";

/** A side's name; "team …" when more than one player sits on it. */
export function sideName(t, obs, side) {
  const name = say(t, obs.side_names?.[side]);
  return (obs.sides?.[side]?.players.length ?? 1) > 1 ? t("bul.team", { side: name }) : name;
}

/** The players of a pile, top first, by symbol and name. */
export function piecesText(players, pieces) {
  return pieces.map((p) => `${players[p]?.symbol ?? ""} ${players[p]?.name ?? ""}`).join(", ");
}

/** The banner a frame of a move shows for its event (a capture, a burn, home…). */
export function bannerText(t, players, event) {
  const name = players[event.player]?.name ?? "";
  switch (event.type) {
    case "capture": return t("bul.banner.capture", { n: event.captured.length });
    case "burn": return t("bul.banner.burn", { n: event.pieces.length });
    case "home": case "dissolve": return t(`bul.banner.${event.type}`, { name });
    case "free-captives": return t("bul.banner.free_captives", { n: event.pieces.length });
    case "pass": return t("bul.banner.pass", { name });
    default: return "";
  }
}

// a move's notation (docs/rules/bul.md, 7): the throw's value used (two-throw rules), then
// enter, pass or a row (backward with "b"; "@n" names the unit's controller in team play)
const NOTATION = /^(?:(\d+):)?(?:(enter|pass)|(\d+)(b?)(@\d+)?)$/;

/** A move's notation read into its parts — {value, word, row, back, controller}, the absent
 * ones "" — or null: the one reading of Bul's notation the log's words and the deeds share. */
export function readMove(move) {
  const found = NOTATION.exec(String(move ?? ""));
  if (!found) return null;
  const [, value = "", word = "", row = "", back = "", controller = ""] = found;
  return { value, word, row, back: back === "b", controller };
}

/** A move's notation for the log and the coach: its words in the reader's language (the
 * record keeps the rules' own); rows, values and seats stay numbers. Reads the notation
 * alone, so an entry with only a move will do. */
export function moveText(entry, { t }) {
  const move = readMove(entry.move);
  if (!move) return String(entry.move ?? "");
  const said = move.word ? t(`bul.move.${move.word}`)
    : move.back ? t("bul.move.back", { row: move.row }) : move.row;
  return `${move.value ? `${move.value}:` : ""}${said}${move.controller}`;
}

/** A move as a deed that opens a sentence ("Metiendo un hombre nuevo en el camino, tu bando
 * gana…"): the notation alone ("Con entra tu bando…") read as no sentence (issue 43). */
export function moveDeed(move, { t }) {
  const read = readMove(move);
  if (!read) return null;
  const { value, word, row, back } = read;
  if (word === "pass") return t("bul.deed.pass");
  const kind = word === "enter" ? "enter" : back ? "back" : "row";
  return t(`bul.deed.${kind}${value ? ".value" : ""}`, { value, row });
}

export function narrate(entry, { t, players }) {
  const name = (p) => players[p]?.name ?? "";
  const names = (list) => list.map(name).join(", ");
  return entry.events.map((e) => {
    switch (e.type) {
      case "throw":
        // the marked faces, when the engine says them
        return e.marks === undefined ? t("bul.log.throw.value", { name: name(e.player), value: e.value })
          : t("bul.log.throw", { name: name(e.player), value: e.value, k: e.marks });
      case "enter":
        return t("bul.log.enter", { name: name(e.player), row: e.to });
      case "move": {
        const key = e.backward ? "bul.log.back" : e.bounce ? "bul.log.bounce" : "bul.log.move";
        const whose = e.controller !== e.player ? t("bul.log.helps", { name: name(e.controller) }) : "";
        return t(key, { name: name(e.player), from: e.from, to: e.to, value: e.value }) + whose;
      }
      case "capture":
        return t("bul.log.capture", { row: e.row, n: e.captured.length, names: names(e.captured) });
      case "rescue":
        return t("bul.log.rescue", { names: names(e.pieces) });
      case "burn":
        return t("bul.log.burn", { row: e.row, n: e.pieces.length, names: names(e.pieces) });
      case "retire":
        return t("bul.log.retire", { name: name(e.player), n: e.prey.length });
      case "home":
        return t("bul.log.home", { name: name(e.player) });
      case "dissolve":
        return t("bul.log.dissolve", { name: name(e.player) });
      case "discard":
        return t("bul.log.discard", { n: e.pieces.length, names: names(e.pieces) });
      case "free":
        return t("bul.log.free", { names: names(e.pieces) });
      case "free-captives":
        return t("bul.log.free_captives", { n: e.pieces.length });
      case "pass":
        return e.lost.length ? t("bul.log.pass", { name: name(e.player), values: e.lost.join(", ") })
          : t("bul.log.pass_none", { name: name(e.player) });
      case "end":
        return e.winner === null || e.winner === undefined ? t("bul.log.end_draw")
          : t("bul.log.end", { side: t(`bul.side.${e.winner}`) });
      default:
        return "";
    }
  }).filter(Boolean);
}

export function result(view, { t, players }) {
  const obs = view.observation;
  const [a, b] = obs.taken;
  const tally = t("bul.end.taken", { a, b, sideA: say(t, obs.side_names[0]),
    sideB: say(t, obs.side_names[1]) });
  const why = t(`bul.end.${obs.end_reason}`, { n: obs.max_turns });
  if (obs.winner === null || obs.winner === undefined) return `${why} ${t("result.draw")} (${tally})`;
  const team = obs.sides[obs.winner].players;
  const members = team.length > 1 ? ` (${team.map((p) => players[p]?.name).join(", ")})` : "";
  return `${why} ${t("bul.end.win", { side: sideName(t, obs, obs.winner) })}${members} (${tally})`;
}
