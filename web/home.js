// The home page: a card per game.
import { BUILD } from "./build-info.js";
import { t } from "./i18n.js";
import { GAME_VIEWS, GAME_ORDER } from "./games/index.js";

export function renderHome() {
  const list = document.getElementById("game-list");
  list.replaceChildren();
  for (const id of GAME_ORDER) {
    const ready = Object.hasOwn(BUILD.games, id) && Object.hasOwn(GAME_VIEWS, id);
    const item = document.createElement("li");
    item.className = "game-card" + (ready ? "" : " soon");
    item.dataset.game = id;
    const inner = document.createElement(ready ? "a" : "div");
    if (ready) inner.href = `#/${id}`;
    const image = document.createElement("img");
    image.loading = "lazy"; // not fetched while a game's page hides the home page
    image.src = `img/${id}.svg`;
    image.alt = "";
    const title = document.createElement("h2");
    title.textContent = t(`game.${id}.name`);
    const line = document.createElement("p");
    line.textContent = t(`game.${id}.tagline`);
    // who and how long, in plain words: "2 or 3 players · about 5 minutes"
    const facts = document.createElement("p");
    facts.className = "game-facts";
    facts.textContent = `${t(`game.${id}.players`)} · ${t(`game.${id}.length`)}`;
    inner.append(image, title, line, facts);
    if (!ready) {
      const soon = document.createElement("span");
      soon.className = "badge";
      soon.textContent = t("home.soon");
      inner.append(soon);
    }
    item.append(inner);
    list.append(item);
  }
}
