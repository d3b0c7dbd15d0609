"""League roles govern every game link: once a game belongs to a league, only the league's
scorers and owner may change it, whatever edit token they hold (the game's own edit link
or a league edit token), and the owner can revoke every edit link by issuing a new one.

`ROUTES` lists every route under ``/g/<token>`` with a request that works for a scorer;
`test_routes_cover_every_edit_route` fails when a route is added without its entry.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.accounts import services as accounts
from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.games.inputs import GameSetup
from scorekeeper.games.models import Game, Hand, HandRevision
from scorekeeper.games.services import create_game, record_hand
from scorekeeper.leagues import services as leagues
from scorekeeper.leagues.games import attach_game, league_edit_token
from scorekeeper.leagues.inputs import LeagueSetup
from scorekeeper.leagues.models import League, Membership, Role
from scorekeeper.scoring import CountsEntry, Rules, SideCounts
from tests.helpers import csrf_token
from tests.helpers.actions import PASSWORD, as_user, invite, join, login, logout, post_form, signup
from tests.helpers.games import REFERENCE
from tests.helpers.games import start_game as start_casual_game

#: Stands for the number of the next hand in a request's data.
NEXT = "{next}"
HAND = {**REFERENCE, "sides-1-cards": "", "sides-1-denari": "", "sides-1-scope": "0"}


@dataclass(frozen=True)
class Route:
    """A request to an edit route, as a scorer would send it, and the scorer's answer."""

    method: str
    rule: str
    status: int
    data: dict[str, str] = field(default_factory=dict)
    kind: str = "edit"
    polled: bool = False  # the board's polling: a 404 for a visitor too, not the login page
    #: Whether the scorer's request changes the game (a confirmation in a league that
    #: requires none is refused politely, a side chosen is a cookie: nothing stored).
    changes: bool = True

    def url(self, board: str) -> str:
        """The route's address under the edit link ``board`` (``/g/<token>``)."""
        path = self.rule.replace("/g/<token>", board).replace("<int:number>", "1")
        return path.replace("<kind>", self.kind)

    def __str__(self) -> str:
        action = self.data.get("action")
        return f"{self.method} {self.url('/g/T')}" + (f" {action}" if action else "")


#: Every route under an edit link, each with a request that a scorer's browser sends.
ROUTES = [
    Route("GET", "/g/<token>", 200),
    Route("GET", "/g/<token>/live", 200, polled=True),
    Route("GET", "/g/<token>/csrf", 200, polled=True),
    Route("POST", "/g/<token>/hands", 302, {**HAND, "number": NEXT, "action": "save"}),
    Route("POST", "/g/<token>/hands", 200, {**HAND, "number": NEXT, "action": "preview"}),
    Route("GET", "/g/<token>/hands/cards", 200),
    Route("POST", "/g/<token>/hands/cards", 422, {"number": NEXT}),
    Route("POST", "/g/<token>/hands/preview", 200, HAND),
    Route("GET", "/g/<token>/hands/<int:number>", 200),
    Route("GET", "/g/<token>/hands/<int:number>/edit", 200),
    Route("POST", "/g/<token>/hands/<int:number>/edit", 302, {**HAND, "sides-0-scope": "2"}),
    Route("GET", "/g/<token>/hands/<int:number>/remove", 200),
    Route("POST", "/g/<token>/hands/<int:number>/remove", 302),
    Route("GET", "/g/<token>/undo", 200),
    Route("POST", "/g/<token>/undo", 302, {"number": "1"}),
    Route("POST", "/g/<token>/rematch", 302),
    Route("GET", "/g/<token>/qr/<kind>.svg", 200, kind="edit"),
    Route("GET", "/g/<token>/qr/<kind>.svg", 200, kind="view"),
    Route("GET", "/g/<token>/history", 200),
    Route("GET", "/g/<token>/table", 200),  # the table view
    # The other side confirms (the league requires no confirmation: nothing awaits it).
    Route("POST", "/g/<token>/hands/<int:number>/confirm", 302, {"side": "1"}, changes=False),
    Route("GET", "/g/<token>/hands/<int:number>/dispute", 400),
    Route(
        "POST", "/g/<token>/hands/<int:number>/dispute", 302, {**HAND, "side": "1"}, changes=False
    ),
    Route("GET", "/g/<token>/hands/<int:number>/resolve", 302),
    Route("POST", "/g/<token>/hands/<int:number>/resolve", 302, {"reason": "x"}, changes=False),
    Route("POST", "/g/<token>/side", 302, {"side": "0"}, changes=False),
    # Chiamarsi fuori (the league plays without it: refused politely, nothing stored).
    Route("POST", "/g/<token>/claim", 302, {"number": NEXT, "side": "0"}, changes=False),
]


@dataclass
class LeagueGame:
    """A private league game and the links that people hold to it."""

    public_id: str
    game_id: int
    own: str  # the game's own edit link, /g/<token>
    league_tokens: dict[str, str]  # a league edit link per user it was issued to


def _memberships(app: Flask, public_id: str) -> dict[str, int]:
    with app.app_context():
        rows = db.session.execute(
            select(User.username, Membership.id)
            .join(Membership, Membership.user_id == User.id)
            .join(League, League.id == Membership.league_id)
            .where(League.public_id == public_id)
        )
        return {name: membership_id for name, membership_id in rows}


def _score_sheet(client: FlaskClient, public_id: str, game_id: int) -> str:
    """Open the league game's score sheet as the logged-in scorer: its league edit link."""
    response = client.get(f"/leagues/{public_id}/games/{game_id}/edit")
    assert response.status_code == 302
    location: str = response.headers["Location"]
    assert location.startswith("/g/L.")
    return location


@pytest.fixture
def league_game(app: Flask) -> LeagueGame:
    """A private league "Bar Sport" (owner "owner", scorer "scorer") with a game that
    "creator", no member, started as a casual game (so holds its own edit link) and that
    was then attached. "removed" and "demoted" were scorers holding a league edit link to the game,
    then were removed, or lowered to viewer. "stranger" is no member. The game has one
    hand. (Built through the services, to keep the many tests below fast; the routes that
    do these steps have their own tests.)"""
    names = ("creator", "owner", "scorer", "removed", "demoted", "stranger")
    with app.test_request_context():
        users = {name: accounts.create_user(name, PASSWORD).id for name in names}
        game, own_token = create_game(GameSetup(Rules(), ["Anna", "Bruno"], 0))
        hand = CountsEntry((SideCounts(22, 6, settebello=True, scope=1), SideCounts(18, 4)), 0)
        record_hand(game, 1, "the-first-hand", hand)
        owner = db.session.get_one(User, users["owner"])
        league = leagues.create_league(owner, LeagueSetup("Bar Sport", False, Rules()))
        for name in ("scorer", "removed", "demoted"):
            db.session.add(Membership(league_id=league.id, user_id=users[name], role="scorer"))
        db.session.commit()
        attach_game(league, own_token)
        tokens = {
            name: "/g/" + league_edit_token(game, users[name])
            for name in ("owner", "scorer", "removed", "demoted")
        }
        memberships = {m.user_id: m for m in db.session.scalars(select(Membership))}
        leagues.remove_member(memberships[users["removed"]])
        leagues.set_member_role(memberships[users["demoted"]], Role.VIEWER)
        own = f"/g/{own_token}"
        return LeagueGame(league.public_id, game.id, own, tokens)


def _game_ids(app: Flask) -> list[int]:
    with app.app_context():
        return list(db.session.scalars(select(Game.id).order_by(Game.id)))


def _state(app: Flask) -> tuple[Any, ...]:
    """Everything a change to a game would change: games, versions, hands, revisions."""
    with app.app_context():
        return (
            list(db.session.execute(select(Game.id, Game.version).order_by(Game.id))),
            db.session.scalar(select(func.count()).select_from(Hand)),
            db.session.scalar(select(func.count()).select_from(HandRevision)),
        )


def _send(app: Flask, client: FlaskClient, route: Route, board: str) -> Any:
    """Send `route`'s request under `board`, with a CSRF token and a fresh request id."""
    if route.method == "GET":
        return client.get(route.url(board))
    data = {"csrf_token": csrf_token(client, "/games/new"), "request_id": str(uuid.uuid4())}
    data |= route.data
    if data.get("number") == NEXT:
        data["number"] = str(_state(app)[1] + 1)
    return client.post(route.url(board), data=data)


#: Who is refused, and which league edit link each holds: their own (issued while they
#: were a scorer) or, never having had one, the scorer's.
REFUSED = {
    "stranger": "scorer",  # logged in, never a member
    "creator": "scorer",  # started the game as a casual game; no member
    "removed": "removed",  # a scorer taken out of the league
    "demoted": "demoted",  # a scorer lowered to viewer
    "anonymous": "scorer",  # not logged in
}


def test_routes_cover_every_edit_route(app: Flask) -> None:
    rules = {
        (rule.rule, method)
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/g/")
        for method in rule.methods or ()
        if method not in ("HEAD", "OPTIONS")
    }
    assert rules == {(route.rule, route.method) for route in ROUTES}


@pytest.mark.parametrize("route", ROUTES, ids=str)
def test_scorers_and_owner_change_a_league_game_with_either_link(
    app: Flask, client: FlaskClient, league_game: LeagueGame, route: Route
) -> None:
    """The control of the refusals below: the same requests work for the league's scorer
    and owner, with the game's own edit link and with their league edit link."""
    for who in ("scorer", "owner"):
        as_user(client, who)
        for board in (league_game.own, league_game.league_tokens[who]):
            before = _state(app)
            response = _send(app, client, route, board)
            assert response.status_code == route.status, response.get_data(as_text=True)
            if route.method == "POST" and route.status == 302 and route.changes:
                assert _state(app) != before
            _put_hand_back(app, client, board)


def _put_hand_back(app: Flask, client: FlaskClient, board: str) -> None:
    """After a remove or an undo, record hand 1 again (the next request needs it)."""
    if _state(app)[1] == 0:
        data = {"csrf_token": csrf_token(client, "/games/new"), "number": "1", **HAND}
        assert client.post(f"{board}/hands", data=data).status_code == 302


@pytest.mark.parametrize("route", ROUTES, ids=str)
def test_no_one_else_changes_a_league_game_with_any_link(
    app: Flask, client: FlaskClient, league_game: LeagueGame, route: Route
) -> None:
    """A visitor is sent to log in, anyone else gets the 404 of a token that opens nothing;
    nothing changes, and nothing names the (private) league."""
    before = _state(app)
    for who, holds in REFUSED.items():
        as_user(client, who)
        for board in (league_game.own, league_game.league_tokens[holds]):
            response = _send(app, client, route, board)
            if who == "anonymous" and not route.polled:
                assert response.status_code == 302, (who, board)
                assert response.headers["Location"].startswith("/account/login?next=")
            else:
                assert response.status_code == 404, (who, board)
            assert _state(app) == before
            assert "Bar Sport" not in response.get_data(as_text=True)


def test_a_visitor_logs_in_and_comes_back(client: FlaskClient, league_game: LeagueGame) -> None:
    page = f"{league_game.own}/hands/1"
    response = client.get(page)
    assert response.status_code == 302
    next_url = re.search(r"next=([^&]+)", response.headers["Location"])
    assert next_url
    assert next_url.group(1).replace("%2F", "/") == page
    after = login(client, "scorer", next=page)
    assert after.headers["Location"] == page
    assert client.get(page).status_code == 200
    logout(client)
    csrf = csrf_token(client, "/games/new")
    posted = client.post(f"{league_game.own}/undo", data={"csrf_token": csrf, "number": "1"})
    assert posted.headers["Location"] == f"/account/login?next={league_game.own}"


def test_a_demotion_takes_effect_on_the_next_request(
    app: Flask, client: FlaskClient, league_game: LeagueGame
) -> None:
    as_user(client, "scorer")
    sheet = league_game.league_tokens["scorer"]
    assert client.get(sheet).status_code == 200
    assert client.get(league_game.own).status_code == 200
    membership = _memberships(app, league_game.public_id)["scorer"]
    with app.app_context():
        db.session.get_one(Membership, membership).role = "viewer"
        db.session.commit()
    assert client.get(sheet).status_code == 404
    assert client.get(league_game.own).status_code == 404
    before = _state(app)
    assert _send(app, client, ROUTES[2], sheet).status_code == 404
    assert _state(app) == before


def test_rematch_of_a_league_game_needs_the_role(
    app: Flask, client: FlaskClient, league_game: LeagueGame
) -> None:
    as_user(client, "creator")
    data = {"csrf_token": csrf_token(client, "/games/new")}
    assert client.post(f"{league_game.own}/rematch", data=data).status_code == 404
    assert _game_ids(app) == [league_game.game_id]
    as_user(client, "scorer")
    data = {"csrf_token": csrf_token(client, "/games/new")}
    assert client.post(f"{league_game.own}/rematch", data=data).status_code == 302
    with app.app_context():
        leagues = db.session.scalars(select(Game.league_id).order_by(Game.id)).all()
        assert len(leagues) == 2
        assert leagues[0] == leagues[1] is not None


def _reissue(client: FlaskClient, league_game: LeagueGame, kind: str) -> Any:
    base = f"/leagues/{league_game.public_id}/games/{league_game.game_id}/links"
    return post_form(client, base, f"{base}/{kind}")


def test_a_new_edit_link_revokes_every_old_one(
    app: Flask, client: FlaskClient, league_game: LeagueGame
) -> None:
    as_user(client, "owner")
    response = _reissue(client, league_game, "edit")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    match = re.search(r'id="new-edit-link">http://localhost(/g/[\w-]+)<', html)
    assert match, html
    new = match.group(1)
    assert "flash-success" in html
    for who in ("scorer", "owner"):
        as_user(client, who)
        assert client.get(league_game.own).status_code == 404
        assert client.get(league_game.league_tokens[who]).status_code == 404
        assert _send(app, client, ROUTES[2], league_game.league_tokens[who]).status_code == 404
        assert client.get(new).status_code == 200
        sheet = _score_sheet(client, league_game.public_id, league_game.game_id)
        assert sheet != league_game.league_tokens[who]
        assert client.get(sheet).status_code == 200
    as_user(client, "stranger")
    assert client.get(new).status_code == 404  # the new link too is for scorers only
    as_user(client, "owner")
    page = client.get(f"/leagues/{league_game.public_id}/games/{league_game.game_id}/links")
    assert new not in page.get_data(as_text=True)  # shown once


def test_a_new_view_link_revokes_the_old_one(
    app: Flask, client: FlaskClient, league_game: LeagueGame
) -> None:
    with app.app_context():
        old = db.session.get_one(Game, league_game.game_id).view_token
    assert client.get(f"/v/{old}").status_code == 200
    as_user(client, "owner")
    response = _reissue(client, league_game, "view")
    assert response.status_code == 200
    with app.app_context():
        new = db.session.get_one(Game, league_game.game_id).view_token
    assert new != old
    assert f"/v/{new}" in response.get_data(as_text=True)
    assert client.get(f"/v/{old}").status_code == 404
    assert client.get(f"/v/{new}").status_code == 200
    assert client.get(league_game.league_tokens["owner"]).status_code == 200  # edit link kept


@pytest.mark.parametrize(("who", "status"), [("scorer", 403), ("stranger", 404)])
@pytest.mark.parametrize("kind", ["edit", "view"])
def test_only_the_owner_issues_new_links(
    app: Flask, client: FlaskClient, league_game: LeagueGame, who: str, status: int, kind: str
) -> None:
    before = _tokens(app, league_game.game_id)
    as_user(client, who)
    base = f"/leagues/{league_game.public_id}/games/{league_game.game_id}/links"
    assert client.get(base).status_code == status
    data = {"csrf_token": csrf_token(client, "/games/new")}
    assert client.post(f"{base}/{kind}", data=data).status_code == status
    assert _tokens(app, league_game.game_id) == before


def test_a_new_link_needs_the_csrf_token(
    app: Flask, client: FlaskClient, league_game: LeagueGame
) -> None:
    before = _tokens(app, league_game.game_id)
    as_user(client, "owner")
    base = f"/leagues/{league_game.public_id}/games/{league_game.game_id}/links"
    assert client.post(f"{base}/edit").status_code == 400
    assert post_form(client, base, f"{base}/other").status_code == 404
    assert _tokens(app, league_game.game_id) == before


def _tokens(app: Flask, game_id: int) -> tuple[str, str]:
    with app.app_context():
        game = db.session.get_one(Game, game_id)
        return game.view_token, game.edit_token_hash


def _home_links(client: FlaskClient) -> list[str]:
    html = client.get("/").get_data(as_text=True)
    return re.findall(r'href="(/g/[^"]+)"', html)


def test_your_games_lists_no_dead_link(
    app: Flask, client: FlaskClient, league_game: LeagueGame
) -> None:
    """This browser started a casual game (its cookie holds the edit link, for the account
    logged in then) that was then attached to the league: the home page offers the link
    while that account may change the game, and not once it is lowered to viewer; no other
    account on this browser finds it (the list is its keeper's: `scorekeeper.keeper`)."""
    as_user(client, "scorer")
    started = start_casual_game(client, ("Carla", "Dario"))
    assert started in _home_links(client)
    attach = f"/leagues/{league_game.public_id}/games/attach"
    assert post_form(client, attach, attach, link=started).status_code == 302
    assert started in _home_links(client)
    for who in ("creator", "owner", "stranger", "removed", "demoted", "anonymous"):
        as_user(client, who)
        assert started not in _home_links(client), who
    with app.app_context():
        scorer = db.session.scalars(select(User).where(User.username == "scorer")).one()
        membership = db.session.scalars(
            select(Membership).where(Membership.user_id == scorer.id)
        ).one()
        leagues.set_member_role(membership, Role.VIEWER)
    as_user(client, "scorer")
    assert started not in _home_links(client)


def test_a_removed_scorer_no_longer_sees_the_league_games_they_started(
    app: Flask, client: FlaskClient, league_game: LeagueGame
) -> None:
    as_user(client, "owner")
    link = invite(client, league_game.public_id, "scorer")
    logout(client)
    signup(client, "newcomer")
    join(client, link)
    url = f"/leagues/{league_game.public_id}/games/new"
    data = {"players-0": "0", "new_names-0": "Eva", "players-1": "0", "new_names-1": "Franco"}
    started = post_form(client, url, url, first_dealer="0", **data).headers["Location"]
    assert started in _home_links(client)
    as_user(client, "owner")
    members = _memberships(app, league_game.public_id)
    base = f"/leagues/{league_game.public_id}/members"
    assert post_form(client, base, f"{base}/{members['newcomer']}/remove").status_code == 302
    as_user(client, "newcomer")
    assert started not in _home_links(client)
    assert client.get(started).status_code == 404


def test_the_view_link_of_a_private_league_game_leads_to_no_league_page(
    app: Flask, client: FlaskClient, league_game: LeagueGame
) -> None:
    with app.app_context():
        view = db.session.get_one(Game, league_game.game_id).view_token
    for page in (f"/v/{view}", f"/v/{view}/hands/1", f"/v/{view}/live"):
        html = client.get(page).get_data(as_text=True)
        assert league_game.public_id not in html
        assert "Bar Sport" not in html
