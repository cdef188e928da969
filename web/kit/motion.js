// A move shown in time: the engine's frames drawn one after another.

export const pause = (ms) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/**
 * Animate a move by drawing the engine's frames (the observation after each step of the
 * move) one after another: `drawFrame(frame)` draws one, `delayOf(frame)` says how long it
 * stays (ms at normal speed). With reduced motion (`speed` 0) nothing waits.
 */
export async function playFrames(frames, drawFrame, delayOf, speed, alive = () => true) {
  for (const frame of frames || []) {
    if (!alive()) return;
    drawFrame(frame);
    await pause(speed * delayOf(frame));
  }
}
