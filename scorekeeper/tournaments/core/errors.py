"""Errors raised by the tournament core: :class:`ValueError` subclasses that quote the bad input."""

from __future__ import annotations


class TournamentError(ValueError):
    """A tournament's input that its rules refuse (a bad entry, result or setting)."""
