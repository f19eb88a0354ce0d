"""Issue 12: a counting study (given tags, a given trigger) against an independent tally.

The same shoes are dealt (same seed: ``shuffled`` / ``deal_shoe``); each round's exact expectation
comes from the slow sheet path (``game.count`` on the unseen cards), the running and true counts
are kept here by hand with Fractions from the card order, and the study figures of ``odds count``
must equal the tally's: bet frequency exactly, the expectation sums to within the fixed-point
rounding (2**-33 a round).
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from click.testing import CliRunner

from odds.cards import baccarat_value
from odds.cli import cli
from odds.depletion.dealer import DealRules, deal_shoe, shuffled
from odds.depletion.evaluator import CARD_OF_KIND
from odds.games import get_game
from odds.paytable import load_paytable
from odds.sheet import build_sheet, expected_value
from odds.shoe import Shoe

GAME, BET = "tiger-baccarat", "big-tiger"
TAGS = [0, 0, -1, -1, -1, -2, 1, 2, 2, 0]  # Jacobson's Big Tiger count, A..T
SHOES, SEED, DECKS, CUT, WINDOW = 30, 5, 1, 10, 3
ROUNDING = Fraction(1, 2**33)  # the tallies round each round's expectation to 2**-32


def tag_of(kind: int) -> int:
    rank = CARD_OF_KIND[kind][0]
    return TAGS[9 if rank >= 10 else rank - 1]


@pytest.fixture(scope="module")
def dealt():
    """Per shoe, per round: (exact expectation, unseen cards, tag sum of the unseen cards,
    face-down cards burned so far, round index) - kept independently of odds.depletion.count."""
    game = get_game(GAME)
    table = load_paytable(game)
    pays = table.bet(BET).pays
    full = Shoe.decks(DECKS).card_counts()
    shoes = []
    for index in range(SHOES):
        order = [int(k) for k in shuffled(full, SEED, index)]
        unseen, _ = deal_shoe(game, order, DealRules(cut_card=CUT, after_cut="one-more"), settle=False)
        burned = min(CARD_OF_KIND[order[0]][0], 10)  # the exposed first card's value, burned face down
        rounds = []
        for r, row in enumerate(unseen.tolist()):
            counts = game.count(Shoe.from_card_counts(row), [BET], table)[BET]
            ev = expected_value(pays, counts.counts, counts.total)
            rounds.append((ev, sum(row), sum(n * tag_of(k) for k, n in enumerate(row)), burned, r))
        shoes.append(rounds)
    assert baccarat_value(10) == 0  # the tags' T is every ten-value card
    return shoes


def true_count(convention: str, unseen_cards: int, unseen_tags: int, burned: int) -> Fraction:
    n, t = 52 * DECKS, 0  # Jacobson's tags are balanced: a full shoe counts to t = 0
    running = t - unseen_tags  # the exposed cards' tags
    if convention == "unseen":
        return Fraction(52 * (running - Fraction((n - unseen_cards) * t, n)), unseen_cards)
    return Fraction(52 * running, unseen_cards - burned)


def run_count(convention: str, trigger: str) -> dict:
    result = CliRunner().invoke(
        cli,
        [
            "count",
            GAME,
            "--bet",
            BET,
            "--tags",
            ",".join(map(str, TAGS)),
            "--trigger",
            trigger,
            "--decks",
            str(DECKS),
            "--cut-card",
            str(CUT),
            "--after-cut",
            "one-more",
            "--window",
            str(WINDOW),
            "--true-count",
            convention,
            "--shoes",
            str(SHOES),
            "--seed",
            str(SEED),
            "--workers",
            "1",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("convention,trigger", [("unseen", "2"), ("in-shoe", "2"), ("unseen", "-1.5")])
def test_study_figures_equal_an_independent_tally(dealt, convention, trigger):
    data = run_count(convention, trigger)
    (row,) = data["bets"]
    assert row["id"] == BET and row["tags"] == TAGS and row["trigger_source"] == "given"
    assert data["true_count"] == convention and data["shoe"] == {"decks": DECKS, "cards": 52 * DECKS, "removed": []}
    level = Fraction(trigger)
    sheet = build_sheet(get_game(GAME), load_paytable(get_game(GAME)), Shoe.decks(DECKS), [BET]).bets[0]
    assert Fraction(row["house_edge"]) == sheet.house_edge and Fraction(row["variance"]) == sheet.variance
    for suffix, keep in (("", lambda r: True), ("_in_window", lambda r: r < WINDOW)):
        rounds = bets = 0
        won = Fraction(0)
        per_shoe = []
        for shoe in dealt:
            r_s = b_s = 0
            w_s = Fraction(0)
            for ev, cards, tags, burned, r in shoe:
                if not keep(r):
                    continue
                r_s += 1
                if true_count(convention, cards, tags, burned) >= level:
                    b_s += 1
                    w_s += ev
            rounds, bets, won = rounds + r_s, bets + b_s, won + w_s
            per_shoe.append((r_s, b_s, w_s))
        assert bets > 5, "the check bites only if the count bets"
        assert row["bet_frequency" + suffix] == float(Fraction(bets, rounds))
        assert abs(Fraction(row["average_edge" + suffix]) - won / bets) <= ROUNDING + Fraction(1, 10**15)
        assert abs(Fraction(row["units_per_100_hands" + suffix]) - 100 * won / rounds) <= 100 * ROUNDING
        assert abs(Fraction(row["count_units_per_shoe" + suffix]) - won / SHOES) <= bets * ROUNDING / SHOES + Fraction(
            1, 10**15
        )
        index = 100 * float(100 * won / rounds) / math.sqrt(100 * float(Fraction(bets, rounds)) * float(sheet.variance))
        assert row["desirability_index" + suffix] == pytest.approx(index, rel=1e-8)
        # the standard error of the bet frequency: the ratio estimator over shoes, by hand
        f = Fraction(bets, rounds)
        spread = sum((b - f * r) ** 2 for r, b, _ in per_shoe) / (SHOES * (SHOES - 1))
        assert row["bet_frequency" + suffix + "_std_error"] == pytest.approx(
            math.sqrt(spread) / (rounds / SHOES), rel=1e-9
        )
        a = won / bets
        spread = sum((w - a * b) ** 2 for _, b, w in per_shoe) / (SHOES * (SHOES - 1))
        assert row["average_edge" + suffix + "_std_error"] == pytest.approx(
            math.sqrt(spread) / (bets / SHOES), rel=1e-6
        )


def test_the_two_true_counts_differ_where_burns_are_many(dealt):
    """One deck, burns of up to 10 cards: the conventions bet on different rounds (the test above
    would not tell them apart otherwise)."""
    unseen, in_shoe = (run_count(c, "2")["bets"][0]["bet_frequency"] for c in ("unseen", "in-shoe"))
    assert in_shoe > unseen  # fewer cards left in the shoe than unseen: the same running count is a higher true count


@pytest.mark.parametrize("game_id", ["baccarat", "dragon-tiger"])
def test_standard_after_cut_rule(game_id):
    """Wizard of Odds' rule (--after-cut standard): when the cut card comes out inside a round, one
    more round; when it comes out where a round starts (baccarat: as its first card, which is dealt;
    Dragon Tiger: as its burn card, not dealt), no more. Told here from where the rounds start."""
    game = get_game(game_id)
    full = Shoe.decks(1).card_counts()
    cut, burn, at_start = 14, game.burn_per_round, 0
    for index in range(200):
        order = [int(k) for k in shuffled(full, 8, index)]
        deal = {
            rule: deal_shoe(game, order, DealRules(cut_card=cut, after_cut=rule), settle=False)[0]
            for rule in ("last", "standard", "one-more")
        }
        last, more = deal["last"], deal["one-more"]
        first_burn = min(CARD_OF_KIND[order[0]][0], 10)

        def start(r):  # where round r begins: cards exposed and burned before it
            return 52 - int(more[r].sum()) + first_burn + burn * r

        cut_at = 52 - cut  # the cut card lies just before this position
        k = len(last) - 1
        between = (burn == 0 and start(k) == cut_at) or (burn > 0 and start(k + 1) == cut_at)
        at_start += between
        assert len(deal["standard"]) == (len(last) if between else len(last) + 1), index
        assert (deal["standard"] == more[: len(deal["standard"])]).all()
    assert at_start > 0  # the check bites: both cases happen


def invoke(*args):
    return CliRunner().invoke(cli, list(args))


def study(*args, shoes="12"):
    result = invoke(
        "count", "tiger-baccarat", "--shoes", shoes, "--seed", "3", "--workers", "1", "--format", "json", *args
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


FIGURES = ("bet_frequency", "average_edge", "units_per_100_hands", "desirability_index", "count_units_per_shoe")


def test_tags_by_value_rank_or_card_are_the_same_count():
    """10 values, 13 ranks (T J Q K alike) or 52 cards (suits alike): one count, one result."""
    ranks = TAGS + [TAGS[-1]] * 3
    cards = [t for t in ranks for _ in range(4)]
    rows = [
        study("--bet", BET, "--tags", ",".join(map(str, tags)), "--trigger", "3")["bets"][0]
        for tags in (TAGS, ranks, cards)
    ]
    assert [len(r["tags"]) for r in rows] == [10, 13, 52] and rows[1]["tag_cards"][-1] == "K"
    for key in FIGURES + ("betting_correlation", "balanced"):
        assert rows[0][key] == rows[1][key] == rows[2][key], key
    assert rows[0]["betting_correlation"] == pytest.approx(0.981, abs=5e-4)  # Jacobson: "0.981"


def test_given_trigger_equal_to_the_best_gives_the_same_figures_with_errors():
    best = study("--bet", BET, shoes="40")["bets"][0]
    assert best["trigger_source"] == "best" and best["bet_frequency_std_error"] is None
    assert best["count_trigger"] is not None  # the check bites: some trigger wins on these shoes
    given = study("--bet", BET, "--trigger", str(best["count_trigger"]), shoes="40")["bets"][0]
    assert given["trigger_source"] == "given" and given["count_trigger"] == best["count_trigger"]
    for key in FIGURES:
        assert given[key] == best[key], key
        assert given[key + "_std_error"] is not None and given[key + "_std_error"] >= 0
    assert given["count_units_per_shoe"] == best["count_units_per_shoe"]


def test_several_bets_each_with_its_tags_and_trigger_and_workers_do_not_matter():
    args = [
        "--bet",
        BET,
        "--bet",
        "tiger",
        "--bet",
        "tiger-pair",
        "--tags",
        f"{BET}={','.join(map(str, TAGS))}",
        "--trigger",
        f"{BET}=2",
        "--trigger",
        "tiger=4.5",
    ]
    one = study(*args)
    two = json.loads(
        invoke(
            "count", "tiger-baccarat", "--shoes", "12", "--seed", "3", "--workers", "2", "--format", "json", *args
        ).stdout
    )
    assert one == two
    big, tiger, pair = one["bets"]
    assert (big["tags_source"], big["count_trigger"]) == ("user", 2.0)
    assert (tiger["tags_source"], tiger["count_level"], tiger["count_trigger"]) == ("derived", 3, 4.5)
    assert pair["tags_source"] is None and pair["bet_frequency"] == 0 and pair["average_edge"] is None
    # alone, each bet gives the same figures
    assert study("--bet", "tiger", "--trigger", "4.5")["bets"][0] == tiger


def test_text_views_fit_100_columns_and_csv_is_flat():
    args = ["count", "baccarat", "--shoes", "3", "--workers", "1", "--trigger", "dragon-bonus-banker=1"]
    for fmt in ("table", "md"):
        result = invoke(*args, "--format", fmt)
        assert result.exit_code == 0, result.output
        if fmt == "table":
            assert max(len(line) for line in result.stdout.splitlines()) <= 100
        assert "bet frequency" in result.stdout and "desirability index" in result.stdout
    lines = invoke(*args, "--format", "csv").stdout.splitlines()
    assert lines[0].startswith("game,paytable,decks,shoes,seed,") and ",id,name,window,house_edge" in lines[0]
    assert len(lines) == 1 + 16
    import csv
    import io

    row = next(csv.DictReader(io.StringIO("\n".join(lines))))
    assert len(row["tags"].split(",")) == 10 and row["tag_cards"] == "A,2,3,4,5,6,7,8,9,T"


def test_in_shoe_true_count_with_a_burn_every_round():
    """Dragon Tiger burns a card before each round: the in-shoe convention must leave those out."""
    data = json.loads(
        invoke(
            "count",
            "dragon-tiger",
            "--bet",
            "dragon-big",
            "--decks",
            "1",
            "--shoes",
            "4",
            "--workers",
            "1",
            "--true-count",
            "in-shoe",
            "--trigger",
            "0",
            "--format",
            "json",
        ).stdout
    )
    assert data["true_count"] == "in-shoe" and data["burn_per_round"] == 1
    assert 0 < data["bets"][0]["bet_frequency"] <= 1


def test_the_library_call_takes_tags_and_triggers():
    import odds

    report = odds.count(
        GAME,
        bets=BET,
        shoes=SHOES,
        seed=SEED,
        decks=DECKS,
        cut_card=CUT,
        after_cut="one-more",
        window=WINDOW,
        tags={BET: TAGS},
        triggers={BET: 2},
    )
    assert report.bet(BET) == run_count("unseen", "2")["bets"][0]


def test_plot_of_a_study(tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "study.png"
    result = invoke(
        "count",
        GAME,
        "--bet",
        BET,
        "--bet",
        "tiger-pair",
        "--tags",
        f"{BET}={','.join(map(str, TAGS))}",
        "--trigger",
        f"{BET}=2",
        "--shoes",
        "5",
        "--workers",
        "1",
        "--plot",
        str(png),
    )
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    drawn = []
    for name in ("one.svg", "two.svg"):  # the same run draws the same bytes
        args = [
            "count",
            GAME,
            "--bet",
            BET,
            "--trigger",
            "3",
            "--shoes",
            "3",
            "--workers",
            "1",
            "--plot",
            str(tmp_path / name),
        ]
        assert invoke(*args).exit_code == 0
        drawn.append((tmp_path / name).read_bytes())
    assert drawn[0] == drawn[1] and b"<svg" in drawn[0][:400]


def test_standard_errors_match_the_spread_of_independent_runs():
    """The ratio-estimator errors are honest: over 40 runs on independent seeds, the spread of
    each figure matches the errors the runs report (a per-round binomial error, which ignores
    that the rounds of a shoe share their count, would be far too small)."""
    import dataclasses

    import numpy as np

    from odds.depletion import count as count_lib

    game = get_game(GAME)
    table = load_paytable(game)
    figures = ("bet_frequency", "average_edge", "units_per_100_hands", "desirability_index")
    values = {k: [] for k in figures}
    errors = {k: [] for k in figures}
    naive = []
    first = count_lib.make_spec(
        game, table, [BET], 2, 1000, DealRules(cut_card=14), tags={BET: TAGS}, triggers={BET: Fraction(2)}
    )
    for seed in range(40):
        spec = dataclasses.replace(first, seed=1000 + seed)
        (row,) = count_lib.report(spec, count_lib.run(spec, 30, workers=1))
        for k in figures:
            values[k].append(row[k])
            errors[k].append(row[k + "_std_error"])
        f, rounds = row["bet_frequency"], row["rounds_per_shoe"] * 30
        naive.append(math.sqrt(f * (1 - f) / rounds))
    for k in figures:
        spread = float(np.std(values[k], ddof=1))
        reported = math.sqrt(float(np.mean(np.square(errors[k]))))
        assert 0.7 < spread / reported < 1.4, (k, spread, reported)
    assert float(np.std(values["bet_frequency"], ddof=1)) / math.sqrt(float(np.mean(np.square(naive)))) > 1.6
