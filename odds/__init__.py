"""odds: exact combinatorial odds for casino table games."""

__version__ = "0.1.0"
