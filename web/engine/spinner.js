// The loading spinner, turned a sixth of a turn 5 times a second by a timer while the engine
// loads. Not a CSS animation: Chromium's compositor works on every frame of one, even in
// steps(), and that competes with Python's boot for the same cores; a timer costs about half
// as much.
const TURN_MS = 1200;
const STEPS = 6;

let timer = null;

/** Turns `element` while `on`; stops it otherwise (and always for reduced motion). */
export function spin(element, on) {
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (!on || still) {
    clearInterval(timer);
    timer = null;
    return;
  }
  if (timer !== null) return;
  let step = 0;
  timer = setInterval(() => {
    step = (step + 1) % STEPS;
    element.style.transform = `rotate(${step * (360 / STEPS)}deg)`;
  }, TURN_MS / STEPS);
}
