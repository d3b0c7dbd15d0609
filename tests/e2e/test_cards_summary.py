"""The card-by-card page's refused hand on a phone (issue 26): the summary on top of the
form is announced and has the focus, the first wrong field is in view (without a script
the page opens on the summary), each line leads to its field."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.flows import start_game

#: Gives Anna the first 22 cards of the grid and Bruno the rest, as taps would.
SHARE_THE_DECK = """() => {
    const codes = [...document.querySelectorAll('input[name="s0"]')].map(i => i.value);
    codes.forEach((code, k) => {
        const side = k < 22 ? "s0" : "s1";
        document.querySelector(`input[name="${side}"][value="${code}"]`).checked = true;
    });
    document.querySelector('input[name="s0"]').dispatchEvent(new Event("change", {bubbles: true}));
}"""


@pytest.mark.parametrize(
    ("locale", "script", "heading"),
    [("en-GB", True, "The hand was not saved:"), ("it-IT", False, "La mano non è stata salvata:")],
    ids=["js-en", "no-js-it"],
)
def test_a_refused_hand_by_cards_opens_on_the_summary(
    make_phone: Callable[..., Page], locale: str, script: bool, heading: str
) -> None:
    board = start_game(make_phone(locale="en-GB"), ("Anna", "Bruno"))
    size = {"width": 360, "height": 800}
    page = make_phone(locale=locale, java_script_enabled=script, viewport=size, screen=size)
    page.goto(board + "/hands/cards")
    page.evaluate(SHARE_THE_DECK)
    page.locator("#scope-0").fill("12")
    if script:
        page.locator("#hand-form:not([data-previewing])").wait_for()
    with page.expect_navigation():
        page.locator("#save-hand").click()
    summary = page.locator("#errors")
    expect(summary).to_have_attribute("role", "alert")
    expect(summary).to_contain_text(heading)
    expect(summary).to_be_focused()
    if script:  # the first wrong field in view (below the grid, too far for both)
        expect(page.locator("#scope-0")).to_be_in_viewport(ratio=1)
        page.evaluate("window.scrollTo(0, 0)")
    else:  # the answer lands on the summary
        expect(summary).to_be_in_viewport(ratio=1)
    link = summary.get_by_role("link")
    expect(link).to_have_count(1)
    expect(link).to_contain_text("Anna")
    link.click()
    expect(page.locator("#scope-0")).to_be_in_viewport()
    if script:
        expect(page.locator("#scope-0")).to_be_focused()
