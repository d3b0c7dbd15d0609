"""Chiamarsi fuori played to the end on a phone (RULES.md section 8): a right claim and a
wrong one, each tapped on the board ("We're out", then the side), judged at the count
and told in words; and a claim made without signal, which travels with its hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.models import GameClaim
from tests.helpers import LiveServer
from tests.helpers.flows import REFERENCE_HAND, Taps, fill_counts, record_counts, save_hand

NAMES = ("Anna", "Bruno")
CLAIMS_LABEL = "Chiamarsi fuori: a side may claim during a hand to have reached the target"


@pytest.fixture
def en_phone(make_phone: Callable[..., Page]) -> Page:
    """A phone whose browser asks for English."""
    return make_phone(locale="en-GB")


def start_with_claims(page: Page, names: Sequence[str], target: int = 11) -> str:
    """A new game of two, to ``target``, played with chiamarsi fuori."""
    page.goto("/games/new")
    page.get_by_label("2 players", exact=True).check()
    for seat, name in enumerate(names):
        page.get_by_label(f"Player {seat + 1}", exact=False).first.fill(name)
    page.get_by_role("group", name="Target").get_by_label(str(target), exact=True).check()
    page.get_by_label("Who deals first").select_option("0")
    page.get_by_label(CLAIMS_LABEL).check()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#board")).to_be_visible()
    page.wait_for_load_state()
    return page.url.split("#")[0]


def claim(page: Page, side: str) -> None:
    """Tap "We're out", then the side that claims (the question is the confirm)."""
    page.locator("#claim-open").tap()
    expect(page.locator("#claim-question")).to_be_visible()
    page.locator(".btn-claim-side", has_text=side).tap()


def said_out(page: Page, sentence: str) -> None:
    """The claim's answer, said in place of the question (#claim-done) or, once the live
    part has redrawn the board the claim changed (it may do so at once), in the board's
    own lines: either way the same sentence."""
    expect(page.locator("main").get_by_text(sentence, exact=True).first).to_be_visible()


def test_a_right_claim_wins_the_game(en_phone: Page) -> None:
    page = en_phone
    start_with_claims(page, NAMES)
    record_counts(page, NAMES, **REFERENCE_HAND)  # Anna 5
    claim(page, "Anna")
    said_out(page, "Anna claims to be out in hand 2: decided at the count.")
    # Anna makes 6 (carte, denari, settebello, primiera and 2 scope): 11, out.
    record_counts(page, NAMES, **{**REFERENCE_HAND, "scope": {0: 2}})
    expect(page.locator("#total-0")).to_have_text("11")
    expect(page.locator("#game-status")).to_have_text("Winner: Anna")
    expect(page.locator("#claim-lines")).to_contain_text(
        "Anna claims to be out in hand 2 with 11: wins."
    )
    expect(page.locator("#hand-2 .hand-claim")).to_have_text(
        "Anna claims to be out in hand 2 with 11: wins."
    )


def test_a_wrong_claim_loses_the_game(en_phone: Page) -> None:
    page = en_phone
    start_with_claims(page, NAMES)
    record_counts(page, NAMES, **REFERENCE_HAND)  # Anna 5
    claim(page, "Anna")
    said_out(page, "Anna claims to be out in hand 2: decided at the count.")
    record_counts(page, NAMES, **REFERENCE_HAND)  # Anna 10: one short of 11
    expect(page.locator("#total-0")).to_have_text("10")
    expect(page.locator("#game-status")).to_have_text("Winner: Bruno")
    expect(page.locator("#claim-lines")).to_contain_text(
        "Anna claims to be out in hand 2 with 10 of 11: wrong, loses the game."
    )


def test_a_claim_without_signal_travels_with_its_hand(
    en_phone: Page, live_server: LiveServer
) -> None:
    page = en_phone
    start_with_claims(page, NAMES)
    page.context.set_offline(True)
    claim(page, "Bruno")
    expect(page.locator("#claim-done")).to_have_text(
        "Bruno claims to be out in hand 1: kept on this phone, it goes with the hand."
    )
    page.context.set_offline(False)
    # The hand, with signal: the claim goes with it (and, sent by itself, is kept once).
    taps = Taps()
    fill_counts(page, taps, NAMES, **REFERENCE_HAND)  # Bruno 0: wrong
    save_hand(page, taps)
    expect(page.locator("#game-status")).to_have_text("Winner: Anna")
    expect(page.locator("#claim-lines")).to_contain_text(
        "Bruno claims to be out in hand 1 with 0 of 11: wrong, loses the game."
    )
    with live_server.app.app_context():
        stored = db.session.execute(select(GameClaim.hand_number, GameClaim.side)).all()
        db.session.remove()
    assert [tuple(row) for row in stored] == [(1, 1)]
