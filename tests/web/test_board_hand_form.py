"""The board's hand form as the server draws it (issue 26): a refused hand comes back with
a summary on top that leads to each wrong field, in the page's language and without a
script; the one-tap choices are native radios drawn as segmented buttons; scope starts
empty with a 0 hint and an empty scope is 0; the game's tools sit in one row over the
totals. (How it looks and behaves in a phone: tests/e2e/test_hand_form.py.)"""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.models import HandSide
from tests.helpers.games import REFERENCE, form_keys, record, rules_line, start_game

#: Anna takes 3 cards and 6 denari: refused next to her denari.
DENARI_OVER_CARDS = REFERENCE | {"sides-0-cards": "3", "sides-0-denari": "6"}


def summary(html: str) -> str:
    """The refused hand's summary (it must be on the page)."""
    match = re.search(r'<div class="error-summary" id="errors".*?</div>', html, re.S)
    assert match, "no summary of what is wrong"
    return match.group(0)


def links(html: str) -> list[tuple[str, str]]:
    """The summary's lines that are links: (the id they lead to, their text)."""
    found = re.findall(r'<a href="#([^"]+)">(.*?)</a>', summary(html), re.S)
    return [(target, re.sub(r"<[^>]+>", "", text)) for target, text in found]


@pytest.mark.parametrize(
    ("lang", "heading", "line"),
    [
        ("en", "The hand was not saved:", "Anna · Denari: more denari (6) than cards (3)"),
        ("it", "La mano non è stata salvata:", "Anna · Denari: più denari (6) che carte (3)"),
    ],
)
def test_a_refused_hand_opens_on_a_summary_that_leads_to_the_field(
    client: FlaskClient, lang: str, heading: str, line: str
) -> None:
    client.get(f"/lang/{lang}")
    board = start_game(client)
    response = record(client, board, **DENARI_OVER_CARDS)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    box = summary(html)
    # Announced, and given the focus as the page opens (no script needed).
    opening = box[: box.index(">")]
    for attribute in ('role="alert"', 'tabindex="-1"', "autofocus"):
        assert attribute in opening
    assert heading in box
    assert links(html) == [("sides-0-denari", line)]
    assert 'id="sides-0-denari"' in html
    # First thing in the form, before the sides' numbers.
    assert html.index('id="hand-form"') < html.index('id="errors"') < html.index('id="side-0"')
    # What was typed is kept, and still said next to the field.
    assert re.search(r'<input[^>]*id="sides-0-cards"[^>]*value="3"', html)
    message = line.split(": ", 1)[1]
    assert re.search(rf'id="sides-0-denari-errors">\s*<li>{re.escape(message)}</li>', html)


#: Refused hands, and the ids their summary's lines lead to (in the order of the page).
REFUSED = {
    "no settebello, no primiera": (
        {},
        {"settebello": "", "primiera": ""},
        ["settebello-0", "primiera-0"],
    ),
    "cards left blank on both sides": (
        {},
        {"sides-0-cards": ""},
        ["sides-0-cards", "sides-1-cards"],
    ),
    "the cards add up wrong": ({}, {"sides-1-cards": "20"}, ["sides-0-cards"]),
    "a word for a number": ({}, {"sides-1-scope": "due"}, ["sides-1-scope"]),
    "a best card taken by two sides": (
        {},
        {
            "primiera": "cards",
            "sides-0-best_D": "7D",
            "sides-0-best_C": "7C",
            "sides-1-best_D": "6D",
            "sides-1-best_C": "7C",
        },
        ["sides-1-best_D"],
    ),
    "napola on both sides": (
        {"napola": "y"},
        {"sides-0-napola_run": "3", "sides-1-napola_run": "3", "sides-0-denari": "5"},
        ["sides-0-napola_run"],
    ),
    "no re bello": ({"re_bello": "y"}, {}, ["re_bello-0"]),
}


@pytest.mark.parametrize("case", REFUSED)
def test_every_line_of_the_summary_leads_to_a_field_of_the_page(
    client: FlaskClient, case: str
) -> None:
    rules, fields, targets = REFUSED[case]
    board = start_game(client, **rules)
    data = REFERENCE | fields
    if "re_bello" in rules:
        data.pop("re_bello", None)
    response = record(client, board, **data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert [target for target, _text in links(html)] == targets
    for target in targets:
        assert f'id="{target}"' in html


def test_a_message_of_the_hand_as_a_whole_is_in_the_summary_once(client: FlaskClient) -> None:
    """A hand the form cannot read is said in the summary, with no field to go to."""
    client.get("/lang/en")
    board = start_game(client)
    response = record(client, board, **(REFERENCE | {"request_id": "x" * 65}))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert links(html) == []
    message = "This form could not be read"
    assert message in summary(html)
    assert html.count(message) == 1


def test_the_board_and_an_accepted_preview_have_no_summary(client: FlaskClient) -> None:
    board = start_game(client)
    assert 'id="errors"' not in client.get(board).get_data(as_text=True)
    previewed = record(client, board, action="preview", **REFERENCE)
    assert previewed.status_code == 200
    assert 'id="errors"' not in previewed.get_data(as_text=True)


def test_a_refused_preview_says_not_valid_yet(client: FlaskClient) -> None:
    client.get("/lang/en")
    board = start_game(client)
    response = record(client, board, action="preview", **DENARI_OVER_CARDS)
    assert response.status_code == 422
    assert "Not valid yet:" in summary(response.get_data(as_text=True))


def test_a_refused_correction_has_the_summary_too(client: FlaskClient) -> None:
    client.get("/lang/en")
    board = start_game(client)
    assert record(client, board).status_code == 302
    edit = f"{board}/hands/1/edit"
    data = form_keys(client, edit) | DENARI_OVER_CARDS | {"action": "save"}
    response = client.post(edit, data=data)
    assert response.status_code == 422
    assert links(response.get_data(as_text=True)) == [
        ("sides-0-denari", "Anna · Denari: more denari (6) than cards (3)")
    ]


def test_settebello_and_primiera_are_native_radios_drawn_as_segments(
    client: FlaskClient,
) -> None:
    client.get("/lang/en")
    html = client.get(start_game(client)).get_data(as_text=True)
    for name, options in (
        ("settebello", ["Anna", "Bruno"]),
        ("primiera", ["Anna", "Bruno", "Nobody", "Decide from the best cards"]),
    ):
        group = re.search(
            rf'<fieldset class="field choice-field segmented"[^>]*>\s*<legend>{name.title()}'
            r"</legend>\s*<div class=\"segments\">(.*?)</div>",
            html,
            re.S,
        )
        assert group, name
        faces = re.findall(
            rf'<label class="segment"><input id="{name}-\d" name="{name}" type="radio" '
            r'value="[^"]+"><span>([^<]+)</span></label>',
            group.group(1),
        )
        assert faces == options


def test_scope_starts_empty_with_a_0_hint_and_empty_is_0(app: Flask, client: FlaskClient) -> None:
    board = start_game(client)
    html = client.get(board).get_data(as_text=True)
    for side in (0, 1):
        scope = re.search(rf'<input[^>]*id="sides-{side}-scope"[^>]*>', html)
        assert scope, side
        assert 'placeholder="0"' in scope.group(0)
        assert not re.search(r'value="[^"]', scope.group(0))
    # Anna's scopa typed, Bruno's box left empty: saved as 1 and 0.
    data = REFERENCE | {"sides-1-scope": ""}
    assert record(client, board, **data).status_code == 302
    with app.app_context():
        sides = db.session.scalars(select(HandSide).order_by(HandSide.side)).all()
        assert [side.scope for side in sides] == [1, 0]
    # Corrected, the hand shows its scopa, and its 0 as the empty box's hint again.
    edit = client.get(f"{board}/hands/1/edit").get_data(as_text=True)
    assert re.search(r'id="sides-0-scope"[^>]*value="1"', edit)
    bruno = re.search(r'<input[^>]*id="sides-1-scope"[^>]*>', edit)
    assert bruno
    assert not re.search(r'value="[^"]', bruno.group(0))


def test_scope_by_cards_starts_empty_too(client: FlaskClient) -> None:
    html = client.get(start_game(client) + "/hands/cards").get_data(as_text=True)
    for side in (0, 1):
        scope = re.search(rf'<input[^>]*id="scope-{side}"[^>]*>', html)
        assert scope, side
        assert 'placeholder="0"' in scope.group(0)
        assert not re.search(r'value="[^"]', scope.group(0))


def test_the_game_s_tools_are_one_row_over_the_totals(client: FlaskClient) -> None:
    client.get("/lang/en")
    board = start_game(client)
    html = client.get(board).get_data(as_text=True)
    bar = re.search(r'<div class="board-bar" id="board-bar">.*?</div>\s*</div>', html, re.S)
    assert bar
    assert rules_line(bar.group(0)) == "Scopa · to 11"
    share = r'<a class="tool tool-share" href="#share" id="share-tool"><span>Share</span>'
    assert re.search(share, bar.group(0))
    assert re.search(r'href="#view-link-qr" id="qr-tool" aria-label="QR code">', bar.group(0))
    assert 'id="view-link-qr"' in html  # the QR code it leads to
    assert html.index('id="board-bar"') < html.index('id="live"') < html.index('id="total-0"')
    # The read-only board has them too.
    view = re.search(r'href="(http://[^"]+/v/[^"]+)" id="view-link"', html)
    assert view
    seen = client.get(view.group(1)).get_data(as_text=True)
    assert 'id="share-tool"' in seen
    assert 'id="view-link-qr"' in seen


def test_a_napola_the_counts_force_is_offered_under_its_box(client: FlaskClient) -> None:
    """Nine denari without the settebello are the asso to the 6: a hand saved without the
    napola is refused with the reason next to Anna's napola box, which offers to fill it
    in (shown by js/games.js); saved with it, the napola scores 6."""
    client.get("/lang/it")
    board = start_game(client, napola="y")
    nine = {
        "sides-0-cards": "30",
        "sides-0-denari": "9",
        "sides-1-cards": "10",
        "sides-1-denari": "1",
        "settebello": "1",
        "primiera": "0",
    }
    response = record(client, board, **nine)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    message = "con 9 denari senza il settebello questa parte ha dall&#39;asso al 6: napola da 6"
    assert links(html) == [("sides-0-napola_run", f"Anna · Napola (lunghezza): {message}")]
    offer = re.search(r'<p class="napola-offer" data-napola-offer hidden>.*?</p>', html, re.S)
    assert offer, "no napola offered"
    assert "Napola da 6 per Anna: la segno?" in offer.group(0)
    assert 'data-fill="sides-0-napola_run" data-run="6">Sì, segnala</button>' in offer.group(0)
    assert html.count("data-napola-offer") == 1  # Bruno's box offers nothing
    saved = record(client, board, **(nine | {"sides-0-napola_run": "6"}))
    assert saved.status_code == 302
    # A refusal that forces no napola offers none.
    response = record(client, board, **(nine | {"sides-0-denari": "31"}))
    assert "data-napola-offer" not in response.get_data(as_text=True)


#: Anna shows her four sevens; Bruno (the rest: 18 cards, 4 denari) his best coppa, bastone
#: and spada but no denaro: read as lacking denari, which he took.
BLANK_DENARO = REFERENCE | {
    "primiera": "cards",
    "sides-0-best_D": "7D",
    "sides-0-best_C": "7C",
    "sides-0-best_B": "7B",
    "sides-0-best_S": "7S",
    "sides-1-best_C": "6C",
    "sides-1-best_B": "6B",
    "sides-1-best_S": "6S",
}


def test_a_best_denaro_left_blank_is_asked_for_in_place_in_italian(client: FlaskClient) -> None:
    client.get("/lang/it")
    board = start_game(client)
    response = record(client, board, **BLANK_DENARO)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    message = "questa parte ha preso 4 denari: segna il suo denaro migliore"
    # Next to Bruno's best cards, and in the summary, leading to his first picker.
    assert re.search(rf'id="best-cards-1-errors">\s*<li>{re.escape(message)}</li>', html)
    assert links(html) == [("sides-1-best_D", f"Bruno · Carte migliori: {message}")]
    # The best cards stay open, with what was typed.
    assert re.search(r'<details class="primiera-cards" id="primiera-cards" open>', html)
    picker = re.search(r'<select[^>]*id="sides-1-best_C".*?</select>', html, re.S)
    assert picker
    assert "<option selected>6C" in picker.group(0)
    assert re.search(r'<input[^>]*id="sides-0-cards"[^>]*value="22"', html)
    # With his best denaro marked, the hand is saved.
    assert record(client, board, **(BLANK_DENARO | {"sides-1-best_D": "6D"})).status_code == 302


def test_a_seven_nobody_marks_is_asked_for_in_italian(client: FlaskClient) -> None:
    client.get("/lang/it")
    board = start_game(client)
    fields = BLANK_DENARO | {"sides-0-best_C": "", "sides-1-best_D": "6D"}
    response = record(client, board, **fields)
    assert response.status_code == 422
    html = unescape(response.get_data(as_text=True))
    message = (
        "nessuna parte segna 7C tra le carte migliori, ma la parte che l\u2019ha preso deve "
        "segnarlo: è la sua carta migliore a coppe"
    )
    # Under the primiera's choice, which stays on the best cards.
    assert re.search(rf'id="primiera-errors">\s*<li>{re.escape(message)}</li>', html)
    chosen = re.search(r'<input[^>]*name="primiera"[^>]*value="cards"[^>]*>', html)
    assert chosen
    assert "checked" in chosen.group(0)


def test_a_correction_that_blanks_a_best_denaro_is_refused_in_place(client: FlaskClient) -> None:
    client.get("/lang/en")
    board = start_game(client)
    assert record(client, board, **(BLANK_DENARO | {"sides-1-best_D": "6D"})).status_code == 302
    edit = f"{board}/hands/1/edit"
    data = form_keys(client, edit) | BLANK_DENARO | {"action": "save"}
    response = client.post(edit, data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    message = "this side took 4 denari: mark its best denaro"
    assert re.search(rf'id="best-cards-1-errors">\s*<li>{re.escape(message)}</li>', html)
