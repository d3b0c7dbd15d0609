"""Views of the `leagues` blueprint. Every route that touches a league starts with
`require_role` (see `scorekeeper/leagues/access.py`); ids inside a league go through
`get_in_league`."""

from __future__ import annotations

from datetime import date

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import format_date
from flask_limiter import RequestLimit
from flask_login import current_user, login_required
from markupsafe import Markup
from werkzeug.exceptions import HTTPException

from scorekeeper import audit
from scorekeeper.accounts.forms import SignupForm
from scorekeeper.accounts.views import limit_sign_ups, sign_up
from scorekeeper.audit import sheet as audit_sheet
from scorekeeper.audit.rules import rules_history
from scorekeeper.errors import handle_error
from scorekeeper.extensions import limiter
from scorekeeper.games import services as games
from scorekeeper.games.board import board_url
from scorekeeper.games.confirmation import side_token
from scorekeeper.games.cookies import remember_game
from scorekeeper.games.models import Game
from scorekeeper.games.qr import qr_response, qr_svg
from scorekeeper.grammar import gettext as _
from scorekeeper.leagues import evenings, imports, services, standings, transfer
from scorekeeper.leagues import games as league_games
from scorekeeper.leagues.access import Access, get_in_league, require_role
from scorekeeper.leagues.chart import rating_chart
from scorekeeper.leagues.commands import leagues_cli
from scorekeeper.leagues.demo import seed_demo_command
from scorekeeper.leagues.errors import LeagueError
from scorekeeper.leagues.forms import (
    INVITED_ROLES,
    AttachGameForm,
    HeadToHeadForm,
    ImportForm,
    InvitationForm,
    LeagueForm,
    LinkPlayerForm,
    MemberRoleForm,
    PlayerForm,
    SeasonForm,
    StartGameForm,
    error_text,
    not_imported,
)
from scorekeeper.leagues.imports import ImportBusy
from scorekeeper.leagues.models import Invitation, Membership, Player, Role, Season
from scorekeeper.models import utcnow
from scorekeeper.private import mark_private
from scorekeeper.ui.choices import SelectChoice
from scorekeeper.ui.forms import AppForm, ButtonForm, show_refusal
from scorekeeper.ui.text import bounded_int

#: Largest league file an import accepts (SCOREKEEPER_LEAGUE_IMPORT_MAX_BYTES to change it):
#: room for `transfer.MAX_HANDS` hands entered card by card (about 3.2 MB).
IMPORT_MAX_BYTES = 4 * 1024 * 1024
#: Imports one user may start (LEAGUE_IMPORT_RATE_LIMIT to change it).
IMPORT_RATE_LIMIT = "5 per minute;20 per day"

bp = Blueprint("leagues", __name__, url_prefix="/leagues", cli_group=None)
bp.cli.add_command(seed_demo_command)
bp.cli.add_command(leagues_cli)


@bp.context_processor
def inject_roles() -> dict[str, object]:
    """Give the league templates the roles and their names in the current language."""
    return {
        "Role": Role,
        "role_names": {"owner": _("owner"), "scorer": _("scorer"), "viewer": _("viewer")},
    }


def _to_league(access: Access, endpoint: str = "leagues.show") -> ResponseReturnValue:
    return redirect(url_for(endpoint, public_id=access.league.public_id))


def _refused(error: LeagueError, form: AppForm | None = None) -> None:
    """Show a refused action next to its field, or as a flash message."""
    show_refusal(error.field, error_text(error), form)


@bp.get("/")
@login_required
def index() -> ResponseReturnValue:
    """The leagues of the logged-in user."""
    return render_template("leagues/index.html", leagues=services.leagues_of(current_user))


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new() -> ResponseReturnValue:
    """Create a league; its creator is its owner."""
    form = LeagueForm()
    if form.validate_on_submit():
        league = services.create_league(current_user, form.setup())
        flash(_("League created. Add its players, then invite the others."), "success")
        return redirect(url_for("leagues.players", public_id=league.public_id))
    return render_template("leagues/edit.html", form=form, access=None), form.page_status


@bp.route("/<public_id>/settings", methods=["GET", "POST"])
def settings(public_id: str) -> ResponseReturnValue:
    """Owner: change the league's name, visibility and default rules."""
    access = require_role(public_id, Role.OWNER)
    form = LeagueForm.of(access.league)
    if form.validate_on_submit():
        services.update_league(access.league, form.setup())
        flash(_("Settings saved."), "success")
        return _to_league(access)
    history = rules_history(audit.Subject.league(access.league.id))
    return render_template(
        "leagues/edit.html", form=form, access=access, rules_history=history
    ), form.page_status


# Members and invitations ------------------------------------------------------------


@bp.get("/<public_id>/members")
def members(public_id: str) -> ResponseReturnValue:
    """Owner: the members, their roles, and the invitation links."""
    access = require_role(public_id, Role.OWNER)
    return _members_page(access, InvitationForm())


def _members_page(access: Access, invite_form: InvitationForm, new_token: str | None = None) -> str:
    return render_template(
        "leagues/members.html",
        access=access,
        members=services.members(access.league),
        invitations=services.invitations(access.league),
        invite_form=invite_form,
        role_form=MemberRoleForm(),
        new_link=url_for("leagues.join", token=new_token, _external=True) if new_token else None,
        new_qr=url_for("leagues.invitation_qr", token=new_token) if new_token else None,
    )


@bp.post("/<public_id>/invitations")
def invite(public_id: str) -> ResponseReturnValue:
    """Owner: create an invitation link (shown once, on this page)."""
    access = require_role(public_id, Role.OWNER)
    form = InvitationForm()
    token = None
    if form.validate_on_submit():
        token = services.create_invitation(access.league, Role.parse(form.role.data), current_user)
    return _members_page(access, form, token), (200 if token else 422)


@bp.get("/join/<token>/qr.svg")
def invitation_qr(token: str) -> ResponseReturnValue:
    """The QR code of an invitation link that still works (to show on the owner's phone)."""
    mark_private()
    if services.find_invitation(token) is None:
        abort(404)
    return qr_response(url_for("leagues.join", token=token, _external=True))


@bp.post("/<public_id>/invitations/<int:invitation_id>/revoke")
def revoke(public_id: str, invitation_id: int) -> ResponseReturnValue:
    """Owner: make an invitation link stop working."""
    access = require_role(public_id, Role.OWNER)
    invitation = get_in_league(Invitation, access, invitation_id)
    if ButtonForm().validate_on_submit():
        services.revoke_invitation(invitation)
        flash(_("The invitation link no longer works."), "success")
    return _to_league(access, "leagues.members")


@bp.post("/<public_id>/members/<int:membership_id>/role")
def member_role(public_id: str, membership_id: int) -> ResponseReturnValue:
    """Owner: make a member a scorer or a viewer."""
    access = require_role(public_id, Role.OWNER)
    membership = get_in_league(Membership, access, membership_id)
    form = MemberRoleForm()
    if form.validate_on_submit():
        try:
            services.set_member_role(membership, Role.parse(form.role.data))
        except LeagueError as err:
            _refused(err)
        else:
            flash(_("Role changed."), "success")
    else:
        abort(400)
    return _to_league(access, "leagues.members")


@bp.post("/<public_id>/members/<int:membership_id>/remove")
def member_remove(public_id: str, membership_id: int) -> ResponseReturnValue:
    """Owner: take a member out of the league."""
    access = require_role(public_id, Role.OWNER)
    membership = get_in_league(Membership, access, membership_id)
    if ButtonForm().validate_on_submit():
        try:
            services.remove_member(membership)
        except LeagueError as err:
            _refused(err)
        else:
            flash(_("Member removed."), "success")
    return _to_league(access, "leagues.members")


def _logged_in() -> bool:
    """Whether the browser is logged in (an invitation then creates no account)."""
    return bool(current_user.is_authenticated)


@bp.route("/join/<token>", methods=["GET", "POST"])
@limit_sign_ups(exempt_when=_logged_in)
def join(token: str) -> ResponseReturnValue:
    """Open an invitation link: the league, who invites and the role; join it with one tap,
    or (logged out) create an account on the same page and land in the league."""
    mark_private()
    invitation = services.find_invitation(token)
    signup = None if _logged_in() else SignupForm()
    form: AppForm = ButtonForm() if signup is None else signup
    if invitation is None:
        return render_template("leagues/join.html", invitation=None, form=form), 404
    if form.validate_on_submit():
        user = current_user if signup is None else sign_up(signup)
        if user is not None:
            try:
                league = services.accept_invitation(token, user)
            except LeagueError as err:
                _refused(err)
                return render_template("leagues/join.html", invitation=None, form=form), 409
            flash(_("You joined %(league)s.", league=league.name), "success")
            return redirect(url_for("leagues.show", public_id=league.public_id))
    return render_template(
        "leagues/join.html",
        invitation=invitation,
        league=services.invited_to(invitation),
        form=form,
        invited_roles=INVITED_ROLES,
        login_url=url_for("accounts.login", next=url_for("leagues.join", token=token)),
    ), form.page_status


# Players ------------------------------------------------------------------------------


@bp.route("/<public_id>/players", methods=["GET", "POST"])
def players(public_id: str) -> ResponseReturnValue:
    """The league's players; a scorer adds new ones here."""
    need = Role.SCORER if request.method == "POST" else Role.VIEWER
    access = require_role(public_id, need)
    form = PlayerForm()
    if request.method == "POST" and form.validate_on_submit():
        try:
            player = services.add_player(access.league, form.name.data or "")
        except LeagueError as err:
            _refused(err, form)
        else:
            flash(_("%(name)s added.", name=player.name), "success")
            return _to_league(access, "leagues.players")
    roster = services.players(access.league)
    return render_template(
        "leagues/players.html",
        access=access,
        players=roster,
        form=form,
        my_player=_my_player(roster),
    ), form.page_status


def _my_player(roster: list[Player]) -> Player | None:
    if not current_user.is_authenticated:
        return None
    return next((p for p in roster if p.user_id == current_user.id), None)


@bp.post("/<public_id>/players/<int:player_id>/claim")
def claim(public_id: str, player_id: int) -> ResponseReturnValue:
    """A member: "this player is me" (links the player to the member's account)."""
    access = require_role(public_id, Role.VIEWER)
    if access.role is None:
        abort(403)
    player = get_in_league(Player, access, player_id)
    if ButtonForm().validate_on_submit():
        try:
            services.claim_player(player, current_user)
        except LeagueError as err:
            _refused(err)
        else:
            flash(_("%(name)s is now linked to your account.", name=player.name), "success")
    return _to_league(access, "leagues.players")


@bp.route("/<public_id>/players/<int:player_id>/link", methods=["GET", "POST"])
def link(public_id: str, player_id: int) -> ResponseReturnValue:
    """Owner: link a player to a member's account, or unlink it (choice 0)."""
    access = require_role(public_id, Role.OWNER)
    player = get_in_league(Player, access, player_id)
    form = LinkPlayerForm()
    members = services.members(access.league)
    form.setup(members, _("Nobody"))
    if request.method == "GET":
        form.user.data = player.user_id or 0
    if form.validate_on_submit():
        try:
            services.link_player(player, form.chosen_user(members))
        except LeagueError as err:
            _refused(err, form)
        else:
            flash(_("Saved."), "success")
            return _to_league(access, "leagues.players")
    return render_template(
        "leagues/link.html", access=access, player=player, form=form
    ), form.page_status


# Seasons ------------------------------------------------------------------------------


@bp.route("/<public_id>/seasons", methods=["GET", "POST"])
def seasons(public_id: str) -> ResponseReturnValue:
    """The league's seasons; the owner adds new ones here."""
    need = Role.OWNER if request.method == "POST" else Role.VIEWER
    access = require_role(public_id, need)
    form = SeasonForm()
    if request.method == "POST" and form.validate_on_submit():
        try:
            services.create_season(access.league, form.name.data or "", *form.date_range())
        except LeagueError as err:
            _refused(err, form)
        else:
            flash(_("Season added."), "success")
            return _to_league(access, "leagues.seasons")
    return render_template(
        "leagues/seasons.html",
        access=access,
        seasons=services.seasons(access.league),
        form=form,
    ), form.page_status


@bp.post("/<public_id>/seasons/<int:season_id>/archive")
def archive(public_id: str, season_id: int) -> ResponseReturnValue:
    """Owner: archive a finished season (it stays readable), or reopen it."""
    access = require_role(public_id, Role.OWNER)
    season = get_in_league(Season, access, season_id)
    if ButtonForm().validate_on_submit():
        services.set_season_archived(season, not season.archived)
        flash(_("Season archived.") if season.archived else _("Season reopened."), "success")
    return _to_league(access, "leagues.seasons")


# League games, standings and player pages -------------------------------------------


def _season_arg(access: Access) -> Season | None:
    """The season picked with `?season=<id>` (an id of another league counts as none)."""
    return standings.season_of(access.league.id, request.args.get("season", type=bounded_int))


@bp.get("/<public_id>/")
def show(public_id: str) -> ResponseReturnValue:
    """The league's home page: standings (a season or all time), pairs, latest games."""
    access = require_role(public_id, Role.VIEWER)
    season = _season_arg(access)
    return render_template(
        "leagues/show.html",
        access=access,
        season=season,
        seasons=services.seasons(access.league),
        lines=standings.standings(access.league.id, season),
        pairs=standings.pairs(access.league.id, season),
        games=league_games.league_games(access.league, limit=10),
        unconfirmed=standings.unconfirmed(access.league.id),
        disputes=_disputes(access),
        to_confirm=_to_confirm(access),
        evening_of=evenings.evening_of,
    )


def _disputes(access: Access) -> list[tuple[league_games.HandToSee, str]]:
    """The league's disputed hands with their referee's page (scorers and owner)."""
    if not access.can(Role.SCORER):
        return []
    return [
        (hand, url_for("games.resolve", token=_scorer_token(hand.game), number=hand.number))
        for hand in league_games.disputed_hands(access.league)
    ]


def _scorer_token(game: Game) -> str:
    return league_games.league_edit_token(game, current_user.id)


def _to_confirm(access: Access) -> list[tuple[league_games.HandToSee, str]]:
    """The hands awaiting the signed-in player's side, with their side's own link."""
    if access.role is None:
        return []
    return [
        (hand, url_for("games.side", token=side_token(hand.game, hand.side or 0)))
        for hand in league_games.awaiting_user(access.league, current_user.id)
    ]


@bp.route("/<public_id>/games/new", methods=["GET", "POST"])
def start_game(public_id: str) -> ResponseReturnValue:
    """Scorer: start a game with the league's rules and players (or new names)."""
    access = require_role(public_id, Role.SCORER)
    roster = services.players(access.league)
    form = StartGameForm()
    fmt = access.league.rules.format
    form.setup(
        fmt.players,
        [SelectChoice("0", _("New name…"))] + [SelectChoice(str(p.id), p.name) for p in roster],
        _("Seat %(seat)s"),
    )
    if form.validate_on_submit():
        try:
            _game, token = league_games.start_game(
                access.league, form.seats(roster), form.chosen_dealer()
            )
        except LeagueError as err:
            _refused(err)
        else:
            response = redirect(board_url(token))
            remember_game(response, token)
            return response
    return render_template(
        "leagues/start_game.html", access=access, form=form, fmt=fmt
    ), form.page_status


@bp.route("/<public_id>/games/attach", methods=["GET", "POST"])
def attach_game(public_id: str) -> ResponseReturnValue:
    """Scorer: bring a casual game into the league with its edit link."""
    access = require_role(public_id, Role.SCORER)
    form = AttachGameForm()
    if form.validate_on_submit():
        try:
            league_games.attach_game(access.league, form.edit_token())
        except LeagueError as err:
            _refused(err, form)
        else:
            flash(_("The game is now part of the league."), "success")
            return _to_league(access)
    return render_template("leagues/attach_game.html", access=access, form=form), form.page_status


@bp.get("/<public_id>/games/<int:game_id>/edit")
def open_game(public_id: str, game_id: int) -> ResponseReturnValue:
    """Scorer: open a league game's score sheet to record or correct hands."""
    access = require_role(public_id, Role.SCORER)
    game = get_in_league(Game, access, game_id)
    token = league_games.league_edit_token(game, current_user.id)
    return redirect(board_url(token))


@bp.get("/<public_id>/games/<int:game_id>/links")
def game_links(public_id: str, game_id: int) -> ResponseReturnValue:
    """Owner: a league game's links, and the buttons that replace them."""
    access = require_role(public_id, Role.OWNER)
    return _game_links_page(access, get_in_league(Game, access, game_id))


@bp.post("/<public_id>/games/<int:game_id>/links/<kind>")
def reissue_link(public_id: str, game_id: int, kind: str) -> ResponseReturnValue:
    """Owner: give a league game a new edit (or view) link, revoking the old one; a new
    edit link is shown once, on this page."""
    access = require_role(public_id, Role.OWNER)
    game = get_in_league(Game, access, game_id)
    if kind not in ("edit", "view"):
        abort(404)
    if not ButtonForm().validate_on_submit():
        return _game_links_page(access, game), 400
    if kind == "view":
        games.new_view_link(game)
        flash(_("The game has a new view link; the old one no longer works."), "success")
        return _game_links_page(access, game)
    token = games.new_edit_link(game)
    flash(
        _(
            "The game has a new edit link: the old one, and every edit link a scorer opened "
            "before, no longer work."
        ),
        "success",
    )
    return _game_links_page(access, game, url_for("games.scoreboard", token=token, _external=True))


def _game_links_page(access: Access, game: Game, new_edit_link: str | None = None) -> str:
    return render_template(
        "leagues/game_links.html",
        access=access,
        game=game,
        view_link=url_for("games.view", token=game.view_token, _external=True),
        new_edit_link=new_edit_link,
    )


@bp.get("/<public_id>/players/<int:player_id>")
def player(public_id: str, player_id: int) -> ResponseReturnValue:
    """A player's page: statistics, rating over time, results, head-to-head."""
    access = require_role(public_id, Role.VIEWER)
    found = get_in_league(Player, access, player_id)
    season = _season_arg(access)
    h2h_form = HeadToHeadForm(request.args)
    h2h_form.setup(services.players(access.league), found)
    against = h2h_form.chosen()
    page = services.player_page(found, season, against)
    return render_template(
        "leagues/player.html",
        access=access,
        player=found,
        season=season,
        seasons=services.seasons(access.league),
        line=page.line,
        chart=rating_chart(page.history, _("Rating of %(name)s over time", name=found.name)),
        rated_games=len(page.history),
        rating=page.rating,
        results=page.results,
        h2h_form=h2h_form,
        against=against,
        h2h=page.head_to_head,
        unconfirmed=standings.unconfirmed(access.league.id, found.id),
    )


# Data in, data out -----------------------------------------------------------------


def _csv(text: str, filename: str) -> Response:
    return Response(
        text,
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@bp.get("/<public_id>/standings.csv")
def standings_csv(public_id: str) -> ResponseReturnValue:
    """The standings (of `?season=` or all time) as CSV."""
    access = require_role(public_id, Role.VIEWER)
    season = _season_arg(access)
    lines = standings.standings(access.league.id, season)
    return _csv(transfer.standings_csv(lines), "standings.csv")


@bp.get("/<public_id>/results.csv")
def results_csv(public_id: str) -> ResponseReturnValue:
    """Every finished game of the league as CSV."""
    access = require_role(public_id, Role.VIEWER)
    return _csv(transfer.results_csv(access.league), "results.csv")


@bp.get("/<public_id>/export.json")
def export_json(public_id: str) -> ResponseReturnValue:
    """Owner: the whole league as JSON (players, seasons, games, hands as entered)."""
    access = require_role(public_id, Role.OWNER)
    response = jsonify(transfer.export_league(access.league))
    response.headers["Content-Disposition"] = 'attachment; filename="league.json"'
    return response


@bp.url_value_preprocessor
def _import_size_limit(endpoint: str | None, _values: dict[str, object] | None) -> None:
    """Let an import be larger than other requests (this runs before the CSRF check reads
    the body, so the limit applies to the upload itself)."""
    if endpoint == "leagues.import_league":
        limit = current_app.config.get("LEAGUE_IMPORT_MAX_BYTES", IMPORT_MAX_BYTES)
        request.max_content_length = limit


def _importer_key() -> str:
    """Rate-limit key of an import: the logged-in user (anonymous posts go to log in)."""
    return f"import-user:{current_user.get_id()}"


def _imports_limited(_limit: RequestLimit) -> Response:
    """The import page again, saying to wait, when a user's imports hit their limit."""
    form = ImportForm(formdata=None)
    form.add_errors({"file": [not_imported(_("Too many imports in a short time: wait a bit."))]})
    return Response(render_template("leagues/import.html", form=form), 429)


@bp.errorhandler(429)
def _limited(error: HTTPException) -> ResponseReturnValue:
    """A limit's own page when it has one (`_imports_limited`), else the app's."""
    return error.response if error.response is not None else handle_error(error)


@bp.route("/import", methods=["GET", "POST"])
@login_required
@limiter.limit(
    lambda: str(current_app.config.get("LEAGUE_IMPORT_RATE_LIMIT", IMPORT_RATE_LIMIT)),
    key_func=_importer_key,
    methods=["POST"],
    exempt_when=lambda: not current_user.is_authenticated,
    on_breach=_imports_limited,
)
def import_league() -> ResponseReturnValue:
    """Create a new league, owned by you, from an exported JSON file (all or nothing):
    the file's shape is checked here, its league written by the job queue, followed on
    `import_progress`."""
    form = ImportForm()
    if form.validate_on_submit():
        try:
            job_id = transfer.queue_import(form.document, current_user)
        except transfer.ImportRefused as err:
            form.add_errors({"file": [not_imported(err.message())]})
        except ImportBusy:
            busy = _("An import of yours is already running: try again when it has finished.")
            form.add_errors({"file": [not_imported(busy)]})
            return render_template("leagues/import.html", form=form), 409
        else:
            transfer.enqueue_import(job_id)
            return redirect(url_for("leagues.import_progress", job_id=job_id))
    return render_template("leagues/import.html", form=form), form.page_status


@bp.get("/imports/<int:job_id>")
@login_required
def import_progress(job_id: int) -> ResponseReturnValue:
    """Your import: its progress while it runs (the page reloads itself), then its
    league, or why nothing was imported with the form to send the file again."""
    job = imports.progress(job_id, current_user.id)
    if job is None:
        abort(404)
    if job.status == imports.DONE and job.league is not None:
        flash(_("League imported."), "success")
        return redirect(url_for("leagues.show", public_id=job.league.public_id))
    if job.status == imports.FAILED and job.error is not None:
        form = ImportForm(formdata=None)
        form.add_errors({"file": [not_imported(transfer.failure_message(job.error))]})
        return render_template("leagues/import.html", form=form), 422
    return render_template("leagues/import_progress.html", job=job)


# An evening's result sheet and its check ----------------------------------------------


def _evening(access: Access, day: str) -> evenings.EveningSheet:
    try:
        when = date.fromisoformat(day)
    except ValueError:
        abort(404)
    return evenings.evening_sheet(access.league, when)


@bp.get("/<public_id>/evenings/<day>/sheet")
def evening_sheet(public_id: str, day: str) -> ResponseReturnValue:
    """Anyone who reads the league: the result sheet of its games of one day, to print
    (every hand, who entered and changed it), with the QR of the page that checks it."""
    access = require_role(public_id, Role.VIEWER)
    made = _evening(access, day)
    printed_at = utcnow()
    signature = audit_sheet.sign(made.key, made.sheet.parts, printed_at)
    check_url = url_for(
        "leagues.check_evening_sheet",
        public_id=public_id,
        day=made.day.isoformat(),
        signature=signature,
        _external=True,
    )
    return render_template(
        "audit/sheet.html",
        title=_("%(league)s, %(date)s", league=made.title, date=format_date(made.day)),
        table=None,
        sides=(),
        sheet=made.sheet,
        qr=Markup(qr_svg(check_url).decode()),  # noqa: S704  (the QR's own SVG)
        check_url=check_url,
        printed_at=printed_at,
        back_url=url_for("leagues.show", public_id=public_id),
    )


@bp.get("/<public_id>/evenings/<day>/sheet/<signature>")
def check_evening_sheet(public_id: str, day: str, signature: str) -> ResponseReturnValue:
    """Anyone who reads the league: whether a printed evening's sheet is authentic and
    unchanged since it was printed (a signature this app did not make: refused)."""
    access = require_role(public_id, Role.VIEWER)
    made = _evening(access, day)
    title = _("%(league)s, %(date)s", league=made.title, date=format_date(made.day))
    try:
        verdict = audit_sheet.check(signature, made.key, made.sheet.parts)
    except audit_sheet.SheetRefused:
        return render_template("audit/check.html", title=title, verdict=None), 400
    return render_template(
        "audit/check.html",
        title=title,
        verdict=verdict,
        labels=[made.part_label(key) for key in verdict.changed],
        added=[made.part_label(key) for key in verdict.added],
        missing=[made.part_label(key) for key in verdict.missing],
        sheet_url=url_for("leagues.evening_sheet", public_id=public_id, day=made.day.isoformat()),
    )
