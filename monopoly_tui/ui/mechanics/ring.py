"""What a player sees of the Ring (``engine/mechanics/ring.py``), in the edition's Ring words:
the bearer's line on their panel, the Ring and its tracker in the centre, the Ring on the
board (after the bearer's token, or alone where it lies), the dialog of a meeting on the way,
a battle's dice, the Ring's clauses in the Rules tab and the end at the end of the track."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Button, Static

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.describe import Words
from monopoly_tui.engine.mechanics.ring import (
    NAME,
    RingSpec,
    ring_bearer,
    ring_circle,
    ring_of,
    ring_space,
)
from monopoly_tui.ui.decisions import DecisionScreen
from monopoly_tui.ui.mechanics import MechanicScreens, register, screens_for
from monopoly_tui.ui.render import Parts, dice_art, dice_width, money, player_tag

if TYPE_CHECKING:
    from monopoly_tui.engine.actions import Action, Event, Pending
    from monopoly_tui.engine.game import Game
    from monopoly_tui.engine.spec import Spec

RING_MARK = "◎"
"""The Ring on the board: after its bearer's token, or alone on the space where it lies."""
RING_STYLE = "bold #f0c040"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def last_battle(events: Iterable[Event]) -> tuple[int, int, tuple[int, ...], int] | None:
    """(challenger, bearer, their two dice, the winner) of the last battle for the Ring decided
    among ``events`` (a tie is rolled again: it decides nothing)."""
    out = None
    for e in events:
        if e.kind == "ring_battle" and e.text != "tie":
            out = (e.player, e.other, e.dice, e.amount)
    return out


def tracker_path(game: Game) -> Parts:
    """The tracker as a path of circles, each with what the Eye costs there and its perks
    (salary at GO, double rent), the one it stands on lit; the end of the track last. A narrow
    centre breaks the path between circles, never between a circle and its words."""
    spec = game.spec
    ring = ring_of(spec)
    if ring is None:
        return Parts([])
    at = ring_circle(game.st)
    parts: list[Text] = []
    for i, c in enumerate(ring.track):
        lit = i == min(at, len(ring.track) - 1)
        part = Text("●" if lit else "○", style="bold #f0c040" if lit else "dim")
        perks = [c.label or str(i)]
        if c.go_salary:
            perks.append(f"{spec.vocab.go} {money(game, c.go_salary)}")
        if c.double_rent:
            perks.append("rent ×2")
        part.append(" " + " ".join(perks), style="bold" if lit else "")
        parts.append(part)
    parts.append(Text(f"◎ {ring.end} +{money(game, ring.end_reward)}", style="#f0c040"))
    return Parts(parts, sep=" ─ ")


def ring_lines(game: Game) -> list[RenderableType]:
    """The Ring's state in the edition's words, for the centre: who bears it (or where it
    lies), the tracker's circle and its path."""
    spec, st = game.spec, game.st
    ring = ring_of(spec)
    if ring is None:
        return []
    bearer = ring_bearer(st)
    lines: list[RenderableType] = []
    circle = ring_circle(st)
    track = ring.track
    label = track[min(circle, len(track) - 1)].label if track else str(circle)
    if bearer >= 0:
        who = Text(f"{_cap(ring.ring)}: ", style="bold #f0c040")
        who.append_text(player_tag(game, bearer))
        lines.append(who)
    else:
        where = ring_space(st)
        place = Words(game).where(where) if 0 <= where < spec.size else "nowhere"
        lines.append(Text(f"{_cap(ring.ring)} lies on {place}", style="#f0c040"))
    lines.append(Text(f"{ring.tracker}: {label} ({circle} of {max(0, len(track) - 1)})"))
    lines.append(tracker_path(game))
    return lines


def ring_rules(spec: Spec) -> list[str]:
    """The Ring's clauses (``engine/mechanics/ring.py``) in the edition's words and numbers."""
    ring = ring_of(spec)
    if ring is None:
        return []
    m = spec.vocab.money
    b = f"the {ring.bearer}"
    out = [
        f"- **{_cap(ring.ring)}**: {b} carries it on their token. Passing or landing on "
        f"{ring.ring} where it lies picks it up. {_cap(b)} may give it to a player met on "
        f"the way, who must take it; a player who meets {b} may {ring.battle} for it: each "
        "rolls one die, the higher takes or keeps it"
        + (f" (a tie keeps it with {b})" if ring.battle_tie == "bearer_keeps"
           else " (a tie is rolled again)") + ".",
        f"- **{_cap(ring.eye)}**: {b} who rolls it on either die drops {ring.ring} where the "
        f"token stands and pays the penalty of the {ring.tracker}'s circle.",
    ]
    circles = []
    for i, c in enumerate(ring.track):
        perks = []
        if c.penalty:
            perks.append(f"{ring.eye} costs {m(c.penalty)}")
        if c.go_salary:
            perks.append(f"{m(c.go_salary)} at {spec.vocab.go}")
        if c.double_rent:
            perks.append("double rent")
        name = c.label if c.label else f"circle {i}"
        circles.append(f"{name}" + (f" ({', '.join(perks)})" if perks else ""))
    end = f"{ring.end}: {b} collects {m(ring.end_reward)}"
    if ring.end_payout:
        # "All players collect rent from the Bank for each of their properties: double in a
        # color set, the Outposts' or the Fortress's rent where built" (end_payouts)
        v = spec.vocab
        end += (f", every player collects from the {v.bank} the rent of each of their "
                f"{v.deeds} not under {v.mortgage} (double for a whole colour group, with "
                f"its {v.houses} or {v.hotel}; a dice rent by a roll), and the game ends")
    else:
        end += " and the game ends"
    circles.append(end)
    out.append(
        f"- **{_cap(ring.tracker)}**: at the start of each of {b}'s turns it moves one circle "
        f"on; it goes back to {ring.start} whenever {ring.ring} changes hands or is dropped "
        f"(a {ring.battle} won by {b} leaves it). The circles: " + "; ".join(circles) + "."
    )
    return out


class RingScreen(DecisionScreen):
    """The Ring on the way: the bearer meets a player (offer the Ring or keep it), or a player
    meets the bearer (battle for it or let them be). Words from the edition's Ring block."""

    kind = A.RING
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "choose('offer_ring')", "Offer it", id="offer"),
        Binding("b", "choose('battle')", "Battle", id="battle"),
        # the footer's words are the button's: keep the Ring and go on (the bearer), or let
        # the bearer be (who meets them); one key, shown in the words of the meeting
        Binding("k", "pass_by('offer')", "Keep it, go on", id="pass_by"),
        Binding("k", "pass_by('battle')", "Let them be", id="let_be"),
    ]

    BUTTONS = (
        ("Offer", "offer_ring", "warning"),
        ("Battle", "battle", "error"),
        ("Go on", "pass_by", "primary"),
    )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """'k' in the meeting's words: shown as the button says it, for the mode it is."""
        if action == "pass_by":
            mode = "offer" if self.pend.context.get("mode") == "offer" else "battle"
            return parameters[0] == mode and self.choice("pass_by") is not None
        return super().check_action(action, parameters)

    def action_pass_by(self, mode: str) -> None:
        """Go on without offering the Ring, or let its bearer be."""
        self.action_choose("pass_by")

    def draw(self) -> None:
        pend = self.pend
        if pend.kind != self.kind:
            return
        game = self.game
        spec, st = game.spec, game.st
        ring = ring_of(spec)
        ring_name = ring.ring if ring is not None else "the Ring"
        ctx = pend.context
        other = int(ctx.get("other", -1))
        other_name = st.players[other].name if 0 <= other < len(st.players) else "someone"
        space = int(ctx.get("space", st.players[pend.player].position))
        where = Words(game).where(space, pend.player) if 0 <= space < spec.size else "here"
        offer = ctx.get("mode") == "offer"
        head = f"meets {other_name} on {where}"
        self.query_one("#head", Static).update(self.heading(head))
        body = Text()
        if offer:
            body.append(f"You bear {ring_name}. Offer it to {other_name}, who must take it, or "
                        "keep it and go on.\n")
            if ring is not None:
                body.append(f"Handing it on sends the {ring.tracker} back to {ring.start}.\n",
                            style="dim")
        else:
            body.append(f"{other_name} bears {ring_name}. Battle for it (each rolls one die, "
                        "the higher takes or keeps it), or let them be.\n")
            if ctx.get("passing"):
                body.append("A battle ends your move here.\n", style="dim")
        body.rstrip()
        lines: list[RenderableType] = [body]
        lines += [line for m in screens_for(spec) for line in m.centre_lines(game)]
        if ring is not None and ctx.get("penalty"):
            lines.append(Text(f"Rolling {ring.eye} now costs the {ring.bearer} "
                              f"{money(game, int(str(ctx['penalty'])))}.", style="dim"))
        self.query_one("#body", Static).update(Group(*lines))
        self.set_button("offer_ring", "offer_ring", f"Offer {ring_name} [o]")
        self.set_button("battle", "battle", f"Battle {other_name} [b]")
        self.set_button("pass_by", "pass_by", "Keep it, go on [k]" if offer else
                        "Let them be [k]")
        self.query_one("#offer_ring", Button).display = offer
        self.query_one("#battle", Button).display = not offer


class RingScreens(MechanicScreens):
    """The Ring's screens."""

    NAME = NAME
    config: RingSpec

    def news_kinds(self) -> frozenset[str]:
        """Who bears the Ring now (taken, dropped, won in a battle) and what it paid out."""
        return frozenset({"ring_taken", "ring_dropped", "ring_battle", "ring_reward",
                          "ring_payout"})

    # (a) dialogs
    def dialogs(self) -> Mapping[str, type[DecisionScreen]]:
        return {A.RING: RingScreen}

    def decision_words(self, game: Game, pend: Pending) -> str | None:
        if pend.kind != A.RING:
            return None
        st = game.st
        word = self.config.ring
        other = pend.context.get("other", -1)
        who = st.players[other].name if isinstance(other, int) and \
            0 <= other < len(st.players) else "a player"
        if pend.context.get("mode") == "offer":
            return f"meets {who}: offer {word} or keep it"
        return f"meets {who}, who bears {word}: battle or go on"

    def choice_label(self, game: Game, action: Action) -> str | None:
        st = game.st
        target = st.players[action.target].name if 0 <= action.target < len(st.players) else ""
        word = self.config.ring
        if action.kind == "offer_ring":
            return f"Offer {word} to {target}".strip()
        if action.kind == "battle":
            return f"Battle {target} for {word}".strip()
        if action.kind == "pass_by":
            return f"Pass {target} by".replace("  ", " ").strip()
        return None

    # (b) panels, centre, dice
    def panel_key(self, game: Game, player: int) -> object:
        return ring_bearer(game.st) == player

    def panel_lines(self, game: Game, player: int) -> list[Text]:
        if ring_bearer(game.st) == player:
            return [Text(f"◎ {self.config.bearer}", style="bold #f0c040")]
        return []

    def centre_lines(self, game: Game) -> list[RenderableType]:
        return ring_lines(game)

    def dice_view(self, game: Game, since_roll: Iterable[Event]) -> Text | None:
        """A battle for the Ring since the last roll: each side's die under their name, side
        by side (as tall as a roll of the dice, so the centre's dice box shows it whole), and
        who has it now."""
        battle = last_battle(since_roll)
        if battle is None:
            return None
        ring = self.config
        p, bearer, dice, winner = battle
        out = Text(ring.battle.capitalize(), style="bold #f0c040")
        out.append("\n")
        box = dice_width(game, 1)  # each name over its own die
        for i, who in enumerate((p, bearer)):
            tag = player_tag(game, who)
            tag.truncate(box, overflow="ellipsis", pad=True)
            if i:
                out.append(" ")
            out.append_text(tag)
        out.append("\n")
        out.append_text(dice_art(game, tuple(dice)))
        if 0 <= winner < len(game.st.players):
            verb = "takes" if winner == p else "keeps"
            said = f"{game.st.players[winner].name} {verb} {ring.ring}"
            if len(said) > dice_width(game, 2):
                said = f"{game.st.players[winner].name} {verb} it"
            out.append("\n" + said, style="bold")
        return out

    # (c) the board
    def board_key(self, game: Game, space: int) -> object:
        return (ring_bearer(game.st), ring_space(game.st) == space)

    def space_marks(self, game: Game, space: int) -> Text | None:
        if ring_space(game.st) == space:  # the Ring lies here, dropped
            return Text(RING_MARK, style=RING_STYLE)
        return None

    def token_marks(self, game: Game, player: int) -> Text | None:
        if ring_bearer(game.st) == player:  # the bearer's token carries the Ring
            return Text(RING_MARK, style=RING_STYLE)
        return None

    # (d) help and results
    def rules_clause(self, spec: Spec, clause: str) -> str:
        ring = self.config
        bearer = f"the {ring.bearer}"
        v = spec.vocab
        words = {
            "doubles_jail": f" (not {bearer})",
            "who_starts": f", and takes {ring.ring}",
            "rent": f"; {bearer} pays no rent",
            "jail": (f". {_cap(bearer)} stays put on the space that sends players to {v.jail}; "
                     f"a card still sends them there, and {ring.ring} drops on the card's space"),
            "taxes": f"; {bearer} pays none of them",
            "end": (f"; or {ring.ring} reaches {ring.end} (see {ring.tracker} above), and the "
                    "most money wins"),
        }
        return words.get(clause, "")

    def rules_section(self, spec: Spec) -> list[str]:
        return ring_rules(spec)

    def end_words(self, game: Game, reason: str) -> str | None:
        ring = self.config
        if reason == ring.end_reason:
            # "Now count up your money. The player with the most wins!"
            return f"the player with the most money when {ring.ring} reached {ring.end}"
        return None


register(RingScreens)
