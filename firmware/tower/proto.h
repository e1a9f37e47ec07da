/* The tower wire protocol (docs/tower.md): COBS framing, CRC-16/CCITT-FALSE, message types.
 * Plain C99 with no AVR dependency, so the simavr test harness compiles the same code. */
#ifndef TOWER_PROTO_H
#define TOWER_PROTO_H

#include <stdint.h>
#include <stddef.h>

#define PROTO_VERSION 1
#define FW_MAJOR 1
#define FW_MINOR 0
#define MAX_PAYLOAD 32
#define MAX_FRAME (4 + MAX_PAYLOAD)
#define MAX_ENCODED (MAX_FRAME + MAX_FRAME / 254 + 1)

enum {
    MSG_HELLO = 0x01, MSG_ROLL_STARTED = 0x02, MSG_DIE_PASSED = 0x03, MSG_ROLL_SETTLED = 0x04,
    MSG_JAM = 0x05, MSG_BUTTON = 0x06, MSG_HEARTBEAT = 0x07,
    CMD_HOST_HELLO = 0x40, CMD_PING = 0x41, CMD_RELEASE = 0x42, CMD_SET_LED = 0x43, CMD_CONFIGURE = 0x44,
    MSG_ACK = 0x7E, MSG_NACK = 0x7F
};
enum { NACK_UNKNOWN = 1, NACK_BAD_PAYLOAD = 2, NACK_VERSION = 3, NACK_BUSY = 4 };

uint16_t crc16_ccitt_false(const uint8_t *data, size_t len);
/* COBS-encode len bytes of src into dst (room for len + len/254 + 1); returns the encoded length. */
size_t cobs_encode(const uint8_t *src, size_t len, uint8_t *dst);
/* Decode in place-safe (dst may equal src); returns the decoded length or 0 for bad COBS. */
size_t cobs_decode(const uint8_t *src, size_t len, uint8_t *dst);
/* Build a whole wire frame (COBS + 0x00) into out (MAX_ENCODED + 1 bytes); returns its length. */
size_t frame_build(uint8_t type, uint8_t seq, const uint8_t *payload, uint8_t plen, uint8_t *out);
/* Check and split a received packet (the bytes between delimiters, COBS-decoded into buf).
 * Returns the payload length, or -1 for a bad frame. */
int frame_parse(const uint8_t *packet, size_t len, uint8_t *buf, uint8_t *type, uint8_t *seq);

#endif
