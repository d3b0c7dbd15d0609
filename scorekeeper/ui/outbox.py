"""The words of the phone's outbox and of its own preview, as the pages carry them.

A page with a hand form carries, as JSON, what static/js/outbox.js (its drafts too) and
outbox-kept.js say in the page's language (`outbox_texts`), and the words of the
preview the phone computes without signal (`preview_texts`). They are the same on every
page in one language, so each language's are made once per process: some forty
translations looked up and escaped on every board were a tenth of its time.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from flask_babel import get_locale
from markupsafe import Markup

from scorekeeper.grammar import gettext, ngettext
from scorekeeper.ui.labels import category_labels

#: Each language's outbox words as JSON, and its preview words, made on first use.
_outbox_json: dict[str, Markup] = {}
_preview_words: dict[str, dict[str, object]] = {}


def _outbox_words() -> dict[str, object]:
    return {
        # After the outbox has sent hands: the forms 1 and 2 take, for the script to
        # choose (as the preview's "cardsLeft").
        "handsSent": {
            form: ngettext("%(count)s hand sent.", "%(count)s hands sent.", num, count="%(count)s")
            for form, num in (("one", 1), ("other", 2))
        },
        # Confirmations kept without signal, then sent (static/js/outbox.js): the forms
        # 1 and 2 take, with the hands' numbers ("3" or "3, 4").
        "confirmationsSent": {
            form: ngettext(
                "Confirmation of hand %(numbers)s sent.",
                "Confirmations of hands %(numbers)s sent.",
                num,
                numbers="%(numbers)s",
            )
            for form, num in (("one", 1), ("other", 2))
        },
        "confirmKept": gettext(
            "No connection: the confirmation of hand %(number)s is kept on this phone and"
            " will be sent as soon as the connection is back.",
            number="%(number)s",
        ),
        "resultKept": gettext(
            "No connection: the confirmation of the result is kept on this phone and will be"
            " sent as soon as the connection is back."
        ),
        "recordAnyway": gettext("Record another hand anyway"),
        "saving": gettext("Saving…"),
        "notSent": gettext("not sent yet"),
        "sent": gettext("sent"),
        "notConfirmed": gettext(
            "Hands not sent yet: %(count)s. These totals are not confirmed.", count="%(count)s"
        ),
        "notScored": gettext(
            "Hands not sent yet: %(count)s. Their points count once they are sent.",
            count="%(count)s",
        ),
        "sentNotShown": gettext("Sent: the board is catching up."),
        "spareggioProvisional": gettext(
            "Level at the top: a spareggio hand is needed (not confirmed)."
        ),
        "kept": gettext(
            "No connection: hand %(number)s is kept on this phone and will be sent as soon"
            " as the connection is back.",
            number="%(number)s",
        ),
        "keptHere": gettext(
            "Hands kept on this phone, not sent yet: %(count)s.", count="%(count)s"
        ),
        "refused": gettext(
            "Hand %(number)s was not saved: %(reason)s", number="%(number)s", reason="%(reason)s"
        ),
        "correct": gettext("Correct it"),
        "reenter": gettext("Enter it as the next hand"),
        "discard": gettext("Discard it"),
        "gone": gettext(
            "this game's edit link no longer works on this phone (it was replaced, or you"
            " need to log in again)."
        ),
        "unreadable": gettext("the server could not read it."),
        "numbers": gettext("Its numbers, to enter it again with a link that works:"),
        "copy": gettext("Copy its numbers"),
        "copied": gettext("Copied"),
        "mismatch": gettext(
            "The server counted differently: after hand %(number)s the totals are"
            " %(totals)s. The board shows the server's totals.",
            number="%(number)s",
            totals="%(totals)s",
        ),
        "ok": gettext("OK"),
        "invalidHere": gettext("This hand is not valid yet: check the counts before saving."),
        "draftRestored": gettext(
            "Hand %(number)s is back as it was typed on this phone.", number="%(number)s"
        ),
        "discardDraft": gettext("Discard draft"),
        "handTitle": gettext("Hand %(number)s", number="%(number)s"),
        "recordHand": gettext("Record hand %(number)s", number="%(number)s"),
        "recordHandCards": gettext("Record hand %(number)s card by card", number="%(number)s"),
        "saveHand": gettext("Save hand %(number)s", number="%(number)s"),
        "nextDeal": gettext("Next deal · mazziere: %(dealer)s", dealer="%(dealer)s"),
        "nextHand": gettext(
            "Hand %(number)s · mazziere (deals): %(dealer)s · di mano (plays first): %(first)s",
            number="%(number)s",
            dealer="%(dealer)s",
            first="%(first)s",
        ),
    }


def _make_preview_words() -> dict[str, object]:
    return {
        "categories": category_labels(),
        "caption": gettext("Points of this hand"),
        "category": gettext("Category"),
        "total": gettext("Total"),
        "notValid": gettext("Not valid yet:"),
        # The forms 1 and 2 take, for the script to choose: in Italian and English a
        # count of cards (0 to 40) takes the first form for 1 and the second for the rest.
        "cardsLeft": {
            form: ngettext(
                "%(count)s card still to give.",
                "%(count)s cards still to give.",
                num,
                count="%(count)s",
            )
            for form, num in (("one", 1), ("other", 2))
        },
        # The napola the counts force, offered as the board's form does (its words).
        "napolaOffer": gettext(
            "Napola of %(run)s for %(name)s: mark it?", run="%(run)s", name="%(name)s"
        ),
        "markIt": gettext("Yes, mark it"),
        "here": gettext(
            "Computed on this phone, without signal: the server's points replace these once"
            " it answers."
        ),
    }


def script_json(value: object) -> Markup:
    """``value`` as JSON for a ``<script type="application/json">`` (never an attribute):
    compact, its letters as they are ("è", "…": not six-byte escapes), and nothing that
    could end the script or open a comment there (``<``, ``>`` and ``&`` escaped). A board
    with a hand form carries these texts on every first load."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        text = text.replace(char, escaped)
    return Markup(text)  # noqa: S704  (JSON with its markup characters escaped)


def outbox_texts() -> Markup:
    """What the outbox's scripts say, in the page's language, as JSON for a script tag."""
    language = str(get_locale())
    text = _outbox_json.get(language)
    if text is None:
        text = _outbox_json[language] = script_json(_outbox_words())
    return text


def preview_texts(names: Sequence[str]) -> Markup:
    """The words of the phone's own preview of a hand's points, with the sides' ``names``,
    as JSON for a script tag."""
    language = str(get_locale())
    words = _preview_words.get(language)
    if words is None:
        words = _preview_words[language] = _make_preview_words()
    return script_json({"names": list(names), **words})
