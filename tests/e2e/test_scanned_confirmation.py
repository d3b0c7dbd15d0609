"""Two phones, both without signal: the phone at the table keeps a hand and shows a QR of
it; the other side's phone (its side link, kept by the service worker) opens the QR's
link, confirms, and keeps the confirmation; each syncs later, the other side's phone
first, and the hand lands confirmed, recorded once.

The QR is not read by a camera here: its link is taken from the code drawn on the first
phone (the figure's data-url, the text the QR encodes) and opened on the second.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.games.confirmation import side_token
from scorekeeper.games.models import Game, HandStatus, PendingConfirmation
from tests.e2e.test_confirmation import (
    SENT_MS,
    anna_and_carla_write,
    confirmations,
    fill_hand,
    hands,
    start,
)
from tests.helpers import LiveServer
from tests.helpers.flows import wait_for_worker


def pending(live_server: LiveServer) -> int:
    """How many scanned confirmations wait for their hand."""
    with live_server.app.app_context():
        count = db.session.scalar(select(func.count()).select_from(PendingConfirmation))
        db.session.remove()
    return count or 0


def side_link(live_server: LiveServer, side: int) -> str:
    with live_server.app.test_request_context():
        game = db.session.scalars(select(Game)).one()
        token = side_token(game, side)
        db.session.remove()
    return f"/c/{token}"


def test_two_phones_offline_confirm_by_qr_and_sync_later(
    make_phone: Callable[..., Page], live_server: LiveServer
) -> None:
    table = make_phone(viewport={"width": 390, "height": 844}, locale="it-IT")
    other = make_phone(viewport={"width": 360, "height": 780}, locale="it-IT")
    board = start(live_server)
    anna_and_carla_write(table, board)
    wait_for_worker(table)
    # Bruno and Dario opened their side link once, with signal: this phone keeps it.
    link = side_link(live_server, 1)
    other.goto(link)
    wait_for_worker(other)
    other.reload()
    expect(other.locator("#nothing-to-confirm")).to_be_visible()

    table.context.set_offline(True)
    other.context.set_offline(True)
    fill_hand(table)
    table.locator("#save-hand").tap()
    expect(table.locator("#pending-1")).to_be_visible()
    qr_button = table.locator("#outbox-qr-1")
    expect(qr_button).to_have_text("QR per il telefono di Bruno e Dario")
    qr_button.tap()
    code = table.locator("#outbox-qr-1-code")
    expect(code.locator("svg")).to_be_visible()
    url = code.get_attribute("data-url")
    assert url is not None
    assert url.startswith(f"{live_server.url}{link}#hand=1&id=")

    other.goto(url)  # scanned: the kept side page opens, without signal
    panel = other.locator("#scanned-panel")
    expect(panel).to_be_visible()
    expect(other.locator("#scanned-question")).to_have_text("Bruno e Dario, confermate la mano 1?")
    expect(other.locator("#scanned-points")).to_have_text("Anna e Carla 5 · Bruno e Dario 0")
    confirm = other.locator("#scanned-confirm")
    box = confirm.bounding_box()
    assert box is not None
    assert box["height"] >= 48
    confirm.tap()
    expect(other.locator("#confirm-kept-1")).to_contain_text("resta su questo telefono")
    assert hands(live_server) == []
    assert pending(live_server) == 0

    # The other side's phone finds signal first: its confirmation waits for the hand.
    other.context.set_offline(False)
    expect(other.locator("#outbox-confirm-sent")).to_contain_text(
        "conta appena la mano arriva al server", timeout=SENT_MS
    )
    assert hands(live_server) == []
    assert pending(live_server) == 1

    # Then the table's phone: the hand lands, confirmed, once.
    table.context.set_offline(False)
    expect(table.locator(".pending-hand")).to_have_count(0, timeout=SENT_MS)
    expect(table.locator("#history .hand-row:not(.pending-hand)")).to_have_count(1)
    assert hands(live_server) == [(1, HandStatus.CONFIRMED)]
    assert confirmations(live_server) == [(1, 1)]
    assert pending(live_server) == 0
