"""A small soak through the real simulator and client (the 10,000-roll one is
bench/tower_soak.py): 300 rolls, 1 % of bytes corrupted, 3 resets mid-frame, 2 unplugs.

Only what must hold at any machine load is asserted: every completed roll delivered once, in
order, and a reconnection after each unplug. How fast (latencies, reconnection time) is the
bench's to print: timed bounds here failed on a machine shared at load 12."""

from __future__ import annotations

from hardware.tower.soak import soak


def test_small_soak_delivers_every_completed_roll_once_in_order(tmp_path) -> None:
    result = soak(rolls=300, noise=0.01, resets=3, unplugs=2, seed=7, link=tmp_path / "tower")
    assert not result.errors
    # rolls cut by a reset are not completed, and under load the simulator may merge two rolls
    # whose gap its thread slept through: most, not all, of the 300 complete
    assert result.rolls_completed >= 150 and result.exactly_once_in_order
    assert result.rolls_delivered == result.rolls_completed
    assert result.missing == 0 and result.duplicates_delivered == 0
    assert result.resets == 3 and result.unplugs == 2 and result.bytes_corrupted > 0
    # the client came back after each unplug (inf: it never did)
    assert len(result.reconnect_s) == 2 and all(s < float("inf") for s in result.reconnect_s)
    assert result.die_latency_ms and result.settle_direct_ms  # the events carried their times
