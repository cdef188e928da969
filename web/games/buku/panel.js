// The view's own panel under Buku's board: what to do now (or, while a move is shown, what
// it does) and the keys to do it with; beside a compact board, the pieces in hand too.

/** The panel, appended to `ctx.controls`. */
export function createPanel(ctx) {
  const t = ctx.t;
  const panel = document.createElement("div");
  panel.className = "buku-panel";
  const hint = document.createElement("p"); // the page's live region speaks: no aria-live
  hint.className = "buku-hint";
  const keys = document.createElement("p");
  keys.className = "buku-keys";
  // the board draws the hand above its squares, except when compact: then it is said here,
  // first, in large (the board's hand layer still speaks it)
  const hand = document.createElement("p");
  hand.className = "buku-panel-hand";
  hand.setAttribute("aria-hidden", "true");
  hand.hidden = true;
  panel.append(hand, hint, keys);
  ctx.controls.append(panel);

  /** What to do next in the view being built (`shown`, `view.steps`, `view.step_facts`);
   * beside a `compact` board the pieces in hand are written above and not said again. */
  function guide(shown, view, compact) {
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
      hint.textContent = compact ? t("buku.hint.start") : `${hand} ${t("buku.hint.start")}`;
      keys.textContent = t("buku.keys.start");
    } else {
      hint.textContent = compact ? t("buku.hint.next")
        : `${t("buku.hint.left", { n: shown.hand })} ${t("buku.hint.next")}`;
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

  /** The pieces in hand as `shown` has them, written here when the board is `compact`: a
   * short label, the number in large, White's 65th piece under it. */
  function showHand(shown, compact) {
    hand.hidden = !compact || shown.hand === null;
    if (hand.hidden) return hand.replaceChildren();
    const number = document.createElement("strong");
    number.textContent = shown.hand;
    hand.replaceChildren(`${t("buku.hand.label")} `, number);
    if (shown.bonus) {
      const bonus = document.createElement("span");
      bonus.className = "buku-panel-bonus";
      bonus.textContent = t("buku.hand.bonus");
      hand.append(bonus);
    }
  }

  return { guide, news, say, showHand, remove: () => panel.remove() };
}
