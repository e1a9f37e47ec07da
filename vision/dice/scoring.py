"""How dice readings are scored against labels: one-to-one matching, by IoU and by nesting.

The real photo set (../shared/data/dice-photos) boxes the PIPS of each die (a "1" tight around
its pip, except in its first 20 photos; a "2" by a thin diagonal box) while the reader reports
the die's TOP FACE, as issue #7 asks. So besides the usual IoU >= 0.5 match, a die also counts
as found when its labelled box and a detected box are nested (``nested``). The bench
(bench/dice_accuracy.py) and the tests score with this one module.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from vision.dice.faces import CLASSES

Box = tuple[float, ...]
# a die's face is at most about 8 pip widths across, so its box is at most 64x a lone pip's box
MAX_NESTED_GROWTH = 64.0


def area(box: Box) -> float:
    """Area of an (x0, y0, x1, y1) box; 0 for an empty one."""
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def intersection(a: Box, b: Box) -> float:
    """Area shared by two boxes."""
    return area((max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])))


def iou(a: Box, b: Box) -> float:
    """Intersection over union of two (x0, y0, x1, y1) boxes."""
    inter = intersection(a, b)
    union = area(a) + area(b) - inter
    return inter / union if union > 0 else 0.0


def nested(label: Box, found: Box) -> bool:
    """Whether one box holds the other: at least 70 % of the smaller inside the larger, which is
    at most MAX_NESTED_GROWTH times its area. The real set boxes the pips (a lone pip for a "1"),
    in its first photos the face; the reader boxes the top face: nesting matches a die under
    either convention."""
    small, large = sorted((max(area(label), 1e-6), max(area(found), 1e-6)))
    return intersection(label, found) >= 0.7 * small and large <= MAX_NESTED_GROWTH * small


class Tally:
    """Counts for one data set: labelled dice, detections, matches, correct readings."""

    def __init__(self) -> None:
        self.labels = self.detections = self.matched = self.correct = 0
        self.matched_inside = self.correct_inside = 0  # extra matches: label and detection nested
        self.errors: list[str] = []

    def add(self, name: str, truth: Sequence[tuple[int, tuple[float, ...]]],
            found: Sequence[tuple[int, tuple[float, ...]]]) -> None:
        """Greedy one-to-one matching by IoU (>= 0.5), best pairs first."""
        self.labels += len(truth)
        self.detections += len(found)
        pairs = sorted(
            ((iou(t[1], f[1]), i, j) for i, t in enumerate(truth) for j, f in enumerate(found)), reverse=True
        )
        used_t: set[int] = set()
        used_f: set[int] = set()
        for v, i, j in pairs:
            if v < 0.5 or i in used_t or j in used_f:
                continue
            used_t.add(i)
            used_f.add(j)
            self.matched += 1
            if truth[i][0] == found[j][0]:
                self.correct += 1
            else:
                self.errors.append(f"{name}: {CLASSES[truth[i][0]].name} read as {CLASSES[found[j][0]].name}")
        for i in sorted(set(range(len(truth))) - used_t):
            for j in sorted(set(range(len(found))) - used_f):
                if nested(truth[i][1], found[j][1]):
                    used_t.add(i)
                    used_f.add(j)
                    self.matched_inside += 1
                    self.correct_inside += truth[i][0] == found[j][0]
                    self.errors.append(f"{name}: nested boxes for {CLASSES[truth[i][0]].name} at {[round(v) for v in truth[i][1]]}"
                                       f" (found {[round(v) for v in found[j][1]]}, read {CLASSES[found[j][0]].name})")
                    break
        for i in set(range(len(truth))) - used_t:
            self.errors.append(f"{name}: missed {CLASSES[truth[i][0]].name} at {[round(v) for v in truth[i][1]]}")
        for j in set(range(len(found))) - used_f:
            self.errors.append(f"{name}: false detection {CLASSES[found[j][0]].name} at {[round(v) for v in found[j][1]]}")

    def figures(self, nested_too: bool = False) -> tuple[float, float, float]:
        """(recall, precision, top-face accuracy of the matched dice), by IoU alone or also
        counting nested boxes."""
        m = self.matched + (self.matched_inside if nested_too else 0)
        c = self.correct + (self.correct_inside if nested_too else 0)
        return m / max(self.labels, 1), m / max(self.detections, 1), c / max(m, 1)

    def report(self, title: str, target: float | None, face_target: float | None = None, max_errors: int = 15) -> list[str]:
        """The figures as printable lines, PASS/FAIL against the targets, then the first errors."""

        def mark(value: float, goal: float | None) -> str:
            return "" if goal is None else ("  PASS" if value >= goal else f"  FAIL (target {goal:.1%})")

        recall, precision, face = self.figures()
        lines = [
            f"{title}: {self.labels} labelled dice, {self.detections} detections",
            f"  detection recall    {recall:7.2%} ({self.matched}/{self.labels}){mark(recall, target)}",
            f"  detection precision {precision:7.2%} ({self.matched}/{self.detections}){mark(precision, target)}",
            f"  top-face accuracy   {face:7.2%} ({self.correct}/{self.matched}){mark(face, face_target or target)}",
            f"  end-to-end          {self.correct / max(self.labels, 1):7.2%} (labelled dice found and read correctly)",
        ]
        if self.matched_inside:
            m, c = self.matched + self.matched_inside, self.correct + self.correct_inside
            r, pr, fa = self.figures(nested_too=True)
            lines += [
                f"  counting {self.matched_inside} more dice as found whose labelled and detected boxes are nested (IoU < 0.5):",
                f"    recall    {r:7.2%} ({m}/{self.labels}){mark(r, target)}",
                f"    precision {pr:7.2%} ({m}/{self.detections}){mark(pr, target)}",
                f"    top-face accuracy {fa:7.2%} ({c}/{m}){mark(fa, face_target or target)}",
            ]
        lines += [f"    {line}" for line in self.errors[:max_errors]]
        if len(self.errors) > max_errors:
            lines.append(f"    ... {len(self.errors) - max_errors} more")
        return lines


def face_readings(dice: Iterable[Any]) -> list[tuple[int, tuple[float, ...]]]:
    """(class index, box) of every die a reader read as a face, for :meth:`Tally.add`; cocked
    dice (no face: a model with the "cocked" class) are left out, so they count as missed."""
    return [(CLASSES.index(d.face_class), tuple(d.bbox)) for d in dice if d.face_class is not None]
