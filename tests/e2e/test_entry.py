"""Entering hands at the table without stumbling (issue 26): three players by counts in
four typed numbers, and an undo that asks once and gives the hand's numbers back.

Waiting is Playwright's auto-waiting `expect`, never a sleep.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.models import Hand, HandSide
from tests.helpers import LiveServer
from tests.helpers.flows import (
    Taps,
    fill_counts,
    record_counts,
    save_hand,
    start_game,
    wait_for_worker,
)

ANNA_BRUNO = ("Anna", "Bruno")
THREE = ("Anna", "Bruno", "Carla")
THREE_PLAYERS = "3 players, each for themselves"
#: Sends from the outbox retry with backoff; a send after reconnecting comes within this.
SENT_MS = 20_000


@pytest.fixture
def en_phone(make_phone: Callable[..., Page]) -> Page:
    """A phone whose browser asks for English."""
    return make_phone(locale="en-GB")


def fill_three(page: Page, taps: Taps) -> None:
    """Anna 14 cards and 4 denari, Bruno 13 and 3 (Carla's are the rest, 13 and 3); Anna
    takes carte, denari, settebello and primiera."""
    fill_counts(
        page, taps, THREE, cards={0: 14, 1: 13}, denari={0: 4, 1: 3}, settebello=0, primiera=0
    )


def counts_of(page: Page, side: int) -> tuple[str, str]:
    """What side `side`'s Cards and Denari boxes hold."""
    box = page.locator(f"#side-{side}")
    return (
        box.get_by_label("Cards", exact=True).input_value(),
        box.get_by_label("Denari", exact=True).input_value(),
    )


def stored_counts(live_server: LiveServer) -> list[list[tuple[int, int]]]:
    """Each stored hand's (cards, denari) per side, in order."""
    with live_server.app.app_context():
        rows = db.session.execute(
            select(Hand.number, HandSide.cards, HandSide.denari)
            .join(HandSide, HandSide.hand_id == Hand.id)
            .order_by(Hand.number, HandSide.side)
        ).all()
        db.session.remove()
    hands: dict[int, list[tuple[int, int]]] = {}
    for number, cards, denari in rows:
        hands.setdefault(number, []).append((cards, denari))
    return list(hands.values())


# --------------------------------------------------------------------------- point 2


def test_three_players_by_counts_take_four_typed_numbers(
    en_phone: Page, live_server: LiveServer
) -> None:
    """Two sides typed, the third fills in as the rest of the deck (and follows), is kept
    in the draft, and saved as shown."""
    page = en_phone
    start_game(page, THREE, format_label=THREE_PLAYERS)
    expect(page.locator("#hand-form .hint").first).to_contain_text("Leave one side empty")
    taps = Taps()
    fill_three(page, taps)
    assert counts_of(page, 2) == ("13", "3")
    # A count changed: the rest follows.
    page.locator("#side-0").get_by_label("Cards", exact=True).fill("15")
    assert counts_of(page, 2) == ("12", "3")
    page.locator("#side-0").get_by_label("Cards", exact=True).fill("14")
    assert counts_of(page, 2) == ("13", "3")
    # Kept in the draft: back after a reload, and still following.
    page.reload()
    expect(page.locator(".draft-note")).to_be_visible()
    assert counts_of(page, 2) == ("13", "3")
    page.locator("#side-1").get_by_label("Denari", exact=True).fill("2")
    assert counts_of(page, 2) == ("13", "4")
    page.locator("#side-1").get_by_label("Denari", exact=True).fill("3")
    save_hand(page, taps)
    for side, points in enumerate((4, 0, 0)):
        expect(page.locator(f"#total-{side}")).to_have_text(str(points))
    assert stored_counts(live_server) == [[(14, 4), (13, 3), (13, 3)]]
    typed = [step for step in taps.steps if step.startswith("fill")]
    assert len(typed) == 4, taps.steps  # plus the taps on settebello, primiera and Save


def test_three_players_by_counts_offline_keep_the_rest(
    en_phone: Page, live_server: LiveServer
) -> None:
    """Without signal the hand goes into the outbox with the third side's counts filled in
    (scored on the phone), and reaches the server so."""
    page = en_phone
    start_game(page, THREE, format_label=THREE_PLAYERS)
    wait_for_worker(page)
    page.context.set_offline(True)
    fill_three(page, Taps())
    page.locator("#hand-form:not([data-previewing])").wait_for()
    page.locator("#save-hand").tap()
    pending = page.locator("#pending-1")
    expect(pending).to_contain_text("not sent yet")
    expect(pending).to_contain_text("Anna +4")
    expect(pending).to_contain_text("Carla +0")
    page.context.set_offline(False)
    expect(page.locator("#history .hand-row:not(.pending-hand)")).to_have_count(1, timeout=SENT_MS)
    assert stored_counts(live_server) == [[(14, 4), (13, 3), (13, 3)]]


# --------------------------------------------------------------------------- point 5


def test_undo_asks_once_and_gives_the_numbers_back(en_phone: Page, live_server: LiveServer) -> None:
    page = en_phone
    start_game(page, ANNA_BRUNO)
    record_counts(page, ANNA_BRUNO, cards=22, denari=6, settebello=0, primiera=0, scope={0: 1})
    record_counts(page, ANNA_BRUNO, cards=25, denari=4, settebello=1, primiera=1)
    expect(page.locator("#total-0")).to_have_text("6")
    undo = page.get_by_role("link", name="Undo hand 2")
    undo.tap()
    question = page.locator("#undo-form")
    expect(question).to_be_visible()
    expect(question).to_contain_text("Remove hand 2?")
    expect(page.get_by_role("button", name="Yes, remove it")).to_be_focused()
    page.get_by_role("button", name="Keep it").tap()  # a slip of the thumb: nothing goes
    expect(question).to_be_hidden()
    expect(undo).to_be_focused()
    assert len(stored_counts(live_server)) == 2
    undo.tap()
    with page.expect_navigation():
        page.get_by_role("button", name="Yes, remove it").tap()
    expect(page.locator(".flash-success")).to_contain_text(
        "Hand 2 removed. Its numbers are back in the form below"
    )
    expect(page.locator("#total-0")).to_have_text("5")
    assert len(stored_counts(live_server)) == 1
    # Hand 2's numbers, to correct: Anna took 26 cards, not 25.
    expect(page.locator("#record-heading")).to_have_text("Record hand 2")
    assert counts_of(page, 0) == ("25", "4")
    assert counts_of(page, 1) == ("15", "6")
    expect(page.get_by_role("group", name="Settebello").get_by_label("Bruno")).to_be_checked()
    page.locator("#side-0").get_by_label("Cards", exact=True).fill("26")
    assert counts_of(page, 1) == ("14", "6")
    save_hand(page, Taps())
    expect(page.locator(".flash-success")).to_have_text("Hand 2 saved.")
    assert stored_counts(live_server) == [[(22, 6), (18, 4)], [(26, 4), (14, 6)]]


def test_undo_without_javascript_asks_on_its_own_page(
    make_phone: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_phone(locale="en-GB", java_script_enabled=False)
    start_game(page, ANNA_BRUNO)
    record_counts(page, ANNA_BRUNO, cards=22, denari=6, settebello=0, primiera=0)
    page.get_by_role("link", name="Undo hand 1").tap()
    expect(page.locator("h1")).to_have_text("Remove hand 1?")
    assert len(stored_counts(live_server)) == 1
    page.get_by_role("button", name="Remove hand 1").tap()
    expect(page.locator(".flash-success")).to_contain_text("Hand 1 removed.")
    assert stored_counts(live_server) == []
    assert counts_of(page, 0) == ("22", "6")
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.locator(".flash-success")).to_have_text("Hand 1 saved.")
    assert stored_counts(live_server) == [[(22, 6), (18, 4)]]
