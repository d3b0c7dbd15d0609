"""Rules of every rule set for property tests: a rule set (RULES.md section 8), one of
its seatings, every variant on or off and, with asso pigliatutto, its house choices."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from scorekeeper.scoring import FORMATS, Rules
from scorekeeper.scoring.rulesets import RULE_SETS, AssoOnAsso, AssoSweep


@st.composite
def any_rules(draw: st.DrawFn, napoleone: bool = True) -> Rules:
    """Any rule set at any of its seatings, the variants on or off."""
    chosen = draw(st.sampled_from(list(RULE_SETS.values())))
    house = {}
    if chosen.pigliatutto:
        house = {
            "asso_sweep": draw(st.sampled_from(list(AssoSweep))),
            "asso_on_asso": draw(st.sampled_from(list(AssoOnAsso))),
        }
    return Rules(
        rule_set=chosen,
        format=FORMATS[draw(st.sampled_from(chosen.formats))],
        napola=draw(st.booleans()),
        napoleone=napoleone and draw(st.booleans()),
        re_bello=draw(st.booleans()),
        **house,
    )


def random_rule_set_rules(rng: random.Random, fmt: str, **settings: object) -> Rules:
    """:func:`any_rules` for a seeded ``random.Random`` (the conformance cases): a rule
    set played at the format ``fmt``, its house choices; ``settings`` as given."""
    chosen = rng.choice([r for r in RULE_SETS.values() if fmt in r.formats])
    house = {}
    if chosen.pigliatutto:
        house = {
            "asso_sweep": rng.choice(list(AssoSweep)),
            "asso_on_asso": rng.choice(list(AssoOnAsso)),
        }
    return Rules(rule_set=chosen, format=FORMATS[fmt], **house, **settings)  # type: ignore[arg-type]
