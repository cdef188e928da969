// "Embed / Insertar": a ready <iframe> snippet for a teacher's page: the game with the
// options and seats chosen in the set-up form, or its lesson, or its puzzles; a language, a
// size and the compact look.
import * as i18n from "../kit/i18n.js";
import { writeCoachParams, writeParams } from "./params.js";
import { $ } from "../kit/dom.js";
import { room } from "./rooms.js";

// the SCORM package box: its code fetched when the dialog first opens (links/rooms.js)
const scormBox = room(() => import("./scorm-dialog.js"));

const { t } = i18n;
// where the dialog's two parts stand side by side (scorm-dialog.css): the package's unfolded
const SIDE_BY_SIDE = matchMedia("(min-width: 62rem)");

function snippet(choices) {
  const [width, height] = $("embed-size").value.split("x");
  const what = $("embed-what").value; // the game as set up, its lesson or its puzzles
  const look = { lang: $("embed-lang").value, embed: $("embed-compact").checked };
  const query = what === "game" ? writeParams({ ...choices, ...look,
    hints: $("embed-hints").checked, review: $("embed-hints").checked })
    : writeCoachParams(what, choices.game, look);
  const url = new URL(`?${query}`, location.href.split("#")[0].split("?")[0]).href;
  const title = `Ludoteca — ${t(`game.${choices.game}.name`)}`;
  return `<iframe src="${url}" width="${width}" height="${height}" title="${title}" ` +
    `style="border:0; max-width:100%" allow="fullscreen" loading="lazy"></iframe>`;
}

/** `choices()` gives the set-up form's {game, options, seats}. */
export function setUpEmbedDialog(choices) {
  const dialog = $("embed-dialog");
  const refresh = () => {
    $("embed-code").value = snippet(choices());
    $("embed-copied").textContent = "";
  };
  let scorm = null; // the SCORM box's set-up, once its code is here
  $("embed-open").addEventListener("click", () => {
    $("embed-lang").value = i18n.lang;
    refresh();
    const beside = SIDE_BY_SIDE.matches;
    if (beside) $("scorm-box").open = true; // its choices in sight, beside the snippet's
    // "what is chosen above" reads "on the left" where the parts stand side by side
    const help = $("scorm-box").querySelector("[data-i18n^='scorm.help']");
    help.dataset.i18n = beside ? "scorm.help.side" : "scorm.help";
    help.textContent = t(help.dataset.i18n);
    dialog.showModal();
    scorm ??= setUpScorm(choices).catch(() => { scorm = null; });
  });
  for (const id of ["embed-what", "embed-lang", "embed-size", "embed-compact", "embed-hints"]) {
    $(id).addEventListener("change", refresh);
  }
  $("embed-copy").addEventListener("click", async () => {
    $("embed-code").select();
    try {
      await navigator.clipboard.writeText($("embed-code").value);
      $("embed-copied").textContent = t("embed.copied");
    } catch {
      $("embed-copied").textContent = t("embed.copy_by_hand");
    }
  });
  $("embed-close").addEventListener("click", () => dialog.close());
}

/** The SCORM box, fetched at the dialog's first opening: its button is offered once it
 * works (never a click taken and lost); a failed fetch is said in the box's status line, and
 * the dialog's next opening tries again. */
async function setUpScorm(choices) {
  const download = $("scorm-download");
  download.disabled = true;
  try {
    (await scormBox()).setUpScormBox(choices);
  } catch (error) {
    $("scorm-status").textContent = t("room.failed");
    throw error;
  }
  download.disabled = false;
}
