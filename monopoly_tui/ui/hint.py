"""The hint (``h``) and the chance to win, in words: what the master computer player
(``bots.master``) would choose at a human's decision and what its search found, and each
player's chance to win from here. The search decides; this module only says it."""

from __future__ import annotations

from typing import Final

from monopoly_tui.bots.master import Advice, advise, win_chances
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.describe import action_words
from monopoly_tui.engine.game import Game

HINT_FUTURES: Final = 24
"""Sampled futures a candidate gets for a hint: a fixed count, so the same position gives
the same hint."""

CHANCE_FUTURES: Final = 16
"""Sampled futures behind the chance to win shown in the statistics."""


def choice_words(game: Game, action: Action) -> str:
    """A choice the hint weighs, in the edition's words, lower case, as in "62% to win if
    you buy Park Place": the engine's one describer of decisions (``describe.action_words``),
    with the choices of a deed for sale said as the choice between them ("leave it to
    auction")."""
    if action.kind == A.A_AUCTION:
        return "leave it to auction"
    if action.kind == A.A_DECLINE:
        return "not buy it"
    words = action_words(game, action)
    return words[:1].lower() + words[1:]


def advice_text(game: Game, advice: Advice) -> str:
    """The advice in one or two sentences: "Buy Park Place: 62% to win if you buy Park
    Place, 48% if you leave it to auction." """
    choice = choice_words(game, advice.choice)
    head = choice[:1].upper() + choice[1:]
    if not advice.searched:
        return f"{head}: nothing else here is worth weighing."
    chosen = next(o for o in advice.options if o.action == advice.choice)
    others = [o for o in advice.options if o is not chosen]
    parts = [f"{chosen.chance:.0%} to win if you {choice}"]
    parts += [f"{o.chance:.0%} if you {choice_words(game, o.action)}" for o in others]
    text = f"{head}: " + ", ".join(parts) + "."
    if advice.choice != advice.options[0].action:
        text += " (The difference is within what the sampled futures can tell apart.)"
    return text


def hint_text(game: Game, player: int) -> str:
    """What the master would choose at the decision ``player`` owes now, and why."""
    return advice_text(game, advise(game, player, seed=game.st.decisions,
                                    rollouts=HINT_FUTURES))


def chance_lines(game: Game) -> list[tuple[str, float]]:
    """Each player still in and their chance to win from here (``win_chances``), the
    likeliest first."""
    found = win_chances(game, seed=game.st.decisions, futures=CHANCE_FUTURES)
    players = game.st.players
    rows = [(players[p].name, c) for p, c in enumerate(found) if not players[p].bankrupt]
    return sorted(rows, key=lambda row: -row[1])
