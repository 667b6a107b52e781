"""Drive the app like a player: look at the screen on top and press the keys a player would."""

from __future__ import annotations

from collections import Counter
from typing import Any

from textual.pilot import Pilot

from monopoly_tui.engine import actions as A
from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.session import Seat, Session


def new_session(edition: str, seats: list[tuple[str, bool]], seed: int = 1, **kw: Any) -> Session:
    from monopoly_tui.rules import load_spec

    spec = load_spec(edition)
    return Session.new(
        edition,
        [Seat(name, spec.tokens[i], human) for i, (name, human) in enumerate(seats)],
        seed=seed,
        pace="instant",
        **kw,
    )


async def settle(pilot: Pilot[Any], rounds: int = 3) -> None:
    for _ in range(rounds):
        await pilot.pause()


def screen_name(app: MonopolyApp) -> str:
    return type(app.screen).__name__


async def step(pilot: Pilot[Any], app: MonopolyApp, seen: Counter[str],
               bid_limit: int = 150) -> bool:
    """Press the keys for whatever is on top; False when the game is over (results shown)."""
    name = screen_name(app)
    seen[name] += 1
    scr: Any = app.screen
    if name == "ResultsScreen":
        return False
    if name in ("FirstPlayerScreen", "CardScreen", "NewsScreen"):
        await pilot.press("enter")
    elif name == "GameScreen":
        pend = scr.session.pending
        if pend.kind == A.GAME_OVER:
            await settle(pilot)
            return screen_name(app) != "ResultsScreen"
        if not scr.session.is_human(pend.player):
            await settle(pilot)
        elif pend.kind == A.ROLL:
            await pilot.press("r")
        elif pend.kind == A.END_TURN:
            await pilot.press("e")
        else:
            await settle(pilot)
    elif name == "BuyScreen":
        await pilot.press("b" if scr.choice(A.A_BUY) else ("a" if scr.choice(A.A_AUCTION)
                                                           else "n"))
    elif name == "AuctionScreen":
        pend = scr.pend
        if scr.mine():
            ctx = pend.context
            if ctx["high_bidder"] != pend.player and ctx["high_bid"] < bid_limit \
                    and scr.choice(A.A_BID) \
                    and scr.raise_amount(scr.steps[1]) <= ctx["max_bid"]:
                await pilot.press(*str(scr.raise_amount(scr.steps[1])), "enter")
            else:
                await pilot.press("d")
        else:
            await settle(pilot)
    elif name == "JailScreen":
        await pilot.press("c" if scr.choice(A.A_USE_CARD) else
                          ("r" if scr.choice(A.A_ROLL) else "p"))
    elif name == "TaxScreen":
        await pilot.press("f")
    elif name == "DebtScreen":
        if scr.choice(A.A_PAY_DEBT):
            await pilot.press("p")
        elif scr.choice(A.A_BANKRUPT):
            await pilot.press("B")
            await settle(pilot)
            await pilot.press("y")
        elif scr.mine():
            await pilot.press("enter")
        else:
            await settle(pilot)
    elif name == "TransferScreen":
        await pilot.press("l" if scr.choice(A.A_LIFT) else "k")
    elif name == "PlaceScreen":
        await pilot.press("enter")
    elif name == "BuyOutScreen":
        await pilot.press("b" if scr.choice(A.A_BUY_OUT) else "p")
    elif name == "PlaceVersionScreen":
        await pilot.press("down", "enter")
    elif name == "TradeReview":
        await pilot.press("R" if scr.mine() else "escape")
    elif name == "RingScreen":
        await pilot.press("b" if scr.choice("battle") else "k")
    elif name == "ChoiceScreen":
        await pilot.press("enter")
    elif name == "SecureScreen":
        await pilot.press("p" if scr.choice("pay_to_secure") and
                          float(str(scr.pend.context.get("odds", 0))) < 0.5 else "r")
    elif name in ("PortalScreen", "ItemsScreen"):
        await pilot.press("enter")  # the first offered (an item; the first location in reach)
    elif name == "ConfirmScreen":
        await pilot.press("y")
    else:
        await pilot.press("escape")
    await pilot.pause()
    return True


async def play_out(pilot: Pilot[Any], app: MonopolyApp, limit: int = 3000,
                   **kw: Any) -> Counter[str]:
    """Play until the results screen; what screens were seen and how often."""
    seen: Counter[str] = Counter()
    for _ in range(limit):
        if not await step(pilot, app, seen, **kw):
            return seen
    raise AssertionError(f"the game did not end in {limit} steps; seen {dict(seen)}")


async def run_to_results(pilot: Pilot[Any], app: MonopolyApp, session: Session,
                         stall: int = 2000) -> None:
    """Let the computer seats play on until the results screen. However slow the machine, it
    fails only when the game stops moving: no decision made in ``stall`` pauses in a row."""
    last, still = -1, 0
    while type(app.screen).__name__ != "ResultsScreen":
        await pilot.pause()
        made = session.game.st.decisions
        if made != last:
            last, still = made, 0
            continue
        still += 1
        if still > stall:
            raise AssertionError(f"the game stopped moving at decision {made} on "
                                 f"{type(app.screen).__name__} (over: {session.game.over})")


class started:
    """``async with started(session) as (app, pilot)``: the app on a game screen."""

    def __init__(self, session: Session, size: tuple[int, int] = (160, 50),
                 first: bool = False) -> None:
        self.session = session
        self.size = size
        self.first = first
        self.app = MonopolyApp(pace="instant")
        self._ctx: Any = None

    async def __aenter__(self) -> tuple[MonopolyApp, Pilot[Any]]:
        self._ctx = self.app.run_test(size=self.size)
        pilot = await self._ctx.__aenter__()
        self.app.start_session(self.session, first=self.first)
        await settle(pilot)
        return self.app, pilot

    async def __aexit__(self, *exc: Any) -> None:
        await self._ctx.__aexit__(*exc)


def shown_keys(app: MonopolyApp) -> set[str]:
    """The keys the footer shows now (legal and meant to be shown)."""
    return {key for key, ab in app.screen.active_bindings.items()
            if ab.binding.show and ab.enabled}


def text_of(app: MonopolyApp, selector: str) -> str:
    """The plain text a Static shows."""
    import io

    from rich.console import Console

    widget: Any = app.screen.query_one(selector)
    console = Console(width=120, file=io.StringIO(), record=True, color_system=None)
    console.print(widget.content)
    return console.export_text()


def as_shown(widget: Any, clip: bool = False) -> str:
    """The plain text a Static shows at its own width (with ``clip``, only the lines its
    height leaves in view): what a player reads there, cut where the screen cuts it."""
    import io

    from rich.console import Console

    console = Console(width=widget.content_size.width, file=io.StringIO(), record=True,
                      color_system=None)
    console.print(widget.content)
    lines = console.export_text().splitlines()
    return "\n".join(lines[:widget.content_size.height] if clip else lines)
