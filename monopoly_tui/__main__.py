"""``python -m monopoly_tui``: the same as the ``monopoly-tui`` command."""

from monopoly_tui.cli import main

raise SystemExit(main())
