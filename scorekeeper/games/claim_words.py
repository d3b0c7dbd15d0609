"""Chiamarsi fuori in words, for the board, its history and the answers to a claim
(the rule is `scorekeeper.scoring.claims`; what is stored, `scorekeeper.games.claims`).

Every sentence names the side as its number of players has it ("Anna si chiama fuori",
"Anna e Carla si chiamano fuori"), in the present tense (no participle to agree with a
player's gender).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from flask import url_for

from scorekeeper.games.claims import ClaimRefused
from scorekeeper.grammar import Side, side_gettext
from scorekeeper.grammar import gettext as _
from scorekeeper.scoring import CATEGORIES, Claim, ClaimOutcome, GameState, Verdict
from scorekeeper.ui.labels import category_label


def outcome_sentence(outcome: ClaimOutcome, sides: Sequence[Side], target: int) -> str:
    """What a judged claim did: "Anna si chiama fuori alla mano 6 con 21: vince."."""
    side, claim = sides[outcome.claim.side], outcome.claim
    values: dict[str, Any] = {"number": claim.hand, "total": outcome.total, "target": target}
    if outcome.verdict is Verdict.WINS:
        return side_gettext(
            "%(side)s claims to be out in hand %(number)s with %(total)s: wins.",
            "%(side)s claim to be out in hand %(number)s with %(total)s: win.",
            side,
            **values,
        )
    if outcome.verdict is Verdict.LOSES_HAND:
        return side_gettext(
            "%(side)s claims to be out in hand %(number)s with %(total)s of %(target)s:"
            " wrong, loses that hand's points.",
            "%(side)s claim to be out in hand %(number)s with %(total)s of %(target)s:"
            " wrong, lose that hand's points.",
            side,
            **values,
        )
    return side_gettext(
        "%(side)s claims to be out in hand %(number)s with %(total)s of %(target)s:"
        " wrong, loses the game.",
        "%(side)s claim to be out in hand %(number)s with %(total)s of %(target)s:"
        " wrong, lose the game.",
        side,
        **values,
    )


def pending_sentence(claim: Claim, sides: Sequence[Side]) -> str:
    """A claim made in the hand being played: "decided at the count"."""
    return side_gettext(
        "%(side)s claims to be out in hand %(number)s: decided at the count.",
        "%(side)s claim to be out in hand %(number)s: decided at the count.",
        sides[claim.side],
        number=claim.hand,
    )


def hand_notes(state: GameState, sides: Sequence[Side]) -> dict[int, str]:
    """What the board's history says of the hands a claim or the count in order decided,
    by hand number."""
    notes: dict[int, list[str]] = {}
    for outcome in state.claims:
        sentence = outcome_sentence(outcome, sides, state.rules.target)
        notes.setdefault(outcome.claim.hand, []).append(sentence)
    counted = state.counted_out
    if counted is not None:
        sentence = side_gettext(
            "%(side)s reaches %(total)s counting out in order (at %(category)s): wins.",
            "%(side)s reach %(total)s counting out in order (at %(category)s): win.",
            sides[counted.side],
            total=counted.total,
            category=category_label(CATEGORIES[counted.category]),
        )
        notes.setdefault(counted.hand, []).append(sentence)
    return {number: " ".join(lines) for number, lines in notes.items()}


def board_lines(state: GameState, sides: Sequence[Side]) -> list[str]:
    """The board's sentences under the status: the claim made in the hand being played,
    and how a claim or the count in order ended the game."""
    lines = []
    if state.pending_claim is not None:
        lines.append(pending_sentence(state.pending_claim, sides))
    notes = hand_notes(state, sides)
    if state.decided_after is not None and state.decided_after in notes:
        lines.append(notes[state.decided_after])
    return lines


def claim_panel(token: str, state: GameState, sides: Sequence[Side]) -> dict[str, Any] | None:
    """The board's "We're out" (edit link, chiamarsi fuori, the game going on, no claim
    yet in the hand being played): the hand's number, the sides that may claim (those
    not out) and the tap's own key."""
    if not state.rules.chiamarsi_fuori or state.finished or state.pending_claim is not None:
        return None
    return {
        "url": url_for("games.claim", token=token),
        "number": state.next_hand,
        "sides": [
            (i, str(side), kept_sentence(Claim(state.next_hand, i), sides))
            for i, side in enumerate(sides)
            if i not in state.out
        ],
        "request_id": str(uuid.uuid4()),
        "question": _("Who claims to be out in hand %(number)s?", number=state.next_hand),
    }


def kept_sentence(claim: Claim, sides: Sequence[Side]) -> str:
    """A claim kept on the phone without signal: it goes with the hand."""
    return side_gettext(
        "%(side)s claims to be out in hand %(number)s: kept on this phone, it goes with the hand.",
        "%(side)s claim to be out in hand %(number)s: kept on this phone, it goes with the hand.",
        sides[claim.side],
        number=claim.hand,
    )


def claimed_message(claim: Claim, sides: Sequence[Side]) -> str:
    """The answer to a claim recorded (or sent again)."""
    return pending_sentence(claim, sides)


def refusal_message(refused: ClaimRefused, sides: Sequence[Side]) -> str:
    """Why a claim was not recorded, in words."""
    if refused.reason == "taken" and refused.claim is not None:
        return _(
            "The claim of %(side)s came first in this hand: the first claim counts.",
            side=str(sides[refused.claim.side]),
        )
    reasons = {
        "off": _("This game is not played with chiamarsi fuori."),
        "finished": _("The game is over: there is nothing to claim."),
        "hand": _("Another phone saved a hand meanwhile: look at the board and claim again."),
        "side": _("That side cannot claim: it is not in the game any more."),
    }
    return reasons.get(refused.reason, reasons["hand"])
