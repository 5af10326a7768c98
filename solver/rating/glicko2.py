"""The Glicko-2 rating system (Mark E. Glickman, "Example of the Glicko-2 system", 2012 revision): a rating, its
deviation (RD: how uncertain the rating is) and its volatility (how erratic the player's results are), updated
after a rating period from the games of that period.

kofun's scale is Elo-like and anchored at random = 0 (400 points = 10:1 odds). Glicko-2's own scale divides a
rating by 173.7178 (= 400 / ln 10) after subtracting 1500, but every step of the update uses only differences of
ratings (the expected score of a game is a function of ``mu - mu_j``) and adds the change back to the player's
own rating, so the offset drops out: this module uses kofun's numbers directly, with no 1500 anywhere. (A rating
of 1500 in the paper's example is simply a rating of 1500 here, and the update is the paper's.)

:func:`update` is one rating period; with no games it only lets the deviation grow by the volatility
(:func:`idle`). The volatility is found with the Illinois algorithm (the paper's step 5).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: The paper's conversion factor between its rating scale and Glicko-2's (400 / ln 10, as the paper rounds it).
SCALE = 173.7178
#: The system constant: how much the volatility may change in one period (the paper suggests 0.3 to 1.2).
TAU = 0.5
#: The convergence tolerance of the volatility iteration (the paper's epsilon).
EPSILON = 0.000001


@dataclass(frozen=True)
class Glicko:
    """A player's rating on kofun's scale, its deviation (RD, same scale) and its volatility."""

    rating: float
    rd: float
    volatility: float


@dataclass(frozen=True)
class Game:
    """One game of a rating period: the opponent's rating and deviation, and the player's score (1 a win, 0.5 a
    draw, 0 a loss)."""

    rating: float
    rd: float
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: float, opponent: float, opponent_rd: float = 0.0) -> float:
    """The player's expected score against the opponent (Glicko-2's E, on kofun's scale)."""
    return _expected(player / SCALE, opponent / SCALE, opponent_rd / SCALE)


def idle(player: Glicko) -> Glicko:
    """A rating period without games: the rating and volatility stay, the deviation grows by the volatility
    (``phi* = sqrt(phi^2 + sigma^2)``)."""
    phi = player.rd / SCALE
    return Glicko(player.rating, math.sqrt(phi * phi + player.volatility**2) * SCALE, player.volatility)


def new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float = TAU) -> float:
    """The paper's step 5: the new volatility, the root of its f found by the Illinois algorithm (a regula falsi
    that halves the stale end)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Glicko, games: Sequence[Game], tau: float = TAU, max_rd: float | None = None) -> Glicko:
    """The player's rating after one rating period with `games` (none: :func:`idle`). `max_rd` caps the
    deviation (kofun caps it at a new profile's, so that a long pause never makes a player less known than a
    newcomer)."""
    if not games:
        out = idle(player)
    else:
        for game in games:
            if not 0.0 <= game.score <= 1.0:
                raise ValueError(f"glicko-2: a score is 0 to 1, got {game.score}")
        mu, phi, sigma = player.rating / SCALE, player.rd / SCALE, player.volatility
        terms = []
        for game in games:
            g = _g(game.rd / SCALE)
            e = _expected(mu, game.rating / SCALE, game.rd / SCALE)
            terms.append((g, e, game.score))
        v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in terms)
        improvement = sum(g * (s - e) for g, e, s in terms)
        delta = v * improvement
        sigma_new = new_volatility(phi, sigma, v, delta, tau)
        phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
        phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
        mu_new = mu + phi_new * phi_new * improvement
        out = Glicko(mu_new * SCALE, phi_new * SCALE, sigma_new)
    if max_rd is not None and out.rd > max_rd:
        out = Glicko(out.rating, max_rd, out.volatility)
    return out


__all__ = ["EPSILON", "SCALE", "TAU", "Game", "Glicko", "expected_score", "idle", "new_volatility", "update"]
