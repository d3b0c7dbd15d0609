"""A league as phone users meet it: create it, invite a scorer, record games, read the tables.

Two phones: the owner's and the scorer's. Waiting is Playwright's auto-waiting
`expect`, never a sleep.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.helpers.flows import open_menu, record_reference_hand, sign_up


def test_create_invite_record_and_read_the_standings(make_phone: Callable[..., Page]) -> None:
    owner = make_phone(locale="en-GB")
    sign_up(owner, "owner")
    open_menu(owner).get_by_role("link", name="Leagues", exact=True).click()
    owner.get_by_role("link", name="New league").click()
    owner.get_by_label("League name").fill("Bar Sport")
    # This league counts every hand as entered (a new league asks for the other side's
    # confirmation: tests/e2e/test_confirmation.py plays that).
    owner.get_by_label("Results need the other side's confirmation").uncheck()
    owner.get_by_role("button", name="Create the league").click()
    for name in ("Anna", "Bruno"):
        owner.get_by_label("Player name").fill(name)
        owner.get_by_role("button", name="Add", exact=True).click()
        expect(owner.get_by_role("link", name=name)).to_be_visible()

    owner.get_by_role("link", name="Members").click()
    owner.get_by_text("Scorer: records and corrects games").click()
    owner.get_by_role("button", name="Create an invitation link").click()
    link = owner.locator("#invite-link").inner_text()
    assert re.search(r"/leagues/join/[\w-]+$", link)

    scorer = make_phone(locale="en-GB")
    sign_up(scorer, "scorer")
    scorer.goto(link)
    scorer.get_by_role("button", name="Join the league").click()
    expect(scorer.get_by_role("heading", name="Bar Sport")).to_be_visible()

    scorer.get_by_role("link", name="New league game").click()
    scorer.get_by_label("Seat 1").select_option(label="Anna")
    scorer.get_by_label("Seat 2").select_option(label="Bruno")
    scorer.get_by_role("button", name="Start the game").click()
    for total in (5, 10, 15):
        record_reference_hand(scorer)
        expect(scorer.locator("#total-0")).to_have_text(str(total))

    owner.get_by_role("link", name="Standings").click()
    first = owner.locator("table.standings tbody tr").first
    expect(first).to_contain_text("Anna")
    expect(first.locator("td").nth(2)).to_have_text("1–0")
    owner.get_by_role("link", name="Anna").first.click()
    expect(owner.locator("svg.chart")).to_be_visible()
    rating = int(owner.locator(".big-number").inner_text())
    assert rating > 1000
    # No sideways scrolling on the phone.
    assert owner.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
