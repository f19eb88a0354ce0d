"""Depletion commands: ``eor`` (effects of removal), ``tags`` (counting tags), ``count`` (shoe by shoe)."""

from __future__ import annotations

import click

from ..depletion import count as count_lib
from ..depletion.dealer import AFTER_CUT, DealRules
from ..depletion.eor import effects_of_removal
from ..depletion.tags import betting_correlation, derive_tags, is_balanced, parse_count_tags, parse_tags
from ..errors import OddsError, UnknownName
from ..render.count import render_by_true_count, render_count
from ..runs.progress import Progress
from ..render.eor import render_eor
from ..render.tags import render_tags
from ..shoe import CUT_CARD, Shoe
from .sheets import sheet_bets
from .. import limits
from .options import (
    pay_option,
    game_argument,
    echo,
    seen_options,
    CARDS,
    DECKS,
    LEVEL,
    SEED,
    Whole,
    bet_option,
    format_option,
    paytable_option,
    resolve_bets,
    resolve_game,
    resolve_paytable,
    resolve_shoe,
    run_options,
    shoe_options,
)


def _card_game(game_id: str):
    game = resolve_game(game_id)
    if not game.uses_shoe:
        raise OddsError(f"{game.id} deals no cards: depletion applies to card games only")
    return game


def _plot_option(func):
    return click.option(
        "--plot",
        "plot_file",
        default=None,
        metavar="FILE",
        help="Also draw a chart into FILE (.png or .svg; needs matplotlib: pip install 'odds[plot]').",
    )(func)


# -- eor ------------------------------------------------------------------------------------------


@click.command()
@game_argument
@bet_option
@paytable_option
@pay_option
@shoe_options
@seen_options
@format_option()
@_plot_option
def eor(game_id, bets, paytable, pays, decks, remove, fmt, plot_file, player, banker):
    """Effects of removal: each bet's expected value with one card of each kind removed, minus
    the shoe's, exactly (10 values, 13 ranks or 52 cards, as the bet needs)."""
    game = _card_game(game_id)
    table = resolve_paytable(game, paytable, pays)
    shoe = resolve_shoe(game, decks, remove)
    bet_ids = sheet_bets(game, shoe, bets, table)  # bets that need suits left out (with a note) if suits are unknown
    if plot_file:
        from ..depletion.plot import check_plot_file

        check_plot_file(plot_file)  # a bad file name, folder or a missing matplotlib: fail before the work
    result = effects_of_removal(game, table, shoe, bet_ids, game.seen_cards(player, banker))
    if plot_file:
        from ..depletion.plot import plot_effects

        plot_effects(result, plot_file, f"{game.name}: effects of removal, {shoe}")
    echo(render_eor(game, table, shoe, result, fmt))


# -- tags -----------------------------------------------------------------------------------------


@click.command()
@game_argument
@click.argument("bet_id", metavar="BET")
@click.option(
    "--level",
    type=LEVEL,
    default=count_lib.DEFAULT_LEVEL,
    show_default=True,
    help="Largest tag in size: effects are scaled so the biggest becomes LEVEL, then rounded "
    "(the same default as count's --level).",
)
@click.option(
    "--tags",
    "tags_text",
    default=None,
    metavar="T1,T2,...",
    help="Your own integer tags, one per card in the order eor lists them (overrides --level).",
)
@paytable_option
@pay_option
@shoe_options
@format_option()
def tags(game_id, bet_id, level, tags_text, paytable, pays, decks, remove, fmt):
    """Integer counting tags for BET from its effects of removal (or your own), and their betting
    correlation with the effects."""
    game = _card_game(game_id)
    table = resolve_paytable(game, paytable, pays)
    if bet_id not in table.bets:
        raise UnknownName(f"{game.id} bet", bet_id, table.bets)
    shoe = resolve_shoe(game, decks, remove)
    (bet,) = effects_of_removal(game, table, shoe, [bet_id])
    effects = [e.effect for e in bet.effects]
    counts = [e.count for e in bet.effects]
    labels = [e.card for e in bet.effects]
    chosen = parse_tags(tags_text, labels) if tags_text is not None else derive_tags(effects, level)
    correlation = betting_correlation(effects, chosen, counts)
    balanced = is_balanced(chosen, counts)
    echo(render_tags(game, table, shoe, bet, chosen, level, tags_text is not None, correlation, balanced, fmt))


# -- count ----------------------------------------------------------------------------------------


@click.command()
@game_argument
@bet_option
@paytable_option
@pay_option
@click.option(
    "--shoes",
    type=Whole(high=limits.MAX_SHOES, why="about an hour of dealing"),
    default=1000,
    show_default=True,
    help="Shoes to deal.",
)
@click.option("--seed", type=SEED, default=1, show_default=True, help="Seed: shoe i is shuffled by (seed, i).")
@click.option("--decks", type=DECKS, default=None, metavar="N", help="Decks per shoe (default: the game's).")
@click.option(
    "--cut-card",
    "cut_card",
    type=CARDS,
    default=CUT_CARD,
    show_default=True,
    metavar="CARDS",
    help="Cards left behind the cut card.",
)
@click.option(
    "--after-cut",
    type=click.Choice(AFTER_CUT),
    default="last",
    show_default=True,
    help="last: the round in which the cut card comes out is the last; one-more: one more round after it; "
    "standard: one more unless the cut card came out as a round's first card (Wizard of Odds' rule, "
    "counting studies').",
)
@click.option(
    "--window",
    type=CARDS,
    default=None,
    metavar="N",
    help="Rounds each bet is offered in (default: the paytable's window, the seed's).",
)
@click.option(
    "--level",
    type=LEVEL,
    default=count_lib.DEFAULT_LEVEL,
    show_default=True,
    help="Level of the derived linear count's tags.",
)
@click.option(
    "--tags",
    "tags_values",
    multiple=True,
    metavar="[BET=]T1,...,Tn",
    help="Measure this count instead of the derived one: 10 (A..T), 13 (A..K) or 52 integers in the "
    "order eor lists the cards; BET= names the bet (repeatable), plain with a single --bet.",
)
@click.option(
    "--trigger",
    "trigger_values",
    multiple=True,
    metavar="[BET=]TC",
    help="Bet 1 unit whenever the true count is at least TC (steps of 0.1); default the run's best "
    "trigger. BET= names the bet (repeatable), plain with a single --bet.",
)
@click.option(
    "--true-count",
    "true_count",
    type=click.Choice(count_lib.TRUE_COUNTS),
    default="unseen",
    show_default=True,
    help="unseen: per 52 unseen cards, less the exposed cards' average (unbalanced counts); "
    "in-shoe: plain running count per 52 cards left in the shoe (burns excluded).",
)
@click.option(
    "--ramp",
    default=None,
    metavar="TC=UNITS,...",
    help="Also bet by this spread: UNITS from true count TC on (e.g. 2=1,4=2,6=4), and report its win "
    "rate, standard deviation and SCORE, each with its standard error.",
)
@click.option(
    "--by-true-count",
    "by_tc",
    is_flag=True,
    help="Print each bet's table by whole true count instead (rounds, mean EV, and bet frequency, "
    "average edge, units per 100 hands and desirability index at each trigger).",
)
@click.option(
    "--replay",
    "replay_file",
    default=None,
    metavar="FILE",
    help="Deal the recorded shoes of FILE (- for stdin) instead of shuffling: one shoe a line, its "
    "cards with their suits in dealing order (Kh,5s,...); ? a card not recorded (?x5 five), ... the rest "
    "of the shoe, | where a round ends.",
)
@run_options("shoes")
@click.option(
    "--checkpoint",
    default=None,
    metavar="FILE",
    help="Keep the tallies in FILE as the run goes; run the same command again to go on from them "
    "(the figures are those of a run never stopped).",
)
@_plot_option
@format_option()
def count(
    game_id,
    bets,
    paytable,
    pays,
    shoes,
    seed,
    decks,
    cut_card,
    after_cut,
    window,
    level,
    tags_values,
    trigger_values,
    true_count,
    ramp,
    by_tc,
    replay_file,
    workers,
    scheduler,
    progress,
    checkpoint,
    plot_file,
    fmt,
):
    """Deal whole shoes and, at every round, compute each bet's exact expectation for the unseen
    cards: what a perfect-information bettor and a linear count (derived, or your --tags at your
    --trigger) win, in and out of the bet's window, as counting studies publish it."""
    ctx = click.get_current_context()
    if replay_file is not None:
        for name, option in (("shoes", "--shoes"), ("seed", "--seed")):
            if ctx.get_parameter_source(name) != click.core.ParameterSource.DEFAULT:
                raise click.UsageError(f"--replay deals the shoes of its file: leave out {option}")
    if workers is not None and workers < 1:
        raise click.BadParameter("must be at least 1", param_hint="--workers")
    game = _card_game(game_id)
    table = resolve_paytable(game, paytable, pays)
    bet_ids = resolve_bets(game, bets, table)
    given_tags = {
        bet: parse_count_tags(text, f"--tags for {bet}", limits.MAX_LEVEL)[1]
        for bet, text in count_lib.per_bet(tags_values, bets, bet_ids, "--tags", table.bets).items()
    }
    triggers = {
        bet: count_lib.parse_trigger(text, bet)
        for bet, text in count_lib.per_bet(trigger_values, bets, bet_ids, "--trigger", table.bets).items()
    }
    decks = game.default_decks if decks is None else decks
    spread = count_lib.parse_ramp(ramp) if ramp is not None else None
    if plot_file:
        from ..depletion.plot import check_plot_file

        check_plot_file(plot_file)  # a bad file name, folder or a missing matplotlib: fail before dealing
    rules = DealRules(cut_card, after_cut)
    replayed = _replayed(replay_file, Shoe.decks(decks), game, rules) if replay_file is not None else None
    shoes = len(replayed) if replayed is not None else shoes
    spec = count_lib.make_spec(
        game,
        table,
        bet_ids,
        decks,
        seed,
        rules,
        window=window,
        level=level,
        keep_values=bool(plot_file),
        tags=given_tags,
        triggers=triggers,
        true_count=true_count,
        replay=replayed,
        ramp=spread,
    )
    with Progress.for_command(shoes, "shoes", progress) as meter:
        tally = count_lib.run(spec, shoes, workers, scheduler, progress=meter, checkpoint=checkpoint)
    rows = count_lib.report(spec, tally, level, spread)
    if plot_file:
        from ..depletion.plot import plot_count

        plot_count(
            spec,
            tally,
            rows,
            plot_file,
            f"{game.name}: {shoes:,} shoes of {decks} decks, "
            + (f"seed {seed}" if replayed is None else "replayed")
            + f", cut card {cut_card} ({after_cut}), true count {true_count}",
        )
    if by_tc:
        tables = [
            {"id": r["id"], "name": r["name"], "by_true_count": count_lib.by_true_count(tally.bets[r["id"]], shoes, v)}
            for r, v in zip(rows, (info.get("variance") for info in spec.info))
        ]
        echo(render_by_true_count(game, table, spec, Shoe.decks(decks), shoes, tables, fmt))
        return
    ramp_shown = count_lib.ramp_text(spread) if spread is not None else None
    echo(render_count(game, table, spec, Shoe.decks(decks), shoes, rows, fmt, ramp_shown))


def _replayed(path: str, shoe: Shoe, game, rules: DealRules) -> list[bytes]:
    """The recorded shoes of ``--replay FILE``, one a line (empty lines skipped; cards not
    recorded as :mod:`odds.depletion.recorded` writes them)."""
    from .bulk import shoe_lines

    full = shoe.card_counts()
    out = []
    with shoe_lines(path, "--replay", "replay file") as lines:
        for number, text in enumerate(lines, start=1):
            if text.strip():
                try:
                    out.append(count_lib.replay_shoe(text, full, game, rules))
                except OddsError as exc:
                    raise OddsError(f"{path} line {number}: {exc}") from None
                if len(out) > limits.MAX_SHOES:
                    raise OddsError(f"{path}: more than {limits.MAX_SHOES:,} shoes (count --shoes' limit)")
    if not out:
        raise OddsError(f"{path}: no shoe in it (one recorded shoe a line)")
    return out


def register(cli):
    for command in (eor, tags, count):
        cli.add_command(command)
