// Every page: installs the service worker that keeps the client for offline use (sw.js), once
// the page has loaded, so it never competes with the page's own requests. A failure (the
// server gone meanwhile) costs only the offline copy: it is told in the console, and the
// next page tries again.
if ("serviceWorker" in navigator) {
  const register = () => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => {
    console.warn("Not installed for offline use this time:", error);
  });
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}

/** Asks the service worker to keep the offline engine (a Learn or score page, the installed
 *  app): some 16 MB, downloaded once per version. */
export function keepEngine() {
  if (!("serviceWorker" in navigator) || !navigator.onLine) return;
  navigator.serviceWorker.ready.then((registration) => registration.active && registration.active.postMessage("keep-engine"));
}

// The installed app works offline: it keeps the engine (opened as an app, or just installed).
if (matchMedia("(display-mode: standalone)").matches) keepEngine();
addEventListener("appinstalled", keepEngine);
