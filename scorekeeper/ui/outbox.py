"""The words of the phone's outbox and of its own preview, as the pages' scripts read them.

What static/js/outbox.js (its drafts too), outbox-kept.js, outbox-send.js and games.js
(the scope tally, Undo) say, in each language, and the words of the preview the phone
computes without signal, are the same on every page in one language: a script of their own
(`texts_script`, served at ``/texts/<lang>.js`` with its digest, kept by the browser and
the service worker like a static file), so a board's first load carries them once per
phone, not on every page. A page with a hand form adds only what is its own: the sides'
names (`preview_texts`). Each language's script is made once per process.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

from babel import Locale
from flask_babel import force_locale
from markupsafe import Markup

from scorekeeper.grammar import current_language, gettext, ngettext
from scorekeeper.ui.labels import any_of, category_labels
from scorekeeper.ui.static import DIGEST_CHARS

#: The global the texts' script sets: the words of each part, under the id of the JSON
#: script tag the pages used to carry them in (static/js/outbox.js, ``readJson``).
TEXTS_GLOBAL = "ScorekeeperTexts"
#: Each language's texts' script and its digest, made on first use.
_texts_scripts: dict[str, tuple[str, str]] = {}


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


def _scope_tally_words() -> dict[str, object]:
    # The scope tally's buttons (templates/games/_scope_tally.html, static/js/games.js).
    return {
        "plus": gettext("+1 scopa"),
        "minus": gettext("−1"),  # noqa: RUF001  (the minus sign, as shown)
        "plusLabel": gettext("+1 scopa: %(side)s", side="%(side)s"),
        "minusLabel": gettext("−1 scopa: %(side)s", side="%(side)s"),  # noqa: RUF001
    }


def _outlook_words() -> dict[str, object]:
    # Quanto manca at the totals the phone computed (static/js/outbox-kept.js): how the
    # language lists categories ("a, b e c"; "a, b o c": Unicode CLDR's patterns, through
    # Babel, as games/outlook.py lists them), "any two of ...", and the board's note.
    patterns = Locale.parse(current_language()).list_patterns
    return {
        "and": dict(patterns["standard"]),
        "or": dict(patterns["or"]),
        "anyOf": {str(size): any_of(size) for size in (2, 3, 4)},
        "note": gettext("Not counting this hand's scope."),
    }


def _undo_words() -> dict[str, object]:
    # The board's Undo asks in place (static/js/games.js; templates/games/_live.html).
    return {
        "question": gettext("Remove hand %(number)s?", number="%(number)s"),
        "yes": gettext("Yes, remove it"),
        "keep": gettext("Keep it"),
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


def texts_script(language: str) -> tuple[str, str]:
    """The script that gives the pages' scripts their words in ``language`` (a global,
    `TEXTS_GLOBAL`), and its digest (what its URL carries: a new wording is a new URL)."""
    made = _texts_scripts.get(language)
    if made is None:
        with force_locale(language):
            words = {
                "offline-texts": _outbox_words(),
                "preview-texts": _make_preview_words(),
                "scope-tally-texts": _scope_tally_words(),
                "undo-texts": _undo_words(),
                "outlook-texts": _outlook_words(),
            }
        body = f"window.{TEXTS_GLOBAL}={script_json(words)};\n"
        digest = hashlib.sha256(body.encode()).hexdigest()[:DIGEST_CHARS]
        made = _texts_scripts[language] = (body, digest)
    return made


def preview_texts(names: Sequence[str]) -> Markup:
    """The page's own part of the words of the phone's preview of a hand's points: the
    sides' ``names`` (the rest is in the texts' script), as JSON for a script tag."""
    return script_json({"names": list(names)})
