"""The installed web app offline in Chromium: the service worker caches the client, then
with the network cut the score calculators give the server's answers (the same Python code,
run in the browser by Pyodide), a lesson goes on, and a page that needs the server says so."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.support import ServerProcess
from wonderland.hosting.aids import scored_game_ids
from wonderland.hosting.teaching import shipped_scripts

from .conftest import serious_violations

pytestmark = pytest.mark.slow

INSTALLED = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    const workers = navigator.serviceWorker;
    await new Promise((done) => workers.addEventListener("controllerchange", done, { once: true }));
  }
  return navigator.serviceWorker.controller.scriptURL;
}"""
"""Waits until the service worker has installed (cached the client) and controls the page."""

ENGINE_KEPT = """async () => {
  while (!(await caches.match("/offline/pyodide/pyodide.asm.wasm"))) {
    await new Promise((done) => setTimeout(done, 100));
  }
  return true;
}"""
"""Waits until the offline engine is cached (a Learn or score page asks for it)."""

NO_ENGINE = """async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname.startsWith("/offline/pyodide/")) return false;
    }
  }
  return true;
}"""
"""Whether no file of the offline engine is cached."""

LOADING = 90_000
"""Milliseconds Pyodide may take to load on a busy machine (seconds on an idle one)."""

SHEETS: dict[str, list[dict[str, str]]] = {
    "parade": [
        {"name": "Ann", "cards": "R3 R7 B0 G10 K2"},
        {"name": "Bob", "cards": "Y5 Y6 B1"},
        {"name": "Cid", "cards": "B4 G2"},
    ],
    "wonderlands_war": [
        {"name": "Ann", "battles": "12", "other": "2", "castles": "3", "castle_value": "3",
         "quests": "3/2 -/4", "shards": "2", "units": "9"},
        {"name": "Bob", "battles": "7", "other": "0", "castles": "1", "castle_value": "4",
         "quests": "", "shards": "0", "units": "4"},
        {"name": "Cid", "battles": "9", "other": "1", "castles": "2", "castle_value": "3",
         "quests": "-/- 1/1", "shards": "1", "units": "6"},
    ],
}  # fmt: skip
"""Three players' score sheets of each game with a score calculator, as typed."""


@pytest.fixture(scope="module")
def installed(browser: Browser, shared_site: ServerProcess) -> Iterator[BrowserContext]:
    """A browser that opened the lobby (the service worker cached the client, not the engine),
    then a score page (the engine is cached too)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{shared_site.url}/")
    assert page.evaluate(INSTALLED).endswith("/sw.js")
    assert page.evaluate(NO_ENGINE), "the lobby alone downloaded the offline engine"
    page.goto(f"{shared_site.url}/score/parade")
    assert page.evaluate(ENGINE_KEPT)
    page.close()
    yield context
    context.close()


def offline_page(context: BrowserContext) -> Page:
    """A page of the installed app, with the network cut (until the context is back online)."""
    context.set_offline(True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def test_installed_app(installed: BrowserContext, shared_site: ServerProcess) -> None:
    """The manifest is linked and valid, its icons load, and the caches hold the client,
    every game's renderer and Pyodide."""
    page = installed.new_page()
    page.goto(f"{shared_site.url}/learn/parade")
    manifest = page.evaluate(
        """async () => {
          const link = document.querySelector('link[rel="manifest"]');
          const manifest = await (await fetch(link.href)).json();
          const sizes = [];
          for (const icon of manifest.icons) {
            const image = new Image();
            image.src = icon.src;
            await image.decode();
            sizes.push(image.naturalWidth);
          }
          return { manifest, sizes };
        }"""
    )
    assert manifest["manifest"]["display"] == "standalone"
    assert all(size > 0 for size in manifest["sizes"])
    cached = page.evaluate(
        """async () => {
          const urls = [];
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
          }
          return urls;
        }"""
    )
    for url in ("/games/parade/renderer.js", "/games/wonderdice/renderer.js", "/static/score.js"):
        assert url in cached
    assert "/offline/pyodide/pyodide.asm.wasm" in cached
    page.close()


def read_scores(page: Page) -> list[dict[str, Any]]:
    """The score table on the page: each player's name, cells and total."""
    rows = page.locator("#result table.scores tbody tr")
    found = []
    for index in range(rows.count()):
        cells = rows.nth(index).locator("td").all_inner_texts()
        found.append({"name": cells[0].strip(), "cells": cells[1:-1], "total": int(cells[-1])})
    return found


def test_score_calculators_offline(installed: BrowserContext, shared_site: ServerProcess) -> None:
    """Each game's calculator, offline, scores typed sheets as the server did online; the
    page with its offline status passes axe-core."""
    assert set(SHEETS) == set(scored_game_ids()), "a score sheet for each calculator, here"
    expected = {}
    for game, players in SHEETS.items():
        answer = installed.request.post(
            f"{shared_site.url}/api/score/{game}/check", data={"players": players}
        ).json()
        expected[game] = [
            {"name": p["name"], "cells": p["cells"], "total": p["total"]}
            for p in answer["report"]["players"]
        ]
    page = offline_page(installed)
    try:
        for game, players in SHEETS.items():
            page.goto(f"{shared_site.url}/score/{game}")
            expect(page.locator("#calculate")).to_be_enabled()
            page.locator("#mode").click()
            for seat, entry in enumerate(players):
                for key, value in entry.items():
                    page.locator(f"#{key}-{seat}").fill(value)
            page.locator("#calculate").click()
            ready = page.locator("#offline-status")
            expect(ready).to_contain_text("the rules run on this device", timeout=LOADING)
            expect(page.locator("#result")).to_be_visible()
            assert read_scores(page) == expected[game], game
            assert serious_violations(page) == [], game  # the status line included
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        installed.set_offline(False)
        page.close()


def test_lesson_offline(installed: BrowserContext, shared_site: ServerProcess) -> None:
    """Offline, a lesson starts and goes on past its first steps; back online, it goes on
    with the rules on the device (the server does not know it)."""
    script = shipped_scripts("parade")[0]
    steps = [step for scene in script.model.scenes for step in scene.steps]
    titles = [step.title for step in steps]
    assert steps[2].expect is not None, "the third step asks for a move"
    page = offline_page(installed)
    try:
        page.goto(f"{shared_site.url}/learn/parade")
        page.locator("#start-lesson").click()
        expect(page.locator("#offline-status")).to_contain_text("Loading the rules")
        expect(page.locator("#lesson-title")).to_have_text(titles[0], timeout=LOADING)
        expect(page.locator("#offline-status")).to_contain_text("the rules run on this device")
        expect(page.locator("#lesson-board")).to_be_visible()
        for title in titles[1:3]:
            page.locator("#lesson-go").click()
            expect(page.locator("#lesson-title")).to_have_text(title)
        expect(page.locator("#lesson-where")).to_contain_text("step 3 of")
        installed.set_offline(False)  # back online: the lesson begun offline goes on here
        expect(page.locator("#offline-status")).to_contain_text("Back online")
        page.locator("#lesson-move-box summary").click()
        page.locator("#lesson-move").fill(str(steps[2].expect))
        page.locator("#lesson-try").click()
        expect(page.locator("#lesson-title")).to_have_text(steps[3].title)
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        installed.set_offline(False)
        page.close()


def test_pages_that_need_the_server(installed: BrowserContext, shared_site: ServerProcess) -> None:
    """Offline, the lobby and a table's page show the offline page: what needs the server,
    what works offline, how to run the table on a laptop; it passes axe-core."""
    page = offline_page(installed)
    try:
        for path in ("/", "/t/someTable12", "/t/someTable12/screen"):
            page.goto(f"{shared_site.url}{path}")
            expect(page.locator("h2")).to_have_text("You are offline")
            expect(page.locator("main")).to_contain_text("wonderland serve --room")
            expect(page.locator('a[href="/score/parade"]')).to_be_visible()
        assert serious_violations(page) == []
        page.locator('a[href="/learn/wonderdice"]').click()
        expect(page.locator("#start-lesson")).to_be_visible()
    finally:
        installed.set_offline(False)
        page.close()
