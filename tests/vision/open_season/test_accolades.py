"""The fan reader's art comparisons: the same scores, fewer products."""

from __future__ import annotations

import cv2


def test_the_art_icon_scores_compare_each_pose_only_with_the_faces_turned_as_it_is() -> None:
    """The icon was compared with every face at every turn, and the pose's own turn picked out
    (two thirds of the products thrown away); only those are computed now, the same scores."""
    import numpy as np

    from vision.open_season import accolades as acc
    from vision.render import open_season_art as art

    rng = np.random.default_rng(5)
    soft = cv2.GaussianBlur((rng.random((200, 200, 3)) * 255).astype(np.float32), (0, 0), 2.0)
    x, y, people = 60.0, 50.0, "gnome"
    _names, _p, attr_t = acc._face_templates()
    first = art.PEOPLES.index(people) * len(art.ATTRIBUTES)
    faces = attr_t[first:first + len(art.ATTRIBUTES)]
    y0, y1 = (int(round(v * acc.PX_PER_MM)) for v in acc.ATTR_ROWS_MM)
    x0 = int(round(2.0 * acc.PX_PER_MM))
    icons = np.stack([acc._sample_corner(soft, x + dx * acc.PX_PER_MM, y + dy * acc.PX_PER_MM, ang)[y0:y1, x0:]
                      for dx, dy, ang in acc.JITTER])
    fa = acc._norm_batch(icons.reshape(len(icons), -1, 3))
    turn = [acc.ANGLES.index(ang) for _dx, _dy, ang in acc.JITTER]
    reference = np.einsum("ftk,jk->fjt", faces, fa)[:, np.arange(len(acc.JITTER)), turn].max(axis=1)
    np.testing.assert_allclose(acc._art_icon_scores(soft, x, y, people), reference, rtol=1e-5, atol=1e-5)
