"""Adding a game touches only its folder: a fourth game, Nim, installed by an entry point.

``tests/fourth_game`` holds the game's package (``wonderland_nim``) and its
``wonderland_nim-0.1.dist-info`` with the ``wonderland.games`` entry point, so that putting the
directory on ``sys.path`` (or ``PYTHONPATH``) installs the game the way an installed package
would.  With no edit anywhere else, the game is simulated by ``wonderland simulate``, played
at the terminal table (``wonderland play``), listed,
hosted and drawn by the server, played in the PettingZoo, Gymnasium and OpenSpiel
environments, and passes the conformance suite.
"""

from __future__ import annotations

import doctest
import importlib
import itertools
import json
import os
import random
import re
import subprocess
import sys
import warnings
from array import array
from collections.abc import Iterable
from functools import partial
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from tests.fourth_game import FOURTH_GAME
from tests.support import ServerProcess
from wonderland.bots import bot_names
from wonderland.cli.main import main
from wonderland.core import TERMINAL, GameRecord, final_state, game_ids, get_game, registry
from wonderland.server.app import STATIC

ROOT = Path(__file__).resolve().parents[1]
GAME_ID = "nim"
GENERIC_BOTS = {"random", "ismcts", "easy", "medium", "hard", "expert"}


def installed_env() -> dict[str, str]:
    """The environment of a subprocess that has the fourth game installed."""
    paths = [str(FOURTH_GAME), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}


# -- found by its entry point, and only when installed ---------------------------------------
def test_only_an_installed_fourth_game_is_found() -> None:
    """Without its directory on the path, the game is unknown: nothing else names it (and no
    test leaves it installed)."""
    assert str(FOURTH_GAME) not in sys.path
    assert GAME_ID not in game_ids()
    assert GAME_ID not in {point.name for point in entry_points(group=registry.ENTRY_POINT_GROUP)}


def test_the_entry_point_declares_the_game(nim_installed: None) -> None:
    """``importlib.metadata`` finds the entry point in the dist-info; the registry loads the
    declaration, and the capabilities it declares and only those."""
    (point,) = [p for p in entry_points(group=registry.ENTRY_POINT_GROUP) if p.name == GAME_ID]
    assert point.value == "wonderland_nim.plugin:PLUGIN"
    assert point.dist is not None and point.dist.name == "wonderland_nim"
    assert game_ids() == sorted([GAME_ID, "parade", "wonderdice", "wonderlands_war"])
    plugin = registry.get_plugin(GAME_ID)
    assert plugin.package == "wonderland_nim"
    assert plugin.web_renderer is None and plugin.terminal is None and plugin.aids is None
    game = get_game(GAME_ID)
    assert (game.spec.id, game.spec.min_players, game.spec.max_players) == ("nim", 2, 3)
    assert set(bot_names(GAME_ID)) == GENERIC_BOTS | {"mod4"}


# -- 1. the command line ---------------------------------------------------------------------
def test_simulate_names_the_fourth_game(
    nim_installed: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """``wonderland simulate nim`` plays the games and its summary names the game."""
    argv = ["simulate", GAME_ID, "--games", "20", "--players", "3", "--seed", "5"]
    assert main([*argv, "--bots", "mod4,random,random", "--workers", "1"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "nim, 3 players, 20 games, seed 5" in out
    assert "By seat" in out and "mod4" in out and "turns" in out


def test_simulate_json_in_worker_processes(
    nim_installed: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """The JSON summary, from two worker processes (which find the game too): at two seats,
    the bot that leaves multiples of four wins every game it starts from a heap of 15."""
    argv = ["simulate", GAME_ID, "--games", "20", "--bots", "mod4,random", "--json"]
    assert main([*argv, "--workers", "2", "--chunk-size", "5"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == GAME_ID and summary["games"] == 20
    assert summary["variants"] == {"heap": 15} and summary["label"] == "label"
    assert summary["win_share_by_bot"]["mod4"]["mean"] == 1.0
    assert summary["mean_score_by_seat"][0]["mean"] >= 8  # more than half of 15
    assert set(summary["stats"]) == {"turns"}


def scripted_answers(monkeypatch: pytest.MonkeyPatch, answers: Iterable[str]) -> None:
    """The person's answers at the terminal table, one per prompt."""
    answer = iter(answers)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answer))


def test_play_quit_resume_and_finish_at_the_generic_terminal_table(
    nim_installed: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A game that declares no terminal face is played at the generic terminal table through
    its ``render`` and its actions' words: refusals say why (with the rule's clause), ``help``
    answers, ``q`` saves the game unfinished, ``--resume`` goes on from the saved record with
    ``--hints`` and finishes it, and the record replays to the end."""
    saved = tmp_path / "nim.json"
    argv = ["play", GAME_ID, "--seed", "4", "--bots", "random", "--variant", "heap=6"]
    scripted_answers(monkeypatch, ["9", "take 5", "help", "1", "q"])
    assert main([*argv, "--record", str(saved)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Nim, 2 players, you are seat 1; seed 4." in out
    assert "heap: 6 of 6" in out and "1) take 1" in out and "3) take 3" in out
    assert "there is no move 9" in out and "'take 5' is not a take of 1, 2 or 3" in out
    assert "'q' saves the game and leaves" in out  # help
    assert f"Game saved, unfinished, to {saved}" in out
    record = GameRecord.load(saved)
    game = get_game(GAME_ID)
    assert record.players == ("you", "random") and record.actions[0] == (0, 0)
    assert len(record.actions) == 2 and not game.is_terminal(final_state(game, record))

    scripted_answers(monkeypatch, itertools.cycle(["take 3", "1"]))
    assert main(["play", "--resume", str(saved), "--hints"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "resumed at step 2" in out and "Hint (hard bot)" in out
    assert "seat 1 cannot take 3: 2 are left (rule N3)" in out
    assert "Game over:" in out and "Game record saved to" in out
    finished = GameRecord.load(saved)
    assert finished.actions[:2] == record.actions
    assert game.is_terminal(final_state(game, finished))
    assert main(["play", "--resume", str(saved)]) == 2
    assert "holds a finished game" in capsys.readouterr().err


# -- 2. the server ---------------------------------------------------------------------------
def sync_state(ws: Any) -> dict[str, Any]:
    """The next state message from the websocket."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if message["type"] == "state":
            return message


def table_page_assets() -> list[str]:
    """The files the table page (``table.js``) loads from the game's web folder."""
    script = (STATIC / "table.js").read_text(encoding="utf-8")
    names = re.findall(r"/games/\$\{message\.game\}/([A-Za-z0-9_.-]+)`", script)
    assert "renderer.js" in names
    return names


def test_server_lists_hosts_and_draws_the_fourth_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real server with the game installed lists it in ``/api/games`` (what the lobby
    shows), creates a table, plays it to the end against the game's own bot (in the bot
    worker process), and serves the generic renderer (every file the table page loads from
    the game's web folder) for a game that declares no renderer of its own."""
    from websockets.sync.client import connect

    monkeypatch.setenv("PYTHONPATH", installed_env()["PYTHONPATH"])
    server = ServerProcess(tmp_path / "data")
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            games = {game["id"]: game for game in client.get("/api/games").json()}
            assert set(games) == {GAME_ID, "parade", "wonderdice", "wonderlands_war"}
            nim = games[GAME_ID]
            assert (nim["name"], nim["min_players"], nim["max_players"]) == ("Nim", 2, 3)
            assert set(nim["bots"]) == GENERIC_BOTS | {"mod4"}
            assert [v["name"] for v in nim["variants"]] == ["heap"]
            assert nim["learn"] is False and nim["score"] is False
            lobby = client.get("/")
            assert lobby.status_code == 200 and "lobby.js" in lobby.text

            body = {
                "game": GAME_ID,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "mod4"}],
                "variants": {"heap": 9},
            }
            created = client.post("/api/tables", json=body)
            assert created.status_code == 200, created.text
            table, token = created.json()["table"], created.json()["seats"][0]["token"]
            page = client.get(f"/t/{table}")
            assert page.status_code == 200 and "/static/table.js" in page.text

            rng = random.Random(2)
            ws_url = server.url.replace("http://", "ws://") + "/ws"
            with connect(ws_url) as ws:
                ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
                welcome = json.loads(ws.recv(timeout=10))
                assert welcome["type"] == "welcome" and welcome["game"] == GAME_ID
                assert welcome["game_name"] == "Nim" and welcome["content"] == {"start": 9}
                state = sync_state(ws)
                assert state["view"]["heap"] == 9
                while not state["finished"]:
                    if state["legal"]:
                        action = rng.choice(state["legal"])
                        assert action["label"].startswith("take ")
                        act = {"type": "act", "version": state["version"], "action": action["id"]}
                        ws.send(json.dumps(act))
                    state = sync_state(ws)
            assert state["view"]["heap"] == 0 and len(state["winners"]) == 1

            # What the table page loads from /games/<welcome.game>/: the generic renderer
            for name in table_page_assets():
                asset = client.get(f"/games/{welcome['game']}/{name}")
                assert asset.status_code == 200, name
                kind = "javascript" if name.endswith(".js") else "css"
                assert kind in asset.headers["content-type"]
                generic = STATIC / f"generic-{name}"
                assert asset.text == generic.read_text(encoding="utf-8")
            assert client.get("/static/dom.js").status_code == 200  # what the renderer imports
            assert client.get(f"/games/{GAME_ID}/style.css").status_code == 404

            tables = client.get("/api/tables").json()["tables"]
            assert {"table": table, "game": GAME_ID, "finished": True} in [
                {k: t[k] for k in ("table", "game", "finished")} for t in tables
            ]
            replay = client.get(f"/api/tables/{table}/replay").json()
            assert replay["game"] == GAME_ID and replay["steps"][-1]["view"]["heap"] == 0
    finally:
        server.stop()


# -- 3. the learning environments ------------------------------------------------------------
EXPECTED_PETTINGZOO_WARNINGS = (
    "Observation space for each agent probably should be",
    "Observation is not a NumPy array",
)
"""What PettingZoo warns every environment with dict observations about (as tests/rl)."""


@pytest.mark.rl
@pytest.mark.parametrize("players", [2, 3])
def test_pettingzoo_api_and_seed_tests(nim_installed: None, players: int) -> None:
    """PettingZoo's ``api_test`` (no warnings beyond the dict-observation ones) and
    ``seed_test`` pass at the smallest and the largest table."""
    from pettingzoo.test import api_test, seed_test

    from wonderland.rl import pettingzoo_env

    env = pettingzoo_env(GAME_ID, num_players=players, render_mode="ansi")
    assert env.metadata["name"] == "nim_v0"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=1000)
    unexpected = [
        str(w.message)
        for w in caught
        if not str(w.message).startswith(EXPECTED_PETTINGZOO_WARNINGS)
    ]
    assert unexpected == []
    seed_test(partial(pettingzoo_env, GAME_ID, num_players=players), num_cycles=500)


@pytest.mark.rl
def test_gymnasium_check_env(nim_installed: None) -> None:
    """The ids are registered when ``wonderland.rl`` is imported; for a game installed later,
    ``register_gymnasium_envs()`` (idempotent) registers its id.  Gymnasium's ``check_env``
    passes without a warning, for the generic and the game's own bot, in both render modes;
    the class also works directly."""
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    from wonderland.rl import WonderlandGymEnv, current_version, register_gymnasium_envs

    env_id = current_version(GAME_ID).gymnasium_id
    assert env_id == "wonderland/Nim-v0"
    register_gymnasium_envs()
    try:
        assert env_id in gymnasium.registry
        for opponents in ("random", "mod4"):
            for render_mode in (None, "ansi"):
                env = gymnasium.make(
                    env_id, opponents=opponents, num_players=3, render_mode=render_mode
                )
                with warnings.catch_warnings():
                    warnings.simplefilter("error")
                    check_env(env.unwrapped)
        direct = WonderlandGymEnv(GAME_ID, num_players=2, opponents="mod4", seat=1)
        obs, _ = direct.reset(seed=0)
        terminated = False
        reward = 0.0
        while not terminated:  # seat 0 opens at 15 counters: mod4 wins every time
            legal = [int(a) for a in obs["action_mask"].nonzero()[0]]
            obs, step_reward, terminated, truncated, info = direct.step(legal[0])
            reward = float(step_reward)
            assert not truncated
        assert reward == 0.0 and info["winner"] is False
    finally:
        gymnasium.registry.pop(env_id, None)  # the game is uninstalled after this test


@pytest.mark.rl
def test_openspiel_random_sim_test(nim_installed: None) -> None:
    """``register_openspiel_games()`` adds the game; ``pyspiel.random_sim_test`` passes."""
    import pyspiel

    from wonderland.rl import register_openspiel_games

    register_openspiel_games()
    for players in (2, 3):
        game = pyspiel.load_game("python_wonderland_nim", {"players": players, "heap": 9})
        assert game.num_players() == players and game.num_distinct_actions() == 3
        pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


@pytest.mark.rl
def test_state_encoder_equals_the_encoded_view(nim_installed: None) -> None:
    """The state encoder the environments observe through gives the encoding of the view."""
    from wonderland.rl.encoders import encoding_module, state_encoder_module

    game = get_game(GAME_ID)
    module = encoding_module(game)
    assert doctest.testmod(importlib.import_module("wonderland_nim.encoding")).failed == 0
    rng = random.Random(3)
    for players in (2, 3):
        encoder = state_encoder_module(game).state_encoder(players)
        assert module.observation_size(players) == sum(size for _, size in module.layout(players))
        for _ in range(10):
            state = game.initial_state(game.make_config(players))
            while True:
                for seat in range(players):
                    fresh = array("f", module.encode(game.view(state, seat)))
                    assert encoder.observe(state, seat) == fresh
                if game.to_move(state) == TERMINAL:
                    break
                seat = game.to_move(state)
                assert isinstance(seat, int)
                game.apply_in_place(state, seat, rng.choice(game.legal_actions(state, seat)))


# -- 4. the conformance suite ----------------------------------------------------------------
def test_conformance_suite_passes_for_the_fourth_game() -> None:
    """The conformance suite, which parametrizes over ``game_ids()`` when it is collected,
    runs and passes for the installed game."""
    command = [sys.executable, "-m", "pytest", "tests/conformance", "-k", GAME_ID]
    result = subprocess.run(
        [*command, "-p", "no:cacheprovider", "-q", "-rA"],
        cwd=ROOT,
        env=installed_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    passed = re.findall(r"^PASSED (\S+)$", result.stdout, re.MULTILINE)
    assert passed and all(test_id.endswith(f"[{GAME_ID}]") for test_id in passed), passed
