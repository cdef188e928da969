// Sharing: copy a link to the game, download its record, open a record file.
import * as i18n from "../kit/i18n.js";
import { session, ask, load } from "../table/session.js";
import { showError, showLoaded } from "../table/table.js";
import { keepSavedGame } from "../table/kept.js";
import { $ } from "../kit/dom.js";

const { t } = i18n;

function shareStatus(text) {
  $("share-status").textContent = text;
}

async function copyLink() {
  const answer = await ask("link");
  if (!answer.ok) return showError(answer.error);
  const url = `${location.origin}${location.pathname}#/${session.gameId}?g=${answer.link}`;
  $("share-status").dataset.link = url;
  try {
    await navigator.clipboard.writeText(url);
    shareStatus(t("share.copied", { n: url.length }));
  } catch {
    shareStatus(t("share.copy_this", { url }));
  }
}

function downloadRecord() {
  const record = JSON.stringify(session.view.record, null, 1);
  const file = new Blob([record], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(file);
  link.download = `ludoteca-${session.gameId}-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  shareStatus(t("share.downloaded"));
}

async function openRecordFile(file) {
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    return showError({ code: "bad_file" });
  }
  const game = record && typeof record === "object" ? record.game : null;
  if (game !== session.gameId) {
    return showError({ code: "wrong_game_file", params: { game: String(game) } });
  }
  const answer = await load({ record, game: session.gameId });
  if (!answer) return;
  if (!answer.ok) return showError(answer.error); // the game on the table stays as it was
  showError(null);
  keepSavedGame(session.gameId, answer.view.record); // the game on the table is kept too
  await showLoaded(answer.view);
  shareStatus(t("share.opened"));
}

export function setUpSharing() {
  $("share-link").addEventListener("click", copyLink);
  $("download").addEventListener("click", downloadRecord);
  $("open-file").addEventListener("change", (event) => {
    const [file] = event.target.files;
    if (file) openRecordFile(file);
    event.target.value = "";
  });
}
