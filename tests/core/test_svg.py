import math
import xml.etree.ElementTree as ET

import pytest

import lapilli
from lapilli.core import hexgrid as hx
from lapilli.core import svg
from lapilli.core.actions import Action


def test_escaping_keeps_markup_out_of_text_and_attributes():
    node = ET.fromstring(svg.text(1, 2, 'a<b & "c">', class_="x"))
    assert node.text == 'a<b & "c">'
    assert node.get("class") == "x"
    rect = ET.fromstring(svg.el("rect", data_action=3, title_="<&>", skip=None, no=False))
    assert rect.attrib == {"data-action": "3", "title": "<&>"}


def test_elements_nest_and_numbers_read_short():
    markup = svg.group(svg.el("circle", cx=1.25, cy=2.0, r=3), None, class_="g")
    assert markup == '<g class="g"><circle cx="1.2" cy="2" r="3"/></g>'
    assert svg.pts([(0, 0.5), (10.0, 3)]) == "0,0.5 10,3"


def test_hex_centres_follow_the_axial_directions():
    size = 10.0
    c = svg.hex_center((0, 0), size)
    for d, step in enumerate(hx.DIRECTIONS):
        x, y = svg.hex_center(step, size)
        ux, uy = svg.direction_vector(d)
        dist = math.hypot(x - c[0], y - c[1])
        assert dist == pytest.approx(size * math.sqrt(3))
        assert (x - c[0]) / dist == pytest.approx(ux)
        assert (y - c[1]) / dist == pytest.approx(uy)


def test_an_edge_lies_between_its_two_corners_facing_its_neighbour():
    size = 10.0
    corners = svg.hex_corners((0, 0), size)
    for d, step in enumerate(hx.DIRECTIONS):
        a, b = (corners[k] for k in svg.edge_corners(d))
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        neighbour = svg.hex_center(step, size)
        # the middle of the edge is halfway to the neighbour's centre
        assert middle[0] == pytest.approx(neighbour[0] / 2)
        assert middle[1] == pytest.approx(neighbour[1] / 2)


def test_contrast_follows_wcag():
    assert svg.contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert svg.contrast("#777777", "#777777") == pytest.approx(1.0)
    # the classic example: #767676 on white is just above 4.5:1
    assert 4.5 < svg.contrast("#767676", "#ffffff") < 4.6


def test_ink_always_reaches_aa_contrast():
    steps = range(0, 256, 17)
    for r in steps:
        for g in steps:
            for b in steps:
                background = f"#{r:02x}{g:02x}{b:02x}"
                assert svg.contrast(svg.ink(background), background) >= 4.5, background


def test_targets_mark_legal_actions_with_their_indexes_and_labels():
    legal = [
        Action("place", tile="a1"),
        Action("place", tile="b2"),
        Action("done"),
        Action("use", card="rope", who=1),
        Action("use", card="rope", who=2),
    ]
    labels = ["place on a1", "place on b2", "done", "rope with 1", "rope with 2"]
    t = svg.Targets(legal, labels)
    assert t.find("place", tile="b2") == [1]
    assert t.find(("place", "done")) == [0, 1, 2]
    assert t.find("use", card="rope") == [3, 4]
    assert t.wrap("<rect/>", []) == "<rect/>"
    one = ET.fromstring(t.wrap("<rect/>", [1], outline='<rect x="0" y="0" width="5" height="5"/>'))
    assert one.get("class") == "target" and one.get("data-action") == "1"
    assert one.get("data-actions") is None
    assert one.find("title").text == "place on b2"
    shapes = [node.get("class") for node in one.findall("rect")]
    assert shapes == [None, "hit", "halo", "hl"]
    several = ET.fromstring(t.wrap("<circle/>", [3, 4]))
    assert several.get("data-actions") == "3 4" and several.get("data-action") is None
    assert several.find("title").text == "rope with 1\nrope with 2"
    assert t.used == {1, 3, 4}


def test_a_document_is_one_svg_with_its_style():
    root = ET.fromstring(svg.document(200, 100.5, "<rect/>", label="a board"))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 200 100.5"
    assert root.get("aria-label") == "a board"
    assert "script" not in svg.STYLE


def test_each_game_with_a_drawing_is_found_by_its_package():
    for game_id in ("volcanique", "foggy_island", "fuji"):
        draw = lapilli.load_game(game_id).parts.draw
        assert draw is not None and draw.__module__ == f"lapilli.games.{game_id}.drawing"


def test_a_long_status_line_is_shortened_at_a_word_and_kept_whole_in_its_tooltip():
    line = "Eras · turn 3 · Blue: " + "bid for the face-up card or offer an exchange " * 4
    drawn = svg.status_line(14, 28, line, width=400)
    shown = drawn.split("<text")[1].split(">", 1)[1].split("</text>")[0]
    assert shown.endswith("…") and len(shown) <= 400 / (16 * svg.BOLD_CHAR)
    assert line.startswith(shown[:-1]) and f"<title>{line}</title>" in drawn
    assert svg.status_line(14, 28, "Eras · turn 3", width=400).count("<title>") == 0
    # the page finds the line, whole, to show it as text where the board has no room
    assert 'class="status-line"' in drawn and f'data-text="{line}"' in drawn


def test_a_stack_lays_each_piece_under_the_last_and_frames_them_once_its_height_is_known():
    column = svg.Stack(10, 40)
    column.add(svg.label(column.x, column.y + 14, "The table"), height=30)
    column.gap(6)
    panel = column.below()
    assert (panel.x, panel.top) == (10, 76)
    panel.add(svg.label(panel.x + 10, panel.y + 12, "tokens"), height=20)
    panel.add(svg.label(panel.x + 10, panel.y + 12, "hand"), height=20)
    frame = svg.el("rect", x=panel.x, y=panel.top, height=panel.height)
    column.add(panel.markup(frame), height=panel.height + 8)
    assert column.y == 76 + 40 + 8 and column.height == 84
    drawn = ET.fromstring(svg.group(*column.parts))
    heading, box = list(drawn)
    assert heading.get("y") == "54"
    assert [node.tag for node in box] == ["rect", "text", "text"]  # the frame behind
    assert box[0].get("height") == "40"
    assert [node.get("y") for node in box.iter("text")] == ["88", "108"]


def test_a_chip_letters_its_piece_in_the_ink_that_reads_on_its_colour():
    def letter(drawn: str):
        return ET.fromstring(drawn).find("text")

    circle = svg.el("circle", cx=5, cy=5, r=8, fill="#f2c418")
    light = svg.chip(circle, "#f2c418", "Y", (5, 9), 10, tip="Yellow's cone")
    assert letter(light).get("fill") == svg.INK_DARK and letter(light).text == "Y"
    assert letter(light).get("text-anchor") == "middle"
    assert ET.fromstring(light).find("title").text == "Yellow's cone"
    dark = svg.chip(circle, "#1e63c9", 2, (5, 9), 10, centred=False, over=["<circle/>"])
    assert letter(dark).get("fill") == svg.INK_LIGHT and letter(dark).get("text-anchor") is None
    assert ET.fromstring(dark).find("title") is None
    assert [node.tag for node in ET.fromstring(dark)] == ["circle", "text", "circle"]


def test_the_status_line_says_who_decides_what_from_the_pending_decision():
    names = ["Red", "Blue"].__getitem__
    bid = {"name": "bid", "seat": 1, "prompt": "Bidding: bid for the face-up card"}
    assert svg.deciding(bid, names) == "Blue: Bidding: bid for the face-up card"
    assert svg.deciding({**bid, "prompt": ""}, names) == "Blue: bid"
    assert svg.deciding({**bid, "seat": None}, names) is None  # a roll or a draw
    assert svg.deciding(None, names) is None  # the game is over
    assert svg.joined("Eras · turn 3", None, "", "Blue wins") == "Eras · turn 3 · Blue wins"


def test_a_document_lays_its_body_on_the_paper():
    root = ET.fromstring(svg.document(200, 100, "<circle/>"))
    paper, body = list(root)[1:]
    assert paper.get("fill") == svg.PAPER and paper.get("width") == "200"
    assert body.tag.endswith("circle")


@pytest.mark.parametrize("name", sorted(svg.SEAT_PALETTE))
def test_every_seat_colour_stands_out_on_the_boards_and_takes_a_readable_letter(name):
    paint = svg.SEAT_PALETTE[name]
    # WCAG 1.4.11: a piece or a panel's edge at least 3:1 against what it lies on
    assert svg.contrast(paint, svg.PAPER) >= 3.0
    assert svg.contrast(paint, svg.PANEL) >= 3.0
    # and the seat's letter on it (a chip's lettering) at least 4.5:1
    assert svg.contrast(svg.ink(paint), paint) >= 4.5
    assert svg.seat_colour(name.title()) == paint
