"""What the tournament pages show, read from the services into plain values: a round's
matches with their state and live score, the tables with each decided tie in words,
the bracket by rounds, the podium. No page changes anything through this module."""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_login import current_user
from sqlalchemy import select

from scorekeeper import audit
from scorekeeper.accounts.models import User
from scorekeeper.audit import words
from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.games.models import Game
from scorekeeper.grammar import Side, ngettext
from scorekeeper.grammar import gettext as _
from scorekeeper.leagues.access import member_role
from scorekeeper.leagues.models import League
from scorekeeper.scoring import GameState
from scorekeeper.tournaments import core, services
from scorekeeper.tournaments.games import match_table_token, side_token, table_edit_token
from scorekeeper.tournaments.labels import (
    group_letter,
    knockout_round_title,
    match_label,
    match_parts,
    round_title,
)
from scorekeeper.tournaments.models import (
    Entrant,
    Match,
    MatchResult,
    Member,
    ResultState,
    Round,
    Stage,
    StageKind,
    Status,
    Tournament,
)

WAITING, PLAYING, FINISHED, BYE = "waiting", "playing", "finished", "bye"


@dataclass(frozen=True)
class MatchRow:
    """One match as a page shows it (``token``: its table's edit token, when asked)."""

    match: Match
    first: str
    second: str
    state: str
    #: Partite won so far by each side (a finished match: its result's).
    wins: tuple[int, ...]
    #: The points of the partita being played (a finished match: its game points).
    score: tuple[int, ...]
    #: Which partita is on (1 for a single partita).
    partita: int
    result: MatchResult | None
    token: str | None = None
    #: The token of the table's sheet: the board of whichever partita is on.
    sheet_token: str | None = None
    #: The third side's name at a table of three (``""`` elsewhere).
    third: str = ""
    #: The sides (their index) whose confirmation the result still awaits, and those
    #: that confirmed it (`services.confirming`).
    awaiting: tuple[int, ...] = ()
    confirmed_by: tuple[int, ...] = ()
    #: Each side's own link token (`games.side_token`), when asked.
    side_tokens: tuple[str, ...] = ()

    @property
    def counts(self) -> bool:
        """Whether the match's result counts: confirmed (or never needing it)."""
        return self.result is not None and self.result.is_confirmed

    @property
    def named_sides(self) -> tuple[Side, ...]:
        """The sides at the table as sentences name them ("Anna e Carla")."""
        return tuple(
            Side(tuple(name for entrant in side for name in entrant.names))
            for side in self.match.pairs
        )

    @property
    def sides(self) -> list[str]:
        """The names at the table, in the game's side order."""
        return [self.first, self.second, self.third] if self.third else [self.first, self.second]


@dataclass(frozen=True)
class RoundView:
    """A round with its stage and matches."""

    stage: Stage
    round: Round
    title: str
    rows: list[MatchRow]

    @property
    def open(self) -> int:
        """How many of its matches still wait for a result."""
        return sum(1 for row in self.rows if row.state in (WAITING, PLAYING))

    @property
    def unconfirmed(self) -> int:
        """How many of its results await confirmation or are disputed (not counted)."""
        return sum(1 for row in self.rows if row.result is not None and not row.counts)


@dataclass(frozen=True)
class TableRow:
    """A row of a standings table: the standing, the entrant's name, the reason in words."""

    standing: core.Standing
    name: str
    reason: str
    #: Withdrawn mid-tournament (shown so), and how many players it is (the word's form).
    withdrawn: bool = False
    players: int = 2
    #: Rounds rested (byes: rotating partners' rests, club against club's pairs left over).
    rests: int = 0


@dataclass(frozen=True)
class ThreeTableRow:
    """A row of a 3-player table: the standing, the name, the reason in words."""

    standing: core.ThreeStanding
    name: str
    reason: str


@dataclass(frozen=True)
class Table:
    """A standings table (a group's, or the whole stage's); ``three_rows`` in place of
    ``rows`` for the 3-player format, whose table counts places, not wins and draws."""

    title: str
    rows: list[TableRow]
    three_rows: list[ThreeTableRow] = field(default_factory=list)
    #: The team standings of club against club (in place of ``rows``).
    club_rows: list[core.ClubStanding] = field(default_factory=list)


@dataclass(frozen=True)
class BracketMatch:
    """A knockout match: its two names (``""`` not known yet) and which won (0, 1, None)."""

    first: str
    second: str
    winner: int | None
    is_bye: bool


@dataclass(frozen=True)
class BracketRound:
    """A column of the bracket."""

    title: str
    matches: list[BracketMatch] = field(default_factory=list)


def names(tournament: Tournament) -> dict[int, Entrant]:
    """The entrants by their number."""
    return {row.number: row for row in services.entrants(tournament)}


def stage_title(stage: Stage) -> str:
    """The stage's name in the current language: a groups stage that sends no one on
    to a knockout (no qualifiers) is the one group of a single round-robin."""
    if stage.kind == StageKind.GROUPS.value and stage.qualifiers is None:
        return _("Round-robin")
    return {
        StageKind.GROUPS.value: _("Groups"),
        StageKind.SWISS.value: _("Swiss"),
        StageKind.DANISH.value: _("Danish"),
        StageKind.KNOCKOUT.value: _("Knockout"),
        StageKind.ROTATING.value: _("Rotating partners"),
        StageKind.CLUBS.value: _("Club against club"),
    }[stage.kind]


def side_name(match: Match, side: int) -> str:
    """The name of a side at ``match``'s table: a pair's "Anna / Bruno", and with
    rotating partners the two players' (``""``: no such side)."""
    sides = match.pairs
    if side >= len(sides):
        return ""
    return " / ".join(name for entrant in sides[side] for name in entrant.names)


def rest_note(points: int) -> str:
    """What a rest (a bye) is worth in the standings of rotating partners, in words."""
    return ngettext(
        "A round resting counts as a match won: %(num)d point in the standings, no"
        " partita and no game points.",
        "A round resting counts as a match won: %(num)d points in the standings, no"
        " partita and no game points.",
        points,
    )


def rest_notes(tournament: Tournament) -> list[str]:
    """Who rests each round of a rotating tournament and what a rest is worth (nothing
    to say when everyone plays every round)."""
    players = sum(1 for row in services.entrants(tournament) if not row.withdrawn)
    resting = core.resting(players)
    if resting == 0 or tournament.seed is None:
        return []
    return [
        ngettext(
            "With %(players)d players, %(num)d rests each round: whoever has rested"
            " least so far, so nobody rests twice before everyone has rested once.",
            "With %(players)d players, %(num)d rest each round: those who have rested"
            " least so far, so nobody rests twice before everyone has rested once.",
            resting,
            players=players,
        ),
        rest_note(tournament.points_bye),
    ]


def club_bye_note(tournament: Tournament) -> str:
    """What a bye is worth in club against club (a resting club's pairs, a bigger
    club's pairs left over), in words."""
    return ngettext(
        "When the clubs field different numbers of pairs, every pair of the smaller club"
        " plays and the bigger club's pairs left over have a bye, different ones each"
        " time; with an odd number of clubs one club rests each round. A bye counts"
        " nothing in the team standings (shown apart); in the pairs' standings it counts"
        " as a match won, %(num)d point.",
        "When the clubs field different numbers of pairs, every pair of the smaller club"
        " plays and the bigger club's pairs left over have a bye, different ones each"
        " time; with an odd number of clubs one club rests each round. A bye counts"
        " nothing in the team standings (shown apart); in the pairs' standings it counts"
        " as a match won, %(num)d points.",
        tournament.points_bye,
    )


def bye_notes(tournament: Tournament) -> list[str]:
    """What the standings count for a rest or a bye, where the format has its own (the
    results page for the club's site says it under the standings)."""
    if services.is_rotating(tournament):
        return rest_notes(tournament)
    if services.is_clubs(tournament):
        return [club_bye_note(tournament)]
    return []


def format_notes(tournament: Tournament) -> list[str]:
    """What the tournament's format promises and asks, in words: the rotating pairing's
    guarantee, the team standings' order, the semifinals' target, the winning margin."""
    notes = []
    if services.is_rotating(tournament):
        notes.append(
            _(
                "Rotating partners: every round each player has a new partner. With n"
                " players nobody partners the same player twice in the first n \u2212 1 rounds"
                " when n is a multiple of 4, the most there can be, and in the first"
                " n \u2212 2 otherwise; each round's tables are the seating that repeats"
                " the fewest opponents already met. The individual ranking counts each"
                " player's matches with their pair's result: match points, then the"
                " tie-breaks below (head-to-head and the classifica avulsa are left out:"
                " partners change every round)."
            )
        )
        notes.extend(rest_notes(tournament))
    if services.is_clubs(tournament):
        notes.append(
            _(
                "Club against club: each round every pair of a club plays a pair of the"
                " other club, a different one each time the clubs meet again. Team"
                " standings: matches won, then partite won, then game points."
            )
        )
        notes.append(club_bye_note(tournament))
    for stage in tournament.stages:
        if stage.semifinal_target is not None:
            notes.append(
                _(
                    "Semifinals to %(semifinal)d, final to %(final)d.",
                    semifinal=stage.semifinal_target,
                    final=stage.final_target,
                )
            )
    if tournament.margin:
        notes.append(
            _(
                "A partita is won by two clear points or more: a result with a smaller"
                " lead is refused, and the table plays on."
            )
        )
    return notes


def _row(
    match: Match,
    with_token: bool,
    result: MatchResult | None,
    played: list[Game],
    now: GameState | None,
    confirmed: list[int] | None = None,
) -> MatchRow:
    """A match as the round pages show it: ``result``, ``played`` (its games) and where
    the game on now stands (``now``: none before its first game, or once the match has
    its result), as `round_views` read them for the whole round."""
    first, second, third = (side_name(match, side) for side in range(3))
    sides = len(match.side_ids)
    if match.is_bye:
        return MatchRow(match, first, second, BYE, (0, 0), (0, 0), 0, result)
    current: Game | None = played[-1] if played else None
    token = sheet_token = None
    side_tokens: tuple[str, ...] = ()
    if with_token and current is not None:
        token, sheet_token = table_edit_token(current), match_table_token(match, played[0])
        side_tokens = tuple(side_token(match, side, played[0]) for side in range(sides))
    if result is not None:
        return MatchRow(
            match,
            first,
            second,
            FINISHED,
            result.wins,
            result.points,
            len(played),
            result,
            token,
            sheet_token,
            third,
            tuple(services.awaiting_sides(match, result, confirmed or [])),
            tuple(confirmed or ()),
            side_tokens,
        )
    won = [g.winner_side for g in played if g.winner_side is not None]
    wins = tuple(won.count(side) for side in range(sides))
    score = (0,) * sides
    state = WAITING
    if now is not None:
        score = tuple(int(total) for total in now.totals[:sides])
        if any(score) or len(played) > 1 or now.running:
            state = PLAYING
    return MatchRow(
        match,
        first,
        second,
        state,
        wins,
        score,
        len(played),
        None,
        token,
        sheet_token,
        third,
        side_tokens=side_tokens,
    )


def result_words(match: Match, result: MatchResult) -> str:
    """A match's stored result in words: the sides, the partite each won, the points."""
    sides = [side.name for side in (match.first, match.second, match.third) if side is not None]
    return _(
        "%(sides)s: partite won %(wins)s, points %(points)s",
        sides=" – ".join(sides),
        wins="–".join(str(n) for n in result.wins),
        points="–".join(str(n) for n in result.points),
    )


@dataclass(frozen=True)
class LaterMatch:
    """A later match a correction affects, as its page names it."""

    label: str
    sides: str
    result: str


def later_matches(match_ids: tuple[int, ...]) -> list[LaterMatch]:
    """The matches ``match_ids`` named (where, who, and their result if they have one)."""
    rows = []
    for match_id in match_ids:
        match = db.session.get_one(Match, match_id)
        result = services.result_of(match)
        sides = [side.name for side in (match.first, match.second, match.third) if side]
        words = _("not played yet")
        if result is not None:
            words = _(
                "partite won %(wins)s, points %(points)s",
                wins="–".join(str(n) for n in result.wins),
                points="–".join(str(n) for n in result.points),
            )
        rows.append(LaterMatch(match_label(match), " – ".join(sides), words))
    return rows


def waiting_matches(entrant: Entrant) -> list[LaterMatch]:
    """The matches of ``entrant`` at a table still waiting for a result (those a
    withdrawal loses by forfeit), named."""
    ids = tuple(
        m.id
        for m in services.matches_of_entrant(entrant)
        if not m.is_bye and services.result_of(m) is None
    )
    return later_matches(ids)


def round_views(tournament: Tournament, *, with_tokens: bool = False) -> list[RoundView]:
    """Every round so far, the latest first, with its matches (their results and games
    read a round at a time)."""
    views = []
    # Every side of every match, read at once: held here, they are in the session while
    # the rows ask for them (a match's sides would otherwise be read one by one).
    sides = services.entrants(tournament)
    for stage, round_ in services.rounds(tournament):
        matches = services.matches(round_)
        results = services.results_of_matches(matches)
        played = services.games_of_matches(matches)
        on = [played[m.id][-1] for m in matches if m.id not in results and played[m.id]]
        states = games.stored_states(on)
        confirmed = (
            services.sides_confirmed(results.values()) if tournament.needs_confirmation else {}
        )
        rows = [
            _row(
                m,
                with_tokens,
                results.get(m.id),
                played[m.id],
                _state_now(played[m.id], states),
                confirmed.get(results[m.id].id) if m.id in results else None,
            )
            for m in matches
        ]
        views.append(RoundView(stage, round_, round_title(stage, round_), rows))
    del sides
    return list(reversed(views))


def match_row(match: Match) -> MatchRow:
    """One match as the pages show it (its side page, a result just saved)."""
    played = services.match_games(match)
    result = services.result_of(match)
    now = None
    if result is None and played:
        now = games.stored_states(played[-1:]).get(played[-1].id)
    confirmed = None
    if result is not None:
        confirmed = services.sides_confirmed([result])[result.id]
    return _row(match, False, result, played, now, confirmed)


def tournament_of(match: Match) -> Tournament:
    """The tournament ``match`` is played in."""
    return db.session.get_one(Tournament, match.tournament_id)


def _state_now(played: list[Game], states: dict[int, GameState]) -> GameState | None:
    """Where the match's game on now stands, if `round_views` read it."""
    return states.get(played[-1].id) if played else None


def current_rounds(views: list[RoundView]) -> list[RoundView]:
    """The rounds being played: those with open matches (a knockout's byes may leave two
    at once), else the latest."""
    on = [view for view in views if view.open]
    return on or views[:1]


def reason_text(reason: core.Reason | None) -> str:
    """Why a side is above the next one level on points, in words."""
    if reason is None:
        return ""
    params = dict(reason.params)
    value, other = params.get("value", ""), params.get("other", "")
    texts = {
        core.TieBreak.HEAD_TO_HEAD.value: _(
            "ahead on head-to-head (%(value)s to %(other)s)", value=value, other=other
        ),
        core.TieBreak.CLASSIFICA_AVULSA.value: _(
            "ahead in the table of the tied sides alone (classifica avulsa): "
            "%(value)s to %(other)s",
            value=value,
            other=other,
        ),
        core.TieBreak.POINT_DIFFERENCE.value: _(
            "ahead on point difference (%(value)s to %(other)s)", value=value, other=other
        ),
        core.TieBreak.POINTS_FOR.value: _(
            "ahead on points scored (%(value)s to %(other)s)", value=value, other=other
        ),
        core.TieBreak.POINTS_AGAINST.value: _(
            "ahead on points conceded (%(value)s to %(other)s)", value=value, other=other
        ),
        core.TieBreak.PARTITE_WON.value: _(
            "ahead on partite won (%(value)s to %(other)s)", value=value, other=other
        ),
        core.TieBreak.DRAWN_CARD.value: _(
            "ahead on the drawn card (%(value)s against %(other)s)", value=value, other=other
        ),
    }
    text = texts.get(reason.code, reason.code)
    if reason.restarted:
        # A step split the sides level on points: the chain started again for these.
        return _("%(reason)s, the chain started again for the sides still level", reason=text)
    return text


def three_reason(row: core.ThreeStanding, below: core.ThreeStanding | None) -> str:
    """Why a 3-player entrant is above the next one level on match points, in words:
    more matches won, then more game points, then the draw's order."""
    if below is None or below.points != row.points:
        return ""
    if row.firsts != below.firsts:
        return _(
            "ahead on matches won (%(value)s to %(other)s)", value=row.firsts, other=below.firsts
        )
    if row.points_for != below.points_for:
        return _(
            "ahead on game points (%(value)s to %(other)s)",
            value=row.points_for,
            other=below.points_for,
        )
    return _(
        "ahead on the draw's order (number %(value)s before %(other)s)",
        value=row.entrant,
        other=below.entrant,
    )


def tie_break_names(tournament: Tournament) -> list[str]:
    """The tie-break chain in words, in its order (the 3-player format's own chain)."""
    if services.is_three(tournament):
        return [_("matches won"), _("game points"), _("the draw's order")]
    words = {
        core.TieBreak.HEAD_TO_HEAD.value: _("head-to-head"),
        core.TieBreak.CLASSIFICA_AVULSA.value: _("the table of the tied sides (classifica avulsa)"),
        core.TieBreak.POINT_DIFFERENCE.value: _("point difference"),
        core.TieBreak.POINTS_FOR.value: _("points scored"),
        core.TieBreak.POINTS_AGAINST.value: _("points conceded"),
        core.TieBreak.PARTITE_WON.value: _("partite won"),
        core.TieBreak.DRAWN_CARD.value: _("a drawn card"),
    }
    codes = [core.TieBreak(code) for code in tournament.tie_break]
    if services.is_rotating(tournament):
        codes = list(core.individual_chain(codes))
    return [words.get(step.value, step.value) for step in codes]


def _both_unplayed(
    row: core.Standing | core.ThreeStanding, below: core.Standing | core.ThreeStanding | None
) -> bool:
    """Whether ``row`` and the row ``below`` it (if any) have played no match yet (a bye
    is none): only the draw puts one above the other then, no reason worth a line."""
    return row.played == 0 and (below is None or below.played == 0)


def _table(
    title: str,
    standings: tuple[core.Standing, ...],
    by: dict[int, Entrant],
    rests: dict[int, int] | None = None,
) -> Table:
    below = [*standings[1:], None]
    rests = rests or {}
    return Table(
        title,
        [
            TableRow(
                row,
                by[row.entrant].name if row.entrant in by else "",
                "" if _both_unplayed(row, nxt) else reason_text(row.ahead),
                row.entrant in by and by[row.entrant].withdrawn,
                len(by[row.entrant].names) if row.entrant in by else 2,
                rests.get(row.entrant, 0),
            )
            for row, nxt in zip(standings, below, strict=True)
        ],
    )


def _three_table(
    title: str, standings: tuple[core.ThreeStanding, ...], by: dict[int, Entrant]
) -> Table:
    below = [*standings[1:], None]
    rows = [
        ThreeTableRow(
            row,
            by[row.entrant].name if row.entrant in by else "",
            "" if _both_unplayed(row, nxt) else three_reason(row, nxt),
        )
        for row, nxt in zip(standings, below, strict=True)
    ]
    return Table(title, [], rows)


def tables(tournament: Tournament) -> list[Table]:
    """The standings of the stages that have them: each group's, or the whole table."""
    if tournament.status in (Status.SETUP.value, Status.DRAWN.value) and tournament.seed is None:
        return []
    by = names(tournament)
    if not by:
        return []
    first = tournament.stages[0]
    if first.kind == StageKind.KNOCKOUT.value:
        return []
    if services.is_three(tournament):
        return [_three_table(_("Standings"), services.three_standings(tournament, first), by)]
    if services.is_rotating(tournament):
        table = services.standings(tournament, stage=first)
        rests = services.rests(tournament, first)
        return [_table(_("Individual standings"), table, by, rests)]
    if services.is_clubs(tournament):
        clubs = Table(
            _("Team standings"), [], club_rows=list(services.club_table(tournament, first))
        )
        pairs = services.standings(tournament, stage=first)
        return [clubs, _table(_("Pairs"), pairs, by, services.rests(tournament, first))]
    if first.kind == StageKind.GROUPS.value and len(tournament.stages) > 1:
        groups = [
            _table(_("Group %(letter)s", letter=group_letter(index)), table, by)
            for index, table in enumerate(services.group_standings(tournament, first))
        ]
        overall = _table(_("All groups"), services.standings(tournament, stage=first), by)
        return [*groups, overall]
    return [_table(_("Standings"), services.standings(tournament, stage=first), by)]


def bracket_rounds(tournament: Tournament) -> list[BracketRound]:
    """The knockout's bracket as columns, round 1 first (empty before it is known)."""
    bracket = services.bracket(tournament)
    if bracket is None:
        return []
    by = names(tournament)

    def name(number: int | None) -> str:
        return by[number].name if number is not None and number in by else ""

    columns = [
        BracketRound(knockout_round_title(bracket.rounds - number, number))
        for number in range(1, bracket.rounds + 1)
    ]
    for m in bracket.matches():
        winner = None
        if m.winner is not None:
            winner = 0 if m.winner == m.first else 1
        columns[m.round - 1].matches.append(
            BracketMatch(name(m.first), name(m.second), winner, m.is_bye)
        )
    third = bracket.third_place_match()
    if third is not None:
        winner = None if third.winner is None else (0 if third.winner == third.first else 1)
        match = BracketMatch(name(third.first), name(third.second), winner, False)
        columns.append(BracketRound(_("Third place"), [match]))
    return columns


def podium(tournament: Tournament) -> list[tuple[int, str]]:
    """Once the tournament is over: (place, name) of the first three (two thirds when a
    knockout plays no match for third place; club against club: the clubs)."""
    if tournament.status != Status.FINISHED.value:
        return []
    if services.is_clubs(tournament):
        return club_podium(tournament)
    return _podium(tournament)


def club_podium(tournament: Tournament) -> list[tuple[int, str]]:
    """The first three clubs of the team standings of a club-against-club tournament."""
    teams = services.club_table(tournament, tournament.stages[-1])
    return [(row.rank, row.club) for row in teams[:3]]


def _podium(tournament: Tournament) -> list[tuple[int, str]]:
    """The podium of a finished tournament of pairs or players (`podium`)."""
    by = names(tournament)
    bracket = services.bracket(tournament)
    if bracket is not None and bracket.champion is not None:
        final = bracket.match(bracket.rounds, 0)
        places = [(1, bracket.champion)]
        runner_up = final.second if final.winner == final.first else final.first
        if runner_up is not None:
            places.append((2, runner_up))
        if bracket.rounds >= 2:
            if bracket.third is not None:
                places.append((3, bracket.third))
            elif not bracket.third_place:
                for index in (0, 1):
                    semi = bracket.match(bracket.rounds - 1, index)
                    loser = semi.second if semi.winner == semi.first else semi.first
                    if loser is not None and not semi.is_bye:
                        places.append((3, loser))
        return [(place, by[number].name) for place, number in places if number in by]
    last = tournament.stages[-1]
    if services.is_three(tournament):
        lines = services.three_standings(tournament, last)
        return [(row.rank, by[row.entrant].name) for row in lines[:3] if row.entrant in by]
    table = services.standings(tournament, stage=last)
    return [(row.rank, by[row.entrant].name) for row in table[:3] if row.entrant in by]


def shown_league(tournament: Tournament) -> League | None:
    """The league ``tournament`` belongs to, if the reader may see that league (it is
    public, or they are a member): a private league's name is never shown to others."""
    league = services.league_of(tournament)
    if league is None or league.importing:
        return None
    if league.is_public or member_role(league, current_user) is not None:
        return league
    return None


def status_text(tournament: Tournament) -> str:
    """Where the tournament is, in words."""
    return {
        Status.SETUP.value: _("Entries open"),
        Status.DRAWN.value: _("Drawn, not started"),
        Status.RUNNING.value: _("Playing"),
        Status.FINISHED.value: _("Finished"),
    }[tournament.status]


def length_text(games_: int) -> str:
    """One partita, or the best of N."""
    if games_ == 1:
        return _("one partita")
    return _("best of %(number)d", number=games_)


def members_named(tournament: Tournament) -> list[tuple[Member, str]]:
    """The members (`services.members`' order) with their usernames."""
    rows = services.members(tournament)
    usernames: dict[int, str] = {
        user_id: username
        for user_id, username in db.session.execute(
            select(User.id, User.username).where(User.id.in_([row.user_id for row in rows]))
        )
    }
    return [(row, usernames.get(row.user_id, "")) for row in rows]


def confirmation_text(row: MatchRow) -> str:
    """Where a finished match's result stands, in words, for a tournament that asks for
    confirmation ("" where nothing is to say). A result that counts with no side's
    confirmation and no side that entered it was entered by the organiser (a helper's
    awaits every side)."""
    result = row.result
    if result is None:
        return ""
    named = row.named_sides
    if result.state == ResultState.DISPUTED.value and result.disputed_side is not None:
        return _(
            "Disputed by %(side)s: locked until the organiser decides.",
            side=str(named[result.disputed_side]),
        )
    if row.awaiting:
        waiting = [str(named[side]) for side in row.awaiting]
        if len(waiting) == 1:
            return _("Awaiting confirmation by %(side)s.", side=waiting[0])
        return _(
            "Awaiting confirmation by %(first)s and by %(second)s.",
            first=waiting[0],
            second=waiting[1],
        )
    if row.confirmed_by:
        return _(
            "Confirmed by %(sides)s.",
            sides=" · ".join(str(named[side]) for side in row.confirmed_by),
        )
    if result.reason:
        return _("Decided by the organiser: %(reason)s", reason=result.reason)
    if result.by_hand and result.entered_side is None:
        return _("Entered by the organiser: confirmed at once.")
    return ""


def tournament_history(tournament: Tournament) -> list[words.Line]:
    """The tournament's history in words, newest first: its own events (a correction
    that kept or replayed later matches, a pair withdrawn, its withdrawal undone) and
    every match's (a result entered, corrected, confirmed, disputed, resolved), each
    match's named by its group, round and table ("Turno 2 · Tavolo 3: ...")."""
    entrants = {entrant.id: Side(entrant.names) for entrant in services.entrants(tournament)}
    played = [
        match
        for _stage, round_ in services.rounds(tournament)
        for match in services.matches(round_)
        if not match.is_bye
    ]
    events = audit.events_for(match_ids=[match.id for match in played], tournament_id=tournament.id)
    names = words.Names(
        matches={
            match.id: [entrants[side] for side in match.side_ids if side in entrants]
            for match in played
        },
        match_labels={match.id: " · ".join(match_parts(match)[1:]) for match in played},
        entrants=entrants,
    )
    return list(reversed(words.describe(events, names)))
