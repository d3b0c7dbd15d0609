"""A hand confirmed by a QR between two phones, both offline (scorekeeper/games/scanned.py):
the other side's phone keeps "confirm hand <client id> with points D" and sends it from
its side link whenever it has signal; the server records it once, whichever phone
syncs first, refuses a digest that is not the hand's, and applies a confirmation that
came first when the hand lands."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.audit import AuditEvent
from scorekeeper.extensions import db
from scorekeeper.games.confirmation import side_token
from scorekeeper.games.models import Game, Hand, HandRevision, HandStatus, PendingConfirmation
from scorekeeper.games.scanned import points_digest
from tests.helpers.actions import post_form
from tests.helpers.confirming import confirming_league, game_side_link
from tests.helpers.games import REFERENCE, form_keys, start_game

PAIRS = ("Anna", "Bruno", "Carla", "Dario")  # side 0: Anna e Carla; side 1: Bruno e Dario
#: REFERENCE's points: Anna e Carla scopa, carte, denari, settebello, primiera; B nothing.
DIGEST = "1.1.1.1.1.0.0_0.0.0.0.0.0.0"
JSON = {"Accept": "application/json"}


def _game(app: Flask, client: FlaskClient, *, confirmation: bool = True) -> tuple[str, str]:
    """A game of pairs whose phone says Anna and Carla write on it; its board and the
    side link of Bruno and Dario."""
    fields = {"requires_confirmation": "y"} if confirmation else {}
    board = start_game(client, PAIRS, format="2x2", **fields)
    post_form(client, board, f"{board}/side", side="0")
    with app.app_context():
        game = db.session.scalars(select(Game)).one()
        link = f"/c/{side_token(game, 1)}"
    return board, link


def _hand_keys(client: FlaskClient, board: str) -> dict[str, str]:
    """The hand form as phone A would send it (REFERENCE), its client id in request_id."""
    return form_keys(client, board) | REFERENCE | {"action": "save"}


def _save(client: FlaskClient, board: str, keys: dict[str, str]) -> Any:
    return client.post(f"{board}/hands", data=keys, headers=JSON)


def _scan(phone: FlaskClient, link: str, hand: str, digest: str = DIGEST, key: str = "") -> Any:
    """Phone B sends "confirm hand ``hand`` with points ``digest``" from its outbox."""
    token = phone.get(f"{link}/csrf").get_json()["csrf_token"]
    data = {
        "csrf_token": token,
        "request_id": key or f"q1-{hand}",
        "hand": hand,
        "digest": digest,
        "number": "1",
    }
    return phone.post(f"{link}/scanned", data=data, headers=JSON)


def _state(app: Flask) -> tuple[list[tuple[int, str]], list[tuple[int, int | None]], int]:
    """The hands (number, status), the confirmations (number, side), the pending count."""
    with app.app_context():
        hands = db.session.execute(select(Hand.number, Hand.status).order_by(Hand.number)).all()
        confirms = db.session.execute(
            select(HandRevision.number, HandRevision.side)
            .where(HandRevision.action == "confirm")
            .order_by(HandRevision.id)
        ).all()
        pending = db.session.scalar(select(func.count()).select_from(PendingConfirmation))
        return [tuple(h) for h in hands], [tuple(c) for c in confirms], pending or 0  # type: ignore[misc]


def test_the_digest_is_the_hand_s_points(app: Flask, client: FlaskClient) -> None:
    board, _link = _game(app, client)
    assert _save(client, board, _hand_keys(client, board)).status_code == 200
    with app.app_context():
        hand = db.session.scalars(select(Hand)).one()
        assert points_digest(hand.sides) == DIGEST


def test_hand_first_then_the_scanned_confirmation_once(app: Flask, client: FlaskClient) -> None:
    board, link = _game(app, client)
    keys = _hand_keys(client, board)
    assert _save(client, board, keys).status_code == 200
    phone_b = app.test_client()
    answer = _scan(phone_b, link, keys["request_id"])
    assert answer.status_code == 200
    assert answer.get_json()["status"] == "confirmed"
    assert answer.get_json()["locked"] is True
    assert "Bruno e Dario hanno confermato la mano 1." in answer.get_json()["message"]
    again = _scan(phone_b, link, keys["request_id"])  # the outbox sends it again
    assert again.get_json()["status"] == "confirmed"
    assert _state(app) == ([(1, HandStatus.CONFIRMED)], [(1, 1)], 0)


def test_scanned_confirmation_first_waits_for_the_hand(app: Flask, client: FlaskClient) -> None:
    board, link = _game(app, client)
    keys = _hand_keys(client, board)  # phone A keeps the hand offline: its client id
    phone_b = app.test_client()
    answer = _scan(phone_b, link, keys["request_id"])
    assert answer.status_code == 200
    assert answer.get_json()["message"] == (
        "Bruno e Dario hanno confermato la mano 1: conta appena la mano arriva al server."
    )
    _scan(phone_b, link, keys["request_id"])  # sent twice: waits once
    assert _state(app) == ([], [], 1)
    # Phone A syncs, twice (its answer lost the first time): the hand lands confirmed.
    for _ in range(2):
        assert _save(client, board, keys).status_code == 200
    assert _state(app) == ([(1, HandStatus.CONFIRMED)], [(1, 1)], 0)
    # Phone B's outbox sends it once more: nothing more is recorded.
    assert _scan(phone_b, link, keys["request_id"]).status_code == 200
    assert _state(app) == ([(1, HandStatus.CONFIRMED)], [(1, 1)], 0)


def test_a_confirmation_that_waited_is_named_with_the_phone_that_scanned_it(
    app: Flask, client: FlaskClient
) -> None:
    """Phone B scans and syncs first, phone A brings the hand later: the history's
    confirmation is phone B's (its device id, the side link, the side), in a row of its
    own; the hand's creation is phone A's."""
    board, link = _game(app, client)
    keys = _hand_keys(client, board)
    phone_b = app.test_client()
    phone_b.environ_base["HTTP_X_SCOREKEEPER_DEVICE"] = "phone-b-device"
    assert _scan(phone_b, link, keys["request_id"]).status_code == 200
    client.environ_base["HTTP_X_SCOREKEEPER_DEVICE"] = "phone-a-device"
    assert _save(client, board, keys).status_code == 200
    with app.app_context():
        rows = db.session.execute(
            select(AuditEvent.kind, AuditEvent.device_id, AuditEvent.link, AuditEvent.side)
            .where(AuditEvent.kind.in_(["hand_created", "confirmed"]))
            .order_by(AuditEvent.id)
        ).all()
    assert [tuple(r) for r in rows] == [
        ("hand_created", "phone-a-device", "edit", None),
        ("confirmed", "phone-b-device", "side", 1),
    ]


def test_a_digest_that_is_not_the_hand_s_is_refused(app: Flask, client: FlaskClient) -> None:
    board, link = _game(app, client)
    keys = _hand_keys(client, board)
    _save(client, board, keys)
    answer = _scan(
        app.test_client(), link, keys["request_id"], digest="0.1.1.1.1.0.0_1.0.0.0.0.0.0"
    )
    assert answer.status_code == 409
    assert answer.get_json()["message"].startswith(
        "La mano 1 sul server non è quella mostrata dall\u2019altro telefono"
    )
    assert _state(app) == ([(1, HandStatus.AWAITING)], [], 0)


def test_a_waiting_confirmation_with_other_points_does_not_confirm(
    app: Flask, client: FlaskClient
) -> None:
    board, link = _game(app, client)
    keys = _hand_keys(client, board)
    _scan(app.test_client(), link, keys["request_id"], digest="0.0.0.0.0.0.0_1.1.1.1.1.0.0")
    _save(client, board, keys)
    # Dropped with the hand's landing: the hand awaits Bruno and Dario as any other.
    assert _state(app) == ([(1, HandStatus.AWAITING)], [], 0)


def test_the_side_that_entered_it_or_a_game_without_confirmation_records_nothing(
    app: Flask, client: FlaskClient
) -> None:
    board, _link = _game(app, client)
    keys = _hand_keys(client, board)
    _save(client, board, keys)
    with app.app_context():
        own = f"/c/{side_token(db.session.scalars(select(Game)).one(), 0)}"
    assert _scan(app.test_client(), own, keys["request_id"]).status_code == 409
    assert _state(app) == ([(1, HandStatus.AWAITING)], [], 0)


def test_a_scan_without_its_keys_is_a_bad_request(app: Flask, client: FlaskClient) -> None:
    _board, link = _game(app, client)
    phone = app.test_client()
    token = phone.get(f"{link}/csrf").get_json()["csrf_token"]
    for data in (
        {"hand": "h", "digest": DIGEST, "number": "1"},  # no request id
        {"request_id": "k", "digest": DIGEST, "number": "1"},  # no hand
        {"request_id": "k", "hand": "h", "digest": "<script>", "number": "1"},
        {"request_id": "k", "hand": "h", "digest": DIGEST},  # no number
    ):
        response = phone.post(f"{link}/scanned", data=data | {"csrf_token": token})
        assert response.status_code == 400
    assert phone.post(f"{link}/scanned", data={"request_id": "k"}).status_code == 400  # no CSRF
    assert phone.get("/c/S.forged/csrf").status_code == 404


def test_the_board_offers_a_qr_of_the_hand_for_the_other_phone(
    app: Flask, client: FlaskClient
) -> None:
    board, link = _game(app, client)
    keys = _hand_keys(client, board)
    client.post(f"{board}/hands", data=keys)
    html = unescape(client.get(board).get_data(as_text=True))
    button = re.search(r'<button[^>]*id="hand-qr-1-1"[^>]*>([^<]*)</button>', html)
    assert button, "no QR of hand 1 for Bruno and Dario"
    assert button.group(1) == "QR per il telefono di Bruno e Dario"
    url = re.search(r'data-hand-qr="([^"]+)"', button.group(0))
    assert url
    assert url.group(1) == (
        f"http://localhost{link}#hand=1&id={keys['request_id']}&points={DIGEST}"
    )
    # The side's page can confirm such a hand, even offline (its form, its scripts).
    side = unescape(client.get(link).get_data(as_text=True))
    assert 'id="scanned-form"' in side
    assert "Dal codice QR dell\u2019altro telefono" in side
    assert "/static/js/outbox.js" in side


def test_a_league_side_link_scans_only_for_the_account_seated_there(
    app: Flask, client: FlaskClient
) -> None:
    _public_id, board, clients = confirming_league(app, client)
    anna, bruno = clients["anna"], clients["bruno"]
    keys = _hand_keys(anna, board)
    link = game_side_link(app, 1)
    # Anna (the other side) and a visitor get nothing of Bruno's link.
    assert anna.get(f"{link}/csrf").status_code == 404
    assert app.test_client().get(f"{link}/csrf").status_code == 302  # to log in
    token = anna.get(f"{board}/csrf").get_json()["csrf_token"]
    refused = anna.post(
        f"{link}/scanned",
        data={"csrf_token": token, "request_id": "k", "hand": keys["request_id"]}
        | {"digest": DIGEST, "number": "1"},
        headers=JSON,
    )
    assert refused.status_code == 404
    # Bruno, signed in, scans before the hand lands: it lands confirmed.
    assert _scan(bruno, link, keys["request_id"]).status_code == 200
    assert _save(anna, board, keys).status_code == 200
    assert _state(app) == ([(1, HandStatus.CONFIRMED)], [(1, 1)], 0)
