"""Settings and presets."""

import pytest

from scorekeeper.scoring import FORMATS, PRESETS, InvalidGame, Rules


def test_defaults_follow_rules_md():
    rules = Rules()
    assert (rules.sides, rules.target, rules.napola, rules.re_bello, rules.napoleone) == (
        2,
        11,
        False,
        False,
        False,
    )


@pytest.mark.parametrize(
    ("key", "sides", "players", "napola", "re_bello"),
    [
        ("scopa-2", 2, 2, False, False),
        ("scopa-3-napola", 3, 3, True, False),
        ("scopa-2x2-re-bello", 2, 4, False, True),
        ("scopa-2x2-napola-re-bello", 2, 4, True, True),
    ],
)
def test_presets(key, sides, players, napola, re_bello):
    rules = PRESETS[key].rules
    assert (rules.sides, rules.format.players, rules.napola, rules.re_bello) == (
        sides,
        players,
        napola,
        re_bello,
    )
    assert PRESETS[key].name.startswith("Scopa a")


def test_every_format_plays_36_cards():
    for fmt in FORMATS.values():
        assert fmt.cards_played_per_side * fmt.sides == 36


def test_a_hand_holds_at_most_18_scope_in_every_format():
    # 36 plays, one card each; no two plays in a row are both scope, nor the last play:
    # at most plays 1, 3, 5, ..., 35.
    for fmt in FORMATS.values():
        assert (fmt.plays, fmt.scope_per_hand) == (36, 18)
        assert len(range(1, fmt.plays, 2)) == fmt.scope_per_hand


@pytest.mark.parametrize("target", [0, 1000, "11", 10.5])
def test_target_must_be_a_sensible_whole_number(target):
    with pytest.raises(InvalidGame):
        Rules(target=target)
