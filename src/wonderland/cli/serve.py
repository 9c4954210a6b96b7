"""``wonderland serve``: the web table."""

from __future__ import annotations

import argparse
import os
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``serve``."""
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="database URL (default: $WONDERLAND_DB, else SQLite under --data-dir)",
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=Path("data"),
        help="where the embedded SQLite database lives (default ./data)",
    )
    parser.add_argument(
        "--bot-workers", type=int, default=1, help="worker processes for bots (default 1)"
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        help="seconds between bot moves, so people can follow (default 0.6)",
    )


def run(args: argparse.Namespace) -> int:
    """Start uvicorn with the app."""
    import uvicorn

    from wonderland.server.app import create_app
    from wonderland.store import default_database_url

    url = args.db or os.environ.get("WONDERLAND_DB") or default_database_url(args.data_dir)
    app = create_app(url, bot_workers=args.bot_workers, bot_delay=args.bot_delay)
    print(f"Wonderland Table on http://{args.host}:{args.port}  (database: {url})")
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
