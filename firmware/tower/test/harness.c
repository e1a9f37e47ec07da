/* Runs the tower firmware image (tower.elf) in simavr and checks it the way the host sees it:
 * the UART is connected to this harness (which speaks the protocol through the same proto.c),
 * the break-beam (PD2) and button (PD3) pins are driven with cycle-exact timing, and the servo
 * pin (PB2/OC1B, D10) and LED port are observed. Prints one PASS/FAIL line per check; exit 0 when all
 * pass. Usage: tower_sim_test tower.elf */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simavr/avr_ioport.h>
#include <simavr/avr_uart.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>

#include "proto.h"

#define HZ 16000000ULL
#define MS(x) ((avr_cycle_count_t)((x) * (HZ / 1000)))
#define US(x) ((avr_cycle_count_t)((x) * (HZ / 1000000)))

static avr_t *avr;
static int failures, checks;

typedef struct { uint8_t type, seq; uint8_t p[MAX_PAYLOAD]; int len; avr_cycle_count_t at; } frame_t;
static frame_t frames[4096];
static int nframes, bad_frames;
static uint8_t acc[256];
static size_t acclen;

static uint8_t txq[4096];
static size_t txq_head, txq_len;
static avr_cycle_count_t next_feed;
static avr_irq_t *uart_in, *beam, *button;

static avr_cycle_count_t servo_rise;
static double servo_us[64]; /* the last pulse widths, most recent last */
static int nservo;

static void uart_out(avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq; (void)param;
    uint8_t b = (uint8_t)value;
    if (b != 0) { if (acclen < sizeof acc) acc[acclen++] = b; return; }
    if (acclen) {
        uint8_t buf[MAX_FRAME + 4], type, seq;
        int len = frame_parse(acc, acclen, buf, &type, &seq);
        if (len < 0) bad_frames++;
        else if (nframes < 4096) {
            frame_t *f = &frames[nframes++];
            f->type = type; f->seq = seq; f->len = len; f->at = avr->cycle;
            memcpy(f->p, buf + 2, (size_t)len);
        }
    }
    acclen = 0;
}

static void servo_pin(avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq; (void)param;
    value &= 1; /* the comparator IRQ carries AVR_IOPORT_OUTPUT in its upper bits */
    if (value) servo_rise = avr->cycle;
    else if (servo_rise) {
        if (nservo == 64) { memmove(servo_us, servo_us + 1, sizeof servo_us - sizeof *servo_us); nservo--; }
        servo_us[nservo++] = (double)(avr->cycle - servo_rise) / 16.0;
    }
}

static void nosleep(avr_t *a, avr_cycle_count_t howlong) { (void)a; (void)howlong; }

static void run_for(avr_cycle_count_t cycles) {
    avr_cycle_count_t end = avr->cycle + cycles;
    while (avr->cycle < end) {
        if (txq_len && avr->cycle >= next_feed) { /* one byte per 100 us: 115200 baud pace */
            avr_raise_irq(uart_in, txq[txq_head]);
            txq_head = (txq_head + 1) % sizeof txq;
            txq_len--;
            next_feed = avr->cycle + US(100);
        }
        int state = avr_run(avr);
        if (state == cpu_Done || state == cpu_Crashed) { printf("FAIL the core stopped (state %d)\n", state); exit(1); }
    }
}
static void run_ms(double ms) { run_for(MS(ms)); }

static void host_bytes(const uint8_t *b, size_t n) {
    for (size_t i = 0; i < n && txq_len < sizeof txq; i++) { txq[(txq_head + txq_len) % sizeof txq] = b[i]; txq_len++; }
}
static uint8_t host_seq;
static uint8_t host_send(uint8_t type, const uint8_t *p, uint8_t len) {
    uint8_t wire[MAX_ENCODED + 1];
    uint8_t seq = ++host_seq;
    host_bytes(wire, frame_build(type, seq, p, len, wire));
    return seq;
}
static void host_resend(uint8_t type, uint8_t seq, const uint8_t *p, uint8_t len) {
    uint8_t wire[MAX_ENCODED + 1];
    host_bytes(wire, frame_build(type, seq, p, len, wire));
}
static void ack(const frame_t *f) { uint8_t p[2] = {f->seq, f->type}; host_send(MSG_ACK, p, 2); }

static void check(int ok, const char *fmt, ...) {
    va_list ap;
    checks++;
    failures += !ok;
    printf("%s ", ok ? "PASS" : "FAIL");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
}

static int find(int from, uint8_t type) {
    for (int i = from; i < nframes; i++) if (frames[i].type == type) return i;
    return -1;
}
static int count_type(int from, uint8_t type) {
    int n = 0;
    for (int i = from; i < nframes; i++) n += frames[i].type == type;
    return n;
}
static unsigned u16(const uint8_t *p) { return ((unsigned)p[0] << 8) | p[1]; }

/* a die: the beam broken for `ms`; with `bounce`, it flickers clear for 50 us in the middle */
static void die(double ms, int bounce) {
    avr_raise_irq(beam, 0);
    if (bounce) { run_ms(ms / 2); avr_raise_irq(beam, 1); run_for(US(50)); avr_raise_irq(beam, 0); run_ms(ms / 2); }
    else run_ms(ms);
    avr_raise_irq(beam, 1);
}

/* wait for the roll to settle; acknowledge its ROLL_SETTLED; return its count (-1 none) */
static int settled(int from, unsigned *roll) {
    run_ms(500);
    int i = find(from, MSG_ROLL_SETTLED);
    if (i < 0) return -1;
    if (roll) *roll = u16(frames[i].p);
    ack(&frames[i]);
    run_ms(20);
    return frames[i].p[2];
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s tower.elf\n", argv[0]); return 2; }
    elf_firmware_t fw;
    memset(&fw, 0, sizeof fw);
    if (elf_read_firmware(argv[1], &fw) != 0) { printf("FAIL cannot read %s\n", argv[1]); return 2; }
    avr = avr_make_mcu_by_name("atmega328p");
    if (!avr) { printf("FAIL simavr has no atmega328p\n"); return 2; }
    avr_init(avr);
    avr_load_firmware(avr, &fw);
    avr->frequency = HZ;
    avr->sleep = nosleep;
    avr->log = 0;

    uint32_t flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~(uint32_t)(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    uart_in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), uart_out, NULL);
    beam = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), 2);
    button = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), 3);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), 2), servo_pin, NULL); /* D10, OC1B */
    avr_raise_irq(beam, 1);
    avr_raise_irq(button, 1);

    /* 1. hello at boot, then version negotiation */
    run_ms(60);
    int i = find(0, MSG_HELLO);
    check(i >= 0 && frames[i].p[0] == PROTO_VERSION, "hello at boot (protocol %d, boot cause %d)",
          i >= 0 ? frames[i].p[0] : -1, i >= 0 ? frames[i].p[10] : -1);
    unsigned epoch = i >= 0 ? u16(frames[i].p + 7) : 0;
    int mark = nframes;
    uint8_t hh[2] = {1, 1};
    uint8_t s = host_send(CMD_HOST_HELLO, hh, 2);
    run_ms(10);
    int a = find(mark, MSG_ACK), h = find(mark, MSG_HELLO);
    check(a >= 0 && frames[a].p[0] == s && h >= 0 && frames[h].p[10] == 0 && frames[h].p[1] == FW_MAJOR,
          "host hello answered: ack and hello v%d.%d", h >= 0 ? frames[h].p[1] : -1, h >= 0 ? frames[h].p[2] : -1);
    mark = nframes;
    uint8_t v2[2] = {2, 3};
    s = host_send(CMD_HOST_HELLO, v2, 2);
    run_ms(10);
    i = find(mark, MSG_NACK);
    check(i >= 0 && frames[i].p[0] == s && frames[i].p[2] == NACK_VERSION, "a host that needs protocol 2-3 is refused (nack: version)");

    /* 2. ping, through garbage first */
    uint8_t junk[] = {0x13, 0x37, 0xFF, 0x00, 0x55, 0xAA, 0x01, 0x02, 0x00, 0x00, 0x99};
    host_bytes(junk, sizeof junk);
    mark = nframes;
    uint8_t tok[2] = {0xBE, 0xEF};
    s = host_send(CMD_PING, tok, 2);
    run_ms(10);
    int tries = 1;
    if (find(mark, MSG_ACK) < 0) { /* the garbage ended without a delimiter and ate the frame: retry */
        host_resend(CMD_PING, s, tok, 2);
        run_ms(10);
        tries++;
    }
    a = find(mark, MSG_ACK);
    check(a >= 0 && frames[a].p[0] == s && frames[a].len == 4 && frames[a].p[2] == 0xBE && frames[a].p[3] == 0xEF,
          "ping after garbage on the line: ack echoes the token (try %d)", tries);
    avr_cycle_count_t sent = avr->cycle;
    mark = nframes;
    s = host_send(CMD_PING, tok, 2);
    run_ms(10);
    a = find(mark, MSG_ACK);
    check(a >= 0, "ping round trip %.2f ms in emulated time (115200 baud)", a >= 0 ? (double)(frames[a].at - sent) / 16000.0 : -1.0);
    mark = nframes;
    uint8_t unknown[1] = {1};
    s = host_send(0x55, unknown, 1);
    run_ms(10);
    i = find(mark, MSG_NACK);
    check(i >= 0 && frames[i].p[2] == NACK_UNKNOWN, "an unknown command is refused, not fatal (nack: unknown)");

    /* 3. two dice 5 ms apart */
    mark = nframes;
    die(2, 0);
    run_ms(3);
    die(2, 0);
    unsigned roll = 0;
    int n = settled(mark, &roll);
    int started = count_type(mark, MSG_ROLL_STARTED), passed = count_type(mark, MSG_DIE_PASSED);
    check(n == 2 && started == 1 && passed == 2, "two dice 5 ms apart: settled with %d (1 roll started: %d, die passed x%d)",
          n, started, passed);

    /* 4. five dice, one bouncing, gaps 4-25 ms */
    mark = nframes;
    double gaps[] = {10, 4, 25, 7};
    die(1.5, 1);
    for (int k = 0; k < 4; k++) { run_ms(gaps[k]); die(2, 0); }
    run_ms(800); /* settles at 400 ms, then repeats for 400 ms */
    i = find(mark, MSG_ROLL_SETTLED);
    n = i >= 0 ? frames[i].p[2] : -1;
    check(n == 5 && u16(frames[i].p) == roll + 1, "five dice (one chattering 50 us) counted exactly: %d, roll %u", n,
          i >= 0 ? u16(frames[i].p) : 0);

    /* 5. an unacknowledged settle is repeated (same seq) until acknowledged, then stops */
    int copies = 0;
    for (int k = mark; k < nframes; k++) copies += frames[k].type == MSG_ROLL_SETTLED && frames[k].seq == frames[i].seq;
    check(copies >= 5 && copies <= 7, "unacknowledged settle sent twice at once then every 100 ms: %d copies in 400 ms", copies);
    ack(&frames[i]);
    run_ms(30);
    mark = nframes;
    run_ms(300);
    check(count_type(mark, MSG_ROLL_SETTLED) == 0, "acknowledged: no more repeats");

    /* 6. jam: the beam blocked for 1.2 s */
    mark = nframes;
    avr_cycle_count_t t0 = avr->cycle;
    avr_raise_irq(beam, 0);
    run_ms(2100);
    i = find(mark, MSG_JAM);
    double jam_at = i >= 0 ? (double)(frames[i].at - t0) / 16000.0 : -1;
    check(i >= 0 && frames[i].p[4] == 0 && jam_at >= 795 && jam_at <= 830, "jam reported %.0f ms after the beam blocked (jam_ms 800)", jam_at);
    if (i >= 0) ack(&frames[i]);
    int hb = -1;
    for (int k = i < 0 ? mark : i; k < nframes; k++) if (frames[k].type == MSG_HEARTBEAT) hb = k;
    check(hb >= 0 && frames[hb].p[4] == 2, "the heartbeat after the jam says jammed");
    avr_raise_irq(beam, 1);
    mark = nframes;
    run_ms(50);
    i = find(mark, MSG_JAM);
    check(i >= 0 && frames[i].p[4] == 1 && u16(frames[i].p + 2) >= 2090, "jam cleared after %u ms", i >= 0 ? u16(frames[i].p + 2) : 0);
    if (i >= 0) ack(&frames[i]);
    n = settled(mark, NULL);
    check(n == 1, "the jammed die settles as a roll of 1 once clear: %d", n);

    /* 7. release: the servo opens (2.0 ms pulses) then closes (1.0 ms) */
    run_ms(60);
    double closed = nservo ? servo_us[nservo - 1] : -1;
    mark = nframes;
    uint8_t open_ms[2] = {0x02, 0x58}; /* 600 ms */
    s = host_send(CMD_RELEASE, open_ms, 2);
    run_ms(100);
    double opened = nservo ? servo_us[nservo - 1] : -1;
    a = find(mark, MSG_ACK);
    i = find(mark, MSG_ROLL_STARTED);
    check(a >= 0 && frames[a].p[0] == s && i >= 0 && frames[i].p[2] == 1, "release acknowledged, roll started (cause: release)");
    check(closed > 990 && closed < 1010 && opened > 1990 && opened < 2010,
          "servo driven on release: pulse %.0f us closed, %.0f us open (50 Hz)", closed, opened);
    run_ms(600);
    double reclosed = nservo ? servo_us[nservo - 1] : -1;
    check(reclosed > 990 && reclosed < 1010, "gate closed again after 600 ms: pulse %.0f us", reclosed);
    /* the same release again with the same seq: acknowledged, not executed */
    mark = nframes;
    host_resend(CMD_RELEASE, s, open_ms, 2);
    run_ms(60);
    double still = nservo ? servo_us[nservo - 1] : -1;
    check(find(mark, MSG_ACK) >= 0 && count_type(mark, MSG_ROLL_STARTED) == 0 && still < 1010,
          "a repeated release (lost ack) is acknowledged but not executed twice");
    /* the released dice fall: they belong to the released roll */
    die(2, 0);
    run_ms(5);
    die(2, 0);
    unsigned r2 = 0;
    n = settled(mark, &r2);
    check(n == 2 && r2 == u16(frames[i].p), "released dice counted in the released roll (%u): %d", r2, n);

    /* 8. LED and button */
    uint8_t magenta[3] = {255, 0, 200};
    host_send(CMD_SET_LED, magenta, 3);
    run_ms(10);
    uint8_t portd = avr->data[0x2B];
    check((portd & 0xE0) == 0xA0, "LED magenta: D5 and D7 on, D6 off (PORTD 0x%02x)", portd);
    mark = nframes;
    avr_raise_irq(button, 0);
    run_ms(100);
    avr_raise_irq(button, 1);
    run_ms(50);
    i = find(mark, MSG_BUTTON);
    check(i >= 0 && frames[i].p[1] == 0, "button press reported");
    if (i >= 0) ack(&frames[i]);
    run_ms(20);

    /* 9. a reset with a settled roll not yet acknowledged: sent again after the reboot */
    mark = nframes;
    die(2, 0);
    run_ms(450);
    i = find(mark, MSG_ROLL_SETTLED);
    unsigned pending = i >= 0 ? u16(frames[i].p) : 0;
    uint8_t pending_seq = i >= 0 ? frames[i].seq : 0;
    avr_reset(avr);
    avr_raise_irq(beam, 1);
    avr_raise_irq(button, 1);
    mark = nframes;
    run_ms(200);
    h = find(mark, MSG_HELLO);
    i = find(mark, MSG_ROLL_SETTLED);
    check(h >= 0 && u16(frames[h].p + 7) == epoch && frames[h].p[10] != 1,
          "after a reset: hello (boot cause %d), same epoch %u", h >= 0 ? frames[h].p[10] : -1, epoch);
    check(i >= 0 && u16(frames[i].p) == pending && frames[i].seq == pending_seq,
          "the roll settled before the reset (%u) is sent again with its seq", pending);
    if (i >= 0) ack(&frames[i]);
    run_ms(20);

    printf("%d frames decoded, %d bad frames from the firmware\n", nframes, bad_frames);
    check(bad_frames == 0, "every frame from the firmware had a good CRC");
    printf("%s: %d of %d checks passed\n", failures ? "FAILED" : "OK", checks - failures, checks);
    return failures ? 1 : 0;
}
