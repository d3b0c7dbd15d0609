"""The venue's use cases, one transaction each: the screen's link (made, revoked), the
round clock (started, paused, resumed, moved, stopped), the screen's cycle, check-in
marks, a late entry between Swiss rounds, and the prize list.

Every change locks the tournament first (`services.locks.lock_tournament`, the order
of every tournament change) and bumps the venue row's ``version``, which the screen's
version check reads."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import utcnow
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import (
    Entrant,
    Entry,
    StageKind,
    Status,
    Tournament,
)
from scorekeeper.tournaments.services.locks import lock_tournament, refuse_unless
from scorekeeper.tournaments.services.queries import current_round, entries, rounds
from scorekeeper.tournaments.services.registration import parse_entries
from scorekeeper.tournaments.services.settings import ENTRIES_MAX, is_three
from scorekeeper.tournaments.venue.models import (
    PLACES_MAX,
    CheckIn,
    LateEntrant,
    Prize,
    PrizeMode,
    Venue,
)
from scorekeeper.transactions import in_transaction

#: The default cycle of the screen, and the default length of a round on the clock.
CYCLE_SECONDS = 15
CLOCK_MINUTES = 40


def venue_of(tournament: Tournament) -> Venue:
    """The tournament's venue row, or one with the defaults (not stored) if none yet."""
    found = db.session.get(Venue, tournament.id)
    if found is not None:
        return found
    return Venue(
        tournament_id=tournament.id,
        screen_token=None,
        cycle_seconds=CYCLE_SECONDS,
        clock_minutes=CLOCK_MINUTES,
        prize_mode=PrizeMode.NONE.value,
        version=0,
    )


def _changing(tournament_id: int) -> tuple[Tournament, Venue]:
    """Lock the tournament, and its venue row (made if missing) with its version bumped."""
    locked = lock_tournament(tournament_id)
    row = db.session.get(Venue, tournament_id)
    if row is None:
        row = Venue(
            tournament_id=tournament_id,
            cycle_seconds=CYCLE_SECONDS,
            clock_minutes=CLOCK_MINUTES,
            prize_mode=PrizeMode.NONE.value,
            version=1,
        )
        db.session.add(row)
    else:
        row.version += 1
    row.updated_at = utcnow()
    return locked, row


# The screen's link and cycle ------------------------------------------------------------


def new_screen_token(tournament: Tournament) -> str:
    """Give the screen a new link (the old one, if any, stops working); its token."""
    token = secrets.token_urlsafe(24)
    tournament_id = tournament.id

    def run() -> str:
        _locked, row = _changing(tournament_id)
        row.screen_token = token
        return token

    return in_transaction(run)


def revoke_screen_token(tournament: Tournament) -> None:
    """Revoke the screen's link: it answers 404 from now on."""
    tournament_id = tournament.id

    def run() -> None:
        _locked, row = _changing(tournament_id)
        row.screen_token = None

    in_transaction(run)


def set_cycle(tournament: Tournament, seconds: int) -> None:
    """How long the screen shows each view (3 to 300 seconds)."""
    if not 3 <= seconds <= 300:
        raise TournamentRefused("cycle_range", "seconds")
    tournament_id = tournament.id

    def run() -> None:
        _locked, row = _changing(tournament_id)
        row.cycle_seconds = seconds

    in_transaction(run)


def tournament_of_token(token: str) -> Tournament | None:
    """The tournament whose screen link is ``token`` (None: no such link, or revoked)."""
    if not token or len(token) > 64:
        return None
    query = select(Venue.tournament_id).where(Venue.screen_token == token)
    tournament_id = db.session.scalar(query)
    return None if tournament_id is None else db.session.get(Tournament, tournament_id)


# The round clock ----------------------------------------------------------------------


@dataclass(frozen=True)
class Clock:
    """The round clock as the screen shows it: the round it times (its id and number),
    when it ends (running) or how many seconds remain (paused)."""

    round_id: int
    round_number: int
    ends_at: datetime | None
    left: int | None

    @property
    def running(self) -> bool:
        """Whether it counts down now."""
        return self.ends_at is not None

    def seconds_left(self, now: datetime) -> int:
        """Whole seconds left at ``now`` (0 once over: the last hand)."""
        if self.ends_at is None:
            return self.left or 0
        return max(0, int((self.ends_at - now).total_seconds() + 0.999))


def clock(tournament: Tournament) -> Clock | None:
    """The clock of the round being played, if the organiser started one for it."""
    row = db.session.get(Venue, tournament.id)
    if row is None or row.clock_round_id is None:
        return None
    played = rounds(tournament)
    if not played or played[-1][1].id != row.clock_round_id:
        return None
    ends = row.clock_ends_at
    if ends is not None and ends.tzinfo is None:  # SQLite keeps no zone: stored as UTC
        ends = ends.replace(tzinfo=utcnow().tzinfo)
    return Clock(row.clock_round_id, played[-1][1].number, ends, row.clock_left)


def start_clock(tournament: Tournament, minutes: int) -> None:
    """Start the clock of the round being played: ``minutes`` from now."""
    if not 1 <= minutes <= 600:
        raise TournamentRefused("clock_range", "minutes")
    tournament_id = tournament.id

    def run() -> None:
        locked, row = _changing(tournament_id)
        refuse_unless(locked, Status.RUNNING)
        _stage, round_ = current_round(locked)
        row.clock_round_id = round_.id
        row.clock_minutes = minutes
        row.clock_ends_at = utcnow() + timedelta(minutes=minutes)
        row.clock_left = None

    in_transaction(run)


def _ends(row: Venue) -> datetime | None:
    ends = row.clock_ends_at
    if ends is not None and ends.tzinfo is None:
        ends = ends.replace(tzinfo=utcnow().tzinfo)
    return ends


def pause_clock(tournament: Tournament) -> None:
    """Pause the running clock (the seconds left kept), or resume a paused one."""
    tournament_id = tournament.id

    def run() -> None:
        _locked, row = _changing(tournament_id)
        if row.clock_round_id is None:
            raise TournamentRefused("clock_not_started")
        ends = _ends(row)
        if ends is not None:
            row.clock_left = max(0, int((ends - utcnow()).total_seconds()))
            row.clock_ends_at = None
        else:
            row.clock_ends_at = utcnow() + timedelta(seconds=row.clock_left or 0)
            row.clock_left = None

    in_transaction(run)


def move_clock(tournament: Tournament, minutes: int) -> None:
    """Give the round ``minutes`` more (fewer, when negative; never below nothing)."""
    tournament_id = tournament.id

    def run() -> None:
        _locked, row = _changing(tournament_id)
        if row.clock_round_id is None:
            raise TournamentRefused("clock_not_started")
        ends = _ends(row)
        now = utcnow()
        if ends is not None:
            row.clock_ends_at = max(now, ends + timedelta(minutes=minutes))
        else:
            row.clock_left = max(0, (row.clock_left or 0) + minutes * 60)

    in_transaction(run)


def stop_clock(tournament: Tournament) -> None:
    """Take the clock off the screen."""
    tournament_id = tournament.id

    def run() -> None:
        _locked, row = _changing(tournament_id)
        row.clock_round_id = None
        row.clock_ends_at = None
        row.clock_left = None

    in_transaction(run)


# Check-in at the door -----------------------------------------------------------------


@dataclass(frozen=True)
class DoorRow:
    """An entry at the door: the entry, whether it is there and whether it paid."""

    entry: Entry
    present: bool
    paid: bool
    late: bool = False


def door_rows(tournament: Tournament) -> list[DoorRow]:
    """Every entry in the list's order with its check-in marks."""
    marks = {
        row.entry_id: row
        for row in db.session.scalars(select(CheckIn).where(CheckIn.tournament_id == tournament.id))
    }
    return [
        DoorRow(
            entry,
            entry.id in marks and marks[entry.id].present,
            entry.id in marks and marks[entry.id].paid,
        )
        for entry in entries(tournament)
    ]


def check_in(entry: Entry, *, present: bool | None = None, paid: bool | None = None) -> CheckIn:
    """Mark an entry there (or not) and paid (or not); marking it paid marks it there."""
    entry_id, tournament_id = entry.id, entry.tournament_id

    def run() -> CheckIn:
        _locked, _row = _changing(tournament_id)
        mark = db.session.get(CheckIn, entry_id)
        if mark is None:
            mark = CheckIn(
                entry_id=entry_id, tournament_id=tournament_id, present=False, paid=False
            )
            db.session.add(mark)
        if present is not None:
            mark.present = present
        if paid is not None:
            mark.paid = paid
            if paid:
                mark.present = True
        mark.updated_at = utcnow()
        db.session.flush()
        return mark

    return in_transaction(run)


@dataclass(frozen=True)
class Door:
    """The count at the door: entries listed (not withdrawn), there, paid; the sides
    those there make, the tables they need, byes, a single left without a partner, the
    fees collected."""

    listed: int
    present: int
    paid: int
    sides: int
    tables: int
    byes: int
    single_left: bool
    collected_cents: int


def door(tournament: Tournament, rows: list[DoorRow] | None = None) -> Door:
    """How many are there, have paid, and how many tables those there need."""
    rows = door_rows(tournament) if rows is None else rows
    playing = [row for row in rows if not row.entry.withdrawn]
    there = [row for row in playing if row.present]
    pairs = sum(1 for row in there if row.entry.second_name is not None)
    singles = len(there) - pairs
    single_left = False
    if tournament.format_key == "2x2":
        sides = pairs + singles // 2
        single_left = singles % 2 == 1
    else:
        sides = len(there)
    seats = 3 if is_three(tournament) else 2
    tables, byes = divmod(sides, seats)
    paid = sum(1 for row in playing if row.paid)
    return Door(
        listed=len(playing),
        present=len(there),
        paid=paid,
        sides=sides,
        tables=tables,
        byes=byes,
        single_left=single_left,
        collected_cents=paid * tournament.entry_fee_cents,
    )


# A late entry between Swiss rounds ----------------------------------------------------


def late_entry_open(tournament: Tournament) -> bool:
    """Whether a late entry can join the next round now: a running Swiss (or Danish)
    stage of two sides a table, outside a league, with a round still to come."""
    if tournament.status != Status.RUNNING.value or is_three(tournament):
        return False
    if tournament.league_id is not None:
        return False
    played = rounds(tournament)
    if not played:
        return False
    stage, round_ = played[-1]
    if stage.kind not in (StageKind.SWISS.value, StageKind.DANISH.value):
        return False
    return stage.rounds is not None and round_.number < stage.rounds


def add_late_entry(tournament: Tournament, text: str) -> list[Entrant]:
    """Add the pasted entries (`parse_entries`; pairs in a pairs tournament) to a running
    Swiss stage: each an entrant, numbered after the others, with no points so far, who
    plays from the next round on (the pairing of that round counts every entrant).
    They are marked there at the door."""
    parsed = parse_entries(text)
    if not parsed:
        raise TournamentRefused("entries_required", "entries")
    if tournament.format_key in ("2x2",) and any(entry.is_single for entry in parsed):
        raise TournamentRefused("late_pairs_only", "entries")
    if tournament.format_key == "2" and any(not entry.is_single for entry in parsed):
        raise TournamentRefused("singles_only", "entries")
    tournament_id = tournament.id

    def run() -> list[Entrant]:
        locked = lock_tournament(tournament_id)
        if not late_entry_open(locked):
            raise TournamentRefused("late_entry_closed", "entries")
        _stage, round_ = current_round(locked)
        position = db.session.scalar(
            select(func.coalesce(func.max(Entry.position), 0)).where(
                Entry.tournament_id == tournament_id
            )
        )
        number = db.session.scalar(
            select(func.coalesce(func.max(Entrant.number), 0)).where(
                Entrant.tournament_id == tournament_id
            )
        )
        count = db.session.scalar(select(func.count()).where(Entry.tournament_id == tournament_id))
        if int(count or 0) + len(parsed) > ENTRIES_MAX:
            raise TournamentRefused("too_many_entries", "entries")
        made = []
        for offset, entry in enumerate(parsed, start=1):
            second = entry.names[1] if len(entry.names) == 2 else None
            row = Entry(
                tournament_id=tournament_id,
                position=int(position or 0) + offset,
                first_name=entry.names[0],
                second_name=second,
                club=entry.club,
                withdrawn=False,
            )
            entrant = Entrant(
                tournament_id=tournament_id,
                number=int(number or 0) + offset,
                first_name=entry.names[0],
                second_name=second,
                club=entry.club,
            )
            db.session.add_all([row, entrant])
            db.session.flush()
            db.session.add(
                LateEntrant(
                    entrant_id=entrant.id, tournament_id=tournament_id, from_round=round_.number + 1
                )
            )
            db.session.add(
                CheckIn(entry_id=row.id, tournament_id=tournament_id, present=True, paid=False)
            )
            made.append(entrant)
        row_venue = db.session.get(Venue, tournament_id)
        if row_venue is not None:
            row_venue.version += 1
        db.session.flush()
        return made

    return in_transaction(run)


def late_entrants(tournament: Tournament) -> dict[int, int]:
    """The entrants that joined late (by entrant id): the round they play from."""
    return {
        row.entrant_id: row.from_round
        for row in db.session.scalars(
            select(LateEntrant).where(LateEntrant.tournament_id == tournament.id)
        )
    }


# The prize list (montepremi) ----------------------------------------------------------


@dataclass(frozen=True)
class PrizeSetting:
    """A place's prize as the organiser sets it."""

    place: int
    amount_cents: int | None = None
    percent: int | None = None
    label: str = ""


def prizes(tournament: Tournament) -> list[Prize]:
    """The prizes set, by place."""
    return list(
        db.session.scalars(
            select(Prize).where(Prize.tournament_id == tournament.id).order_by(Prize.place)
        )
    )


def set_prizes(tournament: Tournament, mode: PrizeMode, settings: list[PrizeSetting]) -> None:
    """Set the prize list: none, an amount (and words) per place, or a percentage of the
    fees collected per place (no more than 100 in all)."""
    places = [setting.place for setting in settings]
    if len(set(places)) != len(places) or any(not 1 <= p <= PLACES_MAX for p in places):
        raise TournamentRefused("prize_places", "prizes")
    if mode is PrizeMode.SPLIT:
        if any(s.percent is None or not 0 <= s.percent <= 100 for s in settings):
            raise TournamentRefused("prize_percent", "prizes")
        if sum(s.percent or 0 for s in settings) > 100:
            raise TournamentRefused("prize_over_100", "prizes")
    if mode is PrizeMode.PLACES and any(s.amount_cents is None and not s.label for s in settings):
        raise TournamentRefused("prize_empty", "prizes")
    tournament_id = tournament.id

    def run() -> None:
        _locked, row = _changing(tournament_id)
        row.prize_mode = mode.value
        for old in db.session.scalars(select(Prize).where(Prize.tournament_id == tournament_id)):
            db.session.delete(old)
        db.session.flush()
        if mode is PrizeMode.NONE:
            return
        for setting in settings:
            db.session.add(
                Prize(
                    tournament_id=tournament_id,
                    place=setting.place,
                    amount_cents=setting.amount_cents if mode is PrizeMode.PLACES else None,
                    percent=setting.percent if mode is PrizeMode.SPLIT else None,
                    label=setting.label,
                )
            )

    in_transaction(run)


@dataclass(frozen=True)
class PrizeLine:
    """A place's prize as shown: its amount in cents (None: a thing, ``label``), and the
    percentage it came from (a split of the fees)."""

    place: int
    amount_cents: int | None
    label: str
    percent: int | None = None


@dataclass(frozen=True)
class PrizeList:
    """The prize list as shown: the lines by place, the pot they split (a split of the
    fees: the fees collected), and what the split leaves to the organiser."""

    mode: PrizeMode
    lines: list[PrizeLine]
    pot_cents: int = 0
    kept_cents: int = 0

    def of(self, place: int) -> PrizeLine | None:
        """The prize of ``place``, if any."""
        return next((line for line in self.lines if line.place == place), None)

    def shares(self, places: list[int]) -> list[PrizeLine | None]:
        """The prize of each of ``places`` (a podium's, in its order): sides level on a
        place share the prizes of the places they fill, rounded down to the cent (two
        thirds without a third-place match: half of the third's and the fourth's each)."""
        shared: list[PrizeLine | None] = []
        for place in places:
            level = places.count(place)
            if level == 1:
                shared.append(self.of(place))
                continue
            lines = [line for p in range(place, place + level) if (line := self.of(p))]
            amounts = [line.amount_cents for line in lines if line.amount_cents is not None]
            labels = [line.label for line in lines if line.label]
            if not amounts and not labels:
                shared.append(None)
                continue
            amount = sum(amounts) // level if amounts else None
            shared.append(PrizeLine(place, amount, " · ".join(labels)))
        return shared


def pot_cents(tournament: Tournament) -> int:
    """The fees a split shares: the entries marked paid at the door, or, while none is,
    every entry not withdrawn (each one fee)."""
    rows = door_rows(tournament)
    playing = [row for row in rows if not row.entry.withdrawn]
    paid = sum(1 for row in playing if row.paid)
    return (paid or len(playing)) * tournament.entry_fee_cents


def prize_list(tournament: Tournament) -> PrizeList:
    """The prize list of the tournament (mode NONE and no lines when none is set). A
    split is rounded down to the whole euro; the rest stays with the organiser."""
    row = db.session.get(Venue, tournament.id)
    mode = PrizeMode(row.prize_mode) if row is not None else PrizeMode.NONE
    if mode is PrizeMode.NONE:
        return PrizeList(mode, [])
    set_ = prizes(tournament)
    if mode is PrizeMode.PLACES:
        return PrizeList(mode, [PrizeLine(p.place, p.amount_cents, p.label) for p in set_])
    pot = pot_cents(tournament)
    lines = [
        PrizeLine(p.place, (pot * (p.percent or 0) // 100) // 100 * 100, p.label, p.percent)
        for p in set_
    ]
    kept = pot - sum(line.amount_cents or 0 for line in lines)
    return PrizeList(mode, lines, pot, kept)
