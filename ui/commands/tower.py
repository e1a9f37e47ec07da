"""``tablesight tower``: the dice tower from the command line.

``list`` the serial ports (``--probe`` asks each for a hello), ``test [PORT]`` pings a tower
("tower v1.0 answered in 4 ms"), ``watch [PORT]`` prints its events, ``simulate`` runs a tower
on a pseudo-terminal (rolls on a timer or a key, faults on demand) so that all of this, and
``tablesight run --tower``, can be tried without hardware. See docs/tower.md.
"""

from __future__ import annotations

import argparse
import select
import sys
import time
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "tower",
        help="the serial dice tower: list ports, test, watch, or simulate one",
        description="The dice tower (docs/tower.md): find it, test it, watch its events, or run a "
                    "simulated tower on a pseudo-terminal.",
    )
    sub = p.add_subparsers(dest="tower_command", metavar="ACTION")
    ls = sub.add_parser("list", help="serial ports that may hold a tower")
    ls.add_argument("--probe", action="store_true", help="ask each port for a tower hello (slow: up to 2.5 s a port)")
    ls.set_defaults(handler=_list)
    for name, helptext, handler in (("test", "ping the tower and say how fast it answered", _test),
                                    ("watch", "print the tower's events until Ctrl-C", _watch)):
        t = sub.add_parser(name, help=helptext)
        t.add_argument("port", nargs="?", help="serial port or pty (default: the first port with a tower)")
        t.add_argument("--baud", type=int, default=115200)
        t.add_argument("--timeout", type=float, default=2.5, help="seconds to wait for the hello (default 2.5)")
        if name == "watch":
            t.add_argument("--seconds", type=float, default=0, help="stop after this long (0 = until Ctrl-C)")
        t.set_defaults(handler=handler)
    sim = sub.add_parser("simulate", help="a tower on a pseudo-terminal, for trying everything without hardware")
    sim.add_argument("--link", help="the stable path to create for its port (default: a temporary name)")
    sim.add_argument("--every", type=float, default=0.0, metavar="S", help="roll every S seconds (0 = only on a key)")
    sim.add_argument("--dice", type=int, default=3, help="dice per roll (default 3)")
    sim.add_argument("--settle-ms", type=int, default=400, help="quiet time that ends a roll (default 400)")
    sim.add_argument("--faults", default="", metavar="LIST",
                     help="e.g. noise=0.01,drop=0.02,reset=30,unplug=60,unplug_for=2,jam=90,seed=1 "
                          "(rates per byte / frame, periods in mean seconds)")
    sim.add_argument("--seconds", type=float, default=0, help="stop after this long (0 = until q or Ctrl-C)")
    sim.set_defaults(handler=_simulate)
    p.set_defaults(handler=lambda args: (p.print_help(), 2)[1])


def _port(args: argparse.Namespace) -> str:
    """The port named on the command line, or the first one a tower answers on."""
    from hardware.tower.client import TowerError, find_tower

    if args.baud <= 0 or args.timeout <= 0:
        raise TowerError("--baud and --timeout must be positive")
    port = args.port
    if port is None:
        found = find_tower(baud=args.baud, hello_timeout=args.timeout)
        if found is None:
            raise TowerError("no tower found on any serial port (tablesight tower list shows them; "
                             "tablesight tower simulate makes one)")
        port = found[0]
    return str(port)


def _connect(args: argparse.Namespace, on_event: Any = None, reconnect: bool = False) -> Any:
    from hardware.tower.client import TowerClient

    port = _port(args)
    client = TowerClient(port, baud=args.baud, on_event=on_event, reconnect=reconnect, hello_timeout=args.timeout)
    client.connect()
    return client


def _list(args: argparse.Namespace) -> int:
    from hardware.tower.client import find_tower, list_ports

    ports = list_ports()
    if not ports:
        print("no serial ports (plug the tower in; tablesight tower simulate makes a pretend one)")
        return 1
    for info in ports:
        mark = ""
        if args.probe:
            found = find_tower([info.device], hello_timeout=1.5)
            mark = f"  <- tower v{found[1].firmware}, id {found[1].uid:08x}" if found else "  (no tower)"
        likely = " (USB serial chip a tower may use)" if info.likely else ""
        print(f"{info.device}: {info.description}{likely}{mark}")
    return 0


def _test(args: argparse.Namespace) -> int:
    from hardware.tower.client import TowerError
    from hardware.tower.status import check_port

    port = _port(args)
    ok, sentence = check_port(port, baud=args.baud, timeout=args.timeout)
    if not ok:
        raise TowerError(sentence)
    print(sentence)
    return 0


def _watch(args: argparse.Namespace) -> int:
    client = _connect(args, on_event=lambda e: print(f"{time.strftime('%H:%M:%S')} {e.text}", flush=True),
                      reconnect=True)
    try:
        end = time.monotonic() + args.seconds if args.seconds > 0 else float("inf")
        while time.monotonic() < end:
            time.sleep(min(0.2, max(0.0, end - time.monotonic())))
    except KeyboardInterrupt:
        pass
    finally:
        client.close()
    s = client.stats
    print(f"{s.rolls} rolls, {s.disconnects} disconnections, {s.bad_frames} bad frames, "
          f"{s.duplicates} repeats ignored")
    return 0


KEYS = "r roll, b button, j jam, x reset, u unplug 2 s, p power cycle, q quit"


def _simulate(args: argparse.Namespace) -> int:
    from hardware.tower.simulator import Faults, TowerSimulator

    faults = Faults.parse(args.faults)
    if args.every < 0 or args.seconds < 0 or not 1 <= args.dice <= 30 or not 10 <= args.settle_ms <= 10000:
        raise ValueError("--every and --seconds must not be negative, --dice is 1-30, --settle-ms 10-10000")
    say = lambda line: print(f"{time.strftime('%H:%M:%S')} {line}", flush=True)  # noqa: E731
    sim = TowerSimulator(link=args.link, faults=faults, settle_ms=args.settle_ms, on_line=say)
    try:
        sim.start()
    except OSError as exc:
        raise ValueError(f"cannot create the simulated port: {exc}") from None
    print(f"simulated tower on {sim.link} (connect with: tablesight tower watch {sim.link})", flush=True)
    interactive = sys.stdin.isatty()
    print(f"keys (then Enter): {KEYS}" if interactive else "stdin is not a terminal: rolls on the timer only",
          flush=True)
    actions = {"r": lambda: sim.roll(args.dice, 40), "b": sim.button, "j": lambda: sim.jam(1.5),
               "x": sim.reset, "u": lambda: sim.unplug(2.0), "p": sim.power_cycle}
    next_roll = time.monotonic() + args.every if args.every else float("inf")
    end = time.monotonic() + args.seconds if args.seconds else float("inf")
    reported = 0
    try:
        while time.monotonic() < end:
            now = time.monotonic()
            if now >= next_roll:
                if sim.outbox_free > 0:
                    sim.roll(args.dice, 40)
                next_roll = now + args.every
            while reported < len(sim.completed):
                roll = sim.completed[reported]
                say(f"roll {roll.roll} settled with {roll.count} dice")
                reported += 1
            wait = min(0.1, max(0.0, end - now))
            if interactive and select.select([sys.stdin], [], [], wait)[0]:
                key = sys.stdin.readline().strip().lower()[:1]
                if key == "q":
                    break
                if key in actions:
                    actions[key]()
                elif key:
                    print(f"keys: {KEYS}", flush=True)
            elif not interactive:
                time.sleep(wait)
    except KeyboardInterrupt:
        pass
    finally:
        sim.close()
    print(f"stopped: {len(sim.completed)} rolls, {sim.resets} resets, {sim.unplugs} unplugs, "
          f"{sim.bytes_corrupted} bytes corrupted, {sim.frames_dropped} frames dropped", flush=True)
    return 0


def start_for_run(port: str, note: Any, on_settled: Any = None) -> Any:
    """The tower beside ``tablesight run``: connected in the background, its events printed as
    "tower: ..." lines; a "roll settled" calls ``on_settled`` (the pipeline reads the tray at
    the first quiet frame instead of waiting for the stillness gate). Returns the client, or
    None after one plain line when there is no tower: the game goes on from the camera alone."""
    from hardware.tower.client import TowerClient, TowerError, find_tower

    def show(event: Any) -> None:
        from hardware.tower.protocol import Heartbeat, RollSettled

        if isinstance(event.what, RollSettled) and on_settled is not None:
            on_settled()
        if not isinstance(event.what, Heartbeat):
            note(f"tower: {event.text}")

    try:
        if port == "auto":
            found = find_tower()
            if found is None:
                raise TowerError("no tower found on any serial port")
            port = found[0]
        client = TowerClient(port, on_event=show)
        client.connect()
    except TowerError as exc:
        note(f"tower: {exc}; going on from the camera alone")
        return None
    return client
