"""Named rule variants: typed options with a default, a one-line explanation and a citation."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from wonderland.core.errors import ConfigError

VariantValue = bool | int | str | None

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True, slots=True)
class Variant:
    """One rule variant.

    ``kind`` is ``bool``, ``int`` or ``choice``; ``choices`` lists the accepted words of a
    ``choice`` (and the words an ``int`` variant accepts besides numbers, such as ``random``).
    """

    name: str
    kind: str
    default: VariantValue
    help: str
    clause: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, value: VariantValue) -> VariantValue:
        """Return ``value`` converted to this variant's type, or raise ConfigError."""
        if self.kind == "bool":
            return self._parse_bool(value)
        if self.kind == "int":
            return self._parse_int(value)
        if self.kind == "choice":
            if isinstance(value, str) and value in self.choices:
                return value
            raise ConfigError(
                f"variant {self.name}: {value!r} is not one of {', '.join(self.choices)}"
            )
        raise ConfigError(f"variant {self.name} has unknown kind {self.kind!r}")

    def _parse_bool(self, value: VariantValue) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
            return value.lower() in _TRUE
        raise ConfigError(f"variant {self.name}: {value!r} is not a yes/no value (true/false)")

    def _parse_int(self, value: VariantValue) -> int | str | None:
        if value is None or (isinstance(value, str) and value in self.choices):
            return value
        try:
            number = int(value) if not isinstance(value, bool) else None
        except ValueError:
            number = None
        if number is None:
            accepted = " or ".join(("a whole number", *self.choices))
            raise ConfigError(f"variant {self.name}: {value!r} is not {accepted}")
        low = self.minimum if self.minimum is not None else number
        high = self.maximum if self.maximum is not None else number
        if not low <= number <= high:
            raise ConfigError(f"variant {self.name}: {number} is outside {low}..{high}")
        return number


class VariantSet:
    """The variants a game declares; resolves user overrides into a complete, checked mapping."""

    def __init__(self, variants: Iterable[Variant]) -> None:
        self._by_name = {v.name: v for v in variants}

    def __iter__(self) -> Iterator[Variant]:
        return iter(self._by_name.values())

    def __len__(self) -> int:
        return len(self._by_name)

    def get(self, name: str) -> Variant:
        """The variant called ``name``; ConfigError naming the known ones otherwise."""
        try:
            return self._by_name[name]
        except KeyError:
            known = ", ".join(sorted(self._by_name)) or "none"
            raise ConfigError(f"unknown variant {name!r}; this game knows: {known}") from None

    def defaults(self) -> dict[str, VariantValue]:
        """Every variant at its default."""
        return {name: v.default for name, v in self._by_name.items()}

    def resolve(
        self, overrides: Mapping[str, VariantValue] | None = None
    ) -> dict[str, VariantValue]:
        """Defaults updated with ``overrides``; every name and value checked."""
        values = self.defaults()
        for name, raw in (overrides or {}).items():
            values[name] = self.get(name).parse(raw)
        return values

    @staticmethod
    def parse_assignments(items: Iterable[str]) -> dict[str, str]:
        """Parse ``NAME=VALUE`` words (a bare ``NAME`` means ``NAME=true``)."""
        result: dict[str, str] = {}
        for item in items:
            name, sep, value = item.partition("=")
            name = name.strip()
            if not name:
                raise ConfigError(f"variant {item!r}: expected NAME=VALUE")
            result[name] = value.strip() if sep else "true"
        return result
