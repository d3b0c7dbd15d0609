"""Views of a game at the table: start it, follow it, record and correct its hands.

``/g/<edit_token>/...`` can change the game; ``/v/<view_token>/...`` only
shows it (GET only: every POST there is refused). A token that opens no game
is a 404, whatever its shape. Every ``/g/`` route opens its game with
`_edit_game`, so the edit guards (a league game changes only for the league's
scorers and owner) apply to each of them: a visitor who is not logged in is sent
to log in, anyone else refused gets the same 404. Views stay thin: a form, one
service call, a redirect or a page.
"""

from __future__ import annotations

from typing import Any, TypeVar

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.extensions import login_manager
from scorekeeper.games import cookies
from scorekeeper.games.board import (
    board_context,
    board_scripts,
    board_url,
    cards_context,
    hand_context,
    history_lines,
    preview_context,
    saved_message,
    saved_note,
    undone_note,
)
from scorekeeper.games.forms import (
    CardsForm,
    CountsForm,
    HandFormBase,
    NewGameForm,
    cards_form,
    counts_form,
)
from scorekeeper.games.hooks import EditRefused
from scorekeeper.games.models import Game, Hand
from scorekeeper.games.qr import qr_response
from scorekeeper.games.sending import (
    csrf_answer,
    form_refused,
    input_errors,
    refused_answer,
    saved_answer,
    wants_flash,
    wants_json,
)
from scorekeeper.games.services import (
    HandConflict,
    Recorded,
    create_game,
    edit_hand,
    find_by_edit_token,
    find_by_view_token,
    get_hand,
    record_hand,
    rematch,
    remove_hand,
    undo_last_hand,
    undone_entry,
)
from scorekeeper.grammar import gettext as _
from scorekeeper.locale import this_page
from scorekeeper.scoring import FORMATS, CardsEntry, CountsEntry, HandEntry, InvalidHand
from scorekeeper.ui.text import bounded_int

bp = Blueprint("games", __name__)

_Entry = TypeVar("_Entry", CountsEntry, CardsEntry)

#: Sides and players per side of each format, for the new-game page's script.
FORMAT_SHAPES = {key: [fmt.sides, fmt.players_per_side] for key, fmt in FORMATS.items()}

#: Edit routes that scripts call: a visitor who might be let in gets their 404, not the
#: login page (the board's polling, the outbox's fresh CSRF token).
SCRIPT_ROUTES = frozenset({"games.live", "games.csrf"})


def _edit_game(token: str) -> Game:
    """The game behind an edit token if the current user may change it; else a 404, or
    the login page for a visitor who might be let in (not for the board's polling)."""
    try:
        return find_by_edit_token(token)
    except EditRefused as refused:
        page = request.endpoint not in SCRIPT_ROUTES and not wants_json()
        if refused.log_in and page:
            abort(_log_in_first(token))
        if refused.closed is not None and page:
            abort(_closed(refused.closed))
        abort(404)


def _closed(game: Game) -> BaseResponse:
    """To the view link of a game that can no longer be changed, saying why."""
    message = _(
        "This match is over and its winner has gone on to the next round, so its game "
        "can no longer be changed here. The organiser can correct its result on the "
        "round page."
    )
    flash(message, "info")
    return redirect(url_for("games.view", token=game.view_token))


def _log_in_first(token: str) -> BaseResponse:
    """To the login page, then back: to this page, or to the board after a POST."""
    back = this_page() if request.method == "GET" else board_url(token)
    flash(str(login_manager.login_message), login_manager.login_message_category)
    return redirect(url_for(login_manager.login_view or "main.index", next=back))


def _view_game(token: str) -> Game:
    game = find_by_view_token(token)
    if game is None:
        abort(404)
    return game


def _hand_or_404(game: Game, number: int) -> Hand:
    hand = get_hand(game, number)
    if hand is None:
        abort(404)
    return hand


# --------------------------------------------------------------------------- new game


@bp.route("/games/new", methods=["GET", "POST"])
def new_game() -> ResponseReturnValue:
    """Start a game: format, names, target, variants, first dealer."""
    form = NewGameForm(data=cookies.last_settings() if request.method == "GET" else None)
    if form.validate_on_submit():
        _game, token = create_game(form.setup())
        flash(_("Game started. Keep the edit link to yourself; share the view link."), "success")
        response = redirect(board_url(token))
        cookies.remember_game(response, token)
        cookies.remember_settings(response, form)
        return response
    return render_template(
        "games/new.html", form=form, known_names=cookies.known_names(), formats=FORMAT_SHAPES
    ), form.page_status


# --------------------------------------------------------------------------- the board


@bp.get("/g/<token>")
def scoreboard(token: str) -> ResponseReturnValue:
    """The game's board with the form for the next hand (edit link); opened by an undo
    (``?undone=N``), the form holds the undone hand's numbers."""
    game = _edit_game(token)
    saved = request.args.get("saved", type=int)
    undone = _undone(game, CountsEntry)
    if undone is None:
        return _render_board(game, token, editable=True, saved=saved)
    number, entry = undone
    data = CountsForm.data_from_entry(entry) | {"number": str(number)}
    form = counts_form(game.side_names(), data=data)
    return _render_board(game, token, True, form=form, notes=undone_note(number, entry))


def _undone(game: Game, kind: type[_Entry]) -> tuple[int, _Entry] | None:
    """The hand an undo just removed (``?undone=N``: `undone_entry`) if it was entered as
    ``kind``, with its number."""
    number = request.args.get("undone", type=bounded_int)
    entry = undone_entry(game, number) if number is not None else None
    return (number, entry) if number is not None and isinstance(entry, kind) else None


@bp.get("/v/<token>")
def view(token: str) -> ResponseReturnValue:
    """The game's board, read-only (view link)."""
    game = _view_game(token)
    return _render_board(game, token, editable=False)


@bp.get("/g/<token>/live")
def live(token: str) -> ResponseReturnValue:
    """The board alone, for polling: 304 while the game is unchanged."""
    return _live(_edit_game(token), token, editable=True)


@bp.get("/v/<token>/live")
def view_live(token: str) -> ResponseReturnValue:
    """The read-only board alone, for polling: 304 while the game is unchanged."""
    return _live(_view_game(token), token, editable=False)


@bp.get("/g/<token>/csrf")
def csrf(token: str) -> ResponseReturnValue:
    """A fresh CSRF token for hands kept on the phone while offline (the page's may have
    expired meanwhile); for whoever may change the game, never cached."""
    _edit_game(token)
    return csrf_answer(generate_csrf())


def board_etag(game: Game, editable: bool) -> str:
    """The board's entity tag: the game's version, the language and the link's kind."""
    return f"g{game.id}-v{game.version}-{get_locale()}-{'e' if editable else 'v'}"


def _live(game: Game, token: str, editable: bool) -> ResponseReturnValue:
    etag = board_etag(game, editable)
    if etag in request.if_none_match:
        response = Response(status=304)
    else:
        context = board_context(game, token, editable)
        response = make_response(render_template("games/_live.html", **context))
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def _render_board(
    game: Game,
    token: str,
    editable: bool,
    form: CountsForm | None = None,
    preview: dict[str, Any] | None = None,
    status: int = 200,
    saved: int | None = None,
    notes: list[tuple[str, str]] | None = None,
) -> ResponseReturnValue:
    context = board_context(game, token, editable, form=form)
    context["notes"] = notes or saved_note(saved, context["last_hand"])
    context["scripts"] = board_scripts(game, editable)
    context["preview"] = preview
    context["etag"] = board_etag(game, editable)
    response = make_response(render_template("games/scoreboard.html", **context), status)
    response.headers["Cache-Control"] = "no-cache"
    return response


# --------------------------------------------------------------------------- hands

HandForm = CountsForm | CardsForm


def _hand_form(game: Game, mode: str, data: dict[str, Any] | None = None) -> HandForm:
    names = game.side_names()
    if mode == "cards":
        return cards_form(names, data=data)
    return counts_form(names, data=data)


def _read_entry(game: Game, form: HandForm) -> HandEntry | None:
    """The hand a submitted form describes, or ``None`` when the form itself is refused
    (its messages are then on the form). The cards tapped are always read back."""
    if isinstance(form, CardsForm) and form.is_submitted():
        form.grid = form.read(request.form)
    if not form.validate_on_submit():
        return None
    if isinstance(form, CountsForm):
        return form.to_entry(game.rules.re_bello)
    if form.grid is None or form.grid.piles is None:
        return None
    return form.to_entry(form.grid.piles)


def _render_cards(
    game: Game,
    token: str,
    form: CardsForm,
    hand: Hand | None = None,
    preview: dict[str, Any] | None = None,
    status: int = 200,
    notes: list[tuple[str, str]] | None = None,
) -> ResponseReturnValue:
    context = cards_context(game, token, form, hand)
    return render_template("games/cards.html", preview=preview, notes=notes, **context), status


def _render_new(
    game: Game, token: str, form: HandForm, preview: dict[str, Any] | None = None, status: int = 200
) -> ResponseReturnValue:
    if isinstance(form, CardsForm):
        return _render_cards(game, token, form, preview=preview, status=status)
    return _render_board(game, token, True, form=form, preview=preview, status=status)


def _preview_status(preview: dict[str, Any]) -> int:
    """A previewed hand the scoring package refuses is a refused form: 422."""
    return 200 if preview.get("score") is not None else 422


@bp.post("/g/<token>/hands")
def record(token: str) -> ResponseReturnValue:
    """Save the next hand by counts (or, with the Preview button, show its points first)."""
    game = _edit_game(token)
    return _record(game, token, counts_form(game.side_names()))


@bp.route("/g/<token>/hands/cards", methods=["GET", "POST"])
def record_cards(token: str) -> ResponseReturnValue:
    """The next hand card by card: the card grid, the scope, its points before saving."""
    game = _edit_game(token)
    if request.method == "GET":
        undone = _undone(game, CardsEntry)
        if undone is not None:  # opened by an undo: the undone hand's cards again
            number, entry = undone
            form = cards_form(game.side_names(), data=CardsForm.data_from_entry(entry))
            form.show_stored(entry)
            form.number.data = str(number)
            return _render_cards(game, token, form, notes=undone_note(number, entry))
        form = cards_form(game.side_names())
        form.number.data = str(len(game.hands) + 1)
        return _render_cards(game, token, form)
    return _record(game, token, cards_form(game.side_names()))


def _record(game: Game, token: str, form: HandForm) -> ResponseReturnValue:
    """Save the hand a form sent: the board after it (or the form again, refused), or
    for a phone's script asking for JSON one of `sending`'s answers."""
    as_json = wants_json()
    entry = _read_entry(game, form)
    if entry is None:
        if as_json:
            return form_refused(game, form)
        return _render_new(game, token, form, status=422)
    if request.form.get("action") == "preview":
        preview = preview_context(game, form, entry)
        return _render_new(game, token, form, preview=preview, status=_preview_status(preview))
    number = form.expected_number()
    try:
        if number is None:
            raise HandConflict(0, 0)
        recorded = record_hand(game, number, form.key(), entry)
    except InvalidHand as error:
        if as_json:
            message = _("the checks refused it:")
            return refused_answer(game, "invalid", message, input_errors(error.errors))
        form.add_input_errors(error.errors)
        return _render_new(game, token, form, status=422)
    except HandConflict as conflict:
        return _conflict(game, token, conflict, as_json)
    return _saved(game, token, number, recorded, as_json)


def _conflict(game: Game, token: str, conflict: HandConflict, as_json: bool) -> ResponseReturnValue:
    number = conflict.expected
    if as_json:  # the reason, after "Hand N was not saved:" on the phone
        if conflict.current > number:
            reason = _("another phone saved hand %(number)s first.", number=number)
        else:
            reason = _("the game was changed on another phone meanwhile.")
        return refused_answer(game, "conflict", reason, status=409)
    message = _(
        "Hand %(number)s was already saved from another phone, so this one was not "
        "saved. Here is the board as it is now: check it before entering the next hand.",
        number=number,
    )
    flash(message, "warning")
    return redirect(f"{board_url(token)}#board")


def _saved(
    game: Game, token: str, number: int, recorded: Recorded, as_json: bool
) -> ResponseReturnValue:
    """A new hand is told on the board the answer opens (``?saved=N``: see
    `saved_note`); a form saved before, by the session's flash."""
    if not recorded.already_saved:
        # The number sent is the one saved (the hand's own row is expired by the commit).
        if not as_json:
            return redirect(f"{board_url(token)}?saved={number}#board")
        return saved_answer(game, number, False, saved_message(number), recorded.state)
    number = recorded.number
    message = _("Hand %(number)s was already saved.", number=number)
    if not as_json or wants_flash():
        flash(message, "info")
    if not as_json:
        return redirect(f"{board_url(token)}#board")
    return saved_answer(game, number, True, message)


@bp.post("/g/<token>/hands/preview")
def preview(token: str) -> ResponseReturnValue:
    """The points of the hand in the form, as an HTML fragment (nothing is saved)."""
    game = _edit_game(token)
    form = _hand_form(game, "cards" if request.form.get("mode") == "cards" else "counts")
    entry = _read_entry(game, form)
    context: dict[str, Any] = {"preview": None}
    if entry is not None:
        context["preview"] = preview_context(game, form, entry)
    return render_template("games/_preview.html", **context)


@bp.get("/g/<token>/hands/<int:number>")
def hand(token: str, number: int) -> ResponseReturnValue:
    """One hand: its points, why, and its history (edit link)."""
    game = _edit_game(token)
    context = hand_context(game, _hand_or_404(game, number), token, editable=True)
    return render_template("games/hand.html", **context)


@bp.get("/v/<token>/hands/<int:number>")
def view_hand(token: str, number: int) -> ResponseReturnValue:
    """One hand: its points, why, and its history (view link)."""
    game = _view_game(token)
    context = hand_context(game, _hand_or_404(game, number), token, editable=False)
    return render_template("games/hand.html", **context)


@bp.get("/g/<token>/history")
def history(token: str) -> ResponseReturnValue:
    """Every change to the game in words: who, from which phone, when, what (edit link)."""
    game = _edit_game(token)
    return _render_history(game, token, editable=True)


@bp.get("/v/<token>/history")
def view_history(token: str) -> ResponseReturnValue:
    """Every change to the game in words (view link)."""
    return _render_history(_view_game(token), token, editable=False)


def _render_history(game: Game, token: str, editable: bool) -> ResponseReturnValue:
    return render_template(
        "games/history.html",
        game=game,
        names=game.side_names(),
        lines=history_lines(game),
        board_url=board_url(token) if editable else url_for("games.view", token=token),
    )


@bp.route("/g/<token>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit(token: str, number: int) -> ResponseReturnValue:
    """Correct a past hand the way it was entered; totals, winner and dealers follow."""
    game = _edit_game(token)
    stored = _hand_or_404(game, number)
    form = _correction_form(game, stored)
    if not form.is_submitted():
        return _render_edit(game, token, form, stored)
    entry = _read_entry(game, form)
    if entry is None:
        return _render_edit(game, token, form, stored, status=422)
    if request.form.get("action") == "preview":
        preview = preview_context(game, form, entry)
        return _render_edit(game, token, form, stored, preview, _preview_status(preview))
    try:
        edit_hand(game, number, entry)
    except InvalidHand as error:
        form.add_input_errors(error.errors)
        return _render_edit(game, token, form, stored, status=422)
    except LookupError:  # removed from another phone meanwhile
        abort(404)
    flash(_("Hand %(number)s corrected.", number=number), "success")
    return redirect(f"{board_url(token)}#board")


def _correction_form(game: Game, stored: Hand) -> HandForm:
    """The form the hand was entered with: showing it as stored (GET), or as sent."""
    if request.method != "GET":
        return _hand_form(game, stored.mode)
    entry = stored.entered
    if isinstance(entry, CardsEntry):
        form = cards_form(game.side_names(), data=CardsForm.data_from_entry(entry))
        form.show_stored(entry)
        return form
    return counts_form(game.side_names(), data=CountsForm.data_from_entry(entry))


def _render_edit(
    game: Game,
    token: str,
    form: HandForm,
    stored: Hand,
    preview: dict[str, Any] | None = None,
    status: int = 200,
) -> ResponseReturnValue:
    if isinstance(form, CardsForm):
        return _render_cards(game, token, form, stored, preview, status)
    context = hand_context(game, stored, token, editable=True)
    return render_template("games/edit.html", form=form, preview=preview, **context), status


@bp.route("/g/<token>/hands/<int:number>/remove", methods=["GET", "POST"])
def remove(token: str, number: int) -> ResponseReturnValue:
    """Ask, then remove a past hand; the later hands move up."""
    game = _edit_game(token)
    stored = _hand_or_404(game, number)
    form = HandFormBase()
    if form.validate_on_submit():
        try:
            remove_hand(game, number)
        except LookupError:  # removed from another phone meanwhile
            abort(404)
        flash(_("Hand %(number)s removed.", number=number), "success")
        return redirect(f"{board_url(token)}#board")
    context = hand_context(game, stored, token, editable=True)
    action = url_for("games.remove", token=token, number=number)
    return render_template("games/remove.html", form=form, action=action, **context), (
        form.page_status
    )


@bp.route("/g/<token>/undo", methods=["GET", "POST"])
def undo(token: str) -> ResponseReturnValue:
    """Ask (GET: the board's Undo without its script), then remove the last hand (the
    form names it, so a double tap removes one) and open its form again with the hand's
    numbers, to correct and save it."""
    game = _edit_game(token)
    if request.method == "GET":
        last = get_hand(game, len(game.hands))
        if last is None:
            return redirect(f"{board_url(token)}#board")
        context = hand_context(game, last, token, editable=True)
        action = url_for("games.undo", token=token)
        return render_template("games/remove.html", action=action, undo=True, **context)
    form = HandFormBase()
    number = form.expected_number() if form.validate_on_submit() else None
    try:
        entry = undo_last_hand(game, number or 0)
    except HandConflict:
        flash(_("The last hand has changed meanwhile; nothing was undone."), "warning")
        return redirect(f"{board_url(token)}#board")
    if isinstance(entry, CardsEntry):
        return redirect(url_for("games.record_cards", token=token, undone=number))
    return redirect(f"{board_url(token)}?undone={number}#board")


@bp.post("/g/<token>/rematch")
def rematch_game(token: str) -> ResponseReturnValue:
    """A new game with the same players and settings; the next dealer deals."""
    game = _edit_game(token)
    _new, new_token = rematch(game)
    flash(_("Rematch started."), "success")
    response = redirect(board_url(new_token))
    cookies.remember_game(response, new_token)
    return response


# --------------------------------------------------------------------------- sharing


@bp.get("/g/<token>/qr/<kind>.svg")
def qr(token: str, kind: str) -> ResponseReturnValue:
    """A QR code of the game's edit or view link."""
    game = _edit_game(token)
    if kind == "edit":
        url = url_for("games.scoreboard", token=token, _external=True)
    elif kind == "view":
        url = url_for("games.view", token=game.view_token, _external=True)
    else:
        abort(404)
    return qr_response(url)


@bp.get("/v/<token>/qr.svg")
def view_qr(token: str) -> ResponseReturnValue:
    """A QR code of the game's view link."""
    game = _view_game(token)
    return qr_response(url_for("games.view", token=game.view_token, _external=True))
