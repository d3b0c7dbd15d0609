"""The venue's forms: the round clock, the screen's cycle, a check-in mark, a late
entry, the prize list."""

from __future__ import annotations

import re
from typing import Any

from wtforms import FieldList, FormField, RadioField, StringField
from wtforms.validators import AnyOf, InputRequired, Length, NumberRange, Optional, ValidationError

from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.forms import EntriesForm, error_text
from scorekeeper.tournaments.venue.models import PLACES_MAX, PRIZE_LABEL_MAX, PrizeMode
from scorekeeper.ui.choices import SelectChoice
from scorekeeper.ui.forms import AppForm, IntegerField
from scorekeeper.ui.text import lazy_gettext as _l

#: The places the prize form offers.
PRIZE_ROWS = 8
_EUROS = re.compile(r"^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*(?:€)?\s*$")

VENUE_ERRORS = {
    "cycle_range": _l("A whole number from %(min)d to %(max)d.", min=3, max=300),
    "clock_range": _l("A whole number from %(min)d to %(max)d.", min=1, max=600),
    "clock_not_started": _l("Start the clock first."),
    "late_pairs_only": _l("This tournament takes pairs: type both names of a late pair."),
    "late_entry_closed": _l(
        "A late entry joins the next Swiss round: there is none to join now (the "
        "tournament is not in a Swiss stage, is in a league, or plays its last round)."
    ),
    "prize_places": _l("Each place once, from 1 to %(max)d.", max=PLACES_MAX),
    "prize_percent": _l("Give each place a percentage from 0 to 100."),
    "prize_over_100": _l("The percentages add up to more than 100."),
    "prize_empty": _l("Give each place an amount or say what its prize is."),
}


def venue_error_text(error: TournamentRefused) -> str:
    """The words of a refusal of the venue's services (or of the tournament's)."""
    found = VENUE_ERRORS.get(error.key)
    return str(found) if found is not None else error_text(error)


def euros_to_cents(text: str) -> int | None:
    """``"50"``, ``"50,00"``, ``"7.5 €"`` in cents; None for an empty or bad amount."""
    found = _EUROS.match(text or "")
    if found is None:
        return None
    return int(found[1]) * 100 + int((found[2] or "0").ljust(2, "0"))


class ClockForm(AppForm):
    """Start the round clock: how many minutes the round lasts."""

    minutes = IntegerField(
        _l("Minutes of the round"),
        default=40,
        validators=[
            InputRequired(message=_l("Type a number.")),
            NumberRange(1, 600, message=_l("A whole number from %(min)d to %(max)d.")),
        ],
        render_kw={"inputmode": "numeric"},
    )


class MoveClockForm(AppForm):
    """Give the round more minutes, or fewer (the button's value)."""

    minutes = IntegerField(
        _l("Minutes"),
        validators=[
            InputRequired(),
            AnyOf([-5, -1, 1, 5]),
        ],
    )


class CycleForm(AppForm):
    """How long the screen shows each view."""

    seconds = IntegerField(
        _l("Seconds on each view"),
        default=15,
        validators=[
            InputRequired(message=_l("Type a number.")),
            NumberRange(3, 300, message=_l("A whole number from %(min)d to %(max)d.")),
        ],
        render_kw={"inputmode": "numeric"},
    )


class CheckInForm(AppForm):
    """One mark of an entry at the door: ``mark`` (present or paid) set to ``value``."""

    mark = StringField(validators=[InputRequired(), AnyOf(["present", "paid"])])
    value = StringField(validators=[InputRequired(), AnyOf(["0", "1"])])


class LateEntryForm(EntriesForm):
    """Late entries, pasted one a line as on the entry list."""


class PrizeRowForm(AppForm):
    """A place's prize: an amount in euros or a percentage, and optional words."""

    class Meta:
        csrf = False

    amount = StringField(
        _l("Amount (€)"), validators=[Length(max=12)], render_kw={"inputmode": "decimal"}
    )
    percent = IntegerField(
        _l("Per cent of the fees"),
        validators=[
            Optional(),
            NumberRange(0, 100, message=_l("A whole number from %(min)d to %(max)d.")),
        ],
        render_kw={"inputmode": "numeric"},
    )
    what = StringField(_l("Prize"), validators=[Length(max=PRIZE_LABEL_MAX)])

    def validate_amount(self, field: StringField) -> None:
        """Euros, with up to two decimals."""
        if field.data and euros_to_cents(field.data) is None:
            raise ValidationError(str(_l("An amount in euros, such as 5 or 7.50.")))


class PrizesForm(AppForm):
    """The prize list: none, by place, or a split of the fees."""

    mode = RadioField(
        _l("Prizes"),
        choices=[
            SelectChoice(PrizeMode.NONE.value, _l("No prize list")),
            SelectChoice(PrizeMode.PLACES.value, _l("A prize for each place")),
            SelectChoice(PrizeMode.SPLIT.value, _l("A share of the entry fees for each place")),
        ],
        default=PrizeMode.NONE.value,
        validators=[InputRequired()],
    )
    rows = FieldList(FormField(PrizeRowForm), min_entries=PRIZE_ROWS, max_entries=PRIZE_ROWS)

    def settings(self) -> list[tuple[int, int | None, int | None, str]]:
        """The places filled in: (place, cents, percent, words)."""
        chosen = []
        for place, row in enumerate(self.rows, start=1):
            data: dict[str, Any] = row.data
            cents = euros_to_cents(data.get("amount") or "")
            percent = data.get("percent")
            label = (data.get("what") or "").strip()
            if cents is None and percent is None and not label:
                continue
            chosen.append((place, cents, percent, label))
        return chosen
