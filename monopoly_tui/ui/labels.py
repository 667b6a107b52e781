"""The names the board's tiles show: each space's short name fitted to its tile, and never two
different spaces under one label.

A tile shows a name on as many lines of its width as it has room for (``wrap``); a name too
long is cut with '…' where it stops fitting, and a version's trailing number stays
('Atlan… 2'). Cut so, different names can come out alike ('St.…' for St. James and St. Charles,
'The…' for The Twins and The Wall), so ``board_labels`` looks at every name of the board at
once and, only for the names whose labels collide, shortens further, from the edition's own
words:

1. the words every colliding name shares shrink (``_distinctive``): an article is left out
   ('The Twins': 'Twins'), so is what follows the name's own words ('Pl'), another shared
   word becomes its initial run into the next word ('St.Charles', 'M.Tirith', 'P.Avenue'),
   and that is cut to the tile as before ('St.Ch…');
2. that run together and cut to the room without '…' ('St.Cha', 'Minas': 'M.Tiri');
3. the whole name run together, cut to the room ('St.Cha', 'Neverw', 'Carad');
4. the initials of every word but the last, then the last word ('NGrove');
5. the start of the name, then what follows the start all the colliding names share
   ('Neverwinter' and 'Neverlight' in 5 columns: 'Nevwi', 'Nevli');
6. as a last resort a number after the cut name, smallest first ('Nev1'), until it is unique.

A name that never collided keeps the label it always had; two spaces of one name (three
Chance spaces) share theirs. Everything here is pure: names and a width in, labels out.
"""

from __future__ import annotations

import textwrap
from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache

Label = tuple[str, ...]
"""A name as a tile shows it: one string per line."""

LEVELS = 6
"""How many ways of shortening a name are tried before a number tells names apart."""


def numbered(name: str) -> tuple[str, str]:
    """A name and its trailing number ('Boardwalk 2': 'Boardwalk', ' 2'), or the name and ''."""
    head, _, tail = name.rpartition(" ")
    if head and tail.isdigit():
        return head, " " + tail
    return name, ""


def fit(name: str, width: int) -> str:
    """A name cut to ``width`` with '…'; a trailing number stays ('Mediter… 2': which version
    of a deed a space is must stay readable)."""
    if len(name) <= width:
        return name
    head, number = numbered(name)
    if number and width >= len(number) + 2:
        return head[: width - len(number) - 1] + "…" + number
    return name[: max(0, width - 1)] + "…"


def wrap(name: str, width: int, lines: int, *, cut: bool = False) -> list[str]:
    """A name on at most ``lines`` lines of ``width``; ``cut``: on one line, the name cut
    where it stops fitting ('St. Ja…') rather than after its first word ('St.…')."""
    if width <= 0 or lines <= 0:
        return []
    if cut and lines == 1:
        return [fit(name, width)]
    out = textwrap.wrap(name, width, break_long_words=False, break_on_hyphens=False) or [""]
    out = [w if len(w) <= width else fit(w, width) for w in out]
    if len(out) > lines:
        if numbered(name)[1]:  # the version's number stays on the last line
            return [*out[: lines - 1], fit(" ".join(out[lines - 1:]), width)]
        out = out[:lines]
        last = out[-1]
        out[-1] = (last[: max(0, width - 1)] + "…") if len(last) >= width else last + "…"
    return out


def _clip(head: str, number: str, width: int) -> str:
    """``head`` cut to the room ``number`` leaves on a line of ``width``, without '…' (a run
    together abbreviation: 'St.Cha'), then the number."""
    room = width - len(number)
    if room <= 0:
        return (head + number)[:width]
    return head[:room] + number


def _shared(group: Sequence[str]) -> set[str]:
    """The words every name of ``group`` has (their trailing numbers aside)."""
    sets = [set(numbered(name)[0].split()) for name in group]
    return set.intersection(*sets) if sets else set()


def _distinctive(head: str, group: Sequence[str]) -> str:
    """``head`` (a name without its number) shortened against the other names of ``group``:
    the words they all share after its last word of its own are left out ('Pl'); before it,
    a shared word of three letters or fewer without a dot (an article: 'The', 'La') is left
    out, a shared abbreviation of three or fewer ('St.') stays, any other shared word becomes
    its initial and a dot ('Penn.': 'P.', 'Minas': 'M.'), run into the next word
    ('St.Charles', 'P.Avenue', 'M.Tirith', 'Twins')."""
    words = head.split()
    shared = _shared(group) if len(group) > 1 else set()
    own = [i for i, w in enumerate(words) if w not in shared]
    if not own:
        return head
    out = ""
    for w in words[: own[-1] + 1]:
        if w not in shared:
            out += (" " if out and not out.endswith(".") else "") + w
        elif not any(ch.isalnum() for ch in w) or (len(w) <= 3 and not w.endswith(".")):
            continue
        else:
            out += (" " if out and not out.endswith(".") else "") + (
                w if w.endswith(".") and len(w) <= 3 else w[0] + ".")
    return out


def _candidate(name: str, level: int, group: Sequence[str], width: int, lines: int,
               cut: bool) -> Label:
    """The label of ``name`` at a ``level`` of shortening (see the module), when it collides
    with the other names of ``group``."""
    head, number = numbered(name)
    words = head.split()
    if level == 0:
        return tuple(wrap(name, width, lines, cut=cut))
    own = _distinctive(head, group)
    if level == 1:
        return tuple(wrap(own + number, width, lines, cut=cut))
    if level == 2:
        return (_clip("".join(own.split()), number, width),)
    if level == 3:
        return (_clip("".join(words), number, width),)
    if level == 4:
        initials = "".join(w[0] for w in words[:-1]) + (words[-1] if words else "")
        return (_clip(initials, number, width),)
    run = "".join(words)
    common = len(_common_prefix(["".join(numbered(n)[0].split()) for n in group]))
    keep = max(1, (width - len(number) + 1) // 2)
    return (_clip(run[:keep] + run[max(keep, common):], number, width),)


def _common_prefix(texts: Sequence[str]) -> str:
    """The longest start every text has."""
    first, last = min(texts, default=""), max(texts, default="")
    k = 0
    while k < min(len(first), len(last)) and first[k] == last[k]:
        k += 1
    return first[:k]


def _collisions(labels: dict[str, Label]) -> list[list[str]]:
    """The groups of different names that have one label."""
    by_label: dict[Label, list[str]] = defaultdict(list)
    for name, label in labels.items():
        by_label[label].append(name)
    return [names for names in by_label.values() if len(names) > 1]


@lru_cache(maxsize=256)
def board_labels(names: tuple[str, ...], width: int, lines: int = 1,
                 cut: bool = False) -> tuple[Label, ...]:
    """The label of each name (in order) on tiles of ``width`` columns and ``lines`` lines:
    as ``wrap`` cuts it, unless that label is another name's too; then shortened as the
    module says until no two different names share a label (where the width leaves room for
    that: a tile of one column cannot tell 28 names apart)."""
    if width <= 0 or lines <= 0:
        return tuple(() for _ in names)
    distinct = list(dict.fromkeys(names))
    level = dict.fromkeys(distinct, 0)
    labels = {n: _candidate(n, 0, [n], width, lines, cut) for n in distinct}
    moved = True
    while moved:  # (ends: a name's level only rises, to LEVELS - 1 at most)
        moved = False
        for group in _collisions(labels):
            for n in group:
                if level[n] < LEVELS - 1:
                    level[n] += 1
                    moved = True
                labels[n] = _candidate(n, level[n], group, width, lines, cut)
    for group in _collisions(labels):  # the last resort: a number tells them apart
        taken = set(labels.values())
        for n in group[1:]:
            head, number = numbered(n)
            base = "".join(head.split())
            for k in range(1, len(distinct) + 1):
                tag = str(k)
                if len(tag) + len(number) >= width:
                    break
                label = (_clip(base, tag + number, width),)
                if label not in taken:
                    labels[n] = label
                    taken.add(label)
                    break
    return tuple(labels[n] for n in names)
