"""Check the designed numbers of the two rulesets designed here, as shipped in rulesets/ (not part
of the suite: the rule tests check the rules).

Run from the repository root:  .venv/bin/python docs/design/check_drafts.py

D&D: 32 spaces in the Junior template, every amount a multiple of 10, the Adventure prices
follow their formula, the card counts, the coin supply. Longest Game Ever: 96 spaces in three
thirds, 3 GOs / Free Parkings / jails, 12 railroad spaces, 22 deeds x 3 versions whose copies
agree, and the ruleset loads and compiles.
It also prints where each Longest Game Ever card sends a player from each card space.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

problems: list[str] = []


def check(ok: bool, what: str) -> None:
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        problems.append(what)


def amounts(node: Any, path: str = "") -> list[tuple[str, int]]:
    """Every money value in a tree: keys that hold gold."""
    keys = {"amount", "price", "fee", "reward", "revive_reward", "salary", "jail_fine",
            "starting_money"}
    out: list[tuple[str, int]] = []
    if isinstance(node, dict):
        for k, v in node.items():
            p = f"{path}.{k}" if path else str(k)
            if k in keys and isinstance(v, int):
                out.append((p, v))
            out += amounts(v, p)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += amounts(v, f"{path}.{i}")
    return out


def check_dnd() -> None:
    print("== Dungeons & Dragons (rulesets/dnd.yaml)")
    d = yaml.safe_load((HERE.parents[1] / "rulesets" / "dnd.yaml").read_text(encoding="utf-8"))
    sp = d["spaces"]
    check(len(sp) == 32 and [s["position"] for s in sp] == list(range(32)), "32 spaces, in order")
    kinds = {s["position"]: s["type"] for s in sp}
    check([kinds[i] for i in (0, 8, 16, 24)] == ["go", "jail", "free_parking", "go_to_jail"],
          "corners: GO 0, Jail 8, Free Parking 16, Go to Jail 24")
    portals = [i for i, k in kinds.items() if k == "portal"]
    check(portals == [4, 12, 20, 28], f"4 Portals mid-side: {portals}")
    locs = [s for s in sp if s["type"] == "location"]
    check(len(locs) == 16, f"16 locations ({len(locs)})")
    mm = [s for s in sp if s["type"] == "cards"]
    check(len(mm) == 8, f"8 Magic & Mystery spaces ({len(mm)})")
    pairs = Counter(s["group"] for s in locs)
    check(len(pairs) == 8 and set(pairs.values()) == {2}, "8 colour pairs of 2")
    for g in pairs:
        am = {s["amount"] for s in locs if s["group"] == g}
        check(len(am) == 1, f"pair {g} has one amount {sorted(am)}")
    order = [s["amount"] for s in locs]
    check(order == sorted(order), "amounts rise along the board")
    for p in portals:
        reach = [s["id"] for s in sp if s["type"] == "location" and 0 < (s["position"] - p) % 32 < 8]
        groups = Counter(s["group"] for s in locs if s["id"] in reach)
        check(len(reach) == 4 and set(groups.values()) == {2},
              f"Portal {p} reaches 4 locations, two whole pairs: {reach}")
    sword = [g["id"] for g in d["groups"][:4]]
    check(all(s["position"] < 16 for s in locs if s["group"] in sword),
          "the Sword Coast pairs lie on the first two sides, the Underdark on the last two")
    adv = {a["location"]: a for a in d["adventures"]}
    check(len(d["adventures"]) == 16 and set(adv) == {s["id"] for s in locs},
          "16 Adventure cards, one per location")
    amount_of = {s["id"]: s["amount"] for s in locs}
    for a in d["adventures"]:
        want = 2 * amount_of[a["location"]] + 10 * (a["target"] - 7)
        check(a["price"] == want and 2 <= a["target"] <= 19,
              f"{a['id']}: target {a['target']}, price {a['price']} = 2 x {amount_of[a['location']]}"
              f" + 10 x ({a['target']} - 7)")
    cards = d["decks"][0]["cards"]
    kinds_c = Counter(c["effect"]["type"] for c in cards)
    check(len(cards) == 30, f"30 Magic & Mystery cards ({len(cards)}): {dict(kinds_c)}")
    dm = d["dungeon_master"]
    n_dm = 2 * len(dm["locations"]) + len(dm["monsters"]) + 1
    check(n_dm == 9, f"9 Dungeon Master cards ({n_dm}): 3 locations, 3 adventures, 2 monsters, Szass Tam")
    for loc in dm["locations"]:
        a = loc["adventure"]
        am = {s["amount"] for s in locs if s["group"] == loc["group"]}.pop()
        base = max(adv[s["id"]]["target"] for s in locs if s["group"] == loc["group"])
        check(loc["group"] in sword and a["price"] == 2 * am + 10 * (a["target"] - 7)
              and a["target"] > base,
              f"DM {loc['id']}: a Sword Coast colour ({loc['group']}), harder than the pair's "
              f"own ({a['target']} > {base}), price {a['price']}")
    money = amounts(d)
    bad = [(p, v) for p, v in money if v % 10]
    check(not bad, f"every amount a multiple of 10 ({len(money)} amounts checked) {bad}")
    tens, fifties = 53, 42
    box = tens * 10 + fifties * 50
    check(box == 2630, f"the box holds {box} gold (53 x 10 + 42 x 50)")
    start = d["starting_money"]
    check(start == 300 and 5 * start <= box, f"5 players x {start} = {5 * start} <= {box}")
    check(start == 5 * 10 + 5 * 50 and 5 * 5 <= tens and 5 * 5 <= fifties,
          "300 = 5 tens + 5 fifties each: 25 of each coin for five players")


def check_lge() -> None:
    print("== Longest Game Ever (rulesets/lge.yaml)")
    d = yaml.safe_load((ROOT / "rulesets" / "lge.yaml").read_text(encoding="utf-8"))
    sp = d["spaces"]
    check(len(sp) == 96 and [s["position"] for s in sp] == list(range(96)), "96 spaces, in order")
    kinds = Counter(s["type"] for s in sp)
    decks = Counter(s["deck"] for s in sp if s["type"] == "cards")
    groups = Counter(s["group"] for s in sp if "group" in s)
    check(kinds["go"] == 3 and kinds["free_parking"] == 3, "3 GOs and 3 Free Parkings")
    check(kinds["jail"] == 3 and kinds["go_to_jail"] == 3, "3 jails, each with its Go to Jail")
    check(groups["railroads"] == 12, f"12 railroad spaces ({groups['railroads']})")
    check(groups["utilities"] == 6, f"6 utility spaces ({groups['utilities']})")
    check(kinds["street"] == 48, f"48 street spaces ({kinds['street']})")
    check(decks["chance"] == 6 and decks["community-chest"] == 6, "6 Chance, 6 Community Chest")
    check(kinds["tax"] == 6, "3 Income Tax + 3 Luxury Tax")
    check(96 - kinds["street"] - kinds["count_rent"] - kinds["dice_rent"] == 30,
          "30 spaces that are not properties")
    base = {s["id"]: s for s in sp if s["type"] in ("street", "count_rent", "dice_rent")
            and "deed" not in s}
    check(len(base) == 22, f"22 deeds ({len(base)})")
    streets = [s for s in base.values() if s["type"] == "street"]
    check(len(streets) == 16 and set(Counter(s["group"] for s in streets).values()) == {2},
          "16 streets, two in every colour group")
    check({"mediterranean", "baltic", "park-place", "boardwalk"} <= set(base),
          "Mediterranean, Baltic, Park Place and Boardwalk are kept")
    versions: dict[str, list[dict[str, Any]]] = {k: [v] for k, v in base.items()}
    for s in sp:
        if "deed" in s:
            versions[s["deed"]].append(s)
    fields = ("type", "group", "price", "rent", "house_cost", "mortgage")
    for k, vs in versions.items():
        local = {s["position"] % 32 for s in vs}
        same = all(all(v.get(f) == vs[0].get(f) for f in fields) for v in vs)
        names = [v["name"] for v in vs]
        want = [vs[0]["name"], vs[0]["name"] + " 2", vs[0]["name"] + " 3"]
        if not (len(vs) == 3 and len(local) == 1 and same and names == want):
            check(False, f"deed {k}: 3 versions at one place of each third, equal values: {names}")
    check(True, "every deed has 3 versions named X, X 2, X 3, at the same place in each third, "
          "with equal values")
    for t in range(3):
        corners = [sp[32 * t + i]["type"] for i in (0, 8, 16, 24)]
        check(corners == ["go", "jail", "free_parking", "go_to_jail"],
              f"third {t + 1}: corners GO, Jail, Free Parking, Go to Jail at 0/8/16/24")

    from monopoly_tui.rules import load_spec

    spec = load_spec("lge")
    check(len(spec.deeds) == 22 and all(len(x.spaces) == 3 for x in spec.deeds),
          "the ruleset loads and compiles 22 deeds of 3 spaces each")

    print("-- where each moving card goes, from each card space of third 1 (later thirds alike)")
    by_id = {s["id"]: s for s in sp}
    for s in sp[:32]:
        if s["type"] != "cards":
            continue
        p = s["position"]
        for deck in d["decks"]:
            if deck["id"] != s["deck"]:
                continue
            for c in deck["cards"]:
                e = c["effect"]
                dest = None
                if e["type"] == "move_ahead_to":
                    if "kind" in e:
                        dest = next(q for q in range(p + 1, p + 97) if sp[q % 96]["type"] == e["kind"])
                    else:
                        dest = next(q for q in range(p + 1, p + 97)
                                    if sp[q % 96]["id"] == e["deed"] or sp[q % 96].get("deed") == e["deed"])
                elif e["type"] == "move_to_nearest":
                    dest = next(q for q in range(p + 1, p + 97) if sp[q % 96].get("group") == e["group"])
                elif e["type"] == "go_to_jail":
                    dest = next(q for q in range(p + 1, p + 97) if sp[q % 96]["type"] == "jail")
                elif e["type"] == "move_by":
                    dest = p + e["steps"]
                if dest is None:
                    continue
                passes = any(sp[q % 96]["type"] == "go" for q in range(p + 1, dest))
                arrive = sp[dest % 96]["name"]
                gone = e["type"] == "go_to_jail"
                print(f"   {s['name']:<15} @{p:>2}: {e['type']:<15} "
                      f"{(e.get('deed') or e.get('kind') or e.get('group') or '') :<17} -> "
                      f"{dest % 96:>2} {arrive:<24} {'passes a GO' if passes else ''}"
                      f"{' (no salary)' if passes and gone else ''}")
    _ = by_id


if __name__ == "__main__":
    check_dnd()
    check_lge()
    print("\n" + ("all checks pass" if not problems else f"{len(problems)} checks FAIL"))
    sys.exit(1 if problems else 0)
