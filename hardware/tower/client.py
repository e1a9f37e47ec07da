"""The host side of the dice tower: connect, stay connected, deliver each roll exactly once.

``TowerClient`` reads the port on its own thread (``serial.threaded.ReaderThread``), splits the
byte stream into frames at the 0x00 delimiters (``protocol.FrameReader``: garbage, half frames
and a board reset mid-frame cost at most the frame they hit), acknowledges the tower's reliable
events and hands every event to a queue and an optional callback, on the reader thread, the
moment it is decoded (so "roll settled" can trigger a read of the tray at once).

A port that vanishes (an unplugged cable, a pty closed) is reopened with back-off (50 ms
doubling to 400 ms, so a tower that comes back is found within about half a second); the
client says so with :class:`Disconnected` / :class:`Connected` events. Rolls carry a roll id
and the tower's power-on ``epoch``; the client delivers a roll only when it is newer than the
last one delivered, so the tower's repeats (its ack was lost, the port came back) are never
delivered twice. Nothing is acknowledged before the tower's hello on a connection, so a tower
that restarted with a new epoch is never mistaken for the old one.

Failures the user can cause (no such port, not a tower, a wrong baud rate, a refused command)
raise :class:`TowerError` with one plain sentence; nothing else escapes.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hardware.tower import protocol as p

HELLO_TIMEOUT_S = 2.5
"""An Arduino resets when its port opens; its bootloader waits about 1.5 s before the firmware
runs and says hello."""
COMMAND_RETRY_S = 0.15
COMMAND_TRIES = 3
BACKOFF_S = (0.05, 0.1, 0.2, 0.4)
SILENT_S = 5.0
"""No valid frame for this long (heartbeats come every second; three heartbeats when they were
configured slower): the tower counts as gone."""
TOWER_USB_IDS = {0x2341: "Arduino", 0x2A03: "Arduino", 0x1A86: "CH340", 0x0403: "FTDI", 0x10C4: "CP210x"}


class TowerError(ValueError):
    """A tower problem to show the user as one line."""


@dataclass(frozen=True)
class Connected:
    port: str
    hello: p.Hello
    again: bool
    """True when this is a reconnection."""


@dataclass(frozen=True)
class Disconnected:
    port: str
    reason: str


@dataclass(frozen=True)
class Note:
    """Something the user may want to know (a restarted tower, skipped frames)."""

    text: str


@dataclass(frozen=True)
class TowerEvent:
    what: p.Message | Connected | Disconnected | Note
    at: float
    """time.monotonic() when the client decoded it."""

    @property
    def text(self) -> str:
        w = self.what
        if isinstance(w, Connected):
            verb = "reconnected" if w.again else "connected"
            return f"tower {verb} on {w.port}: v{w.hello.firmware}, protocol {w.hello.protocol}"
        if isinstance(w, Disconnected):
            return f"tower lost on {w.port} ({w.reason}); reconnecting"
        if isinstance(w, Note):
            return w.text
        return p.describe(w)


@dataclass
class ClientStats:
    connects: int = 0
    disconnects: int = 0
    rolls: int = 0
    duplicates: int = 0
    frames: int = 0
    bad_frames: int = 0
    noise_bytes: int = 0
    unknown: int = 0
    reconnect_s: list[float] = field(default_factory=list)
    """How long each reconnection took from the port reappearing (first successful open) to the hello."""


def open_port(port: str, baud: int) -> Any:
    """A pyserial port from a device path or a pyserial URL (``loop://``...)."""
    import serial

    try:
        return serial.serial_for_url(port, baudrate=baud, timeout=None, write_timeout=1.0)
    except (serial.SerialException, OSError, ValueError) as exc:
        raise TowerError(f"cannot open {port}: {_reason(exc)}") from None


def _reason(exc: BaseException) -> str:
    text = str(exc)
    if "No such file" in text or "could not open port" in text and "2]" in text:
        return "no such port"
    if "returned no data" in text or "Input/output error" in text or "Errno 5]" in text:
        return "the port closed: unplugged?"
    if "Is a directory" in text:
        return "that is a directory, not a serial port"
    if "Inappropriate ioctl" in text:
        return "not a serial port"
    if "Permission denied" in text:
        return "permission denied (add yourself to the dialout group)"
    return text or type(exc).__name__


class _LineProtocol:
    """The ReaderThread's protocol: bytes in, frames to the client (a Packetizer for 0x00 that
    never lets noise grow its buffer)."""

    def __init__(self, client: TowerClient, link: _Link) -> None:
        self.client, self.link = client, link

    def connection_made(self, transport: Any) -> None:
        self.link.transport = transport

    def data_received(self, data: bytes) -> None:
        self.link.bytes_in += len(data)
        for frame in self.link.reader.feed(data):
            self.client._on_frame(self.link, frame)

    def connection_lost(self, exc: BaseException | None) -> None:
        self.link.lost_reason = _reason(exc) if exc else "closed"
        self.link.lost.set()


def _reader_thread_class() -> Any:
    import serial
    import serial.threaded

    class _ReaderThread(serial.threaded.ReaderThread):
        """pyserial's ReaderThread, except that a port that vanishes is a lost connection, not a
        traceback: its loop asks ``in_waiting`` outside its try, and on an unplugged pty or USB
        adapter that raises OSError (EIO), killing the thread without calling connection_lost."""

        alive: bool  # set by ReaderThread.__init__ (its stub leaves the type to inference)

        def run(self) -> None:
            if not hasattr(self.serial, "cancel_read"):
                self.serial.timeout = 1
            self.protocol = self.protocol_factory()
            self.protocol.connection_made(self)
            self._connection_made.set()
            error: BaseException | None = None
            while self.alive and self.serial.is_open:
                try:
                    data = self.serial.read(self.serial.in_waiting or 1)
                except (serial.SerialException, OSError, TypeError, ValueError) as exc:
                    error = exc  # TypeError/ValueError: the port was closed under the read
                    break
                if data:
                    try:
                        self.protocol.data_received(data)
                    except Exception as exc:  # our own bug: report it as the reason, do not die silently
                        error = exc
                        break
            self.alive = False
            self.protocol.connection_lost(error)
            self.protocol = None

    return _ReaderThread


class _Link:
    """One open port: its reader thread and what came over it."""

    def __init__(self, serial_port: Any) -> None:
        self.serial = serial_port
        self.reader = p.FrameReader()
        self.transport: Any = None
        self.thread: Any = None
        self.hello: p.Hello | None = None
        self.hello_event = threading.Event()
        self.ready = False
        """Connected has been announced: events flow (the tower repeats reliable ones until then)."""
        self.lost = threading.Event()
        self.lost_reason = ""
        self.bytes_in = 0
        self.last_frame = time.monotonic()


class TowerClient:
    def __init__(self, port: str, *, baud: int = p.DEFAULT_BAUD,
                 on_event: Callable[[TowerEvent], None] | None = None, reconnect: bool = True,
                 hello_timeout: float = HELLO_TIMEOUT_S) -> None:
        self.port = port
        self.baud = baud
        self.on_event = on_event
        self.reconnect = reconnect
        self.hello_timeout = hello_timeout
        self.events: queue.Queue[TowerEvent] = queue.Queue()
        self.stats = ClientStats()
        self.hello: p.Hello | None = None
        self._link: _Link | None = None
        self._closed = threading.Event()
        self._write_lock = threading.Lock()
        self._seq = 0
        self._pending: dict[int, tuple[int, threading.Event, list[p.Message]]] = {}
        self._pending_lock = threading.Lock()
        self._last_reliable: tuple[int, int] | None = None  # (epoch, seq)
        self._last_roll: tuple[int, int] = (-1, 0)  # (epoch, roll id) last delivered
        self._uid: int | None = None
        self._led: tuple[int, int, int] | None = None
        self._config: tuple[int, int, int] | None = None
        self._supervisor: threading.Thread | None = None

    # ---- life cycle ---------------------------------------------------------------------------
    def connect(self) -> p.Hello:
        """Open the port and wait for the tower's hello; then keep it connected in the
        background. Raises TowerError when the port cannot be opened or no tower answers."""
        link = self._open_link(self.port)
        hello = self._handshake(link)
        if hello is None:
            why = self._silence_reason(link)
            self._drop_link(link)
            raise TowerError(f"no tower answered on {self.port} within {self.hello_timeout:g} s ({why})")
        self._established(link, hello, again=False)
        self._supervisor = threading.Thread(target=self._supervise, name="tower-supervisor", daemon=True)
        self._supervisor.start()
        return hello

    def close(self) -> None:
        self._closed.set()
        link = self._link
        if link is not None:
            link.lost.set()
            self._drop_link(link)
        if self._supervisor is not None and self._supervisor is not threading.current_thread():
            self._supervisor.join(2)

    def __enter__(self) -> TowerClient:
        self.connect()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def connected(self) -> bool:
        link = self._link
        return link is not None and link.hello is not None and not link.lost.is_set()

    # ---- commands -----------------------------------------------------------------------------
    def ping(self) -> float:
        """Round-trip time in seconds."""
        token = int(time.monotonic() * 1000) & 0xFFFF
        t0 = time.perf_counter()
        ack = self._command(p.Ping(token))
        if ack.data[:2] != token.to_bytes(2, "big"):
            raise TowerError("the tower answered the ping with the wrong token")
        return time.perf_counter() - t0

    def release(self, open_ms: int = 600) -> None:
        """Open the gate: an automatic roll."""
        self._command(p.Release(_u16(open_ms, "open_ms")))

    def set_led(self, red: int, green: int, blue: int) -> None:
        """The LED colour (whose turn); re-applied after every reconnection."""
        colour = tuple(_u8(v, "LED value") for v in (red, green, blue))
        self._led = colour  # type: ignore[assignment]
        self._command(p.SetLed(*colour))

    def configure(self, settle_ms: int = 0, jam_ms: int = 0, heartbeat_ms: int = 0) -> None:
        """Tower timings (0 keeps a value); re-applied after every reconnection."""
        self._config = (_u16(settle_ms, "settle_ms"), _u16(jam_ms, "jam_ms"), _u16(heartbeat_ms, "heartbeat_ms"))
        self._command(p.Configure(*self._config))

    def _command(self, message: p.Message, link: _Link | None = None) -> p.Ack:
        link = link or self._link
        if link is None or link.lost.is_set():
            raise TowerError(f"the tower on {self.port} is not connected")
        seq = self._next_seq()
        with self._pending_lock:
            done = threading.Event()
            box: list[p.Message] = []
            self._pending[seq] = (message.TYPE, done, box)
        try:
            wire = p.encode_frame(seq, message)
            for _ in range(COMMAND_TRIES):
                self._write(link, wire)
                if done.wait(COMMAND_RETRY_S) or link.lost.is_set():
                    break
        finally:
            with self._pending_lock:
                self._pending.pop(seq, None)
        name = type(message).__name__.lower()
        if not box:
            raise TowerError(f"the tower did not answer {name} ({COMMAND_TRIES} tries)")
        answer = box[0]
        if isinstance(answer, p.Nack):
            raise TowerError(f"the tower refused {name}: {answer.why}")
        assert isinstance(answer, p.Ack)
        return answer

    def _next_seq(self) -> int:
        with self._pending_lock:
            self._seq = (self._seq + 1) & 0xFF
            return self._seq

    def _write(self, link: _Link, data: bytes) -> None:
        with self._write_lock:
            try:
                if link.transport is not None:
                    link.transport.write(data)
            except Exception as exc:  # a vanished port: the reader thread notices too
                link.lost_reason = _reason(exc)
                link.lost.set()

    # ---- frames in (reader thread) ------------------------------------------------------------
    def _on_frame(self, link: _Link, frame: p.Frame) -> None:
        link.last_frame = time.monotonic()
        m = frame.message
        if isinstance(m, (p.Ack, p.Nack)):
            with self._pending_lock:
                waiting = self._pending.get(m.seq)
            if waiting is not None and waiting[0] == m.acked_type and not waiting[1].is_set():
                waiting[2].append(m)
                waiting[1].set()
            return
        if isinstance(m, p.Hello):
            self._on_hello(link, m)
            return
        if isinstance(m, p.Unknown) or not link.ready:
            return  # a newer tower's message (counted), or too early: events wait for Connected
        if m.TYPE >= 0x40:
            return  # a command echoed back (loop://): not for us
        if m.RELIABLE:
            if self.hello is None:
                return
            self._write(link, p.encode_frame(self._next_seq(), p.Ack(frame.seq, m.TYPE)))
            key = (self.hello.epoch, frame.seq)
            if key == self._last_reliable:
                self.stats.duplicates += 1
                return
            self._last_reliable = key
            if isinstance(m, p.RollSettled):
                epoch = self.hello.epoch
                if self._last_roll[0] == epoch and _not_newer(m.roll, self._last_roll[1]):
                    self.stats.duplicates += 1
                    return
                self._last_roll = (epoch, m.roll)
                self.stats.rolls += 1
        self._emit(m)

    def _on_hello(self, link: _Link, hello: p.Hello) -> None:
        first_on_link = link.hello is None
        previous = self.hello
        link.hello = hello
        if previous is not None and hello.uid != previous.uid:
            self._emit(Note(f"a different tower (id {hello.uid:08x}) is on {self.port}"))
            self._last_reliable, self._last_roll = None, (-1, 0)
        elif previous is not None and hello.epoch != previous.epoch:
            self._emit(Note(f"the tower was powered off and on (epoch {hello.epoch}): a roll it had "
                            "not yet reported when the power went is lost"))
            self._last_reliable = None
        elif previous is not None and not first_on_link and hello.boot:
            cause = p.BOOT_CAUSES.get(hello.boot, "reset")
            self._emit(Note(f"the tower restarted ({cause}); the rolls it had not reported follow"))
        self.hello = hello
        link.hello_event.set()
        if not first_on_link and (self._led or self._config):
            threading.Thread(target=self._reapply, args=(link,), daemon=True).start()

    def _emit(self, what: p.Message | Connected | Disconnected | Note) -> None:
        event = TowerEvent(what, time.monotonic())
        self.events.put(event)
        if self.on_event is not None:
            try:
                self.on_event(event)
            except Exception as exc:  # a consumer's bug must not kill the reader thread
                self.events.put(TowerEvent(Note(f"tower event handler failed: {exc}"), time.monotonic()))

    # ---- connection management ----------------------------------------------------------------
    def _open_link(self, port: str) -> _Link:
        link = _Link(open_port(port, self.baud))
        thread = _reader_thread_class()(link.serial, lambda: _LineProtocol(self, link))
        thread.daemon = True
        link.thread = thread
        thread.start()
        thread._connection_made.wait(1)
        return link

    def _handshake(self, link: _Link) -> p.Hello | None:
        deadline = time.monotonic() + self.hello_timeout
        while time.monotonic() < deadline and not link.lost.is_set() and not self._closed.is_set():
            if link.hello is not None:
                break
            try:
                self._command(p.HostHello(*p.SUPPORTED_VERSIONS), link)
            except TowerError as exc:
                if "unsupported protocol" in str(exc):
                    link.hello_event.wait(0.3)
                    theirs = link.hello.protocol if link.hello else "another version"
                    raise TowerError(f"the tower on {self.port} speaks protocol {theirs}; this TableSight "
                                     f"speaks {p.SUPPORTED_VERSIONS[0]} to {p.SUPPORTED_VERSIONS[1]}") from None
            link.hello_event.wait(0.05)
        hello = link.hello
        if hello is not None and not p.SUPPORTED_VERSIONS[0] <= hello.protocol <= p.SUPPORTED_VERSIONS[1]:
            self._drop_link(link)
            raise TowerError(f"the tower on {self.port} speaks protocol {hello.protocol}; this TableSight "
                             f"speaks {p.SUPPORTED_VERSIONS[0]} to {p.SUPPORTED_VERSIONS[1]}")
        return hello

    def _silence_reason(self, link: _Link) -> str:
        if link.lost.is_set():
            return f"the port went away: {link.lost_reason}"
        if link.bytes_in == 0:
            return "nothing was received: not a tower, or its firmware is not running"
        return (f"{link.bytes_in} bytes received but no valid frame: a wrong baud rate "
                f"(the tower speaks {p.DEFAULT_BAUD}) or not a tower")

    def _established(self, link: _Link, hello: p.Hello, again: bool) -> None:
        self._link = link
        self.stats.connects += 1
        self._emit(Connected(self.port, hello, again))
        link.ready = True
        if again and (self._led or self._config):
            self._reapply(link)

    def _reapply(self, link: _Link) -> None:
        """The tower forgets LED and timings at a reset: send them again."""
        try:
            if self._config:
                self._command(p.Configure(*self._config), link)
            if self._led:
                self._command(p.SetLed(*self._led), link)
        except TowerError as exc:
            self._emit(Note(f"could not restore the tower's settings: {exc}"))

    def _drop_link(self, link: _Link) -> None:
        try:
            if link.thread is not None and link.thread.is_alive():
                link.thread.alive = False
                if hasattr(link.serial, "cancel_read"):
                    link.serial.cancel_read()
                link.thread.join(1)
        except Exception:
            pass
        try:
            link.serial.close()
        except Exception:
            pass
        self._fold_stats(link)

    def _fold_stats(self, link: _Link) -> None:
        r = link.reader
        self.stats.frames += r.frames
        self.stats.bad_frames += r.bad_frames
        self.stats.noise_bytes += r.noise_bytes
        self.stats.unknown += r.unknown
        link.reader = p.FrameReader()

    def _supervise(self) -> None:
        while not self._closed.is_set():
            link = self._link
            assert link is not None
            while not link.lost.wait(0.25):
                silent = max(SILENT_S, 3 * (self._config[2] if self._config and self._config[2] else 1000) / 1000)
                if time.monotonic() - link.last_frame > silent:
                    link.lost_reason = f"silent for {silent:g} s"
                    link.lost.set()
            if self._closed.is_set():
                return
            reason = link.lost_reason or "port closed"
            self._drop_link(link)
            self.stats.disconnects += 1
            self._emit(Disconnected(self.port, reason))
            if not self.reconnect:
                return
            attempt = 0
            while not self._closed.is_set():
                self._closed.wait(BACKOFF_S[min(attempt, len(BACKOFF_S) - 1)])
                attempt += 1
                if self._closed.is_set():
                    return
                try:
                    new = self._open_link(self.port)
                except TowerError:
                    continue
                opened_at = time.monotonic()
                try:
                    hello = self._handshake(new)
                except TowerError as exc:
                    self._drop_link(new)
                    self._emit(Note(str(exc)))
                    continue
                if hello is None:
                    self._drop_link(new)
                    continue
                self.stats.reconnect_s.append(time.monotonic() - opened_at)
                self._established(new, hello, again=True)
                break


def _not_newer(roll: int, last: int) -> bool:
    """Roll ids are u16 and wrap: ``roll`` is not newer than ``last`` if it is at most half the
    range behind (or equal)."""
    return ((last - roll) & 0xFFFF) < 0x8000


def _u8(value: int, name: str) -> int:
    if not 0 <= value <= 255:
        raise TowerError(f"{name} must be 0-255, not {value}")
    return value


def _u16(value: int, name: str) -> int:
    if not 0 <= value <= 0xFFFF:
        raise TowerError(f"{name} must be 0-65535, not {value}")
    return value


@dataclass(frozen=True)
class PortInfo:
    device: str
    description: str
    likely: bool
    """A USB serial chip that tower boards use (Arduino, CH340, FTDI, CP210x)."""


def list_ports() -> list[PortInfo]:
    from serial.tools import list_ports as lp

    out = []
    for info in sorted(lp.comports(), key=lambda i: i.device):
        vid = getattr(info, "vid", None)
        chip = TOWER_USB_IDS.get(vid) if vid is not None else None
        description = info.description if info.description and info.description != "n/a" else (chip or "serial port")
        out.append(PortInfo(info.device, description, chip is not None))
    return out


def find_tower(candidates: list[str] | None = None, baud: int = p.DEFAULT_BAUD,
               hello_timeout: float = HELLO_TIMEOUT_S) -> tuple[str, p.Hello] | None:
    """The first port whose device answers hello (likely USB chips first)."""
    ports = candidates if candidates is not None else [
        i.device for i in sorted(list_ports(), key=lambda i: not i.likely)]
    for port in ports:
        probe = TowerClient(port, baud=baud, reconnect=False, hello_timeout=hello_timeout)
        try:
            hello = probe.connect()
        except TowerError:
            continue
        finally:
            probe.close()
        return port, hello
    return None
