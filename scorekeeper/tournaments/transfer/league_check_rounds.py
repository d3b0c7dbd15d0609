"""The rounds of a league file's tournament checked: matches that seat entrants of the
draw (a third side exactly at the 3-player format's tables), each of the file's games
played in one match at most, results that end their match."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.leagues.transfer import (
    ImportRefused,
    json_bool,
    json_int,
    json_list,
    json_object,
)
from scorekeeper.scoring.errors import N_
from scorekeeper.tournaments import core, services
from scorekeeper.tournaments.services import ENTRIES_MAX
from scorekeeper.tournaments.transfer.league_fields import ROUNDS_LIMIT, TARGETS, optional_int

_ROUND_KEYS = frozenset(("stage", "number", "matches"))
_MATCH_KEYS = frozenset(
    ("table", "slot", "group", "first", "second", "third", "best_of", "target", "games", "result")
)
_RESULT_KEYS = frozenset(("wins", "points", "winner", "by_hand", "forfeit"))


def check_rounds(
    value: Any,
    where: str,
    stages: int,
    entrants: Mapping[int, Any],
    games_in_file: int,
    used: set[int],
    three: bool,
) -> list[dict[str, Any]]:
    """The rounds of a tournament (of its ``stages``), none twice, with their matches;
    ``used`` gathers the places of the file's games that its matches play."""
    rounds = []
    seen: set[tuple[int, int]] = set()
    for j, item in enumerate(json_list(value, where, ROUNDS_LIMIT)):
        at = f"{where}[{j}]"
        round_ = json_object(item, at, _ROUND_KEYS)
        stage = json_int(round_.get("stage"), f"{at}.stage", 1, stages)
        number = json_int(round_.get("number"), f"{at}.number", 1, ROUNDS_LIMIT)
        if (stage, number) in seen:
            raise ImportRefused(f"{at}.number", N_("a round appears twice"))
        seen.add((stage, number))
        checked = _check_matches(
            round_.get("matches"), f"{at}.matches", entrants, games_in_file, used, three
        )
        rounds.append({"stage": stage, "number": number, "matches": checked})
    return rounds


def _check_matches(
    value: Any,
    where: str,
    entrants: Mapping[int, Any],
    games_in_file: int,
    used: set[int],
    three: bool,
) -> list[dict[str, Any]]:
    """The matches of a round, no two at one table or in one slot."""
    tables: set[int] = set()
    slots: set[int] = set()
    checked = []
    for k, match in enumerate(json_list(value, where, ENTRIES_MAX)):
        one = _check_match(match, f"{where}[{k}]", entrants, games_in_file, used, three)
        if one["table"] in tables or one["slot"] in slots:
            raise ImportRefused(f"{where}[{k}]", N_("two matches at one table or slot"))
        if one["table"] is not None:
            tables.add(one["table"])
        if one["slot"] is not None:
            slots.add(one["slot"])
        checked.append(one)
    return checked


def _check_match(
    item: Any,
    where: str,
    entrants: Mapping[int, Any],
    games_in_file: int,
    used: set[int],
    three: bool,
) -> dict[str, Any]:
    """One match of a round: its sides entrants of the draw (a third at a table of the
    3-player format, none at a bye), its games the file's, its result one that ends it."""
    match = json_object(item, where, _MATCH_KEYS)
    first, second, third = _check_sides(match, where, entrants, three)
    table = optional_int(match.get("table"), f"{where}.table", 1, ENTRIES_MAX)
    if (table is None) != (second is None):
        raise ImportRefused(f"{where}.table", N_("a match has a table, a bye none"))
    best_of = json_int(match.get("best_of"), f"{where}.best_of", 1, services.GAMES_MAX)
    if three and best_of != 1:
        raise ImportRefused(f"{where}.best_of", N_("a table of three plays one partita"))
    partite = _check_partite(match.get("games"), f"{where}.games", best_of, games_in_file, used)
    if second is None and partite:
        raise ImportRefused(f"{where}.games", N_("a bye has no games"))
    return {
        "table": table,
        "slot": optional_int(match.get("slot"), f"{where}.slot", 0, ENTRIES_MAX),
        "group": optional_int(match.get("group"), f"{where}.group", 0, ENTRIES_MAX),
        "first": first,
        "second": second,
        "third": third,
        "games": best_of,
        "target": json_int(match.get("target"), f"{where}.target", *TARGETS),
        "partite": partite,
        "result": _check_result(
            match.get("result"), f"{where}.result", (first, second, third), best_of
        ),
        "where": where,
    }


def _check_sides(
    match: Mapping[str, Any], where: str, entrants: Mapping[int, Any], three: bool
) -> tuple[int, int | None, int | None]:
    """A match's sides by entrant number: the first, the second (none at a bye), the
    third (`_check_third`); no entrant twice."""
    first = _entrant_number(match.get("first"), f"{where}.first", entrants)
    second = None
    if match.get("second") is not None:
        second = _entrant_number(match.get("second"), f"{where}.second", entrants)
    if first == second:
        raise ImportRefused(f"{where}.second", N_("an entrant cannot meet itself"))
    return first, second, _check_third(match, where, entrants, three, (first, second))


def _check_partite(
    value: Any, where: str, best_of: int, games_in_file: int, used: set[int]
) -> list[Any]:
    """A match's partite: places of the file's games, each played in no other match."""
    partite = json_list(value, where, best_of)
    for k, position in enumerate(partite):
        if type(position) is not int or not 0 <= position < games_in_file:
            raise ImportRefused(f"{where}[{k}]", N_("not a game of this file"))
        if position in used:
            raise ImportRefused(f"{where}[{k}]", N_("a game is played in two matches"))
        used.add(position)
    return partite


def _check_third(
    match: Mapping[str, Any],
    where: str,
    entrants: Mapping[int, Any],
    three: bool,
    others: tuple[int, int | None],
) -> int | None:
    """The third side of a match: there exactly at a table of the 3-player format (not
    at its byes, never in a tournament of two sides), an entrant not seated twice."""
    at = f"{where}.third"
    if not three:
        if "third" in match:
            raise ImportRefused(at, N_("only a 3-player tournament has a third side"))
        return None
    if others[1] is None:
        if match.get("third") is not None:
            raise ImportRefused(at, N_("a bye has no third side"))
        return None
    if match.get("third") is None:
        raise ImportRefused(at, N_("is missing"))
    third = _entrant_number(match["third"], at, entrants)
    if third in others:
        raise ImportRefused(at, N_("an entrant cannot meet itself"))
    return third


def _entrant_number(value: Any, where: str, entrants: Mapping[int, Any]) -> int:
    """``value`` if it is the number of an entrant of the draw."""
    if type(value) is not int or value not in entrants:
        raise ImportRefused(where, N_("not an entrant of this tournament"))
    return value


def _check_result(
    value: Any, where: str, sides: tuple[int, int | None, int | None], best_of: int
) -> dict[str, Any] | None:
    """A match's result: partite won and game points per side (three at a table of
    three, else two), and the winner they give."""
    if value is None:
        return None
    count = 2 if sides[2] is None else 3
    result = json_object(value, where, _RESULT_KEYS)
    wins, points = _wins_and_points(result, where, count, best_of)
    winner = result.get("winner")
    expected = _expected_winner(sides, wins, points, where, best_of)
    if winner != expected or isinstance(winner, bool):
        raise ImportRefused(f"{where}.winner", N_("not the winner these wins give"))
    return {
        "wins": tuple(wins),
        "points": tuple(points),
        "winner": winner,
        "by_hand": json_bool(result.get("by_hand"), f"{where}.by_hand"),
        "forfeit": json_bool(result.get("forfeit", False), f"{where}.forfeit"),
    }


def _wins_and_points(
    result: Mapping[str, Any], where: str, count: int, best_of: int
) -> tuple[list[int], list[int]]:
    """A result's partite won and game points, ``count`` numbers each."""
    wins = json_list(result.get("wins"), f"{where}.wins", count)
    points = json_list(result.get("points"), f"{where}.points", count)
    if len(wins) != count or len(points) != count:
        if count == 3:
            raise ImportRefused(where, N_("wins and points are three numbers each"))
        raise ImportRefused(where, N_("wins and points are two numbers each"))
    return (
        [json_int(w, f"{where}.wins[{k}]", 0, best_of) for k, w in enumerate(wins)],
        [json_int(p, f"{where}.points[{k}]", 0, 99_999) for k, p in enumerate(points)],
    )


def _expected_winner(
    sides: tuple[int, int | None, int | None],
    wins: list[int],
    points: list[int],
    where: str,
    best_of: int,
) -> int | None:
    """The winner ``wins`` (at a table of three, and ``points``) give: a bye's one side,
    none for a draw; refused if they do not end the match."""
    first, second, third = sides
    if second is None:
        return first
    if third is not None:
        return (first, second, third)[_three_winner(wins, points, where)]
    try:
        score = core.MatchLength(best_of).score([0] * wins[0] + [1] * wins[1])
    except core.TournamentError as err:
        raise ImportRefused(f"{where}.wins", N_("this result does not end the match")) from err
    if not score.is_over:
        raise ImportRefused(f"{where}.wins", N_("this result does not end the match"))
    return None if score.winner is None else (first, second)[score.winner]


def _three_winner(wins: Sequence[int], points: Sequence[int], where: str) -> int:
    """The side that won a table of three (`core.three_winner`, as a result entered by
    hand has it)."""
    try:
        return core.three_winner(wins, points)
    except core.ThreeResultError as error:
        if error.field == "wins":
            message = N_("one side wins the table's one partita")
        else:
            message = N_("the table's winner has the most game points")
        raise ImportRefused(f"{where}.{error.field}", message) from error
