"""Circuits (Grand Prix): a series of tournaments over a season, points by placing, one
ranking with its own page, export and screen.

- `models`: the circuit (its points table) and its tournaments, in order;
- `services`: creating and editing a circuit, its tournaments, each finished
  tournament's placings, the ranking (`scorekeeper.tournaments.core.circuit_ranking`);
- `access`: who may read and edit a circuit (as a tournament answers);
- `forms`, `views`: the pages (blueprint ``circuits``, under ``/circuits``).
"""
