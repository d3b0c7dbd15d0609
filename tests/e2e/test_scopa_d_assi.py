"""Scopa d'assi played to the end in a browser as a table plays it (issue 28): two pairs
to 31 on a 360 px phone in Italian, chosen on the new-game form (the pairs and 31 come
with it), the asso's sweep a scopa by the house's choice, hands entered by counts and one
card by card, the dealer going round the table, until the board names the winning pair.
Then the same game created and one hand entered without JavaScript. Waiting is
Playwright's auto-waiting `expect`, never a sleep."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.flows import ITALIAN, open_menu, record_by_cards, record_counts, totals

PLAYERS = ("Anna", "Bruno", "Carla", "Dario")
SIDES = ("Anna e Carla", "Bruno e Dario")
DASSI = "Scopa d'assi: l'asso prende tutte le carte in tavola"
PAIRS = "4 giocatori in 2 squadre da 2"
#: All ten denari, the four sevens and two assi (15 cards): denari, settebello, primiera.
DENARI_E_SETTE = [
    *(f"{rank} di denari" for rank in ("asso", "due", "tre", "quattro", "cinque", "sei")),
    *(f"{rank} di denari" for rank in ("sette", "fante", "cavallo", "re")),
    "sette di coppe",
    "sette di bastoni",
    "sette di spade",
    "asso di coppe",
    "asso di bastoni",
]
#: The hands by counts after the first two: Anna e Carla's cards and denari, who took
#: the settebello and the primiera, each pair's scope; and the totals after each.
COUNTED: tuple[tuple[dict[str, object], tuple[int, int]], ...] = (
    (
        {"cards": 18, "denari": 4, "settebello": 1, "primiera": 1, "scope": {0: 2}},
        (14, 7),
    ),
    (
        {"cards": 25, "denari": 7, "settebello": 0, "primiera": 0, "scope": {0: 4, 1: 2}},
        (22, 9),
    ),
    # 20 cards and 5 denari each: carte and denari to nobody.
    (
        {"cards": 20, "denari": 5, "settebello": 1, "primiera": 0, "scope": {0: 1, 1: 3}},
        (24, 13),
    ),
    (
        {"cards": 24, "denari": 8, "settebello": 0, "primiera": 0, "scope": {0: 4}},
        (32, 13),
    ),
)


@pytest.fixture
def it_phone(make_phone: Callable[..., Page]) -> Page:
    """A 360 px phone whose browser asks for Italian."""
    return make_phone(width=360, locale="it-IT")


def expect_totals(page: Page, *expected: int) -> None:
    for total, value in zip(totals(page, len(expected)), expected, strict=True):
        expect(total).to_have_text(str(value))


def expect_turn(page: Page, hand: int, dealer: int) -> None:
    """The board's next hand: dealt by seat ``dealer``, played first by the seat on the
    dealer's right (the next seat round the table), each marked on the pair's tile."""
    first = (dealer + 1) % len(PLAYERS)
    expect(page.locator("#next-hand")).to_have_text(
        f"Mano {hand} · mazziere: {PLAYERS[dealer]} · di mano: {PLAYERS[first]}"
    )
    expect(page.locator(f"#tile-{dealer % 2} .mark-dealer")).to_have_text(
        f"mazziere: {PLAYERS[dealer]}"
    )
    expect(page.locator(f"#tile-{first % 2} .mark-first")).to_have_text(
        f"di mano: {PLAYERS[first]}"
    )


def start_dassi(page: Page, names: Mapping[int, str]) -> None:
    """The new-game form in Italian: Scopa d'assi, whose pairs and 31 the form chooses by
    itself, the asso's sweep a scopa, Anna dealing first."""
    page.goto("/games/new")
    page.get_by_label(DASSI, exact=True).tap()
    expect(page.get_by_label(PAIRS, exact=True)).to_be_checked()
    target = page.get_by_role("group", name="Punti per vincere")
    expect(target.get_by_label("31", exact=True)).to_be_checked()
    expect(page.get_by_label("Altro punteggio")).to_be_hidden()
    house = page.get_by_role("group", name="Regole della casa per la scopa d'assi")
    expect(house.get_by_label("Non è scopa (regole del campionato)")).to_be_checked()
    expect(house.get_by_label("Prende solo quell'asso")).to_be_checked()
    house.get_by_label("È scopa", exact=True).check()
    for seat, name in names.items():
        page.get_by_label(f"Giocatore {seat + 1}", exact=False).first.fill(name)
    page.get_by_label("Chi fa il primo mazzo").select_option("0")
    page.get_by_role("button", name="Inizia la partita").tap()
    expect(page.locator("#board")).to_be_visible()
    page.wait_for_load_state()


def test_scopa_d_assi_two_pairs_to_31(it_phone: Page) -> None:
    page = it_phone
    start_dassi(page, dict(enumerate(PLAYERS)))
    line = page.locator("p.target")
    expect(line).to_have_text("Scopa d'assi · ai 31 · l'asso che prende tutto fa scopa")
    # At 360 px the line never splits a part ("Scopa / d'assi"): it breaks between them.
    expect(line.locator("span")).to_have_count(3)
    for part in line.locator("span").all():
        assert part.evaluate("part => part.getClientRects().length") == 1, part.inner_text()
    expect_totals(page, 0, 0)
    expect_turn(page, 1, dealer=0)

    scope = {0: 3, 1: 1}
    hand = {"cards": 22, "denari": 6, "settebello": 0, "primiera": 0, "scope": scope}
    record_counts(page, SIDES, words=ITALIAN, **hand)
    expect_totals(page, 7, 1)
    expect_turn(page, 2, dealer=1)

    # Anna e Carla: every denaro, the sevens: denari, settebello, primiera and 2 scope;
    # Bruno e Dario: the other 25 cards, carte and 1 scopa.
    record_by_cards(page, SIDES, {0: DENARI_E_SETTE}, rest=1, scope={0: 2, 1: 1}, words=ITALIAN)
    expect_totals(page, 12, 3)
    expect_turn(page, 3, dealer=2)

    # The hand opens in the hand checker with the game's rules, house choices and all.
    board = page.url.split("?")[0].split("#")[0]
    page.locator("#hand-2 summary").tap()
    page.locator("#hand-2").get_by_role("link", name="Perché, e la storia della mano").tap()
    page.get_by_role("link", name="Apri questa mano nella verifica della smazzata").tap()
    expect(page.get_by_label(DASSI, exact=True)).to_be_checked()
    house = page.get_by_role("group", name="Regole della casa per la scopa d'assi")
    expect(house.get_by_label("È scopa", exact=True)).to_be_checked()
    page.goto(board)
    expect(page.locator("#board")).to_be_visible()
    page.wait_for_load_state()

    for number, (counted, after) in enumerate(COUNTED, start=3):
        record_counts(page, SIDES, words=ITALIAN, **counted)
        expect_totals(page, *after)
        if number < 3 + len(COUNTED) - 1:
            expect_turn(page, number + 1, dealer=number % 4)

    # 32 to 13: the pair passed 31, and the board says so in the plural.
    expect(page.locator("#game-status")).to_have_text("Vincono Anna e Carla!")
    expect(page.locator("#tile-0")).to_have_class("total total-winner")
    expect(page.locator("#next-hand")).to_have_text("Prossima smazzata · mazziere: Carla")
    expect(page.locator("#hand-6 .hand-detail")).to_contain_text("Mazziere: Bruno.")

    # "Can my asso take it all?": the menu's capture checker plays the house's choice.
    open_menu(page).get_by_role("link", name="Prese", exact=True).tap()
    page.get_by_label(DASSI, exact=True).check()
    grid = page.locator(".grid-enhanced")
    for name in ("cinque di denari", "tre di bastoni", "cavallo di spade", "asso di coppe"):
        if name == "asso di coppe":
            grid.locator(".side-picker").get_by_role("button", name="Carta giocata · 0").tap()
        grid.get_by_role("button", name=re.compile(f"^{name}")).first.tap()
    result = page.locator("#capture-result")
    expect(result).to_contain_text("Asso pigliatutto: l'asso prende tutte le carte in tavola.")
    expect(result).to_contain_text("a questo tavolo l'asso che prende tutto non fa scopa.")
    expect(result.locator(".capture-list")).not_to_contain_text("=")  # it takes by no sum
    house = page.get_by_role("group", name="Regole della casa per la scopa d'assi")
    house.get_by_label("È scopa", exact=True).check()
    expect(result).to_contain_text("Scopa! Prende tutto il tavolo.")


def test_scopa_d_assi_without_javascript(make_phone: Callable[..., Page]) -> None:
    """Without a script every choice shows, the target is the player's to choose, and a
    hand by counts is saved and counted all the same."""
    page = make_phone(width=360, locale="en-GB", java_script_enabled=False)
    page.goto("/games/new")
    page.get_by_label("Scopa d'assi: an asso takes every card on the table", exact=True).check()
    page.get_by_label("4 players in 2 teams of 2", exact=True).check()
    house = page.get_by_role("group", name="House rules for Scopa d'assi")
    house.get_by_label("A scopa", exact=True).check()
    for seat, name in enumerate(PLAYERS):
        page.get_by_label(f"Player {seat + 1}", exact=False).first.fill(name)
    # The script is what chooses 31 with the rule set: here the player does.
    target = page.get_by_role("group", name="Target")
    expect(target.get_by_label("11", exact=True)).to_be_checked()
    target.get_by_label("31", exact=True).check()
    page.get_by_label("Who deals first").select_option("0")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("p.target")).to_have_text(
        "Scopa d'assi · to 31 · an asso's sweep is a scopa"
    )
    form = page.locator("#hand-form")
    anna = form.get_by_role("group", name="Anna and Carla", exact=True)
    anna.get_by_label("Cards", exact=True).fill("22")
    anna.get_by_label("Denari", exact=True).fill("6")
    anna.get_by_label("Scope", exact=True).fill("2")
    form.get_by_role("group", name="Settebello", exact=True).get_by_label("Anna and Carla").check()
    form.get_by_role("group", name="Primiera", exact=True).get_by_label("Anna and Carla").check()
    page.locator("#save-hand").click()
    expect_totals(page, 6, 0)
    expect(page.locator("#next-hand")).to_have_text(
        "Hand 2 · mazziere (deals): Bruno · di mano (plays first): Carla"
    )
