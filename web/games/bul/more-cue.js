// "▾ more" at the foot of the column beside the road, while that column scrolls and more of
// it lies under its fold (issue 43: in a 320×320 embed who has what, the real beans and the
// rule set lay there with nothing to say so). A click (or Enter) brings the next part into
// sight; at the column's end the cue goes. It is laid over the column's foot (a sticky line of
// no height): showing or hiding it never changes what scrolls.
import { button } from "../../kit/index.js";

/** The height the column must show for the cue to be laid over its foot: its first button
 * whole and the cue under it (a 320 × 320 frame's puzzle of four players, their scores in
 * four lines, left the column 55 px: the cue, laid over the foot, lay over "Lanzar los
 * frijoles", the panel's first line, which must stay in sight). `cue`: its height once
 * seen, else two lines of its words. */
function roomFor(box, cue) {
  const first = box.querySelector("button:not([hidden])")?.offsetHeight ?? 0;
  return first + (cue || 2.4 * parseFloat(getComputedStyle(box).fontSize));
}

/** The nearest box around `el` that scrolls it (none: the page does). */
function scrollerOf(el) {
  for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
    if (/auto|scroll/.test(getComputedStyle(box).overflowY)) return box;
  }
  return null;
}

/** The cue for `box` (the controls, in the column that scrolls): append `cue.el` last in
 * `box`; `cue.update()` after the words change; `cue.stop()` lets go. */
export function moreCue(box, t) {
  const el = document.createElement("div");
  el.className = "bul-more";
  const more = button("", () => {
    const scroller = scrollerOf(box);
    if (scroller) scroller.scrollBy({ top: Math.max(40, scroller.clientHeight * 0.7) });
  }, "secondary");
  more.dataset.action = "more";
  el.append(more);
  el.hidden = true;
  let watched = null;
  let cueHeight = 0;
  const check = () => {
    const scroller = scrollerOf(box);
    if (scroller !== watched) {
      watched?.removeEventListener("scroll", check);
      scroller?.addEventListener("scroll", check, { passive: true });
      watched = scroller;
    }
    more.textContent = t("bul.more");
    more.setAttribute("aria-label", t("bul.more.name"));
    cueHeight = Math.max(cueHeight, more.offsetHeight);
    const below = scroller ? scroller.clientHeight >= roomFor(box, cueHeight) &&
      scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop : 0;
    el.hidden = !(below > 4);
    if (!el.hidden) cover(el, box);
  };
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(check) : null;
  observer?.observe(box);
  return {
    el,
    update: () => {
      check();
      if (watched) observer?.observe(watched);
    },
    stop: () => {
      observer?.disconnect();
      watched?.removeEventListener("scroll", check);
    },
  };
}

/** The cue's strip covers whole lines and whole buttons only (screens57: at 1920 × 1080 in
 * the projector look, the review open, "▾ más" lay over the last line of who has what, its top
 * half in sight; in a 320 × 320 lesson it lay over "Lanzar los frij…"): a line or a button it
 * would cut goes under it whole (--more-cover, style.css), what is above stays whole. */
function cover(el, box) {
  el.style.removeProperty("--more-cover");
  const strip = getComputedStyle(el, "::before");
  const foot = el.getBoundingClientRect().bottom;
  const top = foot - parseFloat(strip.height);
  let from = top; // the top of the highest line or button the strip cuts
  // a line is covered if it ends above the foot; a button even if the column's foot cuts it
  // too (a button cut twice reads as broken), up to half the column
  const highest = foot - (scrollerOf(box)?.clientHeight ?? 0) / 2;
  const cut = (part, whole = false) => {
    if (part.top < top - 0.5 && part.bottom > top + 0.5 && (whole || part.bottom <= foot + 0.5)
        && part.top >= highest) {
      from = Math.min(from, part.top);
    }
  };
  const texts = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let text = texts.nextNode(); text; text = texts.nextNode()) {
    if (el.contains(text) || !text.data.trim()) continue;
    range.selectNodeContents(text);
    for (const line of range.getClientRects()) cut(line);
  }
  for (const control of box.querySelectorAll("button, summary, label")) {
    if (!el.contains(control)) cut(control.getBoundingClientRect(), true);
  }
  if (from < top) el.style.setProperty("--more-cover", `${Math.ceil(foot - from + 2)}px`);
}
