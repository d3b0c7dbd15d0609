"""What only Save needs comes after the first load (issue 26): the outbox's sending half
(static/js/outbox-send.js) is not fetched by a board only looked at; it comes as the
hand's form is first changed, so Save does not wait for it, and a hand saved with it,
by counts or by cards, is on the board. Whether the page has it is
`window.ScopaOutboxSend`, polled from outside the page (`wait_until`: the pages'
Content-Security-Policy forbids the eval that `wait_for_function` polls with, should
its first look find the half not there yet).
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.helpers.flows import Taps, fill_counts, save_hand, start_game, wait_until

ANNA_BRUNO = ("Anna", "Bruno")
SEND_TAGS = "document.querySelectorAll('script[src*=\"/js/outbox-send.js\"]').length"
SEND_ON_PAGE = "typeof window.ScopaOutboxSend === 'function'"


def test_the_sending_half_comes_with_the_forms_first_change(
    make_phone: Callable[..., Page],
) -> None:
    page = make_phone(locale="en-GB")
    start_game(page, ANNA_BRUNO)
    # The board opened (its live part polls: never idle): nothing waits to be sent.
    wait_until(page, "() => window.ScopaOutbox && document.readyState === 'complete'")
    page.evaluate("ScopaOutbox.flush()")
    assert page.evaluate(SEND_TAGS) == 0
    assert not page.evaluate(SEND_ON_PAGE)
    fill_counts(page, Taps(), ANNA_BRUNO, 22, 6, 0, 0)
    wait_until(page, f"() => {SEND_ON_PAGE}")
    assert page.evaluate(SEND_TAGS) == 1
    save_hand(page)
    expect(page.locator("#total-0")).to_have_text("4")
    expect(page.locator("#hand-1")).to_be_attached()


def test_a_hand_by_cards_is_saved_with_the_sending_half(
    make_phone: Callable[..., Page],
) -> None:
    page = make_phone(locale="en-GB")
    start_game(page, ANNA_BRUNO)
    page.get_by_role("link", name="Enter this hand card by card instead").tap()
    page.wait_for_load_state("networkidle")
    assert page.evaluate(SEND_TAGS) == 0
    grid = page.locator(".grid-enhanced")
    grid.get_by_role("button", name="seven of denari").first.tap()
    wait_until(page, f"() => {SEND_ON_PAGE}")
    grid.locator(".side-picker").get_by_role("button", name="Bruno ·").tap()
    grid.get_by_role("button", name="Give all remaining cards to Bruno").tap()
    save_hand(page)
    expect(page.locator("#hand-1")).to_be_attached()
    expect(page.locator("#total-0")).to_have_text("1")
