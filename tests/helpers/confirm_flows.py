"""Playwright steps and database reads shared by the e2e tests of confirmation by the
other side (tests/e2e): a game of pairs that asks for confirmation, its stored hands and
confirmations, Anna and Carla writing a hand on the phone at the table. Imports
Playwright: only the browser tests import this module.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.inputs import GameSetup
from scorekeeper.games.models import Hand, HandRevision
from scorekeeper.games.services import create_game
from scorekeeper.scoring import FORMATS, Rules
from tests.helpers import LiveServer

PAIRS = ["Anna", "Bruno", "Carla", "Dario"]  # side 0: Anna e Carla; side 1: Bruno e Dario
#: Sends from the outbox retry with backoff; a send after reconnecting comes within this.
SENT_MS = 20_000


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
