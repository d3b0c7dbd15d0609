"""Views of the checkers: primiera, hand, capture, and the rules page.

Every page is a GET form: the URL holds the whole check, so it can be shared or
linked to, and it works without JavaScript (static/js/livecheck.js only makes
the result appear on every tap).
"""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue

from scorekeeper.checks import services
from scorekeeper.checks.forms import CaptureForm, PrimieraForm
from scorekeeper.checks.grid import card_name, deck_by_suit
from scorekeeper.scoring import PRIMIERA_MAX, PRIMIERA_VALUES, RANK_NAMES

bp = Blueprint("checks", __name__)
bp.add_app_template_global(deck_by_suit)
bp.add_app_template_filter(card_name)

DEFAULT_SIDES = 2
#: A table of many small cards can have hundreds of sums; the page lists the first ones.
CAPTURES_SHOWN = 40


@bp.get("/primiera")
def primiera() -> ResponseReturnValue:
    """Primiera checker: tap one to four piles, see each primiera and who takes the point."""
    form = PrimieraForm(request.args)
    count = form.sides.data if form.validate() and form.sides.data else DEFAULT_SIDES
    check = services.check_primiera(request.args, count)
    table = sorted(PRIMIERA_VALUES.items(), key=lambda item: (-item[1], item[0]))
    return render_template(
        "checks/primiera.html",
        form=form,
        check=check,
        table=[(value, RANK_NAMES[value], points) for value, points in table],
        primiera_max=PRIMIERA_MAX,
    )


@bp.get("/check/capture")
def capture() -> ResponseReturnValue:
    """Capture checker ("cosa posso prendere?"): every legal capture of the card played."""
    form = CaptureForm(request.args)
    form.validate()
    check = services.check_capture(request.args, form.choice, bool(form.last_play.data))
    return render_template("checks/capture.html", form=form, check=check, shown=CAPTURES_SHOWN)
