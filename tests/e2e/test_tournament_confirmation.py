"""A knockout of four pairs whose results the other side confirms, on phones: each
match's result entered on one pair's phone, opened from its own link, and confirmed on
the other pair's phone, opened from its own (that phone without JavaScript); one
semifinal disputed and decided by the organiser with a reason; the final waits for its
confirmation, then the winner. The pairs' phones speak Italian.

Waiting is Playwright's auto-waiting `expect`, never a sleep.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

from tests.helpers.flows import sign_up

PAIRS = "Anna & Carla\nBruno & Dario\nElena & Fabio\nGina & Ivo"


def create_and_start(organiser: Page) -> str:
    """Create a knockout of the four pairs (confirmation left on, as the form offers it),
    draw and start it; the round page's address."""
    organiser.goto("/tournaments/new")
    organiser.get_by_label("Tournament name").fill("Torneo di San Rocco")
    organiser.get_by_label("Knockout only").check()
    organiser.get_by_label("Match length (final)").select_option("1")
    expect(organiser.get_by_label("Results need the other side's confirmation")).to_be_checked()
    organiser.get_by_role("button", name="Create the tournament").click()
    organiser.get_by_label("Entries, one a line").fill(PAIRS)
    organiser.get_by_role("button", name="Add", exact=True).click()
    expect(organiser.locator(".flash-success")).to_contain_text("Entries added: 4.")
    organiser.get_by_role("button", name="Draw", exact=True).click()
    organiser.get_by_role("button", name="Start the tournament").click()
    expect(organiser.locator("li.match-waiting")).to_have_count(2)
    return organiser.url


def side_links(match: Locator) -> list[str]:
    """The two pairs' own links of a match on the round page."""
    links = match.locator(".side-links a")
    expect(links).to_have_count(2)
    return [href for href in (a.get_attribute("href") for a in links.all()) if href]


def fill_result(form: Locator, first: tuple[str, str], second: tuple[str, str]) -> None:
    """Partite and points of each side."""
    form.locator('input[name="wins_first"]').fill(first[0])
    form.locator('input[name="points_first"]').fill(first[1])
    form.locator('input[name="wins_second"]').fill(second[0])
    form.locator('input[name="points_second"]').fill(second[1])


def enter(phone: Page, link: str) -> None:
    """The first pair's phone, from its own link: 11 to 4 for the first pair."""
    phone.goto(link)
    expect(phone.locator(".side-where")).to_contain_text("Tavolo")
    fill_result(phone.locator("#side-enter form"), ("1", "11"), ("0", "4"))
    phone.get_by_role("button", name="Salva il risultato").click()
    expect(phone.locator("#confirmation-state")).to_contain_text("In attesa di conferma di")


def confirm(phone: Page, link: str) -> None:
    """The other pair's phone, from its own link: one tap on "Confermiamo" (48 px)."""
    phone.goto(link)
    expect(phone.locator("#side-result")).to_contain_text("11")
    button = phone.get_by_role("button", name="Confermiamo", exact=True)
    box = button.bounding_box()
    assert box is not None
    assert box["height"] >= 48
    button.click()
    expect(phone.locator("#confirmation-state")).to_contain_text("Confermato da")
    expect(phone.locator("#side-result")).to_contain_text("solo l'organizzatore")


def test_four_pairs_confirm_on_their_own_phones_and_the_organiser_decides_a_dispute(
    make_phone: Callable[..., Page],
) -> None:
    """Semifinal 1: entered and confirmed on the two pairs' phones; the final waits.
    Semifinal 2: disputed, decided by the organiser; the final appears. The final:
    entered, the screen marks it unconfirmed, confirmed; the winner."""
    organiser = make_phone(locale="en-GB")
    sign_up(organiser, "organiser")
    rounds_url = create_and_start(organiser)
    semis = organiser.locator("li.match")
    first_semi, second_semi = side_links(semis.nth(0)), side_links(semis.nth(1))

    phone_one = make_phone()  # the first pair's phone at each table
    phone_two = make_phone(java_script_enabled=False)  # the other pair's: no JavaScript

    enter(phone_one, first_semi[0])
    organiser.goto(rounds_url)
    expect(organiser.locator(".badge-unconfirmed")).to_have_count(1)
    confirm(phone_two, first_semi[1])
    organiser.goto(rounds_url)
    expect(organiser.locator("li.match")).to_have_count(2)  # the final waits for the other

    # Semifinal 2: the other pair disputes ("Contestiamo", with its version).
    enter(phone_one, second_semi[0])
    phone_two.goto(second_semi[1])
    phone_two.locator("summary", has_text="Contestiamo").click()
    dispute = phone_two.locator(".dispute-entry form")
    fill_result(dispute, ("0", "9"), ("1", "11"))
    phone_two.get_by_role("button", name="Invia la contestazione").click()
    expect(phone_two.locator("#confirmation-state")).to_contain_text("Contestato da")
    expect(phone_two.get_by_role("button", name="Confermiamo", exact=True)).to_have_count(0)

    organiser.goto(rounds_url.replace("/rounds", ""))
    disputes = organiser.locator("#disputes")
    expect(disputes.locator(".entered-version")).to_have_text("11–4")
    expect(disputes.locator(".disputed-version")).to_have_text("9–11")
    disputes.get_by_label("The disputing side's version").check()
    disputes.get_by_label("Reason").fill("Lo dice il foglio firmato da tutti e quattro")
    disputes.get_by_role("button", name="Decide").click()
    expect(organiser.locator(".flash-success")).to_contain_text("decided")
    expect(organiser.locator("#disputes")).to_have_count(0)

    # The final: entered, marked on the screen, confirmed; then the winner.
    organiser.goto(rounds_url)
    final = organiser.locator("li.match").first
    expect(organiser.locator("li.match")).to_have_count(3)
    final_links = side_links(final)
    enter(phone_one, final_links[0])
    screen = make_phone(locale="en-GB")
    screen.context.add_cookies(organiser.context.cookies())
    screen.goto(rounds_url.replace("/rounds", "/screen"))
    expect(screen.locator(".screen-match").first.locator(".badge-unconfirmed")).to_be_visible()
    organiser.goto(rounds_url)
    expect(organiser.locator(".tournament-status")).to_have_text("Playing")
    confirm(phone_two, final_links[1])
    organiser.goto(rounds_url.replace("/rounds", ""))
    expect(organiser.locator("#podium")).to_contain_text("Winner")
    expect(organiser.locator(".tournament-status")).to_have_text("Finished")
    assert phone_one.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_the_phone_passed_across_confirms_in_one_tap(make_phone: Callable[..., Page]) -> None:
    """One phone at the table: the first pair enters, passes the phone, and the other
    pair taps "<names> confermano"."""
    organiser = make_phone(locale="en-GB")
    sign_up(organiser, "organiser")
    create_and_start(organiser)
    links = side_links(organiser.locator("li.match").first)
    phone = make_phone()
    enter(phone, links[0])
    button = phone.locator("#side-result button.btn-confirm")
    expect(button).to_have_count(1)
    expect(button).to_contain_text(" e ")
    expect(button).to_contain_text("confermano")
    button.click()
    expect(phone.locator("#confirmation-state")).to_contain_text("Confermato da")
