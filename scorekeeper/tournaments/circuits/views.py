"""Views of the `circuits` blueprint: a circuit's ranking page, its settings and
tournaments (its organiser's), its screen for the hall's TV and its spreadsheet."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_login import current_user, login_required
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.grammar import gettext as _
from scorekeeper.private import mark_private
from scorekeeper.tournaments.access import tournaments_of
from scorekeeper.tournaments.circuits import services
from scorekeeper.tournaments.circuits.access import (
    is_organiser,
    may_add,
    may_read,
    require_circuit,
)
from scorekeeper.tournaments.circuits.forms import ERROR_MESSAGES, AddTournamentForm, CircuitForm
from scorekeeper.tournaments.circuits.models import Circuit
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import Role, Tournament
from scorekeeper.tournaments.results_out.spreadsheet import MIMETYPE, spreadsheet_csv
from scorekeeper.ui.forms import show_refusal

bp = Blueprint("circuits", __name__, url_prefix="/circuits")


def _refused(error: TournamentRefused, form: Any = None) -> None:
    show_refusal(error.field, str(ERROR_MESSAGES.get(error.key, error.key)), form)


def _setup(form: CircuitForm) -> services.CircuitSetup:
    return services.CircuitSetup(
        name=form.name.data or "",
        season=form.season.data or "",
        table=form.table(),
        best_of=form.best_of.data,
        is_public=bool(form.is_public.data),
    )


@bp.get("/")
@login_required
def index() -> ResponseReturnValue:
    """The circuits the logged-in user runs."""
    return render_template("circuits/index.html", circuits=services.circuits_of(current_user))


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new() -> ResponseReturnValue:
    """Create a circuit; its creator runs it."""
    form = CircuitForm()
    if form.validate_on_submit():
        try:
            circuit = services.create_circuit(current_user, _setup(form))
        except TournamentRefused as error:
            _refused(error, form)
        else:
            flash(_("Circuit created. Now add its tournaments."), "success")
            return redirect(url_for("circuits.show", public_id=circuit.public_id))
    return render_template("circuits/edit.html", form=form, circuit=None), form.page_status


def _offered(circuit: Circuit) -> list[tuple[str, str]]:
    """The tournaments the organiser runs that the circuit does not hold yet."""
    held = {t.id for t in services.tournaments(circuit)}
    return [
        (t.public_id, f"{t.name} · {t.held_on.isoformat()}")
        for t, role in tournaments_of(current_user)
        if role >= Role.ORGANISER and t.id not in held
    ]


@bp.get("/<public_id>")
def show(public_id: str) -> ResponseReturnValue:
    """The circuit's ranking, its tournaments, and (for its organiser) what changes it."""
    circuit = require_circuit(public_id)
    organiser = is_organiser(circuit, current_user)
    add_form = AddTournamentForm(formdata=None)
    if organiser:
        add_form.offer(_offered(circuit))
    return _ranking_page("circuits/show.html", circuit, organiser=organiser, add_form=add_form)


def _ranking_page(template: str, circuit: Circuit, **context: Any) -> ResponseReturnValue:
    ranking = services.ranking(circuit)
    return render_template(
        template,
        circuit=circuit,
        ranking=ranking,
        table=services.table_of(circuit),
        readable={t.id: may_read(t, current_user) for t in ranking.tournaments},
        **context,
    )


@bp.get("/<public_id>/screen")
def screen(public_id: str) -> ResponseReturnValue:
    """The ranking for the hall's screen: large, read-only, refreshing by itself."""
    circuit = require_circuit(public_id)
    return _ranking_page("circuits/screen.html", circuit)


@bp.route("/<public_id>/edit", methods=["GET", "POST"])
def edit(public_id: str) -> ResponseReturnValue:
    """The circuit's settings: name, season, points table, results that count, public."""
    circuit = require_circuit(public_id, edit=True)
    form = CircuitForm(obj=None)
    if request.method == "GET":
        form.name.data = circuit.name
        form.season.data = circuit.season
        form.points.data = services.table_of(circuit).text()
        form.taking_part.data = circuit.taking_part
        form.best_of.data = circuit.best_of
        form.is_public.data = circuit.is_public
    elif form.validate_on_submit():
        try:
            services.update_circuit(circuit, _setup(form))
        except TournamentRefused as error:
            _refused(error, form)
        else:
            flash(_("Circuit saved."), "success")
            return redirect(url_for("circuits.show", public_id=circuit.public_id))
    return render_template("circuits/edit.html", form=form, circuit=circuit), form.page_status


@bp.post("/<public_id>/tournaments")
def add_tournament(public_id: str) -> ResponseReturnValue:
    """Add one of the organiser's tournaments to the circuit, last."""
    circuit = require_circuit(public_id, edit=True)
    form = AddTournamentForm()
    form.offer(_offered(circuit))
    if not form.validate_on_submit():
        for message in form.tournament.errors or [_("Choose a tournament you run.")]:
            flash(str(message), "error")
        return redirect(url_for("circuits.show", public_id=circuit.public_id))
    tournament = _tournament(form.tournament.data or "")
    if tournament is None or not may_add(tournament, current_user):
        abort(404)
    try:
        services.add_tournament(circuit, tournament)
    except TournamentRefused as error:
        _refused(error)
    else:
        flash(_("%(name)s added to the circuit.", name=tournament.name), "success")
    return redirect(url_for("circuits.show", public_id=circuit.public_id, _anchor="tournaments"))


def _tournament(public_id: str) -> Tournament | None:
    return db.session.scalar(select(Tournament).where(Tournament.public_id == public_id))


@bp.post("/<public_id>/tournaments/<tournament_id>/remove")
def remove_tournament(public_id: str, tournament_id: str) -> ResponseReturnValue:
    """Take a tournament out of the circuit (the tournament itself stays)."""
    circuit = require_circuit(public_id, edit=True)
    tournament = _tournament(tournament_id)
    if tournament is None:
        abort(404)
    services.remove_tournament(circuit, tournament.id)
    flash(_("%(name)s taken out of the circuit.", name=tournament.name), "success")
    return redirect(url_for("circuits.show", public_id=circuit.public_id, _anchor="tournaments"))


@bp.get("/<public_id>/ranking.csv")
def ranking_csv(public_id: str) -> ResponseReturnValue:
    """The ranking as a spreadsheet set to Italian opens it (semicolons, UTF-8 with a BOM),
    its headers in the page's language: place, player, points, then each tournament."""
    circuit = require_circuit(public_id)
    if not circuit.is_public:
        mark_private()
    ranking = services.ranking(circuit)
    header = [_("Place"), _("Player"), _("Points"), _("Tournaments played")]
    for t in ranking.tournaments:
        name = f"{t.name} ({t.held_on.isoformat()})"
        header += [
            _("%(tournament)s: place", tournament=name),
            _("%(tournament)s: points", tournament=name),
        ]
    rows = []
    for row in ranking.rows:
        cells: list[object] = [row.rank, row.player, row.points, row.played]
        for place, points in zip(row.places, row.scored, strict=True):
            cells += [place, None if place is None else points]
        rows.append(cells)
    return Response(
        spreadsheet_csv(header, rows),
        mimetype=MIMETYPE,
        headers={"Content-Disposition": 'attachment; filename="circuit-ranking.csv"'},
    )
