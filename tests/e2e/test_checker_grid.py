"""The primiera checker's names and the card grid's marks as a phone user meets them
(issue #26, points 6 and 11): typing a side's name never reloads the page nor loses what
was typed for another side, with JavaScript or without; a card another side holds wears
that side's badge, never a letter that reads as a second rank."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

TRANSPARENT = ("rgba(0, 0, 0, 0)", "transparent")


def card(page: Page, name: str):
    """The enhanced grid's card button whose accessible name starts with `name`."""
    return page.locator(".grid-enhanced").get_by_role("button", name=name, exact=False).first


def test_typing_the_names_never_reloads_nor_loses_one(make_phone: Callable[..., Page]) -> None:
    page = make_phone()  # it-IT
    page.goto("/primiera")
    page.evaluate("window.sameDocument = true")
    page.get_by_text("Dai un nome alle parti").click()
    side_a, side_b = page.get_by_label("Parte A"), page.get_by_label("Parte B")
    side_a.fill("Anna")
    side_b.click()  # leaving A's field (its change) used to reload the page here
    side_b.press_sequentially("Bruno")
    card(page, "sette di denari").tap()
    picker = page.locator(".side-picker")
    expect(picker.get_by_role("button", name="Anna · 1")).to_be_visible()
    expect(picker.get_by_role("button", name="Bruno · 0")).to_be_visible()
    expect(page.locator("#primiera-summary")).to_contain_text("Anna")
    expect(page.locator("#primiera-summary")).to_contain_text("Bruno")
    expect(side_a).to_have_value("Anna")
    expect(side_b).to_have_value("Bruno")
    assert page.evaluate("window.sameDocument") is True
    # The URL holds every field: a reload (or the link) keeps both names and the card.
    expect(page).to_have_url(re.compile(r"n0=Anna.*n1=Bruno|n1=Bruno.*n0=Anna"))
    page.reload()
    expect(page.get_by_label("Parte A")).to_have_value("Anna")
    expect(page.get_by_label("Parte B")).to_have_value("Bruno")
    expect(picker.get_by_role("button", name="Anna · 1")).to_be_visible()


def test_without_javascript_the_names_go_with_the_cards(make_phone: Callable[..., Page]) -> None:
    page = make_phone(locale="en-GB", java_script_enabled=False)
    page.goto("/primiera")
    page.get_by_text("Name the sides").click()
    page.get_by_label("Side A").fill("Anna")
    page.get_by_label("Side B").fill("Bruno")
    page.locator('fieldset[data-side="s0"] label.card-pick:has(input[value="7D"])').tap()
    page.get_by_role("button", name="Check the primiera").tap()
    expect(page.get_by_label("Side A")).to_have_value("Anna")
    expect(page.get_by_label("Side B")).to_have_value("Bruno")
    expect(page.locator('fieldset[data-side="s1"] > legend')).to_have_text("Bruno")
    expect(page.locator("#primiera-result")).to_contain_text("Anna:")


def test_a_card_another_side_holds_wears_its_badge(make_phone: Callable[..., Page]) -> None:
    page = make_phone(locale="en-GB")
    page.goto("/primiera")
    ace = card(page, "ace of denari")
    ace.tap()  # side A takes the asso: A on an A
    picker = page.locator(".side-picker")
    picker.get_by_role("button", name="B · 0").tap()
    mark = ace.locator(".holder")
    expect(mark).to_have_text("A")
    expect(mark).to_have_class(re.compile(r"\bside-mark\b.*\bside-0\b"))
    style = mark.evaluate(
        "e => { const s = getComputedStyle(e);"
        " return [s.backgroundColor, s.color, parseFloat(s.borderTopLeftRadius)]; }"
    )
    assert style[0] not in TRANSPARENT  # a filled badge, not a superscript letter
    assert style[1] == "rgb(255, 255, 255)"
    assert style[2] > 0
    # The same badge names side A on its picker button (hidden from screen readers, which
    # hear "held by A" on the card).
    badge = picker.get_by_role("button", name="A · 1").locator(".side-mark")
    expect(badge).to_have_attribute("aria-hidden", "true")
    assert badge.evaluate("e => getComputedStyle(e).backgroundColor") == style[0]
    expect(ace).to_contain_text("held by A")
    # B's own cards show a tick, no badge; A's badge colour differs from B's.
    seven = card(page, "seven of coppe")
    seven.tap()
    expect(seven.locator(".holder")).to_have_text("✓")
    expect(seven.locator(".holder")).not_to_have_class(re.compile(r"side-mark"))
    b_badge = picker.get_by_role("button", name="B · 1").locator(".side-mark")
    assert b_badge.evaluate("e => getComputedStyle(e).backgroundColor") != style[0]


def test_a_name_typed_renames_the_badges(make_phone: Callable[..., Page]) -> None:
    page = make_phone(locale="en-GB")
    page.goto("/primiera")
    card(page, "ace of denari").tap()
    page.get_by_text("Name the sides").click()
    page.get_by_label("Side A").fill("Zoe")
    page.locator(".side-picker").get_by_role("button", name="B · 0").tap()
    expect(card(page, "ace of denari").locator(".side-mark")).to_have_text("Z")
