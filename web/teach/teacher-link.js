// The set-up's "For teachers" link (#/<game>/teach) follows the game on the table, hidden for
// a game with no notes. Start-up code: the notes themselves (teacher.js) load when opened.
import { GAME_VIEWS } from "../games/index.js";

function linkTheSetUp() {
  const link = document.getElementById("teach-link");
  if (!link) return;
  const game = location.hash.replace(/^#\/?/, "").split(/[/?]/)[0];
  link.hidden = !GAME_VIEWS[game]?.notes;
  link.href = `#/${game}/teach`;
}

export function setUpTeacherLink() {
  linkTheSetUp();
  addEventListener("hashchange", linkTheSetUp);
}
