"""The check every typed text and URL token passes: no control character, no surrogate."""

from __future__ import annotations

import sys
import unicodedata

from scorekeeper.ui.text import TEXT_WHITESPACE, has_control_characters


def test_it_refuses_exactly_the_control_characters_and_surrogates() -> None:
    refused = {
        code for code in range(sys.maxunicode + 1) if has_control_characters(f"Anna{chr(code)}")
    }
    by_category = {
        code
        for code in range(sys.maxunicode + 1)
        if unicodedata.category(chr(code)) in ("Cc", "Cs")
    }
    assert refused == by_category
    assert len(refused) == 65 + 2048  # Cc: U+0000-001F, U+007F-009F; Cs: U+D800-DFFF


def test_the_allowed_ones_pass_and_only_they() -> None:
    assert not has_control_characters("a line\r\nand\tmore", TEXT_WHITESPACE)
    assert has_control_characters("a line\r\nand\tmore")
    assert has_control_characters("a line\nand a NUL\x00", TEXT_WHITESPACE)
    assert not has_control_characters("Niccolò · «Nicco»")
