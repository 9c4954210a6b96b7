"""A counter-based random generator for compiled code: SplitMix64's output function applied
to ``key + counter * golden ratio``.

A game's key is derived from the run seed and the game's index only, so a game draws the
same numbers whichever worker plays it and whatever ran before.  The generator's state is a
``uint64[2]`` array: ``[key, counter]``.
"""

from __future__ import annotations

import numpy as np

from wonderland.compiled.jit import Int, compiled

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S11 = np.uint64(11)
_S27 = np.uint64(27)
_S30 = np.uint64(30)
_S31 = np.uint64(31)
_S53 = np.uint64(53)
_ONE = np.uint64(1)
MASK64 = (1 << 64) - 1


@compiled
def mix64(z: np.uint64) -> np.uint64:
    """SplitMix64's finaliser: a bijection of 64-bit words that mixes every bit."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@compiled
def game_key(run_seed: np.uint64, index: np.uint64) -> np.uint64:
    """The key of game ``index`` of a run seeded with ``run_seed`` (63 bits, so that it is
    also a non-negative int64: the game's seed in simulation rows)."""
    return mix64(mix64(run_seed + GOLDEN) + (index + _ONE) * GOLDEN) >> _ONE


@compiled
def seed_rng(rng: np.ndarray, key: np.uint64) -> None:
    """Start the generator ``rng`` at counter 0 of ``key``."""
    rng[0] = key
    rng[1] = np.uint64(0)


@compiled
def next_u64(rng: np.ndarray) -> np.uint64:
    """The next 64 random bits."""
    counter = rng[1] + _ONE
    rng[1] = counter
    return mix64(rng[0] + counter * GOLDEN)


@compiled
def below(rng: np.ndarray, k: Int) -> Int:
    """A uniform integer in ``[0, k)`` for ``1 <= k < 2**11`` (53 random bits scaled)."""
    return np.int64(((next_u64(rng) >> _S11) * np.uint64(k)) >> _S53)


_TWO53 = 1.0 / 9007199254740992.0
TWO_PI = 6.283185307179586


@compiled
def uniform(rng: np.ndarray) -> float:
    """A uniform float in ``[0, 1)`` (53 random bits)."""
    return float(next_u64(rng) >> _S11) * _TWO53


@compiled
def normal(rng: np.ndarray) -> float:
    """A standard normal draw (Box-Muller on two uniforms; the second value is not kept)."""
    u1 = 1.0 - uniform(rng)  # in (0, 1]: its logarithm is finite
    u2 = uniform(rng)
    return float(np.sqrt(-2.0 * np.log(u1)) * np.cos(TWO_PI * u2))
