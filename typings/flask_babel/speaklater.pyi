# Flask-Babel 4.0's lazy string. See typings/README.md.
#
# At run time a LazyString is not a str: it translates itself each time it is turned
# into one. It is declared a str subclass here because that is how WTForms (labels,
# validator messages), Jinja and Flask use it, and WTForms' stubs accept only str.
from collections.abc import Callable
from typing import Any

class LazyString(str):
    def __init__(self, func: Callable[..., str], *args: Any, **kwargs: Any) -> None: ...
    def __html__(self) -> str: ...
