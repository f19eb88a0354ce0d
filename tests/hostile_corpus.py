"""A corpus of hostile inputs for every command (replayed by tests/test_hostile.py).

Each case is ``(args, exit code, text)``: the command must end with that exit code (1 a clear
error, 2 a usage error) and exactly one line on stderr containing ``text``, quickly, with no
traceback. ``{d}`` in an argument is the folder of the hostile files that :func:`make_files`
writes. The cases come from a fuzzing round (issue 15) and from each limit in README "Limits".
"""

from __future__ import annotations

import importlib.util
import json
from fractions import Fraction
from pathlib import Path

DASK = importlib.util.find_spec("distributed") is not None
NO_DASK = "--scheduler needs Dask"
"""Without the dask extra (`pip install -e '.[test]'`), every --scheduler case fails on that first."""

N9 = "9" * 5000  # a 5,000-digit integer: int() refuses it, Fraction() takes seconds to print it
HUGE_EXP = "1e999999999"  # a billion-digit integer once made exact
TIE = 'game = "baccarat"\nextends = "seed"\n[bets.tie]\n'


def _tie(pay: str, extra: str = "") -> str:
    return TIE + extra + f"pays.tie = {pay}\npays.no-tie = -1\n"


def _bet(when: str, extra: str = "") -> str:
    """A user bet whose first outcome has this condition (issue 9: conditions are data)."""
    return (
        'game = "baccarat"\nextends = "seed"\n[bets.x]\n'
        + extra
        + f'outcomes = [{{ key = "win", when = {json.dumps(when)}, pays = 1 }}, {{ key = "other", pays = -1 }}]\n'
    )


PAYTABLES = {
    "cond_import.toml": _bet("__import__('os').system('echo pwned')"),
    "cond_class.toml": _bet("().__class__.__bases__"),
    "cond_power.toml": _bet("9**9**9 > 1"),
    "cond_parens.toml": _bet("(" * 4_000 + "tie" + ")" * 4_000),
    "cond_chain.toml": _bet("1" + "+1" * 3000 + " > 0"),
    "cond_big.toml": _bet("tie or " * 100_000 + "tie"),
    "cond_number.toml": _bet(f"banker_total == {N9}"),
    "cond_overflow.toml": _bet("player_total" + " * player_total" * 30 + " > 0"),
    "cond_unknown.toml": _bet("banker_totl == 7"),
    "cond_other_game.toml": _bet("dragon_rank == 7"),
    "cond_text_number.toml": _bet('banker_total == "7"'),
    "cond_not_bool.toml": _bet("banker_total"),
    "cond_mod_zero.toml": _bet("player_total % 0 == 1"),
    "cond_bad_suit.toml": _bet('player_suit1 == "x"'),
    "cond_lambda.toml": _bet("lambda: 1"),
    "cond_not_text.toml": _bet("tie").replace('when = "tie"', "when = 7"),
    "cond_last_when.toml": (
        'game = "baccarat"\nextends = "seed"\n[bets.x]\noutcomes = [{ key = "a", when = "tie", '
        'pays = 1 }, { key = "b", when = "not tie", pays = -1 }]\n'
    ),
    "cond_empty.toml": 'game = "baccarat"\nextends = "seed"\n[bets.x]\noutcomes = []\n',
    "cond_dup.toml": (
        'game = "baccarat"\nextends = "seed"\n[bets.x]\noutcomes = [{ key = "a", when = "tie", '
        'pays = 1 }, { key = "a", pays = -1 }]\n'
    ),
    "cond_bad_key.toml": (
        'game = "baccarat"\nextends = "seed"\n[bets.x]\noutcomes = [{ key = "A B", when = "tie", '
        'pays = 1 }, { key = "b", pays = -1 }]\n'
    ),
    "cond_bad_id.toml": (
        'game = "baccarat"\nextends = "seed"\n[bets."../x"]\noutcomes = [{ key = "a", when = "tie", '
        'pays = 1 }, { key = "b", pays = -1 }]\n'
    ),
    "cond_outcomes_text.toml": 'game = "baccarat"\nextends = "seed"\n[bets.x]\noutcomes = "tie"\n',
    "cond_many.toml": (
        'game = "baccarat"\nextends = "seed"\n[bets.x]\noutcomes = ['
        + ", ".join(f'{{ key = "k{i}", when = "tie", pays = 1 }}' for i in range(1000))
        + ', { key = "z", pays = -1 }]\n'
    ),
    "cond_suits_no_suits.toml": _bet('player_suit1 == "h"'),
    "pay_exp.toml": _tie(HUGE_EXP),
    "pay_tiny_exp.toml": _tie("1e-999999999"),
    "pay_str_exp.toml": _tie(f'"{HUGE_EXP}"'),
    "pay_int5000.toml": _tie(N9),
    "pay_str5000.toml": _tie(f'"1/{N9}"'),
    "pay_inf.toml": _tie("inf"),
    "pay_minus_inf.toml": _tie("-inf"),
    "pay_nan.toml": _tie("nan"),
    "pay_zero_den.toml": _tie('"1/0"'),
    "pay_beyond.toml": _tie("10000000001"),
    "pay_below.toml": _tie("-2"),
    "pay_bool.toml": _tie("true"),
    "pay_list.toml": _tie("[9]"),
    "window_5000.toml": _tie("8", f"window = {N9}\n"),
    "deep_array.toml": 'game = "baccarat"\nx = ' + "[" * 100_000 + "]" * 100_000 + "\n",
    "deep_table.toml": 'game = "baccarat"\nx = ' + "{a=" * 5000 + "1" + "}" * 5000 + "\n",
    "deep_game.toml": "game = " + "[" * 100_000 + "]" * 100_000 + "\n",
    "ext_dotdot.toml": 'game = "baccarat"\nextends = "../roulette/seed"\n',
    "ext_abs.toml": 'game = "baccarat"\nextends = "/etc/passwd"\n',
    "ext_nested.toml": 'game = "baccarat"\nextends = "seed/../../../../etc/passwd"\n',
    "ext_other_game.toml": 'game = "baccarat"\nextends = "tiger-pair-same-rank"\n',
    "ext_int.toml": 'game = "baccarat"\nextends = 5\n',
    "ext_empty.toml": 'game = "baccarat"\nextends = ""\n',
    "ext_file.toml": 'game = "baccarat"\nextends = "ext_file"\n',
    "ext_backslash.toml": 'game = "baccarat"\nextends = "..\\\\roulette\\\\seed"\n',
    "game_long.toml": f'game = "{"x" * 5000}"\n',
    "bad_toml.toml": 'game = "baccarat"\n[bets\n',
    "unknown_key.toml": 'game = "baccarat"\nextends = "seed"\n' + f"{'k' * 3000} = 1\n",
    "empty.toml": "",
}

# a well-formed vector to corrupt
VECTOR = {
    "id": "x",
    "game": "baccarat",
    "paytable": "seed",
    "shoe": {"rank_counts": [32] * 13},
    "bets": {"banker": {"total": "1", "combinations": {"banker-wins": "1", "tie": "0", "player-wins": "0"}}},
}


def _vectors(**changes) -> str:
    vec = json.loads(json.dumps(VECTOR))
    for path, value in changes.items():
        *head, last = path.split("__")
        node = vec
        for key in head:
            node = node[key]
        node[last] = value
    return json.dumps({"schema": "odds-reference-vectors/1", "vectors": [vec]})


# a well-formed settlement round to corrupt
ROUND = {
    "id": "r",
    "game": "baccarat",
    "paytable": "seed",
    "cards": ["4s", "Kh", "Ad", "4c", "2h", "9d"],
    "bets": {"banker": {"outcome": "player-wins", "net": "-1"}},
}


def _rounds(**changes) -> str:
    return json.dumps({"schema": "odds-settlement-vectors/1", "rounds": [{**ROUND, **changes}]})


VECTOR_FILES = {
    "deep.json": "[" * 100_000 + "]" * 100_000,
    "deep_object.json": '{"a":' * 100_000 + "1" + "}" * 100_000,
    "int5000.json": '{"schema": "odds-reference-vectors/1", "vectors": [' + N9 + "]}",
    "shoe_int5000.json": _vectors().replace("[32, 32, 32", f"[{N9}, 32, 32"),
    "nan.json": _vectors().replace("[32, 32, 32", "[NaN, 32, 32"),
    "infinity.json": _vectors().replace('"total": "1"', '"total": Infinity'),
    "float_huge.json": _vectors().replace("[32, 32, 32", "[1e400, 32, 32"),
    "empty.json": "",
    "list.json": "[]",
    "no_vectors.json": '{"schema": "odds-reference-vectors/1"}',
    "bad_schema.json": '{"schema": "' + "s" * 5000 + '", "vectors": []}',
    "total_exp.json": _vectors(bets__banker__total=HUGE_EXP),
    "total_5000.json": _vectors(bets__banker__total=N9),
    "edge_exp.json": _vectors(bets__banker__house_edge=HUGE_EXP),
    "pays_5000.json": _vectors(
        bets__banker__house_edge="0", bets__banker__pays={"banker-wins": f"{N9}/7", "tie": "0", "player-wins": "-1"}
    ),
    "shoe_huge.json": _vectors(shoe={"rank_counts": [10**12] * 13}),
    "shoe_negative.json": _vectors(shoe={"rank_counts": [-1] + [32] * 12}),
    "shoe_bool.json": _vectors(shoe={"rank_counts": [True] * 13}),
    "game_list.json": _vectors(game=[[["baccarat"]]]),
    "game_long.json": _vectors(game="g" * 5000),
    "paytable_path.json": _vectors(paytable="../../etc/passwd"),
    "bets_empty.json": _vectors(bets={}),
    "id_huge.json": _vectors(id="i" * 100_000, game="nope"),
    "paytable_file.json": _vectors(paytable="mine"),
    "too_many.json": json.dumps({"schema": "odds-reference-vectors/1", "vectors": [{}] * 10_001}),
    # settlement vectors (odds vectors --rounds): a file another program filled in
    "rounds_not_list.json": '{"schema": "odds-settlement-vectors/1", "rounds": 5}',
    "rounds_too_many.json": json.dumps({"schema": "odds-settlement-vectors/1", "rounds": [{}] * 10_001}),
    "rounds_int5000.json": _rounds(cards=[3, 3, 5], game="sic-bo").replace("[3, 3, 5]", f"[3, 3, {N9}]"),
    "rounds_nan.json": _rounds(bets={"banker": {"net": 1}}).replace('{"net": 1}', '{"net": NaN}'),
    "rounds_float_huge.json": _rounds(bets={"banker": {"net": 1}}).replace('{"net": 1}', '{"net": 1e400}'),
    "rounds_net_exp.json": _rounds(bets={"banker": {"net": HUGE_EXP}}),
    "rounds_net_5000.json": _rounds(bets={"banker": {"net": N9}}),
    "rounds_cards_long.json": _rounds(cards="A" * 100_000),
    "rounds_cards_mult.json": _rounds(cards=[f"Ax{N9}"]),
    "rounds_cards_few.json": _rounds(cards=["4s", "Kh", "Ad", "4c"]),
    "rounds_cards_types.json": _rounds(cards=[[["4s"]], {"a": 1}, None, True]),
    "rounds_dice_text.json": _rounds(game="sic-bo", cards=["x", 3, 5]),
    "rounds_game_list.json": _rounds(game=[["baccarat"]]),
    "rounds_paytable_path.json": _rounds(paytable="../../etc/passwd"),
    "rounds_bets_text.json": _rounds(bets="banker"),
    "rounds_bets_empty.json": _rounds(bets={}),
    "rounds_bet_list.json": _rounds(bets=[{"id": ["banker"]}]),
    "rounds_outcome_list.json": _rounds(bets={"banker": {"outcome": [["x"] * 1000]}}),
    "rounds_hands_text.json": _rounds(hands="player 7"),
    "rounds_hands_bad.json": _rounds(hands=[{"hand": "x" * 5000, "total": 7}]),
}


def make_files(folder: Path) -> Path:
    """Write every hostile file into ``folder``; returns it."""
    for name, text in {**PAYTABLES, **VECTOR_FILES}.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "binary.bin").write_bytes(b"\xff\xfe5x3\n\x80\x81\n")
    (folder / "binary_line3.txt").write_bytes(b"5x3\nK\n\xc3\x28\n")
    (folder / "mult5000.txt").write_text(f"Ax{N9}\n")
    (folder / "mult20.txt").write_text("\nAx99999999999999999999\n")
    (folder / "kx40.txt").write_text("5x3\n\nKx40\n")
    (folder / "badcard.txt").write_text("5x3\nZZ\n")
    (folder / "twoasx4.txt").write_text("2,Asx4\n")
    (folder / "shoes.txt").write_text("5x3,K,Th\n")
    (folder / "replay_many.txt").write_text("?x99999999999999999999\n")  # cards not recorded, past any shoe
    (folder / "replay_bars.txt").write_text("|||\n")
    (folder / "replay_dots.txt").write_text("...,As\n")
    (folder / "folder.svg").mkdir(exist_ok=True)
    (folder / "a-folder").mkdir(exist_ok=True)
    (folder / "mine").write_text(_tie("50"))  # a file named like a paytable, no .toml, no /
    (folder / "afile").write_text("not a folder\n")
    make_files_27(folder)
    return folder


CASES: list[tuple[tuple[str, ...], int, str]] = []


def case(code: int, text: str, *args: str) -> None:
    CASES.append((args, code, text))


# -- the command line itself ------------------------------------------------------------------------
case(2, "No such command", "nosuchcommand")
case(2, "No such option", "--bogus")
case(2, "No such command", N9)
case(2, "Missing argument", "sheet")
case(2, "No such option", "sheet", "baccarat", "--bogus")
case(2, "Got unexpected extra argument", "games", "extra")
case(2, "'xml' is not one of", "games", "--format", "xml")
case(2, "is not one of", "sheet", "baccarat", "--format", N9)

# -- sheet: games, bets ----------------------------------------------------------------------------
case(1, "unknown game", "sheet", "nosuchgame")
case(1, "unknown game", "sheet", N9)
case(1, "unknown game", "sheet", "../baccarat")
case(1, "did you mean banker", "sheet", "baccarat", "--bet", "bankr")
case(1, "unknown baccarat bet", "sheet", "baccarat", "--bet", "b" * 5000)
case(1, "deals no cards", "sheet", "sic-bo", "--decks", "6")
case(1, "deals no cards", "sheet", "roulette", "--remove", "K")

# -- sheet: decks ------------------------------------------------------------------------------------
case(1, "at least 1", "sheet", "baccarat", "--decks", "0")
case(1, "at least 1", "sheet", "baccarat", "--decks", "-1")
case(2, "above the limit of 10,000", "sheet", "baccarat", "--decks", "10001")
case(2, "above the limit of 10,000", "sheet", "baccarat", "--decks", "1000000000")
case(2, "not a whole number", "sheet", "baccarat", "--decks", "10**12")
case(2, "too long a number", "sheet", "baccarat", "--decks", N9)
case(2, "not a whole number", "sheet", "baccarat", "--decks", "nan")
case(2, "not a whole number", "sheet", "baccarat", "--decks", "infinite")  # (inf: an infinite shoe)
case(2, "not a whole number", "count", "baccarat", "--decks", "inf")  # (sheet takes inf: an infinite shoe)
case(2, "not a whole number", "sheet", "baccarat", "--decks", "1e3")
case(2, "not a whole number", "sheet", "baccarat", "--decks", "")
case(2, "not a whole number", "sheet", "baccarat", "--decks", "8.0")
case(2, "above the limit", "strategy", "player-dealer-baccarat", "--decks", "1000000000")
case(2, "above the limit", "eor", "baccarat", "--bet", "tie", "--decks", "1000000000")

# -- sheet: removals ---------------------------------------------------------------------------------
case(1, "bad card 'Zx3'", "sheet", "baccarat", "--remove", "Zx3")
case(1, "multiplier must be at least 1", "sheet", "baccarat", "--remove", "Ax0")
case(1, "a multiplier of 5000 digits", "sheet", "baccarat", "--remove", f"Ax{N9}")
case(1, "a multiplier of 20 digits", "sheet", "baccarat", "--remove", "Ax99999999999999999999")
case(1, "cannot remove", "sheet", "baccarat", "--remove", "Kx200000000000000000")
case(1, "cannot remove Kx40", "sheet", "baccarat", "--remove", "Kx40")
case(1, "cannot remove Asx4: the shoe holds at most 1 of As", "sheet", "baccarat", "--decks", "1", "--remove", "2,Asx4")
case(1, "cannot remove Asx4: the shoe holds 1 of As", "sheet", "baccarat", "--decks", "1", "--remove", "Asx4,2")
case(1, "cannot remove As", "sheet", "baccarat", "--decks", "1", "--remove", "K,As,As")
case(1, "cannot remove As", "sheet", "dragon-tiger", "--decks", "1", "--remove", "As,K,As")
case(1, "cannot remove A", "sheet", "baccarat", "--remove", ",".join(["A"] * 40))
case(1, "bad card", "sheet", "baccarat", "--remove", "A\u2660")
case(1, "bad card", "sheet", "baccarat", "--remove", "\x00")
case(1, "needs suits", "sheet", "baccarat", "--bet", "perfect-pair", "--remove", "K")
case(
    1,
    "may need 6",
    "sheet",
    "baccarat",
    "--decks",
    "1",
    "--remove",
    "Ax4,2x4,3x4,4x4,5x4,6x4,7x4,8x4,9x4,Tx4,Jx4,Qx4,Kx2",
)

# -- sheet: fees -------------------------------------------------------------------------------------
case(1, "exponent beyond", "sheet", "player-dealer-baccarat", "--fee", HUGE_EXP)
case(1, "exponent beyond", "sheet", "player-dealer-baccarat", "--fee", "1e-999999999")
case(1, "longer than 100 characters", "sheet", "player-dealer-baccarat", "--fee", N9)
case(1, "not a number", "sheet", "player-dealer-baccarat", "--fee", "inf")
case(1, "not a number", "sheet", "player-dealer-baccarat", "--fee", "nan")
case(1, "not a number", "sheet", "player-dealer-baccarat", "--fee", "1/0")
case(1, "not a number", "sheet", "player-dealer-baccarat", "--fee", "abc")
case(1, "beyond", "sheet", "player-dealer-baccarat", "--fee", "10000000001")
case(1, "zero or more", "sheet", "player-dealer-baccarat", "--fee", "-1")
case(1, "--fee applies", "sheet", "baccarat", "--fee", "0.05")

# -- sheet: paytables (names, files, contents) -------------------------------------------------------
case(1, "unknown paytable", "sheet", "baccarat", "--paytable", "nope")
case(1, "pass ./mine", "sheet", "baccarat", "--paytable", "mine")
case(1, "no such paytable file", "sheet", "baccarat", "--paytable", "missing.toml")
case(1, "no such paytable file", "sheet", "baccarat", "--paytable", "{d}/missing/seed")
case(1, "not a regular file", "sheet", "baccarat", "--paytable", "/dev/zero")
case(1, "not a regular file", "sheet", "baccarat", "--paytable", "/dev/urandom")
case(1, "not a regular file", "sheet", "baccarat", "--paytable", "{d}/a-folder")
case(1, "unknown paytable", "sheet", "baccarat", "--paytable", ".")
case(1, "UTF-8", "sheet", "baccarat", "--paytable", "{d}/binary.bin")
case(1, "unknown paytable", "sheet", "baccarat", "--paytable", N9)
for _name, _text in [
    ("pay_exp.toml", "beyond the limits"),
    ("pay_tiny_exp.toml", "beyond the limits"),
    ("pay_str_exp.toml", "exponent beyond"),
    ("pay_int5000.toml", "not valid TOML here"),
    ("pay_str5000.toml", "longer than 100 characters"),
    ("pay_inf.toml", "not a finite number"),
    ("pay_minus_inf.toml", "not a finite number"),
    ("pay_nan.toml", "not a finite number"),
    ("pay_zero_den.toml", "not a number or fraction"),
    ("pay_beyond.toml", "beyond +-1,000,000,000"),
    ("pay_below.toml", "below -1"),
    ("pay_bool.toml", "must be a number"),
    ("pay_list.toml", "is not a number"),
    ("window_5000.toml", "not valid TOML here"),
    ("deep_array.toml", "nested too deeply"),
    ("deep_table.toml", "nested too deeply"),
    ("deep_game.toml", "nested too deeply"),
    ("ext_dotdot.toml", "must name a shipped baccarat paytable"),
    ("ext_abs.toml", "must name a shipped"),
    ("ext_nested.toml", "must name a shipped"),
    ("ext_other_game.toml", "must name a shipped"),
    ("ext_int.toml", "must name a shipped"),
    ("ext_empty.toml", "must name a shipped"),
    ("ext_file.toml", "must name a shipped"),
    ("ext_backslash.toml", "must name a shipped"),
    ("game_long.toml", "characters)"),
    ("bad_toml.toml", "not valid TOML"),
    ("unknown_key.toml", "unknown key"),
    ("empty.toml", "key 'game' must be"),
]:
    case(1, _text, "sheet", "baccarat", "--bet", "tie", "--paytable", f"{{d}}/{_name}")
for _name, _text in [
    ("cond_import.toml", "unexpected character '.'"),
    ("cond_class.toml", "unexpected character '.'"),
    ("cond_power.toml", "'**' (powers) is not part"),
    ("cond_parens.toml", "nested more than"),
    ("cond_chain.toml", "nested more than"),
    ("cond_big.toml", "characters long"),
    ("cond_number.toml", "too large"),
    ("cond_overflow.toml", "beyond the range"),
    ("cond_unknown.toml", "did you mean banker_total"),
    ("cond_other_game.toml", "a feature of dragon-tiger"),
    ("cond_text_number.toml", "cannot compare a number with a text"),
    ("cond_not_bool.toml", "must be yes/no"),
    ("cond_mod_zero.toml", "division by zero"),
    ("cond_bad_suit.toml", "never a value"),
    ("cond_lambda.toml", "expected"),
    ("cond_not_text.toml", "must be a condition in quotes"),
    ("cond_last_when.toml", "the last outcome"),
    ("cond_empty.toml", "is empty"),
    ("cond_dup.toml", "used twice"),
    ("cond_bad_key.toml", "lowercase words"),
    ("cond_bad_id.toml", "lowercase words"),
    ("cond_outcomes_text.toml", "must be a list"),
    ("cond_many.toml", "at most 1000"),
]:
    case(1, _text, "sheet", "baccarat", "--paytable", f"{{d}}/{_name}")
case(1, "needs suits", "sheet", "baccarat", "--bet", "x", "--remove", "K", "--paytable", "{d}/cond_suits_no_suits.toml")
case(1, "unexpected character", "count", "baccarat", "--paytable", "{d}/cond_import.toml")
case(1, "bad card", "sheet", "baccarat", "--player", N9)
case(1, "at most three cards", "sheet", "baccarat", "--player", "A,2,3,4")
case(1, "at most three cards", "sheet", "baccarat", "--banker", "Ax4")
case(1, "no deal of this shoe agrees", "sheet", "baccarat", "--player", "9,K,5")
case(1, "apply to baccarat games", "sheet", "sic-bo", "--player", "A")
case(1, "apply to baccarat games", "eor", "dragon-tiger", "--banker", "K")
case(1, "defined in code", "sheet", "player-dealer-baccarat", "--banker", "5")
case(1, "unknown game", "features", "nosuchgame")
case(1, "unknown game", "features", N9)
case(2, "Missing argument", "features")
case(2, "is not one of", "features", "baccarat", "--format", "xml")
case(2, "Got unexpected extra argument", "features", "baccarat", "extra")
case(1, "nested too deeply", "strategy", "player-dealer-baccarat", "--paytable", "{d}/deep_array.toml")
case(1, "not valid TOML here", "eor", "baccarat", "--paytable", "{d}/pay_int5000.toml")
case(1, "exponent beyond", "count", "baccarat", "--paytable", "{d}/pay_str_exp.toml")
case(1, "beyond the limits", "simulate", "baccarat", "--paytable", "{d}/pay_exp.toml")
case(1, "must name a shipped", "solve", "baccarat", "tie", "--paytable", "{d}/ext_dotdot.toml")
case(1, "not a regular file", "batch", "baccarat", "--file", "{d}/shoes.txt", "--paytable", "/dev/zero")

# -- export ------------------------------------------------------------------------------------------
case(1, "not a folder", "export", "--out", "/dev/null")
case(2, "is a file", "export", "--out", "{d}/afile")
case(1, "not a folder", "export", "--check", "--out", "/dev/null")
case(1, "there is no folder", "export", "--out", "{d}/missing/deeper")
case(1, "there is no folder", "export", "--out", "{d}/shoes.txt/x")

# -- batch -------------------------------------------------------------------------------------------
case(2, "does not exist", "batch", "baccarat", "--file", "{d}/none.txt")
case(2, "is a directory", "batch", "baccarat", "--file", "{d}/a-folder")
case(2, "Missing option", "batch", "baccarat")
case(1, "bigger than 64 MiB", "batch", "baccarat", "--file", "/dev/zero")
case(1, "line 1: not UTF-8", "batch", "baccarat", "--file", "{d}/binary.bin")
case(1, "line 3: not UTF-8", "batch", "baccarat", "--file", "{d}/binary_line3.txt")
case(1, "line 1: bad card", "batch", "baccarat", "--file", "{d}/mult5000.txt")
case(1, "line 2: bad card", "batch", "baccarat", "--file", "{d}/mult20.txt")
case(1, "line 3: cannot remove Kx40", "batch", "baccarat", "--file", "{d}/kx40.txt")
case(1, "line 2: bad card", "batch", "baccarat", "--file", "{d}/badcard.txt")
case(1, "line 1: cannot remove Asx4", "batch", "baccarat", "--decks", "1", "--file", "{d}/twoasx4.txt")
case(1, "deals no cards", "batch", "roulette", "--file", "{d}/shoes.txt")
case(2, "above the limit of 10,000", "batch", "baccarat", "--file", "{d}/shoes.txt", "--decks", "10001")
case(2, "too long a number", "batch", "baccarat", "--file", "{d}/shoes.txt", "--decks", N9)
case(2, "must be at least 1", "batch", "baccarat", "--file", "{d}/shoes.txt", "--workers", "0")
case(2, "above the limit of 256", "batch", "baccarat", "--file", "{d}/shoes.txt", "--workers", "1000000000")
case(2, "is not one of", "batch", "baccarat", "--file", "{d}/shoes.txt", "--format", "table")
case(1, "unknown baccarat bet", "batch", "baccarat", "--file", "{d}/shoes.txt", "--bet", "nope")

# -- eor ---------------------------------------------------------------------------------------------
case(1, "card games only", "eor", "sic-bo")
case(1, ".png or .svg", "eor", "baccarat", "--bet", "tie", "--plot", "x.pdf")
case(1, ".png or .svg", "eor", "baccarat", "--bet", "tie", "--plot", "/dev/null")
case(1, "no folder", "eor", "baccarat", "--bet", "tie", "--plot", "/nonexistent/dir/x.png")
case(1, "it is a folder", "eor", "baccarat", "--bet", "tie", "--plot", "{d}/folder.svg")
case(1, "bad card", "eor", "baccarat", "--remove", "Qx-1")
case(1, "needs suits", "eor", "baccarat", "--bet", "perfect-pair", "--remove", "K")

# -- tags --------------------------------------------------------------------------------------------
case(1, "at least 1", "tags", "baccarat", "big", "--level", "0")
case(1, "at least 1", "tags", "baccarat", "big", "--level", "-5")
case(2, "above the limit of 100", "tags", "baccarat", "big", "--level", "101")
case(2, "above the limit of 100", "tags", "baccarat", "big", "--level", "1000000000")
case(2, "too long a number", "tags", "baccarat", "big", "--level", N9)
case(2, "not a whole number", "tags", "baccarat", "big", "--level", "nan")
case(1, "--tags needs 10 integers", "tags", "baccarat", "big", "--tags", "1,2,3")
case(1, "--tags must be integers", "tags", "baccarat", "big", "--tags", ",".join(["x"] * 10))
case(1, "--tags must be integers", "tags", "baccarat", "big", "--tags", ",".join([N9] * 10))
case(1, "unknown baccarat bet", "tags", "baccarat", "nope")
case(1, "card games only", "tags", "roulette", "red")

# -- count -------------------------------------------------------------------------------------------
case(1, "--shoes must be at least 1", "count", "dragon-tiger", "--shoes", "0")
case(1, "--shoes must be at least 1", "count", "dragon-tiger", "--shoes", "-1")
case(2, "above the limit of 1,000,000", "count", "dragon-tiger", "--shoes", "1000001")
case(2, "above the limit of 1,000,000", "count", "dragon-tiger", "--shoes", "1000000000000")
case(2, "not a whole number", "count", "dragon-tiger", "--shoes", "10**12")
case(2, "too long a number", "count", "dragon-tiger", "--shoes", N9)
case(2, "not a whole number", "count", "dragon-tiger", "--shoes", "1e6")
case(2, "below 0", "count", "dragon-tiger", "--seed", "-1")
case(2, "above the limit", "count", "dragon-tiger", "--seed", str(2**64))
case(2, "too long a number", "count", "dragon-tiger", "--seed", N9)
case(2, "not a whole number", "count", "dragon-tiger", "--seed", "nan")
case(1, "at least 1", "count", "dragon-tiger", "--decks", "0")
case(2, "above the limit of 10,000", "count", "dragon-tiger", "--decks", "1000000000")
case(2, "below 0", "count", "dragon-tiger", "--cut-card", "-5")
case(1, "--cut-card 100000: the shoe holds 416 cards", "count", "baccarat", "--cut-card", "100000")
case(2, "above the limit of 520,000", "count", "dragon-tiger", "--cut-card", "1000000000")
case(2, "too long a number", "count", "dragon-tiger", "--cut-card", N9)
case(1, "--window must be at least 1", "count", "dragon-tiger", "--window", "0")
case(2, "below 0", "count", "dragon-tiger", "--window", "-1")
case(2, "above the limit", "count", "dragon-tiger", "--window", "1000000000")
case(1, "at least 1", "count", "dragon-tiger", "--level", "0")
case(2, "above the limit of 100", "count", "dragon-tiger", "--level", "1000000000")
case(2, "must be at least 1", "count", "dragon-tiger", "--workers", "0")
case(2, "above the limit of 256", "count", "dragon-tiger", "--workers", "1000000000")
case(2, "never", "count", "dragon-tiger", "--after-cut", "never")
case(1, ".png or .svg", "count", "dragon-tiger", "--shoes", "1", "--plot", "x.gif")
case(1, "write TC=UNITS steps", "count", "dragon-tiger", "--shoes", "1", "--ramp", "2=1;4=2")
case(1, "lowest first", "count", "dragon-tiger", "--shoes", "1", "--ramp", "4=1,2=2")
case(1, "cannot read the replay file", "count", "dragon-tiger", "--replay", "no-such-file")
case(2, "leave out --shoes", "count", "dragon-tiger", "--shoes", "3", "--replay", "mine")
case(1, "mine line 1: bad card", "count", "dragon-tiger", "--replay", "mine")
case(1, "replay_many.txt line 1: bad card", "count", "dragon-tiger", "--replay", "{d}/replay_many.txt")
case(1, "must stand between two cards", "count", "dragon-tiger", "--replay", "{d}/replay_bars.txt")
case(1, "must be the line's last item", "count", "dragon-tiger", "--replay", "{d}/replay_dots.txt")
case(1, "missing port number" if DASK else NO_DASK, "count", "dragon-tiger", "--shoes", "2", "--scheduler", "nonsense")
case(
    1,
    "unknown address scheme" if DASK else NO_DASK,
    "count",
    "dragon-tiger",
    "--shoes",
    "2",
    "--scheduler",
    "http://localhost:1",
)
case(1, "invalid address" if DASK else NO_DASK, "count", "dragon-tiger", "--shoes", "2", "--scheduler", "tcp://[::1:5")
case(
    1,
    "cannot reach the Dask scheduler" if DASK else NO_DASK,
    "count",
    "dragon-tiger",
    "--shoes",
    "2",
    "--scheduler",
    f"tcp://127.0.0.1:{N9[:40]}",
)
# issue 12: a given count (--tags), its trigger (--trigger) and the true count's convention
T10 = "0,0,-1,-1,-1,-2,1,2,2,0"
case(1, "needs 10 integers", "count", "tiger-baccarat", "--bet", "big-tiger", "--tags", "1,2")
case(1, "needs 10 integers", "count", "tiger-baccarat", "--bet", "big-tiger", "--tags", "0," * 11 + "0")
case(1, "must be integers", "count", "tiger-baccarat", "--bet", "big-tiger", "--tags", "x,0,0,0,0,0,0,0,0,0")
case(1, "must be integers", "count", "tiger-baccarat", "--bet", "big-tiger", "--tags", "0,0,0,0,0,0,0,0,0,1.5")
case(1, "must be integers", "count", "tiger-baccarat", "--bet", "big-tiger", "--tags", "0,0,0,0,0,0,0,0,0,")
case(1, "must be integers", "count", "tiger-baccarat", "--bet", "big-tiger", "--tags", N9 + ",0,0,0,0,0,0,0,0,0")
case(1, "at most 100 in size", "count", "tiger-baccarat", "--bet", "big-tiger", "--tags", "0,0,0,0,0,0,0,0,0,-1000")
case(
    1,
    "is not among the bets counted",
    "count",
    "tiger-baccarat",
    "--bet",
    "big-tiger",
    "--bet",
    "tiger",
    "--tags",
    "small-tiger=" + T10,
)
case(1, "unknown --tags bet 'nosuch'", "count", "tiger-baccarat", "--bet", "big-tiger", "--tags", "nosuch=" + T10)
case(1, "applies to a single --bet", "count", "tiger-baccarat", "--tags", T10)
case(1, "applies to a single --bet", "count", "tiger-baccarat", "--bet", "big-tiger", "--bet", "tiger", "--tags", T10)
case(
    1,
    "given twice for big-tiger",
    "count",
    "tiger-baccarat",
    "--bet",
    "big-tiger",
    "--tags",
    T10,
    "--tags",
    "big-tiger=" + T10,
)
case(1, "must be a true count", "count", "tiger-baccarat", "--bet", "big-tiger", "--trigger", "eight")
case(1, "must be a true count", "count", "tiger-baccarat", "--bet", "big-tiger", "--trigger", "8.55")
case(1, "must be a true count", "count", "tiger-baccarat", "--bet", "big-tiger", "--trigger", "1e3")
case(1, "must be a true count", "count", "tiger-baccarat", "--bet", "big-tiger", "--trigger", "nan")
case(1, "must be a true count", "count", "tiger-baccarat", "--bet", "big-tiger", "--trigger", "")
case(1, "must be a true count", "count", "tiger-baccarat", "--bet", "big-tiger", "--trigger", N9)
case(1, "is not among the bets counted", "count", "tiger-baccarat", "--bet", "tiger", "--trigger", "big-tiger=8")
case(1, "applies to a single --bet", "count", "tiger-baccarat", "--trigger", "8")
case(1, "given twice for tiger", "count", "tiger-baccarat", "--bet", "tiger", "--trigger", "8", "--trigger", "tiger=9")
case(2, "'sideways' is not one of", "count", "tiger-baccarat", "--true-count", "sideways")
case(1, "card games only", "count", "sic-bo")

# -- strategy ----------------------------------------------------------------------------------------
case(1, "strategy applies to player-dealer-baccarat", "strategy", "baccarat")
case(1, "at least 1", "strategy", "player-dealer-baccarat", "--decks", "0")
case(1, "bad card", "strategy", "player-dealer-baccarat", "--remove", "Zx3")

# -- solve -------------------------------------------------------------------------------------------
case(1, "exponent beyond", "solve", "baccarat", "tie", "--edge", HUGE_EXP)
case(1, "exponent beyond", "solve", "baccarat", "tie", "--rtp", "1e-999999999%")
case(1, "longer than 100 characters", "solve", "baccarat", "tie", "--edge", N9)
case(1, "longer than 100 characters", "solve", "baccarat", "tie", "--edge", f"1/{N9}")
case(1, "write a fraction", "solve", "baccarat", "tie", "--edge", "nan")
case(1, "write a fraction", "solve", "baccarat", "tie", "--edge", "inf")
case(1, "write a fraction", "solve", "baccarat", "tie", "--edge", "1/0")
case(1, "means 500%", "solve", "baccarat", "tie", "--edge", "5")
case(1, "cannot be negative", "solve", "baccarat", "tie", "--rtp", "-0.5")
case(1, "below -1", "solve", "baccarat", "banker", "--edge", "99%")
case(2, "not both", "solve", "baccarat", "tie", "--edge", "1%", "--rtp", "99%")
case(1, "banker-wins", "solve", "baccarat", "banker", "--outcome", "bnaker-wins")
case(1, "unknown baccarat bet", "solve", "baccarat", "b" * 5000)
case(1, "deals no cards", "solve", "roulette", "tiers", "--decks", "8")
case(1, "deals no cards", "solve", "roulette", "tiers", "--decks", "1,8")
case(1, "write OUTCOME=PAY", "solve", "baccarat", "tie", "--line", f"tie={N9}x")
case(1, "longer than 100 characters", "solve", "baccarat", "tie", "--line", "tie=" + "9" * 150 + "x")
case(1, "write OUTCOME=PAY", "solve", "baccarat", "tie", "--line", "tie=1e999999999x")
case(1, "write OUTCOME=PAY", "solve", "baccarat", "tie", "--line", "tie=x/0")
case(1, "did you mean tie", "solve", "baccarat", "tie", "--line", "tei=x")

# -- simulate ----------------------------------------------------------------------------------------
case(2, "below 2", "simulate", "baccarat", "--rounds", "1")
case(2, "below 2", "simulate", "baccarat", "--rounds", "-5")
case(2, "above the limit of 1,000,000,000", "simulate", "baccarat", "--rounds", "1000000000000")
case(2, "too long a number", "simulate", "baccarat", "--rounds", N9)
case(2, "below 0", "simulate", "baccarat", "--rounds", "10", "--seed", "-5")
case(2, "above the limit", "simulate", "baccarat", "--rounds", "10", "--seed", str(2**64))
case(2, "give a finite number above 0", "simulate", "baccarat", "--rounds", "10", "--z-max", "nan")
case(2, "give a finite number above 0", "simulate", "baccarat", "--rounds", "10", "--z-max", "inf")
case(2, "give a finite number above 0", "simulate", "baccarat", "--rounds", "10", "--z-max", "0")
case(2, "give a finite number above 0", "simulate", "baccarat", "--rounds", "10", "--z-max", "-1")
case(2, "is not a number", "simulate", "baccarat", "--rounds", "10", "--z-max", "abc")
case(2, "is not a number", "simulate", "baccarat", "--rounds", "10", "--z-max", HUGE_EXP)
case(2, "above the limit of 10,000", "simulate", "baccarat", "--rounds", "10", "--decks", "1000000000")
case(2, "below 0", "simulate", "baccarat", "--rounds", "10", "--cut-card", "-1")
case(2, "above the limit", "simulate", "baccarat", "--rounds", "10", "--cut-card", "1000000000")
case(1, "deals no cards", "simulate", "sic-bo", "--decks", "6", "--rounds", "10")
case(1, "cut-card", "simulate", "baccarat", "--cut-card", "2", "--rounds", "10", "--seed", "1")

# -- vectors and verify ------------------------------------------------------------------------------
case(1, "not a regular file", "vectors", "--out", "/dev/null")
case(1, "there is no folder", "vectors", "--out", "/nonexistent/dir/v.json")
case(2, "is a directory", "vectors", "--out", "{d}/a-folder")
case(1, "bigger than 64 MiB", "verify", "/dev/zero")
case(1, "bigger than 64 MiB", "verify", "/dev/urandom")
case(1, "not UTF-8", "verify", "{d}/binary.bin")
case(1, "cannot read", "verify", "{d}/missing.json")
case(2, "is a directory", "verify", "{d}/a-folder")
case(1, "nested too deeply", "verify", "{d}/deep.json")
case(1, "nested too deeply", "verify", "{d}/deep_object.json")
case(1, "not a vectors file here", "verify", "{d}/int5000.json")
case(1, "not a vectors file here", "verify", "{d}/shoe_int5000.json")
case(1, "NaN is not a JSON number", "verify", "{d}/nan.json")
case(1, "Infinity is not a JSON number", "verify", "{d}/infinity.json")
case(1, "not valid JSON", "verify", "{d}/empty.json")
case(1, "not a vectors file", "verify", "{d}/list.json")
case(1, "not a vectors file", "verify", "{d}/no_vectors.json")
case(1, "characters) is not", "verify", "{d}/bad_schema.json")
for _name in (
    "float_huge",
    "total_exp",
    "total_5000",
    "edge_exp",
    "pays_5000",
    "shoe_huge",
    "shoe_negative",
    "shoe_bool",
    "game_list",
    "game_long",
    "paytable_path",
    "paytable_file",
    "bets_empty",
    "id_huge",
):
    case(1, "mismatch(es) in 1 vector(s)", "verify", f"{{d}}/{_name}.json")
case(1, "at most 10,000", "verify", "{d}/too_many.json")
# settlement vectors and the new verify options (issue 13)
case(1, "not a regular file", "vectors", "--rounds", "--out", "/dev/null")
case(2, "--paytable needs --game", "vectors", "--rounds", "--paytable", "x.toml")
case(1, "unknown game", "vectors", "--rounds", "--game", "bacarat")
case(1, "unexpected character", "vectors", "--rounds", "--game", "baccarat", "--paytable", "{d}/cond_import.toml")
case(1, "expected an object with a 'rounds' list", "verify", "{d}/rounds_not_list.json")
case(1, "at most 10,000", "verify", "{d}/rounds_too_many.json")
case(1, "not a vectors file here", "verify", "{d}/rounds_int5000.json")
case(1, "NaN is not a JSON number", "verify", "{d}/rounds_nan.json")
for _name in (
    "float_huge",
    "net_exp",
    "net_5000",
    "cards_long",
    "cards_mult",
    "cards_few",
    "cards_types",
    "dice_text",
    "game_list",
    "paytable_path",
    "bets_text",
    "bets_empty",
    "bet_list",
    "outcome_list",
    "hands_text",
    "hands_bad",
):
    case(1, "mismatch(es) in 1 round(s)", "verify", f"{{d}}/rounds_{_name}.json")
case(2, "is not a number", "verify", "{d}/empty.json", "--tolerance", "nan")
case(2, "is not a number", "verify", "{d}/empty.json", "--tolerance", "inf")
case(2, "is not a number", "verify", "{d}/empty.json", "--tolerance", "1/0")
case(2, "is below 0", "verify", "{d}/empty.json", "--tolerance", "-1e-9")
case(2, "exponent beyond", "verify", "{d}/empty.json", "--tolerance", HUGE_EXP)
case(2, "longer than", "verify", "{d}/empty.json", "--tolerance", N9)

# -- settle: one round from its cards --------------------------------------------------------------
case(2, "Missing argument", "settle", "baccarat")
case(2, "Got unexpected extra argument", "settle", "baccarat", "9h,8s,Kd,Kc", "5d")
case(2, "is not one of", "settle", "baccarat", "9h,8s,Kd,Kc", "--format", "xml")
case(1, "unknown game", "settle", "nosuchgame", "9h,8s,Kd,Kc")
case(1, "unknown game", "settle", N9, "1")
case(1, "needs a 5th card (player 5 draws, Table 1), got 4 cards", "settle", "baccarat", "4s,Kh,Ad,4c")
case(1, "needs a 6th card (banker 3 draws, Table 2)", "settle", "baccarat", "4s,Kh,Ad,3c,2h")
case(1, "at least 4 cards", "settle", "tiger-baccarat", "")
case(1, "ends after 4 cards (a natural), got 5", "settle", "baccarat", "9h,8s,Kd,Kc,5d")
case(1, "are not dealt", "settle", "player-dealer-baccarat", "4s,Kh,Ad,4c,2h,9d" + ",A" * 50)
case(1, "bad card 'Zz'", "settle", "baccarat", "Zz,K,Q,J")
case(1, "characters of cards", "settle", "baccarat", "A" * 100_000)
case(1, "characters of cards", "settle", "baccarat", f"Ax{N9}")
case(1, "a multiplier of 30 digits", "settle", "baccarat", "Ax" + "9" * 30)
case(1, "a round uses at most 6 cards", "settle", "baccarat", "Ax7")
case(1, "a round is 2 cards", "settle", "dragon-tiger", "K")
case(1, "reads suits", "settle", "dragon-tiger", "K,5", "--bet", "dragon-red")
case(1, "a roll is 3 dice", "settle", "sic-bo", "1,2,3,4")
case(1, "bad die '0'", "settle", "sic-bo", "0,1,2")
case(1, "bad die", "settle", "sic-bo", "1,2,Kh")
case(1, "characters: dice", "settle", "sic-bo", "3,3," + N9)
case(1, "bad number '1.5'", "settle", "roulette", "1.5")
case(1, "bad number 'nan'", "settle", "roulette", "nan")
case(1, "a spin is one number", "settle", "roulette", "1,2")
case(1, "unknown baccarat bet", "settle", "baccarat", "9h,8s,Kd,Kc", "--bet", "b" * 5000)
case(1, "no such paytable file", "settle", "baccarat", "9h,8s,Kd,Kc", "--paytable", "{d}/missing.toml")
case(1, "unexpected character", "settle", "baccarat", "9h,8s,Kd,Kc", "--paytable", "{d}/cond_import.toml")
case(1, "not a regular file", "settle", "baccarat", "9h,8s,Kd,Kc", "--paytable", "/dev/zero")

# paths no file system takes (a NUL cannot come from a shell, but can from a script)
_LONG = "n" * 300
case(1, "too long for the file system", "eor", "baccarat", "--bet", "tie", "--plot", f"{_LONG}.svg")
case(1, "too long for the file system", "count", "dragon-tiger", "--shoes", "1", "--plot", f"{_LONG}/x.svg")
case(1, "too long for the file system", "vectors", "--out", f"{_LONG}.json")
case(1, "too long for the file system", "verify", f"{_LONG}.json")
case(1, "too long for the file system", "export", "--out", _LONG)
case(1, "no such paytable file", "sheet", "baccarat", "--paytable", f"{_LONG}.toml")
case(2, "not a usable path", "vectors", "--out", "a\x00.json")
case(2, "not a usable path", "verify", "a\x00.json")
case(2, "not a usable path", "export", "--out", "a\x00b")
case(1, "a path cannot hold a NUL", "eor", "baccarat", "--bet", "tie", "--plot", "a\x00.svg")
case(1, "bad card", "sheet", "baccarat", "--remove", "A" * 100_000)

# -- issue 14: compare, --pay, --summary, batch's --file and its old name --shoes ---------------------
case(2, "Missing argument", "compare")
case(1, "unknown game", "compare", "nosuchgame")
case(1, "unknown game", "compare", N9)
case(1, "did you mean banker", "compare", "baccarat", "--bet", "bankr")
case(1, "write deck counts", "compare", "baccarat", "--decks", "one")
case(1, "write deck counts", "compare", "baccarat", "--decks", "")
case(1, "write deck counts", "compare", "baccarat", "--decks", "6,,8")
case(1, "write deck counts", "compare", "baccarat", "--decks", N9)
case(1, "write deck counts", "compare", "baccarat", "--decks", "-8")
case(1, "write deck counts", "compare", "baccarat", "--decks", "1e3")
case(1, "outside 1 to 10,000", "compare", "baccarat", "--decks", "0")
case(1, "outside 1 to 10,000", "compare", "baccarat", "--decks", "6,10001")
case(1, "at most 20 deck counts", "compare", "baccarat", "--decks", ",".join(str(i) for i in range(1, 30)))
case(1, "deals no cards", "compare", "roulette", "--decks", "8")
case(1, "unknown paytable", "compare", "baccarat", "--paytable", "seed,nope")
case(1, "no such paytable file", "compare", "baccarat", "--paytable", "missing.toml")
case(1, "not valid TOML", "compare", "baccarat", "--paytable", "{d}/bad_toml.toml")
case(1, "unknown paytable", "compare", "baccarat", "--paytable", "," * 5000 + N9)
case(1, "did you mean tie", "compare", "baccarat", "--pay", "tei.tie=9")
case(2, "is not one of", "compare", "baccarat", "--format", "xml")
case(1, "write BET.OUTCOME=VALUE", "sheet", "baccarat", "--pay", "tie=9")
case(1, "write BET.OUTCOME=VALUE", "sheet", "baccarat", "--pay", "tie.tie")
case(1, "write BET.OUTCOME=VALUE", "sheet", "baccarat", "--pay", "")
case(1, "write BET.OUTCOME=VALUE", "sheet", "baccarat", "--pay", ".=")
case(1, "did you mean tie", "sheet", "baccarat", "--pay", "tei.tie=9")
case(1, "unknown outcome of tie", "sheet", "baccarat", "--pay", "tie.ti=9")
case(1, "unknown baccarat bet", "sheet", "baccarat", "--pay", "b" * 5000 + ".x=1")
case(1, "below -1", "sheet", "baccarat", "--pay", "tie.tie=-2")
case(1, "exponent beyond", "sheet", "baccarat", "--pay", f"tie.tie={HUGE_EXP}")
case(1, "longer than 100 characters", "sheet", "baccarat", "--pay", f"tie.tie={N9}")
case(1, "not a number or fraction", "sheet", "baccarat", "--pay", "tie.tie=nan")
case(1, "not a number or fraction", "sheet", "baccarat", "--pay", "tie.tie=inf")
case(1, "not a number or fraction", "sheet", "baccarat", "--pay", "tie.tie=1/0")
case(1, "beyond +-1,000,000,000", "sheet", "baccarat", "--pay", "tie.tie=10000000001")
case(1, "chip layout", "sheet", "roulette", "--pay", "split.win=18")
case(1, "write BET.OUTCOME=VALUE", "solve", "baccarat", "tie", "--pay", "x")
case(1, "did you mean no-tie", "solve", "baccarat", "tie", "--pay", "tie.no-ti=-1")
case(1, "unknown game", "sheet", "nosuchgame", "--summary")
case(2, "does not take a value", "sheet", "baccarat", "--summary=yes")
case(2, "not both", "batch", "baccarat", "--file", "{d}/shoes.txt", "--shoes", "{d}/shoes.txt")
case(2, "does not exist", "batch", "baccarat", "--shoes", "{d}/none.txt")
case(2, "Missing option '--file'", "batch", "baccarat", "--bet", "tie")

# -- the floor: track and audit (issue 23; a case must fail before a page is served) ----------------
case(1, "deals no cards", "track", "roulette", "--stdin")
case(1, "--ranks needs 13", "track", "baccarat", "--stdin", "--ranks", N9)
case(1, "--tags needs 10 integers", "track", "baccarat", "--stdin", "--tags", ",".join(["1"] * 11))
case(1, "--tags must be integers", "track", "baccarat", "--stdin", "--tags", ",".join([N9] * 10))
case(1, "unexpected character", "track", "baccarat", "--stdin", "--paytable", "{d}/cond_import.toml")
case(1, "not a regular file", "track", "baccarat", "--stdin", "--paytable", "/dev/zero")
case(2, "above the limit", "track", "baccarat", "--port", "99999")
case(2, "is a directory", "track", "baccarat", "--db", "{d}/a-folder")
case(2, "--db is for the page", "track", "baccarat", "--stdin", "--db", "{d}/x.sqlite")
case(2, "not both", "track", "baccarat", "--stdin", "--decks", "8", "--ranks", ",".join(["4"] * 13))
case(1, "not UTF-8", "audit", "{d}/binary.bin", "--game", "baccarat")
case(1, "bigger than 64 MiB", "audit", "/dev/zero", "--game", "baccarat")
case(2, "does not exist", "audit", "{d}/none.csv")
case(2, "is a directory", "audit", "{d}/a-folder")
case(1, "unknown game", "audit", "{d}/shoes.txt", "--game", N9)
case(1, "unknown column", "audit", "{d}/shoes.txt", "--game", "baccarat")
case(1, "not valid TOML", "audit", "{d}/shoes.txt", "--game", "baccarat", "--paytable", "{d}/bad_toml.toml")

# == issue 27: hostile input, round three ============================================================
# Every case below fails on the code before issue 27 (checked one by one against that checkout):
# an internal error, a hang, a wrong figure, a raw control character on the terminal, or a
# mistake silently accepted. Besides CASES (one error line), the round adds cases the replay
# checks in their own way: OUTPUT_CASES (accepted, with every control character escaped),
# LIBRARY_CASES (odds.* raising OddsError), CACHE_CASES (a broken cache entry rebuilt with one
# note) and LINK_CASES (export never deleting through a link).

DIGITS_31 = "1" + "0" * 29 + "1"  # a 31-digit number: past the 30 digits a pay may have


def _outcomes(items, extra: str = "", bet: str = "x") -> str:
    """A baccarat paytable extending the seed with one bet ``bet`` of these outcomes (TOML
    inline tables), the last taking every other round."""
    return (
        f'game = "baccarat"\nextends = "seed"\n[bets.{bet}]\n{extra}outcomes = ['
        + ", ".join(items)
        + ', { key = "other", pays = -1 }]\n'
    )


def _keyed(key: str) -> str:
    return _outcomes([f'{{ key = {json.dumps(key)}, when = "tie", pays = 8 }}'])


def _named(name: str, second: str | None = None) -> str:
    text = _outcomes(['{ key = "win", when = "tie", pays = 8 }'], f"name = {json.dumps(name)}\n")
    if second is not None:
        text += (
            f'[bets.y]\nname = {json.dumps(second)}\noutcomes = [{{ key = "win", when = "tie", pays = 8 }}, '
            '{ key = "other", pays = -1 }]\n'
        )
    return text


def _reading(when: str) -> str:
    """A bet whose condition reads many card positions finely: its exact table is big."""
    return _outcomes([f'{{ key = "w", when = {json.dumps(when)}, pays = 1 }}'])


def _pays(denominators) -> str:
    """A bet of one outcome per denominator, each paying 1/denominator (on a distinct total pair)."""
    return _outcomes(
        [
            f'{{ key = "k{i}", when = "player_total == {i % 10} and banker_total == {i // 10}", pays = "1/{d}" }}'
            for i, d in enumerate(denominators)
        ]
    )


PAYTABLES_27 = {
    # ids and keys matched in full: `$` matched before a final newline
    "key_newline.toml": _keyed("win\n"),
    "key_newline_end.toml": _outcomes(['{ key = "win", when = "tie", pays = 8 }']).replace(
        'key = "other"', 'key = "other\\n"'
    ),
    "id_newline.toml": _keyed("win").replace("[bets.x]", '[bets."x\\n"]'),
    "id_newline_tie.toml": _keyed("win").replace("[bets.x]", '[bets."tie\\n"]'),
    "id_newline_two.toml": _keyed("win").replace("[bets.x]", '[bets."x\\n"]')
    + _keyed("win").split('extends = "seed"\n')[1],
    # two bets whose names print alike
    "name_tie.toml": _named("Tie"),
    "name_tie_case.toml": _named("TIE"),
    "name_tie_space.toml": _named("  Tie "),
    "name_tie_wide.toml": _named("\uff34\uff49\uff45"),  # full-width Tie
    "name_banker.toml": _named("banker"),
    "name_twice.toml": _named("Dragon 7", "Dragon 7"),
    "name_twice_case.toml": _named("Dragon 7", "dragon  7"),
    # pays: at most 30 digits over and under the bar, and a bet's pays together
    "pay_den31.toml": _tie(f'"1/{DIGITS_31}"'),
    "pay_num31.toml": _tie(f'"{DIGITS_31}/{"1" + "0" * 22}"'),
    "pay_dec31.toml": _tie("0." + "0" * 30 + "1"),
    "pay_den98.toml": _pays(10**97 + i for i in range(60)),
    "pays_common.toml": _pays(10**15 + i for i in range(60)),
    "pays_common_three.toml": _pays(10**11 + i for i in range(3)),
    # tables the row budget of issue 27 refused (12 to 21 million rows of kinds, minutes and gigabytes
    # when the table enumerated card sequences); over card groups and suit patterns (issue 21) each
    # builds in about 3 s: tests/test_suits.py prices them
    "table_59m.toml": _reading(
        "player_suit1 == banker_suit1 and player_rank2 + banker_rank2 + player_rank3 > 0 and tie"
    ),
    "table_35m.toml": _reading("player_suit1 == banker_suit1 and player_rank2 > 0 and tie"),
    "table_46m.toml": _reading("player_suit1 == banker_suit1 and player_rank2 + banker_rank2 > 0 and tie"),
    # a condition longer than the 200 characters a label may have, without a label: accepted
    "cond_211.toml": _outcomes(
        ['{ key = "win", when = "' + " or ".join(["banker_total == 7"] * 10) + ' or tie", pays = 1 }']
    ),
    # text that would drive a terminal: names, labels, descriptions, sources, the file's own description
    "escapes.toml": (
        'game = "baccarat"\nextends = "seed"\ndescription = "mine\\u001b[2J\\u009b31m"\n[bets.x]\n'
        'name = "evil\\u001b]0;owned\\u0007 \\u202eeman\\nrow"\ndescription = "desc\\u001b[31m red"\n'
        'source = "src\\u0007"\noutcomes = [{ key = "win", when = "tie", label = "lab\\u001b[5mel\\u2028x", '
        'pays = 8 }, { key = "other", label = "\\u200f\\u001bc", pays = -1 }]\n'
    ),
}
for _folder in ("one", "two"):
    PAYTABLES_27[f"{_folder}/seed.toml"] = _tie("50")  # two user files of one name
PAYTABLES_27[".hidden.toml"] = _tie("50")
PAYTABLES_27["ctl\x1b[31m.toml"] = _tie("50")
PAYTABLES_27["bad\x1b]0;owned\x07.toml"] = 'game = "baccarat"\n[bets\n'  # an error naming the path
PAYTABLES_27["bad\nline.toml"] = 'game = "baccarat"\n[bets\n'


def _round(**changes) -> str:
    return _rounds(**{"bets": {"straight": {"outcome": "lose"}}, **changes})


ROUNDS_27 = {
    # pockets no wheel has, or another wheel's, that once settled as some pocket and matched
    "r27_am_37.json": _round(game="american-roulette", cards=[37], bets={"red": {"outcome": "zero"}}),
    "r27_am_37_text.json": _round(game="american-roulette", cards=["37"], bets={"red": {"outcome": "zero"}}),
    "r27_am_037.json": _round(game="american-roulette", cards=["037"], bets={"red": {"outcome": "zero"}}),
    "r27_am_000.json": _round(game="american-roulette", cards=["000"], bets={"red": {"outcome": "zero"}}),
    "r27_am_arabic_00.json": _round(
        game="american-roulette", cards=["\u0660\u0660"], bets={"red": {"outcome": "zero"}}
    ),
    "r27_eu_00.json": _round(game="roulette", cards=["00"], bets={"red": {"outcome": "zero"}}),
    "r27_eu_000.json": _round(game="roulette", cards=["000"], bets={"red": {"outcome": "zero"}}),
    "r27_eu_07.json": _round(game="roulette", cards=["07"], bets={"red": {"outcome": "win"}}),
    "r27_eu_036.json": _round(game="roulette", cards=["036"], bets={"red": {"outcome": "win"}}),
    "r27_eu_arabic.json": _round(game="roulette", cards=["\u0661\u0667"], bets={"straight": {"outcome": "win"}}),
    "r27_dice_sup.json": _round(game="sic-bo", cards=["1", "2", "\u00b2"], bets={"big": {"outcome": "small"}}),
    "r27_dice_circled.json": _round(game="sic-bo", cards=["\u2460", 2, 3], bets={"big": {"outcome": "small"}}),
    "r27_dice_arabic.json": _round(game="sic-bo", cards=["\u0661", 2, 3], bets={"big": {"outcome": "small"}}),
    "r27_dice_devanagari.json": _round(game="sic-bo", cards=[1, 2, "\u0969"], bets={"big": {"outcome": "small"}}),
    # text a terminal would act on, in what verify prints back
    "r27_id_esc.json": _round(id="r\x1b]0;owned\x07", bets={"banker": {"outcome": "tie"}}),
    "r27_bet_esc.json": _round(bets={"banker\x1b]0;owned\x07": {"outcome": "tie"}}),
}
VECTORS_27 = {
    # floats at the edges of the floats: their ratios and sums leave the floats
    "v27_total_tiny.json": _vectors(bets__banker__total=1e-320),
    "v27_total_denormal.json": _vectors(
        bets__banker__total=5e-324, bets__banker__combinations={"banker-wins": 1e308, "tie": 0, "player-wins": 0}
    ),
    "v27_total_huge.json": _vectors(
        bets__banker__total=1e308, bets__banker__combinations={"banker-wins": 1e308, "tie": 1e308, "player-wins": 1e308}
    ),
    "v27_combos_max.json": _vectors(
        bets__banker__combinations={
            "banker-wins": 1.7976931348623157e308,
            "tie": 1.7976931348623157e308,
            "player-wins": 0,
        }
    ),
    "v27_total_309.json": _vectors(
        bets__banker__total=1e-309, bets__banker__combinations={"banker-wins": 1.0, "tie": 0, "player-wins": 0}
    ),
    "v27_total_300.json": _vectors(
        bets__banker__total=1e-300, bets__banker__combinations={"banker-wins": 1e100, "tie": 0, "player-wins": 0}
    ),
    # text a terminal would act on, in what verify prints back
    "v27_id_esc.json": _vectors(id="v\x1b]0;owned\x07"),
    "v27_id_return.json": _vectors(id="v\rover the line"),
    "v27_bet_esc.json": _vectors(bets={"banker\x9b2J": VECTOR["bets"]["banker"]}),
    "v27_outcome_esc.json": _vectors(
        bets__banker__combinations={"banker-wins": "1", "tie": "0", "player-wins": "0", "x\u202eevil": "0"}
    ),
}
FILES_27 = {**PAYTABLES_27, **ROUNDS_27, **VECTORS_27}
FILES_27["bad\x1b]0;owned\x07.json"] = "{not json"
FILES_27["bad\nname.json"] = "{not json"


def make_files_27(folder: Path) -> None:
    """The files of issue 27's cases (called by :func:`make_files`)."""
    for name, text in FILES_27.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    big = folder / "bigmanifest"  # an export folder whose manifest is 2 MiB: never read whole
    big.mkdir(exist_ok=True)
    with open(big / "odds-export.manifest", "w") as out:
        out.write("# Files written by `odds export`.\n" + "a.md\n" * (2 << 18))


T27 = "{d}/"
for _command in (
    ["sheet", "baccarat"],
    ["eor", "baccarat"],
    ["count", "baccarat", "--shoes", "1"],
    ["compare", "baccarat"],
    ["solve", "baccarat", "x"],
    ["simulate", "baccarat", "--rounds", "10"],
    ["tags", "baccarat", "x"],
    ["settle", "baccarat", "4s,Kh,Ad,4c,2h,9d"],
):
    for _name, _text in [
        ("key_newline.toml", "lowercase words"),
        ("id_newline.toml", "lowercase words"),
        ("name_tie.toml", "prints like the name of bet tie"),
        ("pay_den31.toml", "denominator has 31 digits"),
        ("pays_common.toml", "common denominator"),
    ]:
        case(1, _text, *_command, "--paytable", T27 + _name)
for _name, _text in [
    ("key_newline_end.toml", "lowercase words"),
    ("id_newline_tie.toml", "lowercase words"),
    ("id_newline_two.toml", "lowercase words"),
    ("name_tie_case.toml", "prints like the name of bet tie"),
    ("name_tie_space.toml", "prints like the name of bet tie"),
    ("name_tie_wide.toml", "prints like the name of bet tie"),
    ("name_banker.toml", "prints like the name of bet banker"),
    ("name_twice.toml", "prints like the name of bet x"),
    ("name_twice_case.toml", "prints like the name of bet x"),
    ("pay_num31.toml", "numerator has 31 digits"),
    ("pay_dec31.toml", "denominator has 32 digits"),
    ("pay_den98.toml", "denominator has 98 digits"),
    ("pays_common_three.toml", "common denominator"),
]:
    case(1, _text, "sheet", "baccarat", "--paytable", T27 + _name)
    case(1, _text, "check", T27 + _name)  # odds check reads the same files (issue 21)
case(2, "does not exist", "check", "{d}/no-such-paytable.toml")
for _name, _text in [
    ("pay_den31.toml", "denominator has 31 digits"),
    ("pays_common.toml", "common denominator"),
    ("name_tie.toml", "prints like the name of bet tie"),
]:
    case(1, _text, "batch", "baccarat", "--file", "{d}/shoes.txt", "--paytable", T27 + _name)
    case(1, _text, "vectors", "--game", "baccarat", "--paytable", T27 + _name)
    case(1, _text, "vectors", "--rounds", "--game", "baccarat", "--paytable", T27 + _name)
    case(1, _text, "verify", "{d}/empty.json", "--paytable", T27 + _name)
case(1, "denominator has 31 digits", "sheet", "baccarat", "--bet", "tie", "--pay", f"tie.tie=1/{DIGITS_31}")
case(1, "numerator has 31 digits", "compare", "baccarat", "--pay", f"tie.tie={DIGITS_31}/{'1' + '0' * 22}")
case(1, "denominator has 31 digits", "solve", "baccarat", "banker", "--pay", f"tie.tie=1/{DIGITS_31}")
case(1, "denominator has 31 digits", "sheet", "player-dealer-baccarat", "--fee", f"1/{DIGITS_31}")
case(1, "denominator has 32 digits", "sheet", "player-dealer-baccarat", "--fee", "0." + "0" * 30 + "1")
# roulette pockets and dice: each wheel reads its own pockets; dice in ASCII digits
for _game, _spin in [
    ("american-roulette", "37"),
    ("american-roulette", "000"),
    ("american-roulette", "037"),
    ("american-roulette", "07"),
    ("american-roulette", "036"),
    ("american-roulette", "\u0660\u0660"),
    ("roulette", "00"),
    ("roulette", "000"),
    ("roulette", "07"),
    ("roulette", "036"),
    ("roulette", "\u0661\u0667"),
    ("roulette", "\u00b2"),
]:
    case(1, "bad number", "settle", _game, _spin)
case(1, "bad number '00'", "settle", "roulette", "0,00", "--paytable", "en-prison")
case(1, "bad number '036'", "settle", "roulette", "17,036", "--paytable", "en-prison")
for _dice in ("1,2,\u00b2", "1,2,\u00b3", "\u0661,2,3", "1,2,\u0663", "1,2,\u06f3", "1,2,\u0969", "1,2,\u2460"):
    case(1, "bad die", "settle", "sic-bo", _dice)
for _name in ROUNDS_27:
    case(1, "mismatch(es) in 1 round(s)", "verify", T27 + _name)
for _name in VECTORS_27:
    case(1, "mismatch(es) in 1 vector(s)", "verify", T27 + _name)
# paths holding control characters, in error messages
case(1, "not valid JSON", "verify", "{d}/bad\x1b]0;owned\x07.json")
case(1, "not valid JSON", "verify", "{d}/bad\nname.json")
case(1, "not valid TOML", "sheet", "baccarat", "--paytable", "{d}/bad\x1b]0;owned\x07.toml")
case(1, "not valid TOML", "sheet", "baccarat", "--paytable", "{d}/bad\nline.toml")
case(1, "not valid TOML", "vectors", "--game", "baccarat", "--paytable", "{d}/bad\nline.toml")
# a user's paytable never takes a shipped name, and two of one name are refused
case(
    1,
    "both paytables named file:seed",
    "export",
    "--out",
    "{d}/e27",
    "--paytable",
    "{d}/one/seed.toml",
    "--paytable",
    "{d}/two/seed.toml",
)
case(1, "both paytables named file:seed", "compare", "baccarat", "--paytable", "{d}/one/seed.toml,{d}/two/seed.toml")
case(
    1,
    "both paytables named file:seed",
    "compare",
    "baccarat",
    "--paytable",
    "{d}/one/seed.toml",
    "--paytable",
    "{d}/two/seed.toml",
)
case(
    1,
    "both paytables named file:seed",
    "verify",
    "{d}/empty.json",
    "--paytable",
    "{d}/one/seed.toml",
    "--paytable",
    "{d}/two/seed.toml",
)
case(1, "cannot be one", "export", "--out", "{d}/e27", "--paytable", "{d}/.hidden.toml")
case(1, "cannot be one", "export", "--out", "{d}/e27", "--paytable", "{d}/ctl\x1b[31m.toml")
case(1, "bigger than 1 MiB", "export", "--out", "{d}/bigmanifest")
case(1, "bigger than 1 MiB", "export", "--check", "--out", "{d}/bigmanifest")

# -- accepted, but every control character escaped on the way out ---------------------------------
OUTPUT_CASES: list[tuple[str, ...]] = [
    ("sheet", "baccarat", "--bet", "x", "--paytable", "{d}/escapes.toml"),
    ("sheet", "baccarat", "--bet", "x", "--paytable", "{d}/escapes.toml", "--format", "md"),
    ("sheet", "baccarat", "--bet", "x", "--paytable", "{d}/escapes.toml", "--format", "csv"),
    ("sheet", "baccarat", "--bet", "x", "--paytable", "{d}/escapes.toml", "--summary"),
    ("eor", "baccarat", "--bet", "x", "--paytable", "{d}/escapes.toml"),
    ("tags", "baccarat", "x", "--paytable", "{d}/escapes.toml"),
    ("count", "baccarat", "--bet", "x", "--shoes", "1", "--paytable", "{d}/escapes.toml"),
    ("sheet", "baccarat", "--bet", "x", "--paytable", "{d}/escapes.toml", "--summary", "--format", "md"),
    ("eor", "baccarat", "--bet", "x", "--paytable", "{d}/escapes.toml", "--format", "md"),
    ("tags", "baccarat", "x", "--paytable", "{d}/escapes.toml", "--format", "md"),
    ("settle", "baccarat", "4s,Kh,Ad,4c,2h,9d", "--bet", "x", "--paytable", "{d}/escapes.toml"),
    ("sheet", "baccarat", "--bet", "x", "--paytable", "{d}/cond_211.toml"),  # once refused: label too long
    ("settle", "baccarat", "4s,Kh,Ad,4c,2h,9d", "--paytable", "{d}/escapes.toml", "--format", "md"),
]
"""Each must succeed (exit 0) with no control character but line breaks in stdout or stderr."""

# -- the library: every public function refuses bad arguments with one OddsError line ---------------
LIBRARY_CASES: list[tuple[str, tuple, dict, str]] = [
    ("sheet", (None,), {}, "game must be a game id"),
    ("sheet", (5,), {}, "game must be a game id"),
    ("sheet", (["baccarat"],), {}, "game must be a game id"),
    ("sheet", ("baccarat",), {"bets": 5}, "bets must be a bet id or a list"),
    ("sheet", ("baccarat",), {"bets": [None]}, "bets must be bet ids"),
    ("sheet", ("baccarat",), {"bets": {"tie": 1}}, "bets must be a bet id or a list"),
    ("sheet", ("baccarat",), {"bets": "tie", "remove": 5}, "remove must be text"),
    ("sheet", ("baccarat",), {"bets": "tie", "remove": ["K"]}, "remove must be text"),
    ("sheet", ("baccarat",), {"bets": "tie", "player": 5}, "player must be text"),
    ("sheet", ("baccarat",), {"bets": "tie", "banker": ["9"]}, "banker must be text"),
    ("sheet", ("player-dealer-baccarat",), {"fee": Fraction(10**20)}, "beyond"),
    ("sheet", ("player-dealer-baccarat",), {"fee": Fraction(1, 10**40)}, "denominator has 41 digits"),
    ("eor", (None,), {}, "game must be a game id"),
    ("eor", ("baccarat",), {"bets": 3.5}, "bets must be a bet id or a list"),
    ("eor", ("baccarat",), {"bets": "tie", "player": b"9"}, "player must be text"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 2.5}, "not a whole number"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 10**12}, "above the limit of 1,000,000"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "seed": -1}, "below 0"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "seed": "x"}, "not a whole number"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "seed": 2**70}, "above the limit"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "level": 10**9}, "above the limit of 100"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "workers": 10**6}, "above the limit of 256"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "workers": 1.0}, "not a whole number"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "window": "10"}, "not a whole number"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "tags": 5}, "tags must be a dict"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "triggers": {"tie": "1e-99999999"}}, "true count"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "triggers": {"tie": float("nan")}}, "true count"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "triggers": {"tie": 10**100}}, "true count"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "triggers": {"tie": None}}, "true count"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "triggers": [8]}, "triggers must be a dict"),
    ("settle", ("american-roulette", 37), {}, "bad number '37'"),
    ("settle", ("american-roulette", "000"), {}, "bad number '000'"),
    ("settle", ("roulette", "00"), {}, "bad number '00'"),
    ("settle", ("sic-bo", "1,2,\u00b2"), {}, "bad die"),
    ("settle", ("sic-bo", [1, 2, "\u0663"]), {}, "bad die"),
    ("settle", ("baccarat", "4s,Kh,Ad,4c,2h,9d"), {"bets": 5}, "bets must be a bet id or a list"),
    ("settle", (None, "1"), {}, "game must be a game id"),
    ("Shoe.from_cards", (None,), {}, "cards must be text"),
    ("Shoe.from_cards", (5,), {}, "cards must be text"),
    ("Shoe.from_rank_counts", (None,), {}, "13 rank counts"),
    ("sheet(a shoe of 10**31 cards)", (), {}, "at most 520,000 cards"),
    ("Shoe.decks(1).remove", (None,), {}, "cards must be text"),
    ("Shoe.decks(1).remove", ([("x",)],), {}, "a card spec is"),
    ("Shoe.decks(1).remove", ([(1, "h", -5)],), {}, "count is 1 to"),
    ("Shoe.decks(1).remove", ([(14, None, 1)],), {}, "rank is 1 (A) to 13"),
    ("Shoe.decks(1).remove", ([(1, "x", 1)],), {}, "suit is one of"),
    ("Shoe", ((4,) * 13, None), {"deck_count": "8"}, "deck_count must be"),
    ("Shoe", ((-1,) * 13, None), {}, "each a whole number of at least 0"),
    ("Shoe", ((4,) * 13, (0,) * 52), {}, "must add up to its rank counts"),
    ("sheet(roulette).bet", ("nope",), {}, "unknown bet 'nope'"),
    ("sheet(roulette).bet", (None,), {}, "a bet id is text"),
    ("sheet(roulette).to_frame", ("rows",), {}, "to_frame takes"),
    ("settle(roulette).bet", ("nope",), {}, "unknown bet 'nope'"),
    ("eor", ("baccarat",), {"bets": "tie", "remove": 5}, "remove must be text"),
    ("eor", (5,), {}, "game must be a game id"),
    ("eor", ("baccarat",), {"bets": [1]}, "bets must be bet ids"),
    ("sheet", ("baccarat",), {"bets": [1]}, "bets must be bet ids"),
    ("sheet", ("baccarat",), {"bets": "tie", "player": ["9"]}, "player must be text"),
    ("sheet", ("player-dealer-baccarat",), {"fee": Fraction(1, 3**100)}, "denominator has 48 digits"),
    ("settle", ("baccarat", "4s,Kh,Ad,4c,2h,9d"), {"bets": [1]}, "bets must be bet ids"),
    ("settle", ("roulette", ["\u0661\u0667"]), {}, "bad number"),
    ("settle", ("american-roulette", [37]), {}, "bad number '37'"),
    ("count", ("dragon-tiger",), {"bets": [5], "shoes": 1}, "bets must be bet ids"),
    ("count", (None,), {}, "game must be a game id"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": True}, "not a whole number"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "level": True}, "not a whole number"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "seed": 1.5}, "not a whole number"),
    ("count", ("dragon-tiger",), {"bets": "tie", "shoes": 1, "window": 1.5}, "not a whole number"),
    ("Shoe.from_card_counts", (5,), {}, "52 card counts"),
    ("Shoe.decks(1).remove", (5,), {}, "cards must be text"),
    ("Shoe.decks(1).remove", ([(0, None, 1)],), {}, "rank is 1 (A) to 13"),
    ("Shoe", ((4,) * 13, None), {"removed": "x"}, "removed must be a tuple"),
    ("Shoe", ((4.5,) * 13, None), {}, "each a whole number of at least 0"),
    ("Shoe", ((4,) * 12, None), {}, "a tuple of 13 rank counts"),
    ("sheet(roulette).bet", (5,), {}, "a bet id is text"),
    ("eor(dragon-tiger).bet", ("nope",), {}, "unknown bet 'nope'"),
    ("count(dragon-tiger).bet", ("nope",), {}, "unknown bet 'nope'"),
    ("settle(roulette).bet", (None,), {}, "a bet id is text"),
]
"""``(function, args, kwargs, text)``: ``odds.<function>(*args, **kwargs)`` raises an OddsError
whose one-line message holds ``text``, at once. ``Shoe.decks(1).remove`` calls the method of a
one-deck shoe, ``sheet(roulette).bet`` the method of ``odds.sheet("roulette", bets="red")`` (and
``eor(dragon-tiger)``, ``count(dragon-tiger)``, ``settle(roulette)`` the results of small calls;
``sheet(a shoe of 10**31 cards)`` passes such a shoe to ``odds.sheet``)."""

# -- the compiled-table cache: a broken entry is rebuilt, with one note, and never trusted ------------
CACHE_CASES: list[tuple[str, str]] = [
    ("swapped outcomes, digest recomputed", "it carries no authentication"),
    ("swapped outcomes, authentication forged", "its authentication does not match"),
    ("a term's factor index past the end", "an index outside its list of factors"),
    ("a negative factor index", "an index outside its list of factors"),
    ("a negative count of orderings", "a negative count of orderings"),
    ("orderings as floats", "holds float64 values"),
    ("terms in one dimension", "its terms or ways are not tables of integers"),
    ("factors that are not factors", "a factor that is not one"),
    ("a table for another number of cards", "a table of 4 cards, not 6"),
    ("a deflate bomb of 320 MiB", "it would inflate to"),
    ("a member inflating past its declared size", "not a table file"),
    ("a pickled object array", "not a table file"),
    ("a truncated file", "not a table file"),
    ("not a zip file at all", "not a table file"),
    ("a FIFO", "not a regular file"),
    ("a link to /dev/zero", "a link, not a regular file"),
    ("a folder", "not a regular file"),
    ("a 100 MiB sparse file", "more than the"),
]
"""``(how the cached table of a user's bet is broken, the note's text)``: the next command still
prints the right figures, one ``note:`` line on stderr says the entry was rebuilt, in bounded
time and memory (tests/test_hostile.py breaks each entry)."""

# -- export never deletes through a link, at any depth ---------------------------------------------------
LINK_CASES: list[tuple[str, str, str]] = [
    ("g/x.md", "g", "outside"),
    ("g/h/x.md", "g", "outside"),
    ("g/h/x.md", "g/h", "outside/h"),
    ("a/b/c/x.md", "a/b", "outside/b"),
    ("up/x.md", "up", ".."),
    ("g/h/i/j/x.md", "g/h/i", "outside/i"),
]
"""``(a file a hostile manifest lists, the folder below --out that is a link, where it points
(relative to the folder holding --out))``: the export of other files leaves the file it reaches
outside --out alone."""
# digits other than ASCII's: `\d` and str.isdigit() take them, and int() or Fraction() read them
FILES_27["arabic_digits.txt"] = "Ax\u0663\n"
case(1, "bad card", "sheet", "baccarat", "--bet", "tie", "--remove", "Ax\u0663")
case(1, "bad card", "eor", "baccarat", "--bet", "tie", "--remove", "5x\u0661\u0662")
case(1, "line 1: bad card", "batch", "baccarat", "--file", "{d}/arabic_digits.txt")
case(1, "bad card", "settle", "baccarat", "4s,Kh,Ad,4c,2h,9dx\u0661")
case(1, "must be a true count", "count", "tiger-baccarat", "--bet", "big-tiger", "--shoes", "1", "--trigger", "\u0668")
case(
    1,
    "must be a true count",
    "count",
    "tiger-baccarat",
    "--bet",
    "big-tiger",
    "--shoes",
    "1",
    "--trigger",
    "-\u0662.\u0665",
)
