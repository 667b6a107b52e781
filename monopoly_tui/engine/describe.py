"""Events in words: one log line per event, in the edition's vocabulary.

``describe(event, game)`` reads the edition (names of spaces, deeds, decks, the money format,
the words for houses, hotels, jail and their articles...) and the players' names; it changes
nothing. Events that need no line of their own return ``None`` (the line of a companion event
already says it).

One choice can make several events that a player sees as one happening: a deed declined and
its auction, an auction won and its price paid, a fine paid and the prisoner let out, GO's
salary and the move that lands on GO. ``describe_each`` (and ``describe_all``) read the events of
one choice together and tell each such pair in one line that says what really happened, in its
order (the fine paid, or still owed, before "out of Jail"). Trades name what changes hands,
from the offer kept in the game's history of choices.

Pure: no Textual, no Rich markup, plain text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import buildings as B
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action, Event
from monopoly_tui.engine.state import TradeOffer

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game
    from monopoly_tui.engine.spec import Spec

END_REASONS: dict[str, str] = {
    "last_standing": "the last player standing",
    "first_bankruptcy": "the richest player at the first bankruptcy",
    "turn_limit": "the richest player when the rounds ran out",
    "time_called": "the richest player when the agreed hour came",
    "one_owner": "the owner of every property",
}
"""How a game ended, for ``game_over`` (the engine's ``end_reason`` values)."""


def end_reason_words(spec: Spec, reason: str, ranked_by: str) -> str:
    """How a game ended, for ``game_over`` and the results: ``END_REASONS``, where a game
    called early (the rounds, the hour, the first bankruptcy) names what decided it, the most
    cash when a mechanic ranked it by cash (D&D's cap: "the most gold wins"), not the core's
    richest by net worth."""
    from monopoly_tui.engine.state import RANKED_BY_CASH

    how = END_REASONS.get(reason, reason.replace("_", " "))
    if ranked_by == RANKED_BY_CASH and how.startswith("the richest player"):
        how = f"the player with the most {spec.vocab.currency}" + how[len("the richest player"):]
    return how


def describe(event: Event, game: Game) -> str | None:
    """One line for the log, or ``None`` when the event needs no line of its own."""
    fn = _DESCRIBERS.get(event.kind)
    if fn is None:
        # A mechanic's own event: its describer, else its text, if any.
        words = Words(game)
        for m in game.mechanics:
            line = m.describe(words, event)
            if line is not None:
                return line
        return event.text or None
    return fn(Words(game), event)


def describe_all(events: Sequence[Event], game: Game) -> list[str]:
    """The lines for the events of one choice (or of the setup), skipping those without one."""
    return [line for line in describe_each(events, game) if line]


def describe_each(events: Sequence[Event], game: Game) -> list[str | None]:
    """One entry per event of one choice: its line, or ``None`` when another event's line
    says it too (see the module's docstring: pairs told as one happening)."""
    return _tell(events, game)[0]


def describe_told(events: Sequence[Event], game: Game) -> list[tuple[str, tuple[Event, ...]]]:
    """The lines of one choice's events (those of ``describe_all``), each with the events it
    tells: its own event first, then those it says too (the other of a pair told as one
    happening, a mechanic's events told with the move that made them). What a line is about
    is read from its events, not from its words."""
    lines, by = _tell(events, game)
    groups: dict[int, list[Event]] = {i: [e] for i, (e, line) in
                                      enumerate(zip(events, lines, strict=True)) if line}
    for j in sorted(by):
        group = groups.get(by[j])
        if group is not None:
            group.append(events[j])
    return [(line, tuple(groups[i])) for i, line in enumerate(lines) if line]


def _tell(events: Sequence[Event], game: Game) -> tuple[list[str | None], dict[int, int]]:
    """One entry per event (``describe_each``), and which event's line tells each event that
    has none of its own: {the told event's index: the telling event's index}."""
    w = Words(game)
    pairs = _pairs(events, game)
    told = {j for i, (j, _) in pairs.items()}
    arrivals = {j: a for j, a in _arrivals(events, w).items() if j not in told}
    told |= {i for run, _ in arrivals.values() for i in run}
    by = {j: i for i, (j, _) in pairs.items()}
    by.update((k, j) for j, (run, _) in arrivals.items() for k in run)
    out: list[str | None] = []
    for i, e in enumerate(events):
        line: str | None
        if i in told:
            line = None
        elif i in pairs:
            j, tell = pairs[i]
            line = tell(w, e, events[j])
        else:
            line = describe(e, game)
        if i in arrivals and line:
            line = f"{line}, {arrivals[i][1]}"
        out.append(line)
    return out, by


def reason_text(game: Game, reason: str, target: int = -1) -> str:
    """What a debt or payment is for, in words, from ``Debt.reason`` and ``Debt.target`` (the
    deed of a rent, the tax space, the deck of a card...)."""
    return Words(game).reason(reason, target)


def event_target(e: Event) -> int:
    """What a payment's event is about: the deed (rent, auction, interest), the tax space or
    the card's deck, as the engine put it in the event's fields."""
    if e.text == "tax":
        return e.space
    if e.text == "card":
        return e.card[0]
    return e.deed


def dice_text(game: Game, faces: tuple[int, ...]) -> str:
    """Die faces by their labels, e.g. '3 + 4' or 'Eye + 5'."""
    labels = game.spec.dice.labels
    return " + ".join(labels[f] if 0 <= f < len(labels) else str(f) for f in faces)


def roll_text(game: Game, faces: tuple[int, ...], total: int) -> str:
    """A roll and its total, '3 + 4 = 7'; one die shows just its face where the face is the
    total ('4', not '4 = 4')."""
    shown = dice_text(game, faces)
    return shown if len(faces) == 1 and shown == str(total) else f"{shown} = {total}"


def building_words(game: Game, kind: str, count: int = 1) -> str:
    """'a house', '3 Villages', 'a Keep', 'an Outpost'... in the edition's words."""
    v = game.spec.vocab
    if kind == "hotel":
        return v.a_hotel if count == 1 else f"{count} {v.hotels}"
    return v.a_house if count == 1 else f"{count} {v.houses}"


def level_words(game: Game, level: int) -> str:
    """What a building level means: 'no houses', '1 house', '3 houses', 'a hotel'."""
    v = game.spec.vocab
    top = game.spec.rules.houses_per_hotel + 1
    if level <= 0:
        return f"no {v.houses}"
    if level >= top:
        return v.a_hotel
    return f"1 {v.house}" if level == 1 else f"{level} {v.houses}"


class Words:
    """Names and money in the edition's words (what a mechanic's describer gets)."""

    __slots__ = ("game", "spec", "v")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.spec = game.spec
        self.v = game.spec.vocab

    def who(self, p: int) -> str:
        players = self.game.st.players
        if 0 <= p < len(players):
            return players[p].name
        return f"the {self.v.bank}"

    def Who(self, p: int) -> str:
        """The name, capitalised to start a line."""
        s = self.who(p)
        return s[:1].upper() + s[1:]

    def money(self, n: int) -> str:
        return self.v.money(n)

    def deed(self, d: int) -> str:
        deeds = self.spec.deeds
        return deeds[d].name if 0 <= d < len(deeds) else "a deed"

    def space(self, s: int) -> str:
        spaces = self.spec.spaces
        return spaces[s].name if 0 <= s < len(spaces) else "a space"

    def where(self, s: int, player: int = -1) -> str:
        """The space as a place someone stands on or something lies on: the jail corner is
        Just Visiting unless ``player`` is in Jail there (a Ring dropped there lies on Just
        Visiting, not on "In Jail / Just Visiting")."""
        spec = self.spec
        if s == spec.jail_space or (0 <= s < spec.size and spec.spaces[s].kind == "jail"):
            players = self.game.st.players
            if not (0 <= player < len(players) and players[player].in_jail):
                return self.v.just_visiting
        return self.space(s)

    def deck(self, d: int) -> str:
        decks = self.spec.decks
        return decks[d].name if 0 <= d < len(decks) else "the cards"

    def dice(self, faces: tuple[int, ...]) -> str:
        return dice_text(self.game, faces)

    def roll(self, faces: tuple[int, ...], total: int) -> str:
        """A roll and what it counts: '3 + 4 = 7'; one die alone shows just its face ('4'),
        or its face and value where they differ ('Eye = 0')."""
        return roll_text(self.game, faces, total)

    def pot(self) -> str:
        """The pot in the edition's words ('the middle'), else named after the Free Parking
        space where it waits ('the Free Parking pot')."""
        if self.v.pot != "the pot":
            return self.v.pot
        for sp in self.spec.spaces:
            if sp.kind == "free_parking":
                return f"the {sp.name} pot"
        return "the pot"

    def reason(self, reason: str, target: int = -1) -> str:
        """What a payment was for, from a debt's reason and what it is about (a log written
        before payments had their own target said it in the reason: 'rent:12')."""
        kind, _, arg = reason.partition(":")
        n = int(arg) if arg.lstrip("-").isdigit() else target
        if kind == "rent":
            return f"rent for {self.deed(n)}"
        if kind == "tax":
            return self.space(n)
        if kind == "card":
            decks = self.spec.decks
            return decks[n].one_card if 0 <= n < len(decks) else "a card"
        if kind == "jail_fine":
            return f"the fine to leave {self.v.jail}"
        if kind == "auction":
            return f"{self.deed(n)} at auction"
        if kind == "building_auction":
            return "the building won at auction"
        if kind == "interest":
            return f"{self.v.mortgage} interest on {self.deed(n)}"
        if kind == "bankrupt":
            return "everything left"
        for m in self.game.mechanics:
            said = m.reason_words(self, kind, n)
            if said is not None:
                return said
        return reason.replace("_", " ")


def _first_roll(w: Words, e: Event) -> str:
    return f"{w.Who(e.player)} rolled {w.roll(e.dice, e.amount)} to see who goes first"


def _coin_flip(w: Words, e: Event) -> str:
    return (
        f"{w.Who(e.player)} and {w.who(e.other)} flipped a coin: "
        f"{w.who(e.amount)} won the toss"
    )


def _starts(w: Words, e: Event) -> str:
    return f"{w.Who(e.player)} goes first"


def _dealt(w: Words, e: Event) -> str:
    paid = f" and paid {w.money(e.amount)} for it" if e.amount else ""
    return f"{w.Who(e.player)} was dealt {w.deed(e.deed)}{paid}"


def _pot_seeded(w: Words, e: Event) -> str:
    return f"The {w.v.bank} put {w.money(e.amount)} in {w.pot()}"


def _turn(w: Words, e: Event) -> str:
    return f"{w.Who(e.player)}'s turn"


def _undone(w: Words, e: Event) -> str:
    """A decision taken back (``engine.undo``); ``text`` is the kind of choice."""
    return f"{w.Who(e.player)} takes back: {e.text.replace('_', ' ')}"


def _rolled(w: Words, e: Event) -> str:
    faces = e.dice
    doubles = w.spec.dice.doubles and len(faces) > 1 and len(set(faces)) == 1
    tail = ", doubles" if doubles else ""
    if len(faces) > 1:
        return f"{w.Who(e.player)} rolled {w.dice(faces)} = {e.amount}{tail}"
    return f"{w.Who(e.player)} rolled {w.dice(faces)}"


def _moved(w: Words, e: Event) -> str:
    where = w.where(e.space, e.player)
    if e.amount < 0:
        n = -e.amount
        return f"{w.Who(e.player)} went back {n} space{'s' if n != 1 else ''} to {where}"
    if e.amount == 0:
        return f"{w.Who(e.player)} stays on {where}"
    if e.text == "on_the_way":  # a walk stopped on a space it passes (a meeting there)
        return f"{w.Who(e.player)} reached {where} on the way"
    return f"{w.Who(e.player)} moved to {where}"


def _salary(w: Words, e: Event) -> str:
    if e.text == "landed":  # (a move back onto GO)
        return f"{w.Who(e.player)} landed on {w.v.go}: {w.v.salary_of(e.amount)}"
    return f"{w.Who(e.player)} passed {w.v.go}: {w.v.salary_of(e.amount)}"


def _go_bonus(w: Words, e: Event) -> str:
    return f"{w.Who(e.player)} landed right on {w.v.go}: {w.money(e.amount)} more"


def _jailed(w: Words, e: Event) -> str:
    return f"{w.Who(e.player)} was sent to {w.v.jail}"


def _too_many_doubles(w: Words, e: Event) -> str:
    return f"{w.Who(e.player)} rolled doubles {e.amount} times in a row"


def _way_out(w: Words) -> str:
    """The roll that gets a prisoner out: 'doubles', or 'a 6' where a face does."""
    r = w.spec.rules
    if r.jail_roll_for_doubles or not r.jail_leave_on_face:
        return "doubles"
    return f"a {r.jail_leave_on_face}"


def _stays_in_jail(w: Words, e: Event) -> str:
    r = w.spec.rules
    most = 1 if r.jail_exit_next_turn else r.jail_max_turns
    way = _way_out(w)
    no = "no doubles" if way == "doubles" else f"not {way}"
    return f"{w.Who(e.player)} stays in {w.v.jail} ({no}: try {e.amount} of {most})"


def _released(w: Words, e: Event) -> str:
    # (a fine is paid, or owed, in the event beside this one: ``_pairs`` tells them together;
    # alone, this line does not say the fine was paid)
    how = {
        "doubles": "rolled doubles",
        "face": f"rolled {_way_out(w)}",
        "fine": "the fine is due",
        "card": f"used a {w.v.get_out_of_jail_free} card",
        "party": f"{w.who(e.other)} broke them out, landing on {w.v.just_visiting}",
    }.get(e.text, e.text)
    return f"{w.Who(e.player)} is out of {w.v.jail}: {how}"


def _used_card(w: Words, e: Event) -> None:
    return None  # 'released' (text 'card') says it


def _card(w: Words, e: Event) -> str:
    return f"{w.Who(e.player)} drew {w.deck(e.card[0])}: {e.text}"


def _deck_empty(w: Words, e: Event) -> str:
    return f"No cards left in {w.deck(e.card[0])}: {w.who(e.player)} draws nothing"


def _collected(w: Words, e: Event) -> str:
    return f"{w.Who(e.player)} collected {w.money(e.amount)}"


def _bought(w: Words, e: Event) -> str:
    return f"{w.Who(e.player)} bought {w.deed(e.deed)} for {w.money(e.amount)}"


def _declined(w: Words, e: Event) -> str:
    # (the auction that follows, where the edition has them, has its own line)
    return f"{w.Who(e.player)} did not buy {w.deed(e.deed)}"


def _auction(w: Words, e: Event) -> str:
    if e.text:
        return (
            f"The {w.v.bank} is short of {w.v.hotels if e.text == 'hotel' else w.v.houses}: "
            f"{building_words(w.game, e.text)} goes to auction"
        )
    return f"{w.deed(e.deed)} goes to auction"


def _bid(w: Words, e: Event) -> str:
    what = w.deed(e.deed) if e.deed >= 0 else "the building"
    return f"{w.Who(e.player)} bid {w.money(e.amount)} for {what}"


def _dropped_out(w: Words, e: Event) -> str:
    why = ": not enough cash to bid more" if e.text == "cash" else ""
    return f"{w.Who(e.player)} dropped out of the auction{why}"


def _auction_pass(w: Words, e: Event) -> str:
    return f"{w.Who(e.player)} passed (and may still raise while the auction is open)"


def _no_bids(w: Words, e: Event) -> str:
    if e.deed < 0:
        return f"No one bid: {building_words(w.game, e.text or 'house')} stays with the {w.v.bank}"
    return f"No one bid for {w.deed(e.deed)}: it stays with the {w.v.bank}"


def _won_auction(w: Words, e: Event) -> str:
    what = w.deed(e.deed) if e.deed >= 0 else building_words(w.game, e.text or "house")
    return f"{w.Who(e.player)} won {what} at auction for {w.money(e.amount)}"


def _cannot_place(w: Words, e: Event) -> str:
    return (
        f"{w.Who(e.player)} has nowhere to put {building_words(w.game, e.text or 'house')}: "
        f"it stays with the {w.v.bank}"
    )


def _paid(w: Words, e: Event) -> str:
    who, to, amount = w.Who(e.player), e.other, w.money(e.amount)
    kind, n = e.text, event_target(e)
    if kind == "rent":
        return f"{who} paid {amount} rent to {w.who(to)} for {w.deed(n)}"
    if kind == "tax":
        return f"{who} paid {amount} for {w.space(n)}"
    if kind == "jail_fine":
        return f"{who} paid the {amount} fine to leave {w.v.jail}"
    if kind == "bankrupt":
        return f"{who} handed the last {amount} to {w.who(to)}"
    if kind == "card":
        if to >= 0:
            return f"{who} paid {amount} to {w.who(to)} ({w.deck(n)})"
        return f"{who} paid {amount} ({w.deck(n)})"
    if to >= 0:
        return f"{who} paid {amount} to {w.who(to)} for {w.reason(kind, n)}"
    return f"{who} paid {amount} for {w.reason(kind, n)}"


def _in_debt(w: Words, e: Event) -> str:
    return (
        f"{w.Who(e.player)} owes {w.money(e.amount)} to {w.who(e.other)} "
        f"for {w.reason(e.text, event_target(e))} and must raise the cash"
    )


def _tax_percent(w: Words, e: Event) -> str:
    sp = w.spec.spaces[e.space] if 0 <= e.space < w.spec.size else None
    pct = f"{sp.tax_percent}% of " if sp is not None and sp.tax_percent else "a share of "
    return (
        f"{w.Who(e.player)} chose {pct}total worth ({w.money(e.other)}): {w.money(e.amount)}"
    )


def _rent_roll(w: Words, e: Event) -> str:
    return f"{w.Who(e.player)} rolled {w.roll(e.dice, e.amount)} for the rent"


ORDINALS = ("", "next", "second", "third", "fourth", "fifth", "sixth", "seventh")


def claim_window_words(window: int, payer: str) -> str:
    """Until when rent may be asked for (``rules.rent_claim_window``): 'the next player
    rolls', or 'the second player after Ann rolls' ("before the second player following
    throws the dice")."""
    if window <= 1:
        return "the next player rolls"
    nth = ORDINALS[window] if window < len(ORDINALS) else f"{window}th"
    return f"the {nth} player after {payer} rolls"


def _rent_claimable(w: Words, e: Event) -> str:
    window = w.spec.rules.rent_claim_window
    until = "the next roll" if window <= 1 else claim_window_words(window, w.who(e.player))
    return (
        f"{w.Who(e.other)} may ask {w.who(e.player)} for {w.money(e.amount)} rent "
        f"for {w.deed(e.deed)} until {until}"
    )


def _no_rent_in_jail(w: Words, e: Event) -> str:
    return (
        f"{w.Who(e.player)} pays no rent for {w.deed(e.deed)}: "
        f"{w.who(e.other)} is in {w.v.jail}"
    )


def _no_rent_mortgaged(w: Words, e: Event) -> str:
    """A landing on another's mortgaged deed: no rent is due ("Rent cannot be collected on
    mortgaged properties"), said in the edition's word for a mortgage."""
    return (
        f"{w.Who(e.player)} pays no rent for {w.deed(e.deed)}: "
        f"{w.who(e.other)} has it under {w.v.mortgage}"
    )


def _jackpot(w: Words, e: Event) -> str:
    return f"{w.Who(e.player)} took {w.pot()}: {w.money(e.amount)}"


def _built(w: Words, e: Event) -> str:
    return (
        f"{w.Who(e.player)} built {building_words(w.game, e.text or 'house')} on "
        f"{w.deed(e.deed)} (now {level_words(w.game, e.amount)})"
    )


def _sold_building(w: Words, e: Event) -> str:
    if e.text == "all":
        return (
            f"{w.Who(e.player)} sold every building on {w.deed(e.deed)} "
            f"for {w.money(e.amount)}"
        )
    return (
        f"{w.Who(e.player)} sold {building_words(w.game, e.text or 'house')} on "
        f"{w.deed(e.deed)} for {w.money(e.amount)}"
    )


def _mortgaged(w: Words, e: Event) -> str:
    return f"{w.Who(e.player)} took {w.v.a_mortgage} on {w.deed(e.deed)}: {w.money(e.amount)}"


def _unmortgaged(w: Words, e: Event) -> str:
    return (
        f"{w.Who(e.player)} lifted the {w.v.mortgage} on {w.deed(e.deed)} "
        f"for {w.money(e.amount)}"
    )


def _interest(w: Words, e: Event) -> str:
    if not e.amount:
        return f"{w.Who(e.player)} keeps {w.deed(e.deed)} under {w.v.mortgage}"
    return (
        f"{w.Who(e.player)} keeps {w.deed(e.deed)} under {w.v.mortgage} "
        f"and owes {w.money(e.amount)} interest"
    )


def _bankrupt(w: Words, e: Event) -> str:
    to = w.who(e.other) if e.other >= 0 else f"the {w.v.bank}"
    if w.spec.rules.bankrupt_stays_in:
        return f"{w.Who(e.player)} is bankrupt, gives everything to {to}, and plays on"
    return f"{w.Who(e.player)} is bankrupt: everything goes to {to}"


def _game_over(w: Words, e: Event) -> str:
    how = end_reason_words(w.spec, e.text, w.game.st.ranked_by)
    for m in w.game.mechanics:
        how = m.end_words(w, e.text) or how
    return f"Game over: {w.who(e.player)} wins as {how}"


def _trade_proposed(w: Words, e: Event) -> str:
    offer = _offer(w.game, e.player, e.other)
    if offer is None:
        return f"{w.Who(e.player)} offered {w.who(e.other)} a trade"
    gives, takes = _goods(w, offer, True), _goods(w, offer, False)
    return f"{w.Who(e.player)} offered {w.who(e.other)} {gives} for {takes}"


def _trade_accepted(w: Words, e: Event) -> str:
    head = f"{w.Who(e.player)} accepted {w.who(e.other)}'s trade"
    offer = _offer(w.game, e.other, e.player)
    if offer is None:
        return head
    to_partner, to_proposer = _goods(w, offer, True), _goods(w, offer, False)
    if to_proposer == "nothing":  # a gift: "Boardwalk to Bob for nothing"
        return f"{head}: {to_partner} to {w.who(e.player)} for nothing"
    if to_partner == "nothing":
        return f"{head}: {to_proposer} to {w.who(e.other)} for nothing"
    return f"{head}: {to_partner} to {w.who(e.player)}, {to_proposer} to {w.who(e.other)}"


def _offer(game: Game, proposer: int, partner: int) -> TradeOffer | None:
    """The latest offer ``proposer`` made to ``partner`` (proposed, or a counter-offer), from
    the game's history of choices (the state forgets an offer once it is answered)."""
    for action in reversed(game.history):
        t = action.trade
        if action.kind in (A.A_PROPOSE, A.A_COUNTER) and t is not None \
                and t.proposer == proposer and t.partner == partner:
            return t
    return None


# ---------------------------------------------------------------- decisions in words


def action_words(game: Game, action: Action) -> str:
    """A decision in the edition's words, without who takes it ('buy <deed>', 'go through the
    <Portal> to <location>', 'use the <Item card> <its name> on the roll', 'propose a trade to
    <player>: <deed> for <money>'), read from the game as it stands before the decision is
    played (the building a sale takes is the top one then, an item the one held at that place
    then).

    A mechanic's own choices (and the core's it words its own way, the Ring's) are its
    ``action_words``; every other choice is the core's below; a kind nobody knows is its name
    and its deed. The one describer of decisions: the replay's lines, the property manager's
    rows and the list dialogs' fallback all read it."""
    w = Words(game)
    for m in game.mechanics:
        said = m.action_words(w, action)
        if said is not None:
            return said
    tell = _ACTION_WORDS.get(action.kind)
    if tell is not None:
        said = tell(w, action)
        if said is not None:
            return said
    words = action.kind.replace("_", " ")
    if 0 <= action.target < len(game.spec.deeds):
        words += f" {w.deed(action.target)}"
    if action.amount:
        words += f" {w.money(action.amount)}"
    return words


ActionTeller = Callable[["Words", Action], "str | None"]
"""A core choice in words (``action_words``), or None to fall back on its kind."""


def _deed_of(w: Words, action: Action) -> str | None:
    return w.deed(action.target) if 0 <= action.target < len(w.spec.deeds) else None


def _top_building(w: Words, deed: int, leaving: bool) -> str:
    """The building a build adds (``leaving`` False) or a sale takes, on ``deed`` now."""
    top = P.hotel_level(w.spec)
    level = w.game.st.buildings[deed]
    hotel = level >= top if leaving else level + 1 == top
    return building_words(w.game, "hotel" if hotel else "house")


def _build(w: Words, a: Action) -> str | None:
    if _deed_of(w, a) is None:
        return None
    return f"build {_top_building(w, a.target, False)} on {w.deed(a.target)}"


def _sell_building(w: Words, a: Action) -> str | None:
    if _deed_of(w, a) is None:
        return None
    return f"sell {_top_building(w, a.target, True)} on {w.deed(a.target)}"


def _sell_all(w: Words, a: Action) -> str | None:
    groups = w.spec.groups
    if not 0 <= a.target < len(groups):
        return None
    return f"sell every building on {groups[a.target].name}"


def _move_building(w: Words, a: Action) -> str | None:
    """``target`` the space the building leaves, ``amount`` the one it goes to."""
    size = w.spec.size
    if not (0 <= a.target < size and 0 <= a.amount < size):
        return None
    hotel = B.on_space(w.game.st, a.target) >= P.hotel_level(w.spec)
    one = f"the {w.v.hotel}" if hotel else building_words(w.game, "house")
    return f"move {one} from {w.space(a.target)} to {w.space(a.amount)}"


def _collect_rent(w: Words, a: Action) -> str | None:
    claims = w.game.st.claims
    if not 0 <= a.target < len(claims):
        return "ask for the rent owed"
    c = claims[a.target]
    return f"ask {w.who(c.payer)} for the rent on {w.deed(c.deed)}"


def _trade_words(w: Words, offer: TradeOffer) -> str:
    return (f"{w.who(offer.partner)}: {_goods(w, offer, True)} for "
            f"{_goods(w, offer, False)}")


def _propose(w: Words, a: Action) -> str | None:
    return None if a.trade is None else f"propose a trade to {_trade_words(w, a.trade)}"


def _counter(w: Words, a: Action) -> str | None:
    if a.trade is None:
        return None
    return f"turn the trade down and offer one back to {_trade_words(w, a.trade)}"


def _answered(w: Words, a: Action) -> TradeOffer | None:
    """The offer a trade answer is about: the one waiting for this player's answer."""
    if w.game.st.over:
        return None
    pend = w.game.pending
    offer = pend.context.get("offer") if pend.kind == A.TRADE else None
    return offer if isinstance(offer, TradeOffer) and offer.partner == a.player else None


def _accept(w: Words, a: Action) -> str:
    offer = _answered(w, a)
    if offer is None:
        return "accept the trade"
    proposer = w.who(offer.proposer)
    return (f"accept {proposer}'s trade: {_goods(w, offer, True)} from {proposer} for "
            f"{_goods(w, offer, False)}")


def _reject(w: Words, a: Action) -> str:
    offer = _answered(w, a)
    return "turn down the trade" if offer is None else \
        f"turn down {w.who(offer.proposer)}'s trade"


def _tax(w: Words, a: Action) -> str | None:
    spaces = w.spec.spaces
    if not 0 <= a.target < len(spaces):
        return None
    sp = spaces[a.target]
    if a.kind == A.A_TAX_PERCENT:
        return f"pay {sp.tax_percent}% of everything owned for {sp.name}"
    return f"pay {w.money(sp.tax_amount)} for {sp.name}"


def _said(template: str) -> ActionTeller:
    """A choice in ``template``'s words: ``{v.…}`` the edition's vocabulary, ``{money}`` the
    choice's amount, ``{fine}`` the fine to leave jail."""
    def tell(w: Words, a: Action) -> str | None:
        return template.format(v=w.v, money=w.money(a.amount),
                               fine=w.money(w.spec.rules.jail_fine))
    return tell


def _deed_words(template: str) -> ActionTeller:
    """A choice about the deed of its target: ``template`` with ``{deed}`` (and what
    ``_said`` fills in)."""
    def tell(w: Words, a: Action) -> str | None:
        deed = _deed_of(w, a)
        if deed is None:
            return None
        return template.format(deed=deed, v=w.v, money=w.money(a.amount),
                               fine=w.money(w.spec.rules.jail_fine))
    return tell


def _place_building(w: Words, a: Action) -> str | None:
    if _deed_of(w, a) is None:
        return None
    return f"place the building on {w.deed(a.target)}"


def _place_version(w: Words, a: Action) -> str | None:
    if not 0 <= a.target < w.spec.size:
        return None
    return f"place the building on {w.space(a.target)}"


def _player_choice(template: str) -> ActionTeller:
    """A choice about another player (met on the way): ``template`` with ``{player}``."""
    def tell(w: Words, a: Action) -> str | None:
        if not 0 <= a.target < len(w.game.st.players):
            return None
        return template.format(player=w.who(a.target))
    return tell


_ACTION_WORDS: dict[str, ActionTeller] = {
    A.A_ROLL: _said("roll the dice"),
    A.A_PAY_FINE: _said("pay {fine} to leave {v.jail}"),
    A.A_USE_CARD: _said("use a {v.get_out_of_jail_free} card"),
    A.A_BUY: _deed_words("buy {deed}"),
    A.A_AUCTION: _deed_words("put {deed} up for auction"),
    A.A_DECLINE: _deed_words("not buy {deed}"),
    A.A_BID: _said("bid {money}"),
    A.A_DROP: _said("drop out of the auction"),
    A.A_TAX_FLAT: _tax,
    A.A_TAX_PERCENT: _tax,
    A.A_PAY_DEBT: _said("pay the debt"),
    A.A_BANKRUPT: _said("declare bankruptcy"),
    A.A_ACCEPT: _accept,
    A.A_REJECT: _reject,
    A.A_COUNTER: _counter,
    A.A_LIFT: _deed_words("lift the {v.mortgage} on {deed}"),
    A.A_KEEP: _deed_words("keep the {v.mortgage} on {deed}"),
    A.A_PLACE: _place_building,
    A.A_END_TURN: _said("end the turn"),
    A.A_PASS_BY: _player_choice("pass {player} by"),
    A.A_PLACE_VERSION: _place_version,
    A.A_PAY_RENT: _deed_words("pay the rent on {deed}"),
    A.A_BUY_OUT: _deed_words("{v.buy_out} {deed} for {money}"),
    A.A_BUILD: _build,
    A.A_SELL_BUILDING: _sell_building,
    A.A_SELL_ALL: _sell_all,
    A.A_MORTGAGE: _deed_words("{v.mortgage} {deed}"),
    A.A_UNMORTGAGE: _deed_words("lift the {v.mortgage} on {deed}"),
    A.A_PROPOSE: _propose,
    A.A_COLLECT_RENT: _collect_rent,
    A.A_CALL_TIME: _said("call time: the agreed hour has come"),
    A.A_MOVE_BUILDING: _move_building,
}
"""The core's choices in words, by kind (``action_words``)."""


def distinct_places(spec: Spec, spaces: Sequence[int]) -> list[str]:
    """Each of ``spaces`` (board indices) in words a player tells apart from the others
    listed: its name where no other listed space has that name; else its name and the names
    of the spaces either side ('Magic & Mystery between Daggerford and Portal'); and where
    even that is shared, its place counted from the first space too ('…, space 3 from GO')."""
    board = spec.spaces
    size = len(board)
    names = [board[s].name for s in spaces]
    out = list(names)
    shared = {n for n in names if names.count(n) > 1}
    if not shared:
        return out
    for i, s in enumerate(spaces):
        if names[i] in shared:
            out[i] = (f"{names[i]} between {board[(s - 1) % size].name} and "
                      f"{board[(s + 1) % size].name}")
    still = {o for o in out if out.count(o) > 1}
    return [f"{o}, space {s} from {board[0].name}" if o in still else o
            for o, s in zip(out, spaces, strict=True)]


def kept_card_name(spec: Spec, card: tuple[int, int]) -> str:
    """A kept card's name (an Item card a mechanic keeps): its text up to the first full
    stop ("Greatsword")."""
    deck, ci = card
    if not (0 <= deck < len(spec.decks) and 0 <= ci < len(spec.decks[deck].cards)):
        return "a card"
    return spec.decks[deck].cards[ci].text.split(".")[0]


def kept_card_words(spec: Spec, card: tuple[int, int]) -> str:
    """A kept card in a sentence: "the Item card Greatsword" (the edition's word)."""
    return f"the {spec.vocab.item} {kept_card_name(spec, card)}"


def _goods(w: Words, offer: TradeOffer, given: bool) -> str:
    """What one side of a trade hands over: deeds, money and cards (kept ones by name), or
    'nothing'."""
    deeds = offer.give_deeds if given else offer.take_deeds
    cash = offer.give_cash if given else offer.take_cash
    cards = offer.give_cards if given else offer.take_cards
    kept = offer.give_kept if given else offer.take_kept
    items = [w.deed(d) for d in deeds]
    if cash:
        items.append(w.money(cash))
    if cards:
        card = f"{w.v.get_out_of_jail_free} card"
        items.append(f"a {card}" if cards == 1 else f"{cards} {card}s")
    items += [kept_card_words(w.spec, c) for c in kept]
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def _trade_rejected(w: Words, e: Event) -> str:
    """An offer turned down; answered with a counter-offer (the next line says it), it was
    not simply turned down."""
    if e.text == A.COUNTERED:
        return f"{w.Who(e.player)} answered {w.who(e.other)}'s trade with a counter-offer"
    return f"{w.Who(e.player)} turned down {w.who(e.other)}'s trade"


def _trade_failed(w: Words, e: Event) -> str:
    return f"The trade between {w.who(e.other)} and {w.who(e.player)} fell through: {e.text}"


# ---------------------------------------------------------------- one happening, two events

Teller = Callable[[Words, Event, Event], str]
"""The one line for a pair of events (the first, the second)."""


def _declined_to_auction(w: Words, declined: Event, auction: Event) -> str:
    return f"{w.Who(declined.player)} did not buy {w.deed(declined.deed)}: it goes to auction"


def _won_and_paid(w: Words, won: Event, paid: Event) -> str:
    return _won_auction(w, won)


def _fine_paid_then_out(w: Words, paid: Event, released: Event) -> str:
    return (f"{w.Who(paid.player)} paid the {w.money(paid.amount)} fine and is out of "
            f"{w.v.jail}")


def _no_doubles(w: Words, p: int) -> str:
    """'Ann did not roll doubles in 3 tries' (or on the one try a short game allows)."""
    r = w.spec.rules
    most = 1 if r.jail_exit_next_turn else r.jail_max_turns
    tries = f" in {most} tries" if most > 1 else ""
    return f"{w.Who(p)} did not roll {_way_out(w)}{tries}"


def _out_on_the_fine(w: Words, released: Event, paid: Event) -> str:
    return (f"{_no_doubles(w, released.player)}: paid the {w.money(paid.amount)} fine and is "
            f"out of {w.v.jail}")


def _out_owing_the_fine(w: Words, released: Event, debt: Event) -> str:
    return (f"{_no_doubles(w, released.player)}: owes the {w.money(debt.amount)} fine to leave "
            f"{w.v.jail} and must raise the cash")


def _moved_onto_go(w: Words, salary: Event, moved: Event) -> str:
    return f"{_moved(w, moved)}: {w.v.salary_of(salary.amount)}"


def _pairs(events: Sequence[Event], game: Game) -> dict[int, tuple[int, Teller]]:
    """Events told together: {i: (j, teller)} where event i's line, made by the teller from
    events i and j, says event j too (j gets no line of its own)."""
    out: dict[int, tuple[int, Teller]] = {}
    go = game.spec.go_space
    w = Words(game)
    n = len(events)
    for i, e in enumerate(events):
        nxt = events[i + 1] if i + 1 < n else None
        k = e.kind
        if nxt is not None and i not in out and (i + 1) not in out:
            if k == "declined" and nxt.kind == "auction" and nxt.deed == e.deed \
                    and not nxt.text:
                out[i] = (i + 1, _declined_to_auction)
            elif k == "won_auction" and e.deed >= 0 and nxt.kind == "paid" \
                    and nxt.player == e.player and nxt.text == "auction" and nxt.deed == e.deed:
                out[i] = (i + 1, _won_and_paid)
            elif k == "paid" and nxt.kind not in _DESCRIBERS and nxt.player == e.player \
                    and nxt.other == e.other and nxt.amount == e.amount \
                    and nxt.deed == e.deed >= 0:
                # a mechanic's event that says the payment it was made for (a buy-out)
                out[i] = (i + 1, _told_by_second(game))
            elif k not in _DESCRIBERS and nxt.kind == "moved" and nxt.player == e.player \
                    and nxt.space == e.space >= 0 and nxt.space != go \
                    and _arrival(w, e) is None:
                # a mechanic's event that says the move it makes ("went through the Portal
                # to X"): "moved to X" would say it again
                out[i] = (i + 1, _told_by_first(game))
            elif k not in _DESCRIBERS and nxt.kind == "paid" and nxt.text == k \
                    and nxt.player == e.player and nxt.amount == e.amount:
                # a mechanic's event announcing a payment of its own reason, paid at once
                # ("Critical Fail! Ann owes the Bank 50 gold", then "Ann paid 50 gold for a
                # Critical Fail"): the payment's line says it
                out[i] = (i + 1, _told_by_second(game))
            elif k == "jackpot" and nxt.kind == "pot_seeded":
                out[i] = (i + 1, _took_and_refilled)
            elif k == "paid" and e.text == "jail_fine" and nxt.kind == "released" \
                    and nxt.text == "fine" and nxt.player == e.player:
                out[i] = (i + 1, _fine_paid_then_out)
            elif k == "released" and e.text == "fine" and nxt.player == e.player \
                    and nxt.text == "jail_fine" and nxt.kind in ("paid", "in_debt"):
                out[i] = (i + 1, _out_on_the_fine if nxt.kind == "paid" else _out_owing_the_fine)
        if k == "salary":
            # the salary of the lap that ends on GO: said with the move there ("moved to GO:
            # $200 salary"), not as GO passed
            for j in range(i + 1, n):
                later = events[j]
                if later.player != e.player or later.kind not in ("moved", "salary"):
                    continue
                if later.kind == "moved" and later.space == go and later.amount > 0 \
                        and j not in out:
                    out[j] = (i, _swap(_moved_onto_go))
                break
    return out


def _arrival(w: Words, e: Event) -> str | None:
    """What a mechanic's event made on the space a walk reached adds to the move's line."""
    for m in w.game.mechanics:
        words = m.arrival_words(w, e)
        if words is not None:
            return words
    return None


def _arrivals(events: Sequence[Event], w: Words) -> dict[int, tuple[list[int], str]]:
    """Mechanics' events made as a walk reached the space where it stops (the Ring found
    lying there, the players met there), just before the move's own event: {the move's index:
    (the events' indices, what they add to the move's line)}. The move is told first, then
    each in its order: "Ann moved to X, found the Ring lying there and took it"; "Ann reached
    X on the way, found the Ring lying there and took it, with Bob there"."""
    out: dict[int, tuple[list[int], str]] = {}
    for j, move in enumerate(events):
        if move.kind != "moved" or move.space < 0:
            continue
        run: list[tuple[int, str]] = []
        i = j - 1
        while i >= 0:
            e = events[i]
            if e.kind in _DESCRIBERS or e.player != move.player or e.space != move.space:
                break
            words = _arrival(w, e)
            if words is None:
                break
            run.append((i, words))
            i -= 1
        if run:
            run.reverse()
            out[j] = ([k for k, _ in run], ", ".join(words for _, words in run))
    return out


def _took_and_refilled(w: Words, took: Event, seeded: Event) -> str:
    return (f"{_jackpot(w, took)}; the {w.v.bank} put a fresh {w.money(seeded.amount)} "
            f"in {w.pot()}")


def _told_by_second(game: Game) -> Teller:
    """The pair's line is the second event's own (it says the first too)."""
    def told(w: Words, first: Event, second: Event) -> str:
        return describe(second, game) or ""
    return told


def _told_by_first(game: Game) -> Teller:
    """The pair's line is the first event's own (it says the second too)."""
    def told(w: Words, first: Event, second: Event) -> str:
        return describe(first, game) or describe(second, game) or ""
    return told


def _swap(tell: Teller) -> Teller:
    """A teller placed on the second event of its pair (the line comes where that one was)."""
    def told(w: Words, second: Event, first: Event) -> str:
        return tell(w, first, second)
    return told


_DESCRIBERS: dict[str, Callable[[Words, Event], str | None]] = {
    "first_roll": _first_roll,
    "coin_flip": _coin_flip,
    "starts": _starts,
    "dealt": _dealt,
    "pot_seeded": _pot_seeded,
    "turn": _turn,
    "undone": _undone,
    "rolled": _rolled,
    "moved": _moved,
    "salary": _salary,
    "go_bonus": _go_bonus,
    "jailed": _jailed,
    "too_many_doubles": _too_many_doubles,
    "stays_in_jail": _stays_in_jail,
    "released": _released,
    "used_card": _used_card,
    "card": _card,
    "deck_empty": _deck_empty,
    "collected": _collected,
    "bought": _bought,
    "declined": _declined,
    "auction": _auction,
    "bid": _bid,
    "dropped_out": _dropped_out,
    "auction_pass": _auction_pass,
    "no_bids": _no_bids,
    "won_auction": _won_auction,
    "cannot_place": _cannot_place,
    "paid": _paid,
    "in_debt": _in_debt,
    "tax_percent": _tax_percent,
    "rent_roll": _rent_roll,
    "rent_claimable": _rent_claimable,
    "no_rent_in_jail": _no_rent_in_jail,
    "no_rent_mortgaged": _no_rent_mortgaged,
    "jackpot": _jackpot,
    "built": _built,
    "sold_building": _sold_building,
    "mortgaged": _mortgaged,
    "unmortgaged": _unmortgaged,
    "interest": _interest,
    "bankrupt": _bankrupt,
    "game_over": _game_over,
    "trade_proposed": _trade_proposed,
    "trade_accepted": _trade_accepted,
    "trade_rejected": _trade_rejected,
    "trade_failed": _trade_failed,
}
"""Every event kind the engine emits, and its line."""


KNOWN_KINDS = frozenset(_DESCRIBERS)
"""The core's event kinds (a mechanic's own are its ``event_kinds``)."""


def known_kinds(game: Game) -> frozenset[str]:
    """Every event kind a game of this edition has a line for: the core's and its
    mechanics'."""
    out = set(KNOWN_KINDS)
    for m in game.mechanics:
        out |= m.event_kinds()
    return frozenset(out)
