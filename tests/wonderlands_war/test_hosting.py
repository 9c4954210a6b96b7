"""Wonderland's War hosting aids: practice answers against the engine, the score calculator
against the engine's final scoring, teaching positions."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from wonderland.cli.main import main
from wonderland.core import CHANCE, TERMINAL, next_actor
from wonderland.games.wonderlands_war.effects import OBJECTIVE_FNS
from wonderland.games.wonderlands_war.game import GAME
from wonderland.games.wonderlands_war.hosting.practice import (
    bust_fraction,
    decisions,
    engine_bust_risk,
)
from wonderland.games.wonderlands_war.hosting.score import (
    WonderlandsWarScoreCalculator,
    quest_points,
)
from wonderland.games.wonderlands_war.state import WonderlandsWarState
from wonderland.games.wonderlands_war.war import units
from wonderland.hosting.aids import get_aids
from wonderland.hosting.practice import make_task
from wonderland.hosting.scoring import PlayerEntry, ScoreInputError
from wonderland.hosting.teaching import ScriptError, parse_script

AIDS = get_aids("wonderlands_war")
CALC = WonderlandsWarScoreCalculator()


def test_bust_risk_counts_the_bag() -> None:
    """The engine's risk (every chip drawn on a copy) equals the hand count of chips that take
    the last supporter, over many real battle decisions."""
    checked = 0
    for seed in range(6):
        for state, seat in decisions(random.Random(seed), 2 + seed % 3)[:25]:
            assert engine_bust_risk(state, seat) == pytest.approx(float(bust_fraction(state, seat)))
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("level", range(1, 6))
def test_bust_tasks_accept_the_risk_and_reject_others(level: int) -> None:
    """The fraction and the percentage are right; one point off within tolerance; 20 points
    off is wrong; unreadable text is refused."""
    for seed in range(6):
        task = make_task(AIDS, "bust", level, seed)
        answer = task.questions[0].answer
        percent = int(answer.rsplit("=", 1)[-1].strip().rstrip("%").strip())
        assert task.check([answer.split(" = ")[0]]).correct
        assert task.check([f"{percent} %"]).correct
        wrong = percent + 20 if percent <= 50 else percent - 20
        assert not task.check([f"{wrong} %"]).correct
    with pytest.raises(ValueError, match="type a chance"):
        task.check(["lots"])


@pytest.mark.parametrize("level", range(1, 6))
def test_battle_tasks_match_the_awards(level: int) -> None:
    """Winner and award points follow W43-W45 from the shown strengths; a changed answer fails."""
    for seed in range(6):
        task = make_task(AIDS, "battle", level, seed)
        lines = task.table.splitlines()
        award = int(lines[0].split("the award is ")[1].split()[0])
        fighters = {}
        for line in lines[1:]:
            if "strength" in line:
                seat = int(line.split()[1]) - 1  # the table counts seats from 1
                fighters[seat] = (int(line.split("strength ")[1].split(",")[0]), "BUST" in line)
        n = sum(1 for line in lines if line.startswith("seat "))
        alive = {s: v for s, (v, bust) in fighters.items() if not bust}
        expected = [0] * n
        winners: set[int] = set()
        if alive:
            top = max(alive.values())
            winners = {s for s, v in alive.items() if v == top}
            for s in winners:
                expected[s] = award
            rest = {s: v for s, v in alive.items() if v < top}
            if len(winners) == 1 and rest:
                second = max(rest.values())
                for s, v in rest.items():
                    if v == second:
                        expected[s] = award // 2
        typed_winners = " ".join(str(s + 1) for s in sorted(winners)) or "none"
        answers = [typed_winners, " ".join(map(str, expected))]
        assert task.check(answers).correct, (seed, task.table, answers)
        off = expected[:]
        off[0] += 1
        assert not task.check([answers[0], " ".join(map(str, off))]).correct


def finished(players: int, seed: int, **variants: object) -> WonderlandsWarState:
    state = GAME.initial_state(GAME.make_config(players, variants))  # type: ignore[arg-type]
    rng = random.Random(seed)
    while (actor := next_actor(GAME, state)) != TERMINAL:
        if actor == CHANCE:
            GAME.apply_in_place(state, CHANCE, GAME.sample_chance(state, rng))
        else:
            legal = GAME.legal_actions(state, actor)
            GAME.apply_in_place(state, actor, legal[int(rng.random() * len(legal))])
    return state


def sheet(state: WonderlandsWarState) -> str:
    """A score file for a finished game, written as a host would from the table."""
    lines = []
    c = state.content
    for s, p in enumerate(state.players):
        quests = []
        for i, q in enumerate(p.quests):
            quest = c.quests[q]
            objective = OBJECTIVE_FNS[quest.objective.type](state, s, quest.objective)
            feat = str(quest.feat_points) if p.feats[i] else "-"
            obj = str(quest.objective_points) if objective else "-"
            quests.append(f"{feat}/{obj}")
        castles = sum(row[s] for row in state.castles)
        lines.append(
            f"seat {s}: battles={p.vp_battles}; other={p.vp_other}; castles={castles}; "
            f"castle_value={c.factions[p.faction].castle_values[p.castle_level]}; "
            f"quests={' '.join(quests)}; shards={p.shards}; "
            f"units={sum(units(state, s, r) for r in range(len(c.regions)))}"
        )
    return "\n".join(lines)


@pytest.mark.parametrize("variants", [{}, {"quest_scoring_3_3_9": True}], ids=["G1", "3-3-9"])
def test_calculator_agrees_with_the_engine_on_random_games(variants: dict[str, bool]) -> None:
    """Typed from the table, every finished game scores and ranks as the engine did."""
    for seed in range(12):
        state = finished(2 + seed % 4, seed, **variants)
        report = CALC.score(CALC.parse_text(sheet(state)), GAME.variants.resolve(variants))
        assert list(report.totals) == [int(s) for s in GAME.scores(state)], seed
        assert report.winners == GAME.winners(state), seed


def test_quest_points_and_tie_breaks() -> None:
    """G1 doubling, the 3/3/9 variant; W54's shard and unit tie-breaks, then a shared win."""
    assert quest_points("3/2 -/4 -/-", False) == 10 + 4
    assert quest_points("3/2 -/4 -/-", True) == 9 + 3
    assert quest_points("none", False) == quest_points("", False) == 0

    def explain(*rows: str) -> str:
        entries = [
            PlayerEntry(n, dict(kv.split("=") for kv in row.split()))
            for n, row in zip("AB", rows, strict=True)
        ]
        return CALC.score(entries).explanation

    assert explain("battles=9 shards=1", "battles=5").startswith("A wins with the highest score, 8")
    assert "B wins with the fewest (W54)" in explain("battles=9 shards=1", "battles=8 shards=0")
    assert "A wins with the most (W54)" in explain("battles=8 units=6", "battles=8 units=5")
    assert "share the win (W54)" in explain("battles=8 units=5", "battles=8 units=5")


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("battles=x", "A: battles 'x' is not a whole number"),
        ("battles=3 castles=7", "A: 7 castles, but a faction has 5 (W11)"),
        ("battles=3 castle_value=8", "a castle is worth one of [3, 4, 5, 6] (W49), not 8"),
        ("battles=3 quests=3-2", "A: quests: '3-2' is not feat/objective"),
        ("battles=3 quests=3/x", "each part is points or '-'"),
        ("battles=3 quests=3/", "A: quests: '3/' leaves the objective empty"),
        ("battles=3 quests=/4", "A: quests: '/4' leaves the feat empty"),
        ("battles=3 shards=-1", "A: shards cannot be negative (-1)"),
        ("shards=1", "A: battles missing"),
    ],
)
def test_bad_entries_are_named(row: str, message: str) -> None:
    """Each bad value is named with the player and the field."""
    entries = [
        PlayerEntry("A", dict(kv.split("=") for kv in row.split())),
        PlayerEntry("B", {"battles": "1"}),
    ]
    with pytest.raises(ScoreInputError) as caught:
        CALC.score(entries)
    assert any(message in p for p in caught.value.problems), caught.value.problems


def test_score_file_refuses_an_empty_quest_part_naming_line_and_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``quests=3/`` in a score file is refused, not read as 3/-: the message names the line
    and the key; the same line with ``3/-`` scores."""
    sheet = tmp_path / "war.txt"
    sheet.write_text(
        "# round 3\nAlice: battles=12; castles=3\nBob: battles=9; quests=3/; shards=1\n",
        encoding="utf-8",
    )
    assert main(["score", "wonderlands_war", "--file", str(sheet)]) == 2
    err = capsys.readouterr().err
    assert f"cannot score {sheet}" in err
    assert "line 3 (Bob): quests=3/: '3/' leaves the objective empty" in err
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("3/;", "3/-;"), encoding="utf-8")
    assert main(["score", "wonderlands_war", "--file", str(sheet), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [p["total"] for p in report["players"]] == [12 + 3 * 3, 9 + 3 - 1]


def test_teaching_positions_are_named_when_wrong() -> None:
    """The War position builder names a bad `until` or an unknown key."""
    text = """title = "t"\ngame = "wonderlands_war"\n[[scenes]]\ntitle = "s"\nplayers = 2
[scenes.setup]\nuntil = "{until}"\n[[scenes.steps]]\ntitle = "a"\nsay = "b"\n"""
    with pytest.raises(ScriptError, match="expected one of tea, war, end"):
        parse_script(text.format(until="lunch"), "x.toml")
    script = parse_script(text.format(until="war"), "x.toml")
    assert script.model.scenes[0].setup["until"] == "war"
