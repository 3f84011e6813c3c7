"""Random draws made exactly as CPython's ``random.Random`` makes them, in compiled code.

:func:`randbelow`, :func:`choice` and :func:`sample` return the very values that
``rng.randrange(n)``, ``rng.choice(seq)`` and ``rng.sample(population, k)`` return for a
``random.Random`` (CPython 3.11's algorithms, drawing the same bits from the stream), so
seeded games are the same whichever is used; being part of the compiled engine
(:mod:`hoyle._accel`) they avoid the interpreted methods of :mod:`random`, and they also
pin the algorithm: a later Python changing its own would not change hoyle's games.

>>> import random
>>> a, b = random.Random(5), random.Random(5)
>>> sample(a, range(52), 12) == b.sample(range(52), 12), randbelow(a, 15) == b.randrange(15)
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["randbelow", "choice", "sample"]

T = TypeVar("T")


def randbelow(rng: random.Random, n: int) -> int:
    """A random int in ``[0, n)``, as ``rng.randrange(n)`` (``n`` > 0).

    Raises:
        ValueError: ``n`` is not positive.
    """
    if n <= 0:
        raise ValueError(f"empty range for randbelow({n})")
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """A random element of ``seq``, as ``rng.choice(seq)``.

    Raises:
        IndexError: ``seq`` is empty.
    """
    if not len(seq):
        raise IndexError("cannot choose from an empty sequence")
    return seq[randbelow(rng, len(seq))]


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``k`` distinct elements of ``population`` in random order, as
    ``rng.sample(population, k)``.

    Raises:
        ValueError: ``k`` is negative or larger than the population.
    """
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("sample larger than population or is negative")
    result: list[T] = []
    setsize = 21  # as CPython: an n-length list against a k-length set
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    if n <= setsize:
        pool = list(population)
        for i in range(k):
            j = randbelow(rng, n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
    else:
        selected: set[int] = set()
        for _ in range(k):
            j = randbelow(rng, n)
            while j in selected:
                j = randbelow(rng, n)
            selected.add(j)
            result.append(population[j])
    return result
