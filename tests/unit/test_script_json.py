"""The JSON a page carries in a script tag: compact, its letters as they are, and unable
to end the script it is in."""

from __future__ import annotations

import json

from scorekeeper.ui.outbox import script_json


def test_script_json_is_compact_and_cannot_end_its_script() -> None:
    value = {"name": "</script><!-- Niccolò & l'altro…", "n": [1, 2]}
    text = str(script_json(value))
    assert json.loads(text) == value
    for char in "<>&":
        assert char not in text
    assert "Niccolò & l'altro…".replace("&", "\\u0026") in text  # no six-byte escapes
    assert text.startswith('{"name":"')
    assert text.endswith(',"n":[1,2]}')
