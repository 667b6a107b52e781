"""The expert's own play of Dungeons & Dragons (``bots.expert_dnd``): each decision kind on a
hand-made position where the right choice is clear."""

from __future__ import annotations

from monopoly_tui.bots import ExpertBot
from monopoly_tui.bots.basic import BasicBot
from monopoly_tui.bots.expert_dnd import rounds_left, trade_gain, worth
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.frames import TradeFrame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.dnd_adventures import (
    A_PAY_SECURE,
    A_ROLL_SECURE,
    SecureFrame,
    card_of,
)
from monopoly_tui.engine.mechanics.dnd_checks import A_NO_ITEM, A_USE_ITEM, CheckFrame, items_of
from monopoly_tui.engine.mechanics.dnd_portals import PortalFrame, in_range
from monopoly_tui.engine.spec import ITEM, LOCATION, PORTAL
from monopoly_tui.engine.state import TradeOffer
from monopoly_tui.rules import load_spec


def _game(players: int = 4) -> Game:
    spec = load_spec("dnd")
    game = Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(players)], seed=0)
    game.st.current = game.st.first_player = 0
    return game


def _loc(game: Game, deed_id: str) -> int:
    return next(d.index for d in game.spec.deeds if d.id == deed_id)


def _locations(game: Game) -> list[int]:
    return [d.index for d in game.spec.deeds if d.kind == LOCATION]


def _decide(game: Game, player: int = 0) -> Action:
    kind, who = game.waiting_for
    assert who == player, (kind, who)
    return ExpertBot(1).decide(game, kind, player)


def _give_item(game: Game, p: int, add: int) -> None:
    deck = game.spec.decks[0]
    ci = next(i for i, c in enumerate(deck.cards) if c.kind == ITEM and c.amount == add
              and not c.reroll and i in game.st.decks[0])
    game.st.decks[0].remove(ci)
    items_of(game, p).append((0, ci))


def _cash(game: Game, *amounts: int) -> None:
    st = game.st
    for p, amount in enumerate(amounts):
        st.bank_net += amount - st.players[p].cash
        st.players[p].cash = amount


def test_the_model_counts_the_rounds_left_and_a_pairs_doubled_tax() -> None:
    """At the start some tens of rounds are left, fewer with fewer locations to secure; the
    partner of a location the expert holds is worth more than twice a lone one's tax."""
    game = _game()
    bot = ExpertBot(1)
    bot.decide(game, *game.waiting_for)  # reads the model
    full = rounds_left(bot, game)
    assert 15 < full < 60
    for d in _locations(game)[:12]:
        game.st.owner[d] = 1
    assert rounds_left(bot, game) < full
    gauntlgrym, menzo = _loc(game, "gauntlgrym"), _loc(game, "menzoberranzan")
    alone = worth(bot, game, 0, menzo, full)
    game.st.owner[gauntlgrym] = 0
    assert worth(bot, game, 0, menzo, full) > 2 * alone


def test_the_expert_pays_for_the_partner_of_its_location_when_rolling_is_a_long_shot() -> None:
    """Menzoberranzan (18 or more) completes the expert's pair early in the game: rolling
    would miss five times in six, paying the price is worth more."""
    game = _game()
    menzo = _loc(game, "menzoberranzan")
    game.st.owner[_loc(game, "gauntlgrym")] = 0
    _cash(game, 1000, 300, 300, 300)
    game.st.frames = [SecureFrame(0, menzo)]
    assert _decide(game).kind == A_PAY_SECURE


def test_the_expert_rolls_when_its_items_make_the_roll_likely() -> None:
    """Phandalin needs 8; with a +5 item held the roll nearly always secures it: no price."""
    game = _game()
    _give_item(game, 0, 5)
    game.st.frames = [SecureFrame(0, _loc(game, "phandalin"))]
    assert _decide(game).kind == A_ROLL_SECURE


def _all_but(game: Game, last: int, owner: int) -> None:
    for d in _locations(game):
        if d != last:
            game.st.owner[d] = owner


def test_the_last_location_is_paid_for_when_ending_the_game_wins_it() -> None:
    """Everything else is secured by another player but the expert is far richer: paying for
    the last location ends the game with the expert the winner."""
    game = _game()
    last = _loc(game, "phandalin")
    _all_but(game, last, 1)
    _cash(game, 5000, 100, 100, 100)
    game.st.frames = [SecureFrame(0, last)]
    assert _decide(game).kind == A_PAY_SECURE


def test_the_last_location_is_not_paid_for_nor_helped_by_items_when_the_end_loses() -> None:
    """Behind at the end: it rolls rather than pay, and uses no item to secure the location
    whose securing would end the game with another player the winner."""
    game = _game()
    last = _loc(game, "menzoberranzan")
    _all_but(game, last, 1)
    _cash(game, 400, 3000, 100, 100)
    game.st.frames = [SecureFrame(0, last)]
    assert _decide(game).kind == A_ROLL_SECURE
    _give_item(game, 0, 5)
    target = card_of(game, last).target
    game.st.frames = [CheckFrame(0, target, "secure", last, target - 2, target - 2)]
    assert _decide(game).kind == A_NO_ITEM


def test_an_item_is_used_when_it_secures_a_location_worth_having() -> None:
    """A missed roll two short of the target, a +3 item held: it uses it."""
    game = _game()
    d = _loc(game, "waterdeep")
    _give_item(game, 0, 3)
    target = card_of(game, d).target
    game.st.frames = [CheckFrame(0, target, "secure", d, target - 2, target - 2)]
    a = _decide(game)
    assert a.kind == A_USE_ITEM and a.target == 0


def test_the_portal_leads_to_an_unsecured_location_not_to_an_opponents_tax() -> None:
    """From a Portal whose range holds an opponent's location and unsecured ones, the expert
    goes to an unsecured one."""
    game = _game()
    spec = game.spec
    portal = next(sp.index for sp in spec.spaces if sp.kind == PORTAL)
    reach = in_range(spec, portal)
    taxed = spec.spaces[reach[0]].deed
    game.st.owner[taxed] = 1
    game.st.frames = [PortalFrame(0, portal, list(reach), [])]
    a = _decide(game)
    assert a.target != reach[0]
    assert game.st.owner[spec.spaces[a.target].deed] < 0


def test_in_jail_the_expert_stays_once_only_the_opponents_taxes_are_left() -> None:
    """Every location is secured by opponents: a move only pays their taxes, so it rolls for
    a 6 rather than pay the fine; with every location still to secure it pays to get out."""
    game = _game()
    pl = game.st.players[0]
    pl.in_jail, pl.position, pl.jail_turns = True, game.spec.jail_space, 0
    assert game.waiting_for == (A.JAIL, 0)
    assert _decide(game).kind == A.A_PAY_FINE
    for d in _locations(game):
        game.st.owner[d] = 1
    assert _decide(game).kind == A.A_ROLL


def test_the_expert_offers_what_is_fair_to_the_owner_for_the_partner_of_its_location() -> None:
    """An opponent holds Waterdeep, the partner of the expert's Neverwinter. With 300 gold the
    expert offers nothing: Waterdeep's fair price (its Adventure card's price, and the pair's
    prices again for the pair it completes) is out of reach with its gold kept. Rich, it
    offers that price, which is also at least what Waterdeep would still bring its owner by
    the expert's model, and less than the pair brings the expert; the basic owner takes it.
    Menzoberranzan, completing the expert's Gauntlgrym, is offered for no less than its fair
    price (800: 270, and 530 for the pair), if at all."""
    game = _game()
    st = game.st
    neverwinter, waterdeep = _loc(game, "neverwinter"), _loc(game, "waterdeep")
    st.owner[neverwinter] = 0
    st.owner[waterdeep] = 2
    st.owner[_loc(game, "gauntlgrym")] = 0
    menzo = _loc(game, "menzoberranzan")
    st.owner[menzo] = 3
    st.stage = "post_move"
    _cash(game, 400, 300, 300, 300)
    assert _decide(game).kind == A.A_END_TURN
    _cash(game, 3000, 300, 300, 300)
    bot = ExpertBot(1)
    a = bot.decide(game, *game.waiting_for)
    assert a.kind == A.A_PROPOSE and a.trade is not None
    offer = a.trade
    assert offer.take_deeds == (waterdeep,) and offer.partner == 2
    pair = card_of(game, neverwinter).price + card_of(game, waterdeep).price
    assert offer.give_cash >= card_of(game, waterdeep).price + pair
    assert trade_gain(bot, game, 2, offer) >= 0  # fair to the owner by the expert's model
    assert trade_gain(bot, game, 0, offer) > 0  # and worth it to the expert (the pair)
    game.act(a)
    assert game.waiting_for == (A.TRADE, 2)
    game.act(BasicBot(2).decide(game, A.TRADE, 2))
    assert st.owner[waterdeep] == 0
    again = bot.decide(game, *game.waiting_for)  # Menzoberranzan: never below its fair price
    if again.kind == A.A_PROPOSE and again.trade is not None:
        assert again.trade.take_deeds == (menzo,)
        assert again.trade.give_cash >= 800 and trade_gain(bot, game, 3, again.trade) >= 0


def test_the_expert_sells_no_location_for_its_printed_amount_but_takes_a_fair_price() -> None:
    """Gauntlgrym and Menzoberranzan are the expert's pair: an offer of Menzoberranzan's
    amount for it (what a basic player's valuation takes) is refused, as is anything that
    completes the other side's pair for less than it gains them; a price above what the
    location would still bring the expert is taken."""
    game = _game()
    st = game.st
    gauntlgrym, menzo = _loc(game, "gauntlgrym"), _loc(game, "menzoberranzan")
    st.owner[gauntlgrym] = st.owner[menzo] = 0
    amount = game.spec.deeds[menzo].price
    cheap = TradeOffer(1, 0, (), (menzo,), give_cash=amount)
    st.frames = [TradeFrame(cheap)]
    assert _decide(game).kind == A.A_REJECT
    _cash(game, 300, 3000, 300, 300)
    rich = TradeOffer(1, 0, (), (menzo,), give_cash=2000)
    st.frames = [TradeFrame(rich)]
    assert _decide(game).kind == A.A_ACCEPT


def _answered(game: Game, offer: TradeOffer) -> None:
    """The basic partner answers ``offer`` (just proposed)."""
    assert game.waiting_for == (A.TRADE, offer.partner)
    game.act(BasicBot(offer.partner).decide(game, A.TRADE, offer.partner))


def test_the_expert_swaps_locations_that_complete_a_pair_for_each_side() -> None:
    """The expert holds Neverwinter and Skullport, the opponent Waterdeep and Mantol-Derith:
    swapping Skullport for Waterdeep gives each side a pair. The expert proposes it, with the
    gold that makes it fair to the opponent by both valuations, and gains by it at least as
    much as the opponent (the orange pair for the red); the basic opponent takes it."""
    game = _game()
    st = game.st
    neverwinter, waterdeep = _loc(game, "neverwinter"), _loc(game, "waterdeep")
    skullport, mantol = _loc(game, "skullport"), _loc(game, "mantol-derith")
    st.owner[neverwinter] = st.owner[skullport] = 0
    st.owner[waterdeep] = st.owner[mantol] = 1
    st.stage = "post_move"
    bot = ExpertBot(1)
    a = bot.decide(game, *game.waiting_for)
    assert a.kind == A.A_PROPOSE and a.trade is not None
    offer = a.trade
    assert (offer.give_deeds, offer.take_deeds, offer.partner) == ((skullport,), (waterdeep,), 1)
    theirs, mine = trade_gain(bot, game, 1, offer), trade_gain(bot, game, 0, offer)
    assert 0 <= theirs <= mine
    game.act(a)
    _answered(game, offer)
    assert (st.owner[waterdeep], st.owner[skullport]) == (0, 1)


def test_the_expert_sells_an_opponent_the_partner_of_their_location_at_a_fair_price() -> None:
    """The expert holds Daggerford, which completes the opponent's brown pair, and nothing of
    the opponent's to want. It sells Daggerford for gold the opponent has: no more than the
    pair brings the opponent by the expert's model (fair), more than Daggerford alone brings
    the expert, and gaining the expert at least as much as the opponent; the basic opponent
    buys. An opponent without gold is sold nothing."""
    game = _game()
    st = game.st
    phandalin, daggerford = _loc(game, "phandalin"), _loc(game, "daggerford")
    st.owner[daggerford] = 0
    st.owner[phandalin] = 1
    st.stage = "post_move"
    bot = ExpertBot(1)
    a = bot.decide(game, *game.waiting_for)
    assert a.kind == A.A_PROPOSE and a.trade is not None
    offer = a.trade
    assert (offer.give_deeds, offer.take_deeds, offer.partner) == ((daggerford,), (), 1)
    assert 0 < offer.take_cash <= st.players[1].cash
    theirs, mine = trade_gain(bot, game, 1, offer), trade_gain(bot, game, 0, offer)
    assert 0 <= theirs <= mine
    assert offer.take_cash > worth(bot, game, 0, daggerford, rounds_left(bot, game))
    game.act(a)
    _answered(game, offer)
    assert st.owner[daggerford] == 1
    game2 = _game()
    game2.st.owner[_loc(game2, "daggerford")] = 0
    game2.st.owner[_loc(game2, "phandalin")] = 1
    game2.st.stage = "post_move"
    _cash(game2, 300, 0, 300, 300)
    other = ExpertBot(1).decide(game2, *game2.waiting_for)
    assert other.trade is None or not other.trade.give_deeds  # (it may offer to buy instead)
