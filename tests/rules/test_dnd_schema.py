"""Dungeons & Dragons: Honor Among Thieves, the ruleset's schema and its compiled form.

The edition's ruleset (``rulesets/dnd.yaml``) holds the board of locations and Portals, the
Adventure cards, the red d20 as a named die with its criticals, the Magic & Mystery cards of
the new kinds (items, monsters, moves to the next Portal...), the characters and their powers,
the party's Jail, close to death and revival, the end when every location is secured and the
Dungeon Master cards. Each rule the schema checks is refused at its line with what is wrong.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from monopoly_tui.engine import spec as S
from monopoly_tui.engine.mechanics import dnd_config as D
from monopoly_tui.engine.snapshot import decode, encode
from monopoly_tui.rules.compile import compile_ruleset, content_hash
from monopoly_tui.rules.loader import RulesetError, load_ruleset

DRAFT = Path(__file__).resolve().parents[2] / "rulesets" / "dnd.yaml"


def draft_spec() -> S.Spec:
    return compile_ruleset(load_ruleset(DRAFT))


def refused(tmp_path: Path, old: str, new: str, count: int = 1) -> tuple[str, int]:
    """Load the draft with ``old`` replaced by ``new``: the error text, and the line of the
    first change."""
    text = DRAFT.read_text(encoding="utf-8")
    assert old in text, old
    line = text[: text.index(old)].count("\n") + 1
    path = tmp_path / "dnd.yaml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    return str(err.value), line


def at_line(message: str, line: int) -> bool:
    return re.search(rf"dnd\.yaml:{line}:\d+", message) is not None


# ---------------------------------------------------------------- what compiles


def test_the_draft_validates_and_compiles_with_every_adventure_mechanic() -> None:
    spec = draft_spec()
    assert set(spec.mechanics) == {D.CHECKS, D.ADVENTURES, D.CHARACTERS, D.PORTALS,
                                   D.PARTY_JAIL, D.CLOSE_TO_DEATH, D.DUNGEON_MASTER,
                                   D.MAGIC_MYSTERY}
    assert spec.size == 32 and spec.starting_money == 300 and spec.rules.salary == 40


def test_one_black_die_moves_and_the_red_d20_is_a_named_die() -> None:
    spec = draft_spec()
    assert spec.dice.count == 1 and spec.dice.values == (1, 2, 3, 4, 5, 6)
    assert not spec.dice.doubles
    red = spec.die("red")
    assert red.values == tuple(range(1, 21)) and red.count == 1
    checks = spec.mechanics[D.CHECKS]
    assert isinstance(checks, D.CheckDieSpec)
    assert (checks.die, checks.fail_face, checks.fail_fee) == ("red", 1, 50)
    assert (checks.success_face, checks.success_reward) == (20, 50)
    assert (checks.clamp_lo, checks.clamp_hi) == (2, 19)


def test_a_location_is_a_deed_of_one_tax_in_a_pair() -> None:
    """Its printed amount is the first lander's fee and the tax; the pair doubles it."""
    spec = draft_spec()
    locations = [s for s in spec.spaces if s.kind == S.LOCATION]
    assert len(locations) == 16
    waterdeep = spec.spaces[spec.space_by_id["waterdeep"]]
    deed = spec.deeds[waterdeep.deed]
    assert (deed.kind, deed.price, deed.rent) == (S.LOCATION, 40, (40,))
    group = spec.groups[deed.group]
    assert group.kind == S.LOCATION and len(group.deeds) == 2
    assert [s.index for s in spec.spaces if s.kind == S.PORTAL] == [4, 12, 20, 28]


def test_every_location_has_its_adventure_card() -> None:
    spec = draft_spec()
    adv = spec.mechanics[D.ADVENTURES]
    assert isinstance(adv, D.AdventuresSpec)
    assert sorted(c.space for c in adv.cards) == sorted(
        s.index for s in spec.spaces if s.kind == S.LOCATION)
    card = adv.card_at(spec.space_by_id["menzoberranzan"])
    assert card is not None and (card.target, card.price) == (18, 270)
    assert card.on_1 is not None and card.on_1.kind == S.PAY_EACH and card.on_1.amount == 10
    assert card.on_20 is not None and card.on_20.kind == S.COLLECT and card.on_20.amount == 50
    assert adv.end_when_all_secured and adv.payout == "location_tax"


def test_magic_and_mystery_cards_of_the_new_kinds_compile() -> None:
    spec = draft_spec()
    cards = spec.decks[0].cards
    assert len(cards) == 30
    kinds = [c.kind for c in cards]
    assert kinds.count(S.ITEM) == 10 and kinds.count(S.MONSTER) == 4
    sword = cards[0]
    assert (sword.kind, sword.amount, sword.reroll) == (S.ITEM, 4, False)
    assert cards[2].kind == S.ITEM and cards[2].reroll
    devourer = next(c for c in cards if c.kind == S.MONSTER and c.lose_kind == "go_to_jail")
    assert devourer.check == 12
    owlbear = cards[12]
    assert (owlbear.check, owlbear.lose_kind, owlbear.lose_amount) == (11, "pay", 30)
    portal = next(c for c in cards if c.kind == S.MOVE_TO_NEXT and c.space_kind == "portal")
    assert not portal.unsecured
    assert any(c.kind == S.MOVE_TO_NEXT and c.unsecured for c in cards)
    assert any(c.kind == S.COLLECT_PER_LOCATION and c.amount == 10 for c in cards)


def test_the_five_characters_with_their_powers() -> None:
    spec = draft_spec()
    chars = spec.mechanics[D.CHARACTERS]
    assert isinstance(chars, D.CharactersSpec)
    assert [(c.name, c.power) for c in chars.characters] == [
        ("Edgin", D.JAIL_ESCAPE), ("Holga", D.NO_CRITICAL_FAIL_FEE),
        ("Simon", D.PORTAL_ANYWHERE), ("Doric", D.DRAW_TWO_KEEP_ONE),
        ("Xenk", D.REVIVE_TARGET)]
    assert chars.characters[4].revive_target == 4 and chars.characters[0].klass == "bard"


def test_jail_close_to_death_and_the_dungeon_master_cards_compile() -> None:
    spec = draft_spec()
    jail = spec.mechanics[D.PARTY_JAIL]
    assert isinstance(jail, D.PartyJailSpec)
    assert jail.freed_by_just_visiting
    assert spec.rules.jail_leave_on_face == 6 and spec.rules.jail_last_try == "pay_and_roll_again"
    ctd = spec.mechanics[D.CLOSE_TO_DEATH]
    assert isinstance(ctd, D.CloseToDeathSpec)
    assert (ctd.revive_target, ctd.revive_reward) == (8, 50)
    dm = spec.mechanics[D.DUNGEON_MASTER]
    assert isinstance(dm, D.DungeonMasterSpec)
    assert [(loc.id, spec.groups[loc.group].id) for loc in dm.locations] == [
        ("kryptgarden-forest", "light-blue"), ("starmetal-hills", "pink"),
        ("driftwood-tavern", "orange")]
    assert dm.locations[0].adventure.target == 13 and dm.locations[0].adventure.space == -1
    assert len(dm.monsters) == 2 and dm.monsters[1].lose_kind == "lose_all_items"
    assert dm.red_wizard is not None and dm.red_wizard.target == 11
    assert dm.red_wizard.lose.kind == S.PAY and dm.red_wizard.lose.amount == 20


def test_the_words_come_from_the_editions_vocabulary() -> None:
    v = draft_spec().vocab
    assert v.money(40) == "40 gold"
    assert (v.secure, v.close_to_death, v.critical_fail, v.item, v.tax) == (
        "secure", "close to death", "Critical Fail", "Item card", "tax")


def test_the_compiled_spec_is_kept_whole_by_the_cache_codec() -> None:
    spec = draft_spec()
    assert decode(S.Spec, encode(spec), "spec") == spec


def test_editions_without_adventures_keep_their_content_hash() -> None:
    """The new fields are left out of the hash while unused, so saves keep matching. (Issue
    14 changed classic's rules on purpose: its auction and rounding switches and designed
    notes; the hash was 26302401e6e31a6c before. The B. & O. Railroad's short name, "B&O
    Railroad" spelled as the board prints it, "B. & O. RR", changed it again, with the
    8b3e2a9fd16b4ee0 it had then listed in its ``earlier_hashes``: saves made under it load as
    they are. Issue 28 changed its rules on purpose again, from 35ba12eb9ecc6608: double rent
    despite a mortgage in the group, the jail fine on the first two turns, the owners-ask
    option; its earlier hash no longer plays the same and is not listed. Issue 33 changed only
    its notes' words, from 17b9c12045243524, listed in its ``earlier_hashes``; the new field
    ``money_format_one`` is left out of the hash while unused.)"""
    classic = load_ruleset(Path(__file__).resolve().parents[2] / "rulesets" / "classic.yaml")
    assert content_hash(classic) == "70dcb8605a0f536c"
    assert "17b9c12045243524" in classic.earlier_hashes
    assert compile_ruleset(classic).extra_dice == ()


# ---------------------------------------------------------------- what is refused, where


def test_a_location_without_its_adventure_card_is_refused_at_its_line(tmp_path: Path) -> None:
    msg, line = refused(tmp_path, "adventure: daggerford,", "adventure: no-such-card,")
    assert "no Adventure card 'no-such-card'" in msg and at_line(msg, line)


def test_an_adventure_for_no_location_is_refused(tmp_path: Path) -> None:
    msg, line = refused(tmp_path, "    location: phandalin\n", "    location: nowhere\n")
    assert "no location space 'nowhere'" in msg and at_line(msg, line)


def test_a_target_of_1_or_20_is_refused(tmp_path: Path) -> None:
    """A natural 1 always fails and a 20 always succeeds: a target is 2 to 19."""
    msg, line = refused(tmp_path, "    target: 18\n", "    target: 20\n")
    assert "adventures.15.target" in msg and at_line(msg, line)


def test_an_amount_that_is_not_a_multiple_of_the_coin_is_refused(tmp_path: Path) -> None:
    msg, line = refused(tmp_path, "amount: 30, adventure: mount-hotenow",
                        "amount: 35, adventure: mount-hotenow")
    assert "35 is not a multiple of the coin (10)" in msg and at_line(msg, line)


def test_a_check_die_that_is_not_listed_is_refused(tmp_path: Path) -> None:
    msg, line = refused(tmp_path, "  die: red\n", "  die: blue\n")
    assert "no die 'blue' in extra_dice" in msg and at_line(msg, line)


def test_locations_without_a_check_die_are_refused(tmp_path: Path) -> None:
    text = DRAFT.read_text(encoding="utf-8")
    start = text.index("check_die:")
    block = text[start: text.index("\n\n", start)]
    msg, _ = refused(tmp_path, block, "")
    assert "no check_die block" in msg


def test_an_item_that_both_adds_and_rerolls_is_refused(tmp_path: Path) -> None:
    msg, line = refused(tmp_path, "{type: item, add: 4}", "{type: item, add: 4, reroll: true}")
    assert "either adds to the roll" in msg and at_line(msg, line)


def test_a_character_who_is_not_a_token_is_refused(tmp_path: Path) -> None:
    msg, line = refused(tmp_path, "{id: holga, name: Holga,", "{id: holga, name: Forge,")
    assert "'Forge' is not one of the tokens" in msg and at_line(msg, line)


def test_the_revive_power_needs_its_roll(tmp_path: Path) -> None:
    msg, line = refused(tmp_path, "power: revive_target, revive_target: 4,",
                        "power: revive_target,")
    assert "needs revive_target" in msg and at_line(msg, line)


def test_portal_spaces_need_the_portals_block(tmp_path: Path) -> None:
    text = DRAFT.read_text(encoding="utf-8")
    start = text.index("portals:\n")
    end = text.index("\n\n", start)
    path = tmp_path / "noportals.yaml"
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    assert "Portal spaces but no portals block" in str(err.value)


def test_a_dm_location_of_a_colour_without_locations_is_refused(tmp_path: Path) -> None:
    msg, line = refused(tmp_path, "      group: light-blue\n", "      group: nowhere\n")
    assert "no location of the group 'nowhere'" in msg and at_line(msg, line)


def test_more_players_than_characters_is_refused(tmp_path: Path) -> None:
    msg, _ = refused(tmp_path, "  - {id: xenk, name: Xenk, class: paladin, power: revive_target,"
                     " revive_target: 4,\n     text: \"When you are close to death, a 4 or more"
                     " on the red die revives you.\"}\n", "")
    assert "5 players, but only 4 characters" in msg
