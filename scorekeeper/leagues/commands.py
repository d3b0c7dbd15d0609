"""`flask --app scorekeeper leagues rebuild <public id> | --all`: a league's results,
standings and ratings rebuilt from its hands, one transaction per league, with what
that changed."""

from __future__ import annotations

from functools import partial

import click
from flask.cli import AppGroup
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.leagues.models import League
from scorekeeper.leagues.standings.repair import Repaired, rebuild_league
from scorekeeper.transactions import in_transaction

leagues_cli = AppGroup("leagues", help="Look after the leagues.")


@leagues_cli.command("rebuild")
@click.argument("public_ids", nargs=-1)
@click.option("--all", "every", is_flag=True, help="Every league.")
def rebuild_command(public_ids: tuple[str, ...], every: bool) -> None:
    """Rebuild the results, standings and ratings of the leagues named (by the id in
    their address) from their hands, and say what changed."""
    if every == bool(public_ids):
        raise click.UsageError("name the leagues to rebuild, or give --all")
    query = select(League.id, League.public_id, League.name).order_by(League.id)
    if not every:
        query = query.where(League.public_id.in_(public_ids))
    leagues = db.session.execute(query).all()
    unknown = sorted(set(public_ids) - {league.public_id for league in leagues})
    if unknown:
        raise click.BadParameter(f"no league {', '.join(unknown)}", param_hint="PUBLIC_IDS")
    for league in leagues:
        repaired = in_transaction(partial(rebuild_league, league.id))
        click.echo(f"{league.public_id} {league.name!r}: {describe(repaired)}")


def describe(repaired: Repaired) -> str:
    """One line on what a rebuild changed."""
    if not repaired.changed:
        return f"{repaired.games} games, nothing changed"
    parts = [
        (repaired.winners, "winners corrected"),
        (repaired.results_added, "results added"),
        (repaired.results_removed, "results removed"),
        (repaired.results_changed, "results corrected"),
        (repaired.rows_changed, "standing rows corrected"),
        (repaired.ratings_changed, "players' ratings corrected"),
    ]
    changes = ", ".join(f"{count} {what}" for count, what in parts if count)
    return f"{repaired.games} games, {changes}"
