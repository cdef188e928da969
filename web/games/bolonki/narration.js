// Bolonki in words, from the engine's events: the log's sentences, the turn line after a
// lost turn, the end of the game, and a challenge named in the log instead of its notation.
import { resultText } from "../../kit/index.js";

export function narrate(entry, { t, players }) {
  const name = (p) => players[p]?.name ?? "";
  return entry.events.map((event) => {
    switch (event.type) {
      case "move":
        return t(event.jump ? "bolonki.log.jump" : "bolonki.log.step",
          { name: name(event.player), path: event.path.join("→") });
      case "reveal":
        if (event.result === "scored") { // a piece out stays face up: its colour is public
          return t("bolonki.log.scored", { square: event.square,
            piece: t(`bolonki.piece.${event.colour}`) });
        }
        return t("bolonki.log.returned", { square: event.square, to: event.to });
      case "challenge":
        return t(`bolonki.log.challenge.${event.result}`, {
          name: name(event.player), mover: name(event.mover), square: event.square,
          to: event.to,
        });
      case "skip":
        return t("bolonki.log.skip", { name: name(event.player) });
      case "pass":
        return t("bolonki.log.pass", { name: name(event.player) });
      case "end":
        return event.reason === "all_out"
          ? t("bolonki.log.end.all_out", { name: name(event.winner) })
          : t("bolonki.log.end.max_moves");
      default:
        return "";
    }
  });
}

/** After a failed challenge the turn line says why this player moves (again). */
export function turnNote(view, { t, players }) {
  const p = view.current_player;
  const skipped = (view.events || []).find((e) => e.type === "skip" && e.player !== p);
  return skipped && players[skipped.player]
    ? t("bolonki.turn.after_skip", { name: players[skipped.player].name }) : null;
}

export function result(view, { t, players, scoresShown }) {
  const obs = view.observation;
  return resultText(t, players, obs, t(`bolonki.end.${obs.end_reason}`, { n: obs.max_moves }),
    { scoresShown });
}

/** How the log shows a move: its notation, but a challenge and a pass in words (known by
 * their events, or by the notation's own words "challenge:<player>" and "pass"). */
export function moveText(entry, { t }) {
  const move = String(entry.move ?? "");
  if (entry.events?.some((e) => e.type === "challenge") || move.startsWith("challenge:")) {
    return t("bolonki.move.challenge");
  }
  return move === "pass" ? t("bolonki.move.pass") : entry.move;
}
