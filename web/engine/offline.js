// The service worker's page side: register it, and when a new build has been installed
// offer "new version — reload" (the old files keep serving this page until then); and the
// web app manifest, which makes the site installable.
import { BUILD } from "../build-info.js";
import { whenEngineSettled } from "./engine.js";
import * as i18n from "../kit/i18n.js";

// The web app manifest (what makes Ludoteca installable) is linked once the engine has
// started, as the service worker is registered: Chromium's check of an installable app (the
// manifest fetched and parsed, its icons, the install button drawn) would otherwise take
// the browser's own thread from Python's first boot.
let manifest = null;
const manifestHref = () => `manifest.${i18n.lang}.webmanifest`;

/** Once linked, the manifest follows the page's language (its name, its start page's words). */
export function manifestFollowsLanguage() {
  if (manifest) manifest.href = manifestHref();
}

function linkManifest() {
  manifest = document.createElement("link");
  manifest.rel = "manifest";
  manifest.href = manifestHref();
  document.head.append(manifest);
}

export function registerServiceWorker(onUpdate) {
  whenEngineSettled().then(linkManifest);
  if (!("serviceWorker" in navigator)) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
    else tellVersion();
  });
  const offer = (registration) => onUpdate(() => {
    reloading = true;
    // another tab may have activated the new version already: then only this tab reloads
    if (registration.waiting) registration.waiting.postMessage("skip-waiting");
    else location.reload();
  });
  // After the engine has started: the precache's downloads never compete with Python's.
  whenEngineSettled().then(() => navigator.serviceWorker.register("sw.js")).then((registration) => {
    tellVersion();
    precacheTheRest();
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) {
          offer(registration);
        }
      });
    });
    // a lesson can be long: look for a new version now and then
    setInterval(() => registration.update().catch(() => {}), 30 * 60 * 1000);
  }).catch(() => { /* no offline support here (e.g. a private window): still playable */ });
}

/**
 * The game is playable (the engine has started): the service worker now precaches the rest
 * of this version — the rooms' code and strings — in the background, and says when it is
 * all there. The page shows it on <html data-offline>: "filling", then "ready" (every page
 * works offline from now on) or "partial" (the network went: asked again when it is back).
 */
function precacheTheRest() {
  const root = document.documentElement;
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type !== "precached" || event.data.version !== BUILD.version) return;
    root.dataset.offline = event.data.missing ? "partial" : "ready";
  });
  const ask = () => navigator.serviceWorker.ready.then((registration) => {
    if (root.dataset.offline === "ready") return;
    root.dataset.offline = "filling";
    registration.active?.postMessage({ type: "precache" });
  });
  ask();
  addEventListener("online", ask);
}

/** The service worker answers this tab from the cache of the version it runs (sw.js). */
function tellVersion() {
  navigator.serviceWorker.controller?.postMessage({ type: "tab", version: BUILD.version });
}
