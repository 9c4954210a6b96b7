"""``learned``: a bot that plays a policy trained from play (``wonderland train``).

The policy is a small network per table size over the seat's observation (the encoding of the
learning environments, so it sees what the seat sees and nothing more): one hidden layer of
rectified units, then a score for each action it saw in training.  The bot plays the legal
action with the highest score; a legal action the policy never saw scores below every known
one, and when no legal action is known the bot picks among them at random (seeded).

A game ships its policy as a ``.npz`` file in its package (``GamePlugin.learned_policy``);
``numpy`` (the ``rl`` extra) is needed to play it.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from wonderland.core import AnyGame, ConfigError, get_plugin
from wonderland.core.bot import Advice, Alternative, Bot
from wonderland.core.observations import densify

NumpyArray = Any
"""A numpy array (numpy is imported only when a policy is loaded)."""


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise ConfigError("the learned bot needs numpy: pip install 'wonderland[rl]'") from None
    return numpy


@dataclass(frozen=True)
class Layer:
    """One table size's network: weights and biases per layer, and the action ids scored."""

    weights: tuple[NumpyArray, ...]
    biases: tuple[NumpyArray, ...]
    actions: NumpyArray

    def scores(self, observation: NumpyArray) -> NumpyArray:
        """The score of every known action for ``observation``."""
        np = _numpy()
        hidden = observation
        for w, b in zip(self.weights[:-1], self.biases[:-1], strict=True):
            hidden = np.maximum(hidden @ w + b, 0.0)
        scores: NumpyArray = hidden @ self.weights[-1] + self.biases[-1]
        return scores


@dataclass(frozen=True)
class Policy:
    """A game's policy: a network per table size."""

    game: str
    networks: Mapping[int, Layer]

    def save(self, path: Path) -> None:
        """Write the policy as one ``.npz`` file (float16 weights: a few hundred KB)."""
        np = _numpy()
        arrays: dict[str, NumpyArray] = {"game": np.array(self.game)}
        for n, net in self.networks.items():
            arrays[f"{n}/actions"] = net.actions.astype(np.int32)
            for i, (w, b) in enumerate(zip(net.weights, net.biases, strict=True)):
                arrays[f"{n}/w{i}"] = w.astype(np.float16)
                arrays[f"{n}/b{i}"] = b.astype(np.float16)
        with path.open("wb") as handle:
            np.savez_compressed(handle, **arrays)

    @classmethod
    def load(cls, source: Any) -> Policy:
        """A policy from a ``.npz`` file (a path or an open binary file)."""
        np = _numpy()
        with np.load(source) as data:
            sizes = sorted({int(key.split("/")[0]) for key in data.files if "/" in key})
            networks = {}
            for n in sizes:
                depth = sum(1 for key in data.files if key.startswith(f"{n}/w"))
                networks[n] = Layer(
                    tuple(data[f"{n}/w{i}"].astype(np.float32) for i in range(depth)),
                    tuple(data[f"{n}/b{i}"].astype(np.float32) for i in range(depth)),
                    data[f"{n}/actions"].astype(np.int64),
                )
            return cls(str(data["game"]), networks)

    def ranked(
        self, observation: NumpyArray, num_players: int, legal: Sequence[int]
    ) -> list[tuple[int, float]]:
        """The legal actions the policy knows, best first, with their scores."""
        net = self.networks.get(num_players)
        if net is None:
            raise ConfigError(
                f"the learned {self.game} policy has no network for {num_players} players"
            )
        scores = net.scores(observation)
        known = {int(a): float(s) for a, s in zip(net.actions, scores, strict=True)}
        ranked = [(a, known[a]) for a in legal if a in known]
        return sorted(ranked, key=lambda pair: -pair[1])


@lru_cache(maxsize=8)
def shipped_policy(game_id: str) -> Policy:
    """The policy ``game_id`` ships (its plugin's ``learned_policy``); ConfigError if none."""
    plugin = get_plugin(game_id)
    if plugin.learned_policy is None:
        raise ConfigError(f"{game_id} ships no learned policy")
    with resources.files(plugin.package).joinpath(plugin.learned_policy).open("rb") as handle:
        return Policy.load(handle)


class LearnedBot(Bot):
    """Plays the policy its game ships (or one given)."""

    name = "learned"

    def __init__(self, seed: int | None = None, policy: Policy | None = None) -> None:
        super().__init__(seed)
        self.policy = policy

    def _ranked(self, game: AnyGame, view: Any, legal: Sequence[int]) -> list[tuple[int, float]]:
        start = time.perf_counter()
        policy = self.policy or shipped_policy(game.spec.id)
        encoding = get_plugin(game.spec.id).environments
        if encoding is None:
            raise ConfigError(f"{game.spec.id} has no observation encoding to learn from")
        module = encoding.encoding.load()
        np = _numpy()
        n = int(view.num_players)  # a game that ships a policy has views that say it
        dense = densify(module.observation_size(n), *module.encode_sparse(view))
        observation = np.asarray(dense, np.float32)
        ranked = policy.ranked(observation, n, legal)
        self.thinking.add(time.perf_counter() - start, 0)
        return ranked

    def choose(self, game: AnyGame, view: Any, legal: Sequence[int]) -> int:
        """The legal action the policy scores highest (a seeded random one if it knows none)."""
        ranked = self._ranked(game, view, legal)
        return ranked[0][0] if ranked else self.rng.choice(list(legal))

    def advise(self, game: AnyGame, view: Any, legal: Sequence[int]) -> Advice:
        """The policy's ranking of the legal moves, with its scores."""
        ranked = self._ranked(game, view, legal)
        if not ranked:
            return super().advise(game, view, legal)
        best = ranked[0][0]
        np = _numpy()
        scores = np.array([score for _, score in ranked])
        shares = np.exp(scores - scores.max())
        shares /= shares.sum()
        return Advice(
            best,
            tuple(
                Alternative(a, score, float(share))
                for (a, score), share in zip(ranked[:5], shares[:5], strict=False)
            ),
            f"{game.action_to_string(best)} is what the learned policy scores highest",
            value_label="score",
            bot=self.name,
        )
