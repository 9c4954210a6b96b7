"""The offline engine in Chromium: how long Pyodide takes to load the rules cold, how soon the
first score answer comes offline, and how many bytes the installed app keeps in its caches.

    .venv/bin/python -m bench.offline_engine

Needs ``make offline`` (Pyodide and the wheels) and Debian's chromium. Printed: the service
worker's install (everything cached), the bytes per cache, the engine's own load time (Pyodide
started, wheels and package unpacked, the rules imported), the time from opening a score page
offline to the rules ready, then two score answers offline (click to result) and the
machine's load.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright
from tests.browser.conftest import CHROMIUM_FLAGS
from tests.support import ServerProcess

INSTALLED = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) await new Promise((done) =>
    navigator.serviceWorker.addEventListener("controllerchange", done, { once: true }));
}"""
CACHED_BYTES = """async () => {
  const sizes = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    sizes[name] = 0;
    for (const request of await cache.keys()) {
      sizes[name] += (await (await cache.match(request)).arrayBuffer()).byteLength;
    }
  }
  return sizes;
}"""
SHEET = {"cards-0": "R3 R7 B0 G10 K2", "cards-1": "Y5 Y6 B1", "cards-2": "B4 G2"}


def score_once(page: Page) -> float:
    """Seconds from pressing "Calculate" to the scores on show."""
    page.locator("#result").evaluate("node => { node.hidden = true; }")
    began = time.perf_counter()
    page.locator("#calculate").click()
    page.locator("#result").wait_for(state="visible", timeout=120_000)
    return time.perf_counter() - began


def main() -> None:
    """Install, cut the network, open the page, score twice; print the figures."""
    server = ServerProcess(Path(tempfile.mkdtemp()) / "data")
    server.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=shutil.which("chromium"), args=CHROMIUM_FLAGS
            )
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            began = time.perf_counter()
            page.goto(f"{server.url}/score/parade")
            page.evaluate(INSTALLED)
            print(f"service worker installed (all cached): {time.perf_counter() - began:.2f} s")
            sizes = page.evaluate(CACHED_BYTES)
            for name, size in sizes.items():
                print(f"  {name}: {size / 1e6:.2f} MB")
            print(f"  total cached: {sum(sizes.values()) / 1e6:.2f} MB")
            context.set_offline(True)
            began = time.perf_counter()
            page.reload()  # opened offline: the engine starts loading at once
            page.locator("#offline-status.ready").wait_for(timeout=120_000)
            ready = time.perf_counter() - began
            mark = "performance.getEntriesByName('offline-rules-ready')[0].detail.seconds"
            print(f"offline engine loaded (Pyodide, wheels, rules): {page.evaluate(mark):.2f} s")
            print(f"page opened offline to the rules ready: {ready:.2f} s")
            page.locator("#mode").click()
            for field, value in SHEET.items():
                page.locator(f"#{field}").fill(value)
            print(f"first score answer offline: {score_once(page) * 1000:.0f} ms")
            print(f"second score answer offline: {score_once(page) * 1000:.0f} ms")
            print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
