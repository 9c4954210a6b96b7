"""Training the ``learned`` bot: imitation of a teacher level, then rounds on its own games.

For each table size:

1. **Imitation.** The teacher (``expert`` by default) plays ``games`` seeded games at every
   seat; each decision is a sample: the seat's observation (the learning environments'
   encoding) and the action the teacher took.  A small network (scikit-learn's
   ``MLPClassifier``, one hidden layer) learns to predict the teacher's action.
2. **Rounds on its own games** (DAgger: search targets on the learner's own states).  The
   policy plays ``round_games`` games at every seat; at each of its decisions the teacher is
   asked what it would play there, and that is a new sample.  The network is fitted again on
   every sample so far.  This corrects the states a copy of the teacher reaches but the
   teacher never did.

Every stage writes its samples and its network into the run's folder before the next starts;
a run that stops carries on from the last stage written when run again with the same
settings (``run.json``).  Runs are seeded: the same settings give the same policy.
"""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from sklearn.exceptions import ConvergenceWarning
from sklearn.neural_network import MLPClassifier

from wonderland.bots import make_bot
from wonderland.bots.learned import Layer, LearnedBot, Policy
from wonderland.core import CHANCE, TERMINAL, ConfigError, derive_seed, get_game, next_actor
from wonderland.rl.encoders import GameEncoder

Samples = tuple[npt.NDArray[np.float32], npt.NDArray[np.int64]]


@dataclass(frozen=True, slots=True)
class TrainSettings:
    """What a run trains: the game, table sizes, teacher, games per stage, network, seed."""

    game: str
    players: tuple[int, ...] = (2, 4, 3, 5, 6)
    teacher: str = "expert"
    games: int = 24
    """Games the teacher plays at two players (a larger table plays fewer: ``_games_at``)."""
    rounds: int = 1
    round_games: int = 12
    hidden: int = 64
    seed: int = 1

    def to_json(self) -> dict[str, Any]:
        """The settings as ``run.json`` keeps them."""
        return {**asdict(self), "players": list(self.players)}


Report = Callable[[str], None]


def train(settings: TrainSettings, folder: Path, report: Report = lambda line: None) -> Policy:
    """Run (or carry on) the training in ``folder``; the policy, also written there as
    ``learned.npz``."""
    game = get_game(settings.game)
    for n in settings.players:
        if not game.spec.min_players <= n <= game.spec.max_players:
            low, high = game.spec.min_players, game.spec.max_players
            raise ConfigError(f"{settings.game} is played by {low}-{high} players, not {n}")
    folder.mkdir(parents=True, exist_ok=True)
    _check_run(folder, settings)
    networks = {n: _train_size(settings, n, folder, report) for n in settings.players}
    Policy(settings.game, networks).save(folder / "learned.npz")
    return Policy.load(folder / "learned.npz")


def _check_run(folder: Path, settings: TrainSettings) -> None:
    """Write ``run.json``, or refuse a folder that holds a run with other settings."""
    path = folder / "run.json"
    wanted = settings.to_json()
    if path.exists():
        try:
            found = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as err:
            raise ConfigError(f"{path} is not a training run's settings ({err})") from None
        if found != wanted:
            raise ConfigError(
                f"{folder} holds a run with other settings ({found}); choose another folder"
            )
        return
    path.write_text(json.dumps(wanted, indent=1) + "\n", encoding="utf-8")


def _train_size(settings: TrainSettings, n: int, folder: Path, report: Report) -> Layer:
    """The network for ``n`` players, stage by stage (each stage kept in ``folder``)."""
    samples = _stage(folder, n, 0, lambda: _teacher_games(settings, n), report)
    net = _fitted(folder, n, 0, samples, settings, report)
    for r in range(1, settings.rounds + 1):
        learner = Policy(settings.game, {n: net})
        new = _stage(folder, n, r, _learner_stage(settings, n, r, learner), report)
        samples = (np.concatenate([samples[0], new[0]]), np.concatenate([samples[1], new[1]]))
        net = _fitted(folder, n, r, samples, settings, report)
    return net


def _stage(
    folder: Path, n: int, stage: int, make: Callable[[], Samples], report: Report
) -> Samples:
    """The samples of a stage: read back if the stage was done, else made and saved."""
    path = folder / f"samples-{n}p-{stage}.npz"
    if path.exists():
        with np.load(path) as data:
            return data["x"], data["y"]
    x, y = make()
    tmp = path.with_suffix(".tmp")
    with tmp.open("wb") as handle:
        np.savez_compressed(handle, x=x, y=y)
    tmp.replace(path)
    report(f"{n} players, stage {stage}: {len(y):,} decisions labelled by the teacher")
    return x, y


def _fitted(
    folder: Path, n: int, stage: int, samples: Samples, settings: TrainSettings, report: Report
) -> Layer:
    """The network fitted on ``samples`` (read back if this stage's was saved)."""
    path = folder / f"network-{n}p-{stage}.npz"
    if path.exists():
        return Policy.load(path).networks[n]
    x, y = samples
    model = MLPClassifier(
        hidden_layer_sizes=(settings.hidden,),
        alpha=1e-3,
        max_iter=300,
        random_state=derive_seed(settings.seed, "fit", n, stage) % 2**32,
    )
    with warnings.catch_warnings():  # a small sample may stop before it converges: say so
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(x, y)
    net = Layer(
        tuple(np.asarray(w, np.float32) for w in model.coefs_),
        tuple(np.asarray(b, np.float32) for b in model.intercepts_),
        np.asarray(model.classes_, np.int64),
    )
    Policy(settings.game, {n: net}).save(path)  # read back below: a run that carries on
    accuracy = float(model.score(x, y))
    report(f"{n} players, stage {stage}: fitted on {len(y):,} decisions, accuracy {accuracy:.0%}")
    return Policy.load(path).networks[n]  # as saved (float16), as a resumed run reads it


def _games_at(games: int, n: int) -> int:
    """Games at ``n`` players for ``games`` at two: a game of ``n`` has about ``n / 2`` times
    the decisions, so each table size gets about as many samples."""
    return max(1, round(games * 2 / n))


def _teacher_games(settings: TrainSettings, n: int) -> Samples:
    """The teacher at every seat; each decision a sample of its own choice."""
    return _play(
        settings,
        n,
        0,
        lambda seat, seed: make_bot(settings.teacher, settings.game, seed),
        label=False,
    )


def _learner_stage(
    settings: TrainSettings, n: int, stage: int, policy: Policy
) -> Callable[[], Samples]:
    """The learner at every seat; each decision labelled by the teacher's choice there."""
    return lambda: _play(settings, n, stage, lambda seat, seed: LearnedBot(seed, policy), True)


def _play(
    settings: TrainSettings, n: int, stage: int, player: Callable[[int, int], Any], label: bool
) -> Samples:
    """``games`` seeded games of ``n`` players; the samples: observation, teacher's action."""
    game = get_game(settings.game)
    config = game.make_config(n)
    encoder = GameEncoder(settings.game, config)
    xs: list[npt.NDArray[np.float32]] = []
    ys: list[int] = []
    count = _games_at(settings.games if stage == 0 else settings.round_games, n)
    for g in range(count):
        seed = derive_seed(settings.seed, "train", settings.game, n, stage, g)
        rng = random.Random(seed)
        seats = [player(s, derive_seed(seed, "seat", s)) for s in range(n)]
        teacher = (
            make_bot(settings.teacher, settings.game, derive_seed(seed, "teacher"))
            if label
            else None
        )
        state = game.initial_state(config)
        while (actor := next_actor(game, state)) != TERMINAL:
            if actor == CHANCE:
                game.apply_in_place(state, actor, game.sample_chance(state, rng))
                continue
            view, legal = game.view(state, actor), game.legal_actions(state, actor)
            action = seats[actor].choose(game, view, legal)
            target = action if teacher is None else teacher.choose(game, view, legal)
            if len(legal) > 1:  # a forced move teaches nothing
                xs.append(encoder.state_observation(state, actor))
                ys.append(target)
            game.apply_in_place(state, actor, action)
    return np.stack(xs), np.asarray(ys, np.int64)
