// The requests of the Learn pages and the score calculators: to the server, and when the
// network is gone (the request fails to reach it), to the offline engine, a worker that runs
// the same Python code as the server in the browser (offline-engine.js). A lesson or practice
// session begun offline stays with the engine (the server does not know it).
import { el, loadStyles } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { keepEngine } from "/static/install.js";

let engine = null;       // the worker's answers by request id, once started
const mine = new Set();  // the sessions the engine began

/** The calm line at the top of the page that says where the rules run now. */
function status(text, kind = "") {
  let line = document.getElementById("offline-status");
  if (!line) {
    loadStyles("/static/offline.css");
    line = el("p", { id: "offline-status", class: "offline-status", role: "status" });
    const main = document.querySelector("main");
    main.prepend(line);
  }
  line.className = `offline-status ${kind}`;
  line.replaceChildren(icon("offline"), " ", text);
}

function startEngine() {
  status("You are offline. Loading the rules for offline use…", "loading");
  const worker = new Worker("/offline/engine.js", { type: "module" });
  const waiting = new Map();
  let next = 0;
  const ready = new Promise((resolve, reject) => {
    worker.addEventListener("message", ({ data }) => {
      if (data.ready) {
        performance.mark("offline-rules-ready", { detail: { seconds: data.seconds } });  // for bench/
        status(navigator.onLine ? "Back online: the server answers again." : "You are offline: the rules run on this device.", "ready");
        resolve();
      } else if (data.failed) {
        status(`You are offline, and the rules could not be loaded for offline use (${data.failed}). Reconnect to go on.`, "failed");
        reject(new Error(data.failed));
      } else {
        waiting.get(data.id)(data);
        waiting.delete(data.id);
      }
    });
  });
  return {
    ask: async (method, path, body) => {
      await ready;
      const id = next++;
      return new Promise((resolve) => { waiting.set(id, resolve); worker.postMessage({ id, method, path, body }); });
    },
  };
}

async function offline(method, path, body) {
  engine = engine || startEngine();
  const answer = await engine.ask(method, path, body);
  for (const key of [answer.data.lesson, answer.data.session]) if (key) mine.add(key);
  return { ok: answer.status < 400, status: answer.status, data: answer.data };
}

/** `method path` with the JSON `body`: { ok, status, data } from the server, or from the
 *  offline engine when the server cannot be reached. */
export async function ask(method, path, body = null) {
  if ([...mine].some((key) => path.endsWith(`/${key}`))) return offline(method, path, body);
  let response;
  try {
    const init = body === null ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
    response = await fetch(path, init);
  } catch (error) {  // no network: the server cannot be reached
    return offline(method, path, body);
  }
  return { ok: response.ok, status: response.status, data: await response.json() };
}

// A Learn or score page keeps the engine for offline use. Opened offline (or cut off while
// open): the rules start loading at once, not at the first question, and the page says so.
keepEngine();
if (!navigator.onLine) engine = startEngine();
addEventListener("offline", () => { engine = engine || startEngine(); });
addEventListener("online", () => {
  if (!engine) return;
  const going = mine.size ? " What you began offline goes on on this device." : "";
  status(`Back online: the server answers again.${going}`, "ready");
});
