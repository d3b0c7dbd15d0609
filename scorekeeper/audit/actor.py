"""Who makes a change: the `Actor` a request speaks for.

- The account, if one is signed in (its id, and its name as it is now).
- Which link spoke (`LinkKind`): the one place every edit token is resolved
  (`scorekeeper.games.services.find_by_edit_token`) notes it with `note_token`; a
  layer that issues its own tokens tells which prefix is which kind with
  `register_link_prefix` (a tournament table's sheet, a league scorer's link); a page
  reached signed in, with no link, is ``page``. A side's own link is noted with
  `note_link` and the side.
- The phone's device id: a random id the phone keeps (static/js/page.js), sent with
  every write as the ``X-Scorekeeper-Device`` header (fetch) or the ``device_id`` form
  field (a plain form, filled by the script); without JavaScript there is none.
- Live or from the outbox: static/js/outbox.js sends ``X-Scorekeeper-Via: outbox`` with
  a hand kept without signal and sent later.
- The form's request id (a hand's idempotency key), when the form has one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app, g, has_request_context, request
from flask_login import current_user

from scorekeeper.audit.models import DEVICE_MAX, NAME_MAX, LinkKind, Origin

DEVICE_HEADER = "X-Scorekeeper-Device"
DEVICE_FIELD = "device_id"
VIA_HEADER = "X-Scorekeeper-Via"
_DEVICE = re.compile(rf"[A-Za-z0-9_-]{{8,{DEVICE_MAX}}}")
_PREFIXES = "scorekeeper.audit.link_prefixes"
_NOTED = "_audit_link"


@dataclass(frozen=True)
class Actor:
    """Who made a change (see the module's docstring); every part may be unknown."""

    account_id: int | None = None
    account_name: str | None = None
    link: LinkKind | None = None
    side: int | None = None
    device_id: str | None = None
    origin: Origin = Origin.LIVE
    request_id: str | None = None

    @classmethod
    def system(cls, account_id: int | None = None, account_name: str | None = None) -> Actor:
        """The app itself, on behalf of an account (an import run in the background)."""
        return cls(account_id=account_id, account_name=account_name, origin=Origin.SYSTEM)

    def to_json(self) -> dict[str, Any]:
        """The actor as JSON, to keep with a change applied later (a confirmation that
        waits for its hand): `from_json` reads it back."""
        return {
            "account_id": self.account_id,
            "account_name": self.account_name,
            "link": self.link.value if self.link is not None else None,
            "side": self.side,
            "device_id": self.device_id,
            "origin": self.origin.value,
            "request_id": self.request_id,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Actor:
        """`to_json`'s form back (what is missing or unknown left unknown)."""
        link = data.get("link")
        origin = data.get("origin")
        return cls(
            account_id=data.get("account_id"),
            account_name=data.get("account_name"),
            link=LinkKind(link) if link in set(LinkKind) else None,
            side=data.get("side"),
            device_id=data.get("device_id"),
            origin=Origin(origin) if origin in set(Origin) else Origin.LIVE,
            request_id=data.get("request_id"),
        )


def register_link_prefix(app: Flask, prefix: str, kind: LinkKind) -> None:
    """Edit tokens of ``app`` starting with ``prefix`` are links of ``kind``."""
    app.extensions.setdefault(_PREFIXES, {})[prefix] = kind


def note_token(token: str) -> None:
    """This request speaks through the edit token ``token`` (its kind by its prefix; a
    game's own edit link otherwise)."""
    prefixes: dict[str, LinkKind] = current_app.extensions.get(_PREFIXES, {})
    kind = next((k for prefix, k in prefixes.items() if token.startswith(prefix)), None)
    note_link(kind or LinkKind.EDIT)


def note_link(kind: LinkKind, side: int | None = None) -> None:
    """This request speaks through a link of ``kind`` (for ``side``, a side's link)."""
    if has_request_context():
        setattr(g, _NOTED, (kind, side))


def device_id() -> str | None:
    """The device id the request carries, if it is one the phone's script makes."""
    value = request.headers.get(DEVICE_HEADER) or request.form.get(DEVICE_FIELD) or ""
    return value if _DEVICE.fullmatch(value) else None


def actor_from_request() -> Actor:
    """Who this request speaks for (outside a request: the app itself)."""
    if not has_request_context():
        return Actor.system()
    account_id = account_name = None
    if current_user and current_user.is_authenticated:
        account_id = int(current_user.id)
        account_name = str(current_user.username)[:NAME_MAX]
    link, side = getattr(g, _NOTED, (None, None))
    if link is None and account_id is not None:
        link = LinkKind.PAGE
    via = request.headers.get(VIA_HEADER)
    request_id = request.form.get("request_id") or None
    return Actor(
        account_id=account_id,
        account_name=account_name,
        link=link,
        side=side,
        device_id=device_id(),
        origin=Origin.OUTBOX if via == "outbox" else Origin.LIVE,
        request_id=request_id[:64] if request_id else None,
    )
