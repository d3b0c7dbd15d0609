"""A tournament pair's "we confirm" kept on the phone without signal is sent later by the
outbox, which asks for JSON and a fresh CSRF token: recorded once, however often sent."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import EN
from tests.web.test_tournament_confirmation import (  # noqa: F401  (the fixture)
    Table,
    _confirmations,
    _enter,
    _result,
    table,
)

JSON = {"Accept": "application/json", **EN}


def _send(phone: FlaskClient, link: str, side: int) -> tuple[int, dict[str, object]]:
    """What the outbox does: a fresh CSRF token from the pair's link, then the tap."""
    token = phone.get(f"{link}/csrf").get_json()["csrf_token"]
    response = phone.post(
        f"{link}/confirm", data={"csrf_token": token, "side": str(side)}, headers=JSON
    )
    return response.status_code, response.get_json()


def test_a_kept_confirmation_is_recorded_once(
    app: Flask,
    client: FlaskClient,
    table: Table,  # noqa: F811
) -> None:
    first, second = table.links
    assert _enter(client, first) == 302
    phone = app.test_client()
    status, answer = _send(phone, second, 1)
    assert status == 200
    assert answer["status"] == "confirmed"
    assert answer["message"] == "Result confirmed."
    # Sent again (its answer was lost on the way): nothing more is recorded.
    status, answer = _send(phone, second, 1)
    assert status == 200
    assert _confirmations(app, table.match_id) == [(1, 1, None)]
    assert _result(app, table.match_id).state == "confirmed"  # type: ignore[union-attr]


def test_a_link_that_opens_nothing_gives_no_token(app: Flask) -> None:
    assert app.test_client().get("/tournaments/side/not-a-token/csrf").status_code == 404


def test_a_side_that_may_not_confirm_is_told_why_in_json(
    app: Flask,
    client: FlaskClient,
    table: Table,  # noqa: F811
) -> None:
    first, _second = table.links
    assert _enter(client, first) == 302
    status, answer = _send(app.test_client(), first, 0)  # its own result
    assert status == 409
    assert answer["status"] == "refused"
    assert "the other side confirms it, not you" in str(answer["message"])
    assert _confirmations(app, table.match_id) == []
