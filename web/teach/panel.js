// The teaching room's panels (the review, "Show why") share one shape: a section named by
// its heading, with its way back beside the heading, then what the panel shows. Built here
// once, so that both read, close and are laid out alike (review.css).

/** A hidden section `#id`: its head `.<cls>-head` holds `h2#<id>-title` and
 * `button#<id>-close`; `body` (HTML of the panel's own, fixed markup) follows it. */
export function teachPanel(id, cls, body) {
  const box = document.createElement("section");
  box.id = id;
  box.className = cls;
  box.hidden = true;
  box.setAttribute("aria-labelledby", `${id}-title`);
  box.innerHTML = `
    <div class="${cls}-head">
      <h2 id="${id}-title"></h2>
      <button type="button" id="${id}-close" class="secondary"></button>
    </div>${body}`;
  return box;
}

/** Fills a panel's head: its heading and its way back, in the reader's words. */
export function nameTeachPanel(box, title, back) {
  box.querySelector(`#${box.id}-title`).textContent = title;
  box.querySelector(`#${box.id}-close`).textContent = back;
}
