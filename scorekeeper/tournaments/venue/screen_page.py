"""The screen's page, drawn or answered 304: what both of its addresses (a member's,
`tournaments.screen`, and its own link, `venue.screen_by_link`) share.

With live push (``LIVE_PUSH_URL`` and ``REDIS_URL``) the page names its stream on the
push server (`events_url`): the screen link's ``/tournaments/screen/<token>/events``, or a
public tournament's ``/tournaments/<public_id>/screen/events`` (a private tournament's
stream needs the link). Each answer, 200 or 304, names the tournament's channel
(`CHANNEL_HEADER`): what the push server (`scorekeeper.push`), which asks the page as an
anonymous screen does, follows on Redis."""

from __future__ import annotations

from flask import Response, abort, current_app, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale

from scorekeeper.grammar import gettext as _
from scorekeeper.live import tournament_channel
from scorekeeper.private import mark_private
from scorekeeper.tournaments import services
from scorekeeper.tournaments.access import Access
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.venue import screen as screen_slides
from scorekeeper.tournaments.venue import services as venue
from scorekeeper.tournaments.venue.version import screen_version

#: The header naming the tournament's channel (`scorekeeper.live.tournament_channel`).
CHANNEL_HEADER = "X-Scorekeeper-Channel"


# The screen, drawn or not ------------------------------------------------------------


def screen_extra() -> str:
    """What the screen's page depends on besides the tournament: the language, the view
    asked for, the cycle asked for."""
    return f"{get_locale()}|{request.args.get('view', '')}|{request.args.get('cycle', '')}"


def not_modified(version: str, tournament_id: int) -> Response | None:
    """A 304 when the browser already has ``version``."""
    if version in request.if_none_match:
        response = Response(status=304)
        response.set_etag(version)
        response.headers[CHANNEL_HEADER] = tournament_channel(tournament_id)
        return response
    return None


def events_url(t: Tournament, token: str | None) -> str | None:
    """Where the screen follows its changes pushed (None: it polls): with live push, the
    screen link's stream, or a public tournament's; the page's language and cycle."""
    config = current_app.config
    if not (config.get("LIVE_PUSH_URL") and config.get("REDIS_URL")):
        return None
    if token is not None:
        path = f"/tournaments/screen/{token}/events"
    elif t.is_public:
        path = f"/tournaments/{t.public_id}/screen/events"
    else:
        return None
    query = f"?lang={get_locale()}"
    if (cycle := _int_arg("cycle", 1, 300)) is not None:
        query += f"&cycle={cycle}"
    return str(config["LIVE_PUSH_URL"]).rstrip("/") + path + query


def screen_page(access: Access) -> ResponseReturnValue:
    """The screen of a tournament a member (or anyone, public) reads: 304 when unchanged."""
    t = access.tournament
    if not t.is_public:
        mark_private()
    version = screen_version(t.id, screen_extra())
    if version is None:
        abort(404)
    return not_modified(version, t.id) or draw_screen(t, version, token=None)


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
        poll=current_app.config["SCREEN_POLL_SECONDS"],
        events_url=events_url(t, token),
        push_poll=int(current_app.config["LIVE_PUSH_POLL_MS"]) / 1000,
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
    response.headers[CHANNEL_HEADER] = tournament_channel(t.id)
    return response
