"""What the game's pages show, gathered for the templates (no rules here).

Every number comes from the scoring package, either as stored by the
services (``HandSide``) or by re-scoring a hand's entry to explain it. The board reads
only stored points, as plain rows (`stored_hands`), with no re-scoring and no ORM hands.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any, NamedTuple

from flask import get_template_attribute, request, url_for
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from scorekeeper import audit
from scorekeeper.audit import words
from scorekeeper.games import claim_words
from scorekeeper.games.chart import totals_chart
from scorekeeper.games.confirmation import (
    Pending,
    account_side,
    disputed_by,
    is_referee,
    pending_hands,
    side_token,
    sides_named,
)
from scorekeeper.games.cookies import phone_side
from scorekeeper.games.forms import CardsForm, CountsForm, counts_form
from scorekeeper.games.hooks import game_label
from scorekeeper.games.models import Game, Hand
from scorekeeper.games.outlook import outlook_lines, outlook_words
from scorekeeper.games.scanned import awaiting_digests, scan_fragment
from scorekeeper.games.sending import offline_data
from scorekeeper.games.services import (
    StoredHand,
    game_state,
    is_locked,
    removed_hands,
    revisions_of,
    stored_hands,
    stored_state,
)
from scorekeeper.grammar import Side, ngettext, side_gettext
from scorekeeper.grammar import gettext as _
from scorekeeper.models import hash_token
from scorekeeper.scoring import (
    Card,
    Category,
    CountsEntry,
    ErrorCode,
    GameState,
    HandEntry,
    InvalidHand,
    Rules,
    SideCards,
    SideCounts,
    parse_cards,
    sorted_cards,
)
from scorekeeper.ui.labels import VARIANT_LABELS, category_label
from scorekeeper.ui.messages import SidePath, messages_by_field
from scorekeeper.ui.static import static_digests


@lru_cache(maxsize=16)
def categories(_locale: str, re_bello: bool, napola: bool) -> tuple[tuple[Category, str], ...]:
    """The categories played (re bello and napola only when on), with their names in the
    page's language (the first argument: each name is looked up in its catalog once)."""
    off = set()
    if not re_bello:
        off.add(Category.RE_BELLO)
    if not napola:
        off.add(Category.NAPOLA)
    return tuple((c, category_label(c)) for c in Category if c not in off)


def won_by_side(
    shown: Sequence[tuple[Category, str]], hand: StoredHand
) -> list[list[tuple[str, int]]]:
    """For each side, the categories it scored in ``hand`` (as stored) with their points."""
    return [
        [(label, points) for c, label in shown if (points := getattr(side, f"{c.value}_points"))]
        for side in hand.sides
    ]


def links(game: Game, token: str, editable: bool) -> dict[str, str]:
    """The game's URLs for this kind of link (built once per link and place the app is
    served from: every board and every poll of it asks again)."""
    where = (request.script_root, request.host, request.scheme)
    return dict(_links(where, game.view_token, token, editable))


@lru_cache(maxsize=1024)
def _links(
    _where: tuple[str, str, str], view_token: str, token: str, editable: bool
) -> tuple[tuple[str, str], ...]:
    result = {
        "view": url_for("games.view", token=view_token, _external=True),
        "live": url_for("games.live" if editable else "games.view_live", token=token),
        "board": url_for("games.scoreboard" if editable else "games.view", token=token),
        "history": url_for("games.history" if editable else "games.view_history", token=token),
    }
    if editable:
        result |= {
            "edit": url_for("games.scoreboard", token=token, _external=True),
            "record": url_for("games.record", token=token),
            "preview": url_for("games.preview", token=token),
            "undo": url_for("games.undo", token=token),
            "rematch": url_for("games.rematch_game", token=token),
            "qr_edit": url_for("games.qr", token=token, kind="edit"),
            "qr_view": url_for("games.qr", token=token, kind="view"),
        }
    else:
        result["qr_view"] = url_for("games.view_qr", token=token)
    return tuple(result.items())


def board_url(token: str) -> str:
    """The board of an edit link (where a save sends the browser: built once per link)."""
    return _board_url(request.script_root, token)


@lru_cache(maxsize=1024)
def _board_url(_root: str, token: str) -> str:
    return url_for("games.scoreboard", token=token)


def checker_url(game: Game, hand: Hand) -> str:
    """The hand checker's page for this hand, with everything in its URL (see
    ``scorekeeper.checks.views.hand`` for the format)."""
    entry, named = hand.entered, game.sides()
    params: dict[str, Any] = {"mode": entry.mode.value, "format": game.format_key}
    rules = game.rules
    params |= {name: 1 for name in VARIANT_LABELS if getattr(rules, name)}
    if rules.rule_set != Rules().rule_set:  # Scopa's is left out, as a default
        params["rule_set"] = rules.rule_set.key
    # The table's house choices of Scopa d'assi, so that the checker shows the game's.
    params |= {
        name: getattr(rules, name).value
        for name in ("asso_sweep", "asso_on_asso")
        if getattr(rules, name) != getattr(Rules(), name)
    }
    sides: tuple[SideCards | SideCounts, ...] = entry.sides
    for i, side in enumerate(sides):
        params |= {f"n{i}": list(named[i].players), f"scope{i}": side.scope}
        if isinstance(side, SideCards):
            params[f"s{i}"] = ",".join(card.code for card in side.cards)
        else:
            params |= _counts_params(i, side)
    if isinstance(entry, CountsEntry) and not any(f"best{i}" in params for i in range(len(sides))):
        params["primiera"] = "none" if entry.primiera is None else entry.primiera
    return url_for("checks.hand", **params)


def _counts_params(i: int, side: SideCounts) -> dict[str, Any]:
    """The hand checker's parameters of side ``i`` of a hand entered as counts."""
    params: dict[str, Any] = {f"cards{i}": side.cards, f"denari{i}": side.denari}
    if side.napola_run:
        params[f"napola_run{i}"] = side.napola_run
    if side.settebello:
        params["settebello"] = i
    if side.re_bello:
        params["re_bello_holder"] = i
    if side.primiera_cards is not None:
        params[f"best{i}"] = ",".join(card.code for card in side.primiera_cards)
    return params


def hand_url(token: str, editable: bool, number: int) -> str:
    """The page of one hand."""
    return url_for("games.hand" if editable else "games.view_hand", token=token, number=number)


def saved_message(number: int) -> str:
    """What the board says after hand ``number`` was saved."""
    return _("Hand %(number)s saved.", number=number)


def saved_note(saved: int | None, hands: int) -> list[tuple[str, str]]:
    """The board's note, with the flashed messages (base.html), for a board opened by a
    save (``?saved=N``, set by the save's answer: a redirect, or the phone's script):
    "Hand N saved", for a hand the game has (``hands`` of them).

    In the URL rather than in the session's flash, the note belongs to this page alone
    (not to whatever page of the app opens next), and neither the save nor the board
    writes the session cookie again (2 % of the instructions of saving a hand with its
    board)."""
    if saved is None or not 0 < saved <= hands:
        return []
    return [("success", saved_message(saved))]


def undone_note(number: int, entry: HandEntry) -> list[tuple[str, str]]:
    """The note over a hand form opened again with the numbers (or the cards) of hand
    ``number``, just undone (``?undone=N``, set by the undo's answer)."""
    if isinstance(entry, CountsEntry):
        message = _(
            "Hand %(number)s removed. Its numbers are back in the form below: correct them"
            " and save the hand again.",
            number=number,
        )
    else:
        message = _(
            "Hand %(number)s removed. Its cards are back below: correct them and save the"
            " hand again.",
            number=number,
        )
    return [("success", message)]


def board_context(
    game: Game, token: str, editable: bool, form: CountsForm | None = None
) -> dict[str, Any]:
    """Everything the board shows: where the game is played (a tournament's match, by
    `hooks.game_label`), totals, status, who deals, history, removed hands, chart, form.

    ``form`` is the hand the players sent, shown again (refused or previewed); on a
    finished game its form then stays open instead of folded away.
    """
    hands = stored_hands(game)
    state = stored_state(game, hands)
    sides = game.sides()
    names = [str(side) for side in sides]
    pending = pending_hands(game)
    notes = claim_words.hand_notes(state, sides) if state.claims or state.counted_out else {}
    history = history_rows(game, token, editable, hands, state, pending_labels(pending), notes)
    hand_sent = form is not None
    confirmation = table_confirmation(game, token, pending) if editable else None
    return {
        "pending": pending,
        "confirmation": confirmation,
        "game": game,
        "label": game_label(game),
        "state": state,
        "names": names,
        "token": token,
        "editable": editable,
        "links": links(game, token, editable),
        "history": history,
        "removed": removed_hands(game),
        "last_hand": len(history),
        # Confirmed or disputed: no undo (only the organiser corrects it).
        "last_locked": game.requires_confirmation
        and len(history) not in {hand.number for hand in pending if not hand.disputed},
        "dealer": game.seat_name(state.next_dealer),
        "first_player": game.seat_name(state.next_first_player),
        "winner": sides[state.winner] if state.winner is not None else None,
        "chart": totals_chart(state.running, game.target, names, _("Totals hand by hand")),
        "form": form,
        "number": form.number.data if form is not None else state.next_hand,
        "blank_form": (
            blank_hand_form(game, token, state.next_hand) if editable and form is None else None
        ),
        "hand_sent": hand_sent,
        "game_data": _with_confirmation(
            offline_data(game, hands, state, names) | {"outlook": outlook_words(sides)},
            confirmation,
        )
        if editable
        else None,
        "outlook": outlook_lines(game.rules, state.totals, sides),
        "claim_lines": claim_words.board_lines(state, sides),
        "claim_panel": claim_words.claim_panel(token, state, sides) if editable else None,
    }


def table_confirmation(game: Game, token: str, pending: Sequence[Pending]) -> dict[str, Any] | None:
    """What the phone at the table shows of confirmation (a game that requires it): the
    questions for the sides awaited (`confirmation_prompts`), the side this phone writes
    for (its account's, or the one it chose), and each side's own link."""
    if not game.requires_confirmation:
        return None
    own_link = hash_token(token) == game.edit_token_hash
    referee = is_referee(game, "resolve", own_link)

    def resolve_url(number: int) -> str | None:
        return url_for("games.resolve", token=token, number=number) if referee else None

    prompts = confirmation_prompts(
        game, pending, "games.confirm", "games.dispute", token, resolve_url=resolve_url
    )
    account = account_side(game)
    writer = account if account is not None else phone_side(game)
    names = game.sides()
    awaited = [side for side in range(len(names)) if side != writer]
    side_links = [
        url_for("games.side", token=side_token(game, side), _external=True)
        for side in range(len(names))
    ]
    return {
        "prompts": _with_qr_links(game, prompts, side_links),
        "account_side": account,
        "writer": writer,
        "choose_side_url": url_for("games.choose_side", token=token),
        "side_links": side_links,
        "offline": {
            "sides": awaited,
            # A kept hand's QR for each side asked (static/js/outbox.js adds the fragment).
            "links": {str(side): side_links[side] for side in awaited},
            "qrLabels": {str(side): _qr_label(game, side) for side in awaited},
            "qrScript": url_for("static", filename="js/qrcode.js"),
            "qrCaption": _qr_caption(),
            "question": str(
                side_gettext(
                    "%(side)s, do you confirm hand %(number)s?",
                    "%(side)s, do you confirm hand %(number)s?",
                    sides_named(game, awaited),
                    number="%(number)s",
                )
            ),
            "confirm": side_gettext("I confirm", "We confirm", sides_named(game, awaited)),
            "done": side_gettext(
                "%(side)s confirmed hand %(number)s: the confirmation goes with it.",
                "%(side)s confirmed hand %(number)s: the confirmation goes with it.",
                sides_named(game, awaited),
                number="%(number)s",
            ),
        },
    }


def _qr_caption() -> str:
    return _("Scan it with the other side's phone: it confirms this hand, even without signal.")


def _qr_label(game: Game, side: int) -> str:
    return _("QR code for the phone of %(side)s", side=sides_named(game, [side]))


def _with_qr_links(game: Game, prompts: list[Prompt], side_links: Sequence[str]) -> list[Prompt]:
    """The prompts with, for each side asked, its link carrying the hand (games.scanned):
    the QR its own phone scans, even offline."""
    if not any(prompt.sides and not prompt.disputed for prompt in prompts):
        return prompts
    digests = awaiting_digests(game.id)
    out = []
    for prompt in prompts:
        found = digests.get(prompt.number)
        if found is None or prompt.disputed:
            out.append(prompt)
            continue
        fragment = scan_fragment(prompt.number, *found)
        links = tuple((side, f"{side_links[side]}#{fragment}") for side in prompt.sides)
        out.append(prompt._replace(qr_links=links))
    return out


def _with_confirmation(data: dict[str, Any], confirmation: dict[str, Any] | None) -> dict[str, Any]:
    """The phone's game data (`offline_data`), with what a hand kept offline needs to be
    confirmed by passing the phone across (static/js/outbox-kept.js)."""
    if confirmation is None:
        return data
    return data | {"confirm": confirmation["offline"]}


# --------------------------------------------------------------------------- the scripts

#: The static files the board's scripts name (`board_scripts`).
_SCRIPT_FILES = (
    "js/games.js",
    "js/scanned.js",
    "js/claims.js",
    "js/outbox.js",
    "js/scoring-data.js",
    "js/scoring.js",
    "js/outbox-kept.js",
    "js/outbox-send.js",
)


class _Sides(NamedTuple):
    """What the board's scripts read of a game (games/_scripts.html)."""

    names: tuple[str, ...]
    rules: Rules
    #: The game's hands need the other side's confirmation (scanned.js).
    confirm: bool

    def side_names(self) -> list[str]:
        """The sides' names, as `Game.side_names`."""
        return list(self.names)


def board_scripts(game: Game, editable: bool) -> Markup:
    """The board's script tags, with the outbox's words and the rules they read (edit
    link): the same on every board of one language, sides' names and rules, so rendered
    once for each (2 % of the instructions of a save with its board); while templates
    reload, also once for each version of the files they name (`static_digests`)."""
    sides = _Sides(tuple(game.side_names()), game.rules, bool(game.requires_confirmation))
    root, digests = request.script_root, static_digests(_SCRIPT_FILES)
    return _board_scripts(str(get_locale()), root, digests, sides, editable)


@lru_cache(maxsize=256)
def _board_scripts(
    _locale: str, _root: str, _digests: tuple[str | None, ...], sides: _Sides, editable: bool
) -> Markup:
    render = get_template_attribute("games/_scripts.html", "board_scripts")
    return Markup(render(sides, editable))  # noqa: S704  (the macro's output, escaped by it)


# --------------------------------------------------------------------------- the history

# A board shows the same rows of its history again after every save and to every phone
# that follows it; each row's markup depends only on what is in its key, so it is
# rendered once and kept (a few hundred bytes a row, the least recently shown dropped).


def history_rows(
    game: Game,
    token: str,
    editable: bool,
    hands: list[StoredHand],
    state: GameState,
    labels: dict[int, str] | None = None,
    notes: dict[int, str] | None = None,
) -> list[Markup]:
    """The rows of the board's history, newest first; ``labels`` says what stands out of
    a hand (by number: awaiting confirmation, disputed), ``notes`` what a claim or the
    count in order did in it."""
    labels = labels or {}
    notes = notes or {}
    names, locale, root = tuple(game.side_names()), str(get_locale()), request.script_root
    decided = state.decided_after
    key = _RowKey(locale, root, token, editable, names, game.rules)
    rows = [
        _hand_row(
            key,
            hand,
            state.running[k],
            game.seat_name(state.dealer(hand.number)),
            decided is not None and hand.number > decided,
            labels.get(hand.number),
            notes.get(hand.number),
        )
        for k, hand in enumerate(hands)
    ]
    rows.reverse()
    return rows


class _RowKey(NamedTuple):
    """What every row of one board's history shares: the page's language, the app's
    root, the link, its kind, the sides' names and the rules (which categories show)."""

    locale: str
    root: str
    token: str
    editable: bool
    names: tuple[str, ...]
    rules: Rules


@lru_cache(maxsize=4096)
def _hand_row(
    key: _RowKey,
    hand: StoredHand,
    running: tuple[int, ...],
    dealer: str,
    after_end: bool,
    label: str | None = None,
    note: str | None = None,
) -> Markup:
    render = get_template_attribute("games/_hand_row.html", "hand_row")
    shown = categories(key.locale, key.rules.re_bello, key.rules.napola)
    return Markup(  # noqa: S704  (the macro's output, escaped by it)
        render(
            hand,
            list(key.names),
            won_by_side(shown, hand),
            running,
            dealer,
            after_end,
            hand_url(key.token, key.editable, hand.number),
            label,
            note,
        )
    )


# --------------------------------------------------------------------------- the blank form

# The board after every save shows the same empty form for the next hand: only the CSRF
# token, the form's request id, the hand's number and the game's tokens (its edit link's,
# and the view token that keys the phone's drafts and outbox) differ from one board to
# the next. Its markup is rendered once per (language, sides' names, rules) with these
# as placeholders, and filled in per board: the WTForms widgets and the form's macro
# were a third of the board's CPU.
_TOKEN, _VIEW, _NUMBER, _REQUEST_ID, _CSRF = (
    f"SK-{name}-PLACEHOLDER" for name in ("TOKEN", "VIEW", "NUMBER", "REQUEST", "CSRF")
)


class _Placeholders(NamedTuple):
    """What the outbox's attributes (games/_offline.html) read of a game, as placeholders."""

    view_token: str = _VIEW


def blank_hand_form(game: Game, token: str, number: int) -> Markup:
    """The board's form for hand ``number``, empty, ready to fill in (edit link)."""
    names = tuple(game.side_names())
    markup = _blank_form_markup(str(get_locale()), request.script_root, names, game.rules)
    # Each value is URL-safe ASCII: nothing in it needs escaping.
    return Markup(  # noqa: S704  (the form's macro escaped everything else)
        markup.replace(_TOKEN, token)
        .replace(_VIEW, game.view_token)
        .replace(_NUMBER, str(number))
        .replace(_REQUEST_ID, str(uuid.uuid4()))
        .replace(_CSRF, generate_csrf())
    )


@lru_cache(maxsize=256)
def _blank_form_markup(_locale: str, _root: str, names: tuple[str, ...], rules: Rules) -> str:
    """The empty counts form's markup with placeholders (the key's first two arguments:
    the page's language and the app's root, which the labels and links depend on)."""
    form = counts_form(list(names), number=_NUMBER)
    form.request_id.data = _REQUEST_ID
    render = get_template_attribute("games/_hand_form.html", "counts_form")
    attrs = get_template_attribute("games/_offline.html", "outbox_attrs")
    html = str(
        render(
            form,
            rules,
            list(names),
            None,
            url_for("games.record", token=_TOKEN),
            url_for("games.preview", token=_TOKEN),
            _("Save hand %(number)s", number=_NUMBER),
            attrs(_Placeholders(), _TOKEN),
        )
    )
    return html.replace(generate_csrf(), _CSRF)


def preview_context(game: Game, form: CountsForm | CardsForm, entry: HandEntry) -> dict[str, Any]:
    """The points of an entered hand before saving, or what is wrong with it.

    The errors are also put next to their fields in ``form``. While cards are
    still being given out, only how many are left is said.
    """
    names = game.sides()
    try:
        score = entry.score(game.rules)
    except InvalidHand as error:
        form.add_input_errors(error.errors)
        if all(e.code == ErrorCode.MISSING_CARDS for e in error.errors):
            left = int(str(error.errors[0].params["count"]))
            pending = ngettext(
                "%(count)s card still to give.", "%(count)s cards still to give.", left, count=left
            )
            return {"pending": pending, "names": names}
        offers = getattr(form, "napola_offers", {})
        return {
            "errors": _labelled(messages_by_field(error.errors), names),
            "names": names,
            "napola_offers": offers,
        }
    return {"score": score, "names": names, "errors": None}


def _labelled(by_field: dict[str, list[str]], names: Sequence[Side]) -> list[str]:
    """Every message, those about one side after its name ("Anna: ...")."""
    labelled = []
    for path, messages in by_field.items():
        side = SidePath.parse(path)
        prefix = f"{names[side.side]}: " if side is not None and side.side < len(names) else ""
        labelled += [prefix + message for message in messages]
    return labelled


def cards_context(
    game: Game, token: str, form: CardsForm, hand: Hand | None = None
) -> dict[str, Any]:
    """The page of a hand entered card by card: new (``hand`` None) or corrected."""
    if hand is None:
        action = url_for("games.record_cards", token=token)
        title = _("Record hand %(number)s card by card", number=form.number.data)
        save = _("Save hand %(number)s", number=form.number.data)
    else:
        action = url_for("games.edit", token=token, number=hand.number)
        title = _("Correct hand %(number)s", number=hand.number)
        save = _("Save the correction")
    return {
        "game": game,
        "names": game.side_names(),
        "token": token,
        "links": links(game, token, editable=True),
        "form": form,
        "grid": form.grid_sides(),
        "action": action,
        "title": title,
        "save_label": save,
        "board_url": board_url(token),
        "locked": hand is not None and is_locked(game, hand),
    }


def _sorted_cards(codes: list[str]) -> tuple[Card, ...]:
    return sorted_cards(parse_cards(codes))


class HistoryLine(NamedTuple):
    """One change to a game, in words (`audit.words`), with the hand it was of (its id)."""

    at: datetime
    text: str
    hand_id: int | None


def history_lines(game: Game) -> list[HistoryLine]:
    """Every change to ``game`` in words, oldest first: one statement, whatever the
    number of hands (the names come from the game's seats, loaded with it)."""
    events = audit.events_for(game_ids=[game.id])
    names = words.Names(game_sides={game.id: game.sides()})
    return [
        HistoryLine(line.at, line.text, event.hand_id)
        for event, line in zip(events, words.describe(events, names), strict=True)
    ]


def hand_context(game: Game, hand: Hand, token: str, editable: bool) -> dict[str, Any]:
    """One hand explained: points, counts, primiera cards, and its history."""
    state = game_state(game)
    score = hand.entered.score(game.rules)
    return {
        "game": game,
        "hand": hand,
        "names": game.sides(),
        "token": token,
        "editable": editable,
        "links": links(game, token, editable),
        "score": score,
        "dealer": game.seat_name(state.dealer(hand.number)),
        "checker_url": checker_url(game, hand),
        "revisions": revisions_of(hand),
        "locked": is_locked(game, hand),
        "changes": [line for line in history_lines(game) if line.hand_id == hand.id],
        "sorted_cards": _sorted_cards,
        "board_url": board_url(token) if editable else url_for("games.view", token=token),
    }


# --------------------------------------------------------------------------- confirmation


class Prompt(NamedTuple):
    """One question of the confirmation panel: hand ``number``, the sides it asks
    (``sides``, confirmed together by one tap) and what it says; a disputed hand says so
    instead (``disputed``), with the referee's page if the user referees."""

    number: int
    sides: tuple[int, ...]
    question: str
    confirm_label: str
    dispute_label: str
    confirm_url: str
    dispute_url: str
    disputed: bool = False
    resolve_url: str | None = None
    #: The key of its "Confermiamo" form (a tap sent twice confirms once).
    request_id: str = ""
    #: On the phone at the table: for each side asked, its link with the hand in the
    #: fragment, for the QR that side's own phone scans (games.scanned).
    qr_links: tuple[tuple[int, str], ...] = ()


def confirmation_prompts(
    game: Game,
    pending: Sequence[Pending],
    confirm_endpoint: str,
    dispute_endpoint: str,
    token: str,
    side: int | None = None,
    resolve_url: Callable[[int], str | None] | None = None,
) -> list[Prompt]:
    """The panel's questions, newest hand first: on the phone at the table (``side``
    None) every side awaited is asked, together when the side that entered the hand is
    known (the phone is passed across once), else each on its own; on a side's link
    (``side``) only the hands that await that side."""
    prompts = []
    for hand in reversed(pending):
        urls = {
            "confirm_url": url_for(confirm_endpoint, token=token, number=hand.number),
            "dispute_url": url_for(dispute_endpoint, token=token, number=hand.number),
        }
        if hand.disputed:
            prompts.append(_disputed(game, hand, urls, resolve_url))
            continue
        groups: list[tuple[int, ...]]
        if side is not None:
            groups = [(side,)] if side in hand.awaiting else []
        elif hand.entered_side is not None:
            groups = [hand.awaiting]
        else:
            groups = [(s,) for s in hand.awaiting]
        for group in groups:
            named = sides_named(game, group)
            question = side_gettext(
                "%(side)s, do you confirm hand %(number)s?",
                "%(side)s, do you confirm hand %(number)s?",
                named,
                number=hand.number,
            )
            confirm = side_gettext("I confirm", "We confirm", named)
            dispute = side_gettext("I dispute it", "We dispute it", named)
            prompts.append(
                Prompt(
                    hand.number,
                    group,
                    question,
                    confirm,
                    dispute,
                    urls["confirm_url"],
                    urls["dispute_url"],
                    request_id=str(uuid.uuid4()),
                )
            )
    return prompts


def _disputed(
    game: Game,
    hand: Pending,
    urls: dict[str, str],
    resolve_url: Callable[[int], str | None] | None,
) -> Prompt:
    dispute = disputed_by(game, hand.number)
    if dispute is not None and dispute.side is not None:
        named = sides_named(game, (dispute.side,))
        text = side_gettext(
            "Hand %(number)s is disputed by %(side)s: it stays locked until the organiser "
            "resolves it.",
            "Hand %(number)s is disputed by %(side)s: it stays locked until the organiser "
            "resolves it.",
            named,
            number=hand.number,
        )
    else:
        text = _(
            "Hand %(number)s is disputed: it stays locked until the organiser resolves it.",
            number=hand.number,
        )
    url = resolve_url(hand.number) if resolve_url is not None else None
    return Prompt(
        hand.number,
        (),
        text,
        "",
        "",
        urls["confirm_url"],
        urls["dispute_url"],
        disputed=True,
        resolve_url=url,
    )


def pending_labels(pending: Sequence[Pending]) -> dict[int, str]:
    """What the board's history says of each hand not confirmed, by number."""
    return {
        hand.number: _("disputed by a side") if hand.disputed else _("awaiting the other side")
        for hand in pending
    }
