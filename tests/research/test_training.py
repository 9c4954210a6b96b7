"""``wonderland train`` and the ``learned`` bot: a seeded, resumable run writes a policy that
plays only legal moves and only from what its seat sees; the shipped Parade policy plays at
every table size and at a server's table."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from wonderland.bots import bot_names, make_bot
from wonderland.core import CHANCE, ConfigError, get_game, next_actor, play_out

training = pytest.importorskip("wonderland.research.training")
learned = pytest.importorskip("wonderland.bots.learned")

pytestmark = pytest.mark.rl

TINY = training.TrainSettings(
    "parade", players=(2,), teacher="heuristic", games=2, rounds=1, round_games=1, hidden=8, seed=5
)
"""A run of seconds: the quick rule-of-thumb teacher, two games and one round."""


def first_decision(players: int) -> tuple[object, int]:
    """A Parade state at its first seat decision, and that seat."""
    game = get_game("parade")
    state = game.initial_state(game.make_config(players))
    rng = random.Random(1)
    while (actor := next_actor(game, state)) == CHANCE:
        game.apply_in_place(state, CHANCE, game.sample_chance(state, rng))
    return state, actor


def weights(policy: object) -> list[np.ndarray]:
    nets = policy.networks  # type: ignore[attr-defined]
    return [w for n in sorted(nets) for w in (*nets[n].weights, *nets[n].biases, nets[n].actions)]


def test_a_run_is_seeded_and_carries_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same settings give the same policy; run again in its folder, a finished run fits
    nothing anew; other settings in that folder are refused in words."""
    first = training.train(TINY, tmp_path / "a")
    second = training.train(TINY, tmp_path / "b")
    for x, y in zip(weights(first), weights(second), strict=True):
        np.testing.assert_array_equal(x, y)
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == [
        "learned.npz",
        "network-2p-0.npz",
        "network-2p-1.npz",
        "run.json",
        "samples-2p-0.npz",
        "samples-2p-1.npz",
    ]

    def no_fitting(*args: object) -> None:
        raise AssertionError("a finished stage was fitted again")

    monkeypatch.setattr(training.MLPClassifier, "fit", no_fitting)
    again = training.train(TINY, tmp_path / "a")
    for x, y in zip(weights(first), weights(again), strict=True):
        np.testing.assert_array_equal(x, y)
    (tmp_path / "a" / "network-2p-1.npz").unlink()  # a run stopped before its last fit
    with pytest.raises(AssertionError, match="fitted again"):
        training.train(TINY, tmp_path / "a")
    other = training.TrainSettings(**{**TINY.to_json(), "players": (2,), "seed": 6})
    with pytest.raises(ConfigError, match="other settings"):
        training.train(other, tmp_path / "b")


def test_a_trained_policy_plays_legal_moves_from_its_view(tmp_path: Path) -> None:
    """The policy's bot plays whole games; it is asked with its seat's view only (a view of
    another seat's hand would change nothing it does)."""
    policy = training.train(TINY, tmp_path)
    game = get_game("parade")
    config = game.make_config(2)
    bots = [learned.LearnedBot(s, policy) for s in range(2)]
    result = play_out(game, game.initial_state(config), bots, random.Random(2))
    assert game.is_terminal(result.state)
    assert bots[0].thought().searches > 10  # it timed every decision


def test_the_shipped_policy_plays_at_every_table_size() -> None:
    """``learned`` is a Parade bot; it plays a whole game at each size from 2 to 6."""
    assert "learned" in bot_names("parade")
    game = get_game("parade")
    for n in range(2, 7):
        bots = [make_bot("learned", "parade", s) for s in range(n)]
        config = game.make_config(n)
        result = play_out(game, game.initial_state(config), bots, random.Random(n))
        assert game.is_terminal(result.state)
    advice = make_bot("learned", "parade", 1)
    state, seat = first_decision(3)
    said = advice.advise(game, game.view(state, seat), game.legal_actions(state, seat))
    assert "learned policy" in said.reason and said.alternatives


def test_a_policy_for_other_sizes_is_refused_in_words(tmp_path: Path) -> None:
    policy = training.train(TINY, tmp_path)
    game = get_game("parade")
    bot = learned.LearnedBot(1, policy)
    state, seat = first_decision(3)
    with pytest.raises(ConfigError, match="no network for 3 players"):
        bot.choose(game, game.view(state, seat), game.legal_actions(state, seat))


def test_a_server_table_seats_the_learned_bot(tmp_path: Path) -> None:
    """A person plays a whole Parade game against ``learned`` at a server's table."""
    from fastapi.testclient import TestClient

    from tests.server.conftest import make_app
    from tests.server.seating_support import create, join, play_to_end

    with TestClient(make_app(tmp_path)) as client:
        made = create(client, "parade", [{"kind": "human"}, {"kind": "bot", "bot": "learned"}])
        with client.websocket_connect("/ws") as ws:
            _, state = join(ws, made["table"], made["seats"][0]["token"])
            play_to_end({0: ws}, first={0: state})
        status = client.get(f"/api/tables/{made['table']}/status").json()
    assert status["finished"] is True
