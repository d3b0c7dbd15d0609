"""Every change carries a name (issue 27, section 2): each stored change records who made
it, in the change's transaction, and a game's history says it in words."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.audit import AuditEvent
from scorekeeper.extensions import db
from tests.helpers import EN, IT
from tests.helpers.actions import signup
from tests.helpers.games import REFERENCE, form_keys, record, start_game

PHONE = "3f2a9c1e-7b7d-4d0e-9a51-2b8e0f7c1a11"


def events(app: Flask) -> list[AuditEvent]:
    with app.app_context():
        return list(db.session.scalars(select(AuditEvent).order_by(AuditEvent.id)))


def test_a_hand_saved_through_the_edit_link_names_link_phone_and_request(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client)
    data = form_keys(client, url) | REFERENCE | {"action": "save", "device_id": PHONE}
    assert client.post(f"{url}/hands", data=data).status_code == 302
    (event,) = events(app)
    assert event.kind == "hand_created"
    assert event.hand_number == 1
    assert event.link == "edit"
    assert event.account_id is None
    assert event.device_id == PHONE
    assert event.origin == "live"
    assert event.request_id == data["request_id"]
    assert event.changes["total.0"] == [None, 5]
    assert event.changes["denari.0"] == [None, 6]


def test_history_in_words(app: Flask, client: FlaskClient) -> None:
    signup(client, "Anna")
    url = start_game(client)
    record(client, url)
    html = client.get(f"{url}/history", headers=IT).get_data(as_text=True)
    print(html)
