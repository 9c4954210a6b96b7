"""Shared test support: a real ``wonderland serve`` in a subprocess."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2 as httpx


def free_port() -> int:
    """An unused TCP port on the loopback interface."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def answers(url: str, seconds: float) -> bool:
    """Whether the web table at ``url`` answers ``GET /api/games`` within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                return True
        except httpx.HTTPError:
            time.sleep(0.1)
    return False


class ServerProcess:
    """``wonderland serve`` in a subprocess, killable with SIGKILL and restartable."""

    def __init__(self, data_dir: Path, bot_delay: float = 0.0, flags: tuple[str, ...] = ()) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.bot_delay = bot_delay
        self.flags = flags
        """More ``serve`` options (e.g. limits: ``("--allow-bot-tables",)``)."""
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The base URL."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start and wait until it answers."""
        command = [
            sys.executable,
            "-m",
            "wonderland.cli.main",
            "serve",
            "--port",
            str(self.port),
            "--data-dir",
            str(self.data_dir),
            "--bot-delay",
            str(self.bot_delay),
            *self.flags,
        ]
        if "--take-back-seconds" not in self.flags:  # Parade's draws at once, unless asked
            command += ["--take-back-seconds", "0"]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        env.pop("WONDERLAND_DB", None)
        self.process = subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        if not answers(self.url, 30):
            self.kill()
            raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown handlers run."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        """A normal stop."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
