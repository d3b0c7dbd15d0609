"""Every name a user gives is text on every page that shows it: escaped in HTML (labels,
titles, attributes, the SVG chart), exact in JSON, never a formula in CSV."""

from __future__ import annotations

import csv
import io
import re
from urllib.parse import urlencode

import pytest
from flask.testing import FlaskClient
from markupsafe import escape

from tests.helpers import EN
from tests.helpers.actions import create_league, invite, post_form, signup
from tests.helpers.games import record, start_game
from tests.helpers.leagues import start_league_game, win_for_side_a

#: Names that would do something if a page took them for HTML, a template or a formula.
SCRIPT = "<script>alert(1)</script>"
IMG = '"><img src=x onerror=alert(1)>'
META = "<meta http-equiv=refresh content=0>"
TEMPLATE = "{{7*7}}"
FORMULA = '=HYPERLINK("http://e.x","x")'
GAME_NAMES = (SCRIPT, IMG, META, TEMPLATE)
#: The league's own name may be longer (60 characters).
LEAGUE_NAME = '<meta http-equiv=refresh content="0;url=https://evil.exa">'
SEASON_NAME = "<b onmouseover=alert(1)>2026</b>"
NUMBER = re.compile(r"-?\d+(\.\d+)?")


def assert_escaped(client: FlaskClient, url: str, shown: tuple[str, ...]) -> str:
    """GET ``url`` (an HTML page): no hostile name is in it as markup, each of ``shown``
    is in it as escaped text."""
    response = client.get(url, headers=EN)
    assert response.status_code == 200, url
    assert response.mimetype == "text/html", url
    html = response.get_data(as_text=True)
    for name in (SCRIPT, IMG, META, LEAGUE_NAME, SEASON_NAME, "<b onmouseover"):
        assert name not in html, (url, name)
    for name in shown:
        assert str(escape(name)) in html, (url, name)
    return html


def board_pages(board: str, html: str) -> list[str]:
    """Every page of a game with one hand recorded, found from its board."""
    view = re.search(r'href="[^"]*(/v/[\w-]+)"', html)
    assert view, "no view link on the board"
    return [
        board,
        f"{board}/hands/cards",
        f"{board}/hands/1",
        f"{board}/hands/1/edit",
        f"{board}/hands/1/remove",
        view.group(1),
        f"{view.group(1)}/hands/1",
    ]


def test_hostile_player_names_are_text_on_every_game_page(client: FlaskClient) -> None:
    """A casual game's names on the board, the cards page, a hand, its correction and
    removal, the view link, the rematch's board and the home page's "your games"."""
    board = start_game(client, GAME_NAMES, format="4")
    assert (
        record(
            client,
            board,
            **{
                "sides-0-cards": "10",
                "sides-0-denari": "4",
                "sides-1-cards": "10",
                "sides-1-denari": "2",
                "sides-2-cards": "10",
                "sides-2-denari": "2",
                "sides-3-cards": "10",
                "sides-3-denari": "2",
                "settebello": "0",
                "primiera": "none",
            },
        ).status_code
        == 302
    )
    html = assert_escaped(client, board, GAME_NAMES)
    for url in board_pages(board, html):
        assert_escaped(client, url, GAME_NAMES)
    live = client.get(f"{board}/live", headers=EN)
    assert live.status_code in (200, 304)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html)
    assert token
    rematch = client.post(f"{board}/rematch", data={"csrf_token": token.group(1)})
    assert rematch.status_code == 302
    assert_escaped(client, rematch.headers["Location"], GAME_NAMES)
    assert_escaped(client, "/", GAME_NAMES)
    assert_escaped(client, "/games/new", GAME_NAMES)  # the names remembered


def test_hostile_side_names_in_checker_links(client: FlaskClient) -> None:
    """A checker link's side names (``n0``...) are text on the checker's page."""
    names = {"n0": SCRIPT, "n1": IMG}
    for page in ("/check/hand", "/primiera"):
        assert_escaped(client, f"{page}?{urlencode(names)}", (SCRIPT, IMG))


@pytest.fixture
def hostile_league(client: FlaskClient) -> tuple[str, str]:
    """A league, its players, a season and a finished game, all with hostile names;
    the owner stays logged in. Returns the league's id and the game's board."""
    signup(client, "owner")
    public_id = create_league(client, LEAGUE_NAME)
    post_form(
        client,
        f"/leagues/{public_id}/seasons",
        f"/leagues/{public_id}/seasons",
        name=SEASON_NAME,
        starts_on="2020-01-01",
        ends_on="2099-12-31",
    )
    invite(client, public_id, "scorer")
    board = start_league_game(client, public_id, SCRIPT, FORMULA)
    win_for_side_a(client, board)
    return public_id, board


def test_hostile_names_are_text_on_every_league_page(
    client: FlaskClient, hostile_league: tuple[str, str]
) -> None:
    """League, season and player names on the league's pages, its game's board, the
    player page, and the home page."""
    public_id, board = hostile_league
    league = f"/leagues/{public_id}"
    players = assert_escaped(client, f"{league}/players", (LEAGUE_NAME, SCRIPT, FORMULA))
    player_ids = re.findall(rf"{league}/players/(\d+)\"", players)
    assert player_ids
    pages = {
        f"{league}/": (LEAGUE_NAME, SCRIPT, FORMULA),
        f"{league}/members": (LEAGUE_NAME,),
        f"{league}/seasons": (LEAGUE_NAME, SEASON_NAME),
        f"{league}/settings": (LEAGUE_NAME,),
        f"{league}/games/new": (LEAGUE_NAME, SCRIPT, FORMULA),
        "/leagues/": (LEAGUE_NAME,),
        board: (SCRIPT, FORMULA),
        "/": (SCRIPT, FORMULA),
    }
    for player in player_ids:
        pages[f"{league}/players/{player}"] = (LEAGUE_NAME,)
        pages[f"{league}/players/{player}/link"] = (LEAGUE_NAME,)
    for url, shown in pages.items():
        assert_escaped(client, url, shown)


def test_hostile_names_in_exports(client: FlaskClient, hostile_league: tuple[str, str]) -> None:
    """CSV cells never start a formula; the JSON export holds the names exactly."""
    public_id, _board = hostile_league
    league = f"/leagues/{public_id}"
    for export in ("standings.csv", "results.csv"):
        response = client.get(f"{league}/{export}")
        assert response.status_code == 200
        cells = [
            cell for row in csv.reader(io.StringIO(response.get_data(as_text=True))) for cell in row
        ]
        assert f"'{FORMULA}" in " ".join(cells), export
        for cell in (cell for cell in cells if not NUMBER.fullmatch(cell)):
            assert cell[:1] not in ("=", "+", "-", "@", "\t", "\r"), (export, cell)
    exported = client.get(f"{league}/export.json")
    assert exported.mimetype == "application/json"
    document = exported.get_json()
    assert document["league"]["name"] == LEAGUE_NAME
    assert {SCRIPT, FORMULA} <= {player["name"] for player in document["players"]}
    assert SEASON_NAME in {season["name"] for season in document["seasons"]}
