"""Views of the `results_out` blueprint: a tournament's public results page (no account,
printable), its podium as an image to share, its results as a spreadsheet, and a private
tournament's results link.

The results page and the podium answer for a tournament anyone may read (public, and in a
public league if in one), through its results link (a secret address the organiser makes
and takes back), or for the reader's own (a member: the page says only they see it). Any
other id is a 404, logged in or not, the same as an id that does not exist, so a private
tournament's existence is never revealed.
"""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    g,
    redirect,
    render_template,
    url_for,
)
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
from scorekeeper.tournaments.results_out import links
from scorekeeper.tournaments.results_out.forms import FramingForm
from scorekeeper.tournaments.results_out.podium import podium_svg
from scorekeeper.tournaments.results_out.sheets import standings_sheet
from scorekeeper.tournaments.results_out.spreadsheet import MIMETYPE

bp = Blueprint("results_out", __name__, url_prefix="/published")

#: How the reader came to the page: anyone (public), a member, the results link.
PUBLIC, MEMBER, LINK = "public", "member", "link"


def _published(public_id: str) -> tuple[Tournament, str]:  # noqa: RET503
    """The tournament and how the reader may see it (`PUBLIC`, `MEMBER`: never cached);
    anything else is a 404."""
    tournament = db.session.scalar(select(Tournament).where(Tournament.public_id == public_id))
    if tournament is None:
        abort(404)
    if readable_by_anyone(tournament):
        return tournament, PUBLIC
    if effective_role(tournament, current_user) is not None:
        mark_private()
        return tournament, MEMBER
    abort(404)


def _linked(token: str) -> Tournament:
    """The tournament a results link opens (never cached: its address is a key); else 404."""
    mark_private()
    tournament = links.tournament_of_link(token)
    if tournament is None:
        abort(404)
    return tournament


def _share_text(tournament: Tournament, podium: list[tuple[int, str]]) -> str:
    """The message sent with the podium: the tournament and its winner."""
    winners = [name for place, name in podium if place == 1]
    if not winners:
        return tournament.name
    return _("%(tournament)s: won by %(winner)s", tournament=tournament.name, winner=winners[0])


def _page(tournament: Tournament, mode: str, url: str, image: str) -> ResponseReturnValue:
    podium = pages.podium(tournament)
    organiser = mode == MEMBER and (effective_role(tournament, current_user) or 0) >= (
        Role.ORGANISER
    )
    return render_template(
        "results_out/page.html",
        tournament=tournament,
        mode=mode,
        shareable=mode != MEMBER,
        organiser=organiser,
        has_link=organiser and links.has_link(tournament),
        finished=tournament.status == Status.FINISHED.value,
        status=pages.status_text(tournament),
        podium=podium,
        tables=pages.tables(tournament),
        bracket=pages.bracket_rounds(tournament),
        tie_breaks=pages.tie_break_names(tournament),
        bye_notes=pages.bye_notes(tournament),
        url=url,
        image=image,
        share_text=_share_text(tournament, podium),
    )


@bp.get("/<public_id>")
def page(public_id: str) -> ResponseReturnValue:
    """The results for the club's site: podium, standings with their tie-breaks, the
    bracket; printable; with the podium to share. The one page other sites may frame
    (``PUBLISHED_FRAME_ANCESTORS``), when anyone may read it."""
    tournament, mode = _published(public_id)
    pid = tournament.public_id
    if mode == PUBLIC:
        # A club's site may show it in a frame: it is the same for everyone, with
        # nothing to click that changes anything (a member's page is never framed).
        sites = links.framing_sites(tournament)
        g.frame_ancestors = sites or current_app.config["PUBLISHED_FRAME_ANCESTORS"]
    return _page(
        tournament,
        mode,
        url_for("results_out.page", public_id=pid, _external=True),
        url_for("results_out.podium_image", public_id=pid),
    )


@bp.get("/link/<token>")
def link_page(token: str) -> ResponseReturnValue:
    """A private tournament's results page, through its results link (no account)."""
    tournament = _linked(token)
    return _page(
        tournament,
        LINK,
        url_for("results_out.link_page", token=token, _external=True),
        url_for("results_out.link_podium", token=token),
    )


def _podium_response(tournament: Tournament) -> Response:
    """The podium as an SVG image (1080 x 1080), once the tournament is over."""
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


@bp.get("/<public_id>/podium.svg")
def podium_image(public_id: str) -> ResponseReturnValue:
    """The podium image of a tournament the reader may see."""
    tournament, _mode = _published(public_id)
    return _podium_response(tournament)


@bp.get("/link/<token>/podium.svg")
def link_podium(token: str) -> ResponseReturnValue:
    """The podium image, through the results link."""
    return _podium_response(_linked(token))


@bp.post("/<public_id>/link")
def make_link(public_id: str) -> ResponseReturnValue:
    """Organiser: a new results link (the one before stops working); it opens at once,
    its address to copy and hand on."""
    access = require_role(public_id, Role.ORGANISER)
    token = links.make_link(access.tournament)
    flash(_("Results link made: anyone with this page's address sees the results."), "success")
    return redirect(url_for("results_out.link_page", token=token))


@bp.post("/<public_id>/link/revoke")
def revoke_link(public_id: str) -> ResponseReturnValue:
    """Organiser: take the results link back; its address opens nothing any more."""
    access = require_role(public_id, Role.ORGANISER)
    links.revoke_link(access.tournament)
    flash(_("Results link taken back: its address opens nothing any more."), "success")
    return redirect(url_for("results_out.page", public_id=access.tournament.public_id))


@bp.post("/<public_id>/framing")
def framing(public_id: str) -> ResponseReturnValue:
    """Organiser: the sites that may show the public results page in a frame (empty:
    the app's default)."""
    access = require_role(public_id, Role.ORGANISER)
    form = FramingForm()
    if form.validate_on_submit():
        links.set_framing_sites(access.tournament, form.chosen())
        flash(_("Saved: the sites that may show the results page in a frame."), "success")
    else:
        for messages in form.errors.values():
            for message in messages:
                flash(str(message), "error")
    target = url_for("tournaments.show", public_id=access.tournament.public_id)
    return redirect(target + "#results-out")


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
