"""Views of the venue (blueprint ``venue``, under ``/tournaments``): the screen by its
own link, the organiser's venue page (the screen's link, the round clock, the cycle),
check-in at the door with late entries, the evening's draw to print, the prize list.

Every route that touches a tournament starts with `require_role`; the screen's own link
is a key (no account), checked with the screen's version in one statement."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from scorekeeper.games.qr import qr_svg
from scorekeeper.grammar import gettext as _
from scorekeeper.private import mark_private
from scorekeeper.tournaments import pages, services
from scorekeeper.tournaments.access import Access, get_in_tournament, require_role
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.labels import group_letter
from scorekeeper.tournaments.models import Entry, Role
from scorekeeper.tournaments.venue import screen as screen_slides
from scorekeeper.tournaments.venue import services as venue
from scorekeeper.tournaments.venue.forms import (
    PRIZE_ROWS,
    CheckInForm,
    ClockForm,
    CycleForm,
    LateEntryForm,
    MoveClockForm,
    PrizesForm,
    venue_error_text,
)
from scorekeeper.tournaments.venue.models import PrizeMode
from scorekeeper.tournaments.venue.screen_page import draw_screen, not_modified, screen_extra
from scorekeeper.tournaments.venue.version import token_screen_version
from scorekeeper.tournaments.views import inject_names
from scorekeeper.ui.forms import ButtonForm, show_refusal

bp = Blueprint("venue", __name__, url_prefix="/tournaments")


bp.context_processor(inject_names)


@bp.app_context_processor
def inject_prizes() -> dict[str, object]:
    """Give every template the prize list of a tournament (standings, print, screen)."""
    return {"venue_prizes": venue.prize_list}


def _refused(error: TournamentRefused, form: Any = None) -> None:
    show_refusal(error.field, venue_error_text(error), form)


def _to(access: Access, endpoint: str, **values: Any) -> ResponseReturnValue:
    return redirect(url_for(endpoint, public_id=access.tournament.public_id, **values))


# The screen by its own link ----------------------------------------------------------


@bp.get("/screen/<token>")
def screen_by_link(token: str) -> ResponseReturnValue:
    """The screen by its own link (no account, even for a private tournament): the token
    and the version are checked in one statement, and an unchanged screen answers 304
    without reading a model or drawing a template."""
    mark_private()
    found = token_screen_version(token, screen_extra())
    if found is None:
        abort(404)
    tournament_id, version = found
    unchanged = not_modified(version, tournament_id)
    if unchanged is not None:
        return unchanged
    tournament = venue.tournament_of_token(token)
    if tournament is None:
        abort(404)
    return draw_screen(tournament, version, token=token)


# The organiser's venue page -----------------------------------------------------------


@bp.get("/<public_id>/venue")
def page(public_id: str) -> ResponseReturnValue:
    """Organiser: the screen's own link (made, revoked, its QR), the round clock, the
    screen's cycle."""
    access = require_role(public_id, Role.ORGANISER)
    return _venue_page(access)


def _venue_page(
    access: Access,
    clock_form: ClockForm | None = None,
    cycle_form: CycleForm | None = None,
    status: int = 200,
) -> ResponseReturnValue:
    mark_private()
    t = access.tournament
    settings = venue.venue_of(t)
    if clock_form is None:
        clock_form = ClockForm(formdata=None, minutes=settings.clock_minutes)
    if cycle_form is None:
        cycle_form = CycleForm(formdata=None, seconds=settings.cycle_seconds)
    link = None
    qr = None
    if settings.screen_token:
        link = url_for("venue.screen_by_link", token=settings.screen_token, _external=True)
        qr = Markup(qr_svg(link).decode())  # noqa: S704  (the QR's own SVG)
    clock = screen_slides.clock_view(t)
    return (
        render_template(
            "tournaments/venue/venue.html",
            access=access,
            settings=settings,
            link=link,
            qr=qr,
            clock=clock,
            clock_text=screen_slides.clock_text(clock) if clock else "",
            clock_form=clock_form,
            cycle_form=cycle_form,
            running=t.status == "running",
        ),
        status,
    )


@bp.post("/<public_id>/venue/screen-link")
def new_link(public_id: str) -> ResponseReturnValue:
    """Organiser: make the screen's own link (a new one replaces the old)."""
    access = require_role(public_id, Role.ORGANISER)
    if ButtonForm().validate_on_submit():
        venue.new_screen_token(access.tournament)
        flash(_("The screen has a new link: the old one no longer works."), "success")
    return _to(access, "venue.page", _anchor="screen-link")


@bp.post("/<public_id>/venue/screen-link/revoke")
def revoke_link(public_id: str) -> ResponseReturnValue:
    """Organiser: revoke the screen's own link."""
    access = require_role(public_id, Role.ORGANISER)
    if ButtonForm().validate_on_submit():
        venue.revoke_screen_token(access.tournament)
        flash(_("The screen's link is revoked."), "success")
    return _to(access, "venue.page", _anchor="screen-link")


@bp.post("/<public_id>/venue/cycle")
def cycle(public_id: str) -> ResponseReturnValue:
    """Organiser: how long the screen shows each view."""
    access = require_role(public_id, Role.ORGANISER)
    form = CycleForm()
    if form.validate_on_submit():
        try:
            venue.set_cycle(access.tournament, form.seconds.data or 15)
        except TournamentRefused as error:
            _refused(error, form)
        else:
            flash(_("Saved."), "success")
            return _to(access, "venue.page")
    return _venue_page(access, cycle_form=form, status=422)


@bp.post("/<public_id>/venue/clock")
def start_clock(public_id: str) -> ResponseReturnValue:
    """Organiser: start the round clock (again, from the minutes typed)."""
    access = require_role(public_id, Role.ORGANISER)
    form = ClockForm()
    if form.validate_on_submit():
        try:
            venue.start_clock(access.tournament, form.minutes.data or 40)
        except TournamentRefused as error:
            _refused(error, form)
        else:
            flash(_("The round clock is running."), "success")
            return _to(access, "venue.page", _anchor="clock")
    return _venue_page(access, clock_form=form, status=422)


@bp.post("/<public_id>/venue/clock/pause")
def pause_clock(public_id: str) -> ResponseReturnValue:
    """Organiser: pause the clock, or resume it."""
    access = require_role(public_id, Role.ORGANISER)
    if ButtonForm().validate_on_submit():
        try:
            venue.pause_clock(access.tournament)
        except TournamentRefused as error:
            _refused(error)
    return _to(access, "venue.page", _anchor="clock")


@bp.post("/<public_id>/venue/clock/move")
def move_clock(public_id: str) -> ResponseReturnValue:
    """Organiser: a few minutes more, or fewer."""
    access = require_role(public_id, Role.ORGANISER)
    form = MoveClockForm()
    if form.validate_on_submit():
        try:
            venue.move_clock(access.tournament, form.minutes.data or 0)
        except TournamentRefused as error:
            _refused(error)
    return _to(access, "venue.page", _anchor="clock")


@bp.post("/<public_id>/venue/clock/stop")
def stop_clock(public_id: str) -> ResponseReturnValue:
    """Organiser: take the clock off the screen."""
    access = require_role(public_id, Role.ORGANISER)
    if ButtonForm().validate_on_submit():
        venue.stop_clock(access.tournament)
    return _to(access, "venue.page", _anchor="clock")


# Check-in at the door -----------------------------------------------------------------


@bp.get("/<public_id>/checkin")
def checkin(public_id: str) -> ResponseReturnValue:
    """Helper: the entries at the door, each marked there and paid with one tap; the
    tables needed; the organiser adds late entries between Swiss rounds."""
    access = require_role(public_id, Role.HELPER)
    return _checkin_page(access, LateEntryForm(formdata=None))


def _checkin_page(access: Access, form: LateEntryForm, status: int = 200) -> ResponseReturnValue:
    t = access.tournament
    rows = venue.door_rows(t)
    return (
        render_template(
            "tournaments/venue/checkin.html",
            access=access,
            rows=rows,
            door=venue.door(t, rows),
            form=form,
            late_open=venue.late_entry_open(t),
        ),
        status,
    )


@bp.post("/<public_id>/checkin/<int:entry_id>")
def mark(public_id: str, entry_id: int) -> ResponseReturnValue:
    """Helper: mark an entry there or paid (or not). A script's request gets the counts
    back in JSON; a form's goes back to the list, at the entry."""
    access = require_role(public_id, Role.HELPER)
    entry = get_in_tournament(Entry, access, entry_id)
    form = CheckInForm()
    wants_json = request.accept_mimetypes.best == "application/json"
    if not form.validate_on_submit():
        if wants_json:
            return jsonify(error="bad_request"), 400
        abort(400)
    value = form.value.data == "1"
    if form.mark.data == "paid":
        saved = venue.check_in(entry, paid=value)
    else:
        saved = venue.check_in(entry, present=value)
    if wants_json:
        counts = venue.door(access.tournament)
        return jsonify(
            present=saved.present,
            paid=saved.paid,
            summary=render_template(
                "tournaments/venue/_door.html", door=counts, t=access.tournament
            ),
        )
    return _to(access, "venue.checkin", _anchor=f"entry-{entry.id}")


@bp.post("/<public_id>/late-entry")
def late_entry(public_id: str) -> ResponseReturnValue:
    """Organiser: add late entries between Swiss rounds: they play from the next round."""
    access = require_role(public_id, Role.ORGANISER)
    form = LateEntryForm()
    if form.validate_on_submit():
        try:
            made = venue.add_late_entry(access.tournament, form.entries.data or "")
        except TournamentRefused as error:
            message = venue_error_text(error)
            line = LateEntryForm.line_of(error.field)
            if line is not None:
                message = _("Line %(line)d: %(message)s", line=line, message=message)
            form.add_errors({error.field or "entries": [message]})
        else:
            flash(
                _(
                    "Late entries added: %(count)d. They play from the next round.",
                    count=len(made),
                ),
                "success",
            )
            return _to(access, "venue.checkin", _anchor="late-entry")
    return _checkin_page(access, form, 422)


@bp.get("/<public_id>/print/draw")
def print_draw(public_id: str) -> ResponseReturnValue:
    """The evening's draw to print: the groups, the tables of the round being played,
    and every player's table in alphabetical order."""
    access = require_role(public_id, Role.VIEWER)
    t = access.tournament
    views = pages.current_rounds(pages.round_views(t))
    drawn = services.entrants(t) if t.seed is not None else []
    groups: dict[int, list[Any]] = {}
    for row in drawn:
        if row.group_index is not None:
            groups.setdefault(row.group_index, []).append(row)
    finder = sorted(
        (
            (name, row.match.table_number, view.title)
            for view in views
            for row in view.rows
            for entrant in (row.match.first, row.match.second, row.match.third)
            if entrant is not None
            for name in entrant.names
        ),
        key=lambda item: (item[0].casefold(), item[1] or 0),
    )
    return render_template(
        "tournaments/venue/draw.html",
        access=access,
        views=views,
        groups=[
            (group_letter(i), sorted(groups[i], key=lambda r: r.group_place or 0))
            for i in sorted(groups)
        ],
        drawn=drawn,
        finder=finder,
    )


# The prize list -----------------------------------------------------------------------


@bp.route("/<public_id>/prizes", methods=["GET", "POST"])
def prizes(public_id: str) -> ResponseReturnValue:
    """Organiser: the prize list (montepremi): a prize per place, or a share of the entry
    fees per place."""
    access = require_role(public_id, Role.ORGANISER)
    t = access.tournament
    if request.method == "POST":
        form = PrizesForm()
        if form.validate_on_submit():
            chosen = [
                venue.PrizeSetting(place, cents, percent, label)
                for place, cents, percent, label in form.settings()
            ]
            try:
                venue.set_prizes(t, PrizeMode(form.mode.data), chosen)
            except TournamentRefused as error:
                form.add_errors({"mode": [venue_error_text(error)]})
            else:
                flash(_("Prize list saved."), "success")
                return _to(access, "venue.prizes")
        return _prizes_page(access, form, 422)
    settings = venue.venue_of(t)
    set_ = {p.place: p for p in venue.prizes(t)}
    data = {
        "mode": settings.prize_mode,
        "rows": [
            {
                "amount": _cents_text(set_[place].amount_cents) if place in set_ else "",
                "percent": set_[place].percent if place in set_ else None,
                "what": set_[place].label if place in set_ else "",
            }
            for place in range(1, PRIZE_ROWS + 1)
        ],
    }
    return _prizes_page(access, PrizesForm(formdata=None, data=data))


def _cents_text(cents: int | None) -> str:
    if cents is None:
        return ""
    whole, part = divmod(cents, 100)
    return str(whole) if not part else f"{whole},{part:02d}"


def _prizes_page(access: Access, form: PrizesForm, status: int = 200) -> ResponseReturnValue:
    t = access.tournament
    return (
        render_template(
            "tournaments/venue/prizes.html",
            access=access,
            form=form,
            prize_list=venue.prize_list(t),
            pot=venue.pot_cents(t),
        ),
        status,
    )
