"""Chiamarsi fuori as stored: a game's claims (`GameClaim`), read for the replay and
written once (RULES.md section 8; the rule itself is `scorekeeper.scoring.claims`).

A claim is written either by itself (the board's "We're out", `record_claim` in
`scorekeeper.games.services`) or with the hand it was made in (a claim kept on the phone
without signal travels in that hand's form, ``claim_side``): either way once, the first
claim of a hand, in the transaction of the change that brings it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import bindparam, select

from scorekeeper import audit
from scorekeeper.extensions import db
from scorekeeper.games.models import Game, GameClaim
from scorekeeper.models import utcnow
from scorekeeper.scoring import CATEGORIES, Claim, HandResult, Rules

_CLAIMS = GameClaim.__table__.c

#: A game's claims in hand order (a Core statement, built once).
_GAME_CLAIMS = (
    select(_CLAIMS.hand_number, _CLAIMS.side, _CLAIMS.request_id)
    .where(_CLAIMS.game_id == bindparam("game"))
    .order_by(_CLAIMS.hand_number)
)

#: The `HandSide` columns of each category's points, in `CATEGORIES` order.
CATEGORY_POINTS = tuple(f"{category.value}_points" for category in CATEGORIES)


def claims_of(game: Game) -> list[Claim]:
    """The game's claims, one a hand at most, in hand order; none read when the game is
    not played with chiamarsi fuori."""
    if not game.rules.chiamarsi_fuori:
        return []
    rows = db.session.execute(_GAME_CLAIMS, {"game": game.id})
    return [Claim(number, side) for number, side, _request in rows]


class ClaimRefused(Exception):
    """A claim the game cannot take: ``reason`` is ``"off"`` (not played with chiamarsi
    fuori), ``"finished"`` (the game is over), ``"hand"`` (made for a hand other than the
    one being played: another phone saved it meanwhile), ``"side"`` (no such side, or a
    side already out) or ``"taken"`` (another side claimed in that hand first)."""

    def __init__(self, reason: str, claim: Claim | None = None) -> None:
        self.reason = reason
        self.claim = claim
        super().__init__(f"claim refused: {reason}")


def add_claim(game: Game, claim: Claim, request_id: str) -> bool:
    """Store ``claim`` (of ``game``, locked by the caller) unless its hand has one: the
    first claim of a hand stays. Its record of who made it goes with it. Returns whether
    it was stored; `ClaimRefused` ("taken") when another side's claim has the hand."""
    existing = db.session.execute(
        select(_CLAIMS.side, _CLAIMS.request_id).where(
            _CLAIMS.game_id == game.id, _CLAIMS.hand_number == claim.hand
        )
    ).first()
    if existing is not None:
        if existing.side == claim.side:
            return False
        raise ClaimRefused("taken", Claim(claim.hand, existing.side))
    now = utcnow()
    db.session.add(
        GameClaim(
            game_id=game.id,
            hand_number=claim.hand,
            side=claim.side,
            request_id=request_id,
            created_at=now,
        )
    )
    audit.record(
        audit.ChangeKind.CLAIMED,
        audit.Subject(game_id=game.id, hand_number=claim.hand),
        None,
        {"claim": claim.side},
        at=now,
    )
    return True


def hand_result(
    rules: Rules, totals: Sequence[int], napoleone: int | None, sides: Any
) -> HandResult:
    """A stored hand as the replay reads it: its totals and napoleone, and, for counting
    out in order, each category's points (from ``sides``, rows or `HandSide` objects
    with the `CATEGORY_POINTS` columns; ``None`` when they were not read)."""
    by_category = None
    if (
        rules.count_in_order
        and sides
        and all(getattr(side, CATEGORY_POINTS[0], None) is not None for side in sides)
    ):
        by_category = tuple(
            tuple(int(getattr(side, name)) for side in sides) for name in CATEGORY_POINTS
        )
    return HandResult(tuple(totals), napoleone, by_category)
