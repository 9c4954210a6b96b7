"""Gymnasium environments: Gymnasium's own ``check_env`` plus our contract."""

from __future__ import annotations

import pickle
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from wonderland.core import ConfigError, IllegalAction, get_game
from wonderland.rl import WonderlandGymEnv, env_versions
from wonderland.rl.versions import learning_game

pytestmark = pytest.mark.rl
IDS = [v.gymnasium_id for v in env_versions()]
GAME_OF = {v.gymnasium_id: v.game_id for v in env_versions()}


def bots_for(env_id: str) -> list[str]:
    """Every bot that plays the game."""
    from wonderland.bots import bot_names

    return bot_names(GAME_OF[env_id])


@pytest.mark.slow
@pytest.mark.parametrize("env_id", IDS)
def test_check_env(env_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``gymnasium.utils.env_checker.check_env`` passes, without a warning, for every bot as
    opponents, and in the ``ansi`` render mode (which does not depend on the opponents, so it
    is checked with random ones).  The levels that think for a time play their iteration caps
    only (``WONDERLAND_LEVEL_CLOCK=off``): an opponent that stops at a time would make two
    equal seeds differ, which the checker rightly refuses."""
    monkeypatch.setenv("WONDERLAND_LEVEL_CLOCK", "off")
    runs = [(bots, None) for bots in bots_for(env_id)] + [("random", "ansi")]
    for bots, render_mode in runs:
        env = gymnasium.make(env_id, opponents=bots, num_players=4, render_mode=render_mode)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            check_env(env.unwrapped)


def test_parade_id_from_the_issue() -> None:
    """``gymnasium.make("wonderland/Parade-v0", opponents="greedy", num_players=4)``."""
    env = gymnasium.make("wonderland/Parade-v0", opponents="greedy", num_players=4)
    obs, info = env.reset(seed=0)
    assert obs["observation"].shape == env.observation_space["observation"].shape
    assert obs["action_mask"].sum() == 5  # a Parade hand
    assert info == {}


def play(env: gymnasium.Env, seed: int) -> tuple[float, int, dict]:  # type: ignore[type-arg]
    """A random masked episode: final reward, steps, last info."""
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        steps += 1
        if terminated or truncated:
            assert terminated and not truncated
            return float(reward), steps, info


@pytest.mark.parametrize("env_id", IDS)
def test_episode_reward_is_the_learner_return(env_id: str) -> None:
    """The reward at the end is the learner's return (0 or its share of the win); the info
    names its score and whether it won."""
    env = gymnasium.make(env_id, num_players=3, seat=1)
    for seed in range(5):
        reward, steps, info = play(env, seed)
        assert steps > 0
        assert reward == (
            1.0 / len(learning_game(GAME_OF[env_id]).winners(env.unwrapped.state))
            if info["winner"]
            else 0.0
        )


def test_same_seed_same_episode() -> None:
    """Seeded resets reproduce the deal and the bots' choices."""
    a = gymnasium.make("wonderland/Parade-v0", opponents="greedy", num_players=4)
    b = gymnasium.make("wonderland/Parade-v0", opponents="greedy", num_players=4)
    assert play(a, 5) == play(b, 5)
    assert get_game("parade").render(a.unwrapped.state) == get_game("parade").render(
        b.unwrapped.state
    )


def test_illegal_action_changes_nothing() -> None:
    """By default an illegal action is refused in ``info`` with its clause, reward 0, the
    same observation; ``illegal_action="raise"`` raises instead."""
    env = gymnasium.make("wonderland/Parade-v0", num_players=4)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(illegal)
    assert "P11" in info["illegal_action"]
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert np.array_equal(after["observation"], obs["observation"])
    strict = gymnasium.make("wonderland/Parade-v0", num_players=4, illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction, match="P11"):
        strict.step(illegal)


@pytest.mark.parametrize("env_id", IDS)
def test_illegal_action_terminate_mode_ends_the_episode(env_id: str) -> None:
    """``illegal_action="terminate"``: the action is not played and the episode ends with
    reward -1, the same observation and the refusal (with its clause) in ``info``; the next
    step needs a reset, and after one the game plays as usual (``check_env`` passes too)."""
    env = gymnasium.make(env_id, num_players=3, illegal_action="terminate")
    obs, _ = env.reset(seed=1)
    state = pickle.dumps(env.unwrapped.state)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"].startswith("IllegalAction ")
    assert set(info) == {"illegal_action"}
    assert np.array_equal(after["observation"], obs["observation"])
    assert np.array_equal(after["action_mask"], obs["action_mask"])
    assert pickle.dumps(env.unwrapped.state) == state
    with pytest.raises(RuntimeError, match="reset"):
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    obs, _ = env.reset(seed=1)
    _, _, _, _, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert "illegal_action" not in info
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


def test_action_masks_method() -> None:
    """``action_masks()`` (for maskable learners) equals the observation's mask."""
    env = gymnasium.make("wonderland/Parade-v0", num_players=2)
    obs, _ = env.reset(seed=3)
    assert np.array_equal(env.unwrapped.action_masks(), obs["action_mask"])


def test_learner_seat_and_opponents() -> None:
    """The learner may sit anywhere; opponents are one name or one per other seat."""
    env = WonderlandGymEnv("parade", num_players=3, opponents=["greedy", "random"], seat=2)
    env.reset(seed=0)
    assert [b.name for b in env._bots.values()] == ["greedy", "random"]
    assert get_game("parade").legal_actions(env.state, 2)


def test_bad_configuration_is_refused() -> None:
    """Unknown bots, wrong opponent counts, seats and modes name the problem."""
    with pytest.raises(ConfigError, match="no bot 'genius'"):
        WonderlandGymEnv("parade", num_players=2, opponents="genius")
    with pytest.raises(ConfigError, match="2 opponents are needed"):
        WonderlandGymEnv("parade", num_players=3, opponents=["greedy"])
    with pytest.raises(ConfigError, match="seat index 5"):
        WonderlandGymEnv("parade", num_players=3, seat=5)
    with pytest.raises(ConfigError, match="illegal_action"):
        WonderlandGymEnv("parade", illegal_action="punish")


def test_step_after_the_end_is_refused() -> None:
    """A finished game needs a reset."""
    env = gymnasium.make("wonderland/Parade-v0", num_players=2)
    play(env, 0)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
