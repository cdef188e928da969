// The home page: a card per game, in the registry's order (build.py's catalogue).
import { BUILD } from "../build-info.js";
import { t } from "../kit/i18n.js";
import { GAME_ORDER, GAME_VIEWS } from "../games/index.js";

/** Learn the game on the board, try the day's puzzle (coach.js), or read the notes for
 * teachers (teacher.js). */
function teachLinks(id) {
  const box = document.createElement("p");
  box.className = "teach";
  const name = t(`game.${id}.name`);
  for (const [query, text, label] of [["learn=1", "coach.learn", "home.learn"],
    ["puzzle=day", "coach.puzzle_day", "home.puzzle"]]) {
    const link = document.createElement("a");
    link.className = "button secondary";
    link.href = `#/${id}?${query}`;
    link.textContent = t(text);
    link.setAttribute("aria-label", t(label, { game: name }));
    box.append(link);
  }
  if (GAME_VIEWS[id]?.notes) { // the notes for teachers (teacher.js)
    const link = document.createElement("a");
    link.className = "button secondary";
    link.href = `#/${id}/teach`;
    link.textContent = t("teach.link");
    link.setAttribute("aria-label", t("home.teach", { game: name }));
    box.append(link);
  }
  return box;
}

export function renderHome() {
  const list = document.getElementById("game-list");
  list.replaceChildren();
  for (const id of GAME_ORDER) {
    const item = document.createElement("li");
    item.className = "game-card";
    item.dataset.game = id;
    const link = document.createElement("a");
    link.href = `#/${id}`;
    const image = document.createElement("img");
    image.loading = "lazy"; // not fetched while a game's page hides the home page
    image.src = BUILD.games[id].picture;
    image.alt = "";
    const title = document.createElement("h2");
    title.textContent = t(`game.${id}.name`);
    const line = document.createElement("p");
    line.textContent = t(`game.${id}.tagline`);
    // who and how long, in plain words: "2 or 3 players · about 5 minutes"
    const facts = document.createElement("p");
    facts.className = "game-facts";
    facts.textContent = `${t(`game.${id}.players`)} · ${t(`game.${id}.length`)}`;
    link.append(image, title, line, facts);
    item.append(link, teachLinks(id));
    list.append(item);
  }
}
