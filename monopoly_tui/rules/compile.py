"""Turn a validated ruleset (pydantic models) into the engine's plain ``Spec``."""

from __future__ import annotations

import hashlib
import json
from dataclasses import fields

from monopoly_tui.engine import spec as S
from monopoly_tui.engine.frame import MechanicConfig
from monopoly_tui.engine.mechanics.ring import RingCircleSpec, RingSpec
from monopoly_tui.rules import models as M


def content_hash(ruleset: M.Ruleset) -> str:
    """A short hash of the ruleset's content: a save made with other rules is detected by it."""
    data = ruleset.model_dump(mode="json", by_alias=True)
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


def _card(card: M.Card, space_by_id: dict[str, int], group_by_id: dict[str, int]) -> S.CardSpec:
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
    raise TypeError(f"no engine form for card effect {type(e).__name__}")  # pragma: no cover


def compile_ruleset(rs: M.Ruleset) -> S.Spec:
    """The engine's view of an edition. The ruleset has passed every cross-check already."""
    space_by_id = {s.id: i for i, s in enumerate(rs.spaces)}
    group_by_id = {g.id: i for i, g in enumerate(rs.groups)}
    deck_by_id = {d.id: i for i, d in enumerate(rs.decks)}

    # Deeds: one per property space, except spaces that share another space's deed.
    deed_of_space: dict[int, int] = {}
    deed_spaces: list[list[int]] = []
    deed_models: list[M.Street | M.CountRent | M.DiceRentProperty] = []
    for i, s in enumerate(rs.spaces):
        if isinstance(s, M.PROPERTY_TYPES) and s.deed is None:
            deed_of_space[i] = len(deed_models)
            deed_spaces.append([i])
            deed_models.append(s)
    for i, s in enumerate(rs.spaces):
        if isinstance(s, M.PROPERTY_TYPES) and s.deed is not None:
            d = deed_of_space[space_by_id[s.deed]]
            deed_of_space[i] = d
            deed_spaces[d].append(i)

    kind_of = {M.Street: S.STREET, M.CountRent: S.COUNT_RENT, M.DiceRentProperty: S.DICE_RENT}
    deeds: list[S.DeedSpec] = []
    for d, s in enumerate(deed_models):
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

    kinds = {
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
                short=s.short or s.name[:14],
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
                _card(c, space_by_id, group_by_id) for c in d.cards for _ in range(c.copies)
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
        content_hash=content_hash(rs),
        jail_space=jail,
        mechanics=mechanics,
    )
