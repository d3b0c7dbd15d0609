"""Views of the checkers: primiera, hand, capture, and the rules page.

Every page is a GET form: the URL holds the whole check, so it can be shared or
linked to, and it works without JavaScript (static/js/livecheck.js only makes
the result appear on every tap).
"""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue

from scorekeeper.checks import services
from scorekeeper.checks.forms import CaptureForm, HandForm, PrimieraForm
from scorekeeper.scoring import PRIMIERA_MAX, PRIMIERA_VALUES, RANK_NAMES, Category

bp = Blueprint("checks", __name__)

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
    """Capture checker ("cosa posso prendere?"): every legal capture of the card played,
    by the rule set chosen (``?rule_set=scopa-d-assi&asso_sweep=scopa``: asso pigliatutto)."""
    form = CaptureForm(request.args)
    form.validate()
    check = services.check_capture(
        request.args, form.choice, bool(form.last_play.data), form.pigliatutto
    )
    return render_template("checks/capture.html", form=form, check=check, shown=CAPTURES_SHOWN)


@bp.get("/check/hand")
def hand() -> ResponseReturnValue:
    """Hand checker: score a finished hand, by cards or by counts, exactly as a game would.

    The whole hand is in the URL, so a game can link a hand here ("open in the
    checker"). By cards::

        /check/hand?mode=cards&format=2&s0=7D,1D,...&s1=...&scope0=1&scope1=0

    - ``format``: a key of ``scorekeeper.scoring.FORMATS`` ("2", "3", "2x2", "4",
      "2x3", "3x2"); ``sides=2|3|4`` is accepted instead for individual players.
    - ``rule_set``: a key of ``scorekeeper.scoring.RULE_SETS`` ("scopone-scientifico"...;
      Scopa when missing), whose deal decides the scope limits; a format it is not
      played at gives way to its own.
    - ``s0``...``s3``: each side's cards, comma-separated or repeated
      (``s0=7D&s0=1D``); ``rest=1`` gives the last side every card the others lack.
    - ``scope0``...: each side's scope (missing means 0).
    - ``napola=1``, ``re_bello=1``, ``napoleone=1``: those settings on (missing
      means off); with napoleone, a side that took all ten denari is said to win
      the game at once.
    - ``n0``...: the sides' names (default A, B, C, D); a game's pair or team once per
      player (``n0=Anna&n0=Carla``).

    By counts: ``mode=counts`` with ``cards0``, ``denari0``, ``scope0``,
    ``napola_run0``... per side, ``settebello=<side>``, ``re_bello_holder=<side>``
    and ``primiera=<side>|none`` (or ``best0=7D,6C,1B,5S``... the best cards that
    make each side's primiera). Sides are numbered from 0.
    """
    form = HandForm.from_args(request.args)
    check = services.check_hand(form, form.args)
    return render_template("checks/hand.html", form=form, check=check)


@bp.get("/rules")
def rules() -> ResponseReturnValue:
    """The rules the app applies, every setting with its default, from the scoring package."""
    return render_template("checks/rules.html", page=services.rules_page(), categories=Category)
