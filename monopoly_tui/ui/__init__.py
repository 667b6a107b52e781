"""The Textual app (``app.run``).

- ``app``: ``MonopolyApp`` and ``run``; the title screen (``title``) needs only Textual, so the
  app starts fast; the rest loads when a game is set up.
- ``setup``: new game (edition, variant and house rules, players); ``first``: who goes first.
- ``game``: the game screen (board, player panels, centre, log) and the flow that gets each
  decision made; ``board``: the loop of spaces; ``render``: title deeds, cards, dice in Rich.
- ``decisions``: a modal per kind of decision; ``manage``: build, sell, mortgage; ``trade``:
  the trade builder and the partner's review; ``results``: the end of the game; ``help``: keys,
  rules and the edition's notes; ``load``: saving under a name and loading.
- ``session``: a game at the table (seats, bots, pace, log, statistics), no Textual;
  ``saves_port``: the door to ``monopoly_tui.saves``; ``style``: colours and edition themes;
  ``demo``: hand-built states for snapshots and benchmarks.
- ``mechanics``: what a player sees of each mechanic an edition switches on (its panel lines,
  dialogs, board marks, rules clauses, setup options), one module per mechanic, registered by
  the engine mechanic's name; the modules above never name a mechanic.
"""
