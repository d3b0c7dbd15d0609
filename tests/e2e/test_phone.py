"""Made for the phone on the table (issue #12): the header, the board, the standings at
phone widths, as a player meets them. Waiting is Playwright's `expect`, never a sleep."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask
from playwright.sync_api import Locator, Page, expect

from tests.helpers import LiveServer
from tests.helpers.flows import REFERENCE_HAND, Taps, fill_counts, reference_hand, start_game

ANNA_BRUNO = ("Anna", "Bruno")
NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


def in_viewport(page: Page, locator: Locator) -> bool:
    """Whether all of `locator`'s box is inside the viewport as the page is scrolled now."""
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None
    assert size is not None
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_the_header_fits_360_px_and_its_menu_reaches_every_section(
    make_phone: Callable[..., Page], locale: str
) -> None:
    page = make_phone(width=360, locale="en-GB")
    board = start_game(page, ANNA_BRUNO)
    page = make_phone(width=360, locale=locale)
    english = locale == "en-GB"
    for path in ("/", board, "/primiera"):
        page.goto(path)
        assert page.evaluate(NO_SIDEWAYS_SCROLL), path
        menu = page.locator("#site-menu")
        expect(menu.get_by_role("link", name="Leagues" if english else "Leghe")).to_be_hidden()
        menu.locator("summary").tap()
        for name in (
            ("New game", "Leagues", "Log in", "Sign up")
            if english
            else ("Nuova partita", "Leghe", "Accedi", "Registrati")
        ):
            link = menu.get_by_role("link", name=name, exact=True)
            expect(link).to_be_visible()
            assert in_viewport(page, link), (path, name)
        assert page.evaluate(NO_SIDEWAYS_SCROLL), path
    page.locator("#site-menu").get_by_role("link", name="Leagues" if english else "Leghe").tap()
    expect(page).to_have_url(re.compile(r"/(leagues|login)"))


def test_the_home_page_leads_to_a_new_game_your_games_and_leagues(
    make_phone: Callable[..., Page],
) -> None:
    page = make_phone(width=360, locale="en-GB")
    page.goto("/")
    expect(page.locator("#new-game")).to_be_visible()
    expect(page.get_by_role("heading", name="Your games")).to_be_visible()
    expect(page.get_by_role("heading", name="Your leagues")).to_be_visible()
    expect(page.locator("#leagues-link")).to_be_visible()


def test_save_is_in_view_from_the_first_field_at_390_by_844(
    make_phone: Callable[..., Page],
) -> None:
    page = make_phone(locale="en-GB", viewport={"width": 390, "height": 844})
    start_game(page, ANNA_BRUNO)
    first = page.locator("#hand-form").get_by_role("group", name="Anna").get_by_label("Cards")
    first.scroll_into_view_if_needed()
    assert in_viewport(page, first)
    save = page.locator("#save-hand")
    assert in_viewport(page, save)
    first.tap()
    fill_counts(page, Taps(), ANNA_BRUNO, **REFERENCE_HAND)  # type: ignore[arg-type]
    page.locator("#hand-form:not([data-previewing])").wait_for()
    assert in_viewport(page, save)


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
def test_by_cards_save_stays_in_reach_once_a_card_is_chosen(
    make_phone: Callable[..., Page], script: bool
) -> None:
    """Before a card is chosen the grid is free of the bar (nothing to save yet, and no
    card half hidden under it); from the first card on, Save is at the thumb's reach."""
    page = make_phone(locale="en-GB", width=360)
    board = start_game(page, ANNA_BRUNO)
    page = make_phone(
        locale="en-GB", viewport={"width": 360, "height": 740}, java_script_enabled=script
    )
    page.goto(board + "/hands/cards")
    save = page.locator("#hand-form").get_by_role("button", name=re.compile("^Save"))
    assert not in_viewport(page, save)
    page.locator(".card-pick:visible").first.tap()
    expect(page.locator(".card-pick input:checked").first).to_be_attached()
    assert in_viewport(page, save)
    page.locator(".card-pick:visible").nth(25).scroll_into_view_if_needed()
    assert in_viewport(page, save)


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
def test_hand_saved_is_in_view_after_save(make_phone: Callable[..., Page], script: bool) -> None:
    page = make_phone(
        locale="en-GB", viewport={"width": 390, "height": 844}, java_script_enabled=script
    )
    start_game(page, ANNA_BRUNO)
    reference_hand(page, ANNA_BRUNO)
    message = page.get_by_text("Hand 1 saved.")
    expect(message).to_be_visible()
    assert in_viewport(page, message)
    assert in_viewport(page, page.locator("#total-0"))


def mark_tile(page: Page, mark: str) -> Locator:
    """The tile on the board that holds mark `mark` (dealer or first)."""
    return page.locator(f"#board .total:has(.mark-{mark})")


def test_the_dealer_and_the_player_di_mano_are_marked_on_their_tiles(
    make_phone: Callable[..., Page],
) -> None:
    page = make_phone(locale="en-GB")
    start_game(page, ANNA_BRUNO, first_dealer=0)
    expect(page.locator("#next-hand")).to_have_text(
        "Hand 1 · mazziere (deals): Anna · di mano (plays first): Bruno"
    )
    expect(mark_tile(page, "dealer")).to_have_id("tile-0")
    expect(mark_tile(page, "dealer").locator(".side-name")).to_have_text("Anna")
    expect(mark_tile(page, "first")).to_have_id("tile-1")
    reference_hand(page, ANNA_BRUNO)
    expect(page.locator("#next-hand")).to_contain_text("mazziere (deals): Bruno")
    expect(mark_tile(page, "dealer")).to_have_id("tile-1")
    expect(mark_tile(page, "first")).to_have_id("tile-0")
    expect(page.locator(".mark-dealer")).to_have_count(1)


def test_in_pairs_the_mark_names_the_player(make_phone: Callable[..., Page]) -> None:
    page = make_phone(locale="en-GB")
    names = ("Anna", "Bruno", "Carla", "Dario")
    start_game(page, names, format_label="4 players in 2 teams of 2", first_dealer=1)
    expect(page.locator("#next-hand")).to_contain_text("mazziere (deals): Bruno")
    dealer = page.locator("#board .mark-dealer")
    expect(dealer).to_have_count(1)
    expect(dealer).to_have_text("mazziere: Bruno")
    expect(mark_tile(page, "dealer").locator(".side-name")).to_have_text("Bruno and Dario")


def demo_league(app: Flask, players: int = 12, games: int = 80) -> str:
    """A public league with finished games in the live server's database: its standings."""
    from scorekeeper.accounts.services import create_user
    from scorekeeper.leagues.demo import seed_league

    with app.app_context():
        owner = create_user("owner", "correct horse battery")
        league = seed_league(owner, "Circolo Scopa Bar Sport", players, games, seed=5)
        return f"/leagues/{league.public_id}/"


@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_the_standings_fit_360_px_with_the_rating_in_view(
    make_phone: Callable[..., Page], live_server: LiveServer, locale: str
) -> None:
    standings = demo_league(live_server.app)
    page = make_phone(width=360, locale=locale)
    page.goto(standings)
    table = page.locator("table.standings")
    expect(table.locator("tbody tr")).to_have_count(12)
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    # The table itself does not scroll sideways in its box either.
    assert table.evaluate("t => t.parentElement.scrollWidth <= t.parentElement.clientWidth")
    first = table.locator("tbody tr").first
    for cell in range(5):  # rank, name, won-lost, points, rating
        assert in_viewport_x(page, first.locator("td").nth(cell)), cell
    rating = first.locator("td.rating")
    assert re.fullmatch(r"\d+", rating.inner_text())
    # Won-lost and points on one line each (never "28-" over "0").
    one_line = (
        "td => { const r = document.createRange(); r.selectNodeContents(td);"
        " return r.getClientRects().length === 1; }"
    )
    for row in table.locator("tbody tr").all():
        for cell in (2, 3):
            assert row.locator("td").nth(cell).evaluate(one_line), row.inner_text()
    heads = table.locator("thead th").all_inner_texts()
    for abbreviation in ("G", "W", "L", "7D", "Prim.", "Nap."):
        assert abbreviation not in heads
    # The league tabs: no tab alone on its row.
    rows: dict[float, int] = {}
    for tab in page.locator(".league-nav a").all():
        box = tab.bounding_box()
        assert box is not None
        rows[round(box["y"])] = rows.get(round(box["y"]), 0) + 1
    assert len(rows) == 1 or min(rows.values()) > 1
    # The detail is a tap away: every figure in the fold, the player's page by the name.
    page.locator(".standings-more > summary").tap()
    expect(page.locator("table.standings-detail tbody tr")).to_have_count(12)


def in_viewport_x(page: Page, locator: Locator) -> bool:
    """Whether `locator`'s box is inside the viewport's width."""
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None
    assert size is not None
    return box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5


def grid_card(page: Page, name: str) -> Locator:
    """A card of the checker's enhanced grid by its accessible name ("seven of denari")."""
    return page.locator(".grid-enhanced").get_by_role("button", name=name, exact=False).first


def test_the_checker_keeps_its_result_in_view_while_tapping(
    make_phone: Callable[..., Page],
) -> None:
    page = make_phone(locale="en-GB", viewport={"width": 390, "height": 844})
    page.goto("/primiera")
    # The result follows every tap: no button for it once the script runs.
    expect(page.get_by_role("button", name="Check the primiera")).to_be_hidden()
    summary = page.locator("#primiera-summary")
    # Whole boxes in view (to a pixel's rounding), waited for: the script replaces the
    # result as each tap comes, and a box read in between would be none.
    for name in ("seven of denari", "six of coppe", "ace of bastoni", "king of spade"):
        target = grid_card(page, name)
        target.tap()
        expect(target, name).to_be_in_viewport(ratio=0.99)
        expect(summary).to_contain_text("A")
        expect(summary, name).to_be_in_viewport(ratio=0.99)
    expect(summary).to_contain_text("Point: A")
    expect(summary.locator("b")).to_have_text(["65", "–"])  # 21 + 18 + 16 + 10


def test_the_checker_s_sides_can_be_named(make_phone: Callable[..., Page]) -> None:
    page = make_phone(locale="en-GB")
    page.goto("/primiera?sides=2")
    page.locator(".side-names > summary").tap()
    page.get_by_label("Side A").fill("Anna & Carla")
    with page.expect_navigation():
        page.get_by_label("Side A").press("Enter")
    picker = page.locator(".side-picker")
    expect(picker.get_by_role("button", name="Anna & Carla · 0")).to_be_visible()
    for name in ("seven of denari", "seven of coppe", "seven of bastoni", "seven of spade"):
        grid_card(page, name).tap()
    expect(page.locator("#primiera-summary")).to_contain_text("Point: Anna & Carla")
    expect(page.locator("#primiera-result")).to_contain_text("Anna & Carla takes the primiera")
    box = picker.get_by_role("button", name="Anna & Carla · 4").bounding_box()
    assert box is not None
    assert box["height"] < 60  # on one line


@pytest.mark.parametrize("width", [360, 412])
def test_the_checker_s_result_cards_start_in_line(
    make_phone: Callable[..., Page], width: int
) -> None:
    """Each suit's cards start at one edge, whatever the suit's name ("bastoni" is the
    longest: its card sat a few pixels to the right)."""
    page = make_phone(locale="it-IT", width=width)
    page.goto("/primiera?sides=2&s0=7D,1D,6C,1B,5S&s1=7C,7B,7S,2D,4D")
    for side in page.locator("#primiera-result .side-result").all():
        lefts = side.locator(".card-row > li:first-child > .card-face, .suit-list .muted")
        edges = lefts.evaluate_all("els => els.map(e => e.getBoundingClientRect().left)")
        assert len(edges) == 4
        assert max(edges) - min(edges) < 0.5, edges


@pytest.mark.parametrize("script", [True, False])
def test_a_card_is_drawn_from_its_code_and_named_once(
    make_phone: Callable[..., Page], script: bool
) -> None:
    """The grid's faces carry only the card's name: the rank and the suit are drawn by
    cards.css from the card's code, and the rank is not said again before the name."""
    page = make_phone(locale="en-GB", java_script_enabled=script)
    board = start_game(page, ANNA_BRUNO)
    page.goto(board + "/hands/cards")
    if script:
        card = page.locator(".grid-enhanced").get_by_role("button", name="knight of coppe")
        expect(card).to_have_accessible_name("knight of coppe")
    else:
        card = page.locator('fieldset[data-side="s0"] label.card-pick:has([value="9C"])')
        expect(card.locator("input")).to_have_accessible_name("knight of coppe")
    face = card.locator(".card-face")
    drawn = face.evaluate(
        """f => [getComputedStyle(f, '::before').content,
                 getComputedStyle(f, '::after').maskImage,
                 getComputedStyle(f, '::after').backgroundColor,
                 getComputedStyle(f, '::after').width]"""
    )
    assert drawn[0] in ('"C" / ""', '"C"'), drawn
    assert drawn[1].startswith('url("data:image/svg+xml,'), drawn
    assert drawn[2] == "rgb(179, 38, 30)", drawn  # --suit-C in the light theme
    assert float(drawn[3].removesuffix("px")) > 16, drawn
    card.tap()
    if script:
        expect(card).to_have_attribute("aria-pressed", "true")
        expect(card.locator(".holder")).to_have_text("\u2713")
    else:
        tick = card.locator("input")
        expect(tick).to_be_checked()
        assert tick.evaluate("i => getComputedStyle(i).borderRightWidth") == "3px"


def test_a_hand_s_categories_stay_on_one_line_at_360_px(make_phone: Callable[..., Page]) -> None:
    """ "settebello" in bold is the longest name: it must not break inside the word."""
    page = make_phone(width=360, locale="en-GB")
    board = start_game(page, ANNA_BRUNO)
    reference_hand(page, ANNA_BRUNO)
    page.goto(board + "/hands/1")
    heads = page.locator(".breakdown-table tbody th[scope=row]")
    expect(heads.first).to_be_visible()
    heights = [box["height"] for box in map(Locator.bounding_box, heads.all()) if box]
    assert len(heights) == 5  # carte, denari, settebello, primiera, scope: no napola, no re bello
    assert max(heights) < 1.5 * min(heights), heights  # two lines would be twice as tall
