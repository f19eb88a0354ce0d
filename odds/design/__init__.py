"""Tools for a paytable designer and for other implementations of these games.

- :mod:`.solve`: the pay of one outcome line that gives a target house edge (sympy, exact).
- :mod:`.simulate`: a Monte Carlo dealer of real shuffled shoes, independent of the exact engine.
- :mod:`.vectors`: reference vectors (exact outcome counts per shoe) and their verifier.

sympy is imported only inside :mod:`.solve`, so ``odds sheet`` never pays for it.
"""
