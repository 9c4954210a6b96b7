"""The Learn and score-calculator pages in real Chromium: a lesson step, a practice task and a
score calculation, answered as the terminal's hosting aids answer them."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.support import ServerProcess
from wonderland.hosting.aids import get_aids
from wonderland.hosting.practice import PracticeSession
from wonderland.hosting.teaching import shipped_scripts

from .conftest import new_page


def test_lesson_step_and_practice_task(browser: Browser, site: ServerProcess) -> None:
    """From the lobby to the Learn page: a wrong move is explained, the right one accepted;
    one practice task answered right and one wrong, each explained."""
    page = new_page(browser)
    page.goto(site.url + "/")
    page.locator("#game-parade .learn-link").click()
    expect(page.locator("#game-name")).to_have_text("Parade")
    page.locator("#start-lesson").click()
    script = shipped_scripts("parade")[0]
    first_scene = script.model.scenes[0].steps
    for step in first_scene:
        expect(page.locator("#lesson-title")).to_have_text(step.title)
        if step.expect is None:
            page.locator("#lesson-go").click()
            continue
        page.locator("#lesson-move-box summary").click()  # typed, as at the terminal
        page.locator("#lesson-move").fill("B8")
        page.locator("#lesson-try").click()
        expect(page.locator("#lesson-feedback")).to_contain_text("not in their hand")
        page.locator("#lesson-move").fill(step.expect)
        page.locator("#lesson-try").click()
        expect(page.locator("#lesson-feedback.ok")).to_contain_text(step.expect)
        break

    seed = 21
    page.goto(site.url + f"/learn/parade?seed={seed}")
    page.locator("#count").select_option("5")
    page.locator("#start-practice").click()
    local = PracticeSession(get_aids("parade"), count=5, seed=seed)
    task = local.task()
    expect(page.locator("#task-table")).to_have_text(task.table)
    answers = page.locator("#questions .answer")
    expect(answers).to_have_count(len(task.questions))
    answers.nth(0).fill("Q42")
    page.locator("#check").click()
    expect(page.locator("#task-error")).to_contain_text("bad card")
    for i, question in enumerate(task.questions):
        answers.nth(i).fill(question.answer.split(" or ")[0])
    page.locator("#check").click()
    expect(page.locator("#verdict .ok")).to_contain_text("Right.")
    expect(page.locator("#verdict .ok svg[role=img]")).to_have_attribute("aria-label", "right")
    expect(page.locator("#verdict")).to_contain_text(task.explanation[:40])
    local.answer([q.answer.split(" or ")[0] for q in task.questions])
    page.locator("#next-task").click()
    expect(page.locator("#task-where")).to_contain_text("Task 2 of 5 · level 2")
    expect(page.locator("#task-table")).to_have_text(local.task().table)
    assert not page.errors  # type: ignore[attr-defined]


def test_score_calculation(browser: Browser, site: ServerProcess) -> None:
    """Three collections typed in; a bad card is named; the fixed entry gives the table and
    the winner with the tie-break explained."""
    page = new_page(browser)
    page.goto(site.url + "/score/parade")
    page.locator("#players").select_option("3")
    rows = {"Ann": "R4 R5 R6", "Bob": "R1 R2", "Cid": "R9 R8 Z1"}
    for seat, (name, cards) in enumerate(rows.items()):
        page.locator(f"#name-{seat}").fill(name)
        page.locator(f"#cards-{seat}").fill(cards)
    page.locator("#calculate").click()
    expect(page.locator("#problems")).to_contain_text("Cid: 'Z1' is not a Parade card")
    page.locator("#cards-2").fill("R9 R8")
    page.locator("#calculate").click()
    expect(page.locator("#problems")).to_be_hidden()
    expect(page.locator(".scores tbody tr")).to_have_count(3)
    expect(page.locator(".scores .winner")).to_contain_text("Bob")
    expect(page.locator(".explanation")).to_have_text(
        "Ann and Bob tie on 3 points; collected cards: Ann 3, Bob 2. "
        "Bob wins with the fewest cards (rule P35)."
    )
    wrap, more = page.locator(".scores-wrap"), page.locator("#scores-more")
    expect(more).to_be_hidden()  # the whole table fits a laptop
    page.set_viewport_size({"width": 390, "height": 844})  # on a phone it scrolls, and says so
    expect(more).to_be_visible()
    expect(wrap).to_have_class(re.compile(r"\bmore-right\b"))
    cell = page.locator(".scores tbody td").nth(1)
    assert cell.evaluate("td => td.getClientRects().length === 1 && td.offsetHeight < 40")
    wrap.evaluate("node => { node.scrollLeft = node.scrollWidth; }")
    expect(more).to_be_hidden()
    expect(wrap).not_to_have_class(re.compile(r"\bmore-right\b"))
    assert not page.errors  # type: ignore[attr-defined]


def test_score_calculation_by_source(browser: Browser, site: ServerProcess) -> None:
    """Wonderland's War typed in: points per source, blanks as 0, the shard tie-break
    explained."""
    page = new_page(browser)
    page.goto(site.url + "/score/wonderlands_war")
    page.locator("#players").select_option("2")
    page.locator("#mode").click()  # "Type it instead": the typed form, as at the terminal
    page.locator("#name-0").fill("Ann")
    page.locator("#battles-0").fill("12")
    page.locator("#castles-0").fill("2")
    page.locator("#quests-0").fill("3/2")
    page.locator("#shards-0").fill("2")
    page.locator("#name-1").fill("Bob")
    page.locator("#battles-1").fill("14")
    page.locator("#castles-1").fill("3")
    page.locator("#castle_value-1").fill("4")
    page.locator("#calculate").click()
    expect(page.locator(".scores .total")).to_have_text(["26", "26"])
    expect(page.locator(".explanation")).to_have_text(
        "Ann and Bob tie on 26 points; shards: Ann 2, Bob 0. Bob wins with the fewest (rule W54)."
    )
    assert not page.errors  # type: ignore[attr-defined]
