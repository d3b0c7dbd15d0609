"""A hand confirmed by scanning a QR, both phones offline.

The phone that entered the hand shows a QR of the other side's own link
(``/c/<token>``) with, in its fragment, the hand's number, its *client id* (the key of
the form that saves it, `Hand.request_id`: known on the phone before the hand is sent)
and the *digest of its points* (`points_digest`). The other side's phone opens it (its
side page kept by the service worker), asks "Confermate la mano 3?" and keeps the
confirmation in its outbox until it has signal. Whichever phone syncs first, the
confirmation is recorded once (`confirmation.confirm_scanned`):

- the hand is there: it is confirmed for that side if its points are the ones scanned
  (else the confirmation is refused: the hand on the server is not the one shown);
- the hand is not there yet: the confirmation waits (`PendingConfirmation`) and is
  applied when the hand lands with the same points (`take_pending`, from
  `services.record_hand`); with other points it is dropped, and the hand awaits that
  side as any other.

The digest is readable, not secret (the side link is what speaks for the side): each
side's points in the seven categories (scope, carte, denari, settebello, primiera, re
bello, napola) joined by ".", the sides joined by "_" ("1.1.1.1.1.0.0_0.0.0.0.0.0.0");
static/js/handqr.js makes the same from the phone's own scorer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol
from urllib.parse import urlencode

from sqlalchemy import delete, select

from scorekeeper.extensions import db
from scorekeeper.games.models import Hand, HandStatus, PendingConfirmation

#: The categories of the digest, in its order (the scoring API's `points` keys).
CATEGORIES = ("scope", "carte", "denari", "settebello", "primiera", "re_bello", "napola")
#: The longest digest read (four sides of seven two-digit points, and their dots).
DIGEST_MAX = 200


class SidePoints(Protocol):
    """A side's points in a hand, per category (`HandSide`, or a scored hand's side)."""

    @property
    def scope_points(self) -> int: ...
    @property
    def carte_points(self) -> int: ...
    @property
    def denari_points(self) -> int: ...
    @property
    def settebello_points(self) -> int: ...
    @property
    def primiera_points(self) -> int: ...
    @property
    def re_bello_points(self) -> int: ...
    @property
    def napola_points(self) -> int: ...


def points_digest(sides: Iterable[SidePoints]) -> str:
    """The digest of a hand's points: ``"1.1.1.1.1.0.0_0.0.0.0.0.0.0"`` (module doc)."""
    return "_".join(
        ".".join(str(getattr(side, f"{category}_points")) for category in CATEGORIES)
        for side in sides
    )


def take_pending(game_id: int, hand_request_id: str) -> Sequence[PendingConfirmation]:
    """The confirmations waiting for the hand of client id ``hand_request_id``, removed
    (inside the transaction that stores the hand: applied with it, or kept if it fails)."""
    rows = db.session.scalars(
        select(PendingConfirmation)
        .where(
            PendingConfirmation.game_id == game_id,
            PendingConfirmation.hand_request_id == hand_request_id,
        )
        .order_by(PendingConfirmation.id)
    ).all()
    if rows:
        db.session.execute(
            delete(PendingConfirmation).where(PendingConfirmation.id.in_([row.id for row in rows]))
        )
    return rows


def scan_fragment(number: int, hand_request_id: str, digest: str) -> str:
    """What a QR of hand ``number`` adds to the other side's link, after ``#``: the
    number shown, the hand's client id, the digest of its points (static/js/games.js
    reads it on the side's page; static/js/outbox.js makes the same for a kept hand)."""
    return urlencode({"hand": number, "id": hand_request_id, "points": digest})


def awaiting_digests(game_id: int) -> dict[int, tuple[str, str]]:
    """The hands of a game awaiting confirmation, by number: each one's client id and
    the digest of its points (for the QR the phone at the table shows)."""
    rows = db.session.scalars(
        select(Hand).where(Hand.game_id == game_id, Hand.status == HandStatus.AWAITING)
    )
    return {hand.number: (hand.request_id, points_digest(hand.sides)) for hand in rows}
