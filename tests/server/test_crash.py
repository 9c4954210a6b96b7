"""Crash hygiene: no process outlives the server, even one killed with SIGKILL."""

from __future__ import annotations

import time
from pathlib import Path

import httpx2 as httpx

from tests.support import ServerProcess


def stat(pid: int) -> tuple[int, str, str] | None:
    """A process's parent, state and start time (None: it is gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()  # after the command name, which may have spaces
    return int(fields[1]), fields[0], fields[19]


def descendants(root: int) -> dict[int, str]:
    """Every living process whose chain of parents leads to ``root``, with its start time."""
    parents: dict[int, tuple[int, str, str]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (info := stat(int(entry.name))) is not None:
            parents[int(entry.name)] = info
    found: dict[int, str] = {}
    for pid, (_, state, started) in parents.items():
        chain, seen = pid, 0
        while chain in parents and seen < 64:
            chain, seen = parents[chain][0], seen + 1
            if chain == root:
                if state != "Z":
                    found[pid] = started
                break
    return found


def alive(pid: int, started: str) -> bool:
    """Whether that very process (not a later one with its number) still runs."""
    info = stat(pid)
    return info is not None and info[2] == started and info[1] != "Z"


def test_no_child_outlives_a_killed_server(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data", flags=("--allow-bot-tables", "--bot-workers", "2"))
    server.start()
    try:
        body = {"game": "parade", "seats": [{"kind": "bot", "bot": "random"}] * 2}
        response = httpx.post(f"{server.url}/api/tables", json=body, timeout=10)
        assert response.status_code == 200, response.text
        table = response.json()["table"]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # until the bots have moved: the pool exists
            listed = httpx.get(f"{server.url}/api/tables", timeout=10).json()["tables"]
            if any(t["table"] == table and t["finished"] for t in listed):
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the bots did not finish their game")
        assert server.process is not None
        children = descendants(server.process.pid)
        assert children, "the bot workers should be running"
    finally:
        server.kill()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(alive(p, s) for p, s in children.items()):
        time.sleep(0.1)
    left = [pid for pid, started in children.items() if alive(pid, started)]
    assert not left, f"processes outlived the server: {left}"
