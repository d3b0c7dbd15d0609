"""Leagues: creation, invitations, players, seasons, and every refusal of `require_role`."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.leagues.models import Invitation, Membership, Player, Season
from tests.helpers import EN, csrf_token
from tests.helpers.actions import (
    as_user,
    create_league,
    invite,
    join,
    login,
    logout,
    post_form,
    signup,
)
from tests.helpers.leagues import ids


@pytest.fixture
def league(client: FlaskClient) -> str:
    """A private league owned by "owner", with a scorer, a viewer and a stranger account.

    The client is left logged out.
    """
    for name in ("scorer", "viewer", "stranger"):
        signup(client, name)
        logout(client)
    signup(client, "owner")
    public_id = create_league(client)
    links = {role: invite(client, public_id, role) for role in ("scorer", "viewer")}
    for name in ("Anna", "Bruno"):
        post_form(
            client, f"/leagues/{public_id}/players", f"/leagues/{public_id}/players", name=name
        )
    post_form(
        client,
        f"/leagues/{public_id}/seasons",
        f"/leagues/{public_id}/seasons",
        name="2026",
        starts_on="2026-01-01",
        ends_on="2026-12-31",
    )
    logout(client)
    for role, link in links.items():
        login(client, role)
        assert join(client, link).status_code == 302
        logout(client)
    return public_id


def test_create_league_makes_the_creator_owner(app: Flask, client: FlaskClient) -> None:
    signup(client, "owner")
    public_id = create_league(client, "Circolo", target="21", napola="y")
    assert len(public_id) >= 20
    html = client.get(f"/leagues/{public_id}/settings", headers=EN).get_data(as_text=True)
    assert 'value="Circolo"' in html
    assert 'value="21"' in html
    assert "Circolo" in client.get("/leagues/").get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(select(Membership.role)) == "owner"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "", "Type a name."),
        ("target", "0", "A whole number from 1 to 999."),
        ("format", "5x5", "Not a valid choice"),
    ],
)
def test_create_league_refuses_bad_input(
    client: FlaskClient, field: str, value: str, message: str
) -> None:
    signup(client, "owner")
    data = {"name": "Circolo", "format": "2", "target": "11", field: value}
    client.set_cookie("lang", "en")
    response = post_form(client, "/leagues/new", "/leagues/new", **data)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


@pytest.mark.usefixtures("league")
def test_members_join_by_invitation_with_their_role(app: Flask) -> None:
    with app.app_context():
        roles = dict(
            db.session.execute(
                select(func.lower(Membership.role), func.count()).group_by(Membership.role)
            ).all()
        )
    assert roles == {"owner": 1, "scorer": 1, "viewer": 1}


def test_members_page_shows_each_members_role(app: Flask, client: FlaskClient, league: str) -> None:
    as_user(client, "owner")
    html = client.get(f"/leagues/{league}/members", headers=EN).get_data(as_text=True)
    with app.app_context():
        by_role = {m.role: m.id for m in db.session.scalars(select(Membership))}
    for role in ("scorer", "viewer"):
        select_html = html.split(f'id="role-{by_role[role]}"')[1].split("</select>")[0]
        assert f'<option value="{role}" selected>' in select_html
        assert select_html.count("<option") == 2


def test_invitation_links_work_once(client: FlaskClient, league: str) -> None:
    as_user(client, "owner")
    link = invite(client, league, "viewer")
    as_user(client, "stranger")
    assert join(client, link).status_code == 302
    signup_other = "other"
    logout(client)
    signup(client, signup_other)
    assert client.get(link).status_code == 404
    html = client.get(link).get_data(as_text=True)
    assert "non funziona più" in html


def test_revoked_invitation_stops_working(app: Flask, client: FlaskClient, league: str) -> None:
    as_user(client, "owner")
    link = invite(client, league, "scorer")
    with app.app_context():
        open_id = db.session.scalar(
            select(Invitation.id).where(Invitation.used_at.is_(None)).order_by(Invitation.id.desc())
        )
    members = f"/leagues/{league}/members"
    response = post_form(client, members, f"/leagues/{league}/invitations/{open_id}/revoke")
    assert response.status_code == 302
    assert "revocato" in client.get(members).get_data(as_text=True)
    as_user(client, "stranger")
    assert client.get(link).status_code == 404
    token = csrf_token(client, "/account/login")
    assert client.post(link, data={"csrf_token": token}).status_code == 404


def test_only_a_hash_of_the_invitation_token_is_stored(
    app: Flask, client: FlaskClient, league: str
) -> None:
    as_user(client, "owner")
    link = invite(client, league, "viewer")
    token = link.rsplit("/", 1)[1]
    with app.app_context():
        hashes = list(db.session.scalars(select(Invitation.token_hash)))
    assert token not in hashes
    assert all(re.fullmatch(r"[0-9a-f]{64}", h) for h in hashes)


def test_player_names_are_unique_in_a_league(client: FlaskClient, league: str) -> None:
    as_user(client, "scorer")
    url = f"/leagues/{league}/players"
    response = post_form(client, url, url, name="  anna ")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "C&#39;è già un giocatore con questo nome" in html
    assert 'value="  anna "' in html


def test_a_member_claims_a_player_once(app: Flask, client: FlaskClient, league: str) -> None:
    anna = ids(app, Player, league)[0]
    url = f"/leagues/{league}/players"
    as_user(client, "viewer")
    assert post_form(client, url, f"{url}/{anna}/claim").status_code == 302
    as_user(client, "scorer")
    post_form(client, url, f"{url}/{anna}/claim")
    with app.app_context():
        player = db.session.get_one(Player, anna)
        assert player.user is not None
        assert player.user.username == "viewer"


def test_owner_links_a_player_to_a_member(app: Flask, client: FlaskClient, league: str) -> None:
    bruno = ids(app, Player, league)[1]
    as_user(client, "owner")
    url = f"/leagues/{league}/players/{bruno}/link"
    page = client.get(url).get_data(as_text=True)
    scorer_id = re.search(r'<option value="(\d+)">scorer</option>', page)
    assert scorer_id
    assert post_form(client, url, url, user=scorer_id.group(1)).status_code == 302
    with app.app_context():
        assert db.session.get_one(Player, bruno).user_id == int(scorer_id.group(1))


def test_owner_cannot_link_a_player_to_a_stranger(
    app: Flask, client: FlaskClient, league: str
) -> None:
    bruno = ids(app, Player, league)[1]
    as_user(client, "owner")
    url = f"/leagues/{league}/players/{bruno}/link"
    from scorekeeper.accounts.models import User

    with app.app_context():
        stranger = db.session.scalar(select(User.id).where(User.username == "stranger"))
    response = post_form(client, url, url, user=str(stranger))
    assert response.status_code == 422
    assert "Non è una opzione valida" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.get_one(Player, bruno).user_id is None


def test_season_dates_must_be_in_order(client: FlaskClient, league: str) -> None:
    as_user(client, "owner")
    url = f"/leagues/{league}/seasons"
    response = post_form(
        client, url, url, name="Autunno", starts_on="2026-12-01", ends_on="2026-09-01"
    )
    assert response.status_code == 422
    assert "non può finire prima di iniziare" in response.get_data(as_text=True)


def test_archived_season_is_still_readable(app: Flask, client: FlaskClient, league: str) -> None:
    season = ids(app, Season, league)[0]
    as_user(client, "owner")
    url = f"/leagues/{league}/seasons"
    assert post_form(client, url, f"{url}/{season}/archive").status_code == 302
    as_user(client, "viewer")
    html = client.get(url).get_data(as_text=True)
    assert "2026" in html
    assert "archiviata" in html
    assert client.get(f"/leagues/{league}/?season={season}").status_code == 200


# Authorization: who may do what --------------------------------------------------------

READ_PAGES = ["/", "players", "seasons"]
OWNER_PAGES = ["members", "settings"]


def _url(public_id: str, page: str) -> str:
    return f"/leagues/{public_id}/" + ("" if page == "/" else page)


@pytest.mark.parametrize("who", ["owner", "scorer", "viewer"])
@pytest.mark.parametrize("page", READ_PAGES)
def test_members_read_the_league(client: FlaskClient, league: str, who: str, page: str) -> None:
    as_user(client, who)
    assert client.get(_url(league, page)).status_code == 200


@pytest.mark.parametrize("page", READ_PAGES + OWNER_PAGES)
def test_private_league_is_404_for_a_stranger(client: FlaskClient, league: str, page: str) -> None:
    as_user(client, "stranger")
    assert client.get(_url(league, page)).status_code == 404


@pytest.mark.parametrize("page", READ_PAGES + OWNER_PAGES)
def test_private_league_sends_visitors_to_login(
    client: FlaskClient, league: str, page: str
) -> None:
    as_user(client, "anonymous")
    response = client.get(_url(league, page))
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/account/login")
    # ...exactly as for an address with no league behind it.
    missing = client.get(_url("no-such-league-at-all", page))
    assert missing.status_code == 302


@pytest.mark.parametrize("who", ["scorer", "viewer"])
@pytest.mark.parametrize("page", OWNER_PAGES)
def test_owner_pages_are_403_for_other_members(
    client: FlaskClient, league: str, who: str, page: str
) -> None:
    as_user(client, who)
    assert client.get(_url(league, page)).status_code == 403


def _writes(app: Flask, public_id: str) -> dict[str, tuple[str, dict[str, str], str]]:
    """Every write route: (url, form data, least role that may post it)."""
    player = ids(app, Player, public_id)[0]
    season = ids(app, Season, public_id)[0]
    invitation = ids(app, Invitation, public_id)[0]
    membership = ids(app, Membership, public_id)[-1]
    base = f"/leagues/{public_id}"
    return {
        "add player": (f"{base}/players", {"name": "Carla"}, "scorer"),
        "claim": (f"{base}/players/{player}/claim", {}, "viewer"),
        "link": (f"{base}/players/{player}/link", {"user": "0"}, "owner"),
        "season": (
            f"{base}/seasons",
            {"name": "X", "starts_on": "2026-01-01", "ends_on": "2026-02-01"},
            "owner",
        ),
        "archive": (f"{base}/seasons/{season}/archive", {}, "owner"),
        "invite": (f"{base}/invitations", {"role": "scorer"}, "owner"),
        "revoke": (f"{base}/invitations/{invitation}/revoke", {}, "owner"),
        "role": (f"{base}/members/{membership}/role", {"role": "scorer"}, "owner"),
        "remove": (f"{base}/members/{membership}/remove", {}, "owner"),
        "settings": (f"{base}/settings", {"name": "Mine", "format": "2", "target": "11"}, "owner"),
    }


RANK = {"anonymous": 0, "stranger": 0, "viewer": 1, "scorer": 2, "owner": 3}


@pytest.mark.parametrize("who", ["anonymous", "stranger", "viewer", "scorer"])
def test_writes_are_refused_below_their_role(
    app: Flask, client: FlaskClient, league: str, who: str
) -> None:
    writes = _writes(app, league)
    as_user(client, who)
    token = csrf_token(client, "/account/login")
    for name, (url, data, least) in writes.items():
        if RANK[who] >= RANK[least]:
            continue
        response = client.post(url, data={"csrf_token": token, **data})
        expected = {"anonymous": 302, "stranger": 404}.get(who, 403)
        assert response.status_code == expected, (name, who, response.status_code)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Player)) == 2
        assert db.session.scalar(select(func.count()).select_from(Season)) == 1
        assert db.session.scalar(select(func.count()).select_from(Membership)) == 3


def test_ids_from_another_league_are_404(app: Flask, client: FlaskClient, league: str) -> None:
    """The owner of league B guesses ids of league A in B's URLs: nothing is found."""
    signup(client, "other-owner")
    other = create_league(client, "Altro")
    for name, (url, data, _least) in _writes(app, league).items():
        if name in {"add player", "season", "invite", "settings"}:
            continue  # these carry no id
        guessed = url.replace(league, other)
        response = client.post(
            guessed, data={"csrf_token": csrf_token(client, "/account/login"), **data}
        )
        assert response.status_code == 404, (name, response.status_code)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Membership)) == 4


def test_csrf_is_enforced_on_league_forms(client: FlaskClient, league: str) -> None:
    as_user(client, "owner")
    response = client.post(f"/leagues/{league}/players", data={"name": "Carla"})
    assert response.status_code == 400


def test_public_league_is_readable_by_anyone_never_writable(
    app: Flask, client: FlaskClient, league: str
) -> None:
    as_user(client, "owner")
    url = f"/leagues/{league}/settings"
    post_form(client, url, url, name="Bar Sport", format="2", target="11", is_public="y")
    for who in ("anonymous", "stranger"):
        as_user(client, who)
        for page in READ_PAGES:
            assert client.get(_url(league, page)).status_code == 200
        html = client.get(_url(league, "players")).get_data(as_text=True)
        assert "Aggiungi un giocatore" not in html
        token = csrf_token(client, "/account/login")
        response = client.post(
            f"/leagues/{league}/players", data={"csrf_token": token, "name": "Carla"}
        )
        assert response.status_code == (302 if who == "anonymous" else 403)
        assert client.get(_url(league, "members")).status_code in (302, 403)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Player)) == 2


def test_owner_stays_owner(app: Flask, client: FlaskClient, league: str) -> None:
    owner_membership = ids(app, Membership, league)[0]
    as_user(client, "owner")
    members = f"/leagues/{league}/members"
    post_form(client, members, f"{members}/{owner_membership}/role", role="viewer")
    post_form(client, members, f"{members}/{owner_membership}/remove")
    with app.app_context():
        assert db.session.get_one(Membership, owner_membership).role == "owner"
