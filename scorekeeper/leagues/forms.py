"""League forms. Choices that name rows (members, players) are filled per league by the
view, so an id from another league is "not a valid choice" before any service runs."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, DateField, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange

from scorekeeper.leagues.models import NAME_MAX
from scorekeeper.leagues.services import LeagueError
from scorekeeper.scoring import COMMON_TARGETS

FORMAT_CHOICES = [
    ("2", _l("2 players")),
    ("3", _l("3 players")),
    ("2x2", _l("2 pairs")),
]

#: The words shown for each refusal of a league service (`LeagueError.key`).
ERROR_MESSAGES = {
    "owner_fixed": _l("The owner of a league stays its owner."),
    "bad_role": _l("Choose scorer or viewer."),
    "invitation_closed": _l("This invitation link no longer works. Ask the owner for a new one."),
    "name_required": _l("Type a name."),
    "name_taken": _l("There is already a player with this name in the league."),
    "already_linked": _l("This account is already linked to another player of the league."),
    "claimed": _l("This player is already linked to an account."),
    "dates_order": _l("The season cannot end before it starts."),
    "season_taken": _l("There is already a season with this name."),
}


def error_text(error: LeagueError) -> str:
    """The translated message for a refused league action."""
    return str(ERROR_MESSAGES.get(error.key, error.key))


def _name(label: str) -> StringField:
    return StringField(
        label,
        validators=[
            InputRequired(message=_l("Type a name.")),
            Length(max=NAME_MAX, message=_l("At most %(max)d characters.", max=NAME_MAX)),
        ],
    )


class LeagueForm(FlaskForm):
    """A league's name, visibility and the default rules of its games."""

    name = _name(_l("League name"))
    is_public = BooleanField(_l("Public: anyone with the address can read it"))
    format = RadioField(_l("Format"), choices=FORMAT_CHOICES, default="2")
    target = IntegerField(
        _l("Target"),
        default=11,
        validators=[
            InputRequired(message=_l("Type the points to reach.")),
            NumberRange(min=1, max=999, message=_l("A whole number from 1 to 999.")),
        ],
        render_kw={"inputmode": "numeric", "list": "common-targets"},
    )
    napola = BooleanField(_l("Napola"))
    re_bello = BooleanField(_l("Re bello"))
    napoleone = BooleanField(_l("Napoleone (all ten denari win the game)"))

    common_targets = COMMON_TARGETS


class InvitationForm(FlaskForm):
    """Invite someone with a link, as scorer or viewer."""

    role = RadioField(
        _l("Role"),
        choices=[
            ("scorer", _l("Scorer: records and corrects games")),
            ("viewer", _l("Viewer: reads")),
        ],
        default="viewer",
        validators=[InputRequired(message=_l("Choose a role."))],
    )


class MemberRoleForm(FlaskForm):
    """Change a member's role."""

    role = SelectField(
        _l("Role"),
        choices=[("scorer", _l("Scorer")), ("viewer", _l("Viewer"))],
        validators=[InputRequired()],
    )


class PlayerForm(FlaskForm):
    """Add a player (a name) to the league."""

    name = _name(_l("Player name"))


class LinkPlayerForm(FlaskForm):
    """Link a player to a member's account (choices: this league's members)."""

    user = SelectField(_l("Account"), coerce=int, validators=[InputRequired()])


class SeasonForm(FlaskForm):
    """A named date range."""

    name = _name(_l("Season name"))
    starts_on = DateField(_l("Starts on"), validators=[InputRequired(message=_l("Pick a date."))])
    ends_on = DateField(_l("Ends on"), validators=[InputRequired(message=_l("Pick a date."))])
