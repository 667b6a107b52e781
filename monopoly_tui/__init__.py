"""monopoly-tui: Monopoly editions played by their own rulebooks, in the terminal."""

__version__ = "0.1.0"
