"""The tower protocol: every message round-trips, and no byte sequence on the line can make the
decoder raise anything but ProtocolError (or lose its place for more than one frame)."""

from __future__ import annotations

import struct
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.tower import protocol as p

_SIZES = {"B": 0xFF, "H": 0xFFFF, "I": 0xFFFFFFFF}


def _message_strategy(cls: type[p.Message]) -> st.SearchStrategy[p.Message]:
    if cls is p.Ack:
        return st.builds(p.Ack, st.integers(0, 255), st.integers(0, 255), st.binary(max_size=p.MAX_PAYLOAD - 2))
    codes = p.MESSAGES[cls.TYPE].FORMAT.lstrip(">")
    return st.builds(cls, *(st.integers(0, _SIZES[c]) for c in codes))


MESSAGES = st.one_of(*(_message_strategy(c) for c in p.MESSAGES.values()),
                     st.builds(p.Unknown, st.integers(0x08, 0x3F), st.binary(max_size=p.MAX_PAYLOAD)))


@given(st.integers(0, 255), MESSAGES)
@settings(deadline=None)  # a shared, loaded machine: time limits per example only make noise
def test_every_message_round_trips(seq: int, message: p.Message) -> None:
    wire = p.encode_frame(seq, message)
    assert wire.endswith(b"\x00") and b"\x00" not in wire[:-1]  # COBS: the delimiter is unique
    assert len(wire) - 1 <= p.MAX_ENCODED
    frame = p.decode_frame(wire[:-1])
    assert frame == p.Frame(seq, message)


@given(st.binary(max_size=200))
@settings(deadline=None)
def test_garbage_raises_only_protocol_error(data: bytes) -> None:
    try:
        p.decode_frame(data)
    except p.ProtocolError:
        pass


@given(st.lists(st.tuples(st.integers(0, 255), MESSAGES), max_size=6), st.binary(max_size=80),
       st.lists(st.integers(1, 40), max_size=8))
@settings(max_examples=300, deadline=None)
def test_stream_with_garbage_keeps_every_frame_after_it(frames: list, garbage: bytes, cuts: list[int]) -> None:
    """Garbage (with or without zeros) before a delimiter costs nothing after it, however the
    stream is cut into reads (a serial port delivers arbitrary pieces)."""
    stream = garbage + b"\x00" + b"".join(p.encode_frame(s, m) for s, m in frames)
    reader = p.FrameReader()
    got: list[p.Frame] = []
    pos = 0
    for cut in cuts + [len(stream)]:
        got += reader.feed(stream[pos:pos + cut])
        pos += cut
    got += reader.feed(stream[pos:])
    tail = got[len(got) - len(frames):] if frames else []
    assert tail == [p.Frame(s, m) for s, m in frames]


@given(st.binary(min_size=1, max_size=500))
@settings(deadline=None)
def test_reader_never_raises_and_buffer_stays_bounded(data: bytes) -> None:
    reader = p.FrameReader()
    reader.feed(data)
    assert len(reader._buffer) <= p.MAX_ENCODED


def test_crc_is_ccitt_false() -> None:
    assert p.crc16(b"123456789") == 0x29B1  # the catalogue check value


def test_known_frame_bytes_match_the_spec() -> None:
    """The example in docs/tower.md: a ping with token 0x0102, seq 7."""
    wire = p.encode_frame(7, p.Ping(0x0102))
    body = bytes([0x41, 0x07, 0x01, 0x02])
    assert p.frame_body(7, p.Ping(0x0102)) == body + p.crc16(body).to_bytes(2, "big")
    assert wire.hex(" ") == "07 41 07 01 02 " + " ".join(f"{b:02x}" for b in p.crc16(body).to_bytes(2, "big")) + " 00"


def test_single_bit_flip_is_caught() -> None:
    wire = bytearray(p.encode_frame(3, p.RollSettled(12, 3, 250))[:-1])
    for i in range(len(wire)):
        for bit in range(8):
            bad = bytearray(wire)
            bad[i] ^= 1 << bit
            if 0 in bad:
                continue  # the reader would split there: two bad pieces, both rejected below
            with pytest.raises(p.ProtocolError):
                p.decode_frame(bytes(bad))


def test_unknown_type_is_skipped_not_fatal() -> None:
    reader = p.FrameReader()
    frames = reader.feed(p.encode_frame(1, p.Unknown(0x30, b"future")) + p.encode_frame(2, p.Button(0, 0)))
    assert [type(f.message) for f in frames] == [p.Unknown, p.Button]
    assert reader.unknown == 1
    assert "skipped" in p.describe(frames[0].message)


def test_short_payload_is_an_error_longer_is_tolerated() -> None:
    body = bytes([p.RollSettled.TYPE, 0, 0, 1])
    with pytest.raises(p.ProtocolError, match="needs 5"):
        p.decode_frame(_wrap(body))
    longer = bytes([p.RollSettled.TYPE, 0]) + struct.pack(">HBH", 9, 2, 100) + b"new"
    assert p.decode_frame(_wrap(longer)).message == p.RollSettled(9, 2, 100)


def test_out_of_range_field_is_a_protocol_error() -> None:
    with pytest.raises(p.ProtocolError):
        p.encode_frame(0, p.Ping(70000))
    with pytest.raises(p.ProtocolError):
        p.encode_frame(300, p.Ping(1))


def test_half_frame_then_reset_loses_only_the_half() -> None:
    whole = p.encode_frame(5, p.RollSettled(4, 2, 80))
    hello = p.encode_frame(0, p.Hello(1, 1, 0, 0xDEADBEEF, 3, 7, 1))
    reader = p.FrameReader()
    got = reader.feed(whole[:5]) + reader.feed(b"\x00" + hello)  # a rebooted board starts with 0x00
    assert [f.message for f in got] == [p.Hello(1, 1, 0, 0xDEADBEEF, 3, 7, 1)]
    assert reader.bad_frames == 1


def test_every_message_names_all_its_fields() -> None:
    for cls in p.MESSAGES.values():
        if cls is p.Ack:
            continue
        assert len(fields(cls)) == len(cls.FORMAT.lstrip(">")), cls


def _wrap(body: bytes) -> bytes:
    from cobs import cobs
    return cobs.encode(body + p.crc16(body).to_bytes(2, "big"))
