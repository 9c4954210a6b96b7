"""Debian's nginx in front of test servers: the site of ``deploy/`` in a configuration of its
own (loopback ports; prefix, pid, logs and temporary files in a temporary folder), never the
system's nginx."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

from tests.support import answers, free_port
from wonderland.server.pages import STATIC

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "deploy" / "nginx-wonderland.conf"
SITE_STATIC = "/opt/wonderland/venv/lib/python3.11/site-packages/wonderland/server/static/"
"""Where the site expects the package's static files (an installation under /opt)."""
SITE_PORTS = ("127.0.0.1:8001", "127.0.0.1:8002")
MAIN = """worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 256; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log {prefix}/access.log;
    client_body_temp_path {prefix}/client_body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
{site}
}}
"""


def site_for(ports: list[int], listen: int) -> str:
    """The site of ``deploy/`` pointed at servers on ``ports``, listening on loopback at
    ``listen``, serving the static files of this checkout."""
    site = SITE.read_text(encoding="utf-8")
    changes = {
        "listen 80;": f"listen 127.0.0.1:{listen};",
        "listen [::]:80;": "",
        SITE_STATIC: f"{STATIC}/",
    }
    site_ports = dict(zip(SITE_PORTS, ports, strict=False))
    changes |= {old: f"127.0.0.1:{port}" for old, port in site_ports.items()}
    for old, new in changes.items():
        assert old in site, f"the nginx site no longer holds {old!r}"
        site = site.replace(old, new)
    extra = [f"    server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;" for port in ports[2:]]
    return site.replace("    keepalive", "\n".join([*extra, "    keepalive"]), 1)


class NginxProxy:
    """nginx with the deploy site in front of the servers on ``ports``."""

    def __init__(self, ports: list[int]) -> None:
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        assert Path(binary).exists(), "Debian's nginx is needed: `make test` installs it"
        self.binary = binary
        self.port = free_port()
        self.prefix = Path(tempfile.mkdtemp(prefix="wonderland-nginx-"))
        os.chmod(self.prefix, 0o755)  # nginx's workers (nobody, under root) use its files
        self.config = self.prefix / "nginx.conf"
        site = site_for(ports, self.port)
        self.config.write_text(MAIN.format(prefix=self.prefix, site=site), encoding="utf-8")
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The proxy's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def command(self, *more: str) -> list[str]:
        """nginx on this configuration, logging start-up errors in the prefix."""
        prefix, config = str(self.prefix), str(self.config)
        return [self.binary, "-p", prefix, "-c", config, "-e", f"{prefix}/error.log", *more]

    def start(self) -> None:
        """Check the configuration, start nginx in the foreground and wait until it answers."""
        checked = subprocess.run(self.command("-t"), capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        self.process = subprocess.Popen(self.command("-g", "daemon off;"))
        if not answers(self.url, 20):
            errors = (self.prefix / "error.log").read_text(encoding="utf-8")
            self.stop()
            raise RuntimeError(errors)

    def stop(self) -> None:
        """Stop nginx (a quick shutdown) and delete its files."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=10)
        shutil.rmtree(self.prefix, ignore_errors=True)
