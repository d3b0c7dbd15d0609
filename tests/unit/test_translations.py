"""The Italian catalog is complete: every English string has its Italian text."""

import itertools
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorekeeper.scoring import MESSAGES

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "scorekeeper/translations/it/LC_MESSAGES/messages.po"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@pytest.fixture(scope="module")
def catalog():
    with CATALOG.open("rb") as po:
        return read_po(po, locale="it")


def test_every_message_is_translated_and_keeps_its_placeholders(catalog):
    missing, fuzzy, broken = [], [], []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            missing.append(ids[0])
        elif message.fuzzy:
            fuzzy.append(ids[0])
        elif set(PLACEHOLDER.findall(ids[0])) != set(PLACEHOLDER.findall(strings[0])):
            broken.append(ids[0])
    assert (missing, fuzzy, broken) == ([], [], [])


def test_every_scoring_error_is_in_the_catalog(catalog):
    assert [t for t in MESSAGES.values() if t not in catalog] == []


def test_the_catalog_holds_each_message_once():
    # messages.po merges as a union (.gitattributes): a merge can leave an entry twice
    # or cut one short, which pybabel compile does not refuse.
    assert _repeated_and_cut_short(CATALOG.read_text(encoding="utf-8")) == ([], [])


def test_the_once_check_finds_a_long_message_twice_and_one_cut_short():
    """The guard above can fail: a long message (written over several lines) kept twice
    by a merge, and an entry whose msgstr a merge lost, are both found; two long
    messages that differ only after their first line are not taken for one."""
    text = "\n".join(
        (
            'msgid ""',
            '"A long message that a merge "',
            '"kept twice"',
            'msgstr "Un messaggio lungo"',
            "",
            'msgid ""',
            '"A long message that a merge "',
            '"kept once"',
            'msgstr "Un altro"',
            "",
            'msgid ""',
            '"A long message that a merge "',
            '"kept twice"',
            'msgstr "Un messaggio lungo"',
            "",
            'msgid "Cut short"',
            "",
            'msgid "Whole"',
            'msgstr "Intero"',
        )
    )
    repeated, cut_short = _repeated_and_cut_short(text)
    assert repeated == ['"""A long message that a merge ""kept twice"']
    assert cut_short == ['msgid "Cut short"']


def _repeated_and_cut_short(text: str) -> tuple[list[str], list[str]]:
    """The msgids a catalog's text holds more than once, and its msgid lines followed by
    neither a msgstr, a plural nor a continuation."""
    lines = text.splitlines()
    ids = [
        _whole_msgid(lines, index) for index, line in enumerate(lines) if line.startswith("msgid ")
    ]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    cut_short = [
        line
        for line, after in itertools.pairwise([*lines, ""])
        if line.startswith("msgid ") and not after.startswith(("msgstr ", "msgid_plural ", '"'))
    ]
    return repeated, cut_short


def _whole_msgid(lines: list[str], index: int) -> str:
    """The msgid starting at ``lines[index]`` with its continuation lines (a long one is
    written ``msgid ""`` and then its parts, one per line)."""
    parts = [lines[index].removeprefix("msgid ")]
    for line in lines[index + 1 :]:
        if not line.startswith('"'):
            break
        parts.append(line)
    return "".join(parts)
