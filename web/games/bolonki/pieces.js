// Bolonki's pieces: a disc on its square, face down (all alike: no colour anywhere on it)
// or face up (its colour, its shape and its name). `draw` lays the pieces of a view at rest;
// `show` steps to the next frame of a move from what is on the board: the piece that left a
// square for another slides there, a piece gone leaves, a piece turned up or down turns over.
import { glyph, pause, svg } from "../../kit/index.js";

const RADIUS = 30;
const TURN_MS = 180; // each half of turning over
const LEAVE_MS = 400;
const DOWN = "?";

export function createPieces(layer, layout, t) {
  let symbols = {}; // colour -> symbol id: the engine's, from the view drawn

  function piece(square, face) {
    const g = svg("g", { class: "bk-piece", role: "img" });
    layout.place(g, square);
    const inner = svg("g", { class: "bk-face" }, g);
    svg("circle", { r: RADIUS, class: "bk-disc" }, inner);
    svg("circle", { r: RADIUS - 9, class: "bk-ring" }, inner);
    svg("text", { class: "bk-mark", y: 1 }, inner);
    setFace(g, face);
    return g;
  }

  function faceOf(g) {
    return g.dataset.colour || DOWN;
  }

  function setFace(g, face) {
    for (const colour of Object.keys(symbols)) g.classList.remove(`bk-${colour}`);
    const mark = g.querySelector(".bk-mark");
    const square = g.dataset.square;
    if (face !== DOWN && face in symbols) {
      g.dataset.face = "up";
      g.dataset.colour = face;
      g.classList.add(`bk-${face}`);
      mark.textContent = glyph(symbols[face]);
      g.setAttribute("aria-label", t("bolonki.piece.up",
        { square, colour: t(`bolonki.piece.${face}`) }));
    } else {
      g.dataset.face = "down";
      delete g.dataset.colour;
      mark.textContent = "";
      g.setAttribute("aria-label", t("bolonki.piece.down", { square }));
    }
  }

  async function turn(g, face, speed) {
    g.classList.add("turning");
    await pause(speed * TURN_MS);
    setFace(g, face);
    g.classList.toggle("flipped", face !== DOWN);
    g.classList.remove("turning");
    await pause(speed * TURN_MS);
  }

  /** Lay `faces` (square -> "?" or a colour) at rest. `path`: the move being built — its
   * piece lifted onto the last square (picked up when the path is one square). */
  function draw(faces, colourSymbols, path = []) {
    symbols = colourSymbols || {};
    layer.replaceChildren();
    const moving = path.length > 1 ? path[0] : null;
    for (const [square, face] of Object.entries(faces)) {
      const g = piece(square === moving ? path.at(-1) : square, face);
      if (square === moving) g.classList.add("lifted");
      if (path.length === 1 && square === path[0]) g.classList.add("selected");
      layer.append(g);
    }
  }

  /** Step to `faces` from what is drawn: the pieces in `faceUp` turn up and the others
   * face down; then one piece moved slides to its new square (lifted, over the others), or
   * the pieces gone leave and new ones are laid. */
  async function show(faces, faceUp, speed) {
    const drawn = new Map([...layer.querySelectorAll(".bk-piece")]
      .map((g) => [g.dataset.square, g]));
    const gone = [...drawn.keys()].filter((square) => !(square in faces));
    const arrived = Object.keys(faces).filter((square) => !drawn.has(square));
    const moved = gone.length === 1 && arrived.length === 1 ? [gone[0], arrived[0]] : null;
    const faceAt = (square) => faceUp[square] ?? faces[square];
    const turns = [];
    for (const [square, g] of drawn) {
      g.classList.remove("lifted");
      const face = faceAt(moved && square === moved[0] ? moved[1] : square);
      if (face !== undefined && face !== faceOf(g)) turns.push(turn(g, face, speed));
    }
    await Promise.all(turns);
    if (moved) {
      const g = drawn.get(moved[0]);
      g.classList.add("lifted");
      layer.append(g); // over the others
      layout.place(g, moved[1]);
      setFace(g, faceOf(g)); // named on its new square
      return;
    }
    for (const square of arrived) layer.append(piece(square, faces[square]));
    const leaving = gone.map((square) => drawn.get(square));
    for (const g of leaving) g.classList.add("leaving");
    await pause(leaving.length ? speed * LEAVE_MS : 0);
    for (const g of leaving) g.remove();
  }

  return { draw, show };
}
