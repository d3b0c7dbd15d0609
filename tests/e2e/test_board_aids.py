"""The aids players asked for at the table (issue 26), on a phone: the scope tally during
the hand and quanto manca under the totals. (The table view: test_table_view.py.)

The game is started on an English phone (the flows' labels are English), then its board
opened on a phone of the size, language and theme each test is about.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.models import HandSide
from tests.helpers import LiveServer
from tests.helpers.flows import Taps, fill_counts, start_game, wait_for_worker

ANNA_BRUNO = ("Anna", "Bruno")


def board_phone(
    make_phone: Callable[..., Page], width: int = 390, height: int = 844, **overrides: object
) -> tuple[Page, str]:
    """A new game's board on a phone of ``width`` x ``height`` (and ``overrides``)."""
    board = start_game(make_phone(locale="en-GB"), ANNA_BRUNO)
    size = {"width": width, "height": height}
    page = make_phone(**({"locale": "en-GB", "viewport": size, "screen": size} | overrides))
    page.goto(board)
    page.wait_for_load_state()
    return page, board


def stored_scope(live_server: LiveServer) -> list[tuple[int, int]]:
    """Every stored side's (side, scope), in order."""
    with live_server.app.app_context():
        rows = db.session.execute(
            select(HandSide.side, HandSide.scope).order_by(HandSide.hand_id, HandSide.side)
        ).all()
        db.session.remove()
    return [(side, scope) for side, scope in rows]


#: The minus sign (U+2212) of the tally's "-1", as the page writes it.
MINUS = "\u2212"


def plus(page: Page, side: str) -> Locator:
    return page.get_by_role("button", name=f"+1 scopa: {side}")


def minus(page: Page, side: str) -> Locator:
    return page.get_by_role("button", name=f"{MINUS}1 scopa: {side}")


# --------------------------------------------------------------------------- the tally


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 800)], ids=["390", "360"])
def test_the_tally_counts_scope_into_the_hand_and_starts_again(
    make_phone: Callable[..., Page], live_server: LiveServer, width: int, height: int
) -> None:
    page, _board = board_phone(make_phone, width, height)
    for button in (plus(page, "Anna"), minus(page, "Anna"), plus(page, "Bruno")):
        found = button.bounding_box()
        assert found is not None
        assert found["height"] >= 48, button
        assert found["width"] >= 44, button
        expect(button).to_be_in_viewport()
    expect(minus(page, "Anna")).to_be_disabled()  # nothing to take back yet
    plus(page, "Anna").tap()
    plus(page, "Anna").tap()
    plus(page, "Bruno").tap()
    minus(page, "Anna").tap()
    scope = [page.locator(f"#sides-{i}-scope") for i in (0, 1)]
    expect(scope[0]).to_have_value("1")
    expect(scope[1]).to_have_value("1")
    # Kept on the phone as the hand goes on: a reload (a killed tab) brings it back.
    page.reload()
    expect(scope[0]).to_have_value("1")
    expect(scope[1]).to_have_value("1")
    expect(minus(page, "Anna")).to_be_enabled()
    # The hand is entered with it.
    fill_counts(page, Taps(), ANNA_BRUNO, 22, 6, 0, 0)
    page.locator("#hand-form:not([data-previewing])").wait_for()
    with page.expect_navigation():
        page.locator("#save-hand").tap()
    expect(page.locator("#total-0")).to_have_text("5")
    expect(page.locator("#total-1")).to_have_text("1")
    assert stored_scope(live_server) == [(0, 1), (1, 1)]
    # The next hand starts from nothing.
    expect(scope[0]).to_have_value("")
    expect(minus(page, "Anna")).to_be_disabled()
    page.reload()
    expect(scope[0]).to_have_value("")


def test_the_tally_works_offline_and_goes_with_the_kept_hand(
    make_phone: Callable[..., Page], live_server: LiveServer
) -> None:
    page, _board = board_phone(make_phone)
    wait_for_worker(page)
    page.context.set_offline(True)
    plus(page, "Bruno").tap()
    plus(page, "Bruno").tap()
    fill_counts(page, Taps(), ANNA_BRUNO, 22, 6, 0, 0)
    page.locator("#hand-form:not([data-previewing])").wait_for()
    page.locator("#save-hand").tap()
    expect(page.locator("#pending-1")).to_contain_text("not sent yet")
    # Kept with its scope; the next hand's tally is empty, and quanto manca (the server's
    # words) gives way while the totals are the phone's.
    expect(page.locator("#total-1")).to_have_text("2")
    expect(page.locator("#sides-1-scope")).to_have_value("")
    expect(page.locator("#outlook")).to_be_hidden()  # the server's lines give way to the phone's
    expect(page.locator("#outlook-here")).to_be_visible()
    page.context.set_offline(False)
    expect(page.locator(".pending-hand")).to_have_count(0, timeout=20_000)
    assert stored_scope(live_server) == [(0, 0), (1, 2)]


def test_without_a_script_there_is_no_tally_and_scope_is_typed(
    make_phone: Callable[..., Page],
) -> None:
    page, _board = board_phone(make_phone, java_script_enabled=False)
    expect(page.get_by_role("button", name="+1 scopa: Anna")).to_have_count(0)
    expect(page.locator("#side-0").get_by_label("Scope", exact=True)).to_be_visible()


# --------------------------------------------------------------------------- quanto manca


@pytest.mark.parametrize(
    ("locale", "scheme", "anna", "bruno"),
    [
        ("it-IT", "light", "Ad Anna mancano 6 punti", "A Bruno mancano 10 punti"),
        ("en-GB", "dark", "Anna: 6 points to go", "Bruno: 10 points to go"),
    ],
)
def test_quanto_manca_is_under_the_totals_in_the_first_screen(
    make_phone: Callable[..., Page], locale: str, scheme: str, anna: str, bruno: str
) -> None:
    page, board = board_phone(make_phone)
    plus(page, "Bruno").tap()  # the reference hand and a scopa each: 5-1
    plus(page, "Anna").tap()
    fill_counts(page, Taps(), ANNA_BRUNO, 22, 6, 0, 0)
    page.locator("#hand-form:not([data-previewing])").wait_for()
    with page.expect_navigation():
        page.locator("#save-hand").tap()
    phone = make_phone(locale=locale, color_scheme=scheme, viewport={"width": 390, "height": 844})
    phone.goto(board)
    expect(phone.locator("#outlook-0")).to_have_text(anna)
    expect(phone.locator("#outlook-1")).to_have_text(bruno)
    for line in ("#outlook-0", "#outlook-1"):
        expect(phone.locator(line)).to_be_in_viewport(ratio=1)
    # The form's first rows and Save stay on the same screen.
    expect(phone.locator("#save-hand")).to_be_in_viewport(ratio=1)
    expect(phone.get_by_role("group", name="Primiera")).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("locale", ["it-IT", "en-GB"])
def test_quanto_manca_offline_is_the_phones_own_and_reads_as_the_servers(
    make_phone: Callable[..., Page], locale: str
) -> None:
    """Offline, at the totals the phone computed, quanto manca is said again by the phone
    (ScopaScoring.gameOutlook, in the page's words); once the hands are sent, the
    server's lines say the same, word for word."""
    page, _board = board_phone(make_phone, locale=locale)
    wait_for_worker(page)
    page.context.set_offline(True)
    form = page.locator("#hand-form")
    for number in (1, 2):  # the reference hand twice, without scope: 8-0 to 11
        page.locator("#sides-0-cards").fill("22")
        page.locator("#sides-0-denari").fill("6")
        form.get_by_role("group", name="Settebello", exact=True).get_by_label("Anna").tap()
        form.get_by_role("group", name="Primiera", exact=True).get_by_label("Anna").tap()
        page.locator("#hand-form:not([data-previewing])").wait_for()
        page.locator("#save-hand").tap()
        expect(page.locator(f"#pending-{number}")).to_be_visible()
    expect(page.locator("#total-0")).to_have_text("8")
    expect(page.locator("#outlook")).to_be_hidden()
    here = page.locator("#outlook-here li")
    expect(here).to_have_count(2)
    expect(here.first).to_be_in_viewport()
    offline = here.all_inner_texts()
    missing = "Ad Anna mancano 3 punti" if locale == "it-IT" else "Anna: 3 points to go"
    assert missing in offline[0]
    page.context.set_offline(False)
    expect(page.locator(".pending-hand")).to_have_count(0, timeout=20_000)
    expect(page.locator("#outlook-here")).to_have_count(0)
    expect(page.locator("#outlook li")).to_have_text(offline)
