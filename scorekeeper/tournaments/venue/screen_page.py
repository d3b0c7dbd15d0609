"""The screen's page, drawn or answered 304: what both of its addresses (a member's,
`tournaments.screen`, and its own link, `venue.screen_by_link`) share."""

from __future__ import annotations

from flask import Response, abort, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale

from scorekeeper.grammar import gettext as _
from scorekeeper.private import mark_private
from scorekeeper.tournaments import services
from scorekeeper.tournaments.access import Access
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.venue import screen as screen_slides
from scorekeeper.tournaments.venue import services as venue
from scorekeeper.tournaments.venue.version import screen_version

#: How often an open screen asks whether anything changed (seconds).
POLL_SECONDS = 5


# The screen, drawn or not ------------------------------------------------------------


def screen_extra() -> str:
    """What the screen's page depends on besides the tournament: the language, the view
    asked for, the cycle asked for."""
    return f"{get_locale()}|{request.args.get('view', '')}|{request.args.get('cycle', '')}"


def not_modified(version: str) -> Response | None:
    """A 304 when the browser already has ``version``."""
    if version in request.if_none_match:
        response = Response(status=304)
        response.set_etag(version)
        return response
    return None


def screen_page(access: Access) -> ResponseReturnValue:
    """The screen of a tournament a member (or anyone, public) reads: 304 when unchanged."""
    t = access.tournament
    if not t.is_public:
        mark_private()
    version = screen_version(t.id, screen_extra())
    if version is None:
        abort(404)
    return not_modified(version) or draw_screen(t, version, token=None)


def _int_arg(name: str, low: int, high: int) -> int | None:
    value = request.args.get(name, type=int)
    return value if value is not None and low <= value <= high else None


def draw_screen(t: Tournament, version: str, token: str | None) -> ResponseReturnValue:
    shown = screen_slides.screen(t)
    slides = shown.slides
    settings = venue.venue_of(t)
    current = min(_int_arg("view", 0, 999) or 0, max(len(slides) - 1, 0))
    cycle = _int_arg("cycle", 1, 300) or settings.cycle_seconds
    if token is not None:
        here = url_for("venue.screen_by_link", token=token)
    else:
        here = url_for("tournaments.screen", public_id=t.public_id)
    next_view = (current + 1) % len(slides) if slides else 0
    next_url = f"{here}?view={next_view}"
    if request.args.get("cycle"):
        next_url += f"&cycle={cycle}"
    clock = screen_slides.clock_view(t)
    number = clock.round_number if clock else 0
    html = render_template(
        "tournaments/screen.html",
        tournament=t,
        slides=slides,
        current=current,
        cycle=cycle,
        poll=POLL_SECONDS,
        version=version,
        next_url=next_url,
        clock=clock,
        clock_text=screen_slides.clock_text(clock) if clock else "",
        clock_template=_("Round %(number)d · %(time)s left", number=number, time="{time}"),
        clock_over=_("Round %(number)d · last hand", number=number),
        unconfirmed=services.unconfirmed_count(t) if t.needs_confirmation else 0,
        bracket=shown.bracket,
        podium=shown.podium,
        prizes=shown.prizes,
    )
    response = Response(html, mimetype="text/html")
    response.set_etag(version)
    response.headers["Cache-Control"] = "no-cache"
    return response
