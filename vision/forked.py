"""One read of a photo done in a forked child process while the parent reads the rest.

A finished table's readers are Python and NumPy: two threads share one interpreter and gained
nothing (session 42 measured the Open Season fans on a thread), so an independent read runs in
a child made by ``fork`` (about 10 ms: the child shares the parent's memory, readers and photo
included, and sends back only its result). Where ``fork`` is missing (Windows), where it fails,
or where the child dies without an answer, the read is done in the parent when its result is
asked: a lost child never loses the score, it only costs the time it would have saved. A child is
forked only while OpenCV runs its loops on the calling thread (``opencv_on_the_calling_thread``):
its worker threads may hold its locks at the fork."""

from __future__ import annotations

import contextlib
import functools
import os
import pickle
import select
import sys
import traceback
from typing import Callable, Generic, Iterator, ParamSpec, Sequence, TypeVar

T = TypeVar("T")
U = TypeVar("U")
P = ParamSpec("P")

_OK, _RAISED = "ok", "raised"

FORK_ENV = "TABLESIGHT_FORK_READS"
"""Set to ``0``, every read is done in the parent, as where ``fork`` is missing: for a process
that already shares the cores with others (a test process per core), where a child only fights
them for the cores and costs its copy-on-write pages (the Open Season answer tests: 47 -> 40 s of
CPU)."""


CHILD_SILENT_S = 30.0
"""A child that sends nothing for this long (wall clock) is taken for stuck: it is killed and the
read done in the parent. A child forked while another thread of the parent holds a lock inherits
the lock held, and nothing will release it: session 49's bench (tuning 91303, 1920x1080, load ~9)
hung for minutes with the token reader's child asleep in a futex inside OpenCV and the parent
waiting on its pipe, 0 CPU seconds used by either. The slowest photo of the benches took 16 s in
all (load ~13), the child's part of it less. Since session 50 a child is forked only with OpenCV
held to the calling thread (``_may_fork``), which removes the lock the two stuck children slept on;
this limit stays for any other lock."""


def _opencv_threads() -> int:
    """How many threads OpenCV may run its loops on in this process (1 where it is not loaded:
    then it has started none)."""
    cv2 = sys.modules.get("cv2")
    return int(cv2.getNumThreads()) if cv2 is not None else 1


def _may_fork() -> bool:
    """A child is forked only where OpenCV runs its loops on the calling thread: its worker
    threads, running or just finished, take OpenCV's internal locks (its thread pool's, its
    thread-local storage's), and a lock one of them holds at the fork stays held in the child for
    good. Elsewhere the read is done in the parent (``opencv_on_the_calling_thread`` makes it safe)."""
    return hasattr(os, "fork") and os.environ.get(FORK_ENV, "1") != "0" and _opencv_threads() <= 1


@contextlib.contextmanager
def opencv_on_the_calling_thread() -> Iterator[None]:
    """OpenCV held to the calling thread (``cv2.setNumThreads(1)``) for the time of the block, then
    given back its count: a read that forks children runs in it, so that no OpenCV worker is busy
    when it forks. Session 49's bench (tuning 91303) and session 50's (fresh 91453, 31.5 s) each had
    the token reader's child asleep for good on an OpenCV lock held at the fork, right after an
    undistortion's parallel loop; the parent's two cores are used by the child instead, and
    session 50 measured no slower a photo (6 tables twice, load 12: wall median 2.07 s on one
    OpenCV thread, 2.11 s on two; CPU 1.38 and 1.41 s)."""
    import cv2

    before = cv2.getNumThreads()
    cv2.setNumThreads(1)
    try:
        yield
    finally:
        cv2.setNumThreads(before)


def reads_with_opencv_on_the_calling_thread(fn: Callable[P, T]) -> Callable[P, T]:
    """``fn`` run inside ``opencv_on_the_calling_thread``: a photo's whole read, so that the
    worker threads of OpenCV's loops before the first fork are asleep by then."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        with opencv_on_the_calling_thread():
            return fn(*args, **kwargs)

    return wrapper


class ForkedRead(Generic[T]):
    """``read`` started in a child now; ``result()`` waits for it (or runs it here, see the
    module's docstring) and gives its value or raises its exception."""

    def __init__(self, read: Callable[[], T], fork: bool = True) -> None:
        self._read = read
        self._pid = 0
        self._pipe = -1
        if not fork or not _may_fork():
            return
        try:
            r, w = os.pipe()
        except OSError:
            return
        try:
            pid = os.fork()
        except OSError:
            os.close(r)
            os.close(w)
            return
        if pid == 0:  # the child: never returns into the caller's code
            os.close(r)
            _answer(read, w)
        os.close(w)
        self._pid, self._pipe = pid, r

    def result(self) -> T:
        if not self._pid:
            return self._read()
        data = self._collect(CHILD_SILENT_S)
        try:
            kind, value = pickle.loads(data)
        except Exception:  # the child died (killed, out of memory) or sent nothing readable
            return self._read()
        if kind == _RAISED:
            raise value
        return value

    def cancel(self) -> None:
        """The result is not wanted (the parent's own read failed): stop and reap the child."""
        if not self._pid:
            return
        try:
            os.kill(self._pid, 9)
        except OSError:
            pass
        self._collect()

    def _collect(self, wait_s: float | None = None) -> bytes:
        """The child's message (b"" if it sent none); ``wait_s``: kill a child silent that long
        (``CHILD_SILENT_S``) and give b"" (the caller then reads in the parent)."""
        chunks = []
        try:
            if wait_s is not None and not select.select([self._pipe], [], [], wait_s)[0]:
                os.kill(self._pid, 9)  # stuck (a lock held at the fork): the parent reads instead
            while chunk := os.read(self._pipe, 1 << 20):
                chunks.append(chunk)
        except OSError:
            chunks = []
        finally:
            os.close(self._pipe)
            try:
                os.waitpid(self._pid, 0)
            except ChildProcessError:
                pass
            self._pid, self._pipe = 0, -1
        return b"".join(chunks)


def forked_map(fn: Callable[[T], U], items: Sequence[T], fork: bool = True) -> list[U]:
    """``[fn(x) for x in items]``, every second item computed in a forked child meanwhile (the
    others here): a list of independent trials (the lens's candidates, the questions' options)
    on both cores. A single item, or none, is done here."""
    items = list(items)
    if len(items) < 2:
        return [fn(x) for x in items]
    odd = ForkedRead(lambda: [fn(x) for x in items[1::2]], fork=fork)
    try:
        even = [fn(x) for x in items[0::2]]
        out = odd.result()
    finally:
        odd.cancel()
    merged: list[U] = []
    for i, value in enumerate(even):
        merged.append(value)
        if i < len(out):
            merged.append(out[i])
    return merged


def _answer(read: Callable[[], object], w: int) -> None:
    """The child's whole life: read, send (value or exception) down the pipe, exit at once (no
    cleanup of the parent's objects, no flush of the parent's buffered output)."""
    code = 0
    try:
        try:
            message = pickle.dumps((_OK, read()))
        except BaseException as exc:  # sent to the parent, which raises it
            try:
                message = pickle.dumps((_RAISED, exc))
            except Exception:
                message = pickle.dumps((_RAISED, RuntimeError("".join(traceback.format_exception(exc)))))
        view = memoryview(message)
        while view:
            view = view[os.write(w, view):]
    except BaseException:
        code = 1
    finally:
        os._exit(code)


__all__ = ["CHILD_SILENT_S", "FORK_ENV", "ForkedRead", "forked_map", "opencv_on_the_calling_thread",
           "reads_with_opencv_on_the_calling_thread"]
