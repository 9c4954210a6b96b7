"""``wonderland export``: a database of played games (a person scripted through the server,
bots, a seat handed to a bot mid-game) and a folder of records become one row per decision,
and every row is checked against an independent replay of the stored actions."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import make_app
from tests.server.seating_support import join, play_to_end, until
from tests.store.test_store import postgres_url  # noqa: F401 - the throwaway cluster
from wonderland.bots import make_bot
from wonderland.cli.main import main
from wonderland.core import CHANCE, GameRecord, get_game, play_out
from wonderland.store import Store
from wonderland.store.values import NewEvent, SeatInfo, StoredTable, in_play

pq = pytest.importorskip("pyarrow.parquet")
encoders = pytest.importorskip("wonderland.rl.encoders")
export_module = pytest.importorskip("wonderland.research.export")

pytestmark = pytest.mark.rl

HANDED_AT: list[int] = []
"""The row from which the host's bot plays the person's seat of the handed-over table (the
middle of its game; set by the fixture)."""


def bot_table(
    table_id: str, game_id: str, players: int, seed: int, seats: list[SeatInfo]
) -> StoredTable:
    """A finished table of ``game_id`` whose seats bots played (a seeded play-out)."""
    game = get_game(game_id)
    config = game.make_config(players)
    agents = [make_bot("random", game_id, seed + s) for s in range(players)]
    played = play_out(game, game.initial_state(config), agents, random.Random(seed))
    return StoredTable(
        id=table_id,
        game=game_id,
        rules_version=game.spec.version,
        config={"num_players": players, "variants": {}, "time_control": {"kind": "none"}},
        seed=seed,
        seats=tuple(seats),
        finished=True,
        actions=tuple((a, x, 0) for a, x in played.actions),
    )


def bots(n: int) -> list[SeatInfo]:
    return [SeatInfo("bot", "random") for _ in range(n)]


@pytest.fixture(scope="session")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A server's database: a Parade game a scripted person played through the server
    against a bot, bot tables of all three games, a table whose person's seat the host
    handed to a bot in mid-game, and an unfinished table."""
    folder = tmp_path_factory.mktemp("server")
    with TestClient(make_app(folder)) as client:
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
        body = {"game": "parade", "seats": seats, "take_back_seconds": 0}  # no draw held
        made = client.post("/api/tables", json=body).json()
        with client.websocket_connect("/ws") as ws:
            _, state = join(ws, made["table"], made["seats"][0]["token"])
            send_name(ws)
            play_to_end({0: ws}, first={0: state})
    store = Store(f"sqlite:///{folder / 'db.sqlite3'}")
    person = SeatInfo("human", None, "f" * 64, "Alice")
    handed = bot_table("handed", "parade", 2, 14, [person, SeatInfo("bot", "greedy")])
    HANDED_AT[:] = [len(handed.actions) // 2]
    store.insert_tables(
        [
            bot_table("parade-bots", "parade", 3, 11, bots(3)),
            bot_table("war-bots", "wonderlands_war", 2, 12, bots(2)),
            bot_table("dice-bots", "wonderdice", 2, 13, bots(2)),
            handed,
        ]
    )
    store.change_seat_telling(
        "handed",
        0,
        {"kind": "human", "token_hash": "f" * 64},
        {"kind": "bot", "bot": "easy"},
        NewEvent("seat_to_bot", 0, HANDED_AT[0], {"name": "Alice", "bot": "easy"}, 0),
    )
    unfinished = bot_table("unfinished", "parade", 2, 15, bots(2))
    store.insert_tables([StoredTable(**{**_fields(unfinished), "finished": False})])
    store.close()
    return folder / "db.sqlite3"


def send_name(ws: Any) -> None:
    """Sit as Alice (the name the export leaves out unless asked)."""
    ws.send_text(json.dumps({"type": "name", "name": "Alice"}))
    until(ws, "named")


def _fields(table: StoredTable) -> dict[str, Any]:
    return {name: getattr(table, name) for name in StoredTable.__dataclass_fields__}


def read(folder: Path) -> list[dict[str, Any]]:
    """Every row of the dataset in ``folder``."""
    rows: list[dict[str, Any]] = pq.read_table(folder).to_pylist()
    return rows


def replayed(db: Path | str) -> dict[tuple[str, int], dict[str, Any]]:
    """What each decision must be, replayed from the store (an SQLite file or a URL)
    independently of the export."""
    store = Store(db if isinstance(db, str) else f"sqlite:///{db}")
    expected: dict[tuple[str, int], dict[str, Any]] = {}
    for stored in store.load_all():
        if not stored.finished:
            continue
        game = get_game(stored.game)
        config = game.make_config(stored.config["num_players"], stored.config.get("variants"))
        encoder = encoders.GameEncoder(stored.game, config)
        rows = [(a, x) for a, x, _ in stored.actions]
        state = game.initial_state(config)
        decisions = []
        for step, index in enumerate(in_play(rows)):
            actor, action = rows[index]
            if actor != CHANCE:
                decisions.append(
                    (
                        step,
                        actor,
                        action,
                        encoder.state_observation(state, actor),
                        sorted(game.legal_actions(state, actor)),
                        index,
                    )
                )
            game.apply_in_place(state, actor, action)
        returns = game.returns(state)
        for step, actor, action, observation, legal, index in decisions:
            expected[(stored.id, step)] = {
                "seat": actor,
                "action": action,
                "observation": observation,
                "legal": legal,
                "reward": returns[actor],
                "row": index,
                "kind": stored.seats[actor].kind,
            }
    store.close()
    return expected


def test_every_row_is_a_decision_of_the_replay(database: Path, tmp_path: Path) -> None:
    """Each finished table's every decision is one row: the seat's observation, the legal
    mask, the action and the final reward equal a replay's; who decided is right, the
    handed-over seat included; no unfinished table, no name and no token is written."""
    out = tmp_path / "dataset"
    assert main(["export", str(database), "--out", str(out), "--quiet"]) == 0
    rows = read(out)
    expected = replayed(database)
    assert {(r["table"], r["step"]) for r in rows} == set(expected)
    assert "unfinished" not in {r["table"] for r in rows}
    assert {r["game"] for r in rows} == {"parade", "wonderdice", "wonderlands_war"}
    for row in rows:
        want = expected[(row["table"], row["step"])]
        assert row["seat"] == want["seat"] and row["action"] == want["action"]
        np.testing.assert_array_equal(np.array(row["observation"], np.float32), want["observation"])
        assert [i for i, m in enumerate(row["action_mask"]) if m] == want["legal"]
        assert row["reward"] == pytest.approx(want["reward"])
        assert row["name"] is None
        if row["table"] == "handed" and row["seat"] == 0:
            handed = want["row"] >= HANDED_AT[0]
            assert (row["player"], row["bot"]) == (("bot", "easy") if handed else ("person", None))
        elif want["kind"] == "human":
            assert (row["player"], row["bot"]) == ("person", None)
        else:
            assert row["player"] == "bot" and row["bot"] in ("random", "greedy")
    served = [
        r for r in rows if r["table"] not in {"parade-bots", "war-bots", "dice-bots", "handed"}
    ]
    assert served and {r["player"] for r in served} == {"person", "bot"}
    assert json.loads(served[0]["time_control"])["kind"]
    data = b"".join(p.read_bytes() for p in out.glob("*.parquet"))
    assert b"Alice" not in data and b"f" * 64 not in data


def test_filters_and_names(database: Path, tmp_path: Path) -> None:
    """``--game`` keeps one game, ``--min-humans 1`` only games a person played in,
    ``--with-names`` adds the names; a date after every table finds nothing, in words."""
    out = tmp_path / "parade"
    assert (
        main(
            [
                "export",
                str(database),
                "--out",
                str(out),
                "--game",
                "parade",
                "--min-humans",
                "1",
                "--with-names",
                "--quiet",
            ]
        )
        == 0
    )
    rows = read(out)
    assert {r["game"] for r in rows} == {"parade"}
    assert {r["table"] for r in rows} >= {"handed"} and "parade-bots" not in {
        r["table"] for r in rows
    }
    assert "Alice" in {r["name"] for r in rows if r["seat"] == 0}
    late = tmp_path / "late"
    assert main(["export", str(database), "--out", str(late), "--since", "2999-01-01"]) == 2


def test_an_interrupted_export_carries_on(database: Path, tmp_path: Path) -> None:
    """Stopped after its first part, the export run again writes the rest once: the same
    rows as an export in one go, no table twice; other options are refused in words."""
    whole = tmp_path / "whole"
    export_module.export(export_module.ExportOptions(str(database)), whole)
    parts = tmp_path / "parts"
    options = export_module.ExportOptions(str(database))
    seen: list[int] = []

    def stop_after_two(n: int) -> None:
        seen.append(n)
        if len(seen) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        export_module.export(options, parts, advance=stop_after_two, games_per_part=2)
    first = json.loads((parts / "_manifest.json").read_text())
    assert first["parts"] == 1 and len(first["tables"]) == 2
    result = export_module.export(options, parts, games_per_part=2)
    assert result.games == result.total_games - 2
    key = ("table", "step")
    assert sorted(tuple(r[k] for k in key) for r in read(parts)) == sorted(
        tuple(r[k] for k in key) for r in read(whole)
    )
    with pytest.raises(export_module.ConfigError, match="other options"):
        export_module.export(export_module.ExportOptions(str(database), game="parade"), parts)


def test_a_folder_of_records(tmp_path: Path) -> None:
    """Records become rows too (``human`` is a person, a bot's name a bot); a record that
    did not finish is left out; a file that is no record is named."""
    folder = tmp_path / "records"
    game = get_game("parade")
    config = game.make_config(2)
    agents = [make_bot("random", "parade", s) for s in range(2)]
    played = play_out(game, game.initial_state(config), agents, random.Random(3))
    record = GameRecord(
        "parade", game.spec.version, config, 3, tuple(played.actions), None, ("human", "greedy")
    )
    record.save(folder / "one.json")
    GameRecord("parade", game.spec.version, config, 3, tuple(played.actions[:5])).save(
        folder / "half.json"
    )
    out = tmp_path / "out"
    assert main(["export", str(folder), "--out", str(out), "--quiet"]) == 0
    rows = read(out)
    assert {r["table"] for r in rows} == {"one"}
    assert {(r["seat"], r["player"], r["bot"]) for r in rows} == {
        (0, "person", None),
        (1, "bot", "greedy"),
    }
    (folder / "bad.json").write_text("{}")
    assert main(["export", str(folder), "--out", str(tmp_path / "bad")]) == 2


def test_bad_sources_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing source, a file that is no database and a bad URL each get a sentence."""
    for source in [str(tmp_path / "nowhere"), "postgresql://nobody@127.0.0.1:1/none"]:
        assert main(["export", source, "--out", str(tmp_path / "out")]) == 2
    text = tmp_path / "notes.txt"
    text.write_text("not a database")
    assert main(["export", str(text), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "no such file or folder" in err and "cannot read the database" in err
    assert "Traceback" not in err


def test_a_postgresql_database(
    database: Path,
    postgres_url: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    """The same export from PostgreSQL: every finished table's decisions, as replayed."""
    source = Store(f"sqlite:///{database}")
    tables = [t for t in source.load_all() if not t.events]  # whole tables, no seat events
    source.close()
    target = Store(postgres_url)
    target.insert_tables(StoredTable(**{**_fields(t), "id": f"pg-{t.id}"}) for t in tables)
    target.close()
    out = tmp_path / "pg"
    assert main(["export", postgres_url, "--out", str(out), "--quiet"]) == 0
    rows = read(out)
    expected = replayed(postgres_url)
    assert {(r["table"], r["step"]) for r in rows} == set(expected)
    assert {r["game"] for r in rows} == {"parade", "wonderdice", "wonderlands_war"}
    for row in rows:
        want = expected[(row["table"], row["step"])]
        assert (row["seat"], row["action"]) == (want["seat"], want["action"])
        np.testing.assert_array_equal(np.array(row["observation"], np.float32), want["observation"])
