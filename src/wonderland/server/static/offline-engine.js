// The offline engine: a worker that runs the rules in the browser when the server cannot be
// reached. It loads Pyodide (Python compiled to WebAssembly), unpacks pydantic's wheels and the
// pure-Python part of the `wonderland` package, and answers the Learn pages' and score
// calculators' requests with the same Python code the server runs
// (`wonderland.hosting.offline_api`). Served at /offline/engine.js.
//
// Messages in: { id, method, path, body }. Out: { ready, seconds } once loaded (or { failed }),
// then { id, status, data } per request.
import { loadPyodide } from "/offline/pyodide/pyodide.mjs";

async function start() {
  const began = performance.now();
  const lists = await (await fetch("/offline/precache.json")).json();
  if (!lists.engine.urls.length) throw new Error("this server has no files for offline use");
  const pyodide = await loadPyodide({ indexURL: "/offline/pyodide/" });
  for (const url of [...lists.engine.wheels, "/offline/wonderland.zip"]) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} could not be loaded`);
    pyodide.unpackArchive(await response.arrayBuffer(), url.endsWith(".whl") ? "wheel" : "zip");
  }
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  const api = pyodide.pyimport("wonderland.hosting.offline_api").OfflineApi();
  postMessage({ ready: true, seconds: (performance.now() - began) / 1000 });
  return api;
}

const engine = start().catch((error) => {
  postMessage({ failed: String(error.message || error) });
  return null;
});

addEventListener("message", async ({ data }) => {
  const api = await engine;
  if (!api) return;
  const body = data.body === undefined || data.body === null ? null : JSON.stringify(data.body);
  const [status, answer] = JSON.parse(api.answer_json(data.method, data.path, body));
  postMessage({ id: data.id, status, data: answer });
});
