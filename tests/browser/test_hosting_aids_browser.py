"""The hosting aids on a phone: Parade's score picked by tapping cards, War's by steppers, a
lesson step made by clicking the drawn table; the picker pages fit and pass axe-core."""

from __future__ import annotations

import httpx2 as httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support import ServerProcess
from wonderland.core.words import rule_words
from wonderland.hosting.aids import get_score_calculator
from wonderland.hosting.scoring import PlayerEntry
from wonderland.hosting.teaching import shipped_scripts

from .conftest import new_page, overflow, serious_violations

pytestmark = pytest.mark.slow

PHONE = (390, 844)
COLLECTIONS = {"Ann": "R4 R5 R6 B0", "Bob": "R1 R2 K10", "Cid": "R9 R8 Y3 Y4"}


def tap_collections(page: Page, collections: dict[str, str]) -> None:
    """Name each player, choose them at the bottom and tap their cards on the grid."""
    for seat, name in enumerate(collections):
        page.locator(f"#name-{seat}").fill(name)
    for seat, cards in enumerate(collections.values()):
        page.locator(".score-chip").nth(seat).click()
        expect(page.locator(".score-chip").nth(seat)).to_have_attribute("aria-pressed", "true")
        for code in cards.split():
            page.locator(f'.score-card[data-card="{code}"]').click()
            expect(page.locator(f'.score-card[data-card="{code}"]')).to_have_attribute(
                "aria-pressed", "true"
            )


def result(page: Page) -> tuple[list[str], str]:
    """The totals and the explanation shown."""
    expect(page.locator("#result .scores")).to_be_visible()
    return page.locator(".scores .total").all_text_contents(), str(
        page.locator(".explanation").text_content()
    )


def test_tapped_parade_score_matches_typed(browser: Browser, site: ServerProcess) -> None:
    """On a phone, the cards tapped for three players give the same score sheet as the same
    collections typed in (on the page and through the API); the counts show live."""
    page = new_page(browser, *PHONE)
    page.goto(site.url + "/score/parade")
    expect(page.locator(".score-card")).to_have_count(66)
    tap_collections(page, COLLECTIONS)
    expect(page.locator("#cards-0")).to_have_value("R4 R5 R6 B0")
    expect(page.locator("#counts-0 .score-count.c-R")).to_contain_text("3")
    expect(page.locator("#counts-2 .score-count.c-Y")).to_contain_text("2")
    expect(page.locator("#counts-0 .score-count.c-R.major")).to_have_count(1)
    page.locator("#calculate").click()
    tapped = result(page)
    rows = page.locator(".scores tbody tr").all_text_contents()
    assert overflow(page) == 0

    typed_page = new_page(browser, *PHONE)
    typed_page.goto(site.url + "/score/parade")
    typed_page.locator("#mode").click()
    expect(typed_page.locator(".score-card").first).to_be_hidden()
    for seat, (name, cards) in enumerate(COLLECTIONS.items()):
        typed_page.locator(f"#name-{seat}").fill(name)
        typed_page.locator(f"#cards-{seat}").fill(cards)
    typed_page.locator("#calculate").click()
    assert result(typed_page) == tapped
    assert typed_page.locator(".scores tbody tr").all_text_contents() == rows

    body = {"players": [{"name": n, "cards": c} for n, c in COLLECTIONS.items()]}
    report = httpx.post(f"{site.url}/api/score/parade", json=body, timeout=10).json()
    # the page writes the report's rule references as words ("rule P35"), as the terminal does
    explained = rule_words(report["explanation"])
    assert tapped == ([str(p["total"]) for p in report["players"]], explained)
    assert not page.errors and not typed_page.errors  # type: ignore[attr-defined]


def test_phone_chips_show_whole_names_and_say_they_scroll(
    browser: Browser, site: ServerProcess
) -> None:
    """On a phone, each player's chip in the bottom bar shows their whole name, the bar says
    when more chips lie to one side, and a refused calculation logs no console error."""
    page = new_page(browser, *PHONE)
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    page.goto(site.url + "/score/parade")
    names = ["Alexandra", "Bartholomew", "Cecilia"]
    for seat, name in enumerate(names):
        page.locator(f"#name-{seat}").fill(name)
    chips = page.locator(".score-chip-name")
    expect(chips).to_have_text(names)
    for seat in range(len(names)):
        cut = chips.nth(seat).evaluate("node => node.scrollWidth > node.clientWidth")
        assert not cut, f"{names[seat]}'s chip cuts the name"
    expect(page.locator("#score-chips")).to_have_class("more-right")
    expect(page.locator(".score-notice")).to_have_text("Tap the cards Alexandra collected.")
    # the count is set apart from the name ("Player 1 0 cards" read as "Player 10 cards")
    expect(page.locator(".score-chip").first).to_contain_text("Alexandra · 0 cards")
    # a rule reference reads as a rule, not as a purple card
    expect(page.locator(".picker-title + .meta .rule-ref")).to_have_text("rule P28")
    page.locator(".score-chip").nth(2).click()
    expect(page.locator("#score-chips")).to_have_class("more-left")
    page.locator("#calculate").click()
    expect(page.locator("#problems")).to_contain_text("Alexandra has 0 cards")
    assert [line for line in console if line.startswith("error")] == []
    assert page.errors == []  # type: ignore[attr-defined]


def test_card_of_another_player_is_not_taken_silently(
    browser: Browser, site: ServerProcess
) -> None:
    """Tapping a card another player holds says whose it is and moves nothing; only "Move it"
    moves it, and a second tap by its holder puts it back."""
    page = new_page(browser, *PHONE)
    page.goto(site.url + "/score/parade")
    page.locator("#name-0").fill("Ann")
    page.locator("#name-1").fill("Bob")
    card = page.locator('.score-card[data-card="R5"]')
    card.click()
    expect(page.locator("#cards-0")).to_have_value("R5")
    page.locator(".score-chip").nth(1).click()
    expect(card).to_have_attribute("aria-pressed", "false")
    expect(card).to_have_attribute("aria-label", "red 5 (Mad Hatter): Ann's")
    card.click()
    expect(page.locator(".score-notice")).to_contain_text("red 5 (Mad Hatter) is Ann's.")
    expect(page.locator("#cards-0")).to_have_value("R5")
    expect(page.locator("#cards-1")).to_have_value("")
    page.locator(".score-keep").click()
    expect(page.locator("#cards-0")).to_have_value("R5")
    card.click()
    page.locator(".score-move").click()
    expect(page.locator(".score-notice")).to_contain_text("moved from Ann to Bob")
    expect(page.locator("#cards-0")).to_have_value("")
    expect(page.locator("#cards-1")).to_have_value("R5")
    expect(card).to_have_attribute("aria-pressed", "true")
    card.click()
    expect(page.locator("#cards-1")).to_have_value("")
    expect(card).to_have_attribute("aria-label", "red 5 (Mad Hatter)")
    assert not page.errors  # type: ignore[attr-defined]


def step(page: Page, field: str, times: int, sign: str = "+") -> None:
    """Press a stepper's + (or -) ``times`` times."""
    label = "one more" if sign == "+" else "one less"
    button = page.locator(f"#{field}").locator("xpath=..").get_by_role("button", name=label)
    for _ in range(times):
        button.click()


def test_war_steppers_give_the_total(browser: Browser, site: ServerProcess) -> None:
    """On a phone, battles, castles, a forged castle value, a quest and shards set with the
    steppers give the calculator's total; the castle value steps through its values only."""
    page = new_page(browser, *PHONE)
    page.goto(site.url + "/score/wonderlands_war")
    page.locator("#players").select_option("2")
    page.locator("#name-0").fill("Ann")
    page.locator("#name-1").fill("Bob")
    step(page, "battles-0", 7)
    step(page, "castles-0", 7)  # capped at the faction's 5 castles (W11)
    expect(page.locator("#castles-0")).to_have_value("5")
    step(page, "castles-0", 3, "-")
    step(page, "castle_value-0", 1)
    expect(page.locator("#castle_value-0")).to_have_value("4")
    page.locator(".quest-add").first.click()
    expect(page.locator(".quest-picker .step-help .rule-ref").first).to_have_text("rule G1")
    step(page, "quests-0-0-feat", 3)
    step(page, "quests-0-0-objective", 2)
    step(page, "shards-0", 2)
    step(page, "battles-1", 9)
    step(page, "other-1", 2, "-")
    expect(page.locator("#other-1")).to_have_value("-2")
    page.locator("#calculate").click()
    expect(page.locator("#result .scores")).to_be_visible()
    calc = get_score_calculator("wonderlands_war")
    assert calc is not None
    entries = [
        PlayerEntry(
            "Ann",
            {"battles": "7", "castles": "2", "castle_value": "4", "quests": "3/2", "shards": "2"},
        ),
        PlayerEntry("Bob", {"battles": "9", "other": "-2"}),
    ]
    expected = calc.score(entries).totals
    assert expected == (7 + 8 + 10 - 2, 7)
    expect(page.locator(".scores .total")).to_have_text([str(t) for t in expected])
    assert overflow(page) == 0
    assert not page.errors  # type: ignore[attr-defined]


def test_lesson_move_made_on_the_drawn_table(browser: Browser, site: ServerProcess) -> None:
    """On a phone, the lesson draws Parade's table; a card clicked that the step is not about
    is explained and the table stays; the card the step asks for, clicked in the hand, is
    accepted and the lesson moves on."""
    page = new_page(browser, *PHONE)
    page.goto(site.url + "/learn/parade")
    page.locator("#start-lesson").click()
    steps = shipped_scripts("parade")[0].model.scenes[0].steps
    asked = next(i for i, s in enumerate(steps) if s.expect is not None)
    for i in range(asked):
        expect(page.locator("#lesson-title")).to_have_text(steps[i].title)
        expect(page.locator("#lesson-board .parade .pcard")).to_have_count(6)
        page.locator("#lesson-go").click()
    expect(page.locator("#lesson-title")).to_have_text(steps[asked].title)
    expect(page.locator("#lesson-go")).to_be_hidden()
    expect(page.locator("#lesson-ask")).to_contain_text("Make the move on the table")
    page.locator('#lesson-board .play-card[data-card="G10"]').click()
    expect(page.locator("#lesson-feedback.error")).to_contain_text("this step is about another")
    expect(page.locator("#lesson-title")).to_have_text(steps[asked].title)
    page.locator(f'#lesson-board .play-card[data-card="{steps[asked].expect}"]').click()
    expect(page.locator("#lesson-feedback.ok")).to_contain_text(str(steps[asked].expect))
    expect(page.locator("#lesson-title")).to_have_text(steps[asked + 1].title)
    expect(page.locator("#lesson-board .parade .pcard")).to_have_count(6)
    expect(page.locator('#lesson-board .play-card[data-card="G5"]')).to_have_count(1)
    assert overflow(page) == 0
    assert not page.errors  # type: ignore[attr-defined]


PAGES = {
    "score-parade": ("/score/parade", "#counts-0", None),
    "score-war": ("/score/wonderlands_war", "#battles-0", None),
    "learn-parade": ("/learn/parade", "#lesson-board .pcard", "#start-lesson"),
    "learn-war": ("/learn/wonderlands_war", "#lesson-board *", "#start-lesson"),
    "learn-wonderdice": ("/learn/wonderdice", "#lesson-board *", "#start-lesson"),
}


@pytest.mark.parametrize("size", [(1280, 800), PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("name", list(PAGES))
def test_aids_fit_and_pass_axe(
    browser: Browser, shared_site: ServerProcess, name: str, size: tuple[int, int]
) -> None:
    """The picker and lesson pages scroll only down, their controls are at least 44 px on a
    phone and axe-core finds nothing serious or critical, with a card tapped or a lesson on."""
    path, ready, start = PAGES[name]
    page = new_page(browser, *size)
    page.goto(shared_site.url + path)
    if start:
        page.locator(start).click()
    expect(page.locator(ready).first).to_be_attached()
    if name == "score-parade":
        page.locator('.score-card[data-card="R5"]').click()
        page.locator(".score-chip").nth(1).click()
        page.locator('.score-card[data-card="R5"]').click()
        expect(page.locator(".score-move")).to_be_visible()
    page.wait_for_timeout(400)
    assert overflow(page) == 0
    assert serious_violations(page) == []
    if size == PHONE and name.startswith("score"):
        small = page.evaluate(
            """[...document.querySelectorAll('main button, main select')]
            .filter((n) => n.offsetParent !== null)
            .map((n) => n.getBoundingClientRect())
            .filter((r) => r.width < 44 || r.height < 44).length"""
        )
        assert small == 0
    assert not page.errors  # type: ignore[attr-defined]
