"""Entries, the pairing of singles at the draw, and the draw's seed."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.tournaments.core import Entrant, Entry, TournamentError, draw_entrants, draw_rng


def test_pairs_come_first_numbered_in_order_of_entry() -> None:
    entries = [
        Entry.pair("Anna", "Bruno", club="Circolo"),
        Entry.single("Carla"),
        Entry.pair("Dario", "Elena", seed=1),
        Entry.single("Franco"),
    ]
    draw = draw_entrants(entries, draw_rng(7))
    assert draw.entrants[:2] == (
        Entrant(1, ("Anna", "Bruno"), "Circolo"),
        Entrant(2, ("Dario", "Elena"), "", 1),
    )
    assert {frozenset(draw.entrants[2].names)} == {frozenset({"Carla", "Franco"})}
    assert draw.left_out is None


def test_an_odd_single_is_left_out_and_named() -> None:
    singles = [Entry.single(name) for name in ("Anna", "Bruno", "Carla")]
    draw = draw_entrants(singles, draw_rng(1))
    assert len(draw.entrants) == 1
    assert draw.left_out is not None
    assert set(draw.entrants[0].names) | set(draw.left_out.names) == {"Anna", "Bruno", "Carla"}


def test_singles_paired_keep_a_shared_club_and_the_better_seed() -> None:
    same = draw_entrants(
        [Entry.single("A", "Tre Sette", 4), Entry.single("B", "Tre Sette")], draw_rng(0)
    )
    apart = draw_entrants(
        [Entry.single("A", "Tre Sette", 4), Entry.single("B", "Asso", 2)], draw_rng(0)
    )
    assert (same.entrants[0].club, same.entrants[0].seed) == ("Tre Sette", 4)
    assert (apart.entrants[0].club, apart.entrants[0].seed) == ("", 2)


def test_one_against_one_keeps_every_single() -> None:
    singles = [Entry.single(name) for name in ("Anna", "Bruno", "Carla")]
    draw = draw_entrants(singles, draw_rng(1), pair_singles=False)
    assert [e.name for e in draw.entrants] == ["Anna", "Bruno", "Carla"]
    assert draw.left_out is None


def test_a_pair_shows_both_names() -> None:
    assert Entrant(3, ("Anna", "Bruno")).name == "Anna / Bruno"


@pytest.mark.parametrize(
    ("names", "seed"), [((), None), (("A", "B", "C"), None), (("A", " "), None), (("A",), 0)]
)
def test_a_bad_entry_is_refused(names: tuple[str, ...], seed: int | None) -> None:
    with pytest.raises(TournamentError, match="is not"):
        Entry(names, seed=seed)


names_st = st.lists(st.text("abcdefghij", min_size=1, max_size=4), min_size=0, max_size=12)


@given(names_st, st.lists(st.booleans(), max_size=12), st.integers(0, 2**32))
def test_the_draw_is_the_same_from_the_same_seed_and_loses_no_one(
    names: list[str], is_pair: list[bool], seed: int
) -> None:
    entries = [
        Entry.pair(name, name + "2") if pair else Entry.single(name)
        for name, pair in zip(names, is_pair + [False] * len(names), strict=False)
    ]
    first, again = draw_entrants(entries, draw_rng(seed)), draw_entrants(entries, draw_rng(seed))
    assert first == again
    drawn = [name for e in first.entrants for name in e.names]
    drawn += list(first.left_out.names) if first.left_out else []
    assert sorted(drawn) == sorted(name for entry in entries for name in entry.names)
    assert [e.id for e in first.entrants] == list(range(1, len(first.entrants) + 1))
    assert all(len(e.names) == 2 for e in first.entrants)
    assert (first.left_out is not None) == (sum(entry.is_single for entry in entries) % 2 == 1)
