# Flask-Login 0.6: only what the app uses. See typings/README.md.
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from flask import Flask

_F = TypeVar("_F", bound=Callable[..., Any])
_Loader = TypeVar("_Loader", bound=Callable[[str], Any])

class UserMixin:
    @property
    def is_active(self) -> bool: ...
    @property
    def is_authenticated(self) -> bool: ...
    @property
    def is_anonymous(self) -> bool: ...
    def get_id(self) -> str: ...

class LoginManager:
    login_view: str | None
    login_message: str
    login_message_category: str
    session_protection: str | None
    anonymous_user: Callable[[], Any]
    def __init__(self, app: Flask | None = None, add_context_processor: bool = True) -> None: ...
    def init_app(self, app: Flask, add_context_processor: bool = True) -> None: ...
    def user_loader(self, callback: _Loader) -> _Loader: ...
    def unauthorized(self) -> Any: ...

# The logged-in user (the app's User) or the anonymous one: a proxy, as Any.
current_user: Any

def login_required(func: _F) -> _F: ...
def login_user(
    user: Any,
    remember: bool = False,
    duration: timedelta | None = None,
    force: bool = False,
    fresh: bool = True,
) -> bool: ...
def logout_user() -> bool: ...
