"""A tournament's house rules changed by its organiser (issue 28, section 3): the rule
set with its options and the variants. The format and the target stay (its entrants
and its stages are made for them). A change applies from the next partita seated: a game
already started keeps its rules; the tournament's history says who changed what, when."""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.audit import Subject
from scorekeeper.audit.rules import record_rules_change
from scorekeeper.scoring import Rules
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.services.locks import lock_tournament
from scorekeeper.transactions import in_transaction


def change_rules(tournament: Tournament, rules: Rules) -> bool:
    """Give ``tournament`` the rule set, its house choices and the variants of ``rules``
    (its own format and target kept), recorded in its history. Whether anything changed."""
    tournament_id = tournament.id

    def run() -> bool:
        locked = lock_tournament(tournament_id)
        before = locked.rules
        after = replace(rules, format=before.format, target=before.target)
        if not record_rules_change(Subject.tournament(tournament_id), before, after):
            return False
        locked.rules = after
        return True

    return in_transaction(run)
