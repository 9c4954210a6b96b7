"""ISMCTS: legal and reproducible moves, hidden information kept hidden, chance, simultaneous
decisions and per-seat values handled (a small toy game proves the decisions)."""

from __future__ import annotations

import pickle
import random
import re
from dataclasses import replace
from typing import Any

import pytest

from tests.bots import toy
from tests.bots.positions import everything, midgame, seat_to_move, timeless
from wonderland.bots import make_bot
from wonderland.bots.hooks import NO_HOOKS
from wonderland.bots.ismcts import ISMCTSBot, SearchConfig, move_words, search
from wonderland.bots.levels import CLOCK_ENV
from wonderland.core import Game, game_ids, get_game, play_out

GAMES = game_ids()
HIDDEN = [game_id for game_id in GAMES if get_game(game_id).spec.hidden_information]
PLAYERS = {"parade": 4}


def position(game_id: str, seed: int = 3) -> tuple[Game[Any, Any], Any, int]:
    game = get_game(game_id)
    players = PLAYERS.get(game_id, game.spec.min_players)
    state = midgame(game, players, seed, decisions=10)
    return game, state, seat_to_move(game, state)


def other_deal(game: Game[Any, Any], state: Any, seat: int) -> Any:
    """A state the seat cannot tell from ``state`` in which the hidden information differs."""
    view = game.view(state, seat)
    for seed in range(50):
        twin = game.determinize(view, random.Random(seed))
        if everything(game, twin) != everything(game, state):
            return twin
    raise AssertionError("no other hidden deal found")


@pytest.mark.slow
@pytest.mark.parametrize("game_id", HIDDEN)
@pytest.mark.parametrize("bot", ["random", "easy", "medium", "hard", "expert"])
def test_hidden_information_does_not_change_the_choice(
    game_id: str, bot: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two states with the same view for the seat and different hidden cards: the same
    move and the same explanation under the same seed (levels on their iteration caps, so
    that a busy machine cannot change the budget)."""
    monkeypatch.setenv(CLOCK_ENV, "off")
    game, state, seat = position(game_id)
    twin = other_deal(game, state, seat)
    view, twin_view = game.view(state, seat), game.view(twin, seat)
    assert game.view_to_json(view) == game.view_to_json(twin_view)
    legal = game.legal_actions(state, seat)
    assert game.legal_actions(twin, seat) == legal
    advice = make_bot(bot, game_id, 11).advise(game, view, legal)
    twin_advice = make_bot(bot, game_id, 11).advise(game, twin_view, legal)
    assert timeless(advice) == timeless(twin_advice)
    assert advice.action in legal


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_search_other_seed_other_search(game_id: str) -> None:
    """Seeded searches are reproducible to the last visit count."""
    game, state, seat = position(game_id)
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    config = SearchConfig(iterations=300)
    first = search(game, view, seat, legal, config, random.Random(1))
    again = search(game, view, seat, legal, config, random.Random(1))
    other = search(game, view, seat, legal, config, random.Random(2))
    assert first == again
    assert first.stats != other.stats
    assert first.iterations == 300
    assert sum(visits for _, visits, _ in first.stats) == 300
    assert sorted(a for a, _, _ in first.stats) == sorted(legal)


@pytest.mark.parametrize("game_id", GAMES)
def test_search_leaves_the_view_alone_and_explains(game_id: str) -> None:
    """Advice lists every legal action once, shares sum to 1, the reason names the move."""
    game, state, seat = position(game_id)
    before = everything(game, state)
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    advice = ISMCTSBot(4, SearchConfig(iterations=200)).advise(game, view, legal)
    assert everything(game, state) == before
    assert sorted(a.action for a in advice.alternatives) == sorted(legal)
    assert advice.alternatives[0].action == advice.action
    assert sum(a.share for a in advice.alternatives) == pytest.approx(1.0)
    shares = [a.share for a in advice.alternatives]
    assert shares == sorted(shares, reverse=True)
    assert advice.reason.startswith(move_words(game, view, advice.action))
    assert all(a.value is None or 0.0 <= a.value <= 1.0 for a in advice.alternatives)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_search_bots_finish_games_with_legal_moves(game_id: str) -> None:
    """A whole game of small searches at every seat ends (play_out checks legality)."""
    game = get_game(game_id)
    n = game.spec.min_players
    bots = [ISMCTSBot(seat, SearchConfig(iterations=20)) for seat in range(n)]
    for seat, bot in enumerate(bots):
        if seat % 2:
            bot.config = SearchConfig(iterations=20, rollout="heuristic")
    playout = play_out(game, game.initial_state(game.make_config(n)), bots, random.Random(0))
    assert game.is_terminal(playout.state)


def test_bots_survive_pickling_mid_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pickled bot (as sent to a worker process) plays exactly as the original."""
    monkeypatch.setenv(CLOCK_ENV, "off")
    game, state, seat = position("parade")
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    for name in ("hard", "medium", "ismcts"):
        bot = make_bot(name, "parade", 9)
        bot.choose(game, view, legal)  # the level has become its game's bot
        copy = pickle.loads(pickle.dumps(bot))
        assert timeless(copy.advise(game, view, legal)) == timeless(bot.advise(game, view, legal))


def test_wall_clock_budget() -> None:
    """A time budget stops the search within its iteration cap; at least one iteration runs,
    and the time it took is reported."""
    game, state, seat = position("parade")
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    config = SearchConfig(iterations=1 << 30, seconds=0.05)
    result = search(game, view, seat, legal, config, random.Random(0))
    assert 1 <= result.iterations < 1 << 30
    assert result.best in legal and result.seconds >= 0.05
    capped = search(game, view, seat, legal, replace(config, iterations=7), random.Random(0))
    assert capped.iterations == 7


def test_advice_names_the_time_spent_and_the_iterations_reached() -> None:
    game, state, seat = position("parade")
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    advice = ISMCTSBot(4, SearchConfig(iterations=150)).advise(game, view, legal)
    assert re.search(r"of 150 searched games in [0-9.]+ m?s", advice.reason)


def test_bad_configs_are_refused() -> None:
    with pytest.raises(ValueError, match="iteration"):
        SearchConfig(iterations=0)
    with pytest.raises(ValueError, match="rollout"):
        SearchConfig(rollout="clever")
    with pytest.raises(ValueError, match="time"):
        SearchConfig(seconds=0)


# -- the toy game: chance, hidden cards, simultaneous and sequential decisions ------------
def toy_advice(state: toy.BidState, seat: int, seed: int = 0) -> Any:
    bot = ISMCTSBot(seed, SearchConfig(iterations=2000, exploration=0.5))
    game = toy.GAME
    return bot.advise(game, game.view(state, seat), game.legal_actions(state, seat))


@pytest.mark.parametrize("card", [0, 1, 2])
@pytest.mark.parametrize("seat", [0, 1])
def test_simultaneous_decision_finds_the_dominant_bet(card: int, seat: int) -> None:
    """Both seats decide at once; betting is dominant whatever the card."""
    cards = (card, 2 - card) if seat == 0 else (2 - card, card)
    advice = toy_advice(toy.dealt(cards), seat)
    assert toy.GAME.action_to_string(advice.action) == "bet"


def test_simultaneous_decision_after_the_other_seat_has_bid() -> None:
    """Seat 1 still bets after seat 0's hidden fold: it cannot see it, and betting is
    dominant anyway."""
    state = toy.dealt((1, 1))
    toy.GAME.apply_in_place(state, 0, toy.FOLD)
    assert toy.GAME.to_move(state) == frozenset({1})
    assert toy_advice(state, 1).action == toy.BET


@pytest.mark.parametrize(
    ("cards", "expected"),
    [((0, 2), "settle"), ((1, 2), "show"), ((1, 0), "show"), ((2, 2), "show")],
)
def test_decision_weighs_the_hidden_card_without_seeing_it(
    cards: tuple[int, int], expected: str
) -> None:
    """After two bets: settle with a 0, show with a 1 or 2 -- even against a 2, which a
    player who could see it would settle against."""
    state = toy.dealt(cards)
    toy.GAME.apply_in_place(state, 0, toy.BET)
    toy.GAME.apply_in_place(state, 1, toy.BET)
    advice = toy_advice(state, 0)
    assert toy.GAME.action_to_string(advice.action) == expected
    values = {a.action: a.value for a in advice.alternatives}
    assert values[toy.SETTLE] == pytest.approx(0.4)
    show = {0: 1 / 6, 1: 1 / 2, 2: 5 / 6}[cards[0]]
    assert values[toy.SHOW] == pytest.approx(show, abs=0.08)


def test_values_belong_to_the_seat_that_moves() -> None:
    """Seat 1's root values are seat 1's own returns (per-seat backup).  Seat 0's bid is
    hidden, so seat 1 must average over both: folding is worth 1/2 · 1/2 = 1/4 to seat 1
    (3/4 to seat 0); betting wins outright against a fold and, holding the 0, ties a 0 when
    seat 0 shows: 1/2 + 1/2 · 1/3 · 1/2 = 7/12 (5/12 to seat 0)."""
    state = toy.dealt((2, 0))
    toy.GAME.apply_in_place(state, 0, toy.BET)
    view = toy.GAME.view(state, 1)
    result = search(toy.GAME, view, 1, [toy.FOLD, toy.BET], SearchConfig(2000), random.Random(3))
    values = {action: mean for action, _, mean in result.stats}
    assert values[toy.FOLD] == pytest.approx(0.25, abs=0.06)
    assert values[toy.BET] == pytest.approx(7 / 12, abs=0.06)
    assert result.best == toy.BET
    assert NO_HOOKS.evaluate is None
