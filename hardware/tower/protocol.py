"""The tower's wire protocol (specification: docs/tower.md).

A frame is ``type (u8) | seq (u8) | payload (0-32 bytes) | CRC-16/CCITT-FALSE (u16, big-endian)``,
COBS-encoded and followed by a 0x00 delimiter. COBS leaves no zero inside a frame, so a receiver
that lost its place (noise, half a frame, a board reset mid-frame) finds the next frame at the
next 0x00; the CRC catches what noise did to the bytes in between. Everything that can go wrong
on the line ends as :class:`ProtocolError` (a ValueError) from :func:`decode_frame`, never as any
other exception, and a message type this host does not know decodes to :class:`Unknown` so that
a newer tower can add messages without breaking an older host.

Pure functions and frozen dataclasses: no I/O here, so the client, the simulator and the tests
all use the same code.
"""

from __future__ import annotations

import binascii
import struct
from dataclasses import dataclass, fields
from typing import ClassVar

from cobs import cobs

PROTOCOL_VERSION = 1
"""The version this host speaks; a tower states its own in :class:`Hello`."""
SUPPORTED_VERSIONS = (1, 1)
"""Lowest and highest tower protocol versions this host accepts."""
DEFAULT_BAUD = 115200
MAX_PAYLOAD = 32
MIN_FRAME = 4  # type, seq, crc
MAX_FRAME = MIN_FRAME + MAX_PAYLOAD
MAX_ENCODED = MAX_FRAME + MAX_FRAME // 254 + 1
"""The longest COBS-encoded frame (without its delimiter): a longer run of non-zero bytes is noise."""
DELIMITER = b"\x00"


class ProtocolError(ValueError):
    """A frame that cannot be read: bad COBS, bad CRC, too short or long, a short payload."""


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): avr-libc's ``_crc_xmodem_update`` seeded
    with 0xFFFF computes the same, so the firmware needs no table."""
    return binascii.crc_hqx(data, 0xFFFF)


# ---- messages ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Message:
    """A message body. Subclasses name their ``TYPE`` and ``FORMAT`` (struct, big-endian);
    fields are the struct's values in order."""

    TYPE: ClassVar[int] = -1
    FORMAT: ClassVar[str] = ">"
    RELIABLE: ClassVar[bool] = False
    """Tower events the host must acknowledge; the tower repeats them until it does."""

    def payload(self) -> bytes:
        return struct.pack(self.FORMAT, *(getattr(self, f.name) for f in fields(self)))

    @classmethod
    def from_payload(cls, payload: bytes) -> Message:
        size = struct.calcsize(cls.FORMAT)
        if len(payload) < size:
            raise ProtocolError(f"{cls.__name__} needs {size} payload bytes, got {len(payload)}")
        # extra bytes are a newer tower's additions: ignored, not an error
        return cls(*struct.unpack(cls.FORMAT, payload[:size]))


# tower -> host
@dataclass(frozen=True)
class Hello(Message):
    """Sent at boot and in answer to :class:`HostHello`."""

    TYPE = 0x01
    FORMAT = ">BBBIHBB"
    protocol: int
    fw_major: int
    fw_minor: int
    uid: int
    """Random at the board's first boot, kept in EEPROM: tells two towers apart."""
    epoch: int
    """Counts power-ons: roll ids restart at 1 in a new epoch (a reset keeps the epoch)."""
    capabilities: int
    """Bit 0: servo gate, bit 1: LED, bit 2: button."""
    boot: int = 0
    """Why this hello: 0 the host asked, else the tower booted: 1 power-on, 2 reset pin,
    3 watchdog, 4 brown-out."""

    @property
    def firmware(self) -> str:
        return f"{self.fw_major}.{self.fw_minor}"


@dataclass(frozen=True)
class RollStarted(Message):
    TYPE = 0x02
    FORMAT = ">HB"
    roll: int
    cause: int
    """0: a die fell in, 1: the host's release command opened the gate."""


@dataclass(frozen=True)
class DiePassed(Message):
    TYPE = 0x03
    FORMAT = ">HB"
    roll: int
    count: int
    """Dice seen so far in this roll."""


@dataclass(frozen=True)
class RollSettled(Message):
    """No die for the settle time after the last one: the tray can be read now."""

    TYPE = 0x04
    FORMAT = ">HBH"
    RELIABLE = True
    roll: int
    count: int
    duration_ms: int
    """From the first die to the last."""


@dataclass(frozen=True)
class Jam(Message):
    TYPE = 0x05
    FORMAT = ">HHB"
    RELIABLE = True
    roll: int
    blocked_ms: int
    cleared: int
    """0: the beam has been blocked for the jam time, 1: it is clear again."""


@dataclass(frozen=True)
class Button(Message):
    TYPE = 0x06
    FORMAT = ">BB"
    RELIABLE = True
    button: int
    long: int
    """1 when held for a second or more."""


@dataclass(frozen=True)
class Heartbeat(Message):
    TYPE = 0x07
    FORMAT = ">IBHBB"
    uptime_ms: int
    state: int
    """0 idle, 1 rolling, 2 jammed, 3 gate open."""
    last_roll: int
    """The last roll that settled: a host that missed it knows to wait for the repeat."""
    pending: int
    """Reliable events waiting for the host's acknowledgement."""
    dropped: int
    """Reliable events the tower had to drop because its outbox was full (since boot)."""


# host -> tower
@dataclass(frozen=True)
class HostHello(Message):
    TYPE = 0x40
    FORMAT = ">BB"
    min_version: int
    max_version: int


@dataclass(frozen=True)
class Ping(Message):
    TYPE = 0x41
    FORMAT = ">H"
    token: int


@dataclass(frozen=True)
class Release(Message):
    TYPE = 0x42
    FORMAT = ">H"
    open_ms: int


@dataclass(frozen=True)
class SetLed(Message):
    TYPE = 0x43
    FORMAT = ">BBB"
    red: int
    green: int
    blue: int


@dataclass(frozen=True)
class Configure(Message):
    TYPE = 0x44
    FORMAT = ">HHH"
    settle_ms: int
    jam_ms: int
    heartbeat_ms: int


# both ways
@dataclass(frozen=True)
class Ack(Message):
    """``data`` echoes a ping's token (empty otherwise)."""

    TYPE = 0x7E
    FORMAT = ">BB"
    seq: int
    acked_type: int
    data: bytes = b""

    def payload(self) -> bytes:
        return struct.pack(self.FORMAT, self.seq, self.acked_type) + self.data

    @classmethod
    def from_payload(cls, payload: bytes) -> Message:
        if len(payload) < 2:
            raise ProtocolError(f"Ack needs 2 payload bytes, got {len(payload)}")
        return cls(payload[0], payload[1], bytes(payload[2:]))


NACK_UNKNOWN, NACK_BAD_PAYLOAD, NACK_VERSION, NACK_BUSY = 1, 2, 3, 4
NACK_REASONS = {NACK_UNKNOWN: "unknown command", NACK_BAD_PAYLOAD: "bad payload",
                NACK_VERSION: "unsupported protocol version", NACK_BUSY: "busy"}


@dataclass(frozen=True)
class Nack(Message):
    TYPE = 0x7F
    FORMAT = ">BBB"
    seq: int
    acked_type: int
    reason: int

    @property
    def why(self) -> str:
        return NACK_REASONS.get(self.reason, f"reason {self.reason}")


@dataclass(frozen=True)
class Unknown(Message):
    """A type this host does not know (a newer tower): decoded, reported, skipped."""

    type_code: int
    data: bytes

    def payload(self) -> bytes:
        return self.data


MESSAGES: dict[int, type[Message]] = {
    cls.TYPE: cls for cls in (Hello, RollStarted, DiePassed, RollSettled, Jam, Button, Heartbeat,
                              HostHello, Ping, Release, SetLed, Configure, Ack, Nack)
}
STATES = {0: "idle", 1: "rolling", 2: "jammed", 3: "gate open"}
BOOT_CAUSES = {1: "power-on", 2: "reset button", 3: "watchdog", 4: "brown-out"}


@dataclass(frozen=True)
class Frame:
    seq: int
    message: Message

    @property
    def type_code(self) -> int:
        m = self.message
        return m.type_code if isinstance(m, Unknown) else m.TYPE


# ---- frames -----------------------------------------------------------------------------------

def frame_body(seq: int, message: Message) -> bytes:
    """The unencoded frame: type, seq, payload, CRC."""
    type_code = message.type_code if isinstance(message, Unknown) else message.TYPE
    try:
        payload = message.payload()
    except struct.error as exc:
        raise ProtocolError(f"{type(message).__name__} field out of range: {exc}") from None
    if not 0 <= seq <= 255 or not 0 <= type_code <= 255:
        raise ProtocolError(f"seq {seq} / type {type_code} do not fit a byte")
    if len(payload) > MAX_PAYLOAD:
        raise ProtocolError(f"payload of {len(payload)} bytes (at most {MAX_PAYLOAD})")
    body = bytes((type_code, seq)) + payload
    return body + crc16(body).to_bytes(2, "big")


def encode_frame(seq: int, message: Message) -> bytes:
    """The bytes to write: COBS(frame) and the 0x00 delimiter."""
    return cobs.encode(frame_body(seq, message)) + DELIMITER


def decode_frame(packet: bytes) -> Frame:
    """One frame from the bytes between two delimiters (without them). Raises only
    :class:`ProtocolError`."""
    if len(packet) > MAX_ENCODED:
        raise ProtocolError(f"{len(packet)} bytes without a delimiter: not a frame")
    try:
        body = cobs.decode(bytes(packet))
    except cobs.DecodeError as exc:
        raise ProtocolError(f"bad COBS: {exc}") from None
    if len(body) < MIN_FRAME:
        raise ProtocolError(f"frame of {len(body)} bytes (at least {MIN_FRAME})")
    if crc16(body[:-2]) != int.from_bytes(body[-2:], "big"):
        raise ProtocolError("CRC mismatch")
    type_code, seq, payload = body[0], body[1], body[2:-2]
    cls = MESSAGES.get(type_code)
    if cls is None:
        return Frame(seq, Unknown(type_code, bytes(payload)))
    return Frame(seq, cls.from_payload(payload))


class FrameReader:
    """Splits a byte stream into frames at the delimiters. ``feed`` returns decoded frames and
    counts what it had to throw away; a run of bytes longer than any frame is dropped at once,
    so noise without zeros cannot grow the buffer."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._overflow = False
        self.frames = 0
        self.bad_frames = 0
        self.noise_bytes = 0
        self.unknown = 0
        self.last_error = ""

    def feed(self, data: bytes) -> list[Frame]:
        out: list[Frame] = []
        for chunk_end, part in _split_keep(data):
            if not chunk_end:
                self._append(part)
                continue
            self._append(part)
            packet, overflow = bytes(self._buffer), self._overflow
            self._buffer.clear()
            self._overflow = False
            if overflow:
                self.noise_bytes += len(packet)
                continue
            if not packet:  # back-to-back delimiters: idle line, not an error
                continue
            try:
                frame = decode_frame(packet)
            except ProtocolError as exc:
                self.bad_frames += 1
                self.noise_bytes += len(packet) + 1
                self.last_error = str(exc)
                continue
            self.frames += 1
            self.unknown += isinstance(frame.message, Unknown)
            out.append(frame)
        return out

    def _append(self, part: bytes) -> None:
        if self._overflow:
            self.noise_bytes += len(part)
            return
        self._buffer.extend(part)
        if len(self._buffer) > MAX_ENCODED:
            self.noise_bytes += len(self._buffer)
            self._buffer.clear()
            self._overflow = True


def _split_keep(data: bytes) -> list[tuple[bool, bytes]]:
    """(ends_with_delimiter, bytes) pieces of ``data``."""
    parts = bytes(data).split(DELIMITER)
    return [(i < len(parts) - 1, p) for i, p in enumerate(parts) if p or i < len(parts) - 1]


def describe(message: Message) -> str:
    """One line for a person (the CLI's event lines)."""
    if isinstance(message, Hello):
        return f"hello: tower v{message.firmware} (protocol {message.protocol}, id {message.uid:08x}, epoch {message.epoch})"
    if isinstance(message, RollStarted):
        return f"roll {message.roll} started" + (" (gate released)" if message.cause == 1 else "")
    if isinstance(message, DiePassed):
        return f"roll {message.roll}: die {message.count} passed"
    if isinstance(message, RollSettled):
        dice = "1 die" if message.count == 1 else f"{message.count} dice"
        return f"roll {message.roll} settled: {dice} in {message.duration_ms} ms"
    if isinstance(message, Jam):
        return (f"jam cleared after {message.blocked_ms} ms" if message.cleared
                else f"jam: the beam has been blocked for {message.blocked_ms} ms")
    if isinstance(message, Button):
        return "button held" if message.long else "button pressed"
    if isinstance(message, Heartbeat):
        return f"heartbeat: {STATES.get(message.state, message.state)}, up {message.uptime_ms / 1000:.1f} s"
    if isinstance(message, Unknown):
        return f"unknown message type 0x{message.type_code:02x} ({len(message.data)} bytes) skipped"
    return repr(message)
