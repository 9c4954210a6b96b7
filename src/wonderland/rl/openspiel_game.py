"""OpenSpiel games registered from Python: ``pyspiel.load_game("python_wonderland_parade")``.

Game parameters: ``players`` and every rule variant of the game by name: yes/no variants as
bools, number variants as ints (``-1`` for a default word: ``start_player=-1`` is ``random``),
choices as strings, e.g.
``pyspiel.load_game("python_wonderland_parade", {"players": 4, "tiebreak_random": True})``.

Modelling choices (see ``docs/rl.md``):

* Dynamics are SEQUENTIAL.  A simultaneous decision of the game (Parade's end choice,
  Wonderland's War's battle draws) is taken one seat at a time, lowest seat first, Kuhn-poker
  style: a seat's pending choice is hidden from the others' information states, so the order
  reveals nothing.
* Chance is EXPLICIT_STOCHASTIC: ``chance_outcomes()`` lists the game's own outcomes (action
  ids of the game's codec) with their probabilities.  A game whose encoding module draws its
  events part by part (:class:`FactoredChance`; Wonderdice: the seat and gap of a roll, then
  each die) shows one chance node per part instead, with the part ids as chance actions.
* Utility is CONSTANT_SUM (1 shared among the winners); rewards come at the end.
* ``observation_string`` is the seat's view as canonical JSON and ``observation_tensor`` its
  encoding (the game's ``encoding.py``).  ``information_state_string`` adds the seat's
  perfect-recall history: every step as the seat saw it (another seat's secret shows as ``?``).  The
  information-state tensor is the view's encoding: everything the seat knows about the hidden
  cards, without the order of past public events (it is not perfect recall).

A game object that no plugin declares (an abstraction of a declared game, say) is registered
with its encoding module by :func:`register_openspiel_game`.
"""

from __future__ import annotations

import json
import random
from typing import Any, Protocol, runtime_checkable

import numpy as np
import pyspiel

from wonderland.core import (
    CHANCE,
    TERMINAL,
    AnyGame,
    GameConfig,
    GameSpec,
    IllegalAction,
    Variant,
    VariantValue,
    next_actor,
)
from wonderland.core.capabilities import EncodingModule
from wonderland.rl.encoders import encoding_module
from wonderland.rl.versions import env_versions, learning_game

_Params = dict[str, Any]
_CHANCE = int(pyspiel.PlayerId.CHANCE)


WORD_DEFAULT = -1
"""An int parameter's value for "the variant's default word" (``start_player=-1``: random)."""


def _parameter_default(variant: Variant) -> bool | int | str:
    """The OpenSpiel parameter default of a variant: a bool, an int (``-1`` standing for a
    default word such as ``random``) or a string.  Int variants are int parameters because
    OpenSpiel reads ``name=3`` back as an int when it deserializes a game."""
    default = variant.default
    if variant.kind == "bool":
        return bool(default)
    if variant.kind == "int":
        return default if isinstance(default, int) else WORD_DEFAULT
    return str(default)


def _variant_value(variant: Variant, value: bool | int | str) -> VariantValue:
    """The variant value an OpenSpiel parameter value stands for."""
    if variant.kind == "int" and value == WORD_DEFAULT and not isinstance(variant.default, int):
        return variant.default
    return value


@runtime_checkable
class FactoredChance(Protocol):
    """An encoding module that draws its game's chance events part by part for OpenSpiel
    (Wonderdice: a roll is the seat and gap, then one die at a time), so a chance node has a
    few outcomes, not every whole event.  OpenSpiel's chance actions are then the part ids."""

    def max_chance_outcomes(self, config: GameConfig) -> int:
        """A bound on the part ids."""
        ...

    def chance_parts(self, state: Any, drawn: tuple[int, ...]) -> list[tuple[int, float]]:
        """The next part after ``drawn`` with its probability; ``[]`` when ``drawn`` is whole."""
        ...

    def chance_event(self, state: Any, drawn: tuple[int, ...]) -> int:
        """The game's chance outcome made of the whole event ``drawn``."""
        ...

    def chance_part_to_string(self, state: Any, drawn: tuple[int, ...], part: int) -> str:
        """The notation of ``part`` after ``drawn``."""
        ...


class _Rules:
    """The wonderland game and configuration behind one loaded OpenSpiel game (shared by its
    states; never copied)."""

    def __init__(
        self, game: AnyGame, config: GameConfig, encoding: EncodingModule | None = None
    ) -> None:
        self.game = game
        self.config = config
        self.encoding: EncodingModule = encoding if encoding is not None else encoding_module(game)
        self.size = self.encoding.observation_size(config.num_players)
        self.initial = game.initial_state(config)
        """The state before the first step, cloned for every new OpenSpiel state (OpenSpiel
        also makes one for every clone of a state)."""
        self.factored: FactoredChance | None = (
            self.encoding if isinstance(self.encoding, FactoredChance) else None
        )
        """The game's chance events drawn part by part (see :class:`FactoredChance`)."""
        self.max_chance_outcomes: int = (
            self.factored.max_chance_outcomes(config)
            if self.factored is not None
            else game.spec.num_actions
        )
        self.names: dict[int, str] = {}

    def action_name(self, action: int, chance: bool = False) -> str:
        """The game's notation of ``action``, prefixed ``chance`` for a chance outcome
        (remembered: OpenSpiel names every outcome of every chance node, and the same outcomes
        come back again and again)."""
        key = -1 - action if chance else action
        name = self.names.get(key)
        if name is None:
            text = str(self.game.action_to_string(action))
            name = self.names[key] = f"chance {text}" if chance else text
        return name

    def __deepcopy__(self, memo: dict[int, Any]) -> _Rules:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        config = self.config
        return _rules_of, (self.game.spec.id, config.num_players, dict(config.variants))


def _rules_of(game_id: str, num_players: int, variants: dict[str, Any]) -> _Rules:
    """Rebuild a pickled :class:`_Rules`."""
    game, encoding = _game_and_encoding(game_id)
    return _Rules(game, game.make_config(num_players, variants), encoding)


_UNDECLARED: dict[str, tuple[AnyGame, EncodingModule]] = {}
"""The games registered by :func:`register_openspiel_game`, by id, with their encodings."""


def _game_and_encoding(game_id: str) -> tuple[AnyGame, EncodingModule | None]:
    """The game ``game_id`` and its encoding (None: the one its plugin declares)."""
    if game_id in _UNDECLARED:
        return _UNDECLARED[game_id]
    return learning_game(game_id), None


class _Seen:
    """One step of a seat's history as it saw it, linked to the steps before: histories share
    their past, so copying a state copies no history."""

    __slots__ = ("before", "joined", "text")

    def __init__(self, before: _Seen | None, text: str) -> None:
        self.before = before
        self.text = text
        self.joined: str | None = None
        """Every step up to this one, joined by spaces, once asked for (kept by the newest step
        asked for only, so a long history is not held once per step)."""

    def join(self) -> str:
        """Every step, oldest first, separated by spaces."""
        if self.joined is not None:
            return self.joined
        newer: list[str] = []
        step: _Seen | None = self
        while step is not None and step.joined is None:
            newer.append(step.text)
            step = step.before
        newer.reverse()
        if step is None or step.joined is None:
            joined = " ".join(newer)
        else:
            joined = " ".join([step.joined, *newer])
            step.joined = None  # handed on to the newer step
        self.joined = joined
        return joined

    def texts(self) -> list[str]:
        """Every step, oldest first."""
        out: list[str] = []
        step: _Seen | None = self
        while step is not None:
            out.append(step.text)
            step = step.before
        out.reverse()
        return out

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _seen_of, (self.texts(),)  # flat: a long chain would exhaust the recursion limit


def _seen_of(texts: list[str]) -> _Seen:
    """Rebuild a pickled history."""
    step = None
    for text in texts:
        step = _Seen(step, text)
    assert step is not None
    return step


class _Position:
    """A game state, the parts drawn so far of a chance event being drawn part by part, and
    what each seat has seen of its history; copied cheaply.  ``memo`` keeps what was computed
    for this position (each seat's encoding and view text, the chance outcomes, the picture):
    OpenSpiel asks for them several times, on the state and on its clones."""

    def __init__(
        self,
        rules: _Rules,
        state: Any,
        seen: list[_Seen | None],
        drawn: tuple[int, ...] = (),
        shared: bool = False,
    ) -> None:
        self.rules = rules
        self.state = state
        self.shared = shared
        """Whether ``state`` is the rules' initial state, to be copied before it changes."""
        self.seen = seen
        self.drawn = drawn
        self.memo: dict[tuple[str, int], Any] = {}

    def actor(self) -> int:
        """The seat to act, CHANCE (also while an event is drawn part by part) or TERMINAL."""
        return CHANCE if self.drawn else next_actor(self.rules.game, self.state)

    def outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes here: the game's (by id, sorted), or the next part's."""
        key = ("chance", 0)
        if key not in self.memo:
            factored = self.rules.factored
            if factored is not None:
                self.memo[key] = factored.chance_parts(self.state, self.drawn)
            else:
                self.memo[key] = sorted(self.rules.game.chance_outcomes(self.state))
        outcomes: list[tuple[int, float]] = self.memo[key]
        return outcomes

    def is_outcome(self, action: int) -> bool:
        """Whether ``action`` is one of :meth:`outcomes` (OpenSpiel names every outcome of a
        node, so the set is kept; outcomes numbered ``0 .. k-1`` are checked by position)."""
        outcomes = self.outcomes()
        if 0 <= action < len(outcomes) and outcomes[action][0] == action:
            return True
        key = ("outcome_ids", 0)
        if key not in self.memo:
            self.memo[key] = frozenset(a for a, _ in outcomes)
        ids: frozenset[int] = self.memo[key]
        return action in ids

    def sparse(self, seat: int) -> tuple[list[int], list[tuple[int, float]]]:
        """``seat``'s encoded view of the current state."""
        key = ("sparse", seat)
        if key not in self.memo:
            self.memo[key] = self.rules.encoding.encode_state_sparse(self.state, seat)
        result: tuple[list[int], list[tuple[int, float]]] = self.memo[key]
        return result

    def view_text(self, seat: int) -> str:
        """``seat``'s view of the current state as canonical JSON."""
        key = ("text", seat)
        if key not in self.memo:
            game = self.rules.game
            view = game.view_to_json(game.view(self.state, seat))
            self.memo[key] = json.dumps(view, sort_keys=True, separators=(",", ":"))
        text: str = self.memo[key]
        return text

    def picture(self) -> str:
        """The whole table as text, and the parts of a chance event drawn so far."""
        key = ("picture", 0)
        if key not in self.memo:
            text = str(self.rules.game.render(self.state, None))
            factored = self.rules.factored
            if self.drawn and factored is not None:
                parts = [
                    factored.chance_part_to_string(self.state, self.drawn[:i], part)
                    for i, part in enumerate(self.drawn)
                ]
                text += "\ndrawing: " + ", ".join(parts)
            self.memo[key] = text
        picture: str = self.memo[key]
        return picture

    def history(self, seat: int) -> str:
        """Every step as ``seat`` saw it, separated by spaces."""
        seen = self.seen[seat]
        return "" if seen is None else seen.join()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        state = self.state if self.shared else self.rules.game.clone(self.state)
        copy = _Position(self.rules, state, self.seen[:], self.drawn, self.shared)
        copy.memo = self.memo.copy()  # the same position: what was computed still holds
        return copy


class WonderlandSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a game state of ours."""

    def __init__(self, game: pyspiel.Game, rules: _Rules, state: Any = None) -> None:
        super().__init__(game)
        seen: list[_Seen | None] = [None] * rules.config.num_players
        if state is None:  # shared until the first step (most are replaced by a clone's)
            self._position = _Position(rules, rules.initial, seen, shared=True)
        else:
            self._position = _Position(rules, state, seen)

    @property
    def wonderland_state(self) -> Any:
        """The wrapped game state (read it, do not change it).  While a chance event is drawn
        part by part, it is the state before that event."""
        return self._position.state

    def current_player(self) -> int:
        """The seat to act, CHANCE or TERMINAL (simultaneous decisions: lowest seat first)."""
        actor = self._position.actor()
        if actor == CHANCE:
            return _CHANCE
        if actor == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return actor

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._position.rules.game.legal_actions(self._position.state, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes with their probabilities: the game's own (by action id), or,
        for a game whose events are drawn part by part, the next part's."""
        return list(self._position.outcomes())

    def _apply_action(self, action: int) -> None:
        position = self._position
        rules = position.rules
        if position.shared:
            position.state = rules.game.clone(position.state)
            position.shared = False
        game, state = rules.game, position.state
        actor = position.actor()
        factored = rules.factored
        if actor == CHANCE and factored is not None:
            if not position.is_outcome(action):
                raise IllegalAction("chance", f"{action} is not a chance outcome here")
            text = "chance:" + factored.chance_part_to_string(state, position.drawn, action)
            drawn = (*position.drawn, action)
            if factored.chance_parts(state, drawn):
                position.drawn = drawn
            else:
                game.apply_in_place(state, CHANCE, factored.chance_event(state, drawn))
                position.drawn = ()
            position.memo.clear()
            position.seen = [_Seen(seen, text) for seen in position.seen]
            return
        before = game.clone(state)
        game.apply_in_place(state, actor, action)
        position.memo.clear()
        observe = rules.encoding.observe_step
        position.seen = [
            _Seen(seen, observe(before, actor, action, state, seat))
            for seat, seen in enumerate(position.seen)
        ]

    def _action_to_string(self, player: int, action: int) -> str:
        position = self._position
        rules = position.rules
        if player != _CHANCE:
            return rules.action_name(action)
        factored = rules.factored
        if factored is None:
            return rules.action_name(action, chance=True)
        if position.actor() != CHANCE or not position.is_outcome(action):
            return f"chance outcome #{action}"
        return "chance " + factored.chance_part_to_string(position.state, position.drawn, action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._position.actor() == TERMINAL

    def returns(self) -> list[float]:
        """1 shared among the winners at the end; 0s before."""
        return list(self._position.rules.game.returns(self._position.state))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one, hidden information drawn at random
        (for ISMCTS).  Every seat's history in it is ``player_id``'s, so information states
        there differ only by the seats' (determinized) views."""
        position = self._position
        game = position.rules.game
        rng = random.Random(int(probability_sampler() * 2**53))
        state = game.determinize(game.view(position.state, player_id), rng)
        resampled = WonderlandSpielState(self.get_game(), position.rules, state)
        resampled._position.seen = [position.seen[player_id]] * len(position.seen)
        resampled._position.drawn = position.drawn
        return resampled

    def __str__(self) -> str:
        return self._position.picture()


class WonderlandObserver:
    """OpenSpiel's observer interface: a seat's view as a tensor and as a string."""

    def __init__(self, rules: _Rules, iig_obs_type: Any, params: _Params | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not (
            obs_type.public_info
        ):
            raise ValueError("only a seat's own observation (public + its private) is provided")
        self.rules = rules
        self.perfect_recall = bool(obs_type.perfect_recall)
        self.tensor = np.zeros(rules.size, np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        start = 0
        for name, size in rules.encoding.layout(rules.config.num_players):
            self.dict[name] = self.tensor[start : start + size]
            start += size

    def set_from(self, state: WonderlandSpielState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s encoded view of ``state``."""
        ones, others = state._position.sparse(player)
        tensor = self.tensor
        tensor.fill(0.0)
        tensor.put(ones, 1.0)
        for index, value in others:
            tensor[index] = value

    def string_from(self, state: WonderlandSpielState, player: int) -> str:
        """The view as canonical JSON; with perfect recall, followed by the seat's history."""
        text = state._position.view_text(player)
        if self.perfect_recall:
            return f"{text}\nhistory: " + state._position.history(player)
        return text


def _game_type(game_id: str, spec: GameSpec, parameters: _Params) -> pyspiel.GameType:
    """The OpenSpiel game type of ``game_id``: its dynamics, chance, information and bounds."""
    return pyspiel.GameType(
        short_name=_openspiel_name(game_id),
        long_name=f"Python Wonderland {spec.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if spec.has_chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if spec.hidden_information or spec.simultaneous
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=parameters,
    )


def _game_class(game_id: str) -> tuple[pyspiel.GameType, type]:
    """The OpenSpiel game type and game class of ``game_id``."""
    game, encoding = _game_and_encoding(game_id)
    spec = game.spec
    parameters: _Params = {"players": spec.min_players}
    parameters.update({v.name: _parameter_default(v) for v in game.variants})
    game_type = _game_type(game_id, spec, parameters)

    class WonderlandSpielGame(pyspiel.Game):  # type: ignore[misc]
        """One of our games, loaded with its parameters."""

        def __init__(self, params: _Params | None = None) -> None:
            values = {**parameters, **(params or {})}
            num_players = int(values.pop("players"))
            variants = {v.name: _variant_value(v, values[v.name]) for v in game.variants}
            rules = _Rules(game, game.make_config(num_players, variants), encoding)
            game_info = pyspiel.GameInfo(
                num_distinct_actions=spec.num_actions,
                max_chance_outcomes=rules.max_chance_outcomes if spec.has_chance else 0,
                num_players=num_players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=1.0,
                max_game_length=spec.max_steps,
            )
            super().__init__(game_type, game_info, params or {})
            self.rules = rules

        def new_initial_state(self) -> WonderlandSpielState:
            """The state before the deal."""
            return WonderlandSpielState(self, self.rules)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: _Params | None = None
        ) -> WonderlandObserver:
            """A seat's observation (``perfect_recall``: its information state)."""
            return WonderlandObserver(self.rules, iig_obs_type, params)

    name = f"WonderlandSpielGame_{game_id}"
    WonderlandSpielGame.__name__ = WonderlandSpielGame.__qualname__ = name
    globals()[name] = WonderlandSpielGame  # importable by name, so games can be pickled
    return game_type, WonderlandSpielGame


def _openspiel_name(game_id: str) -> str:
    """``python_wonderland_<id>``: the environment version's name, or the same pattern for a
    game registered by object."""
    if game_id in _UNDECLARED:
        return f"python_wonderland_{game_id}"
    version = max((v for v in env_versions() if v.game_id == game_id), key=lambda v: v.version)
    return version.openspiel_name


def register_openspiel_game(game: AnyGame, encoding: EncodingModule) -> str:
    """Register ``game``, which no plugin declares, observed through ``encoding``, as
    ``python_wonderland_<id>``; return that name.  Idempotent; a process that loads, copies
    or unpickles the game registers it first."""
    game_id = game.spec.id
    _UNDECLARED[game_id] = (game, encoding)
    name = _openspiel_name(game_id)
    if name not in set(pyspiel.registered_names()):
        game_type, cls = _game_class(game_id)
        pyspiel.register_game(game_type, cls)
    return name


def register_openspiel_games() -> None:
    """Register ``python_wonderland_<id>`` for every game with an environment (idempotent)."""
    registered = set(pyspiel.registered_names())
    for game_id in sorted({v.game_id for v in env_versions()}):
        if _openspiel_name(game_id) not in registered:  # a class made again would not pickle
            game_type, cls = _game_class(game_id)
            pyspiel.register_game(game_type, cls)
