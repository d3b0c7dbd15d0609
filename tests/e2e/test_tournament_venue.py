"""The tournament at the venue in a real browser: the screen on a 1920 x 1080 TV cycles
by itself through views that each fit, and its round clock counts down to "last hand";
the score sheets print one A4 page per table (Chromium's PDF, its pages counted); at the
door a phone marks entries there and paid, and a late pair joins the next Swiss round.

Waiting is Playwright's auto-waiting `expect`, never a sleep; the cycle is driven by the
screen's test hook (``window.scorekeeperScreen``) or a short ``?cycle=`` in seconds.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.tournaments import services
from scorekeeper.tournaments.inputs import StageSetup
from scorekeeper.tournaments.models import Structure
from tests.helpers import LiveServer
from tests.helpers.flows import sign_up
from tests.helpers.tournaments import EIGHT_PAIRS, FOUR_PAIRS, GROUPS_THEN_FINAL, drawn

TV = {
    "viewport": {"width": 1920, "height": 1080},
    "screen": {"width": 1920, "height": 1080},
    "is_mobile": False,
    "has_touch": False,
    "device_scale_factor": 1,
}
#: Where the screenshots go when SCREENSHOTS names a folder (to look at them).
SHOTS = os.environ.get("SCREENSHOTS", "")
LONG_NAMES = "\n".join(
    f"Massimiliano Bartolomeo{n} & Giovannantonio Campobasso{n} (Circolo Aurora)"
    for n in range(1, 17)
)


def shoot(page: Page, name: str, *, full: bool = False) -> None:
    """A screenshot to look at, when SCREENSHOTS names a folder (``full``: the whole page)."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=full)


def organiser_tournament(
    live_server: LiveServer, page: Page, entries: str = EIGHT_PAIRS, **settings: object
) -> str:
    """Sign up "organiser" on ``page``; a tournament of theirs (groups then a knockout by
    default), drawn and started; its public id."""
    sign_up(page, "organiser")
    settings = {
        "structure": Structure.GROUPS_KNOCKOUT,
        "stages": GROUPS_THEN_FINAL,
        **settings,
    }
    with live_server.app.test_request_context():
        organiser = db.session.scalars(select(User).where(User.username == "organiser")).one()
        structure = settings.pop("structure")
        stages = settings.pop("stages")
        t = drawn(organiser, entries, 7, structure, stages, **settings)  # type: ignore[arg-type]
        services.start(t)
        return t.public_id


def test_the_screen_cycles_through_views_that_fit_and_its_clock_counts_down(
    make_phone: Callable[..., Page], live_server: LiveServer
) -> None:
    """A private tournament: the organiser makes the screen's link and starts a 40-minute
    clock; the TV (no account) opens the link: each view fits 1920 x 1080 with no
    scrolling, the hook moves from view to view, a cycle of one second moves by itself,
    the clock counts down, and moved back past zero says "last hand"."""
    organiser = make_phone(locale="en-GB")
    pid = organiser_tournament(live_server, organiser, LONG_NAMES)
    organiser.goto(f"/tournaments/{pid}/venue")
    organiser.get_by_role("button", name="Make the screen's link").click()
    link = organiser.locator("#screen-link-url").inner_text()
    organiser.get_by_label("Minutes of the round").fill("40")
    organiser.get_by_role("button", name="Start the clock").click()
    expect(organiser.locator("#venue-clock")).to_contain_text("left")

    tv = make_phone(locale="en-GB", **TV)
    tv.goto(link)
    views = tv.locator(".screen-slide")
    count = views.count()
    # Sixteen pairs in groups of four: the eight tables, four groups, all groups (two).
    assert count == 7, count
    clock = tv.locator("#screen-clock")
    expect(clock).to_contain_text(re.compile(r"Round 1 · (40:00|39:\d\d) left"))
    first = clock.inner_text()
    expect(clock).not_to_have_text(first)  # it counts down, second by second
    for index in range(count):
        view = views.nth(index)
        expect(view).to_have_class(re.compile(r"\bis-current\b"))
        key = view.get_attribute("data-slide")
        fits = tv.evaluate(
            """(key) => {
                const view = document.querySelector(`[data-slide="${key}"]`);
                const doc = document.documentElement;
                return view.scrollHeight <= view.clientHeight + 1
                    && doc.scrollHeight <= window.innerHeight
                    && doc.scrollWidth <= window.innerWidth;
            }""",
            key,
        )
        assert fits, key
        # Readable from the back of the hall: names at least 28 px high.
        size = tv.evaluate(
            """(key) => {
                const view = document.querySelector(`[data-slide="${key}"]`);
                const name = view.querySelector('.screen-sides, td.name');
                return name ? parseFloat(getComputedStyle(name).fontSize) : 99;
            }""",
            key,
        )
        assert size >= 28, (key, size)
        shoot(tv, f"screen-{index}-{key}")
        tv.evaluate("window.scorekeeperScreen.next()")
    expect(views.first).to_have_class(re.compile(r"\bis-current\b"))  # round again

    # By itself: a cycle of one second shows the second view, then the third.
    tv.goto(f"{link}?cycle=1")
    expect(views.nth(1)).to_have_class(re.compile(r"\bis-current\b"))
    expect(views.nth(2)).to_have_class(re.compile(r"\bis-current\b"))

    # The organiser takes 40 minutes off: the TV, asking for news, says "last hand".
    organiser.goto(f"/tournaments/{pid}/venue")
    for _ in range(8):
        organiser.get_by_role("button", name="\u22125 min").click()
        expect(organiser.locator("#venue-clock")).to_be_visible()
    tv.evaluate("window.scorekeeperScreen.poll()")
    expect(clock).to_have_text("Round 1 · last hand")
    shoot(tv, "screen-last-hand")


def test_the_score_sheets_print_one_a4_page_per_table(
    make_phone: Callable[..., Page], live_server: LiveServer
) -> None:
    """Four tables, four A4 pages (Chromium's PDF), with and without the sides' own QR
    codes of a tournament that asks for confirmation."""
    for confirm in (False, True):
        organiser = make_phone(locale="en-GB")
        name = f"organiser{int(confirm)}"
        sign_up(organiser, name)
        with live_server.app.test_request_context():
            user = db.session.scalars(select(User).where(User.username == name)).one()
            t = drawn(user, EIGHT_PAIRS, 7, needs_confirmation=confirm)
            services.start(t)
            pid = t.public_id
        organiser.goto(f"/tournaments/{pid}/print/sheets")
        expect(organiser.locator("article.sheet")).to_have_count(4)
        organiser.emulate_media(media="print")
        pdf = organiser.pdf(format="A4", print_background=False)
        pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
        assert pages == 4, (confirm, pages)


def test_check_in_at_the_door_and_a_late_pair_joins_the_next_swiss_round(
    make_phone: Callable[..., Page], live_server: LiveServer
) -> None:
    """On a phone (360 and 412 px): "There" and "Paid" are big taps that mark at once and
    update the counts; the organiser adds a late pair while round 1 is played; the round's
    results are entered, round 2 is asked for, and the late pair is at a table."""
    phone = make_phone(width=360, locale="en-GB")
    pid = organiser_tournament(
        live_server,
        phone,
        FOUR_PAIRS,
        structure=Structure.SWISS,
        stages=(StageSetup(1, 11),),
        rounds=3,
        entry_fee_cents=500,
    )
    for width in (360, 412):
        phone.set_viewport_size({"width": width, "height": 915})
        phone.goto(f"/tournaments/{pid}/checkin")
        there = phone.locator(".checkin-row").first.get_by_role("button", name="There")
        box = there.bounding_box()
        assert box is not None
        assert box["height"] >= 48
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        if width == 360:
            there.click()
            expect(there).to_have_attribute("aria-pressed", "true")
            expect(phone.locator("#door-present")).to_have_text("1 / 4")
            paid = phone.locator(".checkin-row").nth(1).get_by_role("button", name="Paid")
            paid.click()
            expect(paid).to_have_attribute("aria-pressed", "true")
            expect(phone.locator("#door-present")).to_have_text("2 / 4")
            expect(phone.locator("#door-tables")).to_have_text("1")
        shoot(phone, f"checkin-{width}", full=True)

    phone.get_by_label("Entries, one a line").fill("Lia & Max (Bar Sport)")
    phone.get_by_role("button", name="Add to the next round").click()
    expect(phone.locator(".flash-success")).to_contain_text("Late entries added: 1.")
    shoot(phone, "checkin-late-412")
    phone.goto(f"/tournaments/{pid}/rounds")
    while phone.locator("li.match-waiting").count():
        match = phone.locator("li.match-waiting").first
        match.locator("summary").click()
        match.locator('input[name="wins_first"]').fill("1")
        match.locator('input[name="wins_second"]').fill("0")
        match.locator('input[name="points_first"]').fill("11")
        match.locator('input[name="points_second"]').fill("3")
        match.get_by_role("button", name="Save the result").click()
        expect(phone.locator(".flash-success")).to_contain_text("saved")
    phone.get_by_role("button", name="Next round").click()
    round_two = phone.locator("section").filter(has_text="Round 2").first
    expect(round_two).to_contain_text("Lia / Max")


@pytest.mark.parametrize("width", [360, 412])
def test_the_venue_pages_fit_a_phone(
    make_phone: Callable[..., Page], live_server: LiveServer, width: int
) -> None:
    """The venue page, the prize list, the draw to print and check-in, in Italian, dark at
    360 px and light at 412: no sideways scrolling."""
    scheme = "dark" if width == 360 else "light"
    phone = make_phone(width=width, locale="en-GB", color_scheme=scheme)
    pid = organiser_tournament(live_server, phone, entry_fee_cents=1000)
    phone.goto("/lang/it")
    for path in ("venue", "prizes", "print/draw", "checkin"):
        phone.goto(f"/tournaments/{pid}/{path}")
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), path
        shoot(phone, f"{path.replace('/', '-')}-{width}-{scheme}-it", full=True)


def test_without_a_script_the_screen_moves_to_the_next_view_by_itself(
    make_phone: Callable[..., Page], live_server: LiveServer
) -> None:
    """No JavaScript: the page shows one view and its refresh loads the next one."""
    organiser = make_phone(locale="en-GB")
    pid = organiser_tournament(live_server, organiser, is_public=True)
    tv = make_phone(locale="en-GB", java_script_enabled=False, **TV)
    tv.goto(f"/tournaments/{pid}/screen?cycle=1")
    expect(tv.locator(".screen-slide.is-current")).to_have_count(1)
    expect(tv).to_have_url(re.compile(r"view=1"))
    expect(tv.locator(".screen-slide.is-current")).to_have_attribute("data-slide", "table-1-1")
    assert tv.evaluate("document.documentElement.scrollHeight") <= 1080
