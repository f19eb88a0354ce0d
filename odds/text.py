"""Text read from files, made safe to print: one place that escapes control characters.

Bet names, outcome labels, descriptions, sources, paytable names and paths, and anything else a
file (a paytable, a vectors file, a cache) or a library caller gives us is data. Printed raw, an
escape sequence in a bet's name would drive the terminal (``ESC ] 0 ;`` sets the window title), a
newline would split a table row, a right-to-left override would show a row backwards. So every
text format (table, md, csv) and every message prints such text through :func:`escape`; JSON
needs nothing more (``json.dumps`` writes every control and non-ASCII character as ``\\uXXXX``).

What is escaped: every character Unicode calls a control (Cc: C0, DEL, C1), a format character
(Cf: bidirectional overrides, zero-width joiners), a line or paragraph separator (Zl, Zp), a
surrogate, a private-use or unassigned code point. Each becomes its Python escape (``\\x1b``,
``\\n``, ``\\u202e``), so it is visible and cannot act; every other character is printed as is.

>>> escape("Dragon 7")
'Dragon 7'
>>> escape("evil\\x1b]0;owned\\x07 name\\n")
'evil\\\\x1b]0;owned\\\\x07 name\\\\n'
>>> escape("abc\\u202edcba"), escape("Drache \\u9f8d")
('abc\\\\u202edcba', 'Drache \\u9f8d')
>>> escape_lines("two\\nlines\\x1b[31m\\n")
'two\\nlines\\\\x1b[31m\\n'
"""

from __future__ import annotations

import unicodedata

_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})


def _escape_char(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char, f"\\x{code:02x}")
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _unsafe(char: str) -> bool:
    return unicodedata.category(char) in _UNSAFE_CATEGORIES


def escape(text) -> str:
    """``text`` (made a ``str``) with every unsafe character escaped (module docstring): one
    printable line whatever it held."""
    text = str(text)
    if text.isprintable():  # the usual case: nothing to do (isprintable is false for every unsafe class)
        return text
    return "".join(_escape_char(c) if _unsafe(c) or c.isspace() and c != " " else c for c in text)


def escape_lines(text: str) -> str:
    """A whole output (a table, a report): every line's unsafe characters escaped, the line
    breaks kept."""
    return "\n".join(escape(line) for line in text.split("\n"))


def fold(text: str) -> str:
    """How a name looks to a reader, for telling two names apart: escaped, compatibility-folded
    (NFKC: full-width and ligature forms as their plain letters), case-folded, whitespace runs as
    one space. Two bets whose names fold alike print alike, and are refused.

    >>> fold("Dragon  7") == fold("DRAGON 7") == fold("Ｄｒａｇｏｎ 7")
    True
    """
    return " ".join(unicodedata.normalize("NFKC", escape(text)).casefold().split())
