"""PettingZoo environments: PettingZoo's API, seed and parallel API tests, plus our contract."""

from __future__ import annotations

import pickle
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from wonderland.core import ConfigError, IllegalAction, get_game
from wonderland.rl import WonderlandAECEnv, pettingzoo_env, raw_env
from wonderland.rl.encoders import encoding_module
from wonderland.rl.pettingzoo_env import ObsDict
from wonderland.rl.versions import game_ids, learning_game

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
    spec = learning_game(game_id).spec
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
    game = learning_game(game_id)
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


def midgame(game_id: str, illegal_action: str = "terminate", moves: int = 7) -> WonderlandAECEnv:
    """A 3-seat game after ``moves`` random legal moves, an agent to act."""
    env = pettingzoo_env(game_id, num_players=3, illegal_action=illegal_action)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(moves):
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    assert not any(env.terminations.values())
    return env


def illegal_action_of(env: WonderlandAECEnv) -> int:
    """An action outside the selected agent's mask."""
    return int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])


def observations(env: WonderlandAECEnv) -> list[bytes]:
    """Every agent's observation and mask, as bytes."""
    return [
        env.observe(a)["observation"].tobytes() + env.observe(a)["action_mask"].tobytes()
        for a in env.possible_agents
    ]


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_action_ends_the_game_with_a_penalty(game_id: str) -> None:
    """By default an action outside the mask is not played and ends the game for everyone:
    reward -1 for the offender, 0 for the others, all terminated (none truncated), every info
    naming the refusal; the game state and the observations stay as they were."""
    env = midgame(game_id)
    offender = env.agent_selection
    state, seen = pickle.dumps(env.state_), observations(env)
    env.step(illegal_action_of(env))
    assert pickle.dumps(env.state_) == state
    assert observations(env) == seen
    assert env.agent_selection == offender
    assert env.terminations == dict.fromkeys(env.possible_agents, True)
    assert env.truncations == dict.fromkeys(env.possible_agents, False)
    rule = env.infos[offender]["illegal_action"].split()[1].rstrip(":")
    assert rule and env.infos[offender]["illegal_action"].startswith(f"IllegalAction {rule}: ")
    assert all(
        info == {"illegal_action": env.infos[offender]["illegal_action"], "offender": offender}
        for info in env.infos.values()
    )
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        assert terminated and not truncated
        final[agent] = reward
        env.step(None)
    assert final == {a: (-1.0 if a == offender else 0.0) for a in env.possible_agents}
    assert env.agents == []
    env.reset(seed=1)  # a new game as usual
    assert not any(env.terminations.values()) and env.infos[env.agent_selection] == {}


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_action_raise_mode_changes_nothing(game_id: str) -> None:
    """``illegal_action="raise"``: an action outside the mask raises IllegalAction with its
    rule clause; state, selection, observations and flags stay, and play goes on."""
    env = midgame(game_id, illegal_action="raise")
    agent = env.agent_selection
    state, seen = pickle.dumps(env.state_), observations(env)
    flags = (dict(env.terminations), dict(env.truncations), dict(env._cumulative_rewards))
    with pytest.raises(IllegalAction) as refused:
        env.step(illegal_action_of(env))
    assert refused.value.rule and str(refused.value).startswith(
        f"IllegalAction {refused.value.rule}"
    )
    assert pickle.dumps(env.state_) == state
    assert observations(env) == seen
    assert env.agent_selection == agent
    assert (env.terminations, env.truncations, env._cumulative_rewards) == flags
    env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))


def test_illegal_action_raise_mode_names_the_parade_clause() -> None:
    """Parade's refusal is clause P11 (the card is not in the hand); a missing or non-integer
    action is refused in both modes without ending the game."""
    env = pettingzoo_env("parade", num_players=4, illegal_action="raise")
    env.reset(seed=0)
    agent = env.agent_selection
    with pytest.raises(IllegalAction, match="P11"):
        env.step(illegal_action_of(env))
    for mode in ("raise", "terminate"):
        env = pettingzoo_env("parade", num_players=4, illegal_action=mode)
        env.reset(seed=0)
        with pytest.raises(ValueError, match="still playing"):
            env.step(None)
        with pytest.raises(TypeError, match="integer id"):
            env.step("R3")  # type: ignore[arg-type]
        assert env.agent_selection == agent and not any(env.terminations.values())


def test_illegal_action_out_of_range_ends_the_game() -> None:
    """Ids outside the action space are illegal actions like any other."""
    for action in (-1, 10**6, np.int64(10**6)):
        env = pettingzoo_env("wonderdice")
        env.reset(seed=0)
        env.step(action)  # type: ignore[arg-type]
        assert all(env.terminations.values())
        assert "E1" in env.infos[env.agent_selection]["illegal_action"]


def test_illegal_action_after_the_end_of_the_cycles_is_a_dead_step() -> None:
    """Once truncated by ``max_cycles``, agents step with ``None`` only, in either mode."""
    env = pettingzoo_env("parade", num_players=2, max_cycles=1)
    env.reset(seed=0)
    for _ in range(2):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert all(env.truncations.values())
    with pytest.raises(ValueError, match="only valid action is None"):
        env.step(0)


def test_bad_configuration_is_refused() -> None:
    """Unknown games, player counts, variants and render modes name the problem."""
    with pytest.raises(ConfigError, match="no learning environment for game 'chess'; available"):
        pettingzoo_env("chess")
    with pytest.raises(ConfigError, match="2-6 players"):
        pettingzoo_env("parade", num_players=7)
    with pytest.raises(ConfigError, match="not 0"):
        pettingzoo_env("parade", num_players=0)
    with pytest.raises(ConfigError, match="unknown variant"):
        pettingzoo_env("parade", variants={"no_such_rule": True})
    with pytest.raises(ConfigError, match="render_mode"):
        pettingzoo_env("parade", render_mode="rgb_array")
    with pytest.raises(ConfigError, match="illegal_action must be 'terminate' or 'raise'"):
        pettingzoo_env("parade", illegal_action="ignore")


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


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("max_cycles", [1, 4])
def test_max_cycles_truncates(game_id: str, max_cycles: int) -> None:
    """``max_cycles``: once an agent that has acted that often is to act again, every agent
    is truncated (not terminated) and steps once more with ``None``; no agent acts more often.

    This is what ``pettingzoo.test.max_cycles_test`` checks of the AEC environment, except its
    median: the test samples unmasked actions (almost all illegal here) and expects every
    agent to act once per cycle, which Wonderdice's races and Wonderland's War's battles do not
    do (see docs/rl.md)."""
    for seed in range(3):
        env = pettingzoo_env(game_id, num_players=3, max_cycles=max_cycles)
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        counts = dict.fromkeys(env.possible_agents, 0)
        for agent in env.agent_iter():
            counts[agent] += 1
            _, _, terminated, truncated, _ = env.last(observe=False)
            if terminated or truncated:
                assert truncated and not terminated
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))
        assert max(counts.values()) == max_cycles + 1
        assert min(counts.values()) >= 1


def test_max_cycles_in_turn_order_is_every_agent_acting_that_often() -> None:
    """In a game where seats take turns (Parade, two seats), each agent acts exactly
    ``max_cycles`` times: ``max_cycles_test``'s AEC assertions hold."""
    for seed in range(5):
        env = pettingzoo_env("parade", num_players=2, max_cycles=4)
        env.reset(seed=seed)
        counts = dict.fromkeys(env.possible_agents, 0)
        for agent in env.agent_iter():
            counts[agent] += 1
            obs, _, terminated, truncated, _ = env.last()
            env.step(None if terminated or truncated else first_legal(obs))
        assert counts == dict.fromkeys(env.possible_agents, 5)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_parallel_conversion_passes_parallel_api_test(game_id: str, players: int) -> None:
    """``turn_based_aec_to_parallel`` of the environment passes ``parallel_api_test``
    (masked random actions; one parallel step is one move), without a warning."""
    env = turn_based_aec_to_parallel(pettingzoo_env(game_id, num_players=players))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        parallel_api_test(env, num_cycles=1000)


def first_legal(obs: ObsDict | None) -> int:
    """The lowest legal action (0 for an agent with none: the parallel step ignores it)."""
    assert obs is not None
    legal = np.flatnonzero(obs["action_mask"])
    return int(legal[0]) if len(legal) else 0


@pytest.mark.parametrize("game_id", GAMES)
def test_parallel_conversion_plays_the_same_game(game_id: str) -> None:
    """The converted environment plays the AEC environment's game: with the same seed and
    the same choices, the same moves and the same final rewards (the returns, summing to 1)."""
    aec = pettingzoo_env(game_id, num_players=3)
    aec.reset(seed=2)
    moves, aec_rewards = 0, {}
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec_rewards[agent] = reward
            aec.step(None)
        else:
            moves += 1
            aec.step(first_legal(obs))
    par = turn_based_aec_to_parallel(pettingzoo_env(game_id, num_players=3))
    observations, _ = par.reset(seed=2)
    steps, rewards = 0, {}
    while par.agents:
        actions = {agent: first_legal(observations[agent]) for agent in par.agents}
        observations, rewards, terminations, truncations, _ = par.step(actions)
        steps += 1
    assert steps == moves
    assert rewards == aec_rewards
    assert all(terminations.values()) and not any(truncations.values())
    assert sum(rewards.values()) == pytest.approx(1.0)


def test_parallel_conversion_truncates_after_max_cycles() -> None:
    """Converted, ``max_cycles`` still counts each agent's moves: two seats taking turns with
    ``max_cycles=3`` are truncated after six parallel steps."""
    par = turn_based_aec_to_parallel(pettingzoo_env("parade", num_players=2, max_cycles=3))
    observations, _ = par.reset(seed=0)
    steps = 0
    while par.agents:
        actions = {agent: first_legal(observations[agent]) for agent in par.agents}
        observations, _, terminations, truncations, _ = par.step(actions)
        steps += 1
    assert steps == 6
    assert all(truncations.values()) and not any(terminations.values())


def test_parallel_conversion_ends_on_an_illegal_action() -> None:
    """Converted, an illegal move ends the game in that parallel step with the penalty."""
    par = turn_based_aec_to_parallel(pettingzoo_env("parade", num_players=2))
    observations, _ = par.reset(seed=0)
    mover = par.unwrapped.agent_selection
    actions = {a: int(np.flatnonzero(observations[a]["action_mask"] == 0)[0]) for a in par.agents}
    _, rewards, terminations, _, infos = par.step(actions)
    assert rewards == {a: (-1.0 if a == mover else 0.0) for a in par.possible_agents}
    assert all(terminations.values()) and par.agents == []
    assert infos[mover]["offender"] == mover


def test_reset_without_seed_continues_the_sequence() -> None:
    """A seeded first reset makes the following unseeded resets reproducible too."""
    first, second = pettingzoo_env("parade"), pettingzoo_env("parade")
    for env in (first, second):
        env.reset(seed=9)
        env.reset()
    obs = [env.observe(env.agent_selection)["observation"] for env in (first, second)]
    assert np.array_equal(obs[0], obs[1])
