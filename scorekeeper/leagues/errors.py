"""The refusals of the league services, named by a key that the forms put into words."""

from __future__ import annotations


class LeagueError(ValueError):
    """A refused league action; `field` names the form field it belongs to ("" for none)."""

    def __init__(self, message_key: str, field: str = "") -> None:
        super().__init__(message_key)
        self.key = message_key
        self.field = field
