/* Runs tower.elf in simavr in real time with its UART on a pseudo-terminal (simavr's uart_pty
 * part), so that the host client (hardware/tower/client.py) talks to the firmware image as to a
 * board on a USB port. Prints "pty PATH" first. Reads commands on stdin, one line each, steps
 * separated by ';', run from the moment the line arrives:
 *   die MS      the beam broken for MS ms (a die; a long one is a jam)
 *   wait MS     the next step MS ms later
 *   button MS   the button held for MS ms
 *   quit
 * and prints "servo US" whenever the servo pulse width changes, "led R G B" when the LED does.
 * Usage: tower_pty_bridge tower.elf */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <simavr/avr_ioport.h>
#include <simavr/avr_uart.h>
#include <uart_pty.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>

#define HZ 16000000ULL
static avr_t *avr;
static avr_irq_t *beam, *button;
static avr_cycle_count_t rise;
static int servo_shown = -1000, led_shown = -1;
static uart_pty_t pty;

typedef struct { avr_cycle_count_t at; avr_irq_t *pin; int level; } step_t;
static step_t steps[256];
static int nsteps;

static void servo(avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq; (void)param;
    if (value & 1) { rise = avr->cycle; return; }
    if (!rise) return;
    int us = (int)((avr->cycle - rise) / 16);
    if (abs(us - servo_shown) > 50) { servo_shown = us; printf("servo %d\n", us); fflush(stdout); }
}

static void schedule(avr_cycle_count_t at, avr_irq_t *pin, int level) {
    if (nsteps < 256) steps[nsteps++] = (step_t){at, pin, level};
}

static int parse(char *line) {
    avr_cycle_count_t t = avr->cycle;
    for (char *cmd = strtok(line, ";\n"); cmd; cmd = strtok(NULL, ";\n")) {
        char word[16];
        double ms = 0;
        if (sscanf(cmd, " %15s %lf", word, &ms) < 1) continue;
        avr_cycle_count_t len = (avr_cycle_count_t)(ms * (HZ / 1000));
        if (!strcmp(word, "quit")) return 0;
        if (!strcmp(word, "wait")) t += len;
        else if (!strcmp(word, "die")) { schedule(t, beam, 0); t += len; schedule(t, beam, 1); }
        else if (!strcmp(word, "button")) { schedule(t, button, 0); t += len; schedule(t, button, 1); }
    }
    return 1;
}

static void nosleep(avr_t *a, avr_cycle_count_t howlong) { (void)a; (void)howlong; }

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s tower.elf\n", argv[0]); return 2; }
    elf_firmware_t fw;
    memset(&fw, 0, sizeof fw);
    if (elf_read_firmware(argv[1], &fw) != 0) { fprintf(stderr, "cannot read %s\n", argv[1]); return 2; }
    avr = avr_make_mcu_by_name("atmega328p");
    avr_init(avr);
    avr_load_firmware(avr, &fw);
    avr->frequency = HZ;
    avr->sleep = nosleep;
    avr->log = 0;
    uint32_t flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~(uint32_t)(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    uart_pty_init(avr, &pty);
    uart_pty_connect(&pty, '0');
    beam = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), 2);
    button = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), 3);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), 2), servo, NULL);
    avr_raise_irq(beam, 1);
    avr_raise_irq(button, 1);
    printf("pty %s\n", pty.pty.slavename);
    fflush(stdout);
    fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);

    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    char line[1024];
    size_t have = 0;
    for (;;) {
        avr_cycle_count_t next = avr->cycle + HZ / 1000; /* one emulated ms */
        while (avr->cycle < next) {
            for (int i = 0; i < nsteps; i++)
                if (steps[i].at <= avr->cycle) { avr_raise_irq(steps[i].pin, (uint32_t)steps[i].level); steps[i--] = steps[--nsteps]; }
            int state = avr_run(avr);
            if (state == cpu_Done || state == cpu_Crashed) { fprintf(stderr, "the core stopped\n"); return 1; }
        }
        int led = avr->data[0x2B] & 0xE0;
        if (led != led_shown) { led_shown = led; printf("led %d %d %d\n", !!(led & 0x20), !!(led & 0x40), !!(led & 0x80)); fflush(stdout); }
        ssize_t n = read(0, line + have, sizeof line - 1 - have);
        if (n == 0) break; /* stdin closed: the test is over */
        if (n > 0) {
            have += (size_t)n;
            line[have] = 0;
            char *nl;
            while ((nl = strchr(line, '\n'))) {
                *nl = 0;
                char cmd[1024];
                strcpy(cmd, line);
                memmove(line, nl + 1, strlen(nl + 1) + 1);
                have = strlen(line);
                if (!parse(cmd)) { uart_pty_stop(&pty); return 0; }
            }
        }
        /* real time: the emulated ms may not run ahead of the wall clock */
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        double wall = (double)(now.tv_sec - start.tv_sec) + (double)(now.tv_nsec - start.tv_nsec) / 1e9;
        double emu = (double)avr->cycle / (double)HZ;
        if (emu > wall) usleep((useconds_t)((emu - wall) * 1e6));
    }
    uart_pty_stop(&pty);
    return 0;
}
