"""Entering hands at the table without stumbling (issue 26, points 2, 5 and 8): three
players by counts in four typed numbers, an undo that asks once and gives the hand's
numbers back, and what the board says around hands kept on the phone and sent later.

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
    wait_until_kept,
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


# --------------------------------------------------------------------------- point 8


def overlap(page: Page, first: str, second: str) -> bool:
    """Whether the elements `first` and `second` (selectors) overlap on the screen."""
    return bool(
        page.evaluate(
            """([a, b]) => {
                const r = document.querySelector(a).getBoundingClientRect();
                const s = document.querySelector(b).getBoundingClientRect();
                return r.top < s.bottom && s.top < r.bottom && r.left < s.right && s.left < r.right;
            }""",
            [first, second],
        )
    )


def test_offline_saves_leave_no_stale_note_and_the_sync_says_what_it_sent(en_phone: Page) -> None:
    """ "Hand 1 saved" goes once the board changes (a hand kept offline, the kept copy
    reloaded); the note of a kept hand is not under the "Offline" line; the sync says how
    many hands it sent."""
    page = en_phone
    start_game(page, ANNA_BRUNO)
    wait_for_worker(page)
    record_counts(page, ANNA_BRUNO, cards=22, denari=6, settebello=0, primiera=0)
    expect(page.locator(".flash-success")).to_have_text("Hand 1 saved.")
    wait_until_kept(page, "Hand 1 saved.")  # the worker's copy of the board says it too
    page.context.set_offline(True)
    expect(page.locator("#offline-line")).to_be_visible()
    fill_counts(page, Taps(), ANNA_BRUNO, cards=18, denari=4, settebello=1, primiera=1)
    page.locator("#hand-form:not([data-previewing])").wait_for()
    page.locator("#save-hand").tap()
    kept = page.locator("#outbox-kept")
    expect(kept).to_contain_text("hand 2 is kept on this phone")
    expect(page.get_by_text("Hand 1 saved.")).to_have_count(0)
    expect(kept).to_be_in_viewport()
    assert not overlap(page, "#offline-line", "#outbox-kept")
    page.reload()  # the worker's kept copy, with the hand kept here on it
    expect(page.locator("#pending-2")).to_contain_text("not sent yet")
    expect(page.get_by_text("Hand 1 saved.")).to_have_count(0)
    fill_counts(page, Taps(), ANNA_BRUNO, cards=25, denari=4, settebello=1, primiera=0)
    page.locator("#hand-form:not([data-previewing])").wait_for()
    page.locator("#save-hand").tap()
    expect(page.locator("#pending-3")).to_contain_text("not sent yet")
    page.context.set_offline(False)
    expect(page.locator("#outbox-sent")).to_have_text("2 hands sent.", timeout=SENT_MS)
    expect(page.locator(".pending-hand")).to_have_count(0)
    expect(page.locator("#history .hand-row")).to_have_count(3)
    expect(page.locator("#outbox-sent")).to_be_visible()  # the board swapped in keeps it


def test_the_provisional_totals_of_three_sides_leave_the_names_clear(
    en_phone: Page,
) -> None:
    page = en_phone
    start_game(page, THREE, format_label=THREE_PLAYERS)
    wait_for_worker(page)
    page.context.set_offline(True)
    every_side = {"cards": {0: 14, 1: 13, 2: 13}, "denari": {0: 4, 1: 3, 2: 3}}
    fill_counts(page, Taps(), THREE, **every_side, settebello=0, primiera=0)
    page.locator("#hand-form:not([data-previewing])").wait_for()
    page.locator("#save-hand").tap()
    for side in range(3):
        total = page.locator(f"#total-{side}")
        expect(total).to_have_class("big-number provisional")
        marker = page.evaluate(
            """(side) => {
                const total = document.getElementById("total-" + side);
                const name = total.parentNode.querySelector(".side-name");
                const style = getComputedStyle(total);
                return {
                    underline: style.textDecorationLine,
                    border: style.borderBottomStyle,
                    clear: total.getBoundingClientRect().bottom <= name.getBoundingClientRect().top,
                };
            }""",
            side,
        )
        # Dotted, inside the number's own box, which ends above the name.
        assert marker == {"underline": "none", "border": "dotted", "clear": True}


def test_a_game_won_offline_folds_the_next_hands_form(en_phone: Page) -> None:
    page = en_phone
    start_game(page, ANNA_BRUNO, target=7)
    wait_for_worker(page)
    page.context.set_offline(True)
    for number in (1, 2):
        fill_counts(page, Taps(), ANNA_BRUNO, cards=22, denari=6, settebello=0, primiera=0)
        page.locator("#hand-form:not([data-previewing])").wait_for()
        page.locator("#save-hand").tap()
        expect(page.locator(f"#pending-{number}")).to_contain_text("Anna +4")
    expect(page.locator("#provisional-note")).to_contain_text("Winner: Anna (not confirmed)")
    expect(page.locator("#record-heading")).to_be_hidden()
    expect(page.locator("#hand-form")).to_be_hidden()
    again = page.get_by_role("button", name="Record another hand anyway")
    again.tap()
    expect(page.locator("#record-heading")).to_have_text("Record hand 3")
    expect(page.locator("#hand-form")).to_be_visible()
    expect(again).to_have_count(0)
    page.context.set_offline(False)
    expect(page.locator("#game-status")).to_have_text("Winner: Anna", timeout=SENT_MS)
    expect(page.locator("#hand-form")).to_be_hidden()  # folded by the server's board
