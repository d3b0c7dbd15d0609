"""Recording hands by counts: points before saving, every refusal, saving once, corrections."""

from __future__ import annotations

import re
import threading
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.games import services
from scorekeeper.games.hooks import game_changed
from scorekeeper.games.models import Game, Hand, HandRevision, HandSide
from scorekeeper.scoring import DECK
from tests.helpers import EN
from tests.helpers.games import (
    REFERENCE,
    form_keys,
    hidden,
    page_texts,
    record,
    start_game,
    totals,
)


def _hands(app: Flask) -> list[tuple[int, tuple[int, ...]]]:
    """Every stored hand as (number, totals per side)."""
    with app.app_context():
        hands = db.session.scalars(select(Hand).order_by(Hand.game_id, Hand.number))
        return [(hand.number, hand.totals) for hand in hands]


def _field_errors(html: str, field_id: str) -> str:
    match = re.search(
        rf'<ul class="error" id="{re.escape(field_id)}(?:-errors)?">(.*?)</ul>', html, re.S
    )
    return match.group(1) if match else ""


def test_reference_hand_in_six_fields(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    data = form_keys(client, url)
    assert data["number"] == "1"
    data |= REFERENCE  # 22, 6, settebello A, primiera A, 1 scopa: B's counts left blank
    response = client.post(f"{url}/hands", data=data, headers=EN)  # the Save button
    assert response.status_code == 302
    assert response.headers["Location"] == f"{url}?saved=1#board"
    html = client.get(response.headers["Location"], headers=EN).get_data(as_text=True)
    assert '<p class="flash flash-success">Hand 1 saved.</p>' in html
    assert totals(html) == [5, 0]
    assert "Hand 2 · mazziere (deals): Bruno · di mano (plays first): Anna" in html
    with app.app_context():
        sides = db.session.scalars(select(HandSide).order_by(HandSide.side)).all()
        assert [(s.cards, s.denari, s.scope) for s in sides] == [(22, 6, 1), (18, 4, 0)]
        assert [s.total for s in sides] == [5, 0]
        hand = db.session.scalar(select(Hand))
        assert hand is not None
        assert hand.mode == "counts"
        assert hand.entry["sides"][1]["cards"] == 18


def test_the_board_says_saved_only_for_a_hand_it_has(client: FlaskClient) -> None:
    """ "Hand N saved" is in the board's URL, not the session: the board opened without
    it says nothing, and a number the game has no hand for (or no number) is ignored."""
    url = start_game(client)
    client.get(url)  # the game's own "started" message is shown and gone
    saved = client.post(f"{url}/hands", data=form_keys(client, url) | REFERENCE, headers=EN)
    assert "Set-Cookie" not in saved.headers  # nothing flashed in the session
    assert "saved." not in client.get(url, headers=EN).text
    for query in ("saved=2", "saved=0", "saved=-1", "saved=x", f"saved={'9' * 30}"):
        page = client.get(f"{url}?{query}", headers=EN)
        assert page.status_code == 200, query
        assert "saved." not in page.text, query
    italian = client.get(f"{url}?saved=1", headers={"Accept-Language": "it"}).text
    assert '<p class="flash flash-success">Mano 1 salvata.</p>' in italian
    # The ways back to the board (log in, the language switch) leave the note out.
    assert f'href="/lang/en?next={url}"' in italian
    assert f'href="/account/login?next={url}"' in italian
    assert "saved" not in " ".join(re.findall(r'href="([^"]*)"', italian))
    assert "salvata" not in client.get(f"{url.replace('/g/', '/v/')}?saved=1").text


def test_the_board_form_is_easy_to_drive(client: FlaskClient) -> None:
    url = start_game(client)
    html = client.get(url, headers=EN).get_data(as_text=True)
    for field_id in ("sides-0-cards", "sides-1-cards", "sides-0-denari", "sides-0-scope"):
        assert re.search(rf'<label for="{field_id}">', html), field_id
        assert re.search(rf'id="{field_id}" inputmode="numeric"', html), field_id
    for radio_id in ("settebello-0", "settebello-1", "primiera-0", "primiera-2", "primiera-3"):
        assert f'id="{radio_id}"' in html
    assert 'id="save-hand"' in html
    assert 'id="preview-hand"' in html
    assert "napola_run" not in html
    assert 'name="re_bello"' not in html  # (the rules in the board's game data name it)


def test_blank_other_side_is_the_rest_of_the_deck_either_way(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client)
    fields = {"sides-1-cards": "25", "sides-1-denari": "7", "settebello": "1", "primiera": "none"}
    assert record(client, url, **fields).status_code == 302
    with app.app_context():
        sides = db.session.scalars(select(HandSide).order_by(HandSide.side)).all()
        assert [(s.cards, s.denari) for s in sides] == [(15, 3), (25, 7)]


@pytest.mark.parametrize(
    ("fmt", "names", "typed", "rest"),
    [
        ("3", ("Anna", "Bruno", "Carla"), {0: (14, 4), 1: (13, 3)}, (2, 13, 3)),
        ("3", ("Anna", "Bruno", "Carla"), {0: (14, 4), 2: (10, 1)}, (1, 16, 5)),
        ("4", ("Anna", "Bruno", "Carla", "Dario"), {0: (12, 4), 1: (9, 2), 3: (9, 1)}, (2, 10, 3)),
    ],
)
def test_one_blank_side_among_three_or_more_is_the_rest_of_the_deck(
    app: Flask,
    client: FlaskClient,
    fmt: str,
    names: tuple[str, ...],
    typed: dict[int, tuple[int, int]],
    rest: tuple[int, int, int],
) -> None:
    """Four typed numbers for three players: the side left blank gets the rest of the deck."""
    url = start_game(client, names, format=fmt)
    data = form_keys(client, url, sides=len(names)) | {"settebello": "0", "primiera": "0"}
    for side, (cards, denari) in typed.items():
        data |= {f"sides-{side}-cards": str(cards), f"sides-{side}-denari": str(denari)}
    response = client.post(f"{url}/hands", data=data | {"action": "save"})
    assert response.status_code == 302, response.text
    with app.app_context():
        sides = db.session.scalars(select(HandSide).order_by(HandSide.side)).all()
        side, cards, denari = rest
        assert (sides[side].cards, sides[side].denari) == (cards, denari)
        assert sum(s.cards for s in sides) == 40
        assert sum(s.denari for s in sides) == 10


def test_the_rest_shows_filled_in_when_the_hand_comes_back(client: FlaskClient) -> None:
    """Refused (two sides' denari are blank: those are not guessed), the form comes back
    with the cards of the side left blank filled in as the rest."""
    url = start_game(client, ("Anna", "Bruno", "Carla"), format="3")
    data = form_keys(client, url, sides=3) | {"primiera": "0", "action": "save"}
    data |= {"sides-0-cards": "14", "sides-0-denari": "4", "sides-1-cards": "13"}
    response = client.post(f"{url}/hands", data=data, headers=EN)
    assert response.status_code == 422
    html = response.text
    assert re.search(r'id="sides-2-cards" [^>]*value="13"', html)
    assert re.search(r'id="sides-1-denari" [^>]*value=""', html)
    assert re.search(r'id="sides-2-denari" [^>]*value=""', html)
    assert "Leave one side empty: its cards and denari are the rest of the deck" in html
    assert "Fill in one side" not in html


def test_preview_button_shows_points_and_saves_nothing(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    response = record(client, url, action="preview", **REFERENCE)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    preview = html[html.index('id="hand-preview"') :]
    assert "<tfoot>" in preview
    assert "<td>5</td><td>0</td>" in preview
    assert 'value="22"' in html  # what was typed is still there
    assert _hands(app) == []


def test_preview_fragment(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    data = form_keys(client, url) | REFERENCE
    response = client.post(f"{url}/hands/preview", data=data, headers=EN)
    assert response.status_code == 200
    fragment = response.get_data(as_text=True)
    assert "<html" not in fragment
    assert "<td>5</td><td>0</td>" in fragment
    data["sides-0-denari"] = "11"
    fragment = client.post(f"{url}/hands/preview", data=data, headers=EN).get_data(as_text=True)
    assert "Not valid yet" in fragment
    assert "Anna: a side takes between 0 and 10 denari" in fragment
    assert _hands(app) == []
    assert client.post(f"{url}/hands/preview", data=REFERENCE).status_code == 400  # no CSRF


# Each check of RULES.md section 6, as entered on the board, and where its message goes.
INVALID_HANDS: list[tuple[str, dict[str, str], dict[str, str], str, str]] = [
    ("cards total", {}, {"sides-1-cards": "20"}, "count-errors", "the cards add up to 42, not 40"),
    (
        "denari total",
        {},
        {"sides-1-denari": "5"},
        "count-errors",
        "the denari add up to 11, not 10",
    ),
    ("cards range", {}, {"sides-0-cards": "41"}, "sides-0-cards", "between 0 and 40 cards"),
    ("negative", {}, {"sides-0-scope": "-1"}, "sides-0-scope", "cannot be negative"),
    (
        "denari over cards",
        {},
        {"sides-0-cards": "3", "sides-0-denari": "4", "sides-0-scope": "0"},
        "sides-0-denari",
        "more denari (4) than cards (3)",
    ),
    (
        "no settebello",
        {},
        {"settebello": ""},
        "settebello",
        "exactly one side holds the settebello, not 0",
    ),
    (
        "settebello without denari",
        {},
        {"sides-1-denari": "0", "sides-0-denari": "10", "settebello": "1"},
        "settebello",
        "the side with the settebello has at least one denaro",
    ),
    (
        "no primiera choice",
        {},
        {"primiera": ""},
        "primiera",
        "choose who took the primiera, or nobody",
    ),
    ("scope too many", {}, {"sides-1-scope": "10"}, "sides-1-scope", "at most 9 scope"),
    (
        "re bello missing",
        {"re_bello": "y"},
        {},
        "re_bello",
        "exactly one side holds the re bello, not 0",
    ),
    (
        "re bello without denari",
        {"re_bello": "y"},
        {"re_bello": "1", "sides-1-denari": "0", "sides-0-denari": "10", "settebello": "0"},
        "re_bello",
        "at least 1 denaro",
    ),
    (
        "napola range",
        {"napola": "y"},
        {"sides-0-napola_run": "2"},
        "sides-0-napola_run",
        "between 3 and 10 cards, not 2",
    ),
    (
        "napola over denari",
        {"napola": "y"},
        {"sides-1-napola_run": "5", "settebello": "1"},
        "sides-1-napola_run",
        "needs at least 5 denari",
    ),
    (
        "napola needs settebello",
        {"napola": "y"},
        {"sides-0-napola_run": "7", "sides-0-denari": "8", "settebello": "1"},
        "sides-0-napola_run",
        "includes the settebello",
    ),
    (
        "napola both sides",
        {"napola": "y"},
        {"sides-0-napola_run": "3", "sides-1-napola_run": "3", "sides-0-denari": "5"},
        "count-errors",
        "only one side can score the napola",
    ),
    (
        "not a number",
        {},
        {"sides-0-cards": "ventidue"},
        "sides-0-cards",
        "&#39;ventidue&#39; is not a whole number",
    ),
    ("both blank", {}, {"sides-0-cards": ""}, "sides-0-cards", "Enter a number"),
    (
        "primiera cards: settebello holder",
        {},
        {"primiera": "cards", "sides-0-best_D": "6D"},
        "best-cards-0",
        "its best denaro is 7D",
    ),
    (
        "primiera cards: same card twice",
        {},
        {
            "primiera": "cards",
            "sides-0-best_D": "7D",
            "sides-0-best_C": "7C",
            "sides-1-best_C": "7C",
        },
        "best-cards-1",
        "7C is the best card of two sides",
    ),
]


@pytest.mark.parametrize(
    ("rules", "fields", "field_id", "message"),
    [pytest.param(*case[1:], id=case[0]) for case in INVALID_HANDS],
)
def test_invalid_hands_are_refused_next_to_the_field(
    app: Flask,
    client: FlaskClient,
    rules: dict[str, str],
    fields: dict[str, str],
    field_id: str,
    message: str,
) -> None:
    url = start_game(client, **rules)
    data = form_keys(client, url) | REFERENCE | fields
    if "re_bello" in rules and "re_bello" not in fields:
        data.pop("re_bello", None)
    response = client.post(f"{url}/hands", data=data | {"action": "save"}, headers=EN)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in _field_errors(html, field_id), html[html.index('id="hand-form"') :]
    for name, value in fields.items():  # what was typed is still there
        if value and name.startswith("sides-") and "best" not in name:
            assert re.search(rf'id="{name}"[^>]*value="{re.escape(value)}"', html), name
    assert hidden(html, "request_id") == data["request_id"]
    assert _hands(app) == []


def test_invalid_hand_in_italian(client: FlaskClient) -> None:
    url = start_game(client)
    response = record(client, url, **(REFERENCE | {"sides-1-cards": "20"}))
    assert response.status_code == 422
    assert "le carte sommano a 42, non 40" in response.get_data(as_text=True)


def test_record_needs_csrf(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    data = form_keys(client, url) | REFERENCE
    del data["csrf_token"]
    assert client.post(f"{url}/hands", data=data).status_code == 400
    assert _hands(app) == []


def test_same_form_sent_twice_records_once(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    data = form_keys(client, url) | REFERENCE | {"action": "save"}
    assert client.post(f"{url}/hands", data=data).status_code == 302
    again = client.post(f"{url}/hands", data=data, headers=EN, follow_redirects=True)
    assert again.status_code == 200
    assert "Hand 1 was already saved." in again.get_data(as_text=True)
    assert _hands(app) == [(1, (5, 0))]


def test_second_phone_saving_the_same_hand_gets_the_board(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    other = app.test_client()
    mine, theirs = form_keys(client, url), form_keys(other, url)
    assert (
        client.post(f"{url}/hands", data=mine | REFERENCE | {"action": "save"}).status_code == 302
    )
    late = other.post(
        f"{url}/hands",
        data=theirs | REFERENCE | {"sides-0-cards": "30", "action": "save"},
        headers=EN,
        follow_redirects=True,
    )
    html = late.get_data(as_text=True)
    assert "Hand 1 was already saved from another phone, so this one was not saved." in html
    assert totals(html) == [5, 0]
    assert _hands(app) == [(1, (5, 0))]


def _race(app: Flask, url: str, forms: list[dict[str, str]]) -> list[int]:
    """Send each form from its own thread and client at the same moment."""
    barrier = threading.Barrier(len(forms))
    statuses: list[int] = []
    clients = [app.test_client() for _ in forms]
    keys = [form_keys(c, url) for c in clients]

    def send(c: FlaskClient, data: dict[str, str]) -> None:
        barrier.wait()
        statuses.append(c.post(f"{url}/hands", data=data).status_code)

    threads = [
        threading.Thread(target=send, args=(c, k | form | {"action": "save"}))
        for c, k, form in zip(clients, keys, forms, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def test_two_phones_saving_hand_one_at_once_store_it_once(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    statuses = _race(app, url, [REFERENCE, REFERENCE | {"sides-0-scope": "0"}])
    assert statuses == [302, 302]
    assert len(_hands(app)) == 1


def test_double_tap_at_once_stores_once(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    data = {"request_id": "the-same-form"} | REFERENCE
    statuses = _race(app, url, [data, data])
    assert statuses == [302, 302]
    assert _hands(app) == [(1, (5, 0))]


def test_unique_constraint_decides_when_checks_pass_together(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both requests saw hand 1 free: the database refuses the second insert."""
    url = start_game(client)
    record(client, url)
    real = services._next_number
    calls: list[int] = []

    def stale_once(game: Any) -> int:
        calls.append(1)
        return 1 if len(calls) == 1 else real(game)

    monkeypatch.setattr(services, "_next_number", stale_once)
    data = form_keys(client, url) | REFERENCE | {"number": "1", "action": "save"}
    response = client.post(f"{url}/hands", data=data, headers=EN, follow_redirects=True)
    assert "was already saved from another phone" in response.get_data(as_text=True)
    assert _hands(app) == [(1, (5, 0))]


def test_primiera_from_the_best_cards(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    cards = [("7D", "7C", "1B", "5S"), ("6D", "6C", "7B", "7S")]
    best = {f"sides-{i}-best_{c[-1]}": c for i, side in enumerate(cards) for c in side}
    fields = REFERENCE | {"primiera": "cards"} | best
    assert record(client, url, **fields).status_code == 302
    with app.app_context():
        sides = db.session.scalars(select(HandSide).order_by(HandSide.side)).all()
        assert [(s.primiera, s.primiera_points) for s in sides] == [(73, 0), (78, 1)]
    page = client.get(f"{url}/hands/1", headers=EN).get_data(as_text=True)
    # Each side's best cards drawn as cards, named in the reader's language.
    drawn = re.findall(r'data-card="(\w+)"><i>([^<]+)</i>', page)
    assert [code for code, _ in drawn] == [*cards[0], *cards[1]]
    assert drawn[0] == ("7D", "seven of denari")


def test_edit_a_past_hand_recomputes_and_keeps_history(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    record(client, url)
    record(client, url, **(REFERENCE | {"sides-0-scope": "0"}))
    form = client.get(f"{url}/hands/1/edit", headers=EN)
    html = form.get_data(as_text=True)
    assert form.status_code == 200
    assert re.search(r'id="sides-0-cards"[^>]*value="22"', html)
    assert re.search(r'id="sides-1-cards"[^>]*value="18"', html)
    assert re.search(r'checked[^>]*id="settebello-0"|id="settebello-0"[^>]*checked', html)
    data = {"csrf_token": hidden(html, "csrf_token"), "action": "save"}
    data |= {
        "sides-0-cards": "18",
        "sides-1-cards": "22",
        "sides-0-denari": "6",
        "sides-1-denari": "4",
    }
    data |= {"settebello": "1", "primiera": "1", "sides-0-scope": "0", "sides-1-scope": "2"}
    response = client.post(f"{url}/hands/1/edit", data=data, headers=EN)
    assert response.status_code == 302
    board = client.get(url, headers=EN).get_data(as_text=True)
    assert totals(board) == [5, 5]  # hand 1 now A 1 (denari), B 5; hand 2 A 4
    assert "Hand 1 corrected." in board
    page = client.get(f"{url}/hands/1", headers=EN).get_data(as_text=True)
    assert "saved" in page
    assert "corrected" in page
    with app.app_context():
        actions = db.session.scalars(
            select(HandRevision.action).where(HandRevision.number == 1).order_by(HandRevision.id)
        ).all()
        assert actions == ["create", "edit"]


def test_invalid_edit_changes_nothing(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    record(client, url)
    html = client.get(f"{url}/hands/1/edit").get_data(as_text=True)
    data = {"csrf_token": hidden(html, "csrf_token"), "action": "save"} | REFERENCE
    data["sides-1-cards"] = "30"
    response = client.post(f"{url}/hands/1/edit", data=data, headers=EN)
    assert response.status_code == 422
    assert "the cards add up to 52, not 40" in response.get_data(as_text=True)
    assert _hands(app) == [(1, (5, 0))]
    preview = client.post(
        f"{url}/hands/1/edit",
        data=REFERENCE | {"csrf_token": data["csrf_token"], "action": "preview"},
    )
    assert preview.status_code == 200
    assert "<td>5</td><td>0</td>" in preview.get_data(as_text=True)
    assert client.post(f"{url}/hands/1/edit", data=REFERENCE).status_code == 400
    assert client.get(f"{url}/hands/9/edit").status_code == 404


def test_remove_asks_then_renumbers(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    record(client, url, **(REFERENCE | {"sides-0-scope": "0"}))  # 4 - 0
    record(client, url)  # 5 - 0
    record(client, url, **(REFERENCE | {"sides-0-scope": "2"}))  # 6 - 0
    page = client.get(f"{url}/hands/2/remove", headers=EN)
    assert page.status_code == 200
    assert "Remove hand 2?" in page.get_data(as_text=True)
    assert _hands(app) == [(1, (4, 0)), (2, (5, 0)), (3, (6, 0))]
    token = hidden(page.get_data(as_text=True), "csrf_token")
    assert client.post(f"{url}/hands/2/remove").status_code == 400
    response = client.post(f"{url}/hands/2/remove", data={"csrf_token": token})
    assert response.status_code == 302
    assert _hands(app) == [(1, (4, 0)), (2, (6, 0))]
    board = client.get(url, headers=EN).get_data(as_text=True)
    assert totals(board) == [10, 0]
    assert "Hand 3 · mazziere (deals): Anna" in board
    with app.app_context():
        removed = db.session.scalar(select(HandRevision).where(HandRevision.action == "delete"))
        assert removed is not None
        assert removed.hand_id is None
        assert removed.number == 2


def test_undo_removes_the_last_hand_once(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    record(client, url)
    record(client, url)
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert "Undo hand 2" in html
    # The link the board's script asks in place of, posting to where it points.
    undo = re.search(r'<a class="btn" href="([^"]+)" id="undo-last" data-number="2">', html)
    assert undo is not None
    data = {"csrf_token": hidden(html, "csrf_token"), "number": "2"}
    assert client.post(undo.group(1), data=data).status_code == 302
    again = client.post(undo.group(1), data=data, headers=EN, follow_redirects=True)
    assert "nothing was undone" in again.get_data(as_text=True)
    assert _hands(app) == [(1, (5, 0))]
    assert client.post(undo.group(1), data={"number": "1"}).status_code == 400
    assert _hands(app) == [(1, (5, 0))]


def test_undo_asks_first(app: Flask, client: FlaskClient) -> None:
    """The board's Undo is a link to a page that asks (the board's script asks in place);
    the question names the hand and removes nothing."""
    url = start_game(client)
    record(client, url)
    record(client, url, **(REFERENCE | {"sides-0-scope": "2"}))
    board = client.get(url, headers=EN).text
    link = f'<a class="btn" href="{url}/undo" id="undo-last" data-number="2">Undo hand 2</a>'
    assert link in board
    assert 'id="undo-form"' not in board  # the script draws the question, from its words:
    words = page_texts(client, board)["undo-texts"]
    assert words == {
        "question": "Remove hand %(number)s?",
        "yes": "Yes, remove it",
        "keep": "Keep it",
    }
    page = client.get(f"{url}/undo", headers=EN)
    assert page.status_code == 200
    assert "<h1>Remove hand 2?</h1>" in page.text
    assert f'<form method="post" action="{url}/undo"' in page.text
    assert hidden(page.text, "number") == "2"
    assert f'href="{url}#hand-2">Keep it</a>' in page.text
    assert "its numbers come back in the form" in page.text
    assert page.text.index('id="confirm-remove"') < page.text.index("Points of hand 2")
    assert _hands(app) == [(1, (5, 0)), (2, (6, 0))]
    sent = {"csrf_token": hidden(page.text, "csrf_token"), "number": "2"}
    assert client.post(f"{url}/undo", data=sent).status_code == 302
    assert _hands(app) == [(1, (5, 0))]
    italian = client.get(f"{url}/undo", headers={"Accept-Language": "it"}).text
    assert "<h1>Togliere la mano 1?</h1>" in italian


def test_undo_without_hands_goes_back_to_the_board(client: FlaskClient) -> None:
    url = start_game(client)
    response = client.get(f"{url}/undo")
    assert response.status_code == 302
    assert response.headers["Location"] == f"{url}#board"


def _value(html: str, field_id: str) -> str | None:
    match = re.search(rf'<input [^>]*id="{re.escape(field_id)}" [^>]*value="([^"]*)"', html)
    return match.group(1) if match else None


def test_an_undone_hand_comes_back_in_the_form(app: Flask, client: FlaskClient) -> None:
    """Undone, hand 2's numbers are back in the board's form for hand 2 (to correct and
    save); once anything else changes, the board's form is blank again."""
    url = start_game(client)
    record(client, url)
    record(client, url, **(REFERENCE | {"sides-0-scope": "2", "primiera": "1"}))
    board = client.get(url).text
    sent = {"csrf_token": hidden(board, "csrf_token"), "number": "2"}
    response = client.post(f"{url}/undo", data=sent)
    assert response.headers["Location"] == f"{url}?undone=2#board"
    page = client.get(f"{url}?undone=2", headers=EN).text
    assert (
        '<p class="flash flash-success">Hand 2 removed. Its numbers are back in the form '
        "below: correct them and save the hand again.</p>"
    ) in page
    values = {f: _value(page, f) for f in ("sides-0-cards", "sides-1-cards", "sides-0-scope")}
    assert values == {"sides-0-cards": "22", "sides-1-cards": "18", "sides-0-scope": "2"}
    assert re.search(r'<input checked id="settebello-0"', page)
    assert re.search(r'<input checked id="primiera-1"', page)
    assert "Save hand 2" in page
    assert hidden(page, "number") == "2"
    assert "Mano 2 tolta." in client.get(f"{url}?undone=2", headers={"Accept-Language": "it"}).text
    # Saved again as it came back (the hand restored), or anything else: no more numbers.
    start = page.index('id="hand-form"')
    form = page[start : page.index("</form>", start)]
    again = dict(re.findall(r'<input [^>]*name="([^"]+)" [^>]*value="([^"]*)"', form))
    again |= {"settebello": "0", "primiera": "1", "action": "save"}
    assert client.post(f"{url}/hands", data=again).status_code == 302
    assert _hands(app) == [(1, (5, 0)), (2, (5, 1))]
    later = client.get(f"{url}?undone=2", headers=EN).text
    assert "Its numbers are back" not in later
    assert _value(later, "sides-0-cards") == ""
    for query in ("undone=1", "undone=x", f"undone={'9' * 30}", "undone=-1"):
        assert client.get(f"{url}?{query}").status_code == 200, query


def test_an_undone_hand_by_cards_comes_back_on_the_card_page(client: FlaskClient) -> None:
    url = start_game(client)
    page = client.get(f"{url}/hands/cards").text
    codes = [card.code for card in DECK]
    data = {name: hidden(page, name) for name in ("csrf_token", "request_id", "number")}
    data |= {"mode": "cards", "scope-0": "1", "scope-1": "0", "action": "save"}
    data |= {"s0": codes[:22], "s1": codes[22:]}
    assert client.post(f"{url}/hands/cards", data=data).status_code == 302
    board = client.get(url).text
    sent = {"csrf_token": hidden(board, "csrf_token"), "number": "1"}
    response = client.post(f"{url}/undo", data=sent)
    assert response.headers["Location"] == f"{url}/hands/cards?undone=1"
    cards = client.get(f"{url}/hands/cards?undone=1", headers=EN).text
    assert "Hand 1 removed. Its cards are back below" in cards
    assert set(re.findall(r'name="s0" value="(\w+)" checked', cards)) == set(codes[:22])
    assert _value(cards, "scope-0") == "1"
    assert hidden(cards, "number") == "1"
    # The board does not offer a cards hand in the counts form.
    assert _value(client.get(f"{url}?undone=1").text, "sides-0-cards") == ""


def _removed_hands(html: str) -> list[str] | None:
    """The board's removed hands as text, newest first (None: no such section)."""
    if 'id="removed-hands"' not in html:
        return None
    start = html.index('id="removed-hands"')
    section = html[start : html.index("</details>", start)]
    rows = re.findall(r'<li class="hand-row removed-hand">(.*?)</li>', section, re.S)
    return [" ".join(re.sub(r"<[^>]+>", "", row).split()) for row in rows]


def test_removed_and_undone_hands_stay_listed_on_the_board(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    record(client, url, **(REFERENCE | {"sides-0-scope": "0"}))  # 4 - 0
    record(client, url)  # 5 - 0
    record(client, url, **(REFERENCE | {"sides-0-scope": "2"}))  # 6 - 0
    page = client.get(f"{url}/hands/1/remove").get_data(as_text=True)
    client.post(f"{url}/hands/1/remove", data={"csrf_token": hidden(page, "csrf_token")})
    board = client.get(url, headers=EN).get_data(as_text=True)
    assert '<details class="removed-hands" id="removed-hands">' in board  # closed
    assert "Removed hands (1)" in board
    removed = _removed_hands(board)
    assert removed is not None
    assert len(removed) == 1
    assert removed[0].startswith("Hand 1, removed ")
    assert removed[0].endswith(": Anna +4, Bruno +0")
    assert re.search(r'id="hand-1".*?Anna \+5.*?id="hand-2".*?Anna \+6', board, re.S) is None
    assert re.search(r'id="hand-2".*?Anna \+6.*?id="hand-1".*?Anna \+5', board, re.S)
    assert 'id="hand-3"' not in board  # the later hands moved up
    undo = {"csrf_token": hidden(board, "csrf_token"), "number": "2"}
    assert client.post(f"{url}/undo", data=undo).status_code == 302
    board = client.get(url, headers=EN).get_data(as_text=True)
    assert "Removed hands (2)" in board
    removed = _removed_hands(board)
    assert removed is not None
    assert [row.split(",")[0] for row in removed] == ["Hand 2", "Hand 1"]
    assert removed[0].endswith(": Anna +6, Bruno +0")  # the undone hand, newest first
    live = client.get(f"{url}/live", headers=EN).get_data(as_text=True)
    assert _removed_hands(live) == removed  # polling phones get it too, with its id
    with app.app_context():
        view_token = db.session.scalars(select(Game.view_token)).one()
    for path in (f"/v/{view_token}", f"/v/{view_token}/live"):
        html = client.get(path, headers=EN).get_data(as_text=True)
        assert _removed_hands(html) == removed, path
        assert "<form" not in html, path
        assert "/remove" not in html, path
        assert "/edit" not in html, path


def test_no_removed_hands_section_without_removals(client: FlaskClient) -> None:
    url = start_game(client)
    assert _removed_hands(client.get(url).get_data(as_text=True)) is None
    record(client, url)
    record(client, url)
    board = client.get(url, headers=EN).get_data(as_text=True)
    assert 'id="hand-2"' in board  # the board itself, with both hands
    assert _removed_hands(board) is None
    assert "Removed hands" not in board


def test_removed_hands_in_italian(client: FlaskClient) -> None:
    url = start_game(client)
    record(client, url)
    board = client.get(url).get_data(as_text=True)
    client.post(f"{url}/undo", data={"csrf_token": hidden(board, "csrf_token"), "number": "1"})
    board = client.get(url, headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "Mani tolte (1)" in board
    removed = _removed_hands(board)
    assert removed is not None
    assert removed[0].startswith("Mano 1, tolta ")


def test_undo_is_not_next_to_save(client: FlaskClient) -> None:
    url = start_game(client)
    record(client, url)
    html = client.get(url).get_data(as_text=True)
    hand_form = html[
        html.index('id="hand-form"') : html.index("</form>", html.index('id="hand-form"'))
    ]
    assert "undo" not in hand_form.lower()
    between = html[html.index('id="save-hand"') : html.index('id="undo-last"')]
    assert 'class="chart"' in between  # the chart stands between Save and Undo


def test_hand_pages_404_for_missing_hands(client: FlaskClient) -> None:
    url = start_game(client)
    for path in ("/hands/1", "/hands/1/edit", "/hands/1/remove", "/hands/0"):
        assert client.get(url + path).status_code == 404, path


def test_a_whole_game_to_eleven(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    for _ in range(3):
        record(client, url)  # 5 - 0 each
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert totals(html) == [15, 0]
    assert "Winner: Anna" in html
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Hand)) == 3


@pytest.mark.parametrize(
    "fields",
    [
        REFERENCE,
        REFERENCE | {"primiera": "none", "sides-1-scope": "2"},
        REFERENCE
        | {"primiera": "cards", "sides-0-best_D": "7D", "sides-0-best_C": "1C"}
        | {"sides-0-best_B": "7B", "sides-0-best_S": "7S"}
        | {"sides-1-best_D": "6D", "sides-1-best_C": "7C", "sides-1-best_B": "1B"}
        | {"sides-1-best_S": "1S"},
    ],
)
def test_a_hand_opens_in_the_hand_checker_with_the_same_points(
    client: FlaskClient, fields: dict[str, str]
) -> None:
    url = start_game(client, re_bello="y", napola="y")
    fields = fields | {"re_bello": "0"}
    assert record(client, url, **fields).status_code == 302
    page = client.get(f"{url}/hands/1", headers=EN).get_data(as_text=True)
    link = re.search(r'<a href="([^"]+)" id="open-in-checker">', page)
    assert link is not None
    assert link.group(1).startswith("/check/hand?mode=counts")
    checker = client.get(link.group(1).replace("&amp;", "&"), headers=EN)
    assert checker.status_code == 200
    footer = re.compile(r"<tfoot>(.*?)</tfoot>", re.S)
    ours, theirs = footer.search(page), footer.search(checker.get_data(as_text=True))
    assert ours
    assert theirs
    assert ours.group(1) == theirs.group(1)


def test_a_napoleone_hand_opens_in_the_hand_checker_with_its_napoleone(
    client: FlaskClient,
) -> None:
    url = start_game(client, target="21", napoleone="y")
    assert record(client, url, **(REFERENCE | {"sides-0-denari": "10"})).status_code == 302
    page = client.get(f"{url}/hands/1", headers=EN).get_data(as_text=True)
    link = re.search(r'<a href="([^"]+)" id="open-in-checker">', page)
    assert link is not None
    assert "napoleone=1" in link.group(1)
    checker = client.get(link.group(1).replace("&amp;", "&"), headers=EN).get_data(as_text=True)
    line = "Anna took all ten denari: napoleone, the game is won at once."
    assert line in page
    assert line in checker


def test_every_change_signals_inside_its_transaction(app: Flask, client: FlaskClient) -> None:
    """`game_changed` goes out for a saved and a removed hand, with the app as sender,
    before the commit: the change is in the session, not yet in the database."""
    url = start_game(client)
    seen: list[tuple[bool, int, bool, int, int]] = []
    revisions = select(func.count()).select_from(HandRevision)

    def receiver(sender: Flask, game: Game) -> None:
        with db.engine.connect() as other:  # sees only what is committed
            committed = other.execute(revisions).scalar_one()
        in_session = db.session.execute(revisions).scalar_one()
        seen.append(
            (sender is app, game.version, db.session().in_transaction(), in_session, committed)
        )

    with game_changed.connected_to(receiver, app):
        assert record(client, url).status_code == 302
        with app.app_context():
            services.remove_hand(db.session.scalars(select(Game)).one(), 1)
    assert seen == [(True, 2, True, 1, 0), (True, 3, True, 2, 1)]
