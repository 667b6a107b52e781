"""New game: pick an edition, then its variant and house rules, then the players.

Three steps on one screen. The edition step shows each edition's name, year, what is different,
its player range, its tokens and its board colours as swatches. The players step takes 2 up to
the edition's maximum, each with a name, a token of the edition (all different) and who plays it
(a human, the basic computer player or the expert one, ``bots.expert``), and the computers'
pace. Problems (a missing name, a token taken twice) are said next to the Start button, which
works only when there are none.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    ContentSwitcher,
    Footer,
    Input,
    Label,
    OptionList,
    RadioSet,
    Select,
    Static,
)
from textual.widgets.option_list import Option

from monopoly_tui.ui.render import Parts
from monopoly_tui.ui.session import PACES, Seat
from monopoly_tui.ui.style import RED, group_color
from monopoly_tui.ui.toggles import Pick, Tick

if TYPE_CHECKING:
    from monopoly_tui.engine.spec import Spec
    from monopoly_tui.rules.loader import EditionInfo

STEPS = ("edition", "rules", "players")
STEP_TITLES = {"edition": "1 Edition", "rules": "2 Variant and house rules", "players": "3 Players"}
DEFAULT_TURN_LIMIT = 30
ADD_LABEL = "Add a player [ctrl+t]"


def _seats_words(seats: list[int]) -> str:
    """Seats by their numbers on the players step: 'players 1 and 3', 'players 1, 2 and 3'."""
    numbers = [str(i + 1) for i in seats]
    return "players " + (", ".join(numbers[:-1]) + " and " + numbers[-1])


def swatches(spec: Spec) -> Parts:
    """The board's colours, each swatch with its group's name: the two never part at the end
    of a line (Rich breaks at an unbreakable space too: '███' / 'Utilities'). The swatch is in
    the group's colour, the name in the text's (a dark group's colour is not readable as text:
    Railroads' #585858 was 2.6:1)."""
    parts = []
    for g in spec.groups:
        part = Text()
        part.append("███", style=group_color(spec, g.index))
        part.append(f" {g.name}")
        parts.append(part)
    return Parts(parts, sep="  ")


KINDS: list[tuple[str, bool | str]] = [("Human", True), ("Computer (basic)", False),
                                      ("Computer (expert)", "expert"),
                                      ("Computer (master)", "master")]
"""Who plays a seat: a human (True), the basic computer player (False), or the named bot; a
computer player is called a computer whichever plays it, and which one says in brackets (the
words of README's "How to play")."""


def kind_value(human: bool, bot: str) -> bool | str:
    """The seat kind's value for a seat: True for a human, False for the basic bot, else the
    bot's name."""
    if human:
        return True
    return False if bot == "basic" else bot


def kind_bot(value: object) -> str:
    """The bot a seat kind's value names (the basic bot for a human or a plain computer)."""
    return value if isinstance(value, str) and value else "basic"


def clock_end(typed: str, now: float) -> int | None:
    """The next moment after ``now`` that the clock shows ``typed`` (HH:MM, 24-hour, this
    machine's time of day), as a Unix time; None when it is not a time of day. A time already
    past today is tomorrow's."""
    m = re.fullmatch(r"\s*(\d{1,2})[:.h](\d{2})\s*", typed)
    if m is None:
        return None
    hour, minute = int(m.group(1)), int(m.group(2))
    if hour > 23 or minute > 59:
        return None
    at = datetime.fromtimestamp(now).astimezone().replace(hour=hour, minute=minute, second=0,
                                                          microsecond=0)
    if at.timestamp() <= now:
        at += timedelta(days=1)
    return int(at.timestamp())


class FieldsScroll(VerticalScroll, can_focus=False):
    """A scrolling column of fields (the house rules, the players' rows): not a Tab stop of
    its own, since every field in it scrolls into view as it takes the focus (a Tab stop on
    the column itself showed nothing and took one more Tab to get past)."""


class PlayerRow(Horizontal):
    """One seat: name, token, human or computer."""

    class Built(Message):
        """The row's fields and buttons are mounted (the seats can be checked with it)."""

    def __init__(self, index: int, name: str, token: str, tokens: tuple[str, ...],
                 human: bool, bot: str = "basic") -> None:
        super().__init__(classes="player-row")
        self.index = index
        self._seat_name = name
        self._token = token
        self._tokens = tokens
        self._human = human
        self._bot = bot

    def compose(self) -> ComposeResult:
        yield Label(f"{self.index + 1}", classes="seat")
        yield Input(self._seat_name, placeholder="name", classes="name", max_length=20)
        yield Select([(Text(t), t) for t in self._tokens], value=self._token, allow_blank=False,
                     classes="token")
        yield Select(KINDS, value=kind_value(self._human, self._bot), allow_blank=False,
                     classes="kind")
        yield Button("Remove", classes="remove", variant="error")

    def on_mount(self) -> None:
        """Its children are mounted by now: the screen checks the seats again."""
        self.post_message(self.Built())

    def rename_for_kind(self, human: bool) -> None:
        """A seat switched between human and computer keeps a name the player typed; a name
        the game gave it ("Player 2", "Computer 2", "Computer") follows the switch."""
        fields = self.query(".name")
        if not fields:
            return
        field = self.query_one(".name", Input)
        words = field.value.split()
        given = (len(words) == 1 and words[0] in ("Player", "Computer")) or (
            len(words) == 2 and words[0] in ("Player", "Computer") and words[1].isdigit())
        if given:
            field.value = f"{'Player' if human else 'Computer'} {self.index + 1}"

    def seat(self) -> Seat:
        """The seat as its fields say; a row just added (its fields not built yet) is the seat
        it was made for."""
        fields = self.query(".name")
        if not fields:
            return Seat(self._seat_name.strip(), self._token, self._human, self._bot)
        name = self.query_one(".name", Input).value.strip()
        token = self.query_one(".token", Select).value
        kind = self.query_one(".kind", Select).value
        return Seat(name, str(token), kind is True, kind_bot(kind))


class NewGameScreen(Screen[None]):
    CSS_PATH = "setup.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="back"),
        Binding("ctrl+n", "next", "Next", id="next"),
        Binding("ctrl+s", "start", "Start the game", id="start"),
        Binding("ctrl+t", "add_player", "Add a player", id="add_player"),
    ]

    def __init__(self, seed: int | None = None, pace: str | None = None) -> None:
        super().__init__()
        self.seed = seed
        self.default_pace = pace or "normal"
        self.editions: list[EditionInfo] = []
        self.edition: str | None = None
        self.step = "edition"
        self._spec: Spec | None = None
        self.clock: Callable[[], float] = time.time
        """The wall clock (a test sets its own): a clock-time end is the next such hour."""

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with Vertical(id="setup"):
            yield Static(id="steps")
            with ContentSwitcher(initial="edition", id="pages"):
                with Horizontal(id="edition"):
                    yield OptionList(id="editions")
                    yield Static(id="edition-info")
                with FieldsScroll(id="rules"):
                    yield Label("Variant", classes="section")
                    yield RadioSet(id="variants")
                    yield Static(id="variant-info", classes="info")
                    with Horizontal(id="variant-rounds"):
                        yield Label("The game ends after", classes="rounds-label")
                        yield Input(id="variant-limit", type="integer", classes="rounds",
                                    max_length=4)
                        yield Label("rounds; the richest player wins (or tick 'End at a clock "
                                    "time' below: whichever comes first).",
                                    classes="rounds-label")
                    yield Label("As the rulebook prints it", classes="section", id="options-head")
                    yield Vertical(id="options")
                    yield Vertical(id="mechanic-options")
                    yield Label("House rules (all off unless chosen)", classes="section")
                    with Vertical(id="house-rules"):
                        yield from self._house_rules()
                with Vertical(id="players"):
                    yield Static(id="players-head")
                    yield FieldsScroll(id="player-rows")
                    with Horizontal(id="players-tools"):
                        yield Button(Text(ADD_LABEL), id="add", variant="primary")
                        yield Label("Computer pace", classes="pace-label")
                        yield RadioSet(
                            *[Pick(p, value=p == self.default_pace, id=f"pace-{p}")
                              for p in PACES],
                            id="pace",
                        )
            yield Static(id="problems")
            with Horizontal(id="nav"):
                yield Button(Text("Back [esc]"), id="back")
                yield Button(Text("Next [ctrl+n]"), id="next", variant="primary")
                yield Button(Text("Start the game [ctrl+s]"), id="start", variant="success")
        yield Footer()

    def _house_rules(self) -> ComposeResult:
        """A checkbox per house rule (the same for every edition), with what it does; the
        words are the edition's, put in when an edition is chosen (``_show_house_rules``)."""
        from monopoly_tui.engine.game import HOUSE_RULES

        for key in HOUSE_RULES:
            with Horizontal(classes="house-rule", id=f"hr-row-{key}"):
                yield Tick("", id=f"hr-{key}")
                if key == "turn_limit":
                    yield Input(str(DEFAULT_TURN_LIMIT), id="turn-limit", type="integer",
                                classes="rounds")
                    yield Label("rounds", classes="rounds-label")
                elif key == "end_at":
                    yield Input(placeholder="HH:MM", id="end-at", classes="rounds",
                                max_length=5)
                yield Label("", classes="info", id=f"hr-info-{key}")

    async def on_mount(self) -> None:
        from monopoly_tui.rules.loader import list_editions

        pace = self.query_one("#pace", RadioSet)
        pace._selected = pace.pressed_index if pace.pressed_index >= 0 else None

        self.editions = list_editions()
        lst = self.query_one("#editions", OptionList)
        for e in self.editions:
            label = Text(e.name, style="bold")
            if e.year:
                # italic, not dim: dimmed toward a highlighted row's blue it was 2.5:1
                label.append(f" {e.year}", style="italic")
            lst.add_option(Option(label, id=e.id))
        if self.editions:
            lst.highlighted = 0
            await self.pick_edition(self.editions[0].id)
        lst.focus()
        self.show_step()

    # ------------------------------------------------------------------ steps

    def show_step(self) -> None:
        self.query_one("#pages", ContentSwitcher).current = self.step
        steps = Text()
        for s in STEPS:
            style = "bold reverse" if s == self.step else "dim"
            steps.append(f" {STEP_TITLES[s]} ", style=style)
            steps.append("  ")
        self.query_one("#steps", Static).update(steps)
        last = self.step == STEPS[-1]
        self.query_one("#next", Button).display = not last
        self.query_one("#start", Button).display = last
        self.check_players()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next":
            return self.step != STEPS[-1] and self._spec is not None
        if action == "start":
            return self.step == STEPS[-1] and not self.problems()
        if action == "add_player":
            return self.step == "players" and self._spec is not None and \
                len(self.rows()) < self._spec.players_max
        return True

    def action_next(self) -> None:
        if self._spec is None:
            return
        i = STEPS.index(self.step)
        if i + 1 < len(STEPS):
            self.step = STEPS[i + 1]
            if self.step == "rules":
                self.query_one("#variants", RadioSet).focus()
            elif self.step == "players":
                rows = self.rows()
                if rows:
                    rows[0].query_one(".name", Input).focus()
            self.show_step()

    def action_back(self) -> None:
        i = STEPS.index(self.step)
        if i == 0:
            self.dismiss(None)
            return
        self.step = STEPS[i - 1]
        if self.step == "edition":
            self.query_one("#editions", OptionList).focus()
        elif self.step == "rules":  # back from the players: the step's first control again
            self.query_one("#variants", RadioSet).focus()
        self.show_step()

    # ------------------------------------------------------------------ edition

    async def on_option_list_option_highlighted(
        self, event: OptionList.OptionHighlighted
    ) -> None:
        if event.option.id:
            await self.pick_edition(event.option.id)

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            await self.pick_edition(event.option.id)
            self.action_next()

    async def pick_edition(self, edition_id: str) -> None:
        if edition_id == self.edition and self._spec is not None:
            return
        from monopoly_tui.rules import load_spec

        info_box = self.query_one("#edition-info", Static)
        try:
            spec = load_spec(edition_id)
        except Exception as e:
            info_box.update(Text(f"This edition cannot be played: {e}", style=RED))
            self._spec = None
            self.refresh_bindings()
            return
        self.edition = edition_id
        self._spec = spec
        info = Text()
        info.append(spec.name, style="bold")
        if spec.year:
            info.append(f"  {spec.year}", style="dim")
        info.append(f"\n\n{spec.description}\n\n")
        info.append("Players ", style="bold")
        info.append(f"{spec.players_min} to {spec.players_max}\n")
        info.append("Money ", style="bold")
        info.append(f"{spec.vocab.money(spec.starting_money)} each to start\n")
        info.append("Words ", style="bold")
        v = spec.vocab
        words = []
        if any(d.house_cost for d in spec.deeds):  # an edition that builds
            words.append(f"{v.houses} and {v.hotels}")
        else:
            words.append(v.currency)
        words += [v.jail, f"the {v.bank}"]
        info.append(", ".join(words) + "\n")
        info.append("Tokens ", style="bold")
        info.append(", ".join(spec.tokens) + "\n")
        if spec.variants:
            info.append("Variants ", style="bold")
            info.append(", ".join(var.name for var in spec.variants) + "\n")
        info.append("\nBoard colours\n", style="bold")
        info_box.update(Group(info, swatches(spec)))
        await self._fill_variants(spec)
        self._show_house_rules(spec)
        await self._fill_players(spec)
        self.refresh_bindings()

    def _show_house_rules(self, spec: Spec) -> None:
        """Only the house rules that change something in this edition are offered (no final
        pass in auctions where nothing is auctioned); the others are hidden and not read.
        Each is named in the edition's words ("No rent from Jail")."""
        from monopoly_tui.engine.house_rules import HOUSE_RULES, applies, house_rule_words
        from monopoly_tui.ui.mechanics import called_words

        called = called_words(spec)  # who wins a game called early, in the edition's terms
        for key in HOUSE_RULES:
            for row in self.query(f"#hr-row-{key}"):
                row.display = applies(spec, key)
            name, desc = house_rule_words(spec, key, called)
            for tick in self.query(f"#hr-{key}").results(Checkbox):
                tick.label = Text(name)
            for info in self.query(f"#hr-info-{key}").results(Label):
                info.update(Text(desc))
        self.sync_rule_inputs()

    # ------------------------------------------------------------------ variant and house rules

    async def _fill_variants(self, spec: Spec) -> None:
        variants = self.query_one("#variants", RadioSet)
        await variants.remove_children()
        self._variant_ids: list[str | None] = [None] + [v.id for v in spec.variants]
        buttons = [Pick("Standard rules")]
        buttons += [Pick(Text(v.name)) for v in spec.variants]
        await variants.mount_all(buttons)
        # Pressed once mounted, so the set knows it (mounted pressed, it did not: choosing
        # a variant left 'Standard rules' pressed too, and choosing it again kept the variant).
        buttons[0].value = True
        # Start the keyboard highlight on the pressed button (Textual starts it on none, so the
        # first arrow press would only highlight the first button).
        variants._selected = 0
        self.query_one("#variant-info", Static).update(
            Text("The edition's rules as printed.", style="dim"))
        await self._fill_options(spec)
        self._show_rounds(None)

    async def _fill_options(self, spec: Spec) -> None:
        """A checkbox per rule the edition's rulebook prints and players may choose (the
        ruleset's ``options``), with what it does; none, and the section is hidden."""
        box = self.query_one("#options", Vertical)
        await box.remove_children()
        rows = []
        for o in spec.options:
            row = Horizontal(Tick(Text(o.name), id=f"opt-{o.id}"),
                             Label(Text(o.description), classes="info"),
                             classes="house-rule option")
            rows.append(row)
        await box.mount_all(rows)
        self.query_one("#options-head", Label).display = bool(spec.options)
        box.display = bool(spec.options)
        await self._fill_mechanic_options(spec)

    async def _fill_mechanic_options(self, spec: Spec) -> None:
        """The choices the edition's mechanics offer before the game (``ui.mechanics``'s
        ``setup_widgets``), each mechanic's in a box of its own; none, and it is hidden."""
        from monopoly_tui.ui.mechanics import screens_for

        box = self.query_one("#mechanic-options", Vertical)
        await box.remove_children()
        boxes = []
        for m in screens_for(spec):
            widgets = m.setup_widgets(spec)
            if widgets:
                boxes.append(Vertical(*widgets, id=f"mech-{m.NAME}", classes="mechanic-options"))
        await box.mount_all(boxes)
        box.display = bool(boxes)

    def _variant_limit(self, variant_id: str | None) -> int:
        """The rounds a variant plays (its ``turn_limit``), or 0 when it has no time limit."""
        if self._spec is None or variant_id is None:
            return 0
        value = self._spec.variant(variant_id).overrides.get("turn_limit")
        return int(value) if isinstance(value, int) else 0

    def _show_rounds(self, variant_id: str | None) -> None:
        """A variant with a time limit: how many rounds is the players' choice (its own number
        to start with), and the house rule's turn limit is not offered beside it."""
        limit = self._variant_limit(variant_id)
        self.query_one("#variant-rounds").display = bool(limit)
        if limit:
            self.query_one("#variant-limit", Input).value = str(limit)
        self.query_one("#hr-row-turn_limit").display = not limit

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        if event.radio_set.id != "variants" or self._spec is None:
            return
        vid = self._variant_ids[event.index] if event.index < len(self._variant_ids) else None
        text = "The edition's rules as printed."
        for v in self._spec.variants:
            if v.id == vid:
                text = v.description
        self.query_one("#variant-info", Static).update(Text(text, style="dim"))
        self._show_rounds(vid)
        self.check_players()

    def chosen_base_variant(self) -> str | None:
        """The variant pressed (None: the standard rules)."""
        index = self.query_one("#variants", RadioSet).pressed_index
        ids = getattr(self, "_variant_ids", [None])
        return ids[index] if 0 <= index < len(ids) else None

    def chosen_options(self) -> list[str]:
        """The printed rules ticked (the ruleset's options), in the edition's order."""
        if self._spec is None:
            return []
        out = []
        for o in self._spec.options:
            try:
                if self.query_one(f"#opt-{o.id}", Checkbox).value:
                    out.append(o.id)
            except Exception:
                continue
        return out

    def chosen_variant(self) -> str | None:
        """The game's variant: the one pressed and the printed rules ticked, joined by '+'
        (``Spec.variant`` reads it), or None for the standard rules with none ticked."""
        parts = [p for p in (self.chosen_base_variant(), *self.chosen_options()) if p]
        return "+".join(parts) or None

    def chosen_rounds(self) -> int | None:
        """The rounds typed for a variant with a time limit; None when it has none, 0 when the
        field does not hold a number of rounds."""
        if not self._variant_limit(self.chosen_base_variant()):
            return None
        try:
            rounds = int(self.query_one("#variant-limit", Input).value)
        except ValueError:
            return 0
        return rounds if 1 <= rounds <= 9999 else 0

    def chosen_house_rules(self) -> dict[str, int | bool]:
        from monopoly_tui.engine.game import HOUSE_RULES

        out: dict[str, int | bool] = {}
        rounds = self.chosen_rounds()
        if rounds is not None:  # the variant's time limit, as many rounds as chosen
            if rounds:
                out["turn_limit"] = rounds
            return out | {k: v for k, v in self._ticked_house_rules(HOUSE_RULES).items()
                          if k != "turn_limit"}
        return self._ticked_house_rules(HOUSE_RULES)

    def _ticked_house_rules(self, house_rules: dict[str, tuple[str, str]]
                            ) -> dict[str, int | bool]:
        out: dict[str, int | bool] = {}
        for key in house_rules:
            try:
                box = self.query_one(f"#hr-{key}", Checkbox)
                row = self.query_one(f"#hr-row-{key}")
            except Exception:
                continue
            if not box.value or not row.display:  # not chosen, or not offered here
                continue
            if key == "turn_limit":
                out[key] = self.chosen_turn_limit() or DEFAULT_TURN_LIMIT
            elif key == "end_at":
                at = self.chosen_end_at()
                if at:
                    out[key] = at
            else:
                out[key] = True
        return out

    # ------------------------------------------------------------------ players

    def rows(self) -> list[PlayerRow]:
        return list(self.query(PlayerRow))

    async def _fill_players(self, spec: Spec) -> None:
        box = self.query_one("#player-rows", FieldsScroll)
        old = [r.seat() for r in self.rows()]
        await box.remove_children()
        seats = old or [Seat("Player 1", "", True), Seat("Computer", "", False)]
        seats = seats[: spec.players_max]
        while len(seats) < spec.players_min:
            seats.append(Seat(f"Computer {len(seats) + 1}", "", False))
        rows = []
        for i, s in enumerate(seats):
            rows.append(PlayerRow(i, s.name, spec.tokens[i % len(spec.tokens)], spec.tokens,
                                  s.human, s.bot))
        await box.mount_all(rows)
        self.query_one("#players-head", Static).update(
            Text(f"{spec.name}: {spec.players_min} to {spec.players_max} players; each needs "
                 "a name and a token of their own.", style="dim"))
        self.call_after_refresh(self.check_players)

    def action_add_player(self) -> None:
        spec = self._spec
        if spec is None or len(self.rows()) >= spec.players_max:
            return
        used = {r.seat().token for r in self.rows()}
        free = [t for t in spec.tokens if t not in used] or list(spec.tokens)
        n = len(self.rows())
        row = PlayerRow(n, f"Computer {n + 1}", free[0], spec.tokens, False)
        self.query_one("#player-rows", FieldsScroll).mount(row)
        # The row counts at once: the last free seat taken, ^t and the button's key go now.
        # The footer redraws its keys after the screen's next refresh, which waits for the new
        # row to be built: it offered ^t a second longer under load (seen in tmux); it is
        # asked to redraw them at once.
        self._show_add(len(self.rows()))
        self.refresh_bindings()
        for footer in self.query(Footer):
            footer.call_later(footer.recompose)
        self.call_after_refresh(self.check_players)

    def _renumber(self) -> None:
        for i, row in enumerate(self.rows()):
            row.index = i
            row.query_one(".seat", Label).update(str(i + 1))

    def problems(self) -> list[str]:
        spec = self._spec
        if spec is None:
            return ["pick an edition first"]
        seats = [r.seat() for r in self.rows()]
        out = self.rules_problems()
        if not spec.players_min <= len(seats) <= spec.players_max:
            out.append(f"{spec.name} is for {spec.players_min} to {spec.players_max} players")
        if any(not s.name for s in seats):
            out.append("every player needs a name")
        # who clashes, by seat number and what they share ('each player needs a different
        # token' left the players to find which two)
        by_name: dict[str, list[int]] = {}
        by_token: dict[str, list[int]] = {}
        for i, s in enumerate(seats):
            if s.name:
                by_name.setdefault(s.name.lower(), []).append(i)
            by_token.setdefault(s.token, []).append(i)
        for at in by_name.values():
            if len(at) > 1:
                out.append(f"{_seats_words(at)} have the same name ({seats[at[0]].name})")
        for token, at in by_token.items():
            if len(at) > 1:
                out.append(f"{_seats_words(at)} have the same token ({token}): each player "
                           "needs a different token")
        return out

    def chosen_turn_limit(self) -> int | None:
        """The rounds typed for the house rule 'Turn limit', when it is ticked and offered;
        0 when the field does not hold a number of rounds (it played 30 rounds while the field
        showed nothing)."""
        try:
            if not self.query_one("#hr-turn_limit", Checkbox).value or \
                    not self.query_one("#hr-row-turn_limit").display:
                return None
            typed = self.query_one("#turn-limit", Input).value
        except Exception:
            return None
        try:
            rounds = int(typed)
        except ValueError:
            return 0
        return rounds if 1 <= rounds <= 9999 else 0

    def chosen_end_at(self) -> int | None:
        """The agreed hour, when 'End at a clock time' is ticked: the next time the clock
        shows the time typed (a Unix time); 0 when the field holds no time of day; None when
        not ticked."""
        try:
            if not self.query_one("#hr-end_at", Checkbox).value:
                return None
            typed = self.query_one("#end-at", Input).value
        except Exception:
            return None
        return clock_end(typed, self.clock()) or 0

    def rules_problems(self) -> list[str]:
        """What is wrong with the variant and rules chosen, and with the choices the edition's
        mechanics offer (said on that step too)."""
        out = []
        if self.chosen_rounds() == 0:
            out.append("the time limit needs a number of rounds (1 to 9999)")
        if self.chosen_turn_limit() == 0:
            out.append("the turn limit needs a number of rounds (1 to 9999)")
        if self.chosen_end_at() == 0:
            out.append("the clock time needs an hour as HH:MM, such as 21:30")
        for m, root in self._mechanic_boxes():
            out += m.setup_problems(root, len(self.rows()))
        return out

    def _mechanic_boxes(self) -> list[tuple[Any, Any]]:
        """Each mechanic with setup choices, and the box its widgets are in."""
        if self._spec is None:
            return []
        from monopoly_tui.ui.mechanics import screens_for

        out = []
        for m in screens_for(self._spec):
            found = self.query(f"#mech-{m.NAME}")
            if found:
                out.append((m, found.first()))
        return out

    def chosen_setup(self) -> dict[str, dict[str, object]]:
        """The choices made for the edition's mechanics, by mechanic (none: empty)."""
        players = len(self.rows())
        out = {}
        for m, root in self._mechanic_boxes():
            choices = m.setup_choices(root, players)
            if choices:
                out[m.NAME] = choices
        return out

    def check_players(self) -> None:
        if not self.is_mounted:
            return
        problems = self.problems() if self.step == "players" else (
            self.rules_problems() if self.step == "rules" else [])
        box = self.query_one("#problems", Static)
        said = "; ".join(problems)  # capitalised, the rest as written ('HH:MM', 'NFL')
        box.update(Text(said[:1].upper() + said[1:], style="yellow") if problems else "")
        rows = self.rows()
        spec = self._spec
        for row in rows:
            # A row just mounted may not have its buttons yet (Enter on "Add a player" crashed
            # with NoMatches on '.remove' when this check came first): its ``Built`` message
            # checks again once it is built. (Asking again after every refresh until then
            # kept the screen busy so the row was never built: Enter on "Add a player" froze
            # the game for good.)
            for remove in row.query(".remove").results(Button):
                remove.disabled = spec is None or len(rows) <= spec.players_min
        try:
            self._show_add(len(rows))
            self.query_one("#start", Button).disabled = bool(self.problems())
        except Exception:
            pass
        self.refresh_bindings()

    def _show_add(self, seats: int) -> None:
        """The "Add a player" button names its key only while a seat can be added (the footer
        too, ``check_action``): at the edition's most seats it says so, and is off."""
        spec = self._spec
        full = spec is None or seats >= spec.players_max
        button = self.query_one("#add", Button)
        button.disabled = full
        label = ADD_LABEL if not full or spec is None else \
            f"All {spec.players_max} seats taken"
        if str(button.label) != label:
            button.label = Text(label)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.check_players()

    def on_player_row_built(self, event: PlayerRow.Built) -> None:
        self.check_players()

    RULE_INPUTS: ClassVar[dict[str, str]] = {"hr-turn_limit": "#turn-limit",
                                             "hr-end_at": "#end-at"}
    """The house rules' own fields (the rounds, the hour), by their tick's id."""

    def sync_rule_inputs(self) -> None:
        """A house rule's own field takes typing only while its rule is ticked (the clock
        time could be typed with 'End at a clock time' unticked, and was then ignored)."""
        for tick_id, field in self.RULE_INPUTS.items():
            for tick in self.query(f"#{tick_id}").results(Checkbox):
                for box in self.query(field).results(Input):
                    box.disabled = not tick.value

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if event.checkbox.id in self.RULE_INPUTS:
            self.sync_rule_inputs()
        self.check_players()

    def on_select_changed(self, event: Select.Changed) -> None:
        if "kind" in event.select.classes and isinstance(event.select.parent, PlayerRow):
            event.select.parent.rename_for_kind(event.value is True)
        self.check_players()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button
        if "remove" in button.classes:
            row = next((r for r in self.rows() if button in r.children), None)
            spec = self._spec
            if row is not None and spec is not None and len(self.rows()) > spec.players_min:
                await row.remove()
                self._renumber()
                self.check_players()
            return
        if button.id == "add":
            self.action_add_player()
        elif button.id == "next":
            self.action_next()
        elif button.id == "back":
            self.action_back()
        elif button.id == "start":
            self.action_start()

    # ------------------------------------------------------------------ start

    def chosen_pace(self) -> str:
        pressed = self.query_one("#pace", RadioSet).pressed_button
        return (pressed.id or "pace-normal")[5:] if pressed is not None else "normal"

    def action_start(self) -> None:
        if self.problems() or self._spec is None or self.edition is None:
            return
        from monopoly_tui.ui.session import Session

        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**31)
        seats = [r.seat() for r in self.rows()]
        try:
            session = Session.new(
                self.edition, seats, seed=seed, variant=self.chosen_variant(),
                house_rules=self.chosen_house_rules(), pace=self.chosen_pace(),
                setup=self.chosen_setup(),
            )
        except (ValueError, KeyError) as e:
            self.query_one("#problems", Static).update(Text(str(e), style=RED))
            return
        app: Any = self.app
        app.start_session(session, first=True, clock=self.clock)
