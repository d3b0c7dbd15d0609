"""A league as data: CSV exports, a complete JSON export, and its import.

The JSON holds the league's settings, players, seasons and every game with its seats
and hands as entered (the entries, not the computed points): importing re-scores each
hand with the scoring package, so a file cannot smuggle in points that the rules would
not give. `export_league(import_league(data))` gives back `data` exactly (a test proves
it). An import is all or nothing: a bad file changes nothing and says why.

A layer above may carry its own part of a league in the file (the league's
tournaments: `scorekeeper.tournaments.transfer`): a `FilePart` registered per app with
`register_file_part` exports it under its key (left out when it has nothing), checks
it before anything is written, and writes it in the import's last transaction, the
one that shows the league, with the new games' ids.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from functools import cache
from itertools import islice
from typing import Any, TypeAlias, TypeVar

from blinker import Namespace
from flask import Flask, current_app
from sqlalchemy import ColumnElement, Row, Select, select, update

from scorekeeper import audit, jobs
from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.games.inputs import GameSetup
from scorekeeper.games.models import (
    ENTRY_MODES,
    HAND_STATUSES,
    RULES_COLUMNS,
    Game,
    Hand,
    HandRevision,
    HandStatus,
    Seat,
    mask_of_sides,
    rules_of,
    sides_of_mask,
)
from scorekeeper.grammar import gettext, ngettext
from scorekeeper.leagues import imports, standings
from scorekeeper.leagues.inputs import LeagueSetup
from scorekeeper.leagues.models import (
    NAME_MAX,
    League,
    LeagueResult,
    Player,
    Season,
    name_key,
)
from scorekeeper.leagues.services import create_league
from scorekeeper.scoring import (
    Format,
    InvalidGame,
    InvalidHand,
    Rules,
    read_entry,
)
from scorekeeper.scoring.errors import N_
from scorekeeper.scoring.rules import VARIANTS

FILE_KIND = "scorekeeper-league"
FILE_VERSION = 1
MAX_PLAYERS = 1000
MAX_SEASONS = 200
MAX_GAMES = 5_000
MAX_HANDS_PER_GAME = 200
#: Hands of all the games of one file: an import is about 0.6 ms of CPU a hand on this
#: 2-core machine (bench/imports.py), so this keeps the largest well inside a request
#: (about 6 s, against gunicorn's 30 s). A club league of 2,500 games fits.
MAX_HANDS = 10_000
#: Games stored by one set of INSERTs (the demo stores more in several).
BATCH = 500
#: Games written by one transaction of an import: on SQLite the write lock is held
#: that long (about 0.1 s on this machine, bench/imports.py).
IMPORT_CHUNK = 100
#: The job queue's task that writes an import (`import_task`).
IMPORT_TASK = "league-import"
#: Result rows written by one transaction of an import.
RESULT_CHUNK = 2000

T = TypeVar("T")
#: Rows of a query by the game they belong to.
_ByGame: TypeAlias = "dict[int, list[Row[*tuple[Any, ...]]]]"
#: A league player as a seat of an imported game needs it: (id, name).
_Seated: TypeAlias = tuple[int, str]

#: The header of the standings CSV.
STANDINGS_COLUMNS = (
    "rank",
    "player",
    "games",
    "won",
    "lost",
    "win_pct",
    "points_for",
    "points_against",
    "hands",
    "scope_per_hand",
    "settebello_pct",
    "primiera_pct",
    "napola_pct",
    "rating",
)


class ImportRefused(ValueError):
    """The file cannot be imported: `where` is the path of the part that is wrong
    (``games[4].hands[0].sides[1].re_bello``: game 5, its first hand, that field) and
    `template` with `params` says what is wrong (English, marked for translation:
    `message` gives it in the current language)."""

    def __init__(self, where: str, template: str | tuple[str, str], **params: object) -> None:
        self.where = where
        #: A message that says a count (``N_plural``: its two forms) takes the form of
        #: its ``count`` parameter.
        self.template: str = template if isinstance(template, str) else template[0]
        self.plural: str | None = None if isinstance(template, str) else template[1]
        self.params = params
        super().__init__(f"{where}: {self.reason}")

    @property
    def reason(self) -> str:
        """What is wrong, in English."""
        template = self.template
        if self.plural is not None and self.params.get("count") != 1:
            template = self.plural
        return template % self.params if self.params else template

    def message(self) -> str:
        """Where and what, in the current language (inside a request)."""
        return failure_message(self.as_reason())

    def as_reason(self) -> imports.Reason:
        """What the job row of a failed import keeps of it (`failure_message` reads it)."""
        params = {k: str(v) for k, v in self.params.items()}
        reason: imports.Reason = {"where": self.where, "template": self.template, "params": params}
        if self.plural is not None:
            reason |= {"plural": self.plural, "count": self.params.get("count")}
        return reason


def failure_message(reason: imports.Reason) -> str:
    """Why an import failed (`LeagueImport.error`), in the current language, with the
    place in the file when there is one."""
    if isinstance(reason.get("plural"), str) and isinstance(reason.get("count"), int):
        what = ngettext(reason["template"], reason["plural"], reason["count"], **reason["params"])
    else:
        what = gettext(reason["template"], **reason["params"])
    if reason["where"] is None:
        return what
    return gettext("%(where)s: %(reason)s", where=reason["where"], reason=what)


#: The reason of an import that failed on the server's side (the log says more).
BROKEN: imports.Reason = {
    "where": None,
    "template": N_("The import failed on the server. Try again."),
    "params": {},
}


@dataclass(frozen=True)
class FilePart:
    """A part of the league file that a layer above owns, under ``key``.

    ``export(league, games)`` gives its value (nothing to carry: an empty list), where
    ``games`` is the position in the file's ``games`` of each of the league's game ids;
    ``check(value, games)`` reads the file's value, knowing how many games the file
    has, into what ``write`` takes, raising `ImportRefused`; ``write(league_id, checked,
    game_ids, owner_id)`` stores it, ``game_ids`` the new games' ids in file order.
    """

    key: str
    export: Callable[[League, Mapping[int, int]], list[Any]]
    check: Callable[[Any, int], Any]
    write: Callable[[int, Any, Sequence[int], int], None]


_PARTS = "scorekeeper.leagues.file_parts"


def register_file_part(app: Flask, part: FilePart) -> None:
    """Let ``part`` travel in ``app``'s league files."""
    app.extensions.setdefault(_PARTS, []).append(part)


def _file_parts() -> list[FilePart]:
    parts: list[FilePart] = current_app.extensions.get(_PARTS, [])
    return parts


# Export -------------------------------------------------------------------------------


def export_league(league: League) -> dict[str, Any]:
    """Everything needed to rebuild `league`: settings, players, seasons, games, hands.

    Reads only what the file holds, as plain columns: five queries whatever the
    number of games (never a hand's computed sides), then what each registered part
    (`FilePart`: the tournaments) reads, under its key when it has anything.
    """
    players = db.session.execute(
        select(Player.id, Player.name).where(Player.league_id == league.id).order_by(Player.id)
    ).all()
    local = {row.id: i for i, row in enumerate(players)}
    data = {
        "kind": FILE_KIND,
        "version": FILE_VERSION,
        "league": {
            "name": league.name,
            "public": league.is_public,
            **_rules_json(league.rules),
            "requires_confirmation": league.requires_confirmation,
        },
        "players": [{"id": local[row.id], "name": row.name} for row in players],
        "seasons": _export_seasons(league),
    }
    positions: dict[int, int] = {}  # each game's place in the file, by its id
    data["games"] = _export_games(league, local, positions)
    for part in _file_parts():
        value = part.export(league, positions)
        if value:
            data[part.key] = value
    return data


def _export_seasons(league: League) -> list[dict[str, Any]]:
    """The league's seasons, by start date."""
    rows = db.session.execute(
        select(Season.name, Season.starts_on, Season.ends_on, Season.archived)
        .where(Season.league_id == league.id)
        .order_by(Season.starts_on, Season.id)
    )
    return [
        {
            "name": row.name,
            "starts_on": row.starts_on.isoformat(),
            "ends_on": row.ends_on.isoformat(),
            "archived": row.archived,
        }
        for row in rows
    ]


def _export_games(
    league: League, local: Mapping[int, int], positions: dict[int, int]
) -> list[dict[str, Any]]:
    """The league's games in the order they were played, each with its settings, its
    seats (the players' ids in the file) and its hands as entered; ``positions`` gets
    each game's place in that order, by its id."""
    of_league = Game.league_id == league.id
    seats, hands = _seats_and_hands(of_league)
    disputes = _disputes(of_league)
    rows = db.session.execute(
        select(
            Game.id,
            Game.created_at,
            Game.first_dealer,
            Game.requires_confirmation,
            *(getattr(Game, name) for name in RULES_COLUMNS),
        )
        .where(of_league)
        .order_by(Game.created_at, Game.id)
    )
    games: list[dict[str, Any]] = []
    for game in rows:
        positions[game.id] = len(games)
        games.append(
            {
                "played_at": _iso(game.created_at),
                **_stored_rules_json(tuple(getattr(game, name) for name in RULES_COLUMNS)),
                "first_dealer": game.first_dealer,
                "seats": [
                    None if seat.player_id is None else local[seat.player_id]
                    for seat in seats.get(game.id, ())
                ],
                "hands": [_export_hand(hand, disputes) for hand in hands.get(game.id, ())],
                "requires_confirmation": game.requires_confirmation,
            }
        )
    return games


def _export_hand(
    hand: Row[*tuple[Any, ...]], disputes: Mapping[int, Row[*tuple[Any, ...]]]
) -> dict[str, Any]:
    """A hand as entered and, where it is not simply confirmed, where it stands with the
    other side: the side that entered it, the sides it awaits, a dispute's version."""
    out: dict[str, Any] = {"mode": hand.mode, "entry": hand.entry}
    if hand.entered_side is not None:
        out["entered_side"] = hand.entered_side
    if hand.status != HandStatus.CONFIRMED:
        out["status"] = hand.status
        out["awaiting"] = list(sides_of_mask(hand.awaiting_sides))
    dispute = disputes.get(hand.id) if hand.status == HandStatus.DISPUTED else None
    if dispute is not None:
        out["dispute"] = {"side": dispute.side, "mode": dispute.mode, "entry": dispute.entry}
    return out


def _disputes(of_league: ColumnElement[bool]) -> dict[int, Row[*tuple[Any, ...]]]:
    """The last dispute of each disputed hand of the league, by hand id."""
    rows = db.session.execute(
        select(HandRevision.hand_id, HandRevision.side, HandRevision.mode, HandRevision.entry)
        .join(Hand, Hand.id == HandRevision.hand_id)
        .join(Game, Game.id == Hand.game_id)
        .where(of_league, Hand.status == HandStatus.DISPUTED, HandRevision.action == "dispute")
        .order_by(HandRevision.id)
    )
    return {row.hand_id: row for row in rows if row.hand_id is not None}


#: The settings of `Rules` a file holds, for the league and for each game: the stored ones.
_FILE_RULES = ("format", "target", *VARIANTS)
#: The rule set, asso pigliatutto's house choices and the margin: written only when they
#: are not the defaults (a file of Scopa games reads as before rule sets, a file written
#: before margins reads with none: 1), read when given.
_OPTIONAL_FILE_RULES = ("rule_set", "asso_sweep", "asso_on_asso", "margin")
_DEFAULT_RULES_JSON = Rules().to_json()
#: Settings added after files were first written: a file without them plays them off.
_LATER_RULES = frozenset(("chiamarsi_fuori", "claim_loses_hand", "count_in_order"))


@cache
def _stored_rules_json(values: tuple[object, ...]) -> dict[str, object]:
    """`_rules_json` of the rules stored as ``values`` (of `RULES_COLUMNS`): a league's
    games share a few rule sets, each read and written once per export."""
    return _rules_json(rules_of(dict(zip(RULES_COLUMNS, values, strict=True))))


def _rules_json(rules: Rules) -> dict[str, object]:
    """The rules as the file holds them: what is stored of `Rules.to_json`."""
    data = rules.to_json()
    optional = {
        key: data[key] for key in _OPTIONAL_FILE_RULES if data[key] != _DEFAULT_RULES_JSON[key]
    }
    return {key: data[key] for key in _FILE_RULES} | optional


#: The keys of each object of the file (what `export_league` writes); any other is refused.
_FILE_KEYS = frozenset(("kind", "version", "league", "players", "seasons", "games"))
_LEAGUE_KEYS = frozenset(
    ("name", "public", *_FILE_RULES, *_OPTIONAL_FILE_RULES, "requires_confirmation")
)
_PLAYER_KEYS = frozenset(("id", "name"))
_SEASON_KEYS = frozenset(("name", "starts_on", "ends_on", "archived"))
_GAME_KEYS = frozenset(
    (
        "played_at",
        *_FILE_RULES,
        *_OPTIONAL_FILE_RULES,
        "first_dealer",
        "seats",
        "hands",
        "requires_confirmation",
    )
)
#: A hand's keys; those after the entry are optional (a hand simply confirmed, or a file
#: from before confirmations, has none of them).
_HAND_KEYS = frozenset(("mode", "entry", "entered_side", "status", "awaiting", "dispute"))
_DISPUTE_KEYS = frozenset(("side", "mode", "entry"))


def _file_rules(spec: Mapping[str, Any], where: str) -> Rules:
    """The rules of the league or game `spec`, read by `Rules.from_json` (every one given;
    the rule set and its house choices when the file names them, else Scopa's)."""
    for key in _FILE_RULES:
        if key not in spec and key not in _LATER_RULES:
            raise ImportRefused(f"{where}.{key}", N_("is missing"))
    try:
        given = [key for key in (*_FILE_RULES, *_OPTIONAL_FILE_RULES) if key in spec]
        return Rules.from_json({key: spec[key] for key in given})
    except InvalidGame as err:
        raise ImportRefused(
            where, N_("the rules refuse these settings (%(problem)s)"), problem=err
        ) from err


def _seats_and_hands(of_league: ColumnElement[bool]) -> tuple[_ByGame, _ByGame]:
    """The league's seats (with their player) and hands (as entered), by game, in order."""
    seats = _by_game(
        select(Seat.game_id, Seat.player_id)
        .join(Game, Game.id == Seat.game_id)
        .where(of_league)
        .order_by(Seat.game_id, Seat.seat)
    )
    hands = _by_game(
        select(
            Hand.game_id,
            Hand.mode,
            Hand.entry,
            Hand.id,
            Hand.status,
            Hand.awaiting_sides,
            Hand.entered_side,
        )
        .join(Game, Game.id == Hand.game_id)
        .where(of_league)
        .order_by(Hand.game_id, Hand.number)
    )
    return seats, hands


def _by_game(query: Select[*tuple[Any, ...]]) -> _ByGame:
    """The rows of `query` (its first column a game id) in lists by game, in query order."""
    grouped: _ByGame = {}
    for row in db.session.execute(query):
        grouped.setdefault(row[0], []).append(row)
    return grouped


def _iso(moment: datetime) -> str:
    """`moment` in UTC as ISO 8601 to the second (naive values are taken as UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def standings_csv(lines: Sequence[standings.Line]) -> str:
    """The standings as CSV (one header row, one row per player)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(STANDINGS_COLUMNS)
    for rank, line in enumerate(lines, 1):
        writer.writerow(
            [
                rank,
                csv_cell(line.name),
                line.games,
                line.won,
                line.lost,
                f"{line.win_pct:.1f}",
                line.points_for,
                line.points_against,
                line.hands,
                f"{line.per_hand(line.scope):.3f}",
                f"{100 * line.per_hand(line.settebello):.1f}",
                f"{100 * line.per_hand(line.primiera):.1f}",
                f"{100 * line.per_hand(line.napola):.1f}",
                line.rating,
            ]
        )
    return out.getvalue()


def results_csv(league: League) -> str:
    """Every finished game of the league: date, each side's players and game points, winner."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["game", "played_at", "side", "players", "points", "won"])
    rows = db.session.execute(
        select(
            LeagueResult.game_id,
            LeagueResult.played_at,
            LeagueResult.side,
            Player.name,
            LeagueResult.points_for,
            LeagueResult.won,
        )
        .join(Player, Player.id == LeagueResult.player_id)
        .where(LeagueResult.league_id == league.id)
        .order_by(
            LeagueResult.played_at,
            LeagueResult.game_id,
            LeagueResult.side,
            Player.name,
        )
    ).all()
    sides: dict[tuple[int, int], list[Any]] = {}
    for row in rows:
        key = (row.game_id, row.side)
        if key in sides:
            sides[key][3].append(row.name)
        else:
            sides[key] = [
                row.game_id,
                _iso(row.played_at),
                row.side,
                [row.name],
                row.points_for,
                int(row.won),
            ]
    for game_id, played_at, side, names, points, won in sides.values():
        writer.writerow([game_id, played_at, side + 1, csv_cell(" & ".join(names)), points, won])
    return out.getvalue()


def csv_cell(text: str) -> str:
    """Keep spreadsheet programs from running a cell as a formula (CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


# Import -------------------------------------------------------------------------------


def import_league(data: Any, owner: User) -> League:
    """Create a new league owned by `owner` from an export, here and now; all or nothing.

    `queue_import` then `run_import` (what a request does in two steps, the second on
    the job queue): raises what they raise.
    """
    job_id = queue_import(data, owner)
    league_id = run_import(job_id)
    if league_id is None:
        raise imports.ImportAbandoned(job_id)
    return db.session.get_one(League, league_id)


def queue_import(data: Any, owner: User) -> int:
    """Check what can be checked at once of an export (its kind, version and size) and
    store it as `owner`'s import job, to run with `run_import`: the job's id.

    Raises `ImportRefused` for a file that is not an export or is over the limits, and
    `imports.ImportBusy` when the owner's last import is still running.
    """
    doc = json_object(data, "file", _FILE_KEYS | {part.key for part in _file_parts()})
    version = doc.get("version")
    if doc.get("kind") != FILE_KIND or type(version) is not int or version != FILE_VERSION:
        raise ImportRefused(
            "file",
            N_("this is not a league exported by Scorekeeper (version %(version)s)"),
            version=FILE_VERSION,
        )
    games_in_file = json_list(doc.get("games"), "games", MAX_GAMES)
    hands = sum(
        len(game["hands"])
        for game in games_in_file
        if isinstance(game, dict) and isinstance(game.get("hands"), list)
    )
    if hands > MAX_HANDS:
        raise ImportRefused(
            "games",
            N_("%(hands)s hands in all: one file can bring at most %(limit)s"),
            hands=hands,
            limit=MAX_HANDS,
        )
    _check_parts(doc, len(games_in_file))
    return imports.start(owner.id, json.dumps(doc), len(games_in_file))


def run_import(job_id: int) -> int | None:
    """Write the league of import job `job_id` (see `queue_import`) as a new attempt: the
    new league's id, or None if the job is no longer running (this delivery of its task
    came after the job finished).

    Raises `ImportRefused` for anything in the file that is not valid: wrong shape or
    types, names twice, unknown players in seats, and hands the scoring package
    refuses; `imports.ImportAbandoned` if a later attempt took the job over while this
    one ran. On a refusal or any other failure the job is marked failed with its reason
    and what it wrote is removed.

    The league is written in short transactions, `IMPORT_CHUNK` games each (on SQLite
    every other table can save in between), and stays hidden (``importing``) until
    the last one shows it; a refused or failed import removes what it wrote, so the
    user sees all of it or nothing, and one cut short by a killed consumer is written
    again, from the start, by the queue's next delivery (`imports.begin` removes what
    the cut attempt wrote).
    """
    begun = imports.begin(job_id)
    if begun is None:
        return None
    attempt, text, user_id = begun
    doc = json.loads(text)
    try:
        return _import(doc, doc["games"], db.session.get_one(User, user_id), job_id, attempt)
    except imports.ImportAbandoned:
        db.session.rollback()
        raise
    except ImportRefused as err:
        imports.abandon(job_id, attempt, err.as_reason())
        raise
    except BaseException:
        imports.abandon(job_id, attempt, BROKEN)
        raise


def enqueue_import(job_id: int) -> None:
    """Send import job `job_id` to the job queue; if the queue cannot take it (Redis or
    the database away), the job fails at once (its page says so) rather than wait for
    ever."""
    try:
        jobs.enqueue(IMPORT_TASK, job_id)
    except jobs.QueueUnavailable:
        current_app.logger.exception("league import %s could not be queued", job_id)
        imports.abandon(job_id, 0, BROKEN)


@jobs.task(IMPORT_TASK)
def import_task(job_id: int) -> None:
    """The queue's task: `run_import`, its outcome kept in the job row (a refusal, or
    anything else, which is logged too)."""
    try:
        run_import(job_id)
    except (ImportRefused, imports.ImportAbandoned):
        pass  # kept in the job row for its page
    except Exception:
        current_app.logger.exception("league import %s failed", job_id)


#: Sent after each chunk of games of an import is committed, with the league's id as
#: sender and ``games``, the number stored so far (tests hold an import there).
chunk_stored = Namespace().signal("league-import-chunk-stored")


def _check_parts(doc: Mapping[str, Any], games: int) -> list[tuple[FilePart, Any]]:
    """Each registered part the file has, checked (`FilePart.check`)."""
    return [(part, part.check(doc[part.key], games)) for part in _file_parts() if part.key in doc]


def _import(
    doc: Mapping[str, Any], games_in_file: list[Any], owner: User, job_id: int, attempt: int
) -> int:
    """Add the hidden league with its players and seasons, then its games chunk by chunk,
    then their results and standing rows and the file's other parts, and show it: the
    new league's id."""
    parts = _check_parts(doc, len(games_in_file))
    league = _import_league(json_object(doc.get("league"), "league", _LEAGUE_KEYS), owner)
    league.importing = True
    players = _import_players(doc.get("players"), league)
    _import_seasons(doc.get("seasons"), league)
    db.session.flush()
    league_id: int = league.id
    seats = {local: (player.id, player.name) for local, player in players.items()}
    imports.checkpoint(job_id, attempt, league_id=league_id)
    db.session.commit()
    results: list[standings.ResultRow] = []
    game_ids: list[int] = []
    done = 0
    for chunk in _batches(enumerate(games_in_file), IMPORT_CHUNK):
        new_games = [
            _import_game(
                json_object(item, f"games[{i}]", _GAME_KEYS), f"games[{i}]", league_id, seats
            )
            for i, item in chunk
        ]
        done += len(chunk)
        imports.checkpoint(job_id, attempt, games_done=done)  # first: a stale attempt stops
        results += _store_league_games(league_id, new_games, game_ids)
        db.session.commit()
        chunk_stored.send(league_id, games=done)
    ratings = standings.rate_new_results(results)
    for rows in _batches(results, RESULT_CHUNK):
        imports.checkpoint(job_id, attempt)
        standings.insert_results(rows)
        db.session.commit()
    standings.add_new_standings(league_id, results, ratings)
    for part, checked in parts:
        part.write(league_id, checked, game_ids, owner.id)
    db.session.execute(update(League).where(League.id == league_id).values(importing=False))
    audit.record(
        audit.ChangeKind.LEAGUE_IMPORTED,
        audit.Subject.league(league_id),
        None,
        {"games": len(game_ids), "players": len(players)},
        audit.Actor.system(owner.id, owner.username),
    )
    imports.finish(job_id, attempt)
    db.session.commit()
    return league_id


def _import_league(spec: Mapping[str, Any], owner: User) -> League:
    """The new league, with the file's name, visibility and default rules."""
    setup = LeagueSetup(
        name=json_name(spec.get("name"), "league.name"),
        is_public=json_bool(spec.get("public"), "league.public"),
        rules=_file_rules(spec, "league"),
        requires_confirmation=_optional_bool(spec, "requires_confirmation", "league"),
    )
    return create_league(owner, setup, commit=False)


def _optional_bool(spec: Mapping[str, Any], key: str, where: str) -> bool:
    """``spec[key]`` as a bool, false when the file (one from before it) has no such key."""
    return key in spec and json_bool(spec[key], f"{where}.{key}")


def _import_players(items: Any, league: League) -> dict[int, Player]:
    """The file's players added to `league`, by their id in the file (each name once)."""
    players: dict[int, Player] = {}
    keys: set[str] = set()
    for i, item in enumerate(json_list(items, "players", MAX_PLAYERS)):
        where = f"players[{i}]"
        entry = json_object(item, where, _PLAYER_KEYS)
        local = json_int(entry.get("id"), f"{where}.id", 0, 10**9)
        name = json_name(entry.get("name"), f"{where}.name")
        if local in players or name_key(name) in keys:
            raise ImportRefused(where, N_("a player appears twice"))
        keys.add(name_key(name))
        players[local] = Player(league_id=league.id, name=name, name_key=name_key(name))
    db.session.add_all(players.values())
    return players


def _import_seasons(items: Any, league: League) -> None:
    """The file's seasons added to `league` (dates in order, each name once)."""
    names: set[str] = set()
    for i, item in enumerate(json_list(items, "seasons", MAX_SEASONS)):
        where = f"seasons[{i}]"
        entry = json_object(item, where, _SEASON_KEYS)
        name = json_name(entry.get("name"), f"{where}.name")
        starts_on = json_date(entry.get("starts_on"), f"{where}.starts_on")
        ends_on = json_date(entry.get("ends_on"), f"{where}.ends_on")
        if starts_on > ends_on or name in names:
            raise ImportRefused(where, N_("dates out of order or the name twice"))
        names.add(name)
        db.session.add(
            Season(
                league_id=league.id,
                name=name,
                starts_on=starts_on,
                ends_on=ends_on,
                archived=json_bool(entry.get("archived"), f"{where}.archived"),
            )
        )


def _import_game(
    entry: Mapping[str, Any], where: str, league_id: int, players: Mapping[int, _Seated]
) -> games.NewGame:
    """One game of the file, its settings checked and every hand scored, ready to store."""
    rules = _file_rules(entry, where)
    fmt = rules.format
    seated = _seat_players(entry.get("seats"), f"{where}.seats", fmt, players)
    setup = GameSetup(
        rules,
        [name for _id, name in seated],
        json_int(entry.get("first_dealer"), f"{where}.first_dealer", 0, fmt.players - 1),
    )
    played_at = _datetime(entry.get("played_at"), f"{where}.played_at")
    items = json_list(entry.get("hands"), f"{where}.hands", MAX_HANDS_PER_GAME)
    hands = [_import_hand(rules, item, f"{where}.hands[{j}]") for j, item in enumerate(items)]
    try:
        return games.new_game(
            setup,
            league_id=league_id,
            player_ids=[player_id for player_id, _name in seated],
            hands=hands,
            played_at=played_at,
            requires_confirmation=_optional_bool(entry, "requires_confirmation", where),
        )
    except InvalidGame as err:
        raise ImportRefused(
            where, N_("the rules refuse this game (%(problem)s)"), problem=err
        ) from err


def _seat_players(
    value: Any, where: str, fmt: Format, players: Mapping[int, _Seated]
) -> list[_Seated]:
    """The players in a game's seats: as many of the file's players as `fmt` seats, each once."""
    seat_ids = json_list(value, where, fmt.players)
    if len(seat_ids) != fmt.players:
        raise ImportRefused(
            where, N_("format %(format)s needs %(seats)s seats"), format=fmt.key, seats=fmt.players
        )
    seated = []
    for j, local in enumerate(seat_ids):
        if type(local) is not int or local not in players:  # true is not player 1
            raise ImportRefused(f"{where}[{j}]", N_("not a player of this file"))
        seated.append(players[local])
    if len(set(seated)) != len(seated):
        raise ImportRefused(where, N_("a player sits twice"))
    return seated


def _import_hand(rules: Rules, item: Any, where: str) -> games.ScoredHand:
    """One hand of the file as entered, read strictly (`read_entry`) and scored by the
    scoring package; what is stored is the entry read, never the file's object as sent."""
    hand = json_object(item, where, _HAND_KEYS)
    scored = _scored_entry(rules, hand.get("mode"), hand.get("entry"), where)
    return _with_confirmation_state(rules, scored, hand, where)


def _scored_entry(rules: Rules, mode: Any, entry: Any, where: str) -> games.ScoredHand:
    """An entry of the file, read strictly and scored."""
    if mode not in ENTRY_MODES:
        raise ImportRefused(f"{where}.mode", N_("must be counts or cards"))
    try:
        return games.score_hand(rules, read_entry(mode, entry))
    except InvalidHand as err:
        first = err.errors[0]
        path = f"{where}.{first.field}" if first.field else where
        counted = first.plural  # a message that says a count takes the count's form
        if counted is None:
            raise ImportRefused(path, first.template, **first.params) from err
        plural, count = counted
        params = dict(first.params) | {"count": count}
        raise ImportRefused(path, (first.template, plural), **params) from err


def _with_confirmation_state(
    rules: Rules, scored: games.ScoredHand, hand: Mapping[str, Any], where: str
) -> games.ScoredHand:
    """The hand with where it stands with the other side, as the file says (confirmed
    when it says nothing): the side that entered it, the sides it awaits, a dispute."""
    sides = rules.format.sides
    entered = hand.get("entered_side")
    if entered is not None:
        entered = json_int(entered, f"{where}.entered_side", 0, sides - 1)
    status = hand.get("status", HandStatus.CONFIRMED)
    if status not in HAND_STATUSES:
        raise ImportRefused(f"{where}.status", N_("must be confirmed, awaiting or disputed"))
    awaiting: list[int] = []
    if status != HandStatus.CONFIRMED:
        items = json_list(hand.get("awaiting"), f"{where}.awaiting", sides)
        awaiting = [
            json_int(s, f"{where}.awaiting[{k}]", 0, sides - 1) for k, s in enumerate(items)
        ]
        if not awaiting or len(set(awaiting)) != len(awaiting) or entered in awaiting:
            raise ImportRefused(f"{where}.awaiting", N_("not the sides of this hand"))
    elif "awaiting" in hand:
        raise ImportRefused(f"{where}.awaiting", N_("not the sides of this hand"))
    dispute = None
    if status == HandStatus.DISPUTED:
        spec = json_object(hand.get("dispute"), f"{where}.dispute", _DISPUTE_KEYS)
        side = json_int(spec.get("side"), f"{where}.dispute.side", 0, sides - 1)
        if side not in awaiting:
            raise ImportRefused(f"{where}.dispute.side", N_("not the sides of this hand"))
        theirs = _scored_entry(rules, spec.get("mode"), spec.get("entry"), f"{where}.dispute")
        dispute = (side, theirs)
    elif "dispute" in hand:
        raise ImportRefused(f"{where}.dispute", N_("only a disputed hand has one"))
    return replace(
        scored,
        status=status,
        awaiting_sides=mask_of_sides(awaiting),
        entered_side=entered,
        dispute=dispute,
    )


def add_league_games(league: League, new_games: Iterable[games.NewGame]) -> None:
    """Store finished games of `league`, `BATCH` games at a time, then their results, the
    ratings and the standing rows, computed from the hands already scored (see
    `standings.add_results`). Used by the demo; never commits."""
    results: list[standings.ResultRow] = []
    for batch in _batches(new_games, BATCH):
        results += _store_league_games(league.id, batch)
    standings.add_results(league.id, results)


def _store_league_games(
    league_id: int, new_games: Sequence[games.NewGame], game_ids: list[int] | None = None
) -> list[standings.ResultRow]:
    """Store `new_games` of the league (one INSERT per table); their result rows. Their
    ids are added to `game_ids` when given."""
    results: list[standings.ResultRow] = []
    stored = games.store_games(new_games)
    if game_ids is not None:
        game_ids += stored
    for game_id, game in zip(stored, new_games, strict=True):
        if game.requires_confirmation and any(
            hand.status != HandStatus.CONFIRMED for hand in game.hands
        ):
            continue  # counted once every hand is confirmed, as at the table
        results += standings.results_of(
            league_id,
            game_id,
            game.played_at,
            game.state.winner,
            game.seats,
            [hand.sides for hand in game.hands],
        )
    return results


def _batches(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """`items` in lists of `size` (the last one shorter)."""
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch


# Reading the file's values, each refused with where it is (also by the parts of the file).


def json_object(value: Any, where: str, keys: frozenset[str] | None = None) -> Mapping[str, Any]:
    """`value` if it is a JSON object (with none but `keys`, when given)."""
    if not isinstance(value, dict):
        raise ImportRefused(where, N_("must be an object"))
    if keys is not None and not keys.issuperset(value):
        unknown = sorted(str(key) for key in value if key not in keys)
        raise ImportRefused(f"{where}.{unknown[0]}", N_("is not part of a league file"))
    return value


def json_list(value: Any, where: str, limit: int) -> list[Any]:
    """`value` if it is a JSON list of at most `limit` entries."""
    if not isinstance(value, list):
        raise ImportRefused(where, N_("must be a list"))
    if len(value) > limit:
        raise ImportRefused(where, N_("more than %(limit)s entries"), limit=limit)
    return value


def json_name(value: Any, where: str) -> str:
    """`value` as a name (spaces tidied) if it is one of 1 to `NAME_MAX` characters."""
    if not isinstance(value, str) or not value.strip() or len(value) > NAME_MAX:
        raise ImportRefused(
            where, N_("must be a name of 1 to %(maximum)s characters"), maximum=NAME_MAX
        )
    return " ".join(value.split())


def json_bool(value: Any, where: str) -> bool:
    """`value` if it is true or false."""
    if not isinstance(value, bool):
        raise ImportRefused(where, N_("must be true or false"))
    return value


def json_int(value: Any, where: str, low: int, high: int) -> int:
    """`value` if it is a whole number (not a boolean) from `low` to `high`."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ImportRefused(
            where, N_("must be a whole number from %(low)s to %(high)s"), low=low, high=high
        )
    return value


def json_date(value: Any, where: str) -> date:
    """`value` as a date, if it is one in ISO 8601."""
    try:
        return date.fromisoformat(value)
    except (TypeError, ValueError):
        raise ImportRefused(where, N_("must be a date like 2026-01-31")) from None


def _datetime(value: Any, where: str) -> datetime:
    """`value` as a moment in UTC, if it is one in ISO 8601 (no offset: UTC)."""
    try:
        moment = datetime.fromisoformat(value)
        return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)
    except (TypeError, ValueError, OverflowError):  # OverflowError: year 1 at UTC-1
        raise ImportRefused(where, N_("must be a date and time in ISO 8601")) from None
