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
from flask_login import current_user
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper import audit
from scorekeeper.extensions import login_manager
from scorekeeper.games import claim_words, cookies
from scorekeeper.games.board import (
    board_context,
    board_scripts,
    board_url,
    cards_context,
    confirmation_prompts,
    hand_context,
    history_lines,
    preview_context,
    saved_message,
    saved_note,
    undone_note,
)
from scorekeeper.games.claims import ClaimRefused
from scorekeeper.games.confirmation import (
    ConfirmationRefused,
    account_side,
    confirm_hand,
    confirm_scanned,
    dispute_hand,
    disputed_by,
    is_referee,
    resolve_dispute,
    resolve_side_token,
    sides_named,
)
from scorekeeper.games.forms import (
    REASON_MAX,
    CardsForm,
    ClaimForm,
    ConfirmForm,
    CountsForm,
    HandFormBase,
    NewGameForm,
    ResolveForm,
    ScannedForm,
    cards_form,
    counts_form,
)
from scorekeeper.games.hooks import EditRefused
from scorekeeper.games.models import Game, Hand, HandStatus
from scorekeeper.games.qr import qr_response
from scorekeeper.games.sending import (
    claimed_answer,
    confirmed_answer,
    csrf_answer,
    form_refused,
    input_errors,
    refused_answer,
    refused_claim_answer,
    saved_answer,
    wants_flash,
    wants_json,
)
from scorekeeper.games.services import (
    HandConflict,
    HandLocked,
    Recorded,
    create_game,
    edit_hand,
    find_by_edit_token,
    find_by_view_token,
    get_hand,
    is_locked,
    record_claim,
    record_hand,
    rematch,
    remove_hand,
    undo_last_hand,
    undone_entry,
)
from scorekeeper.games.table import table_context
from scorekeeper.grammar import gettext as _
from scorekeeper.grammar import side_gettext
from scorekeeper.locale import this_page
from scorekeeper.models import hash_token
from scorekeeper.scoring import (
    FORMATS,
    CardsEntry,
    Claim,
    CountsEntry,
    HandEntry,
    InvalidHand,
    read_entry,
)
from scorekeeper.ui.messages import error_message
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
        recorded = record_hand(
            game,
            number,
            form.key(),
            entry,
            entered_side=_writer(game),
            confirmed_by=_passed_across(game),
            claim_side=_claim_side(game),
        )
    except InvalidHand as error:
        if as_json:
            message = _("the checks refused it:")
            return refused_answer(game, "invalid", message, input_errors(error.errors))
        form.add_input_errors(error.errors)
        return _render_new(game, token, form, status=422)
    except HandConflict as conflict:
        return _conflict(game, token, conflict, as_json)
    return _saved(game, token, number, recorded, as_json)


def _writer(game: Game) -> int | None:
    """The side that enters a hand on this phone: the signed-in league player's, else
    the one this phone said it writes for (a game that requires confirmation)."""
    if not game.requires_confirmation:
        return None
    side = account_side(game)
    return side if side is not None else cookies.phone_side(game)


def _passed_across(game: Game) -> list[int]:
    """The sides that confirmed the hand on this phone before it was sent (the phone
    passed across while offline: ``confirm_side``, repeated, travels with the hand)."""
    return _sides_in(game, "confirm_side")


def _claim_side(game: Game) -> int | None:
    """The side that claimed to be out during the hand sent, when the claim travels with
    it (``claim_side``: made on this phone without signal)."""
    sides = _sides_in(game, "claim_side")
    return sides[0] if len(sides) == 1 else None


def _sides_in(game: Game, name: str) -> list[int]:
    """The game's sides the form's field ``name`` (repeated) names, in order; anything
    else in it is left out."""
    sides = set()
    for value in request.form.getlist(name):
        if value.isdigit() and int(value) < len(game.side_names()):
            sides.add(int(value))
    return sorted(sides)


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
    referee = is_locked(game, stored) and is_referee(game, "correct", _own_link(game, token))
    if is_locked(game, stored) and not referee:
        return _locked(token, number)
    form = _correction_form(game, stored)
    if not form.is_submitted():
        return _render_edit(game, token, form, stored)
    entry = _read_entry(game, form)
    if entry is None:
        return _render_edit(game, token, form, stored, status=422)
    if request.form.get("action") == "preview":
        preview = preview_context(game, form, entry)
        return _render_edit(game, token, form, stored, preview, _preview_status(preview))
    reason = request.form.get("reason", "").strip()[:REASON_MAX] or None
    try:
        edit_hand(game, number, entry, reason=reason, referee=referee)
    except InvalidHand as error:
        form.add_input_errors(error.errors)
        return _render_edit(game, token, form, stored, status=422)
    except LookupError:  # removed from another phone meanwhile
        abort(404)
    except HandLocked as locked:
        if locked.reason_missing:
            form.hand_errors.setdefault("", []).append(_reason_needed())
            return _render_edit(game, token, form, stored, status=422)
        return _locked(token, number)
    flash(_("Hand %(number)s corrected.", number=number), "success")
    return redirect(f"{board_url(token)}#board")


def _reason_needed() -> str:
    return _("Say why you correct a confirmed hand: the history keeps the reason.")


def _locked(token: str, number: int) -> ResponseReturnValue:
    """Back to the board: the hand is confirmed (or disputed), so locked for this link."""
    flash(
        _(
            "Hand %(number)s is confirmed by both sides, or disputed: only the organiser "
            "can change it now.",
            number=number,
        ),
        "warning",
    )
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
        except HandLocked:
            return _locked(token, number)
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
    except HandLocked:
        return _locked(token, number or 0)
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


# --------------------------------------------------------------------------- the table view


@bp.get("/g/<token>/table")
def table(token: str) -> ResponseReturnValue:
    """The table view: the score full screen, for the middle of the table (edit link)."""
    return _table(_edit_game(token), token, editable=True)


@bp.get("/v/<token>/table")
def view_table(token: str) -> ResponseReturnValue:
    """The table view of a view link."""
    return _table(_view_game(token), token, editable=False)


def _table(game: Game, token: str, editable: bool) -> ResponseReturnValue:
    """The page, or 304 while the game is unchanged (js/table.js asks again and again)."""
    etag = board_etag(game, editable) + "-table"
    if etag in request.if_none_match:
        response = Response(status=304)
    else:
        response = make_response(
            render_template("games/table.html", **table_context(game, token, editable))
        )
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
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


# --------------------------------------------------------------------------- confirmation


def _sides_sent(game: Game) -> list[int]:
    """The sides a confirmation form speaks for (``side``, repeated), those that exist."""
    return _sides_in(game, "side")


def _confirmed_message(game: Game, number: int, sides: list[int]) -> str:
    return side_gettext(
        "%(side)s confirmed hand %(number)s.",
        "%(side)s confirmed hand %(number)s.",
        sides_named(game, sides),
        number=number,
    )


def _refusal_message(refused: ConfirmationRefused) -> str:
    if refused.key == "disputed":
        return _("Hand %(number)s is disputed: the organiser resolves it.", number=refused.number)
    return _(
        "Hand %(number)s does not await this side's confirmation: nothing was recorded.",
        number=refused.number,
    )


def _confirm(game: Game, number: int, sides: list[int], back: str) -> ResponseReturnValue:
    """Record ``sides``' confirmation of hand ``number``, then back to ``back`` (the
    board's script asks for JSON instead: one request, the board left as it is)."""
    form = ConfirmForm()
    if not form.validate_on_submit() or not sides:
        abort(400)
    try:
        confirm_hand(game, number, sides, form.key())
    except LookupError:
        abort(404)
    except ConfirmationRefused as refused:
        if wants_json():
            return confirmed_answer(number, _refusal_message(refused), locked=False, refused=True)
        flash(_refusal_message(refused), "warning")
        return redirect(back)
    message = _confirmed_message(game, number, sides)
    if wants_json():
        hand = get_hand(game, number)
        locked = hand is not None and hand.status == HandStatus.CONFIRMED
        return confirmed_answer(number, message, locked=locked)
    flash(message, "success")
    return redirect(back)


@bp.post("/g/<token>/hands/<int:number>/confirm")
def confirm(token: str, number: int) -> ResponseReturnValue:
    """The phone passed across: the side(s) named tap "Confermiamo" on it."""
    game = _edit_game(token)
    return _confirm(game, number, _sides_sent(game), f"{board_url(token)}#board")


@bp.route("/g/<token>/hands/<int:number>/dispute", methods=["GET", "POST"])
def dispute(token: str, number: int) -> ResponseReturnValue:
    """The phone passed across: a side says the hand went otherwise (its counts)."""
    game = _edit_game(token)
    sides = _sides_sent(game) if request.method == "POST" else _sides_asked(game)
    if len(sides) != 1:
        abort(400)
    action = url_for("games.dispute", token=token, number=number)
    return _dispute(game, number, sides[0], action, f"{board_url(token)}#board")


def _sides_asked(game: Game) -> list[int]:
    side = request.args.get("side", type=bounded_int)
    return [side] if side is not None and 0 <= side < len(game.side_names()) else []


def _dispute(game: Game, number: int, side: int, action: str, back: str) -> ResponseReturnValue:
    """The dispute form (the hand's counts, to change into what the side says) and its
    answer."""
    stored = _hand_or_404(game, number)
    if request.method == "GET":
        entry = stored.entered
        data = CountsForm.data_from_entry(entry) if isinstance(entry, CountsEntry) else None
        form = counts_form(game.side_names(), data=data)
        return _render_dispute(game, form, stored, side, action, back)
    form = counts_form(game.side_names())
    if not form.validate_on_submit():
        return _render_dispute(game, form, stored, side, action, back, status=422)
    entry = form.to_entry(game.rules.re_bello)
    if request.form.get("action") == "preview":
        preview = preview_context(game, form, entry)
        status = _preview_status(preview)
        return _render_dispute(game, form, stored, side, action, back, status, preview)
    try:
        dispute_hand(game, number, side, entry, form.key())
    except InvalidHand as error:
        form.add_input_errors(error.errors)
        return _render_dispute(game, form, stored, side, action, back, status=422)
    except ConfirmationRefused as refused:
        flash(_refusal_message(refused), "warning")
        return redirect(back)
    message = side_gettext(
        "%(side)s disputed hand %(number)s: it is locked until the organiser resolves it.",
        "%(side)s disputed hand %(number)s: it is locked until the organiser resolves it.",
        sides_named(game, [side]),
        number=number,
    )
    flash(message, "warning")
    return redirect(back)


def _render_dispute(
    game: Game,
    form: CountsForm,
    stored: Hand,
    side: int,
    action: str,
    back: str,
    status: int = 200,
    preview: dict[str, Any] | None = None,
) -> ResponseReturnValue:
    named = sides_named(game, [side])
    return render_template(
        "games/dispute.html",
        preview=preview,
        game=game,
        form=form,
        hand=stored,
        names=game.side_names(),
        side=side,
        named=named,
        action=action,
        back=back,
    ), status


@bp.route("/g/<token>/hands/<int:number>/resolve", methods=["GET", "POST"])
def resolve(token: str, number: int) -> ResponseReturnValue:
    """The referee (a league's scorer or owner, a casual game's own edit link): a
    disputed hand's two versions, and which one stands, with a reason."""
    game = _edit_game(token)
    if not is_referee(game, "resolve", _own_link(game, token)):
        abort(403)
    stored = _hand_or_404(game, number)
    dispute_revision = disputed_by(game, number)
    if stored.status != HandStatus.DISPUTED or dispute_revision is None:
        return redirect(f"{board_url(token)}#board")
    form = ResolveForm()
    disputer = sides_named(game, [dispute_revision.side or 0])
    form.version.choices = [
        ("entered", _("As entered")),
        ("disputed", side_gettext("As %(side)s says", "As %(side)s say", disputer)),
    ]
    if form.validate_on_submit():
        theirs = form.version.data == "disputed"
        entry = read_entry(dispute_revision.mode, dispute_revision.entry) if theirs else None
        try:
            resolve_dispute(game, number, entry, form.reason.data or "")
        except (ConfirmationRefused, LookupError):
            return redirect(f"{board_url(token)}#board")
        except InvalidHand as invalid:
            # Disputed under older checks, the version is not one the rules now accept.
            reasons = "; ".join(error_message(error) for error in invalid.errors)
            form.version.errors = [
                *form.version.errors,
                _("This version is not a hand the rules accept: %(reasons)s", reasons=reasons),
            ]
        else:
            flash(_("Hand %(number)s resolved and confirmed.", number=number), "success")
            return redirect(f"{board_url(token)}#board")
    entered_scored = stored.totals
    return render_template(
        "games/resolve.html",
        game=game,
        hand=stored,
        names=game.side_names(),
        form=form,
        disputer=disputer,
        entered=stored.entered,
        entered_totals=entered_scored,
        disputed=read_entry(dispute_revision.mode, dispute_revision.entry),
        disputed_totals=dispute_revision.totals,
        action=url_for("games.resolve", token=token, number=number),
        back=f"{board_url(token)}#board",
    ), form.page_status


def _own_link(game: Game, token: str) -> bool:
    """Whether ``token`` is the game's own edit link (not a scorer's or a table's)."""
    return hash_token(token) == game.edit_token_hash


@bp.post("/g/<token>/side")
def choose_side(token: str) -> ResponseReturnValue:
    """The phone at the table says which side writes on it (its hands then await only
    the others); "none" forgets it."""
    game = _edit_game(token)
    if not ConfirmForm().validate_on_submit():
        abort(400)
    sides = _sides_sent(game)
    response = redirect(f"{board_url(token)}#board")
    cookies.remember_side(response, game, sides[0] if sides else None)
    return response


# --------------------------------------------------------------------------- a side's link


def _side_game(token: str) -> tuple[Game, int]:
    """The game and side a side link opens for the current user: a league game's only
    for the account of a player seated on that side (a visitor is asked to log in)."""
    found = resolve_side_token(token)
    if found is None:
        abort(404)
    game, side = found
    audit.note_link(audit.LinkKind.SIDE, side)
    if game.league_id is not None:
        if not current_user.is_authenticated:
            abort(_log_in_first_to(url_for("games.side", token=token)))
        if account_side(game) != side:
            abort(404)
    return game, side


def _log_in_first_to(back: str) -> BaseResponse:
    flash(str(login_manager.login_message), login_manager.login_message_category)
    return redirect(url_for(login_manager.login_view or "main.index", next=back))


@bp.get("/c/<token>")
def side(token: str) -> ResponseReturnValue:
    """A side's own link: the board, read-only, and the hands awaiting this side's
    confirmation, to confirm or dispute on this side's own phone."""
    game, side = _side_game(token)
    context = board_context(game, game.view_token, editable=False)
    context["prompts"] = confirmation_prompts(
        game, context["pending"], "games.side_confirm", "games.side_dispute", token, side=side
    )
    context["side"] = side
    context["side_name"] = sides_named(game, [side])
    context["scanned_url"] = url_for("games.side_scanned", token=token)
    context["notes"] = []
    context["scripts"] = board_scripts(game, False)
    context["preview"] = None
    context["etag"] = board_etag(game, False)
    response = make_response(render_template("games/side.html", **context))
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.post("/c/<token>/hands/<int:number>/confirm")
def side_confirm(token: str, number: int) -> ResponseReturnValue:
    """A side confirms a hand on its own phone (for its side alone)."""
    game, side = _side_game(token)
    return _confirm(game, number, [side], url_for("games.side", token=token))


@bp.get("/c/<token>/csrf")
def side_csrf(token: str) -> ResponseReturnValue:
    """A fresh CSRF token for confirmations kept on a side's phone while offline."""
    _side_game(token)
    return csrf_answer(generate_csrf())


@bp.post("/c/<token>/scanned")
def side_scanned(token: str) -> ResponseReturnValue:
    """A side confirms on its own phone a hand it scanned from the other phone's QR,
    perhaps before the hand itself reached the server (games.scanned): recorded once."""
    game, side = _side_game(token)
    back = url_for("games.side", token=token)
    form = ScannedForm()
    shown = form.expected_number()
    if not form.validate_on_submit() or not request.form.get("request_id") or shown is None:
        abort(400)
    try:
        outcome, number = confirm_scanned(
            game, side, form.hand.data or "", form.digest.data or "", form.key()
        )
    except ConfirmationRefused as refused:
        message = _scanned_refusal(refused)
        if wants_json():
            return confirmed_answer(refused.number, message, locked=False, refused=True)
        flash(message, "warning")
        return redirect(back)
    if outcome == "pending":
        message = side_gettext(
            "%(side)s confirmed hand %(number)s: it counts as soon as the hand reaches the server.",
            "%(side)s confirmed hand %(number)s: it counts as soon as the hand reaches the server.",
            sides_named(game, [side]),
            number=shown,
        )
    elif outcome == "already":
        message = _("Hand %(number)s: this confirmation was already received.", number=shown)
    else:
        message = _confirmed_message(game, number or shown, [side])
    if wants_json():
        hand = get_hand(game, number) if number is not None else None
        locked = hand is not None and hand.status == HandStatus.CONFIRMED
        return confirmed_answer(number or shown, message, locked=locked)
    flash(message, "success")
    return redirect(back)


def _scanned_refusal(refused: ConfirmationRefused) -> str:
    if refused.key == "digest":
        return _(
            "Hand %(number)s on the server is not the one the other phone showed: nothing"
            " was recorded. Check it on the board, then confirm or dispute it there.",
            number=refused.number,
        )
    return _refusal_message(refused)


@bp.route("/c/<token>/hands/<int:number>/dispute", methods=["GET", "POST"])
def side_dispute(token: str, number: int) -> ResponseReturnValue:
    """A side disputes a hand on its own phone."""
    game, side = _side_game(token)
    action = url_for("games.side_dispute", token=token, number=number)
    return _dispute(game, number, side, action, url_for("games.side", token=token))


@bp.get("/c/<token>/qr.svg")
def side_qr(token: str) -> ResponseReturnValue:
    """A QR code of a side's own link."""
    _side_game(token)
    return qr_response(url_for("games.side", token=token, _external=True))


@bp.post("/g/<token>/claim")
def claim(token: str) -> ResponseReturnValue:
    """A side claims to be out during the hand being played ("Ci chiamiamo fuori"): one
    tap, recorded once; judged at that hand's count."""
    game = _edit_game(token)
    form = ClaimForm()
    side = request.form.get("side", "")
    number = form.expected_number()
    if not form.validate_on_submit() or not side.isdigit() or number is None:
        abort(400)
    sides = game.sides()
    try:
        record_claim(game, number, int(side), form.key())
    except ClaimRefused as refused:
        message = claim_words.refusal_message(refused, sides)
        if wants_json():
            return refused_claim_answer(message)
        flash(message, "warning")
        return redirect(f"{board_url(token)}#board")
    message = claim_words.claimed_message(Claim(number, int(side)), sides)
    if wants_json():
        return claimed_answer(message)
    flash(message, "success")
    return redirect(f"{board_url(token)}#board")
