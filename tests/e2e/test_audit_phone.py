"""Every change carries a name, on a real phone: the phone keeps a device id of its own
and sends it with every hand, and a hand kept without signal reaches the server marked
as sent from the outbox (issue 27, section 2). Network cut by `context.set_offline`."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect
from sqlalchemy import select

from scorekeeper.audit import AuditEvent
from scorekeeper.extensions import db
from tests.helpers import LiveServer
from tests.helpers.flows import Taps, fill_counts, start_game, wait_for_worker

ANNA_BRUNO = ("Anna", "Bruno")
#: Sends from the outbox retry with backoff; a send after reconnecting comes within this.
SENT_MS = 20_000


def save_hand(page: Page, cards: int) -> None:
    """Type a hand (Anna's cards; the rest follow) and tap Save once its preview is in."""
    fill_counts(page, Taps(), ANNA_BRUNO, cards, 6, 0, 0)
    page.locator("#hand-form:not([data-previewing])").wait_for()
    page.locator("#save-hand").tap()


def recorded(live_server: LiveServer) -> list[tuple[str, int | None, str, str | None]]:
    """Every stored change: kind, hand, live or outbox, device."""
    with live_server.app.app_context():
        rows = db.session.execute(
            select(
                AuditEvent.kind, AuditEvent.hand_number, AuditEvent.origin, AuditEvent.device_id
            ).order_by(AuditEvent.id)
        ).all()
        db.session.remove()
    return [tuple(row) for row in rows]  # type: ignore[misc]


def test_the_phone_sends_its_device_id_and_the_outbox_marks_a_hand_kept_offline(
    make_phone: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_phone(locale="en-GB")
    board = start_game(page, ANNA_BRUNO)
    saved = page.locator("#history .hand-row:not(.pending-hand)")
    save_hand(page, 22)
    expect(saved).to_have_count(1)
    device = page.evaluate("localStorage.getItem('scorekeeper-device')")
    assert re.fullmatch(r"[0-9a-f-]{32,36}", device), device
    # Every form that posts carries it (the undo button's, say), for a phone without fetch.
    expect(page.locator("form[method=post] input[name=device_id]").first).to_have_value(device)
    wait_for_worker(page)  # the worker keeps the scorer's files
    page.context.set_offline(True)
    save_hand(page, 18)
    expect(page.locator("#pending-2")).to_contain_text("not sent yet")
    page.context.set_offline(False)
    expect(saved).to_have_count(2, timeout=SENT_MS)
    expect(page.locator(".pending-hand")).to_have_count(0)
    assert recorded(live_server) == [
        ("hand_created", 1, "live", device),
        ("hand_created", 2, "outbox", device),
    ]
    page.goto(f"{board}/history")
    history = page.locator("#audit-lines li")
    expect(history).to_have_count(2)
    expect(history.nth(0)).to_contain_text("Hand 1 entered through the game's edit link (phone 1)")
    expect(history.nth(1)).to_contain_text("(phone 1)")
    expect(history.nth(1)).to_contain_text("Kept on the phone without signal, sent later.")
