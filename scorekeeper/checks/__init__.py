"""Settle it at the table: primiera, hand and capture checkers and the rules page.

No game, no account and no database: every page is a GET form whose state lives
in the URL, so a check can be shared. The scoring package decides everything.
"""

from scorekeeper.checks.views import bp

__all__ = ["bp"]
