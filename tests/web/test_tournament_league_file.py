"""A league's file carries its tournaments: exported with the league (entrants, stages,
rounds, matches with their games, results, the draw's seed), imported into a new league
with the same matches and standings; a bad tournament part is refused with where and
why before anything is written, and nothing is left of a refused import."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.leagues import services as leagues
from scorekeeper.leagues import standings
from scorekeeper.leagues import transfer as league_transfer
from scorekeeper.leagues.inputs import LeagueSetup
from scorekeeper.leagues.models import League
from scorekeeper.scoring import FORMATS, Rules
from scorekeeper.tournaments import services, transfer
from scorekeeper.tournaments.models import Status, Structure, Tournament
from tests.helpers.tournaments import (
    EIGHT_PAIRS,
    GROUPS_THEN_FINAL,
    drawn,
    play_match,
    play_round,
    three_drawn,
    user,
)


def _played_league() -> League:
    """The league "Bar Sport" of "owner" with a tournament of eight pairs (groups, then a
    knockout with a best-of-3 final) played to its winner: the first match of the groups
    entered by hand (the second side wins, 11 to 9), every other one played on its games
    (the lower entrant number wins)."""
    owner = user("owner")
    league = leagues.create_league(owner, LeagueSetup("Bar Sport", False, Rules(FORMATS["2x2"])))
    t = drawn(
        owner,
        EIGHT_PAIRS,
        7,
        Structure.GROUPS_KNOCKOUT,
        GROUPS_THEN_FINAL,
        group_size=4,
        qualifiers=2,
        league_id=league.id,
    )
    services.start(t)
    by_hand = True
    while t.status != Status.FINISHED.value:
        for _stage, round_ in services.rounds(t):
            for match in services.matches(round_):
                if match.is_bye or services.result_of(match) is not None:
                    continue
                if by_hand:
                    services.enter_result(match, (0, 1), (9, 11), owner)
                    by_hand = False
                else:
                    first, second = match.first.number, match.second.number  # type: ignore[union-attr]
                    play_match(match, 0 if first < second else 1)
        db.session.refresh(t)
        if t.status != Status.FINISHED.value and services.bracket(t) is None:
            services.next_round(t)
            db.session.refresh(t)
    db.session.commit()
    return league


def _tournament_export(league: League) -> dict[str, Any]:
    """The league's one tournament's own export, without the league's address."""
    (t,) = db.session.scalars(select(Tournament).where(Tournament.league_id == league.id))
    data = transfer.export_data(t)
    data["tournament"].pop("league")
    return data


def _lines(league: League) -> list[tuple[str, int, int, int, int, int]]:
    return [
        (line.name, line.games, line.won, line.points_for, line.points_against, line.rating)
        for line in standings.standings(league.id)
    ]


@pytest.fixture
def league_file(app: Flask) -> dict[str, Any]:
    """The export of `_played_league`."""
    with app.app_context():
        return league_transfer.export_league(_played_league())


def test_a_league_with_a_tournament_goes_out_and_comes_back_the_same(
    app: Flask, runner: FlaskCliRunner, league_file: dict[str, Any]
) -> None:
    """The file holds the tournament; imported by another user it makes a new league whose
    export is the file again, whose tournament has the same entrants, matches, results,
    seed, standings and winner (the hand-entered result too), organised by the importer,
    and whose league standings and ratings are the first league's (a rebuild of it
    changes nothing)."""
    (part,) = league_file["tournaments"]
    assert part["seed"] == 7
    hand = [m["result"] for r in part["rounds"] for m in r["matches"] if m["result"]["by_hand"]]
    assert hand == [
        {"wins": [0, 1], "points": [9, 11], "winner": hand[0]["winner"], "by_hand": True}
    ]
    with app.app_context():
        first = db.session.scalars(select(League)).one()
        expected, lines = _tournament_export(first), _lines(first)
        assert expected["winner"] is not None
        other = user("other")
        copied = league_transfer.import_league(copy.deepcopy(league_file), other)
        assert league_transfer.export_league(copied) == league_file
        assert _tournament_export(copied) == expected
        (t,) = db.session.scalars(select(Tournament).where(Tournament.league_id == copied.id))
        assert t.organiser_id == other.id
        assert services.tournaments_of(other)[0][0].id == t.id
        assert _lines(copied) == lines
        public_id = copied.public_id
    result = runner.invoke(args=["leagues", "rebuild", "--", public_id])  # an id may start with "-"
    assert result.exit_code == 0, result.output
    assert "nothing changed" in result.output


def _at(path: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The object at ``path`` (keys and indexes by dots) of the file's first tournament."""

    def find(data: dict[str, Any]) -> dict[str, Any]:
        here: Any = data["tournaments"][0]
        for step in filter(None, path.split(".")):
            here = here[int(step)] if step.isdigit() else here[step]
        return here  # type: ignore[no-any-return]

    return find


def _first_played(data: dict[str, Any]) -> dict[str, Any]:
    (match,) = [
        m
        for r in data["tournaments"][0]["rounds"]
        for m in r["matches"][:1]
        if m["second"] is not None
    ][:1]
    return match  # type: ignore[no-any-return]


BAD: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("unknown key", lambda d: _at("")(d).update(prize="ham"), "tournaments[0].prize"),
    ("structure", lambda d: _at("")(d).update(structure="ladder"), "tournaments[0].structure"),
    ("stages", lambda d: _at("stages")(d).pop(), "tournaments[0].stages"),
    (
        "entrant",
        lambda d: _at("rounds.0.matches.0")(d).update(first=999),
        "tournaments[0].rounds[0].matches[0].first",
    ),
    (
        "game index",
        lambda d: _at("rounds.0.matches.0")(d).update(games=[10**6]),
        "tournaments[0].rounds[0].matches[0].games[0]",
    ),
    (
        "game twice",
        lambda d: _at("rounds.0.matches.1")(d).update(games=_at("rounds.0.matches.0")(d)["games"]),
        "tournaments[0].rounds[0].matches[1].games[0]",
    ),
    (
        "winner",
        lambda d: _at("rounds.0.matches.0.result")(d).update(
            winner=_at("rounds.0.matches.0")(d)["first"]
        ),
        "tournaments[0].rounds[0].matches[0].result.winner",
    ),
    (
        "not over",
        lambda d: _at("rounds.0.matches.0.result")(d).update(wins=[0, 0]),
        "tournaments[0].rounds[0].matches[0].result.wins",
    ),
    (
        "as many qualifiers as a group holds",
        lambda d: _at("stages.0")(d).update(qualifiers=4),
        "tournaments[0].stages[0].qualifiers",
    ),
    (
        "groups of two",
        lambda d: _at("stages.0")(d).update(group_size=2),
        "tournaments[0].stages[0].group_size",
    ),
    (
        "groups with no qualifiers",
        lambda d: _at("stages.0")(d).update(qualifiers=None),
        "tournaments[0].stages[0].qualifiers",
    ),
    (
        "rounds for groups",
        lambda d: _at("stages.0")(d).update(rounds=3),
        "tournaments[0].stages[0].rounds",
    ),
    (
        "groups in the knockout",
        lambda d: _at("stages.1")(d).update(group_size=4, qualifiers=2),
        "tournaments[0].stages[1].group_size",
    ),
    ("seed", lambda d: _at("")(d).update(seed="seven"), "tournaments[0].seed"),
    ("not a list", lambda d: d.update(tournaments={"name": "x"}), "tournaments"),
]


def _counts() -> tuple[int, int, int]:
    return (
        db.session.scalar(select(func.count()).select_from(League)) or 0,
        db.session.scalar(select(func.count()).select_from(Tournament)) or 0,
        db.session.scalar(select(func.count()).select_from(Game)) or 0,
    )


def _refused(app: Flask, data: dict[str, Any]) -> league_transfer.ImportRefused:
    """The refusal of importing ``data``, once it is seen that nothing of it was stored."""
    with app.app_context():
        before = _counts()
        with pytest.raises(league_transfer.ImportRefused) as refused:
            league_transfer.import_league(data, user("other"))
        db.session.rollback()
        assert _counts() == before
    return refused.value


@pytest.mark.parametrize(("what", "spoil", "where"), BAD, ids=[case[0] for case in BAD])
def test_a_bad_tournament_part_is_refused_with_where_and_nothing_is_stored(
    app: Flask,
    league_file: dict[str, Any],
    what: str,
    spoil: Callable[[dict[str, Any]], None],
    where: str,
) -> None:
    data = copy.deepcopy(league_file)
    spoil(data)
    refused = _refused(app, data)
    assert refused.where == where, (what, refused)


def test_a_refusal_in_the_last_transaction_leaves_nothing_of_the_league(
    app: Flask, league_file: dict[str, Any]
) -> None:
    """A match whose partita is a one-against-one game of the file is refused only once the
    games are stored: the league they were stored in goes, with no tournament left."""
    data = copy.deepcopy(league_file)
    single = copy.deepcopy(data["games"][0])
    single.update(format="2", seats=single["seats"][:2], hands=[], first_dealer=0)
    data["games"].append(single)
    match = _first_played(data)
    match["games"] = [len(data["games"]) - 1]
    with app.app_context():
        before = _counts()
        with pytest.raises(league_transfer.ImportRefused) as refused:
            league_transfer.import_league(data, user("other"))
        assert refused.value.where.endswith(".games[0]"), refused.value
        db.session.rollback()
        assert _counts() == before


def test_a_tournament_still_taking_entries_goes_out_and_comes_back_the_same(
    app: Flask,
) -> None:
    """A Swiss tournament not drawn yet (no seed, no entrants), one entry withdrawn and
    one seeded, and a league with no games: the file carries it, and the league imported
    from it exports the same file."""
    from tests.helpers.tournaments import tournament

    with app.test_request_context():
        owner = user("owner")
        league = leagues.create_league(owner, LeagueSetup("Circolo", True, Rules(FORMATS["2x2"])))
        t = tournament(
            owner,
            Structure.SWISS,
            (GROUPS_THEN_FINAL[0],),
            rounds=3,
            league_id=league.id,
            entry_fee_cents=550,
            is_public=True,
        )
        entries = services.add_entries(t, "Anna & Bruno (Aurora)\nCarla & Dario\nElena & Fabio")
        services.set_entry(entries[0], seed=1)
        services.set_entry(entries[2], withdrawn=True)
        data = league_transfer.export_league(league)
        (part,) = data["tournaments"]
        assert (part["seed"], part["status"], part["entrants"], part["rounds"]) == (
            None,
            "setup",
            [],
            [],
        )
        assert [(e["names"], e["club"], e["seed"], e["withdrawn"]) for e in part["entries"]] == [
            (["Anna", "Bruno"], "Aurora", 1, False),
            (["Carla", "Dario"], "", None, False),
            (["Elena", "Fabio"], "", None, True),
        ]
        copied = league_transfer.import_league(copy.deepcopy(data), user("other"))
        assert league_transfer.export_league(copied) == data


def _refused_on_the_page(
    app: Flask, client: FlaskClient, data: dict[str, Any], where: str, english: str, italian: str
) -> None:
    """``data`` uploaded through the import page is refused at ``where``, why said in
    English and in Italian, and nothing is imported."""
    import json

    from tests.helpers import EN, IT
    from tests.helpers.actions import signup
    from tests.helpers.leagues import upload_league_file

    signup(client, "importer")
    body = json.dumps(data).encode()
    with app.app_context():
        before = _counts()
    status, page = upload_league_file(client, body, EN)
    assert status == 422
    assert f"Nothing was imported. {where}: {english}" in page
    status, page = upload_league_file(client, body, IT)
    assert status == 422
    assert f"Non è stato importato nulla. {where}: {italian}" in page
    with app.app_context():
        assert _counts() == before


def test_the_import_page_says_what_is_wrong_with_a_tournament_in_the_users_language(
    app: Flask, client: FlaskClient, league_file: dict[str, Any]
) -> None:
    """Through the import page: a match naming no entrant of the draw is refused, where and
    why in English and in Italian, and nothing is imported."""
    data = copy.deepcopy(league_file)
    _at("rounds.0.matches.0")(data).update(first=999)
    _refused_on_the_page(
        app,
        client,
        data,
        "tournaments[0].rounds[0].matches[0].first",
        "not an entrant of this tournament",
        "non è un iscritto di questo torneo",
    )


# The 3-player format: three sides at a table, byes ---------------------------------------


def _played_three_league() -> League:
    """The league "Tavolo a tre" of "owner" (games of three) with a round-robin of seven
    players at tables of three, played to its winner: the first table entered by hand
    (the third side wins, 11 to 5 and 8), every other one played on its game (the lowest
    entrant number at the table wins)."""
    owner = user("owner")
    league = leagues.create_league(owner, LeagueSetup("Tavolo a tre", False, Rules(FORMATS["3"])))
    t = three_drawn(owner, 7, 3, league_id=league.id)
    services.start(t)
    (first, *_) = services.matches(services.rounds(t)[0][1])
    services.enter_result(first, (0, 0, 1), (5, 8, 11), owner)
    while True:
        play_round(t)
        db.session.refresh(t)
        if t.status == Status.FINISHED.value:
            break
        services.next_round(t)
    db.session.commit()
    return league


@pytest.fixture
def three_file(app: Flask) -> dict[str, Any]:
    """The export of `_played_three_league`."""
    with app.app_context():
        return league_transfer.export_league(_played_three_league())


def test_a_league_with_a_tournament_of_three_goes_out_and_comes_back_the_same(
    app: Flask, three_file: dict[str, Any]
) -> None:
    """Every table of the file has its third side, and three wins and points in its
    result (a bye none); imported, the new league's file is the same and its tournament
    has the same matches, results (the hand-entered one too), standings and winner."""
    (part,) = three_file["tournaments"]
    matches = [m for r in part["rounds"] for m in r["matches"]]
    tables = [m for m in matches if m["second"] is not None]
    byes = [m for m in matches if m["second"] is None]
    assert tables
    assert byes
    assert all(len({m["first"], m["second"], m["third"]}) == 3 for m in tables)
    assert all(len(m["result"]["wins"]) == len(m["result"]["points"]) == 3 for m in tables)
    assert all("third" not in m and len(m["result"]["wins"]) == 2 for m in byes)
    (hand,) = [m for m in tables if m["result"]["by_hand"]]
    assert hand["result"] == {
        "wins": [0, 0, 1],
        "points": [5, 8, 11],
        "winner": hand["third"],
        "by_hand": True,
    }
    with app.app_context():
        first = db.session.scalars(select(League)).one()
        expected, lines = _tournament_export(first), _lines(first)
        assert expected["winner"] is not None
        assert expected["standings"][0]["rows"][0]["played"] > 0
        copied = league_transfer.import_league(copy.deepcopy(three_file), user("other"))
        assert league_transfer.export_league(copied) == three_file
        assert _tournament_export(copied) == expected
        assert _lines(copied) == lines


def _bye(data: dict[str, Any]) -> dict[str, Any]:
    (match,) = [
        m for r in data["tournaments"][0]["rounds"] for m in r["matches"] if m["second"] is None
    ][:1]
    return match  # type: ignore[no-any-return]


THREE_BAD: list[tuple[str, Callable[[dict[str, Any]], None], str, str | None]] = [
    (
        "third not an entrant",
        lambda d: _first_played(d).update(third=99),
        "tournaments[0].rounds[0].matches[0].third",
        "not an entrant of this tournament",
    ),
    (
        "third is the first",
        lambda d: _first_played(d).update(third=_first_played(d)["first"]),
        "tournaments[0].rounds[0].matches[0].third",
        "an entrant cannot meet itself",
    ),
    (
        "third missing",
        lambda d: _first_played(d).pop("third"),
        "tournaments[0].rounds[0].matches[0].third",
        "is missing",
    ),
    (
        "third a text",
        lambda d: _first_played(d).update(third=str(_first_played(d)["third"])),
        "tournaments[0].rounds[0].matches[0].third",
        "not an entrant of this tournament",
    ),
    (
        "third true",
        lambda d: _first_played(d).update(third=True),
        "tournaments[0].rounds[0].matches[0].third",
        "not an entrant of this tournament",
    ),
    (
        "third at a bye",
        lambda d: _bye(d).update(third=_first_played(d)["first"]),
        "tournaments[0].rounds[0].matches[2].third",
        "a bye has no third side",
    ),
    (
        "two wins at a table of three",
        lambda d: _first_played(d)["result"].update(wins=[0, 1]),
        "tournaments[0].rounds[0].matches[0].result",
        "wins and points are three numbers each",
    ),
    (
        "wins a text",
        lambda d: _first_played(d)["result"].update(wins=[0, 0, "1"]),
        "tournaments[0].rounds[0].matches[0].result.wins[2]",
        None,
    ),
    (
        "points a float",
        lambda d: _first_played(d)["result"].update(points=[5, 8, 11.0]),
        "tournaments[0].rounds[0].matches[0].result.points[2]",
        None,
    ),
    (
        "two winners",
        lambda d: _first_played(d)["result"].update(wins=[1, 0, 1]),
        "tournaments[0].rounds[0].matches[0].result.wins",
        "one side wins the table's one partita",
    ),
    (
        "winner without the most points",
        lambda d: _first_played(d)["result"].update(points=[5, 11, 11]),
        "tournaments[0].rounds[0].matches[0].result.points",
        "the table's winner has the most game points",
    ),
    (
        "winner not the table's",
        lambda d: _first_played(d)["result"].update(winner=_first_played(d)["first"]),
        "tournaments[0].rounds[0].matches[0].result.winner",
        "not the winner these wins give",
    ),
    (
        "best of three",
        lambda d: _at("stages.0")(d).update(best_of=3),
        "tournaments[0].stages[0].best_of",
        "a table of three plays one partita",
    ),
    (
        "a table of best of three",
        lambda d: _first_played(d).update(best_of=3),
        "tournaments[0].rounds[0].matches[0].best_of",
        "a table of three plays one partita",
    ),
    (
        "knockout",
        lambda d: _at("")(d).update(structure="knockout"),
        "tournaments[0].structure",
        "a 3-player tournament has no knockout",
    ),
]


@pytest.mark.parametrize(
    ("what", "spoil", "where", "reason"), THREE_BAD, ids=[c[0] for c in THREE_BAD]
)
def test_a_bad_tournament_of_three_is_refused_with_where_and_why_and_nothing_is_stored(
    app: Flask,
    three_file: dict[str, Any],
    what: str,
    spoil: Callable[[dict[str, Any]], None],
    where: str,
    reason: str | None,
) -> None:
    """A wrong type (``reason`` None: the check every number of the file has), a third
    side that is no entrant, seated twice, missing, at a bye, a result that is not one
    of a table of three, a stage of more partite or a knockout: refused, nothing kept."""
    data = copy.deepcopy(three_file)
    spoil(data)
    refused = _refused(app, data)
    assert refused.where == where, (what, refused)
    if reason is not None:
        assert refused.reason == reason, what


def test_a_third_side_in_a_tournament_of_two_is_refused(
    app: Flask, league_file: dict[str, Any]
) -> None:
    """A match of a pairs tournament given a third side (an entrant of the draw) is
    refused at that side: only the 3-player format seats three."""
    data = copy.deepcopy(league_file)
    match = _first_played(data)
    match["third"] = next(
        e["number"]
        for e in data["tournaments"][0]["entrants"]
        if e["number"] not in (match["first"], match["second"])
    )
    refused = _refused(app, data)
    assert refused.where.endswith(".third"), refused
    assert refused.reason == "only a 3-player tournament has a third side"


def test_the_import_page_says_what_is_wrong_with_a_table_of_three_in_the_users_language(
    app: Flask, client: FlaskClient, three_file: dict[str, Any]
) -> None:
    """Through the import page: a bye given a third side is refused, where and why in
    English and in Italian, and nothing is imported."""
    data = copy.deepcopy(three_file)
    _bye(data).update(third=_first_played(data)["first"])
    _refused_on_the_page(
        app,
        client,
        data,
        "tournaments[0].rounds[0].matches[2].third",
        "a bye has no third side",
        "un turno di riposo non ha una terza parte",
    )


# Rotating partners and club against club are not played in a league (creation refuses).
@pytest.mark.parametrize(
    "structure",
    [s for s in Structure if s not in (Structure.ROTATING, Structure.CLUBS)],
    ids=lambda s: s.value,
)
def test_every_structures_stages_come_back_as_they_went(app: Flask, structure: Structure) -> None:
    """Each structure's stages (a Swiss stage's rounds, groups with their size and
    qualifiers, a single round-robin as one group of everyone, a knockout with neither)
    pass the import's check of their shape, the one the tournament form applies."""
    from tests.helpers.tournaments import tournament

    with app.test_request_context():
        owner = user("owner")
        league = leagues.create_league(owner, LeagueSetup("Circolo", True, Rules(FORMATS["2x2"])))
        stages = (
            GROUPS_THEN_FINAL if structure is Structure.GROUPS_KNOCKOUT else (GROUPS_THEN_FINAL[0],)
        )
        rounds = 3 if structure in (Structure.SWISS, Structure.DANISH) else None
        tournament(owner, structure, stages, rounds=rounds, league_id=league.id)
        data = league_transfer.export_league(league)
        copied = league_transfer.import_league(copy.deepcopy(data), user("other"))
        assert league_transfer.export_league(copied)["tournaments"] == data["tournaments"]
