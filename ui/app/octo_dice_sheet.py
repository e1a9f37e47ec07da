"""The Octo Dice score sheet drawn as on paper: one player's sheet on a Kivy canvas.

Why canvas instructions and not a grid of widgets: the sheet has about 120 circles, boxes and
numbers; as widgets that is hundreds of labels to lay out on every change, as instructions it is
one pass that scales to any size. The widget draws a :class:`ui.app.sheet_model.SheetModel`
(built from the engine's state on the worker thread) in a fixed 1000 x 700 unit space, scaled
uniformly to fit and centred. Every crossed circle is two ``Line`` instructions of group
``cross`` (so a test can count them against the engine), crossed octopod symbols are group
``octopod-cross``, lab markers group ``marker`` and what a tablet choice would cross group
``mark``.

The layout is a reconstruction (the rulebook's picture of the sheet was lost): the four action
tracks top left, the lab top right, the scoring table below (per third: turns, bonus actions,
octopods and the -2, submarine points, the third's total; then the bonus scoring and the final
score).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, InstructionGroup, Line, Rectangle, RoundedRectangle
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from ui.app.sheet_model import BONUS_THIRD, Box, DiceModel, Mark, SheetModel
from ui.i18n import tr

W, H = 1000.0, 700.0
"""The sheet's own units (landscape, like the paper pad)."""
PAPER = (0.95, 0.93, 0.86, 1)
INK = (0.13, 0.13, 0.16, 1)
FAINT = (0.45, 0.45, 0.5, 1)
PEN = (0.08, 0.12, 0.55, 1)
"""The player's pen: crosses and written numbers."""
MARK = (1.0, 0.55, 0.0, 1)
"""What the chosen tablet choice would cross."""
SHEET_COLOURS = {
    "yellow": (0.96, 0.8, 0.18, 1), "white": (1, 1, 1, 1), "red": (0.88, 0.25, 0.22, 1),
    "blue": (0.25, 0.5, 0.92, 1), "green": (0.25, 0.7, 0.35, 1), "": (0.85, 0.92, 0.97, 1),
}
TRACKS = ("crystal", "research", "bot", "submarine")
TRACK_Y = {"crystal": 95.0, "research": 170.0, "bot": 255.0, "submarine": 340.0}
CIRCLE_X0, CIRCLE_DX, RADIUS = 170.0, 44.0, 16.0
LAB_X0, LAB_Y0, LAB_W, LAB_H = 640.0, 110.0, 112.0, 92.0
TABLE_Y0 = 400.0
ROW_H = 41.0
LABEL_W = 150.0
THIRD_X0, THIRD_W = 165.0, 205.0
BONUS_X0 = THIRD_X0 + 3 * THIRD_W + 10
ROWS = ("turn 1", "turn 2", "row 3", "octopods", "submarines", "total")


class OctoDiceSheet(Widget):
    """One player's sheet. ``marks``: what a tablet choice would cross (drawn in orange);
    ``reveal``: the Score screen's categories shown so far (None: every box is shown)."""

    model: Any = ObjectProperty(None, allownone=True)
    marks: Any = ObjectProperty(frozenset())
    reveal: Any = ObjectProperty(None, allownone=True)
    lang = StringProperty("en")
    seat_rgba = ListProperty([0.5, 0.5, 0.5, 1])
    name = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        self._textures: dict[tuple[str, int, bool], Any] = {}
        self.drawn: dict[str, int] = {}
        """How many of each kind the last redraw drew (crossed circles, written boxes ...)."""
        self.texts: list[str] = []
        """Every word and number the last redraw wrote (the language tests read them)."""
        self._static: tuple[Any, InstructionGroup | None, list[str]] = (None, None, [])
        """(what it was drawn for, the printed paper: everything that no move changes, its texts)."""
        self._target: Any = None
        """Where drawing goes now: the paper being built, the canvas (ink) or nowhere."""
        self._paper_texts: list[str] = []
        super().__init__(**kwargs)
        self._scale, self._ox, self._oy = 1.0, 0.0, 0.0
        self.bind(model=self.redraw, marks=self.redraw, reveal=self.redraw, lang=self.redraw,
                  seat_rgba=self.redraw, name=self.redraw, size=self.redraw, pos=self.redraw)

    # ------------------------------------------------------------------ paper and ink
    # The printed sheet (circles, boxes, words) is built once per size, language and player and
    # kept; each redraw adds only the ink (crosses, numbers, markers): a redraw on a move costs
    # the UI thread a third of drawing everything (bench/octo_dice_sheet.py).
    def _add(self, instruction: Any) -> None:
        if self._target is not None:
            self._target.add(instruction)

    @contextmanager
    def _ink(self) -> Iterator[None]:
        """Draw what a move can change: straight on the canvas, every redraw."""
        saved, self._target = self._target, self.canvas
        try:
            yield
        finally:
            self._target = saved

    # ------------------------------------------------------------------ unit space -> pixels
    def _p(self, x: float, y: float) -> tuple[float, float]:
        return self._ox + x * self._scale, self._oy + (H - y) * self._scale

    def _t(self, key: str, **fields: Any) -> str:
        return tr(key, self.lang, **fields)

    def _text(self, text: str, x: float, y: float, size: float, rgba: Any = INK, anchor: str = "left",
              bold: bool = False) -> None:
        """``text`` with its vertical middle at ``y``; ``anchor`` says where ``x`` is."""
        if self._target is None:
            return
        self.texts.append(text)
        if self._target is not self.canvas:
            self._paper_texts.append(text)
        px = max(6, int(size * self._scale))
        key = (text, px, bold)
        texture = self._textures.get(key)
        if texture is None:
            label = CoreLabel(text=text, font_size=px, bold=bold)
            label.refresh()
            texture = label.texture
            if len(self._textures) > 600:
                self._textures.clear()
            self._textures[key] = texture
        tw, th = texture.size
        X, Y = self._p(x, y)
        if anchor == "center":
            X -= tw / 2
        elif anchor == "right":
            X -= tw
        self._add(Color(*rgba))
        self._add(Rectangle(texture=texture, pos=(X, Y - th / 2), size=(tw, th), group="text"))

    def _rect(self, x: float, y: float, w: float, h: float, fill: Any = None, outline: Any = INK,
              width: float = 1.0, group: str = "paper") -> None:
        if self._target is None:  # the kept paper has it
            return
        X, Y = self._p(x, y + h)
        if fill is not None:
            self._add(Color(*fill))
            self._add(Rectangle(pos=(X, Y), size=(w * self._scale, h * self._scale), group=group))
        if outline is not None:
            self._add(Color(*outline))
            self._add(Line(rectangle=(X, Y, w * self._scale, h * self._scale), width=width, group=group))

    def _circle(self, cx: float, cy: float, r: float, fill: Any, outline: Any = INK) -> None:
        if self._target is None:  # the kept paper has it
            return
        X, Y = self._p(cx, cy)
        R = r * self._scale
        self._add(Color(*fill))
        self._add(Ellipse(pos=(X - R, Y - R), size=(2 * R, 2 * R), group="circle"))
        self._add(Color(*outline))
        self._add(Line(circle=(X, Y, R), width=1.2, group="circle"))

    def _cross(self, cx: float, cy: float, r: float, group: str = "cross") -> None:
        X, Y = self._p(cx, cy)
        R = r * self._scale * 0.8
        w = max(1.5, 3.2 * self._scale)
        self._add(Color(*PEN))
        self._add(Line(points=(X - R, Y - R, X + R, Y + R), width=w, cap="round", group=group))
        self._add(Line(points=(X - R, Y + R, X + R, Y - R), width=w, cap="round", group=group))

    def _diamond(self, cx: float, cy: float, r: float) -> None:
        """The crystal drawn in its circle."""
        if self._target is None:  # the kept paper has it
            return
        X, Y = self._p(cx, cy)
        R = r * self._scale
        self._add(Color(0.25, 0.5, 0.75, 1))
        self._add(Line(points=(X, Y + R, X + 0.75 * R, Y, X, Y - R, X - 0.75 * R, Y), close=True,
                             width=max(1.0, 1.6 * self._scale), group="crystal"))

    def _chevron(self, cx: float, cy: float) -> None:
        """The arrow between research circles: they are crossed in this order."""
        if self._target is None:  # the kept paper has it
            return
        X, Y = self._p(cx, cy)
        R = 3.5 * self._scale
        self._add(Color(*FAINT))
        self._add(Line(points=(X - R, Y + R, X + R, Y, X - R, Y - R), width=max(1.0, 1.5 * self._scale),
                             group="arrow"))

    def _ring(self, cx: float, cy: float, r: float) -> None:
        X, Y = self._p(cx, cy)
        self._add(Color(*MARK))
        self._add(Line(circle=(X, Y, (r + 5) * self._scale), width=max(2.0, 3.5 * self._scale), group="mark"))

    def _octopod(self, cx: float, cy: float, r: float, crossed: bool, marked: bool) -> None:
        """The octopod symbol: a head and four tentacles."""
        X, Y = self._p(cx, cy)
        R = r * self._scale
        if self._target is not None:
            self._draw_octopod(X, Y, R)
        with self._ink():
            if marked:
                self._ring(cx, cy, r)
            if crossed:
                self._cross(cx, cy, r, "octopod-cross")

    def _draw_octopod(self, X: float, Y: float, R: float) -> None:
        self._add(Color(0.55, 0.3, 0.7, 1))
        self._add(Ellipse(pos=(X - R * 0.7, Y - R * 0.2), size=(1.4 * R, 1.2 * R), group="octopod"))
        for dx in (-0.55, -0.2, 0.2, 0.55):
            self._add(Line(points=(X + dx * R, Y, X + dx * 1.5 * R, Y - R), width=max(1.0, 2 * self._scale),
                                 group="octopod"))

    # ------------------------------------------------------------------ drawing
    def redraw(self, *_args: Any) -> None:
        self.canvas.clear()
        self.drawn = {}
        self.texts = []
        model: SheetModel | None = self.model
        if model is None or self.width < 10 or self.height < 10:
            return
        self._scale = s = min(self.width / W, self.height / H)
        self._ox = self.x + (self.width - W * s) / 2
        self._oy = self.y + (self.height - H * s) / 2
        key = (tuple(self.size), tuple(self.pos), self.lang, self.name, tuple(self.seat_rgba), model.solo,
               model.slots, tuple(c.code for c in model.lab))
        if self._static[0] == key and self._static[1] is not None:
            paper = self._static[1]
            self._target = None  # the paper is there: only the ink is drawn
            self.texts = list(self._static[2])
        else:
            paper = InstructionGroup()
            self._target = paper
            self._paper_texts = []
        self.canvas.add(paper)
        X, Y = self._p(0, H)
        self._add(Color(*PAPER))
        self._add(RoundedRectangle(pos=(X, Y), size=(W * s, H * s), radius=[10 * s], group="paper"))
        try:
            self._draw(model)
        finally:
            if self._target is paper:
                self._static = (key, paper, list(self._paper_texts))
            self._target = None

    def _draw(self, model: SheetModel) -> None:
        self._header(model)
        self._tracks(model)
        self._lab(model)
        self._table(model)

    def _header(self, model: SheetModel) -> None:
        self._rect(0, 0, W, 44, fill=tuple(self.seat_rgba), outline=None)
        dark = tuple(self.seat_rgba)[:3] == (0.95, 0.8, 0.15)
        ink = INK if dark else (1, 1, 1, 1)
        self._text(self.name, 18, 22, 26, ink, bold=True)
        if self.reveal is None:  # on Score the final box says it, at the last step
            with self._ink():
                self._text(self._t("sheet.so_far", points=model.running_total), W - 18, 22, 24, ink, "right",
                           bold=True)
        if model.solo:
            self._text(self._t("sheet.solo"), W / 2, 22, 18, ink, "center")

    def _tracks(self, model: SheetModel) -> None:
        marks = self.marks
        crossed = 0
        for track in TRACKS:
            y = TRACK_Y[track]
            self._text(self._t(f"sheet.{track}"), 16, y, 24, INK, bold=True)
            circles = [c for c in model.circles if c.track == track]
            for c in circles:
                x = CIRCLE_X0 + c.index * CIRCLE_DX
                if track == "research" and c.index:
                    self._chevron(x - CIRCLE_DX / 2, y)
                self._circle(x, y, RADIUS, SHEET_COLOURS.get(c.colour, SHEET_COLOURS[""]), INK)
                if track == "crystal":
                    self._diamond(x, y, 8)
                if c.points is not None:
                    self._text(str(c.points), x, y + RADIUS + 13, 18, INK, "center", bold=True)
                with self._ink():
                    if c.next:
                        X, Y = self._p(x, y)
                        self._add(Color(*MARK))
                        self._add(Line(circle=(X, Y, RADIUS * self._scale), width=1.6, group="next"))
                    if ("circle", track, c.index) in marks:
                        self._ring(x, y, RADIUS)
                    if c.crossed:
                        self._cross(x, y, RADIUS)
                        crossed += 1
        self.drawn["crossed circles"] = crossed

    def _lab(self, model: SheetModel) -> None:
        self._text(self._t("sheet.lab"), LAB_X0, 72, 24, INK, bold=True)
        marks = self.marks
        for level in range(3):
            self._text(self._t("sheet.level", n=level), LAB_X0 - 8, LAB_Y0 + (level + 0.5) * LAB_H, 15, FAINT, "right")
        for cell in model.lab:
            x, y = LAB_X0 + cell.column * LAB_W, LAB_Y0 + cell.level * LAB_H
            self._rect(x + 3, y + 3, LAB_W - 6, LAB_H - 6, fill=(0.9, 0.88, 0.82, 1), outline=INK, width=1.1)
            self._text(cell.code, x + 10, y + 18, 17, FAINT, bold=True)
            self._text(cell.name, x + LAB_W / 2, y + 52, 18, INK, "center", bold=True)
            with self._ink():
                if cell.reached:  # its ability is the player's: tinted green over the print
                    self._rect(x + 3, y + 3, LAB_W - 6, LAB_H - 6, fill=(0.2, 0.75, 0.3, 0.25), outline=None,
                               group="reached")
            if ("lab", cell.column, cell.level) in marks:
                with self._ink():
                    X, Y = self._p(x + 3, y + LAB_H - 3)
                    self._add(Color(*MARK))
                    self._add(Line(rectangle=(X, Y, (LAB_W - 6) * self._scale, (LAB_H - 6) * self._scale),
                                   width=max(2.0, 3.5 * self._scale), group="mark"))
        markers = 0
        for column, level in enumerate(model.markers):
            x = LAB_X0 + column * LAB_W + LAB_W - 26
            y = LAB_Y0 - 14 if level < 0 else LAB_Y0 + level * LAB_H + LAB_H - 24
            X, Y = self._p(x, y)
            R = 11 * self._scale
            with self._ink():
                self._add(Color(*self.seat_rgba))
                self._add(Ellipse(pos=(X - R, Y - R), size=(2 * R, 2 * R), group="marker"))
                self._add(Color(*INK))
                self._add(Line(circle=(X, Y, R), width=1.3, group="marker"))
            markers += 1
        self.drawn["markers"] = markers

    def _shown(self, box: Box | None) -> bool:
        if box is None or box.points is None:
            return False
        return self.reveal is None or all(c in self.reveal for c in box.categories)

    def _box(self, x: float, y: float, w: float, h: float, box: Box | None, label: str = "",
             big: bool = False) -> None:
        self._rect(x, y, w, h, fill=(1, 1, 1, 1), outline=INK, width=1.1)
        if label:
            self._text(label, x + 4, y + 9, 13, FAINT)
        with self._ink():
            self._box_ink(x, y, w, h, box, big)

    def _box_ink(self, x: float, y: float, w: float, h: float, box: Box | None, big: bool) -> None:
        if box is not None and ("box", box.third, box.row, box.box) in self.marks:
            X, Y = self._p(x, y + h)
            self._add(Color(*MARK))
            self._add(Line(rectangle=(X, Y, w * self._scale, h * self._scale), width=max(2.0, 3 * self._scale),
                                 group="mark"))
        if not self._shown(box):
            return
        assert box is not None and box.points is not None
        self.drawn["written boxes"] = self.drawn.get("written boxes", 0) + 1
        if box.struck:
            X0, Y0 = self._p(x + 5, y + h - 5)
            X1, Y1 = self._p(x + w - 5, y + 5)
            self._add(Color(*PEN))
            self._add(Line(points=(X0, Y0, X1, Y1), width=max(1.2, 2 * self._scale), group="strike"))
            return
        self._text(str(box.points), x + w / 2, y + h / 2 + 2, 30 if big else 24, PEN, "center", bold=True)

    def _table(self, model: SheetModel) -> None:
        y0 = TABLE_Y0
        self._rect(8, y0 - 6, W - 16, H - y0 - 2, fill=None, outline=FAINT)
        labels = {"turn 1": self._t("sheet.turn", n=1), "turn 2": self._t("sheet.turn", n=2),
                  "row 3": self._t("sheet.turn", n=3) if model.slots == 3 else self._t("sheet.bonus_actions"),
                  "octopods": self._t("sheet.octopods"), "submarines": self._t("sheet.submarine_points"),
                  "total": self._t("sheet.third_total")}
        header_y = y0 + 14
        for r, row in enumerate(ROWS):
            self._text(labels[row], 16, y0 + 30 + r * ROW_H + ROW_H / 2, 19, INK, bold=True)
        octo_crossed = 0
        for t in range(3):
            x0 = THIRD_X0 + t * THIRD_W
            self._text(self._t("sheet.third", n=t + 1), x0 + THIRD_W / 2, header_y, 20, INK, "center", bold=True)
            bw = (THIRD_W - 20) / 3
            for r, row in enumerate(ROWS):
                y = y0 + 30 + r * ROW_H + 3
                h = ROW_H - 6
                if row in ("turn 1", "turn 2") or (row == "row 3" and model.slots == 3):
                    turn = f"turn {r + 1}"
                    for k, name in enumerate(("A", "B", "octopods")):
                        bx = x0 + 5 + k * (bw + 5)
                        self._box(bx, y, bw, h, model.box(t, turn, name), "" if name == "octopods" else name)
                        if name == "octopods":
                            self._octopod(bx + 12, y + 10, 7, False, False)
                elif row == "row 3":
                    for k in range(2):
                        bx = x0 + 5 + k * (bw + 5)
                        self._box(bx, y, bw, h, model.box(t, "bonus actions", str(k + 1)), str(k + 1))
                elif row == "octopods":
                    for k in range(2):
                        cx = x0 + 25 + k * 40
                        crossed = model.octopods[t][k]
                        self._octopod(cx, y + h / 2, 13, crossed, ("octopod", t, k) in self.marks)
                        octo_crossed += crossed
                    bx = x0 + 5 + 2 * (bw + 5)
                    self._rect(bx, y, bw, h, fill=(1, 0.93, 0.93, 1), outline=INK, width=1.1)
                    self._text("-2", bx + bw / 2, y + h / 2, 20, (0.7, 0.1, 0.1, 1), "center", bold=True)
                    if model.penalty_crossed[t]:
                        with self._ink():
                            self._cross(bx + bw / 2, y + h / 2, 14, "penalty-cross")
                elif row == "submarines":
                    self._box(x0 + 5 + 2 * (bw + 5), y, bw, h, model.box(t, "intermediate", "submarines"))
                else:
                    self._box(x0 + 5 + bw + 5, y, 2 * bw + 5, h, model.box(t, "intermediate", "total"), big=True)
        self.drawn["crossed octopods"] = octo_crossed
        # the bonus scoring (1) and the final score (2)
        x0 = BONUS_X0
        w = W - 14 - x0
        self._text(self._t("sheet.bonus_scoring"), x0 + w / 2, header_y, 20, INK, "center", bold=True)
        rows = (("crystals", self._t("sheet.crystal_bonus")), ("labs", self._t("sheet.lab_bonus")),
                ("total", "(1)"))
        for r, (name, label) in enumerate(rows):
            y = y0 + 30 + r * ROW_H + 3
            if name == "crystals" and model.solo:
                self._text(self._t("sheet.no_crystal_bonus"), x0 + w / 2, y + (ROW_H - 6) / 2, 13, FAINT, "center")
                continue
            self._text(label, x0 + 4, y + (ROW_H - 6) / 2, 16, INK)
            self._box(x0 + w - 70, y, 66, ROW_H - 6, model.box(BONUS_THIRD, "bonus scoring", name))
        y = y0 + 30 + 3 * ROW_H + 8
        self._text(self._t("sheet.final"), x0 + w / 2, y + 10, 20, INK, "center", bold=True)
        self._box(x0 + 20, y + 24, w - 40, 2 * ROW_H - 20, model.box(BONUS_THIRD, "final", "final"), "(2)", big=True)


class OctoSheetPanel(BoxLayout):
    """Tabs (one per player, and the virtual player in its variant), the dice and the sheet."""

    sheet_view: Any = ObjectProperty(None, allownone=True)
    """A :class:`ui.app.worker.SheetView` (or None: nothing to draw)."""
    names = ListProperty([])
    seat = NumericProperty(0)
    """The tab shown: a seat, or -1 for the virtual player."""
    preview = NumericProperty(-1)
    """The tablet choice whose marks are drawn (-1: none)."""
    reveal: Any = ObjectProperty(None, allownone=True)
    lang = StringProperty("en")
    show_dice = BooleanProperty(True)
    """The line of the turn's dice above the sheet (Play: yes; Score: no)."""
    follow = BooleanProperty(True)
    """Switch to the player whose choice is previewed."""
    settable = BooleanProperty(False)
    """Offer to set a die the camera misread (Play: yes); a choice fires ``on_put_right``."""

    def __init__(self, **kwargs: Any) -> None:
        self.register_event_type("on_put_right")
        self._fix_shown: Any = None
        super().__init__(**kwargs)

    def on_put_right(self, key: str, value: str) -> None:
        """The players set die ``key`` to face ``value`` (bound in play.kv)."""

    def on_kv_post(self, base_widget: Any) -> None:
        self.bind(sheet_view=self.refresh, names=self.refresh, seat=self.refresh, preview=self.refresh,
                  reveal=self.refresh, lang=self.refresh, show_dice=self.refresh, settable=self.refresh)
        self.refresh()

    def tab_texts(self) -> list[tuple[int, str]]:
        view = self.sheet_view
        if view is None:
            return []
        tabs = [(p, self.names[p] if p < len(self.names) else str(p + 1)) for p in range(len(view.sheets))]
        if view.virtual:
            tabs.append((-1, tr("sheet.virtual", self.lang)))
        return tabs

    def refresh(self, *_args: Any) -> None:
        from kivy.factory import Factory

        view = self.sheet_view
        tabs = self.ids.tabs
        wanted = self.tab_texts()
        if [(b.seat, b.text) for b in reversed(tabs.children)] != wanted:
            tabs.clear_widgets()
            for seat, text in wanted:
                button = Factory.SheetTab(text=text)
                button.seat = seat
                button.bind(on_release=lambda _b, s=seat: setattr(self, "seat", s))
                tabs.add_widget(button)
        for button in tabs.children:
            button.state = "down" if button.seat == self.seat else "normal"
        sheet = self.ids.sheet
        virtual = self.ids.virtual
        if view is None:
            sheet.model = None
            self.ids.dice.text = ""
            self._fix_row(())
            return
        seat = int(self.seat)
        preview = int(self.preview)
        player, marks = view.marks[preview] if 0 <= preview < len(view.marks) else (-2, frozenset())
        if self.follow and 0 <= player < len(view.sheets) and player != seat:
            self.seat = player  # refresh runs again
            return
        if not (-1 <= seat < len(view.sheets)) or (seat == -1 and not view.virtual):
            self.seat = 0
            return
        self.ids.dice.text = dice_words(view.dice, self.lang) if self.show_dice else ""
        self._fix_row(view.fixable if self.settable and self.show_dice else ())
        if seat == -1:
            sheet.model = None
            sheet.opacity = 0
            virtual.opacity = 1
            virtual.text = virtual_words(view.virtual_roll, self.lang)
            return
        sheet.opacity, virtual.opacity, virtual.text = 1, 0, ""
        from kivy.app import App

        app = App.get_running_app()
        sheet.name = self.names[seat] if seat < len(self.names) else ""
        sheet.seat_rgba = list(app.seat_rgba(seat)) if app is not None else [0.5, 0.5, 0.5, 1]
        sheet.lang = self.lang
        sheet.reveal = self.reveal
        sheet.marks = marks if player == seat else frozenset()
        sheet.model = view.sheets[seat]


    def _fix_row(self, fixable: tuple[Any, ...]) -> None:
        """One spinner per die of the last roll: its face now, every face it may be set to."""
        from kivy.factory import Factory

        shown = (fixable, self.lang)
        if shown == self._fix_shown:
            return
        self._fix_shown = shown
        row = self.ids.fix
        row.clear_widgets()
        if not fixable:
            return
        row.add_widget(Factory.FixHint(text=tr("sheet.fix", self.lang)))
        for item in fixable:
            words = {face_words(face, self.lang): face for face in item.values}
            label = face_words(item.value, self.lang)  # a white or a black button: which die it is
            spinner = Factory.FixDie(text=label, values=list(words))
            spinner.key, spinner.white = item.key, item.key.startswith("white")

            def chosen(widget: Any, text: str, label: str = label, words: dict[str, str] = words) -> None:
                if text == label or text not in words:
                    return
                widget.text = label  # the worker's next view shows the roll as it now stands
                self.dispatch("on_put_right", widget.key, words[text])

            spinner.bind(text=chosen)
            row.add_widget(spinner)


def face_words(face: str, lang: str) -> str:
    """``red-2`` -> ``red 2``, ``lab`` -> ``lab``, in ``lang``."""
    if "-" in face:
        colour, number = face.split("-", 1)
        return f"{tr('sheet.colour.' + colour, lang)} {number}"
    return tr(f"sheet.face.{face}", lang)


def dice_words(dice: DiceModel | None, lang: str) -> str:
    """The dice line above the sheet: each die's face; kept dice bold, used ones struck."""
    if dice is None:
        return tr("sheet.no_dice", lang)
    parts = []
    for die, face, where in dice.faces:
        kind = tr("sheet.white_die" if die.startswith("white") else "sheet.black_die", lang)
        text = f"{kind} {die[-1]}: {face_words(face, lang)}"
        if where == "aside":
            text = f"[b]{text}[/b]"
        elif where == "used":
            text = f"[s]{text}[/s]"
        parts.append(text)
    head = tr("sheet.virtual_dice" if dice.virtual else "sheet.dice", lang)
    return f"{head}  " + "   ".join(parts)


def virtual_words(roll: tuple[tuple[str, str], ...], lang: str) -> str:
    """The virtual player's tab: what its dice are for, and its last roll."""
    note = tr("sheet.virtual_note", lang)
    if not roll:
        return note + "\n\n" + tr("sheet.virtual_waiting", lang)
    dice = "\n".join(f"{tr('sheet.white_die' if d.startswith('white') else 'sheet.black_die', lang)} {d[-1]}: "
                     f"{face_words(f, lang)}" for d, f in roll)
    return note + "\n\n" + tr("sheet.virtual_last", lang) + "\n" + dice
