"""Character content: ``content/characters.toml`` checked with pydantic, loaded as plain values.

A user's transcription of their own cards (``--content DIR``, a folder holding a
``characters.toml``) overrides the built-in cards by character id: give only what differs.
Every problem is reported as a ContentError naming the file, the key and the reason.

>>> [c.id for c in load_content().characters][:2]
['mad_hatter', 'absolem']
"""

from __future__ import annotations

import functools
import hashlib
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError, field_validator

from wonderland.core.errors import ContentError
from wonderland.games.wonderdice.effects import EFFECTS

SIDES = ("admiring", "mad")
"""Canonical side names (index 0 and 1; a content file may also say wonder/madness, Q1)."""
FILE = "characters.toml"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AbilityModel(_Model):
    """One side of a card, or the Jabberwocky power card."""

    effect: str
    params: dict[str, int] = Field(default_factory=dict)
    text: str = Field(min_length=1)
    provisional: bool = False
    note: str = ""
    source: str = ""

    @field_validator("effect")
    @classmethod
    def _known_effect(cls, value: str) -> str:
        if value not in EFFECTS:
            raise ValueError(f"unknown effect {value!r}; known effects: {', '.join(EFFECTS)}")
        return value

    @field_validator("params")
    @classmethod
    def _params_in_range(cls, value: dict[str, int]) -> dict[str, int]:
        for name, number in value.items():
            if not 0 <= number <= 5:
                raise ValueError(f"parameter {name} = {number} is outside 0..5")
        return value


class CharacterModel(_Model):
    """One character card: both sides (``wonder``/``madness`` accepted as side names)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str | None = None
    colour: str | None = None
    admiring: AbilityModel | None = Field(
        default=None, validation_alias=AliasChoices("admiring", "wonder", "Admiring", "Wonder")
    )
    mad: AbilityModel | None = Field(
        default=None, validation_alias=AliasChoices("mad", "madness", "Mad", "Madness")
    )


class ContentModel(_Model):
    """A whole content file."""

    characters: list[CharacterModel] = Field(default_factory=list)
    jabberwocky: AbilityModel | None = None
    help_card: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Ability:
    """A loaded ability: effect id, parameters (defaults filled in) and its card text."""

    id: str
    effect: str
    params: tuple[tuple[str, int], ...]
    text: str
    provisional: bool
    note: str


@dataclass(frozen=True, slots=True)
class Character:
    """A loaded character card."""

    id: str
    name: str
    colour: str
    sides: tuple[Ability, Ability]


@dataclass(frozen=True, slots=True)
class Content:
    """Everything the rules need from content, as plain values."""

    characters: tuple[Character, ...]
    jabberwocky: Ability
    help_text: str
    digest: str

    def index(self, character_id: str) -> int:
        """The position of ``character_id``; ContentError naming the known ids otherwise."""
        for i, character in enumerate(self.characters):
            if character.id == character_id:
                return i
        known = ", ".join(c.id for c in self.characters)
        raise ContentError(f"unknown character {character_id!r}; known: {known}")


def _parse(text: str, where: str) -> ContentModel:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ContentError(f"{where}: not valid TOML: {err}") from None
    try:
        return ContentModel.model_validate(data)
    except ValidationError as err:
        problems = []
        for e in err.errors():
            key = ""
            for part in e["loc"]:
                key += f"[{part}]" if isinstance(part, int) else (f".{part}" if key else str(part))
            problems.append(f"{key or '(top)'}: {e['msg']}")
        raise ContentError(f"{where}: " + "; ".join(problems)) from None


def _ability(model: AbilityModel, ability_id: str, where: str) -> Ability:
    accepted = EFFECTS[model.effect].params
    unknown = sorted(set(model.params) - set(accepted))
    if unknown:
        raise ContentError(
            f"{where}: {ability_id}.params: effect {model.effect!r} takes "
            f"{', '.join(accepted) or 'no parameters'}, not {', '.join(unknown)}"
        )
    params = tuple(sorted({**accepted, **model.params}.items()))
    return Ability(ability_id, model.effect, params, model.text, model.provisional, model.note)


def _merge(base: dict[str, CharacterModel], extra: ContentModel, where: str) -> None:
    for i, ch in enumerate(extra.characters):
        old = base.get(ch.id)
        merged = (
            ch
            if old is None
            else old.model_copy(update={k: v for k, v in ch if v is not None and k != "id"})
        )
        missing = [k for k in ("name", "admiring", "mad") if getattr(merged, k) is None]
        if missing:
            raise ContentError(
                f"{where}: characters[{i}] ({ch.id}): a new character needs {', '.join(missing)}"
            )
        base[ch.id] = merged


def _build(
    models: dict[str, CharacterModel], jabber: AbilityModel, help_text: str, where: str, digest: str
) -> Content:
    characters = []
    for ch in models.values():
        assert ch.name is not None
        assert ch.admiring is not None
        assert ch.mad is not None
        characters.append(
            Character(
                ch.id,
                ch.name,
                ch.colour or "white",
                (
                    _ability(ch.admiring, f"{ch.id}.admiring", where),
                    _ability(ch.mad, f"{ch.id}.mad", where),
                ),
            )
        )
    if len(characters) < 2:
        raise ContentError(f"{where}: at least 2 characters are needed")
    return Content(tuple(characters), _ability(jabber, "jabberwocky", where), help_text, digest)


@functools.lru_cache(maxsize=16)
def load_content(directory: str | None = None) -> Content:
    """The built-in cards, overridden by ``directory``/characters.toml when given."""
    builtin_text = resources.files(__package__).joinpath("content", FILE).read_text("utf-8")
    builtin = _parse(builtin_text, f"built-in {FILE}")
    models = {ch.id: ch for ch in builtin.characters}
    jabber = builtin.jabberwocky
    help_text = str((builtin.help_card or {}).get("text", ""))
    hasher = hashlib.sha256(builtin_text.encode())
    where = f"built-in {FILE}"
    if directory is not None:
        path = Path(directory) / FILE
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            raise ContentError(f"{path}: cannot read the content file: {err.strerror}") from None
        where = str(path)
        user = _parse(text, where)
        _merge(models, user, where)
        jabber = user.jabberwocky or jabber
        if user.help_card and "text" in user.help_card:
            help_text = str(user.help_card["text"])
        hasher.update(text.encode())
    assert jabber is not None, "the built-in content defines the Jabberwocky card"
    return _build(models, jabber, help_text, where, hasher.hexdigest()[:16])
