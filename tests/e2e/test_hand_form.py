"""The board's hand form at the table (issue 26), on a phone: a refused Save says at once
what is wrong; settebello and primiera read across the table; scope never shows "01"; and
the first screen holds the totals, the counts, the choices and Save.

The game is started on an English phone (the flows' labels are English), then its board
opened on a phone of the size, language and theme each test is about.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.helpers.flows import REFERENCE_POINTS, save_hand, start_game

ANNA_BRUNO = ("Anna", "Bruno")


def board_phone(
    make_phone: Callable[..., Page], width: int = 412, height: int = 915, **overrides: object
) -> tuple[Page, str]:
    """A new game's board on a phone of ``width`` x ``height`` (and ``overrides``)."""
    board = start_game(make_phone(locale="en-GB"), ANNA_BRUNO)
    size = {"width": width, "height": height}
    page = make_phone(**({"locale": "en-GB", "viewport": size, "screen": size} | overrides))
    page.goto(board)
    return page, board


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, locator
    return found


def save_bar_top(page: Page) -> float:
    """Where the sticky bar with Save starts: what is above it is not hidden by it."""
    return box(page.locator("#hand-form > .form-actions"))["y"]


def fully_in_view(page: Page, locator: Locator, above: float | None = None) -> bool:
    """Whether all of ``locator`` is on the screen (and above ``above``, if given)."""
    where, size = box(locator), page.viewport_size
    assert size is not None
    bottom = size["height"] if above is None else above
    return (
        where["y"] >= 0
        and where["x"] >= 0
        and where["y"] + where["height"] <= bottom + 0.5
        and where["x"] + where["width"] <= size["width"] + 0.5
    )


# --------------------------------------------------------------------------- 1. refused


@pytest.mark.parametrize(
    ("locale", "script", "heading", "line"),
    [
        ("en-GB", True, "The hand was not saved:", "Anna · Denari: more denari (6) than cards (3)"),
        (
            "it-IT",
            False,
            "La mano non è stata salvata:",
            "Anna · Denari: più denari (6) che carte (3)",
        ),
    ],
    ids=["js-en", "no-js-it"],
)
def test_a_refused_save_opens_on_the_summary_with_the_field_in_view(
    make_phone: Callable[..., Page], locale: str, script: bool, heading: str, line: str
) -> None:
    page, _board = board_phone(make_phone, 390, 844, locale=locale, java_script_enabled=script)
    page.locator("#sides-0-cards").fill("3")
    page.locator("#sides-0-denari").fill("6")
    page.locator("#settebello-0").check()
    page.locator("#primiera-0").check()
    save_hand(page)
    summary = page.get_by_role("alert").filter(has=page.locator("#errors-heading"))
    expect(summary).to_have_id("errors")
    expect(summary).to_be_focused()
    expect(summary).to_contain_text(heading)
    link = summary.get_by_role("link")
    expect(link).to_have_text(line)
    expect(link).to_have_attribute("href", "#sides-0-denari")
    field = page.locator("#sides-0-denari")
    assert fully_in_view(page, summary)
    assert fully_in_view(page, field, above=save_bar_top(page))
    # What was typed is all there.
    expect(field).to_have_value("6")
    expect(page.locator("#sides-0-cards")).to_have_value("3")
    expect(page.locator("#settebello-0")).to_be_checked()
    # The line leads to its field (with a script: into it).
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    link.tap()
    assert fully_in_view(page, field, above=save_bar_top(page))
    if script:
        expect(field).to_be_focused()
    else:
        assert page.url.endswith("#sides-0-denari")


def test_a_refused_save_far_down_brings_its_field_into_view(
    make_phone: Callable[..., Page],
) -> None:
    """Nobody chosen for the primiera: the summary has the focus, the choice is in view."""
    page, _board = board_phone(make_phone, 360, 640)
    page.locator("#sides-0-cards").fill("22")
    page.locator("#sides-0-denari").fill("6")
    page.locator("#settebello-0").check()
    save_hand(page)
    expect(page.locator("#errors")).to_be_focused()
    expect(page.locator("#errors a")).to_have_attribute("href", "#primiera-0")
    assert fully_in_view(page, page.get_by_role("group", name="Primiera"), above=save_bar_top(page))


# --------------------------------------------------------------------------- 3. segments


def rgb(css: str) -> tuple[float, ...]:
    return tuple(float(part) for part in css[css.index("(") + 1 : -1].split(",")[:3])


def contrast(one: str, two: str) -> float:
    """The WCAG contrast ratio of two `rgb(...)` colours."""

    def luminance(css: str) -> float:
        channels = [c / 255 for c in rgb(css)]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


FACE = """label => {
    const face = getComputedStyle(label.querySelector('span'));
    const page = getComputedStyle(document.body);
    return [face.backgroundColor, face.color, page.backgroundColor, face.outlineStyle];
}"""


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_settebello_and_primiera_are_segmented_buttons_seen_across_the_table(
    make_phone: Callable[..., Page], color_scheme: str
) -> None:
    page, _board = board_phone(make_phone, color_scheme=color_scheme)
    form = page.locator("#hand-form")
    for legend, options in (
        ("Settebello", ["Anna", "Bruno"]),
        ("Primiera", ["Anna", "Bruno", "Nobody", "Decide from the best cards"]),
    ):
        group = form.get_by_role("group", name=legend, exact=True)
        expect(group.get_by_role("radio")).to_have_count(len(options))
        for option in options:
            face = group.locator("label.segment", has_text=option)
            size = box(face)
            assert size["height"] >= 48, (legend, option, size)
            assert size["width"] >= 48, (legend, option, size)
            assert fully_in_view(page, face)
    settebello = form.get_by_role("group", name="Settebello", exact=True)
    anna, bruno = (settebello.locator("label.segment", has_text=n) for n in ANNA_BRUNO)
    settebello.get_by_label("Anna", exact=True).tap()
    chosen, other = anna.evaluate(FACE), bruno.evaluate(FACE)
    # The chosen one is filled, in a colour of its own, its name readable on it; the
    # other one keeps the page's background.
    assert chosen[0] != chosen[2], chosen
    assert other[0] == other[2], other
    assert contrast(chosen[0], chosen[2]) >= 3, chosen
    assert contrast(chosen[0], chosen[1]) >= 4.5, chosen
    assert contrast(other[0], other[1]) >= 4.5, other
    # Native radios: the keyboard moves the choice, a screen reader hears a radio.
    expect(settebello.get_by_role("radio", name="Anna")).to_be_checked()
    settebello.get_by_role("radio", name="Anna").press("ArrowRight")
    expect(settebello.get_by_role("radio", name="Bruno")).to_be_checked()
    expect(settebello.get_by_role("radio", name="Bruno")).to_be_focused()
    assert bruno.evaluate(FACE)[0] == chosen[0]
    assert bruno.evaluate(FACE)[3] == "solid"  # the keyboard's focus ring
    assert anna.evaluate(FACE)[0] == other[2]


# --------------------------------------------------------------------------- 4. scope


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
def test_scope_starts_empty_and_never_shows_a_leading_zero(
    make_phone: Callable[..., Page], script: bool
) -> None:
    page, _board = board_phone(make_phone, java_script_enabled=script)
    anna, bruno = page.locator("#sides-0-scope"), page.locator("#sides-1-scope")
    for scope in (anna, bruno):
        expect(scope).to_have_value("")
        expect(scope).to_have_attribute("placeholder", "0")
    anna.tap()
    page.keyboard.type("1")
    expect(anna).to_have_value("1")
    if script:  # a 0 typed first goes
        anna.fill("")
        anna.press_sequentially("01")
        expect(anna).to_have_value("1")
    page.locator("#sides-0-cards").fill("22")
    page.locator("#sides-0-denari").fill("6")
    page.locator("#settebello-0").check()
    page.locator("#primiera-0").check()
    if script:
        # The points counted on the phone (offline, from a draft or the outbox) read
        # Bruno's empty box as 0 too.
        totals = page.evaluate(
            """() => ScopaOutbox.previewHere(document.getElementById('hand-form'))
                  .then(node => node.querySelector('tfoot').textContent.replace(/\\s+/g, ''))"""
        )
        assert totals == "Total50", totals
        # The draft keeps the box empty.
        page.locator("#hand-form:not([data-previewing])").wait_for()
        page.reload()
        expect(page.locator("#discard-draft")).to_be_visible()
        expect(anna).to_have_value("1")
        expect(bruno).to_have_value("")
    save_hand(page)
    for side, points in enumerate(REFERENCE_POINTS):
        expect(page.locator(f"#total-{side}")).to_have_text(str(points))
    expect(page.locator("#sides-0-scope")).to_have_value("")


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
def test_the_best_cards_picked_decide_the_primiera(
    make_phone: Callable[..., Page], script: bool
) -> None:
    """The best-card pickers (their options drawn without values or end tags: a browser
    sends an option's text) decide the primiera, with a script and without."""
    page, _board = board_phone(make_phone, java_script_enabled=script)
    for side in (0, 1):
        page.locator(f"#sides-{side}-cards").fill("20")
        page.locator(f"#sides-{side}-denari").fill("5")
    page.locator("#settebello-1").check()
    page.locator("#primiera-3").check()
    if script:  # the choice opens the pickers
        expect(page.locator("#primiera-cards")).to_have_attribute("open", "")
    else:
        page.locator("#primiera-cards > summary").click()
    # Anna 6, 7, 7, 7 (81) over Bruno 7, 1, 1, 1 (69): her point, his settebello.
    for side, cards in enumerate((("6D", "7C", "7B", "7S"), ("7D", "1C", "1B", "1S"))):
        for card in cards:
            page.locator(f"#sides-{side}-best_{card[-1]}").select_option(card)
    if script:
        page.locator("#hand-form:not([data-previewing])").wait_for()
    with page.expect_navigation():
        page.locator("#save-hand").tap()
    for side in (0, 1):
        expect(page.locator(f"#total-{side}")).to_have_text("1")


# --------------------------------------------------------------------------- 7. first screen

SCREENS = [(390, 844), (412, 915)]


@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
@pytest.mark.parametrize(("width", "height"), SCREENS, ids=["390x844", "412x915"])
def test_the_first_screen_holds_totals_counts_choices_and_save(
    make_phone: Callable[..., Page], width: int, height: int, locale: str
) -> None:
    page, _board = board_phone(make_phone, width, height, locale=locale)
    assert page.evaluate("window.scrollY") == 0
    bar = save_bar_top(page)
    save = page.locator("#save-hand")
    assert fully_in_view(page, save)
    for total in ("#total-0", "#total-1"):
        assert fully_in_view(page, page.locator(total), above=bar), total
    form = page.locator("#hand-form")
    counts = [form.locator("#side-0"), form.locator("#side-1")]
    choices = [form.get_by_role("group", name=name) for name in ("Settebello", "Primiera")]
    for what in counts + choices:
        assert fully_in_view(page, what, above=bar), (what, box(what), bar)
    # Share, QR and the screen kept on: one compact row, over the totals.
    tools = page.locator("#board-tools")
    expect(page.locator("#wake-toggle")).to_be_visible()
    assert box(tools)["height"] <= 52
    assert box(tools)["y"] + box(tools)["height"] <= box(page.locator("#total-0"))["y"]
    for tool in ("#share-tool", "#qr-tool", "#wake-toggle"):
        assert fully_in_view(page, page.locator(tool)), tool
        assert box(page.locator(tool))["height"] >= 44, tool


@pytest.mark.parametrize(("width", "height"), SCREENS, ids=["390x844", "412x915"])
def test_after_a_save_the_next_hand_is_on_the_first_screen_too(
    make_phone: Callable[..., Page], width: int, height: int
) -> None:
    """The board a save opens says "Hand 1 saved." on top, and still holds the next hand."""
    page, _board = board_phone(make_phone, width, height)
    page.locator("#sides-0-cards").fill("22")
    page.locator("#sides-0-denari").fill("6")
    page.locator("#settebello-0").check()
    page.locator("#primiera-0").check()
    save_hand(page)
    expect(page.get_by_text("Hand 1 saved.")).to_be_visible()
    bar = save_bar_top(page)
    form = page.locator("#hand-form")
    shown = [page.get_by_text("Hand 1 saved."), page.locator("#total-0")]
    shown += [form.locator("#side-0"), form.get_by_role("group", name="Primiera")]
    for what in shown:
        assert fully_in_view(page, what, above=bar), (what, box(what), bar)


def test_the_qr_tool_shows_the_view_link_s_qr_code(make_phone: Callable[..., Page]) -> None:
    page, _board = board_phone(make_phone, 390, 844)
    qr = page.locator("#view-link-qr")
    expect(qr).to_be_hidden()
    page.locator("#qr-tool").tap()
    expect(qr).to_be_visible()
    expect(qr).to_be_in_viewport()


def test_the_share_tool_opens_the_share_sheet(make_phone: Callable[..., Page]) -> None:
    board = start_game(make_phone(locale="en-GB"), ANNA_BRUNO)
    page = make_phone(locale="en-GB")
    page.add_init_script("navigator.share = d => { window.shared = d; return Promise.resolve(); }")
    page.goto(board)
    page.locator("#share-tool").tap()
    shared = page.wait_for_function("() => window.shared").json_value()
    assert shared["url"] == page.locator("#view-link").get_attribute("href")
