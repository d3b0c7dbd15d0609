"""Maximum matchings in a general graph, kept maximum as vertices leave (the Swiss check)."""

import itertools

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.tournaments.core.matching import Matcher


def graph(n: int, edges: list[tuple[int, int]]) -> list[list[int]]:
    adjacency: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        adjacency[a].append(b)
        adjacency[b].append(a)
    return adjacency


def test_a_blossom_is_seen_through() -> None:
    # A five-cycle 0-1-2-3-4 with 5 hanging off 4 and 6 off 2: three pairs, not two.
    matcher = Matcher(graph(7, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (4, 5), (2, 6)]))
    assert matcher.size == 3
    matched = [(v, m) for v, m in enumerate(matcher.mate) if m > v]
    assert len(matched) == 3
    assert all(m in matcher.adjacency[v] for v, m in matched)


def test_removing_a_vertex_keeps_the_matching_maximum() -> None:
    path = Matcher(graph(4, [(0, 1), (1, 2), (2, 3)]))
    assert path.size == 2
    trial = path.copy()
    trial.remove(1)
    assert (trial.size, path.size) == (1, 2)
    trial.remove(3)
    assert trial.size == 0


def largest(n: int, edges: set[tuple[int, int]], gone: set[int]) -> int:
    """Brute force: the most disjoint edges among the vertices not gone."""
    usable = [e for e in edges if not set(e) & gone]
    for size in range(n // 2, 0, -1):
        for choice in itertools.combinations(usable, size):
            if len({v for e in choice for v in e}) == 2 * size:
                return size
    return 0


@given(
    st.integers(1, 9).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.sets(
                st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(
                    lambda e: e[0] < e[1]
                )
            ),
            st.lists(st.integers(0, n - 1), unique=True),
        )
    )
)
def test_the_size_is_the_brute_forces_after_every_removal(
    case: tuple[int, set[tuple[int, int]], list[int]],
) -> None:
    n, edges, removals = case
    matcher = Matcher(graph(n, sorted(edges)))
    assert matcher.size == largest(n, edges, set())
    gone: set[int] = set()
    for vertex in removals:
        matcher.remove(vertex)
        gone.add(vertex)
        assert matcher.size == largest(n, edges, gone)
        mates = [(v, m) for v, m in enumerate(matcher.mate) if m != -1]
        assert all(matcher.mate[m] == v and m not in gone for v, m in mates)
