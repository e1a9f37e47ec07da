"""A dice tower on a pseudo-terminal: what the firmware does, in Python, with faults on demand.

``TowerSimulator`` opens a pty (``os.openpty``), keeps a stable symlink to its slave side (like
``/dev/serial/by-id/...``: an unplugged and replugged tower comes back under the same name
though the pty is new) and behaves as the reference firmware does: hello at boot, rolls with
ids, reliable events kept in an outbox that survives a reset (the firmware's ``.noinit`` RAM)
and sent stop-and-wait until acknowledged, commands acknowledged and executed once.

Faults (:class:`Faults`): noise (a fraction of the bytes written replaced by random ones),
dropped frames, resets (mid-frame: half a frame, then a reboot), jams, unplugs (the pty closed
and the link removed for a while). They let the client be tested, and ``tablesight run
--tower`` be tried, without hardware. Everything runs on one thread; the public methods
(``roll``, ``reset``, ``unplug`` ...) may be called from any thread.
"""

from __future__ import annotations

import heapq
import itertools
import os
import random
import select
import tempfile
import threading
import time
import tty
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hardware.tower import protocol as p

FW_MAJOR, FW_MINOR = 1, 0
OUTBOX_SIZE = 16
"""As in the firmware: the gate stays shut while the outbox is full."""
RETRY_S = 0.100


@dataclass
class Faults:
    """What goes wrong, and how often. Rates are per byte / per frame; the periods are mean
    seconds between events (0 = never)."""

    noise: float = 0.0
    drop: float = 0.0
    reset_every: float = 0.0
    unplug_every: float = 0.0
    unplug_for: float = 1.0
    jam_every: float = 0.0
    seed: int = 1

    @classmethod
    def parse(cls, text: str) -> Faults:
        """``noise=0.01,drop=0.02,reset=30,unplug=60,unplug_for=2,jam=90,seed=3``."""
        faults = cls()
        names = {"noise": "noise", "drop": "drop", "reset": "reset_every", "unplug": "unplug_every",
                 "unplug_for": "unplug_for", "jam": "jam_every", "seed": "seed"}
        for item in filter(None, (t.strip() for t in text.split(","))):
            key, _, value = item.partition("=")
            if key not in names or not value:
                raise ValueError(f"bad fault {item!r}: use name=value with names {', '.join(names)}")
            try:
                number = float(value)
            except ValueError:
                raise ValueError(f"bad fault {item!r}: {value!r} is not a number") from None
            if number < 0 or (key in ("noise", "drop") and number > 1):
                raise ValueError(f"bad fault {item!r}: rates are 0-1, periods positive seconds")
            setattr(faults, names[key], int(number) if key == "seed" else number)
        return faults


@dataclass
class CompletedRoll:
    """The simulator's truth: a roll the board settled (and will deliver)."""

    epoch: int
    roll: int
    count: int
    last_die: float
    settled: float
    """time.monotonic() of the last die and of the settled decision."""
    queued: int = 0
    """Reliable events ahead of it in the outbox when it settled (0: sent at once)."""
    plugged: bool = True


@dataclass
class _Noinit:
    """What survives a reset (the firmware keeps it in .noinit RAM); a power-on clears it."""

    epoch: int = 1
    roll: int = 0
    seq: int = 0
    outbox: deque = field(default_factory=deque)
    dropped: int = 0


class TowerSimulator:
    def __init__(self, *, link: str | Path | None = None, faults: Faults | None = None,
                 settle_ms: int = 400, jam_ms: int = 800, heartbeat_ms: int = 1000, boot_ms: int = 30,
                 uid: int = 0x7A11E5, protocol_version: int = p.PROTOCOL_VERSION, on_line: Callable[[str], None] | None = None) -> None:
        self.faults = faults or Faults()
        self._rng = random.Random(self.faults.seed)
        self._link = Path(link) if link else Path(tempfile.gettempdir()) / f"tablesight-tower-{os.getpid()}"
        self.uid = uid
        self.protocol_version = protocol_version
        self.boot_ms = boot_ms
        self.defaults = (settle_ms, jam_ms, heartbeat_ms)
        self.on_line = on_line or (lambda line: None)
        self.nv = _Noinit()
        self.completed: list[CompletedRoll] = []
        self.die_times: dict[tuple[int, int], float] = {}
        """(epoch, roll) -> time of its last die so far (latency truth)."""
        self.events_dropped = 0
        self.dice_unseen = self.rolls_cut = 0
        """Dice that fell while the board rebooted; rolls in progress when it reset."""
        """Reliable events the board could not queue (outbox full): reported in its heartbeat."""
        self.resets = self.unplugs = self.frames_sent = self.frames_dropped = self.bytes_corrupted = 0
        self.commands: list[p.Message] = []
        self.replugged_at: list[float] = []
        self.led = (0, 0, 0)
        self.gate_opened = 0
        self._lock = threading.RLock()
        self._timers: list[tuple[float, int, Callable[[], object]]] = []
        self._tick = itertools.count()
        self._master = self._slave = -1
        self._reader = p.FrameReader()
        self._wake_r, self._wake_w = os.pipe()
        self._stop = False
        self._thread: threading.Thread | None = None
        self._plugged = False
        self._booted = False
        self._down = False
        self._boot_volatile()

    # ---- public -------------------------------------------------------------------------------
    @property
    def link(self) -> str:
        return str(self._link)

    def start(self) -> TowerSimulator:
        self._plug()
        self._boot(power_on=True)
        for every, action in ((self.faults.reset_every, lambda: self.reset(mid_frame=True)),
                              (self.faults.unplug_every, lambda: self.unplug(self.faults.unplug_for)),
                              (self.faults.jam_every, lambda: self.jam(self._rng.uniform(1.0, 2.0)))):
            if every > 0:
                self._schedule_random(every, action)
        self._thread = threading.Thread(target=self._run, name="tower-sim", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop = True
        self._wake()
        if self._thread is not None:
            self._thread.join(2)
        self._unplug_now()
        for fd in (self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass

    def __enter__(self) -> TowerSimulator:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def roll(self, dice: int = 2, gap_ms: float = 40.0, after_s: float = 0.0) -> None:
        """Drop ``dice`` dice, ``gap_ms`` apart (the first after ``after_s``)."""
        for i in range(dice):
            self.call_later(after_s + i * gap_ms / 1000.0, self._die)

    def button(self, long: bool = False) -> None:
        self.call_later(0, lambda: self._reliable(p.Button(0, int(long))))

    def jam(self, seconds: float) -> None:
        """Block the beam for ``seconds`` (a die stuck in the exit)."""
        self.call_later(0, lambda: self._jam_begin(seconds))

    def reset(self, mid_frame: bool = True) -> None:
        """A watchdog / reset-button reset: half a frame on the line, then a reboot."""
        self.call_later(0, lambda: self._reset_now(mid_frame))

    def unplug(self, seconds: float) -> None:
        """The port vanishes for ``seconds``, then comes back (under the same link)."""
        self.call_later(0, lambda: self._unplug_for(seconds))

    def send_raw(self, message: p.Message) -> None:
        """Send any message (a newer tower's unknown type, say), unreliably."""
        self.call_later(0, lambda: self._send(message))

    def power_cycle(self) -> None:
        """Power lost: .noinit cleared, a new epoch, the outbox lost."""
        self.call_later(0, lambda: self._boot(power_on=True))

    @property
    def outbox_free(self) -> int:
        with self._lock:
            return OUTBOX_SIZE - len(self.nv.outbox)

    @property
    def idle(self) -> bool:
        """No roll in progress, nothing waiting for the host."""
        with self._lock:
            return self._roll_count == 0 and not self.nv.outbox

    @property
    def plugged(self) -> bool:
        return self._plugged

    def call_later(self, delay: float, action: Callable[[], object]) -> None:
        with self._lock:
            heapq.heappush(self._timers, (time.monotonic() + delay, next(self._tick), action))
        self._wake()

    # ---- the board ----------------------------------------------------------------------------
    def _boot_volatile(self) -> None:
        self.settle_ms, self.jam_ms, self.heartbeat_ms = self.defaults
        self._roll_count = 0
        self._roll_open = False
        self._roll_first = 0.0
        self._roll_last = 0.0
        self._jammed = False
        self._last_cmd: tuple[int, int] | None = None
        self._head_sent_at = 0.0
        self._head_seq = -1
        self._gate_until = 0.0
        self._boot_at = time.monotonic()
        self._next_heartbeat = time.monotonic() + self.heartbeat_ms / 1000

    def _boot(self, power_on: bool) -> None:
        with self._lock:
            if power_on:
                epoch = self.nv.epoch + 1 if self._booted else self.nv.epoch
                self.nv = _Noinit(epoch=epoch)
            self._booted = True
            self._down = False
            self._boot_volatile()
            self._reader = p.FrameReader()
            self._write(p.DELIMITER)  # cut off whatever half frame went before
            self._send(self._hello(boot=1 if power_on else 3))
            self.on_line(f"tower booted (epoch {self.nv.epoch}, {len(self.nv.outbox)} events pending)")

    def _hello(self, boot: int = 0) -> p.Hello:
        return p.Hello(self.protocol_version, FW_MAJOR, FW_MINOR, self.uid, self.nv.epoch, 0b111, boot)

    def _next_seq(self) -> int:
        self.nv.seq = (self.nv.seq + 1) & 0xFF
        return self.nv.seq

    def _send(self, message: p.Message, seq: int | None = None) -> None:
        self._frame_out(p.encode_frame(self._next_seq() if seq is None else seq, message))

    def _reliable(self, message: p.Message) -> bool:
        """Queue a reliable event; False when the board could not (rebooting, outbox full)."""
        with self._lock:
            if self._down:
                return False
            if len(self.nv.outbox) >= OUTBOX_SIZE:
                self.nv.dropped = min(255, self.nv.dropped + 1)
                self.events_dropped += 1
                return False
            seq = self._next_seq()
            if self.nv.outbox and self.nv.outbox[-1][0] == seq:
                seq = self._next_seq()
            self.nv.outbox.append((seq, message))
            if len(self.nv.outbox) == 1:
                self._send_head(twice=True)
            return True

    def _send_head(self, twice: bool = False) -> None:
        if not self.nv.outbox:
            return
        seq, message = self.nv.outbox[0]
        for _ in range(2 if twice else 1):
            self._send(message, seq)
        self._head_sent_at = time.monotonic()

    def _die(self) -> None:
        now = time.monotonic()
        with self._lock:
            if self._down:
                self.dice_unseen += 1
                return  # rebooting: the die falls unseen
            if self._roll_count == 0 and not self._roll_open:
                self.nv.roll = (self.nv.roll + 1) & 0xFFFF or 1
                self._roll_first = now
                self._send(p.RollStarted(self.nv.roll, 0))
            self._roll_open = False
            self._roll_count += 1
            self._roll_last = now
            self.die_times[(self.nv.epoch, self.nv.roll)] = now
            self._send(p.DiePassed(self.nv.roll, min(self._roll_count, 255)))
            self.call_later(self.settle_ms / 1000, self._settle_check)

    def _settle_check(self) -> None:
        now = time.monotonic()
        with self._lock:
            if self._down or self._roll_count == 0 or now - self._roll_last < self.settle_ms / 1000 - 1e-4 or self._jammed:
                return
            count, roll = self._roll_count, self.nv.roll
            duration = int((self._roll_last - self._roll_first) * 1000)
            self._roll_count = 0
            done = CompletedRoll(self.nv.epoch, roll, count, self._roll_last, now, len(self.nv.outbox), self._plugged)
            if self._reliable(p.RollSettled(roll, min(count, 255), min(duration, 0xFFFF))):
                self.completed.append(done)  # completed and reported: the client must deliver it

    def _jam_begin(self, seconds: float) -> None:
        with self._lock:
            self._jammed = True
        self.call_later(self.jam_ms / 1000, lambda: self._reliable(p.Jam(self.nv.roll, self.jam_ms, 0))
                        if self._jammed else None)
        self.call_later(max(seconds, self.jam_ms / 1000 + 0.01), lambda: self._jam_end(seconds))

    def _jam_end(self, seconds: float) -> None:
        with self._lock:
            self._jammed = False
            self._reliable(p.Jam(self.nv.roll, min(int(seconds * 1000), 0xFFFF), 1))
            if self._roll_count:
                self.call_later(self.settle_ms / 1000, self._settle_check)

    def _reset_now(self, mid_frame: bool) -> None:
        with self._lock:
            if mid_frame:
                half = p.encode_frame(self.nv.seq, self.nv.outbox[0][1] if self.nv.outbox
                                      else p.Heartbeat(0, 0, 0, 0, 0))
                self._write(half[: len(half) // 2])
            self.resets += 1
            self.rolls_cut += self._roll_count > 0
            self._roll_count = 0  # a roll in progress is not completed: it is not reported
            self._down = True
        self.call_later(self.boot_ms / 1000, lambda: self._boot(power_on=False))

    def _handle(self, frame: p.Frame) -> None:
        if self._down:
            return
        m = frame.message
        if isinstance(m, p.Ack):
            if self.nv.outbox and self.nv.outbox[0][0] == m.seq and self.nv.outbox[0][1].TYPE == m.acked_type:
                self.nv.outbox.popleft()
                self._send_head(twice=True)
            return
        if isinstance(m, p.Nack):
            return
        if isinstance(m, p.Unknown):
            self._send(p.Nack(frame.seq, m.type_code, p.NACK_UNKNOWN))
            return
        if m.TYPE < 0x40:  # an event type sent to the tower: not a command
            self._send(p.Nack(frame.seq, m.TYPE, p.NACK_UNKNOWN))
            return
        repeat = self._last_cmd == (frame.seq, m.TYPE) and not isinstance(m, p.HostHello)
        self._last_cmd = (frame.seq, m.TYPE)
        data = b""
        if isinstance(m, p.HostHello):
            if not m.min_version <= self.protocol_version <= m.max_version:
                self._send(p.Nack(frame.seq, m.TYPE, p.NACK_VERSION))
                self._send(self._hello())
                return
        elif isinstance(m, p.Ping):
            data = m.token.to_bytes(2, "big")
        elif repeat:
            pass
        elif isinstance(m, p.Release):
            if len(self.nv.outbox) >= OUTBOX_SIZE:
                self._send(p.Nack(frame.seq, m.TYPE, p.NACK_BUSY))
                return
            self.gate_opened += 1
            self._gate_until = time.monotonic() + m.open_ms / 1000
            self.nv.roll = (self.nv.roll + 1) & 0xFFFF or 1
            self._roll_count = 0
            self._roll_open = True  # the dice behind the gate belong to this roll
            self._send(p.RollStarted(self.nv.roll, 1))
            self._roll_first = time.monotonic()
            self.roll(3, 5, after_s=0.05)
        elif isinstance(m, p.SetLed):
            self.led = (m.red, m.green, m.blue)
        elif isinstance(m, p.Configure):
            self.settle_ms = m.settle_ms or self.settle_ms
            self.jam_ms = m.jam_ms or self.jam_ms
            self.heartbeat_ms = m.heartbeat_ms or self.heartbeat_ms
        self.commands.append(m)
        self._send(p.Ack(frame.seq, m.TYPE, data))
        if isinstance(m, p.HostHello):
            self._send(self._hello())

    # ---- the line -----------------------------------------------------------------------------
    def _frame_out(self, wire: bytes) -> None:
        if self.faults.drop and self._rng.random() < self.faults.drop:
            self.frames_dropped += 1
            return
        self.frames_sent += 1
        if self.faults.noise:
            data = bytearray(wire)
            for i in range(len(data)):
                if self._rng.random() < self.faults.noise:
                    data[i] = (data[i] + self._rng.randrange(1, 256)) & 0xFF
                    self.bytes_corrupted += 1
            wire = bytes(data)
        self._write(wire)

    def _write(self, data: bytes) -> None:
        if not self._plugged:
            return
        try:
            os.write(self._master, data)
        except (BlockingIOError, OSError):
            pass  # nobody reading and the pty buffer full: bytes lost, as on a real line

    def _plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        tmp = self._link.with_name(self._link.name + ".new")
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass
        os.symlink(os.ttyname(slave), tmp)
        os.replace(tmp, self._link)
        self._plugged = True

    def _unplug_now(self) -> None:
        self._plugged = False
        for fd in (self._master, self._slave):
            if fd >= 0:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._master = self._slave = -1
        try:
            self._link.unlink()
        except FileNotFoundError:
            pass

    def _unplug_for(self, seconds: float) -> None:
        with self._lock:
            if not self._plugged:
                return
            self.unplugs += 1
            self._unplug_now()
            self.on_line(f"unplugged for {seconds:.1f} s")
        self.call_later(seconds, self._replug)

    def _replug(self) -> None:
        with self._lock:
            if self._plugged or self._stop:
                return
            self._plug()
            self.replugged_at.append(time.monotonic())
            self._reader = p.FrameReader()
            self.on_line(f"plugged back in at {self.link}")

    def _schedule_random(self, every: float, action: Callable[[], None]) -> None:
        def fire() -> None:
            action()
            self._schedule_random(every, action)
        with self._lock:
            heapq.heappush(self._timers, (time.monotonic() + self._rng.expovariate(1 / every), next(self._tick), fire))

    def _wake(self) -> None:
        try:
            os.write(self._wake_w, b"x")
        except OSError:
            pass

    def _run(self) -> None:
        while not self._stop:
            now = time.monotonic()
            with self._lock:
                due = []
                while self._timers and self._timers[0][0] <= now:
                    due.append(heapq.heappop(self._timers)[2])
            for action in due:
                with self._lock:
                    action()
            with self._lock:
                if self._down:
                    pass  # rebooting: silent until _boot
                elif self.nv.outbox and now - self._head_sent_at >= RETRY_S:
                    self._send_head()
                if not self._down and now >= self._next_heartbeat:
                    self._next_heartbeat = now + self.heartbeat_ms / 1000
                    state = 2 if self._jammed else 1 if self._roll_count else 3 if now < self._gate_until else 0
                    self._send(p.Heartbeat(int((now - self._boot_at) * 1000) & 0xFFFFFFFF, state,
                                           self.nv.roll, len(self.nv.outbox), self.nv.dropped))
                deadline = min([now + 0.5] + ([self._timers[0][0]] if self._timers else [])
                               + ([] if self._down else [self._next_heartbeat])
                               + ([self._head_sent_at + RETRY_S] if self.nv.outbox and not self._down else []))
                fds = [self._wake_r] + ([self._master] if self._plugged else [])
            try:
                ready, _, _ = select.select(fds, [], [], max(0.0, deadline - time.monotonic()))
            except (OSError, ValueError):
                continue
            if self._wake_r in ready:
                os.read(self._wake_r, 4096)
            if self._plugged and self._master in ready:
                try:
                    data = os.read(self._master, 4096)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    time.sleep(0.01)
                    continue
                with self._lock:
                    for frame in self._reader.feed(data):
                        self._handle(frame)
