"""Game states built by hand for the UI tests: a human facing each kind of decision.

The engine derives what it waits for from the state alone, so setting the state's fields puts a
game at any decision (the same states a real game reaches).
"""

from __future__ import annotations

from driver import new_session

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.frames import (
    BuyFrame,
    DebtsFrame,
    PlaceBuildingFrame,
    TaxFrame,
    TransfersFrame,
)
from monopoly_tui.engine.state import Debt, MortgagedTransfer
from monopoly_tui.ui.session import Session


def deed_id(session: Session, name: str) -> int:
    return next(d.index for d in session.spec.deeds if d.name == name)


def give_group(session: Session, player: int, group_id: str) -> list[int]:
    spec, st = session.spec, session.game.st
    g = next(g for g in spec.groups if g.id == group_id)
    for d in g.deeds:
        st.owner[d] = player
    return list(g.deeds)


def at_buy(session: Session, player: int, deed: int) -> None:
    """The player stands on an unowned deed and must buy it or send it to auction."""
    st = session.game.st
    st.current = player
    st.players[player].position = session.spec.deeds[deed].spaces[0]
    st.stage = "post_move"
    st.frames = [BuyFrame(st.current, deed)]


def in_jail(session: Session, player: int, card: bool = False) -> None:
    st = session.game.st
    pl = st.players[player]
    st.current = player
    pl.in_jail = True
    pl.jail_turns = 0
    pl.position = session.spec.jail_space
    st.stage = "pre_roll"
    if card:
        deck = st.decks[0]
        spec_deck = session.spec.decks[0]
        ci = next(i for i in deck if spec_deck.cards[i].kind == "get_out_of_jail_free")
        deck.remove(ci)
        pl.cards.append((0, ci))


def at_tax(session: Session, player: int) -> int:
    """The player landed on a tax space that offers flat-or-percent (NFL)."""
    st = session.game.st
    space = next(s.index for s in session.spec.spaces if s.kind == "tax" and s.tax_percent)
    st.current = player
    st.players[player].position = space
    st.stage = "post_move"
    st.frames = [TaxFrame(st.current, space)]
    return space


def in_debt(session: Session, player: int, creditor: int, amount: int, reason: str,
            target: int = -1) -> None:
    """The player owes ``amount`` to ``creditor`` for ``reason`` (about ``target``: the deed
    of a rent, the tax space...)."""
    st = session.game.st
    st.current = player if st.current < 0 else st.current
    st.stage = "post_move"
    st.frames.append(DebtsFrame([Debt(player, creditor, amount, reason, target=target)]))


def mortgaged_transfer(session: Session, player: int, deed: int) -> None:
    st = session.game.st
    st.owner[deed] = player
    st.mortgaged[deed] = True
    st.stage = "post_move"
    st.frames.append(TransfersFrame([MortgagedTransfer(player, deed)]))


def place_building(session: Session, player: int, group_id: str) -> list[int]:
    deeds = give_group(session, player, group_id)
    st = session.game.st
    st.stage = "post_move"
    st.frames.append(PlaceBuildingFrame(player, "house", 0))
    return deeds


def landing_on_cards(session: Session, player: int) -> None:
    """Put the player where their next roll draws a card (tried on copies of the game)."""
    game = session.game
    st = game.st
    st.current = player
    st.stage = "pre_roll"
    for start in range(session.spec.size):
        trial = game.copy()
        trial.st.players[player].position = start
        events = trial.act(A.Action(A.A_ROLL, player))
        if any(e.kind == "card" for e in events) and not trial.st.players[player].in_jail:
            st.players[player].position = start
            return
    raise AssertionError("no start space draws a card with this seed")


def two_humans(edition: str = "classic", seed: int = 1, **kw: object) -> Session:
    return new_session(edition, [("Ann", True), ("Bob", True)], seed=seed, **kw)


def human_and_computer(edition: str = "classic", seed: int = 1, **kw: object) -> Session:
    return new_session(edition, [("Ann", True), ("Bob", False)], seed=seed, **kw)
