"""Depletion: how a shoe's composition moves each bet, and what that is worth.

* :mod:`.evaluator` - the exact expected value of bets for many compositions at once (the fast
  paths: the compiled baccarat table, vectorised first-card formulas, a compiled two-card round).
* :mod:`.eor` - effects of removal: the expected value with one card of each kind removed, minus
  the full shoe's (``odds eor``).
* :mod:`.tags` - integer counting tags from the effects and their betting correlation (``odds tags``).
* :mod:`.dealer` - deals whole shoes as the rules say: shuffle, commencement card, burns, cut card.
* :mod:`.count` - shoe by shoe, the exact expectation of each bet at every round, and what a
  perfect-information bettor and a linear count win inside and outside each bet's window
  (``odds count``).
* :mod:`.windows` - the committed windows table (``tables/windows.*``) and how to regenerate it.
* :mod:`.plot` - the optional charts (matplotlib).
"""
