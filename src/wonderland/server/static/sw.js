// The service worker (served at /sw.js, scope "/"): it keeps the client for offline use.
// On install it caches the client that /offline/precache.json lists (static files, each game's
// renderer and score widgets, the Learn and score pages and their forms, the package for the
// offline engine); the offline engine (Pyodide and its wheels, some 16 MB) is cached only when a
// page asks for it ("keep-engine": a Learn or score page, or the installed app), so a phone that
// joins a table by its code downloads no engine. Each cache is named by its version, so an
// upgrade replaces the old caches. Pages and API answers come from the
// network first (a page that needs the server is replaced by the offline page when the network
// is gone); files come from the cache first.
const VERSIONS = /*VERSIONS*/{};
const CLIENT = `wonderland-client-${VERSIONS.client}`;
const ENGINE = `wonderland-engine-${VERSIONS.engine}`;
const OFFLINE_PAGE = "/offline";

/** Cache every URL not yet in the cache `name` (a failed one fails the install). */
async function fill(name, urls) {
  const cache = await caches.open(name);
  const missing = [];
  for (const url of urls) if (!(await cache.match(url))) missing.push(url);
  await cache.addAll(missing);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    await fill(CLIENT, (await lists()).client.urls);
    await self.skipWaiting();
  })());
});

/** What /offline/precache.json lists: the client's and the engine's URLs. */
async function lists() {
  return (await fetch("/offline/precache.json", { cache: "no-store" })).json();
}

// A page that may be needed offline asks for the engine; the page is told once it is kept.
self.addEventListener("message", (event) => {
  if (event.data !== "keep-engine") return;
  event.waitUntil((async () => {
    await fill(ENGINE, (await lists()).engine.urls);
    if (event.source) event.source.postMessage("engine-kept");
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("wonderland-") && name !== CLIENT && name !== ENGINE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/** The network's answer to `request`; when its path is one kept for offline use, the kept
 *  copy is replaced by it. */
async function fresh(request) {
  const response = await fetch(request);
  const path = new URL(request.url).pathname;
  const cache = await caches.open(CLIENT);
  if (response.ok && (await cache.match(path))) await cache.put(path, response.clone());
  return response;
}

/** A page: the network's (kept fresh); without the network, the cached page, or the offline
 *  page for one that needs the server. */
async function page(request) {
  try {
    return await fresh(request);
  } catch (error) {
    const path = new URL(request.url).pathname;
    return (await caches.match(path)) || (await caches.match(OFFLINE_PAGE)) || Response.error();
  }
}

/** An API answer: the network's (kept fresh); without it, the cached one (the forms of the
 *  Learn and score pages), else the request fails and the page asks the offline engine. */
async function answer(request) {
  try {
    return await fresh(request);
  } catch (error) {
    const cached = await caches.match(request, { ignoreSearch: true });
    if (cached) return cached;
    throw error;
  }
}

/** A file: the cached copy (the version names its cache), else the network's. */
async function file(request) {
  return (await caches.match(request, { ignoreSearch: true })) || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(request));
  else if (url.pathname.startsWith("/api/")) event.respondWith(answer(request));
  else event.respondWith(file(request));
});
