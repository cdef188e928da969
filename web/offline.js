// The service worker's page side: register it, and when a new build has been installed
// offer "new version — reload" (the old files keep serving this page until then).
export function registerServiceWorker(onUpdate) {
  if (!("serviceWorker" in navigator)) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
  });
  const offer = (registration) => onUpdate(() => {
    reloading = true;
    registration.waiting?.postMessage("skip-waiting");
  });
  navigator.serviceWorker.register("sw.js").then((registration) => {
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
