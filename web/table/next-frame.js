// Work that reads the layout (a size, a scroll height), done once in the next frame however
// often it is asked for before then: done at once after each change, every read would lay
// the whole page out again, several times a move.

/** A function that asks for `work` to run in the next frame (once, whatever the asking). */
export function inNextFrame(work) {
  let asked = false;
  return () => {
    if (asked) return;
    asked = true;
    requestAnimationFrame(() => {
      asked = false;
      work();
    });
  };
}
