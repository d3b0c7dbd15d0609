"""The other side confirms: hands awaiting confirmation, confirmed by passing the phone or
on a side's own link, disputed and resolved, locked once confirmed; league standings
that count confirmed games only and say how many hands wait."""

from __future__ import annotations

import re
from html import unescape

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.confirmation import side_token
from scorekeeper.games.models import Game, Hand, HandRevision, HandStatus
from scorekeeper.leagues.models import LeagueResult
from tests.helpers import csrf_token
from tests.helpers.actions import (
    create_league,
    post_form,
    signup,
)
from tests.helpers.confirming import (
    THEIRS,
    confirm_form,
    confirming_league,
    game_side_link,
    send_confirm,
)
from tests.helpers.games import REFERENCE, form_keys, record, start_game
from tests.helpers.leagues import start_league_game

PAIRS = ("Anna", "Bruno", "Carla", "Dario")  # side 0: Anna e Carla; side 1: Bruno e Dario


def _text(client: FlaskClient, url: str) -> str:
    return unescape(client.get(url).get_data(as_text=True))


def _token(board: str) -> str:
    return board.rsplit("/", 1)[-1]


def _casual(app: Flask, client: FlaskClient) -> str:
    """A casual game of pairs started with confirmation on (its new-game box); its board."""
    board = start_game(client, PAIRS, format="2x2", requires_confirmation="y")
    with app.app_context():
        assert db.session.scalars(select(Game)).one().requires_confirmation
    return board


def _choose_side(client: FlaskClient, board: str, side: int) -> None:
    response = post_form(client, board, f"{board}/side", side=str(side))
    assert response.status_code == 302


def _hand(app: Flask, number: int = 1) -> tuple[str, int, int | None]:
    with app.app_context():
        hand = db.session.scalars(select(Hand).where(Hand.number == number)).one()
        return hand.status, hand.awaiting_sides, hand.entered_side


def _revisions(app: Flask, action: str) -> list[HandRevision]:
    with app.app_context():
        rows = db.session.scalars(select(HandRevision).where(HandRevision.action == action))
        return list(rows)


# ---------------------------------------------------------------- the phone passed across


def test_passing_the_phone_confirms_once_and_locks(app: Flask, client: FlaskClient) -> None:
    board = _casual(app, client)
    _choose_side(client, board, 0)  # Anna and Carla write on this phone
    assert record(client, board).status_code == 302
    assert _hand(app) == (HandStatus.AWAITING, 0b10, 0)

    page = _text(client, board)
    assert "Bruno e Dario, confermate la mano 1?" in page
    assert "Confermiamo" in page
    assert "Contestiamo" in page
    assert "in attesa di conferma" in page  # the hand's row in the history

    form = confirm_form(client, board)
    assert form["sides"] == "1"
    response = send_confirm(client, form)
    assert response.status_code == 302  # type: ignore[attr-defined]
    assert "Bruno e Dario hanno confermato la mano 1." in _text(client, board)
    assert _hand(app)[:2] == (HandStatus.CONFIRMED, 0)

    # The same tap sent again (a double tap, a resend) records nothing more.
    send_confirm(client, form)
    assert len(_revisions(app, "confirm")) == 1
    page = _text(client, board)
    assert "confermate la mano 1?" not in page
    assert 'id="undo-last"' not in page  # a confirmed hand is not undone


def test_a_side_not_awaited_cannot_confirm(app: Flask, client: FlaskClient) -> None:
    board = _casual(app, client)
    _choose_side(client, board, 0)
    record(client, board)
    keys = {"csrf_token": csrf_token(client, board), "request_id": "r-own", "side": "0"}
    response = client.post(f"{board}/hands/1/confirm", data=keys)
    assert response.status_code == 302
    assert "non aspetta la conferma" in _text(client, board)
    assert _hand(app)[0] == HandStatus.AWAITING
    assert _revisions(app, "confirm") == []


def test_unknown_writer_awaits_every_side(app: Flask, client: FlaskClient) -> None:
    board = _casual(app, client)
    record(client, board)  # nobody said who writes on this phone
    assert _hand(app) == (HandStatus.AWAITING, 0b11, None)
    page = _text(client, board)
    assert "Anna e Carla, confermate la mano 1?" in page
    assert "Bruno e Dario, confermate la mano 1?" in page


def test_a_casual_game_stays_as_quick_as_ever(app: Flask, client: FlaskClient) -> None:
    board = start_game(client, PAIRS, format="2x2")
    record(client, board)
    assert _hand(app) == (HandStatus.CONFIRMED, 0, None)
    page = _text(client, board)
    assert "Confermiamo" not in page
    assert "side-chooser" not in page


# ------------------------------------- offline: the confirmation travels with the hand


def test_a_confirmation_sent_with_the_hand_lands_once(app: Flask, client: FlaskClient) -> None:
    board = _casual(app, client)
    _choose_side(client, board, 0)
    data = form_keys(client, board) | REFERENCE | {"action": "save", "confirm_side": "1"}
    for _ in range(2):  # the outbox sends it again: the request id keeps it once
        response = client.post(f"{board}/hands", data=data, headers={"Accept": "application/json"})
        assert response.status_code == 200
    assert _hand(app)[:2] == (HandStatus.CONFIRMED, 0)
    confirmations = _revisions(app, "confirm")
    assert [(r.side, r.number) for r in confirmations] == [(1, 1)]
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(Hand)) == 1


def test_a_hand_cannot_confirm_itself_by_traveling_with_its_own_side(
    app: Flask, client: FlaskClient
) -> None:
    board = _casual(app, client)
    _choose_side(client, board, 0)
    data = form_keys(client, board) | REFERENCE | {"action": "save", "confirm_side": "0"}
    client.post(f"{board}/hands", data=data)
    assert _hand(app)[:2] == (HandStatus.AWAITING, 0b10)


# --------------------------------------------------------------------------- a side's own link


def test_side_links_confirm_for_their_side_alone(app: Flask, client: FlaskClient) -> None:
    board = _casual(app, client)
    _choose_side(client, board, 0)
    record(client, board)
    with app.app_context():
        game = db.session.scalars(select(Game)).one()
        own, other = side_token(game, 0), side_token(game, 1)
    # The side that entered the hand has nothing to confirm, and cannot.
    assert "Nessuna mano aspetta la vostra conferma." in _text(client, f"/c/{own}")
    keys = {"csrf_token": csrf_token(client, board), "request_id": "r-own", "side": "1"}
    client.post(f"/c/{own}/hands/1/confirm", data=keys)
    assert _hand(app)[0] == HandStatus.AWAITING
    # The other side's link asks, and one tap confirms.
    page = _text(client, f"/c/{other}")
    assert "Bruno e Dario, confermate la mano 1?" in page
    send_confirm(client, confirm_form(client, f"/c/{other}"))
    assert _hand(app)[0] == HandStatus.CONFIRMED
    assert [r.side for r in _revisions(app, "confirm")] == [1]


def test_a_forged_or_revoked_side_link_opens_nothing(app: Flask, client: FlaskClient) -> None:
    board = _casual(app, client)
    assert client.get("/c/S.not-a-token").status_code == 404
    assert client.get(f"/c/{_token(board)}").status_code == 404  # an edit link is no side link
    with app.app_context():
        game = db.session.scalars(select(Game)).one()
        token = side_token(game, 1)
        game.edit_token_hash = "0" * 64  # a new edit link revokes the side links
        db.session.commit()
    assert client.get(f"/c/{token}").status_code == 404


# --------------------------------------------------------------------------- leagues


def test_league_hands_await_the_seated_other_side(app: Flask, client: FlaskClient) -> None:
    public_id, board, clients = confirming_league(app, client)
    anna, bruno = clients["anna"], clients["bruno"]
    assert record(anna, board).status_code == 302
    assert _hand(app) == (HandStatus.AWAITING, 0b10, 0)  # Anna's account: side 0 wrote
    # Bruno sees it on the league's page, and confirms on his own phone, signed in.
    league_page = _text(bruno, f"/leagues/{public_id}/")
    assert "Mani in attesa della tua conferma" in league_page
    link = game_side_link(app, 1)
    assert "Bruno, confermi la mano 1?" in _text(bruno, link)
    # Anna cannot use Bruno's link: it is tied to the account seated on that side.
    assert anna.get(link).status_code == 404
    send_confirm(bruno, confirm_form(bruno, link))
    assert _hand(app)[0] == HandStatus.CONFIRMED


def test_standings_count_confirmed_games_only(app: Flask, client: FlaskClient) -> None:
    public_id, board, clients = confirming_league(app, client)
    anna, bruno = clients["anna"], clients["bruno"]
    for _ in range(3):  # Anna wins 15-3, every hand awaiting Bruno
        record(anna, board)
    page = _text(client, f"/leagues/{public_id}/")
    assert "3 mani in attesa di conferma" in page
    with app.app_context():
        assert db.session.scalars(select(LeagueResult)).all() == []
    link = game_side_link(app, 1)
    for _ in range(3):
        send_confirm(bruno, confirm_form(bruno, link))
    page = _text(client, f"/leagues/{public_id}/")
    assert "in attesa di conferma" not in page
    with app.app_context():
        won = {r.player_id: r.won for r in db.session.scalars(select(LeagueResult))}
        assert sorted(won.values()) == [False, True]


def test_a_dispute_is_resolved_by_the_league_with_a_reason(app: Flask, client: FlaskClient) -> None:
    public_id, board, clients = confirming_league(app, client)
    anna, bruno = clients["anna"], clients["bruno"]
    record(anna, board)
    link = game_side_link(app, 1)
    dispute = f"{link}/hands/1/dispute"
    page = _text(bruno, dispute)
    assert "Contesto: è andata così" in page
    data = form_keys(bruno, dispute) | THEIRS | {"action": "save", "side": "1"}
    response = bruno.post(dispute, data=data)
    assert response.status_code == 302
    assert _hand(app)[0] == HandStatus.DISPUTED
    # Locked: neither Anna's phone nor Bruno's can confirm or change it now.
    assert "contestata da Bruno" in _text(anna, board)
    keys = {"csrf_token": csrf_token(anna, board), "request_id": "r-late", "side": "1"}
    anna.post(f"{board}/hands/1/confirm", data=keys)
    assert _hand(app)[0] == HandStatus.DISPUTED
    edit = anna.get(f"{board}/hands/1/edit")
    assert edit.status_code == 302
    # The owner sees it on the league's page, with both versions, and resolves it.
    page = _text(client, f"/leagues/{public_id}/")
    assert "Mani contestate" in page
    resolve = re.search(
        r'href="([^"]+/hands/1/resolve)"',
        client.get(f"/leagues/{public_id}/").get_data(as_text=True),
    )
    assert resolve
    url = unescape(resolve.group(1))
    page = _text(client, url)
    assert "Come è stata scritta" in page
    assert "Come dice Bruno" in page
    refused = post_form(client, url, url, version="disputed", reason="")
    assert refused.status_code == 422
    done = post_form(client, url, url, version="disputed", reason="Ricontate le carte al tavolo")
    assert done.status_code == 302
    status, awaiting, _side = _hand(app)
    assert (status, awaiting) == (HandStatus.CONFIRMED, 0)
    with app.app_context():
        hand = db.session.scalars(select(Hand)).one()
        assert hand.totals == (2, 2)  # Bruno's version: he takes carte and denari
    reasons = [r.reason for r in _revisions(app, "resolve")]
    assert reasons == ["Ricontate le carte al tavolo"]
    history = _text(client, f"{url.rsplit('/', 1)[0]}")
    assert "Ricontate le carte al tavolo" in history


def test_a_disputed_version_the_rules_now_refuse_is_told_not_kept(
    app: Flask, client: FlaskClient
) -> None:
    # Bruno disputed under older checks: his version gives a side one card, which no deal
    # gives. Choosing it says why, in place; the hand stays disputed, nothing half-kept.
    public_id, board, clients = confirming_league(app, client)
    anna, bruno = clients["anna"], clients["bruno"]
    record(anna, board)
    dispute = f"{game_side_link(app, 1)}/hands/1/dispute"
    data = form_keys(bruno, dispute) | THEIRS | {"action": "save", "side": "1"}
    assert bruno.post(dispute, data=data).status_code == 302
    with app.app_context():
        revision = db.session.scalars(
            select(HandRevision).where(HandRevision.action == "dispute")
        ).one()
        entry = dict(revision.entry)
        sides = [dict(side) for side in entry["sides"]]
        sides[0]["cards"], sides[1]["cards"] = 39, 1
        sides[1]["denari"] = sides[1]["scope"] = 0
        sides[0]["denari"] = 10
        entry["sides"] = sides
        revision.entry = entry
        db.session.commit()
    resolve = re.search(
        r'href="([^"]+/hands/1/resolve)"',
        client.get(f"/leagues/{public_id}/").get_data(as_text=True),
    )
    assert resolve
    url = unescape(resolve.group(1))
    refused = post_form(client, url, url, version="disputed", reason="Ricontate")
    assert refused.status_code == 422
    page = unescape(refused.get_data(as_text=True))
    assert "Questa versione non è una mano che le regole accettano" in page
    assert "chi prende carte ne prende almeno due" in page
    assert _hand(app)[0] == HandStatus.DISPUTED
    kept = post_form(client, url, url, version="entered", reason="Ricontate")
    assert kept.status_code == 302
    assert _hand(app)[0] == HandStatus.CONFIRMED


def test_a_confirmed_hand_is_corrected_only_by_the_owner_with_a_reason(
    app: Flask, client: FlaskClient
) -> None:
    public_id, board, clients = confirming_league(app, client)
    anna, bruno = clients["anna"], clients["bruno"]
    record(anna, board)
    send_confirm(bruno, confirm_form(bruno, game_side_link(app, 1)))
    # Anna, a scorer at the table, cannot change it any more, nor remove or undo it.
    edit = f"{board}/hands/1/edit"
    data = form_keys(anna, board) | REFERENCE | {"sides-0-denari": "5", "action": "save"}
    response = anna.post(edit, data=data)
    assert response.status_code == 302
    assert "solo l\u2019organizzatore" in _text(anna, board)
    post_form(anna, board, f"{board}/hands/1/remove")
    post_form(anna, board, f"{board}/undo", number="1")
    with app.app_context():
        hand = db.session.scalars(select(Hand)).one()
        assert hand.entry["sides"][0]["denari"] == 6
    # Olga, the owner, opens it from the league and corrects it, giving a reason.
    with app.app_context():
        game_id = db.session.scalars(select(Game.id)).one()
    owner_board = client.get(f"/leagues/{public_id}/games/{game_id}/edit").headers["Location"]
    owner_edit = f"{owner_board}/hands/1/edit"
    assert "Motivo della correzione" in _text(client, owner_edit)
    data = form_keys(client, owner_edit) | REFERENCE | {"sides-0-denari": "5", "action": "save"}
    assert client.post(owner_edit, data=data).status_code == 422  # no reason
    data |= {"reason": "Un denaro contato due volte"}
    assert client.post(owner_edit, data=data).status_code == 302
    with app.app_context():
        hand = db.session.scalars(select(Hand)).one()
        assert hand.entry["sides"][0]["denari"] == 5
        assert hand.status == HandStatus.CONFIRMED
    assert [r.reason for r in _revisions(app, "edit")] == ["Un denaro contato due volte"]
    # The game's history in words says who corrected it, what and why.
    history = _text(client, f"{owner_board}/history")
    assert "Mano 1 corretta da olga" in history
    assert "denari 6 → 5" in history
    assert "motivo: “Un denaro contato due volte”" in history


def test_league_setting_on_the_settings_page(app: Flask, client: FlaskClient) -> None:
    signup(client, "olga")
    new = client.get("/leagues/new").get_data(as_text=True)
    box = re.search(r'<input[^>]*name="requires_confirmation"[^>]*>', new)
    assert box
    assert "checked" in box.group(0)  # a new league starts with it on
    public_id = create_league(client)  # the box left unticked: off
    settings = f"/leagues/{public_id}/settings"
    assert "I risultati richiedono la conferma dell'altra parte" in _text(client, settings)
    board = start_league_game(client, public_id, "Anna", "Bruno")
    record(client, board)
    assert _hand(app)[0] == HandStatus.CONFIRMED
    changed = {"name": "Bar Sport", "format": "2", "target": "11", "requires_confirmation": "y"}
    assert post_form(client, settings, settings, **changed).status_code == 302
    with app.app_context():
        game = db.session.scalars(select(Game)).one()
        assert game.requires_confirmation  # the game still being played follows
    record(client, board)
    assert _hand(app, 2)[0] == HandStatus.AWAITING
    assert _hand(app, 1)[0] == HandStatus.CONFIRMED  # hands before it stay as they were


def test_the_board_script_confirms_with_one_request(app: Flask, client: FlaskClient) -> None:
    board = _casual(app, client)
    _choose_side(client, board, 0)
    record(client, board)
    form = confirm_form(client, board)
    data = {"csrf_token": form["csrf_token"], "request_id": form["request_id"], "side": "1"}
    json = {"Accept": "application/json"}
    answer = client.post(form["action"], data=data, headers=json)
    assert answer.status_code == 200
    assert answer.json == {
        "status": "confirmed",
        "number": 1,
        "message": "Bruno e Dario hanno confermato la mano 1.",
        "locked": True,
    }
    again = client.post(form["action"], data=data | {"request_id": "another"}, headers=json)
    assert again.status_code == 200  # confirmed already: nothing more recorded
    assert len(_revisions(app, "confirm")) == 1
    own_side = data | {"side": "0", "request_id": "own-side"}
    refused = client.post(form["action"], data=own_side, headers=json)
    assert refused.status_code == 409
    assert refused.json is not None
    assert refused.json["status"] == "refused"
