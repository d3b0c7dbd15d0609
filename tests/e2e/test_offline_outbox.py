"""Signal comes and goes at the table: nothing typed is lost, nothing is saved twice.

Drafts and the outbox (static/js/outbox.js) on an emulated phone,
with the network cut by `context.set_offline` or the page's posts of a hand answered as a
test says (`HandPosts`: not through `page.route`, which misses what the service worker
lets through once it controls the page). What the server stored is read from its database. Waiting
is Playwright's auto-waiting `expect`, never a sleep.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.models import Game, Hand, HandSide
from scorekeeper.games.services import new_edit_link
from tests.helpers import LiveServer
from tests.helpers.flows import (
    Taps,
    fill_counts,
    start_game,
    wait_for_worker,
    wait_until,
    wait_until_kept,
)

ANNA_BRUNO = ("Anna", "Bruno")
#: Three different hands, by what Anna takes: (cards, denari, settebello, primiera).
HANDS = [(22, 6, 0, 0), (18, 4, 1, 1), (25, 4, 1, 0)]
#: Their points as the server scores them (carte, denari, settebello, primiera).
POINTS = [(4, 0), (0, 4), (2, 2)]
#: Sends from the outbox retry with backoff; a send after reconnecting comes within this.
SENT_MS = 20_000


@pytest.fixture
def en_phone(make_phone: Callable[..., Page]) -> Page:
    """A phone whose browser asks for English."""
    return make_phone(locale="en-GB")


def server_hands(live_server: LiveServer) -> list[tuple[int, tuple[int, ...]]]:
    """Every stored hand as (number, each side's points), in order."""
    with live_server.app.app_context():
        rows = db.session.execute(
            select(Hand.number, HandSide.total)
            .join(HandSide, HandSide.hand_id == Hand.id)
            .order_by(Hand.number, HandSide.side)
        ).all()
        db.session.remove()
    hands: dict[int, tuple[int, ...]] = {}
    for number, total in rows:
        hands[number] = (*hands.get(number, ()), total)
    return list(hands.items())


#: The page's `fetch` of a hand's POST asks `window.handPosted()` (a `HandPosts`) what to
#: do: "send", "hold" (until `window.releaseHand()`), "cut" (never sent), "lose the answer"
#: (sent, the server saves it, the phone hears nothing) or a status to answer with itself.
ANSWERS_HAND_POSTS = """(() => {
    const fetchAsBefore = window.fetch.bind(window);
    window.fetch = async (url, options) => {
        const path = new URL(url, location.href).pathname;
        if (!options || options.method !== "POST" || !path.endsWith("/hands")) {
            return fetchAsBefore(url, options);
        }
        const how = await window.handPosted();
        if (how === "hold") await new Promise((go) => { window.releaseHand = go; });
        if (how === "cut") throw new TypeError("Failed to fetch");
        if (typeof how === "number") return new Response("down", { status: how });
        const answer = await fetchAsBefore(url, options);
        if (how === "lose the answer") throw new TypeError("Failed to fetch");
        return answer;
    };
})();"""


class HandPosts:
    """The posts of a hand from `page`, each treated as `how(n)` says (n from 1), counted."""

    def __init__(self, page: Page, how: Callable[[int], str | int]) -> None:
        self.count = 0
        self.how = how
        page.expose_function("handPosted", self._posted)
        page.add_init_script(ANSWERS_HAND_POSTS)

    def _posted(self) -> str | int:
        self.count += 1
        return self.how(self.count)


def fill(page: Page, hand: tuple[int, int, int, int]) -> None:
    """Type one hand into the board's form (Anna's counts; Bruno's follow)."""
    cards, denari, settebello, primiera = hand
    fill_counts(page, Taps(), ANNA_BRUNO, cards, denari, settebello, primiera)


def tap_save(page: Page) -> None:
    """Tap Save once the points asked for as the hand was typed have come (or failed)."""
    page.locator("#hand-form:not([data-previewing])").wait_for()
    page.locator("#save-hand").tap()


def keep_offline(page: Page, *hands: tuple[int, int, int, int], first: int = 1) -> None:
    """Cut the phone off, type and save `hands` (hand `first` on): each kept, not sent."""
    wait_for_worker(page)  # the worker keeps the scorer's files
    page.context.set_offline(True)
    for number, hand in enumerate(hands, first):
        fill(page, hand)
        tap_save(page)
        expect(page.locator(f"#pending-{number}")).to_contain_text("not sent yet")


def sent(page: Page, count: int) -> None:
    """Wait until the board shows `count` hands as the server has them (none kept)."""
    rows = page.locator("#history .hand-row:not(.pending-hand)")
    expect(rows).to_have_count(count, timeout=SENT_MS)
    expect(page.locator(".pending-hand")).to_have_count(0)


def test_a_draft_survives_a_reload_and_a_back(en_phone: Page) -> None:
    page = en_phone
    start_game(page, ANNA_BRUNO)
    fill(page, HANDS[0])
    page.locator("#side-0").get_by_label("Scope", exact=True).fill("2")
    page.reload()
    side = page.locator("#side-0")
    expect(side.get_by_label("Cards", exact=True)).to_have_value("22")
    expect(side.get_by_label("Denari", exact=True)).to_have_value("6")
    expect(side.get_by_label("Scope", exact=True)).to_have_value("2")
    expect(page.locator("#side-1").get_by_label("Cards", exact=True)).to_have_value("18")
    expect(page.get_by_role("group", name="Settebello").get_by_label("Anna")).to_be_checked()
    expect(page.get_by_role("group", name="Primiera").get_by_label("Anna")).to_be_checked()
    expect(page.locator(".draft-note")).to_contain_text("Hand 1 is back")
    # Away to the card-by-card page and Back: the whole form again.
    page.get_by_role("link", name="Enter this hand card by card instead").tap()
    expect(page.locator("h1")).to_have_text("Record hand 1 card by card")
    page.go_back()
    expect(side.get_by_label("Cards", exact=True)).to_have_value("22")
    expect(side.get_by_label("Scope", exact=True)).to_have_value("2")
    expect(page.get_by_role("group", name="Primiera").get_by_label("Anna")).to_be_checked()
    # Discarded: gone for good.
    page.get_by_role("button", name="Discard draft").tap()
    expect(side.get_by_label("Cards", exact=True)).to_have_value("")
    page.reload()
    expect(side.get_by_label("Cards", exact=True)).to_have_value("")
    expect(page.locator(".draft-note")).to_have_count(0)


def test_the_tapped_cards_survive_a_reload(en_phone: Page) -> None:
    page = en_phone
    start_game(page, ANNA_BRUNO)
    page.get_by_role("link", name="Enter this hand card by card instead").tap()
    grid = page.locator(".grid-enhanced")
    for name in ("seven of denari", "ace of coppe", "king of spade"):
        grid.get_by_role("button", name=name).first.tap()
    page.get_by_label("Scope of Anna", exact=True).fill("1")
    page.reload()
    picker = page.locator(".grid-enhanced .side-picker")
    expect(picker.get_by_role("button", name="Anna ·")).to_have_text("Anna · 3")
    expect(page.get_by_label("Scope of Anna", exact=True)).to_have_value("1")
    expect(
        page.locator(".grid-enhanced").get_by_role("button", name="seven of denari").first
    ).to_have_attribute("aria-pressed", "true")


def test_save_is_sent_once_and_says_so(en_phone: Page, live_server: LiveServer) -> None:
    page = en_phone
    posts = HandPosts(page, lambda _: "hold")  # sent below, once the button was tried again
    start_game(page, ANNA_BRUNO)
    fill(page, HANDS[0])
    tap_save(page)
    save = page.locator("#save-hand")
    expect(save).to_have_text("Saving…")
    expect(save).to_be_disabled()
    expect(save).to_have_attribute("aria-busy", "true")
    # The post reached the stand-in fetch (counted, then held): only then is the count
    # read; under load the button says "Saving…" before the count comes back.
    wait_until(page, "() => typeof window.releaseHand === 'function'")
    save.tap(force=True)  # a second, impatient tap
    page.keyboard.press("Enter")
    assert posts.count == 1
    with page.expect_navigation():
        page.evaluate("window.releaseHand()")
    assert posts.count == 1
    assert server_hands(live_server) == [(1, POINTS[0])]
    flash = page.locator(".flash-success")
    expect(flash).to_have_text("Hand 1 saved.")
    expect(flash).to_be_in_viewport()
    # The board was opened as ?saved=1, and keeps its plain address: reloaded, it says
    # nothing of the save.
    assert "saved" not in page.url
    page.reload()
    expect(page.locator("#total-0")).to_be_visible()
    expect(page.locator(".flash-success")).to_have_count(0)


#: Counts the page's calls of navigator.storage.persist() in ``window.persistenceAsked``.
ASKS_FOR_PERSISTENCE = """
window.persistenceAsked = 0;
const persist = navigator.storage.persist.bind(navigator.storage);
navigator.storage.persist = () => { window.persistenceAsked += 1; return persist(); };
"""


def test_hands_saved_offline_are_sent_in_order_once(
    en_phone: Page, live_server: LiveServer
) -> None:
    page = en_phone
    page.add_init_script(ASKS_FOR_PERSISTENCE)
    start_game(page, ANNA_BRUNO)
    for number, hand in enumerate(HANDS, 1):
        keep_offline(page, hand, first=number)
        expect(page.locator("#record-heading")).to_have_text(f"Record hand {number + 1}")
        expect(page.locator("#save-hand")).to_have_text(f"Save hand {number + 1}")
    expect(page.locator("#outbox-kept")).to_contain_text("hand 3 is kept on this phone")
    expect(page.locator("#provisional-note")).to_contain_text("Hands not sent yet: 3")
    expect(page.locator("#hand-form").get_by_label("Cards", exact=True).first).to_have_value("")
    assert server_hands(live_server) == []
    assert page.evaluate("window.persistenceAsked") > 0  # so the browser keeps the outbox
    page.context.set_offline(False)
    sent(page, 3)
    assert server_hands(live_server) == list(enumerate(POINTS, 1))
    expect(page.locator("#total-0")).to_have_text("6")
    expect(page.locator("#total-1")).to_have_text("6")
    expect(page.locator("#record-heading")).to_have_text("Record hand 4")


def test_a_first_visit_without_signal_keeps_the_hand_before_the_worker_has_its_files(
    make_phone: Callable[..., Page], live_server: LiveServer
) -> None:
    """A phone on its first visit loses the signal before the service worker has kept the
    sending half (blocked here: it never does): Save keeps the hand on the phone all the
    same, and it is sent once the signal is back. It was a plain post, lost to the
    browser's error page."""
    page = make_phone(locale="en-GB", service_workers="block")
    start_game(page, ANNA_BRUNO)
    page.context.set_offline(True)
    for number, hand in enumerate(HANDS[:2], 1):
        fill(page, hand)
        tap_save(page)
        expect(page.locator("#outbox-kept")).to_contain_text(f"hand {number} is kept on this phone")
        expect(page.locator("#record-heading")).to_have_text(f"Record hand {number + 1}")
        expect(page.locator("#save-hand")).to_have_text(f"Save hand {number + 1}")
        cards = page.locator("#hand-form").get_by_label("Cards", exact=True).first
        expect(cards).to_have_value("")
    assert server_hands(live_server) == []
    page.context.set_offline(False)
    sent(page, 2)
    assert server_hands(live_server) == list(enumerate(POINTS[:2], 1))


def test_a_hand_the_server_got_before_the_line_dropped_is_saved_once(
    en_phone: Page, live_server: LiveServer
) -> None:
    page = en_phone
    posts = HandPosts(page, lambda n: "lose the answer" if n == 1 else "send")
    start_game(page, ANNA_BRUNO)
    wait_for_worker(page)  # as on a phone that has been here before: the worker in charge
    fill(page, HANDS[0])
    tap_save(page)
    sent(page, 1)
    assert posts.count == 2  # sent again from the outbox: "already saved"
    assert server_hands(live_server) == [(1, POINTS[0])]


def test_a_tab_closed_with_an_unsent_hand_sends_it_when_opened_again(
    en_phone: Page, live_server: LiveServer
) -> None:
    page = en_phone
    board = start_game(page, ANNA_BRUNO)
    context = page.context
    keep_offline(page, HANDS[1])
    page.close()
    context.set_offline(False)
    assert server_hands(live_server) == []
    again = context.new_page()
    again.goto(board)
    sent(again, 1)
    assert server_hands(live_server) == [(1, POINTS[1])]
    expect(again.locator("#total-1")).to_have_text("4")


@pytest.fixture
def two_phones(make_phone: Callable[..., Page]) -> tuple[Page, Page]:
    """Two phones in English (two browsers: each its own outbox) on the board of a new
    game of Anna and Bruno."""
    first, second = make_phone(locale="en-GB"), make_phone(locale="en-GB")
    second.goto(start_game(first, ANNA_BRUNO))
    return first, second


def test_two_phones_queue_the_same_hand_one_gets_it_back(
    two_phones: tuple[Page, Page], live_server: LiveServer
) -> None:
    first, second = two_phones
    for phone, hand in ((first, HANDS[0]), (second, HANDS[1])):
        keep_offline(phone, hand)
    first.context.set_offline(False)
    sent(first, 1)
    second.context.set_offline(False)
    refused = second.locator(".outbox-refused")
    expect(refused).to_contain_text(
        "Hand 1 was not saved: another phone saved hand 1 first.", timeout=SENT_MS
    )
    expect(refused.get_by_role("button", name="Correct it")).to_be_visible()
    expect(refused.get_by_role("button", name="Discard it")).to_be_visible()
    assert server_hands(live_server) == [(1, POINTS[0])]
    # Not dropped: the second phone's hand was another one, entered as the next hand.
    refused.get_by_role("button", name="Enter it as the next hand").tap()
    sent(second, 2)
    expect(refused).to_have_count(0)
    assert server_hands(live_server) == [(1, POINTS[0]), (2, POINTS[1])]


def test_a_refused_hand_is_discarded_only_when_told(
    two_phones: tuple[Page, Page], live_server: LiveServer
) -> None:
    first, second = two_phones
    for phone in two_phones:
        keep_offline(phone, HANDS[0])
    first.context.set_offline(False)
    sent(first, 1)
    second.context.set_offline(False)
    refused = second.locator(".outbox-refused")
    expect(refused).to_contain_text("Hand 1 was not saved", timeout=SENT_MS)
    second.reload()  # still there: only the user's word drops it
    expect(refused).to_contain_text("Hand 1 was not saved")
    refused.get_by_role("button", name="Discard it").tap()
    expect(refused).to_have_count(0)
    second.reload()
    sent(second, 1)
    expect(refused).to_have_count(0)
    assert server_hands(live_server) == [(1, POINTS[0])]


def test_a_refused_hand_can_be_corrected_in_the_form(
    two_phones: tuple[Page, Page], live_server: LiveServer
) -> None:
    first, second = two_phones
    keep_offline(second, HANDS[2])
    fill(first, HANDS[0])
    with first.expect_navigation():
        tap_save(first)
    second.context.set_offline(False)
    refused = second.locator(".outbox-refused")
    refused.get_by_role("button", name="Correct it").tap(timeout=SENT_MS)
    expect(refused).to_have_count(0)
    expect(second.locator("#record-heading")).to_have_text("Record hand 2")
    expect(second.locator("#side-0").get_by_label("Cards", exact=True)).to_have_value("25")
    assert server_hands(live_server) == [(1, POINTS[0])]


def test_a_hand_by_cards_saved_offline_is_sent_later(
    en_phone: Page, live_server: LiveServer
) -> None:
    page = en_phone
    board = start_game(page, ANNA_BRUNO)
    page.get_by_role("link", name="Enter this hand card by card instead").tap()
    grid = page.locator(".grid-enhanced")
    expect(grid).to_be_visible()
    page.wait_for_load_state()
    wait_for_worker(page)  # the worker keeps the scorer's files
    page.context.set_offline(True)
    picker = grid.locator(".side-picker")
    for name in ("seven of denari", "seven of coppe", "seven of bastoni", "seven of spade"):
        grid.get_by_role("button", name=name).first.tap()
    picker.get_by_role("button", name="Bruno ·").tap()
    grid.get_by_role("button", name="Give all remaining cards to Bruno").tap()
    expect(picker.get_by_role("button", name="Bruno ·")).to_have_text("Bruno · 36")
    tap_save(page)
    expect(page.locator("#outbox-kept")).to_contain_text("hand 1 is kept on this phone")
    # The page is ready for the next hand: an empty grid.
    expect(page.locator("h1")).to_have_text("Record hand 2 card by card")
    expect(picker.get_by_role("button", name="Bruno ·")).to_have_text("Bruno · 0")
    assert server_hands(live_server) == []
    page.context.set_offline(False)
    expect(page.locator(".outbox-waiting")).to_have_count(0, timeout=SENT_MS)
    # Anna: settebello and primiera; Bruno: carte and denari.
    assert server_hands(live_server) == [(1, (2, 2))]
    page.goto(board)
    expect(page.locator("#history .hand-row")).to_have_count(1)


#: A stand-in for static/js/scoring.js (window.ScopaScoring) for two sides by counts:
#: carte, denari, settebello, primiera and scope, plus ``EXTRA`` points to the first side
#: (a scorer that gets it wrong, for the server to correct). It stays the page's scorer
#: (the real one's own assignment is refused).
STAND_IN_SCORER = """
(() => {
  const EXTRA = %d;
  const scoreEntry = (rules, mode, entry) => {
    const [a, b] = entry.sides;
    if (a.cards === null || b.cards === null) {
      return {ok: false, sides: [], errors: [{field: "sides[0].cards", code: "not_whole_number"}]};
    }
    const won = (x, y) => (x > y ? 1 : 0);
    const side = (me, other, i) => won(me.cards, other.cards) + won(me.denari, other.denari)
      + (me.settebello ? 1 : 0) + (entry.primiera === i ? 1 : 0) + me.scope;
    const totals = [side(a, b, 0) + EXTRA, side(b, a, 1)];
    return {ok: true, sides: totals.map((total) => ({points: {}, total})), errors: []};
  };
  const gameState = (rules, hands, options) => {
    const totals = [0, 0];
    hands.forEach((h) => { totals[0] += h.points[0]; totals[1] += h.points[1]; });
    const top = Math.max(...totals);
    const level = totals[0] === totals[1];
    const winner = top >= rules.target && !level ? totals.indexOf(top) : null;
    const dealer = (options.firstDealer + hands.length) %% 2;
    return {totals, finished: winner !== null, winner, spareggio: top >= rules.target && level,
            nextHand: hands.length + 1, nextDealer: dealer, nextFirstPlayer: 1 - dealer};
  };
  Object.defineProperty(window, "ScopaScoring", {value: {scoreEntry, gameState}, writable: false});
})();
"""


def test_a_game_played_to_the_end_offline_shows_provisional_points(
    en_phone: Page, live_server: LiveServer
) -> None:
    page = en_phone  # scored on the phone by static/js/scoring.js
    start_game(page, ANNA_BRUNO, target=7)
    wait_for_worker(page)  # the worker keeps the scorer's files
    page.context.set_offline(True)
    for number, hand in enumerate([HANDS[0], HANDS[0]], 1):
        fill(page, hand)
        tap_save(page)
        expect(page.locator(f"#pending-{number}")).to_contain_text("Anna +4")
    expect(page.locator("#total-0")).to_have_text("8")
    expect(page.locator("#total-0")).to_have_class("big-number provisional")
    note = page.locator("#provisional-note")
    expect(note).to_contain_text("These totals are not confirmed.")
    expect(note).to_contain_text("Winner: Anna (not confirmed)")
    expect(page.locator("#next-hand")).to_have_text("Next deal · mazziere: Anna")
    page.context.set_offline(False)
    expect(page.locator("#game-status")).to_have_text("Winner: Anna", timeout=SENT_MS)
    expect(page.locator("#total-0")).to_have_text("8")
    expect(page.locator("#provisional-note")).to_have_count(0)
    assert server_hands(live_server) == [(1, POINTS[0]), (2, POINTS[0])]


def test_a_whole_game_by_cards_and_by_counts_offline_is_sent_in_order(
    en_phone: Page, live_server: LiveServer
) -> None:
    """To 7 without signal: hand 1 card by card (Anna takes the four sevens: settebello
    and primiera; Bruno carte and denari), hands 2 and 3 by counts (Anna +4 each), the
    board's provisional totals and winner; then the signal: every hand on the server once,
    in order, with the totals the phone showed."""
    page = en_phone
    board = start_game(page, ANNA_BRUNO, target=7)
    page.get_by_role("link", name="Enter this hand card by card instead").tap()
    grid = page.locator(".grid-enhanced")
    expect(grid).to_be_visible()
    page.wait_for_load_state()
    wait_for_worker(page)
    wait_until_kept(page, "Anna", board=urlsplit(board).path)  # the grid's game's board
    page.context.set_offline(True)
    picker = grid.locator(".side-picker")
    for name in ("seven of denari", "seven of coppe", "seven of bastoni", "seven of spade"):
        grid.get_by_role("button", name=name).first.tap()
    picker.get_by_role("button", name="Bruno ·").tap()
    grid.get_by_role("button", name="Give all remaining cards to Bruno").tap()
    tap_save(page)
    expect(page.locator("#outbox-kept")).to_contain_text("hand 1 is kept on this phone")
    page.goto(board)  # the kept board, still without signal
    expect(page.locator("#pending-1")).to_contain_text("Anna +2")
    marks = page.locator(".totals .seat-mark:visible")
    for number in (2, 3):
        # Before the winning hand the tiles say who deals and who is di mano next.
        expect(marks).to_have_count(2)
        fill(page, HANDS[0])
        tap_save(page)
        expect(page.locator(f"#pending-{number}")).to_contain_text("Anna +4")
    shown = [page.locator(f"#total-{i}").inner_text() for i in (0, 1)]
    assert shown == ["10", "2"]
    expect(page.locator("#provisional-note")).to_contain_text("(not confirmed)")
    # The game is over on the phone: no next dealer, so no marks, as on the server's board.
    expect(marks).to_have_count(0)
    page.context.set_offline(False)
    sent(page, 3)
    assert server_hands(live_server) == [(1, (2, 2)), (2, POINTS[0]), (3, POINTS[0])]
    assert [page.locator(f"#total-{i}").inner_text() for i in (0, 1)] == shown
    expect(page.locator("#provisional-note")).to_have_count(0)
    expect(marks).to_have_count(0)


def test_the_server_totals_stand_and_the_board_says_so(
    en_phone: Page, live_server: LiveServer
) -> None:
    page = en_phone
    page.add_init_script(STAND_IN_SCORER % 1)  # one point too many for Anna, every hand
    start_game(page, ANNA_BRUNO)
    keep_offline(page, HANDS[0])
    expect(page.locator("#total-0")).to_have_text("5")
    page.context.set_offline(False)
    mismatch = page.locator(".outbox-mismatch")
    expect(mismatch).to_contain_text(
        "The server counted differently: after hand 1 the totals are 4–0.", timeout=SENT_MS
    )
    expect(page.locator("#total-0")).to_have_text("4")
    expect(page.locator("#total-0")).not_to_have_class("big-number provisional")
    assert server_hands(live_server) == [(1, POINTS[0])]


def test_a_session_lost_offline_does_not_refuse_the_kept_hands(
    en_phone: Page, live_server: LiveServer
) -> None:
    """The page's CSRF token no longer matches any session: each send asks for a new one."""
    page = en_phone
    start_game(page, ANNA_BRUNO)
    keep_offline(page, HANDS[0])
    page.context.clear_cookies()  # the browser was closed: its session is gone
    page.context.set_offline(False)
    sent(page, 1)
    # Save on the page, whose own token is the lost session's: saved all the same.
    page.context.clear_cookies()
    fill(page, HANDS[1])
    with page.expect_navigation():
        tap_save(page)
    expect(page.locator(".flash-success")).to_have_text("Hand 2 saved.")
    assert server_hands(live_server) == [(1, POINTS[0]), (2, POINTS[1])]


def test_a_hand_saved_second_online_comes_back_too(
    two_phones: tuple[Page, Page], live_server: LiveServer
) -> None:
    """Both phones typing hand 1 with signal: the second to save gets it back, not lost."""
    first, second = two_phones
    fill(second, HANDS[1])  # typing: the board does not refresh under the player's fingers
    fill(first, HANDS[0])
    with first.expect_navigation():
        tap_save(first)
    with second.expect_navigation():
        tap_save(second)
    refused = second.locator(".outbox-refused")
    expect(refused).to_contain_text("Hand 1 was not saved: another phone saved hand 1 first.")
    sent(second, 1)  # the board as it is now
    refused.get_by_role("button", name="Enter it as the next hand").tap()
    sent(second, 2)
    assert server_hands(live_server) == [(1, POINTS[0]), (2, POINTS[1])]


def test_a_server_that_does_not_answer_is_tried_again(
    en_phone: Page, live_server: LiveServer
) -> None:
    """Signal, but the server is down for a while (503): the hand waits and goes later."""
    page = en_phone
    posts = HandPosts(page, lambda n: 503 if n <= 2 else "send")
    start_game(page, ANNA_BRUNO)
    fill(page, HANDS[0])
    tap_save(page)
    expect(page.locator("#outbox-kept")).to_contain_text("hand 1 is kept on this phone")
    sent(page, 1)
    # Two refused, then one through; on a slow machine a retry may cross the answer of
    # that one: the same request id, so the server still records the hand once.
    assert posts.count >= 3
    assert server_hands(live_server) == [(1, POINTS[0])]


def test_a_refused_hand_whose_link_was_revoked_offers_its_numbers(
    en_phone: Page, live_server: LiveServer
) -> None:
    """The edit link was replaced while the hand waited: no dead "Correct it" link (the
    board it would open is a 404), but the hand's numbers to copy, and discard."""
    page = en_phone
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    start_game(page, ANNA_BRUNO)
    keep_offline(page, HANDS[0])
    with live_server.app.app_context():
        new_edit_link(db.session.scalars(select(Game)).one())
        db.session.remove()
    page.context.set_offline(False)
    refused = page.locator(".outbox-refused")
    expect(refused).to_contain_text("edit link no longer works", timeout=SENT_MS)
    expect(refused.get_by_role("button", name="Correct it")).to_have_count(0)
    expect(refused.get_by_role("button", name="Enter it as the next hand")).to_have_count(0)
    numbers = refused.get_by_label("Its numbers, to enter it again with a link that works:")
    expect(numbers).to_have_value(
        re.compile(r"^Hand 1\nAnna cards: 22\nAnna denari: 6\n(.*\n)*settebello: Anna(\n|$)")
    )
    refused.get_by_role("button", name="Copy its numbers").tap()
    expect(refused.get_by_role("button", name="Copied")).to_be_visible()
    assert page.evaluate("() => navigator.clipboard.readText()") == numbers.input_value()
    refused.get_by_role("button", name="Discard it").tap()
    expect(refused).to_have_count(0)
    assert server_hands(live_server) == []


#: Timers of two seconds or more never fire: the outbox's retries with backoff (from 2 s)
#: and the board's polling stay still, so only the trigger under test sends.
NO_SLOW_TIMERS = """(() => {
    const setTimeoutAsBefore = window.setTimeout;
    window.setTimeout = (work, ms, ...args) =>
        (ms >= 2000 ? 0 : setTimeoutAsBefore(work, ms, ...args));
})();"""


def test_returning_to_the_tab_sends_the_kept_hands(en_phone: Page, live_server: LiveServer) -> None:
    """With signal but no answer the hand is kept; no `online` event comes and no retry
    fires: the tab becoming visible again sends it."""
    page = en_phone
    page.add_init_script(NO_SLOW_TIMERS)
    signal = ["cut"]
    HandPosts(page, lambda _: signal[0])
    start_game(page, ANNA_BRUNO)
    fill(page, HANDS[0])
    tap_save(page)
    expect(page.locator("#pending-1")).to_contain_text("not sent yet")
    signal[0] = "send"
    assert server_hands(live_server) == []
    page.evaluate(
        """() => {
        const seen = (state) => {
            Object.defineProperty(document, "visibilityState", { value: state, configurable: 1 });
            document.dispatchEvent(new Event("visibilitychange"));
        };
        seen("hidden");
        seen("visible");
    }"""
    )
    sent(page, 1)
    assert server_hands(live_server) == [(1, POINTS[0])]
