"""docs/server-protocol.md embeds the JSON Schemas generated from the wire models.

Regenerate the blocks on purpose with ``WONDERLAND_REGEN_DOCS=1``.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from wonderland.server.wire import client_schema, server_schema

DOC = Path(__file__).parents[2] / "docs" / "server-protocol.md"
SCHEMAS = {"client": client_schema, "server": server_schema}


def block(name: str) -> re.Pattern[str]:
    return re.compile(rf"(<!-- schema:{name} -->\s*```json\n)(.*?)(\n```)", re.S)


def test_documented_schemas_match_the_models() -> None:
    """The documented protocol is the one the server speaks."""
    text = DOC.read_text(encoding="utf-8")
    if os.environ.get("WONDERLAND_REGEN_DOCS") == "1":
        for name, schema in SCHEMAS.items():
            body = json.dumps(schema(), indent=2, sort_keys=True)
            text = block(name).sub(lambda m, b=body: m.group(1) + b + m.group(3), text)
        DOC.write_text(text, encoding="utf-8")
    for name, schema in SCHEMAS.items():
        match = block(name).search(text)
        assert match, f"no {name} schema block in {DOC}"
        assert json.loads(match.group(2)) == schema()
