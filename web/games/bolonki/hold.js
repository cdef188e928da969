// The wait after a move while people may still challenge it before a computer moves on —
// one per position (ply). A small state machine:
//
//   open ──(a computer is to move and a person may challenge)──▶ waiting
//   waiting ──(the countdown runs out, or "go on")──▶ released (for this ply)
//   open ──("go on" pressed while the move that leads to a wait is shown)──▶ released
//   waiting ──(the position changes: a challenge, a move)──▶ open
//   released ──(back to an earlier position: undo, a new game)──▶ open
//
// With the setting at 0 it waits for the person's "go on", without a countdown.

const TICK_MS = 250;

/** `seconds()`: the wait (0: until "go on"); `onTick(secondsLeft)` while waiting;
 * `onRelease()` when the computers may go on. */
export function createHold({ seconds, onTick, onRelease }) {
  let latest = -1; // the latest position drawn
  let ply = -1; // the position being waited on
  let released = -1; // the position the person let go
  let deadline = 0; // 0: no countdown
  let timer = null;

  const secondsLeft = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

  function tick() {
    timer = setTimeout(() => {
      if (Date.now() >= deadline) release();
      else {
        onTick(secondsLeft());
        tick();
      }
    }, TICK_MS);
  }

  function release() {
    clearTimeout(timer);
    released = ply;
    ply = -1;
    onRelease();
  }

  return {
    /** The position drawn now: going back to an earlier one (undo, a new game) means
     * every later position waits again. */
    at(atPly) {
      if (atPly < latest) released = -1;
      latest = atPly;
    },
    /** Whether the person has let the computers go on at position `atPly`. */
    released: (atPly) => released === atPly,
    /** Wait at `atPly` (the countdown starts once per position). */
    follow(atPly) {
      if (atPly === ply) return;
      clearTimeout(timer);
      ply = atPly;
      const wait = seconds();
      deadline = wait ? Date.now() + wait * 1000 : 0;
      if (wait) tick();
    },
    /** Nobody waits now (a person's turn, or nobody may challenge): stop counting. */
    cancel() {
      clearTimeout(timer);
      ply = -1;
    },
    /** Let the computers go on at `atPly` before its wait begins ("go on" pressed while the
     * move that leads there is shown: issue 43, the press was lost). */
    releaseAt(atPly) {
      if (atPly === ply) return release();
      released = atPly;
    },
    counting: () => deadline > 0,
    secondsLeft,
    release,
    stop: () => clearTimeout(timer),
  };
}
