"""House rules players expect, for every edition: each turns on rule switches of the spec."""

from __future__ import annotations

from monopoly_tui.engine.spec import FREE_PARKING, JAIL, PROPERTY_KINDS, Spec

HOUSE_RULES: dict[str, tuple[str, str]] = {
    "free_parking_jackpot": (
        "{parking} jackpot",
        "Taxes and card fees go to a pot in the middle; landing on {parking} takes it.",
    ),
    "double_go": ("Double {salary_on_go}", "Landing exactly on {go} pays the {salary} twice."),
    "no_rent_in_jail": ("No rent from {jail}", "Owners in {jail} collect no rent."),
    "turn_limit": ("Turn limit", "The game ends after a number of rounds; {called}."),
    "end_at": (
        "End at a clock time",
        "The players agree an hour; when it comes (at the start of the next turn), {called}.",
    ),
    "auction_pass_final": (
        "A pass is final in auctions",
        "A player who passes in an auction is out of it (by the rulebooks they may raise "
        "again while it is open).",
    ),
}
"""House rules players expect: all off unless chosen. Each maps to rule switches. Their names
and what they do are templates: ``house_rule_words`` fills in the edition's words."""


CALLED_WORDS = "the richest player wins"
"""Who wins a game called early (a round cap, an agreed hour) by the core's valuation: cash,
deeds at their price (half under mortgage) and buildings at cost."""


def house_rule_words(spec: Spec, key: str, called: str | None = None) -> tuple[str, str]:
    """A house rule's name and what it does, in the edition's words ("No rent from Jail",
    "Double salary on GO"; the free-parking space by its name on this board). ``called``: who
    wins a game called early, when a mechanic of the edition ends it its own way (D&D: the
    payout, then the most gold, as its rulebook's end); the core's richest player otherwise."""
    v = spec.vocab
    parking = next((sp.name for sp in spec.spaces if sp.kind == FREE_PARKING), "Free Parking")
    on_go = v.salary if v.go in v.salary.split() else f"{v.salary} on {v.go}"  # "GO gold"
    words = {"parking": parking, "go": v.go, "jail": v.jail, "salary": v.salary,
             "salary_on_go": on_go, "called": called or CALLED_WORDS}
    name, desc = HOUSE_RULES[key]
    return name.format(**words), desc.format(**words)


def applies(spec: Spec, key: str) -> bool:
    """Whether a house rule changes anything in this edition: a Free Parking jackpot needs a
    Free Parking space and an edition that does not keep a pot there already; double salary a
    salary; no rent from jail a jail, deeds that charge rent (a street, railroad or utility:
    the rule stops their rent, not a D&D location's tax) and an edition whose own rules let
    owners collect rent in jail (the rulebooks print "You can still collect rent ... while you
    are in Jail": Longest Game Ever's too, so it is offered there; where ``no_rent_in_jail`` is
    already the rule it changes nothing); a final pass in auctions an edition that auctions;
    the ends by rounds or by the clock apply to every edition."""
    kinds = {sp.kind for sp in spec.spaces}
    if key == "free_parking_jackpot":
        return FREE_PARKING in kinds and not spec.rules.free_parking_jackpot
    if key == "double_go":
        return spec.rules.salary > 0
    if key == "no_rent_in_jail":
        return JAIL in kinds and not spec.rules.no_rent_in_jail and any(
            spec.spaces[sp].kind in PROPERTY_KINDS for d in spec.deeds for sp in d.spaces)
    if key == "auction_pass_final":
        return spec.rules.auctions and not spec.rules.auction_pass_final
    return key in HOUSE_RULES


def house_rules_for(spec: Spec, called: str | None = None) -> dict[str, tuple[str, str]]:
    """The house rules that change something in this edition (``applies``), with their
    names and what they do (``called``: as ``house_rule_words``)."""
    return {k: house_rule_words(spec, k, called) for k in HOUSE_RULES if applies(spec, k)}


def house_rule_overrides(spec: Spec, chosen: dict[str, int | bool]) -> dict[str, object]:
    """The rule switches that the chosen house rules turn on."""
    out: dict[str, object] = {}
    for key, value in chosen.items():
        if key not in HOUSE_RULES:
            raise KeyError(f"unknown house rule '{key}' (known: {', '.join(HOUSE_RULES)})")
        if not value:
            continue
        if key == "free_parking_jackpot":
            out["free_parking_jackpot"] = True
        elif key == "double_go":
            out["go_landing_bonus"] = spec.rules.salary
        elif key == "no_rent_in_jail":
            out["no_rent_in_jail"] = True
        elif key == "auction_pass_final":
            out["auction_pass_final"] = True
        elif key == "turn_limit":
            out["turn_limit"] = int(value) if value is not True else 30
        elif key == "end_at":
            # the agreed hour (a Unix time) stays in the game's options for the table, which
            # calls time (``call_time``) when its clock says so; the rules only allow the call
            out["time_call"] = True
    return out
