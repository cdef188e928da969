// The memorising countdown: at the start of a game the engine shows the public set-up
// (`start_colours`) and the pieces stay face up for a few seconds before they turn face
// down. A small state machine:
//
//   idle ──(a game with a set-up to memorise)──▶ showing ──(time up, or "I've got it")──▶ done
//   done ──("show the colours again", before the first move)──▶ showing
//   any ──(a move is made: no set-up in the view)──▶ idle, the colours forgotten
//
// Only while showing does it hold the set-up's colours; nothing else is kept.

const TICK_MS = 250;

/** `seconds()`: how long to show; `onTick(secondsLeft)` while showing; `onEnd()` once the
 * pieces have turned face down. */
export function createMemorise({ seconds, onTick, onEnd }) {
  let state = "idle";
  let game = ""; // the game being memorised (its options and seats)
  let colours = null;
  let deadline = 0;
  let timer = null;

  const secondsLeft = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

  function start(shown) {
    clearInterval(timer);
    state = "showing";
    colours = { ...shown };
    deadline = Date.now() + seconds() * 1000;
    timer = setInterval(() => (Date.now() >= deadline ? finish() : onTick(secondsLeft())),
      TICK_MS);
  }

  /** Turn the pieces face down now (the time is up, or the person has them). */
  function finish() {
    if (state !== "showing") return;
    clearInterval(timer);
    state = "done";
    colours = null;
    onEnd();
  }

  return {
    get showing() { return state === "showing"; },
    /** Whether the set-up may be shown again (memorised, no move made yet). */
    get done() { return state === "done"; },
    secondsLeft,
    /** The set-up's colours while showing (square -> colour), else null. */
    colours: () => colours,
    /** Follow the view drawn: `game` names the game, `shown` is the set-up the engine
     * sends before the first move (none after it). Returns true when it started. */
    follow(gameKey, shown) {
      if (!shown) {
        clearInterval(timer);
        state = "idle";
        colours = null;
        return false;
      }
      if (state !== "idle" && gameKey === game) return false;
      game = gameKey;
      start(shown);
      return true;
    },
    again(shown) {
      if (state === "done" && shown) start(shown);
    },
    finish,
    stop: () => clearInterval(timer),
  };
}
