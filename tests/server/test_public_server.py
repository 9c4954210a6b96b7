"""A real ``wonderland serve`` as the public sees it: the websocket layer's size limit, bad
frames, security headers; and the settings behind the limits (flags, environment, docs)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.support import ServerProcess
from wonderland.cli.main import build_parser
from wonderland.cli.serve import LIMITS, settings_from, uvicorn_options
from wonderland.core import ConfigError
from wonderland.server.app import STATIC
from wonderland.server.settings import ServerSettings

from .conftest import make_app
from .test_websocket import create, sync_hello

DOC = Path(__file__).parents[2] / "docs" / "server-protocol.md"
TWO_PEOPLE = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture(scope="module")
def public(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One real server with the default limits, for every test of this module."""
    process = ServerProcess(tmp_path_factory.mktemp("public") / "data")
    process.start()
    yield process
    process.stop()


def ws_url(server: ServerProcess) -> str:
    return server.url.replace("http", "ws") + "/ws"


def error(ws: Any) -> dict[str, Any]:
    """The next message that is not a state; it must be an error."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if message["type"] != "state":
            assert message["type"] == "error", message
            return message


def test_bad_frames_are_refused_and_change_nothing(public: ServerProcess) -> None:
    """A binary frame and a string action id are answered ``malformed`` (the socket goes
    on); a 1 MB frame is refused by the websocket layer, which closes the socket (1009)."""
    with httpx.Client(base_url=public.url, timeout=10) as http:
        created = create(http, "parade", TWO_PEOPLE, start_player="0")
        table, token = created["table"], created["seats"][0]["token"]
        with connect(ws_url(public)) as ws:
            state = sync_hello(ws, table, token)
            version, action = state["version"], state["legal"][0]["id"]
            ws.send(json.dumps({"type": "ping"}).encode())  # bytes: a binary frame
            assert "binary frames" in error(ws)["message"]
            ws.send(json.dumps({"type": "act", "version": version, "action": str(action)}))
            assert error(ws)["code"] == "malformed"
            ws.send(json.dumps({"type": "ping"}))
            assert json.loads(ws.recv(timeout=10))["type"] == "pong"
        with connect(ws_url(public), max_size=None) as ws:
            sync_hello(ws, table, token)
            ws.send(json.dumps({"type": "ping", "pad": "x" * 1_000_000}))
            closed = close_of(ws)
            assert closed.rcvd is not None and closed.rcvd.code == 1009
        with connect(ws_url(public)) as ws:  # the table did not move, the server goes on
            assert sync_hello(ws, table, token)["version"] == version


def close_of(ws: Any) -> ConnectionClosed:
    """Read until the server closes the socket; the close."""
    for _ in range(1000):
        try:
            ws.recv(timeout=10)
        except ConnectionClosed as close:
            return close
    raise AssertionError("the server did not close the socket")


def security_headers(response: Any) -> None:
    policy = response.headers["content-security-policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "'unsafe-inline'" not in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_every_response_carries_the_security_headers(public: ServerProcess) -> None:
    """The lobby, a table page, a static file, a game's renderer, the API, a 404."""
    with httpx.Client(base_url=public.url, timeout=10) as http:
        table = create(http, "parade", TWO_PEOPLE)["table"]
        for path in (
            "/",
            f"/t/{table}",
            "/static/style.css",
            "/static/table.js",
            "/games/parade/renderer.js",
            "/learn/parade",
            "/api/games",
            "/api/tables",
            "/api/tables/nope/replay",
        ):
            response = http.get(path)
            assert response.status_code in (200, 404), path
            security_headers(response)
        assert http.get("/docs").status_code == 404  # no CDN scripts unless asked for
        assert http.get("/redoc").status_code == 404


def test_the_pages_run_no_inline_script() -> None:
    """Every page loads its code from the server's own modules (its own and the one that
    installs the service worker): no inline script, no inline event handler (the policy
    would block them)."""
    for page in STATIC.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        for script in re.findall(r"<script\b[^>]*>(.*?)</script>", text, re.S):
            assert not script.strip(), f"inline script in {page.name}"
        own = page.stem if page.stem != "index" else "lobby"
        scripts = [f'<script type="module" src="/static/{name}.js">' for name in ("install", own)]
        expected = [] if page.stem == "offline" else scripts  # offline: words only
        assert re.findall(r"<script\b[^>]*>", text) == expected, page.name
        assert not re.search(r"\son[a-z]+\s*=", text), f"inline handler in {page.name}"


def test_api_docs_when_asked_for(tmp_path: Path) -> None:
    """``api_docs`` serves /docs and /redoc, whose policy lets their CDN scripts in."""
    with TestClient(make_app(tmp_path, api_docs=True)) as client:
        for path in ("/docs", "/redoc"):
            response = client.get(path)
            assert response.status_code == 200
            assert "https://cdn.jsdelivr.net" in response.headers["content-security-policy"]
        security_headers(client.get("/api/games"))


def test_settings_come_from_flags_then_environment_then_defaults(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every setting has a flag; a flag wins over ``WONDERLAND_<NAME>``, which wins over the
    default; the websocket layer gets the size limit and the keep-alive pings."""
    fields = ServerSettings.model_fields
    assert [name for name, _, _ in LIMITS] == list(fields)
    for name, kind, help_text in LIMITS:
        assert fields[name].annotation in (kind, kind.__name__), name
        default = fields[name].default
        shown = ("yes" if default else "no") if kind is bool else f"{default or 'none'}"
        if kind in (int, float):
            shown = f"{default:g}"
        assert f"(default {shown})" in help_text or f"(default: {shown})" in help_text, name
    parser = build_parser()
    defaults = settings_from(parser.parse_args(["serve"]))
    assert defaults == ServerSettings()
    monkeypatch.setenv("WONDERLAND_TABLES_PER_MINUTE", "3")
    monkeypatch.setenv("WONDERLAND_ALLOW_BOT_TABLES", "true")
    monkeypatch.setenv("WONDERLAND_MAX_MESSAGE_BYTES", "4096")
    args = parser.parse_args(
        ["serve", "--tables-per-minute", "5", "--ping-interval-seconds", "7", "--api-docs"]
    )
    settings = settings_from(args)
    assert settings.tables_per_minute == 5 and settings.allow_bot_tables
    assert settings.api_docs and settings.max_message_bytes == 4096
    assert uvicorn_options(settings) == {
        "ws_max_size": 4096,
        "ws_ping_interval": 7.0,
        "ws_ping_timeout": 20.0,
        "timeout_keep_alive": 5.0,
        "h11_max_incomplete_event_size": 16384,
        "proxy_headers": False,
        "forwarded_allow_ips": "",
    }
    no_bots = settings_from(parser.parse_args(["serve", "--no-allow-bot-tables"]))
    assert not no_bots.allow_bot_tables
    with pytest.raises(ConfigError, match="message_burst"):
        settings_from(parser.parse_args(["serve", "--message-burst", "2"]))


def test_every_setting_is_documented() -> None:
    """docs/server-protocol.md names each setting's flag, variable and default."""
    text = DOC.read_text(encoding="utf-8")
    for name, field in ServerSettings.model_fields.items():
        flag, env = ServerSettings.flag(name), ServerSettings.env_name(name)
        default = field.default
        shown = str(default).lower() if isinstance(default, bool) else f"{default or 'none'}"
        if isinstance(default, int | float) and not isinstance(default, bool):
            shown = f"{default:g}"
        row = f"| `{flag}` | `{env}` | {shown} |"
        assert row in text, row
