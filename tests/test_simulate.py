"""odds simulate: a fixed-seed deal of every game agrees with the exact edges; the dealer follows
the shoe rules (commencement burn, per-round burn, cut card); a wrong exact figure is caught."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction as F

import pytest
from click.testing import CliRunner

from odds.cli import cli
from odds.design import simulate as sim
from odds.games import game_ids, get_game
from odds.core import BetRule, Outcome, OutcomeCounts
from odds.games.base import Game
from odds.paytable import BetPays, Paytable, load_paytable
from odds.sheet import bet_sheet


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_agrees_with_its_exact_edges(game_id):
    game = get_game(game_id)
    result = sim.simulate(game, load_paytable(game), rounds=4000, seed=20260601)
    assert result.rounds == 4000
    assert {b.bet_id for b in result.bets} == set(game.bets)
    assert not result.failures, [(b.bet_id, b.z) for b in result.failures]
    for b in result.bets:
        window = load_paytable(game).bet(b.bet_id).window
        assert b.rounds == 4000 or (window is not None and b.rounds < 4000)


@pytest.mark.parametrize(
    "game_id, paytable",
    [("roulette", "en-prison"), ("roulette", "la-partage"), ("american-roulette", "atlantic-city")],
)
def test_wheels_rules_on_zero_agree_with_their_exact_edges(game_id, paytable):
    """En prison reads the next spin (drawn only for such a paytable), la partage and Atlantic
    City's surrender the one: every bet of the paytable is settled each round and lands within
    the run's bounds of its exact figures."""
    game = get_game(game_id)
    table = load_paytable(game, paytable)
    result = sim.simulate(game, table, rounds=4000, seed=20260601)
    assert {b.bet_id for b in result.bets} == set(table.bets)
    assert all(b.rounds == 4000 for b in result.bets)
    assert not result.failures, [(b.bet_id, b.z) for b in result.failures]


def test_same_seed_same_deal():
    game = get_game("baccarat")
    one = sim.simulate(game, load_paytable(game), ["banker", "tie"], rounds=500, seed=7)
    two = sim.simulate(game, load_paytable(game), ["banker", "tie"], rounds=500, seed=7)
    assert one == two


# -- the dealer's mechanics, on an unshuffled shoe and a one-card game ----------------------------


class NoShuffle(random.Random):
    def shuffle(self, x):
        pass


class OneCard(Game):
    """A card game whose round is one card; it records every card it is dealt."""

    def __init__(self, burn=0):
        rule = BetRule("high", "High", (Outcome("high", "8 or higher"), Outcome("low", "7 or lower")), "rank")
        super().__init__("one-card", "One card", "cards", {"high": rule}, min_cards=1, burn_per_round=burn)
        self.dealt = []

    def deal_round(self, draw):
        card = draw()
        self.dealt.append(card)
        return [card]

    def settle_columns(self, rounds, paytable=None, **options):
        return {"high": ["high" if cards[0][0] >= 8 else "low" for cards in rounds]}

    def count(self, shoe, bet_ids, paytable=None):
        ranks = shoe.ranks()
        high = sum(ranks[7:])
        return {"high": OutcomeCounts({"high": high, "low": shoe.total - high}, shoe.total)}


def deal_one_shoe(game, cut_card):
    dealer = sim.ShoeDealer(game, 1, NoShuffle(), cut_card)
    return list(dealer.shoe_rounds())


def test_commencement_burn_and_cut_card():
    # Unshuffled deck: As Ah Ad Ac 2s ... (rank-major, suits s h d c). The exposed As burns one
    # card (Ah); round 1 is dealt the Ad. With the cut card 14 from the end it lies before card
    # index 38; the round that deals index 38 is the last.
    game = OneCard()
    rounds = deal_one_shoe(game, 14)
    assert game.dealt[0] == (1, "d")
    assert len(rounds) == 38 - 2 + 1
    assert game.dealt[-1] == (10, "d")  # index 38 = rank 10, suit index 2


def test_per_round_burn_and_cut_card_as_burn_card():
    # One burn per round: round k is dealt card 2 + 2k + 1. Burns at 2, 4, ...; the cut card
    # comes out with index 38, a burn card: no round after it (seed 003 L277).
    game = OneCard(burn=1)
    rounds = deal_one_shoe(game, 14)
    indices = [(r - 1) * 4 + "shdc".index(s) for r, s in game.dealt]
    assert indices == list(range(3, 38, 2))
    assert len(rounds) == 18
    # one card later, the cut card comes out in a dealt card: that round is the last
    game = OneCard(burn=1)
    deal_one_shoe(game, 13)
    assert [(r - 1) * 4 + "shdc".index(s) for r, s in game.dealt][-1] == 39


def test_commencement_value_of_a_face_card_is_ten():
    from odds.shoe import commencement_burn

    assert [commencement_burn(r) for r in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


def test_cut_card_must_leave_a_round():
    with pytest.raises(sim.OddsError, match="cut-card"):
        sim.ShoeDealer(get_game("baccarat"), 8, random.Random(1), cut_card=3)


# -- the comparison ---------------------------------------------------------------------------------


def test_compare_is_the_mean_of_the_pays():
    rule = BetRule("even", "Even", (Outcome("win", "Win"), Outcome("lose", "Lose")), None)
    pays = BetPays("even", {"win": F(1), "lose": F(-1)})
    exact = bet_sheet(rule, pays, OutcomeCounts({"win": 18, "lose": 19}, 37))
    result = sim.compare(sim.Tally("even", Counter({"win": 45, "lose": 55}), 100), pays.pays, exact)
    assert result.simulated_edge == F(10, 100)
    assert result.exact_edge == F(1, 37)
    sd = (1 - (F(1, 37)) ** 2) ** 0.5
    assert result.std_error == pytest.approx(float(sd) / 10)
    assert result.z == pytest.approx((0.1 - 1 / 37) / (float(sd) / 10))


class Liar(OneCard):
    """Deals honestly but claims 8-K come up three times in four."""

    def count(self, shoe, bet_ids, paytable=None):
        return {"high": OutcomeCounts({"high": 3, "low": 1}, 4)}


def one_card_paytable():
    rule = OneCard().code_bets["high"]
    return Paytable("one-card", "test", "", "test", {"high": BetPays("high", {"high": F(1), "low": F(-1)}, None, rule)})


def test_a_wrong_exact_figure_fails_and_a_right_one_passes():
    honest = sim.simulate(OneCard(), one_card_paytable(), rounds=3000, seed=1, decks=2)
    assert not honest.failures
    # true P(high) = 24/52; the liar's 3/4 is z of about -30 over 3000 rounds
    lying = sim.simulate(Liar(), one_card_paytable(), rounds=3000, seed=1, decks=2)
    assert lying.failures and lying.bets[0].z > 4


def test_exact_engine_is_called_once_for_the_comparison_only():
    calls = []

    class Counting(OneCard):
        def count(self, shoe, bet_ids, paytable=None):
            calls.append(shoe)
            return super().count(shoe, bet_ids, paytable)

    sim.simulate(Counting(), one_card_paytable(), rounds=1000, seed=3, decks=1)
    assert len(calls) == 1 and calls[0].total == 52


# -- command line -----------------------------------------------------------------------------------


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_cli_json_reports_every_bet_and_exit_0():
    result = run(
        "simulate",
        "baccarat",
        "--bet",
        "banker",
        "--bet",
        "player-pair",
        "--rounds",
        "2000",
        "--seed",
        "5",
        "--format",
        "json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [b["id"] for b in data["bets"]] == ["banker", "player-pair"]
    assert data["bets"][0]["exact_house_edge"] == "114753351728/10847218479825"  # 1.0579%, published
    assert data["cut_card"] == 14 and data["shoe"] == {"decks": 8, "cards": 416, "removed": []} and data["seed"] == 5
    assert data["passed"] is True and all(b["passed"] for b in data["bets"])
    assert data["bets"][1]["rounds"] < 2000  # player pair is offered in the first 65 rounds only


def test_cli_exits_1_beyond_the_threshold():
    result = run("simulate", "baccarat", "--bet", "banker", "--rounds", "2000", "--seed", "5", "--z-max", "0.0001")
    assert result.exit_code == 1
    assert "beyond |z| > 0.0001" in result.output
    assert "Traceback" not in result.output


def test_cli_seed_defaults_to_1_as_count_s_and_no_progress_bar():
    result = run("simulate", "sic-bo", "--bet", "big", "--rounds", "500")
    assert result.exit_code == 0, result.output
    assert result.stdout == run("simulate", "sic-bo", "--bet", "big", "--rounds", "500", "--seed", "1").stdout
    assert "seed 1;" in result.stdout
    assert "dealing" not in result.stderr  # not a terminal: no progress bar


@pytest.mark.parametrize(
    "args, code, text",
    [
        (["simulate", "sic-bo", "--decks", "6", "--rounds", "10"], 1, "deals no cards"),
        (["simulate", "baccarat", "--rounds", "1"], 2, "rounds"),
        (["simulate", "baccarat", "--bet", "bankr", "--rounds", "10"], 1, "banker"),
        (["simulate", "baccarat", "--cut-card", "2", "--rounds", "10", "--seed", "1"], 1, "cut-card"),
    ],
)
def test_cli_bad_input(args, code, text):
    result = run(*args)
    assert result.exit_code == code
    assert text in result.output
    assert "Traceback" not in result.output


# -- player-dealer baccarat: the best choice of the run's shoe and paytable --------------------------


def test_best_choice_is_dealt_with_the_decisions_of_the_runs_shoe_and_paytable(monkeypatch):
    """The exact sheet decides the option hands for the run's deck count and paytable; the dealer
    must settle the -best-choice bets on the same decisions (not the 8-deck, 1 to 1 ones)."""
    from odds.design.solve import with_pay
    from odds.games.player_dealer import analyse
    from odds.shoe import Shoe

    game = get_game("player-dealer-baccarat")
    # a tie loses the best-choice player line: hitting every option hand is then best
    table = with_pay(load_paytable(game), "player-line-best-choice", "tie", F(-1))
    for decks, paytable in ((4, table), (1, load_paytable(game))):
        expected = analyse(Shoe.decks(decks), paytable.bet("player-line-best-choice").pays).decisions
        assert expected != game.default_decisions
        seen = []
        settle = game.settle_columns

        def spy(rounds, paytable=None, **options):
            seen.extend([options.get("choose")] * len(rounds))
            return settle(rounds, paytable, **options)

        monkeypatch.setattr(game, "settle_columns", spy)
        sim.simulate(game, paytable, ["player-line-best-choice"], rounds=200, seed=1, decks=decks)
        monkeypatch.undo()
        assert len(seen) >= 200 and all(choose == expected for choose in seen)


def test_dealer_passes_the_dealing_options_to_every_round():
    class Options(OneCard):
        def settle_rounds(self, rounds, paytable=None, flag=None):
            assert flag == "on"
            return super().settle_rounds(rounds, paytable)

    dealer = sim.ShoeDealer(Options(), 1, NoShuffle(), 14, {"flag": "on"})
    assert len(list(dealer.shoe_rounds())) > 0


def test_a_run_compiles_each_bet_once(monkeypatch):
    """Dice and wheels settle every roll from the bets' tables of outcomes by roll, built once per
    run (it was once per bet per roll: 520,052 compilations for 10,000 Sic Bo rolls)."""
    from odds.bets import settling

    calls = []
    real = settling.compile_bet
    monkeypatch.setattr(settling, "_ROLL_KEYS", {})
    monkeypatch.setattr(settling, "compile_bet", lambda *a: calls.append(a) or real(*a))
    game = get_game("sic-bo")
    sim.simulate(game, game.paytable(), rounds=2000, seed=1)
    assert 0 < len(calls) <= len(game.paytable().bets)


@pytest.mark.parametrize("game_id", ["sic-bo", "roulette", "bac-bo"])
def test_dice_and_wheels_settle_each_distinct_roll_once(game_id, monkeypatch):
    """A run of dice or wheel rounds counts its draws and settles each distinct one once (the same
    tallies as settling every round: the figures of a seed are unchanged, and a bet's rounds add
    up to the run's)."""
    game = get_game(game_id)
    table = load_paytable(game)
    rounds = 5000
    drawn = Counter(game.draw_random(random.Random((7 << 32) | 0), table, rounds))
    calls = []
    real = game.settle_drawn
    monkeypatch.setattr(game, "settle_drawn", lambda d, p=None: calls.append(d) or real(d, p))
    job = sim.SimJob(game, table, tuple(table.bets), None, None, 7, None)
    dealt = sim.deal_rounds(job, (0, rounds))
    assert sorted(calls) == sorted(drawn) and len(calls) < rounds
    monkeypatch.undo()
    by_round = {b: Counter() for b in table.bets}
    rng = random.Random((7 << 32) | 0)
    for _ in range(rounds):
        for b, key in game.play_random(rng, table).items():
            by_round[b][key] += 1
    assert {b: t.outcomes for b, t in dealt.tallies.items()} == by_round
    assert all(t.rounds == rounds for t in dealt.tallies.values())


@pytest.mark.parametrize("size", [0, 1, 2, 3, 52, 416, 1000])
def test_the_written_out_shuffle_is_the_standard_librarys(size):
    for seed in range(20):
        mine, theirs = random.Random(seed), random.Random(seed)
        items, same = list(range(size)), list(range(size))
        sim.shuffle(mine, items)
        theirs.shuffle(same)
        assert items == same and mine.random() == theirs.random()  # the same stream after it too


def test_an_rng_that_shuffles_its_own_way_is_left_its_own():
    items = list(range(10))
    sim.shuffle(NoShuffle(1), items)
    assert items == list(range(10))


def test_a_pool_is_started_only_when_the_rounds_are_worth_it():
    baccarat, sic_bo = get_game("baccarat"), get_game("sic-bo")
    assert sim.workers_worth(baccarat, False, 100_000, 2) == 1
    assert sim.workers_worth(sic_bo, False, 100_000, 2) == 1
    assert sim.workers_worth(baccarat, False, 2_000_000, 2) == 2
    assert sim.workers_worth(sic_bo, True, 2_000_000, 2) == 2  # multiplier bets read every round
    assert sim.workers_worth(baccarat, False, 10**8, 4) == 4
