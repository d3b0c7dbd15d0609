"""The other side confirms: a hand entered by one side awaits the other side(s).

In a game that requires confirmation (`Game.requires_confirmation`, set from its league
or tournament) a new hand awaits every side but the one that entered it
(`services.record_hand`). A side confirms it (`confirm_hand`) or disputes it
(`dispute_hand`, with the counts it says are right): a disputed hand is locked until a
referee resolves it (`resolve_dispute`, with a reason), keeping the entered version or
taking the disputing side's. A confirmed hand is locked too: only a referee corrects it,
with a reason (`services.edit_hand`). Every step is a `HandRevision` of the hand.

Who speaks for a side:

- the phone at the table (the game's edit link): whoever holds it may confirm for any
  side awaited, since the phone is passed across and the other side taps "Confermiamo";
  it may say which side it writes for (`side_of_phone`), so that side's hands await
  only the others;
- a *side link* (`side_token`, ``/c/<token>``): it confirms or disputes for its side
  alone, never the hands its own side entered. A league game's side link works only for
  the account of a league player seated on that side (a registered `SideFinder` says);
- a signed-in league player seated in the game: the side finder says which side.

Who referees (resolves a dispute, corrects a confirmed hand): a registered `Referee`
decides for the games it knows (a league's: its scorers resolve, its owner corrects);
for any other game, the holder of the game's own edit link.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from flask import Flask, current_app
from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import bindparam, select

from scorekeeper import audit
from scorekeeper.extensions import db
from scorekeeper.games.models import (
    Game,
    Hand,
    HandRevision,
    HandStatus,
    PendingConfirmation,
    mask_of_sides,
    sides_of_mask,
)
from scorekeeper.games.scanned import points_digest
from scorekeeper.games.services import (
    after_change,
    hand_fields,
    hand_numbered,
    lock_game,
    log_revision,
    replace_entry,
    score_hand,
)
from scorekeeper.grammar import Side
from scorekeeper.scoring import FORMATS, HandEntry
from scorekeeper.transactions import in_transaction

_SALT = "game-side-link"
#: Side links start with this, so they never look like a game's own token.
SIDE_PREFIX = "S."
_STAMP_LENGTH = 16

#: What a referee does: resolve a dispute, or correct a confirmed hand.
RefereeAct = Literal["resolve", "correct"]
#: The side the current user sits on in ``game`` (None: none, or not this finder's game).
SideFinder = Callable[[Game], "int | None"]
#: Whether the current user referees ``game`` for the act (None: not this referee's game).
Referee = Callable[[Game, RefereeAct], "bool | None"]
_FINDERS = "scorekeeper.games.side_finders"
_REFEREES = "scorekeeper.games.referees"


class ConfirmationRefused(Exception):
    """A confirmation, dispute or resolution that cannot be: ``key`` says why
    (``not_awaited``: the side is not awaited on this hand; ``disputed``: the hand is
    disputed; ``not_disputed``: there is no dispute to resolve; ``reason``: a referee
    must give a reason; ``digest``: a confirmation scanned from a QR names other points
    than the hand has)."""

    def __init__(self, key: str, number: int) -> None:
        self.key = key
        self.number = number
        super().__init__(f"hand {number}: {key}")


# --------------------------------------------------------------------------- hooks


def register_side_finder(app: Flask, finder: SideFinder) -> None:
    """Let ``finder`` say which side the current user sits on in a game."""
    app.extensions.setdefault(_FINDERS, []).append(finder)


def register_referee(app: Flask, referee: Referee) -> None:
    """Let ``referee`` decide who referees the games it knows."""
    app.extensions.setdefault(_REFEREES, []).append(referee)


def account_side(game: Game) -> int | None:
    """The side the signed-in user sits on in ``game`` (a league player's account)."""
    finders: list[SideFinder] = current_app.extensions.get(_FINDERS, [])
    for finder in finders:
        side = finder(game)
        if side is not None:
            return side
    return None


def is_referee(game: Game, act: RefereeAct, own_link: bool) -> bool:
    """Whether the current user referees ``game`` for ``act``: a registered referee's
    word, else whether they opened it with the game's own edit link (``own_link``)."""
    referees: list[Referee] = current_app.extensions.get(_REFEREES, [])
    for referee in referees:
        verdict = referee(game, act)
        if verdict is not None:
            return verdict
    return own_link


# --------------------------------------------------------------------------- side links


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=_SALT)


def _stamp(game: Game) -> str:
    """What a side link holds of the game's edit link: a new edit link revokes it."""
    return game.edit_token_hash[:_STAMP_LENGTH]


def side_token(game: Game, side: int) -> str:
    """The token of ``side``'s link to ``game``: it confirms or disputes for that side."""
    return SIDE_PREFIX + _serializer().dumps([game.id, side, _stamp(game)])


def resolve_side_token(token: str) -> tuple[Game, int] | None:
    """The game and side a side link names, if it is still current."""
    if not token.startswith(SIDE_PREFIX):
        return None
    try:
        game_id, side, stamp = _serializer().loads(token.removeprefix(SIDE_PREFIX))
        game = db.session.get(Game, int(game_id))
    except (BadSignature, ValueError, TypeError):
        return None
    if game is None or stamp != _stamp(game) or not isinstance(side, int):
        return None
    if not 0 <= side < FORMATS[game.format_key].sides:
        return None
    return game, side


# --------------------------------------------------------------------------- what awaits


@dataclass(frozen=True)
class Pending:
    """A hand not yet confirmed: its number, status, the sides awaited and who entered it."""

    number: int
    status: str
    awaiting: tuple[int, ...]
    entered_side: int | None

    @property
    def disputed(self) -> bool:
        """Whether a side disputed it."""
        return self.status == HandStatus.DISPUTED


_H = Hand.__table__.c
_PENDING = (
    select(_H.number, _H.status, _H.awaiting_sides, _H.entered_side)
    .where(_H.game_id == bindparam("game"), _H.status != HandStatus.CONFIRMED)
    .order_by(_H.number)
)


def pending_hands(game: Game) -> list[Pending]:
    """The game's hands not yet confirmed, in order (none unless it requires it)."""
    if not game.requires_confirmation:
        return []
    rows = db.session.execute(_PENDING, {"game": game.id})
    return [Pending(row[0], row[1], sides_of_mask(row[2]), row[3]) for row in rows]


def sides_named(game: Game, sides: Sequence[int]) -> Side:
    """The players of ``sides`` as one subject ("Bruno e Dario"): plural for a pair."""
    named = game.sides()
    return Side(tuple(player for side in sides for player in named[side].players))


# --------------------------------------------------------------------------- the use cases


def confirm_hand(game: Game, number: int, sides: Sequence[int], request_id: str) -> bool:
    """``sides`` confirm hand ``number``; returns whether anything was recorded (the same
    request sent again, or sides that confirmed it already, record nothing).

    Raises `LookupError` for a hand the game does not have (any more),
    `ConfirmationRefused` for a disputed hand or a side it does not await.
    """

    def save() -> bool:
        lock_game(game)
        if _already(game, request_id):
            return False
        return _confirm_locked(game, hand_numbered(game, number), sides, request_id)

    return in_transaction(save)


def _confirm_locked(game: Game, hand: Hand, sides: Sequence[int], request_id: str) -> bool:
    """`confirm_hand`'s work, the game locked and the request not seen before."""
    number = hand.number
    if hand.status == HandStatus.DISPUTED:
        raise ConfirmationRefused("disputed", number)
    awaited = set(hand.awaiting)
    wanted = set(sides)
    if not wanted or not wanted <= awaited | _confirmed_sides(hand):
        raise ConfirmationRefused("not_awaited", number)
    now_confirming = sorted(wanted & awaited)
    if not now_confirming:
        return False
    for k, side in enumerate(now_confirming):
        key = request_id if k == 0 else None
        log_revision(game, hand, "confirm", side=side, request_id=key)
    hand.awaiting_sides = mask_of_sides(awaited - wanted)
    if not hand.awaiting_sides:
        hand.status = HandStatus.CONFIRMED
    db.session.flush()
    audit.record(
        audit.ChangeKind.CONFIRMED,
        audit.Subject.hand(game.id, number, hand.id),
        {"awaiting": sorted(awaited)},
        {"awaiting": list(hand.awaiting), "confirmed_by": now_confirming},
    )
    after_change(game)
    return True


#: What became of a confirmation scanned from a QR (`confirm_scanned`).
ScannedOutcome = Literal["confirmed", "already", "pending"]


def confirm_scanned(
    game: Game, side: int, hand_request_id: str, digest: str, request_id: str
) -> tuple[ScannedOutcome, int | None]:
    """``side`` confirms the hand of client id ``hand_request_id`` whose points it was
    shown as ``digest`` (a QR scanned between two phones, `scorekeeper.games.scanned`):
    returns what became of it (``confirmed`` now; ``already``: this confirmation, or
    this side's, was recorded before; ``pending``: the hand is not here yet, and the
    confirmation waits for it) and the hand's number, if the hand is here.

    Raises `ConfirmationRefused`: ``digest`` (the hand here has other points),
    ``disputed``, ``not_awaited`` (the side entered it, or the game asks no
    confirmation).
    """

    def save() -> tuple[ScannedOutcome, int | None]:
        lock_game(game)
        hand = db.session.scalar(
            select(Hand).where(Hand.game_id == game.id, Hand.request_id == hand_request_id)
        )
        number = hand.number if hand is not None else None
        if _already(game, request_id) or _waiting(game, request_id):
            return "already", number
        if not game.requires_confirmation:
            raise ConfirmationRefused("not_awaited", number or 0)
        if hand is None:
            db.session.add(
                PendingConfirmation(
                    game_id=game.id,
                    hand_request_id=hand_request_id,
                    side=side,
                    digest=digest,
                    request_id=request_id,
                    actor=audit.actor_from_request().to_json(),
                )
            )
            db.session.flush()
            return "pending", None
        if points_digest(hand.sides) != digest:
            raise ConfirmationRefused("digest", hand.number)
        recorded = _confirm_locked(game, hand, [side], request_id)
        return ("confirmed" if recorded else "already"), hand.number

    return in_transaction(save)


def _waiting(game: Game, request_id: str) -> bool:
    """Whether this scanned confirmation already waits for its hand (sent twice)."""
    return (
        db.session.scalar(
            select(PendingConfirmation.id).where(
                PendingConfirmation.game_id == game.id,
                PendingConfirmation.request_id == request_id,
            )
        )
        is not None
    )


def dispute_hand(game: Game, number: int, side: int, entry: HandEntry, request_id: str) -> bool:
    """``side`` disputes hand ``number``, saying it went as ``entry``: the hand is locked
    until a referee resolves it. Returns whether anything was recorded.

    Raises `LookupError`, `ConfirmationRefused` (the side is not awaited),
    `InvalidHand` (``entry`` is not a hand the rules accept).
    """
    entry.score(game.rules)  # refused before anything is locked

    def save() -> bool:
        lock_game(game)
        if _already(game, request_id):
            return False
        hand = hand_numbered(game, number)
        if hand.status != HandStatus.AWAITING or side not in hand.awaiting:
            raise ConfirmationRefused("not_awaited", number)
        log_revision(game, hand, "dispute", side=side, request_id=request_id, entry=entry)
        hand.status = HandStatus.DISPUTED
        db.session.flush()
        audit.record(
            audit.ChangeKind.DISPUTED,
            audit.Subject.hand(game.id, number, hand.id),
            hand_fields(hand.sides),
            hand_fields(score_hand(game.rules, entry).sides) | {"disputed_by": side},
        )
        after_change(game)
        return True

    return in_transaction(save)


def disputed_by(game: Game, number: int) -> HandRevision | None:
    """The dispute of hand ``number`` (its last "dispute" revision: the side that
    disputed it and the version it says is right), if any."""
    return db.session.scalar(
        select(HandRevision)
        .join(Hand, Hand.id == HandRevision.hand_id)
        .where(Hand.game_id == game.id, Hand.number == number, HandRevision.action == "dispute")
        .order_by(HandRevision.id.desc())
        .limit(1)
    )


def resolve_dispute(game: Game, number: int, entry: HandEntry | None, reason: str) -> None:
    """A referee resolves the dispute of hand ``number``: the hand becomes ``entry``
    (None: it stays as entered) and is confirmed, with ``reason`` in its history.

    Raises `LookupError`, `ConfirmationRefused` (no dispute, or no reason),
    `InvalidHand`.
    """
    if not reason.strip():
        raise ConfirmationRefused("reason", number)
    if entry is not None:
        entry.score(game.rules)

    def save() -> None:
        lock_game(game)
        hand = hand_numbered(game, number)
        if hand.status != HandStatus.DISPUTED:
            raise ConfirmationRefused("not_disputed", number)
        hand.status = HandStatus.CONFIRMED
        hand.awaiting_sides = 0
        if entry is not None:
            replace_entry(game, hand, entry, reason=reason)
        db.session.flush()
        log_revision(game, hand, "resolve", reason=reason)
        audit.record(
            audit.ChangeKind.RESOLVED,
            audit.Subject.hand(game.id, number, hand.id),
            {"status": HandStatus.DISPUTED},
            {
                "status": HandStatus.CONFIRMED,
                "version": "entered" if entry is None else "disputed",
                "reason": reason.strip(),
            },
        )
        after_change(game)

    in_transaction(save)


def _already(game: Game, request_id: str) -> bool:
    """Whether this request was recorded before (a confirmation sent twice)."""
    return (
        db.session.scalar(
            select(HandRevision.id).where(
                HandRevision.game_id == game.id, HandRevision.request_id == request_id
            )
        )
        is not None
    )


def _confirmed_sides(hand: Hand) -> set[int]:
    """The sides that confirmed ``hand`` (not the one that entered it: it never
    confirms its own hand)."""
    sides = db.session.scalars(
        select(HandRevision.side).where(
            HandRevision.hand_id == hand.id,
            HandRevision.action == "confirm",
            HandRevision.side.is_not(None),
        )
    )
    return {side for side in sides if side is not None}
