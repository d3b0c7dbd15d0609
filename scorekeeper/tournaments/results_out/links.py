"""A tournament's results link: made (replacing the one before), taken back, and the
tournament a token opens (one transaction each change); and the sites its organiser
lets frame the public results page."""

from __future__ import annotations

import secrets

from sqlalchemy import delete, select

from scorekeeper.extensions import db
from scorekeeper.models import hash_token
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.results_out.models import ResultsFraming, ResultsLink
from scorekeeper.transactions import in_transaction


def make_link(tournament: Tournament) -> str:
    """A new results link's token for ``tournament``; the one before stops working."""
    token = secrets.token_urlsafe(24)
    tournament_id = tournament.id

    def work() -> None:
        db.session.execute(delete(ResultsLink).where(ResultsLink.tournament_id == tournament_id))
        db.session.add(ResultsLink(tournament_id=tournament_id, token_hash=hash_token(token)))

    in_transaction(work)
    return token


def revoke_link(tournament: Tournament) -> None:
    """Take the tournament's results link back: its address opens nothing any more."""
    tournament_id = tournament.id
    in_transaction(
        lambda: db.session.execute(
            delete(ResultsLink).where(ResultsLink.tournament_id == tournament_id)
        )
    )


def has_link(tournament: Tournament) -> bool:
    """Whether the tournament has a results link in use."""
    found = db.session.scalar(
        select(ResultsLink.id).where(ResultsLink.tournament_id == tournament.id)
    )
    return found is not None


def tournament_of_link(token: str) -> Tournament | None:
    """The tournament whose results link ``token`` is, if it is still in use."""
    return db.session.scalar(
        select(Tournament)
        .join(ResultsLink, ResultsLink.tournament_id == Tournament.id)
        .where(ResultsLink.token_hash == hash_token(token))
    )


def framing_sites(tournament: Tournament) -> str:
    """The sites the organiser lets frame the public results page ("": not set)."""
    return (
        db.session.scalar(
            select(ResultsFraming.sites).where(ResultsFraming.tournament_id == tournament.id)
        )
        or ""
    )


def set_framing_sites(tournament: Tournament, sites: str) -> None:
    """Store the sites that may frame the public results page ("": the app's default);
    the form checked each (`forms.FramingForm`)."""
    tournament_id = tournament.id

    def work() -> None:
        db.session.execute(
            delete(ResultsFraming).where(ResultsFraming.tournament_id == tournament_id)
        )
        if sites:
            db.session.add(ResultsFraming(tournament_id=tournament_id, sites=sites))

    in_transaction(work)
