"""Starting a game, the board, sharing it, and who may see or change it."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.games.qr import qr_svg
from tests.helpers import csrf_token
from tests.helpers.games import (
    ancestors,
    form_keys,
    hand_points,
    hidden,
    record,
    rules_line,
    start_game,
    totals,
)


def _game(app: Flask) -> Game:
    with app.app_context():
        game = db.session.scalars(select(Game).order_by(Game.id.desc())).first()
        assert game is not None
        db.session.expunge(game)
        return game


def test_new_game_page_offers_every_format_and_setting(client: FlaskClient) -> None:
    html = client.get("/games/new", headers={"Accept-Language": "en"}).get_data(as_text=True)
    for key in ("2", "3", "2x2", "4", "2x3", "3x2"):
        assert f'value="{key}"' in html
    for name in ("names-0", "names-5", "target_other", "napola", "re_bello", "napoleone"):
        assert f'name="{name}"' in html
    assert 'id="first_dealer"' in html
    assert 'list="known-names"' in html


def test_start_a_game_and_land_on_its_board(app: Flask, client: FlaskClient) -> None:
    url = start_game(client, target="21", napola="y")
    assert re.fullmatch(r"/g/[A-Za-z0-9_-]{32}", url)
    game = _game(app)
    assert (game.format_key, game.target, game.napola, game.re_bello) == ("2", 21, True, False)
    with app.app_context():
        game = db.session.get(Game, game.id)
        assert [s.name for s in game.seats] == ["Anna", "Bruno"]
        assert game.edit_token_hash != url.rsplit("/", 1)[1]  # only a hash is stored
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert totals(html) == [0, 0]
    assert rules_line(html) == "Scopa · to 21 · napola"
    assert "Hand 1 · mazziere (deals): Anna · di mano (plays first): Bruno" in html
    assert f'href="http://localhost/v/{game.view_token}"' in html


def test_pairs_sit_alternately(client: FlaskClient) -> None:
    url = start_game(client, ("Anna", "Bruno", "Carla", "Dario"), format="2x2", first_dealer="3")
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Anna and Carla" in html
    assert "Bruno and Dario" in html
    assert "Hand 1 · mazziere (deals): Dario · di mano (plays first): Anna" in html


def test_first_dealer_drawn_at_random_sits_at_the_table(app: Flask, client: FlaskClient) -> None:
    start_game(client, ("A", "B", "C"), format="3", first_dealer="random")
    assert _game(app).first_dealer in (0, 1, 2)


@pytest.mark.parametrize(
    ("fields", "field_id", "message"),
    [
        ({"names-1": ""}, "names-1", "Enter a name"),
        ({"format": "2x2", "names-2": "Carla"}, "names-3", "Enter a name"),
        ({"target": "other"}, "target_other", "Enter the target"),
        ({"target": "other", "target_other": "0"}, "target_other", "between 1 and 999"),
        ({"format": "9"}, "format", "Not a valid choice"),
        ({"first_dealer": "2"}, "first_dealer", "Choose one of the players"),
        ({"names-0": "x" * 41}, "names-0", "40"),
    ],
)
def test_new_game_refusals_keep_what_was_typed(
    app: Flask, client: FlaskClient, fields: dict[str, str], field_id: str, message: str
) -> None:
    data = {
        "csrf_token": csrf_token(client, "/games/new"),
        "format": "2",
        "names-0": "Anna",
        "names-1": "Bruno",
        "target": "11",
        "first_dealer": "random",
    }
    data.update(fields)
    response = client.post("/games/new", data=data, headers={"Accept-Language": "en"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    errors = re.search(rf'id="{field_id}-errors">(.*?)</ul>', html, re.S)
    assert errors
    assert message in errors.group(1)
    for name in (key for key in data if key.startswith("names-")):  # every name as typed
        assert f'name="{name}" type="text" value="{data[name]}"' in html, name
    with app.app_context():
        assert db.session.scalar(select(Game)) is None


def test_new_game_needs_csrf(client: FlaskClient) -> None:
    response = client.post("/games/new", data={"format": "2", "names-0": "A", "names-1": "B"})
    assert response.status_code == 400


def test_last_settings_and_names_are_remembered(client: FlaskClient) -> None:
    start_game(client, ("Anna", "Bruno", "Carla", "Dario"), format="2x2", target="21", re_bello="y")
    html = client.get("/games/new").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*value="2x2"|value="2x2"[^>]*checked', html)
    assert re.search(r'value="21"[^>]*checked|checked[^>]*value="21"', html)
    assert re.search(r'id="re_bello"[^>]*checked|checked[^>]*id="re_bello"', html)
    assert 'value="Carla"' in html
    assert '<option value="Dario">' in html  # offered in the datalist


def test_home_lists_the_games_of_this_browser_only(app: Flask, client: FlaskClient) -> None:
    url = start_game(client, ("Anna", "Bruno"))
    html = client.get("/").get_data(as_text=True)
    assert f'href="{url}"' in html
    assert "Anna – Bruno" in html
    stranger = app.test_client()
    assert "Anna – Bruno" not in stranger.get("/").get_data(as_text=True)
    stranger.set_cookie("sk_games", "forged-value")
    assert stranger.get("/").status_code == 200


def test_unknown_and_guessed_tokens_are_404(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    game = _game(app)
    edit_token = url.rsplit("/", 1)[1]
    for path in (
        "/g/" + "A" * 32,
        f"/g/{game.view_token}",  # the view token does not open the edit pages
        f"/g/{game.view_token}/hands/1/edit",
        f"/g/{game.edit_token_hash}",  # nor does the stored hash
        "/v/" + "A" * 22,
        f"/v/{edit_token}",
        f"/g/{edit_token}/qr/other.svg",
        f"/g/{edit_token}/hands/1",
    ):
        assert client.get(path).status_code == 404, path
    token = csrf_token(client, url)
    for path in (f"/g/{game.view_token}/hands", f"/g/{game.view_token}/undo"):
        assert client.post(path, data={"csrf_token": token}).status_code == 404, path


def test_view_link_is_read_only(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    record(client, url)
    game = _game(app)
    viewer = app.test_client()
    response = viewer.get(f"/v/{game.view_token}", headers={"Accept-Language": "en"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert totals(html) == [5, 0]
    assert "<form" not in html
    assert "csrf_token" not in html
    assert url not in html  # the edit link is never shown to viewers
    assert "Undo" not in html
    assert "/edit" not in html
    hand = viewer.get(f"/v/{game.view_token}/hands/1", headers={"Accept-Language": "en"})
    assert hand.status_code == 200
    assert "Correct this hand" not in hand.get_data(as_text=True)
    for path in ("", "/hands", "/hands/1", "/hands/1/edit", "/undo", "/rematch", "/live"):
        assert viewer.post(f"/v/{game.view_token}{path}").status_code in (404, 405), path


def test_pages_have_no_inline_script_or_style(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    record(client, url)
    game = _game(app)
    for path in (
        "/games/new",
        url,
        f"{url}/hands/1",
        f"{url}/hands/1/edit",
        f"/v/{game.view_token}",
    ):
        response = client.get(path)
        assert response.status_code == 200, path  # an error page would pass what follows
        html = response.get_data(as_text=True)
        assert "<script>" not in html, path
        assert "style=" not in html, path
        assert "<style" not in html, path


def _links(app: Flask, edit_url: str) -> dict[str, str]:
    """The game's edit and view links as a phone scanning its QR codes should get them."""
    return {
        "edit": f"http://localhost{edit_url}",
        "view": f"http://localhost/v/{_game(app).view_token}",
    }


@pytest.mark.parametrize("kind", ["edit", "view"])
def test_qr_codes_are_svg_without_style(app: Flask, client: FlaskClient, kind: str) -> None:
    url = start_game(client)
    response = client.get(f"{url}/qr/{kind}.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    svg = response.get_data(as_text=True)
    assert svg.startswith("<svg")
    assert "style" not in svg
    # It encodes that link and no other (the same text always gives the same code).
    links = _links(app, url)
    assert response.data == qr_svg(links[kind])
    assert all(response.data != qr_svg(link) for other, link in links.items() if other != kind)


def test_view_qr_code(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    links = _links(app, url)
    response = client.get(links["view"].removeprefix("http://localhost") + "/qr.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.data == qr_svg(links["view"])  # the view link, never the edit link
    assert response.data != qr_svg(links["edit"])


def test_boards_poll_as_often_as_the_setting_says(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    view = f"/v/{_game(app).view_token}"
    for path in (url, view):
        assert 'data-poll-ms="4000"' in client.get(path).get_data(as_text=True), path
    app.config["LIVE_POLL_MS"] = 250
    for path in (url, view):
        assert 'data-poll-ms="250"' in client.get(path).get_data(as_text=True), path


def test_live_board_answers_304_until_the_game_changes(client: FlaskClient) -> None:
    url = start_game(client)
    first = client.get(f"{url}/live")
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert 'id="board"' in first.get_data(as_text=True)
    assert client.get(f"{url}/live", headers={"If-None-Match": etag}).status_code == 304
    record(client, url)
    changed = client.get(f"{url}/live", headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != etag
    assert totals(changed.get_data(as_text=True)) == [5, 0]


def test_view_link_live_board(app: Flask, client: FlaskClient) -> None:
    start_game(client)
    token = _game(app).view_token
    first = client.get(f"/v/{token}/live")
    assert first.status_code == 200
    assert "<form" not in first.get_data(as_text=True)
    again = client.get(f"/v/{token}/live", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_the_board_page_carries_its_etag_for_the_poller(client: FlaskClient) -> None:
    url = start_game(client)
    html = client.get(url).get_data(as_text=True)
    etag = re.search(r'data-etag="([^"]+)"', html)
    assert etag is not None
    live = client.get(f"{url}/live", headers={"If-None-Match": f'"{etag.group(1)}"'})
    assert live.status_code == 304


def test_winner_rematch_and_next_dealer(app: Flask, client: FlaskClient) -> None:
    url = start_game(client, target="5", first_dealer="1")
    record(client, url, **hand_points(5, 0))  # A 5, B 0: A reaches 5 and wins
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Winner: Anna" in html
    assert 'id="rematch"' in html
    old = _game(app)
    assert old.winner_side == 0
    response = client.post(f"{url}/rematch", data={"csrf_token": hidden(html, "csrf_token")})
    assert response.status_code == 302
    new_url = response.headers["Location"]
    assert new_url != url
    new = _game(app)
    assert new.rematch_of_id == old.id
    assert (new.target, new.format_key, new.first_dealer) == (5, "2", 0)  # hand 2's dealer
    assert "Anna – Bruno" in client.get("/").get_data(as_text=True)
    html = client.get(new_url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Hand 1 · mazziere (deals): Anna · di mano (plays first): Bruno" in html


def test_spareggio_then_a_winner(client: FlaskClient) -> None:
    url = start_game(client, target="5")
    record(client, url, **hand_points(4, 1))  # 4 - 1
    record(client, url, **hand_points(1, 0))  # 5 - 4
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Winner: Anna" in html
    url = start_game(client, target="5")
    record(client, url, **hand_points(4, 1))  # 4 - 1
    record(client, url, **hand_points(1, 1))  # 5 - 5: level at the target
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert totals(html) == [5, 5]
    assert "a spareggio hand is needed" in html
    # The status lines by their classes: the outbox's texts (a script) name both.
    assert "status-winner" not in html
    record(client, url, **hand_points(2, 0))  # 7 - 7: still level
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "status-spareggio" in html
    record(client, url, **hand_points(3, 0))  # 10 - 8
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Winner: Anna" in html
    assert "status-spareggio" not in html


def test_hands_after_the_end_are_flagged(client: FlaskClient) -> None:
    url = start_game(client, target="3")
    record(client, url, **hand_points(4, 0))
    record(client, url, **hand_points(0, 0))
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Winner: Anna" in html
    assert re.search(r'id="hand-2" class="hand-row after-end"', html)
    assert not re.search(r'id="hand-1" class="hand-row after-end"', html)
    assert "after the end" in html


def _tags(elements: list[tuple[str, dict[str, str | None]]]) -> list[str]:
    return [f"{tag}#{attrs.get('id', '')}" for tag, attrs in elements]


def _after_totals(html: str) -> str:
    """The board from just after its totals' boxes on."""
    return html[html.index('class="side-name">Bruno</span>') :].split("</div>", 2)[2]


def test_a_finished_board_leads_with_the_winner_and_the_rematch(client: FlaskClient) -> None:
    url = start_game(client, target="5")
    record(client, url, **hand_points(5, 0))
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    # Right under the totals: the winner, then the rematch as the one primary button.
    assert re.match(
        r'\s*<p class="status status-winner" id="game-status" role="status">Winner: Anna'
        r'</p>\s*<form method="post" action="[^"]*/rematch" id="rematch-form">',
        _after_totals(html),
    )
    assert 'class="btn btn-primary btn-rematch" id="rematch"' in html
    assert "details" not in _tags(ancestors(html, "rematch"))
    # The next hand's form is still there, folded into a closed details.
    folded = [attrs for tag, attrs in ancestors(html, "hand-form") if tag == "details"]
    assert folded == [{"class": "record-anyway", "id": "record-anyway"}]  # no "open"
    assert re.search(
        r'<details class="record-anyway" id="record-anyway">\s*'
        r'<summary id="record-anyway-summary">Record another hand anyway</summary>',
        html,
    )
    assert "details#record-anyway" in _tags(ancestors(html, "save-hand"))
    assert 'aria-labelledby="record-anyway-summary"' in html
    assert "Record hand 2" in html
    assert "style=" not in html
    assert "<style" not in html


def test_an_unfinished_board_keeps_its_form_open(client: FlaskClient) -> None:
    url = start_game(client, target="5")
    record(client, url, **hand_points(4, 0))  # 4 - 0: not there yet
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert _tags(ancestors(html, "hand-form")) == [
        "html#",
        "body#",
        "main#main",
        "div#live",
        "section#record",
    ]
    assert 'aria-labelledby="record-heading"' in html
    assert "record-anyway" not in html
    assert 'id="rematch"' not in html
    assert 'id="game-status"' not in html


@pytest.mark.parametrize("action", ["save", "preview"])
def test_a_hand_sent_after_the_end_comes_back_unfolded(client: FlaskClient, action: str) -> None:
    """Without JavaScript, a refused or previewed hand shows in an open details."""
    url = start_game(client, target="5")
    record(client, url, **hand_points(5, 0))
    fields = hand_points(0, 0) if action == "preview" else {**hand_points(0, 0), "settebello": ""}
    data = form_keys(client, url) | fields | {"action": action}
    response = client.post(f"{url}/hands", data=data, headers={"Accept-Language": "en"})
    assert response.status_code == (200 if action == "preview" else 422)
    html = response.get_data(as_text=True)
    assert '<details class="record-anyway" id="record-anyway" open>' in html
    assert "details#record-anyway" in _tags(ancestors(html, "hand-form"))


def test_a_hand_after_the_end_keeps_the_winner_first(client: FlaskClient) -> None:
    url = start_game(client, target="5")
    record(client, url, **hand_points(5, 0))
    assert record(client, url, **hand_points(0, 0)).status_code == 302
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert totals(html) == [5, 4]
    assert _after_totals(html).lstrip().startswith('<p class="status status-winner"')
    assert '<details class="record-anyway" id="record-anyway">' in html
    assert "Record hand 3" in html


def test_a_finished_view_board_announces_the_winner_without_a_form(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client, target="5")
    record(client, url, **hand_points(5, 0))
    viewer, token = app.test_client(), _game(app).view_token
    for path in ("", "/live"):
        response = viewer.get(f"/v/{token}{path}", headers={"Accept-Language": "en"})
        html = response.get_data(as_text=True)
        assert re.match(
            r'\s*<p class="status status-winner" id="game-status" role="status">'
            r"Winner: Anna</p>\s*<p class=\"next-hand muted\"",
            _after_totals(html),
        ), path
        assert "<form" not in html
        assert "record-anyway" not in html
        assert "Rematch" not in html


def test_a_finished_board_in_italian(client: FlaskClient) -> None:
    url = start_game(client, target="5")
    record(client, url, **hand_points(5, 0))
    html = client.get(url, headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "Vince Anna!" in html
    assert "Rivincita: stessi giocatori, mazziere successivo" in html
    assert "Registra comunque un'altra mano" in html
    assert "una mano registrata ora viene segnata «dopo la fine»" in html


def test_napoleone_wins_at_once(client: FlaskClient) -> None:
    url = start_game(client, target="21", napoleone="y")
    record(client, url, **{**hand_points(4, 0), "sides-0-denari": "10"})
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Winner: Anna" in html


def test_chart_on_the_board(client: FlaskClient) -> None:
    url = start_game(client)
    assert '<svg class="chart"' not in client.get(url).get_data(as_text=True)
    record(client, url)
    html = client.get(url).get_data(as_text=True)
    assert '<svg class="chart"' in html
    assert 'class="chart-line chart-side-1"' in html


def test_italian_board(client: FlaskClient) -> None:
    url = start_game(client)
    html = client.get(url, headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "Mano 1 · mazziere: Anna · di mano: Bruno" in html
    assert "Registra la mano 1" in html
