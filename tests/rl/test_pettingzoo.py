"""PettingZoo AEC environments: PettingZoo's own API and seed tests, plus our contract."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from wonderland.core import ConfigError, IllegalAction, get_game
from wonderland.rl import pettingzoo_env, raw_env
from wonderland.rl.encoders import encoding_module
from wonderland.rl.versions import game_ids

pytestmark = pytest.mark.rl
GAMES = game_ids()

# Warnings PettingZoo gives every environment with dict observations and action masks (its
# own classic games are on an allow-list); anything else it warns about fails the test.
EXPECTED_WARNINGS = (
    "Observation space for each agent probably should be",
    "Observation is not a NumPy array",
)


def player_counts(game_id: str) -> list[int]:
    """The smallest and the largest table."""
    spec = get_game(game_id).spec
    return sorted({spec.min_players, spec.max_players})


CASES = [(g, n) for g in GAMES for n in player_counts(g)]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_api_test(game_id: str, players: int) -> None:
    """``pettingzoo.test.api_test`` passes, with no warnings beyond the dict-observation ones."""
    env = pettingzoo_env(game_id, num_players=players, render_mode="ansi")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=1000)
    unexpected = [
        str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)
    ]
    assert unexpected == []


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_seed_test(game_id: str, players: int) -> None:
    """``pettingzoo.test.seed_test``: the same seed plays the same game."""
    seed_test(lambda: pettingzoo_env(game_id, num_players=players), num_cycles=500)


def play_episode(game_id: str, players: int, seed: int) -> tuple[list[str], dict[str, float]]:
    """A random masked episode; the agents in order of play and their final rewards."""
    env = pettingzoo_env(game_id, num_players=players)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    order: list[str] = []
    rewards: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            rewards[agent] = float(reward)
            env.step(None)
            continue
        order.append(agent)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return order, rewards


@pytest.mark.parametrize("game_id", GAMES)
def test_rewards_are_the_game_returns(game_id: str) -> None:
    """At the end every agent's reward is its return: 1 shared among the winners."""
    for seed in range(5):
        _, rewards = play_episode(game_id, 3, seed)
        assert sum(rewards.values()) == pytest.approx(1.0)
        assert all(r >= 0 for r in rewards.values())


@pytest.mark.parametrize("game_id", GAMES)
def test_observation_is_the_encoded_view(game_id: str) -> None:
    """``observe`` is the game's encoding of the agent's view; the mask its legal actions."""
    env = raw_env(game_id, num_players=3)
    env.reset(seed=4)
    game = get_game(game_id)
    module = encoding_module(game)
    for agent in env.possible_agents:
        seat = env.possible_agents.index(agent)
        obs = env.observe(agent)
        assert obs["observation"].dtype == np.float32
        expected = np.asarray(module.encode(game.view(env.state_, seat)), np.float32)
        assert np.array_equal(obs["observation"], expected)
        assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(
            game.legal_actions(env.state_, seat)
        )


def test_illegal_action_raises_and_changes_nothing() -> None:
    """An action outside the mask raises IllegalAction with the clause; nothing changes."""
    env = pettingzoo_env("parade", num_players=4)
    env.reset(seed=0)
    agent = env.agent_selection
    before = env.observe(agent)["observation"].copy()
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="P11"):
        env.step(illegal)
    assert env.agent_selection == agent
    assert np.array_equal(env.observe(agent)["observation"], before)
    with pytest.raises(ValueError, match="still playing"):
        env.step(None)
    with pytest.raises(TypeError, match="integer id"):
        env.step("R3")  # type: ignore[arg-type]
    assert env.agent_selection == agent


def test_bad_configuration_is_refused() -> None:
    """Unknown games, player counts, variants and render modes name the problem."""
    with pytest.raises(ConfigError, match="unknown game"):
        pettingzoo_env("chess")
    with pytest.raises(ConfigError, match="2-6 players"):
        pettingzoo_env("parade", num_players=7)
    with pytest.raises(ConfigError, match="not 0"):
        pettingzoo_env("parade", num_players=0)
    with pytest.raises(ConfigError, match="unknown variant"):
        pettingzoo_env("parade", variants={"no_such_rule": True})
    with pytest.raises(ConfigError, match="render_mode"):
        pettingzoo_env("parade", render_mode="rgb_array")


@pytest.mark.parametrize(
    "variants",
    [{"end_choice_sequential": True, "tiebreak_random": True}, {"no_draw_on_trigger": True}],
)
def test_pettingzoo_api_test_parade_variants(variants: dict[str, bool]) -> None:
    """The API test also passes under Parade's variants (sequential end choice, random
    tie-break drawn by the environment's chance)."""
    for players in (2, 4):
        api_test(pettingzoo_env("parade", num_players=players, variants=variants))


def test_variants_reach_the_rules() -> None:
    """``variants`` configure the game: a fixed start player always opens."""
    for seed in range(3):
        env = pettingzoo_env("parade", num_players=4, variants={"start_player": 2})
        env.reset(seed=seed)
        assert env.agent_selection == "player_2"


def test_simultaneous_end_choice_is_asked_one_agent_at_a_time() -> None:
    """Parade's end choice: every agent chooses once, lowest seat first; no other agent has
    legal actions meanwhile except those still to choose."""
    order, _ = play_episode("parade", 4, seed=11)
    assert order[-4:] == ["player_0", "player_1", "player_2", "player_3"]


def test_render_ansi_is_the_game_text() -> None:
    """``render_mode="ansi"`` returns the game's own picture of the whole table."""
    env = pettingzoo_env("parade", num_players=3, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text == get_game("parade").render(env.unwrapped.state_, None)
    assert text.startswith("phase play")


@pytest.mark.parametrize("max_cycles", [1, 4])
def test_max_cycles_truncates(max_cycles: int) -> None:
    """``max_cycles``: every agent acts that many times, then all are truncated (the AEC half
    of ``pettingzoo.test.max_cycles_test``, which needs a parallel environment)."""
    env = pettingzoo_env("parade", num_players=4, max_cycles=max_cycles)
    env.reset(seed=1)
    counts = dict.fromkeys(env.possible_agents, 0)
    for agent in env.agent_iter():
        counts[agent] += 1
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated
            env.step(None)
        else:
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert set(counts.values()) == {max_cycles + 1}


def test_reset_without_seed_continues_the_sequence() -> None:
    """A seeded first reset makes the following unseeded resets reproducible too."""
    first, second = pettingzoo_env("parade"), pettingzoo_env("parade")
    for env in (first, second):
        env.reset(seed=9)
        env.reset()
    obs = [env.observe(env.agent_selection)["observation"] for env in (first, second)]
    assert np.array_equal(obs[0], obs[1])
