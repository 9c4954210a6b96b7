"""docs/server-protocol.md embeds the JSON Schemas generated from the wire models."""

from __future__ import annotations

import json
import re
from pathlib import Path

from wonderland.server.wire import client_schema, server_schema

DOC = Path(__file__).parents[2] / "docs" / "server-protocol.md"


def embedded(name: str) -> object:
    text = DOC.read_text(encoding="utf-8")
    match = re.search(rf"<!-- schema:{name} -->\s*```json\n(.*?)\n```", text, re.S)
    assert match, f"no {name} schema block in {DOC}"
    return json.loads(match.group(1))


def test_documented_schemas_match_the_models() -> None:
    """The documented protocol is the one the server speaks."""
    assert embedded("client") == client_schema()
    assert embedded("server") == server_schema()
