"""The stateless scoring API: ``POST /api/v1/score`` and ``POST /api/v1/primiera`` (API.md)."""
