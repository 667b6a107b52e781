"""The game screen: the board, a panel per player, the centre (dice, last card, the log), and
the flow that gets each decision made.

The flow (``advance``) looks at what the engine waits for after every change:

- a computer seat: its bot chooses, after the chosen pace (instant, normal, slow);
- a human seat rolling or ending the turn: the keys ``r``/Enter and ``e`` (the footer shows
  only what is legal now);
- any other human decision: its modal (``decisions.py``). A decision modal stays open while
  the game waits for that kind of decision (an auction goes round its bidders; a debt is
  settled after several sales), shows whose choice it is, and closes when the engine moves on.

As a human's turn comes round (before its first decision or dialog), what the others did since
their last turn (``ui.news``) shows in a list they close with Enter; a game key closes it and
acts (``news_screen``).

At any time the engine allows, ``m`` opens the property manager and ``t`` the trade builder.
``u`` takes back the last decision when the engine's rule allows it (``engine.undo``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import RichLog, Static

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action, IllegalAction
from monopoly_tui.engine.counts import chosen_round_limit, round_number
from monopoly_tui.engine.describe import level_words
from monopoly_tui.engine.endings import OneOwner
from monopoly_tui.ui.board import Board, SpaceTile, section_word, sections
from monopoly_tui.ui.footer import Footer
from monopoly_tui.ui.mechanics import news_kinds, screens_for
from monopoly_tui.ui.news import CORE_KINDS, since_last_turn
from monopoly_tui.ui.render import (
    Fit,
    Natural,
    Parts,
    card_text,
    dice_art,
    dice_width,
    money,
    player_tag,
    space_card,
)
from monopoly_tui.ui.session import FirstLegalBot, Session, clock_words
from monopoly_tui.ui.style import RED, group_color, player_color
from monopoly_tui.ui.words import decision_parts, decision_words, jail_standing

if TYPE_CHECKING:
    from monopoly_tui.ui.answers import Answer
    from monopoly_tui.ui.decisions import DecisionScreen
    from monopoly_tui.ui.news_screen import NewsScreen
    from monopoly_tui.ui.trade import TradeScreen

ONE_OWNER = OneOwner.NAME
"""The ending by one player owning every deed: each panel says how far its player is."""

INSTANT_BATCH = 200
"""Computer choices played in one go at instant pace before the screen catches up..."""
BATCH_SECONDS = 0.25
"""...or fewer, when they have taken this long already (a master thinks at each of its
decisions): the screen catches up at least this often."""
WATCHDOG_SECONDS = 2.0
"""How often the flow checks that a computer seat is moving (``watch_computers``); longer
than the slowest pace's pause between two computer moves."""
LOG_LINES = 400
"""The lines the game screen's log keeps drawn (scrolling back); each kept line holds its
drawing and Textual's caches of it (several kB), so with 3000 the app grew by about 0.16 MB a
roll late in a game until they were all there. The whole story stays in the session's log, the
save and ``monopoly-tui replay``."""
LOG_DRAWN_LINES = 128
"""How many lines, cut to the log's width, the log keeps ready to draw (it shows a screenful)."""
BANNER_ROWS = 3
"""The banner's rows (``#banner`` in game.tcss): who decides and what, and the game's state."""
CLOCK_CHECK_SECONDS = 1.0
"""How often the agreed hour is looked for while a player thinks (a game that ends at one)."""


class PlayerPanel(Static):
    """One player: money, deeds by colour set, cards, jail; then the lines of the edition's
    mechanics (``ui.mechanics``: what the player carries, say)."""

    def __init__(self, session: Session, player: int) -> None:
        super().__init__(id=f"player-{player}", classes="player")
        self.session = session
        self.player = player
        self.styles.border_left = ("outer", player_color(player))
        self._shown: tuple[object, ...] | None = None
        self._height = -1

    def signature(self) -> tuple[object, ...]:
        game = self.session.game
        st = game.st
        p = self.player
        pl = st.players[p]
        owned = tuple((d, st.buildings[d], st.mortgaged[d])
                      for d in range(len(st.owner)) if st.owner[d] == p)
        deciding = game.waiting_for[1] == p and not st.over
        current = st.current == p and not st.over
        return (pl.cash, pl.bankrupt, pl.in_jail, pl.jail_turns, len(pl.cards), owned,
                current, deciding,
                tuple(m.panel_key(game, p) for m in screens_for(game.spec)), pl.position,
                pl.bankruptcies,
                self.counting_barred())

    def counting_barred(self) -> bool:
        """The player is choosing a tax of 'a flat amount or a share of your worth': the rules
        say choose before you count, so the panel does not count the worth for them."""
        pend = self.session.game.pending
        return pend.kind == A.TAX and pend.player == self.player

    def sync(self) -> None:
        sig = self.signature()
        if sig == self._shown:
            return
        self._shown = sig
        s = self.session
        game = s.game
        spec, st = game.spec, game.st
        p = self.player
        pl = st.players[p]
        v = spec.vocab
        self.set_class(pl.bankrupt, "-bankrupt")
        self.set_class(bool(sig[6]), "-current")
        self.set_class(bool(sig[7]), "-deciding")
        # whose turn it is, and who else is deciding now (an auction's bidder, a trade's
        # partner), by a sign as well as the panel's tint: it reads without colour too
        head = Text("▶ " if sig[6] else "▷ " if sig[7] else "  ", style="bold")
        head.append_text(player_tag(game, p))
        # the name, token and seat kind each whole: a narrow panel (100x30) breaks between
        # them ('· Helmet ·' / 'computer' was broken at the dot); a seat named 'Computer 2'
        # needs no 'computer' after it
        heads = [head, Text(pl.token, style="dim")]
        if not s.seats[p].human and "computer" not in pl.name.lower():
            heads.append(Text("computer", style="dim italic"))
        lines: list[Any] = [Parts(heads, style="bold", sep_style="dim")]
        if pl.bankrupt:
            lines.append(Text("bankrupt", style=f"bold {RED}"))
            self._show(lines)
            return
        # each amount whole on a line: a long one ('4,150 Gold Dragons') wraps before 'worth'
        cash = [Text(money(game, pl.cash), style="bold green")]
        if sig[-1]:
            cash.append(Text("worth: choose the tax first", style="dim italic"))
        else:
            cash.append(Text(f"worth {money(game, P.valuation(spec, st, p))}", style="dim"))
        lines.append(Parts(cash, sep="  "))
        if pl.bankruptcies:  # bankrupt, and still in: the rules keep bankrupt players playing
            times = "" if pl.bankruptcies == 1 else f" {pl.bankruptcies} times"
            lines.append(Text(f"bankrupt{times}, still playing", style="bold yellow"))
        if spec.rules.end == ONE_OWNER:  # the game ends only when one player owns every deed
            n = sum(1 for o in st.owner if o == p)
            total = len(st.owner)
            lines.append(Text(f"{n}/{total} {v.deeds}, {total - n} to go",
                              style="bold" if n == total else "dim"))
        # where the token is on a long track, jail, the cards held: each part whole on a line
        extra: list[Text] = []
        if sections(spec.size)[0] > 1:  # a long track: where the token is, in words
            extra.append(Text(f"on {spec.spaces[pl.position].name}", style="dim"))
        if pl.in_jail:  # in jail, and which try at the dice comes next, of how many
            standing = jail_standing(game, p)
            extra.append(Text(standing[0], style=f"bold {RED}"))
            extra += [Text(part, style=RED) for part in standing[1:]]
        if pl.cards:
            n = len(pl.cards)
            extra.append(Text(f"{n} {v.get_out_of_jail_free} card{'s' if n != 1 else ''}",
                              style="yellow"))
        if extra:
            lines.append(Parts(extra))
        for g in spec.groups:
            owned = [d for d in g.deeds if st.owner[d] == p]
            if not owned:
                continue
            color = group_color(spec, g.index)
            row = Text(no_wrap=False)
            row.append("■" * len(owned), style=color)
            row.append("□" * (len(g.deeds) - len(owned)), style=color)
            row.append(" ")
            for k, d in enumerate(owned):
                if k:
                    row.append(", ", style="dim")
                short = spec.spaces[spec.deeds[d].spaces[0]].short
                level = st.buildings[d]
                if st.mortgaged[d]:
                    row.append(short, style="strike dim")
                    row.append("ᴹ", style=f"bold {RED}")
                else:
                    row.append(short)
                if level:
                    top = spec.rules.houses_per_hotel + 1
                    mark = v.hotel[:1].upper() if level >= top else str(level)
                    row.append(f"[{mark}]", style="green")
            lines.append(row)
        for m in screens_for(spec):
            lines.extend(m.panel_lines(game, p))
        self._show(lines)

    def _show(self, lines: list[Text | Parts]) -> None:
        """Show the lines; a layout pass only when the panel's height changes."""
        width = self.content_size.width
        if width > 0:
            console = self.app.console
            height = sum(len(line.wrap(console, width)) if isinstance(line, Text)
                         else len(line.lines(width)) for line in lines)
        else:
            height = -1
        self.update(Group(*lines), layout=height != self._height or height < 0)
        self._height = height


class GameLog(RichLog, can_focus=False):
    """The log. Nothing on the game screen takes the focus, so the arrow keys always move the
    space cursor; the log scrolls with the mouse and PgUp/PgDn.

    Lines are wrapped when written, for the width at the time: when the width changes (the
    window shrinks or grows) the lines are wrapped again from ``source``, and a log that showed
    the newest line still shows it (it kept the old wrapping and scrolled the newest away)."""

    source: list[str] | None = None
    """The lines to show (the session's log), for wrapping them again."""
    _wrapped_for = -1

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Textual's log keeps each line it drew, cut to the width, for its next frame: up to
        # 1,024 of them, keyed by the line's number in the whole log, so a line pushed out by
        # a newer one stays there too (several kB each, 0.02 MB a roll until it is full). The
        # log shows a screenful: a few screenfuls are all it needs.
        self._line_cache = LRUCache(LOG_DRAWN_LINES)

    def on_resize(self, event: events.Resize) -> None:
        width = event.size.width
        if self.source is None or width <= 0:
            return
        if width == self._wrapped_for:  # only taller or shorter: the newest stays in view
            self.call_after_refresh(self.scroll_end, animate=False, immediate=True)
            return
        first = self._wrapped_for < 0
        self._wrapped_for = width
        if not first:
            self.call_after_refresh(self.rewrap)

    def rewrap(self) -> None:
        """Write the lines again at the width now, the newest in view."""
        if self.source is None:
            return
        keep = self.max_lines or len(self.source)
        self.clear()
        for line in self.source[-keep:]:
            self.write(line, scroll_end=False)
        self.scroll_end(animate=False, immediate=True)


class Sidebar(VerticalScroll, can_focus=False):
    """The player panels (they scroll with the mouse when they do not fit)."""


class Centre(Vertical):
    """Inside the board: what is happening and who must decide, the dice, the last card or the
    selected space's title deed, the lines of the edition's mechanics (``ui.mechanics``) and
    the log."""

    def compose(self) -> ComposeResult:
        yield Static(id="banner")
        with Horizontal(id="info"):
            yield Static(id="dice")
            yield Static(id="detail")
        yield Static(id="mechanics")
        yield GameLog(id="log", wrap=True, markup=False, max_lines=LOG_LINES, auto_scroll=True,
                      min_width=20)


LEASE_CHECK_SECONDS = 2.0
"""How often the game screen looks whether another window took its game over."""


class GameScreen(Screen[None]):
    """Playing a game."""

    CSS_PATH = "game.tcss"

    TAKES_DECISIONS = True
    """The players here decide (a watcher's screen only follows: no key in the banner)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "roll", "Roll", id="roll"),
        Binding("enter", "confirm", "Confirm", show=False, id="confirm"),
        Binding("e", "end_turn", "End turn", id="end_turn"),
        Binding("u", "undo", "Undo", id="undo"),
        Binding("m", "manage", "Manage", id="manage"),
        Binding("t", "trade", "Trade", id="trade"),
        Binding("c", "collect_rent", "Ask for the rent", id="collect_rent"),
        Binding("s", "save", "Save", id="save"),
        Binding("g", "stats", "Stats", id="stats"),
        Binding("h", "hint", "Hint", id="hint"),
        Binding("question_mark", "help", "Help", key_display="?", id="help"),
        Binding("left", "cursor(-1, 0)", "Pick a space", show=False),
        Binding("right", "cursor(1, 0)", "Pick a space", show=False),
        Binding("up", "cursor(0, -1)", "Pick a space", show=False),
        Binding("down", "cursor(0, 1)", "Pick a space", show=False),
        Binding("escape", "clear_cursor", "Back to the card", show=False),

        Binding("pageup", "log_page(-1)", "Scroll the log", show=False),
        Binding("pagedown", "log_page(1)", "Scroll the log", show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._live: DecisionScreen | None = None
        self._aside: Any = None
        self._timer: Timer | None = None
        self._remanage: tuple[int, tuple[str, int] | None] | None = None
        """The manager to open again once the decision it closed for is made: its player and
        row."""
        self._results_shown = False
        self._news: NewsScreen | None = None
        """The list of what happened since a human's last turn, while it is open."""
        self._news_turn: tuple[int, int] | None = None
        """The turn (its player, the engine's count of turns) the list was last considered
        for: once a turn, and never for the turn under way when the screen opened."""
        self._logged = 0
        self._shown: dict[str, object] = {}
        self.save_mark: str | None = None
        """What the banner says while the game is not saved, or None."""
        self.saved_to_file: tuple[int, str] | None = None
        """The decision count and the file of the last 'Save to a file' (while not saved)."""
        self._watched = (-1, 0)
        """(decisions made, looks in a row with none made) at the watchdog's last look."""
        self._timer_due = 0.0
        """When the computer's timer should fire (``time.monotonic``)."""
        count = sections(session.spec.size)[0]
        if count > 1:  # a long track shown a section at a time: keys to show the others
            word = section_word(count)
            self._bindings.bind("right_square_bracket", "section(1)", f"Next {word}",
                                key_display="]")
            self._bindings.bind("left_square_bracket", "section(-1)", f"Previous {word}",
                                show=False, key_display="[")
        self.clock: Callable[[], float] = time.time
        """The wall clock, read for a game that ends at an agreed hour (a test sets its own)."""

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        s = self.session
        with Horizontal(id="main"):
            yield Board(s.game, Centre(id="centre"), id="board")
            with Sidebar(id="sidebar"):
                for p in range(len(s.seats)):
                    yield PlayerPanel(s, p)
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one("#log", GameLog)
        log.source = self.session.log
        for line in self.session.log[-LOG_LINES:]:
            log.write(line)
        self._logged = len(self.session.log)
        self._news_turn = self._turn_key()
        self.query_one("#mechanics").display = any(
            m.has_centre() for m in screens_for(self.session.spec))
        self.query_one("#dice").styles.width = max(18, dice_width(self.session.game) + 1)
        self.refresh_view()
        self.app.screen_change_signal.subscribe(self, self._screen_changed)
        self.call_after_refresh(self.advance)
        if self.session.end_at:  # the agreed hour may come while a player thinks
            self.set_interval(CLOCK_CHECK_SECONDS, self._check_clock)
        self.set_interval(WATCHDOG_SECONDS, self.watch_computers)
        self.set_interval(LEASE_CHECK_SECONDS, self._check_held)

    def _check_clock(self) -> None:
        if self.session.time_call(self.clock()) is not None:
            self.advance()

    def _call_time(self) -> bool:
        """Call time when the agreed hour has come and a turn is about to begin."""
        call = self.session.time_call(self.clock())
        if call is None:
            return False
        try:
            self.session.play(call)
        except IllegalAction:
            return False
        self._autosave()
        return True

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        self.call_after_refresh(self.advance)

    def _screen_changed(self, top: Screen[Any]) -> None:
        """The flow looks again whenever one of its screens is back on top: the game screen
        (it also hears ScreenResume) or the decision dialog it keeps open. A dialog closed over
        that decision dialog (quit?, the palette, 'terminal too small') resumes only the dialog,
        and a computer whose move came meanwhile would wait for ever."""
        if top is self or (self._live is not None and top is self._live):
            self.call_after_refresh(self.advance)

    def on_unmount(self) -> None:
        from monopoly_tui.ui import saves_port

        saves_port.release(self.session)  # another window may open the game now
        self.app.screen_change_signal.unsubscribe(self)
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    # ------------------------------------------------------------------ views

    @property
    def board(self) -> Board:
        return self.query_one(Board)

    def _alive(self) -> bool:
        """Still on the screen stack (a callback may come after the screen was left)."""
        try:
            return self.is_mounted and self in self.app.screen_stack
        except Exception:
            return False

    def refresh_view(self) -> None:
        """Redraw everything from the game state."""
        if not self._alive():
            return
        s = self.session
        self.board.redraw()
        for panel in self.query(PlayerPanel):
            panel.sync()
        self._sync_sidebar()
        self._sync_banner()
        self._sync_dice()
        self._sync_detail()
        lines = [line for m in screens_for(s.spec) for line in m.centre_lines(s.game)]
        if lines:
            self.query_one("#mechanics", Static).update(Group(*lines))
        self._flush_log()
        self._sync_bindings()

    def _sync_bindings(self) -> None:
        """Tell the footer only when the keys that are legal now have changed."""
        key = tuple(self.check_action(a, ()) for a in ("roll", "end_turn", "undo", "manage",
                                                       "trade", "collect_rent", "save"))
        if self._changed("bindings", key):
            self.refresh_bindings()

    def _flush_log(self) -> None:
        lines = self.session.log
        if self._logged < len(lines):
            log = self.query_one("#log", RichLog)
            for line in lines[self._logged:]:
                log.write(line)
            self._logged = len(lines)

    def _sync_sidebar(self) -> None:
        """When the panels do not all fit (four players at 100x30), the panel of whoever
        decides now scrolls into view: without a mouse, players 3 and 4 were never seen."""
        game = self.session.game
        who = game.waiting_for[1]
        if who < 0:
            who = game.st.current
        if who < 0 or not self._changed("sidebar", who):
            return
        sidebar = self.query_one("#sidebar", Sidebar)
        panel = self.query_one(f"#player-{who}", PlayerPanel)
        self.call_after_refresh(sidebar.scroll_to_widget, panel, animate=False, top=False)

    def _changed(self, part: str, key: object) -> bool:
        """Whether a part of the screen must be drawn again (its inputs changed)."""
        if self._shown.get(part) == key:
            return False
        self._shown[part] = key
        return True

    def _sync_banner(self) -> None:
        s = self.session
        game = s.game
        st = game.st
        pend = game.pending
        if not self._changed("banner", (pend.kind, pend.player, st.again, st.rounds,
                                        st.bank_houses, st.bank_hotels, st.pot, st.over,
                                        tuple(sorted(pend.context.items(), key=str))
                                        if pend.kind != A.TRADE else st.decisions,
                                        self.save_mark)):
            return
        banner = self.query_one("#banner", Static)
        if pend.kind == A.GAME_OVER:
            text = Text("Game over", style="bold")
            if 0 <= st.winner < len(st.players):
                text.append(": ")
                text.append_text(player_tag(game, st.winner))
                text.append(" wins")
            banner.update(Group(text, self.header_info()), layout=False)
            return
        p = pend.player
        # the ▶ in the player's colour, not the whole line: the name and token read in the
        # text's colour (a player's colour dimmed for the token was 2.1:1)
        who = Text()
        who.append("▶ ", style=f"bold {player_color(p)}")
        who.append_text(player_tag(game, p, token=True))
        who.append(" ")  # two spaces before the question on the same line

        def line(short: bool, whole: bool) -> Parts:
            """Who, then what they are asked: a narrow centre (100x30) puts the question on a
            line of its own (``whole``: never broken inside, 'in Jail: pay, use a card or roll
            for' / 'doubles'), or breaks it only between its parts ('Eagles & Pittsburgh' /
            'Steelers for $200' was broken inside the name)."""
            human = s.is_human(p)
            parts = [Text(part, style="bold" if human else "italic")
                     for part in decision_parts(game, pend, short=short)]
            if whole:
                parts = [Text(" ").join(parts)]
            key = {A.ROLL: "r", A.END_TURN: "e"}.get(pend.kind) if human and \
                self.TAKES_DECISIONS else None
            if key:
                parts[-1].append(f"  [{key}]", style="bold reverse")
            if not human:
                parts.insert(0, Text("(computer)", style="italic"))
                if whole:
                    parts = [Text(" ").join(parts)]
            return Parts([who, *parts], sep=" ")

        # the whole question and the whole header where they fit the banner's rows; else the
        # header without the edition's name, then the deeds by their short names
        full, brief = self.header_info(), self.header_info(name=False)
        banner.update(Fit([Group(line(short, whole), header) for short in (False, True)
                           for header in (full, brief) for whole in (True, False)],
                          rows=BANNER_ROWS), layout=False)

    def header_info(self, name: bool = True) -> Parts:
        """The edition (without ``name``, not), the round (of how many, under a time limit),
        the bank's buildings and the pot. Each part keeps its words together: a narrow centre
        wraps between parts, never inside one ('ends after round' / '40')."""
        game = self.session.game
        spec, st = game.spec, game.st
        v = spec.vocab
        rounds = f"round {round_number(game)}"
        limit = chosen_round_limit(game)  # (not an edition's own cap no one chose)
        if limit:
            rounds += f" of {limit}"
        parts = [spec.name, rounds] if name else [rounds]
        if self.session.end_at:
            parts.append(f"ends at {clock_words(self.session.end_at)}")
        if any(d.house_cost for d in spec.deeds):  # the bank's buildings, where one builds
            parts += [f"{v.houses} {st.bank_houses}", f"{v.hotels} {st.bank_hotels}"]
        if spec.rules.free_parking_jackpot:
            parts.append(f"{v.pot} {money(game, st.pot)}")
        texts = [Text(part) for part in parts]
        if self.save_mark:  # lasting, until a save writes everything missing; first, so a
            texts.insert(0, Text(f"⚠ {self.save_mark}", style=f"bold {RED}"))  # small screen
        return Parts(texts, style="dim")  # shows it

    def decision_words(self, pend: A.Pending) -> str:
        """What the pending decision asks, in the edition's words (``ui.words``)."""
        return decision_words(self.session.game, pend)

    def _sync_dice(self) -> None:
        s = self.session
        game = s.game
        # a mechanic's own dice since the roll (a duel, a check) show in its place
        view = next((v for m in screens_for(game.spec)
                     if (v := m.dice_view(game, s.since_roll)) is not None), None)
        if not self._changed("dice", (s.last_dice, s.last_roller, view)):
            return
        if view is not None:
            self.query_one("#dice", Static).update(view, layout=False)
            return
        art = dice_art(game, s.last_dice)
        out = Text()
        if s.last_roller >= 0:
            out.append_text(player_tag(game, s.last_roller))
            out.append("\n")
        out.append_text(art)
        if s.last_dice and len(s.last_dice) > 1:
            values = game.spec.dice.values
            out.append(f"\n total {sum(values[f] for f in s.last_dice)}", style="dim")
        self.query_one("#dice", Static).update(out, layout=False)

    def _sync_detail(self) -> None:
        if not self._alive():
            return
        s = self.session
        game = s.game
        detail = self.query_one("#detail", Static)
        width = min(52, max(20, detail.size.width - 1)) if detail.size.width else None
        cursor = self.board.cursor
        key = (cursor, game.st.decisions if cursor >= 0 else s.last_card, width)
        if not self._changed("detail", key):
            return
        compact = self._compact
        if cursor >= 0:
            detail.update(Natural(space_card(game, cursor, width=width, compact=compact)),
                          layout=False)
        else:
            _, deck, card = s.last_card
            if deck >= 0:
                detail.update(Natural(card_text(game, deck, card, width=width)), layout=False)
            else:
                detail.update(Text("Arrow keys or a click show a space's title deed.",
                                   style="dim italic"), layout=False)

    @property
    def _compact(self) -> bool:
        """A small screen: the title deed in its short form."""
        return self.size.height < 44

    def on_resize(self, event: events.Resize) -> None:
        # The centre's info row is as tall as a title deed (its short form on small screens),
        # so drawing a deed or a card never needs a new layout.
        self.query_one("#info").styles.height = 12 if event.size.height < 44 else 18
        self._shown.pop("detail", None)
        self.call_after_refresh(self._sync_detail)

    # ------------------------------------------------------------------ the flow

    def flow_on_top(self) -> bool:
        top = self.app.screen
        return top is self or (self._live is not None and top is self._live)

    def advance(self) -> None:
        """Get the decision the game waits for made (see the module's docstring)."""
        if not self._alive():
            return
        if self.session.game.st.claims and self.session.computer_claims():
            self._autosave()  # a computer owner asked for its rent at once
        if self._live is None and self._aside is None and self.flow_on_top():
            self._call_time()
        self.refresh_view()
        if self._timer is not None or self._aside is not None or not self.flow_on_top():
            return
        s = self.session
        pend = s.pending
        live = self._live
        if live is not None and (live.kind != pend.kind or pend.kind == A.GAME_OVER):
            live.close()  # its callback advances again
            return
        if pend.kind == A.GAME_OVER:
            self.show_results()
            return
        if not s.is_human(pend.player):
            self._remanage = None
            if live is not None:
                live.sync()
            delay = max(0.001, s.delay)
            self._timer = self.set_timer(delay, self._bot_steps)
            self._timer_due = time.monotonic() + delay
            return
        if live is not None:
            live.sync()
            return
        if self._tell_news(pend):
            return
        if pend.kind in (A.ROLL, A.END_TURN):
            back, self._remanage = self._remanage, None
            if back is not None and back[0] in self.manage_players():
                self.action_manage(*back)  # the manager made way for a decision: back to it
            return
        from monopoly_tui.ui.dialogs import decision_screen

        screen = decision_screen(self, pend.kind)
        self._live = screen
        self.app.push_screen(screen, self._live_closed)

    def _live_closed(self, result: object) -> None:
        self._live = None
        self.advance()

    def _turn_key(self) -> tuple[int, int]:
        """The turn under way: its player and the engine's count of turns."""
        st = self.session.game.st
        return st.current, st.turns

    def _tell_news(self, pend: A.Pending) -> bool:
        """As a human's turn comes round, before its first decision: what the others did since
        their last turn (``ui.news``), once a turn, when there is something of note. True
        when the list opened (the flow goes on when it closes)."""
        s = self.session
        st = s.game.st
        key = self._turn_key()
        if key == self._news_turn or pend.player != st.current or st.stage != "pre_roll":
            return False
        self._news_turn = key
        lines = since_last_turn(s.told, pend.player, CORE_KINDS | news_kinds(s.spec))
        if not lines:
            return False
        from monopoly_tui.ui.news_screen import NewsScreen

        screen = NewsScreen(s.game, pend.player, lines, self.game_takes)
        self._news = screen
        self.app.push_screen(screen, self._news_closed)
        return True

    def _news_closed(self, key: str | None) -> None:
        """The list is closed: by a game key, that key acts now; then the flow goes on."""
        self._news = None
        if key is not None:
            self.act_on_key(key)
        self.advance()

    def _key_action(self, key: str) -> tuple[str, tuple[object, ...]] | None:
        """The action a key of the footer would take now (legal now), or None."""
        from textual.actions import parse

        for binding in self._bindings.key_to_bindings.get(key, []):
            if not binding.show:
                continue
            _, name, params = parse(binding.action)
            if self.check_action(name, params):
                return name, params
        return None

    def game_takes(self, key: str) -> bool:
        """Whether ``key`` is one of the footer's keys and its action is legal now (the list
        of news over the screen aside)."""
        return self._key_action(key) is not None

    def act_on_key(self, key: str) -> None:
        """Act on a footer key as if pressed here (a key that closed a list over the
        screen)."""
        found = self._key_action(key)
        if found is not None:
            name, params = found
            getattr(self, f"action_{name}")(*params)

    def watch_computers(self) -> bool:
        """A computer seat always moves on. When the flow is on top with nothing open beside
        it, the decision waited for is a computer's with no move of its asked for (or asked
        for by a timer long overdue), and no decision was made over two looks in a row, its
        wake-up was lost (a timer that never fired, a screen closed without resuming the
        flow): the flow is woken again. True when it had to be."""
        s = self.session
        made = s.game.st.decisions
        waiting = (self._alive() and self.flow_on_top() and self._aside is None
                   and not s.game.over and not s.is_human(s.pending.player)
                   and (self._timer is None
                        or time.monotonic() > self._timer_due + WATCHDOG_SECONDS))
        if not waiting:
            self._watched = (-1, 0)
            return False
        last, looks = self._watched
        looks = looks + 1 if made == last else 0
        self._watched = (made, looks)
        if looks < 1:
            return False
        self._watched = (made, 0)
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.advance()
        return True

    def _bot_steps(self) -> None:
        """Play computer choices: one at a normal pace, a batch at instant pace."""
        self._timer = None
        if not self._alive() or self._aside is not None or not self.flow_on_top():
            return
        s = self.session
        batch = INSTANT_BATCH if s.delay <= 0 else 1
        started = time.monotonic()
        for step in range(batch):
            if step and time.monotonic() - started > BATCH_SECONDS:
                break
            pend = s.pending
            if pend.kind == A.GAME_OVER or s.is_human(pend.player):
                break
            if self._live is not None and self._live.kind != pend.kind:
                break
            try:
                action = s.bot_choice(pend.player)
                s.play(action)
                if s.game.st.claims:
                    s.computer_claims()
            except IllegalAction:
                # A bot asked for something the rules do not allow: take a plain choice.
                try:
                    s.play(FirstLegalBot().choose(s.game, pend.player))
                except IllegalAction as e:
                    self.notify(f"A computer player is stuck: {e.reason}", severity="error")
                    break
            # saved after every decision at every pace: a kill loses none of them
            self._autosave()
        self.advance()

    def play(self, action: Action) -> bool:
        """Play a human's choice; say why when the rules do not allow it."""
        s = self.session
        if self._news is not None:  # a decision made meanwhile (not by the keys): moot now
            self._news.close()
        try:
            events_ = s.play(action)
        except IllegalAction as e:
            self.notify(e.reason, title="Not allowed", severity="error")
            return False
        self._autosave()
        cards = [e for e in events_ if e.kind == "card" and s.is_human(e.player)]
        if cards and self._aside is None:
            from monopoly_tui.ui.decisions import CardScreen

            drawn = cards[-1]
            self.refresh_view()
            card = CardScreen(s.game, drawn.player, drawn.card[0], drawn.card[1])
            live = self._live
            if live is not None and live.kind != s.pending.kind:
                # The dialog whose decision this was (the Jail's roll) goes before the card
                # comes: it stayed drawn under the card. The flow waits for the card, so the
                # dialog's closing does not move it on.
                self._aside = card
                live.close()
            self.open_aside(card)
            return True
        self.advance()
        return True

    def _autosave(self) -> None:
        """Save after the decisions just taken. A save that fails is never forgotten: the
        banner keeps a mark ('not saved since decision 40: the disk is full') and every
        decision tries again, until a save writes everything missing; play goes on."""
        from monopoly_tui.ui import saves_port

        saves_port.autosave(self.session)
        self._update_save_mark()

    def _check_held(self) -> None:
        """Another window may take the game over at any moment: say so at once, not at the
        next decision."""
        from monopoly_tui.ui import saves_port

        if not saves_port.still_held(self.session):
            self._update_save_mark()

    def _update_save_mark(self) -> None:
        """The banner's lasting mark, and a word when it comes or goes."""
        from monopoly_tui.ui import saves_port

        status = saves_port.status(self.session)
        mark = None
        if status is not None and not status.saved:
            mark = ("not saved here: another window took this game over" if status.lost else
                    f"not saved since decision {status.unsaved_since}: {status.problem}")
        if mark != self.save_mark:
            if mark is not None and self.save_mark is None and status is not None:
                if status.lost:
                    self.notify(f"{status.problem}. Save it under a name (s) to go on with "
                                "a copy of your own here.", title="Taken over",
                                severity="warning", timeout=12)
                else:
                    self.notify(f"The game could not be saved: {status.problem}. It keeps "
                                "every decision and tries again after each one.",
                                title="Not saved", severity="warning", timeout=10)
            elif mark is None:
                self.notify("Saved again: every decision is in the saves.", title="Saved",
                            timeout=6)
            self.save_mark = mark
            if self.is_mounted:
                self.refresh_view()
        for note in saves_port.notes(self.session):
            self.notify(note, title="Saved", timeout=10)

    def autosave_now(self) -> None:
        """Try the save again now (the quit question's 'Try again')."""
        self._autosave()

    def open_aside(self, screen: Screen[Any], callback: Any = None) -> None:
        """A screen beside the flow (card, manager, trade builder, help): the flow waits."""
        self._aside = screen

        def done(result: object) -> None:
            self._aside = None
            if callback is not None:
                callback(result)
            self.advance()

        self.app.push_screen(screen, done)

    def answer(self, answer: Answer) -> bool:
        """A dialog's answer (``ui.answers``; the game screen is the dialogs' ``Table``): a
        choice is played (False, and the player told why, when the rules refuse it); an
        ``Ask`` is done: take back the last decision, open the property manager or the trade
        builder, or open the builder with a counter-offer over the offer being answered."""
        if isinstance(answer, Action):
            return self.play(answer)
        if answer.what == "undo":
            self.action_undo()
        elif answer.what == "manage":
            self.action_manage(answer.player)
        elif answer.what == "trade":
            self.action_trade()
        elif answer.what == "counter" and answer.offer is not None:
            self.open_trade(answer.offer, counter=True)
        else:
            return False
        return True

    def show_results(self) -> None:
        if self._results_shown:
            return
        self._results_shown = True
        from monopoly_tui.ui.results import ResultsScreen

        self.app.push_screen(ResultsScreen(self.session))

    # ------------------------------------------------------------------ keys

    def human_pending(self) -> A.Pending | None:
        s = self.session
        pend = s.pending
        if pend.kind == A.GAME_OVER or not s.is_human(pend.player):
            return None
        return pend

    def _flow_idle(self) -> bool:
        return self._aside is None and self._live is None and self._timer is None

    def manage_players(self) -> list[int]:
        """Human players who may build, sell or mortgage now."""
        return self.session.manage_players()

    def trade_players(self) -> list[int]:
        """Human players who may propose a trade now (the engine says who: ``traders``)."""
        return self.session.trade_players()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("roll", "end_turn", "confirm"):
            pend = self.human_pending()
            if pend is None or not self._flow_idle():
                return False
            if action == "roll":
                return pend.kind == A.ROLL
            if action == "end_turn":
                return pend.kind == A.END_TURN
            return pend.kind in (A.ROLL, A.END_TURN)
        if action == "manage":
            return self._aside is None and bool(self.manage_players())
        if action == "trade":
            return self._aside is None and self._live is None and bool(self.trade_players())
        if action == "collect_rent":
            return self._aside is None and self._rent_claim() is not None
        if action == "stats":
            return self._aside is None
        if action == "hint":
            return self.human_pending() is not None and self._flow_idle()
        if action == "section":
            return self.board.count > 1
        if action == "undo":
            return self.may_undo()
        if action == "save":
            from monopoly_tui.ui import saves_port

            return saves_port.available()
        return True

    def may_undo(self) -> bool:
        """Whether a human may take back the last decision now: the engine's rule (their own
        decisions in their turn, nothing random revealed, nobody else decided since) and the
        flow at rest (no computer about to play, no card or manager open)."""
        return self._aside is None and self._timer is None and self.session.can_undo()

    def action_undo(self) -> None:
        """Take back the last decision (``u``, the palette, or ``u`` in a decision dialog);
        the log says what was taken back, and the autosave holds the game before it."""
        if not self.may_undo():
            why = self.session.undo_problem()
            if why:
                self.notify(f"Nothing to take back: {why}.", title="Undo", markup=False)
            return
        self.session.undo()
        self._autosave()
        self.advance()

    def _rent_claim(self) -> Action | None:
        """Rent a human owner may still ask for (editions where the owner must ask)."""
        s = self.session
        if not s.game.st.claims:
            return None
        for p in s.humans:
            for a in s.game.legal_actions(p):
                if a.kind == A.A_COLLECT_RENT:
                    return a
        return None

    def action_collect_rent(self) -> None:
        claim = self._rent_claim()
        if claim is not None:
            self.play(claim)

    def action_roll(self) -> None:
        pend = self.human_pending()
        if pend is not None and pend.kind == A.ROLL and self._flow_idle():
            self.play(Action(A.A_ROLL, pend.player))

    def action_end_turn(self) -> None:
        pend = self.human_pending()
        if pend is not None and pend.kind == A.END_TURN and self._flow_idle():
            self.play(Action(A.A_END_TURN, pend.player))

    def action_confirm(self) -> None:
        pend = self.human_pending()
        if pend is None or not self._flow_idle():
            return
        if pend.kind == A.ROLL:
            self.action_roll()
        elif pend.kind == A.END_TURN:
            self.action_end_turn()

    def action_manage(self, player: int | None = None, at: tuple[str, int] | None = None) -> None:
        players = self.manage_players()
        if not players:
            return
        from monopoly_tui.ui.manage import ManageScreen

        pend = self.session.pending
        first = player if player in players else (
            pend.player if pend.player in players else players[0])
        screen = ManageScreen(self, players, first, at=at)

        def closed(result: object) -> None:
            if isinstance(result, int):
                self._remanage = (result, screen.left_at)

        self.open_aside(screen, closed)

    def action_trade(self) -> None:
        players = self.trade_players()
        if not players:
            return
        pend = self.session.pending
        proposer = pend.player if pend.player in players else players[0]
        from monopoly_tui.engine.state import TradeOffer

        partners = [q for q, pl in enumerate(self.session.game.st.players)
                    if q != proposer and not pl.bankrupt]
        self.open_trade(TradeOffer(proposer, partners[0]))

    def open_trade(self, offer: Any, counter: bool = False) -> None:
        """The trade builder, beside the flow (``counter``: a counter-offer to the offer a
        human answers; the offer's dialog stays under it)."""
        from monopoly_tui.ui import trade

        screen: TradeScreen = (trade.CounterOfferScreen(self, offer) if counter
                               else trade.TradeScreen(self, offer))
        self.open_aside(screen)

    def action_save(self) -> None:
        """Save under a name (suggested: the last name used, or the edition and the date)."""
        from monopoly_tui.ui import saves_port
        from monopoly_tui.ui.load import SaveNameScreen

        if not saves_port.available():
            self.notify("Saving is not available.", severity="warning")
            return
        session = self.session

        def save(name: str, replace: bool = False) -> str:
            return saves_port.save(session, name, replace=replace)

        copied_from = session.save_meta.game_id if session.save_meta is not None else None

        def saved(name: object) -> None:
            if name:
                now = session.save_meta.game_id if session.save_meta is not None else None
                more = (" This window now plays a game of its own; another window plays the "
                        "original." if copied_from is not None and now != copied_from else "")
                self.notify(f"Saved as '{name}'.{more}", markup=False)
                self._update_save_mark()

        self.open_aside(SaveNameScreen(saves_port.suggested_name(session), save), saved)

    def action_stats(self) -> None:
        """The statistics so far: net worth, rent by colour group, the landing heat map."""
        if self._aside is not None:
            return
        from monopoly_tui.ui.charts import StatsScreen

        self.open_aside(StatsScreen(self.session))

    def action_hint(self) -> None:
        """What the master computer player would do at the human's decision, and why."""
        pend = self.human_pending()
        if pend is None or not self._flow_idle():
            return
        from monopoly_tui.ui.hint import hint_text

        self.notify(hint_text(self.session.game, pend.player), title="Hint", timeout=15)

    def action_help(self, tab: str = "keys") -> None:
        """Help (``?``: the keys first; the palette's Rules: the edition's rules first)."""
        from monopoly_tui.ui.help import HelpScreen

        self.open_aside(HelpScreen(self.session.edition, session=self.session, tab=tab))

    def action_cursor(self, dx: int, dy: int) -> None:
        self.board.move_cursor(dx, dy)
        self._sync_detail()

    def action_section(self, step: int) -> None:
        """Show another section of a long track (``]`` the next, ``[`` the previous)."""
        self.board.show_other_section(step)
        self._sync_detail()

    def action_clear_cursor(self) -> None:
        self.board.cursor = -1
        self._sync_detail()

    def action_log_page(self, direction: int) -> None:
        log = self.query_one("#log", RichLog)
        if direction < 0:
            log.scroll_page_up()
        else:
            log.scroll_page_down()

    def on_space_tile_picked(self, message: SpaceTile.Picked) -> None:
        board = self.board
        board.cursor = -1 if board.cursor == message.space else message.space
        self._sync_detail()

    # ------------------------------------------------------------------ words for modals

    def level_text(self, deed: int) -> str:
        return level_words(self.session.game, self.session.game.st.buildings[deed])
