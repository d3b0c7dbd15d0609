"""Views of the `results_out` blueprint: a tournament's public results page (no account,
printable), its podium as an image to share, and its results as a spreadsheet.

The results page and the podium answer only for a tournament anyone may read (public,
and in a public league if in one) or for the reader's own (a member: the page says only
they see it); any other id is a 404, logged in or not, the same as an id that does not
exist, so a private tournament's existence is never revealed.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_date
from flask_login import current_user
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.grammar import gettext as _
from scorekeeper.private import mark_private
from scorekeeper.tournaments import pages
from scorekeeper.tournaments.access import effective_role, readable_by_anyone, require_role
from scorekeeper.tournaments.models import Role, Status, Tournament
from scorekeeper.tournaments.results_out.podium import podium_svg
from scorekeeper.tournaments.results_out.sheets import standings_sheet
from scorekeeper.tournaments.results_out.spreadsheet import MIMETYPE

bp = Blueprint("results_out", __name__, url_prefix="/published")


def _published(public_id: str) -> tuple[Tournament, bool]:  # noqa: RET503
    """The tournament and whether anyone may read it; a member's private tournament is
    theirs to see (never cached); anything else is a 404."""
    tournament = db.session.scalar(select(Tournament).where(Tournament.public_id == public_id))
    if tournament is None:
        abort(404)
    if readable_by_anyone(tournament):
        return tournament, True
    if effective_role(tournament, current_user) is not None:
        mark_private()
        return tournament, False
    abort(404)


def _share_text(tournament: Tournament, podium: list[tuple[int, str]]) -> str:
    """The message sent with the podium: the tournament and its winner."""
    winners = [name for place, name in podium if place == 1]
    if not winners:
        return tournament.name
    return _("%(tournament)s: won by %(winner)s", tournament=tournament.name, winner=winners[0])


@bp.get("/<public_id>")
def page(public_id: str) -> ResponseReturnValue:
    """The results for the club's site: podium, standings with their tie-breaks, the
    bracket; printable; with the podium to share."""
    tournament, public = _published(public_id)
    podium = pages.podium(tournament)
    url = url_for("results_out.page", public_id=tournament.public_id, _external=True)
    return render_template(
        "results_out/page.html",
        tournament=tournament,
        public=public,
        finished=tournament.status == Status.FINISHED.value,
        status=pages.status_text(tournament),
        podium=podium,
        tables=pages.tables(tournament),
        bracket=pages.bracket_rounds(tournament),
        tie_breaks=pages.tie_break_names(tournament),
        url=url,
        share_text=_share_text(tournament, podium),
    )


@bp.get("/<public_id>/podium.svg")
def podium_image(public_id: str) -> ResponseReturnValue:
    """The podium as an SVG image (1080 x 1080), once the tournament is over."""
    tournament, _public = _published(public_id)
    podium = pages.podium(tournament)
    if not podium:
        abort(404)
    body = podium_svg(
        tournament.name,
        format_date(tournament.held_on, "long"),
        podium,
        _("Podium") + " · Scorekeeper · Scopa",
    )
    return Response(body, mimetype="image/svg+xml")


@bp.get("/<public_id>/standings.csv")
def standings_csv(public_id: str) -> ResponseReturnValue:
    """The standings (and the podium) as a spreadsheet set to Italian opens them."""
    access = require_role(public_id, Role.VIEWER)
    if not readable_by_anyone(access.tournament):
        mark_private()
    return Response(
        standings_sheet(access.tournament),
        mimetype=MIMETYPE,
        headers={"Content-Disposition": 'attachment; filename="standings.csv"'},
    )
