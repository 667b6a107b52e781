"""The dice: every die of the game is rolled here, from the game's seeded generator.

A die shows face ``int(random() * faces)`` of the generator in the game state, so a game is
the same for the same seed, and a saved game rolls on as it would have. A test (or a tool that
replays a real table's rolls) can hand in a ``DiceSource`` instead: ``Game.dice_source``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from monopoly_tui.engine.frame import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class DiceSource:
    """Where faces come from when not from the game's generator."""

    def face(self, sides: int, rng: random.Random) -> int:
        """The face index (0 to ``sides`` - 1) of the next die rolled; ``rng`` is the game's
        generator, for a source that falls back on it."""
        return int(rng.random() * sides)

    def roll(self, values: tuple[int, ...], rng: random.Random) -> int:
        """The face index of the next die rolled, a die whose faces show ``values`` as
        printed (by default the face of ``face``)."""
        return self.face(len(values), rng)

    def copy(self) -> DiceSource:
        """The source for a copy of the game (``Game.copy``): the same faces to come, apart
        from this one's."""
        return self


class ScriptedDice(DiceSource):
    """Dice that show a script of values first, as the dice print them (a 2 is the face
    showing 2, whichever face that is: in Lord of the Rings the die reads 1, 2, 3, 4, 5, 6,
    the d20 1 to 20), then roll as usual from the game's generator."""

    def __init__(self, values: Iterable[int] = ()) -> None:
        self.values: list[int] = list(values)

    def roll(self, values: tuple[int, ...], rng: random.Random) -> int:
        if self.values:
            v = self.values.pop(0)
            if v not in values:
                raise ValueError(f"a scripted {v} is not on the die rolled (it shows "
                                 f"{', '.join(map(str, values))})")
            return values.index(v)
        return int(rng.random() * len(values))

    def add(self, values: Iterable[int]) -> None:
        """Queue more values after those still scripted."""
        self.values.extend(values)

    def copy(self) -> DiceSource:
        return ScriptedDice(self.values)


class ScriptedFaces(DiceSource):
    """Dice that show the faces of a script first (face indices, 0 the first face), then roll
    as usual."""

    def __init__(self, faces: Iterable[int] = ()) -> None:
        self.faces: list[int] = list(faces)

    def face(self, sides: int, rng: random.Random) -> int:
        if self.faces:
            f = self.faces.pop(0)
            if not 0 <= f < sides:
                raise ValueError(f"a scripted face {f} is not a face of a {sides}-sided die")
            return f
        return int(rng.random() * sides)

    def add(self, faces: Iterable[int]) -> None:
        """Queue more faces after those still scripted."""
        self.faces.extend(faces)

    def copy(self) -> DiceSource:
        return ScriptedFaces(self.faces)


def shuffle(rng: random.Random, items: list[int]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does: Python's
    ``random.Random.shuffle``, Fisher-Yates from the last place down, each place's pick drawn
    by ``getrandbits`` of the bound's bit length and drawn again while not under the bound.
    Written here so that a compiled build runs it natively (the standard library's is Python
    code, two Python calls a pick); the same draws in the same order, so the same decks."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
