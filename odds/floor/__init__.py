"""The game floor: a live shoe tracker (``odds track``) and a session audit (``odds audit``).

* :mod:`.prices`: every bet's exact expectation for a composition - the one call into the exact core;
* :mod:`.table`: one table's shoe as it is dealt: rounds settled by the rules, burns, undo;
* :mod:`.store`: the tables of a tracker, written to SQLite after every change;
* :mod:`.web`: the page (a thin Flask layer over the store) and its security;
* :mod:`.audit`: a log of rounds and wagers, every wager priced when it was placed, per seat.
"""
