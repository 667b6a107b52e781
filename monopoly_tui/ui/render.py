"""Rich renderables for what the screens show: title deeds, spaces, dice, players, offers.

Every word comes from the edition's vocabulary; every number from the engine's state and its
``property`` helpers (the UI computes no rule of its own).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.style import StyleType
from rich.table import Table
from rich.text import Text

from monopoly_tui.engine import buildings as B
from monopoly_tui.engine import property as P
from monopoly_tui.engine.describe import END_REASONS, level_words
from monopoly_tui.engine.spec import (
    CARDS,
    COUNT_RENT,
    DICE_RENT,
    FREE_PARKING,
    GO,
    GO_TO_JAIL,
    JAIL,
    LOCATION,
    PROPERTY_KINDS,
    STREET,
    TAX,
    Spec,
)
from monopoly_tui.ui.style import RED, contrast_text, group_color, player_color

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game
    from monopoly_tui.engine.state import TradeOffer

__all__ = [
    "END_REASONS",
    "Natural",
    "deed_card",
    "deed_line",
    "dice_art",
    "dice_width",
    "money",
    "player_tag",
    "rent_word",
    "space_card",
]


class Natural:
    """A renderable at its own height, not stretched to fill its widget (a Panel would)."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from console.render(self.renderable, options.reset_height())


class PlainTable(Table):
    """A rich table whose text cells are plain: a space's name, an edition's money format
    and a player's name are never read as markup ('[/x]' is a name)."""

    def add_row(self, *renderables: RenderableType | None, style: StyleType | None = None,
                end_section: bool = False) -> None:
        super().add_row(*(Text(r) if isinstance(r, str) else r for r in renderables),
                        style=style, end_section=end_section)


def money(game: Game, amount: int) -> str:
    return game.spec.vocab.money(amount)


class Parts:
    """Parts of a line kept whole: a line too narrow for them all breaks between two parts,
    never inside one ('4,150 Gold Dragons' wrapped as '4,150' / 'Gold Dragons'; 'ends after
    round' / '40'). Rich and Textual break at any space, an unbreakable one too. A part wider
    than the whole line is wrapped as text is."""

    def __init__(self, parts: list[Text], sep: str = " · ", style: str = "",
                 sep_style: str = "") -> None:
        self.parts = [p for p in parts if p.plain]
        self.sep = sep
        self.style = style
        self.sep_style = sep_style

    @property
    def plain(self) -> str:
        return self.sep.join(p.plain for p in self.parts)

    def lines(self, width: int) -> list[Text]:
        """The parts laid out in lines of ``width`` cells."""
        out: list[Text] = []
        line = Text(style=self.style)
        for part in self.parts:
            if line.plain and line.cell_len + len(self.sep) + part.cell_len > width:
                out.append(line)
                line = Text(style=self.style)
            if line.plain:
                line.append(self.sep, style=self.sep_style)
            line.append_text(part)
        out.append(line)
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((p.cell_len for p in self.parts), default=0)
        return Measurement(widest, max(widest, Text(self.plain).cell_len))


class Tail:
    """The newest of some lines, as many whole lines as ``rows`` rows hold once wrapped at the
    width they are drawn at: where room is short, the oldest go first (a widget's own height
    limit would cut the newest, at the bottom, or leave half a line at the top). When not even
    the newest fits, its first rows end in "…". ``rows`` None: every line."""

    def __init__(self, lines: Sequence[Text], rows: int | None = None) -> None:
        self.lines = lines
        self.rows = rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width)
        kept: list[Text] = []
        left = self.rows
        for line in reversed(self.lines):
            wrapped = list(line.wrap(console, width))
            if left is not None and len(wrapped) > left:
                if not kept and left > 0:  # the newest alone is too long: its start
                    cut = wrapped[:left]
                    cut[-1].truncate(width - 1)
                    cut[-1].append("…")
                    kept = cut
                break
            kept[:0] = wrapped
            if left is not None:
                left -= len(wrapped)
        if kept:
            yield Text("\n").join(kept)


class Fit:
    """The first of some renderings that fits in ``rows`` rows at the width it is drawn at (the
    last one where none does): a line said whole where there is room, in fewer words where
    there is not."""

    def __init__(self, choices: Sequence[RenderableType], rows: int) -> None:
        self.choices = choices
        self.rows = rows

    def chosen(self, console: Console, width: int) -> int:
        """Which of the choices is drawn ``width`` cells wide."""
        for i, choice in enumerate(self.choices):
            if rows_of(console, choice, width) <= self.rows:
                return i
        return len(self.choices) - 1

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.choices:
            yield self.choices[self.chosen(console, options.max_width)]


def rows_of(console: Console, renderable: RenderableType, width: int) -> int:
    """How many rows ``renderable`` takes drawn ``width`` cells wide."""
    if width <= 0:
        return 0
    return len(console.render_lines(renderable, console.options.update_width(width),
                                    pad=False))


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def rent_word(spec: Spec) -> str:
    """What a lander pays a deed's owner, in the edition's terms: 'rent' where deeds are sold
    (streets, railroads, utilities), the edition's own charge where none is (a D&D location's
    tax: "pay that player the amount (the tax) shown on the space")."""
    if any(spec.spaces[d.spaces[0]].kind in PROPERTY_KINDS for d in spec.deeds if d.spaces):
        return "rent"
    return spec.vocab.tax


def player_tag(game: Game, p: int, *, token: bool = False) -> Text:
    """The player's seat number on their colour, then the name (and token)."""
    pl = game.st.players[p]
    text = Text()
    text.append(f" {p + 1} ", style=f"bold #101010 on {player_color(p)}")
    text.append(f" {pl.name}", style="bold")
    if token:
        text.append(f" · {pl.token}", style="dim")
    return text


def deed_line(game: Game, deed: int, *, mark_state: bool = True) -> Text:
    """A deed's name after a swatch of its group colour, with its state (buildings, mortgage)."""
    spec, st = game.spec, game.st
    d = spec.deeds[deed]
    text = Text()
    text.append("■ ", style=group_color(spec, d.group))
    text.append(d.name, style="strike dim" if st.mortgaged[deed] and mark_state else "")
    if mark_state:
        level = st.buildings[deed]
        if level:
            text.append(f" ({level_words(game, level)})", style="green")
        if st.mortgaged[deed]:
            text.append(f" ({spec.vocab.mortgage}d)", style=RED)
    return text


def version_holds(game: Game, space: int) -> str:
    """What stands on one space of a deed: 'nothing', '2 Houses', 'a Hotel' (the engine's
    count per space)."""
    level = B.on_space(game.st, space)
    if level <= 0:
        return "nothing"
    return level_words(game, level)


def deed_spaces_line(game: Game, deed: int) -> Text:
    """A deed's spaces and what each holds: 'Boardwalk: nothing · Boardwalk 2: 2 Houses'."""
    spec = game.spec
    out = Text()
    for k, s in enumerate(spec.deeds[deed].spaces):
        if k:
            out.append(" · ", style="dim")
        out.append(spec.spaces[s].name, style="bold")
        out.append(f": {version_holds(game, s)}")
    return out


def _amount(game: Game, compact: bool) -> Callable[[int], str]:
    """Money as the edition writes it; on a compact card bare numbers (the card names the
    currency once)."""
    if compact:
        return lambda n: f"{n:,}"
    return game.spec.vocab.money


def _owned(group: str, n: int, of: int) -> str:
    """A count-rent row as the printed deeds say it: 'Rent' for this one alone, then
    'If 2 Railroads are owned', 'If all 4 Weapons are owned'."""
    if n == 1:
        return "Rent"
    return f"If {'all ' if n == of and n > 2 else ''}{n} {group} are owned"


def _rent_rows(game: Game, deed: int, compact: bool = False) -> list[tuple[str, str]]:
    spec = game.spec
    v = spec.vocab
    d = spec.deeds[deed]
    m = _amount(game, compact)
    rows: list[tuple[str, str]] = []
    if d.kind == STREET:
        if compact:  # one row for both: the card keeps its 11 rows
            rows.append(("Rent · colour set", f"{m(d.rent[0])} · {m(d.rent[0] * 2)}"))
        else:
            rows.append(("Rent", m(d.rent[0])))
            rows.append(("  whole colour set", m(d.rent[0] * 2)))
        hotel_at = len(d.rent) - 1
        with_ = "" if compact else "With "
        for n in range(1, hotel_at):
            word = v.house if n == 1 else v.houses
            rows.append((f"{with_}{n} {word}", m(d.rent[n])))
        rows.append((f"{with_}a {v.hotel}" if with_ else cap(v.hotel), m(d.rent[-1])))
    elif d.kind == COUNT_RENT:
        g = spec.groups[d.group]
        table = g.rent_by_count
        for n, rent in enumerate(table, start=1):
            if n == 1 and d.rent_alone >= 0:
                rent = d.rent_alone
            rows.append((_owned(g.name, n, len(g.deeds)), m(rent)))
    elif d.kind == DICE_RENT:
        g = spec.groups[d.group]
        for n, entry in enumerate(g.dice_rent, start=1):
            roll = "a new roll" if entry.new_roll else "the roll"
            rows.append((_owned(g.name, n, len(g.deeds)), f"{entry.multiplier} × {roll}"))
    return rows


def deed_card(game: Game, deed: int, *, width: int | None = None,
              compact: bool = False, space: int = -1) -> RenderableType:
    """A title deed: the name on its colour band, the rent table, costs and who owns it.
    ``compact``: the same in 11 rows, for small screens. ``space``: the space it is shown for;
    a deed shown on several spaces (Longest Game Ever's 'Boardwalk', 'Boardwalk 2',
    'Boardwalk 3') names that space and how many share the deed."""
    spec, st = game.spec, game.st
    v = spec.vocab
    d = spec.deeds[deed]
    color = group_color(spec, d.group)
    m = _amount(game, compact)
    grid = PlainTable.grid(expand=True, padding=(0, 1))
    grid.add_column(ratio=1, no_wrap=compact, overflow="ellipsis")
    grid.add_column(justify="right", no_wrap=True)
    for label, value in _rent_rows(game, deed, compact):
        grid.add_row(label, value)
    costs = Text()
    if compact:
        costs.append(f"Price {m(d.price)}")
        if d.mortgage > 0:  # (a deed printed without a mortgage value is never mortgaged)
            costs.append(f" · {v.mortgage} {m(d.mortgage)}")
        if d.kind == STREET:
            costs.append(f"\n{cap(v.house)} {m(d.house_cost)} · "
                         f"{v.hotel} {m(d.hotel_cost)}")
    else:
        grid.add_row("", "")
        grid.add_row("Price", m(d.price))
        if d.kind == STREET:
            # the words on the left, bare amounts on the right: a long money format (Game of
            # Thrones' 'Gold Dragons') then leaves the labels room and nothing wraps
            grid.add_row(f"{cap(v.house)} cost, each", m(d.house_cost))
            grid.add_row(f"{cap(v.hotel)} (+ {spec.rules.houses_per_hotel} {v.houses})",
                         m(d.hotel_cost))
        if d.mortgage > 0:
            grid.add_row(f"{cap(v.mortgage)} value", m(d.mortgage))
    status = Text()
    owner = st.owner[deed]
    # a deed on several spaces: the buildings and the rent of the space it is shown for
    here = space if len(d.spaces) > 1 and space in d.spaces else -1
    if owner >= 0:
        status.append("Owner ")
        status.append_text(player_tag(game, owner))
        level = B.on_space(st, here) if here >= 0 else st.buildings[deed]
        if level:
            status.append(f" · {level_words(game, level)}", style="green")
            if here >= 0:
                status.append(" here", style="green")
        if st.mortgaged[deed]:
            status.append(f" · {v.mortgage}d", style=f"bold {RED}")
        elif d.kind != DICE_RENT:
            # the charge a visitor would owe now, whatever the kind of deed (a street's
            # buildings, a railroad's count, a secured location's tax): the
            # engine's own rule, so no kind is left out (a location once crashed the card)
            rent = P.rent_due(spec, st, deed, 0, space=here)
            charge = v.tax if d.kind == LOCATION else "rent"  # (a location charges its tax)
            status.append(f" · {charge} {'here ' if here >= 0 else ''}now {m(rent)}",
                          style="bold")
    else:
        from monopoly_tui.ui.mechanics import screens_for  # (its screens build on this module)

        status = next((said for said in (ms.deed_status(game, deed, compact)
                                         for ms in screens_for(spec)) if said is not None),
                      Text(f"For sale by the {v.bank}", style="italic"))
    name = d.name
    what = cap(v.deed)
    if len(d.spaces) > 1 and space in d.spaces:
        name = spec.spaces[space].name
        what = f"{what} of {len(d.spaces)} spaces"
    band = f"bold {contrast_text(color)} on {color}"
    title: Text | None = Text(f" {name} ", style=band)
    body: list[RenderableType] = [grid, costs, status] if compact else [grid, Text(""), status]
    inner = width - 4 if width is not None else 0
    if title is not None and inner and title.cell_len > inner - 2:
        # a name longer than the border (NFL's 'Double Team: New York Jets & New York
        # Giants'): on its colour band above the rents, broken after its colon
        title = None
        body.insert(0, name_band(name, band, inner))
    group_name = spec.groups[d.group].name
    return Panel(
        Group(*body),
        title=title,
        subtitle=_subtitle(f"{what} · {group_name}",
                           f"in {v.currency}" if compact else "", width),
        box=box.ROUNDED,
        border_style=color,
        width=width,
        padding=(0, 1),
    )


def name_band(name: str, style: str, width: int) -> Text:
    """A name too long for a card's border, on its colour band ``width`` cells wide: broken
    after a colon first ('Double Team:' / 'New York Jets & New York Giants'), then after an
    '&' ('New York Jets &' / 'New York Giants'), then between words; each line centred on
    the band."""
    head, colon, rest = name.partition(": ")
    pieces = [head + ":", rest] if colon and rest else [name]
    rows: list[str] = []
    for piece in pieces:
        left, amp, right = piece.partition(" & ")
        halves = [left + " &", right] if amp and len(piece) > width else [piece]
        for half in halves:
            rows += [cut.plain.strip() for cut in Text(half).wrap(Console(width=width), width)]
    out = Text(style=style)
    for i, row in enumerate(rows):
        out.append(("\n" if i else "") + row.center(width))
    return out


def _subtitle(what: str, currency: str, width: int | None) -> Text:
    """The card's bottom line, whole: the deed and group, then the currency when it fits
    (a Panel cuts a subtitle longer than its border: '· in Gold Dragon─╯')."""
    room = (width or 80) - 6
    parts = [what, currency] if currency else [what]
    text = " · ".join(parts)
    if len(text) > room and currency:
        text = currency if len(what.split(" · ")[-1]) + len(currency) + 3 > room else \
            f"{what.split(' · ')[-1]} · {currency}"
    # in the text's colour, not the border's: the group's colour, dimmed, was 1.8:1 (Green) and
    # 1.8:1 (Dark Blue) on the card; the text's own grey dimmed reads
    return Text(text[:room], style="default dim")


def space_card(game: Game, space: int, *, width: int | None = None,
               compact: bool = False) -> RenderableType:
    """What a space is: its title deed, or what it does, in the edition's words; and who is
    standing on it."""
    spec, st = game.spec, game.st
    sp = spec.spaces[space]
    here = [p for p, pl in enumerate(st.players) if pl.position == space and not pl.bankrupt]
    tokens = Text()
    for p in here:
        if tokens:
            tokens.append("  ")
        tokens.append_text(player_tag(game, p, token=True))
        if st.players[p].in_jail:
            tokens.append(f" (in {spec.vocab.jail})", style=RED)
    if sp.deed >= 0:
        card = deed_card(game, sp.deed, width=width, compact=compact, space=space)
        return Group(card, tokens) if here else card
    v, r = spec.vocab, spec.rules
    body = Text()
    if sp.kind == GO:
        body.append(f"Collect {v.salary_of(r.salary)} each time you pass {v.go}.")
        if r.go_landing_bonus:
            body.append(f"\nLand right on it: {money(game, r.go_landing_bonus)} more.")
    elif sp.kind == JAIL:
        body.append(f"{v.jail} / {v.just_visiting}.\n")
        body.append(f"Fine to leave: {money(game, r.jail_fine)}.")
        if r.jail_roll_for_doubles:
            most = 1 if r.jail_exit_next_turn else r.jail_max_turns
            body.append(f" Or roll doubles (up to {most} tries).")
    elif sp.kind == GO_TO_JAIL:
        body.append(f"Go straight to {v.jail}. Do not pass {v.go}, collect no {v.salary}.")
    elif sp.kind == FREE_PARKING:
        if r.free_parking_jackpot:
            body.append(f"Land here to take the pot: {money(game, st.pot)} now.")
        else:
            body.append("A free rest: nothing happens here.")
    elif sp.kind == CARDS:
        deck = spec.decks[sp.deck]
        body.append(f"Draw {deck.one_card}.")
        body.append(f"\n{len(st.decks[sp.deck])} cards in the pile.", style="dim")
    elif sp.kind == TAX:
        body.append(f"Pay {money(game, sp.tax_amount)}")
        if sp.tax_percent and not r.income_tax_flat:
            body.append(f", or {sp.tax_percent}% of your total worth (choose before counting)")
        body.append(".")
    body.append(f"\n\nLanded on {st.landings[space]} times.", style="dim")
    if here:
        body.append("\n")
        body.append_text(tokens)
    return Panel(
        body,
        title=Text(f" {sp.name} ", style="bold"),
        box=box.ROUNDED,
        width=width,
        padding=(0, 1),
    )


def card_text(game: Game, deck: int, card: int, *, width: int | None = None) -> RenderableType:
    """A drawn card: its deck's name and its words."""
    spec = game.spec
    if not (0 <= deck < len(spec.decks)) or not (0 <= card < len(spec.decks[deck].cards)):
        return Text("No card drawn yet.", style="dim italic")
    d = spec.decks[deck]
    return Panel(
        Text(d.cards[card].text),
        title=Text(f" {d.name} ", style="bold"),
        box=box.ROUNDED,
        border_style="yellow",
        width=width,
        padding=(0, 1),
    )


def dice_art(game: Game, faces: tuple[int, ...]) -> Text:
    """The dice as boxes with their face labels."""
    labels = game.spec.dice.labels
    shown = [labels[f] if 0 <= f < len(labels) else str(f) for f in faces] or ["?"] * max(
        1, game.spec.dice.count
    )
    w = max(len(s) for s in (*labels, *shown)) + 2
    top = " ".join("┌" + "─" * w + "┐" for _ in shown)
    mid = " ".join("│" + s.center(w) + "│" for s in shown)
    bot = " ".join("└" + "─" * w + "┘" for _ in shown)
    style = "dim" if not faces else "bold"
    return Text(f"{top}\n{mid}\n{bot}", style=style)


def dice_width(game: Game, count: int = 0) -> int:
    """How wide ``dice_art`` draws the edition's dice (or ``count`` of them)."""
    labels = game.spec.dice.labels or ("?",)
    w = max(len(s) for s in labels) + 4
    return max(1, count or game.spec.dice.count) * (w + 1) - 1


def offer_sides(game: Game, offer: TradeOffer) -> tuple[list[Text], list[Text]]:
    """What each side of a trade gives, as lines."""
    v = game.spec.vocab

    def side(deeds: tuple[int, ...], cash: int, cards: int,
             kept: tuple[tuple[int, int], ...]) -> list[Text]:
        lines = [deed_line(game, d) for d in deeds]
        if cash:
            lines.append(Text(money(game, cash), style="bold green"))
        if cards:
            word = "card" if cards == 1 else "cards"
            lines.append(Text(f"{cards} {v.get_out_of_jail_free} {word}"))
        lines += [kept_line(game, c) for c in kept]
        return lines or [Text("nothing", style="dim italic")]

    return (
        side(offer.give_deeds, offer.give_cash, offer.give_cards, offer.give_kept),
        side(offer.take_deeds, offer.take_cash, offer.take_cards, offer.take_kept),
    )


def kept_line(game: Game, card: tuple[int, int]) -> Text:
    """A kept card (an Item card) on one line: the edition's word and the card's name."""
    from monopoly_tui.engine.describe import kept_card_name

    line = Text(f"{game.spec.vocab.item}: ", style="dim")
    line.append(kept_card_name(game.spec, card), style="bold")
    return line
