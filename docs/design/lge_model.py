"""A throwaway model of the Longest Game Ever draft rules (as shipped in rulesets/lge.yaml), to see whether
and how games can end. Not the engine and not tested; `monopoly-tui simulate --edition lge` is the
judge once the edition is built.
Run: python docs/design/lge_model.py [naive|protect|leader] [games] [cap] [threshold]
(naive: no end plan; protect: every player holding `threshold` deeds mortgages its unbuilt
deeds; leader: only the player holding the most deeds does.)"""
from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

import yaml

D = yaml.safe_load((Path(__file__).parents[2] / "rulesets" / "lge.yaml").read_text(encoding="utf-8"))
SP = D["spaces"]
N = len(SP)
DEEDS = [s for s in SP if s["type"] in ("street", "count_rent", "dice_rent") and "deed" not in s]
DID = {s["id"]: i for i, s in enumerate(DEEDS)}
DEED_AT = [DID.get(s.get("deed", s["id"]), -1) if s["type"] in ("street", "count_rent", "dice_rent") else -1 for s in SP]
VERS = [[q for q in range(N) if DEED_AT[q] == d] for d in range(len(DEEDS))]
GROUPS: dict[str, list[int]] = {}
for i, s in enumerate(DEEDS):
    GROUPS.setdefault(s["group"], []).append(i)
RR = [25, 50, 100, 200]
RESERVE = 150
THRESHOLD = 8
TRADES = True


class P:
    def __init__(s, i: int) -> None:
        s.i, s.cash, s.pos, s.jail, s.cards, s.bankrupt = i, 1500, 0, False, 0, 0


class G:
    def __init__(s, seed: int, policy: str, cap: int) -> None:
        s.r = random.Random(seed)
        s.ps = [P(i) for i in range(4)]
        s.owner = [-1] * len(DEEDS)
        s.mort = [False] * len(DEEDS)
        s.bld = [0] * N          # per space: 0..4 houses, 5 = hotel
        s.houses, s.hotels = 32, 12
        s.pot = 500
        s.policy, s.cap = policy, cap
        s.decks = {k: [c for c in D["decks"] if c["id"] == k][0]["cards"] for k in ("chance", "community-chest")}
        s.decks = {k: [c["effect"] for c in v for _ in range(c.get("copies", 1))] for k, v in s.decks.items()}
        for v in s.decks.values():
            s.r.shuffle(v)
        s.st = dict(buyouts=0, bankrupt_player=0, bankrupt_bank=0, bought=0, trades=0)

    # ---- money
    def street_houses(s, d: int) -> int:
        return sum(s.bld[q] for q in VERS[d])

    def full_set(s, d: int) -> bool:
        g = DEEDS[d]["group"]
        return all(s.owner[x] == s.owner[d] for x in GROUPS[g])

    def rent(s, q: int, roll: int) -> int:
        d = DEED_AT[q]
        t = DEEDS[d]["type"]
        o = s.owner[d]
        if t == "street":
            b = s.bld[q]
            if b:
                return DEEDS[d]["rent"][b]
            base = DEEDS[d]["rent"][0]
            return base * 2 if s.full_set(d) else base
        n = sum(1 for x in GROUPS[DEEDS[d]["group"]] if s.owner[x] == o)
        if t == "count_rent":
            return RR[n - 1]
        return (4 if n == 1 else 10) * roll

    def raise_cash(s, p: P, need: int) -> None:
        """Sell buildings, then mortgage, cheapest first, until cash >= need."""
        mine = [d for d in range(len(DEEDS)) if s.owner[d] == p.i]
        for d in sorted(mine, key=lambda d: DEEDS[d]["price"]):
            for q in VERS[d]:
                while s.bld[q] and p.cash < need:
                    hc = DEEDS[d]["house_cost"]
                    if s.bld[q] == 5:
                        s.bld[q] = 0; s.hotels += 1; p.cash += hc // 2
                        give = min(4, s.houses); s.houses -= give; s.bld[q] = give
                        p.cash += (4 - give) * hc // 2
                    else:
                        s.bld[q] -= 1; s.houses += 1; p.cash += hc // 2
        for d in sorted(mine, key=lambda d: DEEDS[d]["price"]):
            if p.cash >= need:
                return
            if not s.mort[d] and not any(s.bld[q] for q in VERS[d]):
                s.mort[d] = True; p.cash += DEEDS[d]["mortgage"]

    def pay(s, p: P, amt: int, to: P | None, pot: bool = False) -> None:
        if p.cash < amt:
            s.raise_cash(p, amt)
        if p.cash >= amt:
            p.cash -= amt
            if to: to.cash += amt
            elif pot: s.pot += amt
            return
        # bankrupt, stays in
        p.bankrupt += 1
        got = p.cash; p.cash = 0
        mine = [d for d in range(len(DEEDS)) if s.owner[d] == p.i]
        if to:
            to.cash += got; s.st["bankrupt_player"] += 1
            for d in mine:
                s.owner[d] = to.i
                interest = DEEDS[d]["mortgage"] // 10
                if s.mort[d] and to.cash >= interest: to.cash -= interest
            to.cards += p.cards; p.cards = 0
        else:
            if pot: s.pot += got
            s.st["bankrupt_bank"] += 1
            for d in mine:
                s.owner[d] = -1; s.mort[d] = False
                for q in VERS[d]:
                    if s.bld[q] == 5: s.hotels += 1
                    else: s.houses += s.bld[q]
                    s.bld[q] = 0
            p.cards = 0

    # ---- moves
    def advance(s, p: P, to: int, salary: bool = True) -> None:
        """Move forward to space `to`, paying 200 for each GO passed or landed on."""
        q = p.pos
        while q != to:
            q = (q + 1) % N
            if salary and SP[q]["type"] == "go":
                p.cash += 200
        p.pos = to

    def to_jail(s, p: P) -> None:
        q = next(x % N for x in range(p.pos + 1, p.pos + N + 1) if SP[x % N]["type"] == "jail")
        s.advance(p, q, salary=False); p.jail = True

    def land(s, p: P, roll: int, mult: int = 1, dice10: bool = False) -> None:
        sp = SP[p.pos]; t = sp["type"]
        if DEED_AT[p.pos] >= 0:
            d = DEED_AT[p.pos]; o = s.owner[d]
            if o == -1:
                price = DEEDS[d]["price"]
                if p.cash >= price + RESERVE or (p.cash >= price and s.completes(p, d)):
                    p.cash -= price; s.owner[d] = p.i; s.st["bought"] += 1
            elif o != p.i and not s.mort[d]:
                r = s.rent(p.pos, roll) * mult
                if dice10: r = 10 * s.r.randint(1, 6)
                if p.cash >= r + 10 + RESERVE:
                    s.pay(p, r + 10, s.ps[o]); s.owner[d] = p.i; s.st["buyouts"] += 1
                else:
                    s.pay(p, r, s.ps[o])
        elif t == "tax":
            s.pay(p, sp["amount"], None, pot=True)
        elif t == "free_parking":
            p.cash += s.pot; s.pot = 500
        elif t == "go_to_jail":
            s.to_jail(p)
        elif t == "cards":
            s.card(p, sp["deck"], roll)

    def completes(s, p: P, d: int) -> bool:
        g = GROUPS[DEEDS[d]["group"]]
        return all(s.owner[x] == p.i for x in g if x != d)

    def card(s, p: P, deck: str, roll: int) -> None:
        e = s.decks[deck].pop(0)
        t = e["type"]
        if t == "get_out_of_jail_free":
            p.cards += 1; return
        s.decks[deck].append(e)
        if t == "move_ahead_to":
            if "kind" in e:
                q = next(x % N for x in range(p.pos + 1, p.pos + N + 1) if SP[x % N]["type"] == e["kind"])
            else:
                q = next(x % N for x in range(p.pos + 1, p.pos + N + 1) if DEED_AT[x % N] == DID[e["deed"]])
            s.advance(p, q); s.land(p, roll)
        elif t == "move_to_nearest":
            q = next(x % N for x in range(p.pos + 1, p.pos + N + 1) if SP[x % N].get("group") == e["group"])
            s.advance(p, q)
            s.land(p, roll, mult=e.get("rent_multiplier", 1), dice10=bool(e.get("dice_multiplier")))
        elif t == "move_by":
            p.pos = (p.pos + e["steps"]) % N; s.land(p, roll)
        elif t == "collect":
            p.cash += e["amount"]
        elif t == "pay":
            s.pay(p, e["amount"], None, pot=True)
        elif t == "go_to_jail":
            s.to_jail(p)
        elif t == "repairs":
            h = sum(s.bld[q] for q in range(N) if DEED_AT[q] >= 0 and s.owner[DEED_AT[q]] == p.i and s.bld[q] < 5)
            H = sum(1 for q in range(N) if DEED_AT[q] >= 0 and s.owner[DEED_AT[q]] == p.i and s.bld[q] == 5)
            s.pay(p, h * e["per_house"] + H * e["per_hotel"], None, pot=True)
        elif t == "collect_from_each":
            for o in s.ps:
                if o is not p: s.pay(o, e["amount"], p)
        elif t == "pay_each":
            for o in s.ps:
                if o is not p: s.pay(p, e["amount"], o)

    # ---- own turn actions
    def build(s, p: P) -> None:
        for g, ds in GROUPS.items():
            if DEEDS[ds[0]]["type"] != "street" or not all(s.owner[d] == p.i and not s.mort[d] for d in ds):
                continue
            for d in ds:
                hc = DEEDS[d]["house_cost"]
                while p.cash >= hc + 300:
                    n = s.street_houses(d)
                    if any(s.bld[q] == 5 for q in VERS[d]):
                        break
                    if n < 4 and s.houses:
                        q = min(VERS[d], key=lambda q: s.bld[q]); s.bld[q] += 1; s.houses -= 1; p.cash -= hc
                    elif n == 4 and s.hotels:
                        for q in VERS[d]: s.bld[q] = 0
                        s.houses += 4; s.hotels -= 1; s.bld[VERS[d][0]] = 5; p.cash -= hc
                    else:
                        break

    def protect(s, p: P, leader_only: bool) -> None:
        """The end plan: mortgage every unbuilt deed, so that no lander can buy it out."""
        mine = [d for d in range(len(DEEDS)) if s.owner[d] == p.i]
        if len(mine) < THRESHOLD:
            return
        if leader_only and any(sum(1 for o in s.owner if o == q.i) > len(mine) for q in s.ps):
            return
        for d in mine:
            if not s.mort[d] and not any(s.bld[q] for q in VERS[d]):
                s.mort[d] = True; p.cash += DEEDS[d]["mortgage"]
        if TRADES:
            # Buy the others' mortgaged deeds (no lander can take them) at their face price,
            # keeping the mortgage (10% now); a basic seller takes a full price.
            for d in range(len(DEEDS)):
                o = s.owner[d]
                if o in (-1, p.i) or not s.mort[d]:
                    continue
                cost = DEEDS[d]["price"] + DEEDS[d]["mortgage"] // 10
                if p.cash >= cost + RESERVE:
                    p.cash -= cost; s.ps[o].cash += DEEDS[d]["price"]; s.owner[d] = p.i
                    s.st["trades"] += 1

    def turn(s, p: P) -> None:
        if p.jail:
            if p.cards: p.cards -= 1
            else: s.pay(p, 50, None)
            p.jail = False
        s.build(p)
        if s.policy in ("protect", "leader"):
            s.protect(p, leader_only=s.policy == "leader")
        roll = s.r.randint(1, 6)
        s.advance(p, (p.pos + roll) % N)
        s.land(p, roll)

    def play(s) -> tuple[int, bool]:
        for rnd in range(1, s.cap + 1):
            for p in s.ps:
                s.turn(p)
                for i in range(4):
                    if all(o == i for o in s.owner):
                        return rnd, True
        return s.cap, False


def run(policy: str, n: int, cap: int) -> None:
    rounds, ended = [], 0
    tot = dict(buyouts=0, bankrupt_player=0, bankrupt_bank=0, bought=0, trades=0)
    for seed in range(n):
        g = G(seed, policy, cap)
        r, ok = g.play()
        ended += ok
        if ok: rounds.append(r)
        for k in tot: tot[k] += g.st[k]
    print(f"{policy}: {ended}/{n} games end with one owner of everything within {cap} rounds")
    if rounds:
        q = statistics.quantiles(rounds, n=10, method="inclusive") if len(rounds) > 1 else [rounds[0]] * 9
        print(f"  ended games: median {statistics.median(rounds)} rounds, p10 {q[0]:.0f}, p90 {q[-1]:.0f}, max {max(rounds)}")
    print("  per game:", {k: round(v / n, 1) for k, v in tot.items()})


if __name__ == "__main__":
    pol = sys.argv[1] if len(sys.argv) > 1 else "leader"
    if len(sys.argv) > 4:
        THRESHOLD = int(sys.argv[4])
    if "notrades" in sys.argv:
        TRADES = False
    run(pol, int(sys.argv[2]) if len(sys.argv) > 2 else 200, int(sys.argv[3]) if len(sys.argv) > 3 else 1000)
