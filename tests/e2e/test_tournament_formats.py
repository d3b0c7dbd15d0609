"""The formats of issue 29 run to the end in a browser: an individual tournament of twelve
with rotating partners (two clear points: a result short of them refused on the page),
on a phone and on a laptop, one of eleven on a phone (three rest each round, a player
leaves between rounds), and a club-against-club evening on a phone.

Waiting is Playwright's auto-waiting `expect`, never a sleep.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.flows import sign_up

LAPTOP = {"viewport": {"width": 1280, "height": 800}, "screen": {"width": 1280, "height": 800}}
DESKTOP = {"is_mobile": False, "has_touch": False, "device_scale_factor": 1}
CLUBS = """\
Anna & Bruno (Circolo Aurora)
Carla & Dario (Circolo Aurora)
Elena & Fabio (Bar Sport)
Gina & Ivo (Bar Sport)
"""


def fill_result(match: Page, first: int, second: int) -> None:
    """Type a one-partita result into an open match's form: the first side wins."""
    match.locator("summary").click()
    match.locator('input[name="wins_first"]').fill("1")
    match.locator('input[name="wins_second"]').fill("0")
    match.locator('input[name="points_first"]').fill(str(first))
    match.locator('input[name="points_second"]').fill(str(second))
    match.get_by_role("button", name="Save the result").click()


def enter_round(page: Page) -> int:
    """Enter every open match of the round page by hand (16 to 3); how many."""
    entered = 0
    while (open_match := page.locator("li.match-waiting, li.match-playing").first).count():
        fill_result(open_match, 16, 3)
        expect(page.locator(".flash-success")).to_contain_text("saved")
        entered += 1
    return entered


def create(page: Page, name: str, structure: str, rounds: int, entries: str) -> None:
    """Create a tournament of ``structure`` through the form, add ``entries``, draw and
    start it."""
    page.goto("/tournaments/new")
    page.get_by_label("Tournament name").fill(name)
    page.get_by_label(structure).check()
    page.get_by_label("Rounds (Swiss or Danish)").fill(str(rounds))
    page.get_by_label("Target (groups, rounds)").fill("15")
    page.get_by_label("Two clear points (ai 15 con 2 di scarto)").check()
    page.get_by_label("Results need the other side's confirmation").uncheck()
    page.get_by_role("button", name="Create the tournament").click()
    page.get_by_label("Entries, one a line").fill(entries)
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator(".flash-success")).to_contain_text("Entries added")
    page.get_by_role("button", name="Draw", exact=True).click()
    page.get_by_role("button", name="Start the tournament").click()


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.parametrize("where", ["phone", "laptop"])
def test_twelve_players_with_rotating_partners_to_the_end(
    make_phone: Callable[..., Page], where: str
) -> None:
    """Twelve players entered alone, five rounds of three tables: every table names its
    two pairs, a result short of two clear points is refused next to the form, every
    round is entered by hand, and the individual standings rank all twelve."""
    size = {**LAPTOP, **DESKTOP} if where == "laptop" else {"width": 360}
    page = make_phone(locale="en-GB", **size)
    sign_up(page, "organiser")
    players = "\n".join(f"Giocatore {n}" for n in range(1, 13))
    create(page, "Baraonda di Natale", "Individual, rotating partners (baraonda)", 5, players)
    expect(page.locator("li.match-waiting")).to_have_count(3)
    expect(page.locator("li.match-waiting").first).to_contain_text(" / ")
    no_sideways_scroll(page)
    rounds_url = page.url

    fill_result(page.locator("li.match-waiting").first, 15, 14)
    expect(page.get_by_text("the winner must reach the target and lead by 2")).to_be_visible()
    page.goto(rounds_url)

    entered = 0
    for number in range(1, 6):
        expect(page.get_by_role("heading", name=f"Round {number}")).to_be_visible()
        entered += enter_round(page)
        if number < 5:
            page.locator("#next-round-button").click()
            page.goto(rounds_url)
    assert entered == 15
    expect(page.locator(".tournament-status")).to_have_text("Finished")
    no_sideways_scroll(page)

    page.get_by_role("link", name="Standings", exact=True).click()
    expect(page.locator("#format-notes")).to_contain_text(
        "nobody partners the same player twice in the first n"
    )
    expect(page.get_by_role("heading", name="Individual standings")).to_be_visible()
    expect(page.locator(".tournament-standings tbody tr")).to_have_count(12)
    expect(page.locator("#podium")).to_contain_text("Winner")
    no_sideways_scroll(page)


def test_eleven_players_rest_in_turn_and_one_leaves_on_a_phone(
    make_phone: Callable[..., Page],
) -> None:
    """Eleven players: two tables and three resting every round; after round 2 a player
    leaves (withdrawn from the entries page), rounds 3 and 4 seat the ten left, two of
    them resting; the standings say each player's rests and what a rest is worth."""
    page = make_phone(locale="en-GB", width=360)
    sign_up(page, "organiser")
    players = "\n".join(f"Giocatore {n}" for n in range(1, 12))
    create(page, "Baraonda dei dispari", "Individual, rotating partners (baraonda)", 4, players)
    expect(page.locator("li.match-waiting")).to_have_count(2)
    expect(page.locator("li.match-bye")).to_have_count(3)
    no_sideways_scroll(page)
    rounds_url = page.url
    entries_url = rounds_url.replace("/rounds", "/entries")

    entered = 0
    for number in range(1, 5):
        expect(page.get_by_role("heading", name=f"Round {number}")).to_be_visible()
        current = page.locator("section.round").first
        expect(current.locator("li.match-bye")).to_have_count(3 if number <= 2 else 2)
        entered += enter_round(page)
        if number == 2:
            page.goto(entries_url)
            leaving = page.locator("#in-play li", has_text="Giocatore 5")
            leaving.get_by_role("link", name="Withdraw…").click()
            expect(page.locator("#withdraw")).to_contain_text("seated no more from the next")
            page.locator("#confirm-withdrawal").click()
            expect(page.locator(".flash-success")).to_contain_text(
                "seated no more from the next round"
            )
            expect(page.locator("#in-play li", has_text="Giocatore 5")).to_contain_text(
                "Withdrawn player"
            )
            page.goto(rounds_url)
        if number < 4:
            page.locator("#next-round-button").click()
            page.goto(rounds_url)
    assert entered == 8
    expect(page.locator(".tournament-status")).to_have_text("Finished")
    # Giocatore 5 sat at no table and rested in no round after leaving.
    for later in page.locator("section.round").all()[:2]:
        expect(later).not_to_contain_text("Giocatore 5")
    no_sideways_scroll(page)

    page.get_by_role("link", name="Standings", exact=True).click()
    notes = page.locator("#format-notes")
    expect(notes).to_contain_text("With 10 players, 2 rest each round")
    expect(notes).to_contain_text("A round resting counts as a match won: 3 points")
    rows = page.locator(".tournament-standings tbody tr")
    expect(rows).to_have_count(11)
    expect(page.locator(".tournament-standings .badge-withdrawn")).to_have_count(1)
    # 3 + 3 + 2 + 2 rests over ten different players: nobody rested twice.
    expect(page.locator(".tournament-standings .rests")).to_have_count(10)
    expect(page.locator(".tournament-standings .rests").first).to_have_text("1 round resting")
    expect(page.locator("#podium")).to_contain_text("Winner")
    no_sideways_scroll(page)


@pytest.mark.parametrize("where", ["phone", "laptop"])
def test_a_club_against_club_evening(make_phone: Callable[..., Page], where: str) -> None:
    """Two clubs of two pairs play two rounds, every pair against each pair of the other
    club; the team standings come first on the standings page, the podium names the
    winning club."""
    size = {**LAPTOP, **DESKTOP} if where == "laptop" else {"width": 360}
    page = make_phone(locale="en-GB", **size)
    sign_up(page, "organiser")
    create(page, "Sfida tra circoli", "Club against club", 2, CLUBS)
    expect(page.locator("li.match-waiting")).to_have_count(2)
    rounds_url = page.url
    assert enter_round(page) == 2
    page.locator("#next-round-button").click()
    page.goto(rounds_url)
    assert enter_round(page) == 2
    expect(page.locator(".tournament-status")).to_have_text("Finished")
    page.get_by_role("link", name="Standings", exact=True).click()
    teams = page.locator(".club-standings tbody tr")
    expect(teams).to_have_count(2)
    expect(page.get_by_role("heading", name="Team standings")).to_be_visible()
    expect(page.locator("#format-notes")).to_contain_text("matches won, then partite won")
    expect(page.locator("#podium")).to_contain_text("Circolo Aurora")
    no_sideways_scroll(page)
