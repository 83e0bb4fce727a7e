"""Time per decision of Da Vinci Code's expert with four players, and its exact inference against brute force.

    python bench/davinci_inference.py [--games 100]

Four experts play four-player games (official deal and the source's deal with
jokers, alternately; every game from its own seed). Every decision is timed:
the whole `choose` (the inference plus the defence of the AI's own rack),
and the seat's exact inference alone. Prints p50 / p99 / max of each against
the target (p99 <= 50 ms), and the decisions by phase.

Then the baseline: the same probabilities by enumerating every placement of
the unseen tiles, on the positions of these games small enough to enumerate
(at most ENUMERATE_LIMIT placements), timed in the same run; and how many
placements the median position would need.
"""
from __future__ import annotations

import argparse
import itertools
import math
import os
import statistics
import time
from collections import defaultdict

from boardhub.games.davinci.engine import BLACK, JOKER, WHITE, DavinciRules
from boardhub.games.davinci.expert import ExpertAI, bluff_weights, ruled_out, seat_belief
from boardhub.games.davinci.inference import ALL_KEYS, tile_key

TARGET_P99 = 0.050
ENUMERATE_LIMIT = 50_000
ENUMERATED = 60  # positions timed both ways


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def line(name: str, times: list[float]) -> str:
    return (f"{name}: {len(times)} decisions, p50 {1000 * percentile(times, 0.5):.1f} ms, "
            f"p99 {1000 * percentile(times, 0.99):.1f} ms, max {1000 * max(times):.1f} ms")


def placements(view) -> int:
    """How many placements of unseen tiles on the hidden places an enumeration must visit."""
    seen = {tile_key(t.colour, t.value) for rack in view.racks for t in rack if t.value is not None}
    if view.hand is not None and view.hand[1] is not None:
        seen.add(tile_key(*view.hand))
    count = 1
    for c in (BLACK, WHITE):
        places = sum(t.value is None and t.colour == c for s, rack in enumerate(view.racks) if s != view.seat
                     for t in rack)
        count *= math.perm(sum(k % 2 == c for k in ALL_KEYS - seen), places)
    return count


def enumerate_belief(view) -> dict[tuple[int, int, int], float]:
    """(seat, index, value) -> probability, by visiting every placement (the baseline)."""
    ruled, weights = ruled_out(view), bluff_weights(view)
    seen = {tile_key(t.colour, t.value) for rack in view.racks for t in rack if t.value is not None}
    if view.hand is not None and view.hand[1] is not None:
        seen.add(tile_key(*view.hand))
    unseen = ALL_KEYS - seen
    places = [(s, i) for s, rack in enumerate(view.racks) if s != view.seat
              for i, t in enumerate(rack) if t.value is None]
    by_colour = {c: [p for p in places if view.racks[p[0]][p[1]].colour == c] for c in (BLACK, WHITE)}
    pool = {c: sorted(k for k in unseen if k % 2 == c) for c in (BLACK, WHITE)}
    total, at = 0.0, defaultdict(float)
    for blacks in itertools.permutations(pool[BLACK], len(by_colour[BLACK])):
        for whites in itertools.permutations(pool[WHITE], len(by_colour[WHITE])):
            put = dict(zip(by_colour[BLACK], blacks)) | dict(zip(by_colour[WHITE], whites))
            weight = 1.0
            for s, rack in enumerate(view.racks):
                numbers = []
                for i, t in enumerate(rack):
                    key = put.get((s, i), tile_key(t.colour, t.value) if t.value is not None else -1)
                    if (s, i) in put:
                        weight *= 0.0 if key // 2 in ruled.get(t.uid, ()) else weights.get(t.uid, {}).get(key, 1.0)
                    if key // 2 != JOKER:
                        numbers.append(key)
                if numbers != sorted(numbers):
                    weight = 0.0
            if weight:
                total += weight
                for (s, i), key in put.items():
                    at[(s, i, key // 2)] += weight
    return {k: w / total for k, w in at.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    rules = DavinciRules()
    print(f"{args.games} four-player games, an expert in every seat; load average at start "
          f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} cores (timings are noisy on a shared machine)")
    decide, infer_only, sizes = [], [], []
    by_phase = defaultdict(list)
    small = []
    for n in range(args.games):
        options = {"players": 4, "deal_jokers": n % 2 == 1}
        state = rules.new_game(options, n)
        ais = [ExpertAI(seed=n * 10 + s) for s in range(4)]
        while not rules.is_over(state):
            seat = rules.to_move(state)
            view = rules.view(state, seat)
            started = time.perf_counter()
            move = ais[seat].choose(view, time.monotonic() + 0.5)
            decide.append(time.perf_counter() - started)
            by_phase[view.phase].append(decide[-1])
            started = time.perf_counter()
            seat_belief(view)
            infer_only.append(time.perf_counter() - started)
            if view.phase == "guess":
                size = placements(view)
                sizes.append(size)
                if size <= ENUMERATE_LIMIT and len(small) < ENUMERATED and n % 3 == 0:
                    small.append(view)
            state = rules.apply(state, move)
    p99 = percentile(decide, 0.99)
    print(f"RESULT {line('choose (whole decision)', decide)} (target p99 <= {1000 * TARGET_P99:.0f} ms) -> "
          f"{'OK' if p99 <= TARGET_P99 else 'MISSED'}")
    print(f"  {line('exact inference alone', infer_only)}")
    for phase, times in sorted(by_phase.items()):
        print(f"  {line(phase, times)}")

    dp, brute, worst = [], [], 0.0
    for view in small:
        started = time.perf_counter()
        seats, belief = seat_belief(view)
        dp.append(time.perf_counter() - started)
        started = time.perf_counter()
        exact = enumerate_belief(view)
        brute.append(time.perf_counter() - started)
        for s, places in zip(seats, belief.places):
            for i, dist in places.items():
                for v in range(JOKER + 1):
                    worst = max(worst, abs(dist.get(v, 0.0) - exact.get((s, i, v), 0.0)))
    if small:
        print(f"baseline: on {len(small)} positions of at most {ENUMERATE_LIMIT} placements, enumeration "
              f"{1000 * statistics.median(brute):.1f} ms vs dynamic programming {1000 * statistics.median(dp):.1f} ms "
              f"(median; {statistics.median(b / d for b, d in zip(brute, dp)):.0f}x), largest difference {worst:.1e}")
    print(f"  a median call position of these games would need {statistics.median(sizes):.3g} placements to "
          f"enumerate, the largest {max(sizes):.3g}")


if __name__ == "__main__":
    main()
