"""A leaning white die seen from straight above: its tipped face and a lit side face beside it.

Game 103516 (fresh bench game, tilt 0.1, lamp), scene 73: the reader boxed the tipped face
(octopod), the best flat outline put its top 1.27 mm from that face, so the outline test judged it
by the flat-top bar (55 mm², for a white die's hard shadow or a black die's dim side, both darker
than the mat), and its 44.6 mm² unexplained stayed under it: read as a flat white octopod. The
part outside the flat outline is a side face, lighter than the mat (``FlatFit.light_excess_mm2``
26.8 mm²): cocked (the film's frame, the real ONNX dice reader)."""

from __future__ import annotations

from tests.tracker.octo_dice_saved_frames import assert_read_flat, saved_frame
from tracker.octo_dice.cocked import FlatFit
from tracker.octo_dice.recogniser import DicePixelRecogniser
from vision.render.camera import CameraModel

FLAT = {(324.5, 131.0): "white-1", (230.1, 131.4): "octopod", (308.2, 399.9): "blue-2",
        (189.6, 137.9): "research", (277.9, 138.1): "submarine"}
LEANING_AT = (341.0, 351.1)


def test_a_leaning_white_die_seen_from_above_is_cocked_and_the_flat_ones_are_read() -> None:
    camera = CameraModel.looking_at(tilt_deg=0.1, azimuth_deg=0.0, resolution=(1920, 1080))
    observed = DicePixelRecogniser(camera=camera).read(saved_frame("octo_dice_103516_scene73_mat.png", (688, 185)))
    leaning = [d for d in observed.dice if (d.x - LEANING_AT[0]) ** 2 + (d.y - LEANING_AT[1]) ** 2 < 16.0 ** 2]
    assert [(d.kind, d.cocked) for d in leaning] == [("white", True)], observed.dice
    assert_read_flat(observed, FLAT)


def test_the_flat_top_bar_forgives_a_dark_excess_only() -> None:
    """Both sides: a flat-top fit with 44.6 mm² unexplained is flat when the excess is dark (a
    shadow), cocked when more than 20 mm² of it is lighter than the mat; 60 mm² is cocked anyway."""
    shadow = FlatFit(44.6, 60.0, (90.0, 90.0), (92.0, 88.0), top_offset_mm=1.27, outline_mm2=341.5,
                     light_excess_mm2=3.0)
    side = FlatFit(44.6, 60.0, (90.0, 90.0), (92.0, 88.0), top_offset_mm=1.27, outline_mm2=341.5,
                   light_excess_mm2=26.8)
    large = FlatFit(60.0, 60.0, (90.0, 90.0), (92.0, 88.0), top_offset_mm=1.27, outline_mm2=341.5)
    assert not shadow.cocked
    assert side.cocked
    assert large.cocked
