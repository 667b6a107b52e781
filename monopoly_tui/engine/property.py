"""Deeds: rent, buildings, mortgages and worth, as the rulebooks state them.

Pure functions of the edition (``Spec``) and the ``GameState``; nothing here changes the state.
"""

from __future__ import annotations

from monopoly_tui.engine.spec import COUNT_RENT, DICE_RENT, LOCATION, STREET, Spec
from monopoly_tui.engine.state import GameState


def hotel_level(spec: Spec) -> int:
    """The building level that stands for a hotel: one more than the houses before a hotel."""
    return spec.rules.houses_per_hotel + 1


def owns_group(spec: Spec, st: GameState, player: int, group: int) -> bool:
    """Whether one player owns every deed of a group."""
    owner = st.owner
    return all(owner[d] == player for d in spec.groups[group].deeds)


def group_has_buildings(spec: Spec, st: GameState, group: int) -> bool:
    b = st.buildings
    return any(b[d] for d in spec.groups[group].deeds)


def count_owned(spec: Spec, st: GameState, player: int, group: int) -> int:
    owner = st.owner
    return [owner[d] for d in spec.groups[group].deeds].count(player)


def street_rent(spec: Spec, st: GameState, deed: int, space: int = -1) -> int:
    """A street's rent on one of its spaces (``space``; -1: the street's own, where it has one
    space): the printed rent, doubled when the owner holds the whole colour group with none of
    it mortgaged (or, under ``set_rent_despite_mortgage``, even with some of it mortgaged) and
    this space unimproved; with buildings on this space, the building rent. (A street with
    versions charges building rent only on the version holding the building.)"""
    d = spec.deeds[deed]
    level = st.placed[space] if space >= 0 else st.buildings[deed]
    if level:
        if level >= hotel_level(spec):
            return d.rent[-1]
        return d.rent[level]
    owners, mortgaged = st.owner, st.mortgaged
    owner = owners[deed]
    despite = spec.rules.set_rent_despite_mortgage
    for g in spec.groups[d.group].deeds:
        if owners[g] != owner or (mortgaged[g] and not despite):
            return d.rent[0]
    return d.rent[0] * 2


def count_rent(spec: Spec, st: GameState, deed: int) -> int:
    """Count-based rent (railroads): set by how many of the group the owner holds."""
    d = spec.deeds[deed]
    n = count_owned(spec, st, st.owner[deed], d.group)
    if n == 1 and d.rent_alone >= 0:
        return d.rent_alone
    table = spec.groups[d.group].rent_by_count
    return table[min(n, len(table)) - 1]


def rent_due(
    spec: Spec,
    st: GameState,
    deed: int,
    roll_total: int,
    rent_multiplier: int = 1,
    dice_multiplier: int = 0,
    new_roll: int = 0,
    space: int = -1,
) -> int:
    """The rent a visitor owes on an owned, unmortgaged deed.

    ``roll_total`` is the roll that brought the visitor; ``new_roll`` a roll made now (for
    dice-based rents that ask for one, and for the card that says 'roll and pay ten times');
    ``space`` the space landed on (a street's building rent is the buildings on that space).
    """
    d = spec.deeds[deed]
    if d.kind == STREET:
        return street_rent(spec, st, deed, space) * rent_multiplier
    if d.kind == COUNT_RENT:
        return count_rent(spec, st, deed) * rent_multiplier
    if d.kind == LOCATION:  # a secured location's tax: its amount, double for the whole pair
        whole = count_owned(spec, st, st.owner[deed], d.group) == len(spec.groups[d.group].deeds)
        return d.rent[0] * (2 if whole else 1) * rent_multiplier
    if d.kind == DICE_RENT:
        if dice_multiplier:
            return dice_multiplier * new_roll
        n = count_owned(spec, st, st.owner[deed], d.group)
        table = spec.groups[d.group].dice_rent
        entry = table[min(n, len(table)) - 1]
        roll = new_roll if entry.new_roll else roll_total
        return entry.multiplier * roll * rent_multiplier
    raise ValueError(f"deed {d.id} is not a property kind with rent")  # pragma: no cover


def dice_rent_needs_new_roll(spec: Spec, st: GameState, deed: int) -> tuple[bool, int]:
    """Whether a dice-based rent asks the visitor to roll now, and with how many dice."""
    d = spec.deeds[deed]
    n = count_owned(spec, st, st.owner[deed], d.group)
    table = spec.groups[d.group].dice_rent
    entry = table[min(n, len(table)) - 1]
    return entry.new_roll, entry.dice


def building_value(spec: Spec, st: GameState, deed: int) -> int:
    """What the buildings on a deed cost to buy (a hotel counts with the houses it replaced)."""
    level = st.buildings[deed]
    if not level:
        return 0
    d = spec.deeds[deed]
    h = spec.rules.houses_per_hotel
    if level > h:
        return h * d.house_cost + d.hotel_cost
    return level * d.house_cost


def unmortgage_cost(spec: Spec, deed: int) -> int:
    """The mortgage value plus interest (rounded up)."""
    m = spec.deeds[deed].mortgage
    return m + mortgage_interest(spec, deed)


def mortgage_interest(spec: Spec, deed: int) -> int:
    """The interest on a deed's mortgage (10% of it, always rounded up to whole money)."""
    m = spec.deeds[deed].mortgage
    return -(-m * spec.rules.mortgage_interest_percent // 100)


def transfer_interest(spec: Spec, deed: int) -> int:
    """What the new owner of a mortgaged deed pays to keep it mortgaged: the interest in
    classic; nothing where the edition has no such fee (Lord of the Rings: 'Repay the
    mortgage ... Or keep the mortgage')."""
    return mortgage_interest(spec, deed) if spec.rules.mortgage_transfer_interest else 0


def share(spec: Spec, amount: int, percent: int) -> int:
    """A percentage of an amount in whole money, rounded as the edition says
    (``half_rounding``: down in classic, up in Lord of the Rings, where the coins are M1)."""
    if spec.rules.half_rounding == "up":
        return -(-amount * percent // 100)
    return amount * percent // 100


def sell_price(spec: Spec, cost: int) -> int:
    """One building sells back to the bank at a share of its cost (half; rounded as the
    edition says: classic down, Lord of the Rings up, so an M1 Outpost sells for M1)."""
    return share(spec, cost, spec.rules.building_sell_percent)


def buildings_sale_value(spec: Spec, st: GameState, deed: int) -> int:
    """What every building on a deed sells for, each building at its own sale price (a
    hotel with the houses it replaced), so selling all at once pays what selling one by one
    would."""
    level = st.buildings[deed]
    if not level:
        return 0
    d = spec.deeds[deed]
    h = spec.rules.houses_per_hotel
    if level > h:
        return h * sell_price(spec, d.house_cost) + sell_price(spec, d.hotel_cost)
    return level * sell_price(spec, d.house_cost)


def can_build(spec: Spec, st: GameState, player: int, deed: int) -> str:
    """Why a building cannot go on this deed now, or '' when it can.

    Only on a street of a whole colour group the player owns with nothing mortgaged, evenly
    (never more than one level above the lowest street of the group), houses up to the
    number before a hotel, then one hotel; the bank must have the building and the player
    the money.
    """
    d = spec.deeds[deed]
    if d.kind != STREET:
        return "only streets take buildings"
    if st.owner[deed] != player:
        return "you do not own it"
    if spec.rules.build_on_own_turn and st.current != player:
        return "only on your own turn"
    group = spec.groups[d.group].deeds
    owner, mortgaged, b = st.owner, st.mortgaged, st.buildings
    for g in group:
        if owner[g] != player:
            return "you do not own the whole colour group"
        if mortgaged[g]:
            return "a deed of the group is mortgaged"
    level = b[deed]
    top = hotel_level(spec)
    if level >= top:
        return "it already has the most buildings it can"
    if spec.rules.even_building and any(b[g] < level for g in group):  # (above the lowest)
        return "build evenly: the other streets of the group need one first"
    if level + 1 == top:
        if st.bank_hotels <= 0:
            return f"the {spec.vocab.bank} has no {spec.vocab.hotels} left"
        if st.players[player].cash < d.hotel_cost:
            return "not enough cash"
    else:
        if st.bank_houses <= 0:
            return f"the {spec.vocab.bank} has no {spec.vocab.houses} left"
        if st.players[player].cash < d.house_cost:
            return "not enough cash"
    return ""


def can_sell_building(spec: Spec, st: GameState, player: int, deed: int) -> str:
    """Why a building on this deed cannot be sold now, or '' when it can.

    Buildings sell evenly (from the most built street of the group first); a hotel goes back
    as houses, so the bank must have enough houses to break it.
    """
    d = spec.deeds[deed]
    if st.owner[deed] != player:
        return "you do not own it"
    level = st.buildings[deed]
    if not level:
        return "there is nothing built on it"
    group = spec.groups[d.group].deeds
    if spec.rules.even_building and level < max(st.buildings[g] for g in group):
        return "sell evenly: sell from the most built street of the group first"
    if level == hotel_level(spec) and st.bank_houses < spec.rules.houses_per_hotel:
        v = spec.vocab
        return (f"the {v.bank} has too few {v.houses} to break the {v.hotel}; sell all the "
                "group's buildings")
    return ""


def can_mortgage(spec: Spec, st: GameState, player: int, deed: int) -> str:
    """Why a deed cannot be mortgaged now, or '' when it can: it must be the player's, have a
    mortgage value (a deed printed without one is never mortgaged: it would raise nothing),
    unmortgaged, with no buildings anywhere in its group (where buildings belong to their
    street, ``building_scope: street``: none on it: "To mortgage a property, you must first
    sell all of its buildings")."""
    if st.owner[deed] != player:
        return "you do not own it"
    if spec.deeds[deed].mortgage <= 0:  # an edition without mortgages (D&D: "pay what you can")
        return f"it has no {spec.vocab.mortgage} value"
    if st.mortgaged[deed]:
        return "it is already mortgaged"
    if spec.rules.building_scope == "street":
        if st.buildings[deed]:
            return "sell its buildings first"
    elif group_has_buildings(spec, st, spec.deeds[deed].group):
        return "sell the group's buildings first"
    return ""


def missing_deeds(spec: Spec, st: GameState, player: int) -> list[int]:
    """The deeds a player does not own: how far they are from owning everything (the end of
    an edition won by owning every deed)."""
    owner = st.owner
    return [d for d in range(len(owner)) if owner[d] != player]


def raisable(spec: Spec, st: GameState, player: int) -> int:
    """The most cash a player could raise from the bank: every building sold, every deed
    mortgaged."""
    total = 0
    deeds, b, mortgaged = spec.deeds, st.buildings, st.mortgaged
    for i, o in enumerate(st.owner):
        if o == player:
            if b[i]:
                total += buildings_sale_value(spec, st, i)
            if not mortgaged[i]:
                total += deeds[i].mortgage
    return total


def total_worth(spec: Spec, st: GameState, player: int) -> int:
    """Total worth for a percentage tax: cash, the printed price of every deed (mortgaged or
    not) and the cost of every building."""
    total = st.players[player].cash
    owner = st.owner
    for d in spec.deeds:
        if owner[d.index] == player:
            total += d.price + building_value(spec, st, d.index)
    return total


def valuation(spec: Spec, st: GameState, player: int) -> int:
    """End-of-game value (short game, time limit): cash, deeds at the printed price,
    mortgaged deeds at half, buildings at their purchase price."""
    total = st.players[player].cash
    owner = st.owner
    for d in spec.deeds:
        i = d.index
        if owner[i] == player:
            total += share(spec, d.price, 50) if st.mortgaged[i] else d.price
            total += building_value(spec, st, i)
    return total
