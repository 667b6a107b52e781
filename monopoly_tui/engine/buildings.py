"""Where the buildings stand: a deed's buildings counted per deed and per space.

``GameState.buildings`` counts a street's buildings per deed (the rules' count: the houses
before a hotel, the hotel, the bank's supply, evenness, what they sell for);
``GameState.placed`` says, per space, which of them stand on it. A deed shown on one space (every
deed of classic, Game of Thrones, NFL, Lord of the Rings) has them all on that space; a deed with
versions (Longest Game Ever: 'Boardwalk', 'Boardwalk 2', 'Boardwalk 3' share one title deed) has
them split between its versions, and rent with a building is charged only on the version that
holds it.

The counts use the same numbers per space as per deed: houses ``0..houses_per_hotel``, a hotel
``houses_per_hotel + 1``. A deed's spaces together hold its count: the sum of its houses, or one
space with the hotel. Every change of buildings goes through this module, so the two stay
together (``engine.invariants`` checks they do).
"""

from __future__ import annotations

from monopoly_tui.engine.spec import Spec
from monopoly_tui.engine.state import GameState


def top(spec: Spec) -> int:
    """The count that stands for a hotel."""
    return spec.rules.houses_per_hotel + 1


def on_space(st: GameState, space: int) -> int:
    """The buildings standing on one space (0 where the state has no placement yet)."""
    placed = st.placed
    return placed[space] if 0 <= space < len(placed) else 0


def default_space(spec: Spec, st: GameState, deed: int, adding: bool) -> int:
    """The version a building goes on (``adding``) or comes off when nobody chooses: the
    deed's first space to add a house; for a hotel, the version with the most houses (the first
    of equals); to take one off, the last version holding any."""
    spaces = spec.deeds[deed].spaces
    placed = st.placed
    if adding:
        if st.buildings[deed] + 1 == top(spec):
            return max(spaces, key=lambda s: (placed[s], -s))
        return spaces[0]
    for s in reversed(spaces):
        if placed[s]:
            return s
    return spaces[0]


def stand(spec: Spec, st: GameState, deed: int, space: int = -1) -> int:
    """One building more on a deed, placed on ``space`` (one of the deed's versions; -1: the
    default). A house adds to that version's houses; a hotel replaces every house of the deed
    and stands alone on that version. Returns the space it went on. (The bank's supply is the
    caller's: ``frames.place``.)"""
    if space < 0:
        space = default_space(spec, st, deed, True)
    st.buildings[deed] += 1
    if st.buildings[deed] == top(spec):
        for s in spec.deeds[deed].spaces:
            st.placed[s] = 0
        st.placed[space] = top(spec)
    else:
        st.placed[space] += 1
    return space


def take(spec: Spec, st: GameState, deed: int, space: int = -1) -> int:
    """One building fewer on a deed: a hotel becomes its houses, all on the hotel's version
    (a mechanic may let the owner place them otherwise); a house comes off ``space`` (-1: the
    last version holding one). Returns the space."""
    t = top(spec)
    if st.buildings[deed] == t:
        space = next(s for s in spec.deeds[deed].spaces if st.placed[s] == t)
        st.placed[space] = t - 1
    else:
        if space < 0:
            space = default_space(spec, st, deed, False)
        st.placed[space] -= 1
    st.buildings[deed] -= 1
    return space


def clear(spec: Spec, st: GameState, deed: int) -> None:
    """No building left on any version of the deed."""
    st.buildings[deed] = 0
    for s in spec.deeds[deed].spaces:
        st.placed[s] = 0


def move(spec: Spec, st: GameState, deed: int, src: int, dst: int, count: int = 1) -> None:
    """``count`` houses (or the hotel: ``count`` is then its whole count) move from one version
    of a deed to another. The caller checks the rule (``engine.mechanics.versions``)."""
    st.placed[src] -= count
    st.placed[dst] += count


def set_level(spec: Spec, st: GameState, deed: int, level: int) -> None:
    """A deed's buildings set outright, all on its first version (a demonstration game, a
    test's hand-made state). The bank's supply is the caller's."""
    clear(spec, st, deed)
    st.buildings[deed] = level
    st.placed[spec.deeds[deed].spaces[0]] = level


def settle(spec: Spec, st: GameState) -> None:
    """Give a state without a placement (a save written before buildings were counted per
    space) one: each deed's buildings on its first version, where every deed of those editions
    stood."""
    if len(st.placed) == len(spec.spaces):
        return
    st.placed = [0] * len(spec.spaces)
    for d in spec.deeds:
        if d.spaces and 0 <= d.index < len(st.buildings):
            st.placed[d.spaces[0]] = st.buildings[d.index]


def problems(spec: Spec, st: GameState) -> list[str]:
    """Where the placement and the deeds' counts disagree: a count per space, every space's
    buildings on a deed's version, a deed's versions holding its count (a hotel alone on one)."""
    out: list[str] = []
    if len(st.placed) != len(spec.spaces):
        return [f"placed has {len(st.placed)} entries, the board {len(spec.spaces)} spaces"]
    t = top(spec)
    for sp in spec.spaces:
        n = st.placed[sp.index]
        if n and sp.deed < 0:
            out.append(f"placed[{sp.index}] ({sp.name}): buildings on a space with no deed")
        if not 0 <= n <= t:
            out.append(f"placed[{sp.index}] ({sp.name}): {n} is not a building count")
    for d in spec.deeds:
        if d.index >= len(st.buildings):
            break
        level = st.buildings[d.index]
        held = [st.placed[s] for s in d.spaces if 0 <= s < len(st.placed)]
        if level == t:
            ok = sorted(held)[-1:] == [t] and sum(held) == t
        else:
            ok = sum(held) == level and t not in held
        if not ok:
            out.append(f"placed ({d.name}): its versions hold {held}, the deed counts {level}")
    return out
