"""A covered wall card's corner index that shows beside the hand names the card's attribute (session
56; tuning 91141, dim evening: a dark hand over player 2's spaces 2, 3, 4, 6 and 7, the top-left
indices of spaces 2 and 3 in view between the fingers, their defaults gnome-crown and mage-crown for
gnome-dagger and mage-eyepatch). The index is drawn as the built-in art draws it (4 px per mm), seen
as a 1920x1080 camera sees a wall card (about 1.2 px per mm), then sampled as the reader samples it
(``card_sampling.STRIP_PX_PER_MM``), with hands of several skins over part of it."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.open_season import cards as C
from vision.open_season.card_sampling import INDEX_BOX_MM, INDEX_CENTRE, STRIP_PX_PER_MM, _built_in_faces, _cut
from vision.render import open_season_art as art

CAMERA_PX_PER_MM = 1.2
CREAM_BGR = np.array(art.CREAM_RGB[::-1], np.float32)
SKINS_BGR = {"pale": (160, 194, 241), "tan": (130, 172, 224), "dark": (70, 104, 160)}
"""Hand skins as the twin draws them (``vision/render/hands.py``), BGR."""
DIM = 0.55
"""A dim evening: the whole photo this bright (the cream too: the reader measures it on the cards in view)."""


def _seen_index(face: str) -> np.ndarray:
    """(side, side, 3) float32: the square around ``face``'s top-left index as the reader samples it
    from a 1920x1080 photo (the art shrunk to the camera's resolution and back, then blurred)."""
    art_bgr = dict(_built_in_faces())[face]
    fine = _cut(art_bgr, INDEX_CENTRE[1], INDEX_BOX_MM[1], INDEX_CENTRE[0], STRIP_PX_PER_MM).astype(np.float32)
    side = fine.shape[0]
    small = cv2.resize(fine, None, fx=CAMERA_PX_PER_MM / STRIP_PX_PER_MM, fy=CAMERA_PX_PER_MM / STRIP_PX_PER_MM,
                       interpolation=cv2.INTER_AREA)
    seen = cv2.resize(small, (side, side), interpolation=cv2.INTER_LINEAR)
    return np.asarray(cv2.GaussianBlur(seen, (0, 0), 1.0))


def _hand(square: np.ndarray, skin: tuple[int, int, int], columns: slice, rows: slice = slice(None)) -> np.ndarray:
    out = square.copy()
    shade = np.linspace(0.8, 1.0, out.shape[1], dtype=np.float32)[None, :, None]  # a finger's rounding
    out[rows, columns] = (np.array(skin, np.float32)[None, None, :] * shade)[:, columns]
    return np.asarray(cv2.GaussianBlur(out, (0, 0), 0.7))


def _read(square: np.ndarray) -> tuple[str, str, float]:
    return C.read_indices((square * DIM).reshape(1, -1, 3), CREAM_BGR * DIM, np.ones(3), 1)[0]


FACES = [f"{p}-{a}" for p in art.PEOPLES for a in art.ATTRIBUTES]


MERGED = {"dwarf-earrings", "gnome-earrings"}
"""Faces whose icon, seen at a 1920x1080 camera's resolution, runs into the band below the index box
(the earrings' blue drops lie 1.2 mm above the box's lower edge; the dwarves' orange and the gnomes'
red blur into them): no longer inside the cream, the icon is not compared and nothing is named."""


@pytest.mark.parametrize("skin", sorted(SKINS_BGR))
def test_an_index_beside_a_finger_names_the_attribute_of_every_face(skin: str) -> None:
    """A finger over the band beside the index box (a millimetre past its right edge) and past it:
    every face's attribute named, leading by ``COVERED_INDEX_LEAD`` (``MERGED``: nothing named,
    never another attribute)."""
    side = _seen_index(FACES[0]).shape[0]
    box_right = int(round((INDEX_BOX_MM[1] / 2 + INDEX_BOX_MM[0] / 2 + 1.0) * STRIP_PX_PER_MM))
    for face in FACES:
        people, attribute, lead = _read(_hand(_seen_index(face), SKINS_BGR[skin], slice(box_right, side)))
        if face in MERGED:
            assert (attribute, lead) == ("", 0.0), (face, attribute, lead)
            continue
        assert attribute == face.split("-")[1], (face, people, attribute, lead)  # main: no read_indices
        assert lead >= C.COVERED_INDEX_LEAD, (face, lead)


@pytest.mark.parametrize("skin", sorted(SKINS_BGR))
def test_an_index_whose_icon_lies_under_the_hand_names_nothing(skin: str) -> None:
    """The hand over the index's lower half (its icon) or over all of it: nothing named, whatever
    the skin (a hand is neither the index's cream nor inside it)."""
    for face in ("elf-crown", "mage-earrings", "dwarf-dagger", "gnome-tattoo", "barbarian-eyepatch"):
        square = _seen_index(face)
        side = square.shape[0]
        assert _read(_hand(square, SKINS_BGR[skin], slice(0, side), slice(side // 2 - 2, side))) == ("", "", 0.0)
        assert _read(_hand(square, SKINS_BGR[skin], slice(0, side))) == ("", "", 0.0)


def test_a_covered_card_whose_index_names_its_attribute_weighs_that_attribute() -> None:
    """The covered card's question (every face, face down) weighs the index's attribute
    ``COVERED_SEEN_ATTRIBUTE`` of each people's share; without it the people's faces weigh alike."""
    from vision.open_season.score_photo import COVERED_SEEN_ATTRIBUTE, _covered_weights, _hidden_wall_choice

    seen = _hidden_wall_choice(1, 2, "gnome-dagger", attribute="dagger")
    assert seen.attribute == "dagger" and len(seen.options) == 31  # still asked with every face
    weights = dict(zip(seen.options, _covered_weights(seen)))
    share = COVERED_SEEN_ATTRIBUTE / ((1.0 - COVERED_SEEN_ATTRIBUTE) / (len(art.ATTRIBUTES) - 1))
    for people in art.PEOPLES:
        assert weights[f"{people}-dagger"] == pytest.approx(share * weights[f"{people}-crown"])
    people_total = sum(w for o, w in weights.items() if o.startswith("gnome-"))
    unseen = _hidden_wall_choice(1, 2, "gnome-dagger")
    assert unseen.attribute == ""
    plain = dict(zip(unseen.options, _covered_weights(unseen)))
    assert plain["gnome-dagger"] == pytest.approx(plain["gnome-crown"])
    assert people_total == pytest.approx(sum(w for o, w in plain.items() if o.startswith("gnome-")))
    # an index whose attribute the guess does not carry names nothing (the guess is the index's face)
    assert _hidden_wall_choice(1, 2, "gnome-crown", attribute="dagger").attribute == ""
