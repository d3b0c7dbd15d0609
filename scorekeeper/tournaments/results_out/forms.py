"""The organiser's form of the results page: the sites that may show it in a frame."""

from __future__ import annotations

import re
from typing import Any

from wtforms import StringField
from wtforms.validators import Length, ValidationError

from scorekeeper.tournaments.results_out.models import FRAMING_MAX
from scorekeeper.ui.forms import AppForm
from scorekeeper.ui.text import lazy_gettext as _l

#: A site that may frame the page: "*" (any) or an origin, https or http, host and port.
SITE = re.compile(r"\*|https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?")
#: The most sites one list names.
SITES_MAX = 8


class FramingForm(AppForm):
    """The sites (origins separated by spaces) that may show the public results page in
    a frame; empty: the app's default."""

    sites = StringField(
        _l("Sites that may show the results page in a frame"),
        validators=[
            Length(max=FRAMING_MAX, message=_l("At most %(max)d characters.", max=FRAMING_MAX))
        ],
    )

    def validate_sites(self, field: Any) -> None:
        """Each site an origin such as https://circolo.example.org, or "*"."""
        sites = str(field.data or "").split()
        if len(sites) > SITES_MAX or not all(SITE.fullmatch(site) for site in sites):
            raise ValidationError(
                _l(
                    "Write the sites' addresses separated by spaces, such as"
                    " https://circolo.example.org (up to %(max)d), or * for any site.",
                    max=SITES_MAX,
                )
            )

    def chosen(self) -> str:
        """The sites as stored: one space between them."""
        return " ".join(str(self.sites.data or "").split())
