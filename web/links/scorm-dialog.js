// The embed dialog's "Descargar para tu plataforma (SCORM)": a linked SCORM package of what
// the dialog inserts (the game as set up, its lesson or its puzzles), made by the engine's
// own Python (ludoteca.classroom.scorm, the `scorm_package` request: the same maker as
// `python3 build.py scorm`) with the launch page this site serves (scorm/), and saved as a
// zip. A self-contained package holds the whole site: that one is made on the command line.
import * as i18n from "../kit/i18n.js";
import { BUILD } from "../build-info.js";
import { errorWords } from "../kit/seats.js";
import { ask } from "../table/session.js";
import { $ } from "../kit/dom.js";

const { t } = i18n;
const LAUNCH_FILES = ["index.html", "launch.js"];
const MASTERY_FOR_PUZZLES = "80"; // a common pass mark, offered until the teacher types one

/** The site's own address: the folder of this page, which a linked package frames. */
const siteAddress = () => new URL("./", location.href.split("#")[0].split("?")[0]).href;

function count() {
  const n = Number.parseInt($("scorm-count").value, 10);
  return Number.isInteger(n) ? Math.min(Math.max(n, 1), 20) : 10;
}

/** The activity object of the package (notes: the contract with the launch page). */
function activity(what, choices) {
  if (what === "lesson") return { type: "lesson", game: choices.game };
  if (what === "puzzles") { // of the rule set the form plays (Bul's variant), as the site's do
    const option = BUILD.games[choices.game]?.rule_set_option;
    const ruleSet = option ? choices.options[option] : undefined;
    return { type: "puzzles", game: choices.game, level: $("scorm-level").value || null,
      ids: null, count: count(), options: ruleSet ? { [option]: String(ruleSet) } : {} };
  }
  const options = Object.fromEntries(Object.entries(choices.options)
    .map(([name, value]) => [name, String(value)]));
  return { type: "game", game: choices.game, seats: choices.seats.join(","), options };
}

function defaultTitle(what, game) {
  return t(`scorm.title.${what}`, { game: t(`game.${game}.name`),
    n: what === "puzzles" ? count() : undefined });
}

async function launchFiles() {
  const files = {};
  for (const name of LAUNCH_FILES) {
    const response = await fetch(new URL(`scorm/${name}`, siteAddress()), { cache: "no-cache" });
    if (!response.ok) throw new Error(`scorm/${name}: ${response.status}`);
    files[name] = await response.text();
  }
  return files;
}

function save(name, base64) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/zip" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000); // the download has its bytes by then
}

const kilobytes = (bytes) =>
  new Intl.NumberFormat(i18n.lang, { maximumFractionDigits: 1 }).format(bytes / 1024);

/** `choices()` gives the set-up form's {game, options, seats}. */
export function setUpScormBox(choices) {
  const status = $("scorm-status");
  let titleTyped = false;
  let masteryTyped = false;
  const refresh = () => {
    const what = $("embed-what").value;
    for (const label of document.querySelectorAll(".scorm-puzzles")) {
      label.hidden = what !== "puzzles";
    }
    if (!masteryTyped) $("scorm-mastery").value = what === "puzzles" ? MASTERY_FOR_PUZZLES : "";
    if (!titleTyped) $("scorm-title").value = defaultTitle(what, choices().game);
    status.textContent = "";
  };
  $("embed-open").addEventListener("click", () => {
    titleTyped = false; // a new game's or language's title, unless typed this time
    refresh();
  });
  for (const id of ["embed-what", "scorm-count", "scorm-standard", "scorm-level"]) {
    $(id).addEventListener("change", refresh);
  }
  // opened under the dialog's own buttons: its choices and its button brought into sight
  $("scorm-box").addEventListener("toggle", () => {
    if ($("scorm-box").open) $("scorm-box").scrollIntoView({ block: "end" });
  });
  $("scorm-title").addEventListener("input", () => { titleTyped = true; });
  refresh(); // set up as the dialog first opens (embed-dialog.js): its values at once
  $("scorm-mastery").addEventListener("input", () => { masteryTyped = true; });
  $("scorm-download").addEventListener("click", async () => {
    const what = $("embed-what").value;
    const chosen = choices();
    if (what === "game" && !chosen.seats.includes("human")) {
      status.textContent = t("scorm.no_pupil");
      return;
    }
    const mastery = $("scorm-mastery").value.trim();
    const percent = Number(mastery);
    if (mastery && !(Number.isInteger(percent) && percent >= 0 && percent <= 100)) {
      status.textContent = t("scorm.bad_mastery");
      return;
    }
    status.textContent = t("scorm.making");
    $("scorm-download").disabled = true;
    try {
      let launch;
      try {
        launch = await launchFiles();
      } catch (error) {
        console.warn("SCORM: the launch page could not be fetched", error);
        status.textContent = t("scorm.no_launch");
        return;
      }
      const answer = await ask("scorm_package", {
        standard: $("scorm-standard").value, site: siteAddress(),
        activity: activity(what, chosen), title: $("scorm-title").value.trim() ||
          defaultTitle(what, chosen.game), lang: $("embed-lang").value,
        mastery: mastery ? percent / 100 : null, launch,
      });
      if (!answer.ok) {
        status.textContent = errorWords(t, i18n.has, answer.error);
        return;
      }
      save(answer.name, answer.zip);
      status.textContent = t("scorm.saved", { name: answer.name, size: kilobytes(answer.bytes) });
    } finally {
      $("scorm-download").disabled = false;
    }
  });
}
