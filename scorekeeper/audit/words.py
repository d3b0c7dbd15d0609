"""A history in words: each `AuditEvent` as a sentence in the page's language.

"Hand 3 corrected by Anna (Anna's phone) at 21:14: Anna: denari 6 → 5" / "Mano 3
corretta da Anna (telefono di Anna) alle 21:14: Anna: denari 6 → 5". Who is the
account's name; without one, the link that spoke ("dal link del tavolo", "dal link di
Bruno e Dario"). A phone is named after the account seen on it in the same history,
else numbered ("telefono 2"). Times are the app's time zone's (Flask-Babel).

A tournament's own events: "Correzione del tavolo 3 salvata da Anna alle 21:14: le 2
partite successive restano come giocate" (or "vanno rigiocate"), "Bruno e Dario
ritirati da Anna alle 21:30: 3 partite perse a tavolino", "Ritiro di Bruno e Dario
annullato da Anna alle 21:40".

Callers give the names: each game's sides (`Side`, for a hand's fields and a side's
link), a match's sides (or each match's, and a label per match, when one history spans
a tournament), a tournament's entrants, and optionally a label per game ("Partita 2, ")
when one history spans several games. Reading the history is one statement
(`service.events_for`); naming it reads nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from flask_babel import format_time

from scorekeeper.audit.models import AuditEvent, ChangeKind, LinkKind, Origin
from scorekeeper.grammar import Side, ngettext, side_gettext
from scorekeeper.grammar import gettext as _
from scorekeeper.scoring import Category, InvalidGame, Rules
from scorekeeper.ui.labels import category_label, rules_summary

#: A hand's fields as `hand_fields` keys them, with the category that names them.
_HAND_CATEGORIES = {
    "cards": Category.CARTE,
    "denari": Category.DENARI,
    "settebello": Category.SETTEBELLO,
    "re_bello": Category.RE_BELLO,
    "napola_run": Category.NAPOLA,
    "scope": Category.SCOPE,
    "primiera": Category.PRIMIERA,
}


@dataclass(frozen=True)
class Names:
    """What a history's sentences name: each game's sides, a match's sides, and a label
    for each game when the history spans several ("Partita 2: "); for a tournament's,
    each match's sides and label ("Turno 2 · Tavolo 3: ") and each entrant."""

    game_sides: Mapping[int, Sequence[Side]] = field(default_factory=dict)
    match_sides: Sequence[Side] = ()
    game_labels: Mapping[int, str] = field(default_factory=dict)
    matches: Mapping[int, Sequence[Side]] = field(default_factory=dict)
    match_labels: Mapping[int, str] = field(default_factory=dict)
    entrants: Mapping[int, Side] = field(default_factory=dict)


@dataclass(frozen=True)
class Line:
    """One change said in words, with its time (for ``<time datetime>``)."""

    at: datetime
    text: str
    kind: str


def describe(events: Sequence[AuditEvent], names: Names) -> list[Line]:
    """Each of ``events`` as a sentence (see the module's docstring)."""
    phones = _phone_names(events)
    return [Line(event.created_at, _sentence(event, names, phones), event.kind) for event in events]


def _phone_names(events: Sequence[AuditEvent]) -> dict[str, str]:
    """Each device's name: the account seen on it, else its number in order seen."""
    owners: dict[str, str] = {}
    for event in events:
        if event.device_id and event.account_name:
            owners.setdefault(event.device_id, event.account_name)
    named: dict[str, str] = {}
    count = 0
    for event in events:
        device = event.device_id
        if not device or device in named:
            continue
        if device in owners:
            named[device] = _("%(name)s's phone", name=owners[device])
        else:
            count += 1
            named[device] = _("phone %(number)s", number=count)
    return named


def _sentence(event: AuditEvent, names: Names, phones: Mapping[str, str]) -> str:
    by = _by(event, names)
    if event.device_id and event.device_id in phones:
        by = _("%(by)s (%(phone)s)", by=by, phone=phones[event.device_id])
    time = format_time(event.created_at, "short")
    text = _headline(event, names, by, time)
    if event.game_id is not None and len(names.game_labels) > 1:
        text = _("%(game)s: %(change)s", game=names.game_labels.get(event.game_id, ""), change=text)
    elif event.tournament_id is None and event.match_id is not None:
        label = names.match_labels.get(event.match_id)
        if label:
            text = _("%(game)s: %(change)s", game=label, change=text)
    details = _details(event, names)
    if details:
        text = _("%(change)s: %(details)s", change=text, details=details)
    if event.origin == Origin.OUTBOX.value:
        text = " ".join((text + ".", _("Kept on the phone without signal, sent later.")))
    return text


def _by(event: AuditEvent, names: Names) -> str:
    """Who made it: the account, else the link that spoke."""
    if event.account_name:
        return _("by %(name)s", name=event.account_name)
    link = event.link
    if link == LinkKind.SIDE.value and event.side is not None:
        sides = _sides_of(event, names)
        if event.side < len(sides):
            return _("through %(side)s's link", side=str(sides[event.side]))
    if link == LinkKind.TABLE.value:
        return _("through the table's link")
    if link == LinkKind.EDIT.value:
        return _("through the game's edit link")
    if link == LinkKind.SCORER.value:
        return _("through a league scorer's link")
    if event.origin == Origin.SYSTEM.value:
        return _("by the app")
    return _("by someone unknown")


def _headline(event: AuditEvent, names: Names, by: str, time: str) -> str:
    number = event.hand_number
    kind = event.kind
    if kind == ChangeKind.RULES_CHANGED.value:
        return _("Rules changed %(by)s at %(time)s", by=by, time=time)
    if event.tournament_id is not None:
        return _tournament_headline(event, names, by, time)
    if number is not None:
        hand_kinds = {
            ChangeKind.HAND_CREATED.value: _(
                "Hand %(number)s entered %(by)s at %(time)s", number=number, by=by, time=time
            ),
            ChangeKind.HAND_EDITED.value: _(
                "Hand %(number)s corrected %(by)s at %(time)s", number=number, by=by, time=time
            ),
            ChangeKind.HAND_REMOVED.value: _(
                "Hand %(number)s removed %(by)s at %(time)s", number=number, by=by, time=time
            ),
            ChangeKind.CONFIRMED.value: _(
                "Hand %(number)s confirmed %(by)s at %(time)s", number=number, by=by, time=time
            ),
            ChangeKind.DISPUTED.value: _(
                "Hand %(number)s disputed %(by)s at %(time)s", number=number, by=by, time=time
            ),
            ChangeKind.RESOLVED.value: _(
                "Dispute over hand %(number)s resolved %(by)s at %(time)s",
                number=number,
                by=by,
                time=time,
            ),
            ChangeKind.CLAIMED.value: _(
                "Claim to be out in hand %(number)s %(by)s at %(time)s",
                number=number,
                by=by,
                time=time,
            ),
        }
        if kind in hand_kinds:
            return hand_kinds[kind]
    match_kinds = {
        ChangeKind.RESULT_ENTERED.value: _("Result entered %(by)s at %(time)s", by=by, time=time),
        ChangeKind.RESULT_CORRECTED.value: _(
            "Result corrected %(by)s at %(time)s", by=by, time=time
        ),
        ChangeKind.RESULT_REOPENED.value: _(
            "Result withdrawn %(by)s at %(time)s (its deciding game reopened)", by=by, time=time
        ),
        ChangeKind.CONFIRMED.value: _("Result confirmed %(by)s at %(time)s", by=by, time=time),
        ChangeKind.DISPUTED.value: _("Result disputed %(by)s at %(time)s", by=by, time=time),
        ChangeKind.RESOLVED.value: _(
            "Dispute over the result resolved %(by)s at %(time)s", by=by, time=time
        ),
        ChangeKind.LEAGUE_IMPORTED.value: _("League imported %(by)s at %(time)s", by=by, time=time),
    }
    return match_kinds.get(kind, _("Changed %(by)s at %(time)s", by=by, time=time))


def _tournament_headline(event: AuditEvent, names: Names, by: str, time: str) -> str:
    """A tournament's own event: a correction kept or replayed, a withdrawal, undone."""
    changes: Mapping[str, list[Any]] = event.changes or {}
    kind = event.kind
    if kind in (ChangeKind.CORRECTION_KEPT.value, ChangeKind.CORRECTION_REPLAYED.value):
        table = _after(changes, "table")
        if table is None:
            return _("Correction saved %(by)s at %(time)s", by=by, time=time)
        return _(
            "Correction of table %(table)s saved %(by)s at %(time)s", table=table, by=by, time=time
        )
    entrant = _after(changes, "entrant")
    side = names.entrants.get(entrant) if isinstance(entrant, int) else None
    side = side or Side.named("–")
    if kind == ChangeKind.PAIR_WITHDRAWN.value:
        return side_gettext(
            "%(side)s withdrawn %(by)s at %(time)s",
            "%(side)s withdrawn %(by)s at %(time)s",
            side,
            by=by,
            time=time,
        )
    if kind == ChangeKind.WITHDRAWAL_UNDONE.value:
        return _(
            "Withdrawal of %(side)s undone %(by)s at %(time)s", side=str(side), by=by, time=time
        )
    return _("Changed %(by)s at %(time)s", by=by, time=time)


def _tournament_details(event: AuditEvent) -> str:
    """What a tournament's own event did to its other matches."""
    changes: Mapping[str, list[Any]] = event.changes or {}
    later = len(_after(changes, "later") or ())
    forfeits = len(_after(changes, "forfeits") or ())
    kind = event.kind
    if kind == ChangeKind.CORRECTION_KEPT.value and later:
        return ngettext(
            "the later match stays as played", "the %(num)s later matches stay as played", later
        )
    if kind == ChangeKind.CORRECTION_REPLAYED.value and later:
        return ngettext(
            "the later match is to be played again",
            "the %(num)s later matches are to be played again",
            later,
        )
    if kind == ChangeKind.PAIR_WITHDRAWN.value and forfeits:
        return ngettext(
            "%(num)s match lost by forfeit", "%(num)s matches lost by forfeit", forfeits
        )
    if kind == ChangeKind.WITHDRAWAL_UNDONE.value and forfeits:
        return ngettext(
            "%(num)s match to be played again", "%(num)s matches to be played again", forfeits
        )
    return ""


def _rules_details(event: AuditEvent) -> str:
    """The rules a change of house rules set, as the board says them in one line."""
    after = _after(event.changes or {}, "rules")
    try:
        rules = Rules.from_json(after)
    except InvalidGame:  # rules of a rule set this version of the app no longer has
        return ""
    return _("from the next game, %(rules)s", rules=" · ".join(rules_summary(rules)))


def _after(changes: Mapping[str, list[Any]], key: str) -> Any:
    """The value ``key`` took in ``changes`` (``None``: it has none)."""
    values = changes.get(key)
    return values[1] if values else None


def _sides_of(event: AuditEvent, names: Names) -> Sequence[Side]:
    if event.game_id is not None:
        return names.game_sides.get(event.game_id, ())
    if event.match_id is not None and event.match_id in names.matches:
        return names.matches[event.match_id]
    return names.match_sides


def _details(event: AuditEvent, names: Names) -> str:
    """What changed: each side's points of a new or removed hand, each changed field of a
    corrected one ("Anna: denari 6 → 5"), each changed count of a result."""
    if event.kind == ChangeKind.RULES_CHANGED.value:
        return _rules_details(event)
    if event.tournament_id is not None:
        return _tournament_details(event)
    sides = _sides_of(event, names)
    changes: Mapping[str, list[Any]] = event.changes or {}
    kind = event.kind
    if kind == ChangeKind.CLAIMED.value and "claim" in changes:  # who claimed
        return _side_name(sides, int(changes["claim"][1]))
    if kind == ChangeKind.CLAIMED.value and "claim" in changes:  # who claimed
        return _side_name(sides, int(changes["claim"][1]))
    if kind in (ChangeKind.HAND_CREATED.value, ChangeKind.HAND_REMOVED.value):
        which = 1 if kind == ChangeKind.HAND_CREATED.value else 0
        return "; ".join(
            _(
                "%(side)s: %(points)s",
                side=_side_name(sides, index),
                points=ngettext("%(num)s point", "%(num)s points", int(values[which])),
            )
            for key, values in changes.items()
            if (index := _total_side(key)) is not None and values[which] is not None
        )
    parts = []
    reason = changes.get("reason")
    if reason and reason[1]:  # a referee's or an organiser's reason for the change
        parts.append(_("reason: “%(reason)s”", reason=str(reason[1])))
    for key, (before, after) in changes.items():
        name, _dot, side = key.partition(".")
        label = _field_label(name)
        if label is None or not side.isdigit():
            continue
        if before is None and kind == ChangeKind.RESULT_ENTERED.value:
            # A result's first record: its values alone ("Anna e Carla: partite vinte 1").
            parts.append(
                _(
                    "%(side)s: %(field)s %(value)s",
                    side=_side_name(sides, int(side)),
                    field=label,
                    value=_value(after),
                )
            )
            continue
        parts.append(
            _(
                "%(side)s: %(field)s %(before)s → %(after)s",
                side=_side_name(sides, int(side)),
                field=label,
                before=_value(before),
                after=_value(after),
            )
        )
    return "; ".join(parts)


def _total_side(key: str) -> int | None:
    name, _dot, side = key.partition(".")
    return int(side) if name == "total" and side.isdigit() else None


def _side_name(sides: Sequence[Side], index: int) -> str:
    return str(sides[index]) if index < len(sides) else _("side %(number)s", number=index + 1)


def _field_label(name: str) -> str | None:
    if name in _HAND_CATEGORIES:
        return category_label(_HAND_CATEGORIES[name])
    labels = {
        "total": _("hand points"),
        "wins": _("games won"),
        "points": _("game points"),
    }
    return labels.get(name)


def _value(value: object) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)
