"""The cues each game's renderer names (its web/cues.js, served as the table loads it), read
in Chromium against the engine's own record: every Parade card played sounds "card", every
War battle with a winner sounds "win", and nothing else does; in a Wonderdice race a
player's page sounds its own rolls while the table screen sounds the bot's too."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support import ServerProcess
from wonderland.core.game import CHANCE
from wonderland.core.registry import get_game

from .test_sound_browser import page_of
from .test_wonderdice_browser import against_a_bot, clicked, ready

CUES_OF_STEPS = """async ([game, views]) => {
  const { cues } = await import(`/games/${game}/cues.js`);
  const moment = (view) => ({ view, state: { log_start: 0, log: [] }, seat: null, mine: false });
  return views.slice(1).map((view, i) => cues(moment(views[i]), moment(view)));
}"""
"""The cues the game's module names for each step of a list of spectator views."""


def played(game_id: str, players: int, seed: int) -> tuple[list[dict[str, Any]], list[bool]]:
    """A random game to its end: the spectator's view after every step, and for each step
    whether the engine's record says it made the game's cue (a card played in Parade, a
    battle won in War)."""
    game = get_game(game_id)
    state: Any = game.initial_state(game.make_config(players))
    rng = random.Random(seed)
    views = [game.view_to_json(game.view(state, None))]
    sounded: list[bool] = []
    while not game.is_terminal(state):
        before = state.last_play if game_id == "parade" else len(state.log)
        to_move = game.to_move(state)
        if to_move == CHANCE:
            game.apply_in_place(state, CHANCE, game.sample_chance(state, rng))
        else:
            seat = min(to_move) if isinstance(to_move, frozenset) else to_move
            game.apply_in_place(state, seat, rng.choice(game.legal_actions(state, seat)))
        if game_id == "parade":
            sounded.append(state.last_play is not None and state.last_play != before)
        else:
            sounded.append(any(entry[4] for entry in state.log[before:]))
        views.append(game.view_to_json(game.view(state, None)))
    return views, sounded


@pytest.mark.parametrize(
    ("game_id", "players", "cue"), [("parade", 3, "card"), ("wonderlands_war", 3, "win")]
)
def test_a_games_cues_follow_its_record(
    browser: Browser, site: ServerProcess, game_id: str, players: int, cue: str
) -> None:
    views, sounded = played(game_id, players, seed=7)
    assert sum(sounded) >= 5  # the game had enough cards or battles to tell
    page = page_of(browser, 800, 600)
    page.goto(site.url + "/")
    named = page.evaluate(CUES_OF_STEPS, [game_id, views])
    assert named == [[cue] if made else [] for made in sounded]


def rolls_heard(page: Page) -> int:
    count: int = page.evaluate("window.__cues.filter((c) => c.cue === 'dice').length")
    return count


def rolls_heard_once_quiet(page: Page, quiet: float = 1.0, within: float = 10.0) -> int:
    """The rolls heard once none came for ``quiet`` seconds (the answer to the last click
    may still be on its way when the clicking stops)."""
    heard, since = rolls_heard(page), time.monotonic()
    deadline = since + within
    while time.monotonic() < deadline and time.monotonic() - since < quiet:
        page.wait_for_timeout(100)
        if (now := rolls_heard(page)) != heard:
            heard, since = now, time.monotonic()
    return heard


def test_a_player_hears_their_own_rolls_and_the_screen_hears_everyones(
    browser: Browser, site: ServerProcess
) -> None:
    created = against_a_bot(site)
    screen = page_of(browser, 1280, 720)
    screen.goto(f"{site.url}/t/{created['table']}/screen")
    screen.get_by_role("button", name="Sound").click()
    page = page_of(browser, 1280, 800)
    page.goto(created["seats"][0]["url"])
    ready(page)
    mine = 0
    deadline = time.monotonic() + 30
    while mine < 3 and time.monotonic() < deadline:
        roll = page.locator("#roll:not([disabled])")
        if roll.count() and clicked(roll):
            mine += 1
            page.wait_for_timeout(400)
        page.wait_for_timeout(50)
    assert mine == 3
    expect(page.locator(".dice-seat")).to_have_count(2)
    heard = rolls_heard_once_quiet(page)
    assert 1 <= heard <= mine  # its own rolls only (two close ones may share a rattle)
    page.wait_for_timeout(3000)  # the bot races on alone
    assert rolls_heard(page) == heard
    assert rolls_heard(screen) > heard  # the screen hears the bot's rolls as well
    assert page.errors == [] and screen.errors == []  # type: ignore[attr-defined]


HEAR = """async (views) => {
  const sound = await import('/static/sound.js');
  const renderer = await import('/games/parade/renderer.js');
  const heard = [];
  addEventListener('wonderland:cue', (event) => heard.at(-1).push(event.detail.cue));
  const steps = [
    [views.first, 0, ['dealt'], false, false],      // the page's first state: silent
    [views.played, 1, ['played'], true, false],     // a card, and the turn comes to me
    [views.before_end, 0, ['dealt', 'played', 'more'], false, false],  // a resync: silent
    [views.end, 3, ['ended'], false, true],         // the end of the game
  ];
  for (const [view, start, log, mine, finished] of steps) {
    heard.push([]);
    sound.hear({ renderer, view, state: { log_start: start, log, finished }, seat: 0, mine });
  }
  return heard;
}"""
"""What the sound module plays for a page's first state, a change, a resync and the end."""


def test_the_page_hears_a_change_but_not_its_first_state_or_a_resync(
    browser: Browser, site: ServerProcess
) -> None:
    views, sounded = played("parade", 2, seed=3)
    first_play = sounded.index(True) + 1
    assert not sounded[-1]  # the last step plays no card: its only cue is the end
    page = page_of(browser, 800, 600)
    page.goto(site.url + "/")
    page.evaluate(
        "async () => (await import('/static/sound.js')).soundControl(document.body, 'seat')"
    )
    page.mouse.click(5, 5)  # the gesture that lets the page start its audio
    heard = page.evaluate(
        HEAR,
        {
            "first": views[first_play - 1],
            "played": views[first_play],
            "before_end": views[-2],
            "end": views[-1],
        },
    )
    assert heard == [[], ["card", "turn"], [], ["end"]]
    assert page.evaluate("window.__contexts") == 1


RENDERED = """async () => {
  const { CUES } = await import('/static/sound-synth.js');
  const rate = 22050;
  const found = {};
  for (const name of Object.keys(CUES)) {
    const audio = new OfflineAudioContext(1, rate * 3, rate);
    const out = audio.createGain();
    out.connect(audio.destination);
    const length = CUES[name](audio, out, 0.05);
    const samples = (await audio.startRendering()).getChannelData(0);
    let peak = 0, last = 0;
    samples.forEach((x, i) => {
      peak = Math.max(peak, Math.abs(x));
      if (Math.abs(x) > 0.001) last = i;
    });
    found[name] = { length, peak, end: last / rate - 0.05 };
  }
  return found;
}"""
"""Every cue rendered offline: the length it says, its loudest sample, when it falls silent."""


def test_every_cue_is_short_audible_and_never_clips(browser: Browser, site: ServerProcess) -> None:
    page = page_of(browser, 800, 600)
    page.goto(site.url + "/")
    found = page.evaluate(RENDERED)
    assert sorted(found) == ["card", "dice", "end", "turn", "win"]
    for name, cue in found.items():
        assert 0.05 < cue["peak"] < 1.0, name  # heard, and below the point of distortion
        assert 0 < cue["end"] <= cue["length"] + 0.05, name  # silent once it says it ends
        assert cue["length"] <= 1.5, name  # short
