"""The home page as a phone user meets it."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect


def test_home_page_on_a_phone(phone: Page) -> None:
    phone.goto("/")
    expect(phone.locator("html")).to_have_attribute("lang", "it")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Segnapunti per la Scopa")


def test_no_horizontal_scroll_at_360px(make_phone: Callable[..., Page]) -> None:
    page = make_phone(width=360)
    page.goto("/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_language_switch(phone: Page) -> None:
    phone.goto("/")
    phone.get_by_role("link", name="English").tap()
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Scorekeeper for Scopa")
    phone.get_by_role("link", name="Italiano").tap()
    expect(phone.locator("html")).to_have_attribute("lang", "it")
