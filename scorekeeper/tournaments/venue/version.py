"""The screen's version: one SQL statement over the tables (SQLAlchemy Core, no ORM
object loaded, no template drawn) that changes whenever anything the screen shows does.

It reads, for one tournament: its ``version`` and status (the draw, every new round, a
withdrawal, a late entry, every venue change lock it and bump it), the count and the sum
of its matches' ``version`` and ``result_version`` (a result entered, confirmed, disputed,
corrected), the count and sum of its games' ``version`` (every hand recorded, corrected,
removed) and its venue row's ``version`` and clock (the screen link, the cycle, the clock,
the prizes, check-in). Each of those only grows, so a change never gives back an older
version. The push of live news (server-sent events) can watch the same value.
"""

from __future__ import annotations

import hashlib
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.sql import Select

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.models import utcnow
from scorekeeper.tournaments.models import Entrant, Match, MatchGame, Tournament
from scorekeeper.tournaments.venue.models import Venue


def _statement() -> Select[tuple[object, ...]]:
    t = Tournament.__table__
    m = Match.__table__
    mg = MatchGame.__table__
    g = Game.__table__
    e = Entrant.__table__
    v = Venue.__table__
    matches = select(
        func.count() * 1_000_003 + func.coalesce(func.sum(m.c.version + m.c.result_version), 0)
    ).where(m.c.tournament_id == t.c.id)
    games = (
        select(func.count() * 1_000_003 + func.coalesce(func.sum(g.c.version), 0))
        .select_from(g.join(mg, mg.c.game_id == g.c.id).join(m, m.c.id == mg.c.match_id))
        .where(m.c.tournament_id == t.c.id)
    )
    entrants = select(func.count()).where(e.c.tournament_id == t.c.id)
    return select(
        t.c.id,
        t.c.version,
        t.c.status,
        matches.scalar_subquery(),
        games.scalar_subquery(),
        entrants.scalar_subquery(),
        v.c.version,
        v.c.clock_ends_at,
        v.c.clock_left,
    ).select_from(t.outerjoin(v, v.c.tournament_id == t.c.id))


def _digest(row: tuple[object, ...], now: datetime, extra: str) -> str:
    """The version string of a row of `_statement`: the clock's minute too while it runs
    (a page drawn without a script shows the minutes left, and must be drawn again)."""
    ends = row[7]
    minute = ""
    if isinstance(ends, datetime):
        if ends.tzinfo is None:
            ends = ends.replace(tzinfo=now.tzinfo)
        left = (ends - now).total_seconds()
        minute = str(int(left // 60)) if left > -60 else "over"
    text = "|".join(str(part) for part in (*row[1:7], row[8], minute, extra))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def screen_version(tournament_id: int, extra: str = "") -> str | None:
    """The screen's version of the tournament ``tournament_id`` (``extra``: what else the
    page depends on, such as its language), or None if there is no such tournament."""
    t = Tournament.__table__
    row = db.session.connection().execute(_statement().where(t.c.id == tournament_id)).first()
    return None if row is None else _digest(tuple(row), utcnow(), extra)


def token_screen_version(token: str, extra: str = "") -> tuple[int, str] | None:
    """The tournament id and screen version of the screen link ``token`` (None: no such
    link, or revoked), in the one statement."""
    if not token or len(token) > 64:
        return None
    v = Venue.__table__
    row = db.session.connection().execute(_statement().where(v.c.screen_token == token)).first()
    if row is None:
        return None
    values = tuple(row)
    return int(str(values[0])), _digest(values, utcnow(), extra)
