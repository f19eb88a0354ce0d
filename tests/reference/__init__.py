"""Naive reference dealers written from the rule text, for the tests only (issue 10 item 3).

Nothing here imports ``odds``: the point is a second, independent reading of the rules.
"""
