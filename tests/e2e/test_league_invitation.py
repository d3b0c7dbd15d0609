"""A league's invitation as phone users meet it (issue #26, point 10): the owner copies,
shares or shows it as a QR code; the invitee, without an account, sees what it is for and
signs up into the league on the same page."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.helpers.flows import open_menu, sign_up


def new_invitation(owner: Page) -> str:
    """The owner makes the league "Bar Sport" and a scorer's invitation; returns its link."""
    sign_up(owner, "owner")
    open_menu(owner).get_by_role("link", name="Leagues", exact=True).click()
    owner.get_by_role("link", name="New league").click()
    owner.get_by_label("League name").fill("Bar Sport")
    owner.get_by_role("button", name="Create the league").click()
    owner.get_by_role("link", name="Members").click()
    owner.get_by_text("Scorer: records and corrects games").click()
    owner.get_by_role("button", name="Create an invitation link").click()
    return owner.locator("#invite-link").inner_text()


def test_the_owner_copies_shares_and_shows_the_invitation(
    make_phone: Callable[..., Page],
) -> None:
    owner = make_phone(locale="en-GB", permissions=["clipboard-read", "clipboard-write"])
    owner.add_init_script(  # the phone's share sheet, as the board's test fakes it
        "navigator.share = data => { window.shared = data; return Promise.resolve(); }"
    )
    link = new_invitation(owner)
    assert re.search(r"/leagues/join/[\w-]+$", link)
    copy = owner.locator(".copy-btn")
    expect(copy).to_have_text("Copy the invitation link")
    copy.tap()
    expect(copy).to_have_text("Copied")
    assert owner.evaluate("navigator.clipboard.readText()") == link
    # The phone's share sheet, with the message and the link (WhatsApp stands in for it
    # where there is none: tests/web/test_league_invitations.py).
    expect(owner.get_by_role("link", name="Send on WhatsApp")).to_be_hidden()
    owner.get_by_role("button", name="Share the invitation").tap()
    shared = owner.wait_for_function("() => window.shared").json_value()
    assert shared["url"] == link
    assert shared["text"] == "Join Bar Sport, our Scopa league:"
    qr = owner.get_by_role("img", name="QR code of the invitation link")
    qr.scroll_into_view_if_needed()
    expect(qr).to_be_visible()
    owner.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=qr.element_handle())


def test_an_invitee_without_an_account_signs_up_into_the_league(
    make_phone: Callable[..., Page],
) -> None:
    link = new_invitation(make_phone(locale="en-GB"))
    invitee = make_phone()  # it-IT, never signed up
    invitee.goto(link)
    expect(invitee.get_by_role("heading", name="Entra in Bar Sport")).to_be_visible()
    expect(invitee.locator(".invitation")).to_contain_text("owner")
    expect(invitee.locator(".invitation")).to_contain_text("registra e corregge le partite")
    invitee.get_by_label("Nome utente").fill("dario")
    invitee.get_by_label("Password", exact=True).fill("correct horse battery")
    invitee.get_by_label("Ripeti la password").fill("correct horse battery")
    invitee.get_by_role("button", name="Crea l'account ed entra").tap()
    expect(invitee.get_by_role("heading", name="Bar Sport", exact=True)).to_be_visible()
    expect(invitee.get_by_text("Ora fai parte di Bar Sport.")).to_be_visible()
    expect(invitee.get_by_role("link", name="Nuova partita di lega")).to_be_visible()
    assert invitee.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
