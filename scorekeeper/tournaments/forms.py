"""Tournament forms. A refusal of the services (`TournamentRefused`) reaches the page
through `AppForm.add_errors`, next to the field it names (`error_text` puts it into
words); the choices that name rows (the organiser's leagues) are filled by the view."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from typing import Any, Protocol

from wtforms import (
    BooleanField,
    DateField,
    FieldList,
    RadioField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import AnyOf, InputRequired, Length, NumberRange, Optional, ValidationError
from wtforms.widgets import HiddenInput

from scorekeeper.scoring import COMMON_TARGETS, FORMATS, PRESETS, Rules
from scorekeeper.tournaments.core import ITALIAN, TieBreak
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.inputs import FORMAT_KEYS, StageSetup, TournamentSetup
from scorekeeper.tournaments.models import NAME_MAX, REASON_MAX, Structure
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
from scorekeeper.ui.labels import VARIANT_LABELS, format_choices, format_label
from scorekeeper.ui.text import lazy_gettext as _l

STRUCTURE_CHOICES = [
    SelectChoice(Structure.GROUPS_KNOCKOUT.value, _l("Groups (gironi), then a knockout")),
    SelectChoice(Structure.ROUND_ROBIN.value, _l("Single round-robin")),
    SelectChoice(Structure.SWISS.value, _l("Swiss rounds")),
    SelectChoice(Structure.DANISH.value, _l("Danish rounds (first meets second)")),
    SelectChoice(Structure.KNOCKOUT.value, _l("Knockout only")),
    SelectChoice(Structure.ROTATING.value, _l("Individual, rotating partners (baraonda)")),
    SelectChoice(Structure.CLUBS.value, _l("Club against club")),
]
#: The structures played in a number of rounds the organiser sets.
ROUND_STRUCTURES = (
    Structure.SWISS.value,
    Structure.DANISH.value,
    Structure.ROTATING.value,
    Structure.CLUBS.value,
)
LENGTH_CHOICES = [
    SelectChoice("1", _l("One partita")),
    SelectChoice("3", _l("Best of 3")),
    SelectChoice("5", _l("Best of 5")),
]
#: The presets of the formats a tournament plays; the format field picks 2 players or pairs.
PRESET_CHOICES = [
    SelectChoice(key, preset.name)
    for key, preset in PRESETS.items()
    if preset.rules.format.key == "2x2"
]
#: The steps of the tie-break chain ("" at a place: the chain stops there).
TIE_BREAK_CHOICES = [
    SelectChoice("", _l("(none)")),
    SelectChoice(TieBreak.HEAD_TO_HEAD.value, _l("Head-to-head")),
    SelectChoice(TieBreak.CLASSIFICA_AVULSA.value, _l("Classifica avulsa (the tied sides alone)")),
    SelectChoice(TieBreak.POINT_DIFFERENCE.value, _l("Point difference")),
    SelectChoice(TieBreak.PARTITE_WON.value, _l("Partite won")),
    SelectChoice(TieBreak.POINTS_FOR.value, _l("Points scored")),
    SelectChoice(TieBreak.POINTS_AGAINST.value, _l("Points conceded (fewer is better)")),
    SelectChoice(TieBreak.DRAWN_CARD.value, _l("A drawn card")),
]
#: The structure's name shown on the pages.
STRUCTURE_NAMES = {choice.value: choice.label for choice in STRUCTURE_CHOICES}

#: The words shown for each refusal of a tournament service (`TournamentRefused.key`).
ERROR_MESSAGES = {
    "name_required": _l("Type a name."),
    "name_too_long": _l("At most %(max)d characters.", max=NAME_MAX),
    "format_unsupported": _l("Choose one of the formats offered."),
    "three_one_partita": _l("A table of three plays one partita: choose one partita."),
    "three_no_knockout": _l(
        "The 3-player format has no knockout (a table of three sends one winner on):"
        " choose round-robin groups or Swiss rounds."
    ),
    "stage_count": _l("This structure needs other stages."),
    "games_range": _l("Choose one partita, the best of 3 or the best of 5."),
    "knockout_games_odd": _l("A knockout match needs an odd number of partite."),
    "target_range": _l("A whole number from 1 to 999."),
    "rounds_range": _l("From 1 to 30 rounds."),
    "group_size_range": _l("Groups of 3 to 8."),
    "qualifiers_range": _l("Fewer qualifiers than the size of a group."),
    "tie_break_twice": _l("Each tie-break at most once."),
    "points_order": _l("A win counts at least a draw, a draw at least a loss."),
    "entry_fee": _l("The entry fee cannot be negative."),
    "margin_range": _l("No margin, or two clear points."),
    "margin_short": _l(
        "Two clear points: the winner must reach the target and lead by 2 points or"
        " more. The table plays on until then."
    ),
    "pairs_format": _l(
        "Rotating partners and club against club are played in pairs: choose the pairs format."
    ),
    "format_no_league": _l(
        "Rotating partners and club against club are not played in a league yet: choose no league."
    ),
    "singles_only_rotating": _l(
        'With rotating partners everyone enters alone: one player a line, such as "Carla (Club)".'
    ),
    "rotating_players": _l(
        "Rotating partners seat four at a table: enter 4 players or more (those a table"
        " cannot seat rest in turn)."
    ),
    "clubs_pairs": _l(
        'Club against club takes pairs with their club: write "Anna & Bruno (Club)".'
    ),
    "clubs_uneven": _l("Club against club needs two clubs or more, each with two pairs or more."),
    "withdraw_rotating": _l(
        "With rotating partners a player leaves between rounds: enter the result of"
        " their table first."
    ),
    "withdraw_rotating_few": _l(
        "With rotating partners at least 4 players must stay: a table seats four."
    ),
    "entry_line": _l(
        'This line is not an entry: write "Anna & Bruno (Club)" for a pair, '
        '"Carla (Club)" for a single, the club optional.'
    ),
    "entries_required": _l("Paste at least one entry."),
    "singles_only": _l("A tournament of 2 players takes single players only."),
    "singles_only_three": _l("A tournament of 3 players takes single players only."),
    "too_many_entries": _l("At most 256 entries."),
    "seed_range": _l("A whole number, 0 or more."),
    "too_few_entrants": _l("Too few entrants for this structure."),
    "too_many_rounds": _l("More rounds than the entrants can play without rematches."),
    "result_range": _l("These partite cannot end a match of this length."),
    "result_sides": _l("Enter the result of every side at the table."),
    "three_one_winner": _l(
        "One partita at a table of three: 1 for its winner, 0 for the other two."
    ),
    "three_winner_points": _l(
        "The winner of the partita has more points than each of the other two."
    ),
    "match_not_over": _l("This result does not end the match: enter the partite each side won."),
    "knockout_needs_winner": _l("A knockout match needs a winner."),
    "bye_has_no_result": _l("A bye has no result to enter."),
    "next_match_on": _l(
        "The winner has already gone on to the next match: the result can no longer change winner."
    ),
    "knockout_fills_in": _l("The knockout fills in by itself as its matches finish."),
    "correction_affects": _l(
        "This correction changes who went on to later matches: only the organiser can make it."
    ),
    "withdraw_three": _l("In the 3-player format a player cannot be withdrawn."),
    "already_withdrawn": _l("This pair has already withdrawn."),
    "withdrawal_fixed": _l(
        "The withdrawal can no longer be undone: a round has been drawn since, or an "
        "opponent has already gone on."
    ),
    "round_not_over": _l("Some matches of this round have no result yet."),
    "results_unconfirmed": _l(
        "Some results of this round still await the other side's confirmation (or the"
        " organiser's decision on a dispute): the next round starts once they are confirmed."
    ),
    "result_locked": _l(
        "This result is confirmed and locked: only the organiser can correct it, with a reason."
    ),
    "result_disputed": _l(
        "This result is disputed: it is locked until the organiser decides, with a reason."
    ),
    "own_result": _l("You entered this result: the other side confirms it, not you."),
    "not_a_side": _l("This side does not confirm this result."),
    "reason_required": _l("Write the reason for the change: the history shows it."),
    "no_result_yet": _l("This match has no result to confirm yet."),
    "not_disputed": _l("This result is not disputed."),
    "tournament_over": _l("The tournament is over."),
    "not_started": _l("The tournament has not started."),
    "organiser_fixed": _l("The organiser stays the organiser."),
    "status_setup": _l("Make the draw first."),
    "status_drawn": _l("The tournament has not started yet."),
    "status_running": _l("The tournament has already started: the draw is fixed."),
    "status_finished": _l("The tournament is over."),
    "no_such_user": _l("No account has this username."),
    "not_in_league": _l("Only a member of the tournament's league can be added."),
    "league_refused": _l("Choose one of your leagues where you may start games."),
    "league_names_twice": _l(
        "In a league tournament each name is one league player: a name is entered twice."
    ),
}


def error_text(error: TournamentRefused) -> str:
    """The translated message for a refused tournament action."""
    return str(ERROR_MESSAGES.get(error.key, error.key))


def _whole(label: str, default: int | None, low: int, high: int, **kwargs: Any) -> IntegerField:
    return IntegerField(
        label,
        default=default,
        validators=[
            InputRequired(message=_l("Type a number.")),
            NumberRange(
                min=low,
                max=high,
                message=_l("A whole number from %(min)d to %(max)d.", min=low, max=high),
            ),
        ],
        render_kw={"inputmode": "numeric", **kwargs},
    )


def _optional_whole(label: str, low: int, high: int) -> IntegerField:
    return IntegerField(
        label,
        validators=[
            Optional(),
            NumberRange(
                min=low,
                max=high,
                message=_l("A whole number from %(min)d to %(max)d.", min=low, max=high),
            ),
        ],
        render_kw={"inputmode": "numeric"},
    )


class OfferedLeague(Protocol):
    """What the form reads of a league it offers."""

    id: int
    public_id: str
    name: str


_FEE = re.compile(r"^\s*(\d{1,5})(?:[.,](\d{1,2}))?\s*$")


class TournamentForm(RuleSetFields, AppForm):
    """A new tournament: name, date, format, structure, match lengths and targets, rules."""

    name = NameField(
        _l("Tournament name"),
        validators=[
            InputRequired(message=_l("Type a name.")),
            Length(max=NAME_MAX, message=_l("At most %(max)d characters.", max=NAME_MAX)),
        ],
    )
    held_on = DateField(
        _l("Date"), validators=[InputRequired(message=_l("Choose the date."))], default=date.today
    )
    format = RadioField(_l("Format"), choices=format_choices(FORMAT_KEYS), default="2x2")
    structure = RadioField(
        _l("Structure"), choices=STRUCTURE_CHOICES, default=Structure.GROUPS_KNOCKOUT.value
    )
    rounds = _optional_whole(_l("Rounds (Swiss or Danish)"), 1, 30)
    group_size = _whole(_l("Entrants per group"), 4, 3, 8)
    qualifiers = _whole(_l("Qualifiers per group"), 2, 1, 7)
    games = SelectField(_l("Match length (groups, rounds)"), choices=LENGTH_CHOICES, default="1")
    target = _whole(_l("Target (groups, rounds)"), 11, 1, 999, list="common-targets")
    knockout_games = SelectField(_l("Match length (knockout)"), choices=LENGTH_CHOICES, default="1")
    knockout_target = _whole(_l("Target (knockout)"), 11, 1, 999, list="common-targets")
    final_games = SelectField(_l("Match length (final)"), choices=LENGTH_CHOICES, default="3")
    final_target = _whole(_l("Target (final)"), 21, 1, 999, list="common-targets")
    semifinal_target = _optional_whole(_l("Target (semifinals)"), 1, 999)
    two_clear = BooleanField(_l("Two clear points (ai 15 con 2 di scarto)"))
    third_place = BooleanField(_l("Play a match for third place"))
    preset = SelectField(_l("Rules"), choices=PRESET_CHOICES, default="scopa-2x2")
    tie_break = FieldList(
        SelectField(_l("Tie-break"), choices=TIE_BREAK_CHOICES),
        label=_l("Tie-breaks, in order"),
        min_entries=len(ITALIAN),
        max_entries=len(ITALIAN),
    )
    entry_fee = StringField(
        _l("Entry fee (€)"),
        default="0",
        validators=[Length(max=12)],
        render_kw={"inputmode": "decimal"},
    )
    is_public = BooleanField(_l("Public: anyone with the address can follow it"))
    needs_confirmation = BooleanField(
        _l("Results need the other side's confirmation"), default=True
    )
    league = SelectField(
        _l("League"), choices=[SelectChoice("", _l("(none)"))], default="", validate_choice=False
    )

    common_targets = COMMON_TARGETS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for place, (select, step) in enumerate(zip(self.tie_break, ITALIAN, strict=True), 1):
            if select.data is None:
                select.data = step.value
            select.label.text = str(_l("Tie-break %(place)d", place=place))
        self._league_ids: dict[str, int] = {}

    def offer_leagues(self, leagues: Sequence[OfferedLeague]) -> None:
        """Offer these leagues (those where the organiser may start games)."""
        self._league_ids = {league.public_id: league.id for league in leagues}
        self.league.choices = [
            SelectChoice("", _l("(none)")),
            *(SelectChoice(league.public_id, league.name) for league in leagues),
        ]

    def validate_league(self, field: SelectField) -> None:
        """Only a league offered (none at all is fine)."""
        if field.data and field.data not in self._league_ids:
            raise ValidationError(str(ERROR_MESSAGES["league_refused"]))

    def validate_entry_fee(self, field: StringField) -> None:
        """Euros, with up to two decimals (``5``, ``5.50`` or ``5,50``)."""
        if not _FEE.match(field.data or "0"):
            raise ValidationError(str(_l("An amount in euros, such as 5 or 7.50.")))

    def validate(self, extra_validators: Any = None) -> bool:
        """The form's checks, then: the format is one the rule set is played at, and
        Swiss and Danish need their number of rounds."""
        if not super().validate(extra_validators) or not self.check_rule_set_format(self.format):
            return False
        swiss = self.structure.data in ROUND_STRUCTURES
        if swiss and self.rounds.data is None:
            self.rounds.errors = [str(_l("Type the number of rounds."))]
            return False
        return True

    def fee_cents(self) -> int:
        """The entry fee in cents."""
        found = _FEE.match(self.entry_fee.data or "0")
        assert found is not None  # noqa: S101 - validated
        return int(found[1]) * 100 + int((found[2] or "0").ljust(2, "0"))

    def setup(self) -> TournamentSetup:
        """The tournament the form describes."""
        structure = Structure(self.structure.data)
        fmt = FORMATS[self.format.data or "2x2"]
        preset = PRESETS.get(self.preset.data or "", PRESETS["scopa-2x2"])
        rules = Rules(
            format=fmt,
            target=int(self.target.data or 11),
            napola=preset.rules.napola,
            re_bello=preset.rules.re_bello,
            **self.chosen_rule_set_settings(),
        )
        first = StageSetup(int(self.games.data or 1), int(self.target.data or 11))
        final_games, final_target = int(self.final_games.data or 1), self.final_target.data
        semifinal = self.semifinal_target.data
        if structure is Structure.KNOCKOUT:
            stages: tuple[StageSetup, ...] = (
                StageSetup(first.games, first.target, final_games, final_target, semifinal),
            )
        elif structure is Structure.GROUPS_KNOCKOUT:
            knockout = StageSetup(
                int(self.knockout_games.data or 1),
                int(self.knockout_target.data or 11),
                final_games,
                final_target,
                semifinal,
            )
            stages = (first, knockout)
        else:
            stages = (first,)
        return TournamentSetup(
            tie_break=self.tie_break_chain(),
            name=self.name.data or "",
            held_on=self.held_on.data or date.today(),
            structure=structure,
            rules=rules,
            stages=stages,
            entry_fee_cents=self.fee_cents(),
            is_public=bool(self.is_public.data),
            needs_confirmation=bool(self.needs_confirmation.data),
            rounds=self.rounds.data,
            group_size=int(self.group_size.data or 4),
            qualifiers=int(self.qualifiers.data or 2),
            third_place=bool(self.third_place.data),
            margin=2 if self.two_clear.data else 0,
            league_id=self._league_ids.get(self.league.data or ""),
        )

    def tie_break_chain(self) -> tuple[TieBreak, ...]:
        """The tie-breaks chosen, in order, up to the first place left empty."""
        chain = []
        for select in self.tie_break:
            if not select.data:
                break
            chain.append(TieBreak(select.data))
        return tuple(chain)

    def error_field(self, path: str) -> Any:
        """The services' stage refusals go next to the first stage's fields, a tie-break
        refusal next to the first tie-break."""
        if path == "tie_break":
            return self.tie_break[0]
        return super().error_field({"stages": "structure"}.get(path, path))


class EntriesForm(AppForm):
    """A pasted list of entries, one a line."""

    entries = TextAreaField(
        _l("Entries, one a line"),
        validators=[
            InputRequired(message=_l("Paste at least one entry.")),
            Length(max=20_000, message=_l("At most %(max)d characters.", max=20_000)),
        ],
        render_kw={"rows": 8, "autocapitalize": "words"},
    )

    def error_field(self, path: str) -> Any:
        """A refused line (``entries:<n>``) goes next to the list."""
        return super().error_field(path.split(":", 1)[0])

    @staticmethod
    def line_of(path: str) -> int | None:
        """The number of the refused line a path names, if any."""
        _, _sep, line = path.partition(":")
        return int(line) if line.isdigit() else None


class EntryForm(AppForm):
    """One entry's seed (empty or 0: none), or its withdrawal (or return)."""

    seed = _optional_whole(_l("Seed"), 0, 256)
    action = SelectField(
        choices=[SelectChoice("seed", "seed"), SelectChoice("withdraw", "withdraw")],
        default="seed",
    )
    withdrawn = BooleanField(_l("Withdrawn"))


class DrawForm(AppForm):
    """The draw: from a new random seed, or from the seed typed (to draw the same again)."""

    seed = IntegerField(
        _l("Draw number (empty: a new random one)"),
        validators=[
            Optional(),
            NumberRange(min=0, message=_l("A whole number, 0 or more.")),
        ],
        render_kw={"inputmode": "numeric"},
    )


class NextRoundForm(AppForm):
    """The organiser's "Next round" button: the id of the latest round the page showed."""

    after = IntegerField(validators=[Optional()], widget=HiddenInput())


class ResultForm(AppForm):
    """A match's result entered by hand: partite won and game points per side."""

    wins_first = _whole(_l("Partite won (first)"), None, 0, 9)
    wins_second = _whole(_l("Partite won (second)"), None, 0, 9)
    points_first = _whole(_l("Points (first)"), None, 0, 99_999)
    points_second = _whole(_l("Points (second)"), None, 0, 99_999)
    #: The match's result version the form was drawn with (`Match.result_version`).
    version = IntegerField(validators=[Optional()], widget=HiddenInput())
    #: The organiser's choice for the later matches a correction affects: the button
    #: pressed on the page that names them ("keep" or "replay"; empty: not asked yet).
    later = StringField(validators=[Optional(), AnyOf(("keep", "replay"))])
    #: The organiser's reason for correcting a locked (confirmed or disputed) result.
    reason = StringField(
        _l("Reason for the correction"),
        validators=[
            Length(max=REASON_MAX, message=_l("At most %(max)d characters.", max=REASON_MAX))
        ],
    )

    def error_field(self, path: str) -> Any:
        """Refusals about the partite go next to the first side's, about the points too."""
        return super().error_field({"wins": "wins_first", "points": "points_first"}.get(path, path))

    def result_errors(self) -> list[str]:
        """The messages of every field of the result, shown together under it."""
        return [
            str(message) for field in self if field.name != "csrf_token" for message in field.errors
        ]

    def wins(self) -> tuple[int, ...]:
        """Partite won per side, in the match's side order."""
        return (int(self.wins_first.data or 0), int(self.wins_second.data or 0))

    def points(self) -> tuple[int, ...]:
        """Game points per side, in the match's side order."""
        return (int(self.points_first.data or 0), int(self.points_second.data or 0))

    def seen(self) -> int | None:
        """The result version the form was drawn with (``None``: not sent)."""
        return self.version.data

    def carry(self, version: int) -> None:
        """Carry the match's result version ``version`` (whatever was sent before)."""
        self.version.data, self.version.raw_data = version, None

    def fill(self, wins: Sequence[int], points: Sequence[int]) -> None:
        """Show a recorded result."""
        self.wins_first.data, self.wins_second.data = wins[0], wins[1]
        self.points_first.data, self.points_second.data = points[0], points[1]


class ThreeResultForm(ResultForm):
    """The result of a table of three entered by hand: the third side too."""

    wins_third = _whole(_l("Partite won (third)"), None, 0, 9)
    points_third = _whole(_l("Points (third)"), None, 0, 99_999)

    def wins(self) -> tuple[int, ...]:
        """Partite won per side, in the match's side order."""
        return (*super().wins(), int(self.wins_third.data or 0))

    def points(self) -> tuple[int, ...]:
        """Game points per side, in the match's side order."""
        return (*super().points(), int(self.points_third.data or 0))

    def fill(self, wins: Sequence[int], points: Sequence[int]) -> None:
        """Show a recorded result."""
        super().fill(wins, points)
        self.wins_third.data, self.points_third.data = wins[2], points[2]


class MemberForm(AppForm):
    """A helper added by username."""

    username = StringField(
        _l("Username"),
        validators=[
            InputRequired(message=_l("Type a username.")),
            Length(max=60, message=_l("At most %(max)d characters.", max=60)),
        ],
        render_kw={"autocapitalize": "none", "autocomplete": "off"},
    )
    role = RadioField(
        _l("Role"),
        choices=[
            SelectChoice("helper", _l("Helper: enters results")),
            SelectChoice("viewer", _l("Viewer: reads")),
        ],
        default="helper",
        validators=[InputRequired(message=_l("Choose a role."))],
    )

    def error_field(self, path: str) -> Any:
        """A refusal about the role or the user goes next to the username."""
        return super().error_field({"role": "username", "user": "username"}.get(path, path))


def _side_field() -> IntegerField:
    return IntegerField(
        validators=[InputRequired(), NumberRange(min=0, max=2)],
        widget=HiddenInput(),
    )


class ConfirmForm(AppForm):
    """A side's "we confirm" (``side``: which side taps it, on its own phone or on the
    phone passed across)."""

    side = _side_field()


class DisputeForm(ResultForm):
    """A side's dispute: the result as it says it was."""

    side = _side_field()


class ThreeDisputeForm(ThreeResultForm):
    """A side's dispute at a table of three."""

    side = _side_field()


class ResolveForm(AppForm):
    """The organiser's decision on a dispute: which version stands, and why."""

    version = RadioField(
        _l("Which result stands"),
        choices=[
            SelectChoice("entered", _l("The result as entered")),
            SelectChoice("disputed", _l("The disputing side's version")),
        ],
        default="entered",
        validators=[InputRequired(message=_l("Choose the result that stands."))],
    )
    reason = StringField(
        _l("Reason"),
        validators=[
            InputRequired(message=_l("Write the reason for the decision.")),
            Length(max=REASON_MAX, message=_l("At most %(max)d characters.", max=REASON_MAX)),
        ],
    )


class HouseRulesForm(RuleSetFields, VariantSwitches, AppForm):
    """A tournament's house rules as its organiser changes them: the rule set with its
    options and the variants (the format and the target are the tournament's own)."""

    @classmethod
    def of(cls, rules: Rules, **kwargs: Any) -> HouseRulesForm:
        """The form showing ``rules``."""
        data = {name: getattr(rules, name) for name in VARIANT_LABELS}
        data |= {
            "rule_set": rules.rule_set.key,
            "asso_sweep": rules.asso_sweep.value,
            "asso_on_asso": rules.asso_on_asso.value,
        }
        return cls(data=data, **kwargs)

    def chosen_rules(self, current: Rules) -> Rules:
        """``current`` with the rule set, house choices and variants chosen."""
        return Rules(
            format=current.format,
            target=current.target,
            **self.chosen_variants(),
            **self.chosen_rule_set_settings(),
        )

    def validate_rule_set(self, _field: Any) -> None:
        """The rule set is one the tournament's format plays (checked against it by the
        view, which knows the format: `format_key`)."""
        chosen = self.chosen_rule_set()
        if self.format_key and self.format_key not in chosen.formats:
            seatings = ", ".join(format_label(FORMATS[key]) for key in chosen.formats)
            raise ValidationError(
                _l("%(game)s is played with: %(formats)s", game=chosen.name, formats=seatings)
            )

    format_key = ""


add_rule_set_fields(TournamentForm)
add_variant_fields(HouseRulesForm)
add_rule_set_fields(HouseRulesForm)
