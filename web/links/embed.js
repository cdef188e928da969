// Ludoteca inside another page (an <iframe>): messages to the parent page, and the few
// messages it may send. Every message carries source "ludoteca" and protocol version 1.
//   to the parent:   {source, version, type: "ready" | "move" | "gameover" | "lesson-open" |
//                    "lesson-step" | "lesson-done" | "puzzle-open" | "puzzle-solved", ...}
//                    (README, "Embedding"; teach/coach.js says the coach's fields: issue 44
//                    added the move given and its latency, which a SCORM package records)
//   from the parent: {target: "ludoteca", type: "new-game"}
//                    {target: "ludoteca", type: "set-language", lang: "es" | "en"}
// Anything else from the parent is ignored.
export const PROTOCOL_VERSION = 1;
export const inFrame = window.parent !== window;

export function tellParent(type, data = {}) {
  if (!inFrame) return;
  // "*": the lesson page's origin is not known in advance, and nothing sent is private
  // (moves and results are public; Bolonki's hidden colours never reach the page).
  window.parent.postMessage({ source: "ludoteca", version: PROTOCOL_VERSION, type, ...data }, "*");
}

export function listenToParent(handlers) {
  if (!inFrame) return;
  addEventListener("message", (event) => {
    if (event.source !== window.parent) return;
    const data = event.data;
    if (!data || typeof data !== "object" || data.target !== "ludoteca") return;
    const handler = Object.hasOwn(handlers, data.type) ? handlers[data.type] : null;
    if (typeof handler === "function") handler(data);
  });
}
