"""``kofun haniwa ...``: Haniwa-specific commands. ``kofun haniwa solo best-turn`` and ``kofun haniwa solo estimate``
answer "what does perfect solo play score?" (see docs/haniwa.md, "Solo estimates").

Errors (bad notation, a non-solo position, bad options) are ValueErrors; the main ``kofun`` group prints them as
``error: <message>`` with exit status 2.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

import click

from ..batch.runner import read_results
from ..games.base import check_notation_text
from ..games.haniwa import GAME
from ..games.haniwa.belief import HaniwaBelief
from ..games.haniwa.solo import (
    DEFAULT_CANDIDATES,
    DEFAULT_DUAL_DRAWS,
    DEFAULT_DUAL_NODES,
    DEFAULT_ROLLOUT_FROM_TURN,
    DEFAULT_ROLLOUT_SAMPLES,
    DEFAULT_SAMPLES,
    DEFAULT_SOLVER_NODES,
    PolicySettings,
    best_turn,
    estimate,
)
from ..games.haniwa.solo_report import format_best_turn, format_estimate, plot_histogram
from .batch import OUT_HELP, make_runner, runner_options
from .common import SEED, check_output, check_resume, echo_err, progress, resume_command, rule_flags


@click.group("haniwa")
def haniwa() -> None:
    """Haniwa analyses (solo score estimates)."""


@haniwa.group("solo")
def solo() -> None:
    """Solo Haniwa: the best way to play a hand, and what perfect solo play scores."""


@solo.command("best-turn")
@click.argument("position")
@click.option(
    "--samples",
    type=int,
    default=DEFAULT_SAMPLES,
    show_default=True,
    help="Sampled futures (orders of the unseen tiles) per plan.",
)
@click.option(
    "--candidates",
    type=int,
    default=DEFAULT_CANDIDATES,
    show_default=True,
    help="Plans valued over the futures (the best by the static estimate).",
)
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the sampled futures.")
@click.option(
    "--exact-last-turn",
    is_flag=True,
    help="Rollouts play their last turn exhaustively (stronger policy, about six times slower).",
)
@click.option("--top", type=click.IntRange(min=1), default=5, show_default=True, help="Plans to list.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def best_turn_cmd(
    position: str, samples: int, candidates: int, seed: int, exact_last_turn: bool, top: int, as_json: bool
) -> None:
    """The best way to play the rest of the current turn of a solo POSITION.

    POSITION is what the player sees — the solo information state (`view=0 ... stock=N`) — or a full position,
    of which only the multiset of the stock is used, never its order: the plans are valued on sampled orders of
    the unseen tiles. Lists the best plans (tiles, cells, order, Kofun plays and Kofun choices) with the expected
    final score and its 95% interval. To try it, give it the first line printed by
    `kofun new haniwa --rule players=1 --seed 2`.
    """
    state = solo_state(position)
    choices = best_turn(state, samples=samples, candidates=candidates, seed=seed, exact_last_turn=exact_last_turn)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "position": str(state),
                    "samples": samples,
                    "candidates": candidates,
                    "seed": seed,
                    "best": choices[0].moves,
                    "plans": [{**asdict(c), "ci95": None if c.ci95 is None else list(c.ci95)} for c in choices[:top]],
                }
            )
        )
        return
    click.echo(format_best_turn(state, choices, top))


def solo_state(text: str) -> Any:
    """A solo world for `text`: the position itself, or for an information state one world of it (any stock
    order does: the policy sees only the stock's multiset)."""
    check_notation_text(text)
    if not GAME.is_information_state(text):
        return GAME.parse(text)
    return HaniwaBelief.from_information_state(text).worlds(1, seed=0)[0]


@solo.command("estimate")
@click.option("--deals", type=int, required=True, help="Number of random deals.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the deals (reproducible).")
@runner_options
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default=None, help=OUT_HELP)
@click.option(
    "--samples", type=int, default=None, help=f"Sampled futures per policy decision (default {DEFAULT_SAMPLES})."
)
@click.option(
    "--time-per-turn",
    type=float,
    default=None,
    help="Seconds per policy decision instead of a fixed sample count (machine-dependent).",
)
@click.option(
    "--exact-last-turn",
    is_flag=True,
    help="Rollouts play their last turn exhaustively (stronger policy, about six times slower).",
)
@click.option(
    "--candidates",
    type=int,
    default=DEFAULT_CANDIDATES,
    show_default=True,
    help="Plans valued by rollouts per policy decision.",
)
@click.option(
    "--rollout",
    "rollout_candidates",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Rollout policy: value the policy's best N plans by games of the policy itself (0: off; slow).",
)
@click.option(
    "--rollout-samples",
    type=click.IntRange(min=1),
    default=DEFAULT_ROLLOUT_SAMPLES,
    show_default=True,
    help="Sampled futures per rollout decision, common to every plan.",
)
@click.option(
    "--rollout-from",
    "rollout_from_turn",
    type=click.IntRange(1, 6),
    default=DEFAULT_ROLLOUT_FROM_TURN,
    show_default=True,
    help="First turn decided by rollouts (the earlier ones by the policy alone).",
)
@click.option(
    "--solver-nodes",
    type=int,
    default=DEFAULT_SOLVER_NODES,
    show_default=True,
    help="Node budget of each clairvoyant solve (0: unlimited).",
)
@click.option(
    "--dual-nodes",
    type=click.IntRange(min=0),
    default=DEFAULT_DUAL_NODES,
    show_default=True,
    help="Node budget of each dual search (0: unlimited).",
)
@click.option(
    "--dual-draws",
    type=click.IntRange(1, 2),
    default=DEFAULT_DUAL_DRAWS,
    show_default=True,
    help="Draws the dual penalises: 1 (the last) or 2 (the last two: a tighter upper bound).",
)
@click.option(
    "--plot",
    "plot_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write a histogram PNG of the three scores with the rank thresholds (needs matplotlib).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--rule",
    "rules",
    multiple=True,
    metavar="KEY=VALUE",
    help="A Haniwa rule option (solo_fill, solo_dice_score, tileset), repeatable; players is 1.",
)
def estimate_cmd(
    deals: int,
    seed: int,
    jobs: int,
    scheduler: str | None,
    resume: bool,
    out_path: str | None,
    samples: int | None,
    time_per_turn: float | None,
    candidates: int,
    exact_last_turn: bool,
    rollout_candidates: int,
    rollout_samples: int,
    rollout_from_turn: int,
    solver_nodes: int,
    dual_nodes: int,
    dual_draws: int,
    plot_path: str | None,
    as_json: bool,
    rules: Sequence[str],
) -> None:
    """Lower and upper bounds of the optimal expected solo score over DEALS random deals.

    Lower bound: the mean score of the non-peeking policy. Upper bounds: the mean penalised dual bound (the
    clairvoyant charged a zero-mean penalty on the last draw) and the mean clairvoyant optimum of the same
    deals (proven upper bounds where a search ran out of budget). All with 95% intervals, the interval
    [policy, dual], the rank question (does the interval lie above 60, the "perfect" rank, below it, or straddle
    it, judged on the 95% intervals of both ends) and the rank distributions. With --out every deal is appended
    to FILE as it finishes; --resume continues a killed run without recomputing anything.

    Example: kofun haniwa solo estimate --deals 20 --seed 1
    """
    if samples is not None and time_per_turn is not None:
        raise click.UsageError("give either --samples or --time-per-turn, not both")
    make_runner(jobs, scheduler)  # checks --jobs / --scheduler
    out_path = check_output(out_path, "--out")
    plot_path = check_output(plot_path, "--plot", ".png")
    check_resume(resume, out_path)
    policy = PolicySettings(
        samples=samples if samples is not None else (1 if time_per_turn else DEFAULT_SAMPLES),
        candidates=candidates,
        time_per_turn=time_per_turn or 0.0,
        exact_last_turn=exact_last_turn,
        rollout_candidates=rollout_candidates,
        rollout_samples=rollout_samples,
        rollout_from_turn=rollout_from_turn,
    )
    policy.check()
    options = {"players": 1, **rule_flags(rules)}
    if plot_path is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise click.UsageError(
                "--plot needs matplotlib, which is not installed (pip install 'kofun[plot]')"
            ) from None
    already = 0
    if resume and out_path is not None:
        try:
            already = sum(1 for key in read_results(out_path)[1] if _deal_index(key) < deals)
        except (ValueError, OSError):
            already = 0  # estimate() reports what is wrong with the file
    with progress(max(deals - already, 0), "solo deals") as advance:
        est = estimate(
            deals,
            seed=seed,
            jobs=jobs,
            policy=policy,
            solver_nodes=solver_nodes,
            options=GAME.check_options(options),
            on_deal=lambda _deal: advance(1),
            scheduler=scheduler,
            out=out_path,
            resume=resume,
            dual_nodes=dual_nodes,
            dual_draws=dual_draws,
        )
    # the summary first: a plot that fails never loses it
    click.echo(json.dumps(est.to_dict()) if as_json else format_estimate(est))
    if est.interrupted:
        echo_err(f"interrupted after {len(est.deals)} of {deals} deals; {resume_command(out_path)}")
    if plot_path is not None:
        try:
            plot_histogram(est, plot_path)
        except (OSError, ValueError, RuntimeError) as e:
            echo_err(f"error: --plot {plot_path}: the histogram could not be written ({e})")
            click.get_current_context().exit(1)
        if not as_json:
            click.echo(f"histogram: {plot_path}")
    if est.interrupted:
        click.get_current_context().exit(130)


def _deal_index(key: str) -> int:
    """The deal index of a results-file key ``deal/<i>`` (a huge number for any other key)."""
    prefix, _, index = key.partition("/")
    return int(index) if prefix == "deal" and index.isdigit() else 1 << 62


COMMANDS = [haniwa]

__all__ = ["COMMANDS", "haniwa"]
