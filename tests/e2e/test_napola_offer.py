"""The napola the counts force, offered on the board's hand form (issue 28, section 4):
nine denari without the settebello are the asso to the 6, so a hand saved with no napola
is refused with the reason, and one tap on "Sì, segnala" fills the napola in.

The game is started on an English phone (the flows' labels are English), then its board
opened on an Italian phone of the smallest width the app is made for.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.flows import save_hand, wait_for_worker

SMALL = {"width": 360, "height": 740}


def start_napola_game(page: Page) -> str:
    """A game of Anna and Bruno with the napola on; the board's URL."""
    page.goto("/games/new")
    page.get_by_label("2 players", exact=True).check()
    page.get_by_label("Player 1", exact=False).first.fill("Anna")
    page.get_by_label("Player 2", exact=False).first.fill("Bruno")
    page.get_by_label("Napola", exact=False).first.check()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#board")).to_be_visible()
    return page.url.split("#")[0]


def test_a_forced_napola_is_offered_and_one_tap_marks_it(
    make_phone: Callable[..., Page],
) -> None:
    board = start_napola_game(make_phone(locale="en-GB"))
    page = make_phone(locale="it-IT", viewport=SMALL, screen=SMALL)
    page.goto(board)
    page.wait_for_load_state()
    page.locator("#sides-0-cards").fill("30")
    page.locator("#sides-0-denari").fill("9")
    page.locator("#settebello-1").check()
    page.locator("#primiera-0").check()
    save_hand(page)
    napola = page.locator("#sides-0-napola_run")
    expect(page.locator("#side-0")).to_contain_text(
        "con 9 denari senza il settebello questa parte ha dall'asso al 6: napola da 6"
    )
    offer = page.locator("#side-0 [data-napola-offer]")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("Napola da 6 per Anna: la segno?")
    button = offer.get_by_role("button", name="Sì, segnala")
    found = button.bounding_box()
    assert found is not None
    assert found["height"] >= 44
    assert found["x"] + found["width"] <= SMALL["width"]
    # What was typed is still there; the napola box is still empty.
    expect(page.locator("#sides-0-denari")).to_have_value("9")
    expect(napola).to_have_value("")
    button.tap()
    expect(napola).to_have_value("6")
    expect(napola).to_be_focused()
    expect(offer).to_be_hidden()
    save_hand(page)
    expect(page.get_by_text("Mano 1 salvata.")).to_be_visible()
    # Anna: napola 6, carte, denari, primiera; Bruno: the settebello.
    expect(page.locator("#total-0")).to_contain_text("9")
    expect(page.locator("#total-1")).to_contain_text("1")


@pytest.mark.parametrize("offline", [False, True], ids=["server", "phone"])
def test_the_preview_offers_the_napola_as_the_counts_are_typed(
    make_phone: Callable[..., Page], offline: bool
) -> None:
    """Before Save, the points of the hand say the same and offer it too: the server's
    preview, or without signal the phone's own scorer (static/js/scoring.js)."""
    board = start_napola_game(make_phone(locale="en-GB"))
    page = make_phone(locale="it-IT", viewport=SMALL, screen=SMALL)
    page.goto(board)
    page.wait_for_load_state()
    if offline:
        wait_for_worker(page)
        page.context.set_offline(True)
    page.locator("#sides-0-cards").fill("30")
    page.locator("#sides-0-denari").fill("9")
    page.locator("#settebello-1").check()
    page.locator("#primiera-0").check()
    preview = page.locator("#hand-preview")
    expect(preview.locator(".preview-errors")).to_contain_text(
        "con 9 denari senza il settebello questa parte ha dall'asso al 6: napola da 6"
    )
    expect(preview.locator(".preview-source")).to_have_count(1 if offline else 0)
    offer = preview.locator("[data-napola-offer]")
    expect(offer).to_contain_text("Napola da 6 per Anna: la segno?")
    offer.get_by_role("button", name="Sì, segnala").tap()
    expect(page.locator("#sides-0-napola_run")).to_have_value("6")
    expect(preview.locator("tfoot")).to_be_visible()  # the points now: no more refusal
    expect(preview.locator(".preview-errors")).to_have_count(0)
