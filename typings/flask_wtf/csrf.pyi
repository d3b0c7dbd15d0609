# Flask-WTF 1.2's CSRF protection: only what the app uses. See typings/README.md.
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Blueprint, Flask

_V = TypeVar("_V", bound=Callable[..., Any] | Blueprint | str)

class CSRFProtect:
    def __init__(self, app: Flask | None = None) -> None: ...
    def init_app(self, app: Flask) -> None: ...
    def exempt(self, view: _V) -> _V: ...

def generate_csrf(secret_key: str | None = None, token_key: str | None = None) -> str: ...
