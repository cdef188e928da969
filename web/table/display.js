// The projector look (high contrast, large type; remembered) and the full-screen button.
import { getSetting, setSetting } from "../kit/settings.js";
import { $ } from "../kit/dom.js";


export function setUpDisplay() {
  const apply = (on) => {
    document.body.classList.toggle("projector", on);
    $("projector").setAttribute("aria-pressed", String(on));
  };
  apply(getSetting("projector", "0") === "1");
  $("projector").addEventListener("click", () => {
    const on = !document.body.classList.contains("projector");
    setSetting("projector", on ? "1" : "0");
    apply(on);
  });
  $("fullscreen").hidden = !document.fullscreenEnabled;
  $("fullscreen").addEventListener("click", () => {
    if (document.fullscreenElement) document.exitFullscreen();
    else document.documentElement.requestFullscreen().catch(() => {});
  });
}
