"""Bets as data: the condition language, the features a condition reads, bet definitions read
from paytable files, and the engine that counts any bet exactly from its definition."""
