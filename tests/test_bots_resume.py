"""Computer players choose from the game's position, not from a memory of their own: a game
saved and resumed with new bots plays on exactly as if it had never stopped."""

from monopoly_tui.bots import make_bot
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.snapshot import decode_state, encode_state
from monopoly_tui.rules import load_spec


def _play(game: Game, bots: list, until: int) -> None:
    while not game.over and len(game.history) < until:
        _kind, who = game.waiting_for
        game.act(bots[who].choose(game, who))


def _fresh_bots(n: int) -> list:
    return [make_bot("basic", 100 + i) for i in range(n)]


def test_basic_bots_resume_exactly_where_they_stopped() -> None:
    spec = load_spec("classic")
    players = [(f"P{i}", spec.tokens[i]) for i in range(4)]
    straight = Game.new(spec, players, seed=29)
    _play(straight, _fresh_bots(4), until=900)

    stopped = Game.new(spec, players, seed=29)
    _play(stopped, _fresh_bots(4), until=400)
    resumed = Game(spec, decode_state(encode_state(stopped.st)), dict(stopped.options))
    resumed.history = list(stopped.history)
    _play(resumed, _fresh_bots(4), until=900)

    assert len(straight.history) > 400
    kinds_after = [a.kind for a in straight.history[400:]]
    assert "propose_trade" in kinds_after and "build" in kinds_after
    assert resumed.history == straight.history
    assert encode_state(resumed.st) == encode_state(straight.st)
