// Every page: installs the service worker that keeps the client for offline use (sw.js), once
// the page has loaded, so it never competes with the page's own requests.
if ("serviceWorker" in navigator) {
  const register = () => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => {
    if (navigator.onLine) setTimeout(() => { throw error; });  // offline, the installed one serves
  });
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
