"""A circuit of three small tournaments run from a phone to its ranking: each a knockout
of two pairs, created, drawn, started and its final entered by hand; the circuit made,
the three added, its ranking, screen and spreadsheet read; the results page of one of the
tournaments shares its podium. At phone and laptop size, never scrolling sideways.

Waiting is Playwright's auto-waiting `expect`, never a sleep.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.flows import sign_up

LAPTOP = {
    "viewport": {"width": 1280, "height": 800},
    "screen": {"width": 1280, "height": 800},
    "is_mobile": False,
    "has_touch": False,
    "device_scale_factor": 1,
}
EVENINGS = [
    ("Serata 1", "Anna & Bruno\nCarla & Dario"),
    ("Serata 2", "Anna & Carla\nBruno & Dario"),
    ("Serata 3", "Anna & Dario\nBruno & Carla"),
]


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def shot(page: Page, name: str) -> None:
    """A screenshot to look at, when SCOREKEEPER_SHOTS names a folder."""
    folder = os.environ.get("SCOREKEEPER_SHOTS")
    if folder:
        page.screenshot(path=f"{folder}/{name}.png", full_page=True)


def play_evening(page: Page, name: str, entries: str) -> str:
    """A public knockout of two pairs: created, drawn, started, its final won by the
    first side 11 to 3; the tournament's address."""
    page.goto("/tournaments/new")
    page.get_by_label("Tournament name").fill(name)
    page.get_by_label("Knockout only").check()
    page.get_by_label("Match length (final)").select_option("1")
    page.get_by_label("Public: anyone with the address can follow it").check()
    page.get_by_label("Results need the other side's confirmation").uncheck()
    page.get_by_role("button", name="Create the tournament").click()
    page.get_by_label("Entries, one a line").fill(entries)
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator(".flash-success")).to_contain_text("Entries added: 2.")
    page.get_by_role("button", name="Draw", exact=True).click()
    page.get_by_role("button", name="Start the tournament").click()
    final = page.locator("li.match-waiting").first
    final.locator("summary").click()
    final.locator('input[name="wins_first"]').fill("1")
    final.locator('input[name="wins_second"]').fill("0")
    final.locator('input[name="points_first"]').fill("11")
    final.locator('input[name="points_second"]').fill("3")
    final.get_by_role("button", name="Save the result").click()
    expect(page.locator(".flash-success")).to_contain_text("saved")
    expect(page.locator(".tournament-status")).to_have_text("Finished")
    return page.url.rsplit("/rounds", 1)[0]


@pytest.mark.parametrize("where", ["phone", "laptop"])
def test_a_circuit_of_three_evenings_to_its_ranking(
    make_phone: Callable[..., Page], where: str
) -> None:
    page = make_phone(locale="en-GB", **(LAPTOP if where == "laptop" else {"width": 360}))
    sign_up(page, "organiser")
    tournaments = [play_evening(page, name, entries) for name, entries in EVENINGS]

    page.goto("/tournaments/")
    page.get_by_role("link", name="Circuits").click()
    page.get_by_role("link", name="New circuit").click()
    page.get_by_label("Circuit name").fill("Grand Prix della Valle")
    page.get_by_label("Season").fill("2026")
    expect(page.get_by_label("Points by place")).to_have_value("25 18 15 12 10 8 6 4 2 1")
    page.get_by_label("Public: anyone with the address can see the ranking").check()
    page.get_by_role("button", name="Create the circuit").click()
    expect(page.locator(".flash-success")).to_contain_text("Circuit created")
    expect(page.locator("#ranking-empty")).to_be_visible()
    for name, _ in EVENINGS:
        option = page.locator("#tournament option", has_text=name)
        page.locator("#tournament").select_option(value=option.get_attribute("value"))
        page.get_by_role("button", name="Add to the circuit").click()
        expect(page.locator(".flash-success")).to_contain_text(f"{name} added")
    expect(page.locator(".circuit-tournaments li")).to_have_count(3)
    rows = page.locator(".circuit-ranking tbody tr")
    expect(rows).to_have_count(4)
    # Every final gives its winners 25 and its losers 18: three evenings, four players,
    # 2 x 25 + 2 x 18 each evening, 258 in all.
    points = [
        int(text) for text in page.locator(".circuit-ranking tbody td strong").all_inner_texts()
    ]
    assert sum(points) == 3 * (2 * 25 + 2 * 18)
    assert points == sorted(points, reverse=True)
    assert set(points) <= {54, 61, 68, 75}
    no_sideways_scroll(page)
    shot(page, f"circuit-{where}")

    # The screen, without an account: the same ranking.
    circuit_url = page.url.split("#", 1)[0]
    screen = make_phone(locale="it-IT", **LAPTOP)
    screen.goto(circuit_url + "/screen")
    expect(screen.locator(".circuit-ranking tbody tr")).to_have_count(4)
    expect(screen.locator(".screen-status")).to_contain_text("3 tornei conteggiati")
    no_sideways_scroll(screen)
    shot(screen, f"circuit-screen-{where}")
    sheet = screen.request.get(circuit_url + "/ranking.csv")
    assert sheet.ok
    assert sheet.body().startswith(b"\xef\xbb\xbf")

    # The first evening's results page, for the club's site, shares its podium.
    results = make_phone(locale="en-GB", **(LAPTOP if where == "laptop" else {"width": 412}))
    results.goto(tournaments[0].replace("/tournaments/", "/published/"))
    expect(results.locator("#podium")).to_contain_text("Winner")
    expect(results.locator(".share-podium-btn")).to_be_visible()
    expect(results.locator(".print-btn")).to_be_visible()
    expect(results.locator("img.podium-image")).to_have_js_property("complete", True)
    assert results.locator("img.podium-image").evaluate("img => img.naturalWidth") == 1080
    no_sideways_scroll(results)
    shot(results, f"results-{where}")
