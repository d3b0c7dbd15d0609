"""The checkers as a phone user meets them: tap cards, read the verdict."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect


def card(page: Page, name: str):
    """The card button of the enhanced grid with the accessible name `name` ("seven of denari")."""
    return page.locator(".grid-enhanced").get_by_role("button", name=name, exact=False).first


def test_primiera_by_tapping_cards(make_phone: Callable[..., Page]) -> None:
    page = make_phone(locale="en-GB")
    page.goto("/primiera")
    picker = page.locator(".side-picker")
    expect(picker.get_by_role("button", name="A · 0")).to_have_attribute("aria-pressed", "true")
    for name in ("seven of denari", "six of coppe", "ace of bastoni", "five of spade"):
        card(page, name).tap()
    picker.get_by_role("button", name="B · 0").tap()
    for name in ("seven of coppe", "seven of bastoni", "seven of spade", "two of denari"):
        card(page, name).tap()
    result = page.locator("#primiera-result")
    expect(result).to_contain_text("B takes the primiera point, 5 ahead.")
    expect(result).to_contain_text("A: primiera 70")
    # A card B holds shows B's initial while A is active; tapping it gives it to A.
    picker.get_by_role("button", name="A · 4").tap()
    seven = card(page, "seven of coppe")
    expect(seven.locator(".holder")).to_have_text("B")
    seven.tap()
    expect(picker.get_by_role("button", name="A · 5")).to_be_visible()
    expect(result).to_contain_text("A takes the primiera point")
    # The state is in the URL: reloading shows the same check.
    page.reload()
    expect(page.locator("#primiera-result")).to_contain_text("A takes the primiera point")


def test_primiera_works_without_javascript(make_phone: Callable[..., Page]) -> None:
    page = make_phone(locale="en-GB", java_script_enabled=False)
    page.goto("/primiera?sides=1")
    for code in ("7D", "7C", "7B", "7S"):
        page.locator(f'label.card-pick:has(input[value="{code}"])').tap()
    page.get_by_role("button", name="Check the primiera").tap()
    expect(page.locator("#primiera-result")).to_contain_text("A: primiera 84")


def test_capture_by_tapping_the_table_and_the_card_played(make_phone: Callable[..., Page]) -> None:
    page = make_phone(locale="en-GB")
    page.goto("/check/capture")
    # The captures follow every tap: no button for what happens by itself.
    expect(page.get_by_role("button", name="What can it take?")).to_be_hidden()
    for name in ("ace of denari", "three of bastoni", "four of coppe", "five of spade"):
        card(page, name).tap()
    # Giving "all the remaining cards" makes no sense for a table: no such button here.
    expect(page.get_by_role("button", name="Give all remaining cards to Table")).to_be_hidden()
    page.locator(".side-picker").get_by_role("button", name="Played card · 0").tap()
    card(page, "knight of coppe").tap()
    result = page.locator("#capture-result")
    expect(result).to_contain_text("choosing freely among these sums")
    expect(result.locator(".capture-list > li")).to_have_count(2)
    page.get_by_label("Only the sums with the fewest cards").check()
    expect(result).to_contain_text("choosing among the sums with the fewest cards")
    expect(result.locator(".capture-list > li")).to_have_count(1)
    expect(result).to_contain_text("4 + 5 = 9")
    # Another played card replaces the first: only one card is ever played.
    card(page, "seven of denari").tap()
    picker = page.locator(".side-picker")
    expect(picker.get_by_role("button", name="Played card · 1")).to_be_visible()
    expect(result).to_contain_text("3 + 4 = 7")


def test_hand_check_by_cards(make_phone: Callable[..., Page]) -> None:
    page = make_phone(locale="en-GB")
    page.goto("/check/hand")
    for name in ("ace of denari", "two of denari", "three of denari", "seven of denari"):
        card(page, name).tap()
    picker = page.locator(".side-picker")
    picker.get_by_role("button", name="B · 0").tap()
    page.get_by_role("button", name="Give all remaining cards to B").tap()
    expect(picker.get_by_role("button", name="B · 36")).to_be_visible()
    result = page.locator("#hand-result")
    expect(result.locator("tfoot")).to_contain_text("Total")
    expect(result).to_contain_text("A holds it.")
    # Scope are typed, then the hand is scored again with them.
    page.get_by_label("A", exact=True).fill("2")
    page.get_by_role("button", name="Score the hand").tap()
    expect(page.locator("#hand-result")).to_contain_text(
        "Each side scores its own scope: A 2, B 0."
    )
    # A: 2 scope and the settebello; B: carte, denari and primiera.
    expect(page.locator("#hand-result tfoot td")).to_have_text(["3", "3"])


def test_hand_check_by_counts_shows_what_is_wrong(make_phone: Callable[..., Page]) -> None:
    page = make_phone(locale="en-GB")
    page.goto("/check/hand?mode=counts")
    page.locator("#cards0").fill("22")
    page.locator("#cards1").fill("17")
    page.locator("#denari0").fill("6")
    page.locator("#denari1").fill("4")
    page.get_by_role("group", name="Who has the settebello?").get_by_label("A").check()
    page.get_by_role("group", name="Who took the primiera?").get_by_label("Nobody").check()
    page.get_by_role("button", name="Score the hand").tap()
    expect(page.locator("#cards-group-errors")).to_contain_text("the cards add up to 39, not 40")
    expect(page.locator("#cards1")).to_have_value("17")
    page.locator("#cards1").fill("18")
    page.get_by_role("button", name="Score the hand").tap()
    expect(page.locator("#hand-result")).to_contain_text("Entered as taken by nobody.")


PAGES = ["/primiera?sides=4", "/check/capture", "/check/hand?format=4", "/rules"]


@pytest.mark.parametrize("path", [*PAGES, "/check/hand?mode=counts&format=4&napola=1&re_bello=1"])
def test_no_horizontal_scroll_at_360px(make_phone: Callable[..., Page], path: str) -> None:
    page = make_phone(width=360)
    page.goto(path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("path", PAGES[:3])
def test_grid_cards_are_44px_tap_targets(make_phone: Callable[..., Page], path: str) -> None:
    page = make_phone(width=360)
    page.goto(path)
    sizes = page.locator(".grid-enhanced .card-pick").evaluate_all(
        "els => els.map(e => [e.getBoundingClientRect().width, e.getBoundingClientRect().height])"
    )
    assert len(sizes) == 40
    assert min(min(w, h) for w, h in sizes) >= 44


def test_switching_how_the_hand_is_entered_reloads_the_form(
    make_phone: Callable[..., Page],
) -> None:
    page = make_phone(locale="en-GB")
    page.goto("/check/hand")
    page.get_by_label("As counts").check()
    expect(page.locator("#cards0")).to_be_visible()
    # The reloaded page's deferred script must be listening before the next change.
    page.wait_for_load_state()
    page.get_by_label("Players").select_option("3")
    expect(page.locator("#cards2")).to_be_visible()
    page.wait_for_load_state()
    page.get_by_label("Card by card").check()
    expect(page.locator(".side-picker").get_by_role("button")).to_have_count(3)


def test_napoleone_setting_updates_the_result_in_place(make_phone: Callable[..., Page]) -> None:
    page = make_phone(locale="en-GB")
    denari = ",".join(f"{rank}D" for rank in range(1, 11))
    page.goto(f"/check/hand?mode=cards&format=2&s0={denari}&rest=1")
    result = page.locator("#hand-result")
    expect(result.locator("tfoot")).to_contain_text("Total")
    expect(result).not_to_contain_text("napoleone")
    page.get_by_label("Napoleone (all ten denari win the game)").check()
    expect(result).to_contain_text("A took all ten denari: napoleone, the game is won at once.")
    expect(page).to_have_url(re.compile(r"napoleone=y"))
