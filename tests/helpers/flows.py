"""What a player does at the table, as Playwright steps shared by the e2e tests and
bench/pages.py (one flow, so the tap count the bench reports is the one the test asserts).

Every tap, click or fill goes through a :class:`Taps`, which counts them: the issue's
figure is "taps or typed numbers from the scoreboard back to the updated scoreboard".
The pages are driven in English (`locale="en-GB"`) unless a test says otherwise; the
locators use the labels a player reads, so a missing label fails the flow. Playwright is
imported only when a step runs: importing the helpers never needs it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pytest

from scorekeeper.main.shell import BOARDS_CACHE
from tests.helpers.actions import PASSWORD

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

#: The reference hand of issue 3: A takes 22 cards, 6 denari, the settebello and the
#: primiera and made 1 scopa; B made none. A scores 5 (carte, denari, settebello,
#: primiera, 1 scopa), B 0.
REFERENCE_HAND = {"cards": 22, "denari": 6, "settebello": 0, "primiera": 0, "scope": {0: 1}}
REFERENCE_POINTS = (5, 0)
_SELECTOR = re.compile(r"^.*selector='(.*)'>$")


@dataclass
class Taps:
    """Performs taps, clicks and fills on a page and counts them."""

    count: int = 0
    steps: list[str] = field(default_factory=list)

    def tap(self, target: Locator) -> None:
        """Tap `target` (touch) and count it."""
        target.tap()
        self._note("tap", target)

    def click(self, target: Locator) -> None:
        """Click `target` (a mouse or keyboard user) and count it."""
        target.click()
        self._note("click", target)

    def fill(self, target: Locator, value: str | int) -> None:
        """Type `value` into `target` and count it as one entry."""
        target.fill(str(value))
        self._note("fill", target, value)

    def select(self, target: Locator, value: str) -> None:
        """Choose the option `value` of a drop-down: two taps (open it, pick one)."""
        target.select_option(value)
        self._note("select", target, value, taps=2)

    def _note(self, action: str, target: Locator, value: object = None, taps: int = 1) -> None:
        self.count += taps
        where = _SELECTOR.sub(r"\1", str(target))
        self.steps.append(f"{action} {where}" + ("" if value is None else f" = {value}"))


@dataclass(frozen=True)
class Words:
    """The words the flows' locators read that differ by the page's language: the hand
    form's cards field, the link to the card grid, the grid's "all the rest" button and
    its scope fields (regular expressions, ``{side}`` a side's name: Italian writes "ad
    Anna e Carla" but "a Bruno e Dario")."""

    cards: str = "Cards"
    by_cards: str = "Enter this hand card by card instead"
    give_rest: str = "Give all remaining cards to {side}"
    scope_of: str = "Scope of {side}"

    def pattern(self, template: str, side: str) -> re.Pattern[str]:
        """``template`` for the side ``side``, matching a whole name."""
        return re.compile(f"^{template.format(side=re.escape(side))}$")


ENGLISH = Words()
ITALIAN = Words(
    cards="Carte",
    by_cards="Inserisci invece questa mano carta per carta",
    give_rest="Dai tutte le carte rimaste ad? {side}",
    scope_of="Scope di {side}",
)


def start_game(
    page: Page,
    names: Sequence[str],
    format_label: str = "2 players",
    target: int = 11,
    first_dealer: int = 0,
    taps: Taps | None = None,
) -> str:
    """Start a game from the new-game page; returns the edit link (the board's URL).

    `format_label` is the English label of the format; `first_dealer` a seat.
    """
    from playwright.sync_api import expect

    taps = taps or Taps()
    page.goto("/games/new")
    taps.tap(page.get_by_label(format_label, exact=True))
    for seat, name in enumerate(names):
        taps.fill(page.get_by_label(f"Player {seat + 1}", exact=False).first, name)
    if target in (11, 21):
        taps.tap(page.get_by_role("group", name="Target").get_by_label(str(target), exact=True))
    else:
        taps.tap(page.get_by_role("group", name="Target").get_by_label("Other", exact=True))
        taps.fill(page.get_by_label("Other target"), target)
    taps.select(page.get_by_label("Who deals first"), str(first_dealer))
    taps.tap(page.get_by_role("button", name="Start the game"))
    expect(page.locator("#board")).to_be_visible()
    # The board's deferred scripts (40 - x fill-in, preview) must run before the next entry.
    page.wait_for_load_state()
    return page.url.split("#")[0]


def fill_counts(
    page: Page,
    taps: Taps,
    names: Sequence[str],
    cards: int | Mapping[int, int],
    denari: int | Mapping[int, int],
    settebello: int,
    primiera: int | str,
    scope: Mapping[int, int] | None = None,
    words: Words = ENGLISH,
) -> None:
    """Fill the hand form by counts without saving it.

    `cards` and `denari` are the first side's (with two sides the form fills in the
    other side's) or a mapping side -> count; `settebello` is a side's index;
    `primiera` a side's index or the label of another choice ("Nobody");
    `scope` maps side -> scope (sides left out keep the form's 0); `words` are the
    page's language's.
    """
    form = page.locator("#hand-form")
    for name, values in ((words.cards, cards), ("Denari", denari)):
        by_side = {0: values} if isinstance(values, int) else values
        for side, value in by_side.items():
            group = form.get_by_role("group", name=names[side], exact=True).first
            taps.fill(group.get_by_label(name, exact=True), value)
    for side, value in (scope or {}).items():
        group = form.get_by_role("group", name=names[side], exact=True).first
        taps.fill(group.get_by_label("Scope", exact=True), value)
    choice = form.get_by_role("group", name="Settebello", exact=True)
    taps.tap(choice.get_by_label(names[settebello], exact=True))
    label = names[primiera] if isinstance(primiera, int) else primiera
    taps.tap(form.get_by_role("group", name="Primiera", exact=True).get_by_label(label, exact=True))


def save_hand(page: Page, taps: Taps | None = None) -> None:
    """Tap the save button of the hand form (in any language) and wait for the page it
    leads to; ``taps`` counts the tap, if given.

    As a player does, it first lets the points of the hand arrive: they appear above
    Save and move it down, so a tap aimed while they are on their way can miss.
    """
    page.locator("#hand-form:not([data-previewing])").wait_for()
    with page.expect_navigation():
        (taps or Taps()).tap(page.locator("#save-hand"))


def record_counts(
    page: Page,
    names: Sequence[str],
    taps: Taps | None = None,
    **hand: object,
) -> Taps:
    """Record one hand by counts from the board, back to the updated board."""
    taps = taps or Taps()
    fill_counts(page, taps, names, **hand)  # type: ignore[arg-type]
    save_hand(page, taps)
    return taps


def totals(page: Page, sides: int) -> list[Locator]:
    """The big running totals on the board, one per side."""
    return [page.locator(f"#total-{i}") for i in range(sides)]


def reference_hand(page: Page, names: Sequence[str]) -> Taps:
    """The issue's reference hand by counts, from the board to the updated board.

    Returns the :class:`Taps` it made; the caller checks the totals moved.
    """
    return record_counts(page, names, **REFERENCE_HAND)


def record_by_cards(
    page: Page,
    names: Sequence[str],
    cards: Mapping[int, Sequence[str]],
    rest: int,
    scope: Mapping[int, int] | None = None,
    taps: Taps | None = None,
    words: Words = ENGLISH,
) -> Taps:
    """Record one hand card by card from the board, back to the updated board.

    `cards` maps a side to the names of the cards it took ("seven of denari", in the
    page's language: `words`); side `rest` then gets every card left with one tap;
    `scope` maps side -> scope.
    """
    from playwright.sync_api import expect

    taps = taps or Taps()
    taps.tap(page.get_by_role("link", name=words.by_cards))
    grid = page.locator(".grid-enhanced")
    picker = grid.locator(".side-picker")
    for side, card_names in cards.items():
        taps.tap(picker.get_by_role("button", name=f"{names[side]} ·"))
        for name in card_names:
            # From the start of the name: "re di denari" is also the end of "tre di denari".
            card = re.compile(rf"^{re.escape(name)}\b", re.IGNORECASE)
            taps.tap(grid.get_by_role("button", name=card).first)
    taps.tap(picker.get_by_role("button", name=f"{names[rest]} ·"))
    taps.tap(grid.get_by_role("button", name=words.pattern(words.give_rest, names[rest])))
    expect(picker.get_by_role("button", name=f"{names[rest]} ·")).to_contain_text(
        f"· {40 - sum(len(c) for c in cards.values())}"
    )
    for side, value in (scope or {}).items():
        taps.fill(page.get_by_label(words.pattern(words.scope_of, names[side])), value)
    save_hand(page, taps)
    return taps


def wait_until(page: Page, script: str, arg: object = None, tries: int = 300) -> None:
    """Poll `script` (a function, its promise awaited) in the page until it is truthy, as
    `expect` polls a locator (`wait_for_function` would not await a promise)."""
    if not _poll(page, script, tries, arg):
        pytest.fail(f"never true: {script}")


def wait_for_worker(page: Page) -> None:
    """Wait until the service worker controls the page and holds the app's files, the
    scorer's among them: a phone that used the app with signal before losing it.

    Playwright's routes do not answer a context set offline, so a page the worker does
    not control has no scorer without signal; this makes the takeover certain instead of
    hoping for it. A worker whose install failed (one of the shell's files did not come)
    is registered again by reloading the page, as a player's next visit would; a page
    loaded before the worker took over is reloaded, so that the worker serves it.
    """
    active = "() => navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))"
    for _ in range(3):
        if _poll(page, active, tries=150):
            break
        page.reload()
    else:
        pytest.fail("the service worker never became active")
    if not page.evaluate("() => navigator.serviceWorker.controller !== null"):
        page.reload()
        wait_until(page, "() => navigator.serviceWorker.controller !== null", tries=50)
    wait_until(page, SCORER_KEPT, tries=50)


def wait_until_kept(page: Page, text: str = "", board: str | None = None) -> None:
    """Wait until the worker keeps a copy of this board, or of `board` (a path), holding
    `text`."""
    wait_until(
        page,
        """([cache, text, board]) => caches.open(cache)
               .then(c => c.match(board ? location.origin + board
                                        : location.origin + location.pathname))
               .then(r => r ? r.text() : "").then(html => html !== "" && html.includes(text))""",
        [BOARDS_CACHE, text, board],
    )


#: Whether the shell's cache holds the scorer's files and outbox-kept.js (outbox.js loads
#: them when a page first needs them: a hand kept, points without signal).
SCORER_KEPT = """() => caches.keys()
    .then(names => names.filter(n => n.startsWith("sk-shell-")))
    .then(names => Promise.all(names.map(n => caches.open(n).then(c => c.keys()))))
    .then(lists => lists.flat().map(r => new URL(r.url).pathname))
    .then(paths => ["/static/js/scoring-data.js", "/static/js/scoring.js",
                    "/static/js/outbox-kept.js"].every(p => paths.some(q => q.endsWith(p))))"""


def _poll(page: Page, script: str, tries: int, arg: object = None) -> bool:
    """Poll `script` every 100 ms, `tries` times at most; whether it came true."""
    for _ in range(tries):
        if page.evaluate(script, arg):
            return True
        page.wait_for_timeout(100)
    return False


def open_menu(page: Page) -> Locator:
    """Open the header's menu (a disclosure) if it is closed; returns it."""
    from playwright.sync_api import expect

    menu = page.locator("#site-menu")
    if menu.get_attribute("open") is None:
        menu.locator("summary").click()
    expect(menu.locator(".site-nav")).to_be_visible()
    return menu


def sign_up(page: Page, username: str) -> None:
    """Create an account through the sign-up form."""
    from playwright.sync_api import expect

    page.goto("/account/signup")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Create the account").click()
    expect(open_menu(page).get_by_role("link", name=username)).to_be_visible()


def record_reference_hand(page: Page, scope: int = 1) -> None:
    """Side A: 22 cards, 6 denari, settebello, primiera and ``scope`` scope (4 points and
    the scope: 5 for the reference hand's one)."""
    page.locator('[name="sides-0-cards"]').fill("22")
    page.locator('[name="sides-0-denari"]').fill("6")
    page.locator('input[name="settebello"][value="0"]').check()
    page.locator('input[name="primiera"][value="0"]').check()
    page.locator('[name="sides-0-scope"]').fill(str(scope))
    page.locator("#save-hand").click()
