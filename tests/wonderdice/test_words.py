"""The web table's words: log lines, replay labels and button texts read like a person wrote
them (D16: every action is announced), and the typed notation still parses."""

from __future__ import annotations

from tests.wonderdice.helpers import do, free, new_state, roll, set_row
from wonderland.core import CHANCE
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.live import LiveDice, start
from wonderland.games.wonderdice.state import WonderdiceState
from wonderland.games.wonderdice.words import action_words, history_words, name


def step(s: WonderdiceState, actor: int, action: int) -> str | None:
    before = s.clone()
    GAME.apply_in_place(s, actor, action)
    return GAME.describe_step(before, actor, action, s, None)


def test_d16_steps_are_told_in_words() -> None:
    """D16: a roll, a block, an advance and an unblock, named by character, no notation."""
    s = new_state(3)  # Mad Hatter, Absolem the Caterpillar, Alice
    assert step(s, CHANCE, A.encode_roll(2, 400, A.counts_of([1, 3, 5]))) == (
        "Alice rolls 1, 3 and 5"
    )
    assert step(s, 2, A.block(1, 1)) == "Alice blocks Absolem the Caterpillar's 1"
    roll(s, 0, [1, 2])
    assert step(s, 0, A.advance(1)) == "Mad Hatter advances to 1"
    roll(s, 1, [1, 4])
    assert step(s, 1, A.unblock(1)) == "Absolem the Caterpillar unblocks with a 1"
    assert "@" not in str(step(s, CHANCE, A.encode_roll(0, 400, A.counts_of([2]))))
    assert A.parse(A.action_to_string(A.block(1, 1))) == A.block(1, 1)  # the notation stays


def test_d26_d27_round_result_says_why() -> None:
    """D26, D27: the round win names the winner and says what the card still needs."""
    s = new_state(3)
    set_row(s, 1, 5)
    do(s, 1, [6], A.advance(6))
    roll(s, 1, [])
    line = step(s, 1, A.CLAIM)
    assert line is not None
    assert line.startswith("Absolem the Caterpillar touches the White Rabbit")
    assert "Round 1: Absolem the Caterpillar (Admiring) completed 1-6" in line
    assert "turns Mad (D26): one more round win on the Mad side wins the game (D27)" in line
    assert "seat 2" not in line


def test_d27_game_result_names_the_winner() -> None:
    """D27: the game result names the winner by character."""
    s = new_state(2)
    s.wins[0] = [1, 0]
    s.side[0] = 1
    set_row(s, 0, 6)
    free(s, 0, A.CLAIM)
    lines = [history_words(s, line) for line in s.history]
    assert lines[-1] == "Game 1: won by Mad Hatter (D27)"


def test_buttons_say_what_a_die_does() -> None:
    """The words of each action's button."""
    s = new_state(3)
    assert action_words(s, 0, A.advance(1)) == "advance to 1"
    assert action_words(s, 0, A.block(2, 1)) == "block Alice's 1"
    do(s, 0, [1], A.block(2, 1))
    assert action_words(s, 2, A.unblock(1)) == "unblock yourself (Mad Hatter's 1 goes back)"
    assert action_words(s, 0, A.reclaim(2)) == "take your block die back from Alice"
    s.chars = [4, 1, 2]
    assert action_words(s, 1, A.block(0, 1)) == "block the Walrus' 1"


def live_table() -> LiveDice:
    config = GAME.make_config(2, {"deal": "in_order", "countdown_ms": "0", "roll_cooldown_ms": "0"})
    live = start(config, 7, {})
    told(live)
    return live


def told(live: LiveDice) -> list[str]:
    """The log lines of the actions recorded since the last call."""
    return [line for _, lines in live.log_lines(len(live.driver.actions)) for line in lines]


def test_live_buttons_and_log_lines_are_words() -> None:
    """The live table's buttons and log lines: words for the seat that acts."""
    live = live_table()
    live.roll(0)
    legal = live.legal(0)
    texts = [live.describe(a)["text"] for a in legal]
    assert texts[0] == "let this roll go"
    assert all("@" not in text for text in texts)
    advances = [a for a in legal if A.decode(a).kind == "advance"]
    blocks = [a for a in legal if A.decode(a).kind == "block"]
    if advances:
        live.act(0, advances[0])
        assert told(live) == ["Mad Hatter advances to 1"]
    elif blocks:
        live.act(0, blocks[0])
        assert told(live) == ["Mad Hatter blocks Absolem the Caterpillar's 1"]
    else:
        raise AssertionError(f"seed 7 rolled neither a 1 nor a usable die: {texts}")


def test_d27_the_winning_round_says_the_end_of_the_game_once() -> None:
    """D27 at a one-game table: the round's sentence says that it wins the game; no "Game 1:
    won by" line repeats it."""
    s = new_state(2)
    s.wins[0] = [1, 0]
    s.side[0] = 1
    set_row(s, 0, 6)
    GAME.apply_in_place(s, CHANCE, A.encode_roll(0, 400, (0,) * 7))
    line = step(s, 0, A.CLAIM)
    assert line is not None
    assert line.count("wins the game") == 1 and line.count("(D27)") == 1, line
    assert "Mad Hatter's card has won a round on each side" in line
    assert "Game 1" not in line


def test_a_name_ending_in_s_takes_the_apostrophe_alone() -> None:
    """ "the Queen of Hearts' 3", "Alice's 3": never "Hearts's"."""
    s = new_state(3)
    s.chars = [0, 3, 2]  # the fourth character is the Queen of Hearts
    assert name(s, 1) == "Queen of Hearts"
    assert action_words(s, 0, A.block(1, 3)) == "block Queen of Hearts' 3"
    assert action_words(s, 1, A.block(2, 3)) == "block Alice's 3"
