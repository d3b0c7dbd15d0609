"""A league's roles govern every route of its tournaments (`tournaments.access`): a
stranger to the private league, the tournament's organiser once the league's owner removed
them, a tournament helper the owner lowered to viewer and a tournament helper who is not
in the league try every write route of the league's tournament (taken from the url_map,
so a new route cannot be forgotten) and change nothing; the league's owner carries on."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.leagues import services as leagues
from scorekeeper.leagues.models import League, Membership
from scorekeeper.leagues.models import Role as LeagueRole
from scorekeeper.tournaments import services
from scorekeeper.tournaments.games import side_token
from scorekeeper.tournaments.models import Entry, Match, MatchResult, Member
from scorekeeper.tournaments.venue.models import CheckIn, Venue
from tests.helpers import EN, csrf_token
from tests.helpers.actions import as_user, create_league, invite, join, logout, post_form, signup
from tests.helpers.tournaments import NEW, create, tournament_of

FOUR_PAIRS = "Anna & Bruno\nCarla & Dario\nElena & Fabio\nGina & Ivo"
SWISS = {**NEW, "structure": "swiss", "rounds": "3", "final_games": "1", "final_target": "11"}
#: Who tries, and what every write route answers them.
REFUSED = {"stranger": 404, "removed": 404, "outsider": 404, "demoted": 403, "viewer": 403}
#: The routes of a side's link (its token, not the tournament's id, in the URL).
SIDE_ROUTES = {"tournaments.side_result", "tournaments.side_confirm", "tournaments.side_dispute"}
#: What each write route is sent: what the owner's own form would send.
FORMS: dict[str, dict[str, str]] = {
    "tournaments.entries": {"entries": "Luca & Marta"},
    "tournaments.set_entry": {"action": "seed", "seed": "1"},
    "tournaments.draw": {"seed": "5"},
    "tournaments.result": {
        "wins_first": "0",
        "wins_second": "1",
        "points_first": "3",
        "points_second": "11",
    },
    "tournaments.members": {"username": "stranger", "role": "helper"},
    "venue.cycle": {"seconds": "10"},
    "venue.start_clock": {"minutes": "30"},
    "venue.move_clock": {"minutes": "5"},
    "venue.mark": {"mark": "paid", "value": "1"},
    "venue.late_entry": {"entries": "Luca & Marta"},
    "venue.prizes": {"mode": "places", "rows-0-amount": "50"},
}


def _user_id(name: str) -> int:
    return db.session.scalars(select(User.id).where(User.username == name)).one()


def _membership(league: League, name: str) -> Membership:
    return db.session.scalars(
        select(Membership).where(
            Membership.league_id == league.id, Membership.user_id == _user_id(name)
        )
    ).one()


@pytest.fixture
def league_tournament(app: Flask, client: FlaskClient) -> dict[str, Any]:
    """A private league (owner "owner"; scorers "removed" and "demoted"; viewer "viewer")
    and the Swiss tournament "removed" runs in it, round 1 played, "demoted" and
    "outsider" (in no league: added before the league's roles counted) its helpers. Then
    the owner removes "removed" from the league and lowers "demoted" to viewer."""
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    for name in ("removed", "demoted", "viewer", "outsider", "stranger"):
        signup(client, name)
        logout(client)
    signup(client, "owner")
    league = create_league(client, "Bar Sport")
    links = {name: invite(client, league, "scorer") for name in ("removed", "demoted")}
    links["viewer"] = invite(client, league, "viewer")
    for name, link in links.items():
        as_user(client, name)
        assert join(client, link).status_code == 302
    as_user(client, "removed")
    pid = create(client, **{**SWISS, "league": league})
    entries = f"/tournaments/{pid}/entries"
    assert post_form(client, entries, entries, entries=FOUR_PAIRS).status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/draw", seed="3").status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/start").status_code == 302
    members = f"/tournaments/{pid}/members"
    added = post_form(client, members, members, username="demoted", role="helper")
    assert added.status_code == 302
    refused = post_form(client, members, members, username="outsider", role="helper")
    assert refused.status_code == 422
    assert "Only a member of the tournament&#39;s league can be added." in refused.get_data(
        as_text=True
    )
    with app.app_context():
        t = tournament_of(pid)
        # A helper from outside the league, as one could be added before.
        db.session.add(Member(tournament_id=t.id, user_id=_user_id("outsider"), role="helper"))
        db.session.commit()
        matches = [m.id for _stage, round_ in services.rounds(t) for m in services.matches(round_)]
    for match_id in matches:
        response = post_form(
            client,
            f"/tournaments/{pid}/rounds",
            f"/tournaments/{pid}/matches/{match_id}/result",
            **FORMS["tournaments.result"],
        )
        assert response.status_code == 302
    with app.app_context():
        the_league = db.session.scalars(select(League).where(League.public_id == league)).one()
        leagues.remove_member(_membership(the_league, "removed"))
        leagues.set_member_role(_membership(the_league, "demoted"), LeagueRole.VIEWER)
        t = tournament_of(pid)
        entry = db.session.scalars(select(Entry.id).where(Entry.tournament_id == t.id)).first()
        member = db.session.scalars(
            select(Member.id).where(Member.tournament_id == t.id, Member.role == "helper")
        ).first()
        entrant = services.entrants(t)[0].id
    return {
        "pid": pid,
        "league": league,
        "ids": {
            "public_id": pid,
            "entry_id": entry,
            "match_id": matches[0],
            "member_id": member,
            "entrant_id": entrant,
        },
    }


def _write_routes(app: Flask, ids: dict[str, Any]) -> dict[str, str]:
    """Every route of the tournaments blueprint that writes, with its URL in this
    tournament (a route with an argument not known here fails: tell this test of it)."""
    routes: dict[str, str] = {}
    for rule in app.url_map.iter_rules():
        ours = rule.endpoint.startswith(("tournaments.", "venue."))  # venue: the venue's pages
        if not ours or "POST" not in (rule.methods or ()):
            continue
        if "public_id" not in rule.arguments:
            # Not inside a tournament: a new one, offered only the leagues one may use, or
            # a side's link (`test_a_side_link_needs_a_league_member`).
            assert rule.endpoint == "tournaments.new" or rule.endpoint in SIDE_ROUTES, rule
            continue
        unknown = rule.arguments - ids.keys()
        assert not unknown, f"{rule.rule}: give this test an id for {unknown}"
        with app.test_request_context():
            routes[rule.endpoint] = url_for(rule.endpoint, **{k: ids[k] for k in rule.arguments})
    assert {"tournaments.result", "tournaments.next_round"} <= routes.keys()
    return routes


def _state(app: Flask, pid: str) -> dict[str, Any]:
    """Everything a write route could change, in the tournament and in its league."""
    with app.app_context():
        t = tournament_of(pid)
        results = db.session.execute(
            select(MatchResult).join(Match).where(Match.tournament_id == t.id)
        ).scalars()
        return {
            "tournament": (t.status, t.version, t.seed),
            "matches": db.session.scalar(
                select(func.count(Match.id)).where(Match.tournament_id == t.id)
            ),
            "league games": db.session.scalar(
                select(func.count(Game.id)).where(Game.league_id == t.league_id)
            ),
            "results": sorted((r.match_id, r.wins, r.points, r.by_hand) for r in results),
            "entries": sorted(
                (e.id, e.withdrawn)
                for e in db.session.scalars(select(Entry).where(Entry.tournament_id == t.id))
            ),
            "members": sorted(
                (m.user_id, m.role)
                for m in db.session.scalars(select(Member).where(Member.tournament_id == t.id))
            ),
            "withdrawn": sorted(e.number for e in services.entrants(t) if e.withdrawn),
            "venue": db.session.get(Venue, t.id) is not None,
            "check-in": db.session.scalar(
                select(func.count()).where(CheckIn.tournament_id == t.id)
            ),
        }


@pytest.mark.parametrize("who", sorted(REFUSED))
def test_every_write_route_refuses_who_the_league_keeps_out(
    app: Flask, client: FlaskClient, league_tournament: dict[str, Any], who: str
) -> None:
    """Each write route answers 404 to who may not see the private league (a stranger,
    the removed organiser, a tournament helper outside the league) and 403 to its
    viewers (a lowered helper too), and changes nothing in the tournament or the league."""
    pid = league_tournament["pid"]
    routes = _write_routes(app, league_tournament["ids"])
    before = _state(app, pid)
    as_user(client, who)
    token = csrf_token(client, "/account/")
    for endpoint, url in routes.items():
        response = client.post(url, data={"csrf_token": token, **FORMS.get(endpoint, {})})
        assert response.status_code == REFUSED[who], (who, endpoint, response.status_code)
    assert _state(app, pid) == before
    # Reading: the league's viewers read; the others are not told the tournament exists.
    for page in ("", "/rounds", "/entries", "/screen", "/export.json"):
        status = client.get(f"/tournaments/{pid}{page}").status_code
        assert status == (200 if REFUSED[who] == 403 else 404), (who, page, status)
    # No table link reaches a reader: the rounds page hands out no board of a table.
    if REFUSED[who] == 403:
        assert "/g/T." not in client.get(f"/tournaments/{pid}/rounds").get_data(as_text=True)
    assert client.get(f"/tournaments/{pid}/print/sheets").status_code == REFUSED[who]
    assert client.get(f"/tournaments/{pid}/checkin").status_code == REFUSED[who]
    assert client.get(f"/tournaments/{pid}/venue").status_code == REFUSED[who]
    # Nor do they find it among their tournaments.
    assert (
        f"/tournaments/{pid}" not in client.get("/tournaments/", headers=EN).get_data(as_text=True)
        or who == "demoted"
    )


def test_the_leagues_owner_carries_on_after_removing_the_organiser(
    app: Flask, client: FlaskClient, league_tournament: dict[str, Any]
) -> None:
    """The league's owner is the organiser of its tournaments: they start the next round
    the removed organiser could not, and the league gets its games."""
    pid = league_tournament["pid"]
    before = _state(app, pid)
    as_user(client, "owner")
    rounds = f"/tournaments/{pid}/rounds"
    assert post_form(client, rounds, f"/tournaments/{pid}/next-round").status_code == 302
    after = _state(app, pid)
    assert after["league games"] == before["league games"] + 2
    assert "/g/T." in client.get(rounds).get_data(as_text=True)


def test_a_visitor_is_sent_to_log_in(
    app: Flask, client: FlaskClient, league_tournament: dict[str, Any]
) -> None:
    """Logged out, every write route leads to the log-in page and changes nothing."""
    pid = league_tournament["pid"]
    routes = _write_routes(app, league_tournament["ids"])
    before = _state(app, pid)
    logout(client)
    for url in routes.values():
        response = post_form(client, "/account/login", url)
        assert response.status_code == 302
        assert "/account/login" in response.headers["Location"]
    assert _state(app, pid) == before


def test_a_side_link_needs_a_league_member(
    app: Flask, client: FlaskClient, league_tournament: dict[str, Any]
) -> None:
    """In a league's tournament that asks for confirmation, a side's link (handed to a
    pair, printed on its sheet) opens only for a member of the league: its players read
    and confirm there, whatever their role; a stranger, the removed organiser and a
    helper outside the league get 404 on its page and on every write, a visitor is sent
    to log in, and nothing changes."""
    pid = league_tournament["pid"]
    with app.test_request_context():
        t = tournament_of(pid)
        t.needs_confirmation = True
        match = db.session.get_one(Match, league_tournament["ids"]["match_id"])
        token = side_token(match, 1, services.match_games(match)[0])
        db.session.commit()
        routes = {endpoint: url_for(endpoint, token=token) for endpoint in sorted(SIDE_ROUTES)}
    before = _state(app, pid)
    for who in ("stranger", "removed", "outsider"):
        as_user(client, who)
        assert client.get(f"/tournaments/side/{token}").status_code == 404, who
        # Nor the fresh token a confirmation kept offline asks for.
        assert client.get(f"/tournaments/side/{token}/csrf").status_code == 404, who
        csrf = csrf_token(client, "/account/")
        for endpoint, url in routes.items():
            response = client.post(url, data={"csrf_token": csrf, "side": "1"})
            assert response.status_code == 404, (who, endpoint, response.status_code)
    logout(client)
    response = client.get(f"/tournaments/side/{token}")
    assert response.status_code == 302
    assert "/account/login" in response.headers["Location"]
    assert _state(app, pid) == before
    as_user(client, "viewer")
    assert client.get(f"/tournaments/side/{token}").status_code == 200
