"""Where a match's result stands when the tournament asks the other side to confirm it
(`Tournament.needs_confirmation`): which sides still have to confirm it, a result
(re)written and so awaiting them again, a side's confirmation or dispute recorded once,
and the refusal of a change to a locked result.

The rules, in one place:

- a result entered by the organiser is confirmed at once (he is the referee);
- a result entered by a side at its table (its link) awaits every other side at the
  table; one entered by a helper, or decided by the games on the table's shared sheet
  (no side known), awaits every side;
- a confirmed or disputed result is locked: only the organiser changes it, with a
  reason (a dispute is resolved that way);
- only a confirmed result counts (the standings, a knockout's next match, the next
  round, the tournament's end).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import delete, func, select

from scorekeeper import audit
from scorekeeper.extensions import db
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import (
    Confirmation,
    Match,
    MatchResult,
    ResultState,
    Round,
    Tournament,
)


def confirmed_sides(result: MatchResult) -> list[int]:
    """The sides that confirmed ``result`` so far, in side order."""
    return sorted(
        db.session.scalars(select(Confirmation.side).where(Confirmation.result_id == result.id))
    )


def sides_confirmed(results: Iterable[MatchResult]) -> dict[int, list[int]]:
    """The sides that confirmed each of ``results`` by result id, in one statement."""
    ids = [result.id for result in results]
    found: dict[int, list[int]] = {result_id: [] for result_id in ids}
    rows = db.session.execute(
        select(Confirmation.result_id, Confirmation.side)
        .where(Confirmation.result_id.in_(ids))
        .order_by(Confirmation.side)
    )
    for result_id, side in rows:
        found[result_id].append(side)
    return found


def awaiting_sides(
    match: Match, result: MatchResult, confirmed: Iterable[int] | None = None
) -> list[int]:
    """The sides whose confirmation ``result`` still awaits (none once it counts);
    ``confirmed``: the sides that confirmed it, if read already."""
    if result.state != ResultState.AWAITING.value:
        return []
    done = set(confirmed_sides(result) if confirmed is None else confirmed)
    return [
        side
        for side in range(len(match.side_ids))
        if side != result.entered_side and side not in done
    ]


def mark_entered(match: Match, result: MatchResult, *, side: int | None, trusted: bool) -> None:
    """``result`` was just (re)written: entered by ``side`` at the table (``None``: the
    organiser, a helper or the games), ``trusted`` when the organiser entered it. It
    awaits the other sides again (earlier confirmations and any dispute forgotten),
    unless the tournament asks for no confirmation or the organiser entered it."""
    tournament = db.session.get_one(Tournament, match.tournament_id)
    db.session.execute(delete(Confirmation).where(Confirmation.result_id == result.id))
    waits = tournament.needs_confirmation and not trusted
    result.state = (ResultState.AWAITING if waits else ResultState.CONFIRMED).value
    result.entered_side = side
    if side is not None:
        result.by_hand = True
    result.disputed_side = result.disputed_wins = result.disputed_points = None
    result.reason = None
    db.session.flush()


def add_confirmation(
    match: Match, result: MatchResult, side: int, *, through: int | None, user_id: int | None
) -> bool:
    """Record ``side``'s confirmation of ``result`` (once: a side that confirmed already,
    or a result that counts already, changes nothing); whether the result now counts.
    The side that entered it cannot confirm it, and a disputed result waits for the
    organiser."""
    if result.state == ResultState.CONFIRMED.value:
        return False
    if result.state == ResultState.DISPUTED.value:
        raise TournamentRefused("result_disputed")
    if side == result.entered_side:
        raise TournamentRefused("own_result")
    if side not in range(len(match.side_ids)):
        raise TournamentRefused("not_a_side")
    if side in confirmed_sides(result):
        return False
    db.session.add(
        Confirmation(result_id=result.id, side=side, through_side=through, user_id=user_id)
    )
    db.session.flush()
    audit.record(audit.ChangeKind.CONFIRMED, audit.Subject.match(match.id), None, None)
    if awaiting_sides(match, result):
        return False
    result.state = ResultState.CONFIRMED.value
    db.session.flush()
    return True


def add_dispute(
    match: Match,
    result: MatchResult,
    side: int,
    wins: tuple[int, ...],
    points: tuple[int, ...],
) -> None:
    """``side`` says the result was another (``wins``, ``points``): the result is locked
    until the organiser resolves it. The same dispute sent again changes nothing."""
    if (
        result.state == ResultState.DISPUTED.value
        and result.disputed_side == side
        and tuple(result.disputed_wins or ()) == wins
        and tuple(result.disputed_points or ()) == points
    ):
        return
    if result.state != ResultState.AWAITING.value:
        raise TournamentRefused("result_locked")
    if side not in awaiting_sides(match, result):
        raise TournamentRefused("own_result" if side == result.entered_side else "not_a_side")
    result.state = ResultState.DISPUTED.value
    result.disputed_side = side
    result.disputed_wins, result.disputed_points = list(wins), list(points)
    db.session.flush()
    audit.record(
        audit.ChangeKind.DISPUTED,
        audit.Subject.match(match.id),
        _counts(result.wins, result.points),
        _counts(wins, points),
    )


def _counts(wins: Iterable[int], points: Iterable[int]) -> dict[str, object]:
    """A result's counts as its history records them (as `results.result_fields`)."""
    return {
        **{f"wins.{side}": value for side, value in enumerate(wins)},
        **{f"points.{side}": value for side, value in enumerate(points)},
    }


def refuse_change(match: Match, result: MatchResult, *, organiser: bool, reason: str) -> None:
    """Where the tournament asks for confirmation, refuse a change to a locked result
    (confirmed or disputed) by anyone but the organiser, and the organiser's without a
    reason."""
    tournament = db.session.get_one(Tournament, match.tournament_id)
    if not tournament.needs_confirmation or result.state == ResultState.AWAITING.value:
        return
    if not organiser:
        key = "result_disputed" if result.state == ResultState.DISPUTED.value else "result_locked"
        raise TournamentRefused(key)
    if not reason.strip():
        raise TournamentRefused("reason_required", "reason")


def unconfirmed_count(tournament: Tournament, round_: Round | None = None) -> int:
    """How many results of ``tournament`` (of one round) await confirmation or are
    disputed: shown, and not counted."""
    query = (
        select(func.count())
        .select_from(MatchResult)
        .join(Match, Match.id == MatchResult.match_id)
        .where(
            Match.tournament_id == tournament.id,
            MatchResult.state != ResultState.CONFIRMED.value,
        )
    )
    if round_ is not None:
        query = query.where(Match.round_id == round_.id)
    return db.session.scalar(query) or 0
