"""A throwaway PostgreSQL cluster on a Unix socket, which a test may stop and start again."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.support import free_port


def _as_postgres(command: list[str]) -> list[str]:
    """Run PostgreSQL tools as the postgres user when we are root (initdb refuses root)."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


class PostgresCluster:
    """initdb in a temporary folder; ``url`` is its SQLAlchemy URL (PostgreSQL is installed by
    ``make test``, so a missing initdb fails rather than skips)."""

    def __init__(self) -> None:
        installed = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        initdb = shutil.which("initdb") or (installed[-1] if installed else "")
        assert initdb, "PostgreSQL's initdb is needed: `make test` installs it"
        self.pg_ctl = str(Path(initdb).with_name("pg_ctl"))
        self.base = Path(tempfile.mkdtemp(prefix="wonderland-pg-"))
        os.chmod(self.base, 0o777)
        self.data, self.port = self.base / "data", free_port()
        subprocess.run(
            _as_postgres([initdb, "-D", str(self.data), "-U", "postgres", "--auth=trust"]),
            check=True,
            capture_output=True,
        )
        self.url = f"postgresql+psycopg://postgres@/postgres?host={self.base}&port={self.port}"

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        options = f"-p {self.port} -k {self.base} -c listen_addresses=''"
        command = [self.pg_ctl, "-D", str(self.data), "-o", options, "-w", "start"]
        subprocess.run(
            _as_postgres([*command, "-l", str(self.base / "log")]),
            check=True,
            capture_output=True,
        )

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``fast`` closes every connection; ``immediate`` is a crash)."""
        subprocess.run(
            _as_postgres([self.pg_ctl, "-D", str(self.data), "-m", mode, "-w", "stop"]),
            capture_output=True,
        )

    def remove(self) -> None:
        """Stop it and delete its files."""
        self.stop("immediate")
        shutil.rmtree(self.base, ignore_errors=True)
