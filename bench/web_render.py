"""How long the web table takes to apply a state message, and how much it loads, per game.

Starts ``wonderland serve`` on a free port with a fresh database and, for each game, opens a
table in Debian's chromium (1280x800) where seat 0 plays a few moves against bots with the
table's own buttons to reach a mid-game position. The page then ignores its socket
(``window.__table.hold``) and applies the last two state messages it received again and again,
alternately, one per animation frame, so that every apply draws a changed table and sets up
its animations. ``window.__table.timings`` holds the time of each apply (the players, the log,
the renderer's draw and its animation set-up) and ``window.__table.board`` the renderer's part
alone. Printed: their median and p95, and the page weight (the JS, CSS and SVG files the
table page loads, uncompressed).

Goals: median <= 8 ms, p95 <= 16 ms (one frame at 60 Hz), weight < 300 KB.

    .venv/bin/python bench/web_render.py [--applies 300] [--games parade,wonderlands_war]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2 as httpx
from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

GAMES = {
    # game: (the bots at the table, the player's moves before measuring)
    "wonderlands_war": (["heuristic", "heuristic"], 16),
    "parade": (["greedy", "greedy", "greedy"], 6),
    "wonderdice": (["greedy", "greedy"], 14),
}
FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
APPLY_LOOP = """async ([count]) => {
  const table = window.__table;
  table.hold = true;
  const [before, after] = table.history;
  const start = [table.timings.length, table.board.length];
  for (let i = 0; i < count; i++) {
    table.apply(i % 2 ? before : after);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return [table.timings.slice(start[0]), table.board.slice(start[1])];
}"""


def free_port() -> int:
    """An unused loopback port."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(data_dir: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``wonderland serve`` with quick bots, once it answers."""
    port = free_port()
    command = [sys.executable, "-m", "wonderland.cli.main", "serve", "--port", str(port)]
    command += ["--data-dir", str(data_dir), "--bot-delay", "0.1"]
    env = {key: value for key, value in os.environ.items() if key != "WONDERLAND_DB"}
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                return process, base
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def version_now(page: Page) -> int:
    """The version of the last state the table drew (-1 before the first)."""
    version: int = page.evaluate("window.__table.history.at(-1)?.version ?? -1")
    return version


def play(page: Page, moves: int, rng: random.Random) -> None:
    """Make ``moves`` moves with the table's enabled buttons."""
    made = 0
    for _ in range(moves * 40):
        if made >= moves:
            return
        buttons = page.locator('#board button:enabled:not([aria-disabled="true"])')
        if not buttons.count():
            page.wait_for_timeout(150)
            continue
        version = version_now(page)
        try:
            buttons.nth(rng.randrange(buttons.count())).click(timeout=1000)
        except PlaywrightTimeout:
            continue
        for _ in range(25):
            page.wait_for_timeout(200)
            if version_now(page) > version:
                made += 1
                break


def page_weight(page: Page) -> tuple[int, int]:
    """Bytes (uncompressed) and count of the JS, CSS and SVG files the page loaded."""
    urls: list[str] = page.evaluate(
        "performance.getEntriesByType('resource').map((entry) => entry.name)"
    )
    wanted = sorted({url for url in urls if url.split("?")[0].endswith((".js", ".css", ".svg"))})
    total = sum(len(httpx.get(url, timeout=10).content) for url in wanted)
    return total, len(wanted)


def measure(page: Page, base: str, game: str, applies: int) -> dict[str, float]:
    """Timings of ``applies`` state messages applied at a mid-game table of ``game``."""
    bots, moves = GAMES[game]
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": bot} for bot in bots]
    created = httpx.post(f"{base}/api/tables", json={"game": game, "seats": seats}, timeout=10)
    page.goto(created.json()["seats"][0]["url"])
    page.wait_for_selector("#board *", state="attached")
    play(page, moves, random.Random(f"{game}-bench"))
    page.wait_for_timeout(500)
    page.evaluate(APPLY_LOOP, [20])  # warm up
    timings, board = page.evaluate(APPLY_LOOP, [applies])
    weight, files = page_weight(page)
    ordered = sorted(timings)
    return {
        "version": version_now(page),
        "median": statistics.median(ordered),
        "p95": percentile(ordered, 0.95),
        "max": ordered[-1],
        "board": statistics.median(board),
        "board_p95": percentile(sorted(board), 0.95),
        "weight": weight,
        "files": files,
    }


def percentile(ordered: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of the sorted ``ordered`` lie."""
    return ordered[round(fraction * (len(ordered) - 1))]


def main() -> None:
    """Measure each game, print one line each."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--applies", type=int, default=300)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    games = [game for game in args.games.split(",") if game]
    process, base = start_server(Path(tempfile.mkdtemp()) / "data")
    try:
        with sync_playwright() as playwright:
            executable = shutil.which("chromium") or "chromium"
            browser = playwright.chromium.launch(executable_path=executable, args=FLAGS)
            print(f"{args.applies} applies of a state message, alternating with the one before")
            print(
                f"{'game':<16} {'at':>5} {'median':>9} {'p95':>9} {'max':>9}"
                f" {'board median':>12} {'board p95':>9} {'weight':>10}"
            )
            for game in games:
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                found = measure(page, base, game, args.applies)
                page.close()
                print(
                    f"{game:<16} {found['version']:>5} {found['median']:>6.2f} ms "
                    f"{found['p95']:>6.2f} ms {found['max']:>6.2f} ms "
                    f"{found['board']:>9.2f} ms {found['board_p95']:>6.2f} ms "
                    f"{found['weight'] / 1024:>6.1f} KB ({found['files']} files)"
                )
            browser.close()
            print("goals: median <= 8 ms, p95 <= 16 ms, weight < 300 KB")
    finally:
        process.terminate()
        process.wait(timeout=10)


if __name__ == "__main__":
    main()
