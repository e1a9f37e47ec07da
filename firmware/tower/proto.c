#include "proto.h"

uint16_t crc16_ccitt_false(const uint8_t *data, size_t len) {
    /* poly 0x1021, init 0xFFFF, MSB first: avr-libc's _crc_xmodem_update, written out so the
     * host harness computes the same */
    uint16_t crc = 0xFFFF;
    for (size_t i = 0; i < len; i++) {
        crc ^= (uint16_t)data[i] << 8;
        for (uint8_t b = 0; b < 8; b++)
            crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
    }
    return crc;
}

size_t cobs_encode(const uint8_t *src, size_t len, uint8_t *dst) {
    size_t code_at = 0, out = 1;
    uint8_t code = 1;
    for (size_t i = 0; i < len; i++) {
        if (src[i] == 0) {
            dst[code_at] = code;
            code_at = out++;
            code = 1;
        } else {
            dst[out++] = src[i];
            if (++code == 0xFF) {
                dst[code_at] = code;
                code_at = out++;
                code = 1;
            }
        }
    }
    dst[code_at] = code;
    return out;
}

size_t cobs_decode(const uint8_t *src, size_t len, uint8_t *dst) {
    size_t in = 0, out = 0;
    while (in < len) {
        uint8_t code = src[in++];
        if (code == 0 || in + code - 1 > len) return 0;
        for (uint8_t i = 1; i < code; i++) {
            if (src[in] == 0) return 0;
            dst[out++] = src[in++];
        }
        if (code != 0xFF && in < len) dst[out++] = 0;
    }
    return out;
}

size_t frame_build(uint8_t type, uint8_t seq, const uint8_t *payload, uint8_t plen, uint8_t *out) {
    uint8_t body[MAX_FRAME];
    if (plen > MAX_PAYLOAD) plen = MAX_PAYLOAD;
    body[0] = type;
    body[1] = seq;
    for (uint8_t i = 0; i < plen; i++) body[2 + i] = payload[i];
    uint16_t crc = crc16_ccitt_false(body, (size_t)plen + 2);
    body[plen + 2] = (uint8_t)(crc >> 8);
    body[plen + 3] = (uint8_t)crc;
    size_t n = cobs_encode(body, (size_t)plen + 4, out);
    out[n++] = 0;
    return n;
}

int frame_parse(const uint8_t *packet, size_t len, uint8_t *buf, uint8_t *type, uint8_t *seq) {
    if (len == 0 || len > MAX_ENCODED) return -1;
    size_t n = cobs_decode(packet, len, buf);
    if (n < 4) return -1;
    uint16_t crc = crc16_ccitt_false(buf, n - 2);
    if ((uint8_t)(crc >> 8) != buf[n - 2] || (uint8_t)crc != buf[n - 1]) return -1;
    *type = buf[0];
    *seq = buf[1];
    /* the payload starts at buf + 2 */
    return (int)(n - 4);
}
