"""Every game's inside is written one way (docs/architecture.md, "Writing a game's inside"):
its actions are a union of frozen dataclasses with a codec, its state parameter is ``state``,
its phases an ``IntEnum`` and its modules are imported by their own names."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
from enum import IntEnum
from pathlib import Path
from types import ModuleType, UnionType
from typing import Any, get_args, get_type_hints

import pytest

from wonderland.core import get_game, get_plugin

GAMES = ["parade", "wonderdice", "wonderlands_war"]
"""The games written this way: every declared game."""

STATE_NAMES = ("state", "before", "after")
"""What a function taking one state calls it: ``state``, or the state before or after a step
where it compares it with the one it holds."""
SHORT_ALIAS = re.compile(r"[A-Z]{1,2}")


def _module(game_id: str, name: str) -> ModuleType:
    return importlib.import_module(f"{get_plugin(game_id).package}.{name}")


def _sources(game_id: str) -> list[Path]:
    """The game's Python modules, its compiled engine's included."""
    folder = Path(_module(game_id, "game").__file__ or "").parent
    return sorted(folder.rglob("*.py"))


def _state_type(game_id: str) -> type[Any]:
    game = get_game(game_id)
    state_type: type[Any] = get_type_hints(type(game).initial_state)["return"]
    return state_type


@pytest.mark.parametrize("game_id", GAMES)
def test_the_actions_are_a_union_of_frozen_dataclasses(game_id: str) -> None:
    """``actions.Action`` is a union of frozen dataclasses (one per kind of action)."""
    action = _module(game_id, "actions").Action
    assert isinstance(action, UnionType)
    for member in get_args(action):
        assert dataclasses.is_dataclass(member), member
        assert member.__dataclass_params__.frozen, f"{member.__name__} is not frozen"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_action_codec_round_trips_every_id_and_is_doctested(game_id: str) -> None:
    """``encode(decode(id)) == id`` for every action id, and the codec's module has doctests."""
    actions = _module(game_id, "actions")
    members = get_args(actions.Action)
    for action_id in range(actions.NUM_ACTIONS):
        typed = actions.decode(action_id)
        assert isinstance(typed, members)
        assert actions.encode(typed) == action_id
        assert actions.action_to_string(action_id)
    assert ">>>" in (actions.__doc__ or "")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_phases_are_an_int_enum(game_id: str) -> None:
    """The state's ``phase`` is a member of an ``IntEnum``, the state module's ``Phase``."""
    game = get_game(game_id)
    state = game.initial_state(game.make_config(game.spec.min_players))
    phase = _module(game_id, "state").Phase
    assert issubclass(phase, IntEnum)
    assert isinstance(state.phase, phase)


def _state_parameters(tree: ast.AST, state_name: str) -> list[tuple[int, str, list[str]]]:
    """``(line, function, names)`` of every function taking the state type."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            arguments = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
            names = [
                argument.arg
                for argument in arguments
                if argument.annotation is not None
                and ast.unparse(argument.annotation).strip("'\"") == state_name
            ]
            if names:
                found.append((node.lineno, node.name, names))
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_the_state_parameter_is_called_state(game_id: str) -> None:
    """A function taking one state calls it ``state`` (``before``/``after`` around a step;
    two states: any telling names)."""
    state_name = _state_type(game_id).__name__
    wrong = [
        f"{path.name}:{line} {function}({', '.join(names)})"
        for path in _sources(game_id)
        for line, function, names in _state_parameters(ast.parse(path.read_text()), state_name)
        if len(names) == 1 and names[0] not in STATE_NAMES
    ]
    assert not wrong


@pytest.mark.parametrize("game_id", GAMES)
def test_no_module_is_imported_under_a_one_or_two_capital_alias(game_id: str) -> None:
    """``import … as A`` hides what a name is; a module is imported by its own name."""
    aliased = [
        f"{path.name}:{node.lineno} {alias.name} as {alias.asname}"
        for path in _sources(game_id)
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
        if alias.asname is not None and SHORT_ALIAS.fullmatch(alias.asname)
    ]
    assert not aliased
