"""Hand-built game states for snapshots, benchmarks and trying the screens.

``late_game`` plays a seeded game for a while with plain choices (so the log, the positions and
the landing counts are real), then sets the deeds by hand: every colour group owned whole by one
player, buildings on every street group (houses, and hotels on some), a few deeds under
mortgage, a Get Out of Jail Free card in a hand. The bank's building supply is kept in step, so
the state is one the rules allow. Same arguments, same state.
"""

from __future__ import annotations

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import buildings as B
from monopoly_tui.engine.spec import STREET
from monopoly_tui.engine.state import close_decisions
from monopoly_tui.ui.session import FirstLegalBot, Seat, Session

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def seats_for(edition: str, n: int, humans: int = 1) -> list[Seat]:
    from monopoly_tui.rules import load_spec

    spec = load_spec(edition)
    return [Seat(NAMES[i], spec.tokens[i], i < humans) for i in range(n)]


def play_plain(session: Session, decisions: int, stop_at_human_roll: bool = True) -> None:
    """Play ``decisions`` plain choices for every seat, then on until a human must roll."""
    bot = FirstLegalBot()
    game = session.game
    for _ in range(decisions):
        if game.over:
            return
        pend = game.pending
        session.play(bot.choose(game, pend.player))
    if stop_at_human_roll:
        for _ in range(500):
            pend = game.pending
            if game.over or (pend.kind == A.ROLL and session.is_human(pend.player)):
                return
            session.play(bot.choose(game, pend.player))


def late_game(edition: str = "classic", players: int = 6, humans: int = 1, seed: int = 7,
              decisions: int = 400) -> Session:
    """A game late on: every group owned, buildings up, mortgages; a human about to roll."""
    session = Session.new(edition, seats_for(edition, players, humans), seed=seed,
                          pace="instant")
    play_plain(session, decisions, stop_at_human_roll=False)
    game = session.game
    spec, st = game.spec, game.st
    alive = [p for p, pl in enumerate(st.players) if not pl.bankrupt]
    top = spec.rules.houses_per_hotel + 1
    st.bank_houses = spec.rules.building_supply_houses
    st.bank_hotels = spec.rules.building_supply_hotels
    for g in spec.groups:
        owner = alive[g.index % len(alive)]
        for d in g.deeds:
            st.owner[d] = owner
            st.mortgaged[d] = False
            B.set_level(spec, st, d, 0)
        if g.kind == STREET:
            level = 1 + g.index % top
            for d in g.deeds:
                if level >= top and st.bank_hotels > 0:
                    B.set_level(spec, st, d, top)
                    st.bank_hotels -= 1
                elif st.bank_houses >= min(level, top - 1):
                    B.set_level(spec, st, d, min(level, top - 1))
                    st.bank_houses -= st.buildings[d]
        elif g.deeds:
            st.mortgaged[g.deeds[0]] = True
    for p in alive:
        st.players[p].cash = 300 + 137 * p
    if len(alive) > 1 and spec.decks and not st.players[alive[1]].cards:
        deck = spec.decks[0]
        for ci, card in enumerate(deck.cards):
            if card.kind == "get_out_of_jail_free" and ci in st.decks[0]:
                st.decks[0].remove(ci)
                st.players[alive[1]].cards.append((0, ci))
                break
    # Back to a plain point of play: a human about to roll (no auction, debt or offer open).
    close_decisions(st)
    st.claims = []
    human = next((p for p in alive if session.is_human(p)), alive[0])
    st.current = human
    st.stage = "pre_roll"
    st.again = False
    st.doubles = 0
    st.players[human].in_jail = False
    session.log.append(f"(The deeds and buildings of this game were set by hand, at round "
                       f"{st.rounds + 1}.)")
    return session
