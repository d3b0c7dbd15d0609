"""Use cases of a game at the table, one function each, each one transaction.

The scoring package decides everything about the rules (points, winner,
spareggio, dealers); these functions turn the players' entries into its
inputs, store its results, and keep the history. Views call them and map the
errors they raise (:class:`~scorekeeper.scoring.InvalidHand`,
:class:`HandConflict`) back onto the page.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from itertools import groupby
from operator import itemgetter
from typing import Any, NamedTuple

from sqlalchemy import Row, Select, bindparam, func, insert, select, update
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.orm import joinedload, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from scorekeeper import audit, live
from scorekeeper.bulk import insert_rows
from scorekeeper.extensions import db
from scorekeeper.games.claims import (
    CATEGORY_POINTS,
    ClaimRefused,
    add_claim,
    claims_of,
    hand_result,
)
from scorekeeper.games.hooks import (
    EditRefused,
    check_edit_access,
    edit_token_resolver,
    send_game_changed,
)
from scorekeeper.games.inputs import GameSetup
from scorekeeper.games.models import NAME_MAX as SEAT_NAME_MAX
from scorekeeper.games.models import (
    Game,
    Hand,
    HandRevision,
    HandSide,
    HandStatus,
    Seat,
    mask_of_sides,
    rules_values,
)
from scorekeeper.games.scanned import points_digest, take_pending
from scorekeeper.models import hash_token, utcnow
from scorekeeper.scoring import (
    FORMATS,
    Category,
    Claim,
    GameState,
    HandEntry,
    HandResult,
    HandScore,
    Rules,
    read_entry,
)
from scorekeeper.transactions import in_transaction

VIEW_TOKEN_BYTES = 16
EDIT_TOKEN_BYTES = 24


class HandConflict(Exception):
    """The hand number the form expected is no longer the one to save or undo.

    Another phone saved (or removed) a hand first; nothing was stored.
    """

    def __init__(self, expected: int, current: int) -> None:
        self.expected = expected
        self.current = current
        super().__init__(f"expected hand {expected}, the game is at hand {current}")


# --------------------------------------------------------------------------- scores


class SideValues(NamedTuple):
    """One side's counts and points in one hand: the columns of a `HandSide` row."""

    side: int
    cards: int
    denari: int
    settebello: bool
    re_bello: bool
    napola_run: int
    scope: int
    primiera: int | None
    scope_points: int
    carte_points: int
    denari_points: int
    settebello_points: int
    primiera_points: int
    re_bello_points: int
    napola_points: int
    total: int


def side_values(score: HandScore) -> list[SideValues]:
    """The one way to turn a `HandScore` into what is stored: counts and points per side."""
    values = []
    for i, side in enumerate(score.sides):
        points = side.points
        values.append(
            SideValues(
                side=i,
                cards=side.cards,
                denari=side.denari,
                settebello=side.settebello,
                re_bello=side.re_bello,
                napola_run=side.napola_run,
                scope=side.scope,
                primiera=side.primiera.total if side.primiera is not None else None,
                scope_points=points[Category.SCOPE],
                carte_points=points[Category.CARTE],
                denari_points=points[Category.DENARI],
                settebello_points=points[Category.SETTEBELLO],
                primiera_points=points[Category.PRIMIERA],
                re_bello_points=points[Category.RE_BELLO],
                napola_points=points[Category.NAPOLA],
                total=side.total,
            )
        )
    return values


#: A hand's fields its history records, per side (`hand_fields`).
AUDITED_FIELDS = (
    "cards",
    "denari",
    "settebello",
    "re_bello",
    "napola_run",
    "scope",
    "primiera",
    "total",
)


def hand_fields(sides: Iterable[SideValues | HandSide]) -> dict[str, object]:
    """A hand's counts and points as its history records them: ``"denari.0"`` is side
    0's denari (the before or after of `audit.record`)."""
    return {f"{name}.{side.side}": getattr(side, name) for side in sides for name in AUDITED_FIELDS}


def side_rows(score: HandScore) -> list[HandSide]:
    """`side_values` as `HandSide` rows, for a hand saved or edited through the session."""
    return [HandSide(**values._asdict()) for values in side_values(score)]


# --------------------------------------------------------------------------- games


def create_game(
    settings: GameSetup,
    rematch_of: Game | None = None,
    *,
    league_id: int | None = None,
    player_ids: Sequence[int | None] | None = None,
    requires_confirmation: bool = False,
) -> tuple[Game, str]:
    """Start a game; returns it with its edit token (shown once, never stored as is).

    A league game (``league_id``) has a league player per seat (``player_ids``); a
    rematch of a league game stays in the league with the same players. A rematch
    requires confirmation as its game did.
    """
    if rematch_of is not None and league_id is None and rematch_of.league_id is not None:
        league_id = rematch_of.league_id
        player_ids = [seat.player_id for seat in rematch_of.seats]
    requires_confirmation = requires_confirmation or settings.requires_confirmation
    if rematch_of is not None:
        requires_confirmation = requires_confirmation or rematch_of.requires_confirmation
    new = new_game(
        settings,
        league_id=league_id,
        player_ids=player_ids,
        rematch_of=rematch_of,
        requires_confirmation=requires_confirmation,
    )
    (game_id,) = store_games([new])
    db.session.commit()
    return db.session.get_one(Game, game_id), new.edit_token


# One way to create a game: `new_game` checks it, `store_games` stores one or many.


class SeatValues(NamedTuple):
    """One seat of a new game: the columns of a `Seat` row."""

    seat: int
    side: int
    name: str
    player_id: int | None


@dataclass(frozen=True)
class ScoredHand:
    """A hand as entered with its count by the scoring package, scored once: the score,
    each side's stored values and what the game's replay needs of it."""

    entry: HandEntry
    score: HandScore
    sides: tuple[SideValues, ...]
    result: HandResult
    #: Where it stands with the other side (a hand read from a league's file; a hand
    #: recorded at the table sets these in `record_hand`): confirmed by default.
    status: str = HandStatus.CONFIRMED
    awaiting_sides: int = 0
    entered_side: int | None = None
    #: A disputed hand's dispute: the side that disputed it and its version, scored.
    dispute: tuple[int, ScoredHand] | None = None

    def hand_values(
        self, game_id: int, number: int, at: datetime, request_id: str | None = None
    ) -> dict[str, Any]:
        """The columns of its `Hand` row, as hand `number` of a game played `at`, saved by
        the form `request_id` (an imported hand's is made up from its number)."""
        return {
            "game_id": game_id,
            "number": number,
            "request_id": request_id or f"import-{number}",
            "mode": self.entry.mode.value,
            "entry": self.entry.to_json(),
            "napoleone_side": self.score.napoleone,
            "status": self.status,
            "awaiting_sides": self.awaiting_sides,
            "entered_side": self.entered_side,
            "created_at": at,
            "updated_at": at,
        }

    def revision_values(
        self, game_id: int, hand_id: int, number: int, at: datetime
    ) -> dict[str, Any]:
        """The columns of its "create" `HandRevision` row (as if recorded at the table)."""
        return {
            "game_id": game_id,
            "hand_id": hand_id,
            "number": number,
            "action": "create",
            "mode": self.entry.mode.value,
            "entry": self.entry.to_json(),
            "totals": list(self.result.points),
            "side": None,
            "request_id": None,
            "created_at": at,
        }


def score_hand(rules: Rules, entry: HandEntry) -> ScoredHand:
    """Score `entry` under `rules` (raises :class:`~scorekeeper.scoring.InvalidHand`)."""
    score = entry.score(rules)
    return ScoredHand(entry, score, tuple(side_values(score)), HandResult.of(score))


@dataclass(frozen=True, kw_only=True)
class NewGame:
    """A game ready to store: settings checked, seats placed, hands scored, winner known.

    Made by `new_game`; stored, one or many at once, by `store_games`.
    """

    settings: GameSetup
    seats: tuple[SeatValues, ...]
    hands: tuple[ScoredHand, ...]
    state: GameState
    league_id: int | None
    rematch_of_id: int | None
    played_at: datetime
    view_token: str
    edit_token: str
    requires_confirmation: bool = False

    def game_values(self) -> dict[str, Any]:
        """The columns of its `Game` row (only a hash of the edit token)."""
        return {
            "view_token": self.view_token,
            "edit_token_hash": hash_token(self.edit_token),
            **rules_values(self.settings.rules),
            "first_dealer": self.state.first_dealer,
            "version": 1,
            "winner_side": self.state.winner,
            "league_id": self.league_id,
            "rematch_of_id": self.rematch_of_id,
            "requires_confirmation": self.requires_confirmation,
            "created_at": self.played_at,
            "updated_at": self.played_at,
        }


def new_game(
    settings: GameSetup,
    *,
    league_id: int | None = None,
    player_ids: Sequence[int | None] | None = None,
    rematch_of: Game | None = None,
    hands: Sequence[ScoredHand] = (),
    played_at: datetime | None = None,
    requires_confirmation: bool = False,
) -> NewGame:
    """Check a game and make it ready to store (a new game at the table, or a whole game
    played before: an import, the demo league).

    Names are trimmed to fit a seat; a first dealer of ``None`` is drawn at random.
    ``hands`` were scored under ``settings.rules`` and are stored as they are; the
    game and its hands are dated ``played_at`` (default: now). Raises `ValueError`
    for names that do not fit the format, `InvalidGame` for settings or hands the
    rules refuse.
    """
    fmt = settings.rules.format
    names = [name.strip()[:SEAT_NAME_MAX].rstrip() for name in settings.names]
    if len(names) != fmt.players or not all(names):
        raise ValueError(f"format {fmt.key} needs {fmt.players} names")
    first_dealer = settings.first_dealer
    if first_dealer is None:
        first_dealer = secrets.randbelow(fmt.players)
    state = GameState.replay(settings.rules, first_dealer, [hand.result for hand in hands])
    ids = list(player_ids) if player_ids is not None else [None] * len(names)
    return NewGame(
        settings=replace(settings, names=names, first_dealer=first_dealer),
        seats=tuple(
            SeatValues(seat, fmt.side_of_seat(seat), name, ids[seat])
            for seat, name in enumerate(names)
        ),
        hands=tuple(hands),
        state=state,
        league_id=league_id,
        rematch_of_id=rematch_of.id if rematch_of is not None else None,
        played_at=played_at or utcnow(),
        view_token=secrets.token_urlsafe(VIEW_TOKEN_BYTES),
        edit_token=secrets.token_urlsafe(EDIT_TOKEN_BYTES),
        requires_confirmation=requires_confirmation,
    )


def store_games(games: Sequence[NewGame]) -> list[int]:
    """Insert `games` with their seats, hands, sides of hands and each hand's "create"
    revision (dated when the game was played): one bulk INSERT per table.

    Returns the games' ids in order, read back by the games' unique view tokens (and
    the hands' by game and number), which works alike on every database. Never
    commits; the new rows are not in the session (read them with ``db.session.get``).
    """
    if not games:
        return []
    insert_rows(Game, [game.game_values() for game in games])
    tokens = [game.view_token for game in games]
    by_token = {
        row.view_token: row.id
        for row in db.session.execute(
            select(Game.view_token, Game.id).where(Game.view_token.in_(tokens))
        )
    }
    game_ids = [by_token[game.view_token] for game in games]
    insert_rows(
        Seat,
        [
            {"game_id": game_id, **seat._asdict()}
            for game_id, game in zip(game_ids, games, strict=True)
            for seat in game.seats
        ],
    )
    _store_hands(
        [
            (game_id, number, game.played_at, hand)
            for game_id, game in zip(game_ids, games, strict=True)
            for number, hand in enumerate(game.hands, 1)
        ]
    )
    return game_ids


def _store_hands(hands: Sequence[tuple[int, int, datetime, ScoredHand]]) -> None:
    """Insert each ``(game id, number, played at, hand)``: the hand, its sides, its revision."""
    if not hands:
        return
    insert_rows(
        Hand, [hand.hand_values(game_id, number, at) for game_id, number, at, hand in hands]
    )
    game_ids = {game_id for game_id, *_ in hands}
    by_number = {
        (row.game_id, row.number): row.id
        for row in db.session.execute(
            select(Hand.id, Hand.game_id, Hand.number).where(Hand.game_id.in_(game_ids))
        )
    }
    stored = [
        (by_number[game_id, number], game_id, number, at, hand)
        for game_id, number, at, hand in hands
    ]
    insert_rows(
        HandSide,
        [
            {"hand_id": hand_id, **side._asdict()}
            for hand_id, *_, hand in stored
            for side in hand.sides
        ],
    )
    insert_rows(
        HandRevision,
        [
            hand.revision_values(game_id, hand_id, number, at)
            for hand_id, game_id, number, at, hand in stored
        ],
    )
    disputes = [
        hand.revision_values(game_id, hand_id, number, at)
        | {
            "action": "dispute",
            "side": hand.dispute[0],
            "mode": hand.dispute[1].entry.mode.value,
            "entry": hand.dispute[1].entry.to_json(),
            "totals": list(hand.dispute[1].result.points),
        }
        for hand_id, game_id, number, at, hand in stored
        if hand.dispute is not None
    ]
    if disputes:
        insert_rows(HandRevision, disputes)


def rematch(game: Game) -> tuple[Game, str]:
    """A new game with the same players and rules; the deal keeps passing on."""
    names = [seat.name for seat in game.seats]
    setup = GameSetup(game.rules, names, first_dealer=game_state(game).rematch_dealer)
    return create_game(setup, rematch_of=game)


def find_by_edit_token(token: str) -> Game:
    """The game this edit token lets the current user change: the one place every edit
    token is resolved (a league scorer's token included, see
    `hooks.register_edit_token_resolver`), and asked of every edit guard, on every
    request (`hooks.register_edit_guard`: a league game changes only for its scorers).

    Raises `EditRefused` for a token that opens nothing, or nothing for this user.
    """
    resolve = edit_token_resolver(token)
    audit.note_token(token)
    if resolve is not None:
        game = resolve(token)
    else:
        game = _game_with_seats(_BY_EDIT_HASH, hash_token(token))
    if game is None:
        raise EditRefused
    check_edit_access(game)
    return game


def find_by_view_token(token: str) -> Game | None:
    """The game this read-only token shows, if any."""
    return _game_with_seats(_BY_VIEW_TOKEN, token)


# Statements every request of a game runs are built once, with the game or token as a
# parameter (building one costs about as much as running it on SQLite).
_GAME_WITH_SEATS = select(Game).options(joinedload(Game.seats))
_BY_EDIT_HASH = _GAME_WITH_SEATS.where(Game.edit_token_hash == bindparam("key"))
_BY_VIEW_TOKEN = _GAME_WITH_SEATS.where(Game.view_token == bindparam("key"))


def _game_with_seats(statement: Select[Any], key: str) -> Game | None:
    """The game ``statement`` picks by ``key`` with its seats, in one statement (every
    page of a game shows its sides' names)."""
    game: Game | None = db.session.scalars(statement, {"key": key}).unique().first()
    return game


def games_by_edit_tokens(tokens: Sequence[str]) -> list[tuple[Game, str]]:
    """The games these edit tokens let the current user change, newest first, each with
    its token (a link that no longer works for this user is left out)."""
    by_hash = {hash_token(token): token for token in tokens}
    if not by_hash:
        return []
    # Their seats too, at once: the pages that list them show every game's names.
    games = db.session.scalars(
        select(Game)
        .options(selectinload(Game.seats))
        .where(Game.edit_token_hash.in_(by_hash))
        .order_by(Game.created_at.desc())
    )
    return [(game, by_hash[game.edit_token_hash]) for game in games if _may_change(game)]


def _may_change(game: Game) -> bool:
    try:
        check_edit_access(game)
    except EditRefused:
        return False
    return True


def new_edit_link(game: Game) -> str:
    """Give ``game`` a new edit token (returned, shown once) and revoke the old one, with
    every token another layer derived from it (a league scorer's: see `leagues.games`)."""
    token = secrets.token_urlsafe(EDIT_TOKEN_BYTES)
    game.edit_token_hash = hash_token(token)
    db.session.commit()
    return token


def new_view_link(game: Game) -> str:
    """Give ``game`` a new view token (returned) and revoke the old one."""
    game.view_token = secrets.token_urlsafe(VIEW_TOKEN_BYTES)
    db.session.commit()
    return game.view_token


def game_state(game: Game) -> GameState:
    """Totals, winner, spareggio and dealers, replayed from the stored hands (and claims)."""
    rules = game.rules
    results = [
        hand_result(rules, hand.totals, hand.napoleone_side, hand.sides) for hand in game.hands
    ]
    return replay_game(game, results)


def replay_game(game: Game, results: Sequence[HandResult]) -> GameState:
    """`GameState.replay` of ``game``'s hands ``results`` with the game's claims (read
    only when it is played with chiamarsi fuori)."""
    return GameState.replay(game.rules, game.first_dealer, results, claims_of(game))


class StoredHand(NamedTuple):
    """A hand as stored, for the board: its number, the side that declared napoleone,
    and each side's row of counts and points (plain rows, no ORM objects)."""

    number: int
    napoleone_side: int | None
    sides: tuple[Row[*tuple[Any, ...]], ...]
    #: The hand's id (its history's, `audit`).
    hand_id: int = 0

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's points in this hand."""
        return tuple(side.total for side in self.sides)


#: What the board shows of each side of a stored hand (`StoredHand.sides`).
BOARD_SIDE_COLUMNS = ("cards", "denari", "primiera", *(f"{c.value}_points" for c in Category))


def stored_hands(game: Game, side_columns: Sequence[str] = BOARD_SIDE_COLUMNS) -> list[StoredHand]:
    """The game's hands in order, each side's ``side_columns`` (and total) as stored, in
    one statement."""
    statement = _stored_hands_statement(tuple(side_columns), several=False)
    return _by_game(db.session.execute(statement, {"game": game.id})).get(game.id, [])


_HANDS, _SIDES = Hand.__table__, HandSide.__table__


@lru_cache(maxsize=8)
def _stored_hands_statement(side_columns: tuple[str, ...], several: bool) -> Select[Any]:
    """The hands with their sides of one game (``game``) or of ``several`` (``games``), in
    order game by game: built once for each set of columns, over the tables' columns (a
    Core statement: no ORM entity to load, and none of the ORM's work to run it)."""
    columns = [_SIDES.c[name] for name in (*side_columns, "total")]
    game = (
        _HANDS.c.game_id.in_(bindparam("games", expanding=True))
        if several
        else (_HANDS.c.game_id == bindparam("game"))
    )
    return (
        select(_HANDS.c.game_id, _HANDS.c.id, _HANDS.c.number, _HANDS.c.napoleone_side, *columns)
        .join_from(_HANDS, _SIDES, _SIDES.c.hand_id == _HANDS.c.id)
        .where(game)
        .order_by(_HANDS.c.game_id, _HANDS.c.number, _SIDES.c.side)
    )


def _by_game(rows: Iterable[Row[*tuple[Any, ...]]]) -> dict[int, list[StoredHand]]:
    """The rows of `_stored_hands_statement`, as each game's hands in order."""
    hands: dict[int, list[StoredHand]] = {}
    for (game_id, hand_id, number, napoleone), sides in groupby(rows, key=itemgetter(0, 1, 2, 3)):
        hands.setdefault(game_id, []).append(StoredHand(number, napoleone, tuple(sides), hand_id))
    return hands


def stored_state(game: Game, hands: Sequence[StoredHand] | None = None) -> GameState:
    """`game_state` replayed from the stored points (``hands``, else only their totals
    read), without loading the ORM hands."""
    rules = game.rules
    if hands is None or (
        rules.count_in_order and hands and CATEGORY_POINTS[0] not in hands[0].sides[0]._fields
    ):
        hands = stored_hands(game, side_columns=CATEGORY_POINTS if rules.count_in_order else ())
    results = [hand_result(rules, hand.totals, hand.napoleone_side, hand.sides) for hand in hands]
    return replay_game(game, results)


def stored_hands_of(
    games: Sequence[Game], side_columns: Sequence[str] = BOARD_SIDE_COLUMNS
) -> dict[int, list[StoredHand]]:
    """`stored_hands` of each of ``games``, by game id, in one statement (a result sheet
    shows every hand of a match's partite, or of a league's evening)."""
    if not games:
        return {}
    statement = _stored_hands_statement(tuple(side_columns), several=True)
    return _by_game(db.session.execute(statement, {"games": [game.id for game in games]}))


def stored_states(games: Sequence[Game]) -> dict[int, GameState]:
    """`stored_state` of each of ``games``, by game id, in one statement (a tournament's
    round page shows the live score of every table)."""
    hands: dict[int, list[StoredHand]] = {}
    if games:
        statement = _stored_hands_statement((), several=True)
        hands = _by_game(db.session.execute(statement, {"games": [game.id for game in games]}))
    return {game.id: stored_state(game, hands.get(game.id, [])) for game in games}


# --------------------------------------------------------------------------- hands


@dataclass(frozen=True)
class Recorded:
    """A saved hand (its id and number); ``already_saved`` when this very form had been
    saved before; the game's ``state`` after it, when the save computed it (a new hand)."""

    hand_id: int
    number: int
    already_saved: bool = False
    state: GameState | None = None


def record_hand(
    game: Game,
    number: int,
    request_id: str,
    entry: HandEntry,
    *,
    entered_side: int | None = None,
    confirmed_by: Iterable[int] = (),
    claim_side: int | None = None,
) -> Recorded:
    """Save the next hand of ``game``, once.

    ``number`` is the hand the form was made for and ``request_id`` the form's
    own key. The same form sent again returns the hand it saved. A form for a
    number that another phone has meanwhile saved raises :class:`HandConflict`
    (also when both arrive at the same instant: the game is locked first, and where
    two inserts still meet the database's UNIQUE constraints decide and the loser
    runs again). An invalid hand raises :class:`InvalidHand`; nothing is stored in
    either case.

    In a game that requires confirmation the hand awaits every side but
    ``entered_side`` (the side that entered it, if known), less the sides in
    ``confirmed_by`` (the phone passed across before the hand was sent: it travels
    with the hand, and is recorded with it, once).

    ``claim_side``: the side that claimed to be out during this hand, when the claim
    travels with the hand (made without signal): recorded with it, once, unless the hand
    has a claim already (the first stays).
    """
    scored = score_hand(game.rules, entry)

    def save() -> Recorded:
        lock_game(game)
        results, existing = _results_and_request(game, request_id)
        if existing is not None:
            raise _AlreadySaved(existing)  # rolled back: the version stays as it was
        current = len(results) + 1
        if number != current:
            raise HandConflict(number, current)
        if claim_side is not None:
            _claim_with_hand(game, results, Claim(number, claim_side), request_id)
        # Core INSERTs, as `store_games` makes them: the hand, its sides, its revision.
        now = utcnow()
        values = scored.hand_values(game.id, number, now, request_id=request_id)
        # Confirmations scanned from a QR of this hand that synced before it (games.scanned).
        by_scan = _scanned_before(game, request_id, scored)
        confirmed = _awaited(game, entered_side, [*confirmed_by, *by_scan], values)
        hand_id: int = db.session.execute(_INSERT_HAND, values).scalar_one()
        insert_rows(HandSide, [{"hand_id": hand_id, **side._asdict()} for side in scored.sides])
        revision = scored.revision_values(game.id, hand_id, number, now)
        insert_rows(HandRevision, [revision | {"side": entered_side}])
        audit.record(
            audit.ChangeKind.HAND_CREATED,
            audit.Subject.hand(game.id, number, hand_id),
            None,
            hand_fields(scored.sides),
            at=now,
        )
        if confirmed:
            # Idempotent with the hand itself: the hand's request id is the key.
            confirmation = revision | {"action": "confirm"}
            insert_rows(
                HandRevision,
                [
                    confirmation
                    | {"side": side, "request_id": by_scan[side][0] if side in by_scan else None}
                    for side in confirmed
                ],
            )
            # The phone passed across speaks with the hand; a side that scanned the hand
            # on its own phone is named with that phone, in a row of its own.
            passed = [side for side in confirmed if side not in by_scan]
            if passed:
                audit.record(
                    audit.ChangeKind.CONFIRMED,
                    audit.Subject.hand(game.id, number, hand_id),
                    None,
                    {"confirmed_by": passed},
                    at=now,
                )
            for side in confirmed:
                if side in by_scan:
                    audit.record(
                        audit.ChangeKind.CONFIRMED,
                        audit.Subject.hand(game.id, number, hand_id),
                        None,
                        {"confirmed_by": [side]},
                        by_scan[side][1],
                        at=now,
                    )
        # The hands before it as the lock found them, then this one: no need to read
        # them all again.
        state = replay_game(game, [*results, scored.result])
        after_change(game, state)
        return Recorded(hand_id, number, state=state)

    try:
        return in_transaction(save)
    except _AlreadySaved as saved:
        hand = db.session.get_one(Hand, saved.hand_id)
        return Recorded(hand.id, hand.number, already_saved=True)


def _scanned_before(
    game: Game, request_id: str, scored: ScoredHand
) -> dict[int, tuple[str, audit.Actor]]:
    """The sides whose scanned confirmation of this hand (client id ``request_id``) waited
    for it with its points, each with its key and who sent it (`scanned.take_pending`:
    taken either way)."""
    if not game.requires_confirmation:
        return {}
    digest = points_digest(scored.sides)
    return {
        pending.side: (
            pending.request_id,
            audit.Actor.from_json(pending.actor) if pending.actor else audit.Actor(),
        )
        for pending in take_pending(game.id, request_id)
        if pending.digest == digest
    }


def _claim_with_hand(
    game: Game, results: Sequence[HandResult], claim: Claim, request_id: str
) -> None:
    """Store the claim a hand brings (`record_hand`) when the game takes it then; a
    claim it cannot take (another side's first, the game over, a side out) is left."""
    if not game.rules.chiamarsi_fuori or claim.side not in range(game.rules.sides):
        return
    state = replay_game(game, results)
    if state.finished or claim.side in state.out:
        return
    with suppress(ClaimRefused):  # another side's came first: the first stays
        add_claim(game, claim, request_id)


def record_claim(game: Game, number: int, side: int, request_id: str) -> bool:
    """Record that ``side`` claims to be out during hand ``number`` (the hand being
    played), once: the same tap sent again, or a second tap of the same side, stores
    nothing new (returns ``False``). Raises `ClaimRefused` when the game takes no claim
    (see its reasons); nothing is stored then."""

    def save() -> bool:
        lock_game(game)
        rules = game.rules
        if not rules.chiamarsi_fuori:
            raise ClaimRefused("off")
        if side not in range(rules.sides):
            raise ClaimRefused("side")
        state = stored_state(game)
        if state.finished:
            raise ClaimRefused("finished")
        if number != state.next_hand:
            raise ClaimRefused("hand")
        if side in state.out:
            raise ClaimRefused("side")
        stored = add_claim(game, Claim(number, side), request_id)
        if stored:
            db.session.flush()
            send_game_changed(game)
        return stored

    return in_transaction(save)


def _awaited(
    game: Game, entered_side: int | None, confirmed_by: Iterable[int], values: dict[str, Any]
) -> list[int]:
    """Set the new hand's ``values`` (`Hand` columns) to await the sides a game that
    requires confirmation awaits; returns the sides of ``confirmed_by`` that confirm it
    (of those awaited, in order)."""
    sides = range(FORMATS[game.format_key].sides)
    values["entered_side"] = entered_side if entered_side in sides else None
    if not game.requires_confirmation:
        return []
    awaited = [side for side in sides if side != values["entered_side"]]
    confirmed = sorted(set(confirmed_by) & set(awaited))
    mask = mask_of_sides(side for side in awaited if side not in confirmed)
    values["awaiting_sides"] = mask
    values["status"] = HandStatus.AWAITING if mask else HandStatus.CONFIRMED
    return confirmed


class _AlreadySaved(Exception):
    """The form's hand is already stored (`record_hand` leaves the game untouched)."""

    def __init__(self, hand_id: int) -> None:
        self.hand_id = hand_id
        super().__init__(f"hand {hand_id} is saved already")


def edit_hand(
    game: Game, number: int, entry: HandEntry, *, reason: str | None = None, referee: bool = False
) -> Hand:
    """Replace hand ``number``'s entry; totals, winner and dealers follow.

    A hand the sides have confirmed or disputed (in a game that requires confirmation)
    is locked: only a ``referee`` corrects it, with a ``reason`` the history keeps, and
    it stays confirmed (a dispute is resolved by `confirmation.resolve_dispute`). A hand
    still awaiting confirmation awaits it again from the start. Raises `LookupError`
    when the game has no such hand (any more), `HandLocked` when it is locked for this
    change.
    """
    entry.score(game.rules)  # refused before anything is locked

    def save() -> Hand:
        lock_game(game)
        hand = hand_numbered(game, number)
        check_unlocked(game, hand, referee=referee, reason=reason)
        if hand.status == HandStatus.AWAITING:
            # Changed: whoever confirmed the old numbers has not confirmed these.
            hand.awaiting_sides = mask_of_sides(
                side for side in range(FORMATS[game.format_key].sides) if side != hand.entered_side
            )
        replace_entry(game, hand, entry, reason=reason)
        after_change(game)
        return hand

    return in_transaction(save)


def replace_entry(game: Game, hand: Hand, entry: HandEntry, *, reason: str | None = None) -> None:
    """Give ``hand`` (of ``game``, locked) the entry ``entry`` and its points, with its
    "edit" revision and its record of who changed what (and why: a referee's ``reason``),
    inside the caller's transaction."""
    score = entry.score(game.rules)
    before = hand_fields(hand.sides)
    hand.entered = entry
    hand.napoleone_side = score.napoleone
    hand.updated_at = utcnow()
    hand.sides.clear()
    db.session.flush()
    hand.sides.extend(side_rows(score))
    db.session.flush()
    log_revision(game, hand, "edit", reason=reason)
    after = hand_fields(hand.sides) | ({"reason": reason.strip()} if reason else {})
    audit.record(
        audit.ChangeKind.HAND_EDITED,
        audit.Subject.hand(game.id, hand.number, hand.id),
        before,
        after,
    )


class HandLocked(Exception):
    """The hand is confirmed or disputed: locked for this change (`check_unlocked`).
    ``reason_missing``: a referee may change it, giving a reason."""

    def __init__(self, number: int, *, reason_missing: bool = False) -> None:
        self.number = number
        self.reason_missing = reason_missing
        super().__init__(f"hand {number} is locked")


def is_locked(game: Game, hand: Hand) -> bool:
    """Whether ``hand`` is locked: confirmed or disputed, in a game that requires
    confirmation (a casual game's hands never are)."""
    return game.requires_confirmation and hand.status != HandStatus.AWAITING


def check_unlocked(
    game: Game, hand: Hand, *, referee: bool = False, reason: str | None = None
) -> None:
    """Raise `HandLocked` unless ``hand`` may be changed: it is not locked, or a
    ``referee`` changes it with a ``reason``."""
    if not is_locked(game, hand):
        return
    if not referee:
        raise HandLocked(hand.number)
    if not (reason or "").strip():
        raise HandLocked(hand.number, reason_missing=True)


def remove_hand(game: Game, number: int) -> None:
    """Remove hand ``number``; the later hands move up one place.

    Raises `LookupError` when the game has no such hand (any more), `HandLocked` when
    it is confirmed or disputed (a referee corrects it instead).
    """

    def save() -> None:
        lock_game(game)
        check_unlocked(game, hand_numbered(game, number))
        _remove_hand(game, number)

    in_transaction(save)


def undo_last_hand(game: Game, number: int) -> HandEntry:
    """Remove the last hand, if it is still hand ``number`` (a double tap undoes once);
    returns its entry, to enter it again corrected (see `undone_entry`)."""

    def save() -> HandEntry:
        lock_game(game)
        last = _next_number(game) - 1
        if number != last or last < 1:
            raise HandConflict(number, last)
        check_unlocked(game, hand_numbered(game, number))
        return _remove_hand(game, number)

    return in_transaction(save)


def undone_entry(game: Game, number: int) -> HandEntry | None:
    """Hand ``number``'s entry as it was removed, if that removal is the game's last
    change and the game is at hand ``number`` again: what a player who undid a hand to
    correct it enters again (anything since, and the numbers would be out of place)."""
    last = db.session.execute(_LAST_REVISION, {"game": game.id}).first()
    if last is None or last.action != "delete" or last.number != number:
        return None
    if _next_number(game) != number:
        return None
    return read_entry(last.mode, last.entry)


def _remove_hand(game: Game, number: int) -> HandEntry:
    hand = hand_numbered(game, number)
    entry = hand.entered
    log_revision(game, hand, "delete")
    audit.record(
        audit.ChangeKind.HAND_REMOVED,
        audit.Subject.hand(game.id, number, hand.id),
        hand_fields(hand.sides),
        None,
    )
    game.removed_count += 1
    db.session.delete(hand)
    db.session.flush()
    later = db.session.scalars(
        select(Hand).where(Hand.game_id == game.id, Hand.number > number).order_by(Hand.number)
    )
    for other in later:
        other.number -= 1
        db.session.flush()  # one row at a time: the UNIQUE (game, number) holds throughout
    after_change(game)
    return entry


def lock_game(game: Game) -> None:
    """Start a change to ``game``: bump its version (the board's ETag) first thing.

    The UPDATE takes the game's row lock on PostgreSQL and the write lock on SQLite,
    so changes to one game run one after the other and each reads what the one
    before it committed (everything loaded of the game before is read again). A
    league's lock comes after it (`hooks.game_changed`), always in that order.
    """
    # RETURNING reads the row back in the same statement (SQLite 3.35+, PostgreSQL): the
    # game's columns as the lock found them; its collections are read again when used.
    # A Core UPDATE, its row set on the game as loaded (the ORM's UPDATE ... RETURNING of
    # the entity costs twice as much, on every save).
    row = db.session.execute(_LOCK_GAME, {"game": game.id, "now": utcnow()}).one()
    for (key, _column), value in zip(_GAME_COLUMNS, row, strict=True):
        set_committed_value(game, key, value)
    db.session.expire(game, ["seats", "hands"])
    live.changed(game)  # its followers hear of it once this commits


#: The game's mapped attributes and their columns, as `lock_game` reads them back.
_GAME_COLUMNS = tuple((prop.key, prop.columns[0]) for prop in sa_inspect(Game).column_attrs)
# Statements every save runs are built once, their values as parameters (building one
# costs a save about as much as running it).
_GAMES = Game.__table__
_LOCK_GAME = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game"))
    .values(version=_GAMES.c.version + 1, updated_at=bindparam("now"))
    .returning(*(column for _key, column in _GAME_COLUMNS))
)
_INSERT_HAND = insert(Hand.__table__).returning(Hand.__table__.c.id)


def revisions_of(hand: Hand) -> list[HandRevision]:
    """The hand's history, oldest first."""
    return list(
        db.session.scalars(
            select(HandRevision)
            .where(HandRevision.hand_id == hand.id)
            .order_by(HandRevision.created_at, HandRevision.id)
        )
    )


class RemovedHand(NamedTuple):
    """A hand removed from a game (removed or undone), from its ``delete`` revision: the
    number it had then, when, how it was entered and each side's points."""

    number: int
    created_at: datetime
    mode: str
    totals: list[int]


def removed_hands(game: Game) -> list[RemovedHand]:
    """The hands removed from ``game``, newest first (plain rows: every board asks, and
    most games never lose a hand, so the game's count says whether to read them)."""
    if not game.removed_count:
        return []
    return [RemovedHand(*row) for row in db.session.execute(_REMOVED_HANDS, {"game": game.id})]


_REVISIONS = HandRevision.__table__.c
#: A Core statement over the table's columns (no ORM entity to load), built once.
_REMOVED_HANDS = (
    select(_REVISIONS.number, _REVISIONS.created_at, _REVISIONS.mode, _REVISIONS.totals)
    .where(_REVISIONS.game_id == bindparam("game"), _REVISIONS.action == "delete")
    .order_by(_REVISIONS.created_at.desc(), _REVISIONS.id.desc())
)


#: The game's last change (the revision written last), built once.
_LAST_REVISION = (
    select(_REVISIONS.action, _REVISIONS.number, _REVISIONS.mode, _REVISIONS.entry)
    .where(_REVISIONS.game_id == bindparam("game"))
    .order_by(_REVISIONS.id.desc())
    .limit(1)
)


def get_hand(game: Game, number: int) -> Hand | None:
    """Hand ``number`` of ``game``, if it exists."""
    return db.session.scalar(select(Hand).where(Hand.game_id == game.id, Hand.number == number))


def hand_numbered(game: Game, number: int) -> Hand:
    """Hand ``number`` of ``game``; `LookupError` when it has none (any more)."""
    hand = get_hand(game, number)
    if hand is None:
        raise LookupError(f"game {game.id} has no hand {number}")
    return hand


def _results_and_request(game: Game, request_id: str) -> tuple[list[HandResult], int | None]:
    """The game's hands' results in order and the id of the hand this request saved, if
    any, read together in one statement (so if the hands already hold this very form's
    hand, the id says so: it is never taken for another phone's)."""
    rows = db.session.execute(_RESULTS_AND_REQUEST, {"game": game.id, "request": request_id})
    rules = game.rules
    results, mine = [], None
    for (hand_id, napoleone, is_mine), group in groupby(rows, key=itemgetter(0, 1, 2)):
        sides = list(group)
        totals = [side.total for side in sides]
        results.append(hand_result(rules, totals, napoleone, sides))
        if is_mine:
            mine = hand_id
    return results, mine


_RESULTS_AND_REQUEST = (  # a Core statement, as `_stored_hands_statement`'s
    select(
        _HANDS.c.id,
        _HANDS.c.napoleone_side,
        (_HANDS.c.request_id == bindparam("request")).label("mine"),
        _SIDES.c.total,
        *(_SIDES.c[name] for name in CATEGORY_POINTS),
    )
    .join_from(_HANDS, _SIDES, _SIDES.c.hand_id == _HANDS.c.id)
    .where(_HANDS.c.game_id == bindparam("game"))
    .order_by(_HANDS.c.number, _SIDES.c.side)
)


def _next_number(game: Game) -> int:
    count = db.session.scalar(select(func.count()).where(Hand.game_id == game.id))
    return int(count or 0) + 1


def log_revision(
    game: Game,
    hand: Hand,
    action: str,
    at: datetime | None = None,
    *,
    side: int | None = None,
    reason: str | None = None,
    request_id: str | None = None,
    entry: HandEntry | None = None,
) -> None:
    """Add the `HandRevision` row of one change to ``hand`` (already flushed, so with an id).

    ``action`` is one of `REVISION_ACTIONS`; ``at`` defaults to now (an import passes
    the time the game was played); ``side`` the side that confirmed or disputed,
    ``reason`` a referee's, ``request_id`` the form's; ``entry`` the entry to keep in the
    place of the hand's (a dispute's version of it).
    """
    if entry is not None:
        points = score_hand(game.rules, entry).result.points
        mode, kept, totals = entry.mode.value, entry.to_json(), list(points)
    else:
        mode, kept, totals = hand.mode, dict(hand.entry), list(hand.totals)
    db.session.add(
        HandRevision(
            game_id=game.id,
            hand_id=hand.id,
            number=hand.number,
            action=action,
            mode=mode,
            entry=kept,
            totals=totals,
            side=side,
            reason=reason.strip() if reason else None,
            request_id=request_id,
            created_at=at or utcnow(),
        )
    )


def after_change(game: Game, state: GameState | None = None) -> None:
    """Refresh the cached winner (from ``state``, the game's after the change, or from
    the stored hands) and tell the receivers of `hooks.game_changed` (a league's
    standings change in this transaction); the version was bumped by `lock_game`."""
    db.session.expire(game, ["hands"])
    if state is None:
        db.session.flush()  # the change, for the hands' Core statement to read
        state = stored_state(game)
    if game.winner_side != state.winner:
        # Set only when it changed: setting the same value marks the game modified, and
        # every save's flush would then walk the session for no UPDATE at all.
        game.winner_side = state.winner
    db.session.flush()
    send_game_changed(game)
