"""The points of a hand as it is typed, without signal, and a board that loads light.

Without an answer from the server the preview shows the points computed on the phone
(static/js/scoring.js, loaded by outbox.js only when needed), marked as such, and the
server's fragment replaces them once the phone is back online. The scorer's files come
from the service worker's cache (`wait_for_worker` makes sure it holds them). Whether a
page has the scorer is `window.ScopaScoring`.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.helpers.flows import Taps, fill_counts, start_game, wait_for_worker

ANNA_BRUNO = ("Anna", "Bruno")


SCORER_ON_PAGE = "typeof window.ScopaScoring === 'object' && window.ScopaScoringData !== undefined"
SCORER_TAGS = "document.querySelectorAll('script[src*=\"/js/scoring\"]').length"


def settled(page: Page) -> None:
    """Wait until the points asked for as the hand was typed have come (or failed)."""
    page.locator("#hand-form:not([data-previewing])").wait_for()


def test_the_preview_offline_shows_the_phones_points_then_the_servers(
    make_phone: Callable[..., Page],
) -> None:
    page = make_phone(locale="en-GB")
    start_game(page, ANNA_BRUNO)
    wait_for_worker(page)  # the worker keeps the scorer's files
    page.context.set_offline(True)
    fill_counts(page, Taps(), ANNA_BRUNO, 22, 6, 0, 0)
    preview = page.locator("#hand-preview")
    expect(preview.locator(".preview-source")).to_contain_text("Computed on this phone")
    rows = preview.locator("tr.points")
    expect(rows.filter(has_text="carte")).to_have_text("carte10")
    expect(rows.filter(has_text="settebello")).to_have_text("settebello10")
    expect(preview.locator("tfoot")).to_have_text("Total40")
    assert page.evaluate(SCORER_ON_PAGE)
    # An impossible hand: the reason, after the side's name.
    page.locator("#side-1").get_by_label("Cards", exact=True).fill("30")
    expect(preview.locator(".preview-errors")).to_contain_text("Not valid yet:")
    expect(preview.locator(".preview-errors")).to_contain_text("the cards add up to 52, not 40")
    expect(preview.locator(".preview-source")).to_be_visible()
    # Back online: the server's own fragment (with its reasons), no longer the phone's.
    page.locator("#side-1").get_by_label("Cards", exact=True).fill("18")
    expect(preview.locator("tfoot")).to_have_text("Total40")
    page.context.set_offline(False)
    expect(preview.locator(".preview-source")).to_have_count(0)
    expect(preview.locator("tr.reason").first).to_be_visible()
    expect(preview.locator("tfoot")).to_have_text("Total40")


def test_the_preview_offline_speaks_italian(make_phone: Callable[..., Page]) -> None:
    board = start_game(make_phone(locale="en-GB"), ANNA_BRUNO)
    page = make_phone(locale="it-IT")  # the same board, on a phone that asks for Italian
    page.goto(board)
    wait_for_worker(page)
    page.context.set_offline(True)
    page.locator("#sides-0-cards").fill("22")
    page.locator("#sides-0-denari").fill("6")
    page.locator("#sides-1-cards").fill("30")
    preview = page.locator("#hand-preview")
    expect(preview.locator(".preview-errors")).to_contain_text("Non ancora valida")
    expect(preview.locator(".preview-errors")).to_contain_text("le carte sommano a 52, non 40")
    expect(preview.locator(".preview-source")).to_contain_text("Calcolati su questo telefono")


def test_the_preview_by_cards_offline_says_how_many_are_left(
    make_phone: Callable[..., Page],
) -> None:
    page = make_phone(locale="en-GB")
    start_game(page, ANNA_BRUNO)
    page.get_by_role("link", name="Enter this hand card by card instead").tap()
    grid = page.locator(".grid-enhanced")
    expect(grid).to_be_visible()
    page.wait_for_load_state()
    wait_for_worker(page)  # the worker keeps the scorer's files
    page.context.set_offline(True)
    grid.get_by_role("button", name="seven of denari").first.tap()
    preview = page.locator("#hand-preview")
    expect(preview).to_contain_text("39 cards still to give.")
    grid.locator(".side-picker").get_by_role("button", name="Bruno ·").tap()
    grid.get_by_role("button", name="Give all remaining cards to Bruno").tap()
    expect(preview.locator(".preview-source")).to_contain_text("Computed on this phone")
    expect(preview.locator("tr.points").filter(has_text="settebello")).to_have_text("settebello10")


def test_a_board_with_signal_does_not_fetch_the_scorer(make_phone: Callable[..., Page]) -> None:
    page = make_phone(locale="en-GB")
    start_game(page, ANNA_BRUNO)
    fill_counts(page, Taps(), ANNA_BRUNO, 22, 6, 0, 0)
    settled(page)
    expect(page.locator("#hand-preview tfoot")).to_have_text("Total40")
    page.reload()
    page.wait_for_load_state()
    assert page.evaluate(SCORER_TAGS) == 0
    assert not page.evaluate(SCORER_ON_PAGE)
    # A hand kept without signal needs it: fetched then, once.
    wait_for_worker(page)  # the worker keeps the scorer's files
    page.context.set_offline(True)
    settled(page)
    page.locator("#save-hand").tap()
    expect(page.locator("#pending-1")).to_contain_text("Anna +4")
    assert page.evaluate(SCORER_TAGS) == 2
    assert page.evaluate(SCORER_ON_PAGE)


def test_the_preview_offline_asks_for_a_best_denaro_left_blank(
    make_phone: Callable[..., Page],
) -> None:
    """The phone's scorer reads a suit left blank as the server does: Bruno took denari and
    shows no best denaro, so he is asked for it, in Italian, after his name."""
    board = start_game(make_phone(locale="en-GB"), ANNA_BRUNO)
    page = make_phone(locale="it-IT")
    page.goto(board)
    wait_for_worker(page)
    page.context.set_offline(True)
    for side, (cards, denari) in enumerate(((22, 6), (18, 4))):
        page.locator(f"#sides-{side}-cards").fill(str(cards))
        page.locator(f"#sides-{side}-denari").fill(str(denari))
    page.locator("#settebello-0").check()
    page.locator("#primiera-3").check()
    expect(page.locator("#primiera-cards")).to_have_attribute("open", "")
    for side, cards in enumerate((("7D", "7C", "7B", "7S"), ("6C", "6B", "6S"))):
        for card in cards:
            page.locator(f"#sides-{side}-best_{card[-1]}").select_option(card)
    preview = page.locator("#hand-preview")
    expect(preview.locator(".preview-errors")).to_contain_text(
        "Bruno: questa parte ha preso 4 denari: segna il suo denaro migliore"
    )
    expect(preview.locator(".preview-source")).to_contain_text("Calcolati su questo telefono")
    page.locator("#sides-1-best_D").select_option("6D")
    expect(preview.locator(".preview-errors")).to_have_count(0)
    expect(preview.locator("tfoot")).to_be_visible()
