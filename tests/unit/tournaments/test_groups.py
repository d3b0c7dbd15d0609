"""The draw into groups: sizes, seeds one per group, clubs kept apart."""

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.tournaments.core import (
    ClubClash,
    Entrant,
    GroupDraw,
    TournamentError,
    draw_groups,
    draw_rng,
    group_sizes,
)


@pytest.mark.parametrize(
    ("entrants", "size", "sizes"),
    [
        (16, 4, (4, 4, 4, 4)),
        (10, 4, (4, 3, 3)),
        (17, 4, (4, 4, 3, 3, 3)),
        (4, 4, (4,)),
        (3, 4, (3,)),
        (12, 3, (3, 3, 3, 3)),
        (7, 2, (2, 2, 2, 1)),
    ],
)
def test_groups_as_even_as_can_be(entrants: int, size: int, sizes: tuple[int, ...]) -> None:
    assert group_sizes(entrants, size) == sizes


def make(clubs: str, seeds: int = 0) -> list[Entrant]:
    """One entrant per letter of ``clubs`` (``.`` for none), the first ``seeds`` seeded 1, 2, ..."""
    return [
        Entrant(n, (f"p{n}",), "" if club == "." else club, n if n <= seeds else None)
        for n, club in enumerate(clubs, start=1)
    ]


def test_seeds_head_one_group_each() -> None:
    draw = draw_groups(make("." * 16, seeds=8), (4, 4, 4, 4), draw_rng(5))
    assert sorted(group[0] for group in draw.groups) == [1, 2, 3, 4]
    assert sorted(group[1] for group in draw.groups) == [5, 6, 7, 8]
    assert sorted(itertools.chain(*draw.groups)) == list(range(1, 17))


def test_clubs_are_kept_apart() -> None:
    draw = draw_groups(make("AABB...."), (4, 4), draw_rng(2))
    assert draw.clashes == ()
    for group in draw.groups:
        assert sorted("AABB...."[n - 1] for n in group if n <= 4) == ["A", "B"]


def test_a_seed_of_a_club_goes_where_its_club_is_not() -> None:
    # Seeds 1 and 3 are both of Asso: 3 (second pot) joins the group 1 does not head.
    entrants = make("A.A.....", seeds=4)
    for seed in range(10):
        draw = draw_groups(entrants, (4, 4), draw_rng(seed))
        assert draw.clashes == ()
        assert not any({1, 3} <= set(group) for group in draw.groups)


def test_a_clash_that_cannot_be_helped_is_reported() -> None:
    # Three of club X in two groups: two of them share one.
    draw = draw_groups(make("XXX."), (2, 2), draw_rng(0))
    (clash,) = draw.clashes
    assert clash.club == "X"
    assert len(clash.entrants) == 2
    assert set(clash.entrants) <= set(draw.groups[clash.group])


def test_the_same_seed_draws_the_same_groups() -> None:
    entrants = make("AABBCC..........", seeds=4)
    assert draw_groups(entrants, (4,) * 4, draw_rng(9)) == draw_groups(
        entrants, (4,) * 4, draw_rng(9)
    )


@pytest.mark.parametrize("sizes", [(4, 3), (4, 5), (8, 0)])
def test_sizes_must_hold_every_entrant(sizes: tuple[int, ...]) -> None:
    with pytest.raises(TournamentError, match="groups of"):
        draw_groups(make("." * 8), sizes, draw_rng(0))


def test_group_sizes_refuse_nonsense() -> None:
    with pytest.raises(TournamentError):
        group_sizes(0)
    with pytest.raises(TournamentError):
        group_sizes(8, 1)


def extras(groups: list[list[str]]) -> int:
    """Entrants beyond the first of their club in a group: what a draw should keep to none."""
    return sum(
        count - 1
        for group in groups
        for club, count in Counter(c for c in group if c != ".").items()
        if count > 1
    )


def fewest_extras(clubs: str, sizes: tuple[int, ...]) -> int:
    """Brute force over every way to share ``clubs`` out into groups of ``sizes``."""
    best = len(clubs)
    for choice in itertools.product(range(len(sizes)), repeat=len(clubs)):
        if tuple(choice.count(g) for g in range(len(sizes))) == sizes:
            groups = [
                [c for c, g in zip(clubs, choice, strict=True) if g == k] for k in range(len(sizes))
            ]
            best = min(best, extras(groups))
    return best


def reported(draw: GroupDraw) -> int:
    return sum(len(clash.entrants) - 1 for clash in draw.clashes)


@given(st.text("AAB.", min_size=2, max_size=7), st.sampled_from([2, 3]), st.integers(0, 99))
def test_unseeded_clubs_share_a_group_no_more_than_they_must(
    clubs: str, size: int, seed: int
) -> None:
    sizes = group_sizes(len(clubs), size)
    draw = draw_groups(make(clubs), sizes, draw_rng(seed))
    groups = [[clubs[n - 1] for n in group] for group in draw.groups]
    assert tuple(len(group) for group in groups) == sizes
    assert extras(groups) == reported(draw) == fewest_extras(clubs, sizes)


@given(
    st.text("ABC...", min_size=4, max_size=24),
    st.integers(0, 24),
    st.sampled_from([3, 4, 5]),
    st.integers(0, 2**32),
)
def test_every_entrant_is_drawn_once_and_each_pot_spreads_out(
    clubs: str, seeds: int, size: int, seed: int
) -> None:
    entrants = make(clubs, seeds)
    sizes = group_sizes(len(entrants), size)
    draw = draw_groups(entrants, sizes, draw_rng(seed))
    assert tuple(len(g) for g in draw.groups) == sizes
    assert sorted(itertools.chain(*draw.groups)) == [e.id for e in entrants]
    groups_of_seed = {n: g for g, group in enumerate(draw.groups) for n in group}
    seeded = min(seeds, len(entrants))
    for start in range(1, seeded + 1, len(sizes)):
        pot = range(start, min(start + len(sizes), seeded + 1))
        assert len({groups_of_seed[n] for n in pot}) == len(pot)
    # The clashes reported are exactly the clubs sharing a group.
    actual = [
        ClubClash(g, club, tuple(n for n in group if clubs[n - 1] == club))
        for g, group in enumerate(draw.groups)
        for club in sorted({clubs[n - 1] for n in group} - {"."})
        if sum(clubs[n - 1] == club for n in group) > 1
    ]
    assert list(draw.clashes) == actual
