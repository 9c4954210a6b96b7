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
