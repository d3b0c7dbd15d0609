"""A tournament pair's own page without signal: the page opens from the copy the service
worker kept, "Confermiamo" is kept on the phone, and once the signal is back it is sent
and recorded once.

The tournament (four pairs, a round-robin whose results the other side confirms) is
made on the server, and the first pair's result entered there; the second pair's phone
speaks Italian.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Confirmation, MatchResult
from tests.e2e.test_confirmation import SENT_MS
from tests.helpers import LiveServer
from tests.helpers.flows import wait_for_worker
from tests.helpers.tournaments import confirming, side_link, user


def entered(live_server: LiveServer) -> tuple[int, str]:
    """Table 1's match, its result entered by the first pair: its id and the second
    pair's link."""
    with live_server.app.test_request_context():
        t = confirming(user("organiser"))
        _stage, round_ = services.rounds(t)[0]
        match = next(m for m in services.matches(round_) if not m.is_bye)
        services.enter_result(match, (1, 0), (11, 4), None, side=0)
        found = (match.id, side_link(match, 1))
        db.session.remove()
    return found


def confirmed(live_server: LiveServer, match_id: int) -> list[int]:
    """The sides that confirmed the match's result."""
    with live_server.app.app_context():
        sides = db.session.scalars(
            select(Confirmation.side)
            .join(MatchResult, MatchResult.id == Confirmation.result_id)
            .where(MatchResult.match_id == match_id)
            .order_by(Confirmation.id)
        ).all()
        db.session.remove()
    return list(sides)


def test_a_pair_confirms_without_signal_and_it_is_sent_later(
    make_phone: Callable[..., Page], live_server: LiveServer
) -> None:
    match_id, link = entered(live_server)
    phone = make_phone(viewport={"width": 360, "height": 780}, locale="it-IT")
    phone.goto(link)
    wait_for_worker(phone)
    phone.reload()  # through the worker: it keeps this page
    expect(phone.locator("#confirmation-state")).to_contain_text("In attesa di conferma")

    phone.context.set_offline(True)
    phone.reload()  # the kept copy
    button = phone.locator("#confirm-button-1")
    expect(button).to_be_visible()
    button.tap()
    expect(phone.locator("#confirm-kept-result")).to_contain_text(
        "la conferma del risultato resta su questo telefono"
    )
    assert confirmed(live_server, match_id) == []

    phone.context.set_offline(False)
    expect(phone.locator("#outbox-confirm-sent")).to_contain_text(
        "Risultato confermato.", timeout=SENT_MS
    )
    assert confirmed(live_server, match_id) == [1]
    with live_server.app.app_context():
        state = db.session.scalar(select(MatchResult.state).where(MatchResult.match_id == match_id))
        db.session.remove()
    assert state == "confirmed"
