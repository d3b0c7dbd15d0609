"""The table view (issue 26): the score full screen for the middle of the table, read from
across it: very large totals, the dealer and who plays first, the far half turned round
with two sides, the screen kept on, one tap back to the form; a page of its own that
works without a script, reached from the board's menu."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.flows import (
    Taps,
    fill_counts,
    open_menu,
    record_counts,
    start_game,
    wait_until,
)

ANNA_BRUNO = ("Anna", "Bruno")

#: Counts the page's requests of the Screen Wake Lock (the headless browser has none).
WAKE_LOCK = """
window.wakeLocks = 0;
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
    request: () => { window.wakeLocks += 1; return Promise.resolve(
        { release: () => Promise.resolve(), addEventListener: () => {} }); } } });
"""


def font_px(page: Page, selector: str) -> float:
    return float(page.eval_on_selector(selector, "e => parseFloat(getComputedStyle(e).fontSize)"))


@pytest.mark.parametrize(
    ("width", "height"), [(390, 844), (844, 390), (360, 800)], ids=["portrait", "landscape", "360"]
)
def test_the_table_view_reads_from_across_the_table(
    make_phone: Callable[..., Page], width: int, height: int
) -> None:
    first = make_phone(locale="en-GB")
    board = start_game(first, ANNA_BRUNO)
    record_counts(first, ANNA_BRUNO, cards=22, denari=6, settebello=0, primiera=0)  # 4-0
    size = {"width": width, "height": height}
    page = make_phone(locale="en-GB", viewport=size, screen=size)
    page.add_init_script(WAKE_LOCK)
    page.goto(board)
    open_menu(page)
    with page.expect_navigation():
        page.locator("#table-tool").tap()  # from the board's menu
    page.wait_for_load_state()
    expect(page.locator("#table-total-0")).to_have_text("4")
    expect(page.locator("#table-total-1")).to_have_text("0")
    # Very large, and all on one screen.
    for total in ("#table-total-0", "#table-total-1"):
        assert font_px(page, total) >= 110, total
        expect(page.locator(total)).to_be_in_viewport(ratio=1)
    assert page.evaluate("document.documentElement.scrollHeight") <= height + 1
    # The far half is turned round for the player across; the near one is not.
    turned = "e => getComputedStyle(e).transform"
    assert page.eval_on_selector("#table-side-0", turned) == "matrix(-1, 0, 0, -1, 0, 0)"
    assert page.eval_on_selector("#table-side-1", turned) == "none"
    # Who deals (Bruno, hand 2) and who plays first (Anna), on their halves.
    expect(page.locator("#table-side-1 .mark-dealer")).to_have_text("mazziere")
    expect(page.locator("#table-side-0 .mark-first")).to_have_text("di mano")
    expect(page.locator("#table-status")).to_have_text("Hand 2 · target 11")
    # The screen is kept on.
    wait_until(page, "() => window.wakeLocks >= 1")
    # One tap back to the form.
    back = page.get_by_role("link", name="Back to the form")
    found = back.bounding_box()
    assert found is not None
    assert found["height"] >= 48
    with page.expect_navigation():
        back.tap()
    expect(page.locator("#hand-form")).to_be_in_viewport()


def test_the_table_view_follows_the_hands_saved_meanwhile(make_phone: Callable[..., Page]) -> None:
    first = make_phone(locale="en-GB")
    board = start_game(first, ANNA_BRUNO)
    table = make_phone(locale="en-GB", viewport={"width": 844, "height": 390})
    table.goto(board + "/table")
    expect(table.locator("#table-total-0")).to_have_text("0")
    fill_counts(first, Taps(), ANNA_BRUNO, 22, 6, 0, 0)
    first.locator("#hand-form:not([data-previewing])").wait_for()
    with first.expect_navigation():
        first.locator("#save-hand").tap()
    expect(table.locator("#table-total-0")).to_have_text("4", timeout=15_000)
    expect(table.locator("#table-status")).to_have_text("Hand 2 · target 11")


def test_without_a_script_the_table_view_is_a_page_of_its_own(
    make_phone: Callable[..., Page],
) -> None:
    board = start_game(make_phone(locale="en-GB"), ANNA_BRUNO)
    page = make_phone(
        locale="it-IT", java_script_enabled=False, viewport={"width": 360, "height": 800}
    )
    page.goto(board)
    page.get_by_text("Menu").click()
    page.get_by_role("link", name="Vista da tavolo: il punteggio a tutto schermo").click()
    expect(page.locator("#table-total-0")).to_have_text("0")
    expect(page.locator("#table-side-0")).to_contain_text("Ad Anna mancano 11 punti")
    expect(page.get_by_role("button", name="Schermo intero")).to_be_hidden()
    page.get_by_role("link", name="Torna a segnare").click()
    expect(page.locator("#hand-form")).to_be_visible()
