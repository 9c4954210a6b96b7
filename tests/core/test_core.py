"""The core's own pieces: variants, records, registry, errors, seeds."""

from __future__ import annotations

import pytest

from wonderland.core import (
    ConfigError,
    GameRecord,
    IllegalAction,
    RecordError,
    Variant,
    VariantSet,
    derive_seed,
    get_game,
)

VARIANTS = VariantSet(
    [
        Variant("fast", "bool", False, "play fast", "X1"),
        Variant("size", "int", 3, "size", "X2", minimum=1, maximum=5),
        Variant("mode", "choice", "a", "mode", "X3", choices=("a", "b")),
    ]
)


def test_variants_resolve_with_types_and_defaults() -> None:
    """Overrides are parsed to their types; the rest keep their defaults."""
    assert VARIANTS.resolve({"fast": "yes", "size": "4"}) == {"fast": True, "size": 4, "mode": "a"}
    assert VariantSet.parse_assignments(["fast", "size=2"]) == {"fast": "true", "size": "2"}


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"speed": "1"}, "unknown variant 'speed'"),
        ({"fast": "maybe"}, "not a yes/no value"),
        ({"size": "9"}, "outside 1..5"),
        ({"size": "big"}, "not a whole number"),
        ({"mode": "c"}, "not one of a, b"),
    ],
)
def test_bad_variants_are_named(overrides: dict[str, str], message: str) -> None:
    """Every wrong name or value is refused with a message naming it."""
    with pytest.raises(ConfigError, match=message):
        VARIANTS.resolve(overrides)


def test_unknown_game_lists_the_known_ones() -> None:
    """The registry names the games it knows."""
    with pytest.raises(ConfigError, match="parade"):
        get_game("chess")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[]", "must be a JSON object"),
        ('{"format": "other"}', "not a game record"),
        ('{"format": "wonderland-record/1", "game": "parade"}', "malformed game record"),
        ("{", "not valid JSON"),
    ],
)
def test_malformed_records_are_refused(text: str, message: str) -> None:
    """Bad record files say what is wrong with them."""
    with pytest.raises(RecordError, match=message):
        GameRecord.loads(text)


def test_record_version_mismatch_is_refused() -> None:
    """A record of another rules version does not replay silently."""
    from wonderland.core import replay

    game = get_game("parade")
    record = GameRecord("parade", 99, game.make_config(3), 0, ())
    with pytest.raises(RecordError, match="version 99"):
        list(replay(game, record))


def test_illegal_action_carries_rule_and_message() -> None:
    """IllegalAction keeps the clause id and the human message apart."""
    err = IllegalAction("P11", "not in hand")
    assert (err.rule, err.message, str(err)) == (
        "P11",
        "not in hand",
        "IllegalAction P11: not in hand",
    )


def test_derived_seeds_are_stable() -> None:
    """Game seeds depend only on the run seed and the index."""
    assert derive_seed(7, 3) == derive_seed(7, 3)
    assert len({derive_seed(7, i) for i in range(1000)}) == 1000
