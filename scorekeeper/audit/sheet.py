"""A printed result sheet that proves itself: its QR's address carries a signature over
its content, and the address's page checks it against the data as it is now.

The content is a sheet's *parts* (a hand, a game, a match's result: each a JSON value
in a canonical form, keyed by a name the page can say, such as ``"1.3"`` for partita 1,
hand 3). `sign` keeps a short SHA-256 digest of each part and signs them, with the
sheet's name and the time it was printed, by HMAC with the app's ``SECRET_KEY``
(itsdangerous); `check` reads a signature back (a forged or altered one is refused:
`SheetRefused`) and compares each part with the digests of the parts as they are now,
so the page says which parts changed, which are new, which are gone.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask import current_app
from itsdangerous import BadSignature, URLSafeSerializer

_SALT = "audit-result-sheet"
#: Bytes of each part's digest a signature keeps (48 bits: changing a part unnoticed
#: would take about 2**47 tries, each a sheet printed by the server).
_DIGEST_BYTES = 6


class SheetRefused(ValueError):
    """A sheet signature that this app did not make for this sheet (forged, altered,
    cut short, or another sheet's)."""

    def __init__(self, token: str) -> None:
        super().__init__(f"{token[:40]!r} is not a signature of this sheet")


def canonical(value: Any) -> bytes:
    """``value`` as canonical JSON: sorted keys, no spaces, UTF-8 (the bytes digested)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def digest(value: Any) -> str:
    """A part's short digest: the first bytes of the SHA-256 of its canonical JSON."""
    raw = hashlib.sha256(canonical(value)).digest()[:_DIGEST_BYTES]
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=_SALT)


def sign(sheet: str, parts: Mapping[str, Any], printed_at: datetime) -> str:
    """The signature of sheet ``sheet`` (its kind and id, e.g. ``"match:12"``) with these
    ``parts``, printed at ``printed_at``: URL-safe, for the QR's address."""
    payload = {
        "s": sheet,
        "t": int(printed_at.timestamp()),
        "p": {key: digest(value) for key, value in parts.items()},
    }
    return str(_serializer().dumps(payload))


@dataclass(frozen=True)
class Verdict:
    """A signed sheet compared with the data as it is now."""

    printed_at: datetime
    changed: tuple[str, ...]
    added: tuple[str, ...]
    missing: tuple[str, ...]

    @property
    def authentic(self) -> bool:
        """Whether nothing on the sheet has changed since it was printed."""
        return not (self.changed or self.added or self.missing)


def check(token: str, sheet: str, parts: Mapping[str, Any]) -> Verdict:
    """Compare the signed sheet ``token`` with ``parts`` as they are now.

    Raises `SheetRefused` for a signature this app did not make for ``sheet``.
    """
    try:
        payload = _serializer().loads(token)
    except (BadSignature, ValueError, TypeError, UnicodeError) as error:
        raise SheetRefused(token) from error
    if not isinstance(payload, dict) or payload.get("s") != sheet:
        raise SheetRefused(token)
    signed, stamp = payload.get("p"), payload.get("t")
    if not isinstance(signed, dict) or not isinstance(stamp, int):
        raise SheetRefused(token)
    now = {key: digest(value) for key, value in parts.items()}
    return Verdict(
        printed_at=datetime.fromtimestamp(stamp, UTC),
        changed=tuple(k for k in signed if k in now and now[k] != signed[k]),
        added=tuple(k for k in now if k not in signed),
        missing=tuple(k for k in signed if k not in now),
    )
