"""League forms. Choices that name rows (members, players) are filled per league by the
view, so an id from another league is "not a valid choice" before any service runs."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from flask_wtf.file import FileField, FileRequired
from wtforms import (
    BooleanField,
    DateField,
    FieldList,
    RadioField,
    SelectField,
    StringField,
)
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError

from scorekeeper.accounts.models import User
from scorekeeper.games.models import NAME_MAX as PLAYER_NAME_MAX
from scorekeeper.grammar import gettext as _
from scorekeeper.leagues.errors import LeagueError
from scorekeeper.leagues.inputs import LeagueSetup
from scorekeeper.leagues.models import NAME_MAX, League, Membership, Player
from scorekeeper.scoring import COMMON_TARGETS, FORMATS, Rules
from scorekeeper.ui.choices import SelectChoice
from scorekeeper.ui.forms import (
    AppForm,
    IntegerField,
    NameField,
    RuleSetFields,
    VariantSwitches,
    add_rule_set_fields,
    add_variant_fields,
)
from scorekeeper.ui.labels import format_choices
from scorekeeper.ui.text import lazy_gettext as _l

#: The formats a league plays (`scorekeeper.scoring.FORMATS` keys), in the form's order.
FORMAT_KEYS = ("2", "3", "2x2")

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


def _name(label: str, longest: int = NAME_MAX) -> NameField:
    return NameField(
        label,
        validators=[
            InputRequired(message=_l("Type a name.")),
            Length(max=longest, message=_l("At most %(max)d characters.", max=longest)),
        ],
    )


class LeagueForm(RuleSetFields, VariantSwitches, AppForm):
    """A league's name, visibility and the house rules of its games: the rule set with its
    options (`add_rule_set_fields`), the format, the target, the variants."""

    name = _name(_l("League name"))
    is_public = BooleanField(_l("Public: anyone with the address can read it"))
    #: Ticked for a new league (a league is kept for standings everybody accepts);
    #: leagues made before the setting existed, imported ones and the demo: off.
    requires_confirmation = BooleanField(
        _l("Results need the other side's confirmation"), default=True
    )
    format = RadioField(_l("Format"), choices=format_choices(FORMAT_KEYS), default="2")
    target = IntegerField(
        _l("Target"),
        default=11,
        validators=[
            InputRequired(message=_l("Type the points to reach.")),
            NumberRange(min=1, max=999, message=_l("A whole number from 1 to 999.")),
        ],
        render_kw={"inputmode": "numeric", "list": "common-targets"},
    )
    # and a switch per variant (add_variant_fields, below)

    common_targets = COMMON_TARGETS

    @classmethod
    def of(cls, league: League) -> LeagueForm:
        """The form showing `league`'s settings (the format and the rule set by their key)."""
        return cls(
            obj=league,
            format=league.format_key,
            rule_set=league.rule_set_key,
            two_clear=league.rules.margin > 1,
        )

    def validate(self, extra_validators: Any = None) -> bool:
        """The field checks, and a format the rule set is played at."""
        ok = bool(super().validate(extra_validators))
        return self.check_rule_set_format(self.format) and ok

    def setup(self) -> LeagueSetup:
        """The league the form describes (raises `InvalidGame` for rules the engine refuses)."""
        rules = Rules(
            format=FORMATS[self.format.data or "2"],
            target=int(self.target.data or 11),
            **self.chosen_variants(),
            **self.chosen_rule_set_settings(),
        )
        return LeagueSetup(
            self.name.data or "",
            bool(self.is_public.data),
            rules,
            requires_confirmation=bool(self.requires_confirmation.data),
        )


add_variant_fields(LeagueForm)
add_rule_set_fields(LeagueForm)


#: The roles an invitation gives, each with what it lets the member do (the owner's choice,
#: and what the invitee reads before joining).
INVITED_ROLES = {
    "scorer": _l("Scorer: records and corrects games"),
    "viewer": _l("Viewer: reads"),
}


class InvitationForm(AppForm):
    """Invite someone with a link, as scorer or viewer."""

    role = RadioField(
        _l("Role"),
        choices=[SelectChoice(key, label) for key, label in INVITED_ROLES.items()],
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

    def setup(self, members: list[Membership], nobody: str) -> None:
        """Offer the league's ``members`` (and ``nobody``, 0, to unlink)."""
        self.user.choices = [SelectChoice("0", nobody)] + [
            SelectChoice(str(m.user_id), m.user.username) for m in members
        ]

    def chosen_user(self, members: list[Membership]) -> User | None:
        """The member's account chosen, or ``None`` (unlink)."""
        return next((m.user for m in members if m.user_id == self.user.data), None)


class SeasonForm(AppForm):
    """A named date range."""

    name = _name(_l("Season name"))
    starts_on = DateField(_l("Starts on"), validators=[InputRequired(message=_l("Pick a date."))])
    ends_on = DateField(_l("Ends on"), validators=[InputRequired(message=_l("Pick a date."))])

    def date_range(self) -> tuple[date, date]:
        """The first and the last day (both required: read them once the form validated)."""
        starts_on, ends_on = self.starts_on.data, self.ends_on.data
        if starts_on is None or ends_on is None:
            raise ValueError("the season has no dates: validate the form first")
        return starts_on, ends_on


class StartGameForm(AppForm):
    """Seats of a new league game: each a league player, or a new name (added as a player).

    The view sets `players` choices (this league's players) and the number of seats.
    """

    players = FieldList(SelectField(_l("Player"), coerce=int, validate_choice=True))
    new_names = FieldList(
        NameField(
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

    def validate(self, extra_validators: Any = None) -> bool:
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

    def seats(self, roster: list[Player]) -> list[Player | str]:
        """Per seat: a player of ``roster`` (the choices), or the new name typed."""
        by_id = {player.id: player for player in roster}
        return [
            by_id[select_field.data] if select_field.data else (name_field.data or "").strip()
            for select_field, name_field in zip(self.players, self.new_names, strict=True)
        ]

    def chosen_dealer(self) -> int | None:
        """The first dealer's seat, or ``None`` to draw at random."""
        return self.first_dealer.data if self.first_dealer.data >= 0 else None


class AttachGameForm(AppForm):
    """A casual game's edit link (or its token), to bring the game into the league."""

    link = StringField(
        _l("The game's edit link"),
        validators=[InputRequired(message=_l("Paste the edit link of the game.")), Length(max=300)],
    )

    def edit_token(self) -> str:
        """The edit token in the pasted link (``https://.../g/<token>/...``), or the token."""
        text = (self.link.data or "").strip()
        if "/g/" in text:
            text = text.split("/g/", 1)[1]
        return text.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]


class HeadToHeadForm(AppForm):
    """Pick another player of the league (GET form, no CSRF needed for reading)."""

    class Meta:
        csrf = False

    against = SelectField(_l("Against"), coerce=int)
    #: The players that may be picked (see `setup`).
    others: list[Player]

    def setup(self, roster: list[Player], player: Player) -> None:
        """Offer every other player of the league (``roster``) against ``player``."""
        self.others = [p for p in roster if p.id != player.id]
        self.against.choices = [SelectChoice(str(p.id), p.name) for p in self.others]

    def chosen(self) -> Player | None:
        """The other player picked (``?against=<id>``), if one of the choices was."""
        sent = self.against.raw_data or [""]
        if not sent[0] or not self.validate():
            return None
        return next((p for p in self.others if p.id == self.against.data), None)


class ImportForm(AppForm):
    """A league exported as JSON, to create a new league from it."""

    file = FileField(
        _l("League file (JSON)"), validators=[FileRequired(message=_l("Choose a file."))]
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The file's JSON, once it is read (what it holds is the import's to check).
        self.document: Any = None

    def validate_file(self, field: FileField) -> None:
        """The file is JSON."""
        try:
            self.document = json.load(field.data.stream)
        except ValueError:  # not JSON, or not text at all (UnicodeDecodeError)
            raise ValidationError(not_imported(_("The file is not valid JSON."))) from None
        except RecursionError:  # lists or objects nested deeper than Python's parser goes
            message = _("The file nests lists or objects too deeply: it is not a league file.")
            raise ValidationError(not_imported(message)) from None


def not_imported(reason: str) -> str:
    """The message of a refused import: nothing of it was stored, and why."""
    return str(_("Nothing was imported. %(reason)s", reason=reason))
