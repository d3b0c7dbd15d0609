"""A tournament of eight pairs run from phones: the organiser creates it, pastes the
entries, draws and starts it, prints the score sheets; a table records its match on its
board from the sheet's link, the screen at the venue shows the result by itself, the
other matches are entered by hand, and the knockout ends with its winner.

Waiting is Playwright's auto-waiting `expect`, never a sleep.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.flows import record_reference_hand, sign_up
from tests.helpers.tournaments import EIGHT_PAIRS

#: The screen refreshes every 10 s: a wait for it allows two refreshes.
SCREEN_WAIT_MS = 25_000


def enter_open_results(page: Page) -> int:
    """Enter by hand the result of every match still open on the round page (the first
    side wins 11 to 3); how many."""
    entered = 0
    while True:
        open_match = page.locator("li.match-waiting, li.match-playing").first
        if open_match.count() == 0:
            return entered
        open_match.locator("summary").click()
        open_match.locator('input[name="wins_first"]').fill("1")
        open_match.locator('input[name="wins_second"]').fill("0")
        open_match.locator('input[name="points_first"]').fill("11")
        open_match.locator('input[name="points_second"]').fill("3")
        open_match.get_by_role("button", name="Save the result").click()
        expect(page.locator(".flash-success")).to_contain_text("saved")
        entered += 1


def create_draw_and_start(organiser: Page) -> str:
    """Create a public knockout of the eight pairs, draw it twice, start it; the round
    page's address."""
    organiser.goto("/leagues/")
    organiser.get_by_role("link", name="New tournament").click()
    organiser.get_by_label("Tournament name").fill("Torneo di San Rocco")
    organiser.get_by_label("Knockout only").check()
    organiser.get_by_label("Match length (final)").select_option("1")
    organiser.get_by_label("Public: anyone with the address can follow it").check()
    organiser.get_by_label("Results need the other side's confirmation").uncheck()
    organiser.get_by_role("button", name="Create the tournament").click()

    organiser.get_by_label("Entries, one a line").fill(EIGHT_PAIRS)
    organiser.get_by_role("button", name="Add", exact=True).click()
    expect(organiser.locator(".flash-success")).to_contain_text("Entries added: 8.")
    organiser.get_by_role("button", name="Draw", exact=True).click()
    seed = organiser.locator(".draw-seed").inner_text()
    assert seed.isdigit()
    organiser.get_by_role("button", name="Draw again").click()
    expect(organiser.locator(".draw-seed")).not_to_have_text(seed)
    organiser.get_by_role("button", name="Start the tournament").click()
    expect(organiser.locator("li.match-waiting")).to_have_count(4)
    return organiser.url


def print_sheets(organiser: Page) -> str:
    """Open the score sheets (one per table, each with its QR; print hides the page's
    header); the first table's link."""
    organiser.get_by_role("link", name="Score sheets").click()
    sheets = organiser.locator("article.sheet")
    expect(sheets).to_have_count(4)
    expect(sheets.first.locator("img.qr")).to_be_visible()
    qr = organiser.request.get(sheets.first.locator("img.qr").get_attribute("src") or "")
    assert qr.ok
    assert qr.headers["content-type"].startswith("image/svg+xml")
    organiser.emulate_media(media="print")
    expect(organiser.locator(".site-header")).to_be_hidden()
    organiser.emulate_media(media="screen")
    return sheets.first.locator(".sheet-link").inner_text()


def play_on_the_board(table: Page, link: str, hands: int = 1) -> None:
    """The table's phone opens the sheet's link (no account) and plays the partita out:
    ``hands`` hands of 11 for the first side (two for a game to 21)."""
    table.goto(link)
    for hand in range(1, hands + 1):
        record_reference_hand(table, scope=7)
        expect(table.locator("#total-0")).to_have_text(str(11 * hand))


#: A laptop and the venue's TV, as `make_phone` overrides of the phone it emulates.
LAPTOP = {"viewport": {"width": 1280, "height": 800}, "screen": {"width": 1280, "height": 800}}
TV = {"viewport": {"width": 1920, "height": 1080}, "screen": {"width": 1920, "height": 1080}}
DESKTOP = {"is_mobile": False, "has_touch": False, "device_scale_factor": 1}


@pytest.mark.parametrize("where", ["phone", "laptop"])
def test_eight_pairs_from_the_draw_to_the_winner(
    make_phone: Callable[..., Page], where: str
) -> None:
    """The organiser on a phone, or on a laptop with the screen page on the venue's TV;
    the tables always on phones."""
    big = where == "laptop"
    organiser = make_phone(locale="en-GB", **({**LAPTOP, **DESKTOP} if big else {}))
    sign_up(organiser, "organiser")
    rounds_url = create_draw_and_start(organiser)
    table_link = print_sheets(organiser)

    # The venue's screen: no account, a public tournament.
    screen = make_phone(locale="en-GB", **({**TV, **DESKTOP} if big else {}))
    screen.goto(rounds_url.replace("/rounds", "/screen"))
    table_one = screen.locator(".screen-match").first
    expect(table_one).to_contain_text("not started")

    play_on_the_board(make_phone(locale="en-GB"), table_link)
    expect(table_one).to_contain_text("finished", timeout=SCREEN_WAIT_MS)
    expect(table_one).to_contain_text("11–0")

    organiser.goto(rounds_url)
    expect(organiser.locator("li.match-finished")).to_have_count(1)
    expect(organiser.locator("li.match-finished")).to_contain_text("11–0")
    entered = 0
    for _ in range(3):  # the quarterfinals, the semifinals, the final
        entered += enter_open_results(organiser)
        organiser.goto(rounds_url)
    assert entered == 6
    expect(organiser.locator(".tournament-status")).to_have_text("Finished")

    organiser.get_by_role("link", name="Standings", exact=True).click()
    podium = organiser.locator("#podium")
    expect(podium).to_contain_text("Winner")
    expect(podium.locator("li")).to_have_count(4)  # no match for third: two thirds
    expect(organiser.locator(".bracket-round")).to_have_count(3)
    expect(screen.locator("#podium")).to_contain_text("Winner", timeout=SCREEN_WAIT_MS)
    # No sideways scrolling, on the phone as on the laptop, nor on the screen.
    organiser.goto(rounds_url)
    assert organiser.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert screen.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_six_players_at_tables_of_three_to_the_winner(make_phone: Callable[..., Page]) -> None:
    """A 3-player round-robin of six on a phone: created, drawn, started; each table's
    result of three entered by hand round after round; the standings show the winner;
    the round page and the standings never scroll sideways."""
    phone = make_phone(width=360, locale="en-GB")
    sign_up(phone, "organiser")
    phone.goto("/tournaments/new")
    phone.get_by_label("Tournament name").fill("Torneo a tre")
    phone.get_by_label("3 players, each for themselves").check()
    phone.get_by_label("Single round-robin").check()
    phone.get_by_label("Results need the other side's confirmation").uncheck()
    phone.get_by_role("button", name="Create the tournament").click()
    phone.get_by_label("Entries, one a line").fill("\n".join(f"Player {i}" for i in range(1, 7)))
    phone.get_by_role("button", name="Add", exact=True).click()
    expect(phone.locator(".flash-success")).to_contain_text("Entries added: 6.")
    phone.get_by_role("button", name="Draw", exact=True).click()
    phone.get_by_role("button", name="Start the tournament").click()
    expect(phone.locator("li.match-waiting")).to_have_count(2)
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    rounds_url = phone.url
    for _ in range(8):
        while (open_match := phone.locator("li.match-waiting").first).count():
            open_match.locator("summary").click()
            for side, wins, points in (
                ("first", "1", "11"),
                ("second", "0", "3"),
                ("third", "0", "2"),
            ):
                open_match.locator(f'input[name="wins_{side}"]').fill(wins)
                open_match.locator(f'input[name="points_{side}"]').fill(points)
            open_match.get_by_role("button", name="Save the result").click()
            expect(phone.locator(".flash-success")).to_contain_text("saved")
        next_button = phone.locator("#next-round-button")
        if next_button.count() == 0:
            break
        next_button.click()
        phone.goto(rounds_url)
    expect(phone.locator(".tournament-status")).to_have_text("Finished")
    phone.get_by_role("link", name="Standings", exact=True).click()
    expect(phone.locator("#podium")).to_contain_text("Winner")
    expect(phone.locator(".three-standings tbody tr")).to_have_count(6)
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_a_league_tournament_played_at_every_table_enters_the_league(
    make_phone: Callable[..., Page],
) -> None:
    """A knockout of eight pairs inside a league: every match is recorded on its table's
    board from the score sheet's link (a league game: on a scorer's phone, here the
    owner's), the knockout fills in round after round, and the league's standings then
    hold the tournament's games."""
    owner = make_phone(locale="en-GB")
    sign_up(owner, "owner")
    owner.goto("/leagues/")
    owner.get_by_role("link", name="New league").click()
    owner.get_by_label("League name").fill("Circolo Aurora")
    owner.get_by_role("button", name="Create the league").click()
    league_url = owner.url
    owner.get_by_role("link", name="Standings").click()
    expect(owner.locator("table.standings tbody tr")).to_have_count(0)

    owner.goto("/leagues/")
    owner.get_by_role("link", name="New tournament").click()
    owner.get_by_label("Tournament name").fill("Torneo del Circolo")
    owner.get_by_label("Knockout only").check()
    owner.get_by_label("Match length (final)").select_option("1")
    owner.get_by_label("League").select_option(label="Circolo Aurora")
    owner.get_by_label("Results need the other side's confirmation").uncheck()
    owner.get_by_role("button", name="Create the tournament").click()
    owner.get_by_label("Entries, one a line").fill(EIGHT_PAIRS)
    owner.get_by_role("button", name="Add", exact=True).click()
    owner.get_by_role("button", name="Draw", exact=True).click()
    owner.get_by_role("button", name="Start the tournament").click()
    rounds_url = owner.url

    table = make_phone(locale="en-GB")  # the tables' phone, the owner's account on it
    table.context.add_cookies(owner.context.cookies())
    # The quarterfinals and semifinals to 11 (a hand each), the final to 21 (two).
    for tables, hands in ((4, 1), (2, 1), (1, 2)):
        owner.goto(rounds_url)
        owner.get_by_role("link", name="Score sheets").click()
        expect(owner.locator("article.sheet")).to_have_count(tables)
        for link in owner.locator(".sheet-link").all_inner_texts():
            play_on_the_board(table, link, hands)
    owner.goto(rounds_url)
    expect(owner.locator("li.match-finished")).to_have_count(7)
    expect(owner.locator(".tournament-status")).to_have_text("Finished")
    winners = owner.locator("li.match").first.locator(".side-a").inner_text()  # the final's

    owner.goto(league_url)
    owner.get_by_role("link", name="Standings").click()
    rows = owner.locator("table.standings").first.locator("tbody tr")
    expect(rows).to_have_count(16)  # every player of the eight pairs
    for row in rows.all()[:2]:  # the two winners, three matches won each
        expect(row).to_contain_text("3–0")
        assert row.locator("td").nth(1).inner_text() in winners
    assert owner.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
