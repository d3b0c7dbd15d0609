"""Many games at once: an import and the demo league give exactly what the same games
played one at a time give, and exactly what an in-order rebuild from the database gives.

The bulk paths (`transfer.add_league_games`) store games with bulk INSERTs and
compute results, ratings and standing rows from the hands in memory; these tests hold
them to the normal path (a game created, then its hands recorded one by one, each
change brought into the standings) and to `standings.rebuild`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta

import pytest
from flask import Flask
from sqlalchemy import func, select

from scorekeeper.accounts.models import User
from scorekeeper.accounts.services import create_user
from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.games.inputs import GameSetup
from scorekeeper.games.models import Game, Hand
from scorekeeper.leagues import demo, standings, transfer
from scorekeeper.leagues.inputs import LeagueSetup
from scorekeeper.leagues.models import League, LeagueResult, Player, Season, Standing
from scorekeeper.leagues.services import add_player, create_league, create_season
from scorekeeper.scoring import FORMATS, CardsEntry, HandScore, Rules
from tests.helpers import statements

Snapshot = tuple[set[tuple[object, ...]], set[tuple[object, ...]], dict[str, object]]


@pytest.fixture
def owner(app: Flask) -> Iterator[User]:
    """An account that owns the leagues (inside an app context)."""
    with app.app_context():
        yield create_user("owner", "a long password")


def new_league(owner: User, name: str = "Circolo", format_key: str = "2x2") -> League:
    return create_league(owner, LeagueSetup(name, False, Rules(format=FORMATS[format_key])))


def play_at_the_table(
    league: League, roster: list[Player], rng: random.Random, when: datetime, format_key: str
) -> Game:
    """A game created and then scored hand by hand through the games services, as at the
    table (random deals until a side wins), dated `when`."""
    fmt = FORMATS[format_key]
    seated = rng.sample(roster, fmt.players)
    settings = GameSetup(
        Rules(format=fmt), [p.name for p in seated], first_dealer=rng.randrange(fmt.players)
    )
    game, _token = games.create_game(
        settings, league_id=league.id, player_ids=[p.id for p in seated]
    )
    game.created_at = when
    db.session.commit()
    for number in range(1, demo.MAX_HANDS + 1):
        games.record_hand(game, number, f"hand-{number}", demo.random_hand(rng, fmt.sides))
        if games.game_state(game).finished:
            break
    return game


def snapshot(league_id: int) -> Snapshot:
    """What the bulk paths compute, with names and the games' order instead of ids: each
    result (with the rating after it), each standing row, each player's rating now."""
    order = {
        game_id: i
        for i, game_id in enumerate(
            db.session.scalars(
                select(Game.id)
                .where(Game.league_id == league_id)
                .order_by(Game.created_at, Game.id)
            )
        )
    }
    names = {row.id: row.name for row in db.session.execute(select(Player.id, Player.name))}
    seasons = {row.id: row.name for row in db.session.execute(select(Season.id, Season.name))}
    results = {
        (
            order[r.game_id],
            names[r.player_id],
            r.side,
            r.won,
            r.points_for,
            r.points_against,
            r.hands,
            r.scope,
            r.settebello,
            r.primiera,
            r.napola,
            r.mu,
            r.sigma,
        )
        for r in db.session.scalars(select(LeagueResult).where(LeagueResult.league_id == league_id))
    }
    rows = {
        (
            seasons.get(r.season_id or 0),
            names[r.player_id],
            names.get(r.partner_id or 0),
            *tuple(getattr(r, name) for name in standings.TALLIES),
        )
        for r in db.session.scalars(select(Standing).where(Standing.league_id == league_id))
    }
    ratings = {
        p.name: (p.mu, p.sigma)
        for p in db.session.scalars(select(Player).where(Player.league_id == league_id))
    }
    return results, rows, ratings


def assert_as_rebuilt(league_id: int) -> Snapshot:
    """The league's rows equal an in-order rebuild from the database (and are returned)."""
    kept = snapshot(league_id)
    standings.rebuild(league_id)
    db.session.expire_all()
    assert snapshot(league_id) == kept
    db.session.rollback()
    return kept


def test_an_import_gives_what_the_same_games_played_one_by_one_give(owner: User) -> None:
    """Games of three formats, played out of date order and some at the same minute, a
    season made before and one after them: the import of their export gives the same
    results, ratings and standing rows, to the last bit of every rating."""
    league = new_league(owner)
    roster = [add_player(league, f"Player {i}") for i in range(7)]
    create_season(league, "Gennaio", date(2026, 1, 1), date(2026, 1, 31))
    rng = random.Random(9)
    start = datetime(2026, 1, 25, 21, tzinfo=UTC)
    for i in range(12):
        when = start + timedelta(days=rng.choice([0, 0, 3, 6, 9, 30]))
        play_at_the_table(league, roster, rng, when, ["2x2", "2", "3"][i % 3])
    create_season(league, "Febbraio", date(2026, 2, 1), date(2026, 2, 28))
    played = snapshot(league.id)
    assert len(played[0]) > 24
    assert any(row[2] is not None for row in played[1])

    copy = transfer.import_league(transfer.export_league(league), owner)

    assert snapshot(copy.id) == played
    assert assert_as_rebuilt(copy.id) == played


def test_the_demo_league_is_what_a_rebuild_gives(owner: User) -> None:
    league = demo.seed_league(owner, "Demo", 9, 40, seed=4, format_key="2x2")
    seeded = assert_as_rebuilt(league.id)
    assert len(seeded[0]) == 4 * 40
    # More games added to a league that has results (they fall between the old ones).
    demo.seed_games(db.session.get_one(League, league.id), 15, seed=5)
    assert len(assert_as_rebuilt(league.id)[0]) == 4 * 55


def test_the_demo_and_the_import_score_each_hand_once(
    owner: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    scored = []
    score_cards = CardsEntry.score

    def counted(entry: CardsEntry, rules: Rules) -> HandScore:
        scored.append(entry)
        return score_cards(entry, rules)

    monkeypatch.setattr(CardsEntry, "score", counted)
    league = demo.seed_league(owner, "Demo", 6, 10, seed=2)
    hands = db.session.scalar(select(func.count()).select_from(Hand))
    assert len(scored) == hands
    data = transfer.export_league(league)
    transfer.import_league(data, owner)
    assert len(scored) == 2 * hands


def test_the_demo_league_is_one_transaction(owner: User, monkeypatch: pytest.MonkeyPatch) -> None:
    dealt = []
    random_game = demo._random_game

    def failing(*args: object) -> games.NewGame:
        dealt.append(args)
        if len(dealt) > 7:
            raise RuntimeError("the table fell over")
        return random_game(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(transfer, "BATCH", 3)  # two batches stored before it fails
    monkeypatch.setattr(demo, "_random_game", failing)
    with pytest.raises(RuntimeError):
        demo.seed_league(owner, "Demo", 6, 10, seed=2)
    db.session.rollback()
    for model in (League, Player, Game, Hand, LeagueResult):
        assert db.session.scalar(select(func.count()).select_from(model)) == 0


def test_an_import_refused_at_its_last_game_stores_nothing(
    owner: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = transfer.export_league(demo.seed_league(owner, "Demo", 6, 7, seed=3))
    data["games"][-1]["hands"][0]["entry"]["sides"][0]["scope"] = -1
    games_before = db.session.scalar(select(func.count()).select_from(Game))
    monkeypatch.setattr(transfer, "BATCH", 2)
    with pytest.raises(transfer.ImportRefused, match=r"games\[6\]\.hands\[0\]"):
        transfer.import_league(data, owner)
    assert db.session.scalar(select(func.count()).select_from(Game)) == games_before
    assert db.session.scalar(select(func.count()).select_from(League)) == 1


def test_the_export_reads_only_what_it_writes(app: Flask, owner: User) -> None:
    """Six queries of plain columns whatever the number of games (a disputed hand's other
    version among them), and one of the part the tournaments add (the league has none:
    no key); no hand's sides."""
    league_id = demo.seed_league(owner, "Demo", 6, 12, seed=1).id
    create_season(
        db.session.get_one(League, league_id), "Estate", date(2026, 6, 1), date(2026, 8, 31)
    )
    league = db.session.get_one(League, league_id)
    assert league.name == "Demo"  # loaded before counting
    with statements(app) as seen:
        data = transfer.export_league(league)
    assert len(data["games"]) == 12
    assert len(data["seasons"]) == 3
    assert len(seen) == 7
    assert any("hand_revision" in s for s in seen)
    assert "tournament" in seen[-1]
    assert "tournaments" not in data
    assert not [s for s in seen if "hand_side" in s]
