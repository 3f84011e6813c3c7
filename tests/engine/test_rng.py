"""hoyle.engine.rng makes exactly the draws random.Random makes (so seeded games do not
depend on which is used), leaving the stream in the same state."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hoyle.engine import rng as draw  # the seeded draws


@given(st.integers(0, 2**64), st.integers(1, 200), st.data())
def test_sample_is_random_sample(seed: int, n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, n))
    a, b = random.Random(seed), random.Random(seed)
    assert draw.sample(a, list(range(n)), k) == b.sample(list(range(n)), k)
    assert a.random() == b.random()  # the same bits were consumed


@given(st.integers(0, 2**64), st.integers(1, 10**12))
def test_randbelow_is_randrange(seed: int, n: int) -> None:
    a, b = random.Random(seed), random.Random(seed)
    assert [draw.randbelow(a, n) for _ in range(5)] == [b.randrange(n) for _ in range(5)]
    assert a.random() == b.random()


@given(st.integers(0, 2**64), st.lists(st.integers(), min_size=1, max_size=60))
def test_choice_is_random_choice(seed: int, seq: list[int]) -> None:
    a, b = random.Random(seed), random.Random(seed)
    assert draw.choice(a, seq) == b.choice(seq)
    assert a.random() == b.random()


def test_bad_arguments() -> None:
    rng = random.Random(1)
    with pytest.raises(ValueError):
        draw.randbelow(rng, 0)
    with pytest.raises(IndexError):
        draw.choice(rng, [])
    with pytest.raises(ValueError):
        draw.sample(rng, [1, 2], 3)
    with pytest.raises(ValueError):
        draw.sample(rng, [1, 2], -1)
