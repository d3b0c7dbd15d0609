"""Maximum matchings in a general graph (Edmonds' blossom algorithm), kept as vertices leave.

The Swiss pairing asks one question many times: if these two entrants meet,
can the others still be paired with no more rematches than the least
possible? The answer is the size of a maximum matching in the graph of the
pairs still allowed (entrants who have not met). :class:`Matcher` holds a
maximum matching and keeps it maximum when a vertex is removed: the removed
vertex's partner is the only place an augmenting path can start from, so one
search (O(V * E) at worst, a few hundred steps for a club night) restores it.

The search is the textbook one: a breadth-first alternating tree from the
root, odd cycles (blossoms) contracted onto their base, the path flipped when
it reaches an exposed vertex.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

_NONE = -1


class Matcher:
    """A maximum matching of the vertices still in the graph (``0 .. n - 1`` at the start)."""

    __slots__ = ("adjacency", "alive", "mate", "size")

    def __init__(self, adjacency: Sequence[Sequence[int]]) -> None:
        self.adjacency = adjacency
        self.alive = [True] * len(adjacency)
        self.mate = [_NONE] * len(adjacency)
        self.size = 0
        # An exposed vertex with no augmenting path never gains one later: one pass is enough.
        for vertex in range(len(adjacency)):
            if self.mate[vertex] == _NONE and self._augment_from(vertex):
                self.size += 1

    def copy(self) -> Matcher:
        """An independent copy, to try a removal and keep it or throw it away."""
        other = Matcher.__new__(Matcher)
        other.adjacency = self.adjacency
        other.alive = self.alive.copy()
        other.mate = self.mate.copy()
        other.size = self.size
        return other

    def remove(self, vertex: int) -> None:
        """Take ``vertex`` out of the graph and make the matching maximum again."""
        self.alive[vertex] = False
        partner = self.mate[vertex]
        if partner != _NONE:
            self.mate[vertex] = self.mate[partner] = _NONE
            self.size -= 1
            if self._augment_from(partner):
                self.size += 1

    def _augment_from(self, root: int) -> bool:
        """Find an augmenting path from the exposed ``root`` and flip it; whether one was found."""
        mate, alive, adjacency = self.mate, self.alive, self.adjacency
        n = len(adjacency)
        base = list(range(n))
        parent = [_NONE] * n
        in_tree = [False] * n
        in_tree[root] = True
        queue = deque([root])
        while queue:
            vertex = queue.popleft()
            for other in adjacency[vertex]:
                if not alive[other] or base[vertex] == base[other] or mate[vertex] == other:
                    continue
                if other == root or (mate[other] != _NONE and parent[mate[other]] != _NONE):
                    self._contract(vertex, other, base, parent, in_tree, queue)
                elif parent[other] == _NONE:
                    parent[other] = vertex
                    if mate[other] == _NONE:
                        self._flip(other, parent)
                        return True
                    in_tree[mate[other]] = True
                    queue.append(mate[other])
        return False

    def _contract(
        self,
        vertex: int,
        other: int,
        base: list[int],
        parent: list[int],
        in_tree: list[bool],
        queue: deque[int],
    ) -> None:
        """Shrink the blossom closed by the edge ``vertex``-``other`` onto its base."""
        top = self._common_base(vertex, other, base, parent)
        in_blossom = [False] * len(base)
        self._mark_path(vertex, top, other, base, parent, in_blossom)
        self._mark_path(other, top, vertex, base, parent, in_blossom)
        for node, node_base in enumerate(base):
            if in_blossom[node_base]:
                base[node] = top
                if not in_tree[node]:
                    in_tree[node] = True
                    queue.append(node)

    def _common_base(self, first: int, second: int, base: list[int], parent: list[int]) -> int:
        """The base of the blossom: where the tree paths from ``first`` and ``second`` meet."""
        seen = [False] * len(base)
        while True:
            first = base[first]
            seen[first] = True
            if self.mate[first] == _NONE:
                break
            first = parent[self.mate[first]]
        while True:
            second = base[second]
            if seen[second]:
                return second
            second = parent[self.mate[second]]

    def _mark_path(
        self,
        vertex: int,
        top: int,
        child: int,
        base: list[int],
        parent: list[int],
        in_blossom: list[bool],
    ) -> None:
        """Mark the blossom from ``vertex`` down to ``top``, linking it back to ``child``."""
        while base[vertex] != top:
            in_blossom[base[vertex]] = in_blossom[base[self.mate[vertex]]] = True
            parent[vertex] = child
            child = self.mate[vertex]
            vertex = parent[self.mate[vertex]]

    def _flip(self, end: int, parent: list[int]) -> None:
        """Swap matched and unmatched edges along the augmenting path ending at ``end``."""
        mate = self.mate
        while end != _NONE:
            previous = parent[end]
            after = mate[previous]
            mate[end], mate[previous] = previous, end
            end = after
