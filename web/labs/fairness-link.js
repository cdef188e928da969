// The set-up form's way into the fairness lab: "Is it fair?" beside Learn and Puzzles, its
// address following the game on the page. Start-up code: the lab (fairness.js) loads when
// opened.
import { t } from "../kit/i18n.js";
import { $ } from "../kit/dom.js";

export function setUpFairness() {
  const link = document.createElement("a");
  link.id = "fairness-link";
  link.className = "button secondary";
  link.dataset.i18n = "fairness.open";
  link.textContent = t("fairness.open");
  link.href = "#/";
  $("edit-link").after(link);
  const follow = () => {
    const game = $("play").dataset.game;
    if (game) link.href = `#/${game}/fairness`;
  };
  new MutationObserver(follow).observe($("play"), { attributes: true,
    attributeFilter: ["data-game"] });
  follow();
}
