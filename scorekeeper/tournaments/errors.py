"""The refusals of the tournament services, named by a key that the forms put into words."""

from __future__ import annotations


class TournamentRefused(ValueError):
    """A refused tournament action; `field` names the form field it belongs to ("" for none)."""

    def __init__(self, message_key: str, field: str = "") -> None:
        super().__init__(message_key)
        self.key = message_key
        self.field = field


class RoundStarted(TournamentRefused):
    """The next round was asked for from a page drawn before it started (another phone
    asked first): it is on already, round ``number`` (a knockout's first, ``knockout``)."""

    def __init__(self, round_id: int, number: int, *, knockout: bool) -> None:
        super().__init__("round_started")
        self.round_id, self.number, self.knockout = round_id, number, knockout


class ResultChanged(TournamentRefused):
    """A result typed over one its sender never saw: the match's result changed (was
    written, corrected or forgotten) since the form was drawn. Nothing was stored."""

    def __init__(self) -> None:
        super().__init__("result_changed", "wins")
