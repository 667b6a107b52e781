"""Turn a validated ruleset (pydantic models) into the engine's plain ``Spec``."""

from __future__ import annotations

import hashlib
import json
from dataclasses import fields

from monopoly_tui.engine import spec as S
from monopoly_tui.engine.frame import MechanicConfig
from monopoly_tui.engine.mechanics import dnd_config as D
from monopoly_tui.engine.mechanics.ring import RingCircleSpec, RingSpec
from monopoly_tui.rules import models as M

LATER_FIELDS: dict[str, tuple[str, ...]] = {
    "": ("extra_dice", "coin", "adventures", "check_die", "characters", "portals",
         "party_jail", "close_to_death", "end_conditions", "dungeon_master", "options",
         "versions", "buyout", "every_go_pays", "earlier_hashes"),
    "rules": ("jail_leave_on_face", "jail_last_try", "even_building", "building_scope",
              "build_on_own_turn", "bankrupt_stays_in", "jail_fine_to_pot",
              "salary_on_landing_back", "trade_any_time", "jail_fine_turns",
              "rent_claim_window", "deals_while_buying"),
    "vocabulary": ("location", "locations", "secure", "secured", "unsecured", "tax",
                   "adventure", "close_to_death", "revive", "critical_fail",
                   "critical_success", "item", "portal", "character", "version", "buy_out",
                   "pot", "money_format_one"),
}
"""Fields added to the schema after editions were saved (the Adventure mechanics'): left out of
the content hash while they hold their default, so an edition that does not use them keeps
the hash its saves carry."""


def content_hash(ruleset: M.Ruleset) -> str:
    """A short hash of the ruleset's content: a save made with other rules is detected by it."""
    data = ruleset.model_dump(mode="json", by_alias=True)
    for block, names in LATER_FIELDS.items():
        model: M.Strict = getattr(ruleset, block) if block else ruleset
        node = data[block] if block else data
        for name in names:
            info = type(model).model_fields[name]
            default = info.get_default(call_default_factory=True)
            if getattr(model, name) == default:
                node.pop(name, None)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _rules(r: M.Rules) -> S.RulesSpec:
    values = {}
    names = {f.name for f in fields(S.RulesSpec)}
    for key, value in r.model_dump().items():
        if key == "building_supply":
            values["building_supply_houses"] = value["houses"]
            values["building_supply_hotels"] = value["hotels"]
        elif key == "turn_limit":
            values[key] = value or 0
        elif key in names:
            values[key] = value
    return S.RulesSpec(**values)


def _card(card: M.Card | M.Outcome, space_by_id: dict[str, int], group_by_id: dict[str, int],
          deck_by_id: dict[str, int]) -> S.CardSpec:
    e = card.effect
    text = card.text
    if isinstance(e, M.MoveTo):
        return S.CardSpec(text, S.MOVE_TO, target=space_by_id[e.target], salary=e.salary)
    if isinstance(e, M.MoveToNearest):
        return S.CardSpec(
            text,
            S.MOVE_TO_NEAREST,
            group=group_by_id[e.group],
            rent_multiplier=e.rent_multiplier,
            dice_multiplier=e.dice_multiplier or 0,
        )
    if isinstance(e, M.MoveBy):
        return S.CardSpec(text, S.MOVE_BY, steps=e.steps)
    if isinstance(e, M.Collect):
        return S.CardSpec(text, S.COLLECT, amount=e.amount)
    if isinstance(e, M.Pay):
        return S.CardSpec(text, S.PAY, amount=e.amount)
    if isinstance(e, M.CollectFromEach):
        return S.CardSpec(text, S.COLLECT_FROM_EACH, amount=e.amount)
    if isinstance(e, M.PayEach):
        return S.CardSpec(text, S.PAY_EACH, amount=e.amount)
    if isinstance(e, M.Repairs):
        return S.CardSpec(text, S.REPAIRS, per_house=e.per_house, per_hotel=e.per_hotel)
    if isinstance(e, M.GoToJailCard):
        return S.CardSpec(text, S.GO_TO_JAIL_CARD)
    if isinstance(e, M.GetOutOfJailFree):
        return S.CardSpec(text, S.GET_OUT_OF_JAIL_FREE)
    if isinstance(e, M.Item):
        return S.CardSpec(text, S.ITEM, amount=e.add or 0, reroll=e.reroll)
    if isinstance(e, M.Monster):
        lose = e.lose
        return S.CardSpec(text, S.MONSTER, check=e.target, lose_kind=lose.type,
                          lose_amount=lose.amount if isinstance(lose, M.Pay) else 0)
    if isinstance(e, M.LoseItem):
        return S.CardSpec(text, S.LOSE_ITEM)
    if isinstance(e, M.LoseAllItems):
        return S.CardSpec(text, S.LOSE_ALL_ITEMS)
    if isinstance(e, M.DrawCard):
        return S.CardSpec(text, S.DRAW, deck=deck_by_id[e.deck])
    if isinstance(e, M.CollectPerLocation):
        return S.CardSpec(text, S.COLLECT_PER_LOCATION, amount=e.amount)
    if isinstance(e, M.MoveAheadTo):
        if e.deed is not None:
            return S.CardSpec(text, S.MOVE_AHEAD_TO, target=space_by_id[e.deed])
        return S.CardSpec(text, S.MOVE_AHEAD_TO, space_kind=e.kind or "")
    if isinstance(e, M.MoveToNext):
        return S.CardSpec(text, S.MOVE_TO_NEXT, space_kind=e.kind, unsecured=e.unsecured)
    raise TypeError(f"no engine form for card effect {type(e).__name__}")  # pragma: no cover


def compile_ruleset(rs: M.Ruleset) -> S.Spec:
    """The engine's view of an edition. The ruleset has passed every cross-check already."""
    space_by_id = {s.id: i for i, s in enumerate(rs.spaces)}
    i_of = space_by_id
    group_by_id = {g.id: i for i, g in enumerate(rs.groups)}
    deck_by_id = {d.id: i for i, d in enumerate(rs.decks)}

    # Deeds: one per property space, except spaces that share another space's deed.
    deed_of_space: dict[int, int] = {}
    deed_spaces: list[list[int]] = []
    deed_models: list[M.Street | M.CountRent | M.DiceRentProperty | M.Location] = []
    for i, s in enumerate(rs.spaces):
        if isinstance(s, M.Location) or (isinstance(s, M.PROPERTY_TYPES) and s.deed is None):
            deed_of_space[i] = len(deed_models)
            deed_spaces.append([i])
            deed_models.append(s)
    for i, s in enumerate(rs.spaces):
        if isinstance(s, M.PROPERTY_TYPES) and s.deed is not None:
            d = deed_of_space[space_by_id[s.deed]]
            deed_of_space[i] = d
            deed_spaces[d].append(i)

    kind_of: dict[type, str] = {M.Street: S.STREET, M.CountRent: S.COUNT_RENT,
                                M.DiceRentProperty: S.DICE_RENT}
    deeds: list[S.DeedSpec] = []
    for d, s in enumerate(deed_models):
        if isinstance(s, M.Location):
            # A location is a deed of one rent, its amount (double for the whole pair): its
            # tax, its trades and its owner's mark reuse the deeds' rules.
            deeds.append(S.DeedSpec(index=d, id=s.id, name=s.name, kind=S.LOCATION,
                                    group=group_by_id[s.group], spaces=(i_of[s.id],),
                                    price=s.amount, mortgage=0, rent=(s.amount,)))
            continue
        common = dict(
            index=d,
            id=s.id,
            name=s.name,
            kind=kind_of[type(s)],
            group=group_by_id[s.group],
            spaces=tuple(deed_spaces[d]),
            price=s.price,
            mortgage=s.mortgage if s.mortgage is not None else s.price // 2,
        )
        if isinstance(s, M.Street):
            deeds.append(
                S.DeedSpec(
                    **common,  # type: ignore[arg-type]
                    rent=tuple(s.rent),
                    house_cost=s.house_cost,
                    hotel_cost=s.hotel_cost if s.hotel_cost is not None else s.house_cost,
                )
            )
        elif isinstance(s, M.CountRent):
            deeds.append(
                S.DeedSpec(
                    **common,  # type: ignore[arg-type]
                    rent_alone=s.rent_alone if s.rent_alone is not None else -1,
                )
            )
        else:
            deeds.append(S.DeedSpec(**common))  # type: ignore[arg-type]

    groups: list[S.GroupSpec] = []
    for gi, g in enumerate(rs.groups):
        members = tuple(d.index for d in deeds if d.group == gi)
        kind = deeds[members[0]].kind if members else S.STREET
        groups.append(
            S.GroupSpec(
                index=gi,
                id=g.id,
                name=g.name,
                color=g.color,
                kind=kind,
                deeds=members,
                rent_by_count=tuple(g.rent_by_count or ()),
                dice_rent=tuple(
                    S.DiceRentSpec(new_roll=r.roll == "new", dice=r.dice, multiplier=r.multiplier)
                    for r in (g.dice_rent or ())
                ),
            )
        )

    kinds: dict[type, str] = {
        M.Location: S.LOCATION,
        M.Portal: S.PORTAL,
        M.Go: S.GO,
        M.Jail: S.JAIL,
        M.GoToJail: S.GO_TO_JAIL,
        M.FreeParking: S.FREE_PARKING,
        M.CardSpace: S.CARDS,
        M.Tax: S.TAX,
        **kind_of,
    }
    spaces: list[S.SpaceSpec] = []
    for i, s in enumerate(rs.spaces):
        spaces.append(
            S.SpaceSpec(
                index=i,
                id=s.id,
                name=s.name,
                short=s.short or s.name,
                kind=kinds[type(s)],
                deed=deed_of_space.get(i, -1),
                deck=deck_by_id[s.deck] if isinstance(s, M.CardSpace) else -1,
                tax_amount=s.amount if isinstance(s, M.Tax) else 0,
                tax_percent=(s.percent or 0) if isinstance(s, M.Tax) else 0,
            )
        )

    decks = tuple(
        S.DeckSpec(
            index=di,
            id=d.id,
            name=d.name,
            a_card=d.a_card or "",
            cards=tuple(
                _card(c, space_by_id, group_by_id, deck_by_id)
                for c in d.cards for _ in range(c.copies)
            ),
        )
        for di, d in enumerate(rs.decks)
    )
    faces = rs.dice.face_list()
    dice = S.DiceSpec(
        count=rs.dice.count,
        values=tuple(f.value for f in faces),
        labels=tuple(f.label or str(f.value) for f in faces),
        marks=tuple(f.mark or "" for f in faces),
        doubles=rs.dice.doubles,
    )
    vocab = S.Vocab(**rs.vocabulary.model_dump())
    jail = next((i for i, s in enumerate(spaces) if s.kind == S.JAIL), -1)
    mechanics: dict[str, MechanicConfig] = {}
    if rs.ring is not None:
        r = rs.ring
        mechanics["ring"] = RingSpec(
            track=tuple(
                RingCircleSpec(
                    penalty=c.penalty,
                    go_salary=c.go_salary or 0,
                    double_rent=c.double_rent,
                    label=c.label or (r.names.start if i == 0 else vocab.money(c.penalty)),
                )
                for i, c in enumerate(r.track)
            ),
            end_reward=r.end_reward,
            end_reason=r.end_reason,
            end_payout=r.end_payout,
            eye_mark=r.eye_mark,
            battle_tie=r.battle_tie,
            **r.names.model_dump(),
        )
    mechanics.update(_adventure_blocks(rs, space_by_id, group_by_id, deck_by_id))
    mechanics.update(_version_blocks(rs))
    return S.Spec(
        id=rs.id,
        name=rs.name,
        year=rs.year or 0,
        description=rs.description,
        players_min=rs.players.min,
        players_max=min(rs.players.max, len(rs.tokens)),
        tokens=tuple(rs.tokens),
        starting_money=rs.starting_money,
        dice=dice,
        rules=_rules(rs.rules),
        vocab=vocab,
        spaces=tuple(spaces),
        deeds=tuple(deeds),
        groups=tuple(groups),
        decks=decks,
        variants=tuple(
            S.VariantSpec(v.id, v.name, v.description, dict(v.rules)) for v in rs.variants
        ),
        options=tuple(
            S.VariantSpec(o.id, o.name, o.description, dict(o.rules)) for o in rs.options
        ),
        content_hash=content_hash(rs),
        earlier_hashes=tuple(rs.earlier_hashes),
        jail_space=jail,
        mechanics=mechanics,
        coin=rs.coin or 0,
        extra_dice=tuple(
            S.DiceSpec(count=1, values=tuple(d.faces), labels=tuple(str(f) for f in d.faces),
                       marks=tuple("" for _ in d.faces), doubles=False, name=d.id)
            for d in rs.extra_dice
        ),
    )


def _adventure(a: M.AdventureBody, ident: str, space: int, space_by_id: dict[str, int],
               group_by_id: dict[str, int], deck_by_id: dict[str, int]) -> D.AdventureSpec:
    def side(o: M.Outcome | None) -> S.CardSpec | None:
        return None if o is None else _card(o, space_by_id, group_by_id, deck_by_id)

    return D.AdventureSpec(id=ident, space=space, picture=a.picture, text=a.text,
                           target=a.target, price=a.price, on_1=side(a.on_1),
                           on_20=side(a.on_20))


def _adventure_blocks(rs: M.Ruleset, space_by_id: dict[str, int], group_by_id: dict[str, int],
                      deck_by_id: dict[str, int]) -> dict[str, MechanicConfig]:
    """The Adventure mechanics' blocks of the spec, each switched on by its ruleset block."""
    out: dict[str, MechanicConfig] = {}
    args = (space_by_id, group_by_id, deck_by_id)
    cd = rs.check_die
    if cd is not None:
        out[D.CHECKS] = D.CheckDieSpec(
            die=cd.die, fail_face=cd.critical_fail.face, fail_fee=cd.critical_fail.fee,
            success_face=cd.critical_success.face, success_reward=cd.critical_success.reward,
            clamp_lo=cd.reroll_clamp[0], clamp_hi=cd.reroll_clamp[1])
        out[D.MAGIC_MYSTERY] = D.MagicMysterySpec()
    if rs.adventures:
        ends = {e.kind: e for e in rs.end_conditions}
        secured = ends.get("all_locations_secured")
        payout = (secured or next(iter(ends.values()), None))
        out[D.ADVENTURES] = D.AdventuresSpec(
            cards=tuple(_adventure(a, a.id, space_by_id[a.location], *args)
                        for a in rs.adventures),
            end_when_all_secured=secured is not None,
            payout=payout.payout if payout is not None else "none",
            called_payout=ends["turn_limit"].payout if "turn_limit" in ends else "",
        )
    if rs.characters:
        out[D.CHARACTERS] = D.CharactersSpec(tuple(
            D.CharacterSpec(id=c.id, name=c.name, klass=c.class_, power=c.power, text=c.text,
                            revive_target=c.revive_target or 0)
            for c in rs.characters))
    if rs.portals is not None:
        out[D.PORTALS] = D.PortalsSpec(salary_on_pass=rs.portals.salary_on_pass)
    if rs.party_jail is not None:
        j = rs.party_jail
        out[D.PARTY_JAIL] = D.PartyJailSpec(j.freed_by_just_visiting)
    if rs.close_to_death is not None:
        c = rs.close_to_death
        out[D.CLOSE_TO_DEATH] = D.CloseToDeathSpec(c.revive_target, c.revive_reward)
    dm = rs.dungeon_master
    if dm is not None:
        rw = dm.red_wizard
        out[D.DUNGEON_MASTER] = D.DungeonMasterSpec(
            locations=tuple(
                D.DMLocationSpec(id=dl.id, name=dl.name, short=dl.short or dl.name,
                                 group=group_by_id[dl.group],
                                 adventure=_adventure(dl.adventure, dl.id, -1, *args))
                for dl in dm.locations),
            monsters=tuple(_card(c, *args) for c in dm.monsters for _ in range(c.copies)),
            monster_names=tuple(c.name for c in dm.monsters for _ in range(c.copies)),
            red_wizard=None if rw is None else D.RedWizardSpec(
                name=rw.name, text=rw.text, target=rw.target,
                lose=_card(M.Outcome(text=rw.text, effect=rw.lose), *args)),
        )
    return out


def _version_blocks(rs: M.Ruleset) -> dict[str, MechanicConfig]:
    """Longest Game Ever's mechanics, each switched on by its ruleset block: the versions of a
    deed (``versions``), the forced buy-out (``buyout``), every GO paying (``every_go_pays``)."""
    from monopoly_tui.engine.mechanics import versions as V

    out: dict[str, MechanicConfig] = {}
    if rs.versions is not None:
        out[V.VERSIONS] = V.VersionsSpec(movable=rs.versions.movable)
    if rs.buyout is not None:
        out[V.BUYOUT] = V.BuyoutSpec(extra=rs.buyout.extra)
    if rs.every_go_pays:
        out[V.EVERY_GO] = V.EveryGoSpec()
    return out
