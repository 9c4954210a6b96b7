"""A game's declaration: what it is and which optional capabilities it brings.

Every game folder exports one :class:`GamePlugin` (its ``PLUGIN``), found through the
``wonderland.games`` entry points.  The generic layers (bots, simulation, learning, hosting,
server, command line) ask the declaration what a game offers; they never name a game.  Each
capability is a :class:`Ref`, imported only when it is used, so that listing the games stays
cheap and an extra that a capability needs (numba, say) is loaded only by those who use it.
Each field's annotation names what its reference must be (``core.capabilities``), and loading
it checks so: ``plugin.fast_engine.load()`` is a ``FastEngine`` or a ConfigError.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast, get_args, get_origin, get_type_hints, overload

from wonderland.core.bot import Bot
from wonderland.core.capabilities import (
    ContentModule,
    EncodingModule,
    FastEngine,
    GameAids,
    LiveModule,
    Simulation,
    StateEncoderModule,
)
from wonderland.core.errors import ConfigError
from wonderland.core.game import Game
from wonderland.core.scoring import ScoreCalculator
from wonderland.core.search_hooks import SearchHooks
from wonderland.core.terminal_face import TerminalFace

T = TypeVar("T")


@dataclass(frozen=True, slots=True, init=False)
class Ref(Generic[T]):
    """An object named ``"package.module:attribute"`` (or just a module), imported on use.

    Its ``kind`` is what the object must be: a class or runtime-checkable protocol, or
    ``type[C]`` for a subclass of ``C``.  A :class:`GamePlugin` gives each of its references
    the kind its field names, so a game's ``plugin.py`` writes just ``Ref("pkg.mod:obj")``.
    """

    path: str
    kind: Any = field(compare=False, repr=False)
    """What the object must be (None: anything, for a module imported lazily by its own game)."""

    @overload
    def __init__(self: Ref[Any], path: str) -> None: ...
    @overload
    def __init__(self, path: str, kind: Any) -> None: ...
    def __init__(self, path: str, kind: Any = None) -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "kind", kind)

    def load(self) -> T:
        """The object (the module itself when the path names no attribute), checked to be of
        its kind; ConfigError naming the path and the kind otherwise."""
        module_name, _, attribute = self.path.partition(":")
        module = importlib.import_module(module_name)
        if attribute and not hasattr(module, attribute):
            raise ConfigError(f"{self.path}: {module_name} has no {attribute!r}")
        value = getattr(module, attribute) if attribute else module
        if self.kind is not None and not _is_a(value, self.kind):
            raise ConfigError(
                f"{self.path} is {_a(type(value).__name__)}, not {_a(_kind_name(self.kind))}"
            )
        return cast(T, value)


def _is_a(value: object, kind: Any) -> bool:
    """Whether ``value`` is a ``kind``: an instance of a class or protocol (of a generic one's
    origin), or, for ``type[C]``, a subclass of ``C``."""
    if get_origin(kind) is type:
        (base,) = get_args(kind)
        return isinstance(value, type) and issubclass(value, get_origin(base) or base)
    return isinstance(value, get_origin(kind) or kind)


def _a(noun: str) -> str:
    """``a str``, ``an int``."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def _kind_name(kind: Any) -> str:
    """``FastEngine``, ``Bot class``."""
    if get_origin(kind) is type:
        return f"{_kind_name(get_args(kind)[0])} class"
    return str(getattr(get_origin(kind) or kind, "__name__", kind))


def _ref_kind(hint: Any) -> Any:
    """The ``T`` of a field typed ``Ref[T]``, ``Ref[T] | None`` or ``Mapping[str, Ref[T]]``
    (None for a field that holds no reference)."""
    for part in (hint, *get_args(hint)):
        if get_origin(part) is Ref:
            return get_args(part)[0]
    return None


def _field_values(declaration: Any) -> Iterator[tuple[str, Any]]:
    """Each field of a dataclass with its value."""
    return ((f.name, getattr(declaration, f.name)) for f in dataclasses.fields(declaration))


def _refs(declaration: Any, prefix: str = "") -> Iterator[tuple[str, Ref[Any]]]:
    """Every reference in a declaration, its nested declarations included, by dotted name."""
    for name, value in _field_values(declaration):
        if isinstance(value, Ref):
            yield prefix + name, value
        elif isinstance(value, Environments):
            yield from _refs(value, f"{prefix}{name}.")
        elif isinstance(value, Mapping):
            yield from ((f"{prefix}{name}.{key}", ref) for key, ref in value.items())
        elif name == "abstractions":
            for abstraction in value:
                yield from _refs(abstraction, f"{prefix}{name}.{abstraction.id}.")


def _bind_kinds(declaration: Any) -> None:
    """Give each reference of a frozen dataclass the kind its field's annotation names."""
    hints = get_type_hints(type(declaration))
    for name, hint in hints.items():
        kind = _ref_kind(hint)
        value = getattr(declaration, name)
        if kind is None or value is None:
            continue
        if isinstance(value, Ref):
            bound: object = Ref(value.path, kind)
        else:
            bound = {key: Ref(ref.path, kind) for key, ref in value.items()}
        object.__setattr__(declaration, name, bound)


@dataclass(frozen=True, slots=True)
class EnvironmentVersion:
    """One versioned learning environment: the pair of rules and encoding versions it names."""

    version: int
    rules_version: int
    encoding_version: int


@dataclass(frozen=True, slots=True)
class Environments:
    """A game's learning environments (its observation encoders, and their versions)."""

    name: str
    """CamelCase name used in Gymnasium ids (``wonderland/<name>-v<version>``)."""
    encoding: Ref[EncodingModule]
    """The module with the observation encoding."""
    state_encoder: Ref[StateEncoderModule]
    """The module with ``state_encoder(num_players)``."""
    versions: tuple[EnvironmentVersion, ...]
    abstractions: tuple[Abstraction, ...] = ()
    """Games made from this one for search and learning, each with environments of its own."""

    def __post_init__(self) -> None:
        _bind_kinds(self)


@dataclass(frozen=True, slots=True)
class Abstraction:
    """A game of its own made from a declared game for search and learning (Wonderdice turn
    by turn): its id (``wonderdice_turns``), its game object and its environments."""

    id: str
    game: Ref[Game[Any, Any]]
    environments: Environments

    def __post_init__(self) -> None:
        _bind_kinds(self)


@dataclass(frozen=True, slots=True)
class GamePlugin:
    """One game and its capabilities; every capability but the game itself is optional."""

    game_id: str
    game: Ref[Game[Any, Any]]
    """The :class:`~wonderland.core.game.Game` object."""
    rules: str | None = None
    """The game's rules as implemented, a Markdown file in its package (``RULES.md``)."""
    lessons: str | None = None
    """The folder, in the game's package, of its shipped teaching scripts (``teach``)."""
    bots: Mapping[str, Ref[type[Bot]]] = field(default_factory=dict)
    """The game's own bots by name (each a :class:`~wonderland.core.bot.Bot` class taking a
    seed)."""
    search_hooks: Ref[SearchHooks] | None = None
    """What search and the difficulty levels may know of the game."""
    terminal: Ref[TerminalFace[Any]] | None = None
    """The game's face at the terminal table; without one, ``wonderland play`` draws the game
    with its ``render`` and its actions' words."""
    web_renderer: str | None = None
    """The folder, inside the game's package, with the browser renderer ``renderer.js``."""
    aids: Ref[GameAids[Any]] | None = None
    """The game's hosting aids (lessons, practice tasks)."""
    score_calculator: Ref[type[ScoreCalculator]] | None = None
    """The game's score calculator (a class, made anew for each physical game)."""
    environments: Environments | None = None
    simulation: Ref[Simulation[Any]] | None = None
    """Where a game is not a plain protocol playout (a real-time race, say)."""
    fast_engine: Ref[FastEngine[Any, Any, Any]] | None = None
    """The compiled engine's simulation module."""
    live_table: Ref[LiveModule] | None = None
    """The server's real-time driver of a table."""
    content: Ref[ContentModule] | None = None
    """The module that checks a content pack and exports its schemas (``wonderland content``)."""
    label_noun: str = "label"
    """What a seat's label in a simulation summary is (a character, a faction)."""
    learned_policy: str | None = None
    """The file, in the game's package, of the policy the ``learned`` bot plays (a ``.npz``
    written by ``wonderland train``)."""
    take_back_before_draw: bool = False
    """At a web table, the draw that follows a person's move waits a few seconds, in which the
    move may be taken back without consent (a table convention the game's rules describe)."""

    def __post_init__(self) -> None:
        _bind_kinds(self)

    def refs(self) -> Iterator[tuple[str, Ref[Any]]]:
        """Every reference the game declares, with its field's name (``bots.greedy``,
        ``environments.encoding``)."""
        yield from _refs(self)

    @property
    def package(self) -> str:
        """The game's package, ``wonderland.games.<id>`` for the built-in games."""
        return self.game.path.partition(":")[0].rpartition(".")[0]
