"""The terminal table and the simulate command, driven through ``wonderland`` itself."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.cells import cell_len

from tests.terminal_support import assert_interrupted_game_resumes_exactly
from wonderland.bots.base import RandomBot
from wonderland.cli.main import main
from wonderland.core import CHANCE, TERMINAL, GameRecord, final_state, next_actor
from wonderland.games.wonderlands_war.actions import parse
from wonderland.games.wonderlands_war.stages import apply_in_stages
from wonderland.terminal.screen import MORE

from .helpers import GAME

PROMPT = re.compile(r"choose 1-\d+ \(help, hint, table, q\) > |" + re.escape(MORE))


def test_play_a_whole_game_by_piping_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Piped answers play a whole 3-player game, battles included; the record replays."""
    rng = random.Random(1)
    answers = "".join(f"{rng.choice([1, 1, 2, 3])}\n" for _ in range(6000))
    monkeypatch.setattr("sys.stdin", io.StringIO("x\n99\n" + answers))
    record = tmp_path / "game.json"
    args = ["play", "wonderlands_war", "--players", "3", "--seat", "1", "--seed", "9"]
    assert main([*args, "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "please answer a number" in out
    assert "move to plate" in out and "your tea party turn" in out
    assert "bag:" in out
    assert "draws" in out
    assert "Battle in" in out
    assert "unavailable:" in out
    assert "1) draw a chip" in out
    assert "% madness next draw" in out
    assert "Final scoring" in out
    assert "Winner:" in out
    saved = GameRecord.load(record)
    end = final_state(GAME, saved)
    assert GAME.is_terminal(end)


def test_the_end_of_input_saves_the_game_unfinished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Running out of answers leaves the table like ``q``: the game is saved, unfinished."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n"))
    saved = tmp_path / "eof.json"
    argv = ["play", "wonderlands_war", "--players", "2", "--seed", "1", "--record", str(saved)]
    assert main(argv) == 0
    assert f"Game saved, unfinished, to {saved}" in capsys.readouterr().out
    assert len(GameRecord.load(saved).actions) > 2


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate --json``: win share per faction and seat, score breakdown, bust rate."""
    args = ["simulate", "wonderlands_war", "--players", "4", "--games", "6", "--seed", "5"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["win_share_by_seat"]) == 4
    assert set(data["win_share_by_label"]) <= {
        "Alice",
        "Mad Hatter",
        "Queen of Hearts",
        "Cheshire Cat",
        "Jabberwock",
    }
    for key in ("score_battles", "score_castles", "score_quests", "score_shards", "bust_rate"):
        assert key in data["stats"]


def test_bad_variant_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input: exit 2 and a message, nothing played."""
    args = ["simulate", "wonderlands_war", "--players", "3", "--games", "1"]
    assert (
        main([*args, "--variant", "tied_second_gets_nothing", "--variant", "split_half_award"]) == 2
    )
    assert "exclude each other" in capsys.readouterr().err


def scripted(
    skip: int = 0, interrupt_at: int | None = None, echo: bool = False, seed: int = 3
) -> Callable[..., str]:
    """The person's answers from answer ``skip`` on: mostly 1, sometimes 2 or 3 (a number
    out of range is asked again); Ctrl-C when answer ``interrupt_at`` is asked for.  A pause
    (``-- more``) is answered with Enter and is no answer of the script.  ``echo``: print the
    prompt, as the terminal would."""
    rng = random.Random(seed)
    script = [str(rng.choice([1, 1, 1, 2, 3])) for _ in range(3000)]
    asked = iter(range(skip, len(script)))

    def answer(prompt: str = "") -> str:
        if echo:
            print(prompt, end="")
        if prompt == MORE:
            return ""
        index = next(asked)
        if index == interrupt_at:
            raise KeyboardInterrupt
        return script[index]

    return answer


def test_an_interrupted_game_is_saved_and_resumes_exactly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C saves an unfinished record and says where; --resume plays on exactly as the
    uninterrupted game with the same seed (chance and bots are seeded by the step)."""
    argv = ["play", "wonderlands_war", "--players", "3", "--seed", "5"]
    argv += ["--bots", "heuristic,random"]
    players = ("you", "heuristic", "random")
    assert_interrupted_game_resumes_exactly(
        GAME, argv, scripted, 20, players, tmp_path, monkeypatch, capsys
    )


def test_quitting_saves_the_game_and_a_finished_record_cannot_be_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``q`` saves the game, unfinished (before it said 'game abandoned' and kept nothing);
    it resumes to the end; a finished game is not resumed."""
    saved = tmp_path / "quit.json"
    answers = iter(["1", "2", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    argv = ["play", "wonderlands_war", "--seed", "2", "--record", str(saved)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Game saved, unfinished" in out and "abandoned" not in out
    record = GameRecord.load(saved)
    assert [a for seat, a in record.actions if seat == 0] == [parse("faction 0"), parse("keep 1")]
    monkeypatch.setattr("builtins.input", scripted())
    assert main(["play", "--resume", str(saved)]) == 0
    assert GAME.is_terminal(final_state(GAME, GameRecord.load(saved)))
    assert main(["play", "--resume", str(saved)]) == 2
    assert "holds a finished game" in capsys.readouterr().err


@pytest.mark.parametrize(("columns", "lines"), [(80, 24), (120, 45)])
def test_every_screen_fits_the_terminal(
    columns: int,
    lines: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """At 5 players, when a person reads the screens (a terminal), each screen between two
    prompts (what happened since the last answer, the table and the menu; a longer log waits
    for Enter) is shorter than the terminal and no line runs past its edge; 'help' and
    'table' too."""
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("LINES", str(lines))
    monkeypatch.setattr("wonderland.terminal.screen.pages_wait", lambda: True)
    answers = scripted(echo=True)
    extra = iter(["help", "table", "x"])

    def answer(prompt: str = "") -> str:
        if prompt != MORE and (word := next(extra, None)) is not None:
            print(prompt, end="")
            return word
        return answers(prompt)

    monkeypatch.setattr("builtins.input", answer)
    argv = ["play", "wonderlands_war", "--players", "5", "--seed", "11"]
    assert main([*argv, "--record", str(tmp_path / "r.json")]) == 0
    out = capsys.readouterr().out
    screens = PROMPT.split(out)
    assert len(screens) > 50 and "Final scoring" in out
    assert MORE in out
    for screen in screens:
        rows = screen.strip("\n").split("\n")
        saved = [row for row in rows if row.startswith(("Game record saved to ", "  wonderland "))]
        rows = [row for row in rows if row not in saved]  # a path is not hard-wrapped
        shown = len(rows) + sum(-(-cell_len(row) // columns) for row in saved)
        assert shown < lines, screen
        assert max((cell_len(row) for row in rows), default=0) <= columns, screen


def test_the_quest_choice_names_the_quests_and_help_works_at_every_prompt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The quests to keep are named with their parts from the content; 'help' is answered
    at the faction, quest and tea party prompts alike."""
    answers = iter(["help", "1", "help", "2", "help", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    argv = ["play", "wonderlands_war", "--players", "3", "--seed", "4"]
    assert main([*argv, "--record", str(tmp_path / "r.json")]) == 0
    out = capsys.readouterr().out
    assert out.count("'hint' asks the hard bot for advice") == 3
    st = final_state(GAME, GameRecord.load(tmp_path / "r.json"))
    c = st.content
    kept = c.quests[st.players[0].quests[0]]
    assert f"2) keep {kept.name}" in out
    assert f"you keep {kept.name}" in out
    menu = out[out.index("1) keep ") : out.index("you keep")]
    assert menu.count("feat ") == menu.count("objective ") == 2
    assert "feat 3: " in menu and "; objective 3: " in menu and "; both 12" in menu
    assert "keep quest 1" not in out


def test_hints_use_the_menu_numbers_and_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--hints and 'hint' name moves the way the menu does ('3) move to plate 10 (...)'),
    never by their raw notation ('faction 4', 'keep 0', 'move 10 0')."""
    answers = iter(["1", "1", "hint", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    argv = ["play", "wonderlands_war", "--players", "3", "--seed", "4", "--hints"]
    assert main([*argv, "--record", str(tmp_path / "r.json")]) == 0
    out = capsys.readouterr().out
    assert out.count("Hint (hard bot") == 4  # faction, quest, tea turn; and asked again
    hints = re.findall(r"Hint \(hard bot.*?\nWhy: .*?(?=\n *1\) )", out, re.S)
    assert len(hints) == 3
    assert re.search(r"[▶ ] \d\) play [A-Z]", hints[0])
    assert re.search(r"[▶ ] \d\) keep [A-Z]", hints[1])
    assert re.search(r"[▶ ] \d+\) move to plate \d+ \(", hints[2])
    assert re.search(r"Why: move to plate \d+ \(choice \d+\)", hints[2])
    for hint in hints:
        assert not re.search(r"\b(faction|keep|move) \d+( \d)?\b", hint), hint
    screen = out.split("Hint (hard bot")[3]  # the first tea turn: its hint, then its menu
    chosen = re.search(r"Why: (move to plate \d+) \(choice (\d+)\)", screen)
    assert chosen is not None
    assert re.search(rf"\n +{chosen.group(2)}\) {chosen.group(1)} \(", screen)


def battle_blocks(out: str) -> list[str]:
    """The log cut at each battle's header (the text before the first is left out)."""
    return re.split(r"─+ Battle in ", out)[1:]


def test_the_log_tells_bets_awards_and_scores_under_their_battle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each battle's result, bets, awards (VP, castles) and score changes come after its own
    header, in that order, before the next battle's header."""
    monkeypatch.setenv("COLUMNS", "400")  # a log line per line
    monkeypatch.setattr("builtins.input", scripted(seed=8))
    argv = ["play", "wonderlands_war", "--players", "4", "--seed", "12"]
    assert main([*argv, "--record", str(tmp_path / "r.json")]) == 0
    out = capsys.readouterr().out
    blocks = battle_blocks(out)
    assert len(blocks) >= 10
    seen = {"bets": 0, "castle": 0, "scores": 0}
    for block in blocks:
        region = block.split(" ─", 1)[0]
        results = re.findall(
            r"\n  (?:uncontested: .* it without a battle \(rule W45\)|([^:\n]+): .* - won by)",
            block,
        )
        assert len(results) == 1, block
        assert results[0] in ("", region), block
        result = block.index(" - won by" if results[0] else "without a battle")
        for word, line in (("bets", "  bets: "), ("castle", "a castle in"), ("scores", "scores: ")):
            if line in block:
                assert block.index(line) > result, block
                seen[word] += 1
        if "  awards: " in block and "  scores: " in block:
            assert block.index("  awards: ") < block.rindex("  scores: ")
    assert all(seen.values()), seen
    assert re.search(r"bets: .* on .* \((right|wrong)", out)
    assert re.search(r"awards: .*\+\d+ VP and a castle in ", out)
    assert re.search(r"scores: .*-?\d+ → -?\d+", out)


@pytest.mark.parametrize(("seed", "players"), [(11, 3), (23, 4), (5, 2)])
def test_apply_in_stages_plays_like_the_rules(seed: int, players: int) -> None:
    """The terminal's step-by-step play (for the log) gives the same state as
    ``apply_in_place`` at every step of a whole random game; its stages come in order."""
    rng = random.Random(seed)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    state = GAME.initial_state(GAME.make_config(players))
    stages_seen = 0
    while (actor := next_actor(GAME, state)) != TERMINAL:
        if actor == CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            view = GAME.view(state, actor)
            action = bots[actor].choose(GAME, view, GAME.legal_actions(state, actor))
        staged = state.clone()
        stages = apply_in_stages(staged, actor, action)
        GAME.apply_in_place(state, actor, action)
        assert staged == state
        stages_seen += len(stages)
        assert [len(s.log) for _, s in stages] == sorted(len(s.log) for _, s in stages)
    assert stages_seen > 20


def test_the_end_of_a_tea_party_and_hidden_quests_are_told_in_sentences(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """W29 at the end of a tea party names who had the most shards and what it cost them;
    another player's quest is kept hidden in words, with its rule as a rule reference."""
    monkeypatch.setenv("COLUMNS", "400")  # a log line per line
    monkeypatch.setattr("builtins.input", scripted(seed=8))
    argv = ["play", "wonderlands_war", "--players", "4", "--seed", "12"]
    assert main([*argv, "--record", str(tmp_path / "r.json")]) == 0
    out = capsys.readouterr().out
    ends = re.findall(r"Everyone gains a madness chip \(rule W29\)(.*)", out)
    assert len(ends) == 3, ends  # one a round
    most = re.compile(
        r"; (you|[A-Z][\w' ]+) \(\d+ → \d+ shards\)(?:(?:, | and )(?:you|[A-Z][\w' ]+)"
        r" \(\d+ → \d+ shards\))* (has|have) the most shards: another madness chip, and half"
        r" the shards discarded"
    )
    assert any(most.fullmatch(end) for end in ends), ends
    assert all(end == "" or most.fullmatch(end) for end in ends), ends
    assert "one more and half" not in out and "(hidden, " not in out
    assert "keeps one of the quests drawn, hidden until the end (rule G26)" in out
