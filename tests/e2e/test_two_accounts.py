"""Two accounts on one phone: what the phone keeps belongs to the account that kept it.

Nadia keeps a board (with its QR codes), a draft and a hand in the outbox; Nico logs in
over her on the same phone. Before Nico's first page shows, her boards are gone from the
service worker's cache, and once its scripts ran her draft and outbox too (the page names
its keeper: scorekeeper/keeper.py, static/js/page.js, templates/main/sw.js); without
signal her board is not served, and the offline page lists none of hers.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import Page, expect

from scorekeeper.main.shell import BOARDS_CACHE
from tests.helpers.actions import PASSWORD
from tests.helpers.flows import (
    Taps,
    fill_counts,
    open_menu,
    sign_up,
    start_game,
    wait_for_worker,
    wait_until,
    wait_until_kept,
)

ANNA_BRUNO = ("Anna", "Bruno")
#: Run at the start of every document of the phone, before any of its scripts: what the
#: page meets when it first shows (the worker's kept boards), and once its own deferred
#: scripts ran (page.js first), the drafts left.
AT_START = (
    f"window.__keptAtStart = caches.open({json.dumps(BOARDS_CACHE)})"
    + """
  .then(c => c.keys()).then(keys => keys.map(r => new URL(r.url).pathname));
document.addEventListener("DOMContentLoaded", () => {
  window.__draftsWhenReady = Object.keys(localStorage)
    .filter(k => k.startsWith("scorekeeper-draft:"));
});
"""
)
#: A hand waiting in the outbox, as outbox.js stores it (only what this test reads).
PUT_IN_OUTBOX = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("scorekeeper", 1);
  open.onupgradeneeded = () =>
    open.result.createObjectStore("outbox", { keyPath: "id", autoIncrement: true });
  open.onsuccess = () => {
    const t = open.result.transaction("outbox", "readwrite");
    t.objectStore("outbox").put({ game: "nadia's game", state: "waiting", number: 2 });
    t.oncomplete = () => { open.result.close(); resolve(true); };
    t.onerror = () => reject(t.error);
  };
  open.onerror = () => reject(open.error);
})"""
#: Whether the outbox holds no hand (its database gone, or empty).
OUTBOX_EMPTY = """() => indexedDB.databases().then(dbs => {
  if (!dbs.some(d => d.name === "scorekeeper")) return true;
  return new Promise(resolve => {
    const open = indexedDB.open("scorekeeper");
    open.onsuccess = () => {
      const d = open.result;
      if (!d.objectStoreNames.contains("outbox")) { d.close(); resolve(true); return; }
      const count = d.transaction("outbox").objectStore("outbox").count();
      count.onsuccess = () => { d.close(); resolve(count.result === 0); };
    };
  });
})"""


def test_a_second_account_on_the_phone_finds_nothing_of_the_first(
    make_phone: Callable[..., Page],
) -> None:
    sign_up(make_phone(locale="en-GB"), "nico")  # on his own phone, first
    page = make_phone(locale="en-GB")
    sign_up(page, "nadia")
    board = start_game(page, ANNA_BRUNO)
    path = board.removeprefix(page.url.split("/g/")[0])
    wait_for_worker(page)
    wait_until_kept(page, "Anna")
    # The board and its QR codes.
    wait_until(
        page, "c => caches.open(c).then(c => c.keys()).then(k => k.length > 1)", BOARDS_CACHE
    )
    fill_counts(page, Taps(), ANNA_BRUNO, cards=22, denari=6, settebello=0, primiera=0)
    wait_until(
        page, "() => Object.keys(localStorage).some(k => k.startsWith('scorekeeper-draft:'))"
    )
    page.goto("/account/")
    assert page.evaluate(PUT_IN_OUTBOX)
    assert not page.evaluate(OUTBOX_EMPTY)

    page.context.add_init_script(AT_START)
    page.goto("/account/login")
    page.get_by_label("Username").fill("nico")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(open_menu(page).get_by_role("link", name="nico")).to_be_visible()
    assert page.url.endswith("/")
    # Nico's first page: nothing of Nadia's kept when it showed, nor once its scripts ran.
    assert page.evaluate("window.__keptAtStart") == []
    assert page.evaluate("window.__draftsWhenReady") == []
    wait_until(page, OUTBOX_EMPTY)
    expect(page.locator(f'a[href="{path}"]')).to_have_count(0)  # nor among "Your games"

    page.context.set_offline(True)
    page.goto(board)
    expect(page.get_by_role("heading", level=1)).to_have_text("No connection")
    expect(page.locator("#kept-list li")).to_have_count(0)
    expect(page.locator("#kept-none")).to_be_visible()


def test_a_visitors_board_stays_kept_for_the_next_visit(make_phone: Callable[..., Page]) -> None:
    """Anonymous play is one keeper: a casual game's board kept by a visitor opens without
    signal after other pages, and its draft comes back."""
    page = make_phone(locale="en-GB")
    board = start_game(page, ANNA_BRUNO)
    wait_for_worker(page)
    wait_until_kept(page, "Anna")
    fill_counts(page, Taps(), ANNA_BRUNO, cards=22, denari=6, settebello=0, primiera=0)
    wait_until(
        page, "() => Object.keys(localStorage).some(k => k.startsWith('scorekeeper-draft:'))"
    )
    page.goto("/rules")
    page.goto("/")
    expect(page.locator("#your-games")).to_contain_text("Anna")
    page.context.set_offline(True)
    page.goto(board)
    expect(page.locator("#offline-line")).to_be_visible()
    expect(page.locator('[name="sides-0-cards"]')).to_have_value("22")


def test_log_out_everywhere_from_another_phone_empties_this_one(
    make_phone: Callable[..., Page],
) -> None:
    """Nadia's phone keeps her board; she logs out everywhere from another phone: the next
    page this phone shows (logged out now) finds none of her boards, nor does it offline."""
    page = make_phone(locale="en-GB")
    sign_up(page, "nadia")
    board = start_game(page, ANNA_BRUNO)
    wait_for_worker(page)
    wait_until_kept(page, "Anna")

    other = make_phone(locale="en-GB")
    other.goto("/account/login")
    other.get_by_label("Username").fill("nadia")
    other.get_by_label("Password").fill(PASSWORD)
    other.get_by_role("button", name="Log in").click()
    other.goto("/account/")
    other.get_by_role("button", name="Log out everywhere").click()
    expect(open_menu(other).get_by_role("link", name="Log in")).to_be_visible()

    page.context.add_init_script(AT_START)
    page.goto("/rules")
    expect(open_menu(page).get_by_role("link", name="Log in")).to_be_visible()
    assert page.evaluate("window.__keptAtStart") == []
    page.context.set_offline(True)
    page.goto(board)
    expect(page.get_by_role("heading", level=1)).to_have_text("No connection")
    expect(page.locator("#kept-list li")).to_have_count(0)
