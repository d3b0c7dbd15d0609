"""Views of the `tournaments` blueprint. Every route that touches a tournament starts
with `require_role` (see `scorekeeper/tournaments/access.py`); ids inside a tournament
go through `get_in_tournament`. Each action is one service call (one transaction); a
refusal is shown next to its field, or as a flash message."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_login import current_user, login_required
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from scorekeeper import audit
from scorekeeper.accounts import services as accounts
from scorekeeper.audit import sheet as audit_sheet
from scorekeeper.audit.rules import rules_history
from scorekeeper.games.board import board_url
from scorekeeper.games.qr import qr_svg
from scorekeeper.games.sending import confirmed_answer, csrf_answer, wants_json
from scorekeeper.grammar import Side, side_gettext
from scorekeeper.grammar import gettext as _
from scorekeeper.models import utcnow
from scorekeeper.private import mark_private
from scorekeeper.tournaments import pages, result_sheets, services, transfer
from scorekeeper.tournaments.access import (
    Access,
    get_in_tournament,
    require_role,
    require_side_holder,
    tournaments_of,
)
from scorekeeper.tournaments.circuits.services import circuits_holding
from scorekeeper.tournaments.errors import ResultChanged, RoundStarted, TournamentRefused
from scorekeeper.tournaments.forms import (
    STRUCTURE_NAMES,
    ConfirmForm,
    DisputeForm,
    DrawForm,
    EntriesForm,
    EntryForm,
    HouseRulesForm,
    MemberForm,
    NextRoundForm,
    ResolveForm,
    ResultForm,
    ThreeDisputeForm,
    ThreeResultForm,
    TournamentForm,
    error_text,
)
from scorekeeper.tournaments.games import (
    match_table_token,
    resolve_match_token,
    resolve_side_token,
    table_edit_token,
)
from scorekeeper.tournaments.labels import group_letter, match_label
from scorekeeper.tournaments.models import (
    Entrant,
    Entry,
    Match,
    Member,
    Role,
    Status,
    Tournament,
)
from scorekeeper.tournaments.results_out.forms import FramingForm
from scorekeeper.tournaments.results_out.links import framing_sites
from scorekeeper.tournaments.venue.screen_page import screen_page
from scorekeeper.ui.forms import AppForm, ButtonForm, show_refusal

bp = Blueprint("tournaments", __name__, url_prefix="/tournaments")


@bp.context_processor
def inject_names() -> dict[str, object]:
    """Give the tournament templates the roles, their names and the page helpers."""
    return {
        "Role": Role,
        "Status": Status,
        "role_names": {
            "organiser": _("organiser"),
            "helper": _("helper"),
            "viewer": _("viewer"),
        },
        "structure_names": STRUCTURE_NAMES,
        "pages": pages,
        "match_label": match_label,
        "can_undo_withdrawal": services.can_undo,
    }


def _to(access: Access, endpoint: str = "tournaments.show", **values: Any) -> ResponseReturnValue:
    return redirect(url_for(endpoint, public_id=access.tournament.public_id, **values))


def _refused(error: TournamentRefused, form: AppForm | None = None) -> None:
    """Show a refused action next to its field, or as a flash message."""
    show_refusal(error.field, error_text(error), form)


# The organiser's tournaments and a new one --------------------------------------------


@bp.get("/")
@login_required
def index() -> ResponseReturnValue:
    """The tournaments of the logged-in user (those a league keeps them out of left out)."""
    return render_template("tournaments/index.html", tournaments=tournaments_of(current_user))


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new() -> ResponseReturnValue:
    """Create a tournament; its creator is its organiser."""
    form = TournamentForm()
    form.offer_leagues(services.leagues_for(current_user))
    if form.validate_on_submit():
        try:
            tournament = services.create_tournament(current_user, form.setup())
        except TournamentRefused as error:
            _refused(error, form)
        else:
            flash(_("Tournament created. Now paste its entries."), "success")
            return redirect(url_for("tournaments.entries", public_id=tournament.public_id))
    return render_template("tournaments/new.html", form=form), form.page_status


# The tournament's pages ---------------------------------------------------------------


@bp.get("/<public_id>")
def show(public_id: str) -> ResponseReturnValue:
    """The tournament: where it is, the standings with their tie-breaks, the bracket,
    the winner and the podium."""
    access = require_role(public_id, Role.VIEWER)
    t = access.tournament
    organiser = access.can(Role.ORGANISER)
    return render_template(
        "tournaments/show.html",
        access=access,
        unconfirmed=_unconfirmed(t),
        disputes=services.disputes(t) if organiser and t.needs_confirmation else [],
        resolve_form=ResolveForm(formdata=None),
        tables=pages.tables(t),
        bracket=pages.bracket_rounds(t),
        podium=pages.podium(t),
        tie_breaks=pages.tie_break_names(t),
        entrant_count=sum(1 for entry in services.entries(t) if not entry.withdrawn),
        format_notes=pages.format_notes(t),
        circuits=circuits_holding(t, current_user if current_user.is_authenticated else None),
        framing_form=_framing_form(t) if organiser else None,
    )


def _framing_form(tournament: Tournament) -> FramingForm:
    """The organiser's form of the sites that may frame the public results page."""
    return FramingForm(formdata=None, sites=framing_sites(tournament))


@bp.get("/<public_id>/history")
def history(public_id: str) -> ResponseReturnValue:
    """The tournament's history in words, newest first: who entered, corrected,
    confirmed, disputed and resolved each result, which corrections kept or replayed the
    later matches, which pairs were withdrawn (and taken back), and when."""
    access = require_role(public_id, Role.VIEWER)
    return render_template(
        "tournaments/history.html",
        access=access,
        lines=pages.tournament_history(access.tournament),
    )


@bp.route("/<public_id>/rules", methods=["GET", "POST"])
def house_rules(public_id: str) -> ResponseReturnValue:
    """Organiser: the tournament's house rules (the rule set with its options, the
    variants), changed from the next partita on; the history keeps every change."""
    access = require_role(public_id, Role.ORGANISER)
    t = access.tournament
    form = HouseRulesForm.of(t.rules, formdata=request.form if request.method == "POST" else None)
    form.format_key = t.format_key
    if request.method == "POST" and form.validate():
        if services.change_rules(t, form.chosen_rules(t.rules)):
            flash(_("Rules saved: they apply from the next partita."), "success")
        return _to(access, "tournaments.house_rules")
    history = rules_history(audit.Subject.tournament(t.id))
    page = render_template("tournaments/rules.html", access=access, form=form, history=history)
    return page, form.page_status


def _unconfirmed(tournament: Tournament) -> int:
    """How many of the tournament's results the standings do not count yet."""
    return services.unconfirmed_count(tournament) if tournament.needs_confirmation else 0


@bp.route("/<public_id>/entries", methods=["GET", "POST"])
def entries(public_id: str) -> ResponseReturnValue:
    """The entry list; for the organiser also the paste box, seeds, withdrawals, the draw
    and the start. POST: the organiser adds the pasted entries."""
    if request.method == "POST":
        return _add_entries(require_role(public_id, Role.ORGANISER))
    access = require_role(public_id, Role.VIEWER)
    return _entries_page(access, EntriesForm(), DrawForm())


def _entries_page(
    access: Access, form: EntriesForm, draw_form: DrawForm, status: int = 200
) -> ResponseReturnValue:
    t = access.tournament
    drawn = services.entrants(t) if t.seed is not None else []
    return (
        render_template(
            "tournaments/entries.html",
            access=access,
            form=form,
            draw_form=draw_form,
            entry_list=services.entries(t),
            drawn=drawn,
            groups=_groups(drawn),
            left_out=services.left_out(t) if t.status == Status.DRAWN.value else None,
            rotating=services.is_rotating(t),
        ),
        status,
    )


def _groups(drawn: list[Any]) -> list[tuple[str, list[Any]]]:
    groups: dict[int, list[Any]] = {}
    for row in drawn:
        if row.group_index is not None:
            groups.setdefault(row.group_index, []).append(row)
    return [
        (group_letter(index), sorted(groups[index], key=lambda r: r.group_place))
        for index in sorted(groups)
    ]


def _add_entries(access: Access) -> ResponseReturnValue:
    """Organiser: add the pasted entries (after the draw: a late entry, drawn again)."""
    form = EntriesForm()
    if form.validate_on_submit():
        try:
            added = services.add_entries(access.tournament, form.entries.data or "")
        except TournamentRefused as error:
            message = error_text(error)
            line = EntriesForm.line_of(error.field)
            if line is not None:
                message = _("Line %(line)d: %(message)s", line=line, message=message)
            form.add_errors({error.field: [message]})
        else:
            flash(_("Entries added: %(count)d.", count=len(added)), "success")
            return _to(access, "tournaments.entries")
    return _entries_page(access, form, DrawForm(), 422)


@bp.post("/<public_id>/entries/<int:entry_id>")
def set_entry(public_id: str, entry_id: int) -> ResponseReturnValue:
    """Organiser: seed an entry, or withdraw it (or take it back), before the start."""
    access = require_role(public_id, Role.ORGANISER)
    entry = get_in_tournament(Entry, access, entry_id)
    form = EntryForm()
    if not form.validate_on_submit():
        for messages in form.errors.values():
            for message in messages:
                flash(str(message), "error")
        return _to(access, "tournaments.entries")
    try:
        if form.action.data == "withdraw":
            services.set_entry(entry, withdrawn=not entry.withdrawn)
        else:
            services.set_entry(entry, seed=form.seed.data or 0)
    except TournamentRefused as error:
        _refused(error)
    else:
        flash(_("Entry saved."), "success")
    return _to(access, "tournaments.entries")


@bp.post("/<public_id>/draw")
def draw(public_id: str) -> ResponseReturnValue:
    """Organiser: draw (or draw again, until the start), from a new seed or the one typed."""
    access = require_role(public_id, Role.ORGANISER)
    form = DrawForm()
    if form.validate_on_submit():
        try:
            services.draw(access.tournament, seed=form.seed.data)
        except TournamentRefused as error:
            _refused(error, form)
        else:
            flash(_("Drawn with number %(seed)d.", seed=access.tournament.seed or 0), "success")
            return _to(access, "tournaments.entries")
    return _entries_page(access, EntriesForm(), form, 422)


@bp.post("/<public_id>/start")
def start(public_id: str) -> ResponseReturnValue:
    """Organiser: start the drawn tournament: round 1 at its tables."""
    access = require_role(public_id, Role.ORGANISER)
    if ButtonForm().validate_on_submit():
        try:
            services.start(access.tournament)
        except TournamentRefused as error:
            _refused(error)
            return _to(access, "tournaments.entries")
        flash(_("Started: round 1 is at its tables."), "success")
    return _to(access, "tournaments.rounds")


@bp.get("/<public_id>/rounds")
def rounds(public_id: str) -> ResponseReturnValue:
    """The rounds, the latest first: each table's match, state and live score; helpers
    also get each table's board and a result form."""
    access = require_role(public_id, Role.VIEWER)
    return _rounds_page(access)


def _rounds_page(
    access: Access, failed: tuple[int, ResultForm] | None = None, status: int = 200
) -> ResponseReturnValue:
    helper = access.can(Role.HELPER)
    if helper:
        mark_private()  # the table tokens open the games' edit pages
    views = pages.round_views(access.tournament, with_tokens=helper)
    forms: dict[int, ResultForm] = {}
    # A match waiting for its result carries the form for it; a finished one gets its
    # form when its "Correct the result" link asks for it (``?correct=<id>``), so the
    # page after every result does not carry a form for every match so far.
    asked = request.args.get("correct", type=int) if helper else None
    if helper:
        for view in views:
            for row in view.rows:
                waiting = row.state in (pages.WAITING, pages.PLAYING)
                if waiting or (row.match.id == asked and row.state != pages.BYE):
                    forms[row.match.id] = _result_form(row)
        if failed is not None:
            forms[failed[0]] = failed[1]
    t = access.tournament
    can_next = (
        access.can(Role.ORGANISER)
        and t.status == Status.RUNNING.value
        and bool(views)
        and views[0].stage.kind != "knockout"
        and not any(view.open for view in views)
    )
    return (
        render_template(
            "tournaments/rounds.html",
            access=access,
            views=views,
            forms=forms,
            helper=helper,
            asked=asked,
            can_next=can_next,
        ),
        status,
    )


def _result_form(row: pages.MatchRow) -> ResultForm:
    form = _result_form_class(row.match)(formdata=None)
    form.carry(row.match.result_version)
    if row.result is not None:
        form.fill(row.wins, row.score)
    return form


def _result_form_class(match: Match) -> type[ResultForm]:
    """The result form of the match's table: two sides or three."""
    return ThreeResultForm if match.third_id is not None else ResultForm


def _dispute_form_class(match: Match) -> type[DisputeForm | ThreeDisputeForm]:
    """The dispute form of the match's table: two sides or three."""
    return ThreeDisputeForm if match.third_id is not None else DisputeForm


@bp.post("/<public_id>/matches/<int:match_id>/result")
def result(public_id: str, match_id: int) -> ResponseReturnValue:
    """Helper: enter or correct a match's result by hand (the organiser's counts at once;
    a locked result only the organiser corrects, with a reason)."""
    access = require_role(public_id, Role.HELPER)
    match = get_in_tournament(Match, access, match_id)
    form = _result_form_class(match)()
    if form.validate_on_submit():
        later = services.Later(form.later.data) if form.later.data else None
        organiser = access.can(Role.ORGANISER)
        try:
            if later is not None and not organiser:
                raise TournamentRefused("correction_affects", "wins")
            services.enter_result(
                match,
                form.wins(),
                form.points(),
                current_user,
                organiser=organiser,
                reason=form.reason.data or "",
                seen=form.seen(),
                later=later,
            )
        except ResultChanged:
            return _result_changed(access, match, form)
        except services.CorrectionAffects as affects:
            if not organiser:
                _refused(affects, form)
                return _rounds_page(access, (match.id, form), 422)
            return _correction_page(access, match, form, affects)
        except TournamentRefused as error:
            _refused(error, form)
        else:
            _say_saved(access, match, later)
            return _to(access, "tournaments.rounds", _anchor=f"match-{match.id}")
    return _rounds_page(access, (match.id, form), 422)


def _say_saved(access: Access, match: Match, later: services.Later | None) -> None:
    """Say where the result was saved, what became of the later matches it affected, and
    what it waits for."""
    flash(_("Result saved: %(match)s.", match=match_label(match)), "success")
    if later is services.Later.REPLAY:
        flash(_("The later matches it changed were cleared, to be played again."), "info")
    elif later is services.Later.KEEP:
        flash(_("The later matches were kept as they were played."), "info")
    if access.tournament.needs_confirmation:
        flash(_confirmation_news(match), "info")


def _correction_page(
    access: Access, match: Match, form: ResultForm, affects: services.CorrectionAffects
) -> ResponseReturnValue:
    """The organiser's choice for a correction that changes who went on: the later
    matches it affects, named, and the corrected result sent again with "replay" or
    "keep" (nothing is stored until then)."""
    return render_template(
        "tournaments/correction.html",
        access=access,
        match=match,
        form=form,
        later=pages.later_matches(affects.matches),
        can_keep=affects.can_keep,
    )


def _result_changed(access: Access, match: Match, form: ResultForm) -> ResponseReturnValue:
    """Another phone changed the match's result since this form was drawn: the page again
    with the stored result in words, and the form keeping what was typed; it now carries
    the stored version, so sending it again replaces that result, knowingly."""
    form.carry(match.result_version)
    stored = services.result_of(match)
    if stored is None:
        message = _(
            "Meanwhile the result of this match was removed. Yours was not saved and is "
            "still in the form: check it, and save it again if it is the right one."
        )
    else:
        message = _(
            "Meanwhile a different result was saved for this match: %(result)s. Yours was "
            "not saved and is still in the form: check it, and save it again only if it is "
            "the right one.",
            result=pages.result_words(match, stored),
        )
    form.add_errors({"wins": [message]})
    return _rounds_page(access, (match.id, form), 409)


def _confirmation_news(match: Match) -> str:
    """What a result just saved waits for, in words."""
    row = pages.match_row(match)
    if row.counts and not row.confirmed_by:
        return _("Entered by the organiser: confirmed at once.")
    return pages.confirmation_text(row)


@bp.post("/<public_id>/matches/<int:match_id>/resolve")
def resolve(public_id: str, match_id: int) -> ResponseReturnValue:
    """Organiser: decide a disputed result (the version that stands), with a reason."""
    access = require_role(public_id, Role.ORGANISER)
    match = get_in_tournament(Match, access, match_id)
    form = ResolveForm()
    if form.validate_on_submit():
        try:
            services.resolve(
                match,
                take_disputed=form.version.data == "disputed",
                reason=form.reason.data or "",
                by=current_user,
            )
        except TournamentRefused as error:
            _refused(error)
        else:
            flash(_("Dispute of table %(table)s decided.", table=match.table_number), "success")
            return _to(access)
    else:
        for messages in form.errors.values():
            for message in messages:
                flash(str(message), "error")
    return _to(access, _anchor=f"dispute-{match.id}")


@bp.post("/<public_id>/next-round")
def next_round(public_id: str) -> ResponseReturnValue:
    """Organiser: the next round, once every result of this one is in."""
    access = require_role(public_id, Role.ORGANISER)
    form = NextRoundForm()
    if form.validate_on_submit():
        try:
            made = services.next_round(access.tournament, after=form.after.data)
        except RoundStarted as started:
            if started.knockout:
                flash(_("The knockout has already started."), "info")
            else:
                flash(_("Round %(number)d has already started.", number=started.number), "info")
            return _to(access, "tournaments.rounds", _anchor=f"round-{started.round_id}")
        except TournamentRefused as error:
            _refused(error)
        else:
            flash(_("Round %(number)d is at its tables.", number=made.number), "success")
    return _to(access, "tournaments.rounds")


# A pair that leaves --------------------------------------------------------------------


@bp.route("/<public_id>/entrants/<int:entrant_id>/withdraw", methods=["GET", "POST"])
def withdraw(public_id: str, entrant_id: int) -> ResponseReturnValue:
    """Organiser: withdraw a pair mid-tournament, its waiting matches lost by forfeit;
    GET: the page that asks to confirm, naming those matches."""
    access = require_role(public_id, Role.ORGANISER)
    entrant = get_in_tournament(Entrant, access, entrant_id)
    if request.method == "GET":
        return render_template(
            "tournaments/withdraw.html",
            access=access,
            entrant=entrant,
            waiting=pages.waiting_matches(entrant),
            rotating=services.is_rotating(access.tournament),
        )
    if ButtonForm().validate_on_submit():
        try:
            services.withdraw(entrant, current_user)
        except TournamentRefused as error:
            _refused(error)
        else:
            flash(_withdrawn_text(access.tournament, entrant), "success")
    return _to(access, "tournaments.entries", _anchor="in-play")


def _withdrawn_text(tournament: Tournament, entrant: Entrant) -> str:
    """What a withdrawal did: with rotating partners the player sits out from the next
    round on; otherwise the pair's matches still to play are lost by forfeit."""
    if services.is_rotating(tournament):
        return _(
            "Withdrawal of %(side)s recorded: seated no more from the next round.",
            side=Side(entrant.names),
        )
    return _(
        "Withdrawal of %(side)s recorded: the matches still to play are lost by forfeit.",
        side=Side(entrant.names),
    )


@bp.post("/<public_id>/entrants/<int:entrant_id>/return")
def undo_withdrawal(public_id: str, entrant_id: int) -> ResponseReturnValue:
    """Organiser: take a withdrawn pair back, while no round has been drawn since."""
    access = require_role(public_id, Role.ORGANISER)
    entrant = get_in_tournament(Entrant, access, entrant_id)
    if ButtonForm().validate_on_submit():
        try:
            services.undo_withdrawal(entrant, current_user)
        except TournamentRefused as error:
            _refused(error)
        else:
            back = side_gettext(
                "%(side)s is back in the tournament.",
                "%(side)s are back in the tournament.",
                Side(entrant.names),
            )
            flash(back, "success")
    return _to(access, "tournaments.entries", _anchor="in-play")


# Print pages and the screen -----------------------------------------------------------


@bp.get("/<public_id>/print/sheets")
def sheets(public_id: str) -> ResponseReturnValue:
    """Helper: one A4 score sheet per table of the current round, with the QR of its
    board (the table's edit link)."""
    access = require_role(public_id, Role.HELPER)
    mark_private()
    views = pages.current_rounds(pages.round_views(access.tournament, with_tokens=True))
    return render_template("tournaments/sheets.html", access=access, views=views)


@bp.get("/<public_id>/print/standings")
def print_standings(public_id: str) -> ResponseReturnValue:
    """The standings and the bracket, to print."""
    access = require_role(public_id, Role.VIEWER)
    t = access.tournament
    return render_template(
        "tournaments/print_standings.html",
        access=access,
        unconfirmed=_unconfirmed(t),
        tables=pages.tables(t),
        bracket=pages.bracket_rounds(t),
        podium=pages.podium(t),
        tie_breaks=pages.tie_break_names(t),
    )


@bp.get("/<public_id>/screen")
def screen(public_id: str) -> ResponseReturnValue:
    """The screen at the venue: it cycles through the round being played, each group's
    table, the bracket, the standings and the prizes, with the round clock; an unchanged
    screen answers 304 (`scorekeeper.tournaments.venue`)."""
    return screen_page(require_role(public_id, Role.VIEWER))


# Data out ---------------------------------------------------------------------------


def _download(access: Access, body: str, mimetype: str, filename: str) -> Response:
    """An export as a download, never cached when the tournament is private."""
    if not access.tournament.is_public:
        mark_private()
    return Response(
        body,
        mimetype=mimetype,
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@bp.get("/<public_id>/export/<table>.csv")
def export_csv(public_id: str, table: str) -> ResponseReturnValue:
    """The entrants, the matches or the standings as CSV."""
    access = require_role(public_id, Role.VIEWER)
    if table not in transfer.CSV_TABLES:
        abort(404)
    body = transfer.csv_table(access.tournament, table)
    return _download(access, body, "text/csv", f"tournament-{table}.csv")


@bp.get("/<public_id>/export.json")
def export_json(public_id: str) -> ResponseReturnValue:
    """The whole tournament (entrants, matches, standings) as JSON."""
    access = require_role(public_id, Role.VIEWER)
    body = json.dumps(transfer.export_data(access.tournament), ensure_ascii=False, indent=1)
    return _download(access, body, "application/json", "tournament.json")


# A table's sheet link -----------------------------------------------------------------


@bp.get("/table/<token>")
def table(token: str) -> ResponseReturnValue:
    """The link of a table's score sheet (no account needed: the token is the key): the
    board of the match's partita on now, so one printed QR serves a best of N."""
    mark_private()
    game = resolve_match_token(token)
    if game is None:
        abort(404)
    response = redirect(board_url(table_edit_token(game)))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/table/<token>/qr.svg")
def table_qr(token: str) -> ResponseReturnValue:
    """The QR code of a table's sheet link."""
    mark_private()
    if resolve_match_token(token) is None:
        abort(404)
    svg = qr_svg(url_for("tournaments.table", token=token, _external=True))
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


# A side's link: enter the result, confirm or dispute it ---------------------------------


def _side_of(token: str) -> tuple[Match, int]:
    """The match and side of a side link (404 for one not current, or of a tournament
    that asks for no confirmation: its results are entered on the round page; in a
    league's tournament, only for a league member)."""
    mark_private()
    found = resolve_side_token(token)
    if found is None:
        abort(404)
    tournament = pages.tournament_of(found[0])
    if not tournament.needs_confirmation:
        abort(404)
    require_side_holder(tournament)
    audit.note_link(audit.LinkKind.SIDE, side=found[1])
    return found


def _user() -> Any:
    """The account signed in, if any (a side's link needs none)."""
    return current_user if current_user.is_authenticated else None


@bp.get("/side/<token>")
def side(token: str) -> ResponseReturnValue:
    """A side's own link to its match (no account needed: the token is the key): the
    result to enter, or the one entered to confirm or dispute, for this side or, the
    phone passed across, for another."""
    match, side_index = _side_of(token)
    return _side_page(token, match, side_index)


def _side_page(
    token: str,
    match: Match,
    side_index: int,
    *,
    result_form: ResultForm | None = None,
    dispute: tuple[int, ResultForm] | None = None,
    status: int = 200,
) -> ResponseReturnValue:
    row = pages.match_row(match)
    played = services.match_games(match)
    if result_form is None:
        result_form = _result_form_class(match)(formdata=None)
    disputes: dict[int, ResultForm] = {}
    for awaited in row.awaiting:
        disputes[awaited] = _dispute_form_class(match)(formdata=None, side=awaited)
    if dispute is not None:
        disputes[dispute[0]] = dispute[1]
    response = render_template(
        "tournaments/side.html",
        token=token,
        row=row,
        side=side_index,
        tournament=pages.tournament_of(match),
        where=match_label(match),
        sheet_token=match_table_token(match, played[0]) if played else None,
        result_form=_result_form_class(match)(formdata=None)
        if result_form is None
        else result_form,
        disputes=disputes,
    )
    return response, status


@bp.post("/side/<token>/result")
def side_result(token: str) -> ResponseReturnValue:
    """A side enters (or, until confirmed, corrects) its match's result: it awaits the
    other side's confirmation; the very result the other side entered confirms it."""
    match, side_index = _side_of(token)
    form = _result_form_class(match)()
    if form.validate_on_submit():
        try:
            services.enter_result(match, form.wins(), form.points(), _user(), side=side_index)
        except TournamentRefused as error:
            _refused(error, form)
        else:
            flash(_("Result of table %(table)s saved.", table=match.table_number), "success")
            return redirect(url_for("tournaments.side", token=token))
    return _side_page(token, match, side_index, result_form=form, status=422)


@bp.get("/side/<token>/csrf")
def side_csrf(token: str) -> ResponseReturnValue:
    """A fresh CSRF token for a confirmation kept on the phone while offline."""
    _side_of(token)
    return csrf_answer(generate_csrf())


@bp.post("/side/<token>/confirm")
def side_confirm(token: str) -> ResponseReturnValue:
    """A side confirms the result (its own link, or the phone passed across: the side
    that taps is the form's); a second tap finds it confirmed. The phone's outbox (a
    confirmation kept without signal, static/js/outbox.js) asks for JSON."""
    match, side_index = _side_of(token)
    form = ConfirmForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        services.confirm(match, int(form.side.data or 0), through=side_index, by=_user())
    except TournamentRefused as error:
        if wants_json():
            return confirmed_answer(0, error_text(error), locked=False, refused=True)
        _refused(error)
    else:
        if wants_json():
            return confirmed_answer(0, _("Result confirmed."), locked=True)
        flash(_("Result confirmed."), "success")
    return redirect(url_for("tournaments.side", token=token))


@bp.post("/side/<token>/dispute")
def side_dispute(token: str) -> ResponseReturnValue:
    """A side disputes the result, saying what it was: locked until the organiser
    decides."""
    match, side_index = _side_of(token)
    form = _dispute_form_class(match)()
    if form.validate_on_submit():
        try:
            services.dispute(
                match, int(form.side.data or 0), form.wins(), form.points(), through=side_index
            )
        except TournamentRefused as error:
            _refused(error, form)
        else:
            flash(_("Result disputed: the organiser decides."), "success")
            return redirect(url_for("tournaments.side", token=token))
    awaited = form.side.data if isinstance(form.side.data, int) else 0
    return _side_page(token, match, side_index, dispute=(awaited, form), status=422)


@bp.get("/side/<token>/qr.svg")
def side_qr(token: str) -> ResponseReturnValue:
    """The QR code of a side's link."""
    _side_of(token)
    svg = qr_svg(url_for("tournaments.side", token=token, _external=True))
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


# Members ------------------------------------------------------------------------------


@bp.route("/<public_id>/members", methods=["GET", "POST"])
def members(public_id: str) -> ResponseReturnValue:
    """Organiser: the members and their roles; POST: add a helper (enters results) or a
    viewer by username."""
    access = require_role(public_id, Role.ORGANISER)
    if request.method == "POST":
        return _add_member(access)
    return _members_page(access, MemberForm())


def _members_page(access: Access, form: MemberForm, status: int = 200) -> ResponseReturnValue:
    rows = pages.members_named(access.tournament)
    return render_template("tournaments/members.html", access=access, form=form, rows=rows), status


def _add_member(access: Access) -> ResponseReturnValue:
    """Make an account a helper or a viewer."""
    form = MemberForm()
    if form.validate_on_submit():
        user = accounts.find_user(form.username.data or "")
        if user is None:
            form.add_errors({"username": [error_text(TournamentRefused("no_such_user"))]})
        else:
            try:
                services.set_member(access.tournament, user, Role.parse(form.role.data))
            except TournamentRefused as error:
                _refused(error, form)
            else:
                flash(_("%(name)s added.", name=user.username), "success")
                return _to(access, "tournaments.members")
    return _members_page(access, form, 422)


@bp.post("/<public_id>/members/<int:member_id>/remove")
def remove_member(public_id: str, member_id: int) -> ResponseReturnValue:
    """Organiser: take a member out of the tournament."""
    access = require_role(public_id, Role.ORGANISER)
    member = get_in_tournament(Member, access, member_id)
    if not ButtonForm().validate_on_submit():
        abort(400)
    try:
        services.remove_member(member)
    except TournamentRefused as error:
        _refused(error)
    else:
        flash(_("Member removed."), "success")
    return _to(access, "tournaments.members")


# A match's result sheet and its check -------------------------------------------------


@bp.get("/<public_id>/matches/<int:match_id>/sheet")
def match_sheet(public_id: str, match_id: int) -> ResponseReturnValue:
    """Anyone who reads the tournament: a match's result sheet to print (every hand, who
    entered and changed it, the history), with the QR of the page that checks it."""
    access = require_role(public_id, Role.VIEWER)
    match = get_in_tournament(Match, access, match_id)
    made = result_sheets.match_sheet(access.tournament, match)
    printed_at = utcnow()
    signature = audit_sheet.sign(made.key, made.sheet.parts, printed_at)
    check_url = url_for(
        "tournaments.check_match_sheet",
        public_id=public_id,
        match_id=match_id,
        signature=signature,
        _external=True,
    )
    return render_template(
        "audit/sheet.html",
        title=made.title,
        table=made.table,
        sides=made.sides,
        sheet=made.sheet,
        qr=Markup(qr_svg(check_url).decode()),  # noqa: S704  (the QR's own SVG)
        check_url=check_url,
        printed_at=printed_at,
        back_url=url_for("tournaments.rounds", public_id=public_id, _anchor=f"match-{match_id}"),
    )


@bp.get("/<public_id>/matches/<int:match_id>/sheet/<signature>")
def check_match_sheet(public_id: str, match_id: int, signature: str) -> ResponseReturnValue:
    """Anyone who reads the tournament: whether a printed result sheet is authentic and
    unchanged since it was printed (a signature this app did not make: refused, 404)."""
    access = require_role(public_id, Role.VIEWER)
    match = get_in_tournament(Match, access, match_id)
    made = result_sheets.match_sheet(access.tournament, match)
    try:
        verdict = audit_sheet.check(signature, made.key, made.sheet.parts)
    except audit_sheet.SheetRefused:
        return render_template("audit/check.html", title=made.title, verdict=None), 400
    return render_template(
        "audit/check.html",
        title=made.title,
        verdict=verdict,
        labels=[made.part_label(key) for key in verdict.changed],
        added=[made.part_label(key) for key in verdict.added],
        missing=[made.part_label(key) for key in verdict.missing],
        sheet_url=url_for("tournaments.match_sheet", public_id=public_id, match_id=match_id),
    )
