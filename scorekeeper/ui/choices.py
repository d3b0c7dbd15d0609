"""WTForms 3.3's `SelectChoice`, typed for the app's forms.

The WTForms stubs (types-WTForms 3.2) do not declare `SelectChoice` yet and type a
field's choices as ``(value, label)`` tuples. WTForms takes a `SelectChoice` wherever it
takes such a tuple (``SelectChoice.from_input``), so for the type checker this module
declares it as one, with WTForms 3.3's constructor; at run time it is WTForms' own class.
When the stubs have it, import it from ``wtforms`` again and delete this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

__all__ = ["SelectChoice"]

if TYPE_CHECKING:

    class SelectChoice(tuple[str, str]):
        """An option of a select field: the value sent and the label shown."""

        value: str
        label: str

        def __new__(
            cls,
            value: str,
            label: str | None = None,
            render_kw: dict[str, Any] | None = None,
            optgroup: str | None = None,
        ) -> Self: ...

else:
    from wtforms import SelectChoice
