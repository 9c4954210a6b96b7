"""The installable, offline-capable web app: the offline engine's dispatcher answers as the
server's routes do, and the manifest, service worker, offline page and engine files are served."""

from __future__ import annotations

import io
import json
import re
import struct
import subprocess
import sys
import zipfile
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wonderland.core import game_ids
from wonderland.hosting.aids import aids_game_ids, scored_game_ids
from wonderland.hosting.offline_api import OfflineApi
from wonderland.server import offline_files

KEYS = ("lesson", "session")
"""The answers' session ids: random on each side, so compared by where they are."""

REQUESTS: list[tuple[str, str, Any]] = [
    ("GET", "/api/learn/parade", None),
    ("GET", "/api/learn/chess", None),
    ("GET", "/api/learn/Not-A-Game", None),
    ("GET", "/api/score/wonderlands_war", None),
    ("GET", "/api/score/wonderdice", None),
    ("POST", "/api/score/parade/check", {"players": [{"name": "Ann", "collected": "R3 B9"}]}),
    ("POST", "/api/score/parade/check", {"players": "nobody"}),
    ("POST", "/api/score/parade", {"players": []}),
    ("POST", "/api/score/parade", ["not", "an", "object"]),
    ("POST", "/api/score/parade/check", None),
    ("POST", "/api/learn/parade/lessons", None),
    ("POST", "/api/learn/parade/lessons", {"script": "no-such-script.toml"}),
    ("POST", "/api/learn/parade/lessons", {"script": 3, "extra": True}),
    ("POST", "/api/learn/parade/practice", {"count": 0, "level": True}),
    ("POST", "/api/learn/wonderlands_war/practice", {"count": 2, "seed": 7, "level": 2}),
    ("POST", "/api/lessons/expired-key", {}),
    ("POST", "/api/lessons/not.a.key", {"move": 5}),
    ("POST", "/api/practice/expired-key", {"answers": []}),
]


def without_keys(answer: Any) -> Any:
    """The answer with its session ids blanked."""
    if isinstance(answer, dict):
        return {k: ("<key>" if k in KEYS else without_keys(v)) for k, v in answer.items()}
    if isinstance(answer, (list, tuple)):
        return [without_keys(item) for item in answer]
    return answer


def served(client: TestClient, method: str, path: str, body: Any) -> tuple[int, Any]:
    """The server's status and JSON for the request."""
    response = (
        client.request(method, path, json=body)
        if body is not None
        else client.request(method, path)
    )
    return response.status_code, response.json()


@pytest.mark.parametrize(("method", "path", "body"), REQUESTS)
def test_offline_answers_as_the_server(
    client: TestClient, method: str, path: str, body: Any
) -> None:
    """Every request, good or refused, gets the same status and JSON from both."""
    status, answer = OfflineApi().answer(method, path, body)
    assert (status, without_keys(answer)) == (
        served(client, method, path, body)[0],
        without_keys(served(client, method, path, body)[1]),
    )


def test_a_lesson_and_a_practice_go_on_alike(client: TestClient) -> None:
    """A lesson's steps (a wrong move, then going on) and a seeded practice task's answers
    are judged alike, each side with its own session; unreadable JSON is refused alike."""
    offline = OfflineApi()
    keys = {}
    for start in ("/api/learn/parade/lessons", "/api/learn/parade/practice"):
        body: dict[str, Any] = {} if start.endswith("lessons") else {"count": 2, "seed": 11}
        mine, theirs = offline.answer("POST", start, body), served(client, "POST", start, body)
        assert without_keys(mine) == without_keys(theirs)
        kind = "lesson" if start.endswith("lessons") else "session"
        keys[kind] = (mine[1][kind], theirs[1][kind])
    steps: list[tuple[str, str, dict[str, Any]]] = [("lessons", "lesson", {})]
    steps += [("lessons", "lesson", {"move": "Z9"})]
    steps += [("practice", "session", {"answers": ["nonsense"]}), ("practice", "session", {})]
    for route, kind, step in steps:
        mine_key, their_key = keys[kind]
        mine = offline.answer("POST", f"/api/{route}/{mine_key}", step)
        theirs = served(client, "POST", f"/api/{route}/{their_key}", step)
        assert without_keys(mine) == without_keys(theirs)
    status, answer = json.loads(offline.answer_json("POST", "/api/score/parade", "{nope"))
    assert status == 422 and "JSON decode error" in answer["detail"]


def test_manifest_and_its_icons(client: TestClient) -> None:
    """The manifest makes the app installable (name, start, standalone, a 192 and a 512 px
    icon and a maskable one), every page links it, and each icon is what it says."""
    response = client.get("/manifest.webmanifest")
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["theme_color"].startswith("#")
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200 and image.headers["content-type"] == icon["type"]
        if icon["type"] == "image/png":
            width, height = struct.unpack(">II", image.content[16:24])
            assert f"{width}x{height}" == icon["sizes"]
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    for page in ("/", "/learn/parade", "/score/parade", "/offline", "/no-such-page"):
        text = client.get(page, headers={"accept": "text/html"}).text
        assert '<link rel="manifest" href="/manifest.webmanifest">' in text


def test_pages_are_asked_again_each_time(client: TestClient) -> None:
    """A page is never taken from the browser's cache without the server (offline, the service
    worker answers instead); a file may be."""
    for page in ("/", "/t/someTable12", "/learn/parade", "/score/parade"):
        response = client.get(page, headers={"accept": "text/html"})
        assert response.headers["cache-control"] == "no-cache", page
    assert "no-cache" not in client.get("/static/dom.js").headers.get("cache-control", "")


def test_service_worker_and_what_it_caches(client: TestClient) -> None:
    """The service worker is served at the root with its cache versions, and its list holds
    every game's renderer, the Learn and score pages of each game that has them, and
    nothing that does not answer."""
    worker = client.get("/sw.js")
    assert worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["service-worker-allowed"] == "/"
    lists = client.get("/offline/precache.json").json()
    assert json.dumps(lists["client"]["version"]) in worker.text
    urls = lists["client"]["urls"]
    assert {f"/games/{g}/renderer.js" for g in game_ids()} <= set(urls)
    assert {f"/learn/{g}" for g in aids_game_ids()} <= set(urls)
    assert {f"/score/{g}" for g in scored_game_ids()} <= set(urls)
    for url in urls:
        assert client.get(url).status_code == 200, url
    engine = client.get("/offline/engine.js")
    assert "'wasm-unsafe-eval'" in engine.headers["content-security-policy"]
    assert "'wasm-unsafe-eval'" not in client.get("/").headers["content-security-policy"]


def test_the_package_for_the_browser(client: TestClient) -> None:
    """The zip the offline engine unpacks holds the games' entry points and the pure-Python
    rules, and neither the server, the database nor a compiled engine."""
    archive = zipfile.ZipFile(io.BytesIO(client.get("/offline/wonderland.zip").content))
    names = archive.namelist()
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "[wonderland.games]" in archive.read(entry_points).decode()
    assert "wonderland/hosting/offline_api.py" in names
    assert "wonderland/games/parade/rules.py" in names
    left_out = ("/server/", "/store/", "/cli/", "/compiled/", "/fast/", "/web/")
    assert not [n for n in names if any(part in n for part in left_out)]


def test_offline_page_says_what_needs_the_server(client: TestClient) -> None:
    """The offline page names what needs the server, links what works offline and tells how
    to run the table for a room on a laptop."""
    text = client.get("/offline").text
    assert "needs the table server" in text and "wonderland serve --room" in text
    for game in aids_game_ids():
        assert f'href="/learn/{game}"' in text
    assert client.get("/offline/pyodide/nothing.js").status_code == 404


BLOCKED = """
import importlib.abc, sys
class Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"numpy", "numba", "fastapi", "starlette", "sqlalchemy", "rich"}:
            raise ImportError(f"{name} is not in the browser")
sys.meta_path.insert(0, Blocked())
from wonderland.hosting.offline_api import OfflineApi
from wonderland.server import offline_files
api = OfflineApi()
for game in ("parade", "wonderdice", "wonderlands_war"):
    assert api.answer("GET", f"/api/learn/{game}", None)[0] == 200
    assert api.answer("POST", f"/api/learn/{game}/lessons", {})[0] == 200
    assert api.answer("POST", f"/api/learn/{game}/practice", {"count": 3, "seed": 1})[0] == 200
print("ok")
"""


def test_the_offline_rules_need_nothing_compiled() -> None:
    """The dispatcher answers every game's Learn requests with no compiled library, no web
    framework, database or terminal library importable (as in the browser: pydantic only)."""
    done = subprocess.run([sys.executable, "-c", BLOCKED], capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr


def test_a_changed_file_is_a_new_cache_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The client's cache is named by a digest of its files: changing one names a new cache
    (the service worker then replaces the old one); the same files keep the same name."""
    script = tmp_path / "page.js"
    script.write_text("one", encoding="utf-8")
    monkeypatch.setattr(offline_files, "client_files", lambda: {"/static/page.js": script})
    versions = [offline_files.precache.__wrapped__()["client"]["version"] for _ in range(2)]
    script.write_text("two", encoding="utf-8")
    versions.append(offline_files.precache.__wrapped__()["client"]["version"])
    assert versions[0] == versions[1] != versions[2]


def test_the_browser_gets_the_servers_pydantic() -> None:
    """The wheels ``make offline`` fetches for the browser are the versions installed here,
    so the offline rules validate as the server's do."""
    makefile = (Path(__file__).parents[2] / "Makefile").read_text(encoding="utf-8")
    pins = re.search(r"OFFLINE_WHEELS := (.*?[^\\])\n", makefile, re.S)
    assert pins is not None
    wanted = dict(pin.split("==") for pin in pins.group(1).replace("\\", " ").split())
    assert wanted == {name: version(name) for name in wanted}
