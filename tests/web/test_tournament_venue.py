"""The tournament at the venue: the screen cycles through views that each fit (the round,
each group, the bracket, the standings, the prizes), with the round clock; its own link
opens it without an account until revoked; an unchanged screen answers 304 from one
statement, no model and no template; check-in at the door with the tables needed; a late
entry joins the next Swiss round; the evening's draw to print; the prize list on the
standings, the screen and the printed podium."""

from __future__ import annotations

import re

from flask import Flask, template_rendered
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.games import services as game_services
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Entry, Role, Structure
from scorekeeper.tournaments.venue import services as venue
from scorekeeper.tournaments.venue.models import PrizeMode, Venue
from tests.helpers import EN, IT, csrf_token, statements
from tests.helpers.actions import login, logout, post_form
from tests.helpers.fuzz import HOSTILE, page_forms
from tests.helpers.tournaments import (
    EIGHT_PAIRS,
    FOUR_PAIRS,
    PASSWORD,
    drawn,
    play_round,
    started_in,
    sweep,
    tournament_of,
    user,
)


def as_user(client: FlaskClient, name: str) -> None:
    """Log the client in as ``name`` (an account made by `user`)."""
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"  # the messages checked are English
    logout(client)
    assert login(client, name, PASSWORD).status_code == 302


def slides_of(html: str) -> list[str]:
    return re.findall(r'data-slide="([\w-]+)"', html)


def test_the_screen_cycles_through_the_round_each_group_and_the_standings(
    app: Flask, client: FlaskClient
) -> None:
    """One view at a time: the round, group A, group B, all groups; the first shown;
    without a script the page moves on to the next one by itself (meta refresh)."""
    pid = started_in(app, is_public=True)
    response = client.get(f"/tournaments/{pid}/screen", headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    keys = slides_of(html)
    assert [key.split("-")[0] for key in keys] == ["round", "table", "table", "table"]
    assert html.count("is-current") == 2  # the first view and its dot
    assert "Group A" in html
    assert "Group B" in html
    assert "All groups" in html
    assert f'content="15;url=/tournaments/{pid}/screen?view=1"' in html
    second = client.get(f"/tournaments/{pid}/screen?view=1&cycle=4", headers=EN)
    page = second.get_data(as_text=True)
    assert re.search(r'class="screen-slide slide-table is-current" data-slide="table-1-1"', page)
    assert f'content="4;url=/tournaments/{pid}/screen?view=2&amp;cycle=4"' in page
    assert 'data-cycle="4"' in page


def test_an_unchanged_screen_answers_304_from_one_statement_without_a_template(
    app: Flask, client: FlaskClient
) -> None:
    """The screen's ETag is its version: asked again with it, the answer is 304 after one
    SQL statement (the version) and no template; a hand recorded at a table, a result,
    the clock or another language change it."""
    pid = started_in(app, is_public=True)
    url = f"/tournaments/{pid}/screen"
    first = client.get(url, headers=EN)
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    drawn_templates: list[str] = []

    def seen(_sender: object, template: object, **_extra: object) -> None:
        drawn_templates.append(str(getattr(template, "name", "")))

    template_rendered.connect(seen, app)
    try:
        with statements(app) as run:
            again = client.get(url, headers={**EN, "If-None-Match": etag})
    finally:
        template_rendered.disconnect(seen, app)
    assert again.status_code == 304
    assert again.get_data() == b""
    assert drawn_templates == []
    # Access (the tournament, the reader's role) and the version; the version itself is
    # one statement of the tables, no model loaded.
    assert sum("tournament_venue" in s for s in run) == 1
    assert client.get(url, headers={**IT, "If-None-Match": etag}).status_code == 200
    with app.test_request_context():
        t = tournament_of(pid)
        ((_stage, round_),) = services.rounds(t)
        game = services.match_games(services.matches(round_)[0])[0]
        game_services.record_hand(game, 1, "hand-1", sweep(0, 2))
    changed = client.get(url, headers={**EN, "If-None-Match": etag})
    assert changed.status_code == 200
    assert "6–0" in changed.get_data(as_text=True)
    etag = changed.headers["ETag"]
    assert client.get(url, headers={**EN, "If-None-Match": etag}).status_code == 304
    with app.test_request_context():
        venue.start_clock(tournament_of(pid), 40)
    clocked = client.get(url, headers={**EN, "If-None-Match": etag})
    assert clocked.status_code == 200
    assert "Round 1 · 40:00 left" in clocked.get_data(as_text=True)


def test_the_screen_link_opens_a_private_tournament_without_an_account_until_revoked(
    app: Flask, client: FlaskClient
) -> None:
    """The organiser makes the link on the venue page; logged out, the private
    tournament's own screen sends to the login page, the link shows it (304 when
    unchanged, from the one statement that checks the link); a new link retires the old,
    a revoked one is 404."""
    pid = started_in(app)
    as_user(client, "organiser")
    page = f"/tournaments/{pid}/venue"
    assert client.get(page, headers=EN).status_code == 200
    assert post_form(client, page, f"{page}/screen-link").status_code == 302
    html = client.get(page, headers=EN).get_data(as_text=True)
    link = re.search(r'id="screen-link-url">http://localhost(/tournaments/screen/[\w-]+)<', html)
    assert link is not None
    url = link.group(1)
    logout(client)
    assert client.get(f"/tournaments/{pid}/screen").status_code == 302
    shown = client.get(url, headers=EN)
    assert shown.status_code == 200
    assert "Torneo di San Rocco" in shown.get_data(as_text=True)
    assert shown.headers["Cache-Control"] == "no-store"
    with statements(app) as run:
        unchanged = client.get(url, headers={**EN, "If-None-Match": shown.headers["ETag"]})
    assert unchanged.status_code == 304
    assert len(run) == 1
    assert client.get(f"{url}?view=1", headers=EN).status_code == 200
    as_user(client, "organiser")
    assert post_form(client, page, f"{page}/screen-link").status_code == 302
    logout(client)
    assert client.get(url).status_code == 404
    as_user(client, "organiser")
    assert post_form(client, page, f"{page}/screen-link/revoke").status_code == 302
    with app.app_context():
        row = db.session.get(Venue, tournament_of(pid).id)
        assert row is not None
        assert row.screen_token is None
    logout(client)
    assert client.get("/tournaments/screen/nothing-here").status_code == 404
    assert client.get("/tournaments/screen/" + "x" * 500).status_code == 404


def test_the_round_clock_is_started_paused_moved_and_says_last_hand(
    app: Flask, client: FlaskClient
) -> None:
    """Started from the venue page, the screen says "Round 1 · 40:00 left" and carries the
    end for its script; paused it keeps the seconds; moved back past zero it says
    "last hand" (in Italian "ultima smazzata"); taken off, no clock."""
    pid = started_in(app, is_public=True)
    as_user(client, "organiser")
    page = f"/tournaments/{pid}/venue"
    assert post_form(client, page, f"{page}/clock", minutes="40").status_code == 302
    screen = client.get(f"/tournaments/{pid}/screen", headers=EN).get_data(as_text=True)
    assert re.search(r"Round 1 · (40:00|39:5\d) left", screen)
    assert 'data-running="true"' in screen
    assert 'data-text="Round 1 · {time} left"' in screen
    assert post_form(client, page, f"{page}/clock/pause").status_code == 302
    with app.app_context():
        clock = venue.clock(tournament_of(pid))
        assert clock is not None
        assert clock.ends_at is None
        assert 2390 <= (clock.left or 0) <= 2400
    assert post_form(client, page, f"{page}/clock/pause").status_code == 302
    for _ in range(9):
        assert post_form(client, page, f"{page}/clock/move", minutes="-5").status_code == 302
    assert post_form(client, page, f"{page}/clock/move", minutes="7").status_code == 302  # ignored
    italian = client.get(f"/tournaments/{pid}/screen", headers=IT).get_data(as_text=True)
    assert "Turno 1 · ultima smazzata" in italian
    assert post_form(client, page, f"{page}/clock", minutes="0").status_code == 422
    assert post_form(client, page, f"{page}/clock/stop").status_code == 302
    screen = client.get(f"/tournaments/{pid}/screen", headers=EN).get_data(as_text=True)
    assert 'id="screen-clock"' not in screen
    # The clock times the round being played: the next round has none until started.
    with app.test_request_context():
        venue.start_clock(tournament_of(pid), 30)
        t = tournament_of(pid)
        play_round(t)
        services.next_round(t)
        assert venue.clock(tournament_of(pid)) is None


def test_check_in_marks_entries_and_counts_the_tables_needed(
    app: Flask, client: FlaskClient
) -> None:
    """Helpers mark entries there and paid with one tap each (a script gets the counts in
    JSON); paid marks there too; the tables needed follow those there; a viewer may not."""
    with app.test_request_context():
        organiser = user("organiser")
        t = drawn(organiser, EIGHT_PAIRS + "Ugo (Bar Sport)\nVera\nZeno", 7, entry_fee_cents=1000)
        pid = t.public_id
        ids = [entry.id for entry in services.entries(t)]
    as_user(client, "organiser")
    url = f"/tournaments/{pid}/checkin"
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert html.count('aria-pressed="false"') == 2 * 11
    assert 'id="door-tables">0<' in html
    for entry_id in ids[:5]:
        answer = post_form(client, url, f"{url}/{entry_id}", mark="present", value="1")
        assert answer.status_code == 302
    answer = client.post(
        f"{url}/{ids[8]}",
        data={"csrf_token": csrf_token(client, url), "mark": "paid", "value": "1"},
        headers={**EN, "Accept": "application/json"},
    )
    assert answer.status_code == 200
    data = answer.get_json()
    assert data["present"] is True
    assert data["paid"] is True
    assert 'id="door-present">6 / 11<' in data["summary"]
    assert 'id="door-paid">1<' in data["summary"]
    assert "10,00" in data["summary"] or "10.00" in data["summary"]
    html = client.get(url, headers=EN).get_data(as_text=True)
    # Five pairs and one single there: five sides, two tables and a bye; a single alone.
    assert 'id="door-tables">2<' in html
    assert "1 side without a table: a bye." in html
    assert "One single has no partner yet." in html
    bad = post_form(client, url, f"{url}/{ids[0]}", mark="seed", value="1")
    assert bad.status_code == 400
    assert post_form(client, url, f"{url}/999999", mark="present", value="1").status_code == 404
    with app.app_context():
        viewer = user("viewer")
        services.set_member(tournament_of(pid), viewer, Role.VIEWER)
    as_user(client, "viewer")
    assert client.get(url).status_code == 403


def test_a_late_entry_joins_the_next_swiss_round(app: Flask, client: FlaskClient) -> None:
    """Swiss of four pairs over three rounds: during round 1 the organiser adds a late
    pair at the door; it has no points, is marked there, and round 2 pairs it (five
    sides: two tables and a bye). A knockout refuses a late entry, so does a single in a
    pairs tournament, next to the field."""
    with app.test_request_context():
        t = drawn(user("organiser"), FOUR_PAIRS, 3, Structure.SWISS, rounds=3)
        services.start(t)
        pid = t.public_id
    as_user(client, "organiser")
    url = f"/tournaments/{pid}/checkin"
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert 'id="late-entry"' in html
    single = post_form(client, url, f"/tournaments/{pid}/late-entry", entries="Solo")
    assert single.status_code == 422
    assert "type both names of a late pair" in single.get_data(as_text=True)
    added = post_form(client, url, f"/tournaments/{pid}/late-entry", entries="Lia & Max (Bar)")
    assert added.status_code == 302
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert "Late entries added: 1. They play from the next round." in html
    assert "Lia and Max" in html or "Lia e Max" in html
    with app.test_request_context():
        t = tournament_of(pid)
        late = next(e for e in services.entrants(t) if e.first_name == "Lia")
        assert late.number == 5
        assert venue.late_entrants(t) == {late.id: 2}
        standings = services.standings(t, stage=t.stages[0])
        assert any(row.entrant == 5 and row.points == 0 for row in standings)
        play_round(t)
        services.next_round(t)
        (_s1, _r1), (_s2, second) = services.rounds(t)
        sides = {side for m in services.matches(second) for side in m.side_ids}
        assert late.id in sides
        assert len(sides) == 5
        knockout = drawn(user("other"), FOUR_PAIRS, 3)
        services.start(knockout)
        assert not venue.late_entry_open(knockout)
        other_pid = knockout.public_id
    as_user(client, "other")
    other = f"/tournaments/{other_pid}/checkin"
    refused = post_form(client, other, f"/tournaments/{other_pid}/late-entry", entries="A & B")
    assert refused.status_code == 422
    assert "joins the next Swiss round" in refused.get_data(as_text=True)


def test_the_evenings_draw_prints_the_groups_tables_and_who_plays_where(
    app: Flask, client: FlaskClient
) -> None:
    pid = started_in(app, is_public=True)
    html = client.get(f"/tournaments/{pid}/print/draw", headers=EN).get_data(as_text=True)
    assert "Group A" in html
    assert "Who plays where" in html
    assert html.count('class="table-number"') == 4
    names = re.findall(r"<li><span>([^<]+)</span> <strong>Table \d</strong></li>", html)
    assert len(names) == 16
    assert names == sorted(names, key=str.casefold)


def test_the_prize_list_by_place_and_as_a_split_of_the_fees(
    app: Flask, client: FlaskClient
) -> None:
    """By place: amounts and words, on the standings and the screen; a split: a share of
    the fees collected (every entry while none is marked paid, then those paid), rounded
    down to the euro, the rest kept; refused over 100 %; shown on the printed podium."""
    pid = started_in(app, is_public=True, entry_fee_cents=1000)
    as_user(client, "organiser")
    url = f"/tournaments/{pid}/prizes"
    assert client.get(url, headers=EN).status_code == 200
    saved = post_form(
        client,
        url,
        url,
        mode="places",
        **{"rows-0-amount": "50", "rows-1-amount": "30,50", "rows-2-what": "Un prosciutto"},
    )
    assert saved.status_code == 302
    standings = client.get(f"/tournaments/{pid}", headers=EN).get_data(as_text=True)
    assert 'id="prize-list"' in standings
    assert "Un prosciutto" in standings
    assert "30.50" in standings or "30,50" in standings
    screen = client.get(f"/tournaments/{pid}/screen", headers=EN).get_data(as_text=True)
    assert 'data-slide="prizes"' in screen
    over = post_form(
        client, url, url, mode="split", **{"rows-0-percent": "60", "rows-1-percent": "50"}
    )
    assert over.status_code == 422
    assert "more than 100" in over.get_data(as_text=True)
    split = post_form(
        client,
        url,
        url,
        mode="split",
        **{"rows-0-percent": "50", "rows-1-percent": "30", "rows-2-percent": "15"},
    )
    assert split.status_code == 302
    with app.app_context():
        prizes = venue.prize_list(tournament_of(pid))
        assert prizes.pot_cents == 8000
        assert [line.amount_cents for line in prizes.lines] == [4000, 2400, 1200]
        assert prizes.kept_cents == 400
        entry = db.session.scalars(
            db.select(Entry).where(Entry.tournament_id == tournament_of(pid).id)
        ).first()
        assert entry is not None
        venue.check_in(entry, paid=True)
        assert venue.prize_list(tournament_of(pid)).pot_cents == 1000
    with app.test_request_context():
        t = tournament_of(pid)
        for _ in range(6):
            if t.status == "finished":
                break
            play_round(t)
            if services.rounds(t)[-1][0].kind != "knockout":
                services.next_round(t)
            t = tournament_of(pid)
        assert t.status == "finished"
    printed = client.get(f"/tournaments/{pid}/print/standings", headers=EN)
    html = printed.get_data(as_text=True)
    # One entry paid: a pot of 10 euros, 5, 3 and 1 (15 % rounded down to the euro). Two
    # thirds (no match for third place) share the third's prize and the fourth's (none).
    assert html.count('class="podium-prize"') == 4
    assert html.count("€0.50") == 2
    screen = client.get(f"/tournaments/{pid}/screen", headers=EN).get_data(as_text=True)
    assert slides_of(screen)[0] == "podium"
    assert screen.count('class="podium-prize"') == 4
    assert post_form(client, url, url, mode="none").status_code == 302
    with app.app_context():
        assert venue.prize_list(tournament_of(pid)).mode is PrizeMode.NONE


def test_venue_pages_answer_each_role_as_they_should(app: Flask, client: FlaskClient) -> None:
    """Organiser only: the venue page, its actions, the prizes; helpers: check-in;
    anyone who reads: the draw to print. Logged out: to the login page."""
    pid = started_in(app)
    logout(client)
    for path in ("venue", "checkin", "prizes", "print/draw"):
        assert client.get(f"/tournaments/{pid}/{path}").status_code == 302
    as_user(client, "organiser")
    for path in ("venue", "checkin", "prizes", "print/draw"):
        assert client.get(f"/tournaments/{pid}/{path}", headers=EN).status_code == 200
    # A clock only runs once a tournament is: refused before the start.
    with app.test_request_context():
        t = drawn(user("early"), FOUR_PAIRS, 3)
        early = t.public_id
    as_user(client, "early")
    page = f"/tournaments/{early}/venue"
    html = client.get(page, headers=EN).get_data(as_text=True)
    assert "start the tournament first" in html
    refused = post_form(client, page, f"{page}/clock", minutes="30")
    assert refused.status_code in (302, 422)
    with app.app_context():
        assert venue.clock(tournament_of(early)) is None


def test_every_field_of_every_venue_form_takes_hostile_values_without_a_5xx(
    app: Flask, client: FlaskClient
) -> None:
    """Each field of each form on the venue's pages (a running Swiss stage: the clock,
    check-in, a late entry, the prizes), one at a time, set to a number no database
    holds, a NUL byte or 10,000 characters: refused or accepted, never a server error."""
    with app.test_request_context():
        t = drawn(user("organiser"), FOUR_PAIRS, 3, Structure.SWISS, rounds=3)
        services.start(t)
        venue.start_clock(t, 30)
        venue.new_screen_token(t)
        pid = t.public_id
    as_user(client, "organiser")
    failures = []
    seen: set[tuple[str, tuple[str, ...]]] = set()
    for path in ("venue", "checkin", "prizes"):
        for action, form in page_forms(client, f"/tournaments/{pid}/{path}"):
            key = (action, tuple(sorted(form.data)))
            if form.method != "POST" or key in seen or "screen-link" in action:
                continue
            seen.add(key)
            for name in form.data:
                for value in HOSTILE:
                    status = client.post(action, data={**form.data, name: value}).status_code
                    if status >= 500:
                        failures.append((action, name, value[:20], status))
    assert len(seen) >= 7  # cycle, clock, pause, move, stop, a mark, late entry, prizes
    assert failures == []
