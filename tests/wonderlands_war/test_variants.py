"""The ambiguity register and the variants: every named variant exists with its default."""

from __future__ import annotations

import re

import pytest

from wonderland.core import ConfigError
from wonderland.games.wonderlands_war.content import BASE_DIR
from wonderland.games.wonderlands_war.variants import VARIANTS, Options

RULES = (BASE_DIR.parent / "RULES.md").read_text()


def test_every_register_variant_is_declared() -> None:
    """G1-G27: each variant the register names is a declared variant citing that clause."""
    register = RULES[RULES.index("## Ambiguity register") :]
    named = 0
    for line in re.split(r"\n- ", register):
        match = re.match(r"\*\*(G\d+)\.\*\*", line)
        if not match:
            continue
        tail = line.split("Variant", 1)[1] if "Variant" in line else ""
        for name in re.findall(r"`([a-z0-9_]+)(?:=N)?`", tail):
            assert VARIANTS.get(name).clause == match.group(1), name
            named += 1
    assert named == len(VARIANTS) - 1  # all but ally_set (W5)


def test_defaults_are_the_seed_reading() -> None:
    """Every variant is off by default; wagers follow the player count (G24)."""
    defaults = VARIANTS.defaults()
    assert all(v in (False, 0, "random") for v in defaults.values())
    assert Options.from_variants({}, 3).wagers
    assert not Options.from_variants({}, 2).wagers
    assert Options.from_variants({}, 3).castle_strength


def test_exclusive_variants_are_refused() -> None:
    """G5: the two readings of a tie for second cannot both be on."""
    with pytest.raises(ConfigError, match="exclude"):
        Options.from_variants({"tied_second_gets_nothing": True, "split_half_award": True}, 3)
