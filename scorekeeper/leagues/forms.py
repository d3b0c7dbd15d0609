"""League forms. Choices that name rows (members, players) are filled per league by the
view, so an id from another league is "not a valid choice" before any service runs."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    BooleanField,
    DateField,
    FieldList,
    IntegerField,
    RadioField,
    SelectChoice,
    SelectField,
    StringField,
)
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from scorekeeper.games.models import NAME_MAX as PLAYER_NAME_MAX
from scorekeeper.leagues.errors import LeagueError
from scorekeeper.leagues.models import NAME_MAX
from scorekeeper.scoring import COMMON_TARGETS
from scorekeeper.ui.forms import AppForm

FORMAT_CHOICES = [
    SelectChoice("2", _l("2 players")),
    SelectChoice("3", _l("3 players")),
    SelectChoice("2x2", _l("2 pairs")),
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
    "seat_count": _l("The league's format needs another number of players."),
    "not_in_league": _l("This player is not in the league."),
    "seat_twice": _l("A player cannot sit twice at the same table."),
    "no_such_game": _l("No game has this edit link."),
    "already_attached": _l("This game is already part of a league."),
    "name_too_long": _l("At most 40 characters."),
}


def error_text(error: LeagueError) -> str:
    """The translated message for a refused league action."""
    return str(ERROR_MESSAGES.get(error.key, error.key))


def _name(label: str, longest: int = NAME_MAX) -> StringField:
    return StringField(
        label,
        validators=[
            InputRequired(message=_l("Type a name.")),
            Length(max=longest, message=_l("At most %(max)d characters.", max=longest)),
        ],
    )


class LeagueForm(AppForm):
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


class InvitationForm(AppForm):
    """Invite someone with a link, as scorer or viewer."""

    role = RadioField(
        _l("Role"),
        choices=[
            SelectChoice("scorer", _l("Scorer: records and corrects games")),
            SelectChoice("viewer", _l("Viewer: reads")),
        ],
        default="viewer",
        validators=[InputRequired(message=_l("Choose a role."))],
    )


class MemberRoleForm(AppForm):
    """Change a member's role."""

    role = SelectField(
        _l("Role"),
        choices=[SelectChoice("scorer", _l("Scorer")), SelectChoice("viewer", _l("Viewer"))],
        validators=[InputRequired()],
    )


class PlayerForm(AppForm):
    """Add a player (a name) to the league."""

    name = _name(_l("Player name"), PLAYER_NAME_MAX)


class LinkPlayerForm(AppForm):
    """Link a player to a member's account (choices: this league's members)."""

    user = SelectField(_l("Account"), coerce=int, validators=[InputRequired()])


class SeasonForm(AppForm):
    """A named date range."""

    name = _name(_l("Season name"))
    starts_on = DateField(_l("Starts on"), validators=[InputRequired(message=_l("Pick a date."))])
    ends_on = DateField(_l("Ends on"), validators=[InputRequired(message=_l("Pick a date."))])


class StartGameForm(AppForm):
    """Seats of a new league game: each a league player, or a new name (added as a player).

    The view sets `players` choices (this league's players) and the number of seats.
    """

    players = FieldList(SelectField(_l("Player"), coerce=int, validate_choice=True))
    new_names = FieldList(
        StringField(
            _l("or a new name"),
            validators=[
                Optional(),
                Length(
                    max=PLAYER_NAME_MAX,
                    message=_l("At most %(max)d characters.", max=PLAYER_NAME_MAX),
                ),
            ],
        )
    )
    first_dealer = SelectField(_l("Who deals first"), coerce=int, default=-1)

    def setup(self, seats: int, choices: list[SelectChoice], seat_label: str) -> None:
        """Make `seats` seats offering `choices` (0 means "a new name")."""
        while len(self.players) < seats:
            self.players.append_entry()
        while len(self.new_names) < seats:
            self.new_names.append_entry()
        for i, select_field in enumerate(self.players):
            select_field.choices = choices
            select_field.label.text = seat_label % {"seat": i + 1}
        self.first_dealer.choices = [SelectChoice("-1", str(_l("Draw at random")))] + [
            SelectChoice(str(i), seat_label % {"seat": i + 1}) for i in range(seats)
        ]

    def validate(self, extra_validators=None) -> bool:  # type: ignore[no-untyped-def,override]
        """Every seat has a player or a new name, and nobody sits twice."""
        if not super().validate(extra_validators):
            return False
        ok = True
        for select_field, name_field in zip(self.players, self.new_names, strict=True):
            if not select_field.data and not (name_field.data or "").strip():
                select_field.errors = [
                    *select_field.errors,
                    str(_l("Pick a player or type a new name.")),
                ]
                ok = False
        return ok

    def seats(self) -> list[int | str]:
        """Per seat: a player id, or the new name typed."""
        return [
            select_field.data or (name_field.data or "").strip()
            for select_field, name_field in zip(self.players, self.new_names, strict=True)
        ]


class AttachGameForm(AppForm):
    """A casual game's edit link (or its token), to bring the game into the league."""

    link = StringField(
        _l("The game's edit link"),
        validators=[InputRequired(message=_l("Paste the edit link of the game.")), Length(max=300)],
    )


class HeadToHeadForm(AppForm):
    """Pick another player of the league (GET form, no CSRF needed for reading)."""

    class Meta:
        csrf = False

    against = SelectField(_l("Against"), coerce=int)


class ImportForm(AppForm):
    """A league exported as JSON, to create a new league from it."""

    file = FileField(
        _l("League file (JSON)"), validators=[FileRequired(message=_l("Choose a file."))]
    )
