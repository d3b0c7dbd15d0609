"""Two clear points played on a phone (issue 29): a game to 15 "con 2 punti di scarto"
reaches 15 to 14 and goes on, the board saying why, then wins at 17 to 14."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.flows import Taps, fill_counts, record_counts, wait_for_worker

NAMES = ("Anna", "Bruno")


@pytest.fixture
def en_phone(make_phone: Callable[..., Page]) -> Page:
    """A phone whose browser asks for English."""
    return make_phone(locale="en-GB")


def start_to_fifteen_with_two_clear(page: Page) -> None:
    """A new game of Anna and Bruno to 15 with 2 clear points, Anna dealing first."""
    page.goto("/games/new")
    page.get_by_label("2 players", exact=True).check()
    for seat, name in enumerate(NAMES):
        page.get_by_label(f"Player {seat + 1}", exact=False).first.fill(name)
    page.get_by_role("group", name="Target").get_by_label("Other", exact=True).check()
    page.get_by_label("Other target").fill("15")
    page.get_by_label("Who deals first").select_option("0")
    page.get_by_label("With 2 clear points").check()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#board")).to_be_visible()


def test_fifteen_to_fourteen_goes_on_and_seventeen_to_fourteen_wins(en_phone: Page) -> None:
    page = en_phone
    start_to_fifteen_with_two_clear(page)
    expect(page.locator("p.target")).to_have_text("Scopa · to 15 · with 2 clear points")
    status = page.locator("#game-status")
    # Anna 8 (carte, denari, settebello, primiera, 4 scope), Bruno 7 scope: 8-7.
    hand = {"cards": 22, "denari": 6, "settebello": 0, "primiera": 0}
    record_counts(page, NAMES, **hand, scope={0: 4, 1: 7})
    expect(page.locator("#total-0")).to_have_text("8")
    expect(page.locator("#total-1")).to_have_text("7")
    expect(status).to_have_count(0)
    # Anna 7, Bruno 7: 15-14, one point ahead at the target: play goes on, in words.
    record_counts(page, NAMES, **hand, scope={0: 3, 1: 7})
    expect(page.locator("#total-0")).to_have_text("15")
    expect(page.locator("#total-1")).to_have_text("14")
    expect(status).to_have_text("Play goes on: a lead of 2 points is needed.")
    expect(page.locator("#hand-form")).to_be_visible()
    # Settebello and primiera to Anna, carte 20-20 and denari 5-5 to nobody: 17-14.
    record_counts(page, NAMES, cards=20, denari=5, settebello=0, primiera=0)
    expect(page.locator("#total-0")).to_have_text("17")
    expect(page.locator("#total-1")).to_have_text("14")
    expect(status).to_have_text("Winner: Anna")


def test_without_signal_the_phone_says_play_goes_on_too(en_phone: Page) -> None:
    page = en_phone  # the kept hand scored on the phone by static/js/scoring.js
    start_to_fifteen_with_two_clear(page)
    hand = {"cards": 22, "denari": 6, "settebello": 0, "primiera": 0}
    record_counts(page, NAMES, **hand, scope={0: 4, 1: 7})  # 8-7
    wait_for_worker(page)  # the worker keeps the scorer's files
    page.context.set_offline(True)
    fill_counts(page, Taps(), NAMES, **hand, scope={0: 3, 1: 7})  # 15-14, kept
    page.locator("#hand-form:not([data-previewing])").wait_for()
    page.locator("#save-hand").tap()
    expect(page.locator("#pending-2")).to_contain_text("not sent yet")
    expect(page.locator("#total-0")).to_have_text("15")
    note = page.locator("#provisional-note")
    expect(note).to_contain_text("Play goes on: a lead of 2 points is needed (not confirmed).")
    expect(note).not_to_contain_text("Winner")
    page.context.set_offline(False)
    expect(page.locator("#game-status")).to_have_text(
        "Play goes on: a lead of 2 points is needed.", timeout=30_000
    )
