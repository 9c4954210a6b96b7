"""The score calculator agrees with the engine on random finished games and names bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from wonderland.cli.main import main
from wonderland.core import CHANCE, TERMINAL, next_actor
from wonderland.games.parade import GAME
from wonderland.games.parade.cards import cards_str
from wonderland.games.parade.hosting.score import ParadeScoreCalculator
from wonderland.hosting.scoring import PlayerEntry

CALC = ParadeScoreCalculator()


def finished_game(players: int, seed: int, **variants: object) -> object:
    """A random game of Parade played to the end on the engine."""
    state = GAME.initial_state(GAME.make_config(players, variants))  # type: ignore[arg-type]
    rng = random.Random(seed)
    while (actor := next_actor(GAME, state)) != TERMINAL:
        if actor == CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            legal = GAME.legal_actions(state, actor)
            action = legal[int(rng.random() * len(legal))]
        GAME.apply_in_place(state, actor, action)
    return state


@pytest.mark.parametrize(
    "variants",
    [{}, {"two_player_plain_majority": True}, {"all_equal_no_majority": True}],
    ids=["default", "A1", "A7"],
)
def test_calculator_agrees_with_the_engine_on_random_games(variants: dict[str, bool]) -> None:
    """Typed as a text file, every finished game scores and ranks as the engine scored it."""
    for seed in range(40):
        players = 2 + seed % 5
        state = finished_game(players, seed, **variants)
        text = "\n".join(
            f"seat {p}: {cards_str(state.collections[p])}"  # type: ignore[attr-defined]
            for p in range(players)
        )
        entries, _ = CALC.parse_file_text(text)
        report = CALC.score(entries, GAME.variants.resolve(variants))
        assert list(report.totals) == [int(s) for s in GAME.scores(state)], seed
        assert report.winners == GAME.winners(state), seed
        assert len(report.cells) == players and report.lowest_wins


def test_tie_breaks_are_explained() -> None:
    """Lowest total (P35), fewer cards on a tie (P35), a shared win (P37), random draw (A6)."""

    def explain(*rows: str, **variants: bool) -> str:
        entries = [
            PlayerEntry(name, {"cards": cards}) for name, cards in zip("ABC", rows, strict=True)
        ]
        return CALC.score(entries, GAME.variants.resolve(variants)).explanation

    assert explain("R0 R1 R2", "R9 B0", "R8 G0") == "A wins with the lowest score, 3 (P35)."
    fewer = explain("R4 R5 R6", "R1 R2", "R9 R8")
    assert fewer.startswith("A and B tie on 3 points; collected cards: A 3, B 2.")
    assert fewer.endswith("B wins with the fewest cards (P35).")
    shared = explain("R4 R5 R6", "B4 B5 B6", "R9 R8")
    assert shared.endswith("A and B are still level and share the win (P37).")
    drawn = explain("R4 R5 R6", "B4 B5 B6", "R9 R8", tiebreak_random=True)
    assert drawn.endswith("draw one of them at random (A6).")


def test_two_player_notes_cite_p36() -> None:
    """At 2 players the notes say which lead held a majority and which did not."""
    entries = [
        PlayerEntry("Ann", {"cards": "R1 R2 R3 B1"}),
        PlayerEntry("Bob", {"cards": "R4 B2 B3"}),
    ]
    report = CALC.score(entries)
    assert "red: Ann leads by 2 or more cards (P36)" in report.notes
    assert "blue: no majority, a lead of 1 or less (P36)" in report.notes
    assert report.totals == (3 + 1, 4 + 2 + 3)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Ann: R1 R2\nBob: R3 Z4", "Bob: 'Z4' is not a Parade card"),
        ("Ann: R1 R2\nBob: R3 R11", "value 11 is above 10"),
        ("Ann: R1 R2 R1\nBob: R3 R4", "Ann: R1 is entered twice"),
        ("Ann: R1 R2\nBob: R2 R4", "R2 is entered for both Ann and Bob"),
        ("Ann: R1\nBob: R3 R4", "Ann has 1 card; every collection holds at least the 2"),
        ("Ann: R1\nBob: R3 R4", "the 2 cards kept at the end (rule P28)"),  # a rule, not a card
        ("Ann: R1 R2", "scored for 2-6 players, not 1"),
        ("Ann: R1 R2\nann: R3 R4", "two players are called 'ann'"),
        ("Ann R1 R2\nBob: R3 R4", "line 1: expected 'Name: ...'"),
        (
            "A: "
            + " ".join(f"R{v} B{v} P{v}" for v in range(11))
            + "\nB: "
            + " ".join(f"G{v} K{v} Y{v}" for v in range(11)),
            "66 cards are entered, but 2 players collect at most 61",
        ),
        ('{"players": 3}', 'expected {"players"'),
        ("{not json", "not valid JSON"),
    ],
)
def test_bad_input_is_named(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through --file: exit 2 and the problem named in words; nothing is scored."""
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["score", "parade", "--file", str(path)]) == 2
    captured = capsys.readouterr()
    assert message in " ".join(captured.err.split()), captured.err
    assert "total" not in captured.out


def test_json_file_with_variants_and_json_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A JSON file (card lists, variants) scores; --json prints the report."""
    path = tmp_path / "game.json"
    data = {
        "players": [
            {"name": "Ann", "cards": ["R1", "R2", "R3", "B1"]},
            {"name": "Bob", "cards": "R4 B2 B3"},
        ],
        "variants": {"two_player_plain_majority": True},
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", "parade", "--file", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [p["total"] for p in report["players"]] == [3 + 1, 4 + 2]
    assert report["winners"] == ["Ann"] and "(P35)" in report["explanation"]
    assert main(["score", "parade", "--file", str(path), "--variant", "nope=1"]) == 2
    assert "unknown variant 'nope'" in capsys.readouterr().err
    assert main(["score", "parade", "--file", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_interactive_prompts_reask_bad_entries(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A wrong player count and a bad card are re-asked; the table and the winner follow."""
    typed = iter(
        ["9", "two", "2", "Ann", "R1 R2 Q5", "Ann", "R1 R2", "Bob", "R1 B4", "Bob", "B4 B5 R3"]
    )
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    assert main(["score", "parade"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "scored for 2-6 players, not 9" in out and "type a number" in out
    assert "Ann: 'Q5' is not a Parade card" in out
    assert "R1 is entered for both Ann and Bob" in out
    assert "Ann wins with the lowest score, 3 (rule P35)." in out
    assert "red: no majority, a lead of 1 or less (rule P36)" in out
    assert "blue: Bob leads by 2 or more cards (rule P36)" in out
