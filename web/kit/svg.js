// Drawing in SVG: elements, texts hidden from screen readers, and the room a board has.

const NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  if (parent) parent.append(el);
  return el;
}

/** The room a board has: `el`'s [clientWidth, clientHeight], kept by a ResizeObserver. A
 * view that read them on every draw would lay the whole page out again each time (a move
 * draws several times). `onChange(size)` is called when it changes; `stop()` lets go. */
export function roomOf(el, onChange = () => {}) {
  let size = [el.clientWidth, el.clientHeight]; // once, before the first observation
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    const now = [el.clientWidth, el.clientHeight]; // laid out already: nothing forced
    if (now[0] === size[0] && now[1] === size[1]) return;
    size = now;
    onChange(size);
  }) : null;
  observer?.observe(el);
  return { size: () => size, stop: () => observer?.disconnect() };
}

/** An SVG text element (hidden from screen readers: the element around it is named). */
export function text(parent, x, y, cls, content, extra = {}) {
  const el = svg("text", { x, y, class: cls, "aria-hidden": "true", ...extra }, parent);
  el.textContent = content;
  return el;
}

/** The smallest size, in CSS px, a board's words may be drawn at on this screen (issue 43):
 * 10 in an embed (a 320 frame has no room for more), 22 on a 1080-line projector and in
 * proportion below it (14.7 at 1280×720, as the table's other texts there), else 12 (a
 * phone or a laptop, read at arm's length). A view draws its labels no smaller than this
 * divided by its drawing's scale on screen. */
export function wordFloor() {
  const body = document.body;
  if (body.classList.contains("embed")) return 10;
  if (body.classList.contains("projector")) {
    return Math.max(12, Math.ceil(220 * Math.min(innerHeight / 1080, innerWidth / 1920)) / 10);
  }
  return 12;
}
