// The view's own panel under Buku's board: what to do now (or, while a move is shown, what
// it does) and the keys to do it with.

/** The panel, appended to `ctx.controls`. */
export function createPanel(ctx) {
  const t = ctx.t;
  const panel = document.createElement("div");
  panel.className = "buku-panel";
  const hint = document.createElement("p"); // the page's live region speaks: no aria-live
  hint.className = "buku-hint";
  const keys = document.createElement("p");
  keys.className = "buku-keys";
  panel.append(hint, keys);
  ctx.controls.append(panel);

  /** What to do next in the view being built (`shown`, `view.steps`, `view.step_facts`). */
  function guide(shown, view) {
    const steps = view.steps || [];
    hint.textContent = "";
    hint.classList.remove("news");
    keys.textContent = "";
    // in the set-up mode the page's turn line says what a click does: the panel leaves its
    // room (the controls' box is empty) to the board and the page's messages
    if (view.setup) return panel.remove();
    if (!panel.isConnected) ctx.controls.append(panel);
    if (!steps.length) return;
    const mover = ctx.players()[shown.mover]?.name ?? "";
    if (!shown.line) {
      const orientation = view.step_facts?.[steps[0][0]]?.orientation;
      hint.textContent = t(orientation === "file" ? "buku.hint.file" : "buku.hint.rank",
        { name: mover });
      keys.textContent = t("buku.keys.line");
    } else if (!shown.path.length) {
      const hand = shown.bonus
        ? t("buku.hint.hand.bonus", { n: shown.hand, lifted: shown.lifted })
        : t("buku.hint.hand", { n: shown.hand });
      hint.textContent = `${hand} ${t("buku.hint.start")}`;
      keys.textContent = t("buku.keys.start");
    } else {
      hint.textContent = `${t("buku.hint.left", { n: shown.hand })} ${t("buku.hint.next")}`;
      keys.textContent = t("buku.keys.path");
    }
  }

  /** What the move being shown does, in words. */
  function news(text) {
    hint.textContent = text;
    hint.classList.add("news");
    keys.textContent = "";
  }

  /** A word for a key that led nowhere. */
  function say(text) {
    hint.textContent = text;
  }

  return { guide, news, say, remove: () => panel.remove() };
}
