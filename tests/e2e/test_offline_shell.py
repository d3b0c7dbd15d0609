"""The installable app without signal: the service worker's shell and kept boards, the
view link going offline and catching up, keeping the screen on and sharing.

Service workers need a secure origin: the live server on 127.0.0.1 is one. The network
is cut with `context.set_offline` (the worker's own fetches are cut with it). Waiting is
Playwright's auto-waiting (`expect`) or polling (`wait_until`), never a sleep.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.main.shell import BOARDS_CACHE, FETCHED_HEADER
from tests.helpers import LiveServer, flows, serve_static_copy
from tests.helpers.flows import (
    open_menu,
    reference_hand,
    sign_up,
    start_game,
    wait_until,
    wait_until_kept,
)

ANNA_BRUNO = ("Anna", "Bruno")
OFFLINE_LINE = re.compile(r"^Offline · last updated at \d\d:\d\d$")

#: The caches of the app shell this page's origin holds.
SHELL_CACHES = "caches.keys().then(names => names.filter(n => n.startsWith('sk-shell-')))"


@pytest.fixture
def en_phone(make_phone: Callable[..., Page]) -> Page:
    """A phone whose browser asks for English."""
    return make_phone(locale="en-GB")


def wait_for_worker(page: Page) -> None:
    """Wait until the service worker controls the page."""
    wait_until(page, "() => navigator.serviceWorker.controller !== null")


def kept_time(page: Page) -> str:
    """HH:MM (the phone's time) at which the worker fetched its copy of this board."""
    result: str = page.evaluate(
        """([cache, header]) => caches.open(cache)
               .then(c => c.match(location.origin + location.pathname))
               .then(r => { const d = new Date(Number(r.headers.get(header)));
                            const p = n => String(n).padStart(2, "0");
                            return p(d.getHours()) + ":" + p(d.getMinutes()); })""",
        [BOARDS_CACHE, FETCHED_HEADER],
    )
    return result


def test_a_board_opens_offline_from_its_kept_copy(en_phone: Page) -> None:
    page = en_phone
    start_game(page, ANNA_BRUNO)
    reference_hand(page, ANNA_BRUNO)
    wait_for_worker(page)
    page.reload()  # through the worker now: the board is kept as the server sent it
    wait_until_kept(page, 'id="total-0">5<')
    expect(page.locator("#offline-line")).to_be_hidden()

    page.context.set_offline(True)
    page.reload()
    line = page.locator("#offline-line")
    expect(line).to_be_visible()
    expect(line).to_have_text(OFFLINE_LINE)
    expect(line).to_have_text(f"Offline · last updated at {kept_time(page)}")
    expect(page.locator("#total-0")).to_have_text("5")
    expect(page.locator("#history .hand-row")).to_have_count(1)
    # The kept copy is styled by the kept files.
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"

    page.context.set_offline(False)
    expect(line).to_be_hidden()  # the board's poll reached the server: current again


#: Whether every QR code on the page (both links' <details> opened) has drawn.
QRS_DRAWN = """() => {
    document.querySelectorAll("#share details").forEach(d => { d.open = true; });
    const qrs = [...document.querySelectorAll("img.qr")];
    return qrs.length === 2 && qrs.every(img => img.complete && img.naturalWidth > 0);
}"""


def test_a_kept_board_shows_its_qr_codes_offline(en_phone: Page) -> None:
    """The QR codes (never opened online: they load lazily) are kept with the board."""
    page = en_phone
    start_game(page, ANNA_BRUNO)
    flows.wait_for_worker(page)  # installed for sure, the shell kept
    page.reload()
    wait_until_kept(page, "Anna")
    wait_until(
        page,
        """(cache) => caches.open(cache).then(c => c.keys())
               .then(keys => keys.filter(r => r.url.endsWith(".svg")).length === 2)""",
        BOARDS_CACHE,
    )
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#offline-line")).to_have_text(OFFLINE_LINE)
    wait_until(page, QRS_DRAWN)


def test_a_board_first_opened_before_the_worker_is_kept_too(en_phone: Page) -> None:
    page = en_phone
    start_game(page, ANNA_BRUNO)
    wait_for_worker(page)
    wait_until_kept(page, "Anna")  # the worker fetched the open board when it took over
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#offline-line")).to_have_text(OFFLINE_LINE)


def test_the_board_of_a_game_page_open_when_the_worker_takes_over_is_kept(
    en_phone: Page, make_phone: Callable[..., Page]
) -> None:
    """A phone that opens a game at its card grid (a link shared from another phone)
    before the worker took over: the worker keeps the game's board all the same, and it
    opens without signal."""
    board = urlsplit(start_game(en_phone, ANNA_BRUNO)).path
    page = make_phone(locale="en-GB")  # its own browser: no worker yet
    page.goto(f"{board}/hands/cards")
    wait_for_worker(page)
    wait_until_kept(page, "Anna", board=board)
    page.context.set_offline(True)
    page.goto(board)
    expect(page.locator("#offline-line")).to_have_text(OFFLINE_LINE)
    expect(page.locator("#tile-0")).to_contain_text("Anna")


def test_a_page_not_kept_shows_the_offline_page_with_the_kept_boards(en_phone: Page) -> None:
    page = en_phone
    board = start_game(page, ANNA_BRUNO)
    wait_for_worker(page)
    wait_until_kept(page, "Anna")

    page.context.set_offline(True)
    page.goto("/rules")
    expect(page.get_by_role("heading", level=1)).to_have_text("No connection")
    kept = page.locator("#kept-list li")
    expect(kept).to_have_count(1)
    expect(kept.locator(".kept-note")).to_have_text(
        re.compile(r"^edit link · last updated at \d\d:\d\d$")
    )
    kept.get_by_role("link", name="Anna – Bruno").click()
    expect(page).to_have_url(board)
    expect(page.locator("#offline-line")).to_be_visible()


def test_the_offline_page_speaks_the_language_of_the_last_page(
    make_phone: Callable[..., Page],
) -> None:
    page = make_phone()  # Italian
    page.goto("/")
    wait_for_worker(page)
    page.reload()  # tells the worker the page's language once it is active
    page.context.set_offline(True)
    page.goto("/rules")
    expect(page.get_by_role("heading", level=1)).to_have_text("Nessuna connessione")


def test_logging_out_forgets_the_kept_boards(en_phone: Page) -> None:
    page = en_phone
    sign_up(page, "anna")
    start_game(page, ANNA_BRUNO)
    wait_for_worker(page)
    wait_until_kept(page, "Anna")
    open_menu(page).get_by_role("button", name="Log out").click()
    expect(open_menu(page).get_by_role("link", name="Log in")).to_be_visible()
    count = page.evaluate(
        "c => caches.open(c).then(c => c.keys()).then(k => k.length)", BOARDS_CACHE
    )
    assert count == 0


def changing_static(
    live_server: LiveServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """A copy of the static folder that the server serves from, for a test to change under
    it, as in development (templates reload): a released app reads each file's digest
    once, and a new version of it is a restart."""
    static = serve_static_copy(live_server.app, tmp_path, monkeypatch)
    monkeypatch.setattr(live_server.app.jinja_env, "auto_reload", True)
    return static


def next_version(static: Path, page: Page) -> str:
    """Change a static file (a new version of the app); the name of the cache in charge."""
    with (static / "css" / "app.css").open("a") as css:
        css.write("\n/* the next version */\n")
    current: list[str] = page.evaluate(SHELL_CACHES)
    assert len(current) == 1
    return current[0]


def test_a_new_version_replaces_the_old_one_whole(
    en_phone: Page, live_server: LiveServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    static = changing_static(live_server, tmp_path, monkeypatch)
    page = en_phone
    page.goto("/")
    wait_for_worker(page)

    old = next_version(static, page)
    page.reload()  # the browser checks /sw.js on a navigation: a new worker installs
    wait_until(page, f"() => {SHELL_CACHES}.then(n => n.length === 1 && n[0] !== {old!r})")
    css_kept = page.evaluate(
        "caches.match('/static/css/app.css', {ignoreSearch: true}).then(r => r.text())"
    )
    assert css_kept.endswith("/* the next version */\n")
    # The page names the new file, which the new cache holds.
    stylesheet = page.evaluate("document.querySelector('link[rel=stylesheet]').href")
    assert page.evaluate("url => caches.match(url).then(r => !!r)", stylesheet)

    # A page left open while the next version takes over says so, and reloads on request.
    page.evaluate("() => document.getElementById('new-version')?.remove()")  # step 1's, if any
    old = next_version(static, page)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    wait_until(page, f"() => {SHELL_CACHES}.then(n => n.length === 1 && n[0] !== {old!r})")
    expect(page.locator("#new-version")).to_contain_text("A new version of the app is ready.")
    with page.expect_navigation():
        page.locator("#new-version").get_by_role("button", name="Reload").click()
    expect(page.locator("#new-version")).to_have_count(0)


def test_the_view_link_says_offline_and_catches_up(make_phone: Callable[..., Page]) -> None:
    table = make_phone(locale="en-GB")
    start_game(table, ANNA_BRUNO)
    view_link = table.locator("#view-link").get_attribute("href")
    assert view_link
    follower = make_phone(locale="en-GB")
    follower.goto(view_link)
    line = follower.locator("#offline-line")
    expect(follower.locator("#total-0")).to_have_text("0")

    follower.context.set_offline(True)
    expect(line).to_have_text(OFFLINE_LINE)
    reference_hand(table, ANNA_BRUNO)
    expect(follower.locator("#total-0")).to_have_text("0")  # it cannot know yet
    follower.context.set_offline(False)
    expect(follower.locator("#total-0")).to_have_text("5")
    expect(line).to_be_hidden()


def test_keep_the_screen_on_toggle(en_phone: Page) -> None:
    page = en_phone
    start_game(page, ANNA_BRUNO)
    toggle = page.get_by_role("button", name="Screen on")
    expect(toggle).to_be_visible()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    page.reload()  # the choice is remembered on this phone
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")


def test_share_the_view_link_with_the_score(en_phone: Page) -> None:
    page = en_phone
    page.add_init_script(
        "navigator.share = data => { window.shared = data; return Promise.resolve(); }"
    )
    start_game(page, ANNA_BRUNO)
    reference_hand(page, ANNA_BRUNO)
    page.locator("#share summary", has_text="View link").click()
    expect(page.locator("#share .whatsapp-link")).to_be_hidden()
    page.get_by_role("button", name="Share the view link").click()
    shared = page.wait_for_function("() => window.shared").json_value()
    view_link = page.locator("#view-link").get_attribute("href")
    assert shared["url"] == view_link
    assert shared["text"] == "Scopa, Anna – Bruno: 5–0. Follow the game:"


def test_without_a_share_sheet_whatsapp_gets_the_link(en_phone: Page) -> None:
    page = en_phone
    page.add_init_script("delete Navigator.prototype.share")
    start_game(page, ANNA_BRUNO)
    page.locator("#share summary", has_text="View link").click()
    expect(page.get_by_role("button", name="Share the view link")).to_be_hidden()
    whatsapp = page.get_by_role("link", name="Send on WhatsApp")
    expect(whatsapp).to_be_visible()
    href = whatsapp.get_attribute("href") or ""
    assert href.startswith(
        "https://wa.me/?text=Scopa%2C%20Anna%20%E2%80%93%20Bruno%3A%200%E2%80%930."
    )


def test_chromium_finds_the_app_installable(en_phone: Page) -> None:
    page = en_phone
    page.goto("/")
    wait_for_worker(page)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert manifest["url"].endswith("/manifest.webmanifest?lang=en")
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's browser contexts are incognito ones, where nothing installs.
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []


#: The version of the app whose worker kept this board (main/sw.js's KEPT_BY header).
KEPT_BY = """(cache) => caches.open(cache)
    .then(c => c.match(location.origin + location.pathname))
    .then(r => (r ? r.headers.get("X-Scorekeeper-Version") : null))"""


def test_a_new_version_fetches_the_kept_boards_again(
    en_phone: Page, live_server: LiveServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A board kept by the version before names that version's files: the new worker
    fetches it again, so that offline it is this version's board."""
    static = changing_static(live_server, tmp_path, monkeypatch)
    page = en_phone
    board = start_game(page, ANNA_BRUNO)
    flows.wait_for_worker(page)  # installed for sure, the shell kept
    page.reload()
    wait_until_kept(page, "Anna")
    old = next_version(static, page)
    assert page.evaluate(KEPT_BY, BOARDS_CACHE) == old.removeprefix("sk-shell-")
    page.goto("/rules")  # no board open: only the activation can fetch it again
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    wait_until(page, f"() => {SHELL_CACHES}.then(n => n.length === 1 && n[0] !== {old!r})")
    (new,) = page.evaluate(SHELL_CACHES)
    page.context.set_offline(True)  # the board from its kept copy, not from the server
    page.goto(board)
    expect(page.locator("#offline-line")).to_have_text(OFFLINE_LINE)
    assert page.evaluate(KEPT_BY, BOARDS_CACHE) == new.removeprefix("sk-shell-")
    stylesheet = page.evaluate("document.querySelector('link[rel=stylesheet]').href")
    assert page.evaluate("url => caches.match(url).then(r => !!r)", stylesheet)


def test_a_board_kept_by_an_older_version_says_so_offline(en_phone: Page) -> None:
    """Not fetched again (no signal when the new version came): shown, but marked."""
    page = en_phone
    start_game(page, ANNA_BRUNO)
    flows.wait_for_worker(page)  # installed for sure, the shell kept
    page.reload()
    wait_until_kept(page, "Anna")
    page.evaluate(
        """(cache) => caches.open(cache).then(c => {
            const key = location.origin + location.pathname;
            return c.match(key).then(r => r.blob().then(body => {
                const headers = new Headers(r.headers);
                headers.set("X-Scorekeeper-Version", "0ld");
                return c.put(key, new Response(body, { headers }));
            }));
        })""",
        BOARDS_CACHE,
    )
    page.context.set_offline(True)
    page.reload()
    line = page.locator("#offline-line")
    expect(line).to_contain_text("Offline · last updated at")
    expect(line).to_contain_text("This copy is from an older version of the app")
    page.context.set_offline(False)
    expect(line).to_be_hidden()
