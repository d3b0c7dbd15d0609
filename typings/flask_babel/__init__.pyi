# Flask-Babel 4.0: only what the app uses. See typings/README.md.
from contextlib import AbstractContextManager
from datetime import datetime, timedelta
from typing import Any

from babel import Locale
from babel.support import NullTranslations
from flask import Flask

from .speaklater import LazyString

class Babel:
    def __init__(self, app: Flask | None = None, **kwargs: Any) -> None: ...
    def init_app(
        self,
        app: Flask,
        default_locale: str = "en",
        default_domain: str = "messages",
        default_translation_directories: str = "translations",
        default_timezone: str = "UTC",
        locale_selector: Any = None,
        timezone_selector: Any = None,
    ) -> None: ...

def force_locale(locale: str) -> AbstractContextManager[None]: ...
def get_locale() -> Locale | None: ...
def get_translations() -> NullTranslations: ...
def gettext(string: str, **variables: Any) -> str: ...
def lazy_gettext(string: str, **variables: Any) -> LazyString: ...
def format_timedelta(
    datetime_or_timedelta: datetime | timedelta,
    granularity: str = "second",
    add_direction: bool = False,
    threshold: float = 0.85,
) -> str: ...
def format_time(time: datetime | None = None, format: str | None = None) -> str: ...
def format_datetime(datetime: datetime | None = None, format: str | None = None) -> str: ...
def format_date(date: object = None, format: str | None = None) -> str: ...
