"""Two clear points ("ai 15 con 2 di scarto", issue 29) through the app: the new game's
setting, stored, on the board's rules line and in its status, a league's rules and its
file (older files read with no margin), the API's optional field, and a tournament whose
matches' games start with its margin and each round's target."""

from __future__ import annotations

import copy
import html as html_text
import json
import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.games.models import Game
from scorekeeper.leagues import services as leagues
from scorekeeper.leagues import transfer
from scorekeeper.leagues.inputs import LeagueSetup
from scorekeeper.leagues.models import League
from scorekeeper.scoring import DECK, FORMATS, Rules
from scorekeeper.tournaments import pages, services
from scorekeeper.tournaments.inputs import StageSetup
from scorekeeper.tournaments.models import Structure, Tournament
from tests.helpers import EN, IT
from tests.helpers.actions import create_league, login, post_form, signup
from tests.helpers.games import record, rules_line, start_game, totals
from tests.helpers.leagues import start_league_game, upload_league_file
from tests.helpers.tournaments import (
    EIGHT_PAIRS,
    PASSWORD,
    create,
    drawn,
    play_round,
    sweep,
    tournament,
    tournament_of,
    user,
)

#: Hands of a game to 15 with two clear points, as typed on the board's form: 8-7, then
#: 7-7 (15-14: one point ahead, play goes on), then settebello and primiera to A with
#: carte 20-20 and denari 5-5 (nobody): 17-14, won.
EIGHT_SEVEN = {"sides-0-cards": "22", "sides-0-denari": "6", "settebello": "0"}
EIGHT_SEVEN |= {"primiera": "0", "sides-0-scope": "4", "sides-1-scope": "7"}
SEVEN_SEVEN = EIGHT_SEVEN | {"sides-0-scope": "3"}
TWO_NIL = {"sides-0-cards": "20", "sides-0-denari": "5", "settebello": "0", "primiera": "0"}


def status(html: str) -> str:
    match = re.search(r'<p class="status[^"]*" id="game-status" role="status">(.*?)</p>', html)
    return html_text.unescape(match.group(1)) if match else ""


def last_game(app: Flask) -> Game:
    with app.app_context():
        game = db.session.scalars(select(Game).order_by(Game.id.desc())).first()
        assert game is not None
        db.session.expunge(game)
        return game


def test_the_new_game_form_offers_two_clear_points_off(client: FlaskClient) -> None:
    html = client.get("/games/new", headers=EN).get_data(as_text=True)
    assert re.search(
        r'<input [^>]*id="two_clear" name="two_clear" type="checkbox" value="y">', html
    )
    assert "With 2 clear points" in html
    italian = client.get("/games/new", headers=IT).get_data(as_text=True)
    assert "Con 2 punti di scarto" in italian
    assert "sul 15 a 14 si continua" in italian


def test_a_game_without_the_setting_has_no_margin(app: Flask, client: FlaskClient) -> None:
    url = start_game(client, target="15")
    assert last_game(app).rules.margin == 1
    assert last_game(app).margin == 1
    assert rules_line(client.get(url, headers=EN).get_data(as_text=True)) == "Scopa · to 15"
    for hand in (EIGHT_SEVEN, SEVEN_SEVEN):
        assert record(client, url, **hand).status_code == 302
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert totals(html) == [15, 14]
    assert last_game(app).winner_side == 0  # 15-14 ends it, as ever


def test_two_clear_points_play_on_at_fifteen_to_fourteen(app: Flask, client: FlaskClient) -> None:
    url = start_game(client, target="15", two_clear="y")
    game = last_game(app)
    assert (game.margin, game.rules.margin, game.target) == (2, 2, 15)
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert rules_line(html) == "Scopa · to 15 · with 2 clear points"
    italian = client.get(url, headers=IT).get_data(as_text=True)
    assert rules_line(italian) == "Scopa · ai 15 · con 2 punti di scarto"
    for hand in (EIGHT_SEVEN, SEVEN_SEVEN):
        assert record(client, url, **hand).status_code == 302
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert totals(html) == [15, 14]
    assert status(html) == "Play goes on: a lead of 2 points is needed."
    italian = client.get(url, headers=IT).get_data(as_text=True)
    assert status(italian) == "Si continua: serve un vantaggio di 2 punti."
    assert last_game(app).winner_side is None
    assert record(client, url, **TWO_NIL).status_code == 302
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert totals(html) == [17, 14]
    assert status(html) == "Winner: Anna"
    assert last_game(app).winner_side == 0


def test_the_table_view_says_the_lead_needed(client: FlaskClient) -> None:
    url = start_game(client, target="15", two_clear="y")
    for hand in (EIGHT_SEVEN, SEVEN_SEVEN):
        record(client, url, **hand)
    html = client.get(f"{url}/table", headers=IT).get_data(as_text=True)
    assert "Mano 3 · serve un vantaggio di 2 punti" in html_text.unescape(html)


def test_the_phone_gets_the_margin_only_when_there_is_one(client: FlaskClient) -> None:
    def sent(url: str) -> dict[str, object]:
        html = client.get(url, headers=IT).get_data(as_text=True)
        found = re.search(r'<script type="application/json" id="game-data">(.*?)</script>', html)
        assert found
        data: dict[str, object] = json.loads(html_text.unescape(found.group(1)))
        return data

    plain = sent(start_game(client))
    assert "margin" not in plain["rules"]  # type: ignore[operator]
    assert "margin_note" not in plain
    clear = sent(start_game(client, two_clear="y"))
    assert clear["rules"]["margin"] == 2  # type: ignore[index]
    assert clear["margin_note"] == "Si continua: serve un vantaggio di 2 punti (non confermato)."


def test_a_league_keeps_the_margin_for_its_games_and_its_file(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "owner")
    public_id = create_league(client, "Circolo", target="15", two_clear="y")
    edit = client.get(f"/leagues/{public_id}/settings", headers=EN).get_data(as_text=True)
    assert re.search(r'<input [^>]*checked[^>]*name="two_clear"', edit)
    board = start_league_game(client, public_id, "Anna", "Bruno")
    assert last_game(app).rules.margin == 2
    assert "with 2 clear points" in client.get(board, headers=EN).get_data(as_text=True)
    with app.app_context():
        league = db.session.scalars(select(League).where(League.public_id == public_id)).one()
        assert league.rules.margin == 2
        data = transfer.export_league(league)
    assert data["league"]["margin"] == 2
    (game,) = data["games"]
    assert game["margin"] == 2
    data["league"]["name"] = "Copia"
    assert upload_league_file(client, json.dumps(data).encode(), EN)[0] == 200
    with app.app_context():
        copy = db.session.scalars(select(League).where(League.name == "Copia")).one()
        assert copy.rules.margin == 2
        assert transfer.export_league(copy) == data
    # A file written before margins (no margin key) reads with none.
    older = json.loads(json.dumps(data))
    for spec in (older["league"], *older["games"]):
        del spec["margin"]
    older["league"]["name"] = "Vecchio"
    assert upload_league_file(client, json.dumps(older).encode(), EN)[0] == 200
    with app.app_context():
        old = db.session.scalars(select(League).where(League.name == "Vecchio")).one()
        assert old.rules.margin == 1
        imported = db.session.scalars(select(Game).where(Game.league_id == old.id)).one()
        assert imported.rules.margin == 1
        assert "margin" not in transfer.export_league(old)["league"]


def test_a_league_file_with_a_wrong_margin_is_refused(app: Flask, client: FlaskClient) -> None:
    signup(client, "owner")
    public_id = create_league(client, "Circolo")
    with app.app_context():
        league = db.session.scalars(select(League).where(League.public_id == public_id)).one()
        data = transfer.export_league(league)
    data["league"] |= {"name": "Rotto", "margin": 0}
    status_code, text = upload_league_file(client, json.dumps(data).encode(), EN)
    assert status_code == 422
    assert "margin" in text


def test_the_api_accepts_a_margin_and_refuses_a_wrong_one(client: FlaskClient) -> None:
    cards = [card.code for card in DECK]
    body: dict[str, object] = {"sides": [{"cards": cards[:20]}, {"cards": cards[20:]}]}
    plain = client.post("/api/v1/score", json=body, headers=EN).get_json()
    with_margin = client.post("/api/v1/score", json=body | {"rules": {"margin": 2}}, headers=EN)
    assert with_margin.status_code == 200
    assert with_margin.get_json()["sides"] == plain["sides"]
    for wrong in (0, 10, True, "2"):
        refused = client.post("/api/v1/score", json=body | {"rules": {"margin": wrong}})
        assert refused.status_code == 422
        assert refused.get_json()["errors"][0]["field"] == "rules.margin"


def test_a_tournament_s_games_start_with_its_margin_and_each_round_s_target(app: Flask) -> None:
    with app.test_request_context():
        t = drawn(
            user("organiser"),
            EIGHT_PAIRS,
            3,
            stages=(
                StageSetup(
                    1, 11, 1, 21, semifinal_target=15, quarterfinal_target=13, third_place_target=9
                ),
            ),
            margin=2,
            third_place=True,
        )
        assert (t.margin, t.rules.margin) == (2, 2)
        services.start(t)
        played = []
        for _ in range(3):
            _, current = services.rounds(t)[-1]
            played.append(
                sorted(
                    (g.target, g.rules.margin)
                    for m in services.matches(current)
                    for g in services.match_games(m)
                )
            )
            play_round(t)
        assert played == [[(13, 2)] * 4, [(15, 2)] * 2, [(9, 2), (21, 2)]]
        notes = pages.format_notes(t)
        assert "Quarti di finale a 13 punti." in notes
        assert "Finale per il terzo posto a 9 punti." in notes


def test_a_tournament_match_s_board_wants_two_clear_points(app: Flask) -> None:
    with app.test_request_context():
        organiser = user("organiser")
        t = drawn(organiser, "A & B\nC & D", 3, stages=(StageSetup(1, 15),), margin=2)
        services.start(t)
        _, first = services.rounds(t)[-1]
        (match,) = services.matches(first)
        (game,) = services.match_games(match)
        # 8-0, 8-7, 8-14, 15-14: one ahead at the target, the partita goes on.
        for number, (side, scope) in enumerate(((0, 4), (1, 3), (1, 3), (0, 3)), start=1):
            games.record_hand(game, number, f"margin-{number}", sweep(side, scope))
            db.session.refresh(game)
        state = games.stored_state(game)
        assert state.totals == (15, 14)
        assert state.short_of_margin
        assert game.winner_side is None
        assert services.result_of(match) is None
        games.record_hand(game, 5, "margin-5", sweep(0, 0))  # 19-14
        db.session.refresh(game)
        assert game.winner_side == 0
        result = services.result_of(match)
        assert result is not None
        assert result.points == (19, 14)


def test_a_tournament_without_a_margin_plays_its_games_without_one(app: Flask) -> None:
    with app.test_request_context():
        t = drawn(user("organiser"), "A & B\nC & D", 3, stages=(StageSetup(1, 15),))
        assert t.rules.margin == 1
        services.start(t)
        _, first = services.rounds(t)[-1]
        (match,) = services.matches(first)
        (game,) = services.match_games(match)
        assert game.rules == Rules(t.rules.format, target=15)


def test_a_league_file_carries_a_tournament_s_margin_and_round_targets(app: Flask) -> None:
    with app.test_request_context():
        owner = user("owner")
        league = leagues.create_league(owner, LeagueSetup("Circolo", False, Rules(FORMATS["2x2"])))
        knockout = StageSetup(1, 11, 1, 21, semifinal_target=15, quarterfinal_target=13)
        t = tournament(owner, Structure.KNOCKOUT, (knockout,), league_id=league.id, margin=2)
        services.add_entries(t, EIGHT_PAIRS)
        data = transfer.export_league(league)
        (part,) = data["tournaments"]
        assert part["rules"]["margin"] == 2
        (stage,) = part["stages"]
        assert (stage["quarterfinal_target"], stage["semifinal_target"]) == (13, 15)
        assert "third_place_target" not in stage  # not set: left out
        copied = transfer.import_league(copy.deepcopy(data), user("other"))
        assert transfer.export_league(copied) == data
        (again,) = db.session.scalars(select(Tournament).where(Tournament.league_id == copied.id))
        assert (again.rules.margin, again.stages[0].quarterfinal_target) == (2, 13)
        # A file written before them: no margin, no targets per round.
        older = copy.deepcopy(data)
        older["league"]["name"] = "Vecchio"
        (old_part,) = older["tournaments"]
        del old_part["rules"]["margin"]
        for key in ("quarterfinal_target", "semifinal_target"):
            del old_part["stages"][0][key]
        imported = transfer.import_league(older, user("third"))
        (old,) = db.session.scalars(select(Tournament).where(Tournament.league_id == imported.id))
        assert old.rules.margin == 1
        assert (old.stages[0].quarterfinal_target, old.stages[0].semifinal_target) == (None, None)


def test_a_tournament_s_house_rules_show_and_change_the_margin(
    app: Flask, client: FlaskClient
) -> None:
    with app.test_request_context():
        t = drawn(user("organiser"), EIGHT_PAIRS, seed=3, margin=2)
        public_id = t.public_id
        db.session.commit()
    login(client, "organiser", PASSWORD)
    url = f"/tournaments/{public_id}/rules"
    page = client.get(url, headers=EN).get_data(as_text=True)
    assert re.search(r'<input [^>]*checked[^>]*name="two_clear"', page)
    assert "with 2 clear points" in html_text.unescape(page)
    assert post_form(client, url, url, rule_set="scopa", two_clear="y").status_code == 302
    with app.test_request_context():
        assert tournament_of(public_id).rules.margin == 2
    assert post_form(client, url, url, rule_set="scopa").status_code == 302
    with app.test_request_context():
        t = tournament_of(public_id)
        assert (t.margin, t.rules.margin) == (1, 1)
        services.start(t)
        (game, *_) = services.match_games(services.matches(services.rounds(t)[-1][1])[0])
        assert game.rules.margin == 1


def test_the_tournament_form_sets_each_round_s_target_and_two_clear_points(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "organiser")
    form = client.get("/tournaments/new", headers=IT).get_data(as_text=True)
    assert "Punti da raggiungere (quarti di finale)" in form
    assert "Punti da raggiungere (finale per il terzo posto)" in form
    pid = create(
        client,
        structure="knockout",
        two_clear="y",
        quarterfinal_target="13",
        semifinal_target="15",
        third_place_target="9",
        third_place="y",
    )
    with app.app_context():
        t = tournament_of(pid)
        (stage,) = t.stages
        assert (stage.quarterfinal_target, stage.semifinal_target, stage.third_place_target) == (
            13,
            15,
            9,
        )
        assert (t.margin, t.rules.margin) == (2, 2)
    html = html_text.unescape(client.get(f"/tournaments/{pid}", headers=EN).get_data(as_text=True))
    assert "Quarterfinals to 13." in html
    assert "Third-place match to 9." in html
    assert "won by two clear points" in html
    assert "with 2 clear points" in client.get(f"/tournaments/{pid}/rules", headers=EN).get_data(
        as_text=True
    )
