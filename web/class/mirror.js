// Two windows, one game: what this window's table holds, said as a small value (the game's
// record, or a lesson step's or puzzle's address and its moves; the seats; the replay's
// position; the demo's pause and pace; the language), and how this window's table follows
// such a value from another window. Each window runs its own engine: records are
// deterministic (every throw is in them), so loading one shows the same game; a record one
// move on is that move played here, with its animation and its words.
import * as i18n from "../kit/i18n.js";
import { $ } from "../kit/dom.js";
import { session, load } from "../table/session.js";
import { playMove, refreshTable, showLoaded, showError } from "../table/table.js";
import { replayTo } from "../table/history.js";
import { coachedNow, openCoached } from "../teach/coach-door.js";
import { editingNow } from "../teach/editor-door.js";
import { movesOn, sameGame } from "./same-game.js";

export { movesOn, sameGame };

/** The table as a value, or null while there is no game on it (loading, set-up mode). */
export function tableState() {
  const view = session.view;
  if (!session.gameId || !view || editingNow()) return null;
  const coach = coachedNow();
  if (!coach && !view.record) return null;
  return {
    game: session.gameId,
    coach,
    record: coach ? null : view.record,
    moves: coach ? session.log.map((entry) => entry.move) : view.record.moves,
    seats: view.seats,
    replay: session.replay ? session.replay.ply : null,
    paused: session.paused,
    speed: $("demo-speed").value,
    lang: i18n.lang,
  };
}

/** The address that opens `state`'s game, lesson step or puzzle (`keep`: this window's own
 * part of the query, kept through the move). */
function addressOf(state, keep) {
  const parts = [state.coach ? `${state.coach.kind}=${encodeURIComponent(state.coach.value)}`
    : "", keep].filter(Boolean);
  return `#/${state.game}${parts.length ? `?${parts.join("&")}` : ""}`;
}

/**
 * A follower: `follow(state)` makes this window's table show `state` as soon as it can (not
 * while a move is being shown or the engine loads: `retry()` is called again on every change
 * of the table). `keep`: a part of the query the addresses it opens keep; `movesOnly`: the
 * game alone, not the replay, the demo's pace or the language (the window that leads takes
 * a pupil's move, nothing else). Returns {follow, retry, busy()}.
 */
export function createFollower({ keep = "", movesOnly = false } = {}) {
  let wanted = null;
  let working = false;
  let navigatedTo = null; // an address opened for the wanted state: never twice in a row

  async function retry() {
    if (!wanted || working || session.busy || !session.engineReady) return;
    const target = wanted;
    const own = tableState();
    if (target.game !== session.gameId ||
        JSON.stringify(target.coach) !== JSON.stringify(coachedNow())) {
      const address = addressOf(target, keep);
      if (navigatedTo !== address) {
        navigatedTo = address;
        location.hash = address; // the page's own routing opens it; the table then retries
      }
      return;
    }
    navigatedTo = null;
    if (!own) return; // the game is still being put on the table
    working = true;
    try {
      await bring(own, target);
    } finally {
      working = false;
    }
    if (wanted !== target) retry(); // a newer state came meanwhile
  }

  async function bring(own, target) {
    if (!sameGame(own, target)) {
      const on = movesOn(own, target);
      if (on === 1 && !session.view.scripted) {
        await playMove(target.moves.at(-1)); // shown as a move is: animated, logged, said
      } else if (target.coach) {
        // a puzzle's prelude is the coach's, played here too: wait for it to arrive
        if (on > 0 && session.view.scripted) return;
        await openCoached(target.game, { kind: target.coach.kind === "learn" ? "lesson"
          : "puzzle", value: target.coach.value, question: target.coach.question },
        showError, { focus: false });
        return;
      } else {
        // no click meanwhile: a move sent while the other game loads would be lost
        session.busy = true;
        const answer = await load({ record: target.record, seats: target.seats,
          game: target.game });
        session.busy = false;
        if (!answer) return;
        if (!answer.ok) {
          wanted = null; // said once; the table stays as it was
          return showError(answer.error);
        }
        await showLoaded(answer.view);
      }
    }
    const now = tableState();
    if (!sameGame(now, target)) return; // the table retries once its move is shown
    if (movesOnly) {
      if (wanted === target) wanted = null;
      return;
    }
    if (target.lang !== i18n.lang) document.querySelector(`[data-lang="${target.lang}"]`)?.click();
    $("demo-speed").value = target.speed;
    if (target.paused !== session.paused) {
      session.paused = target.paused;
      refreshTable(); // its demo controls say so (they are this window's once alone)
    }
    if (target.replay !== now.replay) await replayTo(target.replay ?? Infinity);
    if (wanted === target) wanted = null;
  }

  return {
    follow(state) {
      wanted = state;
      retry();
    },
    retry,
    busy: () => working || wanted !== null,
  };
}
