"""The other side confirms, at the table: the phone is passed across after Save and one
tap of "Confermiamo" confirms the hand, which is then locked; without signal the
confirmation goes into the outbox with the hand and lands once it is back.

An Italian phone of 390 x 844. The game (pairs, confirmation on) is started on the
server; what the server stored is read from its database after the page shows it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.inputs import GameSetup
from scorekeeper.games.models import Hand, HandRevision, HandStatus
from scorekeeper.games.services import create_game
from scorekeeper.scoring import FORMATS, Rules
from tests.helpers import LiveServer
from tests.helpers.flows import wait_for_worker

PAIRS = ["Anna", "Bruno", "Carla", "Dario"]  # side 0: Anna e Carla; side 1: Bruno e Dario
#: Sends from the outbox retry with backoff; a send after reconnecting comes within this.
SENT_MS = 20_000


@pytest.fixture
def table_phone(make_phone: Callable[..., Page]) -> Page:
    """The phone at the table: Italian, 390 x 844."""
    return make_phone(viewport={"width": 390, "height": 844}, locale="it-IT")


def start(live_server: LiveServer) -> str:
    """A game of pairs that requires confirmation; the path of its board."""
    with live_server.app.test_request_context():
        setup = GameSetup(Rules(format=FORMATS["2x2"]), PAIRS, first_dealer=0)
        _game, token = create_game(setup, requires_confirmation=True)
        db.session.remove()
    return f"/g/{token}"


def hands(live_server: LiveServer) -> list[tuple[int, str]]:
    """Every stored hand as (number, status)."""
    with live_server.app.app_context():
        rows = db.session.execute(select(Hand.number, Hand.status).order_by(Hand.number)).all()
        db.session.remove()
    return [(number, status) for number, status in rows]


def confirmations(live_server: LiveServer) -> list[tuple[int, int | None]]:
    """Every confirmation stored, as (hand number, side)."""
    with live_server.app.app_context():
        rows = db.session.execute(
            select(HandRevision.number, HandRevision.side).where(HandRevision.action == "confirm")
        ).all()
        db.session.remove()
    return [(number, side) for number, side in rows]


def anna_and_carla_write(page: Page, board: str) -> None:
    """Open the board and say that Anna and Carla write on this phone."""
    page.goto(board)
    page.locator("#side-chooser").get_by_role("button", name="Anna e Carla").tap()
    expect(page.locator("#side-chooser button[aria-pressed=true]")).to_have_text("Anna e Carla")
    page.wait_for_load_state()


def fill_hand(page: Page) -> None:
    """Anna and Carla: 22 cards, 6 denari, the settebello, the primiera, one scopa."""
    form = page.locator("#hand-form")
    form.locator('[name="sides-0-cards"]').fill("22")
    form.locator('[name="sides-0-denari"]').fill("6")
    form.locator('[name="sides-0-scope"]').fill("1")
    form.locator('[name="settebello"][value="0"]').check()
    form.locator('[name="primiera"][value="0"]').check()
    page.locator("#hand-form:not([data-previewing])").wait_for()


def test_passing_the_phone_confirms_and_locks(table_phone: Page, live_server: LiveServer) -> None:
    page = table_phone
    board = start(live_server)
    anna_and_carla_write(page, board)
    fill_hand(page)
    with page.expect_navigation():
        page.locator("#save-hand").tap()
    prompt = page.locator("#confirm-1-1")
    expect(prompt).to_contain_text("Bruno e Dario, confermate la mano 1?")
    confirm = prompt.get_by_role("button", name="Confermiamo")
    dispute = prompt.get_by_role("link", name="Contestiamo")
    for target in (confirm, dispute):  # big enough for a thumb passing the phone
        box = target.bounding_box()
        assert box is not None
        assert box["height"] >= 48
        assert box["width"] >= 48
    assert hands(live_server) == [(1, HandStatus.AWAITING)]
    confirm.tap()  # one request: the answer takes the question's place
    # The answer ("Bruno e Dario hanno confermato la mano 1.") may at once give way to the
    # live board, which the confirmation changed: wait for what stays, the question gone.
    expect(page.locator(".confirm-prompt")).to_have_count(0)
    expect(page.locator("#undo-last")).to_have_count(0)  # locked: no undo
    expect(page.locator("#hand-1 .badge-unconfirmed")).to_have_count(0)
    assert hands(live_server) == [(1, HandStatus.CONFIRMED)]
    assert confirmations(live_server) == [(1, 1)]
    # Reloaded, the board says the same: nothing to confirm, no undo, the hand locked.
    page.reload()
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator(".confirm-prompt")).to_have_count(0)
    expect(page.locator("#undo-last")).to_have_count(0)
    # The game's own link is its organiser's: a correction now asks for a reason.
    page.goto(f"{board}/hands/1/edit")
    expect(page.locator("#reason-field")).to_contain_text("Motivo della correzione")


def test_a_confirmation_offline_travels_with_the_hand(
    table_phone: Page, live_server: LiveServer
) -> None:
    page = table_phone
    board = start(live_server)
    anna_and_carla_write(page, board)
    wait_for_worker(page)  # the worker keeps the scorer's files
    page.context.set_offline(True)
    fill_hand(page)
    page.locator("#save-hand").tap()
    expect(page.locator("#pending-1")).to_be_visible()
    ask = page.locator("#outbox-confirm")
    expect(ask).to_contain_text("Bruno e Dario, confermate la mano 1?")
    page.locator("#outbox-confirm-yes").tap()
    expect(page.locator("#outbox-confirmed")).to_contain_text(
        "Bruno e Dario hanno confermato la mano 1"
    )
    assert hands(live_server) == []
    page.context.set_offline(False)
    rows = page.locator("#history .hand-row:not(.pending-hand)")
    expect(rows).to_have_count(1, timeout=SENT_MS)
    expect(page.locator(".pending-hand")).to_have_count(0)
    assert hands(live_server) == [(1, HandStatus.CONFIRMED)]
    assert confirmations(live_server) == [(1, 1)]  # recorded once, with the hand


def test_a_confirmation_without_signal_waits_on_the_phone(
    table_phone: Page, live_server: LiveServer
) -> None:
    """The hand reached the server, then the signal dropped: "Confermiamo" is kept on the
    phone and sent once the signal is back, recorded once (a second tap keeps nothing
    more)."""
    page = table_phone
    board = start(live_server)
    anna_and_carla_write(page, board)
    wait_for_worker(page)
    fill_hand(page)
    with page.expect_navigation():
        page.locator("#save-hand").tap()
    prompt = page.locator("#confirm-1-1")
    expect(prompt).to_contain_text("Bruno e Dario, confermate la mano 1?")
    assert hands(live_server) == [(1, HandStatus.AWAITING)]
    page.context.set_offline(True)
    prompt.get_by_role("button", name="Confermiamo").tap()
    kept = page.locator("#confirm-kept-1")
    expect(kept).to_contain_text("la conferma della mano 1 resta su questo telefono")
    expect(page.locator(".confirm-prompt")).to_have_count(0)
    queued = page.evaluate(
        "ScopaOutbox.everything().then(items => items.map(i => [i.kind || 'hand', i.number]))"
    )
    assert queued == [["confirm", 1]]
    # The same question tapped again (a double tap, the page drawn again): still one.
    page.evaluate(
        """() => {
          const form = document.createElement('form');
          form.className = 'confirm-form';
          form.action = location.pathname + '/hands/1/confirm';
          form.innerHTML = '<input name="request_id"><input name="side" value="1">';
          document.body.appendChild(form);
          return ScopaOutbox.everything().then(items => {
            form.elements.request_id.value = items[0].requestId;
            return ScopaOutbox.keepConfirmation(form);
          });
        }"""
    )
    assert page.evaluate("ScopaOutbox.everything().then(items => items.length)") == 1
    assert confirmations(live_server) == []
    page.context.set_offline(False)
    expect(page.locator("#outbox-confirm-sent")).to_contain_text(
        "Conferma della mano 1 inviata", timeout=SENT_MS
    )
    assert page.evaluate("ScopaOutbox.everything().then(items => items.length)") == 0
    assert hands(live_server) == [(1, HandStatus.CONFIRMED)]
    assert confirmations(live_server) == [(1, 1)]
    # The board catches up: the hand confirmed, no undo.
    expect(page.locator("#hand-1 .badge-unconfirmed")).to_have_count(0)
