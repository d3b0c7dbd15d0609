"""A hand is stored as its typed entry's JSON and comes back as the same entry.

Recorded through the board (by counts, by cards), a hand is stored as
``entry.to_json()`` (``Hand.entry``, with ``Hand.mode``); its correction form shows
that entry again, field by field, and sending the form back as it is shown stores the
very same entry. A league file is read as strictly: an unknown key, or a string where
true or false belongs, refuses the whole file with the reason, and nothing is stored.
"""

from __future__ import annotations

import copy
import json
from html import unescape as html_unescape
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.accounts.services import create_user, find_user
from scorekeeper.extensions import db
from scorekeeper.games.models import Game, Hand
from scorekeeper.leagues import demo, transfer
from scorekeeper.leagues.models import League, Player
from scorekeeper.scoring import DECK, CardsEntry, CountsEntry, read_entry
from tests.helpers import EN
from tests.helpers.actions import import_file, signup
from tests.helpers.games import form_keys, hidden, start_game


class _FormReader(HTMLParser):
    """What a browser sends for the form ``#hand-form`` left as it is shown."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.data: list[tuple[str, str]] = []
        self.select: str | None = None
        self.first_option: str | None = None
        self.chosen = False
        self.text_option = False
        self.option_index: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.inside = a.get("id") == "hand-form"
        if not self.inside:
            return
        if tag == "input" and "name" in a:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            if kind not in ("submit", "button"):
                self.data.append((a["name"], a.get("value", "")))
        elif tag == "select":
            self.select, self.first_option, self.chosen = a["name"], None, False
        elif tag == "option" and self.select is not None:
            # An option without a value sends its text (handle_data fills it in).
            value, self.text_option = a.get("value"), "value" not in a
            if self.first_option is None:
                self.first_option = value
            if "selected" in a:
                self.data.append((self.select, value or ""))
                self.chosen = True
            self.option_index = len(self.data) - 1 if "selected" in a else None

    def handle_data(self, data: str) -> None:
        if not self.text_option:
            return
        self.text_option = False
        if self.first_option is None:
            self.first_option = data.strip()
        if self.option_index is not None:
            self.data[self.option_index] = (self.data[self.option_index][0], data.strip())

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select" and self.select is not None:
            if not self.chosen:
                self.data.append((self.select, self.first_option or ""))
            self.select = None


def as_shown(html: str) -> dict[str, list[str]]:
    """The hand form of ``html`` as a browser would send it, untouched."""
    reader = _FormReader()
    reader.feed(html)
    assert reader.data, "no #hand-form"
    sent: dict[str, list[str]] = {}
    for name, value in reader.data:
        sent.setdefault(name, []).append(value)
    return sent


def stored(app: Flask) -> tuple[str, dict[str, Any]]:
    """The one stored hand's mode and JSON entry."""
    with app.app_context():
        hand = db.session.scalars(select(Hand)).one()
        return hand.mode, copy.deepcopy(hand.entry)


def correct_untouched(app: Flask, client: FlaskClient, url: str) -> dict[str, list[str]]:
    """Open hand 1's correction form and save it as shown: the stored hand is unchanged.
    Returns what the form showed."""
    before = stored(app)
    shown = as_shown(client.get(f"{url}/hands/1/edit", headers=EN).get_data(as_text=True))
    assert client.post(f"{url}/hands/1/edit", data=shown | {"action": "save"}).status_code == 302
    assert stored(app) == before
    return shown


COUNTS = {  # Anna: 22 cards, 6 denari, the settebello, 3 of napola, 2 scope, her best cards;
    "sides-0-cards": "22",  # Bruno: the re bello and 1 scopa. The primiera from the best cards.
    "sides-0-denari": "6",
    "sides-0-scope": "2",
    "sides-0-napola_run": "3",
    "sides-1-scope": "1",
    "settebello": "0",
    "re_bello": "1",
    "primiera": "cards",
    "sides-0-best_D": "7D",
    "sides-0-best_C": "6C",
    "sides-0-best_B": "1B",
    "sides-0-best_S": "7S",  # Bruno shows no spada: Anna holds all ten
    "sides-1-best_D": "5D",
    "sides-1-best_C": "7C",
    "sides-1-best_B": "7B",
}


def test_a_hand_by_counts_round_trips_through_storage_and_its_correction_form(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client, napola="y", re_bello="y")
    data = form_keys(client, url) | COUNTS | {"action": "save"}
    assert client.post(f"{url}/hands", data=data).status_code == 302
    mode, entry = stored(app)
    assert mode == "counts"
    read = read_entry(mode, entry)
    assert isinstance(read, CountsEntry)
    assert read.to_json() == entry
    # Everything typed is in the stored entry, the blank counts as the rest of the deck.
    assert [(s.cards, s.denari, s.scope, s.napola_run) for s in read.sides] == [
        (22, 6, 2, 3),
        (18, 4, 1, 0),
    ]
    assert [(s.settebello, s.re_bello) for s in read.sides] == [(True, False), (False, True)]
    assert entry["sides"][0]["primiera_cards"] == ["7D", "6C", "1B", "7S"]
    assert entry["sides"][1]["primiera_cards"] == ["5D", "7C", "7B"]

    shown = correct_untouched(app, client, url)
    assert shown["sides-1-cards"] == ["18"]
    assert shown["re_bello"] == ["1"]
    assert shown["primiera"] == ["cards"]
    assert shown["sides-1-best_B"] == ["7B"]


def test_a_hand_by_counts_with_the_primiera_declared_round_trips(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client)
    typed = {"sides-0-cards": "19", "sides-0-denari": "3", "settebello": "1", "primiera": "1"}
    assert client.post(f"{url}/hands", data=form_keys(client, url) | typed).status_code == 302
    _, entry = stored(app)
    assert entry["primiera"] == 1
    assert all(side["primiera_cards"] is None for side in entry["sides"])
    assert correct_untouched(app, client, url)["primiera"] == ["1"]


def test_a_hand_by_cards_round_trips_through_storage_and_its_correction_form(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client)
    anna = [card.code for card in DECK[::2]]
    html = client.get(f"{url}/hands/cards").get_data(as_text=True)
    data = {name: hidden(html, name) for name in ("csrf_token", "request_id", "number")}
    data |= {"s0": anna, "rest": "1", "scope-0": "1", "scope-1": "2", "action": "save"}
    assert client.post(f"{url}/hands/cards", data=data).status_code == 302
    mode, entry = stored(app)
    read = read_entry(mode, entry)
    assert isinstance(read, CardsEntry)
    assert read.to_json() == entry
    assert entry["sides"][0] == {"cards": anna, "scope": 1}
    assert entry["sides"][1] == {"cards": [card.code for card in DECK[1::2]], "scope": 2}

    shown = correct_untouched(app, client, url)
    assert sorted(shown["s0"]) == sorted(anna)
    assert "rest" not in shown


# --------------------------------------------------------------------------- league files


def _counts() -> tuple[int, ...]:
    return tuple(
        db.session.scalar(select(func.count()).select_from(model)) or 0
        for model in (League, Player, Game, Hand)
    )


def _set_hand(path: tuple[object, ...], value: object) -> Any:
    """A change to the last game's first hand: its ``entry`` at ``path`` becomes ``value``."""

    def change(data: dict[str, Any]) -> None:
        hand = data["games"][-1]["hands"][0]
        *inner, last = ("entry", *path)
        target = hand
        for key in inner:
            target = target[key]
        target[last] = value

    return change


def _counts_hand(data: dict[str, Any]) -> None:
    """Make the last game's first hand a counts entry (a valid one: Anna takes it all)."""
    sides = [
        {
            "cards": 40 if i == 0 else 0,
            "denari": 10 if i == 0 else 0,
            "settebello": i == 0,
            "re_bello": False,
            "napola_run": 0,
            "scope": 0,
            "primiera_cards": None,
        }
        for i in range(2)
    ]
    data["games"][-1]["hands"][0] = {"mode": "counts", "entry": {"sides": sides, "primiera": 0}}


REFUSED_FILES = [
    pytest.param(
        [lambda data: data["games"][-1]["hands"][0].update(points=[4, 0])],
        r"games\[4\]\.hands\[0\]\.points: is not part of a league file",
        id="points sent with a hand",
    ),
    pytest.param(
        [_set_hand(("sides", 0, "colour"), "red")],
        r"games\[4\]\.hands\[0\]\.sides\[0\]\.colour",
        id="unknown key in a side",
    ),
    pytest.param(
        [_set_hand(("comment",), "typed by hand")],
        r"games\[4\]\.hands\[0\]\.comment",
        id="unknown key in an entry",
    ),
    pytest.param(
        [_counts_hand, _set_hand(("sides", 0, "settebello"), "yes")],
        r"games\[4\]\.hands\[0\]\.sides\[0\]\.settebello",
        id="a string for true or false in an entry",
    ),
    pytest.param(
        [lambda data: data["games"][-1].update(napola="yes")],
        r"games\[4\]: .*napola: 'yes' is not true or false",
        id="a string for true or false in a game's rules",
    ),
    pytest.param(
        [lambda data: data["league"].update(re_bello="no")],
        r"league: .*re_bello: 'no' is not true or false",
        id="a string for true or false in the league's rules",
    ),
    pytest.param(
        [lambda data: data["league"].update(sum_choice="free")],
        r"league\.sum_choice: is not part of a league file",
        id="a setting the file does not hold",
    ),
]


@pytest.mark.parametrize(("changes", "reason"), REFUSED_FILES)
def test_a_league_file_read_strictly_is_refused_with_the_reason_and_stores_nothing(
    app: Flask, changes: list[Any], reason: str
) -> None:
    with app.app_context():
        owner = create_user("owner", "a long password")
        data = transfer.export_league(demo.seed_league(owner, "Demo", 4, 5, seed=7))
        for change in changes:
            change(data)
        before = _counts()
        with pytest.raises(transfer.ImportRefused, match=reason):
            transfer.import_league(data, owner)
        assert _counts() == before


def test_an_imported_hand_is_stored_as_read_not_as_sent(app: Flask) -> None:
    """A card typed in lower case is stored as the engine writes it (``7D``)."""
    with app.app_context():
        owner = create_user("owner", "a long password")
        data = transfer.export_league(demo.seed_league(owner, "Demo", 4, 3, seed=7))
        sent = data["games"][0]["hands"][0]["entry"]
        written = copy.deepcopy(sent)
        sent["sides"][0]["cards"] = [code.lower() for code in sent["sides"][0]["cards"]]
        copy_id = transfer.import_league(data, owner).id
        first = db.session.scalars(
            select(Hand)
            .join(Game)
            .where(Game.league_id == copy_id)
            .order_by(Game.created_at, Game.id, Hand.number)
        ).first()
        assert first is not None
        assert first.entry == written


def test_the_import_page_says_why_a_file_is_refused_and_stores_nothing(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "owner")
    with app.app_context():
        owner = find_user("owner")
        assert owner is not None
        data = transfer.export_league(demo.seed_league(owner, "Demo", 4, 5, seed=7))
        _counts_hand(data)
        _set_hand(("sides", 1, "re_bello"), "no")(data)
        before = _counts()
    response = import_file(client, json.dumps(data).encode(), **EN)
    assert response.status_code == 422
    assert "games[4].hands[0].sides[1].re_bello: " in html_unescape(response.get_data(as_text=True))
    with app.app_context():
        assert _counts() == before
