"""Recogniser thresholds, in one place and loadable from JSON (chesscog style)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from calibration.settings_file import load_settings
from vision.octocube.errors import RecognitionError

MODELS_DIR = Path(__file__).resolve().parents[2] / "models"


@dataclass(frozen=True)
class RecogniserConfig:
    models_dir: str = str(MODELS_DIR)
    threads: int = 1
    """onnxruntime intra-op threads."""
    min_cube_probability: float = 0.3
    """A seat's cube counts as found when its colour wins a window with at least this (0.5
    before tilt 25-35 was measured: a cube partly hidden behind another cube or tall stack then
    scored 0.13-0.43 and was not found)."""
    cube_behind_min_probability: float = 0.1
    cube_behind_ratio: float = 0.25
    """A seat's colour that wins the window of a location but also shows (at least this much,
    and this share of the winner's probability) in the window of the location right behind it,
    as the camera sees it, is the cube behind: its near face leans into the front window under
    tilt (the cube behind is found, with the two probabilities added), provided the colour
    also leads that window (else the cube in front only leans into the empty window behind it)."""
    cube_behind_min_parallax_mm: float = 4.0
    """... only where the front location's stack and cube heights lie at least this far apart in
    the picture (mm on the mat): seen nearly straight down a cube leans into no other window, and
    two cubes side by side are two cubes. Fresh whole taught game 72787 (printing 998171, 3
    players, tilt 0.7, evening), change 145: Red on B3 wearing a white amphora (p(red) 0.89,
    parallax 1.8 mm), Yellow's bare cube behind it on A3 (p(red) 0.50, p(yellow) 0.45): Red was
    moved onto A3, Yellow found nowhere, and the tracker raised a false alarm. 0: at any parallax,
    as before session 71."""
    cube_hidden_min_probability: float = 0.05
    """A seat's cube not found plainly may still be found, partly hidden, in a window where its
    colour shows at least this much and leads once the colour of a cube found right behind it is
    set aside (``OctocubeRecogniser._hidden_cube``)."""
    letter_margin_for_certainty: float = 0.05
    """Lead of the best abyss-letter template over the runner-up that counts as certain."""
    rotation_lead_for_certainty: float = 0.08
    """Lead of the best quarter turn's template score over the next that counts as certain."""
    rotation_min_match_before_cube: float = 0.5
    """A cube's top tile whose art matches its window below this (normalised cross-correlation
    of the best quarter turn) while another cube stands right behind it, as the camera sees it,
    has its turn reported unknown: the cube behind shows its near face in the window. On 16 steep
    tuning games' still scenes every one of 11 wrong turns was such a reading (best match
    0.16-0.49), and 6 of 51 right turns with a cube behind fell below it."""
    hidden_top_doubtful: float = 0.15
    """A stack top hidden this much (share of its area) behind a found cube on a neighbouring
    location reads with its confidence scaled by the visible share."""
    hidden_top_unreadable: float = 0.45
    """A stack top hidden at least this much is a guess: its confidence is at most
    ``hidden_top_confidence`` (the tracker then weighs it as a doubtful reading)."""
    hidden_top_confidence: float = 0.05
    # taught copies (vision/octocube/pack_reader.py)
    known_score: float = 0.55
    """Taught pack: a stack top whose best face scores at least this (colour and outline
    correlation less the colour penalty) and leads the runner-up by ``known_lead`` looks like
    the taught copy. Measured on random printings 2, 5, 7 (training seeds), 960x540: 85-97 % of
    the tops of the taught printing reach 0.55, 4-43 % of another printing's or the built-in
    art's."""
    known_lead: float = 0.0
    known_net_probability: float = 0.8
    """Built-in art: a stack top looks known when the classifier gives its tile at least this
    probability and the art's nearest face is the same tile, scoring ``known_builtin_score``."""
    known_builtin_score: float = 0.5
    """Built-in art: the art's nearest face must also fit the top this well (the taught pack's
    score). A printing in the game's own colours agrees with the classifier by colour alone on up
    to half of its tops, at face scores of 0.37 (median); built-in tops that agree score 0.66 or
    more (1st percentile; 20 games, tilt 0-35, three lightings, 960x540, 2026-11-29). Measured per
    scene (training printings 320-359, first 3 scenes): other printings' familiarity at most 0.50
    without the floor, 0.33 with it; the built-in art's at least 0.71 either way (5 whole games,
    tilt 28-35, 960x540-1920x1080, hands left out)."""
    min_familiarity: float = 0.6
    """A scene where fewer of the visible tops than this share look known shows a copy the
    recogniser was not taught: it says so instead of tracking."""
    min_familiarity_builtin: float = 0.45
    """The same for the built-in art (classifier and art agree, the face fits): measured 0.71-1.0
    per scene on the built-in art, 0-0.33 on other printings (``known_builtin_score``)."""
    familiar_streak: int = 3
    rejudge_every: int = 8
    """Built-in art: once this many scenes running looked known, judge only every 8th scene
    (the comparison costs ~40 ms a scene on one core; a taught pack compares every scene)."""
    familiarity_min_tops: int = 4
    """Judge the copy only on scenes that show at least this many tile tops."""
    pack_tile_score: float = 0.45
    """With a taught pack: a window whose best face scores at least this holds that tile, whatever
    the classifier says (it never saw this printing); below it, the classifier's empty / cube /
    bare stands."""
    pack_board_min_score: float = 0.2
    """With a taught pack: a board space whose own tile scores between this and
    ``pack_tile_score`` holds it unless the space looks plainly empty."""
    pack_board_margin: float = 0.0
    """With a taught pack, standard side: a board space holds its tile when the tile's face fits
    it better than the space's own empty look by at least this."""
    pack_lead_for_certainty: float = 0.08
    """Lead of the best taught face over the runner-up that counts as certain."""
    pack_top_fit_score: float = 0.65
    """With a pack: a stack top whose taught face fits its window at least ``pack_tile_score`` is
    as sure as its fit divided by this, up to ``pack_top_fit_confidence`` (times the lead's
    certainty); a fit above that stands as it is. A correlation is not a probability: a pale,
    low-contrast face (a small glyph on a light ground) or a dark tile in the evening light fits
    0.45-0.7 when read right (whole taught games 72491, printing 997331: a green amphora, a pink
    glyph on light grey, 0.45-0.59 in every scene; 72490, 997330, evening: a dark blue diamond
    0.62-0.68), below the tracker's 0.7 to name a tile uncovered (``reveal_confidence``), so the
    tile stayed "unseen" and the game derailed where it was scored. 0 turns this off (the fit
    itself, as before)."""
    pack_top_fit_confidence: float = 0.9
    """... the most such a lift gives (a fit above it stands as it is)."""
    pack_cube_face_score: float = 0.55
    """With a pack: a seat's cube the cube net misses (it finds a cube by its metal plate; a copy
    whose cubes have none, in a colour the tiles also have, looks like a tile stack to it) is found
    where its taught bare face fits a free cube-height window at least this well (tuning printings
    997100-997105: the cube's own window 0.66-0.96; other windows <= 0.43, one 0.60 beside a cube
    of that colour the net had found) ..."""
    pack_cube_face_lead: float = 0.1
    """... and beats every other taught face (tiles, the other cubes) there by at least this
    (measured 0.17-0.67 on the cube's own window)."""
    pack_cube_bare_lead_over_tiles: bool = True
    """With a pack: a cube top whose best taught face is a bare cube plate is read bare as surely
    as that plate leads the best taught *tile* (``pack_lead_for_certainty``), not the runner-up:
    the runner-up is nearly always another seat's bare plate, the same plate in another plastic
    that the coarse stage (brightness and contrast dropped) fits within 0.01, no rival to "bare".
    Fresh taught games 72829 (printing 998216, 3 players, tilt 11, lamp) changes 22 and 27 and
    72831 (998215, 2 players, tilt 13.5, lamp) change 57: a placed cube's bare top led the next
    plate by 0.002-0.009 and was read at 0.38-0.43 (the built-in art 0.91), under the tracker's
    margin 0.5, so every turn of the placing that would show a tile on that top stayed an option
    (11 placing questions offered 1-12 more options than the built-in art). Led over the best
    tile: 0.59-0.75 (docs/teach.md, session 77, conf77). Only where the plate itself fits at least
    ``pack_tile_score`` (bare plates there 0.72-0.86; a worn dark tile fits the plates at most 0.31:
    72730, 997838), so a doubtful bare reading of a worn tile is not made surer. False: the lead
    over the runner-up, as before."""
    pack_cube_tile_over_bare: float = 0.2
    """With a pack: a cube's top whose best taught face is a tile fitting under
    ``pack_tile_score`` is read bare (the net's bare or doubtful bare, as before) only where some
    taught bare cube face fits within this of that tile; where the tile beats every bare face by
    more, the taught faces plainly see a tile (a dark one whose glyph barely shows), and the
    reading is that tile, as doubtful as its low fit makes it. Fresh taught game 72730 (printing
    997406 draws the dark blue tiles dark navy with a dark glyph; 3 players, tilt 3.1, lamp),
    change 48: Red and Blue each wearing a dark blue starfish, the tile fitting 0.41-0.45 in the
    sheet's colours, every bare face -0.24 to 0.13 (a grey plate with a dot: nothing like it), the
    net's own p(bare) 0.01-0.02 (its argmax among the tops, not a verdict): read bare at 0.84-0.89,
    "no legal move explains the table" at changes 48 and 50. A real bare cube's plate fits its
    bare faces at least as well as any tile (0.72 against 0.49 at change 50). 0 or less turns this
    off (every top under the bar read bare, as before)."""
    pack_cube_bare_on_cube_lead: float = 0.1
    """With a pack: a cube top whose best taught face is a tile leading the seat's own taught bare
    face by less than ``pack_cube_bare_on_cube_within`` is read bare where that bare face, compared over the
    middle ``CUBE_FACE_COMPARED_MM`` of the cube's face (the plate and the rim round it), fits the
    window better by at least this than every one of the ``pack_cube_fine_candidates`` best tiles
    inset on it (``pack_reader.tile_on_cube_pack``). The coarse stage compares a face's middle 26 mm
    only, brightness and contrast dropped: a plate with a dot in its middle and a tile in the
    plate's hue, darker, with a round glyph there look alike; a tile stuck on the cube ends 3 mm
    inside its rim, a bare plate does not. Random printing 997603 (the lead's fresh printings),
    table 520303: Yellow's bare cube at rest, its yellow plate fitting the printing's olive light
    blue amphora 0.87 against its own bare face 0.84, read as a light blue sextant (the fine stage
    picks among tiles only); over 38 mm its bare face fits 0.80-0.81, the amphora and the sextant
    inset on it 0.49-0.50. 0: off (the tile, as before)."""
    pack_cube_tile_on_own_face_lead: float = 0.3
    """With a pack: a cube top whose best taught face is a tile fitting under ``pack_tile_score``,
    no further than ``pack_cube_tile_over_bare`` over the taught bare faces, is read as a tile
    (the coarse stage's reading, then the fine stage) where, compared over the middle
    ``CUBE_FACE_COMPARED_MM`` of the cube's face, the best of the ``pack_cube_fine_candidates``
    best tiles inset on the seat's own taught bare face fits by at least this more than that bare
    face: the reverse of ``pack_cube_bare_on_cube_lead``. The coarse stage compares the middle
    26 mm, brightness and contrast dropped, where a dark tile whose glyph barely shows and a dark
    plastic's bare face (another seat's) look alike. Seen printing 997838, table 553801 (1 and 2
    photos): Red's cube wearing a dark blue starfish, best coarse fit the dark blue amphora 0.35,
    Blue's bare face 0.31: read bare; over 38 mm Red's own bare face fits -0.59, the dark blue
    tiles inset on it 0.69-0.72. 0: off."""
    pack_cube_bare_on_cube_within: float = 0.15
    """... a tile leading the bare face by less than this (it was ``pack_cube_face_lead``, 0.1)
    is compared so. Printing 997720, table 543003: Red's bare plate, read in the sheet's colours
    (the red band's balance too blurred to tell), fits the light blue sextant 0.62 and its own
    bare face 0.52, a lead of 0.102; over 38 mm the bare face fits 0.68, the best tile inset on it
    0.52. A topped cube's tile led its bare face by 0.21 or more on 1,485 of 1,486 logged readings
    (session 61), and the comparison over 38 mm still has to favour the plate."""
    pack_cube_behind_other_face: bool = True
    """With a pack: a cube the net finds best in a window but also (weaker) in the window behind
    it is moved behind (``cube_behind_ratio``) only where no other seat's taught bare face fits
    that window (``pack_cube_face_score``, ``pack_cube_face_lead``): two plastics the net confuses
    (tuning printing 997380, game 72704: blue read purple behind Purple's cube) stay two cubes.
    False gives the net's rule alone."""
    pack_cube_pick_other_face: bool = True
    """With a pack: a grid window the net picks for a seat where another seat's taught bare face fits
    surely (as for ``pack_cube_behind_other_face``) is not that seat's cube; the seat's next
    window is taken (whole taught game 72737, printing 997413, 4 players, tilt 5.5, lamp, change
    124: Blue placed its bare cube on E3, p(purple) 0.91 there, Blue's taught face fitting 0.86,
    0.42 over every other face; Purple, wearing a light blue sextant on D3 (p(purple) 0.75), was
    read on E3 and Blue nowhere, "Purple moved out of turn"). Only where the pick is seen nearly
    straight down (parallax under ``pack_topped_min_parallax_mm``): under a strong tilt the bare
    near face of the cube behind may cover most of the pick's window (72541, printing 997351, tilt
    34.4, change 15: Yellow's bare face over two thirds of Red's top on E3; Red was moved to E2).
    False: the net's pick stands."""
    pack_cube_pick_other_face_topped_rival: bool = True
    """... and under a strong tilt too, where another free grid window shows a cube wearing a
    tile (``OctocubeRecogniser._topped_cubes``) whose best cube colour by the net is this seat's:
    the seat's own cube stands there, and the bare face filling the pick's window is the near face
    of the other seat's cube right behind. Whole taught game 72821 (printing 998211, 4 players,
    tilt 34.4, evening), change 127: Yellow rolled onto B1 right behind B2; Yellow's bare near face
    filled B2's window (the best taught fit cube-yellow 0.759), the net gave B2 p(purple) 0.635,
    and Purple, wearing a coin on D3 (a topped cube 0.964, p(purple) 0.554 over p(blue) 0.411),
    was read bare on B2 (parallax 1.86 mm/tile): "Purple moved out of turn" (session 78). 72541
    change 15 keeps its pick: Yellow's face fills Red's window on E3 too, but the one other topped
    cube (Blue's on E1, 0.924) is not red by the net, and Red's own cube is the one on E3. No
    threshold of its own. False: the pick stands at a strong tilt."""
    pack_cube_behind_cube_in_front: bool = True
    """With a pack: nor where a cube stands in the window in front, its top a bare cube face (a
    taught one fits it at least ``pack_cube_face_score`` and beats every taught tile there by
    ``pack_cube_face_lead``) or a taught tile at a cube's height (:meth:`_topped_cubes`): the colour
    behind is then another cube's that the net takes for this one. A printing may draw two
    plastics in near shades and a lamp bring them nearer still: fresh taught game 72728 (printing
    997404 draws red orange-red and yellow orange; 4 players, tilt 24.5, lamp), change 37: Red
    rolled bare onto A5 (p(red) 0.98; a bare face fits 0.72, the best tile 0.33) in front of
    Yellow's cube on A4 wearing a coin (p(red) 0.62, p(yellow) 0.34); Red was moved onto A4 and
    Yellow lost, "Red's cube moved diagonally (B5 to A4)"; change 57: Red rolled onto A4 wearing a
    coin (p(red) 0.96, topped 0.94) in front of Yellow's on A3 wearing one too (p(red) 0.77), the
    two read swapped, "Red's cube moved 2 spaces; Yellow moved out of turn". A cube behind leaning
    its near face into the front window shows that face squeezed by the tilt, which fits no taught
    face so. False gives the rules above alone."""
    pack_cube_behind_own_face_leans_in: bool = True
    """With a pack: ``pack_cube_behind_cube_in_front`` does not hold a cube in front where what
    stands there is only the seat's own taught bare face and the window behind shows a cube wearing
    a taught tile whose plastic band names no other seat, nor the net another seat's colour there
    (``cube_behind_min_probability``; ``OctocubeRecogniser._own_face_leans_in``):
    under a strong tilt the near face of the seat's cube behind can fit its taught face just over
    ``pack_cube_face_score``. Fresh taught game 72764 (printing 997707, 4 players, tilt 32.3, lamp),
    change 126: Purple wearing a green sextant on B5 (p(purple) 0.662), its bare near face in B4's
    window in front (p(purple) 0.666, the face fitting 0.58): read on B4, "Purple moved out of
    turn". 72728's Red bare in front of Yellow's coin (the rule above) is kept: the face there is
    not Red's own best, the plastic behind names Yellow and the net sees yellow there (0.34). False:
    the rule above alone."""
    pack_cube_behind_empty_front: bool = True
    """With a pack: the move to the cube behind (``cube_behind_ratio``) needs only
    ``cube_behind_min_probability`` of the seat's colour behind, where no cube stands in the front
    window by the taught faces (no bare face, no tile at a cube's height), the seat's colour is
    the net's best cube colour behind and the front window shows the near face of the seat's own
    topped cube behind (``OctocubeRecogniser._face_leans_into_empty_front``, the checks of
    ``pack_cube_behind_own_face_leans_in``): the colour in front is only that face leaning in.
    Fresh taught game 72825 (printing 998209, 2 players, tilt 30.7, evening), change 245: Yellow on
    C1 wearing a dark blue amphora (p(yellow) 0.105, p(none) 0.86; the ratio asked 0.18), its near
    face's coin over B1 (p(yellow) 0.72; the coin 0.58 at a cube's height): Yellow was read on B1
    wearing a coin, "Yellow rolls west from C1 to B1". False: the ratio everywhere, as before."""
    pack_bare_face_of_topped_behind: bool = True
    """With a pack: a seat the net finds nowhere whose taught bare face fits best in a grid window
    in front of a cube wearing a taught tile is read on that cube behind where the face is its near
    face leaning in (``OctocubeRecogniser._bare_face_of_topped_behind``: the checks of
    ``pack_cube_behind_own_face_leans_in``, except that another seat named behind, by the net's
    colour or the plastic band, does not count where that seat's cube was found right behind it:
    its plastic leans in from there). Fresh taught game 72821 (printing 998211, 4 players, tilt
    34.4, evening), changes 21-24: Yellow on E3 wearing a white amphora (0.94 at a cube's height),
    Purple's cube on E2 right behind it (p(purple) 0.77 in E3's window, p(yellow) 0.14, under
    ``min_cube_probability``; E3's band named Purple); Yellow's bare near face fitted E4's window
    0.63 and Yellow was read on E4, "Yellow rolls E3 to E4": the game was lost. False: the bare
    face's own window, as before."""
    pack_cube_in_front_other_plastic: bool = True
    """With a pack: ``pack_cube_behind_cube_in_front`` does not hold a cube in front where the
    plastic band of the cube standing there names another seat plainly (``pack_lost_seat_rim_margin``,
    as the lost-seat chain names windows) and the band behind names no seat or this one
    (``OctocubeRecogniser._other_seats_plastic_in_front``): that cube is the other seat's, and the
    seat's colour the net sees over it comes from a plastic drawn alike. Fresh taught game 72814
    (printing 998178: Red orange-red, Yellow orange-tan; 3 players, tilt 35.0, evening), change 141:
    Yellow's cube on B4 wearing a coin (p(red) 0.824, its band 0.033 from Yellow's plastic, 0.181
    from Red's) in front of Red's on B5 (p(red) 0.74, band naming no seat); Red was held on B4 and
    the two cubes read swapped, "Red moved out of turn; Yellow's cube moved 2 spaces", the game
    lost. 72728's Red bare in front of Yellow's coin (the rule above) is kept: the band in front is
    Red's own. False: the rule above alone."""
    pack_cube_behind_near_tile_lead: float = 0.1
    """... nor where what stands in the window in front is a taught tile that fits the window behind,
    at a cube's height too, worse by at least this: the tile the seat's cube behind wears on its near
    face, squeezed by the tilt (``OctocubeRecogniser._tile_on_near_face``; the other conditions of
    ``pack_cube_behind_own_face_leans_in`` hold as for a bare near face). Fresh taught game 72773
    (printing 997974, 4 players, tilt 32.8, lamp), change 28: Yellow's light blue diamond on its near
    face fit D4's window in front 0.76, its dark blue pearl on top E4's 0.93; Yellow was read on D4
    and the game lost. Where it holds, the net's 'none' may lead the window behind, the seat's colour
    its best cube colour there (``OctocubeRecogniser._topped_behind_wears_near_tile``; 72773's
    change 45: p(none) 0.53, p(yellow) 0.39 on E4). 0: off (a bare near face only)."""
    pack_cube_behind_none_lead_bare_near_face: bool = True
    """With a pack: the net's 'none' may lead the window behind (the seat's colour its best cube
    colour there) where the seat's cube behind wears a taught tile on top and leans its BARE near
    face into the window in front, as for a near face wearing a tile (``pack_cube_behind_near_tile_lead``):
    what stands in front is only the seat's own taught bare face and the other conditions of
    ``pack_cube_behind_own_face_leans_in`` hold. Under a steep tilt the near face covers most of
    the front window while the top behind shows a tile the net was never taught. Fresh taught game
    72786 (printing 998166, 2 players, tilt 34.7, lamp), change 237: Yellow on D2 wearing a light
    blue amphora (fitting 0.87 at a cube's height; p(none) 0.68, p(yellow) 0.28), its bare near
    face over D3 in front (p(yellow) 0.80, Yellow's face fitting 0.63): Yellow was read on D3,
    "Yellow's cube moved 2 spaces", and the game lost. False: a near face wearing a tile only."""
    pack_cube_behind_rim_in_front: bool = True
    """With a pack: nor where the window in front, seen nearly straight down (where the height
    tests above cannot act), shows the seat's plastic rim whole round the tile its cube wears
    (``OctocubeRecogniser._rim_in_front``): whole taught game 72705 (printing 997381 draws light
    blue tiles pink; 2 players, tilt 10.1, lamp), change 262: Red's cube on A3 wearing a green
    pearl (p(red) 0.97, Red's rim on four sides) in front of Yellow's on A4 wearing a pink-drawn
    light blue starfish (p(red) 0.53, p(yellow) 0.30); Red was moved onto A4 and Yellow found
    nowhere, "Red moved out of turn". False: the rules above alone."""
    pack_topped_score: float = 0.7
    """With a pack: a seat's cube that neither the net nor its bare face finds may wear a tile on
    its top (the tile hides the face and gives no colour). A free grid location holds such a cube
    when a taught tile fits its cube-height window at least this well (tuning printings,
    |parallax| >= 9 mm: topped cubes 0.78-0.96, stacks <= 0.60) ..."""
    pack_topped_height_lead: float = 0.2
    """... better by at least this than the same tile fits the stack-height window there (topped
    cubes 0.30-1.03: the tile lies at a cube's height, not a stack's) ..."""
    pack_topped_min_parallax_mm: float = 9.0
    """... where the camera's tilt moves a stack's top at least this far (mm) between the two
    heights; below it (a camera looking nearly straight down) height cannot be told this way."""
    pack_topped_lead_full_parallax_mm: float = 20.0
    """... the lead asked is ``pack_topped_height_lead`` where the parallax is at least this (mm),
    and in proportion to the parallax below it: the two windows of a location moved 10 mm apart
    still share two thirds of a 34 mm tile, so a tile on a cube fits the stack-height window nearly
    as well as its own (random printing 997331, game 72491, tilt 15.9, parallax 10.0-12.0 mm:
    topped cubes 0.09-0.21, Purple's white diamond on B1 0.92 against 0.76, a lead of 0.16, so the
    cube in full view was not found and its top read as B1's stack top; a stack top's own lead
    there -0.01 or less). 0: the full lead at every parallax, as before."""
    pack_topped_partial_score: float = 0.62
    """... or at least this well (below ``pack_topped_score``) where the tile's lead over the
    stack-height window is the whole ``pack_topped_height_lead`` at any parallax: a topped cube
    partly hidden by its neighbour (random printing 997337, game 72497, tilt 26.5, evening: Purple's
    dark blue starfish on A3, 81 % in view behind Yellow's cube, 0.64-0.66 with leads 0.31-0.32;
    0.88 in full view), whose height the lead shows plainly. 0.62 keeps clear of the stacks' cube-
    height fits (<= 0.60, and those lead nowhere near). ``pack_topped_score`` or more: off."""
    pack_topped_turned_lead: float = 0.3
    """... or, where that lead falls short (a tilt that barely moves the two heights apart), where
    the tile fits the cube-height window at least ``pack_topped_score`` in a turn (90, 180 or 270)
    and better by at least this than upright: a stack's top always lies upright, a cube's top in
    any turn. Whole taught game 72718 (printing 997394, tilt 16.2), change 94: Blue placed its cube
    on A1 (parallax 9.0 mm, the height lead asked 0.09) wearing a dark blue amphora turned 90; the
    amphora fits 0.964 turned, 0.299 upright, but the stack-height window too (0.936, a height
    lead of 0.028), and no upright tile fits there (0.508); the net saw no cube (p(blue) 0.05), Blue
    was not found: "Blue's cube was not found; A1 shows abyss tile H" and the game was lost. Over
    1: off ..."""
    pack_topped_behind_margin: float = 0.1
    """... and not where the stack right behind the location (as the camera sees it) shows that
    same tile at its own height within this of the fit: under a strong tilt a location's
    cube-height window reaches over the stack behind, and where a cube in front hides the
    location's own stack the tile behind leads its height test (whole taught game 72541, printing
    997351, tilt 34.4, change 129: D5's light blue sextant fit D4's cube-height window 0.74, D4's
    own top hidden behind Yellow's cube on D3, and Blue's cube, missed on B1, was read on D4: "Blue's
    cube moved diagonally (A1 to D4)"). Only where the parallax reaches
    ``pack_topped_behind_parallax_mm``. 0 or less: off ..."""
    pack_topped_behind_parallax_mm: float = 20.0
    pack_topped_rim_sides: int = 3
    """With a pack: a topped cube (``pack_topped_*``) is given to a seat still missing by its plastic
    rim's mean colour round the tile (:func:`~vision.octocube.recogniser._rim_chroma`, the nearest
    to the seat's taught colour), unless another topped cube shows a ring in the seat's own hue on
    at least this many sides (:meth:`~vision.octocube.recogniser.OctocubeRecogniser._rim_of`, the
    ``pack_rim_*`` settings: a pixel nearer another taught seat's hue is not counted) and the mean
    colour's pick shows fewer: that one is the seat's. A tile's colours bleed into the 3 mm band's
    mean under a steep tilt: random printing 997531 (session 55's fresh set, tuning since), bench
    table 520104 (tilt 29.6): Blue's cube on (3, 3) wearing a pink-drawn light blue amphora and
    Purple's on (0, 4) wearing a dark blue starfish, both found by ``_topped_cubes``, the net seeing
    red and no cube there; the bands' means lay 0.134 and 0.169 from Purple's taught colour, 0.156
    and 0.172 from Blue's, so Purple, looked for first, took (3, 3) and Blue (0, 4): both cubes
    "not found" after 1 and 2 photos. Blue's hue rings (3, 3) on 3 sides and (0, 4) on 1,
    Purple's (0, 4) on 3 and (3, 3) on none. 0: the mean colour alone, as before session 56."""
    pack_topped_rim_over_rival: bool = True
    """With a pack: a topped cube whose band's mean colour lies nearer another missing seat's taught
    colour than the seat's own (``pack_topped_rim_sides``' check) is still the seat's where its ring
    in the seat's own hue shows on at least ``pack_topped_rim_sides`` sides and the rival's ring
    there on fewer (:meth:`~vision.octocube.recogniser.OctocubeRecogniser._rim_of`). A tile drawn
    in a third hue bleeds into the 3 mm band, and a blue ring mixed with a magenta tile averages
    purple: random printing 997685 (session 63's fresh set), bench table 540301 (tilt 30, parallax
    19 mm): Blue's cube on (3, 1) wearing a light blue pearl drawn magenta, the net p(red) 0.68
    there, its band 0.17 from Purple's taught colour and 0.26 from Blue's, so Blue was found
    nowhere and the stack top beside it, not masked, read wrong; Blue's hue rings it on 3 sides,
    Purple's on 2. False: the mean colour alone, as before session 64."""
    pack_topped_centred_share: float = 0.25
    """With a pack, seen nearly straight down (parallax under ``pack_topped_min_parallax_mm``, where
    the fits of the height test above cannot tell a tile on a cube from a stack's top, yet at least
    ``pack_cube_stack_top_offset_min_mm``), for a seat the net and its bare face find nowhere: a
    free grid location holds a cube wearing a tile where a taught tile fits the cube-height window
    at least ``pack_topped_score`` and the matcher finds it centred there, less than this share of
    the parallax toward where a stack's top lies (``pack_cube_stack_top_offset_share``'s test the
    other way round: the matcher's search reaches that shift, so a flat tile fits both windows
    alike, found about the whole parallax off). Fresh whole taught game 72770 (printing 997881,
    4 players, tilt 13.6, day), change 140: Purple placed its cube on A4 (parallax 6.6 mm) wearing
    a dark blue amphora turned 270; Purple's plastic is nearly grey (0.07 from grey, under
    ``pack_rim_colourful``: no ring can be told), the net saw no cube there (p(none) 0.82,
    p(purple) 0.06), and the amphora fits 0.97, found 0.11 of the parallax toward the stack's
    place (the found cubes 0.16 or less, every flat tile on that table 0.69 or more); Purple was
    found nowhere, A4's top read a dark blue pearl (the stack reader reads tops upright only) and
    the tracker asked for a placement with the cube's top face down: the game was lost. 0: off."""
    pack_topped_centred_not_mat_round: bool = True
    """... unless the band round that tile shows the play mat (``pack_cube_mat_round_tile_sides``,
    :meth:`~vision.octocube.recogniser.OctocubeRecogniser._mat_round_tile`): a flat tile, however
    centred it lies where the parallax is small. Fresh whole taught game 72787 (printing 998171, 3
    players, tilt 0.7, evening), change 51: Yellow's cube on B3 wearing a light blue pearl (p(yellow)
    0.22 there, parallax 1.8 mm, where the offset cannot be asked) was not found, and this test
    placed it on D1's flat light blue diamond (parallax 4.3 mm, fitting 0.74, nearly centred; the mat
    shows round it on 2 sides): "Yellow moved out of turn". False: as before session 71."""
    pack_topped_stack_score: float = 0.75
    """Only locations whose stack-height window fits no taught tile this well are tried (a tile
    seen where a stack's top should be is a stack; this keeps the cost to a few windows)."""
    pack_topped_near_face_parallax_mm: float = 20.0
    """... except where the parallax is at least this (mm): there a cube's near face fills its
    location's stack-height window, and a tile it wears on that face fits it like a stack's top.
    Fresh whole taught game 72790 (printing 998175, 3 players, tilt 34.9, day), change 33: Blue's
    cube on B2 (parallax 30.4 mm) wearing a white starfish on top (cube-height fit 0.963, 0.138 at
    stack height: a lead of 0.825) and a light blue amphora on its south face, which fit B2's
    stack-height window 0.862; the net saw no blue anywhere (p(blue) <= 0.02), B2 was not tried,
    Blue was found nowhere, B1's top was read as a white pearl, "a tile left stack B1" and the game
    was lost. Set at ``pack_topped_behind_parallax_mm`` (20), so the stack behind a location is
    told apart (:meth:`~vision.octocube.recogniser.OctocubeRecogniser._tile_behind`) wherever this
    acts. 0: off (as before)."""
    pack_topped_near_face_behind_parallax_mm: float = 20.0
    """With a pack: where the parallax is at least this (mm), of two topped cubes a seat may own,
    one right behind the other as the camera sees it, the one in front is left out where the one
    behind fits better: its cube-height window shows the near face of the cube behind, and a tile
    worn there passes the height test. Whole taught game 72790 (printing 998175, tilt 34.9),
    change 37: Blue on B1 wore a light blue amphora on top (0.954) and a white pearl on its south
    face, which fit B2's cube-height window 0.824 (Red's cube on B3 hiding B2's stack window);
    ``_topped_cube_of`` picked B2 by its rim (Blue's plastic frames the near face too): "Blue
    moved out of turn". Set with ``pack_topped_near_face_parallax_mm`` (20). 0: off (as before)."""
    pack_cube_not_stack_top: bool = True
    """With a pack: a grid window where the cube net sees a seat's colour is not that seat's cube
    when a taught tile lies there at a stack's height and not at a cube's: a tile in a cube's
    colour, e.g. a yellow-green tile taken for the yellow cube (``OctocubeRecogniser._shows_stack_top``;
    the height test of ``pack_topped_*`` the other way round). Where the camera's tilt moves a top
    at least ``pack_topped_min_parallax_mm`` between the two heights, the window's best taught tile
    fits the stack-height window at least ``pack_cube_stack_top_score`` and the cube-height window
    worse by at least ``pack_topped_height_lead``. The seat's cube is then looked for in its other
    windows."""
    pack_cube_stack_top_score: float = 0.55
    """... (training printings 1-29, 2-photo packs, 91 tables, parallax >= 9 mm: of 177 real cubes
    none fits a tile at stack height >= 0.48 with that lead (a cube hides its own stack window);
    the stacks the net gives a cube colour >= 0.3 fit their window 0.49-0.96, those with the lead
    0.58 and up)."""
    pack_cube_mat_round_tile_sides: int = 2
    """With a pack, seen nearly straight down (where the height test of ``pack_cube_not_stack_top``
    cannot act): a grid window where the net sees a seat's colour is not that seat's cube when a
    taught tile fits its cube-height window at least ``pack_cube_stack_top_score`` and the 3 mm
    band round that tile, where a cube shows its plastic, shows the play mat on at least this many
    sides (:func:`~vision.octocube.recogniser._mat_sides`): a flat tile lies there. Random printing
    997696 (session 63's fresh set), bench table 541000 (parallax 4 mm): a white pearl drawn lavender
    on (3, 2), one tile on the mat, p(purple) 0.33, p(none) 0.64, took Purple from its own cube on
    (2, 3) wearing a dark blue pearl (p(purple) 0.23, its purple rim whole); the band round the
    pearl is mat on 2 sides, round every cube on none. 0: off, as before session 64."""
    pack_cube_stack_top_offset_share: float = 0.5
    """With a pack, seen nearly straight down (where the height test of ``pack_cube_not_stack_top``
    cannot act), at a parallax of at least ``pack_cube_stack_top_offset_min_mm`` between a stack's
    and a cube's height: a grid window where the net sees a seat's colour is not that seat's cube
    when a taught tile fits its cube-height window at least ``pack_cube_stack_top_score`` and the
    matcher finds the tile shifted along the parallax line, toward where a stack's top lies, by at
    least this share of that parallax: the tile lies at a stack's height (the matcher's search
    reaches that shift, so both windows fit it alike; a tile on a cube lies centred in the
    cube-height window). Fresh printing 997783, table 548300 (parallax 6.4 mm): a dark blue
    sextant drawn in Blue's plastic colour, in full view on (1, 1), p(blue) 0.369, found 5.3 mm
    toward its stack's place (0.83 of the parallax) and fitting 0.84; the band round it lies on
    the tile on three sides (no mat: ``pack_cube_mat_round_tile_sides``), and it took Blue from its
    bare cube on (0, 4) (p(blue) 0.364). 0: off."""
    pack_cube_stack_top_offset_across_weight: float = 1.0
    """... the shift along the line counted less this many times the shift across it (both as shares
    of the parallax): a cube stands a little off its place in any direction, and where the parallax
    is small that alone may pass for a tile at a stack's height, while a flat tile lies on the line
    (its stack's own jitter aside). Fresh whole taught game 72775 (printing 998100, 3 players, tilt
    6.6, lamp), change 125: Yellow rolled south onto D5 wearing a green amphora, p(yellow) 0.96
    there; parallax 4.5 mm, the amphora found 3.4 mm toward the stack's place (0.75 of it) and
    2.3 mm across the line (0.52), so D5 was called a stack top, Yellow was read on D3's flat green
    pearl and the game was lost from move 125; of the flat tiles on that table at 4 mm or more of
    parallax, 14 of 15 still keep 0.72 or more by this measure. 0: the shift along the line alone,
    as before session 70."""
    pack_cube_stack_top_offset_min_mm: float = 4.0
    """... asked only where the parallax between the two heights is at least this (mm; the
    matcher finds a tile's place to the pixel, 1 mm, and a cube may stand a little off centre)."""
    pack_cube_mat_band_at_tile: bool = True
    """... the band is laid round the tile where the matcher found it in the cube-height window
    (not round the window's centre), and begins ``pack_cube_mat_band_gap_mm`` off the tile's
    edge. A flat tile seen from a cube's height lies up to the whole parallax off the window's
    centre, so a centred band lay on the tile itself on the sides it moved toward; and at 1 px a
    mm the tile's blurred edge fills the band's first pixel whichever way the matcher's whole-pixel
    offset rounds. Fresh whole taught game 72833 (printing 998218, 4 players, tilt 6.7, day),
    change 18: B4's flat white sextant (parallax 6.7 mm) showed the mat on 1 side round the
    window's centre at changes 17-19 and the offset test (``pack_cube_stack_top_offset_share``)
    flipped with the matcher's offset, (4, -2) px at 17 and 19 (0.52) but (4, -3) at 18 (0.41,
    the two shifts' fits 0.9626 and 0.9619): B4 was not set aside as a stack top, the lost-seat
    chain (``pack_lost_seat_rim_margin``) found no window for Purple, Blue's cube was read as Purple's
    and the game was lost. Round the found tile, off its edge, B4 shows the mat on 2 sides at
    changes 17-19 and at every shift one pixel from the found one; the cubes on that table on
    none. False: round the window's centre from the tile's edge, as before session 78."""
    pack_cube_mat_band_gap_mm: float = 1.0
    """... that many mm of the 3 mm band next to the tile's edge left out (one pixel of a patch)."""
    pack_cube_mat_band_share: float = 0.5
    """... a side shows the mat where at least this share of its band's pixels do
    (``pack_cube_mat_pixel_chroma``)."""
    pack_cube_mat_pixel_chroma: float = 0.06
    """... a pixel shows the mat where its chromaticity lies within this (L1) of the mat's and
    nearer it than to every taught seat's plastic (a printing may draw a cube near the mat's hue)."""
    pack_cube_topped_not_stack_top: bool = True
    """... unless a taught tile fits the cube-height window at least ``pack_cube_stack_top_score`` and
    within ``pack_topped_height_lead`` of the stack-height fit: a cube wearing a tile, whose side
    shows another tile in its stack's window under a steep tilt (random printing 997321, game 72485,
    tilt 34.6: the red cube's dark blue amphora fits 0.64 at cube height, the light blue tile on its
    near side 0.63 at stack height, and the cube was set aside and lost; the game derailed). Off: the
    height test alone, as before."""
    pack_cube_topped_not_flat_behind: bool = True
    """... but the cube-height fit does not count as a cube wearing a tile where that window lies
    over the stack-height window of the neighbour straight behind (``_behind``: the space the
    parallax leans it onto), at least ``pack_cube_topped_behind_overlap`` of its image area, and
    that neighbour shows a flat stack top with no cube on it: a taught tile fits its stack-height
    window at least ``pack_cube_stack_top_score`` and its own cube-height window worse by at least
    ``pack_topped_height_lead``. Geometry, not names: a cube standing on the space would hide
    (in the image) the neighbour's top that such a window lies over, so a flat top seen whole there
    and a cube on the space in front do not go together; whatever tile the cube would wear, and
    whatever the neighbour holds. Fresh whole taught game 72821 (printing 998211, 4 players, tilt
    34.4, evening), change 22: C2's maroon-printed starfish fit 0.941 at stack height, 0.536 at
    cube height; C2's cube-height window lay 0.70 over C1's stack window, where C1's flat dark blue
    sextant fit it 0.859 (C1's own stack window 0.937, cube-height window far worse): Red (truly
    on B5) was read on C2 "wearing a dark blue sextant" and the game was lost from move 23. In the
    exception's own case (game 72485, tilt 34.6) the red cube's window lies 0.65 over D4's stack
    window, and D4's top, 70 % hidden behind the cube (the twin's visible share 0.30), fits no
    taught tile better than 0.28 there: the cube is kept.
    Off: the exception as before session 77."""
    pack_cube_topped_lean_fits_best: bool = True
    """... and the flat top behind counts only where its tile fits the neighbour's own stack-height
    window at least as well as ``i``'s cube-height window: a tile lying flat there fits best where it
    lies. Where it fits ``i``'s cube-height window better, it is the top of a cube standing on ``i``
    that also shows in the neighbour's window, the neighbour's own top hidden behind that cube.
    Fresh whole taught game 72858 (printing 998262, 2 players, tilt 35.0, lamp), change 81 ("Red
    rolls east from B2 to C2"): p(red) 0.984 on C2; C2's stack-height window fits white amphora
    0.661 (Red's near side), its cube-height window 0.384 (a stack top by the height test); Red's
    own top, light blue amphora, fits C2's cube-height window 0.889 and C1's stack-height window
    0.693 (C1's dark blue sextant hidden by the cube; C2's window lies 0.691 over it): the lean held,
    Red was found nowhere, C1 and C2 read light blue and white amphora (0.9), "a tile left stack
    C1/C2" and the game was lost from change 81. In 72821's change 22, the case the lean was made
    for, C1's flat sextant fits its own stack window 0.937 and C2's cube-height window 0.859: the
    lean still holds. On since session 80: the cube-top bench unchanged with it (956/957, 144/144,
    fresh80b's run); 72858 rerun with it on (not a fresh run): 276/276 moves, 3 false alarms (the
    three raised before the loss in the first run), scores equal. False: as before."""
    pack_cube_topped_behind_overlap: float = 0.5
    """... "lies over" is at least this share of the cube-height window's image quad inside the
    neighbour's stack-height window's quad (both 52 mm squares, projected by the camera model):
    half, the window lies more over the neighbour's top than anywhere else, and a cube standing
    there hides most of that top. On 72821's and 72485's cameras (tilt 34.4, 34.6) every space's
    share is 0.55-0.70 (C2 over C1 0.70, over its own stack window 0.40); the same film camera at
    tilt 0 / 10 / 20 / 25 / 30 gives 0.04-0.19 / 0.05-0.32 / 0.34-0.46 / 0.41-0.53 / 0.48-0.62, so
    the rule acts from a tilt of about 25 up (the cube-top bench, tilt 0-30, unchanged by it)."""
    pack_cube_topped_height_score: float = 0.50
    """... where "at least" is this (not ``pack_cube_stack_top_score``, which bounds the stack-height
    fit) for the cube-height fit: a cube wearing a tile under a lamp at a steep tilt fits its own
    top's tile less well (whole taught game 72712, printing 997388, tilt 31.7, lamp, frame 847:
    Yellow's cube on B2 wearing a dark blue amphora, 0.539 at cube height, its near side's dark blue
    starfish 0.606 at stack height; set aside as a stack top, a false alarm "a tile left stack B2
    with no cube on it"). Over 20 frames of that game, the 370 grid windows with no cube found whose
    stack-height fit shows a tile's height (fit >= 0.55, lead >= 0.2) are judged the same at 0.50 as
    at 0.55; at 0.45 three more (cube-height fits 0.45-0.49) would count as topped cubes."""
    pack_cube_colour_swap: float = 0.05
    """With a pack: two found cubes on the grid whose plastic rims (``_rim_chroma``) each lie nearer
    the other seat's taught cube colour change seats, where that brings the two rims' summed
    distance to their seats' colours down by at least this much (0: off). A random printing may
    draw the red and yellow cubes in two oranges the net does not tell apart (random printing
    997322, game 72483, tilt 22.8: both cubes p(yellow) best, the yellow one given the red cube's
    place; rims 0.08 / 0.12 from their own seats' colours, 0.20 / 0.15 from the other's: a false
    alarm "Red moved out of turn")."""
    pack_cube_colour_swap_each: float = 0.02
    """With a pack: the mean-rim rule of ``pack_cube_colour_swap`` swaps two cubes only where EACH
    window's rim lies nearer the other seat's taught cube colour by at least this much (0: off, the
    summed gain alone, as before). Fresh whole taught game 72845 (printing 998236, 4 players, tilt
    32.2, lamp), changes 59 and 67: the net reads Purple's cube p(red) 0.84 (p(purple) 0.01) but
    places every cube right; Red's window lies 0.046 nearer Purple's taught colour, Purple's only
    0.004-0.005 nearer Red's, summed 0.048-0.052 on the 0.05 threshold, so the frame's noise swapped
    them at settled 0, 1 or 2: "Red's cube moved diagonally; Purple moved out of turn" (3 false
    alarms, session 79 fresh79a). The rule's own case (997322, game 72483, frame 100) has 0.029 /
    0.123 and still swaps at 0.02. Cube-top bench at 0.02 as main (956/957, 144/144). 72845 rerun
    with it (session 79, lead): 5 false alarms, was 8 (changes 59 and 67 read right)."""
    pack_cube_colour_swap_against: float = 0.06
    """With a pack: two found cubes on the grid whose best net colours are both one of the two
    seats' also change seats where their rims' difference lies at least this far (chromaticity,
    along the two seats' taught colours' difference) the other way round from the taught colours'
    (``OctocubeRecogniser._rims_against``): a lamp unlike the teach photo's light may move every
    rim nearer one seat's taught colour (taught game 72710, printing 997386: Blue's and Purple's
    rims both nearest the taught blue; swapped 0.082-0.089 the other way round, the rest of the
    game's pairs at most 0.038). 0: off."""
    pack_cube_colour_swap_against_cosine: float = 0.8
    """... and the rims' difference points that way within this cosine (72710: swapped -0.96 to
    -0.98, the right pairs never under -0.54)."""
    pack_cube_colour_swap_against_own_ring: int = 3
    """With a pack: the rims-difference swap (``pack_cube_colour_swap_against``) is not made where
    one of the two windows shows a ring in its own seat's plastic hue on at least this many sides
    and none in the other seat's (``OctocubeRecogniser._ring_keeps_own``, :func:`_rim_sides`): that
    window's cube is plainly its own seat's, and a seat has one cube. The mean rim band takes in
    the colour of the tile a cube wears, and where a printing draws two seats' plastic near alike
    (the net reading both in one colour) two tiles' colours can turn the bands' difference round
    in plain day light: fresh whole taught game 72860 (printing 998266, 4 players, tilt 29.8, day),
    change 60: Red's cube on A5 (a green-drawn tile) and Yellow's on D3 (a magenta-drawn tile),
    both p(red) best (0.96, 0.95), read right by the pass, then swapped by the rims' difference
    (-0.071 along the taught red-yellow difference, cosine -0.99) while A5 showed Red's ring on 4
    sides and Yellow's on 0 (D3: 4 and 4): "Yellow's cube moved diagonally (D4 to A5)", three
    false alarms. 72710's case (change 142, the rule's own) is still swapped by it with the rings'
    and bands' swaps off. 0: off (as session 81)."""
    pack_cube_colour_swap_ring_sides: int = 3
    """With a pack: two found cubes on the grid (not read by the net each in its own seat's colour,
    ``pack_cube_colour_swap_keep_net_own``) also change seats where each window shows a ring in
    the other seat's plastic hue on at least this many sides and on more sides than its own seat's
    (``OctocubeRecogniser._rings_swapped``, :func:`~vision.octocube.recogniser._rim_sides`): a
    printing may draw every bare plate alike and a tile's colour bleeds into the band's mean
    (whole taught game 72774, printing 997976, day, change 196: Red's cube wearing a yellow coin
    and Yellow's bare cube both read p(red) best, Red moved onto the bare plate; rings 4 / 0 and
    4 / 1 sides the other way round: three moves wrong, three false alarms). 0: off."""
    pack_cube_colour_swap_plain_ring: int = 3
    """With a pack: two found cubes on the grid (not read by the net each in its own seat's colour)
    also change seats where one window shows a ring in the other seat's plastic hue on at least
    this many sides and none in its own seat's, and the other window shows the first seat's ring
    on at least this many sides, whatever its own seat's ring shows there
    (``OctocubeRecogniser._plain_ring_swapped``): a seat has one cube, and the first window's is
    plainly the other seat's. ``pack_cube_colour_swap_ring_sides`` asks both windows to show the
    other's ring on more sides than their own, which a cube between two near-alike plastics may not
    (whole taught game 72863, printing 998275, 4 players, tilt 18.2, lamp, change 175, the gate's
    frame 1234: Red on C1 wearing a dark blue diamond, p(red) 0.33 and 'none' 0.57 there; Yellow on
    A3 read p(red) 0.51; Red was put on A3, Yellow on C1 by its fall-back; A3 shows Yellow's ring on
    4 sides and Red's on 0, C1 Red's on 3 and Yellow's on 4: "Red moved out of turn; Yellow moved
    out of turn", a false alarm and a lost-track question). 0: off (as session 81)."""
    pack_cube_colour_swap_by_band: bool = True
    """With a pack (every seat's cube taught): two found cubes on the grid (not read by the net each
    in its own seat's colour, ``pack_cube_colour_swap_keep_net_own``) also change seats where each
    window's cube-edge band names the other seat plainly against the taught RIM colours
    (``OctocubeRecogniser._bands_swapped``: ``_plastic_seat``, margin ``pack_lost_seat_rim_margin``,
    as the lost-seat chain names windows). The mean-rim rule measures against the taught cube
    colours (the 2-8 mm ring), which a printing may draw near alike: whole taught game 72833
    (printing 998218, tilt 6.7, day), change 183: Blue's and Purple's cube colours 0.08 apart (gain
    0.042 < ``pack_cube_colour_swap``), Blue and Purple read swapped, while each band named the
    other seat by 0.245 / 0.292 (a false alarm). False: off (as session 77)."""
    pack_cube_colour_swap_keep_net_own: bool = True
    """With a pack: two found cubes whose windows the cube net reads each in its own seat's colour
    (best of the cube colours) keep their seats, whatever their rims say
    (``OctocubeRecogniser._net_reads_own_colours``): with one cube right in front of the other under
    a steep tilt each rim band takes in the other cube's plastic (taught games 72712, printing
    997388, tilt 31.7, and 72709, 997385, tilt 33.5: two cubes the net read right, p(own) best on
    both, swapped by their rims: false alarms). The swap rules were written for a pair the net
    reads in one colour (997322, 997386). Off: the rims asked for every pair, as before."""
    pack_cube_bare_elsewhere: bool = True
    """With a pack: where the net's pick for a seat shows a taught tile and another window it
    gives that seat's colour shows a taught bare cube face, the cube is that other window
    (``OctocubeRecogniser._bare_cube_elsewhere``: a tile in a cube's colour seen from nearly
    straight down, where height cannot be told). Off: the net's pick stands, as before."""
    pack_cube_elsewhere_p_drop: float = 0.2
    """... and only where the net gives that other window this seat's colour within this much of
    its pick (996994: 0.94-0.97 against 0.98-0.99; fresh 997301, a red cube called yellow 0.58
    against the yellow cube's own 0.94, was moved onto). 0.2 lies halfway between the two (it was
    0.1): whole taught game 72705 (997381), change 112, Red bare on B3, p(red) 0.84 there and
    ``cube-red`` fitting 0.87 with a lead of 0.41, against C2's pink amphora 0.95 (Red judged first,
    nothing set aside): 0.01 under the old floor, Red was read on C2, "Red moved out of turn"."""
    pack_cube_elsewhere_share: bool = True
    """... where the pick's and the other window's probabilities of the seat's colour (and the other
    window's best class) are judged with the colours of cubes already found in other windows set
    aside and the rest renormalised (p / (1 - their sum)), as ``pack_rim_elsewhere_share`` does
    (whole taught game 72705, change 111: Red bare on B3, p(red) 0.83 and p(yellow) 0.07 there with
    Yellow found at its rest spot, share 0.90; C2's pink amphora 0.96: Red was read on C2, "Red's
    cube moved diagonally"). False: the raw probabilities."""
    pack_cube_elsewhere_share_p: bool = True
    """... and the bare cube so found is as sure as that share (the net's p of the seat's colour
    there with the found seats' colours set aside, the share it was judged by; as
    ``OctocubeRecogniser._rimmed_cube_elsewhere`` gives its rim's window), not the raw p, which may
    fall under ``min_cube_probability`` and drop the find. Whole taught game 72845 (printing
    998236, 4 players, tilt 32.2, lamp), change 131: Red rolls bare onto B5 beside Purple's cube;
    B5 p(purple) 0.69, p(red) 0.26 (share 0.94 with Purple and Yellow set aside, its plate
    Red's bare face), the net's pick A3 (Blue's cube, p(red) 0.36). Found at 0.26, Red was dropped
    and put on D3 by the hidden-cube step; Blue then took B5's share of blue for its own bare
    cube elsewhere and was lost: "Red's cube moved diagonally (A5 to D3)". False: the raw p."""
    pack_cube_elsewhere_front_parallax_mm: float = 9.0
    """... but never onto the location right in front of the pick (as the camera sees it) where
    the tilt moves a stack's top at least this far (mm) between the two heights: there the pick's
    own cube shows its near face, a bare plate, in the front window (whole taught game 72541,
    printing 997351, tilt 34.4, changes 51-53: Red's cube on D4 wearing a coin, its blue near face
    fitting its taught bare face 0.68 in D3's window, was moved onto D3 and the game was lost at
    move 52), and the height test (``_shows_stack_top``) already told the pick's tile from a
    stack top. 0: any window, as before."""
    pack_cube_bare_behind_lead: float = 0.3
    """... and the window straight behind the pick (the one the pick lies in front of, as the camera
    sees it) counts whatever the net gives it, where this seat's own taught bare face fits it best
    (at least ``pack_cube_face_score``) by at least this lead over every other taught face: a cube
    at the far edge shows its colour in the window in front (its near side) and not in its own
    (fresh whole taught game 72748, printing 997424, tilt 9.1, change 2: Blue placed bare on B5,
    p(blue) 0.17 there and ``cube-blue`` fitting 0.80 with a lead of 0.52; B4's window p(blue)
    0.59, fitting a dark blue sextant 0.90: Blue was read on B4 and the game lost at move 3). A
    cube's near face shows in front of it, never behind, and a cube wearing a tile shows no bare
    face on top. 0: off, as before."""
    pack_hidden_cube_share: float = 0.2
    """With a pack: a seat's cube partly hidden under the cube behind it (``cube_hidden_min_probability``'s
    second way) is found with a share of the colour left down to this where its own near face, a
    bare plate in the printing's colour, fits its stack-height window
    (``OctocubeRecogniser._hidden_cube_by_near_face``). 0: off."""
    pack_near_face_score: float = 0.45
    """... that fit at least this (and the lead ``pack_cube_face_lead`` over every other taught face)."""
    pack_hidden_topped_score: float = 0.5
    """... or, for a cube wearing a tile, confirmed by that tile: a taught tile fits the location's
    cube-height window at least this well, better than it fits the stack-height window by the
    height test's lead (``pack_topped_height_lead``, in proportion to the parallax as
    ``pack_topped_lead_full_parallax_mm`` says), and the plastic rim round it lies nearer the
    seat's taught cube colour than any other seat's. Whole taught game 72552 (printing 997362,
    tilt 16.9, lamp), change 118: Yellow's cube on C1 wearing a green amphora, 84 % in view under
    Red's cube on D1 (drawn over it), which Red had just pivoted; the net gave C1 red 0.61, yellow a
    share of 0.25 of the rest; the amphora fit the cube-height window 0.57 (the stack-height one
    0.35; under ``pack_topped_partial_score``), the rim nearest Yellow's colour: Yellow's cube was
    not found, its tile read as C1's stack top, and Red's pivot was an alarm (lost at move ~118).
    Over 1: off."""
    pack_topped_net_floor: float = 0.15
    """With a pack: a seat the net finds nowhere (under ``min_cube_probability``) is looked for at
    the free grid window where the net gives its colour at least this, as its best cube colour
    there, and the window shows the seat's cube wearing a tile (the height test and the rim of
    ``pack_hidden_topped_score``, ``OctocubeRecogniser._wears_own_tile``); found there with the
    colour's share of the net's cube classes. The net was never taught the printing's plastic, and
    a cube wearing a tile shows little of it (taught game 72706, printing 997382, tilt 18.8,
    evening, change 87: Blue's cube on D2 wearing a white sextant, p(blue) 0.24, 'none' 0.66; the
    sextant fit the cube-height window 0.61, the stack-height one 0.43, under
    ``pack_topped_partial_score``; Blue was not found and its roll was an alarm). Over 1: off."""
    pack_topped_net_low_parallax: bool = True
    """... also where the tilt moves a top under ``pack_topped_min_parallax_mm`` between the two
    heights, if the tile fits the cube-height window better than the stack-height one by the
    whole ``pack_topped_height_lead`` (in full, not in proportion to the parallax): windows barely
    apart share most of a stack's tile, so such a lead is a tile at a cube's height (taught game
    72710, printing 997386, tilt 14.6, lamp, change 30: Blue's cube on B2 wearing a green amphora,
    parallax 8.99 mm, the amphora 0.88 up, 0.60 down at frame 219; Blue's plastic too like Purple's for the rim
    search; Blue was not found and its roll was an alarm). False: such windows are not asked."""
    pack_topped_net_set_aside_found: bool = True
    """... and the colours of cubes already found in other windows are set aside in the lead over
    the other cube colours and in the share: a seat has one cube (72710, change 30: p(purple) 0.71,
    p(blue) 0.24 on Blue's cube, a magenta-drawn amphora in a blue rim, Purple's own cube found on
    A2 in front of it by its bare face). False: every colour counts."""
    pack_topped_net_not_stack_top: bool = True
    """... and a window that shows a flat tile lying at a stack's height
    (``OctocubeRecogniser._shows_stack_top``, the height test of ``pack_cube_not_stack_top``) is
    not taken: no cube stands on a space whose own stack top is in plain view, however well a
    tile at cube height fits there, for that tile may be the near face of a topped cube standing
    right behind, seen over the empty space under a steep tilt. Fresh game 72830 (printing 998213,
    4 players, tilt 34.6, evening), change 146: Red rolled onto A5 right behind Yellow's cube on B5
    (white pearl on top, a dark blue starfish on its near face); Red's plastic filled B5's window
    (p(yellow) 0.118), the net's best window for Yellow was C5 in front (p 0.23), where the
    starfish on Yellow's near face fit the cube-height window 0.575 with the rim nearest Yellow,
    and Yellow was read on C5, sure of its place (1.0): a false alarm. C5's own light blue
    starfish fit its stack-height window 0.787 (a stack top); without C5, Yellow is found on B5 by
    the cube behind that explains its colour (``_hidden_cube``, 0.754). False: not asked."""
    pack_set_aside_pick_back: float = 0.9
    """With a pack, after a reading of the cubes: where a seat (the holder) stands on a grid window
    whose best cube colour by the net is another seat's (at least ``min_cube_probability``, more
    than the holder's own), that seat lost or on a window where the net sees its colour less, while
    the holder's own best grid window by the net (p at least this) was set aside as a stack top
    (``_shows_stack_top``), no seat holds it and its plastic rim names the holder
    (``_plastic_seat``): the holder goes back to its own window and the other seat takes the one
    it leaves
    (``OctocubeRecogniser._set_aside_pick_back``; 0: off). The height test sets a cube wearing a
    tile aside where its top fits its cube-height window under ``pack_cube_topped_height_score``
    and its near side fits the stack-height window; the seat's fall-back search then takes a
    rival's cube. Whole taught game 72858 (printing 998262, 2 players, tilt 35.0, lamp; session
    81): Yellow's own top, light blue sextant, fits 0.478 (change 74, A3), 0.493 (change 71, A3,
    third still frame) and 0.463 (change 172, D1) at cube height, its near side's coin 0.60 /
    white sextant 0.69 at stack height; p(yellow) 0.99 there, the rim nearest Yellow's plastic
    by 0.33; Yellow was read on Red's cube (B3 p(red) 0.93; C1 p(red) 0.79), Red lost (71, 74) or
    put on C2 (172, p(red) 0.74 there, a white diamond stack): the rerun's
    three false alarms ("Yellow moved out of turn", "Yellow's cube moved diagonally", "Red moved
    out of turn"). Red's rim on B3 lies nearer Yellow's taught rim (0.165, L1 chromaticity) than
    its own (0.242) under the lamp, so the lost-seat chain (``pack_lost_seat_rim_margin``) could
    not name Red's window."""
    pack_topped_cube_to_front: bool = True
    """With a pack, after a reading of the cubes: where one seat was put on a grid window where no
    cube stands and the net's 'none' leads, and another seat's cube wearing a tile has right in
    front of it a free window that shows a topped cube too, where that seat's colour is the net's
    best cube colour, and the first seat's colour is the pick's best cube colour but the second
    seat's: the second seat moves to the front window, the first to the window it leaves
    (``OctocubeRecogniser._topped_cube_to_front``). Under a steep tilt the net sees a topped
    cube's plastic in the window behind it too, and the greedy pass (strongest seat first) moves a
    pick only to the window behind, never in front. Whole taught game 72821 (printing 998211, 4
    players, tilt 34.4, evening), change 101: Red on E2 wearing a white sextant, Purple right in
    front on E3 wearing a coin; the net: E2 purple 0.61, red 0.33; E3 purple 0.58, blue 0.24;
    Purple took E2 and Red was left with C2 (no cube; 'none' 0.55, red 0.41): "Red moved out of
    turn; Purple moved out of turn" (session 78). No threshold of its own. False: not asked."""
    pack_cube_place_by_face: bool = True
    """With a pack: a cube the net found (its colour at least ``min_cube_probability``) whose
    cube-height window its seat's taught bare face fits best, at least ``pack_cube_face_score``
    and by ``pack_cube_face_lead`` over every other taught face (tiles, the other seats' cubes),
    is as sure of its place as that fit (``_pack_confidence``), where the net is less sure. The
    cube net was never taught the printing's plastic: a red drawn orange-red gets p(red) 0.68 on
    a cube standing in full view, under the tracker's ``unsure_place`` (0.7), so a roll onto the
    next space counted at most 0.25 against "nothing happened" (whole taught game 72568, printing
    997374, tilt 23.2, lamp, change 80: Red's roll west E2 -> D2, ``cube-red`` fits D2's window
    0.82 with a lead of 0.33; the roll was not seen, the next turn's question lacked it and the
    game was lost at move 81). False: the net's probability alone, as before."""
    pack_rim_max_none: float = 0.5
    """With a pack: a seat's cube that neither the net, its bare face nor the height test
    (``pack_topped_*``, which needs a parallax of ``pack_topped_min_parallax_mm``) finds may be
    found by the plastic rim round the tile it wears, where the camera looks nearly straight
    down: at a free grid location whose parallax is under ``pack_topped_min_parallax_mm``, where
    the cube net's p(none) is at most this (it sees a cube there, in whatever colour), and the
    cube-height window shows a square ring in the seat's taught colour round a tile that is not
    (``pack_rim_*`` below). Whole taught game 72705 (printing 997381, tilt 10.1, lamp), changes
    20-24: Yellow's cube wearing a light blue amphora (pink) on C1, parallax 4.7 mm, the net gave
    C1 red 0.73, yellow 0.21, none 0.05; its yellow rim plain round the tile; Yellow was not found
    and the game was lost at move 23. 0: off."""
    pack_rim_alone_max_none: float = 0.95
    """... and, where no such location shows the rim, one where p(none) is at most this may, when
    it is the only free low-parallax location whose window shows the seat's rim on all four sides:
    the net, never taught the printing's plastic, may miss a cube wearing a dark tile in a thin
    rim (whole taught game 72734, printing 997410, tilt 3.8, day, change 19: Blue's cube on A2
    wearing a dark blue sextant, p(none) 0.90, p(blue) 0.07; its rim plain on four sides, no
    other window's on more than one; Blue was not found and the game was lost). The rim then
    tells the place as surely as ``pack_rim_alone_p``. At most ``pack_rim_max_none``: off."""
    pack_rim_alone_p: float = 0.5
    pack_rim_three_sides_min_p: float = 0.2
    """With a pack, for a seat every other step lost (net, bare face, height test, four-sided rim,
    rest ring, hidden-cube rescues): the one free low-parallax grid location whose window shows
    the seat's taught rim on three sides (:meth:`OctocubeRecogniser._rim_of`) is the seat's where
    the net's best cube colour there is the seat's, at least this probability (just under
    ``min_cube_probability``), p(none) at most ``pack_rim_alone_max_none``, and no other free
    window of the seat's holds a higher p(seat): the net's own colour stands in for the missing
    side. The far side's band is 1-2 px and its pixels scatter about ``pack_rim_hue``, so a
    small shift of the taught colour between one and two teach photos drops it: other-hand
    printing 998012, table 520000, Yellow's cube on (2, 2) wearing a dark blue sextant seen nearly
    straight down, p(none) 0.58, p(yellow) 0.29, p(red) 0.08; its left band 0.41 of its line in
    the mask after 1 photo (4 sides with ``pack_rim_fourth_side_share``), 0.27 after 2 (3 sides):
    Yellow lost. The place as sure as the net's p(some cube) there. 0: off."""
    pack_rest_rim_sides: int = 4
    """With a pack: a seat's cube found nowhere else (net, bare face, height test, rim on the grid)
    is at rest where its seat's rest window shows a ring in the seat's taught hue round a tile on at
    least this many sides (:meth:`OctocubeRecogniser._rim_of`, the ``pack_rim_*`` hue mask); its
    place as sure as the net's p(some cube) there, at least ``pack_rim_alone_p``. The grid's
    fallbacks look at grid windows only, and the net, never taught the printing, may miss a cube
    at rest wearing a dark tile: printing 997720, table 543004, Blue's cube at rest wearing a
    green starfish drawn olive, p(none) 0.67, p(blue) 0.18, its blue ring on 4 sides (the empty
    rest places of that table: 0 sides). 0: off."""
    pack_rim_colourful: float = 0.1
    """... where the seat's taught cube colour lies at least this far (chromaticity, b, g, r shares,
    L2) from grey, and every other seat's colour in another hue (``pack_rim_hue``): a pale or
    grey plastic, or two seats alike, cannot be told by a 3 mm rim (random printing 997377 draws
    every cube grey-pink, 0.02-0.05 from grey) ..."""
    pack_rim_hue: float = 0.9
    """... a pixel (3 x 3 mean) is in the ring's colour when its chromaticity's offset from grey
    points within this cosine of the seat's colour's, nearer it than every other seat's, and is
    at least ``pack_rim_pale`` of the seat's colour's length (a lit rim is paler, its hue the
    same: 72705 change 25, Yellow's rim on C1's far side; a fixed distance missed it) ..."""
    pack_rim_pale: float = 0.4
    pack_rim_side: float = 0.6
    """... on each of the four sides, some line across the middle 22 mm of the side is at least
    this share in that colour (a topped cube in full view: 0.64-1.0) ..."""
    pack_rim_centre: float = 0.3
    """... the tile's margin just inside the rim (12-14 mm from the window's centre) at most this
    share (a bare cube's face, a tile in the cube's colour: no ring; the glyph may share the
    cube's hue: 72705's coin, an orange disc, on Red's orange-red cube) ..."""
    pack_rim_span_mm: tuple[float, float] = (35.0, 42.0)
    """... and the lines of opposite sides this far apart (the cube's 40 mm top: its rim round a
    34 mm tile measured 38-41; a tile's edge blurred into a rim of another hue gives 34). 36
    before session 51: a cube standing on a stack, seen nearly straight down, shows its near rim
    band 5 mm wide and its far one 4 (whole taught game 72734, printing 997410, tilt 3.8, day,
    changes 30 and 38: Blue's rim on A2 round a dark blue sextant, band middles 35 apart top to
    bottom, 36-37 left to right: two sides, Blue not found, two false alarms)."""
    pack_rim_outer_span_mm: tuple[float, float] | None = (37.0, 44.0)
    """... or, where set, their bands' outer edges this far apart (the cube's silhouette: its 40 mm
    top, and on the near side a sliver of its side face in the same plastic), the tile's margin
    then judged 8-10 mm in from those edges (``RIM_MARGIN_MM``) on that axis, not 12-14 mm from
    the window's centre: a dark tile in the seat's hue may read in it along its own edge, widening
    the band inward and pulling its middle in (whole taught game 72734, printing 997410, tilt 3.8,
    day: Blue's rim on A2 round a dark navy sextant; change 62, the near band 7 mm wide, middles
    34 mm apart, outer edges 39; change 46, the navy edge in Blue's hue 6-7 mm in from the
    silhouette on the left, the centred margin 0.34 in the mask: Blue not found either time, two
    false alarms). Either measure fits: a band widened outward (the near side face in the plastic,
    a neighbour in the hue) spoils the outer edges, not the middles (72705, printing 997381, tilt
    10.1, change 103: Red's top band from the rim to the window's edge, outer edges 45 apart,
    middles 40; by the outer edges alone Red was read on C2's pink amphora and the game lost). A
    cube's outer edges measured 39-43 apart (Blue on A2 at changes 19-62 of 72734: 39-43; every
    seat's cube seen nearly straight down in 24 still frames of 72734: 39-42); a band hugging a
    34 mm tile's edge spans 33. None: the middles alone, as before session 52."""
    pack_rim_set_aside_only_alike: bool = True
    """With ``pack_rim_set_aside_found_rivals``: only the found seats whose plastic is alike in hue
    (within ``pack_rim_hue``: the ones that keep a rim from being told) are set aside; a found
    seat in another hue stays in the rim's mask, where a pixel counts only if it lies nearer the
    seat's hue than that rival's. Setting every found seat aside let a tile's glyph near a found
    rival's hue fill the rim's mask: whole taught game 72705 (printing 997381, 2 players, tilt
    10.1, lamp), change 37: Red's cube on D2 wearing a coin (an orange disc), Yellow (cosine 0.74 to
    Red's hue) found first; with Yellow no rival, the disc counted as Red's and the tile's margin
    filled: 1 side, 4 with Yellow a rival; Red was moved onto C2's pink amphora, "Red's cube moved
    diagonally (D3 to C2)", and the game was lost at change 56 on main (50f02c2). False: every
    found seat set aside, as in session 52."""
    pack_rim_band_nearest_centre: bool = True
    """With ``pack_rim_outer_span_mm``: each side's band is the run of lines round the maximum of
    the side's outer part nearest the window's centre, on the window's first side as on its last
    (there the first maximum was the one nearest the window's edge). A neighbour in the seat's hue
    beyond the cube took the band outside it: whole taught game 72705 (printing 997381, which
    draws light blue tiles pink; 2 players, tilt 10.1, lamp), change 211: Red rolled onto D3
    wearing a coin, its rim plain on four sides, the near band on lines 5-10 (all in the mask) but
    lines 0-1, beyond the cube, in the mask too: the band was taken on lines 0-2, its outer edges
    47 mm from the far band's, two sides, and Red was read on C1's pink amphora (p(red) 0.806
    there, 0.802 on D3): "Red's cube moved diagonally (D4 to C1)" (the game's one false alarm
    since session 51). Over the settled still frames of 72705 (every 8th change), 72734 and 72737
    (every 4th), 124 frames, 9360 low-parallax window x seat pairs: four sides where the seat's
    cube is not 3 -> 2, on its own cube 2 more (a 2-sided rim now whole); nothing else reaches or
    leaves four. False: the first maximum (as before)."""
    pack_rim_fourth_side_hue: float | None = 0.85
    """... and, with ``pack_rim_outer_span_mm``, where three sides' bands show and the fourth's does
    not, that band is looked for once more by each line's mean colour along the side's middle
    22 mm, within this cosine of the seat's hue (still nearer it than every other seat's, as pale,
    at the span from the band opposite; the tile's margin judged in the pixel mask as before): a
    cube's far band, 1 mm wide nearly straight down, blends with what lies beyond the cube and
    its pixels scatter about ``pack_rim_hue`` (whole taught game 72737, printing 997413, tilt
    5.5, lamp, change 43: Purple's rim on D1 round a white diamond, its near and side bands at
    cosine 0.96-0.99 to Purple's taught plastic, the far band's pixels 0.88-0.93, 0.45 of its line
    in the mask on the frame the gate read (the line's mean 0.90, Blue's hue 0.87): three sides,
    Purple read on Blue's cube on C2 and Blue nowhere, the game lost; change 45 the same, the
    line's mean 0.91). None (or at least ``pack_rim_hue``): off."""
    pack_rim_fourth_side_share: float = 0.3
    """... and only lines at least this share in the pixel mask (``pack_rim_side`` for a band that
    shows): a band there, under the bound. Without it a line of the mat beside a blob in the hue
    (72737 change 46: a violet-drawn tile on B3, Blue's cube behind it, its mean bluish over a
    column 0.14-0.18 in the mask) made the fourth side of a ring that is none; the far band of
    72737 change 43 was 0.45 in the mask."""
    pack_rim_fourth_side_square_mm: float = 2.0
    """... and only where the other axis fits by its bands' outer edges (``pack_rim_outer_span_mm``)
    and this axis's outer edges, with the band found so, lie as far apart within this (a cube's top
    is square: 72737 changes 43 and 45, 39 and 39 mm). Over the still frames of tuning games 72705
    (every 8th change) and 72737 (every 2nd of the first 80), without it a stack's pink-drawn
    amphora with Red's cube beside it (72705 change 312: 38 and 41 mm) and a tile's printed border
    inside Red's rim taken for Yellow's (change 264: the other axis fitting only by its bands'
    middles) made four sides of a ring that is none."""
    pack_rim_blur_along: bool = True
    """... each side's lines measured in a mask whose 3-pixel mean runs along the band, not across
    it (``vision.octocube.recogniser._rim_sides``): a 2 mm band averaged across its width takes a
    third of the colour beside it (72705, change 119: Red's rim on D1 beside a green tile, the left
    band's hue at cosine 0.83-0.87, three sides; Red read on C2's pink amphora). False: the 3 x 3
    mask for the sides too, as before."""
    pack_rim_elsewhere_sides: int = 4
    """With a pack, where the height test cannot act (parallax under ``pack_topped_min_parallax_mm``):
    the net's pick for a seat that shows a tile without this many sides of a rim in the seat's
    colour is dropped for the one other window the net gives that colour (its own best class)
    that shows the rim on at least this many sides (``OctocubeRecogniser._rimmed_cube_elsewhere``). Three
    sides of a rim are found on stacks too (tuning games 72700, 72703, 72705: 4 windows with no
    cube, over the last 40 frames of 8 traces; four sides: none). Over 4: off."""
    pack_rim_elsewhere_rest: bool = True
    """... or, where no other grid window shows that rim, for the seat's rest spot where the net's
    best class is the seat's colour (at least ``min_cube_probability``): no stack lies there, so
    nothing but the seat's cube gives its colour there, and a cube there shows its sides, not a
    ring (whole taught game 72705, printing 997381, tilt 10.1, lamp, change 65: Red at home after
    its score, p(red) 0.92, and C1's pink light blue amphora p(red) 0.96 with one side of a red
    ring: Red was read on C1, the game lost at move 66). False: grid windows only."""
    pack_rim_elsewhere_set_aside_found: bool = True
    """... where the other window's best class is judged with the colours of cubes already found
    in other windows set aside: a seat has one cube (72705, change 93: Red on B3 wearing a coin,
    a whole rim in Red's colour, p(red) 0.44 but p(yellow) 0.48 there, Yellow found on A2 at
    0.98; Red was read on C2's pink amphora, "Red's cube moved diagonally"). False: as before."""
    pack_rim_elsewhere_share: bool = True
    """... and where the other window's probability of the seat's colour is judged against
    ``min_cube_probability`` as a share of what the colours set aside leave (p / (1 - their sum)),
    as its best class already is (72705, change 94: Yellow rolled from B1 onto B2 beside Red on B3,
    Red's rim there whole, but the net gives B3 p(red) 0.253 and p(yellow) 0.623, Yellow found on
    B2: Red's share 0.67, its raw p under 0.3, and Red was read on C2's pink amphora, "Red moved
    out of turn"). Acts only with ``pack_rim_elsewhere_set_aside_found``. False: the raw p."""
    pack_rim_elsewhere_by_height: bool = True
    """... and where the other window lies under a parallax the height test can act on, when it
    does not show a stack top there (``OctocubeRecogniser._shows_stack_top``): 72705, change 101,
    Red rolled onto B4 wearing a coin (p(red) 0.79, rim whole) and was read on C1's pink amphora
    (p(red) 0.85, nearly straight down), "Red's cube moved diagonally". False: nearly straight
    down only."""
    pack_rim_set_aside_found_rivals: bool = True
    """With a pack: a rim search for one seat (``OctocubeRecogniser._rimmed_cube_elsewhere``,
    ``_rimmed_cube``) tells its colour only from the seats whose cubes are not yet found: a seat
    has one cube, so a found cube's plastic is no rival for the rim here (whole taught game 72737,
    printing 997413, tilt 5.5, lamp, change 12: Red's and Yellow's plastic 0.925 apart in hue, over
    ``pack_rim_hue``, so no rim could be told for either; Red found on D3 at 0.88, Yellow's orange
    rim plain on four sides round a dark blue starfish on A3, p(yellow) 0.65 there, and a flat
    yellow-printed tile on E2 p(yellow) 0.84 took Yellow: "Yellow's cube moved diagonally", the game
    lost). False: every other taught seat is a rival."""
    pack_rim_chroma_max_none: float = 0.02
    """With a pack, for a seat found nowhere else, seen nearly straight down: a free grid window
    where the net is this sure some cube stands (p(none) at most this), the seat's colour is the
    net's best there once the colours of cubes found elsewhere are set aside, and the band round
    the tile it wears is nearest the seat's taught plastic of all seats' by
    ``pack_rim_chroma_margin`` (``OctocubeRecogniser._cube_by_rim_chroma``). A tile printed in
    the seat's own hue leaves no ring a hue mask can tell (whole taught game 72737, printing
    997413, tilt 5.5, lamp, changes 38-43: Blue on C2 wearing a dark blue starfish drawn violet,
    p(none) 0.001, p(purple) 0.936 with Purple found on D1 by its rim, p(blue) 0.047; the band
    0.08 from Blue's taught plastic, 0.32 from the next seat's; Blue found nowhere, and the game
    was lost at its unseen pivot). 0: off."""
    pack_rim_chroma_margin: float = 0.1
    """... the band's L1 chromaticity distance to the seat's taught plastic lies this much under
    its distance to every other seat's."""
    pack_rim_chroma_p: float = 0.5
    """... and the place found so is as sure as this at most (the net's share of the colour there
    at least): a colour by the band alone."""
    pack_lost_seat_rim_margin: float = 0.1
    """With a pack, where a seat's cube was found nowhere in a frame: each grid window held by a
    found cube, or where the net sees some cube (p(none) at most ``pack_lost_seat_max_none``), is
    named for the seat whose taught plastic its cube-edge band lies nearest, by at least this (L1
    chromaticity) over every other seat's. The lost seat takes the window named for it whose band
    lies nearest its plastic, by this much over its next one; a seat found there moves to its own
    window so picked, and so on to a window no seat holds; else nothing changes
    (``OctocubeRecogniser._lost_seat_chain``). The cube net reads a cube wearing a tile by the
    tile's colour too: fresh printing 997670 (tiles drawn red and magenta), table 520003: Purple's
    cube wearing a red tile p(red) 0.98, Red read there, Purple on Blue's bare cube, Blue lost;
    each band 0.11 or more nearer its own seat's plastic. 0: off."""
    pack_lost_seat_max_none: float = 0.5
    """... a free window is named only where the net's p(none) is at most this (some cube stands
    there, whoever's; as ``pack_rim_max_none``)."""
    pack_lost_seat_skip_stack_tops: bool = True
    """With a pack, where the lost-seat chain finds no chain: it is tried once more with every
    free window that shows a taught tile at a stack's height (``OctocubeRecogniser._shows_stack_top``)
    named for no seat (only then: a cube wearing a tile may pass that test, seen 997675 / 520500)
    (``pack_lost_seat_rim_margin``): a tile drawn in a seat's plastic colour names that seat
    nearly as plainly as its cube, and the chain then finds no plain window and gives up. Fresh
    printing 997847, table 554703 (1 and 2 photos): Purple's cube on (1, 0) wearing a light blue
    starfish p(red) 0.96 (Red took it), Purple on Blue's cube (1, 1) (p(purple) 0.89), Blue lost;
    Purple's band on (1, 0) 0.038 from its plastic, but three purple stack tops the net sees as
    cubes (p(none) 0.08-0.46) are named Purple at 0.077-0.19, so no window was plain. False: off."""
    pack_lost_seat_own_hue_windows: bool = True
    """With a pack, where the lost-seat chain still finds no chain: it is tried once more with the
    free windows where the net sees mostly no cube but names a seat's colour at least
    ``pack_lost_net_colour_min_p`` (p(none) at most ``pack_rim_alone_max_none``, no stack top
    shows) named too: the window of a cube wearing a tile in its own hue, that the chain's next
    seat moves to. Fresh taught game 72779 (printing 998160, 4 players, tilt 25.3, day), changes
    131-133: Blue's cube on D1 p(none) 0.66, p(blue) 0.27, its band 0.07 from Blue's plastic;
    Blue took Purple's cube on D3 (p(blue) 0.64, p(purple) 0.27, its band naming Purple), Purple
    was lost, and the chain from Purple stopped at Blue (D1 not named): three scenes read with
    Purple nowhere and Blue on D3, two false alarms. False: off."""
    pack_lost_seat_net_twin_margin: float = 0.05
    """With a pack, where the lost-seat chain still finds no chain: a found seat's grid window where
    the net's best cube colour is that seat's, whose cube-edge band lies nearest the lost seat's
    taught plastic by at least this (L1 chromaticity) over every other seat's, goes to the lost
    seat, where a free grid window shows the found seat's colour as the net's best there too
    (p(none) at most ``pack_lost_seat_max_none``, no stack top), its band nearest the found seat's
    plastic by at least this; the found seat moves there (``OctocubeRecogniser._net_twin_chain``).
    The net reads two cubes in one seat's colour and one seat is missing: the plastic tells which
    is whose, by less than the chain's ``pack_lost_seat_rim_margin`` under a lamp. Whole taught
    game 72845 (printing 998236, 4 players, tilt 32.2, lamp), change 30: Purple's cube newly on B5
    p(red) 0.936, Red's own on E4 p(red) 0.74; Red took B5, Purple was lost, E4 nobody's ("Red
    moved out of turn", three moves lost); B5's band 0.100 from Purple's plastic, 0.198 from
    Red's (settled 0: margin 0.098), E4's 0.035 from Red's, 0.149 from Purple's (settled 2:
    0.045 / 0.139, margin 0.094), each link under 0.1 in one of the two frames. 0: off."""
    pack_set_aside_pick_back_nearest: bool = True
    """With ``pack_set_aside_pick_back``: the holder's own window's cube-edge band need only lie
    nearest the holder's plastic (any margin), not by ``pack_lost_seat_rim_margin``. Fresh whole
    taught game 72869 (printing 998292, 4 players, tilt 1.7, day; session 82), changes 64 and 68:
    Yellow's bare cube on A1, p(yellow) 0.95, set aside by the height test (read as a white
    amphora); Yellow took Blue's cube on A5 (64) and Red's on D5 (68), each p(rival) 0.92-0.94,
    the rival lost: "Red/Yellow moved out of turn" (two alarms). A1's band 0.142-0.147 from
    Yellow's plastic, 0.220-0.224 from Red's: margin 0.073-0.078, under 0.1. Measured on those two
    stills (built off). Session 83 (octrace83): the game's fourth alarm, change 104 ("Yellow moved
    out of turn"), is the same with Yellow's cube on D1 wearing a coin (p(yellow) 0.966, read as a
    coin tile), Yellow on Red's A5 (p(red) 0.879), Red lost; D1's band 0.137 from Yellow's
    plastic, 0.214 from Red's (margin 0.077). On since session 83 with
    ``pack_net_twin_free_nearest`` (docs/teach.md, "Session 83, helper octrace83")."""
    pack_net_twin_free_nearest: bool = True
    """With a pack, in ``_net_twin_chain`` (``pack_lost_seat_net_twin_margin``): the free window
    (the net's best colour there the found seat's) need only have its cube-edge band nearest the
    found seat's plastic, by any margin, where the found seat's own window names the lost seat by
    the margin. Fresh whole taught game 72869 (printing 998292, 4 players, tilt 1.7, day; session
    82), change 40: Blue's cube wearing a dark blue starfish newly on B4, p(purple) 0.696, p(blue)
    0.175; Purple's own cube on A4 (wearing a coin) p(purple) 0.687; Purple took B4, Blue was lost
    and A4 read as a coin tile ("Purple moved out of turn"). B4's band 0.188 from Blue's plastic,
    0.280 from Purple's (margin 0.092, enough); A4's 0.074 from Purple's, 0.083 from Red's (0.009:
    not enough), so the chain was not made. Measured on that one still (built off); on since
    session 83 (octrace83) with ``pack_set_aside_pick_back_nearest``."""
    pack_lost_net_colour_min_p: float = 0.2
    """With a pack, the last resort for a seat every other step lost: the free window (grid or the
    seat's rest spot) where the net's p(seat) is highest is the seat's where that colour is the
    net's best cube colour there, at least this, p(none) at most ``pack_rim_alone_max_none``, the
    window is no stack top (``OctocubeRecogniser._shows_stack_top``), and its cube-edge band
    names the seat plainly (``pack_lost_seat_rim_margin``, as the lost-seat chain names windows);
    its place as sure as the net's p(some cube) there. A cube wearing a tile in its own hue (a
    blue cube wearing a dark or light blue tile) shows no ring, and the net, never taught the
    printing, reads it p(none) 0.65-0.69, p(seat) 0.24-0.27: fresh printing 997833, tables
    553300 (4, 2) and 553304 (2, 1), and 997862 / 559203 at rest; each band 0.035-0.039 from
    Blue's taught plastic, 0.34 or more from the next seat's. 0: off."""
    pack_sure_cube_max_none: float = 0.1
    """With a pack, for a seat the net finds nowhere (its colour under ``min_cube_probability`` in
    every free window), before any step that may place its cube where the net sees none: a free
    grid window where the net is this sure some cube stands (p(none) at most this), where the
    seat's colour leads the net's cube colours once those of cubes found elsewhere are set aside,
    and whose cube-edge band names the seat (``pack_lost_seat_rim_margin``, as
    ``OctocubeRecogniser._lost_seat_chain`` names windows) is the seat's cube, its place as sure as
    the net's p(some cube) there (``OctocubeRecogniser._sure_cube_by_plastic``). The net reads a
    cube wearing a tile by the tile's colour too: fresh printing 997782, table 548204, Purple's
    cube on (3, 0) wearing a green starfish p(red) 0.863, p(none) 0.033 with Red found on (1, 1),
    its band 0.09 from Purple's taught plastic and 0.31 from the next seat's; the topped-cube
    step placed Purple on a dark blue starfish stack top on (1, 4) where the net saw p(none)
    0.987. 0: off."""
    pack_fine_linear_balance: bool = True
    """With a pack: the fine stage's windows are white-balanced in linear light
    (``vision.octocube.colour.apply_linear_gains``), not by the encoded gains the nets' patches
    get: the mat is dark, and under a dim warm lamp the encoded gain measured on it pushes a light
    tile's blue 10-20 % too far (whole taught game 72719, printing 997395, tilt 1.7, lamp: every
    green tile, a shade apart from the dark blue ones, read dark blue from change 82). False:
    the encoded gains."""
    pack_fine_candidates: int = 3
    """With a pack: a stack top's best this many faces go to the fine stage (3 px/mm, compared
    where they differ: pack_reader.FineMatcher)..."""
    pack_fine_margin: float = 0.15
    """... those within this much of the best coarse score."""
    pack_fine_lead_for_certainty: float = 0.1
    """Lead of the fine stage's pick over its runner-up that counts as certain."""
    pack_fine_tiles: bool = True
    """The fine stage re-ranks every stack top (False: only abyss tiles, i.e. their letters)."""
    pack_fine_coarse_weight: float = 0.5
    """The fine stage picks by its score plus this times the coarse score (0: the fine score alone)."""
    pack_fine_low_fit: float | None = 0.7
    """With a pack: a stack top whose best face fits the coarse stage under this (a dark tile whose
    glyph barely shows: 0.5-0.56) goes to the fine stage with up to ``pack_fine_low_fit_candidates``
    faces (within ``pack_fine_margin``), and each is looked for at every place the coarse stage
    found any of them (``FineMatcher.rerank(shared_places=True)``), not only at its own: one tile
    lies there. On such a top the coarse places are noise, and a face looked for 5 mm off its tile
    loses to one that fits a blank dark square about as well anywhere; all five dark faces fit
    within 0.1 of each other, so the true one may be fourth. A face that fits well (0.9 and more)
    is found where it lies, and the search costs time (some 0.4 s more on a frame where every top
    took it). Taught game 72740 (printing 997416, 4 players, tilt 10.3, evening; its dark blue tiles
    are dark glyphs on dark blue): at change 20 E4's dark blue starfish was found by the coarse
    stage 4-5 mm off where it lies, fitted 0.87 there against the sextant's 0.94, and E4 was read a
    dark blue sextant (0.58-0.63) on all three still frames: "a tile left stack E4 with no cube on
    it", a false alarm (at the sextant's and the diamond's places the starfish fits 0.97). At
    change 163 E5's dark blue amphora, fourth of the coarse faces, was read a sextant at 0.73 and
    named so for good ("E5 shows a dark blue sextant"); Red scored it, and the final scores
    differed (tracked 33/17, truth 30/14). None: the ``pack_fine_candidates`` best, each only where the
    coarse stage found it (as before)."""
    pack_fine_low_fit_candidates: int = 5
    """... (see ``pack_fine_low_fit``)."""
    pack_fine_low_fit_every_turn: bool = True
    """With a pack: the fine stage compares each candidate face of a low-fit top
    (``pack_fine_low_fit``) in all four quarter turns (``FineMatcher.rerank(every_turn=True)``),
    not only in the turn the coarse stage found it in: on such a top the coarse turns are as much
    noise as its places, and a face compared turned wrong loses to one that fits anything about as
    well. Only where nothing in front hides the top (a top partly behind a cube keeps the coarse
    turns, as it keeps ``pack_fine_coarse_weight``). False: the coarse stage's turn only (as before
    session 58)."""
    pack_fine_least_seen_share: float | None = 0.5
    """With a pack: a stack top partly hidden behind a cube (``pack_mask_hidden``) is compared by
    the fine stage only at places whose compared square shows at least this share of what the
    best-shown place shows (``FineMatcher.rerank(least_seen_share=...)``); a face found only where
    less shows is looked for at those places. The masked correlation is taken over what a place
    shows, and a face placed over the hidden part is compared on a sliver, which it fits by
    chance. Fresh printings of session 54 (tuning since): 997500 / table 520001 (4, 4), a green
    diamond 60 % under a cube, read a green pearl: the pearl's place (found by the coarse stage
    6 mm off, on the parallax line) showed 9 % of its square, the diamond's 24 %: fine 0.85
    against 0.71; 997501 / 520104 (4, 3), a green amphora read abyss G, whose place 6 mm up
    showed 10 % against the amphora's 33 %. None: every place (as before)."""
    pack_fine_low_fit_coarse_weight: float | None = 0.0
    """A low-fit top's (``pack_fine_low_fit``) ``pack_fine_coarse_weight`` where nothing in front hides
    it: the fine score alone picks. Such a top's coarse scores (0.47-0.57 for all of its dark
    faces) are noise at 1 px/mm, and half of one's lead over another outweighs the fine stage's
    lead at 3 px/mm where the two differ. Fresh random printing 997525 (small dark glyphs on dark
    blue: the sextant a dot and a notch, the amphora a drop), bench table 520501 (0, 1): a dark blue
    sextant fitted the fine stage 0.9689 against the amphora's 0.9689 and the coarse 0.496 against
    0.527, and was read an amphora; three such tops fully in view read wrong after 2 photos, none
    with 0 (``bench/teach.py --packs 10 --first-art 997520 --frames 5``: stack tops 967 -> 970 of 972
    after 2 photos). A top a cube hides in part keeps ``pack_fine_coarse_weight`` (997521 / 520104
    (4, 3), 30 % in view: read a light blue sextant at 0). Where the fine pick agrees with the weighted
    one, the weighted lead stays its certainty (a pale face read right stays sure enough to name:
    tests/vision/octocube/test_taught_pale_face_sure.py). None: ``pack_fine_coarse_weight``."""
    pack_fine_doubtful_coarse_weight: float | None = 0.0
    """A stack top partly hidden behind a found cube (more than ``hidden_top_doubtful``, less than
    ``hidden_top_unreadable``) gets this ``pack_fine_coarse_weight``: the fine stage picks alone, as for
    a low-fit top (``pack_fine_low_fit_coarse_weight``; where both picks agree, the weighted lead stays
    the certainty). Its coarse scores are taken at 1 px/mm on the part in view, and a face that fits
    that part a little better there outweighs the fine stage's lead where the faces differ. Fresh
    random printing 997543 (2 photos), bench table 520303 (1, 0): a white amphora 38 % under a cube
    read a white pearl (``bench/teach.py --packs 10 --first-art 997540 --frames 5``). A top hidden
    more than that (``hidden_top_unreadable``: a guess anyway) keeps the weight (997521 / 520104 (4, 3),
    70 % hidden, read a light blue sextant by the fine stage alone). None: ``pack_fine_coarse_weight``."""
    pack_fine_runoff_lead: float | None = 0.005
    """With a pack: a stack top whose fine pick leads the runner-up (by the weighted total that
    picks it) by less than this is a tie between those two, and the two are compared again
    alone (``FineMatcher.rerank`` with only them, at the same places and turns): the fine stage
    compares its candidates where ANY of them differ, and among ten abyss letters the few pixels
    where the two finalists differ weigh little. The runoff's pick stands where it leads by more
    than the tie it breaks (an abyss D and G at 3-4 camera pixels tie either way: 997682 / 540003
    (2, 3), 2 photos, D by 0.0009 among the letters, G by 0.0002 alone: D kept); the certainty
    stays the tie's (still doubtful). Not for a top hidden ``hidden_top_unreadable`` or more (a
    guess either way: 997500 / 520001 (4, 4), a green diamond 60 % under a cube, lost to a runoff). Session 63's fresh 997705 / 541901 (1, 1), an abyss G 35 % under
    a cube: fine C 0.9739, G 0.9730 among ten letters; G 0.9785, C 0.9772 alone. None: off."""
    pack_fine_runoff_same_shade: float = 0.1
    """... finalists whose taught faces' mean colours lie within this (``pack_reader._shade_distance``,
    50 Lab a/b units = 1) differ by their glyph alone: their runoff compares each colour channel
    about its own mean (``rerank(each_channel=True)``), so that the shade both share does not
    swamp the glyph. Together, the channels of a dark blue tile are one strong blue-against-red
    contrast that every dark blue face fits at 0.99 (997700 / 541402 (2, 1), 2 photos: a dark blue
    sextant fine 0.9914, the pearl 0.9915; each channel alone: 0.8476 against 0.8450)."""
    pack_fine_shade_weight: float = 0.0
    """How much a candidate's shade (mean a/b, 50 Lab units = 1) off the window's lowers its fine
    score. Off: on training printings 1-11 (2 photos) 0.5 / 1 / 2 read 96.95 / 95.57 / 94.00 % of
    stack tops against 97.97 % without it (the teach photo's and the table's white balance differ
    more than two shades of one printing do)."""
    pack_shade_cue: bool = True
    """With a pack: a stack top's shade (background colour) is also judged on its own, against the
    taught shades mapped onto the table's colours by the table's other tops
    (vision/octocube/shade_cue.py); a top clearly nearer another shade of its glyph is read so."""
    pack_shade_margin_lab: float = 8.0
    """... when its mapped background lies at least this much (CIELAB) nearer that shade."""
    pack_shade_shadow: float = 0.2
    """... each shade compared as dark as fits the top best, down to this share of the light
    (linear), as a shadow may leave it: the table's mapping is fitted on its lit tops, and a top
    in a cube's shadow maps darker than its shade (whole taught
    game 72703, printing 997379, tilt 14.3, lamp, change 69: D2's white sextant in Blue's cube's
    shadow mapped to L 52, 37 from white and 26 from light blue, and was read light blue at 0.9;
    white darkened to 0.28 of the light fits it within 2.1, light blue within 15.4; Yellow's roll
    beside it became an alarm and the game was lost at move 69). The renderer's shadows leave 0.52
    of the light or more (0.24 linear). 1: off (the lit comparison alone)."""
    pack_shade_shadow_contrast_deg: float = 5.0
    """With a pack: a stack top whose background in full light lies nearer its read shade, and
    nearer another shade of its glyph only darkened (``pack_shade_shadow``) or veiled, keeps its
    read shade where its contrast (background less glyph, blind to a shadow) points nearer the read
    shade's by at least this many degrees (``ShadeCue.corrections(shadow_contrast_deg=...)``).
    Random printing 997840, table 554002 (4, 3): a dark blue pearl (dark purple) mapped 14.5 from
    dark blue and 48.5 from green (bright magenta) in full light, 6.3 from green darkened to the
    cue's darkest shadow (0.2 of the light; the renderer's leave 0.24 or more), turned green pearl at
    0.53; its contrast 3.4 degrees from dark blue's, 10.0 from green's. 0: off."""
    pack_shade_exposure_apart: bool = True
    """With a pack: the shade cue's mapping of the table's colours onto the teach sheet's
    (``pack_shade_cue``) is fitted with each top's exposure set apart: one white balance the table
    shares times each top's own brightness, least squares in linear light, the gains taken at the
    tops' median exposure (``ShadeCue._fit_exposure_apart``). The plain least-squares gains weigh
    each channel by its brightest tops, and under a lamp whose light differs from place to place
    each channel took its gain from other tops. Whole taught game 72845 (printing 998236, 4
    players, tilt 32.2, lamp), change 161 (Blue's cube hid E3's bright white starfish): gains [1.28,
    1.48, 0.92] (B, G, R), [1.53, 1.89, 0.93] without each green top, the reds from a dark blue top,
    the greens and blues from two white ones in less light; the green tops C2, E2, B4 mapped 12.5
    Lab from white, 22-27 from green, and were read white: "a tile left stack C2", a false alarm
    (tests/vision/octocube/test_taught_shade_exposure_apart.py). Set apart: gains [0.74, 0.87, 1.02],
    every top nearest its read shade, the greens 6.5-8.1 Lab nearer green (changes 160 and 162 too:
    4.7-8.2). Game 72719 (997395, lamp, change 83: greens a shade from dark blue,
    test_taught_green_under_lamp): the closest green 2.3 Lab nearer dark blue, 4.2 with the plain
    fit (margin 8). (Fitted on log ratios, equal weights, it turned 72719's six greens dark blue.)
    False: the plain fit (as before)."""
    pack_mat_chroma: float | None = 0.12
    """With a pack: a stack top that no taught face fits (under ``pack_tile_score``) and the
    classifier saw no tile on is read empty only where its window's centre, besides being plain and
    within 35 levels of the mat's colour (``_looks_like``), also lies within this L1 distance of the
    mat's chromaticity (b, g, r shares: brightness drops out). The mat is a dim teal, and a dark
    blue tile whose glyph barely shows, paled by the lamp's glare, came within 35 levels of it
    while its hue is blue, not teal: random printing 997663, table 520300 (0, 0), a dark blue
    starfish in full view showed (86, 62, 61), 32 levels and 0.22 in chromaticity from the mat, and
    was read empty (1 and 2 photos). Stacks emptied for good on tables of seen printings
    997630-997635 (tables 530000-530503, four emptied on each, 88 in all; the classifier saw no
    tile on all but one) lie 0.002-0.065 from the mat's chromaticity.
    None: the colour distance alone (as before)."""
    pack_unseen_top_correlation: bool = True
    """With a pack: a top where a tile lies although no taught face fits it by the coarse scores
    (under ``pack_tile_score``; the classifier saw no tile, and the window's centre has not the
    mat's hue, ``pack_mat_chroma``: a mat in shadow is not plain mat by its level) is scored again
    by the faces' correlations alone, in every quarter turn, without the colour penalty; where one
    fits ``pack_tile_score`` so, it is read from those scores as a top that fits (fine stage,
    confidence). The penalty compares the window's mean chromaticity, which a glare pales towards
    grey, and so counts against a dark face under a glare: 997663 / 520300 (0, 0), a dark blue
    starfish fitted 0.27 with the penalty (the light blue amphora first, 0.39), 0.55 without it
    (the dark blue faces the best five), and the fine stage picks the starfish by 0.04. Tops a cube
    hides in part are scored so on the part in view: 997651 / 520104 (4, 3) and 997659 / 520902
    (3, 3), a green amphora 58 % and a white pearl 37 % hidden, read abyss or a white diamond (0.05)
    and a white diamond (0.14), are read right
    (``bench/teach.py --packs 10 --frames 5`` stack tops after 1 / 2 photos: 997650-997659 967 / 968
    -> 969 / 970 of 972, 997660-997669 968 / 969 -> 969 / 970, 997620-997629 and 997560-997569
    identical, every other error as before). False: the
    penalised best face at half its confidence (as before). (An emptied stack in shadow,
    997631 / table 530103 (4, 2) with four stacks emptied, 44 levels from the mat but in its hue,
    reads a tile at half confidence as before, not at a full one.)"""
    pack_shade_unseen_tiles: bool = True
    """... and a top the classifier saw no tile on, read as its best taught face although that
    fits under ``pack_tile_score`` (no mat shows there), is judged by the shade cue too (before,
    only tops over the bar or where the classifier saw a tile were: random printing 997587, table
    521503 (0, 0), a dark blue amphora in full view on a dim table, fitted the light blue amphora
    0.40 and its own face 0.37, the classifier said empty, and the light blue pick stood at 0.14;
    its background maps nearest the taught dark blue)."""
    pack_shade_veil: float = 0.1
    """... and under a grey veil of up to this much light (linear, 1 = white) added to its
    colours, the veil that fits it best (0: none). A sheen or glare at a top's place lifts its
    background and glyph alike, which no darkening fits: random printing 997587, table 521503
    (0, 0), a dark blue amphora whose glyph showed (88, 56, 53) where the table's other dark
    blue tops' showed 26-56 and their background ~30 lower in every channel, mapped 15.1 Lab
    from the taught dark blue and 19.5 from a darkened light blue (no turn); with a veil of
    0.02 it lies 7.8 from dark blue."""
    pack_shade_contrast_deg: float = 8.0
    """... and a top whose background lies nearest another shade by less than
    ``pack_shade_margin_lab`` is read as that shade where its contrast (background less glyph in
    linear light, mapped like its background) also points nearest that shade's taught contrast, by
    at least this many degrees nearer than its read shade's (``ShadeCue.corrections``). A veil
    adds the same light to background and glyph (it drops out of their difference); a shadow, the
    camera's blur and the exposure scale the difference and keep its direction. Random printing
    997623 (its white and dark blue both green: L 80 and 43, one hue), table 520300 (0, 0): a dark
    blue starfish in full view under the lamp's glare showed a background of (61, 137, 71) where
    the table's other dark blue top shows (23, 121, 38); the colour penalty of the coarse scores
    put the white starfish first (0.74 against 0.57) and the fine stage's dark blue pick (2
    photos) did not outweigh it; by its background it lies 3.3 Lab from a veiled dark blue and 4.5
    from a white in shadow, by its contrast 2 degrees from the dark blue's and 14 from the
    white's (the table's tops read right: 0.5-6). 0: off."""
    pack_shades_harmonised: bool = True
    """With a pack: its shaded tile faces lit as their shade's other faces in the same teach
    photo before anything is cut from them (``pack_reader.harmonised_shades``): a glare or a
    shadow over one place of the teach sheet gave that face another colour than its shade's, and
    the coarse stage's colour penalty then favoured whichever face's light sat nearer the table's.
    Printing 997764, first photo (its diamond column under a glare): a dark blue diamond in full
    view read as the starfish at 0.85 and 0.90 (tables 547402 (0, 1), 547404 (4, 2)). False: the
    faces as taught (as before)."""
    pack_shade_contrast_alone_deg: float = 10.0
    """... and a top whose background lies nearest its read shade is read as another shade where
    its contrast points nearest that shade's by at least this many degrees nearer than its read
    shade's (``ShadeCue.corrections(contrast_alone_deg=...)``), at no more than
    ``pack_shade_contrast_alone_confidence``: a glare strong enough to lift a dark tile's
    background to a paler shade's leaves the direction of its contrast as it was. Printing 997767
    (its dark blue glyphs dark on dark blue), table 547700 (3, 0), 2 photos, in full view under the
    lamp's glare: a dark blue sextant's background (225, 147, 126) mapped 5.7 Lab from a darkened
    light blue and 16.0 from a veiled dark blue, its glyph (164, 133, 134); read a light blue
    sextant at 0.70. Its contrast lies 5.4 degrees from the dark blue's and 17.3 from the light
    blue's (the table's tops read right: 0.8-5.8 from their own). A dark glyph on dark blue is
    measured where the same glyph lies on the printing's other shades (``ShadeCue.glyph_masks``).
    0: off."""
    pack_shade_contrast_alone_confidence: float = 0.5
    """... (see ``pack_shade_contrast_alone_deg``): the two cues disagree, so the tracker weighs
    such a top as doubtful."""
    pack_shade_contrast_alone_turns: bool = False
    """... such a top is read as the shade its contrast points to (True) or keeps its read shade at
    that confidence, only doubtful (False). On the fresh printings 997780-997789 (tables 548000+)
    one green amphora read right before was read dark blue at 0.50, this rule's cap (997788 / 548804
    (3, 3), 1 and 2 photos; not traced: fresh), against the one traced top it mended (997767):
    False, so the rule cannot turn a right read wrong, only make the tracker ask."""
    pack_shade_coarse_margin: float = 0.15
    """... and only when that shade's face fits the window within this of the read face by the
    coarse scores (glyph and colour together): a shade that draws its glyphs otherwise (light on
    dark) is no candidate however its background compares. (The fine stage's margin.)"""
    pack_shade_contrast_correlation: bool = True
    """... a top turned by its contrast (``pack_shade_contrast_deg``) passes that test also where
    the shade's face fits within the margin by its correlation alone (the coarse scores less their
    colour penalty): the penalty compares the window's mean chromaticity, which a veil pales
    towards grey, and so counts against a dark shade under a glare (997623 / 520300 (0, 0), one
    photo: the dark blue starfish 0.17 behind by the coarse scores, 0.05 ahead by correlation);
    the correlation still tells a glyph drawn otherwise."""
    pack_cube_tops_in_taught_colours: bool = True
    """With a pack: a found cube's top is read again after the stack tops, its window moved into
    the teach sheet's colours by the white balance the shade cue fits on this table's own tops
    (a bare cube's pale plate took the tint of a tile's shade on the table). Off: the first
    reading, on the table's colours, stands."""
    pack_cube_tops_balance_by_rim: float = 0.01
    """With ``pack_cube_tops_in_taught_colours``: a cube's reading in the table's colours stands
    where they put the window's own plastic (the 3 mm band round a tile, :func:`_rim_chroma`)
    nearer the seat's taught plastic (chromaticity, L1) by more than this than the teach sheet's
    colours do. The white balance is fitted on the table's stack tops; a cube's plastic is the one
    reference that lies in its own window, with a bare plate or a worn tile alike. Printing 997720,
    table 543003: the tops' balance (gains 0.74 / 0.54 / 0.73) turned Yellow's grey plate mauve, the
    printing's light blue, and the light blue sextant (a dark dot in the middle, as on the plate)
    fit it 0.76 against the bare face's 0.72 (0.60 against 0.77 in the table's colours); the
    yellow band lies 0.031 from its taught plastic in the table's colours, 0.046 in the sheet's.
    Printing 997731, table 544100: a light blue amphora on Purple's cube read dark blue (band
    0.105 against 0.150). Printing 996989, table 520902 (evening light, where the sheet's colours
    are needed): every band lies nearer in the sheet's colours. Below 0: always the sheet's."""
    pack_cube_shade_margin_lab: float = 8.0
    """With ``pack_cube_tops_in_taught_colours``: a shaded tile read on a cube top is read as another
    taught shade of its glyph where the window's background (in the teach sheet's colours, where
    the read face shows its own) lies at least this much (CIELAB, full light) nearer that shade's
    taught background, and that face fits within ``pack_shade_coarse_margin`` of the read one by
    the coarse scores (the stack tops' shade cue, ``pack_shade_margin_lab``). The fine stage and
    the tile's fit inset on the cube's face are correlations, blind to a shade's lightness.
    Random printing 997995 draws its white tiles dark green and its dark blue tiles light green,
    the same glyph on both; table 570902: Blue's white diamond (its background 6 Lab units from
    the taught white background in the sheet's colours, 32 from the dark blue) fit the fine stage
    0.990 against the dark blue diamond's 0.984, but inset on the cube's face 0.563 against 0.684
    (the contrast with the rim, which the table shows darker than the teach photo), and was read a
    dark blue diamond. On the 39 other shaded cube tops of printings 997986-997995 (tables 570000+)
    the read shade lay 1-14 units off and every other shade at least 20 units farther. 0: off."""
    pack_letters_by_fine: bool = True
    """The fine stage alone picks an abyss tile's letter: the coarse scores of the abyss faces
    all count as their best one (a letter is 2-3 px at the patches' 1 px/mm)."""
    pack_fine_letters_harmonised: bool = True
    """With a pack: the fine stage compares the taught abyss letter faces with their colours set to
    the letters' common look (``pack_reader.harmonised_letters``: per photo, a face lying more than
    ``HARMONISE_FROM`` off the letters' median outside the badge has its channels' mean and spread
    there matched to the median's; the others are left as taught). A teach sheet lit
    unevenly leaves some abyss places paler than others, and the letter whose colours sat nearer
    the table's won (997568, 1 photo: D and A read B). False: the faces as taught."""
    pack_letters_by_rule: bool = True
    """With a pack: an abyss top's letter is picked among the faces the rules let lie on its place
    (``OctocubeRecogniser._abyss_face_may_lie``): abyss A only on the 5x5 grid's centre, and there
    alone outside the advanced game (the centre's tile A never leaves it; the advanced game shows
    power sides B-I, each once). At 1280x720 a letter is about 5 camera pixels and several letters
    blur alike: the centre's A in full view read F at 0.45 (997934 / 565000 (2, 2), fine A and F
    0.988 both) and I at 0.48 (997852 / 558204 (2, 2)). False: every taught abyss face everywhere."""
    pack_letters_once: bool = True
    """With a pack: where the fine stage reads two abyss tops the same letter, they take the letters
    that fit them best together among those no other top shows (``OctocubeRecogniser._letters_once``:
    each letter shows on one tile at most). 997901 / 562701: the G on (2, 1) read C at 0.46, the
    C on (0, 4) read C at 0.49."""
    pack_letters_once_confidence: float = 0.45
    """The most sure a top whose letter ``pack_letters_once`` changed is (its second choice)."""
    pack_fine_letters_light_slope: bool = True
    """With a pack: where the fine stage compares abyss faces only on a top nothing hides, each is
    fitted to the window under its own light slope (``pack_reader._sloped_fit``: the window as
    ``(a + b x + c y)`` times the blurred face plus an offset, the fit's share of the window's
    variance its score), not under one gain and offset (a top partly hidden keeps that: too little
    of the tile shows to measure a slope on, 997705 / 541901 (1, 1)). At 1280x720 a letter is about 5 camera pixels and the frame's
    blur (1.26 px on 997818 / 551800) leaves it a faint blob; a light falling across the tile (the
    badge's ground 20-25 levels paler at its foot there) then favoured the letter whose ink lies
    on the darker side: an abyss A in full view read F at 0.61 (997818 / 551800 (2, 2)) and 0.57
    (997857 / 558703 (2, 2)). False: one gain and offset."""
    coarse_shifts_by_product: bool = True
    """The coarse stage (every ``TileMatcher`` the recogniser makes: tiles, cube tops, empty spaces,
    letters, tiles on a cube's face) takes each face's correlations at the 15 x 15 shifts it reads
    from their spectra by two matrix products with the inverse transform's rows for those shifts
    (``pack_reader._shifts_by_product``), not by inverse FFTs that make all 40 x 40 (then cut):
    a speed switch, session 83 (suite83). The coarse stage was 42 % of a taught still's reading
    (72860's changes 60 and 61), the inverse FFTs about half of it. Not to the bit (single-precision
    sums in another order, 8e-7 of the largest correlation at most). False: the inverse FFTs
    (``pack_reader._first_shifts``, to the bit ``np.fft.irfft2``'s)."""
    pack_fine_batched_correlation: bool = True
    """With a pack: the fine stage correlates its faces' columns (the sloped fit's three,
    ``pack_fine_letters_light_slope``, or the plain fit's one) with a region by one float32 matrix
    product for every face compared there
    (``FineMatcher(batched_correlation=True)``, ``pack_reader._batched_face_corr``), not by a
    ``cv2.matchTemplate`` per column (a DFT set up again for each 7x7 result): a speed switch,
    session 80. The coin-pile test's 7 readings made 93,315 ``matchTemplate`` calls, 40 % of its
    CPU. Not to the bit (float32 sums in another order): the readings of bench/
    octocube_fine_batched.py's taught stills keep every label. False: a ``matchTemplate`` per column."""
    pack_fine_fits_per_region: bool = True
    """With ``pack_fine_batched_correlation``: the batch's columns copied as rows (the strided
    column copy was half the batch's CPU) and every face compared at a region under a light slope
    fitted there at once (``FineMatcher(fits_per_region=True)``, ``pack_reader._sloped_fits_of``:
    one stacked solve, not ~30,000 calls of ~200 us in the coin-pile test's 7 readings): a speed
    switch, session 81. The same arithmetic per face: bench/octocube_fine_batched.py --switch
    pack_fine_fits_per_region on its 8 taught stills (docs/testing.md, session 81). False: session
    80's batch, one fit per face and place."""
    pack_parts_kept: bool = True
    """The faces' prototypes a recogniser builds from its pack (the shades harmonised, the coarse
    matchers of tiles, cube tops, empty spaces, letters and tiles on a cube's face, the fine
    stage's faces and their blurs, the shade cue's squares) kept on the pack
    (``Pack.derive``) for every later recogniser built with that very pack object, not built
    again: a speed switch, session 84 (suite84a). The parts are never changed once built, so a
    reading is the same to the bit (tests/vision/octocube/test_pack_parts_kept.py). Built
    afresh they took ~0.25 of a taught still's ~1.15 CPU s (72705's change 65, 2 players) when
    every test reading built its own recogniser. False: each recogniser builds its own, as before."""
    pack_scores_kept: int = 256
    """Each of a pack's coarse matchers (``TileMatcher``, shared by its recognisers with
    ``pack_parts_kept``) keeps its latest this many scorings by what was asked (the windows' bytes,
    turns, labels, masks, shifts and colour weight) and gives a copy of one when the same is asked
    again: a speed switch, session 84 (suite84a). One reading asks the same more than once (72833's
    change 18: 114 scorings, 68 distinct, 0.23 of its 1.6 CPU s), and a rule's off reading of a still
    asks most of what the default reading asked. The same to the bit (the same arithmetic on the same
    bytes; tests/vision/octocube/test_pack_parts_kept.py). 0: every scoring made afresh, as before."""
    pack_mask_hidden: bool = True
    """With a pack: a stack top partly hidden behind a neighbour's cube (under tilt) is compared
    with the taught faces on the pixels it shows only (coarse and fine stage), not on the cube."""
    pack_mask_hidden_from: float = 0.02
    """... when at least this share of its tile is hidden (``hidden_fractions``)."""
    pack_mask_cube_stack_step_tiles: float = 0.5
    """With ``pack_mask_hidden``: the found cubes that hide part of a stack top are drawn on the
    middling stack (3.5 tiles, the outline the hidden shares are measured by) and on every stack
    this many tiles apart from it, from 1 tile to the tallest (6), and the top is compared on what
    the outline under which its best face fits best leaves in view
    (``OctocubeRecogniser._best_fitting_seen``; the middling one unless another fits better by
    ``pack_mask_cube_stack_lead``). A cube standing higher
    than the outline shows its edge and top in the part taken as the top's, and those pixels, unlike
    any face, pull every correlation down: random printing 997659, bench table 520902 (3, 3), a
    white pearl 37 % under a cube on a 4-tile stack, 5 % of its compared square the cube's: its best
    face fitted 0.45 (the white diamond), under ``pack_tile_score``, and the fine stage never ran;
    drawn on 5 tiles the pearl fits 0.63. One standing lower leaves out part of the top in view,
    and a face may fit the rest by chance: looked for on taller stacks only, 997560 / 520001 (4, 4)
    (a green diamond 60 % under a cube on 2 tiles) read a green amphora (0.87 drawn on 4 tiles; the
    diamond 0.89 on 1). 0: the middling outline only (as before)."""
    pack_mask_cube_stack_lead: float = 0.05
    """... another stack height's outline is used only where the best face fits it at least this much
    better than the middling one's: the less a taller outline leaves, the better some face fits it
    (a half-hidden abyss tile, whose letter the fine stage tells by a few thousandths: 997569 and
    997629 / 520901 (0, 2), 35 % hidden, fitted 0.01-0.03 better on 6 tiles and read abyss D, not B;
    997566 / 520604 (2, 2) 0.001 better on 4.5 and read abyss I, not A), while a cube standing
    elsewhere than the middling stack costs its true outline's best face 0.08-0.18 (997345 / 520504
    (0, 1), 997560 / 520001 (4, 4), 997621 / 520104 (4, 3), 997659 / 520902 (3, 3))."""
    pack_mask_cube_lower_stack_lead: float | None = 0.0
    """... but an outline LOWER than the middling one (a cube on a stack under 3.5 tiles) is used
    where the best face fits it at least this much better: a lower outline leaves more of the
    window in view, not less, so a better fit on it is no fit to fewer pixels by chance (the lead
    above guards against that), and a cube on a low stack drawn on the middling one masks a 1-3 mm
    band of the top in view along its far edge, where a half-hidden abyss badge shows its letter
    (random printing 997941, bench table 565702 (2, 2): an abyss A 49 % behind a cube on one tile
    fitted 0.962 on the 1-tile outline, 0.928 on the middling one, and read C there; 997935 /
    565104 (4, 2), one photo: a light blue sextant behind a cube on 3 tiles read diamond).
    None: the lead above for every outline (as before)."""
    pack_fine_views_own_shift: bool = True
    """With a pack taught from several photos: the fine stage looks for each view of a candidate
    face where the coarse stage found THAT view, not where the face's best view lay (one shift
    for all views put the better view of a half hidden tile 7 mm from its place: random printing
    997311, table 520500, read right from one photo and wrong from two)."""
    pack_hidden_top_where_it_can_lie: bool = True
    """With a pack: a stack top partly hidden behind a cube (``pack_mask_hidden``) is looked for
    only where a top can lie in its window: along its parallax line for 1-6 tiles, within
    ``pack_hidden_top_spread_mm`` (the little it shows fits a face best at the search's edge,
    4 mm off: random printing 996990, table 520001 (4, 4)). Off: the whole +-7 mm search."""
    pack_weak_top_where_it_can_lie: bool = True
    """With a pack: a stack top (one not searched so already) that no taught face fits
    ``pack_tile_score`` upright is looked for (upright, turned, and without the colour penalty,
    ``pack_unseen_top_correlation``) only where a top can lie, as a hidden one is
    (``pack_hidden_top_where_it_can_lie``). A weak fit leaves the whole +-7 mm search to chance:
    random printing 997868, table 559802 (1, 3), a pale grey dark blue sextant with a faint glyph
    (0.35 where it lies), read green amphora at 0.69, the amphora's dark ground and pale glyph
    fitted 7 mm off in both axes over the tile's corner and the mat (0.48 without the penalty;
    0.06 where a top can lie); now the sextant at 0.17 (asked). Off: the whole search."""
    pack_hidden_top_spread_mm: float = 2.5
    """... off that line by at most this (a tile laid 1.5 mm off centre, the camera's fit)."""
    pack_cube_top_fine: bool = True
    """With a pack: a found cube's top whose best taught tiles fit within ``pack_fine_margin`` of
    each other goes to the fine stage too (3 px/mm at the cube's height), every candidate looked
    for where the cube's face lies: the tile sits on it, inset 3 mm, so the face is found by the
    tile with the cube's taught rim round it (``pack_reader.tile_on_cube_pack``), not by the
    glyph alone (the coarse stage slid a centred blob 5 mm onto an off-centre one: random
    printing 997340, table 520000, a dark blue sextant read as the amphora). Off: the coarse
    stage's best face stands."""
    pack_cube_top_behind_confidence: float = 0.1
    """With a pack: a found cube whose top window fits ANOTHER seat's taught bare face best (by at
    least ``pack_cube_top_behind_margin`` over its own), while that seat's cube stands right behind
    it as the camera sees it, shows that cube's near face where its own top should be (the cube
    behind, on a higher stack, is drawn over it): its top is not read, and the reading is no surer
    than this (the tracker weighs it as a doubt). Whole taught game 72541 (printing 997351, tilt
    34.4, lamp, change 15): Yellow's bare cyan face on E4 over two thirds of Red's white diamond on
    E3 fit 0.63-0.66 (Red's own blue face 0.33-0.41), read "nothing on top" at 0.61 and the game
    was lost at move 17. 0: off (read as a bare top, as before)."""
    pack_cube_top_behind_margin: float = 0.1
    pack_cube_turn_lead: float = 0.08
    """With a pack: a cube top's turn that the fine stage does not pick (its best taught tile
    leads every other by more than ``pack_fine_margin``) is the coarse stage's best quarter turn,
    and the reading is as sure as that turn leads the tile's next best turn, as on the built-in
    path (``rotation_lead_for_certainty``): confidence times 0.5 + 0.5 * min(1, lead / this). A
    printing may draw a glyph that looks nearly the same turned half round (random printing
    997362's green sextant, a plain hexagon: 90 and 270 degrees fit 0.850 and 0.853 on whole
    taught game 72552's change 6), and a sure wrong turn was an alarm the tracker could not get
    past (lost at move 7). 0: off (the tile's lead over the next tile only, as before)."""
    pack_cube_fine_doubtful_turn: bool = True
    """With a pack: a cube top whose best taught tile leads every other by more than
    ``pack_fine_margin`` but whose coarse quarter turn leads the tile's next best turn by less than
    ``pack_cube_turn_lead`` has its turn read by the fine stage (the tile kept, its best
    ``pack_cube_fine_candidates`` tiles as the stage's candidates; the reading as sure as the
    fine turn leads the tile's next best fine turn, ``pack_fine_lead_for_certainty``). Whole
    taught game 72713 (printing 997389, 4 players, tilt 24.1, evening), change 165: Purple places
    its cube top face down on A1, a light blue amphora turned 90 on top; the coarse stage fits it
    0.962 turned 270 and 0.934 turned 90, so the placing was read "east face looks north" (truth:
    west), two moves later its top was a tile the tracker did not expect and the game was lost.
    The fine stage fits the amphora 0.989 turned 90, 0.911 turned 270. False: the coarse turn,
    as before."""
    pack_cube_fine_turn_certainty: bool = True
    """With a pack: a cube top that the fine stage picks among several taught tiles is read as
    sure as the pick leads the next tile AND as its best fine turn leads its next best fine turn
    (each 0.5 + 0.5 * min(1, lead / ``pack_fine_lead_for_certainty``)), as a kept tile's turn is
    (``pack_cube_fine_doubtful_turn``). Fresh whole taught game 72740 (printing 997416, 4 players,
    tilt 10.3, evening), change 62: a dark eight-point starfish on dark blue, read on two cubes
    turned 90 (truth 270) at 0.82 each: a roll west that explains the table was refused for
    the two turns, and the game was lost at move 62. False: the pick's lead only, as before."""
    pack_cube_turn_axis_confidence: bool = True
    """With a pack: a cube top's reading also says how sure its turn is up to a half turn
    (``CubeReading.turn_axis_confidence``): its certainty with the best turn's lead over the two
    turns a quarter off it in place of its lead over the next best turn, on the scale the whole
    turn is weighed on (fine: ``pack_fine_lead_for_certainty``, coarse: ``pack_cube_turn_lead``).
    Fresh whole taught game 72783 (printing 998165, 2 players, tilt 0.2, day), moves 39-41: Red's
    green starfish fits 0.989 / 0.986 at 0 / 180 and 0.936 / 0.932 at 90 / 270, so the reading's
    whole confidence was 0.46 while a quarter turn off was told surely, Red's pivot of 90 degrees
    looked like a doubtful reading within the tracker's tolerance, and the round was folded into
    "Red pivots 270". False: None (as ``confidence``), as before."""
    pack_cube_turn_tie: float = 0.02
    """With a pack: a cube top whose turn the fine stage reads (``pack_cube_fine_doubtful_turn``,
    or a pick among several tiles) is read with no turn (``rotation`` None, as a top whose turn
    nobody can tell) where all four of its quarter turns fit within this of each other there:
    the glyph looks the same turned every quarter round at 3 px/mm, and the turn picked is the
    noise's. ``pack_cube_fine_turn_certainty`` made such a reading doubtful (about 0.45), but a
    doubtful turn still counts in the tracker at its own weight, and two of them outweighed the
    move that happened. Whole taught game 72740 (random printing 997300, 4 players, tilt 10.3,
    evening), change 85: the printing draws the green and the dark blue starfish as a plain dark
    square turned 45 degrees (a hair-thin line the only thing that tells its turns apart): Blue's
    cube on C1 (true turn 0) and Red's on E5 (true 90) fit 0.9907-0.9916 and 0.9910-0.9924 in the
    four turns, read 90 and 0; Purple's roll west, the move made, was left 0.92 off the table,
    every option the players were offered had Blue and Red pivot too, they said none of these
    and the game was lost at move 85 (85/172, 62 false alarms). A glyph alike only turned half
    round keeps its turn, however small the lead between the two halves (which the fine stage
    reads right: 72713's amphora 0.989 / 0.987 turned 90 / 270, 0.90 in the other two turns;
    72722's 0.994 / 0.990, 0.88-0.90; 72552's hexagon 0.982 / 0.977, 0.95). 0: off (the noisy
    turn, as before)."""
    pack_cube_turn_stands_out: float = 0.008
    """With a pack: a cube top whose best fine quarter turn leads the next best by at least this
    keeps its turn, even where all four turns lie within ``pack_cube_turn_tie``: one turn apart
    from three that fit alike is the glyph's, not noise (a tie is four turns alike: 72740's
    starfish within 0.001). Fresh whole taught game 72763 (random printing 997706, 3 players, tilt
    29.3, day), changes 100-103: Yellow's dark blue diamond on D5 (an irregular blob) fit 0.9963
    in its true turn, 0.978-0.980 in the other three (spread 0.018), and was read with no turn
    before and after Yellow's 270-degree pivot; with Blue's pivot of a bare cube after it the
    camera saw two turns change nothing, Red's roll was "Red moved out of turn" and every scene
    from move 102 on was an alarm (101/165 moves, 36 false alarms). 0: off (the spread alone)."""
    pack_cube_turn_pair_stands_out: float = 0.008
    """With a pack: a cube top whose best fine quarter turn and its half-turn twin BOTH fit better
    than either turn a quarter off by at least this keeps its turn (read up to a half turn, as
    ``CubeReading.turn_axis_confidence`` weighs it), even where all four turns lie within
    ``pack_cube_turn_tie``: two half-turns apart from two alike ones are the glyph's, not noise,
    as one turn apart from three is (``pack_cube_turn_stands_out``; the same margin: 72740's tie
    was four turns within 0.001). A glyph alike half round that the camera sees far off and blurred
    leaves its quarter turns only a little behind. Fresh taught game 72786 (printing 998166, 2
    players, tilt 34.7, lamp; Yellow's dark blue starfish on D1, the far row): change 247 (true turn
    270) fits 0.991 / 0.987 at 270 / 90, 0.972 at 0 / 180; change 249, after Yellow's 90-degree pivot
    (true 0), 0.991 / 0.988 at 0 / 180, 0.974 / 0.973 at 90 / 270 (spread 0.017, the pair 0.014
    ahead): read with no turn, the pivot and Red's pass before it went unseen, Red's next roll was
    taken at once and Yellow's Score was then offered only from the wrong faces ("none of these",
    the game lost at change 251). 0: off (the spread and ``pack_cube_turn_stands_out`` alone)."""
    pack_cube_fine_candidates: int = 5
    """... its best this many tiles (a glyph that hardly shows at 1 px/mm leaves the right one
    fourth or fifth there) ..."""
    pack_cube_fine_coarse_weight: float = 0.5
    """... picking by the fine score plus this times the tile's fit inset on the cube's face."""
    pack_cube_fine_same_turn: bool = True
    """With a pack: a cube top's candidate among several (``pack_cube_fine_coarse_weight``) counts
    its fine fit and its fit inset on the seat's bare face in the SAME quarter turn (its best such
    sum over the four): the tile lies on the cube in one turn. False: its best fine turn's fit plus
    its best inset fit in any turn, as before; a faint glyph's inset fit, a coin toss between the
    turns at 1 px/mm, then lent a candidate the fit of a turn the fine stage saw it was not in.
    Random printing 997628 (the lead's fresh printings; the dark blue tiles navy, a small black
    letter for a glyph: the amphora a "G", the pearl a "V"), table 520803: Blue's cube wearing the
    dark blue amphora turned 270, at about 0.8 px/mm; in that turn the amphora leads the pearl
    everywhere (fine 0.979 / 0.974, inset 0.611 / 0.605), but the pearl's inset fit turned 0
    (0.622; 0.687 turned 90 in the table's colours from two photos) was added to its fine fit
    turned 270, and the top was read the pearl from one photo and from two."""
    pack_cube_fine_turn_offsets: bool = True
    """With a pack: the fine stage compares each quarter turn of a cube top's candidate where that
    turn fits inset on the seat's bare face (one coarse search per turn). False: every turn at the
    offset of the candidate's best coarse turn, as before; a glyph lying off the tile's centre
    then sits a few mm off turned half round, and the fine stage read the coarse stage's turn
    back, surely. Whole taught game 72722 (printing 997398, 4 players, tilt 17.6, evening),
    changes 73-74: Purple's green amphora on E3 (turned 270; coarse 0.899 at 90 against 0.912 at
    270, the two picks flipping from frame to frame) read turned 90 with fine scores 0.990
    against 0.894; the tracker took it for a pivot nobody made and the game was lost."""
    pack_cube_fine_turn_search_mm: float = 6.0
    """With ``pack_cube_fine_turn_offsets``: each quarter turn's inset search on a cube's top
    window tries shifts up to this far (mm) each way, not the stack tops' whole search
    (``SEARCH_PX``, 7 mm: a stack's top also lies anywhere on its space). The cube's face lies
    within about 6 mm of its window's centre: the window is sampled at a middling stack's cube
    top, and a stack up to 6.25 mm higher or lower under a tilt up to 35 degrees moves the face
    up to 4.4 mm; the twin's cube stands up to 1.5 mm off its space's centre. A turn's search
    that lands on the outer ring has fitted the window's edge, not the tile: fresh taught game
    72789 (printing 998172, 2 players, tilt 30.9, evening), changes 172-176, Red's cube on A3
    wearing a dark blue pearl (a glyph off the tile's centre) beside a bright neighbour at the
    window's east edge: turned 180 the pearl's inset fit rose from 0.38-0.41 inside to 0.51-0.53
    on the ring at x = +7 mm (turned 0 its search landed there too), so those turns were
    compared 7 mm off the face (its rim puts it about (+1.5, -1) mm off), the others near it; change 173 (true turn 180) read 270 (0.953 at its
    place (0, +1) against 180's 0.927 at (+7, -2)); within 6 mm 180 fits 0.970 at (+3, -2), and
    every still 172-176 reads its true turn. 0: the whole search, as before."""
    pack_cube_fine_turn_every_place: bool = True
    """With ``pack_cube_fine_turn_offsets``: each quarter turn of a cube top's candidate is also
    compared (fine stage) at every place where the other turns' inset searches found that
    candidate, its best fit counting. Within ``pack_cube_fine_turn_search_mm`` a turn's search
    may still land a few mm off the face, and the fine stage's own search (1 mm each way,
    ``FINE_SEARCH_PX`` at 3 px/mm) does not reach back: seen game 72789 (printing 998172),
    changes 213-214, Red's dark blue pearl on C2 (turned 180): 180's search landed at (+5, -1) mm
    and fit 0.905 there, 90's at (+1, -1), where 180 fits 0.967 against 90's 0.942; the pearl
    was read 90 (0.23-0.31), and with this 180 (0.37-0.44). A turn is never compared at a worse
    place than before, and the candidates compared (hence the fine stage's mask) stay the same:
    72722's frame 518 (the turn-offsets case) reads as before. The turn tie is still measured at
    each turn's own place (``pack_cube_turn_tie_at_own_place``). False: each turn only at its
    own place, as before session 75."""
    pack_cube_turn_tie_at_own_place: bool = True
    """With ``pack_cube_fine_turn_every_place``: whether a cube top's four turns fit alike
    (``pack_cube_turn_tie``, ``pack_cube_turn_stands_out``, ``pack_cube_turn_pair_stands_out``)
    is judged on each turn's fine fit at its own place only, the fits those thresholds were set
    on, while every place still picks the turn and weighs its lead. The fit at the best of
    several places is the best of a wider search, and lifts a turn that does not fit by the
    search alone: random printing 997628, table 520803 (tests/vision/octocube/
    test_taught_cube_top_fine_same_turn.py), Blue's dark blue amphora (a faint "G" at about
    0.8 px/mm, true turn 270), each turn at its own place 0.971 / 0.935 / 0.972 / 0.979 (spread
    0.044, turn 90's search 4 mm off the others'), at every place 0.975 / 0.972 / 0.976 / 0.979
    (turn 0 gains 0.004 at a place 1 mm off its own): within the tie (0.02), the top was read
    with no turn. Both ways 270 fits best. Doubtful: at the face's place (+1, +1) mm alone the
    amphora's turns also lie within 0.008 (90: 0.972), so the spread kept here rests on turn
    90's inset search having landed off the face, i.e. on the coarse stage finding the glyph
    turned 90 fit the face worse than 4 mm off it (docs/teach.md, session 75, every75). False:
    the tie on the every-place fits (session 74's pivot74 run)."""
    pack_cube_coarse_turn_over_coin_toss: bool = True
    """With a pack: a cube top whose tile the fine stage reads as the coarse stage's best tile but
    in another quarter turn, its fine turn near a coin toss (its certainty alone, 0.5 + 0.5 *
    min(1, lead / ``pack_fine_lead_for_certainty``), under ``pack_cube_coin_toss_certainty``, and
    up to a half turn under ``pack_cube_coin_toss_axis_certainty``), while the coarse turn leads
    that tile's next best coarse turn by at least ``pack_cube_coarse_turn_clear_lead``, keeps the
    coarse turn, weighed as the coarse path weighs it (``pack_cube_turn_lead``; the tile's own
    certainty stays the fine stage's). A fine tie (``pack_cube_turn_tie``: no turn) stands.
    Fresh taught game 72839 (printing 998225, 4 players, tilt 27.2, evening), changes 162-165:
    Purple's cube at home (the frame's coarsest window, 0.81 x 0.67 px/mm), a dark blue sextant (a
    small four-point star) turned 270: coarse 0.958 at 270, 0.921 next (lead 0.037); fine 0.961 /
    0.960 at 180 / 0 and 0.901 at 270 (certainty 0.507, axis 0.61): read 180 and a false alarm
    (docs/teach.md, session 79, turn79: the sweep that set the thresholds; on 898 bench cubes the
    rule changes no reading). False: the fine turn, as before."""
    pack_cube_coin_toss_certainty: float = 0.55
    """``pack_cube_coarse_turn_over_coin_toss``: the fine turn's own certainty under which it is a
    coin toss. Tuning sweep (20 printings 998110-998129, 10 tables each from 571000, 205 tile tops):
    the fine turn replaced the coarse one 4 times, each right, at certainties 0.507-0.533, so this
    alone does not tell them from 72839's (0.507-0.509); ``pack_cube_coarse_turn_clear_lead`` does."""
    pack_cube_coin_toss_axis_certainty: float = 0.75
    """``pack_cube_coarse_turn_over_coin_toss``: the fine turn's own certainty up to a half turn
    (``TurnAlone``'s second) at or over which the coarse turn does not stand, however clearly it
    leads: the fine stage tells the turn's axis, and a glyph alike half round leaves the coarse
    stage's half no surer. Whole taught game 72713 (printing 997389), change 165
    (tests/vision/octocube/test_taught_cube_top_doubtful_turn.py): the light blue amphora, true
    turn 90, coarse 270 leading by 0.028, fine 90 at a turn certainty near 0.5 but an axis
    certainty of 1.0; without this the rule read it 270 again. 72839's home sextant: 0.61-0.62."""
    pack_cube_coarse_turn_clear_lead: float = 0.025
    """``pack_cube_coarse_turn_over_coin_toss``: the coarse turn's lead over the tile's next best
    coarse turn at which it is clear. Tuning sweep (as ``pack_cube_coin_toss_certainty``): the 4
    coarse turns the fine stage rightly replaced led by 0.001-0.015; 72839's right one by 0.037."""
    pack_fine_letters: bool = True
    """The fine stage reads an abyss tile's letter too (the older letter window at a lone tile's
    height is then not used)."""
    # frame sanity
    min_frame_mean: float = 8.0
    """Mean grey level below which a frame is 'black' (lens cap, camera not started)."""
    max_frame_mean: float = 250.0
    min_frame_std: float = 2.0
    """A frame with less contrast than this is flat (frozen, covered, overexposed)."""
    min_mat_level: float = 6.0
    """Darkest acceptable median mat level: below it the gains would amplify noise."""
    # occlusion
    skin_cr: tuple[float, float] = (136.0, 178.0)
    skin_cb: tuple[float, float] = (78.0, 128.0)
    skin_min_y: float = 45.0
    occluder_min_area_mm2: float = 2600.0
    """A skin-coloured blob this large over the play area is a hand (a coin tile, the largest
    skin-like art, is 1156 mm2)."""
    occluder_open_mm: float = 12.0
    """The skin mask is opened (at the detector's half size) with a square this wide (mm on the
    table; at least 3 px) before its blobs are measured: specks, lines and necks thinner than it
    go, a hand's fingers (15-20 mm) stay. Two skin-like tiles side by side on a scoring board,
    1-2 px apart at half size, join through a neck a few pixels thick where the line between
    them blurs: whole taught game 72718 (printing 997394 draws tiles in the coin's tan, 1470-1520
    mm2 each), changes 140-150, two tan tiles on Yellow's board joined into 2950-3033 mm2 in
    every still frame of six changes (3 px, 7.6 mm, then): each read as a hand, no scene was
    taken, Yellow's roll to A1 was never seen and the game was lost. Hands in that game's frames
    17000-37000 mm2 either way."""
    occluder_skips_found_cubes: bool = True
    """Skin-coloured pixels inside the outline of a cube the reader found are not counted towards
    a hand's blob. A cube's pale body and the tiles on it read as skin under warm light: taught
    game 72774 (printing 997976, 2 players, tilt 21.9, day), change 4's still (Yellow's cube put
    on A1 beside Red's on B1): the two cubes and a tan stack top joined into 3022 mm2, the
    scene was taken for a hand, never read, and the tracker had to explain three turns at once.
    A hand holding or touching a cube still shows its fingers and arm around it (17000-37000
    mm2 in the films). False: every skin-coloured pixel counts."""
    occluder_skips_board_tiles: bool = True
    """A skin-coloured blob that lies wholly inside a player board's tile area (its cells, not
    the board's rim) is tiles side by side, not a hand: a hand reaching a board comes in over its
    edge with its wrist. Taught game 72774 (printing 997976 draws tan tiles), changes 144-147:
    three tan tiles in a column of Yellow's board joined into 2681-2736 mm2 (over
    ``occluder_min_area_mm2``) in four still scenes in a row; none was read, the tracker met five
    moves at once and the game was lost from move 144. False: such blobs count."""

    pack_board_own_confidence: bool = True
    """A taught pack's board (and coin pile) reading is as sure as the pack's own reads of its spaces,
    not also floored by the built-in net's probabilities, which the pack's labels replace: the net
    never saw the printing, and its low probabilities (taught fresh game 72776, printing 998141: every
    board 0.06-0.25 while every tile on it was read right) made the tracker weigh a board that shows a
    scored tile arriving at a tenth, so "takes the cube home without collecting" against "collects a
    dark blue diamond" was asked. False: the net's probabilities floor it as before."""
    mat_foreign_fraction: float = 0.3
    """Share of one side's mat probes that may differ from the mat before the side counts as
    covered by something (a hand, a sleeve, a phone)."""
    mat_foreign_min_run: int = 3
    """A side counts as covered only where at least this many probes in a row (12 mm apart) are
    foreign: a sleeve or a hand is one solid run, while the shadows of a row of stacks under a
    low lamp darken every other probe (clean frames read as covered under tilt and a warm lamp)."""
    mat_foreign_chroma: float = 0.08
    """Chromaticity (b, g, r share) distance from the mat that makes a probe 'foreign'."""
    mat_dark_ratio: float = 0.4
    mat_bright_ratio: float = 2.6
    """Brightness range, relative to the mat's reference, of a probe that still shows the mat
    (lamp fall-off, glare and shadows stay inside it)."""

    def __post_init__(self) -> None:
        if self.threads < 1:
            raise RecognitionError("threads must be at least 1")
        if not 0 < self.min_cube_probability < 1:
            raise RecognitionError("min_cube_probability must be between 0 and 1")

    @classmethod
    def from_json_file(cls, path: str | Path) -> "RecogniserConfig":
        return load_settings(cls, path, RecognitionError, "recogniser config")
