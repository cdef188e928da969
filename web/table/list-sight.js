// Where an item sits in a list that scrolls in its own box (the move list, log-sight.js; the
// review's key moments, teach/moments-sight.js): both show whole items only (issue 43), and
// measure them the same way, in the list's scrolled content, so a place does not change as
// the list scrolls.

/** `item`'s top and bottom in `list`'s scrolled content (px from its top, inside its border). */
export function placeIn(list, item) {
  const top = list.getBoundingClientRect().top + list.clientTop - list.scrollTop;
  const box = item.getBoundingClientRect();
  return { top: box.top - top, bottom: box.bottom - top };
}
