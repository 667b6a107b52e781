"""The ruleset loader: every fault is reported at its file, line, column and field path."""

from __future__ import annotations

from pathlib import Path

import pytest

from monopoly_tui.rules.loader import (
    ENV_VAR,
    EditionNotFoundError,
    Problem,
    RulesetError,
    builtin_dir,
    list_editions,
    load_edition,
    load_ruleset,
    ruleset_dirs,
    scan_editions,
)

# A minimal valid ruleset. Line numbers matter: the tests below point into it.
MINI = """\
id: mini
name: Mini
tokens: [Hat, Boot, Car]
players: {min: 2, max: 3}
groups:
  - id: brown
    name: Brown
  - id: rail
    name: Railroads
    rent_by_count: [25, 50]
spaces:
  - {id: go, type: go, name: GO}
  - id: baltic
    type: street
    name: Baltic
    group: brown
    price: 60
    rent: [4, 20, 60, 180, 320, 450]
    house_cost: 50
  - {id: chance, type: cards, name: Chance, deck: chance}
  - {id: north, type: count_rent, name: North Rail, group: rail, price: 200}
  - {id: jail, type: jail, name: Jail}
  - {id: south, type: count_rent, name: South Rail, group: rail, price: 200}
decks:
  - id: chance
    name: Chance
    cards:
      - text: Advance to GO
        effect: {type: move_to, target: go}
      - text: The bank pays you
        effect: {type: collect, amount: 50}
"""


@pytest.fixture(autouse=True)
def _isolated_user_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test gets an empty user rulesets folder, never the real one."""
    user = tmp_path / "user-rulesets"
    user.mkdir()
    monkeypatch.setenv(ENV_VAR, str(user))
    return user


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def mutate(old: str, new: str, text: str = MINI) -> str:
    assert text.count(old) == 1, f"{old!r} must occur once"
    return text.replace(old, new)


def problems_of(path: Path) -> list[Problem]:
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert info.value.problems, "a RulesetError always carries problems"
    return list(info.value.problems)


def only_problem(path: Path) -> Problem:
    problems = problems_of(path)
    assert len(problems) == 1, "\n".join(map(str, problems))
    return problems[0]


def find(problems: list[Problem], path: str) -> Problem:
    hits = [p for p in problems if p.path == path]
    assert hits, f"no problem at {path}:\n" + "\n".join(map(str, problems))
    return hits[0]


# ---------------------------------------------------------------- the valid fixture


def test_mini_fixture_is_valid(tmp_path: Path) -> None:
    rs = load_ruleset(write(tmp_path, "mini.yaml", MINI))
    assert rs.id == "mini"
    assert [s.id for s in rs.spaces] == ["go", "baltic", "chance", "north", "jail", "south"]


def test_problem_prints_as_file_line_col_path_message() -> None:
    p = Problem("a.yaml", 3, 7, "spaces.1.price", "should be a whole number")
    assert str(p) == "a.yaml:3:7: spaces.1.price: should be a whole number"
    assert str(Problem("a.yaml", None, None, "", "no such file")) == "a.yaml: no such file"
    err = RulesetError([p, p])
    assert str(err).splitlines() == [str(p), str(p)]


# ---------------------------------------------------------------- one fault each


def test_unknown_key_points_at_the_key_and_suggests(tmp_path: Path) -> None:
    text = mutate("    house_cost: 50\n", "    house_cost: 50\n    hotel_cots: 50\n")
    p = only_problem(write(tmp_path, "r.yaml", text))
    assert (p.line, p.col, p.path) == (20, 5, "spaces.1.hotel_cots")
    assert p.message == "unknown key 'hotel_cots' (did you mean 'hotel_cost'?)"


def test_unknown_top_level_key(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", MINI + "colour_scheme: dark\n"))
    assert (p.line, p.col, p.path) == (32, 1, "colour_scheme")
    assert p.message.startswith("unknown key 'colour_scheme'")


def test_wrong_type_points_at_the_value(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", mutate("price: 60", "price: sixty")))
    assert (p.line, p.col, p.path) == (17, 12, "spaces.1.price")
    assert p.message == "should be a whole number, got 'sixty'"


def test_wrong_type_in_a_flow_mapping(tmp_path: Path) -> None:
    text = mutate("{type: collect, amount: 50}", "{type: collect, amount: lots}")
    p = only_problem(write(tmp_path, "r.yaml", text))
    assert (p.line, p.col, p.path) == (31, 41, "decks.0.cards.1.effect.amount")


def test_missing_field_points_at_the_parent_mapping(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", mutate("    house_cost: 50\n", "")))
    assert (p.line, p.col, p.path) == (13, 5, "spaces.1.house_cost")
    assert p.message == "is required but missing"


def test_missing_top_level_field_points_at_the_top(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", mutate("name: Mini\n", "")))
    assert (p.line, p.col, p.path) == (1, 1, "name")


def test_missing_field_of_a_nested_mapping_points_at_its_key(tmp_path: Path) -> None:
    text = mutate("{type: collect, amount: 50}", "\n          type: collect")
    p = only_problem(write(tmp_path, "r.yaml", text))
    assert (p.line, p.col, p.path) == (31, 9, "decks.0.cards.1.effect.amount")


def test_street_names_a_group_that_does_not_exist(tmp_path: Path) -> None:
    problems = problems_of(write(tmp_path, "r.yaml", mutate("group: brown", "group: browm")))
    p = find(problems, "spaces.1.group")
    assert (p.line, p.col) == (16, 12)
    assert p.message == "no group 'browm' (space 'baltic')"
    # ... which also leaves 'brown' without spaces: both are reported
    q = find(problems, "groups.0.id")
    assert (q.line, q.col, q.message) == (6, 9, "group 'brown' has no spaces")


def test_group_whose_streets_do_not_exist(tmp_path: Path) -> None:
    text = mutate("spaces:\n", "  - {id: green, name: Green}\nspaces:\n")
    p = only_problem(write(tmp_path, "r.yaml", text))
    assert (p.line, p.col, p.path) == (11, 10, "groups.2.id")
    assert p.message == "group 'green' has no spaces"


def test_card_target_that_does_not_exist(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", mutate("target: go}", "target: boardwalk}")))
    assert (p.line, p.col, p.path) == (29, 41, "decks.0.cards.0.effect.target")
    assert p.message == "no space 'boardwalk'"


def test_deck_named_by_a_space_that_does_not_exist(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", mutate("deck: chance}", "deck: surprise}")))
    assert (p.line, p.col, p.path) == (20, 51, "spaces.2.deck")
    assert p.message == "no deck 'surprise'"


def test_duplicate_space_id(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", mutate("{id: south,", "{id: north,")))
    assert (p.line, p.col, p.path) == (23, 10, "spaces.5.id")
    assert p.message == "'north' is used by another space"


def test_bad_type_tag_lists_the_allowed_types(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", mutate("type: jail,", "type: prison,")))
    assert (p.line, p.col, p.path) == (22, 22, "spaces.4.type")
    assert p.message.startswith("unknown type 'prison'; the type must be one of: street, ")
    assert "go_to_jail" in p.message and "free_parking" in p.message


def test_bad_card_effect_tag_suggests_the_nearest(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", mutate("type: move_to,", "type: move_too,")))
    assert (p.line, p.path) == (29, "decks.0.cards.0.effect.type")
    assert "must be one of: move_to, move_to_nearest" in p.message
    assert p.message.endswith("(did you mean 'move_to'?)")


def test_missing_type_tag(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", mutate("type: jail, ", "")))
    assert (p.line, p.col, p.path) == (22, 5, "spaces.4.type")
    assert p.message.startswith("a 'type' is needed, one of: street, count_rent")


def test_yaml_syntax_error_has_yamls_line_and_words(tmp_path: Path) -> None:
    text = mutate("name: Jail}", "name: Jail")  # an unclosed flow mapping
    p = only_problem(write(tmp_path, "r.yaml", text))
    assert (p.line, p.col, p.path) == (23, 5, "")
    assert "while parsing a flow mapping" in p.message


def test_yaml_bad_indentation(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", mutate("    price: 60", "     price: 60")))
    assert (p.line, p.col) == (17, 11)
    assert p.message.startswith("mapping values are not allowed")


def test_duplicate_yaml_key(tmp_path: Path) -> None:
    text = mutate("    price: 60\n", "    price: 60\n    price: 70\n")
    p = only_problem(write(tmp_path, "r.yaml", text))
    assert (p.line, p.col, p.path) == (18, 5, "spaces.1.price")
    assert p.message == "key 'price' is given twice in the same mapping (first at line 17)"


def test_value_errors_of_nested_models(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", mutate("{min: 2, max: 3}", "{min: 3, max: 2}")))
    assert (p.line, p.col, p.path) == (4, 1, "players")
    assert p.message == "min (3) is more than max (2)"


def test_plain_union_reports_the_member_that_got_furthest(tmp_path: Path) -> None:
    problems = problems_of(write(tmp_path, "r.yaml", MINI + "dice: {faces: [1, x, {value: -1}]}\n"))
    assert [(p.line, p.col, p.path, p.message) for p in problems] == [
        (32, 19, "dice.faces.1", "should be a mapping (key: value) or a whole number, got 'x'"),
        (32, 30, "dice.faces.2.value", "should be at least 0, got -1"),
    ]


def test_id_pattern_in_plain_words(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", mutate("id: mini", "id: Mini Edition")))
    assert (p.line, p.col, p.path) == (1, 5, "id")
    assert p.message.startswith("should be an id: lowercase letters")


def test_empty_value(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", mutate("name: Mini", "name:")))
    assert (p.line, p.path) == (2, "name")
    assert p.message == "should be text, got nothing (the value is empty)"


def test_cross_check_on_a_default_value_names_the_whole_path(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", mutate("players: {min: 2, max: 3}\n", "")))
    assert (p.line, p.col, p.path) == (1, 1, "players.max")  # max is 8 unless given
    assert p.message == "8 players need 8 tokens, but only 3 are listed"


def test_several_problems_at_once_in_line_order(tmp_path: Path) -> None:
    text = mutate("price: 60", "price: sixty")
    text = mutate("    house_cost: 50\n", "    house_cots: 50\n", text)
    text = mutate("type: jail,", "type: prison,", text)
    text = mutate("tokens: [Hat, Boot, Car]", "tokens: [Hat]", text)
    problems = problems_of(write(tmp_path, "r.yaml", text))
    assert [(p.line, p.path) for p in problems] == [
        (3, "tokens"),
        (13, "spaces.1.house_cost"),
        (17, "spaces.1.price"),
        (19, "spaces.1.house_cots"),
        (22, "spaces.4.type"),
    ]
    assert all(p.file == str(tmp_path / "r.yaml") for p in problems)


def test_several_cross_check_problems_at_once(tmp_path: Path) -> None:
    text = mutate("target: go}", "target: nowhere}")
    text = mutate("deck: chance}", "deck: surprise}", text)
    text = mutate("{id: south,", "{id: north,", text)
    problems = problems_of(write(tmp_path, "r.yaml", text))
    assert [(p.line, p.path) for p in problems] == [
        (20, "spaces.2.deck"),
        (23, "spaces.5.id"),
        (29, "decks.0.cards.0.effect.target"),
    ]


# ---------------------------------------------------------------- files that are not rulesets


def test_missing_file(tmp_path: Path) -> None:
    p = only_problem(tmp_path / "nope.yaml")
    assert str(p) == f"{tmp_path / 'nope.yaml'}: no such file"


def test_top_level_list(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", "- id: mini\n- name: Mini\n"))
    assert (p.line, p.col) == (1, 1)
    assert "the top level must be a mapping" in p.message


def test_empty_file(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", "# nothing here\n"))
    assert "the file is empty" in p.message


def test_unknown_yaml_tag(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "r.yaml", mutate("price: 60", "price: !money 60")))
    assert p.line == 17
    assert "!money" in p.message


def test_alias_bomb_is_refused(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 7)]
    p = only_problem(write(tmp_path, "r.yaml", "\n".join(lines) + "\n"))
    assert "alias" in p.message


# ---------------------------------------------------------------- extends


BASE_WITH_ERROR_LINE = 17  # 'price: 60' in MINI


def child(extends: str = "mini", body: str = "") -> str:
    return f"id: kid\nname: Kid\nextends: {extends}\n{body}"


def test_extends_merges_lists_by_id(tmp_path: Path) -> None:
    write(tmp_path, "mini.yaml", MINI)
    text = child(body=(
        "players: {max: 2}\n"
        "tokens: [Crown, Sword]\n"
        "rules: {doubles_to_jail: 0}\n"  # the jail becomes Rest below: no one is sent there
        "groups:\n"
        "  - {id: rail, rent_by_count: [25, 50, 100]}\n"
        "  - {id: brown, color: '#ff0000'}\n"
        "spaces:\n"
        "  - {id: baltic, name: Winterfell, price: 80}\n"
        "  - {id: jail, type: free_parking, name: Rest}\n"
        "  - {id: east, type: count_rent, name: East Rail, group: rail, price: 200}\n"
        "  - {id: tax, type: tax, name: Tax, amount: 10}\n"
    ))
    rs = load_ruleset(write(tmp_path, "kid.yaml", text))
    assert (rs.id, rs.name, rs.extends) == ("kid", "Kid", "mini")
    assert (rs.players.min, rs.players.max) == (2, 2)  # merged key by key
    assert rs.tokens == ["Crown", "Sword"]  # a plain list replaces
    assert [g.id for g in rs.groups] == ["brown", "rail"]
    assert rs.groups[0].name == "Brown" and rs.groups[0].color == "#ff0000"
    assert rs.groups[1].rent_by_count == [25, 50, 100]
    ids = [s.id for s in rs.spaces]
    assert ids == ["go", "baltic", "chance", "north", "jail", "south", "east", "tax"]
    baltic = rs.spaces[1]
    assert baltic.name == "Winterfell" and getattr(baltic, "price", None) == 80
    assert getattr(baltic, "house_cost", None) == 50  # kept from the base
    assert rs.spaces[4].type == "free_parking"  # a new type replaces the item whole
    assert len(rs.decks) == 1 and rs.decks[0].cards[0].text == "Advance to GO"


def test_extends_does_not_inherit_name(tmp_path: Path) -> None:
    write(tmp_path, "mini.yaml", MINI)
    p = only_problem(write(tmp_path, "kid.yaml", "id: kid\nextends: mini\n"))
    assert (p.file, p.line, p.col, p.path) == (str(tmp_path / "kid.yaml"), 1, 1, "name")


def test_extends_an_empty_list_replaces(tmp_path: Path) -> None:
    no_cards = mutate("type: cards, name: Chance, deck: chance", "type: tax, name: Tax, amount: 5")
    write(tmp_path, "mini.yaml", no_cards)
    rs = load_ruleset(write(tmp_path, "kid.yaml", child(body="decks: []\n")))
    assert rs.decks == []


def test_extends_unknown_id(tmp_path: Path) -> None:
    write(tmp_path, "mini.yaml", MINI)
    p = only_problem(write(tmp_path, "kid.yaml", child(extends="maxi")))
    assert (p.line, p.col, p.path) == (3, 10, "extends")
    assert p.message.startswith("no edition has the id 'maxi' (known: ")
    assert "mini" in p.message


def test_extends_cycle(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "id: a\nname: A\nextends: b\n")
    write(tmp_path, "b.yaml", "id: b\nname: B\nextends: a\n")
    p = only_problem(tmp_path / "a.yaml")
    assert (p.file, p.line, p.col, p.path) == (str(tmp_path / "b.yaml"), 3, 10, "extends")
    assert p.message == "extends cycle: 'a' (a.yaml) → 'b' (b.yaml) → 'a' (a.yaml)"


def test_extends_itself(tmp_path: Path) -> None:
    p = only_problem(write(tmp_path, "a.yaml", "id: a\nname: A\nextends: a\n"))
    assert (p.line, p.path) == (3, "extends")
    assert p.message == "extends cycle: 'a' (a.yaml) → 'a' (a.yaml)"


def test_extends_chain_of_three(tmp_path: Path) -> None:
    write(tmp_path, "mini.yaml", MINI)
    write(tmp_path, "kid.yaml", child(body="starting_money: 1000\n"))
    rs = load_ruleset(write(tmp_path, "grandkid.yaml",
                            "id: grandkid\nname: Grandkid\nextends: kid\nyear: 2024\n"))
    assert (rs.starting_money, rs.year, rs.extends) == (1000, 2024, "kid")


def test_error_inside_a_child_points_at_the_child(tmp_path: Path) -> None:
    write(tmp_path, "mini.yaml", MINI)
    body = "spaces:\n  - {id: baltic, price: -5}\n  - {id: jail, colour: grey}\n"
    problems = problems_of(write(tmp_path, "kid.yaml", child(body=body)))
    kid = str(tmp_path / "kid.yaml")
    assert [(p.file, p.line, p.col, p.path) for p in problems] == [
        (kid, 5, 25, "spaces.1.price"),
        (kid, 6, 16, "spaces.4.colour"),
    ]


def test_cross_check_inside_a_child_points_at_the_child(tmp_path: Path) -> None:
    write(tmp_path, "mini.yaml", MINI)
    body = "spaces:\n  - {id: baltic, group: blue}\n"
    problems = problems_of(write(tmp_path, "kid.yaml", child(body=body)))
    p = find(problems, "spaces.1.group")
    assert (p.file, p.line, p.col) == (str(tmp_path / "kid.yaml"), 5, 25)
    q = find(problems, "groups.0.id")  # 'brown' lost its street: that is in the base file
    assert (q.file, q.line) == (str(tmp_path / "mini.yaml"), 6)


def test_error_inherited_from_the_base_points_at_the_base(tmp_path: Path) -> None:
    write(tmp_path, "mini.yaml", mutate("price: 60", "price: sixty"))
    p = only_problem(write(tmp_path, "kid.yaml", child()))
    assert (p.file, p.line, p.path) == (str(tmp_path / "mini.yaml"), BASE_WITH_ERROR_LINE,
                                        "spaces.1.price")


def test_child_repeating_an_id_in_a_merged_list(tmp_path: Path) -> None:
    write(tmp_path, "mini.yaml", MINI)
    body = "spaces:\n  - {id: east, type: jail, name: East}\n  - {id: east, name: East 2}\n"
    p = only_problem(write(tmp_path, "kid.yaml", child(body=body)))
    assert (p.line, p.col, p.path) == (6, 10, "spaces.6.id")
    assert p.message == "'east' is listed twice here"


def test_syntax_error_in_the_base(tmp_path: Path) -> None:
    write(tmp_path, "mini.yaml", mutate("name: Jail}", "name: Jail"))
    p = only_problem(write(tmp_path, "kid.yaml", child()))
    assert (p.file, p.line) == (str(tmp_path / "mini.yaml"), 23)


def test_extends_a_builtin_edition(tmp_path: Path) -> None:
    if not (builtin_dir() / "classic.yaml").exists():
        pytest.skip("rulesets/classic.yaml is not written yet")
    rs = load_ruleset(write(tmp_path, "mine.yaml", "id: mine\nname: Mine\nextends: classic\n"
                            "starting_money: 2000\n"))
    assert rs.starting_money == 2000 and len(rs.spaces) == 40


# ---------------------------------------------------------------- folders and editions


def test_ruleset_dirs_follow_the_environment(_isolated_user_folder: Path) -> None:
    dirs = ruleset_dirs()
    assert [d.source for d in dirs] == ["built-in", "user"]
    assert dirs[1].path == _isolated_user_folder
    assert dirs[0].path == builtin_dir()


def test_user_editions_are_discovered(_isolated_user_folder: Path) -> None:
    write(_isolated_user_folder, "mini.yaml", MINI)
    write(_isolated_user_folder, "kid.yml", child())
    write(_isolated_user_folder, "notes.txt", "not a ruleset")
    user = {e.id: e for e in list_editions() if e.source == "user"}
    assert set(user) == {"mini", "kid"}
    assert user["kid"].extends == "mini" and user["kid"].players_max == 3
    assert user["mini"].path == _isolated_user_folder / "mini.yaml"
    assert load_edition("kid").name == "Kid"


def test_broken_user_editions_are_listed_not_raised(_isolated_user_folder: Path) -> None:
    write(_isolated_user_folder, "mini.yaml", MINI)
    write(_isolated_user_folder, "bad.yaml", mutate("price: 60", "price: sixty"))
    scan = scan_editions()
    assert "mini" in {e.id for e in scan.editions}
    [broken] = scan.broken
    assert broken.path == _isolated_user_folder / "bad.yaml" and broken.source == "user"
    assert broken.error.problems[0].path == "spaces.1.price"


def test_user_edition_clashing_with_a_builtin_is_refused(_isolated_user_folder: Path) -> None:
    builtin = {e.id: e for e in list_editions() if e.source == "built-in"}
    if "classic" not in builtin:
        pytest.skip("rulesets/classic.yaml is not written yet")
    write(_isolated_user_folder, "classic.yaml", mutate("id: mini", "id: classic"))
    scan = scan_editions()
    classic = [e for e in scan.editions if e.id == "classic"]
    assert [e.source for e in classic] == ["built-in"]
    [broken] = scan.broken
    [p] = broken.error.problems
    assert (p.line, p.col, p.path) == (1, 1, "id")
    assert "already used by the built-in edition" in p.message
    assert load_edition("classic").name == builtin["classic"].name


def test_two_user_editions_with_one_id(_isolated_user_folder: Path) -> None:
    write(_isolated_user_folder, "a.yaml", MINI)
    write(_isolated_user_folder, "b.yaml", MINI)
    scan = scan_editions()
    assert [e.path.name for e in scan.editions if e.id == "mini"] == ["a.yaml"]
    assert [b.path.name for b in scan.broken] == ["b.yaml"]


def test_load_edition_unknown_id() -> None:
    with pytest.raises(EditionNotFoundError) as info:
        load_edition("no-such-edition")
    assert "no edition has the id 'no-such-edition'" in str(info.value)


def test_missing_user_folder_is_fine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "does-not-exist"))
    scan = scan_editions()
    assert all(e.source == "built-in" for e in scan.editions)


# ---------------------------------------------------------------- the built-in editions


def builtin_files() -> list[Path]:
    return sorted(builtin_dir().glob("*.yaml"))


def test_every_builtin_ruleset_loads() -> None:
    files = builtin_files()
    if not files:
        pytest.skip("no built-in rulesets yet")
    scan = scan_editions()
    assert not scan.broken, "\n".join(str(b.error) for b in scan.broken)
    assert {e.path for e in scan.editions} == set(files)


def test_variant_switch_with_a_wrong_value_is_reported_at_the_switch(tmp_path: Path) -> None:
    """A variant's rule changes are checked like the rules themselves, not only by name."""
    text = MINI + "variants:\n  - id: quick\n    name: Quick\n    rules: {deal_deeds: three}\n"
    p = only_problem(write(tmp_path, "r.yaml", text))
    assert p.path == "variants.0.rules.deal_deeds"
    assert (p.line, p.col) == (35, 25)  # at the value 'three'
    assert "integer" in p.message
