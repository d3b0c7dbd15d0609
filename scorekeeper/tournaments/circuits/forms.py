"""The circuit's forms: its settings (name, season, points table, results that count,
public), a tournament to add, and the buttons."""

from __future__ import annotations

from typing import Any

from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError

from scorekeeper.tournaments.circuits.models import NAME_MAX, SEASON_MAX
from scorekeeper.tournaments.core import DEFAULT_TABLE, PointsTable, TournamentError
from scorekeeper.tournaments.core.circuit import MAX_PLACES, MAX_POINTS
from scorekeeper.ui.choices import SelectChoice
from scorekeeper.ui.forms import AppForm, IntegerField, NameField
from scorekeeper.ui.text import lazy_gettext as _l

#: The words shown for each refusal of a circuit service (`TournamentRefused.key`).
ERROR_MESSAGES = {
    "name_required": _l("Type a name."),
    "name_too_long": _l("At most %(max)d characters.", max=NAME_MAX),
    "season_too_long": _l("At most %(max)d characters.", max=SEASON_MAX),
    "best_of_range": _l("A whole number from %(min)d to %(max)d.", min=1, max=60),
    "already_in_circuit": _l("This tournament is in the circuit already."),
    "circuit_full": _l("A circuit holds at most 60 tournaments."),
}


class CircuitForm(AppForm):
    """A circuit's settings."""

    name = NameField(
        _l("Circuit name"),
        validators=[
            InputRequired(message=_l("Type a name.")),
            Length(max=NAME_MAX, message=_l("At most %(max)d characters.", max=NAME_MAX)),
        ],
    )
    season = StringField(
        _l("Season"),
        validators=[
            Length(max=SEASON_MAX, message=_l("At most %(max)d characters.", max=SEASON_MAX))
        ],
    )
    points = StringField(
        _l("Points by place"),
        default=DEFAULT_TABLE.text(),
        validators=[
            InputRequired(message=_l("Type the points of each place.")),
            Length(max=400, message=_l("At most %(max)d characters.", max=400)),
        ],
        render_kw={"inputmode": "numeric", "autocomplete": "off"},
    )
    taking_part = IntegerField(
        _l("Points for any other place (taking part)"),
        default=DEFAULT_TABLE.taking_part,
        validators=[
            InputRequired(message=_l("Type a number.")),
            NumberRange(
                min=0,
                max=MAX_POINTS,
                message=_l("A whole number from %(min)d to %(max)d.", min=0, max=MAX_POINTS),
            ),
        ],
        render_kw={"inputmode": "numeric"},
    )
    best_of = IntegerField(
        _l("Results that count (empty: all)"),
        validators=[
            Optional(),
            NumberRange(
                min=1, max=60, message=_l("A whole number from %(min)d to %(max)d.", min=1, max=60)
            ),
        ],
        render_kw={"inputmode": "numeric"},
    )
    is_public = BooleanField(_l("Public: anyone with the address can see the ranking"))

    def validate_points(self, field: Any) -> None:
        """Points typed one after another, each place at most the one above."""
        try:
            PointsTable.parse(field.data or "")
        except TournamentError:
            raise ValidationError(
                str(
                    _l(
                        "Type up to %(max)d whole numbers from 0 to %(points)d, first place"
                        " first, each no more than the one before: 25 18 15 12 10.",
                        max=MAX_PLACES,
                        points=MAX_POINTS,
                    )
                )
            ) from None

    def table(self) -> PointsTable:
        """The points table typed."""
        return PointsTable.parse(self.points.data or "", int(self.taking_part.data or 0))


class AddTournamentForm(AppForm):
    """A tournament the organiser runs, to add to the circuit."""

    tournament = SelectField(_l("Tournament"), choices=[], validate_choice=True)

    def offer(self, choices: list[tuple[str, str]]) -> None:
        """Offer these tournaments (public id, label)."""
        self.tournament.choices = [SelectChoice(value, label) for value, label in choices]
