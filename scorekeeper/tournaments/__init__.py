"""Tournaments: a club night or a village torneo (issue #13). The pure rules are in :mod:`.core`."""
