"""The refusals of the tournament services, named by a key that the forms put into words."""

from __future__ import annotations


class TournamentRefused(ValueError):
    """A refused tournament action; `field` names the form field it belongs to ("" for none)."""

    def __init__(self, message_key: str, field: str = "") -> None:
        super().__init__(message_key)
        self.key = message_key
        self.field = field
