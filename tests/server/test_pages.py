"""The pages answer as people and monitors expect: ``HEAD`` on every ``GET`` route, a page in
words for a table that does not exist, and the welcome says whether the game is a race."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from starlette.routing import BaseRoute

from tests.server.test_websocket import create

TWO_PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def get_routes(routes: list[BaseRoute], prefix: str = "") -> list[str]:
    """Every ``GET`` route under ``routes``, from the app's router down through the routers
    it includes (so a new page is covered too)."""
    found: list[str] = []
    for route in routes:
        if isinstance(route, APIRoute) and "GET" in route.methods:
            found.append(prefix + route.path)
        included = getattr(route, "original_router", None)  # an included router
        if included is not None:
            found += get_routes(included.routes, prefix + route.include_context.prefix)  # type: ignore[attr-defined]
    return sorted(found)


def filled(path: str, table: str) -> list[str]:
    """Paths to ask for ``path``'s route: its parameters filled in with things that exist
    (and, for a table, one that does not)."""
    values = {"game_id": ["parade"], "name": ["renderer.js"], "table_id": [table, "nope"]}
    names = re.findall(r"{(\w+)}", path)
    unknown = [name for name in names if name not in values]
    assert not unknown, f"no value to try for {unknown} in {path}: add one here"
    paths = [path]
    for name in names:
        paths = [p.replace(f"{{{name}}}", value) for p in paths for value in values[name]]
    return paths


def test_head_answers_every_get_route_as_get_does_without_a_body(client: TestClient) -> None:
    table = create(client, "parade", TWO_PEOPLE)["table"]
    routes = get_routes(client.app.routes)  # type: ignore[attr-defined]
    pages = {"/", "/t/{table_id}", "/t/{table_id}/screen", "/learn/{game_id}", "/score/{game_id}"}
    assert pages <= set(routes)
    for route in routes:
        for path in filled(route, table):
            got, head = client.get(path), client.head(path)
            assert head.status_code == got.status_code, path
            assert head.content == b"", path
            assert head.headers.get("content-type") == got.headers.get("content-type"), path
    assert client.head("/").status_code == 200
    assert client.head("/static/style.css").status_code == 200


@pytest.mark.parametrize("table", ["doesnotexist", "x" * 65])
def test_an_unknown_table_is_a_page_that_says_so(client: TestClient, table: str) -> None:
    page = client.get(f"/t/{table}")
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    text = page.text
    assert f"There is no table &#x27;{table[:64]}" in text
    assert re.search(r'<a class="gone-lobby" href="/">Go to the lobby</a>', text)
    for control in ("<input", "<button", "<form", "chat", "connecting", "null"):
        assert control not in text, control
    assert client.head(f"/t/{table}").status_code == 404


def test_a_table_name_is_escaped_on_its_not_found_page(client: TestClient) -> None:
    text = client.get("/t/%3Cb%3Ex").text
    assert "<b>" not in text and "&lt;b&gt;x" in text


def test_an_existing_table_is_its_page(client: TestClient) -> None:
    table = create(client, "parade", TWO_PEOPLE)["table"]
    page = client.get(f"/t/{table}")
    assert page.status_code == 200 and 'id="board"' in page.text


def test_a_tables_screen_is_its_page_and_an_unknown_ones_says_so(client: TestClient) -> None:
    table = create(client, "parade", TWO_PEOPLE)["table"]
    page = client.get(f"/t/{table}/screen")
    assert page.status_code == 200 and 'class="board layout-screen"' in page.text
    for control in ("<input", "<button", "<form"):
        assert control not in page.text, control
    missing = client.get("/t/doesnotexist/screen")
    assert missing.status_code == 404 and "There is no table" in missing.text


@pytest.mark.parametrize(("game", "real_time"), [("parade", False), ("wonderdice", True)])
def test_the_welcome_says_whether_the_game_is_played_in_real_time(
    client: TestClient, game: str, real_time: bool
) -> None:
    table = create(client, game, TWO_PEOPLE)["table"]
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "table": table, "token": None}))
        welcome = json.loads(ws.receive_text())
    assert welcome["type"] == "welcome" and welcome["real_time"] is real_time


@pytest.mark.parametrize("path", ["/t/", "/nothing-here", "/score/nogame", "/learn/nogame"])
def test_a_browser_is_told_in_words_that_a_page_does_not_exist(
    client: TestClient, path: str
) -> None:
    """A page a browser opens that does not exist says so and leads to the lobby (not a bare
    JSON '{"detail": "Not Found"}'); a program (no text/html accepted) and the API keep
    their JSON answers."""
    html_accept = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    page = client.get(path, headers=html_accept)
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "No page here" in page.text and '"detail"' not in page.text
    assert re.search(r'<a class="gone-lobby" href="/">Go to the lobby</a>', page.text)
    assert page.headers["content-security-policy"].startswith("default-src 'self'")
    if path.startswith(("/score/", "/learn/")):
        assert "nogame" in page.text  # the reason in words
    assert client.get(path).json()["detail"]  # a program's answer
    api = client.get("/api/tables/nosuchtable/status", headers=html_accept)
    assert api.status_code == 404 and api.headers["content-type"] == "application/json"


def test_a_missing_page_escapes_its_path(client: TestClient) -> None:
    text = client.get("/%3Cb%3Ex", headers={"accept": "text/html"}).text
    assert "<b>" not in text and "&lt;b&gt;x" in text
