"""A table where bots play every seat pauses and says so, in real Chromium: the host starts a
table with nobody seated, the page says why it waits, the host's panel offers a link for a
bot's seat, and the person who opens it takes the seat and the game goes on. The paused
screen is checked by axe-core, fits a phone, and is kept as a picture."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.support import ServerProcess

from .conftest import new_page
from .test_game_night_browser import checked
from .test_seat_pages_browser import create

PAUSED = "Paused: every seat is played by a bot. Take a seat back to go on."


def test_a_table_of_bots_only_pauses_until_a_person_opens_a_new_link(
    browser: Browser, site: ServerProcess
) -> None:
    table = create(site, "parade", [{"kind": "open"}, {"kind": "bot", "bot": "random"}])
    host = new_page(browser, 390, 844)
    host.goto(f"{site.url}/t/{table['table']}#host={table['host_token']}")
    host.locator("#start-now").click()
    expect(host.locator("#paused")).to_have_text(PAUSED)
    checked(host, "paused-table-phone")
    host.locator('#host-panel .host-reissue[data-seat="0"]').click()
    expect(host.locator("#host-new-link")).to_have_value(re.compile(r"#seat=0&token="))
    link = host.locator("#host-new-link").input_value()
    player = new_page(browser)
    player.goto(link)
    expect(player.locator("#paused")).to_be_hidden()
    expect(host.locator("#paused")).to_be_hidden()
    expect(player.locator("#log")).to_contain_text("took the seat back from the bot")
