// A Bolonki move shown in time by drawing the engine's frames one after another: the piece on
// each square of its way; turned up (on a goal edge, or by a challenge: the frame's
// `face_up`), with the words of the move's event in a banner; then where it went; and last
// the turns that were lost.
import { pause } from "../../kit/index.js";

const FRAME_MS = { hop: 260, move: 260, returned: 390, succeeded: 390 }; // at normal speed
const TURNED_UP = new Set(["reveal", "challenge"]);
const SHOW_MS = 1500; // a piece turned up stays so this long…
// …or this long with reduced motion: nothing moves, but what it shows is what the players
// must remember
const STILL_SHOW_MS = 600;
const SKIP_MS = 900;
const BAD = new Set(["failed", "returned"]);

/** Show the move that led to `view`; `say(text, short, tone)` puts words under the board
 * and over it (nothing: clears them). */
export async function playMove(view, { pieces, say, t, names, speed, alive }) {
  const name = (p) => names[p]?.name ?? "";
  const events = view.events || [];
  for (const frame of view.frames || []) {
    if (!alive()) return;
    const obs = frame.observation;
    await pieces.show(obs.pieces, obs.face_up || {}, speed);
    const event = TURNED_UP.has(frame.kind) && events.find((e) => e.type === frame.kind);
    if (event) {
      const piece = t(`bolonki.piece.${obs.face_up[frame.at]}`);
      const key = event.type === "reveal" ? `bolonki.say.${event.result}`
        : `bolonki.say.challenge.${event.result}`;
      say(t(key, { piece, name: name(event.player), mover: name(event.mover) }),
        t(`bolonki.say.short.${event.result}`), BAD.has(event.result) ? "bad" : "good");
      await pause(speed ? SHOW_MS * speed : STILL_SHOW_MS);
    } else {
      await pause(speed * (FRAME_MS[frame.kind] ?? 0));
      say("");
    }
  }
  for (const event of events) {
    if (event.type !== "skip" || !alive()) continue;
    say(t("bolonki.say.skip", { name: name(event.player) }), t("bolonki.say.short.skip"), "bad");
    await pause(speed * SKIP_MS);
  }
  say("");
}
