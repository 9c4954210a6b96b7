"""``wonderland content``: check a content pack, or write the JSON Schemas of content files."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from wonderland.core import ConfigError, get_plugin, plugins
from wonderland.core.capabilities import ContentModule
from wonderland.terminal.arguments import add_output
from wonderland.terminal.messages import say


def content_game_ids() -> list[str]:
    """The games whose plugins declare a content module."""
    return [p.game_id for p in plugins() if p.content is not None]


def content_module(game_id: str) -> ContentModule:
    """The content module of ``game_id``; ConfigError naming the games that have one."""
    ref = get_plugin(game_id).content if game_id in (known := content_game_ids()) else None
    if ref is None:
        raise ConfigError(f"no content for {game_id!r}; games with content: {', '.join(known)}")
    return ref.load()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``content``."""
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    validate = sub.add_parser("validate", help="check a content folder (merged over the base pack)")
    validate.add_argument("dir", type=Path, help="folder with your content TOML files")
    default = next(iter(content_game_ids()), None)
    validate.add_argument("--game", default=default, help="whose content (default %(default)s)")
    schema = sub.add_parser("schema", help="print or write the JSON Schema of each content file")
    add_output(schema, "--write", "folder", default=None, metavar="DIR", help="write into DIR")
    schema.add_argument("--game", default=default, help="whose content (default %(default)s)")


def run(args: argparse.Namespace) -> int:
    """Validate (exit 1 and list every problem when there are any) or export schemas."""
    module = content_module(args.game)
    console = Console(highlight=False)
    if args.action == "schema":
        schemas = module.json_schemas()
        if args.write is None:
            print(json.dumps(schemas, indent=2, sort_keys=True))
            return 0
        args.write.mkdir(parents=True, exist_ok=True)
        for name, schema in schemas.items():
            (args.write / name).write_text(json.dumps(schema, indent=2, sort_keys=True) + "\n")
        say(console, f"wrote {len(schemas)} schema file(s) into {escape(str(args.write))}")
        return 0
    if not args.dir.is_dir():
        what = "is a file, not a folder" if args.dir.exists() else "does not exist"
        raise ConfigError(f"{args.dir} {what}: name the folder of your content TOML files")
    content, problems = module.check(args.dir)
    if problems:
        say(console, f"[bold red]{len(problems)} problem(s)[/] in {escape(str(args.dir))}:")
        for p in problems:
            say(console, f"  {escape(p.file)}: [bold]{escape(p.key)}[/]: {escape(p.reason)}")
        return 1
    assert content is not None
    console.print(f"[green]ok[/]: {args.dir} merged over the base pack: {module.summary(content)}")
    return 0
