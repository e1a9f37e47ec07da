/* TableSight dice tower, reference firmware for an ATmega328P at 16 MHz (Arduino Uno / Nano).
 *
 * Wiring (docs/tower.md): break-beam receiver on D2 (PD2/INT0, LOW = beam broken), button on D3
 * (PD3, to GND), servo signal on D10 (PB2/OC1B), RGB LED on D5/D6/D7 (PD5-7), status LED D13 (PB5).
 * Serial 115200 8N1 on the USB port.
 *
 * Dice are counted in the INT0 interrupt, from beam edges timed to 4 us: a break counts as a die
 * when the beam was clear for at least BEAM_GAP_US before it (a die's edge chatters as it enters
 * the beam; two dice a few ms apart are still two). Everything else runs in the main loop on a
 * 1 ms tick: settle (no die for settle_ms), jam (beam blocked for jam_ms), button, servo gate,
 * heartbeat, the reliable-event outbox. The outbox, roll counter and sequence number live in
 * .noinit RAM guarded by a magic number and a CRC: a reset (watchdog, reset button) keeps them,
 * so a roll that settled but was not yet acknowledged is sent again after the reset. */

#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/wdt.h>
#include <string.h>
#include <util/atomic.h>

#include "proto.h"

#ifndef F_CPU
#define F_CPU 16000000UL
#endif
#define BAUD 115200UL
#define BEAM_GAP_US 300u
#define RETRY_MS 100u
#define OUTBOX_SIZE 16
#define SERVO_CLOSED 2000u /* OCR1B ticks of 0.5 us: 1.0 ms pulse */
#define SERVO_OPEN 4000u   /* 2.0 ms pulse */
#define NOINIT_MAGIC 0x70E5u

/* ---- state that survives a reset ---------------------------------------------------------- */
typedef struct {
    uint8_t type, seq, len;
    uint8_t payload[6];
} event_t;

typedef struct {
    uint16_t magic;
    uint16_t epoch;
    uint16_t roll;
    uint8_t seq;
    uint8_t head, count, dropped;
    event_t outbox[OUTBOX_SIZE];
    uint16_t crc;
} noinit_t;

static noinit_t nv __attribute__((section(".noinit")));
static uint8_t reset_cause __attribute__((section(".noinit")));

/* capture and clear the reset cause before anything else, and stop a watchdog left running */
void early_init(void) __attribute__((naked, used, section(".init3")));
void early_init(void) {
    reset_cause = MCUSR;
    MCUSR = 0;
    wdt_disable();
}

static void nv_commit(void) { nv.crc = crc16_ccitt_false((const uint8_t *)&nv, offsetof(noinit_t, crc)); }
static uint8_t nv_valid(void) {
    return nv.magic == NOINIT_MAGIC && nv.count <= OUTBOX_SIZE && nv.head < OUTBOX_SIZE &&
           nv.crc == crc16_ccitt_false((const uint8_t *)&nv, offsetof(noinit_t, crc));
}

/* ---- EEPROM: the tower's id and its power-on count ------------------------------------------ */
static uint32_t EEMEM ee_uid;
static uint16_t EEMEM ee_epoch;
static uint32_t uid;

/* ---- time ------------------------------------------------------------------------------------ */
static volatile uint32_t ms_now;
ISR(TIMER0_COMPA_vect) { ms_now++; }
static uint32_t millis(void) {
    uint32_t t;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { t = ms_now; }
    return t;
}

/* ---- UART --------------------------------------------------------------------------------- */
static uint8_t tx_buf[128];
static volatile uint8_t tx_head, tx_tail;
static uint8_t rx_buf[64];
static volatile uint8_t rx_head, rx_tail;

ISR(USART_RX_vect) {
    uint8_t b = UDR0, next = (uint8_t)((rx_head + 1) & 63);
    if (next != rx_tail) { rx_buf[rx_head] = b; rx_head = next; }
}
ISR(USART_UDRE_vect) {
    if (tx_head == tx_tail) { UCSR0B &= (uint8_t)~_BV(UDRIE0); return; }
    UDR0 = tx_buf[tx_tail];
    tx_tail = (uint8_t)((tx_tail + 1) & 127);
}
static void uart_put(uint8_t b) {
    uint8_t next = (uint8_t)((tx_head + 1) & 127);
    while (next == tx_tail) wdt_reset(); /* full: wait for the interrupt to drain it */
    tx_buf[tx_head] = b;
    tx_head = next;
    UCSR0B |= _BV(UDRIE0);
}
static void uart_init(void) {
    UCSR0A = _BV(U2X0);
    UBRR0 = (uint16_t)((F_CPU / (8UL * BAUD)) - 1); /* 16: 115200 at -2.1 %, 2.2 % tolerance */
    UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
}

/* ---- sending ----------------------------------------------------------------------------------- */
static void send_frame(uint8_t type, uint8_t seq, const uint8_t *payload, uint8_t len) {
    uint8_t wire[MAX_ENCODED + 1];
    size_t n = frame_build(type, seq, payload, len, wire);
    for (size_t i = 0; i < n; i++) uart_put(wire[i]);
}
static uint8_t next_seq(void) { nv.seq++; nv_commit(); return nv.seq; }
static void send(uint8_t type, const uint8_t *payload, uint8_t len) { send_frame(type, next_seq(), payload, len); }

static uint32_t head_sent_ms;
static void send_head(uint8_t times) {
    if (!nv.count) return;
    event_t *e = &nv.outbox[nv.head];
    while (times--) send_frame(e->type, e->seq, e->payload, e->len);
    head_sent_ms = millis();
}
static void reliable(uint8_t type, const uint8_t *payload, uint8_t len) {
    if (nv.count >= OUTBOX_SIZE) { if (nv.dropped < 255) nv.dropped++; nv_commit(); return; }
    uint8_t seq = next_seq();
    if (nv.count && nv.outbox[(nv.head + nv.count - 1) % OUTBOX_SIZE].seq == seq) seq = next_seq();
    event_t *e = &nv.outbox[(nv.head + nv.count) % OUTBOX_SIZE];
    e->type = type; e->seq = seq; e->len = len;
    memcpy(e->payload, payload, len);
    nv.count++;
    nv_commit();
    if (nv.count == 1) send_head(2); /* twice at once: one corrupted copy costs no latency */
}

/* ---- configuration and state (cleared by a reset) ---------------------------------------------- */
static uint16_t settle_ms = 400, jam_ms = 800, heartbeat_ms = 1000;
static uint8_t roll_count, roll_open, jammed;
static uint32_t roll_first_ms, roll_last_ms, gate_until_ms, next_heartbeat_ms;
static int16_t last_cmd = -1; /* (seq << 8 | type) of the last command executed, -1 none */
static uint8_t led_r, led_g, led_b;

/* beam: counted in the interrupt, taken by the main loop */
static volatile uint8_t dice_pending;
static volatile uint8_t beam_blocked;
static volatile uint32_t beam_blocked_since_ms;
static volatile uint32_t beam_clear_since_us;

static uint32_t micros_isr(void) { /* interrupts off */
    uint32_t m = ms_now;
    uint8_t t = TCNT0;
    if ((TIFR0 & _BV(OCF0A)) && t < 125) m++; /* the tick is due but not yet served */
    return m * 1000u + (uint32_t)t * 4u;
}
ISR(INT0_vect) {
    uint32_t now = micros_isr();
    if (!(PIND & _BV(PD2))) { /* beam broken */
        if (!beam_blocked) {
            if (now - beam_clear_since_us >= BEAM_GAP_US) dice_pending++;
            beam_blocked = 1;
            beam_blocked_since_ms = ms_now;
        }
    } else if (beam_blocked) {
        beam_blocked = 0;
        beam_clear_since_us = now;
    }
}

static void put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }

static void hello(uint8_t boot) {
    uint8_t p[11] = {PROTO_VERSION, FW_MAJOR, FW_MINOR, (uint8_t)(uid >> 24), (uint8_t)(uid >> 16),
                     (uint8_t)(uid >> 8), (uint8_t)uid, 0, 0, 0x07, boot};
    put16(p + 7, nv.epoch);
    send(MSG_HELLO, p, sizeof p);
}

static void apply_led(void) {
    uint8_t port = PORTD & (uint8_t)~(_BV(PD5) | _BV(PD6) | _BV(PD7));
    if (led_r >= 128) port |= _BV(PD5);
    if (led_g >= 128) port |= _BV(PD6);
    if (led_b >= 128) port |= _BV(PD7);
    PORTD = port;
}

static void new_roll(uint8_t cause, uint32_t now) {
    nv.roll++;
    if (!nv.roll) nv.roll = 1;
    nv_commit();
    roll_first_ms = now;
    uint8_t p[3];
    put16(p, nv.roll); p[2] = cause;
    send(MSG_ROLL_STARTED, p, 3);
}

/* ---- commands ---------------------------------------------------------------------------------- */
static void handle(uint8_t type, uint8_t seq, const uint8_t *p, int len) {
    uint8_t ack[4] = {seq, type, 0, 0}, acklen = 2;
    if (type == MSG_ACK) {
        if (len >= 2 && nv.count && nv.outbox[nv.head].seq == p[0] && nv.outbox[nv.head].type == p[1]) {
            nv.head = (uint8_t)((nv.head + 1) % OUTBOX_SIZE);
            nv.count--;
            nv_commit();
            send_head(2);
        }
        return;
    }
    if (type == MSG_NACK) return;
    static const uint8_t need[] = {2, 2, 2, 3, 6}; /* payload sizes of 0x40-0x44 */
    if (type < CMD_HOST_HELLO || type > CMD_CONFIGURE) {
        uint8_t n[3] = {seq, type, NACK_UNKNOWN};
        send(MSG_NACK, n, 3);
        return;
    }
    if (len < need[type - CMD_HOST_HELLO]) {
        uint8_t n[3] = {seq, type, NACK_BAD_PAYLOAD};
        send(MSG_NACK, n, 3);
        return;
    }
    int16_t key = (int16_t)(((uint16_t)seq << 8) | type);
    uint8_t repeat = key == last_cmd;
    last_cmd = key;
    switch (type) {
    case CMD_HOST_HELLO:
        if (p[0] > PROTO_VERSION || p[1] < PROTO_VERSION) {
            uint8_t n[3] = {seq, type, NACK_VERSION};
            send(MSG_NACK, n, 3);
            hello(0);
            return;
        }
        send(MSG_ACK, ack, acklen);
        hello(0);
        return;
    case CMD_PING:
        ack[2] = p[0]; ack[3] = p[1]; acklen = 4;
        break;
    case CMD_RELEASE:
        if (repeat) break;
        if (nv.count >= OUTBOX_SIZE) {
            uint8_t n[3] = {seq, type, NACK_BUSY};
            send(MSG_NACK, n, 3);
            return;
        }
        send(MSG_ACK, ack, acklen);
        gate_until_ms = millis() + (((uint16_t)p[0] << 8) | p[1]);
        if (!gate_until_ms) gate_until_ms = 1;
        /* a release that drops no die still settles (0 dice), settle_ms after the gate closes */
        OCR1B = SERVO_OPEN;
        roll_count = 0;
        roll_open = 1;
        new_roll(1, millis());
        return;
    case CMD_SET_LED:
        if (!repeat) { led_r = p[0]; led_g = p[1]; led_b = p[2]; apply_led(); }
        break;
    case CMD_CONFIGURE: {
        uint16_t s = ((uint16_t)p[0] << 8) | p[1], j = ((uint16_t)p[2] << 8) | p[3],
                 h = ((uint16_t)p[4] << 8) | p[5];
        if (s) settle_ms = s;
        if (j) jam_ms = j;
        if (h) heartbeat_ms = h;
        break;
    }
    }
    send(MSG_ACK, ack, acklen);
}

static uint8_t pkt[MAX_ENCODED + 1];
static uint8_t pkt_len, pkt_overflow;
static void poll_rx(void) {
    while (rx_tail != rx_head) {
        uint8_t b = rx_buf[rx_tail];
        rx_tail = (uint8_t)((rx_tail + 1) & 63);
        if (b != 0) {
            if (pkt_len < sizeof pkt) pkt[pkt_len++] = b; else pkt_overflow = 1;
            continue;
        }
        if (pkt_len && !pkt_overflow) {
            uint8_t buf[MAX_FRAME + 2], type, seq;
            int len = frame_parse(pkt, pkt_len, buf, &type, &seq);
            if (len >= 0) handle(type, seq, buf + 2, len);
        }
        pkt_len = 0;
        pkt_overflow = 0;
    }
}

/* ---- main -------------------------------------------------------------------------------------- */
int main(void) {
    uint8_t cause = reset_cause;
    /* optiboot clears MCUSR before the sketch runs: no flag at all reads as "reset"; a real
     * power-on still starts a new epoch because random RAM fails the .noinit magic and CRC */
    uint8_t boot = (cause & _BV(WDRF)) ? 3 : (cause & _BV(BORF)) ? 4 : 2;
    if ((cause & _BV(PORF)) || !nv_valid()) {
        boot = 1; /* power-on (or RAM that cannot be trusted): a new epoch, nothing pending */
        uint16_t epoch = eeprom_read_word(&ee_epoch);
        epoch = (epoch == 0xFFFF) ? 1 : (uint16_t)(epoch + 1);
        eeprom_update_word(&ee_epoch, epoch);
        memset(&nv, 0, sizeof nv);
        nv.magic = NOINIT_MAGIC;
        nv.epoch = epoch;
        nv_commit();
    }
    uid = eeprom_read_dword(&ee_uid);

    /* pins */
    DDRB = _BV(PB2) | _BV(PB5);
    DDRD = _BV(PD1) | _BV(PD5) | _BV(PD6) | _BV(PD7);
    PORTD = _BV(PD2) | _BV(PD3); /* pull-ups: beam receiver (open collector) and button */

    /* timer 0: 1 ms tick (16 MHz / 64 / 250) */
    TCCR0A = _BV(WGM01);
    TCCR0B = _BV(CS01) | _BV(CS00);
    OCR0A = 249;
    TIMSK0 = _BV(OCIE0A);
    /* timer 1: 50 Hz servo PWM on OC1B (fast PWM, TOP = OCR1A), 0.5 us ticks */
    TCCR1A = _BV(COM1B1) | _BV(WGM11) | _BV(WGM10);
    TCCR1B = _BV(WGM13) | _BV(WGM12) | _BV(CS11);
    OCR1A = 39999;
    OCR1B = SERVO_CLOSED;
    /* INT0 on any edge */
    EICRA = _BV(ISC00);
    EIMSK = _BV(INT0);
    uart_init();

    if (uid == 0xFFFFFFFFUL || uid == 0) { /* first boot: an id from ADC noise and timer jitter */
        ADMUX = _BV(REFS0);
        ADCSRA = _BV(ADEN) | _BV(ADPS2) | _BV(ADPS1) | _BV(ADPS0);
        uint32_t seed = 0x9E3779B9UL ^ nv.epoch;
        for (uint8_t i = 0; i < 32; i++) {
            ADCSRA |= _BV(ADSC);
            while (ADCSRA & _BV(ADSC)) {}
            seed = (seed << 5) ^ (seed >> 27) ^ ADC ^ TCNT0 ^ ((uint32_t)TCNT1 << 16);
        }
        ADCSRA = 0;
        uid = seed ? seed : 1;
        eeprom_update_dword(&ee_uid, uid);
    }
    wdt_enable(WDTO_1S);
    sei();

    uart_put(0); /* cut off any half frame sent before the reset */
    hello(boot);
    next_heartbeat_ms = millis() + heartbeat_ms;
    if (nv.count) send_head(2);

    uint8_t button_down = 0;
    uint32_t button_since = 0;
    for (;;) {
        wdt_reset();
        uint32_t now = millis();
        poll_rx();

        uint8_t dice;
        ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { dice = dice_pending; dice_pending = 0; }
        while (dice--) {
            if (!roll_count && !roll_open) new_roll(0, now);
            roll_open = 0;
            if (roll_count < 255) roll_count++;
            roll_last_ms = now;
            uint8_t p[3];
            put16(p, nv.roll); p[2] = roll_count;
            send(MSG_DIE_PASSED, p, 3);
            PINB = _BV(PB5); /* toggle the status LED */
        }

        uint8_t blocked;
        uint32_t since;
        ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { blocked = beam_blocked; since = beam_blocked_since_ms; }
        if (blocked && !jammed && now - since >= jam_ms) {
            jammed = 1;
            uint8_t p[5];
            put16(p, nv.roll); put16(p + 2, jam_ms); p[4] = 0;
            reliable(MSG_JAM, p, 5);
        } else if (!blocked && jammed) {
            jammed = 0;
            uint32_t held = now - since;
            uint8_t p[5];
            put16(p, nv.roll); put16(p + 2, held > 0xFFFF ? 0xFFFF : (uint16_t)held); p[4] = 1;
            reliable(MSG_JAM, p, 5);
            roll_last_ms = now; /* settle counts from the jam clearing */
        }

        if ((roll_count || (roll_open && !gate_until_ms)) && !jammed && !blocked && now - roll_last_ms >= settle_ms) {
            uint32_t d = roll_last_ms - roll_first_ms;
            uint8_t p[5];
            put16(p, nv.roll); p[2] = roll_count; put16(p + 3, d > 0xFFFF ? 0xFFFF : (uint16_t)d);
            roll_count = 0;
            roll_open = 0;
            reliable(MSG_ROLL_SETTLED, p, 5);
        }

        uint8_t pressed = !(PIND & _BV(PD3));
        if (pressed && !button_down && now - button_since >= 20) { button_down = 1; button_since = now; }
        else if (!pressed && button_down && now - button_since >= 20) {
            uint8_t p[2] = {0, (uint8_t)(now - button_since >= 1000)};
            button_down = 0;
            button_since = now;
            reliable(MSG_BUTTON, p, 2);
        }

        if (gate_until_ms && (int32_t)(now - gate_until_ms) >= 0) {
            gate_until_ms = 0;
            OCR1B = SERVO_CLOSED;
            if (roll_open) roll_last_ms = now; /* settle_ms counts from the gate closing */
        }
        if (nv.count && now - head_sent_ms >= RETRY_MS) send_head(1);
        if ((int32_t)(now - next_heartbeat_ms) >= 0) {
            next_heartbeat_ms = now + heartbeat_ms;
            uint8_t p[9], state = jammed ? 2 : roll_count ? 1 : gate_until_ms ? 3 : 0;
            p[0] = (uint8_t)(now >> 24); p[1] = (uint8_t)(now >> 16); p[2] = (uint8_t)(now >> 8); p[3] = (uint8_t)now;
            p[4] = state; put16(p + 5, nv.roll); p[7] = nv.count; p[8] = nv.dropped;
            send(MSG_HEARTBEAT, p, 9);
        }
    }
}
