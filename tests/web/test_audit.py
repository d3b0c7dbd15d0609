"""Every change carries a name (issue 27, section 2): each stored change records who made
it in the change's own transaction (account, link, side, phone, live or outbox, request
id, the fields that changed), a game's history says it in words in both languages, and a
printed result sheet's QR page proves it authentic and unchanged."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper import audit
from scorekeeper.accounts.services import create_user, find_user
from scorekeeper.audit import AuditEvent
from scorekeeper.extensions import db
from scorekeeper.games import services as game_services
from scorekeeper.games.models import Game
from scorekeeper.leagues import demo, transfer
from scorekeeper.tournaments import services
from scorekeeper.tournaments.games import match_table_token
from scorekeeper.tournaments.inputs import StageSetup
from scorekeeper.tournaments.models import Match, Role, Structure
from tests.helpers import EN, IT, statements
from tests.helpers.actions import create_league, login, logout, post_form, signup
from tests.helpers.games import REFERENCE, form_keys, hidden, start_game
from tests.helpers.leagues import start_league_game, upload_league_file
from tests.helpers.tournaments import (
    PASSWORD,
    TWO_PAIRS,
    drawn,
    play_round,
    three_drawn,
    user,
)

PHONE = "3f2a9c1e-7b7d-4d0e-9a51-2b8e0f7c1a11"
OTHER_PHONE = "9b1c2d3e-0000-4aaa-8bbb-123456789abc"
#: A time as the history says it ("21:14", in the app's time zone).
TIME = r"\d{1,2}[:.]\d{2}(?:[\s\u202f]?[AP]M)?"


def events(app: Flask) -> list[AuditEvent]:
    with app.app_context():
        return list(db.session.scalars(select(AuditEvent).order_by(AuditEvent.id)))


def lines(client: FlaskClient, url: str, headers: dict[str, str]) -> list[str]:
    """The sentences of a history page."""
    html = client.get(url, headers=headers).get_data(as_text=True)
    return [unescape(text) for text in re.findall(r'<li data-at="[^"]*">(.*?)</li>', html)]


def save(client: FlaskClient, url: str, **extra: str) -> dict[str, str]:
    """Save the reference hand from the board's form (plus ``extra`` fields): the form."""
    data = form_keys(client, url) | REFERENCE | {"action": "save"} | extra
    assert client.post(f"{url}/hands", data=data).status_code == 302
    return data


def correct(client: FlaskClient, url: str, number: int, **fields: str) -> None:
    """Correct hand ``number`` to the reference hand changed by ``fields``."""
    html = client.get(f"{url}/hands/{number}/edit").get_data(as_text=True)
    data = {"csrf_token": hidden(html, "csrf_token"), "action": "save"} | REFERENCE | fields
    assert client.post(f"{url}/hands/{number}/edit", data=data).status_code == 302


# --------------------------------------------------------------------------- who


def test_a_hand_saved_through_the_edit_link_names_the_link_the_phone_and_the_form(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client)
    data = save(client, url, device_id=PHONE)
    (event,) = events(app)
    assert event.kind == "hand_created"
    assert event.hand_number == 1
    assert event.hand_id is not None
    assert event.link == "edit"
    assert (event.account_id, event.account_name) == (None, None)
    assert event.device_id == PHONE
    assert event.origin == "live"
    assert event.request_id == data["request_id"]
    assert event.changes["total.0"] == [None, 5]
    assert event.changes["denari.0"] == [None, 6]


def test_without_the_script_there_is_no_device_and_a_made_up_one_is_not_kept(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client)
    save(client, url)
    save(client, url, device_id="<script>")
    assert [e.device_id for e in events(app)] == [None, None]


def test_a_hand_sent_from_the_outbox_says_so_with_its_phone(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client)
    data = form_keys(client, url) | REFERENCE | {"action": "save"}
    headers = {
        "Accept": "application/json",
        "X-Scorekeeper-Via": "outbox",
        "X-Scorekeeper-Device": OTHER_PHONE,
    }
    response = client.post(f"{url}/hands", data=data, headers=headers)
    assert response.status_code == 200
    assert response.get_json()["status"] == "saved"
    (event,) = events(app)
    assert (event.origin, event.device_id) == ("outbox", OTHER_PHONE)
    # The same hand sent again (the connection dropped before the answer) is stored
    # once, and so is its record.
    again = client.post(f"{url}/hands", data=data, headers=headers)
    assert again.get_json()["status"] == "already_saved"
    assert len(events(app)) == 1
    english = lines(client, f"{url}/history", EN)
    assert english[0].endswith("Kept on the phone without signal, sent later.")
    italian = lines(client, f"{url}/history", IT)
    assert italian[0].endswith("Rimasta sul telefono senza segnale, inviata dopo.")


def test_a_signed_in_account_is_named_and_a_correction_keeps_only_what_changed(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "Anna")
    url = start_game(client)
    save(client, url, device_id=PHONE)
    correct(client, url, 1, **{"sides-0-denari": "7", "device_id": PHONE})
    created, edited = events(app)
    with app.app_context():
        anna = find_user("Anna")
        assert anna is not None
        assert (edited.account_id, edited.account_name) == (anna.id, "Anna")
    assert edited.kind == "hand_edited"
    assert edited.link == "edit"
    assert edited.hand_id == created.hand_id
    # Still the most denari: no point moves; the other side's denari follow.
    assert edited.changes == {"denari.0": [6, 7], "denari.1": [4, 3]}
    italian = lines(client, f"{url}/history", IT)
    assert re.fullmatch(
        rf"Mano 1 corretta da Anna \(telefono di Anna\) alle? ?'?{TIME}:"
        " Anna: denari 6 → 7; Bruno: denari 4 → 3",
        italian[1],
    ), italian[1]
    english = lines(client, f"{url}/history", EN)
    assert re.fullmatch(
        rf"Hand 1 corrected by Anna \(Anna's phone\) at {TIME}:"
        " Anna: denari 6 → 7; Bruno: denari 4 → 3",
        english[1],
    ), english[1]
    assert re.fullmatch(rf"Hand 1 entered by Anna \(Anna's phone\) at {TIME}: .*", english[0])
    # The hand's own page shows its history too.
    hand_page = client.get(f"{url}/hands/1", headers=EN).get_data(as_text=True)
    assert "Hand 1 corrected by Anna" in unescape(hand_page)


def test_a_removed_and_an_undone_hand_are_recorded_with_what_they_had(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client)
    save(client, url)
    save(client, url)
    save(client, url)
    page = client.get(f"{url}/hands/2/remove").get_data(as_text=True)
    token = hidden(page, "csrf_token")
    assert client.post(f"{url}/hands/2/remove", data={"csrf_token": token}).status_code == 302
    undo = client.get(f"{url}/undo").get_data(as_text=True)
    data = {"csrf_token": hidden(undo, "csrf_token"), "number": hidden(undo, "number")}
    assert client.post(f"{url}/undo", data=data).status_code == 302
    kinds = [(e.kind, e.hand_number) for e in events(app)]
    assert kinds[3:] == [("hand_removed", 2), ("hand_removed", 2)]
    removed = events(app)[3]
    assert removed.changes["total.0"] == [5, None]
    english = lines(client, f"{url}/history", EN)
    assert re.fullmatch(
        rf"Hand 2 removed through the game's edit link at {TIME}: Anna: 5 points; Bruno: 0 points",
        english[3],
    ), english[3]


def test_a_hand_refused_records_nothing(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    stale = form_keys(client, url) | REFERENCE | {"action": "save"}
    save(client, url)
    # The same hand number from a phone that did not see hand 1: a conflict, nothing stored.
    answer = client.post(f"{url}/hands", data=stale, headers={"Accept": "application/json"})
    assert answer.status_code == 409
    assert len(events(app)) == 1


def test_a_pair_is_named_by_its_players_and_a_side_link_by_its_side(
    app: Flask, client: FlaskClient
) -> None:
    """The words of a 2x2 game; a side's own link (as the confirmation by the other side
    records it) says whose link spoke."""
    url = start_game(client, ("Anna", "Bruno", "Carla", "Dario"), format="2x2")
    save(client, url)
    correct(client, url, 1, **{"sides-0-scope": "0"})
    with app.test_request_context():
        game = db.session.scalars(select(Game)).one()
        hand = game_services.get_hand(game, 1)
        assert hand is not None
        audit.note_link(audit.LinkKind.SIDE, side=1)
        audit.record(
            audit.ChangeKind.CONFIRMED,
            audit.Subject.hand(game.id, 1, hand.id),
            None,
            None,
            audit.actor_from_request(),
        )
        db.session.commit()
    english = lines(client, f"{url}/history", EN)
    assert re.fullmatch(
        rf"Hand 1 corrected through the game's edit link at {TIME}:"
        " Anna and Carla: scope 1 → 0; Anna and Carla: hand points 5 → 4",
        english[1],
    ), english[1]
    assert re.fullmatch(rf"Hand 1 confirmed through Bruno and Dario's link at {TIME}", english[2])
    italian = lines(client, f"{url}/history", IT)
    assert italian[1].startswith("Mano 1 corretta dal link per segnare della partita all")
    assert italian[1].endswith(": Anna e Carla: scope 1 → 0; Anna e Carla: punti della mano 5 → 4")
    assert re.fullmatch(rf"Mano 1 confermata dal link di Bruno e Dario alle? ?'?{TIME}", italian[2])
    created = lines(client, f"{url}/history", IT)[0]
    assert created.endswith(": Anna e Carla: 5 punti; Bruno e Dario: 0 punti")


def test_the_view_link_shows_the_history_too(client: FlaskClient) -> None:
    url = start_game(client)
    save(client, url)
    board = client.get(url).get_data(as_text=True)
    view = re.search(r'(/v/[\w-]+)"', board)
    assert view
    assert lines(client, f"{view.group(1)}/history", EN)[0].startswith("Hand 1 entered")
    assert client.get("/v/nothing/history").status_code == 404
    assert client.get("/g/nothing/history").status_code == 404


def test_the_board_and_the_history_read_the_same_whatever_the_hands(
    app: Flask, client: FlaskClient
) -> None:
    """The board reads no history; the history page reads it in one statement: neither
    runs more statements for more hands."""
    url = start_game(client)
    save(client, url)
    client.get(url)
    client.get(f"{url}/history")
    counted: dict[str, list[int]] = {"board": [], "history": []}
    for _ in range(2):
        for page, address in (("board", url), ("history", f"{url}/history")):
            with statements(app) as seen:
                assert client.get(address).status_code == 200
            counted[page].append(len(seen))
        for _hand in range(4):
            save(client, url)
    assert counted["board"][0] == counted["board"][1]
    assert counted["history"][0] == counted["history"][1]
    with statements(app) as seen:
        client.get(url)
    assert not any("audit_event" in statement for statement in seen)


# --------------------------------------------------------------------------- tournaments


@pytest.fixture
def two_pairs(app: Flask) -> tuple[str, int]:
    """A private knockout of two pairs, started: its public id and its one match's id."""
    with app.test_request_context():
        organiser = user("organiser")
        helper = create_user("helper", PASSWORD)
        t = drawn(organiser, TWO_PAIRS, 1, Structure.KNOCKOUT, (StageSetup(1, 11),))
        services.start(t)
        services.set_member(t, helper, Role.HELPER)
        ((_stage, round_),) = services.rounds(t)
        (match,) = services.matches(round_)
        return t.public_id, match.id


def table_board(app: Flask, client: FlaskClient, match_id: int) -> str:
    """The board a table's sheet opens."""
    with app.test_request_context():
        match = db.session.get_one(Match, match_id)
        first = services.match_games(match)[0]
        link = f"/tournaments/table/{match_table_token(match, first)}"
    response = client.get(link)
    assert response.status_code == 302
    return response.headers["Location"]


def test_a_table_link_and_a_result_by_hand_are_named(
    app: Flask, client: FlaskClient, two_pairs: tuple[str, int]
) -> None:
    public_id, match_id = two_pairs
    board = table_board(app, client, match_id)
    save(client, board, device_id=PHONE)
    (hand,) = events(app)
    assert (hand.link, hand.account_id, hand.device_id) == ("table", None, PHONE)
    login(client, "helper", PASSWORD)
    rounds = f"/tournaments/{public_id}/rounds"
    action = f"/tournaments/{public_id}/matches/{match_id}/result"
    result = {"wins_first": "1", "wins_second": "0", "points_first": "11", "points_second": "4"}
    assert post_form(client, rounds, action, **result).status_code == 302
    assert post_form(client, rounds, action, **(result | {"points_second": "6"})).status_code == 302
    entered, corrected = events(app)[1:]
    assert (entered.kind, entered.match_id, entered.account_name) == (
        "result_entered",
        match_id,
        "helper",
    )
    assert entered.link == "page"
    assert entered.changes["wins.0"] == [None, 1]
    assert corrected.kind == "result_corrected"
    assert corrected.changes == {"points.1": [4, 6]}
    sheet = client.get(f"/tournaments/{public_id}/matches/{match_id}/sheet", headers=EN)
    text = unescape(sheet.get_data(as_text=True))
    assert re.search(
        rf"Result corrected by helper at {TIME}: Carla / Dario: game points 4 → 6", text
    ) or re.search(
        rf"Result corrected by helper at {TIME}: \w+ and \w+: game points 4 → 6", text
    ), text
    assert re.search(rf"Hand 1 entered through the table's link \(phone 1\) at {TIME}", text)
    # A first result says its values alone, with no "– →" before them.
    assert re.search(rf"Result entered by helper at {TIME}: [^<]*: games won 1;", text), text
    assert "– →" not in text
    italian = unescape(
        client.get(f"/tournaments/{public_id}/matches/{match_id}/sheet", headers=IT).get_data(
            as_text=True
        )
    )
    assert "Mano 1 registrata dal link del tavolo (telefono 1) all" in italian
    assert "Risultato corretto da helper all" in italian


# --------------------------------------------------------------------------- sheets


def check_url(html: str) -> str:
    found = re.search(r'<p class="result-sheet-link">http://localhost(/[^<]+)</p>', html)
    assert found, "no check link on the sheet"
    return unescape(found.group(1))


def test_a_match_sheet_is_authentic_until_a_hand_changes_and_a_forgery_is_refused(
    app: Flask, client: FlaskClient, two_pairs: tuple[str, int]
) -> None:
    public_id, match_id = two_pairs
    board = table_board(app, client, match_id)
    save(client, board)
    save(client, board)
    login(client, "organiser", PASSWORD)
    sheet_url = f"/tournaments/{public_id}/matches/{match_id}/sheet"
    sheet = client.get(sheet_url, headers=EN)
    assert sheet.status_code == 200
    html = sheet.get_data(as_text=True)
    assert "<svg" in html  # the QR code, drawn in the page
    assert 'id="sheet-hand-p1-2"' in html
    check = check_url(html)
    page = client.get(check, headers=EN).get_data(as_text=True)
    assert 'id="sheet-authentic"' in page
    assert "Authentic: unchanged since printed" in page
    italian = client.get(check, headers=IT).get_data(as_text=True)
    assert "Autentico: nulla è cambiato dalla stampa" in italian, italian[italian.find("<main") :]
    # Hand 2 corrected at the table: the same sheet is now changed, and says where.
    correct(client, board, 2, **{"sides-0-scope": "0"})
    changed = unescape(client.get(check, headers=EN).get_data(as_text=True))
    assert 'id="sheet-changed"' in changed
    assert "Changed: Partita 1, hand 2" in changed
    assert "Changed: Partita 1</li>" in changed  # its totals
    assert "hand 1" not in changed
    # A signature altered, cut, or another sheet's: refused, never a 500.
    signature = check.rsplit("/", 1)[1]
    forged = signature[:-2] + ("AA" if not signature.endswith("AA") else "BB")
    for bad in (forged, signature[:10], "x", "."):
        refused = client.get(f"{sheet_url}/{bad}", headers=EN)
        assert refused.status_code == 400
        assert 'id="sheet-refused"' in refused.get_data(as_text=True)
    # The sheet is read as the match is: a stranger to a private tournament gets nothing.
    logout(client)
    signup(client, "stranger")
    assert client.get(sheet_url).status_code == 404
    assert client.get(check).status_code == 404


def test_an_evening_sheet_covers_the_leagues_games_of_that_day(client: FlaskClient) -> None:
    signup(client, "owner")
    public_id = create_league(client)
    board = start_league_game(client, public_id, "Anna", "Bruno")
    save(client, board, device_id=PHONE)
    league_page = client.get(f"/leagues/{public_id}/", headers=EN).get_data(as_text=True)
    found = re.search(rf'href="(/leagues/{public_id}/evenings/[\d-]+/sheet)"', league_page)
    assert found, "no evening sheet on the league's page"
    sheet = client.get(found.group(1), headers=EN)
    assert sheet.status_code == 200
    html = unescape(sheet.get_data(as_text=True))
    assert "Game 1: Anna – Bruno" in html
    assert re.search(rf"Hand 1 entered by owner \(owner's phone\) at {TIME}", html)
    check = check_url(html)
    assert 'id="sheet-authentic"' in client.get(check).get_data(as_text=True)
    save(client, board)
    changed = unescape(client.get(check, headers=EN).get_data(as_text=True))
    assert "Changed: Game 1: Anna – Bruno" in changed
    other_day = re.sub(r"/evenings/[\d-]+/", "/evenings/2001-01-01/", check)
    assert client.get(other_day).status_code == 400
    assert client.get(f"/leagues/{public_id}/evenings/not-a-day/sheet").status_code == 404


# --------------------------------------------------------------------------- imports


def test_a_league_import_is_recorded_as_its_owners(app: Flask, client: FlaskClient) -> None:
    signup(client, "owner")
    with app.app_context():
        owner = find_user("owner")
        assert owner is not None
        data = transfer.export_league(demo.seed_league(owner, "Demo", 4, 5, seed=7))
        db.session.commit()
    before = len(events(app))
    status, _page = upload_league_file(client, json.dumps(data).encode(), EN)
    assert status == 200
    imported = [e for e in events(app)[before:] if e.kind == "league_imported"]
    assert len(imported) == 1
    (event,) = imported
    assert (event.account_name, event.origin) == ("owner", "system")
    assert event.changes["games"] == [None, 5]


def test_every_match_of_a_three_player_tournament_has_its_sheet(
    app: Flask, client: FlaskClient
) -> None:
    """Tables of three, played out, and the byes of an odd count: each match's sheet
    shows, and checks as authentic (never a 5xx)."""
    with app.test_request_context():
        t = three_drawn(user("organiser"), 7, 3)
        services.start(t)
        play_round(t)
        public_id = t.public_id
        match_ids = [
            match.id for _stage, round_ in services.rounds(t) for match in services.matches(round_)
        ]
        db.session.commit()
    login(client, "organiser", PASSWORD)
    assert len(match_ids) >= 3
    for match_id in match_ids:
        sheet = client.get(f"/tournaments/{public_id}/matches/{match_id}/sheet", headers=EN)
        assert sheet.status_code == 200
        check = client.get(check_url(sheet.get_data(as_text=True)))
        assert 'id="sheet-authentic"' in check.get_data(as_text=True)
    results = [e for e in events(app) if e.kind == "result_entered"]
    assert results
    assert all(e.account_id is None and "wins.2" in e.changes for e in results)
