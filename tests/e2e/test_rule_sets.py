"""A rule set played to the end in a browser (issue 28): Scopone scientifico, ten cards
each and none to the table, in pairs to 21 by cards. The form's script seats it in pairs
by itself; its deal lets a hand hold 19 scope in any split (Scopa's 36 plays would refuse
7 + 12). Waiting is Playwright's auto-waiting `expect`, never a sleep."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.flows import Taps, record_by_cards, totals

PAIRS = ("Anna", "Bruno", "Carla", "Dario")
SIDES = ("Anna and Carla", "Bruno and Dario")
SCOPONE = "Scopone scientifico: in pairs, ten cards each, none to the table"
#: All ten denari and four sevens and two assi: denari, settebello and primiera (15 cards).
DENARI_AND_SEVENS = [
    *(f"{rank} of denari" for rank in ("ace", "two", "three", "four", "five", "six")),
    *(f"{rank} of denari" for rank in ("seven", "jack", "knight", "king")),
    "seven of coppe",
    "seven of bastoni",
    "seven of spade",
    "ace of coppe",
    "ace of bastoni",
]


@pytest.fixture
def en_phone(make_phone: Callable[..., Page]) -> Page:
    """A phone whose browser asks for English."""
    return make_phone(locale="en-GB")


def expect_totals(page: Page, *expected: int) -> None:
    for total, value in zip(totals(page, len(expected)), expected, strict=True):
        expect(total).to_have_text(str(value))


def test_scopone_scientifico_to_21_by_cards(en_phone: Page) -> None:
    page, taps = en_phone, Taps()
    page.goto("/games/new")
    taps.tap(page.get_by_label(SCOPONE, exact=True))
    # The script keeps the seatings Scopone is played at: the pairs, chosen for it.
    expect(page.get_by_label("2 players", exact=True)).to_be_hidden()
    expect(page.get_by_label("4 players in 2 teams of 2", exact=True)).to_be_checked()
    expect(page.locator("#asso-house")).to_be_hidden()
    for seat, name in enumerate(PAIRS):
        taps.fill(page.get_by_label(f"Player {seat + 1}", exact=False).first, name)
    taps.tap(page.get_by_role("group", name="Target").get_by_label("21", exact=True))
    taps.select(page.get_by_label("Who deals first"), "0")
    taps.tap(page.get_by_role("button", name="Start the game"))
    expect(page.locator("#board")).to_be_visible()
    page.wait_for_load_state()
    expect(page.locator("p.target")).to_have_text("Scopone scientifico · to 21")
    # Anna and Carla: denari, settebello, primiera and 7 scope; Bruno and Dario: carte
    # and 12 scope, 19 in all, which only a deal with no table cards holds.
    record_by_cards(page, SIDES, {0: DENARI_AND_SEVENS}, rest=1, scope={0: 7, 1: 12}, taps=taps)
    expect_totals(page, 10, 13)
    record_by_cards(page, SIDES, {0: DENARI_AND_SEVENS}, rest=1, scope={0: 7, 1: 12}, taps=taps)
    expect_totals(page, 20, 26)
    expect(page.locator("#game-status")).to_have_text("Winners: Bruno and Dario")


def card(page: Page, name: str):  # a Playwright locator
    """The card button of the enhanced grid named ``name`` ("seven of denari")."""
    return page.locator(".grid-enhanced").get_by_role("button", name=name, exact=False).first


def test_the_capture_checker_plays_scopa_d_assi(en_phone: Page) -> None:
    """An asso takes the whole table in Scopa d'assi, a scopa only as the house says,
    and nothing at all in Scopa; the house choices show only for Scopa d'assi."""
    page = en_phone
    page.goto("/check/capture")
    expect(page.locator("#asso-house")).to_be_hidden()
    for name in ("five of denari", "three of bastoni", "knight of spade"):
        card(page, name).tap()
    page.locator(".side-picker").get_by_role("button", name="Played card · 0").tap()
    card(page, "ace of coppe").tap()
    result = page.locator("#capture-result")
    expect(result).to_contain_text("Nothing can be taken")
    page.get_by_label("Scopa d'assi: an asso takes every card on the table", exact=True).check()
    expect(page.locator("#asso-house")).to_be_visible()
    expect(result).to_contain_text("Asso pigliatutto: the asso takes every card on the table.")
    expect(result).to_contain_text("an asso's sweep is not a scopa")
    page.locator("#asso-house").get_by_label("A scopa", exact=True).check()
    expect(result).to_contain_text("Scopa! It takes the whole table.")
