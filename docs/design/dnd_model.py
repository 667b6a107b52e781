"""A throwaway model of the D&D draft rules (docs/design/dnd.yaml) used to pre-tune its designed
numbers. It is not the engine and not tested; `monopoly-tui simulate --edition dnd` is the judge
once the edition is built. Run: python docs/design/dnd_model.py [dm]"""
from __future__ import annotations
import random, statistics, sys
from dataclasses import dataclass, field

N = 32
PORTALS = [4, 12, 20, 28]
JAIL, GTJ, FP = 8, 24, 16
LOC_POS = [1,2,6,7,9,10,14,15,17,18,22,23,25,26,30,31]
MM_POS = [3,5,11,13,19,21,27,29]
AMOUNT = {p: 10*(i//2+1) for i,p in enumerate(LOC_POS)}
PAIR = {p: i//2 for i,p in enumerate(LOC_POS)}
TARGET = dict(zip(LOC_POS, [8,9,10,10,11,12,12,13,13,14,14,15,15,16,17,18]))
ON1 = {6:('lose_item',0),9:('pay',20),14:('jail',0),17:('lose_item',0),23:('pay',20),26:('jail',0),31:('pay_each',10)}
ON20 = {1:('from_each',10),7:('draw',0),15:('collect',30),18:('draw',0),25:('collect',30),30:('draw',0),31:('collect',50)}
DM = False
def price_of(p):
    if p in PRICE_OVERRIDE: return PRICE_OVERRIDE[p]
    return 2*AMOUNT[p] + 10*(TARGET[p]-7)
# M&M deck
ITEMS = [("add",4),("add",3),("reroll",0),("reroll",0),("add",5),("add",2),("add",2),("add",1),("add",1),("add",3)]
DECK = [("item",x) for x in ITEMS] + [("goojf",None)]*2 + [
  ("monster",(11,"pay",30)),("monster",(9,"pay",20)),("monster",(10,"pay",30)),("monster",(12,"jail",0)),
  ("go",None),("portal",None),("back",3),("jail",None),("to",15),("unsecured",None),
  ("collect",50),("collect",30),("collect",20),("from_each",10),("per_secured",10),
  ("pay",20),("pay",30),("pay_each",10)]
assert len(DECK)==30

@dataclass
class P:
    i:int; char:str; cash:int=300; pos:int=0; jail:int=0; dead:bool=False
    items:list=field(default_factory=list); goojf:int=0

class G:
    def __init__(s, seed, chars, cap=300):
        s.r = random.Random(seed); s.ps=[P(i,c) for i,c in enumerate(chars)]
        s.deck = DECK[:] + ([("monster",(14,"pay",50)),("monster",(12,"items",0))] if DM else []); s.r.shuffle(s.deck); s.owner={}; s.revealed=set(); s.cap=cap
        s.st=dict(paid=0,rolled=0,crit1=0,crit20=0,revive=0,deaths=0,fails=0)
    def d6(s): return s.r.randint(1,6)
    def d20(s): return s.r.randint(1,20)
    def pay(s,p,amt,to=None):
        if p.cash>=amt:
            p.cash-=amt
            if to: to.cash+=amt
            return
        if to: to.cash+=p.cash
        p.cash=0
        if not p.dead: p.dead=True; s.st['deaths']+=1
    def check(s,p,target,allow_items=True):
        """d20 check; returns (success, natural)."""
        nat=s.d20()
        if nat==1:
            s.st['crit1']+=1
            if p.char!='holga': s.pay(p,50)
            return False,1
        if nat==20:
            s.st['crit20']+=1; p.cash+=50; return True,20
        tot=nat
        while tot<target and p.items:
            need=target-tot
            adds=sorted([x for x in p.items if x[0]=='add'], key=lambda x:x[1])
            fit=[x for x in adds if x[1]>=need]
            if fit: it=fit[0]; tot+=it[1]
            elif sum(x[1] for x in adds)>=need:
                it=adds[-1]; tot+=it[1]
            elif any(x[0]=='reroll' for x in p.items) and need>=5:
                it=[x for x in p.items if x[0]=='reroll'][0]
                n2=s.d20(); tot=min(max(n2,2),19)
            else: break
            p.items.remove(it); s.deck.append(("item",it))
        return tot>=target, nat
    def p_success(s,p,target):
        bonus=sum(x[1] for x in p.items if x[0]=='add')
        return min(1.0,max(0.05,(21-(target-bonus))/20))
    def land(s,p,g_depth=0):
        q=p.pos
        if q in AMOUNT:
            o=s.owner.get(q)
            if o is not None:
                if o is not p:
                    amt=AMOUNT[q]*(2 if s.pair_owned(o,q) else 1)
                    s.pay(p,amt,o)
                return
            if q not in s.revealed:
                if p.cash<AMOUNT[q]: return
                p.cash-=AMOUNT[q]; s.revealed.add(q)
            pr=price_of(q); ps=s.p_success(p,TARGET[q])
            if p.cash-pr>=60 and ps<0.6:
                p.cash-=pr; s.owner[q]=p; s.st['paid']+=1; return
            s.st['rolled']+=1
            ok,nat=s.check(p,TARGET[q])
            if ok: s.owner[q]=p; s.st['by_roll']=s.st.get('by_roll',0)+1
            else: s.st['fails']+=1
            o = ON1.get(q) if nat==1 else ON20.get(q) if nat==20 else None
            if o: s.outcome(p,*o)
            return
        if q in PORTALS:
            nxt=[x for x in LOC_POS if 0<(x-q)%N<8]
            if p.char=='simon': nxt=LOC_POS
            best=s.choose_loc(p,nxt)
            passes=(best-q)%N + q >= N
            p.pos=best
            if passes and not (p.char=='simon' and not 0<(best-q)%N<8): p.cash+=40
            s.land(p,g_depth+1); return
        if q==GTJ: s.to_jail(p); return
        if q==JAIL:
            for o in s.ps:
                if o.jail: o.jail=0
            return
        if DM and q==3:
            ok,_=s.check(p,11)
            if not ok: s.pay(p,20)
            return
        if q in MM_POS: s.draw(p)
    def outcome(s,p,k,v):
        if k=='lose_item':
            if p.items: it=min(p.items,key=lambda x:x[1] if x[0]=='add' else 9); p.items.remove(it); s.deck.append(('item',it))
        elif k=='pay': s.pay(p,v)
        elif k=='jail': s.to_jail(p)
        elif k=='pay_each':
            for o in s.ps:
                if o is not p: s.pay(p,v,o)
        elif k=='from_each':
            for o in s.ps:
                if o is not p: s.pay(o,v,p)
        elif k=='collect': p.cash+=v
        elif k=='draw': s.draw(p)
    def pair_owned(s,o,q):
        return all(s.owner.get(x) is o for x in LOC_POS if PAIR[x]==PAIR[q])
    def choose_loc(s,p,opts):
        def score(x):
            o=s.owner.get(x)
            if o is p: return 0
            if o is None: return 100 - TARGET[x]*3 + AMOUNT[x]
            return -AMOUNT[x]*(2 if s.pair_owned(o,x) else 1)
        return max(opts,key=score)
    def to_jail(s,p):
        if p.char=='edgin': p.pos=JAIL; return
        p.pos=JAIL; p.jail=1
    def move(s,p,n):
        old=p.pos; p.pos=(p.pos+n)%N
        if old+n>=N: p.cash+=40
        s.land(p)
    def draw(s,p):
        c=s.deck.pop(0)
        if p.char=='doric':
            c2=s.deck.pop(0)
            rank=lambda c:{"item":5,"collect":4,"goojf":3,"from_each":3,"per_secured":2,"unsecured":2,"go":2,"portal":2}.get(c[0],0)
            if rank(c2)>rank(c): c,c2=c2,c
            s.deck.append(c2)
        k,v=c
        if k=='item': p.items.append(v); return
        if k=='goojf': p.goojf+=1; return
        s.deck.append(c)
        if k=='monster':
            t,what,amt=v; ok,_=s.check(p,t)
            if not ok:
                if what=='pay': s.pay(p,amt)
                elif what=='items':
                    for it in p.items: s.deck.append(('item',it))
                    p.items=[]
                else: s.to_jail(p)
        elif k=='go': p.pos=0; p.cash+=40
        elif k=='portal':
            nx=min(PORTALS,key=lambda x:(x-p.pos)%N)
            if nx<p.pos: p.cash+=40
            p.pos=nx; s.land(p)
        elif k=='back': p.pos=(p.pos-3)%N; s.land(p)
        elif k=='jail': s.to_jail(p)
        elif k=='to':
            if v<p.pos: p.cash+=40
            p.pos=v; s.land(p)
        elif k=='unsecured':
            un=[x for x in LOC_POS if x not in s.owner]
            if un:
                x=min(un,key=lambda x:(x-p.pos)%N)
                if x<p.pos: p.cash+=40
                p.pos=x; s.land(p)
        elif k=='collect': p.cash+=v
        elif k=='from_each':
            for o in s.ps:
                if o is not p: s.pay(o,v,p)
        elif k=='per_secured': p.cash+=v*sum(1 for o in s.owner.values() if o is p)
        elif k=='pay': s.pay(p,v)
        elif k=='pay_each':
            for o in s.ps:
                if o is not p: s.pay(p,v,o)
    def turn(s,p):
        if p.dead:
            ok,_=s.check(p,4 if p.char=='xenk' else 8)
            if ok: p.dead=False; p.cash+=50; s.st['revive']+=1
            return
        if p.jail:
            if p.goojf: p.goojf-=1; p.jail=0
            elif p.cash>=60 and p.jail>=1 and False: pass
            else:
                r=s.d6()
                if r==6: p.jail=0; s.move(p,6); return
                if p.jail>=3:
                    p.jail=0; s.pay(p,10); s.move(p,s.d6()); return
                p.jail+=1; return
        s.move(p,s.d6())
    def play(s):
        for rnd in range(1,s.cap+1):
            for p in s.ps:
                s.turn(p)
                if len(s.owner)==16:
                    for q,o in s.owner.items(): o.cash+=AMOUNT[q]*(2 if s.pair_owned(o,q) else 1)
                    return rnd,True
        return s.cap,False

def dm_on():
    global DM
    DM=True
    TARGET[6]=13; TARGET[9]=14; TARGET[14]=15
    PRICE_OVERRIDE.update({6:100,9:130,14:160})
PRICE_OVERRIDE={}
def run(n=1000):
    rounds=[];done=0; tot=dict(paid=0,by_roll=0,rolled=0,crit1=0,crit20=0,revive=0,deaths=0,fails=0); wins={}; plays={}
    maxcash=0
    chars=['edgin','holga','simon','doric','xenk']
    for seed in range(n):
        r=random.Random(seed*7+1); cs=r.sample(chars,4)
        g=G(seed,cs); rd,ok=g.play(); rounds.append(rd); done+=ok
        for k in tot: tot[k]+=g.st.get(k,0)
        w=max(g.ps,key=lambda p:p.cash); wins[w.char]=wins.get(w.char,0)+1
        for p in g.ps: plays[p.char]=plays.get(p.char,0)+1
        maxcash=max(maxcash,sum(p.cash for p in g.ps))
    q=statistics.quantiles(rounds,n=10)
    print(f"ended {done}/{n}; median {statistics.median(rounds)} p10 {q[0]} p90 {q[-1]} max {max(rounds)}")
    print({k:round(v/n,2) for k,v in tot.items()}, "max total cash", maxcash)
    print({k:round(v/plays[k]*100) for k,v in sorted(wins.items())}, "% of the games each character played that it won (25% is even)")
if __name__=='__main__':
    if 'dm' in sys.argv: dm_on()
    run(1000)
